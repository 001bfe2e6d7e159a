"""The state of a capture-family game, its legal moves and the pure ``apply``.

A :class:`FishingState` is frozen: :meth:`FishingState.apply` returns a new state and
leaves the old one untouched.  The events of the move that produced a state are in
``state.events``.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=7)
>>> state.to_play, len(state.holdings[0]), len(state.stock)
(0, 3, 42)
>>> move = state.legal_moves()[0]
>>> after = state.apply(move)
>>> after.to_play, len(after.holdings[0])
(1, 2)
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, Literal

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
)
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Dealt,
    DebtIncurred,
    Declared,
    FishingEvent,
    GameEnded,
    HandEnded,
    HandStarted,
    LeftoversTaken,
    Paid,
    PartidaWon,
    Scored,
    Showdown,
    StakeAnswered,
    StakeBid,
    StakeOpened,
    TableReplaced,
    Trailed,
)
from cau_rules.fishing.moves import (
    GAME,
    JOC,
    Accept,
    Bid,
    Call,
    Declare,
    FishingMove,
    Play,
    Refuse,
    StakeValue,
    parse_move,
)
from cau_rules.fishing.rules import FishingRules
from cau_rules.game import move_for_turn
from cau_rules.outcome import Outcome, Termination

__all__ = ["Chain", "FishingState", "Phase", "Stake", "Tally", "new_fishing_game"]

Phase = Literal["play", "declare", "bid", "over"]
"""``"play"``: a card is to be played; ``"declare"``: the ronda declaration phase
(``explicit_calls``); ``"bid"``: the Valencian ronda stake; ``"over"``: the game has
ended."""

Unit = tuple[int, int]
"""A run unit: ``(rank, seat)``; seat -1 means the table card of that rank."""

Debt = tuple[int, int]
"""A debt: ``(creditor, cards still owed)``."""


@attrs.frozen
class Chain:
    """A pending chain in its public zone (D-CHAIN-2).

    - ``rank``: the chain's rank.
    - ``cards``: ``(seat, card)`` in play order, the trailed card first.
    - ``run``: the run units the last caller claimed, ``(rank, seat)`` with seat -1 for
      a table card.
    - ``calls``: what the last caller announced (``explicit_calls`` only).

    >>> chain = Chain(5, ((0, Card.parse("5o")), (1, Card.parse("5c"))), (), frozenset())
    >>> chain.level, chain.caller
    (2, 1)
    """

    rank: int
    cards: tuple[tuple[int, Card], ...]
    run: tuple[Unit, ...] = ()
    calls: frozenset[Call] = frozenset()

    @property
    def level(self) -> int:
        """How many cards the chain has (2 = cau, 3 = recau, 4 = contracau)."""
        return len(self.cards)

    @property
    def caller(self) -> int:
        """The seat that played the chain's last card."""
        return self.cards[-1][0]


@attrs.frozen
class Tally:
    """Stones of a Valencian game: the current partida's ``stones`` and the
    ``partides`` won, per team, and the ``log`` of every stone scored as
    ``(partida, hand, team, reason, stones)``.

    >>> Tally().stones
    (0, 0)
    """

    stones: tuple[int, ...] = (0, 0)
    partides: tuple[int, ...] = (0, 0)
    log: tuple[tuple[int, int, int, str, int], ...] = ()


@attrs.frozen
class Stake:
    """The Valencian ronda stake being bid for (D-RONDA-3).

    - ``holders``: ``(seat, kind)`` of every ronda or rondí holder, from the eldest.
    - ``bidders``: the eldest holder of each team, the first to bid first.
    - ``bids``: the bids so far (None is "game", ``"joc"`` the joc); bid *i* is by
      ``bidders[i % 2]``.

    >>> Stake(((0, Call.RONDA), (1, Call.RONDI)), (0, 1), (3,)).to_answer
    1
    """

    holders: tuple[tuple[int, Call], ...]
    bidders: tuple[int, int]
    bids: tuple[StakeValue, ...] = ()

    @property
    def to_answer(self) -> int:
        """The seat whose turn it is in the bidding."""
        return self.bidders[len(self.bids) % 2]


class _PartidaWon(Exception):
    """Raised inside ``apply`` when a team reaches the target: the move stops there.
    ``joc``: the team won the whole joc at once (an accepted joc stake)."""

    def __init__(self, team: int, joc: bool = False) -> None:
        super().__init__(team)
        self.team = team
        self.joc = joc


@attrs.frozen(slots=True)
class FishingState:
    """A position of a capture-family game (Cau, Cau robat, the English rules).

    Build one with :func:`cau_rules.new_game` (dealt from a seed or a supplied deck
    order) or :meth:`from_position` (an exact position); never mutate it.

    Zones: ``stock`` (index 0 is the top), ``table`` (in the order the cards were
    placed), ``holdings`` and ``piles`` per seat (a pile's last card is its top),
    ``discard``, and ``chain`` (the pending chain's public zone, or None).

    >>> from cau_rules import new_game
    >>> state = new_game("cau-robat", players=3, seed=2)
    >>> len(state.table), state.phase
    (3, 'play')
    """

    rules: FishingRules
    players: int
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    hand: int
    round: int
    opener: int
    to_play: int
    phase: Phase
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    holdings: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    chain: Chain | None
    trail: tuple[int, Card] | None
    debts: tuple[tuple[Debt, ...], ...]
    last_capturer: int
    declarations: tuple[tuple[int, Call], ...]
    hand_scores: tuple[tuple[int, ...], ...]
    tally: Tally | None = None
    stake: Stake | None = None
    events: tuple[FishingEvent, ...] = attrs.field(default=(), eq=False, repr=False)
    _plans: dict[Any, tuple[Unit, ...] | None] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    # -- public queries ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    @property
    def eldest(self) -> int:
        """The eldest hand (*mà*) of the current hand: it plays first."""
        return self.hand % self.players

    @property
    def dealer(self) -> int:
        """The dealer of the current hand: the seat before the eldest hand."""
        return (self.hand - 1) % self.players

    def legal_moves(self) -> tuple[FishingMove, ...]:
        """Every legal move of the seat to play, in canonical order.

        >>> from cau_rules import new_game
        >>> [str(m) for m in new_game("cau", players=2, seed=1).legal_moves()]
        ['12o', '12c', '2b']
        """
        return tuple(self._legal_plans())

    def is_legal(self, move: FishingMove | str) -> bool:
        """Whether *move* (a move or its text) is legal here.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).is_legal("12o"), new_game("cau", players=2, seed=1).is_legal("5o")
        (True, False)
        """
        try:
            return _coerce(move) in self._legal_plans()
        except InvalidNotationError:
            return False

    def parse_move(self, text: str) -> FishingMove:
        """The legal move written *text*.

        Args:
            text: a move in the capture family's notation.

        Returns:
            The move, one of :meth:`legal_moves`.

        Raises:
            IllegalMoveError: the text is malformed or names no legal move (the message
                lists the legal moves).

        >>> from cau_rules import new_game
        >>> print(new_game("cau", players=2, seed=1).parse_move("12o"))
        12o
        """
        try:
            move = _coerce(text)
        except InvalidNotationError as exc:
            raise IllegalMoveError(f"{exc}; legal moves: {self._legal_text()}") from None
        if move not in self._legal_plans():
            raise IllegalMoveError(
                f"illegal move {text}: {self._why_illegal(move)}; legal moves: {self._legal_text()}"
            )
        return move

    def apply(self, move: FishingMove | str, seat: int | None = None) -> FishingState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, also check that it is that seat's turn.  An illegal move raises
        :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) whose message says why and what is
        legal; this state is never changed.

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=1)
        >>> state.apply("5o")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: illegal move 5o: seat 0 does not hold 5o (holding: 12o 12c 2b); legal moves: 12o, 12c, 2b
        """
        parsed = move_for_turn(self.phase == "over", self.to_play, move, seat, _coerce, self._legal_text)
        plans = self._legal_plans()
        if parsed not in plans:
            raise IllegalMoveError(
                f"illegal move {move}: {self._why_illegal(parsed)}; legal moves: {self._legal_text()}"
            )
        work = _Work(self)
        try:
            if isinstance(parsed, Play):
                work.play(parsed, plans[parsed])
            elif isinstance(parsed, Declare):
                work.declare(parsed)
            else:
                work.answer_stake(parsed)
        except _PartidaWon as won:
            work.partida_won(won.team, won.joc)
        return work.freeze()

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None.

        Cards presets with one hand: the most cards (or dozen points) wins, ties share.
        Matches of several hands: the most hands won wins, ties share.
        """
        if self.phase != "over":
            return None
        if self.tally is not None:
            tally = self.tally
            best = max(tally.partides)
            team_scores = tally.partides if self.rules.partides_to_win > 1 else tally.stones
            winners = tuple(seat for seat in range(self.players) if tally.partides[seat % 2] == best)
            scores = tuple(team_scores[seat % 2] for seat in range(self.players))
            if max(tally.stones) >= self.rules.target:
                return Outcome(winners, scores, Termination.TARGET_STONES, target=self.rules.target)
            return Outcome(winners, scores, Termination.STAKE_WON)
        if self.rules.hands == 1:
            scores = self.hand_scores[-1]
            return Outcome(_winners(scores), tuple(scores),
                           Termination.MOST_DOZENS if self.rules.scoring == "dozens" else Termination.MOST_CARDS)
        credits = self.hands_won()
        return Outcome(_winners(credits), credits, Termination.MOST_HANDS, hands_played=len(self.hand_scores))

    def hands_won(self) -> tuple[int, ...]:
        """Hands won so far by each seat (every seat tied on top is credited)."""
        won = [0] * self.players
        for scores in self.hand_scores:
            for seat in _winners(scores):
                won[seat] += 1
        return tuple(won)

    def team_of(self, seat: int) -> int:
        """The team of *seat* (0 for seats 0 and 2, 1 for seats 1 and 3); without teams,
        the seat itself.

        >>> from cau_rules import new_game
        >>> new_game("cau-recau-sant-vicent", players=4, seed=1).team_of(3)
        1
        """
        return seat % 2 if self.rules.teams else seat

    def stones(self) -> tuple[int, ...]:
        """The stones of each team in the current partida (empty without stones).

        >>> from cau_rules import new_game
        >>> sum(new_game("cau-recau-sant-vicent", players=4, seed=1).stones()) >= 1
        True
        """
        return () if self.tally is None else self.tally.stones

    def score_sheet(self) -> dict[str, Any]:
        """What a player would write on paper: stones by source for each team, per hand
        and for the whole game (Valencian stones only).

        >>> from cau_rules import new_game
        >>> sheet = new_game("cau-recau-sant-vicent", players=4, seed=1).score_sheet()
        >>> sorted(sheet)
        ['game', 'hands', 'partides', 'stones']
        """
        from cau_rules.fishing.view import score_sheet

        return score_sheet(self)

    def pile_sizes(self) -> tuple[int, ...]:
        """The number of cards in each seat's pile.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).pile_sizes()
        (0, 0)
        """
        return tuple(len(pile) for pile in self.piles)

    def observe(self, seat: int) -> Any:
        """What *seat* may see (D-VIEW-1): a :class:`~cau_rules.fishing.view.FishingView`.

        >>> from cau_rules import new_game
        >>> view = new_game("cau", players=2, seed=1).observe(1)
        >>> view.holding_sizes, len(view.holding)
        ((3, 3), 3)
        """
        from cau_rules.fishing.view import view_of

        return view_of(self, seat)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (schema 1); see :mod:`cau_rules.notation`."""
        from cau_rules.fishing.serial import state_to_dict

        return state_to_dict(self)

    # -- construction -------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        rules: FishingRules,
        players: int,
        *,
        holdings: Sequence[Iterable[Card | str] | str],
        table: Iterable[Card | str] | str = (),
        piles: Sequence[Iterable[Card | str] | str] | None = None,
        stock: Iterable[Card | str] | str | None = None,
        discard: Iterable[Card | str] | str = (),
        to_play: int = 0,
        hand: int = 0,
        round: int = 0,
        opener: int | None = None,
        chain: Chain | None = None,
        trail: tuple[int, Card | str] | None = None,
        debts: Sequence[Iterable[Debt]] | None = None,
        last_capturer: int = -1,
        phase: Phase = "play",
        declarations: Iterable[tuple[int, Call]] = (),
        hand_scores: Iterable[Iterable[int]] = (),
        seed: int = 0,
        decks: Iterable[Iterable[Card | str]] = (),
        tally: Tally | None = None,
        stake: Stake | None = None,
        rest: Literal["stock", "discard"] = "stock",
    ) -> FishingState:
        """An exact position, validated.

        Cards may be given as :class:`~cau_rules.cards.Card` objects or codes (a zone
        may be one string of codes).  When *stock* is None, every card of the deck not
        placed elsewhere goes to the stock in deck order, or with ``rest="discard"`` to
        the discard (out of play, the stock empty).  ``trail`` is the
        ``(seat, card)`` trailed in the immediately preceding turn (it must be on the
        table); it is what a cau can match.  ``tally`` (stones; a fresh one by default)
        and ``stake`` (a ronda stake being bid, with ``phase="bid"``) are for the
        Valencian game.

        Raises :class:`~cau_rules.errors.InvalidPositionError` for duplicate, missing
        or foreign cards, a wrong seat, repeated table ranks and other impossible facts.

        >>> from cau_rules.fishing.rules import CAU
        >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o 12o",
        ...                                    holdings=["8c", "1b"], rest="discard")
        >>> [str(m) for m in state.legal_moves()]
        ['8c', '8c+1']
        >>> FishingState.from_position(CAU, 2, table="3o 3c", holdings=["8c", "1b"], rest="discard")
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: the table has two cards of rank 3; table ranks are always distinct
        """
        from cau_rules.fishing.serial import build_position

        return build_position(
            cls, rules, players, holdings=holdings, table=table, piles=piles, stock=stock,
            discard=discard, to_play=to_play, hand=hand, round=round, opener=opener, chain=chain,
            trail=trail, debts=debts, last_capturer=last_capturer, phase=phase,
            declarations=declarations, hand_scores=hand_scores, seed=seed, decks=decks,
            tally=tally, stake=stake, rest=rest,
        )

    # -- legal move generation ------------------------------------------------------

    def _legal_plans(self) -> dict[Any, tuple[Unit, ...] | None]:
        plans = self._plans
        if plans is None:
            plans = _generate(self)
            object.__setattr__(self, "_plans", plans)
        return plans

    def _legal_text(self) -> str:
        moves = self.legal_moves()
        return ", ".join(str(m) for m in moves) if moves else "none"

    def _why_illegal(self, move: FishingMove) -> str:
        seat = self.to_play
        if isinstance(move, Declare):
            if self.phase != "declare":
                return "there is no declaration phase now; play a card"
            return f"seat {seat} holds no {move.call.value if move.call else 'pass'} to declare"
        if self.phase == "declare":
            return "this is the ronda declaration phase: declare or pass"
        if isinstance(move, (Bid, Accept, Refuse)):
            return self._why_illegal_stake(move)
        if self.phase == "bid":
            return f"the ronda stake is being bid: seat {seat} bids, raises, accepts or refuses"
        holding = self.holdings[seat]
        if move.card not in holding:
            return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
        same_card = [m for m in self.legal_moves() if isinstance(m, Play) and m.card is move.card]
        runs = sorted({m.run for m in same_card})
        if move.run not in runs:
            if runs == [0]:
                return f"{move.card} can take no run here"
            return f"a run of {move.run} is not allowed with {move.card}; allowed run lengths: {runs}"
        piles = [m.piles for m in same_card if m.run == move.run]
        if move.piles not in piles:
            choices = "; ".join(",".join(map(str, p)) or "none" for p in piles)
            return (f"those piles ({','.join(map(str, move.piles)) or 'none'}) cannot be taken by that run; "
                    f"the eligible choices are: {choices}")
        calls = [m.calls for m in same_card if m.run == move.run and m.piles == move.piles]
        if move.calls and not self.rules.explicit_calls:
            return "calls are made automatically under these rules; leave them out"
        allowed = sorted({c.value for calls_set in calls for c in calls_set})
        return f"those calls do not apply to this move (it can call: {', '.join(allowed) or 'nothing'})"


    def _why_illegal_stake(self, move: Bid | Accept | Refuse) -> str:
        stake = self.stake
        if self.phase != "bid" or stake is None or self.tally is None:
            return "no ronda stake is being bid now"
        if isinstance(move, (Accept, Refuse)):
            return "there is no bid to answer yet: the first bidder must open with a bid"
        joc = self.rules.partides_to_win > 1
        if move.stones == JOC and not joc:
            return ("a bid of joc needs a joc of several partides (partides_to_win > 1); "
                    "here one partida is the whole game: bid a number or 'bid game'")
        last = stake.bids[-1] if stake.bids else 1
        if last == JOC:
            return "the joc has been bid: it can only be accepted or refused"
        if last is None:
            if joc:
                return "the game has been bid: raise it to 'bid joc', or accept or refuse it"
            return "the game has been bid: it can only be accepted or refused"
        top = self.rules.target - 1 - max(self.tally.stones)
        low = max(2, last + 1)
        more = "'bid game' or 'bid joc'" if joc else "'bid game'"
        if top < low:
            return f"only {more} can raise now (a number would have to be {low} to {top})"
        return f"a bid must be a number from {low} to {top}, or {more}"


def _coerce(move: FishingMove | str) -> FishingMove:
    if isinstance(move, str):
        return parse_move(move)
    if isinstance(move, (Play, Declare, Bid, Accept, Refuse)):
        return move
    raise InvalidNotationError(f"not a move of this game: {move!r}")


def _winners(scores: Sequence[float]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def _ronda_kind(holding: Sequence[Card]) -> Call | None:
    ranks = [card.rank for card in holding]
    top = max(ranks.count(rank) for rank in ranks) if ranks else 0
    if top >= 3:
        return Call.RONDI
    if top == 2:
        return Call.RONDA
    return None


# ---------------------------------------------------------------------------------
# Move generation


def _successors(rules: FishingRules) -> tuple[int, ...]:
    table = _SUCC_CACHE.get((rules.deck.name, rules.wrap))
    if table is None:
        table = rules.deck.successor_table(rules.wrap)
        _SUCC_CACHE[(rules.deck.name, rules.wrap)] = table
    return table


_SUCC_CACHE: dict[tuple[str, bool], tuple[int, ...]] = {}


def _run_units(
    rules: FishingRules,
    seat: int,
    start: int,
    by_rank: list[Card | None],
    piles: Sequence[tuple[Card, ...]],
) -> list[tuple[int, tuple[int, ...]]]:
    """The run available after matching rank *start*: ``(rank, choices)`` per unit;
    choices are ``(-1,)`` for the table card or the eligible pile seats."""
    succ = _successors(rules)
    tops: list[tuple[int, int]] | None = None
    if rules.open_piles:
        tops = [
            (pile[-1].rank, owner)
            for owner, pile in enumerate(piles)
            if pile and (owner != seat or rules.own_pile) and by_rank[pile[-1].rank] is None
        ]
    units: list[tuple[int, tuple[int, ...]]] = []
    rank = succ[start]
    while rank and rank != start:
        if by_rank[rank] is not None:
            units.append((rank, (-1,)))
        elif tops:
            seats = tuple(owner for top, owner in tops if top == rank)
            if not seats:
                break
            units.append((rank, seats))
        else:
            break
        rank = succ[rank]
    return units


def _run_plans(
    rules: FishingRules,
    card: Card,
    units: list[tuple[int, tuple[int, ...]]],
    in_chain: bool,
    out: dict[Any, tuple[Unit, ...] | None],
    calls: tuple[frozenset[Call], ...],
) -> None:
    longest = len(units)
    if in_chain and rules.no_runs_in_chains:
        lengths: Iterable[int] = (0,)
    elif rules.run_mode == "prefix":
        lengths = range(longest + 1)
    elif rules.run_mode == "whole":
        lengths = (longest,)
    else:
        lengths = (0, longest) if longest else (0,)
    for length in lengths:
        chosen = units[:length]
        if all(len(choices) == 1 for _, choices in chosen):
            plan = tuple((rank, choices[0]) for rank, choices in chosen)
            piles = tuple(seat for _, seat in plan if seat >= 0)
            for call_set in calls:
                out[_play(card, length, piles, call_set)] = plan
            continue
        for picks in product(*(choices for _, choices in chosen)):
            plan = tuple((rank, pick) for (rank, _), pick in zip(chosen, picks, strict=True))
            piles = tuple(seat for seat in picks if seat >= 0)
            for call_set in calls:
                out[_play(card, length, piles, call_set)] = plan


_NO_CALLS: tuple[frozenset[Call], ...] = (frozenset(),)

_PLAYS: dict[tuple[Card, int, tuple[int, ...], frozenset[Call]], Play] = {}


def _play(card: Card, run: int = 0, piles: tuple[int, ...] = (), calls: frozenset[Call] = frozenset()) -> Play:
    """The interned :class:`Play` (moves are immutable, so one object per move)."""
    key = (card, run, piles, calls)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card, run, piles, calls)
    return move


def _call_sets(rules: FishingRules, chain_call: Call | None, neta: bool) -> tuple[frozenset[Call], ...]:
    if not rules.explicit_calls:
        return _NO_CALLS
    applicable = [call for call in (chain_call, Call.NETA if neta else None) if call is not None]
    sets: list[frozenset[Call]] = [frozenset()]
    for call in applicable:
        sets += [s | {call} for s in sets]
    # the canonical order of Play.sort_key: by the sorted call names
    return tuple(sorted(sets, key=lambda calls: sorted(call.value for call in calls)))


def _generate(state: FishingState) -> dict[Any, tuple[Unit, ...] | None]:
    out: dict[Any, tuple[Unit, ...] | None] = {}
    if state.phase == "over":
        return out
    seat = state.to_play
    holding = state.holdings[seat]
    if state.phase == "bid":
        return _stake_moves(state)
    if state.phase == "declare":
        out[Declare(None)] = None
        kind = _ronda_kind(holding)
        if kind is not None:
            out[Declare(kind)] = None
        return out
    rules = state.rules
    chain = state.chain
    table = state.table
    piles = state.piles
    if chain is not None:
        base = _Work(state)
        base.events = []
        with contextlib.suppress(_PartidaWon):  # the partida would end at the completion
            base.complete_chain()
        base_table: Sequence[Card] = base.table
        base_piles: Sequence[tuple[Card, ...]] = base.piles
    else:
        base_table, base_piles = table, piles
    by_rank: list[Card | None] = [None] * 13
    for card in base_table:
        by_rank[card.rank] = card
    trail = state.trail
    trail_rank = trail[1].rank if trail is not None else 0
    captures = False
    extension: list[tuple[int, tuple[int, ...]]] | None = None  # the same for every card of the rank
    for card in sorted(holding):
        rank = card.rank
        if chain is not None and rank == chain.rank:
            captures = True
            if extension is None:
                current: list[Card | None] = [None] * 13
                for on_table in table:
                    current[on_table.rank] = on_table
                extension = _run_units(rules, seat, rank, current, piles)
            units = extension
            call = rules.chain_call(chain.level + 1)
            calls = _call_sets(rules, call, False)
            if rules.explicit_calls:
                _neta_aware(rules, card, units, True, out, call, len(table))
            else:
                _run_plans(rules, card, units, True, out, calls)
        elif by_rank[rank] is not None:
            captures = True
            units = _run_units(rules, seat, rank, by_rank, base_piles)
            in_chain = rank == trail_rank
            cau = Call.CAU if in_chain else None
            if rules.explicit_calls:
                _neta_aware(rules, card, units, in_chain, out, cau, len(base_table) - 1)
            else:
                _run_plans(rules, card, units, in_chain, out, _NO_CALLS)
        else:
            out[_play(card)] = None
    if rules.must_capture and captures:
        out = {move: plan for move, plan in out.items() if plan is not None}
    return out


def _stake_moves(state: FishingState) -> dict[Any, tuple[Unit, ...] | None]:
    stake = state.stake
    assert stake is not None and state.tally is not None
    top = state.rules.target - 1 - max(state.tally.stones)
    joc = state.rules.partides_to_win > 1
    out: dict[Any, tuple[Unit, ...] | None] = {}
    last = stake.bids[-1] if stake.bids else 1
    if isinstance(last, int):
        for stones in range(max(2, last + 1), top + 1):
            out[Bid(stones)] = None
        out[Bid(GAME)] = None
    if joc and last != JOC:
        out[Bid(JOC)] = None
    if stake.bids:
        out[Accept()] = None
        out[Refuse()] = None
    return out


def _neta_aware(
    rules: FishingRules,
    card: Card,
    units: list[tuple[int, tuple[int, ...]]],
    in_chain: bool,
    out: dict[Any, tuple[Unit, ...] | None],
    call: Call | None,
    table_after_match: int,
) -> None:
    """Plans with their call sets under ``explicit_calls``: neta applies when the match
    and the run's table cards leave the table empty."""
    staged: dict[Any, tuple[Unit, ...] | None] = {}
    _run_plans(rules, card, units, in_chain, staged, _NO_CALLS)
    for move, plan in staged.items():
        assert isinstance(move, Play) and plan is not None
        table_taken = sum(1 for _, seat in plan if seat < 0)
        neta = table_taken == table_after_match
        for call_set in _call_sets(rules, call, neta):
            out[attrs.evolve(move, calls=call_set)] = plan


# ---------------------------------------------------------------------------------
# Applying moves: a short-lived mutable copy, frozen again at the end


class _Work:
    """The mutable scratch copy of a state that one ``apply`` works on."""

    __slots__ = (
        "chain",
        "debts",
        "decks",
        "declarations",
        "discard",
        "events",
        "hand",
        "hand_scores",
        "holdings",
        "last_capturer",
        "n",
        "opener",
        "phase",
        "piles",
        "round",
        "rules",
        "seed",
        "stake",
        "stock",
        "table",
        "tally",
        "to_play",
        "trail",
    )

    def __init__(self, state: FishingState) -> None:
        self.rules = state.rules
        self.n = state.players
        self.seed = state.seed
        self.decks = state.decks
        self.hand = state.hand
        self.round = state.round
        self.opener = state.opener
        self.to_play = state.to_play
        self.phase: Phase = state.phase
        self.stock = state.stock
        self.table = list(state.table)
        self.holdings = list(state.holdings)
        self.piles = list(state.piles)
        self.discard = state.discard
        self.chain = state.chain
        self.trail = state.trail
        self.debts = list(state.debts)
        self.last_capturer = state.last_capturer
        self.declarations = state.declarations
        self.hand_scores = state.hand_scores
        self.tally = state.tally
        self.stake = state.stake
        self.events: list[FishingEvent] = []

    def freeze(self) -> FishingState:
        return FishingState(
            self.rules, self.n, self.seed, self.decks, self.hand, self.round, self.opener,
            self.to_play, self.phase, self.stock, tuple(self.table), tuple(self.holdings),
            tuple(self.piles), self.discard, self.chain, self.trail, tuple(self.debts),
            self.last_capturer, self.declarations, self.hand_scores, self.tally, self.stake,
            tuple(self.events),
        )

    # -- a turn ------------------------------------------------------------------

    def play(self, move: Play, plan: tuple[Unit, ...] | None) -> None:
        seat = self.to_play
        card = move.card
        rank = card.rank
        chain = self.chain
        trail = self.trail
        self.trail = None
        if chain is not None and rank != chain.rank:
            self.complete_chain()  # before the card leaves the holding: it may end the partida
        holding = self.holdings[seat]
        index = holding.index(card)
        self.holdings[seat] = holding[:index] + holding[index + 1:]
        if chain is not None and rank == chain.rank:
            assert plan is not None
            self.extend_chain(Chain(rank, (*chain.cards, (seat, card)), plan, move.calls))
        else:
            if plan is None:
                self.table.append(card)
                self.trail = (seat, card)
                self.events.append(Trailed(seat, card))
            elif trail is not None and trail[1].rank == rank:
                self.table.remove(trail[1])
                self.extend_chain(Chain(rank, (trail, (seat, card)), plan, move.calls))
            else:
                matched = next(c for c in self.table if c.rank == rank)
                self.table.remove(matched)
                self.capture(seat, card, (matched, card), plan, 0)
                if not self.table and (not self.rules.explicit_calls or Call.NETA in move.calls):
                    self.neta(seat)
        self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        n = self.n
        nxt = (seat + 1) % n
        if self.rules.continuous and self.stock:
            self.holdings[seat] = self.holdings[seat] + self.stock[:1]
            self.stock = self.stock[1:]
        self.settle(seat)
        if any(self.holdings):
            self.to_play = nxt
        elif self.stock:
            self.new_round(seat)
        else:
            self.end_hand(seat)

    def extend_chain(self, chain: Chain) -> None:
        self.chain = chain
        seat, card = chain.cards[-1]
        claimed = tuple(self._table_card(rank) for rank, owner in chain.run if owner < 0)
        claimed_piles = tuple(owner for _, owner in chain.run if owner >= 0)
        rules = self.rules
        call = rules.chain_call(chain.level)
        self.events.append(ChainExtended(seat, card, chain.level, claimed, claimed_piles, call))
        if chain.level >= rules.max_chain:
            self.complete_chain(at_once=True)
        elif (rules.rewards == "stones" and rules.chain_scoring == "cumulative"
              and (not rules.explicit_calls or call in chain.calls)):
            self.events.append(Called(seat, call))  # a pending call scores as it is made
            self.score(seat % 2, chain.level - 1, call.value)

    def _table_card(self, rank: int) -> Card:
        return next(c for c in self.table if c.rank == rank)

    def capture(
        self, seat: int, card: Card, core: tuple[Card, ...], plan: tuple[Unit, ...], chain: int
    ) -> None:
        """Stack a capture onto *seat*'s pile (D-CAP-4, D-CHAIN-5): run units from the
        highest down, each taken pile whole, then *core* (matched card(s), played card
        last)."""
        stack: list[Card] = []
        taken: list[int] = []
        piles = self.piles
        for rank, owner in reversed(plan):
            if owner < 0:
                table_card = self._table_card(rank)
                self.table.remove(table_card)
                stack.append(table_card)
            else:
                stack.extend(piles[owner])
                piles[owner] = ()
                taken.append(owner)
        stack.extend(core)
        piles[seat] = piles[seat] + tuple(stack)
        self.last_capturer = seat
        taken.reverse()
        self.events.append(Captured(seat, card, tuple(stack), tuple(taken), chain))

    def complete_chain(self, at_once: bool = False) -> None:
        """Complete the pending chain: the capture, then the call, then its payments (or
        its stones), then any neta.  *at_once*: the chain's last card reached the highest
        level, so under ``chain_scoring="cumulative"`` that last call scores here too,
        after the capture like every other completed chain's call."""
        chain = self.chain
        if chain is None:
            return
        self.chain = None
        caller, card = chain.cards[-1]
        core = tuple(c for _, c in chain.cards)
        self.capture(caller, card, core, chain.run, chain.level)
        rules = self.rules
        explicit = rules.explicit_calls
        call = rules.chain_call(chain.level)
        if rules.rewards == "stones":
            scores = rules.chain_scoring == "final" or at_once
            if scores and (not explicit or call in chain.calls):
                self.events.append(Called(caller, call))
                self.score(caller % 2, chain.level - 1, call.value)
        elif not explicit or call in chain.calls:
            self.events.append(Called(caller, call))
            n = self.n
            payers = sorted(
                ((seat - caller) % n, position, seat)
                for position, (seat, _) in enumerate(chain.cards[:-1])
                if seat != caller
            )
            for _, position, seat in payers:
                self.pay(seat, caller, position + 1, call)
        if not self.table and (not explicit or Call.NETA in chain.calls):
            self.neta(caller)

    def neta(self, seat: int) -> None:
        self.events.append(Called(seat, Call.NETA))
        if self.rules.rewards == "stones":
            self.score(seat % 2, 1, "neta")
            return
        n = self.n
        for step in range(1, n):
            self.pay((seat + step) % n, seat, 1, Call.NETA)

    # -- payments and debts --------------------------------------------------------

    def pay(self, payer: int, receiver: int, amount: int, reason: Call) -> None:
        pile = self.piles[payer]
        paid = min(amount, len(pile))
        if paid:
            moved = pile[len(pile) - paid:][::-1]
            self.piles[payer] = pile[: len(pile) - paid]
            self.piles[receiver] = self.piles[receiver] + moved
            self.events.extend(Paid(payer, receiver, c, reason) for c in moved)
        if paid < amount:
            self.debts[payer] = self.debts[payer] + ((receiver, amount - paid),)
            self.events.append(DebtIncurred(payer, receiver, amount - paid, reason))

    def settle(self, start: int) -> None:
        """Pay debts as far as piles allow (D-DEBT-1)."""
        debts = self.debts
        if not any(debts):
            return
        n = self.n
        piles = self.piles
        moved = True
        while moved:
            moved = False
            for step in range(n):
                debtor = (start + step) % n
                while debts[debtor] and piles[debtor]:
                    creditor, amount = debts[debtor][0]
                    card = piles[debtor][-1]
                    piles[debtor] = piles[debtor][:-1]
                    piles[creditor] = piles[creditor] + (card,)
                    self.events.append(Paid(debtor, creditor, card, None))
                    rest = debts[debtor][1:]
                    debts[debtor] = ((creditor, amount - 1), *rest) if amount > 1 else rest
                    moved = True

    # -- stones (the Valencian game) ----------------------------------------------

    def score(self, team: int, stones: int, reason: str) -> None:
        """Add stones for *team*; reaching the target ends the partida at once (D-FINE-4)."""
        tally = self.tally
        assert tally is not None
        totals = list(tally.stones)
        totals[team] += stones
        entry = (sum(tally.partides), self.hand, team, reason, stones)
        self.tally = Tally(tuple(totals), tally.partides, (*tally.log, entry))
        self.events.append(Scored(team, stones, reason, totals[team]))
        if totals[team] >= self.rules.target:
            raise _PartidaWon(team)

    def partida_won(self, team: int, joc: bool = False) -> None:
        """*team* won the partida (with *joc*: the whole joc, an accepted joc stake, so
        its partides are raised to ``partides_to_win``); start the next partida's first
        hand or end the game."""
        while True:
            tally = self.tally
            assert tally is not None
            partides = list(tally.partides)
            partides[team] = self.rules.partides_to_win if joc else partides[team] + 1
            self.tally = Tally(tally.stones, tuple(partides), tally.log)
            self.events.append(PartidaWon(team, tuple(partides), joc))
            self.stake = None
            if partides[team] >= self.rules.partides_to_win:
                self.phase = "over"
                result = self.freeze().outcome()
                assert result is not None
                self.events.append(GameEnded(result.winners, result.scores))
                return
            self.tally = Tally((0,) * len(partides), tuple(partides), self.tally.log)
            try:
                self.start_hand(self.hand + 1)
                return
            except _PartidaWon as again:
                team, joc = again.team, again.joc

    def stone_rondas(self, opener: int) -> None:
        """Valencian rondas: automatic stones, or the stake when both teams hold one."""
        n = self.n
        holders = [
            (seat, kind)
            for seat in ((opener + step) % n for step in range(n))
            if (kind := _ronda_kind(self.holdings[seat])) is not None
        ]
        if not holders:
            return
        if len({seat % 2 for seat, _ in holders}) == 1:
            for seat, kind in holders:
                self.events.append(Called(seat, kind))
                self.score(seat % 2, 2 if kind is Call.RONDI else 1, kind.value)
            return
        eldest = self.hand % n
        by_age = sorted(holders, key=lambda holder: (holder[0] - eldest) % n)
        first = by_age[0][0]
        second = next(seat for seat, _ in by_age if seat % 2 != first % 2)
        for seat, kind in holders:
            self.events.append(Called(seat, kind))
        self.stake = Stake(tuple(by_age), (first, second))
        self.events.append(StakeOpened((first, second)))
        self.phase = "bid"
        self.to_play = first

    def answer_stake(self, move: Bid | Accept | Refuse) -> None:
        stake = self.stake
        assert stake is not None
        seat = self.to_play
        if isinstance(move, Bid):
            self.stake = Stake(stake.holders, stake.bidders, (*stake.bids, move.stones))
            self.events.append(StakeBid(seat, move.stones))
            self.to_play = self.stake.to_answer
            return
        self.stake = None
        self.phase = "play"
        self.to_play = self.opener
        bid = stake.bids[-1]
        if isinstance(move, Accept):
            self.events.append(StakeAnswered(seat, True))
            n = self.n
            eldest = self.hand % n
            shown = tuple((holder, self.holdings[holder]) for holder, _ in stake.holders)

            def strength(holder: tuple[int, Call]) -> tuple[int, int, int]:
                ranks = [card.rank for card in self.holdings[holder[0]]]
                rank = max(r for r in ranks if ranks.count(r) >= 2)
                return (1 if holder[1] is Call.RONDI else 0, rank, -((holder[0] - eldest) % n))

            winner = max(stake.holders, key=strength)[0]
            self.events.append(Showdown(shown, winner))
            if bid is None or bid == JOC:
                raise _PartidaWon(winner % 2, joc=bid == JOC)
            self.score(winner % 2, bid, "stake")
            return
        self.events.append(StakeAnswered(seat, False))
        refused_index = len(stake.bids) - 1
        bidder_team = stake.bidders[refused_index % 2] % 2
        if refused_index == 0:
            stones = sum(2 if kind is Call.RONDI else 1 for holder, kind in stake.holders
                         if holder % 2 == bidder_team)
        else:
            raised = stake.bids[refused_index - 1]
            if raised is None:  # a refused raise from game to joc wins the partida
                raise _PartidaWon(bidder_team)
            assert raised != JOC, "a joc is never raised"
            stones = raised
        self.score(bidder_team, stones, "stake")

    # -- dealing -------------------------------------------------------------------

    def start_hand(self, hand: int) -> None:
        n = self.n
        rules = self.rules
        self.hand = hand
        self.round = 0
        eldest = hand % n
        self.events.append(HandStarted(hand, (eldest - 1) % n, eldest))
        supplied = hand < len(self.decks)
        if supplied:
            order = self.decks[hand]
        else:
            order = rules.deck.shuffled(random.Random(f"{self.seed}:{hand}:0:shuffle"))
        stock = list(order)
        table: list[Card] = []
        seen = [False] * 13
        returns = 0
        while len(table) < rules.table_count(n):
            card = stock.pop(0)
            if seen[card.rank]:
                returns += 1
                if supplied:
                    stock.append(card)
                else:
                    rng = random.Random(f"{self.seed}:{hand}:{returns}:table-return")
                    stock.insert(rng.randrange(1, len(stock) + 1), card)
                self.events.append(TableReplaced(card))
                continue
            seen[card.rank] = True
            table.append(card)
        self.table = table
        self.stock = tuple(stock)
        self.holdings = [()] * n
        self.piles = [()] * n
        self.discard = ()
        self.chain = None
        self.trail = None
        self.stake = None
        self.debts = [()] * n
        self.last_capturer = -1
        self.declarations = ()
        self.opener = eldest
        self.to_play = eldest
        self.phase = "play"
        if rules.rewards == "stones":
            dealer_team = (eldest - 1) % n % 2
            if returns:
                self.score(1 - dealer_team, 1, "pixat")
            else:
                self.score(dealer_team, 1, "bon fer")
        self.deal_round(eldest, tuple(table))

    def deal_round(self, opener: int, table: tuple[Card, ...]) -> None:
        n = self.n
        rules = self.rules
        eldest = self.hand % n
        each = len(self.stock) // n if rules.deal == "whole" else min(rules.round_size, len(self.stock) // n)
        stock = self.stock
        given = [list(h) for h in self.holdings]
        position = 0
        left = each
        while left > 0:
            packet = rules.packet if left >= rules.packet else 1
            for step in range(n):
                seat = (eldest + step) % n
                given[seat].extend(stock[position: position + packet])
                position += packet
            left -= packet
        self.stock = stock[position:]
        self.holdings = [tuple(h) for h in given]
        self.opener = opener
        self.to_play = opener
        self.phase = "play"
        self.events.append(Dealt(self.round, opener, table, tuple(len(h) for h in given)))
        if rules.rondas and each in (2, 3) and not (rules.continuous and self.round > 0):
            if rules.rewards == "stones":
                self.stone_rondas(opener)
                return
            if rules.explicit_calls:
                self.phase = "declare"
                self.declarations = ()
                return
            for step in range(n):
                seat = (opener + step) % n
                kind = _ronda_kind(self.holdings[seat])
                if kind is not None:
                    self.ronda(seat, kind)
        self.settle(opener)

    def ronda(self, holder: int, kind: Call) -> None:
        self.events.append(Called(holder, kind))
        amount = 2 if kind is Call.RONDI else 1
        for step in range(1, self.n):
            self.pay((holder + step) % self.n, holder, amount, kind)

    def declare(self, move: Declare) -> None:
        seat = self.to_play
        self.events.append(Declared(seat, move.call))
        if move.call is not None:
            self.declarations = (*self.declarations, (seat, move.call))
        nxt = (seat + 1) % self.n
        if nxt != self.opener:
            self.to_play = nxt
            return
        for holder, kind in self.declarations:
            self.ronda(holder, kind)
        self.declarations = ()
        self.phase = "play"
        self.to_play = self.opener
        self.settle(self.opener)

    def new_round(self, last: int) -> None:
        """Deal the next round after *last* played the previous round's last card.

        When the new opener is not the next seat, the deal completes a pending chain
        first, and the debts are settled from *last* before the cards are dealt, so a
        debtor pays with what the chain brought it, not with the new round's ronda
        cards (D-CHAIN-7, D-DEBT-2); ``deal_round`` settles again after the rondas.
        """
        nxt = (last + 1) % self.n
        self.round += 1
        opener = (self.hand + self.round) % self.n if self.rules.round_opener == "rotate" else nxt
        if opener != nxt:
            if self.chain is not None:
                self.complete_chain()
                self.settle(last)
            self.trail = None
        self.deal_round(opener, ())

    def end_hand(self, last: int) -> None:
        self.complete_chain()
        self.settle(last)
        if self.table:
            leftovers = tuple(self.table)
            if self.rules.leftovers == "discard":
                self.discard = self.discard + leftovers
                self.table = []
                self.events.append(LeftoversTaken(None, leftovers))
            elif self.last_capturer >= 0:
                seat = self.last_capturer
                self.piles[seat] = self.piles[seat] + leftovers
                self.table = []
                self.events.append(LeftoversTaken(seat, leftovers))
        self.debts = [()] * self.n
        self.trail = None
        cards = tuple(len(pile) for pile in self.piles)
        if self.rules.rewards == "stones" and self.rules.card_surplus_stones:
            half = self.rules.deck.size // 2
            for team in (0, 1):
                surplus = sum(cards[team::2]) - half
                if surplus > 0:
                    self.score(team, surplus, "surplus")
        scores = tuple(min(count // 12, 3) for count in cards) if self.rules.scoring == "dozens" else cards
        self.hand_scores = (*self.hand_scores, scores)
        self.events.append(HandEnded(self.hand, cards, scores, _winners(scores)))
        if self.hand + 1 < self.rules.hands or self.tally is not None:
            self.start_hand(self.hand + 1)
            return
        self.phase = "over"
        state = self.freeze()
        result = state.outcome()
        assert result is not None
        self.events.append(GameEnded(result.winners, result.scores))


def new_fishing_game(
    rules: FishingRules,
    players: int,
    seed: int = 0,
    deck: Sequence[Card | str] | None = None,
    decks: Sequence[Sequence[Card | str]] = (),
) -> FishingState:
    """A new game of the capture family, dealt and ready for the eldest hand.

    All randomness comes from *seed* (D-DEAL-1).  *deck* supplies the first hand's deck
    order (index 0 is the top); *decks* supplies one order per hand.

    >>> from cau_rules.fishing.rules import CAU
    >>> state = new_fishing_game(CAU, 4, seed=11)
    >>> [len(h) for h in state.holdings], len(state.stock)
    ([3, 3, 3, 3], 36)
    """
    rules.check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidPositionError(f"the seed must be a whole number, not {seed!r}")
    orders = [rules.deck.check_order(order) for order in decks]
    if deck is not None:
        orders[:1] = [rules.deck.check_order(deck)]
    empty = FishingState(
        rules, players, seed, tuple(orders), 0, 0, 0, 0, "play", (), (), ((),) * players,
        ((),) * players, (), None, None, ((),) * players, -1, (), (),
        Tally() if rules.rewards == "stones" else None,
    )
    work = _Work(empty)
    try:
        work.start_hand(0)
    except _PartidaWon as won:
        work.partida_won(won.team, won.joc)
    return work.freeze()

