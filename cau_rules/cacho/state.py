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
from cau_rules.cacho.engine import Engine, outcome_of
from cau_rules.cacho.events import CachoEvent
from cau_rules.cacho.hands import HandValue, evaluate
from cau_rules.cacho.moves import CachoMove, parse_move
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.serial import (
    check_basics,
    check_position,
    default_to_act,
    default_to_play,
    fields_from_dict,
    position_fields,
    seat_flags,
    state_fields_to_dict,
)
from cau_rules.cacho.view import CachoView, view_of
from cau_rules.cards import CACHO_24, Card
from cau_rules.errors import GameOverError, IllegalMoveError, InvalidNotationError, InvalidRulesError
from cau_rules.moveseq import MoveList
from cau_rules.outcome import Outcome, Termination

__all__ = ["CachoState", "cacho_state_from_dict", "new_game"]


@attrs.frozen(kw_only=True)
class CachoState:
    """A *Cacho* session at one moment.  Build one with :func:`new_game`,
    :meth:`from_position` or :meth:`from_dict`; the fields are keyword-only.

    Fields (seats are numbered in playing order; tuples have one entry per seat):

    - ``rules``, ``seed``: the rules and the seed every shuffle derives from;
      ``decks``: deck orders supplied for the first hands (hand *k* is dealt from
      ``decks[k]`` when there is one; never shown in a view).
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
    - ``termination``: how the session ended (None while it goes on).
    - ``events``: the events of the move that made this state (not compared, not saved).

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
        """How many seats play the session.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o")).players
        2
        """
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self.termination is not None

    @property
    def pot(self) -> int:
        """The counters in the pot (all pots together under ``side_pots``).

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 2, stacks=(4, 5), holdings=("1o", "2o"), contributions=(1, 0),
        ...                          round_bets=(1, 0), to_play=1).pot
        1
        """
        return sum(self.contributions)

    @property
    def holding_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 3, stacks=(5, 0, 5), holdings=("1o", "", "2o")).holding_sizes
        (1, 0, 1)
        """
        return tuple(len(holding) for holding in self.holdings)

    def is_active(self, seat: int) -> bool:
        """Whether *seat* is dealt in and has not folded.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 3, stacks=(5, 0, 5), holdings=("1o", "", "2o")).is_active(1)
        False
        """
        return legal.is_active(self, seat)

    def eldest_order(self) -> tuple[int, ...]:
        """The seats dealt in, from the eldest hand (the seat after the dealer) round to
        the dealer: the order of dealing, of betting and of ties.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 3, holdings=("1o", "2o", "3o"), dealer=0).eldest_order()
        (1, 2, 0)
        """
        return legal.eldest_order(self)

    @property
    def eldest(self) -> int:
        """The eldest hand of this hand: the first seat dealt in after the dealer.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 3, stacks=(5, 0, 5), holdings=("1o", "", "2o"), dealer=0).eldest
        2
        """
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
        >>> state = CachoState.from_position(CACHO, 3, stacks=(9, 4, 7),
        ...                                  holdings=("1o 2o 3o", "4o 5o 6o", "1c 2c 3c"))
        >>> state.resto_limit(0), state.replace_rules(resto="side_pots").resto_limit(0)
        (4, 7)
        """
        return legal.resto_limit(self, seat)

    def replace_rules(self, **options: Any) -> CachoState:
        """This position under rules with some options changed (for analysis and tests).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.replace_rules(flush_bonus=30).rules.flush_bonus
        30
        """
        state = attrs.evolve(self, rules=self.rules.replace(**options), events=())
        check_position(state)
        return state

    # -- legal moves -----------------------------------------------------------------

    def bet_range(self) -> tuple[int, int] | None:
        """The smallest and largest ``Bet`` the seat to play may make, or None.

        Rounds 1 and 2: the fixed bet, if nobody has bet and the seat can cover it.
        Round 3: 1 up to the resto limit, if nobody has bet.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 2, stacks=(9, 4), holdings=("1o 2o 3o", "4o 5o 6o")).bet_range()
        (1, 4)
        """
        return legal.bet_range(self)

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest round total a ``Raise`` may reach, or None (always None
        in rounds 1 and 2, which have no raises).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(7, 4), holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(2, 0), round_bets=(2, 0), to_play=1)
        >>> state.raise_range()
        (3, 4)
        """
        return legal.raise_range(self)

    def can_call(self) -> bool:
        """Whether the seat to play faces a bet it may call.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o")).can_call()
        False
        """
        return legal.can_call(self)

    def legal_moves(self) -> MoveList[CachoMove]:
        """Every legal move in canonical order, every amount included: ``Pass`` then each
        ``Bet`` while nobody has bet, else ``Fold``, ``Call`` and each ``Raise``.  The list
        is lazy: its amounts are built only when read.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(7, 4), holdings=("1o 2o 3o", "4o 5o 6o"),
        ...                                  contributions=(2, 0), round_bets=(2, 0), to_play=1)
        >>> [str(move) for move in state.legal_moves()]
        ['fold', 'call', 'raise 3', 'raise 4']
        """
        return legal.legal_moves(self)

    def legal_text(self) -> str:
        """The legal moves in words, amounts as ranges.

        >>> from cau_rules.cacho import CACHO
        >>> CachoState.from_position(CACHO, 2, stacks=(9, 4), holdings=("1o 2o 3o", "4o 5o 6o")).legal_text()
        'pass, bet 1 to 4'
        """
        return legal.legal_text(self)

    def refusal(self, move: object) -> str | None:
        """Why *move* is illegal here, or None if it is legal.

        >>> from cau_rules.cacho import CACHO, Bet
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o"))
        >>> state.refusal(Bet(3))
        'the bet of round 1 is fixed at 1 counter, not 3; legal: pass, bet 1'
        >>> state.refusal(Bet(1)) is None
        True
        """
        return legal.refusal(self, move)

    def is_legal(self, move: CachoMove | str) -> bool:
        """Whether *move* (a move or its text) is legal for the seat to play.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o"))
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
        changes.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o"))
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
        if self.termination is not None:
            raise GameOverError(f"the session is over ({self.termination.value}): no more moves")
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
        work = Engine(self)
        work.act(move)
        return work.freeze(CachoState)

    # -- results and views -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result once the session is over: the seats with the most counters win
        (ties share), scores are the counters; None while it goes on.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o"))
        >>> print(state.apply("bet 1").apply("call").apply("bet 2").apply("fold").outcome())
        seat 0 wins (session hands played (1 hand)); scores 6, 4
        """
        return outcome_of(self)

    def observe(self, seat: int) -> CachoView:
        """What *seat* may see (D-VIEW-1): its own cards only.

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o 2o", "3o 4o"), round=2)
        >>> state.observe(1).holding, state.observe(1).holding_sizes
        ((<Card.O3: 2>, <Card.O4: 3>), (2, 2))
        """
        return view_of(self, seat)

    def hand_value(self, seat: int) -> HandValue:
        """The value of *seat*'s holding so far (for analysis; a view has only its own).

        >>> from cau_rules.cacho import CACHO
        >>> state = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("5c 6c", "1o 2o"), round=2)
        >>> state.hand_value(0).value
        31
        """
        return evaluate(self.holdings[seat], self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (``schema`` 1, ``family`` ``"cacho"``, zones of
        cards as space-separated strings); :meth:`from_dict` reads it back.  Events are
        not saved.

        >>> from cau_rules.cacho import CACHO
        >>> data = CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "2o")).to_dict()
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
        - ``stacks``: counters in front of each seat (default ``rules.stack`` each).
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
        >>> CachoState.from_position(CACHO, 2, stacks=(5, 5), holdings=("1o", "1o"))
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
    if not isinstance(rules, CachoRules):
        raise TypeError(f"new_game: rules must be CachoRules, not {rules!r}")
    rules.check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidRulesError(f"the seed must be a whole number, not {seed!r}")
    if decks is None:
        decks = ()
    if isinstance(decks, str) or not isinstance(decks, Sequence):
        raise TypeError(f"new_game: decks must be a list of deck orders, not {decks!r}")
    if len(decks) > rules.max_hands:
        raise InvalidRulesError(
            f"{rules.name} plays at most {rules.max_hands} hands (max_hands), so it takes at most "
            f"{rules.max_hands} deck orders, not {len(decks)}"
        )
    key = (id(rules), players)
    blank = _BLANKS.get(key)
    if blank is None or blank.rules is not rules:  # one blank position per rules and player count
        if len(_BLANKS) > 64:
            _BLANKS.clear()
        blank = _BLANKS[key] = CachoState(
            rules=rules, seed=0, decks=(), hand=0, redeal=0, dealer=players - 1, round=1,
            stacks=(rules.stack,) * players, contributions=(0,) * players, round_bets=(0,) * players,
            holdings=((),) * players, stock=(), dealt_in=(True,) * players, folded=(False,) * players,
            to_act=(False,) * players, to_play=0,
        )
    work = Engine(blank)  # a mutable copy: the blank is never changed
    work.seed = seed
    if decks:
        work.decks = tuple(CACHO_24.check_order(order) for order in decks)
    work.start_hand()
    return work.freeze(CachoState)


_BLANKS: dict[tuple[int, int], CachoState] = {}


def cacho_state_from_dict(data: Mapping[str, Any]) -> CachoState:
    """The family's loader: the state saved as *data* (``state.to_dict()``), validated
    (the same as :meth:`CachoState.from_dict`).

    >>> from cau_rules.cacho import CACHO, new_game
    >>> state = new_game(CACHO, 2, seed=4)
    >>> cacho_state_from_dict(state.to_dict()) == state
    True
    """
    return CachoState.from_dict(data)
