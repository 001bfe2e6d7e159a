"""How a four-card game proceeds: the deal, the mutable work copy that one ``apply``
runs on (:class:`Engine`), and the scoring.

``QuatreState.apply`` copies its fields into an :class:`Engine`, lets it play the move
(chains, gifts, refills, lays into a dead centre, players going out, the end) and
builds the next frozen state from it.  Nothing here knows the state class: the engine
reads any object with the state's fields and hands its own to a constructor.

>>> from cau_rules.cards import SPANISH_40, cards_text
>>> from cau_rules.quatre.engine import deal
>>> from cau_rules.quatre.rules import QUATRE
>>> fields = deal(QUATRE, 2, 0, SPANISH_40.cards)
>>> cards_text(fields["table"]), fields["phase"], len(fields["stock"])
('1o 2o 3o 4o', 'turn', 28)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from cau_rules.cards import Card
from cau_rules.frozen import builder
from cau_rules.outcome import GameEnded, Outcome, Termination
from cau_rules.quatre import events as ev
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Play, QuatreMove
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, Position, QuatreChain, next_active

__all__ = ["Engine", "Position", "deal", "outcome_of", "winners"]

T = TypeVar("T")


def deal(rules: QuatreRules, players: int, seed: int, order: Sequence[Card] | None) -> dict[str, Any]:
    """The fields of a new game: *order* (top first; a seeded shuffle when None) dealt.

    The deck is shuffled from *seed* alone (D-DEAL-1: ``random.Random`` seeded with the
    string ``"{seed}:0:0:shuffle"``).  The table cards are laid first (repeated ranks
    stay), then each player gets ``hand_size`` cards, one at a time from seat 0; the
    dealer is the last seat.

    >>> from cau_rules.quatre.rules import QUATRE
    >>> deal(QUATRE, 3, 5, None)["events"][0].counts
    (4, 4, 4)
    """
    if order is None:
        order = rules.deck.shuffled(random.Random(f"{seed}:0:0:shuffle"))
    cards = tuple(order)
    table = cards[: rules.table_size]
    dealt = cards[rules.table_size: rules.table_size + players * rules.hand_size]
    holdings = tuple(dealt[seat::players] for seat in range(players))
    return {
        "rules": rules, "players": players, "seed": seed, "phase": "turn", "to_play": 0, "starter": 0,
        "stock": cards[rules.table_size + players * rules.hand_size:], "table": table, "holdings": holdings,
        "chain": None, "gift": None, "lay": None, "known": ((),) * players, "private": (), "out": (),
        "passes": 0, "turns_after_stock": 0, "termination": None,
        "events": (ev.Dealt(players - 1, table, tuple(len(h) for h in holdings)),),
    }


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the best score (ties share).

    >>> winners((3, 5, 5))
    (1, 2)
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def outcome_of(holdings: Sequence[Sequence[Card]], termination: Termination) -> Outcome:
    """The result of a finished game: scores are the cards each seat holds; the most
    cards wins and ties share (the last player holding cards is then the only one with
    any: every card).

    >>> from cau_rules.cards import parse_cards
    >>> print(outcome_of((parse_cards("1o 2o"), ()), Termination.LAST_HOLDER))
    seat 0 wins as the last player holding cards; scores: seat 0: 2, seat 1: 0
    """
    scores = tuple(len(holding) for holding in holdings)
    return Outcome(winners(scores), scores, termination)


class Engine:
    """The mutable scratch copy of a position that one ``apply`` works on.

    >>> from cau_rules.quatre.rules import QUATRE
    >>> class Fields:  # any object with a position's fields
    ...     pass
    >>> start = Fields()
    >>> start.__dict__.update(deal(QUATRE, 2, 5, None))
    >>> work = Engine(start)
    >>> work.apply(Draw())
    >>> [str(event) for event in work.events], work.to_play
    (['seat 0 draws 1c'], 1)
    """

    __slots__ = (
        "chain",
        "events",
        "gift",
        "holdings",
        "known",
        "lay",
        "n",
        "out",
        "passes",
        "phase",
        "private",
        "rules",
        "seed",
        "starter",
        "stock",
        "table",
        "termination",
        "to_play",
        "turns_after_stock",
    )

    def __init__(self, state: Position) -> None:
        self.rules = state.rules
        self.n = state.players
        self.seed = state.seed
        self.phase: Phase = state.phase
        self.to_play = state.to_play
        self.starter = state.starter
        self.stock = state.stock
        self.table = list(state.table)
        self.holdings = list(state.holdings)
        self.chain = state.chain
        self.gift = state.gift
        self.lay = state.lay
        self.known = list(state.known)
        self.private = state.private
        self.out = state.out
        self.passes = state.passes
        self.turns_after_stock = state.turns_after_stock
        self.termination = state.termination
        self.events: list[ev.QuatreEvent] = []

    def freeze(self, make: type[T]) -> T:
        """The position as it is now, an instance of *make* (the state class) with every
        field set as its keyword constructor would, by its :func:`~cau_rules.frozen.builder`
        (the hot path of ``apply``)."""
        return builder(make)(
            self.rules, self.n, self.seed, self.phase, self.to_play, self.starter, self.stock, tuple(self.table),
            tuple(self.holdings), self.chain, self.gift, self.lay, tuple(self.known), self.private, self.out,
            self.passes, self.turns_after_stock, self.termination, tuple(self.events),
        )

    # -- moves ---------------------------------------------------------------------

    def apply(self, move: QuatreMove) -> None:
        """Play *move* (already known to be legal) for the seat to play."""
        seat = self.to_play
        if isinstance(move, Play):
            self.take_from(seat, move.card)
            self.table.remove(move.target)
            self.chain = QuatreChain(move.target, ((seat, move.card),))
            self.events.append(ev.Played(seat, move.card, move.target))
            self.follow_chain()
        elif isinstance(move, Add):
            assert self.chain is not None
            self.take_from(seat, move.card)
            self.chain = QuatreChain(self.chain.target, (*self.chain.cards, (seat, move.card)))
            self.events.append(ev.Added(seat, move.card, self.chain.level))
            self.follow_chain()
        elif isinstance(move, Give):
            gift = self.gift
            assert gift is not None
            self.forget_giver(seat, gift.receiver)
            self.take_from(seat, move.card)
            self.holdings[gift.receiver] = (*self.holdings[gift.receiver], move.card)
            self.private = (*self.private, (seat, gift.receiver, move.card))
            self.events.append(ev.Gave(seat, gift.receiver, move.card))
            if gift.owed > 1:
                self.gift = PendingGift(gift.giver, gift.receiver, gift.owed - 1, gift.level)
            else:
                self.gift = None
                self.end_turn()
        elif isinstance(move, Draw):
            card = self.stock[0]
            self.stock = self.stock[1:]
            self.holdings[seat] = (*self.holdings[seat], card)
            self.events.append(ev.Drew(seat, card))
            self.end_turn(drew=True)
        elif isinstance(move, Lay):
            lay = self.lay
            assert lay is not None
            self.take_from(seat, move.card)
            self.table.append(move.card)
            self.events.append(ev.Laid(seat, move.card))
            if lay.owed > 1:
                self.lay = PendingLay(lay.owed - 1, move.card)
            else:
                self.lay = None
                self.end_turn()
        else:
            self.passes += 1
            self.events.append(ev.Passed(seat, self.passes))
            self.next_turn(seat, dry=True)

    def take_from(self, seat: int, card: Card) -> None:
        """Remove *card* from *seat*'s holding, and from what is known of it."""
        holding = self.holdings[seat]
        index = holding.index(card)
        self.holdings[seat] = holding[:index] + holding[index + 1:]
        if card in self.known[seat]:
            self.known[seat] = tuple(c for c in self.known[seat] if c is not card)
        self.private = tuple(entry for entry in self.private if entry[2] is not card)

    def forget_giver(self, giver: int, receiver: int) -> None:
        """*giver* gives *receiver* a card (D-FOUR-3): the seats that do not see the gift
        can no longer tell which of the giver's cards are still there, so they forget
        all of them; the receiver, who sees which card goes, still knows the rest of the
        giver's cards that were known to all (or that it knew already)."""
        kept = tuple((receiver, giver, card) for card in self.known[giver])
        self.known[giver] = ()
        self.private = (
            *(entry for entry in self.private if entry[1] != giver or entry[0] == receiver),
            *kept,
        )

    def follow_chain(self) -> None:
        """The next player in turn must add if it holds the rank (up to Sant Vicent);
        otherwise the chain ends: the last caller takes it and that player owes gifts."""
        chain = self.chain
        assert chain is not None
        caller = chain.caller
        nxt = next_active(caller, self.n, self.out)
        if chain.level < MAX_CHAIN and any(card.rank == chain.rank for card in self.holdings[nxt]):
            self.phase = "chain"
            self.to_play = nxt
            return
        taken = chain.all_cards
        self.chain = None
        self.holdings[caller] = (*self.holdings[caller], *taken)
        self.known[caller] = (*self.known[caller], *taken)
        owed = min(chain.level, len(self.holdings[nxt]))
        self.events.append(ev.ChainTaken(caller, taken, chain.level, nxt, owed))
        if owed:
            self.phase = "gift"
            self.gift = PendingGift(nxt, caller, owed, chain.level)
            self.to_play = nxt
        else:
            self.end_turn()

    def end_turn(self, *, drew: bool = False) -> None:
        """Refill holdings from the turn's starter, lay an empty table again, put out
        the players left with nothing, then end the game or pass the turn on.

        The stock changes during a turn only by a draw (which ends it) and here, so
        the turn was played with an empty stock when the stock is empty now and the
        turn was not a draw."""
        dry = not self.stock and not drew
        n = self.n
        starter = self.starter
        self.passes = 0
        size = self.rules.hand_size
        for step in range(n):
            seat = (starter + step) % n
            need = size - len(self.holdings[seat])
            if seat in self.out or need <= 0 or not self.stock:
                continue
            drawn = self.stock[:need]
            self.stock = self.stock[len(drawn):]
            self.holdings[seat] = (*self.holdings[seat], *drawn)
            self.events.append(ev.Refilled(seat, len(drawn), drawn))
        if not self.table and self.stock:
            laid = self.stock[: self.rules.table_size]
            self.stock = self.stock[len(laid):]
            self.table = list(laid)
            self.events.append(ev.TableRefilled(laid))
        if not self.stock:
            for step in range(n):
                seat = (starter + step) % n
                if seat not in self.out and not self.holdings[seat]:
                    self.out = (*self.out, seat)
                    self.events.append(ev.Out(seat))
        active = n - len(self.out)
        assert active >= 1, "every holding is empty, but the table cannot hold the whole deck"
        if active == 1:
            winner = next(seat for seat in range(n) if seat not in self.out)
            if self.table:  # D-FOUR-5: the winner takes what is left and holds every card
                left = tuple(self.table)
                self.table = []
                self.holdings[winner] = (*self.holdings[winner], *left)
                self.known[winner] = (*self.known[winner], *left)
                self.events.append(ev.CentreTaken(winner, left))
            self.starter = winner
            self.finish(Termination.LAST_HOLDER)
            return
        self.next_turn(starter, dry=dry)

    def next_turn(self, seat: int, *, dry: bool) -> None:
        """The turn of *seat* is over: count it if it was played with an empty stock
        (the safety bound may end the game), then give the next seat in the game its
        turn, or its lay when the stock is empty and the centre is dead (D-FOUR-5):
        empty, or every seat still in the game has passed in a row."""
        if dry:
            self.turns_after_stock += 1
            if self.turns_after_stock >= self.rules.max_turns_after_stock:
                self.finish(Termination.SAFETY_BOUND)
                return
        nxt = next_active(seat, self.n, self.out)
        self.to_play = self.starter = nxt
        if not self.stock and (not self.table or self.passes >= self.n - len(self.out)):
            owed = min(self.rules.table_size, len(self.holdings[nxt]))
            assert owed > 0, "a seat in the game holds cards once the stock is empty"
            self.events.append(ev.LayDue(nxt, owed, not self.table))
            self.phase = "lay"
            self.lay = PendingLay(owed, None)
            self.passes = 0
        else:
            self.phase = "turn"

    def finish(self, termination: Termination) -> None:
        """End the game: no zone is pending any more, and the last event is the outcome."""
        self.phase = "over"
        self.to_play = self.starter
        self.termination = termination
        self.chain = None
        self.gift = None
        self.lay = None
        self.events.append(GameEnded(outcome_of(self.holdings, termination)))
