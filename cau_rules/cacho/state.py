"""The state of a *Cacho* session: hands, betting rounds, showdowns (decisions D-CACHO).

A :class:`CachoState` is frozen; :meth:`CachoState.apply` returns a new state and the
events of the move.  A session starts with :func:`new_game` and plays hands until one
player holds every counter or ``max_hands`` hands (void ones included) were played.

Betting, in short: rounds 1 and 2 come after the first and second card and have a fixed
bet (1, then 2) and no raises; round 3 comes after the third card, with any bet or raise
up to the *resto*.  The players still in after round 3 show their cards and the best hand
takes the pot (the eldest hand wins ties).

:meth:`CachoState.legal_moves` lists every legal move, each amount of a bet or raise
included, as a lazy :class:`~cau_rules.moveseq.MoveList`; :meth:`CachoState.bet_range`
and :meth:`CachoState.raise_range` give the amounts as ranges.

>>> from cau_rules.cacho import CACHO, new_game
>>> state = new_game(CACHO, 2, seed=7)
>>> state.round, state.to_play, [str(move) for move in state.legal_moves()]
(1, 0, ['pass', 'bet 1'])
>>> state = state.apply("bet 1").apply("call")
>>> state.round, state.pot, state.stacks
(2, 2, (19, 19))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import cau_rules.cacho.legal as legal
from cau_rules.cacho.direct import acted, opened
from cau_rules.cacho.engine import Engine, outcome_of, shuffled_deck
from cau_rules.cacho.events import CachoEvent
from cau_rules.cacho.hands import HandValue, evaluate
from cau_rules.cacho.moves import MOVE_TYPES, CachoMove, MoveTypeError, parse_move
from cau_rules.cacho.notation import fields_from_notation, position_notation
from cau_rules.cacho.picture import svg_state
from cau_rules.cacho.render import render_position
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.serial import (
    default_to_act,
    default_to_play,
    fields_from_dict,
    new_game_decks,
    position_fields,
    seat_flags,
    state_fields_to_dict,
)
from cau_rules.cacho.validate import check_basics, check_position, problems
from cau_rules.cacho.view import CachoView, view_of
from cau_rules.cards import Card
from cau_rules.errors import GameOverError, IllegalMoveError, InvalidNotationError
from cau_rules.i18n import Lang
from cau_rules.moveseq import MoveList
from cau_rules.outcome import Outcome, Termination
from cau_rules.svg import SvgOptions

__all__ = ["CachoState", "cacho_state_from_dict", "new_game"]

_MOVE_OR_TEXT: tuple[type, ...] = (str, *MOVE_TYPES)
_MOVE_CLASSES = frozenset(MOVE_TYPES)


@attrs.frozen(kw_only=True)
class CachoState:
    """A *Cacho* session at one moment.  Build one with :func:`new_game`,
    :meth:`from_position` or :meth:`from_dict`; the fields are keyword-only.

    The fields are those of :class:`~cau_rules.cacho.zones.Position` (seats numbered in
    playing order, tuples with one entry per seat), plus ``events``: the events of the move
    that made this state (not compared, not saved).  A folded seat keeps its cards, never
    shown; once the session is over the last hand's cards stay where they were and
    ``to_play`` is -1.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> state = new_game(CACHO, 2, seed=1, decks=["1o 2o 3o 4o 5o 6o 1c 2c 3c 4c 5c 6c "
    ...                                           "1e 2e 3e 4e 5e 6e 1b 2b 3b 4b 5b 6b".split()])
    >>> state.holdings
    ((<Card.O1: 0>,), (<Card.O2: 1>,))
    """

    rules: CachoRules
    seed: int
    decks: tuple[tuple[Card, ...], ...] = ()
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
    termination: Termination | None = None
    events: tuple[CachoEvent, ...] = attrs.field(default=(), eq=False, repr=False)

    # -- simple facts ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play the session."""
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self.termination is not None

    @property
    def pot(self) -> int:
        """The counters in the pot (all pots together under ``side_pots``).

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"), contributions=(1, 0),
        ...                          round_bets=(1, 0), to_play=1).pot
        1
        """
        return sum(self.contributions)

    @property
    def holding_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(holding) for holding in self.holdings)

    def is_active(self, seat: int) -> bool:
        """Whether *seat* is dealt in and has not folded."""
        return legal.is_active(self, seat)

    def eldest_order(self) -> tuple[int, ...]:
        """The seats dealt in, from the eldest hand (the seat after the dealer) round to
        the dealer: the order of dealing, of betting and of ties.

        >>> from cau_rules.cacho import CACHO
        >>> rules = CACHO.replace(stack=4, max_hands=2)  # seat 1 lost its counters in hand 1
        >>> state = CachoState.from_position(rules, 3, stacks=(6, 0, 6), holdings=("1o", "", "2o"), dealer=0, hand=1)
        >>> state.eldest_order(), state.eldest, state.is_active(1), state.holding_sizes
        ((2, 0), 2, False, (1, 0, 1))
        """
        return legal.eldest_order(self)

    @property
    def eldest(self) -> int:
        """The eldest hand of this hand: the first seat dealt in after the dealer."""
        return self.eldest_order()[0] if any(self.dealt_in) else -1

    @property
    def current_bet(self) -> int:
        """The highest round total of this round (0 while nobody has bet)."""
        return legal.current_bet(self)

    def resto_limit(self, seat: int | None = None) -> int:
        """The highest round-3 total *seat* (default: the seat to play) may reach.

        Under ``cap_at_smallest``: the smallest of the active players' round-3 stakes
        (stack plus this round's bets), so the same for everybody.  Under ``side_pots``:
        the seat's own stake, but no more than another active player could match.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=8, max_hands=2), 3, stacks=(9, 4, 8), hand=1,
        ...                                  holdings=("1o 2o 3o", "4o 5o 6o", "1c 2c 3c"), contributions=(1, 1, 1))
        >>> state.resto_limit(0), state.replace_rules(resto="side_pots").resto_limit(0)
        (4, 8)
        """
        return legal.resto_limit(self, seat)

    def replace_rules(self, **options: Any) -> CachoState:
        """This position under rules with some options changed (for analysis and tests).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
        >>> state.replace_rules(flush_bonus=30).rules.flush_bonus
        30
        """
        state = attrs.evolve(self, rules=self.rules.replace(**options), events=())
        check_position(state)
        return state

    def status(self) -> tuple[str, ...]:
        """Every reason this position could not arise in a game, as sentences; empty when
        it can (like python-chess's ``Board.status()``).  Loading refuses a position with
        any (:class:`~cau_rules.errors.InvalidPositionError` lists them all); the rules
        are listed in :mod:`cau_rules.cacho.validate`.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> import attrs
        >>> new_game(CACHO, 2, seed=1).status()
        ()
        >>> attrs.evolve(new_game(CACHO, 2, seed=1), stacks=(20, 30)).status()
        ('the counters add up to 50 (stacks 50, pot 0), but 2 players starting with 20 each hold 40: counters never enter or leave a session', 'in hand 1 no counter has moved yet (every hand before was void), so every seat has 20, but seat 1 has 30')
        """
        return tuple(problems(self))

    # -- legal moves -----------------------------------------------------------------

    def bet_range(self) -> tuple[int, int] | None:
        """The smallest and largest ``Bet`` the seat to play may make, or None.

        Rounds 1 and 2: the fixed bet, if nobody has bet and the seat can cover it.
        Round 3: 1 up to the resto limit, if nobody has bet.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO.replace(stack=8, max_hands=2), 2, stacks=(10, 4), hand=1,
        ...                          holdings=("1o 2o 3o", "4o 5o 6o"), contributions=(1, 1)).bet_range()
        (1, 4)
        """
        return legal.bet_range(self)

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest round total a ``Raise`` may reach, or None (always None
        in rounds 1 and 2, which have no raises).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(3, 1), round_bets=(2, 0), to_play=1)
        >>> state.raise_range()
        (3, 4)
        """
        return legal.raise_range(self)

    def can_call(self) -> bool:
        """Whether the seat to play faces a bet it may call."""
        return legal.can_call(self)

    def legal_moves(self) -> MoveList[CachoMove]:
        """Every legal move in canonical order, every amount included: ``Pass`` then each
        ``Bet`` while nobody has bet, else ``Fold``, ``Call`` and each ``Raise``.  The list
        is lazy: its amounts are built only when read.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(3, 1), round_bets=(2, 0), to_play=1)
        >>> [str(move) for move in state.legal_moves()]
        ['fold', 'call', 'raise 3', 'raise 4']
        """
        return legal.legal_moves(self)

    def legal_text(self) -> str:
        """The legal moves in words, amounts as ranges.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO.replace(stack=8, max_hands=2), 2, stacks=(10, 4), hand=1,
        ...                          holdings=("1o 2o 3o", "4o 5o 6o"), contributions=(1, 1)).legal_text()
        'pass, bet 1 to 4'
        """
        return legal.legal_text(self)

    def refusal(self, move: object) -> str | None:
        """Why *move* is illegal here, or None if it is legal.

        >>> from cau_rules.cacho import CACHO, Bet
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
        >>> state.refusal(Bet(3))
        'the bet of round 1 is fixed at 1 counter, not 3; legal: pass, bet 1'
        >>> state.refusal(Bet(1)) is None
        True
        """
        return legal.refusal(self, move)

    def is_legal(self, move: CachoMove | str) -> bool:
        """Whether *move* (a move or its text) is legal for the seat to play.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
        >>> state.is_legal("bet 1"), state.is_legal("raise 2"), state.is_legal("dance")
        (True, False, False)
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidNotationError:
                return False
        return legal.refusal(self, move) is None

    def parse_move(self, text: str) -> CachoMove:
        """The legal move written *text*.

        Args:
            text: a move in Cacho's notation (``pass``, ``bet 3``, ``call``...).

        Returns:
            The move, one of :meth:`legal_moves`.

        Raises:
            IllegalMoveError: the text is malformed or names no legal move (the message
                says why and lists the legal moves); GameOverError once the session is over.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1).parse_move("Bet 1")
        Bet(amount=1)
        >>> new_game(CACHO, 2, seed=1).parse_move("bet 2")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: the bet of round 1 is fixed at 1 counter, not 2; legal: pass, bet 1
        """
        if self.termination is not None:
            raise GameOverError(f"the session is over ({self.termination.value}): no more moves")
        try:
            move = parse_move(text)
        except InvalidNotationError as exc:
            raise IllegalMoveError(f"{exc}; legal: {self.legal_text()}") from None
        why = legal.refusal(self, move)
        if why:
            raise IllegalMoveError(why)
        return move

    # -- applying moves --------------------------------------------------------------

    def apply(self, move: CachoMove | str, *, seat: int | None = None) -> CachoState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, the move is refused unless that seat is the one to play.  An illegal
        move raises :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) saying why and what is legal; nothing
        changes.  A *move* that is neither a move nor text, or a *seat* that is not an
        int, raises :class:`~cau_rules.cacho.moves.MoveTypeError` (a :class:`TypeError`
        that is also an IllegalMoveError).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
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
        if (seat is None and not isinstance(move, str) and type(move) in _MOVE_CLASSES
                and self.termination is None and legal.allows(self, move)):
            return _made(self, move)  # the hot path: a legal move object, no seat check
        if self.termination is not None:
            raise GameOverError(f"the session is over ({self.termination.value}): no more moves")
        if not isinstance(move, _MOVE_OR_TEXT):
            raise MoveTypeError(f"move must be a Cacho move (Pass, Bet, Call, Raise, Fold) or its text, "
                                f"not {type(move).__name__}; legal: {self.legal_text()}")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise MoveTypeError(f"seat must be int, not {type(seat).__name__}")
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except InvalidNotationError as exc:
                raise IllegalMoveError(f"{exc}; legal: {self.legal_text()}") from None
        if seat is not None:
            why = legal.seat_refusal(self, seat)
            if why:
                raise IllegalMoveError(why)
        why = legal.refusal(self, move)
        if why:
            raise IllegalMoveError(why)
        return _made(self, move)

    # -- results and views -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once the session is over: the seats with the most counters win
        (ties share), scores are the counters; None while it goes on.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
        >>> print(state.apply("bet 1").apply("call").apply("bet 2").apply("fold").outcome())
        seat 0 wins the session after 1 hand, with the most counters; scores: seat 0: 6, seat 1: 4
        """
        return outcome_of(self)

    def observe(self, seat: int) -> CachoView:
        """What *seat* may see (D-VIEW-1): its own cards only.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o 2o", "3o 4o"),
        ...                                  contributions=(1, 1))
        >>> state.observe(1).holding, state.observe(1).holding_sizes
        ((<Card.O3: 2>, <Card.O4: 3>), (2, 2))
        """
        return view_of(self, seat)

    def hand_value(self, seat: int) -> HandValue:
        """The value of *seat*'s holding so far (for analysis; a view has only its own).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("5c 6c", "1o 2o"),
        ...                                  contributions=(1, 1))
        >>> state.hand_value(0).value
        31
        """
        return evaluate(self.holdings[seat], self.rules)

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the whole state, every holding and the stock face up, in
        *lang*; ``str(state)`` is the English one.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> print(new_game(CACHO, 2, seed=1).render("es").splitlines()[0])
        === cacho · mano 1 · ronda 1 · juega asiento 0 ===
        """
        return render_position(self, self.legal_moves(), lang)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        """The preset and the one-line notation.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1)  # doctest: +ELLIPSIS
        CachoState('cacho', '...')
        """
        return f"CachoState({self.rules.name!r}, {self.to_notation()!r})"

    def svg(self, *, options: SvgOptions | None = None, bottom: int | None = None, lang: Lang | None = None) -> str:
        """A picture of the whole state, every card face up
        (:func:`~cau_rules.cacho.picture.svg_state`), its labels in *lang*.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1).svg(lang="ca").startswith("<svg")
        True
        """
        return svg_state(self, options=SvgOptions.of(options, lang), bottom=bottom)

    def _repr_svg_(self) -> str:
        """The picture of the whole state, for notebooks
        (:func:`~cau_rules.cacho.picture.svg_state`)."""
        return svg_state(self)

    def to_notation(self) -> str:
        """The whole state on one line (see :mod:`cau_rules.cacho.notation` for the
        grammar); :meth:`from_notation` reads it back.  The rules are not written.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1).apply("bet 1").to_notation()
        '2e/5o 4b1b3e2o4e1c3o6c6b5c5e4o2b5b2c6o1e4c6e3c1o3b 19/20 1/0 1/0 aA 1 1 1 1 1'
        """
        return position_notation(self)

    @classmethod
    def from_notation(cls, rules: CachoRules, text: str) -> CachoState:
        """The state written *text* by :meth:`to_notation`, played under *rules*, validated.

        Args:
            rules: the rules (the line does not name them).
            text: the line.

        Returns:
            The state (no events).

        Raises:
            TypeError: *rules* is not a CachoRules or *text* not a string.
            InvalidNotationError: the text does not follow the grammar (the message names
                the field and what is wrong).
            InvalidDeckError: a supplied deck order is not the 24 Cacho cards.
            InvalidPositionError: the position cannot arise in a game.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> state = new_game(CACHO, 3, seed=2).apply("bet 1")
        >>> CachoState.from_notation(CACHO, state.to_notation()) == state
        True
        >>> fields = state.to_notation().split(" ")
        >>> fields[7] = "4"  # the round
        >>> CachoState.from_notation(CACHO, " ".join(fields))
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: round 4 does not exist: betting rounds are 1 to 3
        """
        if not isinstance(rules, CachoRules):
            raise TypeError(f"rules must be CachoRules, not {type(rules).__name__}")
        state = cls(**fields_from_notation(rules, text))
        check_position(state)
        return state

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (``schema`` 1, ``family`` ``"cacho"``, zones of
        cards as space-separated strings); :meth:`from_dict` reads it back.  Events are
        not saved.

        >>> from cau_rules.cacho import CACHO
        >>> data = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o")).to_dict()
        >>> data["schema"], data["family"], data["holdings"]
        (1, 'cacho', ['1o', '2o'])
        """
        return state_fields_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CachoState:
        """The state written by :meth:`to_dict`, validated.

        Malformed records raise InvalidNotationError; records of impossible positions
        (duplicate or foreign cards, impossible counters, a wrong seat to play) raise
        InvalidPositionError.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> state = new_game(CACHO, 3, seed=5).apply("bet 1")
        >>> CachoState.from_dict(state.to_dict()) == state
        True
        >>> data = state.to_dict()
        >>> data["to_play"] = 0
        >>> CachoState.from_dict(data)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: seat 0 cannot be the seat to play: it has nothing to do in this round
        """
        state = cls(**fields_from_dict(data))
        check_position(state)
        return state

    # -- exact positions -------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        rules: CachoRules,
        players: int,
        *,
        holdings: Sequence[str | Sequence[Card | str]],
        stacks: Sequence[int] | None = None,
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
        decks: Sequence[Sequence[Card | str] | str] = (),
    ) -> CachoState:
        """An exact position of *players* seats, validated.

        - ``holdings``: each seat's cards (codes, space-separated text or Cards).  A seat
          holding no card is out of the session and must have no counters.
        - ``stacks``: counters in front of each seat (default ``rules.stack`` less what
          the seat put in this hand).  Counters never enter or leave a session: stacks and
          pot add up to ``rules.stack`` times the players (pass ``rules.replace(stack=...)``
          for small stacks, and ``hand=1`` or later for uneven ones).
        - ``round``: the betting round (default: the number of cards the active seats hold).
        - ``contributions`` / ``round_bets``: counters each seat put in this hand / this
          round (default none).
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
        - ``hand``, ``redeal``, ``seed``: as in the state; ``decks``: deck orders for
          hands ``0, 1, ...`` (those after ``hand`` deal the later hands).

        Raises:
            TypeError: *rules* is not a CachoRules.
            InvalidRulesError: *players* cannot play these rules.
            InvalidDeckError: a deck order is not the 24 Cacho cards.
            InvalidPositionError: the position cannot arise in a game (says why).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 3, stacks=(19, 17, 19), holdings=("1o 2o", "5c 6c", "3b 4e"),
        ...                                  contributions=(1, 3, 1), round_bets=(0, 2, 0), round=2,
        ...                                  folded=(False, False, True))
        >>> state.to_play, state.pot, [str(move) for move in state.legal_moves()]
        (0, 5, ['fold', 'call'])
        >>> CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "1o"))
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: 1o appears more than once among the holdings and the stock
        """
        fields = position_fields(
            rules, players, stacks=stacks, holdings=holdings, round=round, contributions=contributions,
            round_bets=round_bets, folded=folded, dealer=dealer, to_play=to_play, stock=stock,
            hand=hand, redeal=redeal, seed=seed, decks=decks,
        )
        draft = cls(**fields)
        check_basics(draft)
        waiting = default_to_act(draft, to_play) if to_act is None else seat_flags(to_act, players)
        fields["to_act"] = waiting
        fields["to_play"] = default_to_play(draft, waiting) if to_play is None else to_play
        state = cls(**fields)
        check_position(state)
        return state


def _made(state: CachoState, move: CachoMove) -> CachoState:
    """The state after the seat to play makes *move*, already found legal: built directly
    when the move leaves the betting round open (most do), else by the engine."""
    after = acted(state, move, CachoState)
    if after is not None:
        return after
    work = Engine(state)
    work.act(move)
    return work.freeze(CachoState)


def new_game(
    rules: CachoRules,
    players: int,
    *,
    seed: int = 0,
    decks: Sequence[Sequence[Card | str] | str] | None = None,
) -> CachoState:
    """A new session: every player has ``rules.stack`` counters, the last seat deals the
    first hand, and the first card is dealt to each player from seat 0 (the eldest hand).

    Every shuffle derives from *seed* (D-DEAL-1).  *decks* orders hands instead (index 0
    the top): hand *k* (void hands count) is dealt from ``decks[k]``, later hands and
    redeals are shuffled from the seed.  A session has at most ``rules.max_hands`` hands,
    so at most that many orders.

    Raises:
        TypeError: *rules* is not a CachoRules, or *decks* is not a list of orders.
        InvalidRulesError: *players* cannot play these rules, the seed is not a whole
            number, or there are more deck orders than hands.
        InvalidDeckError: a deck order is not the 24 Cacho cards.

    >>> from cau_rules.cacho import CACHO
    >>> state = new_game(CACHO, 4, seed=3)
    >>> state.dealer, state.to_play, state.stacks
    (3, 0, (20, 20, 20, 20))
    >>> new_game(CACHO, 9)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: cacho is played by 2 to 8 players, not 9
    """
    orders = new_game_decks(rules, players, seed, decks)
    return opened(rules, players, seed, orders, orders[0] if orders else shuffled_deck(seed, 0, 0), CachoState)



def cacho_state_from_dict(data: Mapping[str, Any]) -> CachoState:
    """The family's loader: the state saved as *data* (``state.to_dict()``), validated
    (the same as :meth:`CachoState.from_dict`).

    >>> from cau_rules.cacho import CACHO, new_game
    >>> state = new_game(CACHO, 2, seed=4)
    >>> cacho_state_from_dict(state.to_dict()) == state
    True
    """
    return CachoState.from_dict(data)
