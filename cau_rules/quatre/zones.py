"""The public zones of a four-card game beside the table: the pending chain, the gift
still owed, the lay under way, and the :data:`Phase` of the game.

>>> from cau_rules.cards import Card, cards_text
>>> from cau_rules.quatre.zones import QuatreChain
>>> chain = QuatreChain(Card.parse("5c"), ((0, Card.parse("5o")),))
>>> chain.level, chain.caller, cards_text(chain.all_cards)
(1, 0, '5c 5o')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

import attrs

from cau_rules.cards import Card
from cau_rules.game import GameView
from cau_rules.outcome import Termination
from cau_rules.quatre.rules import CALL_NAMES, QuatreRules

__all__ = ["PHASES", "PendingGift", "PendingLay", "Phase", "Position", "QuatreChain", "SeatView", "next_active"]

Phase = Literal["turn", "chain", "gift", "lay", "over"]
"""``"turn"``: the turn player plays, draws or passes; ``"chain"``: the next player must
add to the chain; ``"gift"``: the player who could not follow gives cards; ``"lay"``:
the player to move lays cards into a dead centre (its turn); ``"over"``.

>>> from typing import get_args
>>> get_args(Phase)
('turn', 'chain', 'gift', 'lay', 'over')
"""

PHASES: tuple[Phase, ...] = ("turn", "chain", "gift", "lay", "over")
"""Every phase, in the order of :data:`Phase`.

>>> PHASES[-1]
'over'
"""


@attrs.frozen
class QuatreChain:
    """A pending chain in its public zone: the table card ``target`` and the ``cards``
    played onto it, ``(seat, card)`` in play order (cau first).

    >>> from cau_rules.cards import cards_text
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

        >>> from cau_rules.cards import cards_text
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


def next_active(seat: int, players: int, out: Sequence[int]) -> int:
    """The first seat after *seat*, in turn order, that is not out.

    >>> next_active(0, 3, (1,))
    2
    """
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in out:
            return other
    raise AssertionError("no seat is left in the game")  # pragma: no cover


class Position(Protocol):
    """Every field of a four-card position, read-only (a
    :class:`~cau_rules.quatre.state.QuatreState` has them all): what the engine, the JSON
    code and the notation read, so none of them depends on the state class."""

    @property
    def rules(self) -> QuatreRules: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_play(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def table(self) -> tuple[Card, ...]: ...
    @property
    def holdings(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def chain(self) -> QuatreChain | None: ...
    @property
    def gift(self) -> PendingGift | None: ...
    @property
    def lay(self) -> PendingLay | None: ...
    @property
    def known(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def private(self) -> tuple[tuple[int, int, Card], ...]: ...
    @property
    def out(self) -> tuple[int, ...]: ...
    @property
    def passes(self) -> int: ...
    @property
    def turns_after_stock(self) -> int: ...
    @property
    def termination(self) -> Termination | None: ...


@runtime_checkable
class SeatView(GameView, Protocol):
    """What one seat sees, as the text screen, the pictures and the notation read it
    (:class:`~cau_rules.quatre.view.QuatreView` has it all; those modules sit below the
    view class, whose methods call them).

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> isinstance(new_game(QUATRE, 2).observe(0), SeatView)
    True
    """

    @property
    def phase(self) -> Phase:
        """The phase of the game."""

    @property
    def starter(self) -> int:
        """The seat whose turn it is."""

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards of its holding this seat knows."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The centre."""

    @property
    def chain(self) -> QuatreChain | None:
        """The pending chain."""

    @property
    def gift(self) -> PendingGift | None:
        """The gift still owed."""

    @property
    def lay(self) -> PendingLay | None:
        """The lay under way."""

    @property
    def stock_size(self) -> int:
        """The cards left in the stock."""

    @property
    def out(self) -> tuple[int, ...]:
        """The seats out of the game."""

    @property
    def passes(self) -> int:
        """Turns passed in a row."""

    @property
    def turns_after_stock(self) -> int:
        """Turns played after the stock ran out."""

    @property
    def rules(self) -> QuatreRules | None:
        """The rules played (None in a view built without them)."""
