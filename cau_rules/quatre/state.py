"""The frozen state of a four-card game (``cau-quatre``), its queries and the pure ``apply``.

A :class:`QuatreState` is frozen: :meth:`QuatreState.apply` returns a new state and
leaves the old one untouched.  A turn is one move (``draw``, ``pass``) or several: the
turn player's cau, each forced chain addition and each gift card is a move of the
player concerned, and so is each card of a lay into a dead centre.

Zones: ``stock`` (index 0 is the top), ``table`` (in the order the cards were laid;
ranks may repeat), ``holdings`` per seat (in arrival order), and ``chain`` (the pending
chain's public zone: the table card and the cards played onto it).

The state sits on top of its family: move generation is in :mod:`~cau_rules.quatre.legal`,
the rules of play in :mod:`~cau_rules.quatre.engine`, views in :mod:`~cau_rules.quatre.view`
and validation and JSON in :mod:`~cau_rules.quatre.serial`; none of them imports this module.

>>> from cau_rules.quatre import QUATRE, new_game
>>> state = new_game(QUATRE, 2, seed=5)
>>> state.to_play, state.holding_sizes, len(state.table), len(state.stock)
(0, (4, 4), 4, 28)
>>> [str(move) for move in state.legal_moves()]
['draw']
>>> after = state.apply("draw")
>>> after.to_play, after.holding_sizes, [str(e) for e in after.events]
(1, (5, 4), ['seat 0 draws 1c'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cau_rules.cards import Card
from cau_rules.checks import check_type, whole_number
from cau_rules.errors import GameOverError, IllegalMoveError, InvalidNotationError, InvalidRulesError
from cau_rules.game import move_for_turn
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome, Termination
from cau_rules.quatre.engine import Engine, deal, outcome_of
from cau_rules.quatre.events import QuatreEvent
from cau_rules.quatre.legal import coerce_move, generate, legal_text, why_illegal
from cau_rules.quatre.moves import QuatreMove, parse_move
from cau_rules.quatre.notation import fields_from_notation, position_notation
from cau_rules.quatre.picture import svg_state
from cau_rules.quatre.render import position_screen
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules
from cau_rules.quatre.serial import FIELDS, fields_from_dict, state_fields_to_dict
from cau_rules.quatre.validate import MAX_SEED, MIN_SEED, position_fields, position_problems
from cau_rules.quatre.view import QuatreView, check_seat, known_to, view_of
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, QuatreChain
from cau_rules.svg import SvgOptions

__all__ = ["QuatreState", "load", "new_game"]

_TURN_MOVES = 2 * MAX_CHAIN
"""The most moves one cau turn can take: the cau, two additions, three gift cards."""


@attrs.frozen(slots=True, kw_only=True)
class QuatreState:
    """A position of the four-card game.

    Build one with :func:`new_game` (dealt from a seed or a supplied deck order),
    :meth:`from_position` (an exact position) or :meth:`from_dict` (saved data); never
    mutate it.

    - ``starter``: the seat whose turn it is (the one who made the cau during a chain or
      its gifts); the next turn goes to the active seat after it.
    - ``known``: per seat, the cards of its holding that every player knows: cards it
      took from a chain, until they leave that holding or it gives a card (D-FOUR-3).
    - ``private``: ``(seat, holder, card)``: *seat* knows that *card* is in *holder*'s
      holding though not every player does.  A gift card is known to its giver, and
      when a player gives a card the receiver still knows the giver's cards that were
      known to all; a seat that did not see a gift forgets every card of its giver.
    - ``lay``: the lay under way in the ``"lay"`` phase (:class:`~cau_rules.quatre.zones.PendingLay`), else None.
    - ``out``: the seats out of the game, in the order they went out.
    - ``passes``: turns passed in a row (with an empty stock); any other turn starts the
      count again.  When every seat still in the game has passed, the next one lays.
    - ``turns_after_stock``: turns played from start to end with an empty stock; the
      game ends at ``rules.max_turns_after_stock`` (D-FOUR-5's safety bound).
    - ``termination``: how the game ended (:attr:`Termination.LAST_HOLDER
      <cau_rules.outcome.Termination.LAST_HOLDER>` or :attr:`Termination.SAFETY_BOUND
      <cau_rules.outcome.Termination.SAFETY_BOUND>`), or None while it goes on.

    >>> from cau_rules.quatre import QUATRE
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 7o 10e 12e", holdings=["5o 1b 2b 3b", "4c 4e 4b 6c"])
    >>> [str(m) for m in state.legal_moves()]
    ['5o>5c']
    """

    rules: QuatreRules
    players: int
    seed: int
    phase: Phase
    to_play: int
    starter: int
    stock: tuple[Card, ...]
    table: tuple[Card, ...]
    holdings: tuple[tuple[Card, ...], ...]
    chain: QuatreChain | None
    gift: PendingGift | None
    lay: PendingLay | None
    known: tuple[tuple[Card, ...], ...]
    private: tuple[tuple[int, int, Card], ...]
    out: tuple[int, ...]
    passes: int
    turns_after_stock: int
    termination: Termination | None
    events: tuple[QuatreEvent, ...] = attrs.field(default=(), eq=False, repr=False)
    _moves: tuple[QuatreMove, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    # -- public queries ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 2).is_over
        False
        """
        return self.phase == "over"

    @property
    def dealer(self) -> int:
        """The dealer: the last seat (seat 0 is the eldest hand and plays first).

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 3).dealer
        2
        """
        return self.players - 1

    @property
    def holding_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds.

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 2).holding_sizes
        (4, 4)
        """
        return tuple(len(holding) for holding in self.holdings)

    def active(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order.

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 3).active()
        (0, 1, 2)
        """
        return tuple(seat for seat in range(self.players) if seat not in self.out)

    def legal_moves(self) -> tuple[QuatreMove, ...]:
        """Every legal move of the seat to play, in canonical order (by ``sort_key``;
        see :func:`cau_rules.quatre.legal.generate`).

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 5b 7e 12b", holdings=["5o 5e 1b 2b", "1o 4c 4e 6c"])
        >>> [str(m) for m in state.legal_moves()]
        ['5o>5c', '5o>5b', '5e>5c', '5e>5b']
        """
        moves = self._moves
        if moves is None:
            moves = generate(self.phase, self.holdings[self.to_play], self.table, bool(self.stock),
                             self.chain, self.lay)
            object.__setattr__(self, "_moves", moves)
        return moves

    def is_legal(self, move: QuatreMove | str) -> bool:
        """Whether *move* (a move or its text) is legal here.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 7e 12b 10o", holdings=["5o 1b 2b 3b", "1o 4c 4e 6c"])
        >>> state.is_legal("5o>5c"), state.is_legal("draw")
        (True, False)
        """
        try:
            return coerce_move(move) in self.legal_moves()
        except (InvalidNotationError, TypeError):
            return False

    def parse_move(self, text: str) -> QuatreMove:
        """The legal move written *text*.

        Args:
            text: a move in the four-card game's notation (``5o>5c``, ``add 5e``...).

        Returns:
            The move, one of :meth:`legal_moves`.

        Raises:
            IllegalMoveError: the text is malformed or names no legal move (the message
                lists the legal moves); GameOverError once the game is over.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 7e 12b 10o", holdings=["5o 1b 2b 3b", "1o 4c 4e 6c"])
        >>> state.parse_move(" 5O>5C ")
        Play(card=<Card.O5: 4>, target=<Card.C5: 16>)
        >>> state.parse_move("give 1b")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: illegal move give 1b: no chain is pending and nobody owes a gift: it is a turn; legal moves: 5o>5c
        """
        if self.phase == "over":
            raise GameOverError(f"the game is over; no move is legal (tried {text!r:.40})")
        try:
            move = parse_move(text)
        except InvalidNotationError as exc:
            raise IllegalMoveError(f"{exc}; legal moves: {self._legal_text()}") from None
        if move not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {move}: {self._why_illegal(move)}; legal moves: {self._legal_text()}")
        return move

    def apply(self, move: QuatreMove | str, *, seat: int | None = None) -> QuatreState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, also check that it is that seat's turn.  An illegal move raises
        :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) saying why and what is legal; this
        state never changes.

        Raises:
            IllegalMoveError: the move is not legal, or it is another seat's turn.
            GameOverError: the game is over.
            MoveTypeError: *move* is neither a move nor text (a TypeError too).
            TypeError: *seat* is not an int.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 7e 12b 10o", holdings=["5o 1b 2b 3b", "1o 4c 4e 6c"])
        >>> state.apply("draw")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: illegal move draw: seat 0 holds a card matching the table and must play it; legal moves: 5o>5c
        """
        if seat is not None:
            check_type(seat, int, "seat")
        parsed = move_for_turn(self.phase == "over", self.to_play, move, seat, coerce_move, self._legal_text)
        if parsed not in self.legal_moves():
            raise IllegalMoveError(
                f"illegal move {parsed}: {self._why_illegal(parsed)}; legal moves: {self._legal_text()}"
            )
        work = Engine(self)
        work.apply(parsed)
        after = work.freeze(QuatreState)
        # Termination (D-FOUR-5): the bound on the moves still to come strictly falls.
        assert after.move_bound() < self.move_bound(), (self.move_bound(), after.move_bound(), str(parsed))
        return after

    def move_bound(self) -> int:
        """An upper bound on the moves still to come (0 once the game is over).

        Every move makes it fall by at least one (``apply`` asserts this), which is why
        every game ends (QUA-14).  Let ``T`` be the most moves one turn can take (a cau,
        two additions and three gift cards, or a lay of ``table_size`` cards) and ``L``
        the rules' ``max_turns_after_stock``.  Then:

        - While the stock lasts, every turn takes a card out of ``stock + table`` for
          good (a cau moves a table card into a holding, a draw takes a stock card,
          refills only move stock cards to holdings or the table) and nobody passes or
          lays, so at most ``stock + table`` turns (counting the cau's table card
          until its turn ends) come before the stock runs out.
        - After that, every turn ends with ``turns_after_stock`` one higher, and the
          game ends when it reaches ``L``; laying can refill the centre, so no count of
          cards falls there, but the count of turns does.

        The bound is ``T`` per remaining turn, plus the moves the current turn can still
        take (``within``, at most ``T``) instead of a whole ``T`` for it.

        >>> from cau_rules.quatre import QUATRE
        >>> state = new_game(QUATRE, 2, seed=5)
        >>> state.move_bound(), state.apply("draw").move_bound()
        (1392, 1386)
        """
        if self.phase == "over":
            return 0
        per_turn = max(_TURN_MOVES, self.rules.table_size)
        if self.phase == "turn":
            within = per_turn
        elif self.phase == "chain":
            assert self.chain is not None
            within = (MAX_CHAIN - self.chain.level) + MAX_CHAIN
        elif self.phase == "gift":
            assert self.gift is not None
            within = self.gift.owed
        else:
            assert self.lay is not None
            within = self.lay.owed
        later = self.rules.max_turns_after_stock - 1  # turns after this one, with an empty stock
        if self.stock:
            pending = 0 if self.phase == "turn" else 1  # the cau's table card, not yet settled
            later = len(self.stock) + len(self.table) + pending + self.rules.max_turns_after_stock - 1
        else:
            later -= self.turns_after_stock
        return later * per_turn + within

    def status(self) -> tuple[str, ...]:
        """Every reason why this position cannot arise under its rules, as sentences;
        empty when it can (like python-chess's ``Board.status()``).

        States made by :func:`new_game`, :meth:`apply`, :meth:`from_position`,
        :meth:`from_dict` and :meth:`from_notation` always report none (those refuse
        such positions); a state built field by field may (see
        :mod:`cau_rules.quatre.validate` for what is checked).

        >>> import attrs
        >>> from cau_rules.quatre import QUATRE
        >>> state = new_game(QUATRE, 2, seed=5)
        >>> state.status()
        ()
        >>> attrs.evolve(state, holdings=(state.holdings[0] + state.holdings[1][:1], state.holdings[1][1:])).status()
        ('with 28 cards in the stock seat 1 would have drawn up to 4 cards after the last turn, but it holds 3', 'in the first turn, with nothing drawn yet, the holdings hold [4, 4] cards, not [5, 3]')
        """
        return tuple(position_problems(**{name: getattr(self, name) for name in FIELDS}))

    def known_to(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards of its holding that *seat* knows (D-VIEW-1, D-VIEW-2,
        D-FOUR-3): its own whole holding; in the others', the cards known to all (taken
        from a chain, until the holder gives a card) and those *seat* knows privately
        (gift cards it gave; the giver's known cards when it received a gift), while
        they stay there.

        >>> from cau_rules.cards import cards_text
        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="7o 10b 11b", holdings=["5o 5c 1b 2b 3b",
        ...                                   "2c 2e 4c 6c 6e"], known=["5o 5c", ""])
        >>> [cards_text(cards) for cards in state.known_to(1)]
        ['5o 5c', '2c 2e 4c 6c 6e']
        """
        check_seat(seat, self.players)
        return known_to(seat, self.holdings, self.known, self.private)

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards whose place *seat* does not know: the stock and the unknown cards
        of the other holdings.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="7o 10b 11b", holdings=["5o 5c 1b 2b 3b",
        ...                                   "2c 2e 4c 6c 6e"], known=["5o 5c", ""])
        >>> Card.parse("5o") in state.hidden_from(1), Card.parse("1b") in state.hidden_from(1)
        (False, True)
        """
        known = self.known_to(seat)
        hidden = set(self.stock)
        for other, holding in enumerate(self.holdings):
            if other != seat:
                hidden.update(set(holding) - set(known[other]))
        return frozenset(hidden)

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None.

        Scores are the cards each seat holds at the end; the most cards wins and ties
        share (the last player holding cards is then the only one with any: every card).

        >>> from cau_rules.quatre import QUATRE
        >>> rules = QUATRE.replace(max_turns_after_stock=2)
        >>> rest = [c for c in QUATRE.deck.cards if c.rank != 5 and c.code != "1o"]
        >>> state = QuatreState.from_position(rules, 2, table="5c", holdings=["5o 5e 5b", ["1o", *rest]],
        ...                                   stock="")
        >>> state.outcome() is None
        True
        >>> state = state.apply("5o>5c").apply("give 1o")  # seat 1 holds no 5: it gives a card
        >>> state.phase, state.lay  # the centre is empty: seat 1 lays four cards on its turn
        ('lay', PendingLay(owed=4, after=None))
        >>> for _ in range(4):
        ...     state = state.apply(state.legal_moves()[0])
        >>> print(state.outcome())  # two turns after the stock ran out
        seat 1 wins with the most cards at the safety bound; scores: seat 0: 5, seat 1: 31
        """
        if self.termination is None:
            return None
        return outcome_of(self.holdings, self.termination)

    def observe(self, seat: int) -> QuatreView:
        """What *seat* may see: a :class:`~cau_rules.quatre.view.QuatreView`.

        >>> from cau_rules.quatre import QUATRE
        >>> view = new_game(QUATRE, 2, seed=5).observe(1)
        >>> view.holding_sizes, len(view.holding), view.stock_size
        ((4, 4), 4, 28)
        """
        mine = seat == self.to_play and self.phase != "over"
        return view_of(
            seat, rules=self.rules, players=self.players, phase=self.phase, to_play=self.to_play,
            starter=self.starter, stock=self.stock, table=self.table, holdings=self.holdings, chain=self.chain,
            gift=self.gift, lay=self.lay, known=self.known, private=self.private, out=self.out,
            passes=self.passes, turns_after_stock=self.turns_after_stock, events=self.events,
            legal_moves=self.legal_moves() if mine else (), outcome=self.outcome(),
        )

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (``"schema": 3, "family": "quatre"``).

        >>> from cau_rules.quatre import QUATRE
        >>> state = new_game(QUATRE, 3, seed=2)
        >>> data = state.to_dict()
        >>> data["schema"], data["family"], QuatreState.from_dict(data) == state
        (3, 'quatre', True)
        """
        return state_fields_to_dict(self)

    def to_notation(self) -> str:
        """The whole position on one line (like FEN; :mod:`cau_rules.quatre.notation`).

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12c", holdings=["5o 5b 1b 2b", "5e 4c 4b 6b"])
        >>> text = state.apply("5o>5c").to_notation()
        >>> text.split()[:3], text.split()[4:]
        (['chain', '1', '0'], ['1o,7e,12c', '5b,1b,2b/5e,4c,4b,6b', '5c:0=5o', '-', '-', '-/-', '-', '-', '0', '0', '-', '0'])
        """
        return position_notation(self)

    def render(self, lang: Lang = "en") -> str:
        """The screen of the whole position, every card face up, in *lang*
        (:func:`~cau_rules.quatre.render.position_screen`); ``str(state)`` is the English one.

        >>> from cau_rules.quatre import QUATRE
        >>> print(new_game(QUATRE, 2, seed=5).render("es").splitlines()[2])
        Asiento 0:  4c 6e 7b 3b
        """
        return position_screen(self, lang)

    def __str__(self) -> str:
        return position_screen(self)

    def __repr__(self) -> str:
        """The preset and the one-line notation.

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 2, seed=5)  # doctest: +ELLIPSIS
        QuatreState('cau-quatre', 'turn 0 0 ...')
        """
        return f"QuatreState({self.rules.name!r}, {position_notation(self)!r})"

    def svg(self, *, options: SvgOptions | None = None, bottom: int | None = None, lang: Lang | None = None) -> str:
        """A picture of the whole position, every card face up, as an SVG document
        (:func:`~cau_rules.quatre.picture.svg_state`; ``observe(seat).svg()`` draws a seat's view).

        >>> from cau_rules.quatre import QUATRE
        >>> new_game(QUATRE, 2, seed=5).svg().count('class="card"')  # the stock's top card twice
        41
        """
        return svg_state(self, options=SvgOptions.of(options, lang), bottom=bottom)

    def _repr_svg_(self) -> str:
        """The picture notebooks show (Jupyter calls this)."""
        return svg_state(self)

    # -- construction -------------------------------------------------------------

    @classmethod
    def from_notation(cls, rules: QuatreRules, text: str) -> QuatreState:
        """The position written *text* in the one-line notation (:meth:`to_notation`),
        validated like :meth:`from_position`.

        Args:
            rules: the rules played (the notation does not name them).
            text: the position's notation.

        Raises:
            InvalidNotationError: malformed text; the message names the field.
            InvalidPositionError: a position no game can reach.
            InvalidRulesError: a player count or seed the rules cannot take.
            TypeError: *rules* or *text* has the wrong type.

        >>> from cau_rules.quatre import QUATRE
        >>> state = new_game(QUATRE, 3, seed=4)
        >>> QuatreState.from_notation(QUATRE, state.to_notation()) == state
        True
        >>> QuatreState.from_notation(QUATRE, "turn 0 0 - 5c - - - - - - - 0 0 - 0")
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidNotationError: field 6 (holdings) of the position has 1 seat; cau-quatre is played by 2 to 4 players: '-'
        """
        return cls(**fields_from_notation(rules, text))

    @classmethod
    def from_position(
        cls,
        rules: QuatreRules,
        players: int,
        *,
        holdings: Sequence[Iterable[Card | str] | str],
        table: Iterable[Card | str] | str = (),
        stock: Iterable[Card | str] | str | None = None,
        to_play: int = 0,
        phase: Phase = "turn",
        starter: int | None = None,
        chain: QuatreChain | None = None,
        gift: PendingGift | None = None,
        lay: PendingLay | None = None,
        known: Sequence[Iterable[Card | str] | str] | None = None,
        private: Iterable[tuple[int, int, Card | str]] = (),
        out: Iterable[int] = (),
        passes: int = 0,
        turns_after_stock: int = 0,
        termination: Termination | None = None,
        seed: int = 0,
    ) -> QuatreState:
        """An exact position, validated.

        Cards may be given as :class:`~cau_rules.cards.Card` objects or codes (a zone may
        be one string of codes).  When *stock* is None, every card of the deck not placed
        elsewhere goes to the stock in deck order; otherwise every card of the deck must
        be placed exactly once.  *starter* defaults to *to_play* (to the chain's starter
        during a chain; it must be given during a gift).

        Raises:
            InvalidPositionError: duplicate, missing or foreign cards, a wrong seat, and
                other facts no game can reach.
            InvalidNotationError: a malformed card code.
            TypeError: an argument of the wrong type (named).

        >>> from cau_rules.quatre import QUATRE
        >>> QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 5o 1b 2b", "1c 4c 4e 6c"])
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: this position cannot arise (2 problems): cards placed twice: 5o; the deal leaves 28 cards in the stock, not 29
        """
        return cls(**position_fields(
            rules, players, holdings=holdings, table=table, stock=stock, to_play=to_play,
            phase=phase, starter=starter, chain=chain, gift=gift, lay=lay, known=known, private=private,
            out=out, passes=passes, turns_after_stock=turns_after_stock, termination=termination, seed=seed,
        ))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QuatreState:
        """The state saved as *data* (:meth:`to_dict`), validated.

        Raises:
            InvalidNotationError: not a saved four-card game of schema 3, or malformed.
            InvalidPositionError: a position no game can reach.
            InvalidRulesError: bad rules options or player count.

        >>> QuatreState.from_dict({"family": "quatre", "schema": 2})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidNotationError: unsupported schema 2; this version reads schema 3 (...)
        """
        return cls(**fields_from_dict(data))

    # -- helpers ------------------------------------------------------------------

    def _legal_text(self) -> str:
        return legal_text(self.legal_moves())

    def _why_illegal(self, move: QuatreMove) -> str:
        return why_illegal(
            move, phase=self.phase, seat=self.to_play, holding=self.holdings[self.to_play], table=self.table,
            chain=self.chain, gift=self.gift, lay=self.lay, legal=self.legal_moves(),
        )


def new_game(
    rules: QuatreRules,
    players: int,
    *,
    seed: int = 0,
    decks: Sequence[Sequence[Card | str]] | None = None,
) -> QuatreState:
    """A new four-card game, dealt and ready for the eldest hand (seat 0).

    Args:
        rules: the rules (``QUATRE`` or a variant of it).
        players: the number of players.
        seed: the deal's seed (D-DEAL-1: the deck is shuffled by ``random.Random``
            seeded with the string ``"{seed}:0:0:shuffle"``).
        decks: at most one deck order (index 0 is the top) to deal instead of shuffling;
            the four-card game has one deal.

    Returns:
        The state before the first move.  The table cards are laid first (repeated ranks
        stay), then each player gets ``hand_size`` cards, one at a time from seat 0; the
        dealer is the last seat.

    Raises:
        InvalidRulesError: a player count the rules cannot play, a seed that is not a
            whole number, or more than one deck order.
        InvalidDeckError: a deck order that is not the rules' deck.
        TypeError: *rules* is not a QuatreRules.

    >>> from cau_rules.quatre import QUATRE
    >>> from cau_rules.cards import SPANISH_40, cards_text
    >>> state = new_game(QUATRE, 2, decks=[SPANISH_40.cards])
    >>> cards_text(state.table), cards_text(state.holdings[0]), cards_text(state.holdings[1])
    ('1o 2o 3o 4o', '5o 7o 11o 1c', '6o 10o 12o 2c')
    """
    check_type(rules, QuatreRules, "rules")
    check_type(players, int, "players")
    rules.check_players(players)
    whole_number(seed, "seed", low=MIN_SEED, high=MAX_SEED, error=InvalidRulesError)
    order = None
    if decks is not None:
        if isinstance(decks, str) or not isinstance(decks, Sequence):
            raise TypeError(f"decks must be a sequence of deck orders, not {type(decks).__name__}")
        if len(decks) > 1:
            raise InvalidRulesError(f"{rules.name} takes one deck order (its one deal), not {len(decks)}")
        if decks:
            order = rules.deck.check_order(decks[0])
    return QuatreState(**deal(rules, players, seed, order))


def load(data: Mapping[str, Any]) -> QuatreState:
    """The four-card game saved as *data* (``state.to_dict()``): the family's loader.

    >>> from cau_rules.quatre import QUATRE
    >>> state = new_game(QUATRE, 4, seed=9)
    >>> load(state.to_dict()) == state
    True
    """
    return QuatreState.from_dict(data)
