"""The work copy that plays a *Cacho* move: dealing, betting, showdowns and the score.

:class:`Engine` is a mutable copy of a position's fields.  ``apply`` checks a move, copies
the position into an engine, lets it :meth:`~Engine.act`, and freezes the result into the
next state; a new session starts an engine on a blank position and deals its first hand
(:meth:`~Engine.start_hand`).  Nothing here checks legality: the caller does (see
:mod:`cau_rules.cacho.legal`).

Every shuffle derives from the seed by string seeding (RULES D-DEAL-1), so a session
replays exactly under any ``PYTHONHASHSEED``:

>>> from cau_rules.cacho.engine import shuffled_deck
>>> shuffled_deck(7, 0, 0)[:3] == shuffled_deck(7, 0, 0)[:3] != shuffled_deck(8, 0, 0)[:3]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from cau_rules.cacho import events as ev
from cau_rules.cacho.hands import HandValue, best_seats, evaluate
from cau_rules.cacho.legal import bettors, round_3_skipped
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position, cycle_after, pots
from cau_rules.cards import CACHO_24, Card
from cau_rules.frozen import builder
from cau_rules.outcome import Outcome, Termination

__all__ = ["Engine", "event_of", "outcome_of", "session_outcome", "shuffled_deck"]

S = TypeVar("S")


def shuffled_deck(seed: int, hand: int, redeal: int, purpose: str = "shuffle") -> tuple[Card, ...]:
    """The deck order of a hand (index 0 the top), drawn from
    ``random.Random(f"{seed}:{hand}:{redeal}:{purpose}")`` (D-DEAL-1)."""
    return CACHO_24.shuffled(random.Random(f"{seed}:{hand}:{redeal}:{purpose}"))


def session_outcome(stacks: Sequence[int], termination: Termination, hands_played: int) -> Outcome:
    """The result of a finished session: the seats with the most counters win (ties share)
    and the scores are the counters.

    >>> print(session_outcome((25, 15), Termination.MAX_HANDS, 1))
    seat 0 wins the session after 1 hand, with the most counters; scores: seat 0: 25, seat 1: 15
    """
    best = max(stacks)
    winners = tuple(seat for seat, stack in enumerate(stacks) if stack == best)
    return Outcome(winners, tuple(stacks), termination, hands_played=hands_played)


def outcome_of(position: Position) -> Outcome | None:
    """The result of *position* once its session is over, else None."""
    if position.termination is None:
        return None
    return session_outcome(position.stacks, position.termination, position.hand + 1)


def _session_ended(stacks: tuple[int, ...], termination: Termination, hands_played: int) -> ev.GameEnded:
    return ev.GameEnded(session_outcome(stacks, termination, hands_played))


_new = object.__new__
_EVENTS: dict[tuple[object, ...], ev.CachoEvent] = {}
_EVENTS_KEPT = 8192
"""How many interned events :func:`event_of` keeps before it starts afresh: a hand's moves
repeat from session to session, but its closing stacks rarely do at a big table, and a
long-running server should not hold tens of thousands of them."""


def event_of(kind: Callable[..., ev.CachoEvent], *fields: object) -> ev.CachoEvent:
    """The interned event ``kind(*fields)``: events are immutable values, so one object
    serves every game.

    >>> from cau_rules.cacho.events import Passed
    >>> event_of(Passed, 1, 2) is event_of(Passed, 1, 2) == Passed(seat=1, round=2)
    True
    """
    key = (kind, *fields)
    event = _EVENTS.get(key)
    if event is None:
        if len(_EVENTS) > _EVENTS_KEPT:
            _EVENTS.clear()
        event = _EVENTS[key] = kind(*fields)
    return event


_VALUES: dict[tuple[tuple[Card, ...], int, bool], HandValue] = {}


def _value(holding: tuple[Card, ...], rules: CachoRules) -> HandValue:
    """``evaluate(holding, rules)``, remembered (a showdown's holdings are valid cards)."""
    key = (holding, rules.flush_bonus, rules.high_card_kickers)
    value = _VALUES.get(key)
    if value is None:
        if len(_VALUES) > 50_000:
            _VALUES.clear()
        value = _VALUES[key] = evaluate(holding, rules)
    return value


_ORDERS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The eldest order by dealer and the flags of the seats dealt in."""


class Engine:
    """A mutable copy of a position while a move is carried out; :meth:`freeze` makes the
    next frozen state.

    >>> from cau_rules.cacho import CACHO, CachoState
    >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
    >>> work = Engine(state)
    >>> work.act(Bet(1))
    >>> work.stacks, work.to_play, [str(event) for event in work.events]
    ([4, 5], 1, ['seat 0 bets 1'])
    """

    __slots__ = (
        "contributions", "dealer", "dealt_in", "decks", "events", "folded", "hand", "holdings", "players",
        "redeal", "round", "round_bets", "rules", "seed", "source", "stacks", "stock", "termination", "to_act",
        "to_play",
    )

    def __init__(self, position: Position) -> None:
        self.source: Position | None = position
        self.rules = position.rules
        self.seed = position.seed
        self.decks = position.decks
        self.hand = position.hand
        self.redeal = position.redeal
        self.dealer = position.dealer
        self.round = position.round
        self.stacks = list(position.stacks)
        self.contributions = list(position.contributions)
        self.round_bets = list(position.round_bets)
        self.holdings = list(position.holdings)  # tuples: a deal replaces a seat's tuple
        self.stock = position.stock
        self.dealt_in = list(position.dealt_in)
        self.folded = list(position.folded)
        self.to_act = list(position.to_act)
        self.to_play = position.to_play
        self.termination = position.termination
        self.events: list[ev.CachoEvent] = []
        self.players = len(self.stacks)

    @classmethod
    def blank(cls, rules: CachoRules, players: int, seed: int, decks: tuple[tuple[Card, ...], ...]) -> Engine:
        """A session before its first deal (every stack full, the last seat to deal), from
        arguments already checked; :meth:`start_hand` deals it.  ``new_game`` builds the same
        first state directly (:func:`cau_rules.cacho.direct.opened`); this is the reference
        the tests hold it to.

        >>> from cau_rules.cacho import CACHO
        >>> work = Engine.blank(CACHO, 3, seed=5, decks=())
        >>> work.start_hand()
        >>> work.dealer, work.to_play, [len(holding) for holding in work.holdings]
        (2, 0, [1, 1, 1])
        """
        work = _new(cls)
        work.source = None
        work.rules = rules
        work.seed = seed
        work.decks = decks
        work.hand = work.redeal = 0
        work.dealer = players - 1
        work.round = 1
        work.stacks = [rules.stack] * players
        work.contributions = [0] * players
        work.round_bets = [0] * players
        work.holdings = [()] * players
        work.stock = ()
        work.dealt_in = [True] * players
        work.folded = [False] * players
        work.to_act = [False] * players
        work.to_play = 0
        work.termination = None
        work.events = []
        work.players = players
        return work

    def freeze(self, make: type[S]) -> S:
        """The position now, an instance of *make* (the state class) with every field set
        as its keyword constructor would, by its :func:`~cau_rules.frozen.builder` (the hot path
        of every ``apply``).  Zones the move left unchanged stay shared with the previous state."""
        zones: tuple[object, ...] = (
            tuple(self.stacks), tuple(self.contributions), tuple(self.round_bets), tuple(self.holdings),
            tuple(self.dealt_in), tuple(self.folded), tuple(self.to_act),
        )
        source = self.source
        if source is not None:  # the zones the move left unchanged stay shared with the previous state
            before = (source.stacks, source.contributions, source.round_bets, source.holdings, source.dealt_in,
                      source.folded, source.to_act)
            zones = tuple([old if new == old else new for new, old in zip(zones, before, strict=True)])
        stacks, contributions, round_bets, holdings, dealt_in, folded, to_act = zones
        return builder(make)(
            self.rules, self.seed, self.decks, self.hand, self.redeal, self.dealer, self.round, stacks, contributions,
            round_bets, holdings, self.stock, dealt_in, folded, to_act, self.to_play, self.termination,
            tuple(self.events),
        )

    # seats

    def active(self, seat: int) -> bool:
        """Whether *seat* is dealt in and has not folded."""
        return self.dealt_in[seat] and not self.folded[seat]

    def order(self) -> tuple[int, ...]:
        """The seats dealt in, eldest hand first."""
        key = (self.dealer, *self.dealt_in)
        order = _ORDERS.get(key)
        if order is None:
            dealt_in = self.dealt_in
            if len(_ORDERS) > 10_000:
                _ORDERS.clear()
            order = _ORDERS[key] = tuple(seat for seat in cycle_after(self.dealer, self.players) if dealt_in[seat])
        return order

    # hands and rounds

    def start_hand(self) -> None:
        """Deal hand ``self.hand``: from ``decks[hand]`` if supplied, else from the seed."""
        if self.hand < len(self.decks):
            deck = self.decks[self.hand]
        else:
            deck = shuffled_deck(self.seed, self.hand, self.redeal)
        self.stock = deck
        self.dealt_in = [stack > 0 for stack in self.stacks]
        self.folded = [False] * self.players
        self.holdings = [()] * self.players
        self.contributions = [0] * self.players
        self.round_bets = [0] * self.players
        self.round = 1
        order = self.order()
        self.events.append(event_of(ev.HandStarted, self.hand, self.dealer, order[0], self.redeal, order))
        self.deal()
        self.start_round()

    def deal(self) -> None:
        """One card to each active seat, eldest first, from the top of the stock."""
        folded = self.folded
        seats = tuple(seat for seat in self.order() if not folded[seat])
        holdings, stock = self.holdings, self.stock
        for index, seat in enumerate(seats):
            holdings[seat] = (*holdings[seat], stock[index])
        self.stock = stock[len(seats):]
        self.events.append(event_of(ev.Dealt, self.round, seats))

    def start_round(self) -> None:
        """Open the betting of ``self.round`` (or go to the showdown if nobody can bet)."""
        self.round_bets = [0] * self.players
        self.to_act = bettors(self.dealt_in, self.folded, self.stacks, self.round)
        if self.round == 3:
            active = [seat for seat in range(self.players) if self.active(seat)]
            if round_3_skipped(self.rules, self.stacks, active, self.to_act):
                # Nobody can bet: round 3 has no betting and the hand goes to the showdown.
                self.to_act = [False] * self.players
                self.showdown()
                return
        self.to_play = next(seat for seat in self.order() if self.to_act[seat])

    def act(self, move: CachoMove) -> None:
        """The seat to play makes *move* (already checked to be legal)."""
        seat, rnd = self.to_play, self.round
        kind = type(move)
        if kind is Pass:
            self.events.append(event_of(ev.Passed, seat, rnd))
        elif kind is Call:
            round_bets, stacks = self.round_bets, self.stacks
            amount = min(max(round_bets) - round_bets[seat], stacks[seat])
            stacks[seat] -= amount
            self.contributions[seat] += amount
            round_bets[seat] += amount
            self.events.append(event_of(ev.Called, seat, rnd, amount, stacks[seat] == 0))
        elif kind is Bet:
            assert isinstance(move, Bet)
            amount = move.amount
            self.put_in(seat, amount)
            self.reopen(seat)
            self.events.append(event_of(ev.BetPlaced, seat, rnd, amount))
        elif kind is Fold:
            self.folded[seat] = True
            self.events.append(event_of(ev.Folded, seat, rnd))
        else:
            assert isinstance(move, Raise)
            amount = move.to - self.round_bets[seat]
            self.put_in(seat, amount)
            self.reopen(seat)
            self.events.append(event_of(ev.Raised, seat, rnd, move.to, amount))
        self.to_act[seat] = False
        self.after_action(seat)

    def put_in(self, seat: int, amount: int) -> None:
        """Move *amount* counters from *seat*'s stack into the pot."""
        self.stacks[seat] -= amount
        self.contributions[seat] += amount
        self.round_bets[seat] += amount

    def reopen(self, seat: int) -> None:
        """After a bet or raise every other active player must answer it."""
        self.to_act = bettors(self.dealt_in, self.folded, self.stacks, self.round, besides=seat)

    def after_action(self, seat: int) -> None:
        """Pass the turn on, or end the round (or the hand, when one player is left)."""
        dealt_in, folded, to_act = self.dealt_in, self.folded, self.to_act
        if folded[seat]:
            active = [other for other in range(self.players) if dealt_in[other] and not folded[other]]
            if len(active) == 1:
                self.win_unshown(active[0])
                return
        for other in cycle_after(seat, self.players):
            if to_act[other]:
                self.to_play = other
                return
        self.end_round()

    def end_round(self) -> None:
        """Void the hand (all passed in round 1), deal the next card, or show down."""
        if self.round == 1 and not any(self.round_bets):
            self.events.append(event_of(ev.HandVoid, self.hand, self.dealer))
            self.finish_hand(void=True)
        elif self.round < 3:
            self.round += 1
            self.deal()
            self.start_round()
        else:
            self.showdown()

    def win_unshown(self, winner: int) -> None:
        """The last player in takes the pot without showing (D-CACHO-4)."""
        amount = sum(self.contributions)
        self.stacks[winner] += amount
        self.events.append(event_of(ev.PotWon, winner, 0, amount, False))
        self.finish_hand(void=False)

    def showdown(self) -> None:
        """The active players show; each pot goes to the best hand that can win it."""
        order = self.order()
        contenders = [seat for seat in order if self.active(seat)]
        rules = self.rules
        values = {seat: _value(self.holdings[seat], rules) for seat in contenders}
        self.events.append(ev.Showdown(
            hands=tuple((seat, tuple(self.holdings[seat])) for seat in contenders),
            values=tuple(values[seat] for seat in contenders),
        ))
        ranking = best_seats(values, order)
        for index, pot in enumerate(pots(self.contributions, contenders)):
            winner = next(seat for seat in ranking if seat in pot.seats)
            self.stacks[winner] += pot.amount
            self.events.append(event_of(ev.PotWon, winner, index, pot.amount, True))
        self.finish_hand(void=False)

    def finish_hand(self, void: bool) -> None:
        """Close the hand; end the session or deal the next hand."""
        self.contributions = [0] * self.players
        self.round_bets = [0] * self.players
        self.to_act = [False] * self.players
        self.events.append(event_of(ev.HandEnded, self.hand, tuple(self.stacks)))
        holders = [seat for seat in range(self.players) if self.stacks[seat] > 0]
        if len(holders) == 1:
            self.end_session(Termination.ALL_COUNTERS)
            return
        if self.hand + 1 >= self.rules.max_hands:
            self.end_session(Termination.MAX_HANDS)
            return
        self.hand += 1
        if void:
            self.redeal += 1
        else:
            self.redeal = 0
            after = cycle_after(self.dealer, self.players)
            self.dealer = next(seat for seat in after if self.stacks[seat] > 0)
        self.start_hand()

    def end_session(self, termination: Termination) -> None:
        """The session is over: nobody is to play, and the last event is the outcome."""
        self.termination = termination
        self.to_play = -1
        self.events.append(event_of(_session_ended, tuple(self.stacks), termination, self.hand + 1))
