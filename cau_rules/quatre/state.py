"""The state of a four-card game (``cau-quatre``), its legal moves and the pure ``apply``.

A :class:`QuatreState` is frozen: :meth:`QuatreState.apply` returns a new state and
leaves the old one untouched.  A turn is one move (``draw``, ``pass``) or several: the
turn player's cau, each forced chain addition and each gift card is a move of the
player concerned, and so is each card of a lay into a dead centre.

Zones: ``stock`` (index 0 is the top), ``table`` (in the order the cards were laid;
ranks may repeat), ``holdings`` per seat (in arrival order), and ``chain`` (the pending
chain's public zone: the table card and the cards played onto it).

>>> from cau_rules.quatre import QUATRE, new_quatre_game
>>> state = new_quatre_game(QUATRE, 2, seed=5)
>>> state.to_play, [len(h) for h in state.holdings], len(state.table), len(state.stock)
(0, [4, 4], 4, 28)
>>> [str(move) for move in state.legal_moves()]
['draw']
>>> after = state.apply("draw")
>>> after.to_play, [len(h) for h in after.holdings], [str(e) for e in after.events]
(1, [5, 4], ['seat 0 draws 1c'])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError
from cau_rules.game import move_for_turn
from cau_rules.outcome import Outcome, Termination
from cau_rules.quatre.events import (
    Added,
    CentreTaken,
    ChainTaken,
    Dealt,
    Drew,
    GameEnded,
    Gave,
    Laid,
    LayDue,
    Out,
    Passed,
    Played,
    QuatreEvent,
    Refilled,
    TableRefilled,
)
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass, Play, QuatreMove, parse_move
from cau_rules.quatre.rules import CALL_NAMES, MAX_CHAIN, QuatreRules

__all__ = [
    "LAST_HOLDER",
    "SAFETY_BOUND",
    "PendingGift",
    "PendingLay",
    "Phase",
    "QuatreChain",
    "QuatreState",
    "new_quatre_game",
]

Phase = Literal["turn", "chain", "gift", "lay", "over"]
"""``"turn"``: the turn player plays, draws or passes; ``"chain"``: the next player must
add to the chain; ``"gift"``: the player who could not follow gives cards; ``"lay"``:
the player to move lays cards into a dead centre (its turn); ``"over"``.

>>> from typing import get_args
>>> get_args(Phase)
('turn', 'chain', 'gift', 'lay', 'over')
"""

LAST_HOLDER = "last player holding cards"
"""The termination of a game won by the only player not out, who takes what is left in
the centre and so ends with every card (D-FOUR-5).

>>> LAST_HOLDER
'last player holding cards'
"""

SAFETY_BOUND = "safety bound: most cards"
"""The termination of a game still running ``rules.max_turns_after_stock`` turns after
the stock ran out (D-FOUR-5): the most cards held wins, ties share.

>>> SAFETY_BOUND
'safety bound: most cards'
"""

_TURN_MOVES = 2 * MAX_CHAIN
"""The most moves one cau turn can take: the cau, two additions, three gift cards."""


@attrs.frozen
class QuatreChain:
    """A pending chain in its public zone: the table card ``target`` and the ``cards``
    played onto it, ``(seat, card)`` in play order (cau first).

    >>> chain = QuatreChain(Card.parse("5c"), ((0, Card.parse("5o")), (1, Card.parse("5e"))))
    >>> chain.rank, chain.level, chain.starter, chain.caller, cards_text(chain.all_cards)
    (5, 2, 0, 1, '5c 5o 5e')
    """

    target: Card
    cards: tuple[tuple[int, Card], ...]

    @property
    def rank(self) -> int:
        """The chain's rank (its table card's).

        >>> QuatreChain(Card.parse("12b"), ((0, Card.parse("12o")),)).rank
        12
        """
        return self.target.rank

    @property
    def level(self) -> int:
        """Cards played onto the table card: 1 cau, 2 recau, 3 Sant Vicent.

        >>> QuatreChain(Card.parse("12b"), ((0, Card.parse("12o")),)).level
        1
        """
        return len(self.cards)

    @property
    def starter(self) -> int:
        """The seat that made the cau (whose turn it is).

        >>> QuatreChain(Card.parse("12b"), ((1, Card.parse("12o")),)).starter
        1
        """
        return self.cards[0][0]

    @property
    def caller(self) -> int:
        """The seat that played the chain's last card.

        >>> QuatreChain(Card.parse("1b"), ((1, Card.parse("1o")), (0, Card.parse("1c")))).caller
        0
        """
        return self.cards[-1][0]

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """The table card, then the played cards in play order.

        >>> cards_text(QuatreChain(Card.parse("1b"), ((1, Card.parse("1o")),)).all_cards)
        '1b 1o'
        """
        return (self.target, *(card for _, card in self.cards))


@attrs.frozen
class PendingGift:
    """Gift cards still owed after a chain: ``giver`` gives ``receiver`` (the chain's
    last caller) ``owed`` more cards, one per move, for a chain of ``level`` played cards.

    >>> gift = PendingGift(giver=1, receiver=0, owed=2, level=2)
    >>> gift.call
    'recau'
    """

    giver: int
    receiver: int
    owed: int
    level: int

    @property
    def call(self) -> str:
        """The name of the chain the gift pays for: cau, recau or Sant Vicent.

        >>> PendingGift(1, 0, 1, 3).call
        'Sant Vicent'
        """
        return CALL_NAMES[self.level - 1]


@attrs.frozen
class PendingLay:
    """A lay into a dead centre under way (D-FOUR-5): the player to move lays ``owed``
    more cards, one per move; ``after`` is the card it laid last in this lay (None
    before the first), and the next one must come later in deck order.

    >>> PendingLay(owed=3, after=Card.parse("2o"))
    PendingLay(owed=3, after=<Card.O2: 1>)
    """

    owed: int
    after: Card | None


@attrs.frozen(slots=True)
class QuatreState:
    """A position of the four-card game.

    Build one with :func:`new_quatre_game` (dealt from a seed or a supplied deck order)
    or :meth:`from_position` (an exact position); never mutate it.

    - ``starter``: the seat whose turn it is (the one who made the cau during a chain or
      its gifts); the next turn goes to the active seat after it.
    - ``known``: per seat, the cards of its holding that every player knows: cards it
      took from a chain, until they leave that holding or it gives a card (D-FOUR-3).
    - ``private``: ``(seat, holder, card)``: *seat* knows that *card* is in *holder*'s
      holding though not every player does.  A gift card is known to its giver, and
      when a player gives a card the receiver still knows the giver's cards that were
      known to all; a seat that did not see a gift forgets every card of its giver.
    - ``lay``: the lay under way in the ``"lay"`` phase (:class:`PendingLay`), else None.
    - ``out``: the seats out of the game, in the order they went out.
    - ``passes``: turns passed in a row (with an empty stock); any other turn starts the
      count again.  When every seat still in the game has passed, the next one lays.
    - ``turns_after_stock``: turns played from start to end with an empty stock; the
      game ends at ``rules.max_turns_after_stock`` (D-FOUR-5's safety bound).
    - ``termination``: why the game ended (:data:`LAST_HOLDER` or
      :data:`SAFETY_BOUND`), or None while it goes on.

    >>> from cau_rules.quatre import QUATRE
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 7o", holdings=["5o 1b 2b 3b", "4c 4e 4b 6c"])
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
    termination: str | None
    events: tuple[QuatreEvent, ...] = attrs.field(default=(), eq=False, repr=False)
    _moves: tuple[QuatreMove, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    # -- public queries ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> from cau_rules.quatre import QUATRE
        >>> new_quatre_game(QUATRE, 2).is_over
        False
        """
        return self.phase == "over"

    @property
    def dealer(self) -> int:
        """The dealer: the last seat (seat 0 is the eldest hand and plays first).

        >>> from cau_rules.quatre import QUATRE
        >>> new_quatre_game(QUATRE, 3).dealer
        2
        """
        return self.players - 1

    def active(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order.

        >>> from cau_rules.quatre import QUATRE
        >>> new_quatre_game(QUATRE, 3).active()
        (0, 1, 2)
        """
        return tuple(seat for seat in range(self.players) if seat not in self.out)

    def holding_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds.

        >>> from cau_rules.quatre import QUATRE
        >>> new_quatre_game(QUATRE, 2).holding_sizes()
        (4, 4)
        """
        return tuple(len(holding) for holding in self.holdings)

    def legal_moves(self) -> tuple[QuatreMove, ...]:
        """Every legal move of the seat to play, in canonical order (by ``sort_key``).

        On a turn: every ``card>target`` pairing a held card with a table card of its
        rank (a match must be played), else ``draw``, else (empty stock) ``pass``.
        During a chain: ``add`` each held card of the chain's rank.  During a gift:
        ``give`` each held card.  During a lay: ``lay`` each held card that comes after
        the one laid last (deck order) and leaves enough later cards to finish the lay.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c 5b", holdings=["5o 5e", "1o"])
        >>> [str(m) for m in state.legal_moves()]
        ['5o>5c', '5o>5b', '5e>5c', '5e>5b']
        """
        moves = self._moves
        if moves is None:
            moves = _generate(self)
            object.__setattr__(self, "_moves", moves)
        return moves

    def is_legal(self, move: QuatreMove | str) -> bool:
        """Whether *move* (a move or its text) is legal here.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o", "1o"])
        >>> state.is_legal("5o>5c"), state.is_legal("draw")
        (True, False)
        """
        try:
            return _coerce(move) in self.legal_moves()
        except InvalidNotationError:
            return False

    def apply(self, move: QuatreMove | str, seat: int | None = None) -> QuatreState:
        """The state after the seat to play makes *move* (a move or its text).

        With *seat*, also check that it is that seat's turn.  An illegal move raises
        :class:`~cau_rules.errors.IllegalMoveError` (or
        :class:`~cau_rules.errors.GameOverError`) saying why and what is legal; this
        state never changes.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o 1b", "1o"])
        >>> state.apply("draw")
        Traceback (most recent call last):
        ...
        cau_rules.errors.IllegalMoveError: illegal move draw: seat 0 holds a card matching the table and must play it; legal moves: 5o>5c
        """
        parsed = move_for_turn(self.phase == "over", self.to_play, move, seat, _coerce, self._legal_text)
        if parsed not in self.legal_moves():
            raise IllegalMoveError(
                f"illegal move {parsed}: {self._why_illegal(parsed)}; legal moves: {self._legal_text()}"
            )
        work = _Work(self)
        work.apply(parsed)
        after = work.freeze()
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
        >>> state = new_quatre_game(QUATRE, 2, seed=5)
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

    def known_to(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards of its holding that *seat* knows (D-VIEW-1, D-VIEW-2,
        D-FOUR-3): its own whole holding; in the others', the cards known to all (taken
        from a chain, until the holder gives a card) and those *seat* knows privately
        (gift cards it gave; the giver's known cards when it received a gift), while
        they stay there.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="7o", holdings=["5o 1b", "2c 2e"],
        ...                                   known=["5o", ""])
        >>> state.known_to(1)
        ((<Card.O5: 4>,), (<Card.C2: 13>, <Card.E2: 25>))
        """
        _check_seat(seat, self.players)
        out: list[tuple[Card, ...]] = []
        for other, holding in enumerate(self.holdings):
            if other == seat:
                out.append(holding)
                continue
            mine = set(self.known[other])
            mine.update(card for knower, holder, card in self.private if knower == seat and holder == other)
            out.append(tuple(card for card in holding if card in mine))
        return tuple(out)

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards whose place *seat* does not know: the stock and the unknown cards
        of the other holdings.

        >>> from cau_rules.quatre import QUATRE
        >>> state = QuatreState.from_position(QUATRE, 2, table="7o", holdings=["5o 1b", "2c 2e"],
        ...                                   known=["5o", ""])
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
        seat 1 wins (safety bound); scores 5, 31
        """
        if self.phase != "over":
            return None
        scores = tuple(len(holding) for holding in self.holdings)
        ending = Termination.LAST_HOLDER if self.termination == LAST_HOLDER else Termination.SAFETY_BOUND
        return Outcome(_winners(scores), scores, ending)

    def observe(self, seat: int) -> Any:
        """What *seat* may see: a :class:`~cau_rules.quatre.view.QuatreView`.

        >>> from cau_rules.quatre import QUATRE
        >>> view = new_quatre_game(QUATRE, 2, seed=5).observe(1)
        >>> view.holding_sizes, len(view.holding), view.stock_size
        ((4, 4), 4, 28)
        """
        from cau_rules.quatre.view import view_of

        return view_of(self, seat)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (``"schema": 2, "family": "quatre"``).

        >>> from cau_rules.quatre import QUATRE, quatre_state_from_dict
        >>> state = new_quatre_game(QUATRE, 3, seed=2)
        >>> data = state.to_dict()
        >>> data["schema"], data["family"], quatre_state_from_dict(data) == state
        (2, 'quatre', True)
        """
        from cau_rules.quatre.serial import state_to_dict

        return state_to_dict(self)

    # -- construction -------------------------------------------------------------

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
        termination: str | None = None,
        seed: int = 0,
    ) -> QuatreState:
        """An exact position, validated.

        Cards may be given as :class:`~cau_rules.cards.Card` objects or codes (a zone may
        be one string of codes).  When *stock* is None, every card of the deck not placed
        elsewhere goes to the stock in deck order; otherwise every card of the deck must
        be placed exactly once.  *starter* defaults to *to_play* (to the chain's starter
        during a chain; it must be given during a gift).

        Raises :class:`~cau_rules.errors.InvalidPositionError` for duplicate, missing or
        foreign cards, a wrong seat, and other facts no game can reach.

        >>> from cau_rules.quatre import QUATRE
        >>> QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o 5o", "1o"])
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidPositionError: cards placed twice: 5o
        """
        from cau_rules.quatre.serial import build_position

        return build_position(
            cls, rules, players, holdings=holdings, table=table, stock=stock, to_play=to_play,
            phase=phase, starter=starter, chain=chain, gift=gift, lay=lay, known=known, private=private,
            out=out, passes=passes, turns_after_stock=turns_after_stock, termination=termination, seed=seed,
        )

    # -- helpers ------------------------------------------------------------------

    def _legal_text(self) -> str:
        moves = self.legal_moves()
        return ", ".join(str(m) for m in moves) if moves else "none"

    def _why_illegal(self, move: QuatreMove) -> str:
        seat = self.to_play
        holding = self.holdings[seat]
        if self.phase == "chain":
            assert self.chain is not None
            if not isinstance(move, Add):
                return f"seat {seat} holds the chain's rank {self.chain.rank} and must add a card of it"
            if move.card not in holding:
                return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
            return f"{move.card} is not of the chain's rank {self.chain.rank}"
        if self.phase == "gift":
            assert self.gift is not None
            if not isinstance(move, Give):
                return f"seat {seat} owes seat {self.gift.receiver} {self.gift.owed} more card(s) and must give one"
            return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
        if self.phase == "lay":
            assert self.lay is not None
            if not isinstance(move, Lay):
                return f"seat {seat} must lay {self.lay.owed} more card(s) into the centre"
            if move.card not in holding:
                return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
            if self.lay.after is not None and move.card.value < self.lay.after.value:
                return f"a lay goes down in deck order, and {move.card} comes before {self.lay.after}"
            return f"after {move.card} seat {seat} holds too few later cards to lay {self.lay.owed} in deck order"
        if isinstance(move, (Add, Give)):
            return "no chain is pending and nobody owes a gift: it is a turn"
        if isinstance(move, Lay):
            return "a player lays cards only into a dead centre once the stock is empty"
        if isinstance(move, Play):
            if move.card not in holding:
                return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
            if move.target not in self.table:
                return f"{move.target} is not on the table (table: {cards_text(self.table)})"
            return f"{move.card} and {move.target} are not of the same rank"
        if any(isinstance(m, Play) for m in self.legal_moves()):
            return f"seat {seat} holds a card matching the table and must play it"
        if isinstance(move, Draw):
            return "the stock is empty"
        return "the stock is not empty: draw a card"


def _check_seat(seat: object, players: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidPositionError(f"seat must be from 0 to {players - 1}, not {seat!r}")


def _coerce(move: QuatreMove | str) -> QuatreMove:
    if isinstance(move, str):
        return parse_move(move)
    if isinstance(move, (Play, Add, Give, Draw, Pass, Lay)):
        return move
    raise InvalidNotationError(f"not a move of the four-card game: {move!r}")


def _winners(scores: Sequence[float]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def _next_active(seat: int, players: int, out: Sequence[int]) -> int:
    """The first seat after *seat*, in turn order, that is not out."""
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in out:
            return other
    raise AssertionError("no seat is left in the game")  # pragma: no cover


def _generate(state: QuatreState) -> tuple[QuatreMove, ...]:
    if state.phase == "over":
        return ()
    holding = state.holdings[state.to_play]
    moves: list[QuatreMove]
    if state.phase == "turn":
        moves = [Play(card, target) for card in holding for target in state.table if card.rank == target.rank]
        if not moves:
            return (Draw(),) if state.stock else (Pass(),)
    elif state.phase == "chain":
        assert state.chain is not None
        moves = [Add(card) for card in holding if card.rank == state.chain.rank]
    elif state.phase == "gift":
        moves = [Give(card) for card in holding]
    else:
        assert state.lay is not None
        moves = [Lay(card) for card in _layable(holding, state.lay)]
    moves.sort(key=lambda move: move.sort_key())
    return tuple(moves)


def _layable(holding: Sequence[Card], lay: PendingLay) -> list[Card]:
    """The cards of *holding* that may be laid next: later in deck order than the card
    laid last, with at least ``owed - 1`` such cards held after them."""
    later = sorted(card for card in holding if lay.after is None or card.value > lay.after.value)
    return later[: max(len(later) - lay.owed + 1, 0)]


# ---------------------------------------------------------------------------------
# Applying moves: a short-lived mutable copy, frozen again at the end


class _Work:
    """The mutable scratch copy of a state that one ``apply`` works on."""

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

    def __init__(self, state: QuatreState) -> None:
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
        self.events: list[QuatreEvent] = []

    def freeze(self) -> QuatreState:
        return QuatreState(
            self.rules, self.n, self.seed, self.phase, self.to_play, self.starter, self.stock,
            tuple(self.table), tuple(self.holdings), self.chain, self.gift, self.lay, tuple(self.known),
            self.private, self.out, self.passes, self.turns_after_stock, self.termination, tuple(self.events),
        )

    # -- moves ---------------------------------------------------------------------

    def apply(self, move: QuatreMove) -> None:
        seat = self.to_play
        if isinstance(move, Play):
            self.take_from(seat, move.card)
            self.table.remove(move.target)
            self.chain = QuatreChain(move.target, ((seat, move.card),))
            self.events.append(Played(seat, move.card, move.target))
            self.follow_chain()
        elif isinstance(move, Add):
            assert self.chain is not None
            self.take_from(seat, move.card)
            self.chain = QuatreChain(self.chain.target, (*self.chain.cards, (seat, move.card)))
            self.events.append(Added(seat, move.card, self.chain.level))
            self.follow_chain()
        elif isinstance(move, Give):
            gift = self.gift
            assert gift is not None
            self.forget_giver(seat, gift.receiver)
            self.take_from(seat, move.card)
            self.holdings[gift.receiver] = (*self.holdings[gift.receiver], move.card)
            self.private = (*self.private, (seat, gift.receiver, move.card))
            self.events.append(Gave(seat, gift.receiver, move.card))
            if gift.owed > 1:
                self.gift = attrs.evolve(gift, owed=gift.owed - 1)
            else:
                self.gift = None
                self.end_turn()
        elif isinstance(move, Draw):
            card = self.stock[0]
            self.stock = self.stock[1:]
            self.holdings[seat] = (*self.holdings[seat], card)
            self.events.append(Drew(seat, card))
            self.end_turn(drew=True)
        elif isinstance(move, Lay):
            lay = self.lay
            assert lay is not None
            self.take_from(seat, move.card)
            self.table.append(move.card)
            self.events.append(Laid(seat, move.card))
            if lay.owed > 1:
                self.lay = PendingLay(lay.owed - 1, move.card)
            else:
                self.lay = None
                self.end_turn()
        else:
            self.passes += 1
            self.events.append(Passed(seat, self.passes))
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
        nxt = _next_active(caller, self.n, self.out)
        if chain.level < MAX_CHAIN and any(card.rank == chain.rank for card in self.holdings[nxt]):
            self.phase = "chain"
            self.to_play = nxt
            return
        taken = chain.all_cards
        self.chain = None
        self.holdings[caller] = (*self.holdings[caller], *taken)
        self.known[caller] = (*self.known[caller], *taken)
        owed = min(chain.level, len(self.holdings[nxt]))
        self.events.append(ChainTaken(caller, taken, chain.level, nxt, owed))
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
            self.events.append(Refilled(seat, len(drawn), drawn))
        if not self.table and self.stock:
            laid = self.stock[: self.rules.table_size]
            self.stock = self.stock[len(laid):]
            self.table = list(laid)
            self.events.append(TableRefilled(laid))
        if not self.stock:
            for step in range(n):
                seat = (starter + step) % n
                if seat not in self.out and not self.holdings[seat]:
                    self.out = (*self.out, seat)
                    self.events.append(Out(seat))
        active = n - len(self.out)
        assert active >= 1, "every holding is empty, but the table cannot hold the whole deck"
        if active == 1:
            winner = next(seat for seat in range(n) if seat not in self.out)
            if self.table:  # D-FOUR-5: the winner takes what is left and holds every card
                left = tuple(self.table)
                self.table = []
                self.holdings[winner] = (*self.holdings[winner], *left)
                self.known[winner] = (*self.known[winner], *left)
                self.events.append(CentreTaken(winner, left))
            self.starter = winner
            self.finish(LAST_HOLDER)
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
                self.finish(SAFETY_BOUND)
                return
        nxt = _next_active(seat, self.n, self.out)
        self.to_play = self.starter = nxt
        if not self.stock and (not self.table or self.passes >= self.n - len(self.out)):
            owed = min(self.rules.table_size, len(self.holdings[nxt]))
            assert owed > 0, "a seat in the game holds cards once the stock is empty"
            self.events.append(LayDue(nxt, owed, not self.table))
            self.phase = "lay"
            self.lay = PendingLay(owed, None)
            self.passes = 0
        else:
            self.phase = "turn"

    def finish(self, termination: str) -> None:
        self.phase = "over"
        self.to_play = self.starter
        self.termination = termination
        self.chain = None
        self.gift = None
        self.lay = None
        result = self.freeze().outcome()
        assert result is not None
        self.events.append(GameEnded(result.winners, result.scores, termination))


def new_quatre_game(
    rules: QuatreRules,
    players: int,
    seed: int = 0,
    deck: Sequence[Card | str] | None = None,
) -> QuatreState:
    """A new four-card game, dealt and ready for the eldest hand (seat 0).

    The deck is shuffled from *seed* alone (D-DEAL-1: ``random.Random`` seeded with the
    string ``"{seed}:0:0:shuffle"``), or *deck* gives the order (index 0 is the top).
    The table cards are laid first (repeated ranks stay), then each player gets
    ``hand_size`` cards, one at a time from seat 0; the dealer is the last seat.

    >>> from cau_rules.quatre import QUATRE
    >>> from cau_rules.cards import SPANISH_40
    >>> state = new_quatre_game(QUATRE, 2, deck=SPANISH_40.cards)
    >>> cards_text(state.table), cards_text(state.holdings[0]), cards_text(state.holdings[1])
    ('1o 2o 3o 4o', '5o 7o 11o 1c', '6o 10o 12o 2c')
    """
    rules.check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidPositionError(f"the seed must be a whole number, not {seed!r}")
    if deck is not None:
        order = rules.deck.check_order(deck)
    else:
        order = rules.deck.shuffled(random.Random(f"{seed}:0:0:shuffle"))
    table = order[: rules.table_size]
    dealt = order[rules.table_size: rules.table_size + players * rules.hand_size]
    holdings = tuple(dealt[seat::players] for seat in range(players))
    stock = order[rules.table_size + players * rules.hand_size:]
    state = QuatreState(
        rules, players, seed, "turn", 0, 0, stock, table, holdings, None, None, None,
        ((),) * players, (), (), 0, 0, None,
        events=(Dealt(players - 1, table, tuple(len(h) for h in holdings)),),
    )
    return state
