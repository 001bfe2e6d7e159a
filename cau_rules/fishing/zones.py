"""The public zones of a capture-family position: the pending chain, the Valencian
stones and stake, the phase, and the :class:`Position` protocol naming every field of
a position (what the engine, the move generator, the view and the JSON code read).

>>> from cau_rules.cards import Card
>>> chain = Chain(5, ((0, Card.parse("5o")), (1, Card.parse("5c"))))
>>> chain.level, chain.caller
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, Protocol

import attrs

from cau_rules.cards import Card
from cau_rules.fishing.events import FishingEvent
from cau_rules.fishing.moves import Call, FishingMove, StakeValue
from cau_rules.fishing.rules import FishingRules
from cau_rules.game import GameView

__all__ = [
    "PHASES",
    "STONE_REASONS",
    "Chain",
    "Debt",
    "Phase",
    "Position",
    "PublicFields",
    "SeatView",
    "Stake",
    "Tally",
    "Unit",
    "explained",
    "score_sheet",
    "summed_debts",
]

Phase = Literal["play", "declare", "bid", "over"]
"""``"play"``: a card is to be played; ``"declare"``: the ronda declaration phase
(``explicit_calls``); ``"bid"``: the Valencian ronda stake; ``"over"``: the game has
ended."""

PHASES: tuple[Phase, ...] = ("play", "declare", "bid", "over")
"""Every phase, in that order."""

Unit = tuple[int, int]
"""A run unit: ``(rank, seat)``; seat -1 means the table card of that rank."""

Debt = tuple[int, int]
"""A debt: ``(creditor, cards still owed)``."""

STONE_REASONS: tuple[str, ...] = (
    "pixat", "bon fer", "ronda", "rondi", "cau", "recau", "sant-vicent", "neta", "stake", "surplus", "carried",
)
"""Every reason a team scores stones for in the Valencian game (the ``reason`` of a
:class:`Tally` log entry and of a :class:`~cau_rules.fishing.events.Scored` event).
``"carried"`` appears only in a log: the stones a position built with
``FishingState.from_position`` was given without a log (see :func:`explained`)."""


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


def explained(tally: Tally, hand: int, over: bool = False) -> Tally:
    """*tally* with its stones explained by its log: a tally given with stones but an
    empty log gets one ``"carried"`` entry per team with stones, in the current partida
    at *hand*; any other tally is returned unchanged.

    The log of the current partida always adds up to the stones (a position whose log
    does not is refused), so that play, which logs every stone it scores, keeps them
    in step: ``FishingState.from_position(..., tally=Tally((18, 0)))`` starts with the
    18 stones logged as carried, and the neta that follows makes the log add up to 19.

    Args:
        tally: the stones given.
        hand: the hand of the position.
        over: whether the game is over (the log's last partida is then the current one).

    Returns:
        The tally, its log filled in when it was empty.

    >>> explained(Tally((18, 0)), hand=3).log
    ((0, 3, 0, 'carried', 18),)
    >>> explained(Tally((2, 1), (1, 0), ((1, 0, 0, "cau", 2), (1, 0, 1, "pixat", 1))), hand=0).log[0]
    (1, 0, 0, 'cau', 2)
    """
    if tally.log or not any(tally.stones):
        return tally
    partida = sum(tally.partides) - 1 if over and any(tally.partides) else sum(tally.partides)
    log = tuple((partida, hand, team, "carried", stones) for team, stones in enumerate(tally.stones) if stones)
    return Tally(tally.stones, tally.partides, log)


class PublicFields(Protocol):
    """The fields a position and a seat's view both carry, read-only: the deal, the turn,
    the table and the public zones.  :class:`Position` and :class:`SeatView` extend it.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> fields: PublicFields = state.observe(0)
    >>> fields.table == state.table
    True
    """

    @property
    def players(self) -> int:
        """How many seats play."""

    @property
    def hand(self) -> int:
        """The hand being played, from 0."""

    @property
    def round(self) -> int:
        """The deal round of the hand, from 0."""

    @property
    def opener(self) -> int:
        """The seat that opened the deal round."""

    @property
    def to_play(self) -> int:
        """The seat to move."""

    @property
    def phase(self) -> Phase:
        """What kind of move is expected."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The table, in the order the cards were placed."""

    @property
    def chain(self) -> Chain | None:
        """The pending chain, if any."""

    @property
    def trail(self) -> tuple[int, Card] | None:
        """The card trailed in the immediately preceding turn, with its seat."""

    @property
    def discard(self) -> tuple[Card, ...]:
        """Cards out of play."""

    @property
    def debts(self) -> tuple[tuple[Debt, ...], ...]:
        """Each seat's debts, oldest first."""

    @property
    def last_capturer(self) -> int:
        """The seat that captured last in this hand (-1 for none)."""

    @property
    def declarations(self) -> tuple[tuple[int, Call], ...]:
        """Rondas declared in the current declaration phase."""

    @property
    def hand_scores(self) -> tuple[tuple[int, ...], ...]:
        """The scores of every finished hand."""

    @property
    def stake(self) -> Stake | None:
        """The Valencian ronda stake being bid, if any."""

    @property
    def events(self) -> tuple[FishingEvent, ...]:
        """The events of the move that produced the position (as the seat may see them, in a view)."""


class Position(PublicFields, Protocol):
    """Every field of a capture-family position, read-only: the :class:`PublicFields` and
    the hidden zones.

    :class:`~cau_rules.fishing.state.FishingState` has them all; the engine, the move
    generator, the view and the JSON code read a position through this protocol, so
    none of them depends on the state class.

    >>> from cau_rules import new_game
    >>> position: Position = new_game("cau", players=2, seed=1)
    >>> position.players, position.phase
    (2, 'play')
    """

    @property
    def rules(self) -> FishingRules:
        """The rules being played."""

    @property
    def seed(self) -> int:
        """The seed of every shuffle."""

    @property
    def decks(self) -> tuple[tuple[Card, ...], ...]:
        """Supplied deck orders, one per hand from the first."""

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""

    @property
    def holdings(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's holding."""

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's pile, top last."""

    @property
    def tally(self) -> Tally | None:
        """The Valencian stones (None without stones)."""


def score_sheet(tally: Tally | None, over: bool) -> dict[str, Any]:
    """Stones by source per team: ``hands`` (one row per partida and hand), ``game``
    (totals of the current partida by source; the last one once the game is *over*),
    ``stones`` and ``partides``.

    >>> sheet = score_sheet(Tally((2, 1), (0, 0), ((0, 0, 0, "ronda", 2), (0, 0, 1, "pixat", 1))), False)
    >>> sheet["stones"], sheet["game"]
    ([2, 1], {'pixat': [0, 1], 'ronda': [2, 0]})
    """
    if tally is None:
        return {"hands": [], "game": {}, "stones": [], "partides": []}
    hands: dict[tuple[int, int], dict[str, list[int]]] = {}
    game: dict[str, list[int]] = {}
    current = max(0, sum(tally.partides) - 1) if over else sum(tally.partides)
    for partida, hand, team, reason, stones in tally.log:
        row = hands.setdefault((partida, hand), {})
        row.setdefault(reason, [0, 0])[team] += stones
        if partida == current:
            game.setdefault(reason, [0, 0])[team] += stones
    return {
        "hands": [
            {"partida": partida, "hand": hand, "stones": dict(sorted(row.items()))}
            for (partida, hand), row in sorted(hands.items())
        ],
        "game": dict(sorted(game.items())),
        "stones": list(tally.stones),
        "partides": list(tally.partides),
    }


class SeatView(PublicFields, GameView, Protocol):
    """The fields of one seat's view that the screens, pictures and notation read: the
    :class:`PublicFields`, the generic :class:`~cau_rules.game.GameView`, and the rest.

    :class:`~cau_rules.fishing.view.FishingView` has them all; the modules that draw or
    write a view take this protocol, so the view class may use them in turn.

    >>> from cau_rules import new_game
    >>> seen: SeatView = new_game("cau", players=2, seed=1).observe(1)
    >>> seen.seat, seen.stock_size
    (1, 42)
    """

    @property
    def piles(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Each open pile's cards (None for a closed pile)."""

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each pile holds."""

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""

    @property
    def legal_moves(self) -> Sequence[FishingMove]:
        """The seat's legal moves when it is to play."""

    @property
    def stones(self) -> tuple[int, ...]:
        """Each team's stones (empty without stones)."""

    @property
    def partides(self) -> tuple[int, ...]:
        """Each team's partides won (empty without stones)."""

    @property
    def rules(self) -> FishingRules | None:
        """The rules being played."""


def summed_debts(entries: Iterable[Debt]) -> list[tuple[int, int]]:
    """A seat's debts summed by creditor, in the order each creditor first appears.

    >>> summed_debts([(1, 1), (3, 1), (1, 1), (1, 2)])
    [(1, 4), (3, 1)]
    """
    totals: dict[int, int] = {}
    for creditor, amount in entries:
        totals[creditor] = totals.get(creditor, 0) + amount
    return list(totals.items())
