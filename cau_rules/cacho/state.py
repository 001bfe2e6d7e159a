"""The state of a *Cacho* session: hands, betting rounds, showdowns (decisions D-CACHO).

A :class:`CachoState` is frozen; :meth:`CachoState.apply` returns a new state and the
events of the move.  A session starts with :func:`new_cacho_game` and plays hands until
one player holds every counter or ``max_hands`` hands (void ones included) were played.

Betting, in short: rounds 1 and 2 come after the first and second card and have a fixed
bet (1, then 2) and no raises; round 3 comes after the third card, with any bet or raise
up to the *resto*.  The players still in after round 3 show their cards and the best hand
takes the pot (the eldest hand wins ties).

:meth:`CachoState.legal_moves` lists each kind of move once, with its **smallest**
amount (``Bet(1)``, ``Raise(3)``); :meth:`CachoState.bet_range` and
:meth:`CachoState.raise_range` give the whole range, :meth:`CachoState.expanded_moves`
lists every amount, and :meth:`CachoState.apply` accepts any amount in range.

>>> from cau_rules.cacho import CACHO, new_cacho_game
>>> state = new_cacho_game(CACHO, players=2, seed=7)
>>> state.round, state.to_play, [str(move) for move in state.legal_moves()]
(1, 0, ['pass', 'bet 1'])
>>> state = state.apply("bet 1").apply("call")
>>> state.round, state.pot, state.stacks
(2, 2, (19, 19))
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from cau_rules.cacho.events import (
    BetPlaced,
    CachoEvent,
    Called,
    Dealt,
    Folded,
    GameEnded,
    HandEnded,
    HandStarted,
    HandVoid,
    Passed,
    PotWon,
    Raised,
    Showdown,
    event_to_dict,
)
from cau_rules.cacho.hands import HandValue, best_seats, evaluate
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise, parse_move
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cards import CACHO_24, Card, cards_text, parse_cards
from cau_rules.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.outcome import Outcome, Termination

__all__ = ["SCHEMA", "CachoState", "CachoView", "cacho_state_from_dict", "new_cacho_game"]

SCHEMA = 1
"""The version of the ``to_dict`` layout of Cacho states."""

_MOVE_TYPES = (Pass, Bet, Call, Raise, Fold)


def _plural(count: int, word: str = "counter") -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _cycle_after(seat: int, players: int) -> Iterator[int]:
    """Every seat once, starting with the one after *seat*."""
    for step in range(1, players + 1):
        yield (seat + step) % players


def _shuffled_deck(seed: int, hand: int, redeal: int, purpose: str = "shuffle") -> tuple[Card, ...]:
    """The deck order of a hand, derived by string seeding (D-DEAL-1)."""
    return CACHO_24.shuffled(random.Random(f"{seed}:{hand}:{redeal}:{purpose}"))


def _pots(contributions: Sequence[int], contenders: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot and side pots: (amount, seats that can win it), main pot first."""
    levels = sorted({contributions[seat] for seat in contenders if contributions[seat] > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(paid, level) - min(paid, previous) for paid in contributions)
        pots.append((amount, tuple(seat for seat in contenders if contributions[seat] >= level)))
        previous = level
    leftover = sum(paid - min(paid, previous) for paid in contributions)
    if leftover:
        if pots:
            amount, seats = pots[-1]
            pots[-1] = (amount + leftover, seats)
        else:
            pots.append((leftover, tuple(contenders)))
    return pots


@attrs.frozen
class CachoView:
    """What one seat may see (D-VIEW-1): its own cards, how many cards everybody holds,
    the stock size, every stack and bet, and the public events of the last move.  Never
    another player's cards (except those shown at a showdown, in ``events``), the stock
    order or the seed.

    ``legal_moves``, ``bet_range`` and ``raise_range`` are filled in only for the seat
    to play (empty / None for the others).

    >>> from cau_rules.cacho import CACHO, new_cacho_game
    >>> view = new_cacho_game(CACHO, players=3, seed=2).observe(1)
    >>> view.seat, len(view.holding), view.card_counts, view.stock_size
    (1, 1, (1, 1, 1), 21)
    """

    seat: int
    players: int
    hand: int
    dealer: int
    round: int
    to_play: int
    holding: tuple[Card, ...]
    card_counts: tuple[int, ...]
    stock_size: int
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    round_bets: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    folded: tuple[bool, ...]
    is_over: bool
    legal_moves: tuple[CachoMove, ...]
    bet_range: tuple[int, int] | None
    raise_range: tuple[int, int] | None
    events: tuple[CachoEvent, ...]
    redeal: int = 0
    to_act: tuple[bool, ...] = ()
    rules: Any = attrs.field(default=None, eq=False, repr=False)

    def visible_cards(self) -> tuple[Card, ...]:
        """The cards of the card zones this seat sees: its own holding only (there is no
        table).  Cards shown at a showdown are in the :class:`~cau_rules.cacho.events.Showdown`
        event instead.

        >>> from cau_rules.cacho import CACHO, new_cacho_game
        >>> state = new_cacho_game(CACHO, players=2, seed=2)
        >>> state.observe(0).visible_cards() == state.holdings[0]
        True
        """
        return self.holding

    @property
    def pot(self) -> int:
        """The counters in the pot.

        >>> from cau_rules.cacho import CACHO, new_cacho_game
        >>> new_cacho_game(CACHO, players=2).apply("bet 1").observe(1).pot
        1
        """
        return sum(self.contributions)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data.

        >>> from cau_rules.cacho import CACHO, new_cacho_game
        >>> new_cacho_game(CACHO, players=2).observe(0).to_dict()["legal_moves"]
        ['pass', 'bet 1']
        """
        return {
            "seat": self.seat,
            "players": self.players,
            "hand": self.hand,
            "dealer": self.dealer,
            "round": self.round,
            "to_play": self.to_play,
            "holding": [card.code for card in self.holding],
            "card_counts": list(self.card_counts),
            "stock_size": self.stock_size,
            "stacks": list(self.stacks),
            "contributions": list(self.contributions),
            "round_bets": list(self.round_bets),
            "dealt_in": list(self.dealt_in),
            "folded": list(self.folded),
            "is_over": self.is_over,
            "legal_moves": [str(move) for move in self.legal_moves],
            "bet_range": None if self.bet_range is None else list(self.bet_range),
            "raise_range": None if self.raise_range is None else list(self.raise_range),
            "events": [event_to_dict(event) for event in self.events],
            "redeal": self.redeal,
            "to_act": list(self.to_act),
        }


@attrs.frozen
class CachoState:
    """A *Cacho* session at one moment.  Build one with :func:`new_cacho_game`,
    :meth:`from_position` or :func:`cacho_state_from_dict`, never by calling the class.

    Fields (seats are numbered in playing order; tuples have one entry per seat):

    - ``rules``, ``seed``: the rules and the seed every shuffle derives from.
    - ``hand``: the hand being played, from 0 (void hands count); ``redeal``: void hands
      in a row just before it, dealt by the same dealer.
    - ``dealer``: the dealer; the eldest hand is the next seat dealt in.
    - ``round``: the betting round, 1 to 3 (round *k* follows card *k*).
    - ``stacks``: counters in front of each seat; ``contributions``: counters each seat
      put into the pot this hand; ``round_bets``: those put in during this round.
    - ``holdings``: each seat's cards (a folded seat keeps its cards, face down and never
      shown; once the session is over the last hand's cards stay where they were).
    - ``stock``: the undealt cards, top first.
    - ``dealt_in``: seats playing this hand (a seat with no counters at the start of a
      hand is out); ``folded``: seats that folded this hand.
    - ``to_act``: seats that must still act before the round ends.
    - ``to_play``: the seat to move (-1 once the session is over).
    - ``termination``: why the session ended ("" while it goes on).
    - ``events``: the events of the move that made this state (not compared, not saved).

    >>> from cau_rules.cacho import CACHO, new_cacho_game
    >>> state = new_cacho_game(CACHO, players=2, seed=1, deck="1o 2o 3o 4o 5o 6o 1c 2c 3c 4c 5c 6c "
    ...                        "1e 2e 3e 4e 5e 6e 1b 2b 3b 4b 5b 6b".split())
    >>> state.holdings
    ((<Card.O1: 0>,), (<Card.O2: 1>,))
    """

    rules: CachoRules
    seed: int
    hand: int
    redeal: int
    dealer: int
    round: int
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    round_bets: tuple[int, ...]
    holdings: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    dealt_in: tuple[bool, ...]
    folded: tuple[bool, ...]
    to_act: tuple[bool, ...]
    to_play: int
    termination: str = ""
    events: tuple[CachoEvent, ...] = attrs.field(default=(), eq=False, repr=False)

    # -- simple facts ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play the session.

        >>> CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o")).players
        2
        """
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        """Whether the session has ended.

        >>> CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o")).is_over
        False
        """
        return bool(self.termination)

    @property
    def pot(self) -> int:
        """The counters in the pot (all pots together under ``side_pots``).

        >>> CachoState.from_position(stacks=(4, 5), holdings=("1o", "2o"), contributions=(1, 0),
        ...                          round_bets=(1, 0), to_play=1).pot
        1
        """
        return sum(self.contributions)

    def is_active(self, seat: int) -> bool:
        """Whether *seat* is dealt in and has not folded.

        >>> CachoState.from_position(stacks=(5, 0, 5), holdings=("1o", "", "2o")).is_active(1)
        False
        """
        return self.dealt_in[seat] and not self.folded[seat]

    def eldest_order(self) -> tuple[int, ...]:
        """The seats dealt in, from the eldest hand (the seat after the dealer) round to
        the dealer: the order of dealing, of betting and of ties.

        >>> CachoState.from_position(stacks=(5, 5, 5), holdings=("1o", "2o", "3o"), dealer=0).eldest_order()
        (1, 2, 0)
        """
        return tuple(seat for seat in _cycle_after(self.dealer, self.players) if self.dealt_in[seat])

    @property
    def eldest(self) -> int:
        """The eldest hand of this hand: the first seat dealt in after the dealer.

        >>> CachoState.from_position(stacks=(5, 0, 5), holdings=("1o", "", "2o"), dealer=0).eldest
        2
        """
        return self.eldest_order()[0] if any(self.dealt_in) else -1

    @property
    def current_bet(self) -> int:
        """The highest round total of this round (0 while nobody has bet).

        >>> CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o")).current_bet
        0
        """
        return max(self.round_bets, default=0)

    def resto_limit(self, seat: int | None = None) -> int:
        """The highest round-3 total *seat* (default: the seat to play) may reach.

        Under ``cap_at_smallest``: the smallest of the active players' round-3 stakes
        (stack plus this round's bets), so the same for everybody.  Under ``side_pots``:
        the seat's own stake, but no more than another active player could match.

        >>> state = CachoState.from_position(stacks=(9, 4, 7), holdings=("1o 2o 3o", "4o 5o 6o", "1c 2c 3c"))
        >>> state.resto_limit(0), state.replace_rules(resto="side_pots").resto_limit(0)
        (4, 7)
        """
        seat = self.to_play if seat is None else seat
        stakes = {s: self.stacks[s] + self.round_bets[s] for s in range(self.players) if self.is_active(s)}
        if not stakes or not 0 <= seat < self.players:
            return 0
        if self.rules.resto == "cap_at_smallest":
            return min(stakes.values())
        others = [stake for s, stake in stakes.items() if s != seat]
        own = self.stacks[seat] + self.round_bets[seat]
        return min(own, max(others, default=0))

    def replace_rules(self, **options: Any) -> CachoState:
        """This position under rules with some options changed (for analysis and tests).

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.replace_rules(flush_bonus=30).rules.flush_bonus
        30
        """
        return _validated(attrs.evolve(self, rules=self.rules.replace(**options), events=()))

    # -- legal moves -----------------------------------------------------------------

    def _call_amount(self, seat: int) -> int:
        owed = self.current_bet - self.round_bets[seat]
        return min(owed, self.stacks[seat]) if self.round == 3 else owed

    def bet_range(self) -> tuple[int, int] | None:
        """The smallest and largest ``Bet`` the seat to play may make, or None.

        Rounds 1 and 2: the fixed bet, if nobody has bet and the seat can cover it.
        Round 3: 1 up to the resto limit, if nobody has bet.

        >>> state = CachoState.from_position(stacks=(9, 4), holdings=("1o 2o 3o", "4o 5o 6o"))
        >>> state.bet_range()
        (1, 4)
        """
        if self.is_over or self.current_bet:
            return None
        seat = self.to_play
        if self.round < 3:
            fixed = self.rules.bets[self.round - 1]
            return (fixed, fixed) if self.stacks[seat] >= fixed else None
        limit = self.resto_limit(seat)
        return (1, limit) if limit >= 1 else None

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest round total a ``Raise`` may reach, or None (always None
        in rounds 1 and 2, which have no raises).

        >>> state = CachoState.from_position(stacks=(7, 4), holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(2, 0), round_bets=(2, 0), to_play=1)
        >>> state.raise_range()
        (3, 4)
        """
        if self.is_over or self.round < 3 or not self.current_bet:
            return None
        low, high = self.current_bet + 1, self.resto_limit(self.to_play)
        return (low, high) if high >= low else None

    def can_call(self) -> bool:
        """Whether the seat to play faces a bet it may call.

        >>> CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o")).can_call()
        False
        """
        if self.is_over or not self.current_bet:
            return False
        if self.round < 3:
            return self.stacks[self.to_play] >= self._call_amount(self.to_play)
        return True

    def legal_moves(self) -> tuple[CachoMove, ...]:
        """Every kind of legal move once, in canonical order, amounts at their minimum:
        ``Pass`` then ``Bet(min)`` while nobody has bet, else ``Fold``, ``Call``,
        ``Raise(min)``.  Use :meth:`bet_range` / :meth:`raise_range` for the ranges and
        :meth:`expanded_moves` for every amount.

        >>> state = CachoState.from_position(stacks=(7, 4), holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(2, 0), round_bets=(2, 0), to_play=1)
        >>> [str(move) for move in state.legal_moves()]
        ['fold', 'call', 'raise 3']
        """
        if self.is_over:
            return ()
        moves: list[CachoMove] = []
        if not self.current_bet:
            moves.append(Pass())
            bets = self.bet_range()
            if bets:
                moves.append(Bet(bets[0]))
            return tuple(moves)
        moves.append(Fold())
        if self.can_call():
            moves.append(Call())
        raises = self.raise_range()
        if raises:
            moves.append(Raise(raises[0]))
        return tuple(moves)

    def expanded_moves(self) -> tuple[CachoMove, ...]:
        """Every legal move with every legal amount, in canonical order.

        >>> state = CachoState.from_position(stacks=(7, 4), holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(2, 0), round_bets=(2, 0), to_play=1)
        >>> [str(move) for move in state.expanded_moves()]
        ['fold', 'call', 'raise 3', 'raise 4']
        """
        moves: list[CachoMove] = []
        for move in self.legal_moves():
            if isinstance(move, Bet):
                low, high = self.bet_range() or (0, -1)
                moves.extend(Bet(amount) for amount in range(low, high + 1))
            elif isinstance(move, Raise):
                low, high = self.raise_range() or (0, -1)
                moves.extend(Raise(to) for to in range(low, high + 1))
            else:
                moves.append(move)
        return tuple(moves)

    def legal_text(self) -> str:
        """The legal moves in words, ranges included.

        >>> CachoState.from_position(stacks=(9, 4), holdings=("1o 2o 3o", "4o 5o 6o")).legal_text()
        'pass, bet 1 to 4'
        """
        parts = []
        for move in self.legal_moves():
            if isinstance(move, Bet):
                low, high = self.bet_range() or (move.amount, move.amount)
                parts.append(f"bet {low}" if low == high else f"bet {low} to {high}")
            elif isinstance(move, Raise):
                low, high = self.raise_range() or (move.to, move.to)
                parts.append(f"raise {low}" if low == high else f"raise {low} to {high}")
            else:
                parts.append(str(move))
        return ", ".join(parts) if parts else "nothing (the session is over)"

    def _resto_reason(self, seat: int) -> str:
        limit = self.resto_limit(seat)
        if self.rules.resto == "cap_at_smallest":
            return (f"the resto caps round-3 totals at {limit}, the smallest stake among the players "
                    "still active")
        return (f"seat {seat} can reach at most {limit}: its own counters, and no more than another "
                "player can match")

    def refusal(self, move: object) -> str | None:
        """Why *move* is illegal here, or None if it is legal.

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.refusal(Bet(3))
        'the bet of round 1 is fixed at 1 counter, not 3; legal: pass, bet 1'
        >>> state.refusal(Bet(1)) is None
        True
        """
        if self.is_over:
            return f"the session is over ({self.termination}): no more moves"
        if not isinstance(move, _MOVE_TYPES):
            return f"not a Cacho move: {move!r}; legal: {self.legal_text()}"
        seat, bet, rnd = self.to_play, self.current_bet, self.round
        why: str | None = None
        if isinstance(move, Pass):
            if bet:
                why = (f"seat {seat} cannot pass: there is a bet of {bet} in round {rnd} "
                       "to call or fold against")
        elif isinstance(move, Fold):
            if not bet:
                why = f"nothing to fold against: nobody has bet in round {rnd}, so seat {seat} may pass"
        elif isinstance(move, Call):
            if not bet:
                why = f"nothing to call: nobody has bet in round {rnd}"
            elif not self.can_call():
                why = (f"seat {seat} has {_plural(self.stacks[seat])} and cannot cover the fixed bet of "
                       f"{bet} in round {rnd}: it must fold")
        elif isinstance(move, Bet):
            if bet:
                why = f"there is already a bet of {bet} in round {rnd}: a bet only opens a round"
            elif rnd < 3:
                fixed = self.rules.bets[rnd - 1]
                if move.amount != fixed:
                    why = f"the bet of round {rnd} is fixed at {_plural(fixed)}, not {move.amount}"
                elif self.stacks[seat] < fixed:
                    why = (f"seat {seat} has {_plural(self.stacks[seat])} and cannot cover the fixed bet "
                           f"of {fixed} in round {rnd}")
            else:
                bets = self.bet_range()
                if bets is None:
                    why = f"no bet is possible: {self._resto_reason(seat)}"
                elif not bets[0] <= move.amount <= bets[1]:
                    why = (f"a bet in round 3 is {bets[0]} to {bets[1]} counters, not {move.amount} "
                           f"({self._resto_reason(seat)})")
        elif isinstance(move, Raise):
            if rnd < 3:
                why = f"no raises in round {rnd}: the bets of rounds 1 and 2 are fixed"
            elif not bet:
                why = "nothing to raise: nobody has bet in round 3 yet; open with a bet"
            else:
                raises = self.raise_range()
                if raises is None:
                    why = (f"no raise is possible: the bet of {bet} already reaches the limit "
                           f"({self._resto_reason(seat)})")
                elif not raises[0] <= move.to <= raises[1]:
                    why = (f"a raise in round 3 takes the round total to {raises[0]} to {raises[1]}, "
                           f"not {move.to} ({self._resto_reason(seat)})")
        if why is None:
            return None
        return f"{why}; legal: {self.legal_text()}"

    def is_legal(self, move: CachoMove | str) -> bool:
        """Whether *move* (a move or its text) is legal for the seat to play.

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.is_legal("bet 1"), state.is_legal("raise 2"), state.is_legal("dance")
        (True, False, False)
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidNotationError:
                return False
        return self.refusal(move) is None

    def _seat_refusal(self, seat: int) -> str | None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r}: seats are 0 to {self.players - 1}"
        if not self.dealt_in[seat]:
            return f"seat {seat} is out of the session: it had no counters when the hand began"
        if self.folded[seat]:
            return f"seat {seat} has folded and takes no further part in this hand"
        if seat != self.to_play:
            return f"it is seat {self.to_play}'s turn, not seat {seat}'s"
        return None

    # -- applying moves --------------------------------------------------------------

    def apply(self, move: CachoMove | str, *, seat: int | None = None) -> CachoState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, the move is refused unless that seat is the one to play.  An illegal
        move raises :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) saying why and what is legal; nothing
        changes.

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.apply("bet 1").apply("call").apply("bet 2").apply("fold").stacks
        (6, 4)
        >>> state.apply("call")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: nothing to call: nobody has bet in round 1; legal: pass, bet 1
        >>> state.apply("pass", seat=1)
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: it is seat 0's turn, not seat 1's
        """
        if self.is_over:
            raise GameOverError(f"the session is over ({self.termination}): no more moves")
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidNotationError as exc:
                raise IllegalMoveError(f"{exc}; legal: {self.legal_text()}") from None
        if seat is not None:
            why = self._seat_refusal(seat)
            if why:
                raise IllegalMoveError(why)
        why = self.refusal(move)
        if why:
            raise IllegalMoveError(why)
        work = _Work(self)
        work.act(move)
        return work.freeze()

    # -- results and views -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once the session is over: the seats with the most counters win
        (ties share), scores are the counters; None while it goes on.

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o"))
        >>> print(state.apply("bet 1").apply("call").apply("bet 2").apply("fold").outcome())
        seat 0 wins (session hands played (1 hand)); scores 6, 4
        """
        if not self.is_over:
            return None
        best = max(self.stacks)
        winners = tuple(seat for seat, stack in enumerate(self.stacks) if stack == best)
        if self.termination.startswith("max_hands"):
            return Outcome(winners, self.stacks, Termination.MAX_HANDS, hands_played=self.hand + 1)
        return Outcome(winners, self.stacks, Termination.ALL_COUNTERS, hands_played=self.hand + 1)

    def observe(self, seat: int) -> CachoView:
        """What *seat* may see (D-VIEW-1): its own cards only.

        >>> state = CachoState.from_position(stacks=(5, 5), holdings=("1o 2o", "3o 4o"), round=2)
        >>> state.observe(1).holding, state.observe(1).card_counts
        ((<Card.O3: 2>, <Card.O4: 3>), (2, 2))
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise InvalidPositionError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
        mine = seat == self.to_play and not self.is_over
        return CachoView(
            seat=seat,
            players=self.players,
            hand=self.hand,
            dealer=self.dealer,
            round=self.round,
            to_play=self.to_play,
            holding=self.holdings[seat],
            card_counts=tuple(len(holding) for holding in self.holdings),
            stock_size=len(self.stock),
            stacks=self.stacks,
            contributions=self.contributions,
            round_bets=self.round_bets,
            dealt_in=self.dealt_in,
            folded=self.folded,
            is_over=self.is_over,
            legal_moves=self.legal_moves() if mine else (),
            bet_range=self.bet_range() if mine else None,
            raise_range=self.raise_range() if mine else None,
            events=self.events,
            redeal=self.redeal,
            to_act=self.to_act,
            rules=self.rules,
        )

    def hand_value(self, seat: int) -> HandValue:
        """The value of *seat*'s holding so far (for analysis; a view has only its own).

        >>> CachoState.from_position(stacks=(5, 5), holdings=("5c 6c", "1o 2o"), round=2).hand_value(0).value
        31
        """
        return evaluate(self.holdings[seat], self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (``schema`` 1, ``family`` ``"cacho"``);
        :func:`cacho_state_from_dict` reads it back.  Events are not saved.

        >>> data = CachoState.from_position(stacks=(5, 5), holdings=("1o", "2o")).to_dict()
        >>> data["schema"], data["family"], data["holdings"]
        (1, 'cacho', [['1o'], ['2o']])
        """
        return {
            "schema": SCHEMA,
            "family": "cacho",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hand": self.hand,
            "redeal": self.redeal,
            "dealer": self.dealer,
            "round": self.round,
            "stacks": list(self.stacks),
            "contributions": list(self.contributions),
            "round_bets": list(self.round_bets),
            "holdings": [[card.code for card in holding] for holding in self.holdings],
            "stock": [card.code for card in self.stock],
            "dealt_in": list(self.dealt_in),
            "folded": list(self.folded),
            "to_act": [seat for seat, waiting in enumerate(self.to_act) if waiting],
            "to_play": self.to_play,
            "termination": self.termination,
        }

    # -- exact positions -------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        rules: CachoRules = CACHO,
        *,
        stacks: Sequence[int],
        holdings: Sequence[str | Sequence[Card | str]],
        round: int | None = None,
        contributions: Sequence[int] | None = None,
        round_bets: Sequence[int] | None = None,
        folded: Sequence[bool] | None = None,
        dealer: int | None = None,
        to_play: int | None = None,
        to_act: Sequence[int] | None = None,
        stock: Sequence[Card | str] | str | None = None,
        hand: int = 0,
        redeal: int = 0,
        seed: int = 0,
    ) -> CachoState:
        """An exact position, validated (raises InvalidPositionError if it cannot arise).

        - ``stacks``: counters in front of each seat; ``holdings``: each seat's cards
          (codes, space-separated text or Cards).  A seat holding no card is out of the
          session and must have no counters.
        - ``round``: the betting round (default: the number of cards the active seats hold).
        - ``contributions`` / ``round_bets``: counters each seat put in this hand / this
          round (default none).  The total of counters is not checked against
          ``rules.stack``, so positions with any stacks can be built.
        - ``folded``: seats that folded (default none); they keep their cards.
        - ``dealer``: default the last seat dealt in (as in the first hand).
        - ``to_act``: seats still to act in this round.  Default: while nobody has bet,
          every active seat from ``to_play`` to the end of the eldest order (the seats
          before it passed); after a bet, every active seat short of the bet (in round 3,
          only seats with counters left).
        - ``to_play``: default the first seat in ``to_act`` after the first seat holding
          the bet (with no bet: the first in eldest order).
        - ``stock``: the undealt cards, top first; default the cards not held, in an
          order drawn from ``seed`` (purpose ``position``).

        >>> state = CachoState.from_position(stacks=(19, 17, 19), holdings=("1o 2o", "5c 6c", "3b 4e"),
        ...                                  contributions=(1, 3, 1), round_bets=(0, 2, 0), round=2,
        ...                                  folded=(False, False, True))
        >>> state.to_play, state.pot, [str(move) for move in state.legal_moves()]
        (0, 5, ['fold', 'call'])
        >>> CachoState.from_position(stacks=(5, 5), holdings=("1o", "1o"))
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: 1o appears more than once among the holdings and the stock
        """
        try:
            rules.check_players(len(stacks))
        except InvalidRulesError as exc:
            raise InvalidPositionError(f"the position has {len(stacks)} seats: {exc}") from None
        players = len(stacks)
        held = tuple(_position_cards(holding, f"holdings[{seat}]") for seat, holding in enumerate(holdings))
        if len(held) != players:
            raise InvalidPositionError(f"holdings has {len(held)} entries but there are {players} seats")
        dealt_in = tuple(bool(holding) for holding in held)
        folded_t = tuple(bool(flag) for flag in (folded if folded is not None else [False] * players))
        if len(folded_t) != players:
            raise InvalidPositionError(f"folded has {len(folded_t)} entries but there are {players} seats")
        if round is None:
            round = max((len(held[seat]) for seat in range(players) if dealt_in[seat] and not folded_t[seat]),
                        default=1)
        zeros = (0,) * players
        contributions_t = tuple(contributions) if contributions is not None else zeros
        round_bets_t = tuple(round_bets) if round_bets is not None else zeros
        if dealer is None:
            dealer = max((seat for seat in range(players) if dealt_in[seat]), default=players - 1)
        if stock is None:
            taken = {card for holding in held for card in holding}
            rest = [card for card in _shuffled_deck(seed, hand, redeal, "position") if card not in taken]
            stock_t = tuple(rest)
        else:
            stock_t = _position_cards(stock, "stock")
        draft = cls(
            rules=rules, seed=seed, hand=hand, redeal=redeal, dealer=dealer, round=round,
            stacks=tuple(stacks), contributions=contributions_t, round_bets=round_bets_t,
            holdings=held, stock=stock_t, dealt_in=dealt_in, folded=folded_t,
            to_act=(False,) * players, to_play=-1 if to_play is None else to_play,
        )
        _validate_basics(draft)
        waiting = _default_to_act(draft, to_play) if to_act is None else _seat_flags(to_act, players)
        if to_play is None:
            to_play = _default_to_play(draft, waiting)
        return _validated(attrs.evolve(draft, to_act=waiting, to_play=to_play))


# -- construction helpers --------------------------------------------------------------


def _position_cards(value: object, where: str) -> tuple[Card, ...]:
    if isinstance(value, Card):
        value = (value,)
    if not isinstance(value, (str, list, tuple)):
        raise InvalidPositionError(f"{where} must be card codes, not {value!r}")
    try:
        return parse_cards(value)
    except InvalidNotationError as exc:
        raise InvalidPositionError(f"{where}: {exc}") from None


def _seat_flags(seats: Sequence[int], players: int) -> tuple[bool, ...]:
    for seat in seats:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise InvalidPositionError(f"to_act names seat {seat!r}, but seats are 0 to {players - 1}")
    return tuple(seat in seats for seat in range(players))


def _may_act(state: CachoState, seat: int) -> bool:
    """Whether an active *seat* takes part in this round's betting (round 3: counters left)."""
    return state.is_active(seat) and (state.round < 3 or state.stacks[seat] > 0)


def _default_to_act(state: CachoState, to_play: int | None) -> tuple[bool, ...]:
    order = state.eldest_order()
    bet = state.current_bet
    if bet:
        return tuple(_may_act(state, seat) and state.round_bets[seat] < bet for seat in range(state.players))
    start = order.index(to_play) if to_play in order else 0
    later = set(order[start:])
    return tuple(_may_act(state, seat) and seat in later for seat in range(state.players))


def _default_to_play(state: CachoState, waiting: tuple[bool, ...]) -> int:
    order = state.eldest_order()
    bet = state.current_bet
    holders = [seat for seat in order if bet and state.round_bets[seat] == bet]
    anchor = holders[0] if holders else state.dealer
    for seat in _cycle_after(anchor, state.players):
        if waiting[seat]:
            return seat
    return -1


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_basics(state: CachoState) -> None:
    players = state.players
    try:
        state.rules.check_players(players)
    except InvalidRulesError as exc:
        raise InvalidPositionError(f"the position has {players} seats: {exc}") from None
    for name in ("contributions", "round_bets", "holdings", "dealt_in", "folded", "to_act"):
        size = len(getattr(state, name))
        if size != players:
            raise InvalidPositionError(f"{name} has {size} entries but there are {players} seats")
    for name in ("stacks", "contributions", "round_bets"):
        for seat, count in enumerate(getattr(state, name)):
            if not _whole(count) or count < 0:
                raise InvalidPositionError(
                    f"{name}[{seat}] is {count!r}: counters are whole numbers, never negative"
                )
    for name in ("seed", "hand", "redeal", "dealer", "round", "to_play"):
        if not _whole(getattr(state, name)):
            raise InvalidPositionError(f"{name} must be a whole number, not {getattr(state, name)!r}")
    if not 0 <= state.dealer < players:
        raise InvalidPositionError(f"there is no seat {state.dealer} to deal: seats are 0 to {players - 1}")
    if state.hand < 0 or not 0 <= state.redeal <= state.hand:
        raise InvalidPositionError(
            f"hand {state.hand} with redeal {state.redeal} is impossible: hands count from 0 and "
            "redeals never outnumber the hands before"
        )
    if not state.is_over:
        if state.hand >= state.rules.max_hands:
            raise InvalidPositionError(
                f"hand {state.hand + 1} cannot be played: the session has max_hands {state.rules.max_hands}"
            )
        if not 1 <= state.round <= 3:
            raise InvalidPositionError(f"round {state.round} does not exist: betting rounds are 1 to 3")
    seen: set[Card] = set()
    for card in [card for holding in state.holdings for card in holding] + list(state.stock):
        if not isinstance(card, Card):
            raise InvalidPositionError(f"{card!r} is not a card")
        if not CACHO_24.contains(card):
            raise InvalidPositionError(f"{card} is not a Cacho card: the Cacho deck has ranks 1 to 6 only")
        if card in seen:
            raise InvalidPositionError(f"{card} appears more than once among the holdings and the stock")
        seen.add(card)


def _validated(state: CachoState) -> CachoState:
    """*state* if it can arise in a game, else InvalidPositionError saying why."""
    _validate_basics(state)
    players = state.players
    missing = [card for card in CACHO_24.cards if card not in
               {c for holding in state.holdings for c in holding} | set(state.stock)]
    if missing:
        raise InvalidPositionError(
            f"cards are missing from the holdings and the stock: {cards_text(missing)} (all 24 must be there)"
        )
    if state.is_over:
        if any(state.contributions) or any(state.round_bets):
            raise InvalidPositionError("a finished session has no pot: every counter is in a stack")
        if any(state.to_act) or state.to_play != -1:
            raise InvalidPositionError("a finished session has nobody to act: to_play is -1 and to_act empty")
        return state
    if not state.dealt_in[state.dealer]:
        raise InvalidPositionError(
            f"the dealer, seat {state.dealer}, is out of the session: the button skips it"
        )
    rnd = state.round
    for seat in range(players):
        holding = state.holdings[seat]
        if not state.dealt_in[seat]:
            if holding or state.stacks[seat] or state.contributions[seat] or state.folded[seat]:
                raise InvalidPositionError(
                    f"seat {seat} holds no card, so it is out of the session, yet it has counters or bets "
                    "(a player with no counters at the start of a hand is out)"
                )
            continue
        if state.stacks[seat] + state.contributions[seat] == 0:
            raise InvalidPositionError(
                f"seat {seat} is dealt in with no counters at all: a player with none at the start "
                "of a hand is out"
            )
        if state.folded[seat]:
            if not 1 <= len(holding) <= rnd:
                raise InvalidPositionError(
                    f"seat {seat} folded holding {len(holding)} cards: in round {rnd} a folded seat "
                    f"holds 1 to {rnd}"
                )
        elif len(holding) != rnd:
            raise InvalidPositionError(
                f"seat {seat} holds {len(holding)} cards ({cards_text(holding)}), but in round {rnd} "
                f"every active player holds {rnd}"
            )
        if state.round_bets[seat] > state.contributions[seat]:
            raise InvalidPositionError(
                f"seat {seat} bet {state.round_bets[seat]} this round but put only "
                f"{state.contributions[seat]} into the pot this hand"
            )
        earlier = state.contributions[seat] - state.round_bets[seat]
        most = sum(state.rules.bets[: rnd - 1])
        if earlier > most:
            raise InvalidPositionError(
                f"seat {seat} put {earlier} into the pot before round {rnd}, more than the fixed bets "
                f"allow ({most})"
            )
        if rnd < 3 and state.round_bets[seat] not in (0, state.rules.bets[rnd - 1]):
            raise InvalidPositionError(
                f"seat {seat} bet {state.round_bets[seat]} in round {rnd}, whose bet is fixed at "
                f"{state.rules.bets[rnd - 1]}"
            )
    if len(state.dealt_in) - state.dealt_in.count(False) < 2:
        raise InvalidPositionError("a hand needs at least two players dealt in")
    active = [seat for seat in range(players) if state.is_active(seat)]
    if len(active) < 2:
        raise InvalidPositionError(
            "a hand in play has at least two active players (else the pot is already won)"
        )

    bet = state.current_bet
    if rnd == 3 and state.rules.resto == "cap_at_smallest":
        cap = state.resto_limit(active[0])
        if bet > cap:
            raise InvalidPositionError(
                f"a round-3 bet of {bet} exceeds the resto cap of {cap} "
                "(the smallest stake among active players)"
            )
    for seat in range(players):
        if state.to_act[seat] and not _may_act(state, seat):
            why = "has no counters left" if state.is_active(seat) else "is not active"
            raise InvalidPositionError(f"seat {seat} cannot be waiting to act: it {why}")
        if bet and _may_act(state, seat) and state.round_bets[seat] < bet and not state.to_act[seat]:
            raise InvalidPositionError(
                f"seat {seat} is short of the bet of {bet} and must still act: it belongs in to_act"
            )
    if not any(state.to_act):
        raise InvalidPositionError("nobody is waiting to act, so this round is already over")
    if not 0 <= state.to_play < players:
        raise InvalidPositionError(f"there is no seat {state.to_play} to play: seats are 0 to {players - 1}")
    if not state.to_act[state.to_play]:
        if not state.dealt_in[state.to_play]:
            why = "is out of the session"
        elif state.folded[state.to_play]:
            why = "has folded"
        else:
            why = "has nothing to do in this round"
        raise InvalidPositionError(f"seat {state.to_play} cannot be the seat to play: it {why}")
    return state


def _text_list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise InvalidNotationError(f"a Cacho state record needs {key!r} as a list, not {value!r}")
    return value


def cacho_state_from_dict(data: Mapping[str, Any]) -> CachoState:
    """The state written by :meth:`CachoState.to_dict`, validated.

    Malformed records raise InvalidNotationError; records of impossible positions
    (duplicate or foreign cards, impossible counters, a wrong seat to play) raise
    InvalidPositionError.

    >>> from cau_rules.cacho import CACHO, new_cacho_game
    >>> state = new_cacho_game(CACHO, players=3, seed=5).apply("bet 1")
    >>> cacho_state_from_dict(state.to_dict()) == state
    True
    >>> data = state.to_dict()
    >>> data["to_play"] = 0
    >>> cacho_state_from_dict(data)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: seat 0 cannot be the seat to play: it has nothing to do in this round
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a Cacho state record is a mapping, not {data!r}")
    if data.get("family") != "cacho":
        raise InvalidNotationError(
            f"not a Cacho state record: family is {data.get('family')!r}, expected 'cacho'"
        )
    if data.get("schema") != SCHEMA:
        raise InvalidNotationError(
            f"unsupported Cacho state schema {data.get('schema')!r}: this library reads {SCHEMA}"
        )
    rules_data = data.get("rules")
    if not isinstance(rules_data, Mapping):
        raise InvalidNotationError(f"a Cacho state record needs 'rules' as a mapping, not {rules_data!r}")
    rules = CachoRules.from_dict(rules_data)
    for key in ("seed", "hand", "redeal", "dealer", "round", "to_play"):
        if not _whole(data.get(key)):
            raise InvalidNotationError(
                f"a Cacho state record needs {key!r} as a whole number, not {data.get(key)!r}"
            )
    termination = data.get("termination", "")
    if not isinstance(termination, str):
        raise InvalidNotationError(f"'termination' must be text, not {termination!r}")
    stacks = _text_list(data, "stacks")
    players = len(stacks)
    holdings = tuple(_position_cards(holding, f"holdings[{seat}]")
                     for seat, holding in enumerate(_text_list(data, "holdings")))
    flags = {}
    for key in ("dealt_in", "folded"):
        values = _text_list(data, key)
        if not all(isinstance(value, bool) for value in values):
            raise InvalidNotationError(f"{key!r} must hold true/false values, not {values!r}")
        flags[key] = tuple(values)
    state = CachoState(
        rules=rules,
        seed=data["seed"],
        hand=data["hand"],
        redeal=data["redeal"],
        dealer=data["dealer"],
        round=data["round"],
        stacks=tuple(stacks),
        contributions=tuple(_text_list(data, "contributions")),
        round_bets=tuple(_text_list(data, "round_bets")),
        holdings=holdings,
        stock=_position_cards(_text_list(data, "stock"), "stock"),
        dealt_in=flags["dealt_in"],
        folded=flags["folded"],
        to_act=_seat_flags(_text_list(data, "to_act"), players),
        to_play=data["to_play"],
        termination=termination,
    )
    return _validated(state)


# -- playing ---------------------------------------------------------------------------


class _Work:
    """A mutable copy of a state while a move is carried out; :meth:`freeze` makes the
    next frozen state."""

    def __init__(self, state: CachoState, supplied_deck: tuple[Card, ...] | None = None) -> None:
        self.rules = state.rules
        self.seed = state.seed
        self.hand = state.hand
        self.redeal = state.redeal
        self.dealer = state.dealer
        self.round = state.round
        self.stacks = list(state.stacks)
        self.contributions = list(state.contributions)
        self.round_bets = list(state.round_bets)
        self.holdings = [list(holding) for holding in state.holdings]
        self.stock = list(state.stock)
        self.dealt_in = list(state.dealt_in)
        self.folded = list(state.folded)
        self.to_act = list(state.to_act)
        self.to_play = state.to_play
        self.termination = state.termination
        self.events: list[CachoEvent] = []
        self.players = len(self.stacks)
        self.supplied_deck = supplied_deck

    def freeze(self) -> CachoState:
        return CachoState(
            rules=self.rules, seed=self.seed, hand=self.hand, redeal=self.redeal, dealer=self.dealer,
            round=self.round, stacks=tuple(self.stacks), contributions=tuple(self.contributions),
            round_bets=tuple(self.round_bets), holdings=tuple(tuple(h) for h in self.holdings),
            stock=tuple(self.stock), dealt_in=tuple(self.dealt_in), folded=tuple(self.folded),
            to_act=tuple(self.to_act), to_play=self.to_play, termination=self.termination,
            events=tuple(self.events),
        )

    # seats

    def active(self, seat: int) -> bool:
        return self.dealt_in[seat] and not self.folded[seat]

    def order(self) -> list[int]:
        return [seat for seat in _cycle_after(self.dealer, self.players) if self.dealt_in[seat]]

    def may_act(self, seat: int) -> bool:
        return self.active(seat) and (self.round < 3 or self.stacks[seat] > 0)

    # hands and rounds

    def start_hand(self) -> None:
        deck = self.supplied_deck
        self.supplied_deck = None
        if deck is None:
            deck = _shuffled_deck(self.seed, self.hand, self.redeal)
        self.stock = list(deck)
        self.dealt_in = [stack > 0 for stack in self.stacks]
        self.folded = [False] * self.players
        self.holdings = [[] for _ in range(self.players)]
        self.contributions = [0] * self.players
        self.round_bets = [0] * self.players
        self.round = 1
        order = self.order()
        self.events.append(HandStarted(hand=self.hand, dealer=self.dealer, eldest=order[0],
                                       redeal=self.redeal, seats=tuple(order)))
        self.deal()
        self.start_round()

    def deal(self) -> None:
        seats = tuple(seat for seat in self.order() if self.active(seat))
        for seat in seats:
            self.holdings[seat].append(self.stock.pop(0))
        self.events.append(Dealt(card=self.round, seats=seats))

    def start_round(self) -> None:
        self.round_bets = [0] * self.players
        self.to_act = [self.may_act(seat) for seat in range(self.players)]
        if self.round == 3:
            stakes = [self.stacks[seat] for seat in range(self.players) if self.active(seat)]
            capped = self.rules.resto == "cap_at_smallest" and min(stakes) == 0
            if capped or sum(self.to_act) < 2:
                # Nobody can bet: round 3 has no betting and the hand goes to the showdown.
                self.to_act = [False] * self.players
                self.showdown()
                return
        self.to_play = next(seat for seat in self.order() if self.to_act[seat])

    def act(self, move: CachoMove) -> None:
        seat, rnd = self.to_play, self.round
        bet = max(self.round_bets)
        if isinstance(move, Pass):
            self.events.append(Passed(seat=seat, round=rnd))
        elif isinstance(move, Fold):
            self.folded[seat] = True
            self.events.append(Folded(seat=seat, round=rnd))
        elif isinstance(move, Call):
            owed = bet - self.round_bets[seat]
            amount = min(owed, self.stacks[seat])
            self.put_in(seat, amount)
            self.events.append(Called(seat=seat, round=rnd, amount=amount, all_in=self.stacks[seat] == 0))
        elif isinstance(move, Bet):
            self.put_in(seat, move.amount)
            self.reopen(seat)
            self.events.append(BetPlaced(seat=seat, round=rnd, amount=move.amount))
        elif isinstance(move, Raise):
            amount = move.to - self.round_bets[seat]
            self.put_in(seat, amount)
            self.reopen(seat)
            self.events.append(Raised(seat=seat, round=rnd, to=move.to, amount=amount))
        self.to_act[seat] = False
        self.after_action(seat)

    def put_in(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.contributions[seat] += amount
        self.round_bets[seat] += amount

    def reopen(self, seat: int) -> None:
        """After a bet or raise every other active player must answer it."""
        self.to_act = [other != seat and self.may_act(other) for other in range(self.players)]

    def after_action(self, seat: int) -> None:
        active = [other for other in range(self.players) if self.active(other)]
        if len(active) == 1:
            self.win_unshown(active[0])
            return
        for other in _cycle_after(seat, self.players):
            if self.to_act[other]:
                self.to_play = other
                return
        self.end_round()

    def end_round(self) -> None:
        if self.round == 1 and not any(self.round_bets):
            self.events.append(HandVoid(hand=self.hand, dealer=self.dealer))
            self.finish_hand(void=True)
        elif self.round < 3:
            self.round += 1
            self.deal()
            self.start_round()
        else:
            self.showdown()

    def win_unshown(self, winner: int) -> None:
        amount = sum(self.contributions)
        self.stacks[winner] += amount
        self.events.append(PotWon(seat=winner, pot=0, amount=amount, shown=False))
        self.finish_hand(void=False)

    def showdown(self) -> None:
        order = self.order()
        contenders = [seat for seat in order if self.active(seat)]
        values = {seat: evaluate(self.holdings[seat], self.rules) for seat in contenders}
        self.events.append(Showdown(
            hands=tuple((seat, tuple(self.holdings[seat])) for seat in contenders),
            values=tuple(values[seat] for seat in contenders),
        ))
        ranking = best_seats(values, order)
        for index, (amount, eligible) in enumerate(_pots(self.contributions, contenders)):
            winner = next(seat for seat in ranking if seat in eligible)
            self.stacks[winner] += amount
            self.events.append(PotWon(seat=winner, pot=index, amount=amount, shown=True))
        self.finish_hand(void=False)

    def finish_hand(self, void: bool) -> None:
        self.contributions = [0] * self.players
        self.round_bets = [0] * self.players
        self.to_act = [False] * self.players
        self.events.append(HandEnded(hand=self.hand, stacks=tuple(self.stacks)))
        played = self.hand + 1
        holders = [seat for seat in range(self.players) if self.stacks[seat] > 0]
        if len(holders) == 1:
            self.end_session("one player holds all the counters")
            return
        if played >= self.rules.max_hands:
            self.end_session(f"max_hands reached: {_plural(played, 'hand')} played")
            return
        self.hand += 1
        if void:
            self.redeal += 1
        else:
            self.redeal = 0
            after = _cycle_after(self.dealer, self.players)
            self.dealer = next(seat for seat in after if self.stacks[seat] > 0)
        self.start_hand()

    def end_session(self, termination: str) -> None:
        self.termination = termination
        self.to_play = -1
        best = max(self.stacks)
        winners = tuple(seat for seat, stack in enumerate(self.stacks) if stack == best)
        self.events.append(GameEnded(winners=winners, scores=tuple(self.stacks), termination=termination))


def new_cacho_game(
    rules: CachoRules = CACHO,
    players: int = 2,
    seed: int = 0,
    deck: Sequence[Card | str] | None = None,
) -> CachoState:
    """A new session: every player has ``rules.stack`` counters, the last seat deals the
    first hand, and the first card is dealt to each player from seat 0 (the eldest hand).

    Every shuffle derives from *seed* (D-DEAL-1).  A supplied *deck* order (index 0 the
    top) is used for the first hand instead; later hands and redeals are shuffled from
    the seed.

    >>> state = new_cacho_game(CACHO, players=4, seed=3)
    >>> state.dealer, state.to_play, state.stacks
    (3, 0, (20, 20, 20, 20))
    >>> new_cacho_game(CACHO, players=9)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: cacho is played by 2 to 8 players, not 9
    """
    if not isinstance(rules, CachoRules):
        raise InvalidRulesError(f"new_cacho_game needs CachoRules, not {rules!r}")
    rules.check_players(players)
    if not _whole(seed):
        raise InvalidRulesError(f"the seed must be a whole number, not {seed!r}")
    supplied = CACHO_24.check_order(deck) if deck is not None else None
    blank = CachoState(
        rules=rules, seed=seed, hand=0, redeal=0, dealer=players - 1, round=1,
        stacks=(rules.stack,) * players, contributions=(0,) * players, round_bets=(0,) * players,
        holdings=((),) * players, stock=(), dealt_in=(True,) * players, folded=(False,) * players,
        to_act=(False,) * players, to_play=0,
    )
    work = _Work(blank, supplied_deck=supplied)
    work.start_hand()
    return work.freeze()

