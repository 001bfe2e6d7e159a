"""The state of a capture-family game: a frozen position with its legal moves and the
pure ``apply``.

A :class:`FishingState` is frozen: :meth:`FishingState.apply` returns a new state and
leaves the old one untouched.  The events of the move that produced a state are in
``state.events``.  The state sits on top of its family: move generation is in
:mod:`~cau_rules.fishing.legal`, the rules of a move in :mod:`~cau_rules.fishing.engine`.

>>> from cau_rules.fishing import CAU, new_game
>>> state = new_game(CAU, 2, seed=7)
>>> state.to_play, state.holding_sizes, len(state.stock)
(0, (3, 3), 42)
>>> move = state.legal_moves()[0]
>>> after = state.apply(move)
>>> after.to_play, after.holding_sizes
(1, (2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from cau_rules.cards import Card
from cau_rules.checks import check_type, whole_number
from cau_rules.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.fishing.direct import trailed
from cau_rules.fishing.engine import Engine, hands_won, outcome_of
from cau_rules.fishing.events import FishingEvent
from cau_rules.fishing.legal import Plan, index_of, legal_plays, stake_moves, why_illegal
from cau_rules.fishing.moves import (
    Accept,
    Bid,
    Call,
    Declare,
    FishingMove,
    MoveTypeError,
    Play,
    Refuse,
    parse_move,
)
from cau_rules.fishing.notation import notation_fields, position_to_notation
from cau_rules.fishing.picture import PictureForm, svg_state
from cau_rules.fishing.render import render_state
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.serial import MAX_SEED, fields_from_dict, position_fields, state_fields_to_dict
from cau_rules.fishing.validate import position_problems
from cau_rules.fishing.view import FishingView, view_of
from cau_rules.fishing.zones import Chain, Debt, Phase, Stake, Tally, score_sheet
from cau_rules.frozen import builder
from cau_rules.game import move_for_turn
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome
from cau_rules.svg import SvgOptions

__all__ = ["FishingState", "new_game"]

_Plays = tuple[tuple[FishingMove, ...], list[Plan | None]]
"""The legal moves in canonical order and their plans, kept once generated."""


@attrs.frozen(slots=True, kw_only=True)
class FishingState:
    """A position of a capture-family game (Cau, Cau robat, the English rules).

    Build one with :func:`new_game` (dealt from a seed or supplied deck orders),
    :meth:`from_position` (an exact position) or :meth:`from_dict`; never mutate it.
    Its fields are given by keyword.

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
    _plans: _Plays | None = attrs.field(default=None, init=False, eq=False, repr=False, hash=False)

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

    @property
    def holding_sizes(self) -> tuple[int, ...]:
        """The number of cards each seat holds.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=3, seed=1).holding_sizes
        (3, 3, 3)
        """
        return tuple(len(holding) for holding in self.holdings)

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """The number of cards in each seat's pile.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).pile_sizes
        (0, 0)
        """
        return tuple(len(pile) for pile in self.piles)

    @property
    def stones(self) -> tuple[int, ...]:
        """The stones of each team in the current partida (empty without stones).

        >>> from cau_rules import new_game
        >>> sum(new_game("cau-recau-sant-vicent", players=4, seed=1).stones) >= 1
        True
        """
        return () if self.tally is None else self.tally.stones

    def status(self) -> tuple[str, ...]:
        """Every reason this position cannot arise under its rules, one sentence each
        (empty when it can); see :mod:`cau_rules.fishing.validate`.  A state built by play
        always has an empty status; ``from_position``, ``from_dict`` and
        ``from_notation`` refuse a position whose status is not empty.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).status()
        ()
        """
        return tuple(position_problems(self))

    def legal_moves(self) -> Sequence[FishingMove]:
        """Every legal move of the seat to play, in canonical order.

        During the Valencian ronda stake, the bids are a lazy range
        (a :class:`~cau_rules.moveseq.MoveList`): numbers upwards, then ``bid game``,
        ``bid joc``, ``accept`` and ``refuse``.

        >>> from cau_rules import new_game
        >>> [str(m) for m in new_game("cau", players=2, seed=1).legal_moves()]
        ['12o', '12c', '2b']
        """
        if self.phase == "bid":
            return stake_moves(self.rules, self.stake, self.tally)
        return self._legal_plans()[0]

    def is_legal(self, move: FishingMove | str) -> bool:
        """Whether *move* (a move or its text) is legal here.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).is_legal("12o"), new_game("cau", players=2, seed=1).is_legal("5o")
        (True, False)
        """
        try:
            return self._is_legal(_coerce(move))
        except (InvalidNotationError, MoveTypeError):
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
        if not self._is_legal(move):
            raise self._refusal(text, move)
        return move

    def apply(self, move: FishingMove | str, *, seat: int | None = None) -> FishingState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, also check that it is that seat's turn.  An illegal move raises
        :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) whose message says why and what is
        legal; this state is never changed.  A *move* of the wrong Python type (neither a
        move nor text) raises :class:`~cau_rules.fishing.moves.MoveTypeError`, both a
        ``TypeError`` and an ``IllegalMoveError``; a *seat* that is not an int a
        ``TypeError``.

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=1)
        >>> state.apply("5o")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: illegal move 5o: seat 0 does not hold 5o (holding: 12o 12c 2b); legal moves: 12o, 12c, 2b
        """
        if seat is not None:
            check_type(seat, int, "seat")
        if seat is None and type(move) is Play and self.phase == "play":
            # the hot path: a move object, no seat check; one lookup finds it and its plan
            moves, plans = self._plans or self._legal_plans()
            try:
                plan = plans[index_of(moves, move)]
            except ValueError:
                plan = _ABSENT
            if plan is not _ABSENT:
                return _made(self, move, plan)
        parsed = move_for_turn(self.phase == "over", self.to_play, move, seat, _coerce, self._legal_text)
        if self.phase != "bid":
            moves, plans = self._legal_plans()
            try:
                plan = plans[index_of(moves, parsed)]
            except ValueError:
                raise self._refusal(move, parsed) from None
        elif parsed in stake_moves(self.rules, self.stake, self.tally):
            plan = None
        else:
            raise self._refusal(move, parsed)
        return _made(self, parsed, plan)

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None.

        Cards presets with one hand: the most cards (or dozen points) wins, ties share.
        Matches of several hands: the most hands won wins, ties share.  Stones: the
        team with the most partides wins.
        """
        if self.phase != "over":
            return None
        return outcome_of(self.rules, self.players, self.tally, self.hand_scores)

    def hands_won(self) -> tuple[int, ...]:
        """Hands won so far by each seat (every seat tied on top is credited)."""
        return hands_won(self.players, self.hand_scores)

    def team_of(self, seat: int) -> int:
        """The team of *seat* (0 for seats 0 and 2, 1 for seats 1 and 3); without teams,
        the seat itself.

        >>> from cau_rules import new_game
        >>> new_game("cau-recau-sant-vicent", players=4, seed=1).team_of(3)
        1
        """
        return seat % 2 if self.rules.teams else seat

    def score_sheet(self) -> dict[str, Any]:
        """What a player would write on paper: stones by source for each team, per hand
        and for the whole game (Valencian stones only).

        >>> from cau_rules import new_game
        >>> sheet = new_game("cau-recau-sant-vicent", players=4, seed=1).score_sheet()
        >>> sorted(sheet), sheet["stones"], sheet["game"]
        (['game', 'hands', 'partides', 'stones'], [3, 0], {'pixat': [1, 0], 'ronda': [2, 0]})
        """
        return score_sheet(self.tally, self.phase == "over")

    def observe(self, seat: int) -> FishingView:
        """What *seat* may see (D-VIEW-1): a :class:`~cau_rules.fishing.view.FishingView`.

        >>> from cau_rules import new_game
        >>> view = new_game("cau", players=2, seed=1).observe(1)
        >>> view.holding_sizes, len(view.holding)
        ((3, 3), 3)
        """
        return view_of(self, seat, self.legal_moves(), self.outcome())

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (schema 1); see :mod:`cau_rules.notation`."""
        return state_fields_to_dict(self)

    def to_notation(self) -> str:
        """The whole position on one line (the grammar is in :mod:`cau_rules.fishing.notation`);
        :meth:`from_notation` reads it back.

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=1)
        >>> state.to_notation().split()[:2]
        ['12o12c2b/5c10b8e', '-']
        >>> FishingState.from_notation(state.rules, state.to_notation()) == state
        True
        """
        return position_to_notation(self)

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the whole state, every zone face up, in *lang*
        (:func:`~cau_rules.fishing.render.render_state`); ``str(state)`` is the English one.

        >>> from cau_rules import new_game
        >>> print(new_game("cau", players=2, seed=1).render("ca").splitlines()[2])
        Seient 0:   12o 12c 2b
        """
        return render_state(self, lang)

    def __str__(self) -> str:
        return render_state(self)

    def __repr__(self) -> str:
        """The preset and the one-line notation.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1)  # doctest: +ELLIPSIS
        FishingState('cau', '12o12c2b/5c10b8e - -/- 3e10e4o...')
        """
        return f"FishingState({self.rules.name!r}, {position_to_notation(self)!r})"

    def svg(self, *, options: SvgOptions | None = None, bottom: int = 0, lang: Lang | None = None,
            form: PictureForm = "table") -> str:
        """A picture of the whole state as SVG, every card face up
        (:func:`~cau_rules.fishing.picture.svg_state`).

        Args:
            options: size, language of the labels and highlighted cards.
            bottom: the seat drawn at the bottom.
            lang: the language of the labels (default: the options', English).
            form: ``"table"`` (the seats around an oval) or ``"column"`` (compact portrait).

        Returns:
            The SVG text.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).svg().count('class="card"')
        7
        """
        return svg_state(self, options=SvgOptions.of(options, lang), bottom=bottom,
                         outcome=self.outcome(), form=form)

    def _repr_svg_(self) -> str:
        """The picture notebooks show."""
        return self.svg()

    # -- construction -------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FishingState:
        """The state saved as *data* (:meth:`to_dict`), validated.

        >>> from cau_rules import new_game
        >>> state = new_game("cau-robat", players=3, seed=5)
        >>> FishingState.from_dict(state.to_dict()) == state
        True
        """
        return _checked(cls(**fields_from_dict(data)))

    @classmethod
    def from_notation(cls, rules: FishingRules, text: str) -> FishingState:
        """The position written *text* by :meth:`to_notation`, played under *rules*,
        validated.

        Args:
            rules: the rules (the notation does not name them).
            text: the one-line notation.

        Returns:
            The state.

        Raises:
            TypeError: *rules* is not a FishingRules or *text* not a str.
            InvalidNotationError: the text is malformed (the message names the field).
            InvalidPositionError: the position cannot arise under *rules*.

        >>> from cau_rules.fishing.rules import CAU
        >>> FishingState.from_notation(CAU, "12o12c2b/5c10b8e - -/- - - 0 lunch 0 0 0 - - -/- - - - - - 0 -")
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidNotationError: field 7 (phase) 'lunch': the phase is one of play, declare, bid, over
        """
        return _checked(cls(**notation_fields(rules, text)))

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
        Valencian game.  The log of the current partida adds up to its stones; a tally
        given with stones and no log has them logged as ``"carried"`` (see
        :func:`~cau_rules.fishing.zones.explained`), so that play keeps the two in step.

        Raises :class:`~cau_rules.errors.InvalidPositionError`, listing every problem,
        when the position cannot arise under *rules* (duplicate, missing or foreign
        cards, repeated table ranks, holdings that do not fit the deal and the turn
        order, a stock larger than the later deals...: see :mod:`cau_rules.fishing.validate`),
        and :class:`TypeError` naming the parameter for an argument of the wrong type.
        *opener*, when not given, is read from the holdings (the seats that have played
        in the round hold one card fewer).

        >>> from cau_rules.fishing.rules import CAU
        >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o 12o",
        ...                                    holdings=["8c", "1b"], rest="discard")
        >>> [str(m) for m in state.legal_moves()]
        ['8c', '8c+1']
        >>> FishingState.from_position(CAU, 2, table="3o 3c", holdings=["8c", "1b"], rest="discard")
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: impossible position (1 problem): the table has two cards of rank 3; table ranks are always distinct
        """
        return _checked(cls(**position_fields(
            rules, players, holdings=holdings, table=table, piles=piles, stock=stock,
            discard=discard, to_play=to_play, hand=hand, round=round, opener=opener, chain=chain,
            trail=trail, debts=debts, last_capturer=last_capturer, phase=phase,
            declarations=declarations, hand_scores=hand_scores, seed=seed, decks=decks,
            tally=tally, stake=stake, rest=rest, carry=True,
        )))

    # -- legal moves ------------------------------------------------------------------

    def _legal_plans(self) -> _Plays:
        found = self._plans
        if found is None:
            moves, plans = legal_plays(self)
            found = (tuple(moves), plans)
            object.__setattr__(self, "_plans", found)
        return found

    def _is_legal(self, move: FishingMove) -> bool:
        if self.phase == "bid":
            return move in stake_moves(self.rules, self.stake, self.tally)
        return move in self._legal_plans()[0]

    def _refusal(self, given: object, move: FishingMove) -> IllegalMoveError:
        return IllegalMoveError(
            f"illegal move {given}: {why_illegal(self, move, self.legal_moves())}; "
            f"legal moves: {self._legal_text()}"
        )

    def _legal_text(self) -> str:
        moves = self.legal_moves()
        return ", ".join(str(m) for m in moves) if moves else "none"


def _checked(state: FishingState) -> FishingState:
    """*state* if it can arise under its rules, else InvalidPositionError listing why."""
    problems = position_problems(state)
    if problems:
        raise InvalidPositionError(
            f"impossible position ({len(problems)} problem{'s' if len(problems) > 1 else ''}): "
            + "; ".join(problems)
        )
    return state


def _coerce(move: FishingMove | str) -> FishingMove:
    if isinstance(move, str):
        return parse_move(move)
    if isinstance(move, (Play, Declare, Bid, Accept, Refuse)):
        return move
    if attrs.has(type(move)):  # a move record of another game
        raise InvalidNotationError(f"not a move of this game: {move!r:.60}")
    raise MoveTypeError(
        f"move must be a move of the capture family or its text, not {type(move).__name__}: {move!r:.40}"
    )


def _made(state: FishingState, move: FishingMove, plan: Plan | None) -> FishingState:
    """The state after the seat to play makes *move*, already found legal with *plan*: a
    trail with no chain pending built directly (most are), anything else by the engine."""
    if plan is None and type(move) is Play and state.chain is None and state.phase == "play":
        after = trailed(state, move.card, FishingState)
        if after is not None:
            return after
    work = Engine(state)
    work.run(move, plan)
    return _frozen(work)


def _frozen(work: Engine) -> FishingState:
    """The frozen state of the fields *work* ended with, its events included.

    The hot path of every ``apply``: the fields are given positionally, in the state's
    field order, to its :func:`~cau_rules.frozen.builder` (the keyword constructor costs
    about a microsecond more, a sixth of a move).
    """
    return _make(
        work.rules, work.n, work.seed, work.decks, work.hand, work.round, work.opener, work.to_play,
        work.phase, work.stock, tuple(work.table), tuple(work.holdings), tuple(work.piles), work.discard,
        work.chain, work.trail, tuple(work.debts), work.last_capturer, work.declarations, work.hand_scores,
        work.tally, work.stake, tuple(work.events),
    )


_make = builder(FishingState)
_ABSENT: Any = object()


def new_game(
    rules: FishingRules,
    players: int,
    *,
    seed: int = 0,
    decks: Sequence[Sequence[Card | str]] | None = None,
) -> FishingState:
    """A new game of the capture family, dealt and ready for the eldest hand.

    Args:
        rules: the rules to play (a preset such as :data:`~cau_rules.fishing.rules.CAU`).
        players: how many seats play.
        seed: all randomness comes from it (D-DEAL-1).
        decks: deck orders (index 0 is the top), one per hand from the first; later
            hands are shuffled from *seed*.

    Raises:
        TypeError: *rules* is not a :class:`~cau_rules.fishing.rules.FishingRules`.
        InvalidRulesError: a wrong player count, or a seed that is not a whole number
            from 0 to 2**63 - 1.
        InvalidDeckError: a deck order that is not the deck.

    >>> from cau_rules.fishing.rules import CAU
    >>> state = new_game(CAU, 4, seed=11)
    >>> state.holding_sizes, len(state.stock)
    ((3, 3, 3, 3), 36)
    """
    if not isinstance(rules, FishingRules):
        raise TypeError(f"rules must be a FishingRules object, not {type(rules).__name__}")
    rules.check_players(players)
    whole_number(seed, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
    if decks is not None and (isinstance(decks, (str, bytes)) or not isinstance(decks, Sequence)):
        raise TypeError(f"decks must be a list of deck orders, not {type(decks).__name__}")
    orders = tuple(rules.deck.check_order(order) for order in (decks or ()))
    empty = ((),) * players
    work = Engine(FishingState(
        rules=rules, players=players, seed=seed, decks=orders, hand=0, round=0, opener=0,
        to_play=0, phase="play", stock=(), table=(), holdings=empty, piles=empty, discard=(),
        chain=None, trail=None, debts=empty, last_capturer=-1, declarations=(), hand_scores=(),
        tally=Tally() if rules.rewards == "stones" else None,
    ))
    work.begin()
    return _frozen(work)
