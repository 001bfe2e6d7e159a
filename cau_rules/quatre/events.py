"""Frozen records of what happened during a move of the four-card game.

``state.events`` holds the events of the move that produced the state, in order.  Three
kinds name a private card: :class:`Drew` and :class:`Refilled` (only the drawer sees the
cards) and :class:`Gave` (only giver and receiver see the card, D-VIEW-1).  A seat's
view (``state.observe(seat)``) replaces a card it may not see with None;
:func:`hide_event` does that for one event.  The last event of a game is
the shared :class:`cau_rules.outcome.GameEnded`, re-exported here.

>>> from cau_rules.quatre import QUATRE, new_game
>>> state = new_game(QUATRE, 2, seed=5)
>>> [str(event) for event in state.events]
['seat 1 deals: table 11c 10c 5b 12e, 4 cards each']
"""

from __future__ import annotations

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.outcome import GameEnded
from cau_rules.quatre.rules import CALL_NAMES

__all__ = [
    "Added",
    "CentreTaken",
    "ChainTaken",
    "Dealt",
    "Drew",
    "GameEnded",
    "Gave",
    "Laid",
    "LayDue",
    "Out",
    "Passed",
    "Played",
    "QuatreEvent",
    "Refilled",
    "TableRefilled",
    "hide_event",
]


@attrs.frozen
class Dealt:
    """The deal: ``table`` laid face up first, then ``counts`` cards to each seat, one at
    a time from the eldest hand (seat 0); the holdings themselves are private.

    >>> str(Dealt(1, (Card.parse("1o"),), (4, 4)))
    'seat 1 deals: table 1o, 4 cards each'
    """

    dealer: int
    table: tuple[Card, ...]
    counts: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.dealer} deals: table {cards_text(self.table)}, {self.counts[0]} cards each"


@attrs.frozen
class Played:
    """``seat`` played ``card`` onto the table card ``target``: a cau, now pending in
    the public chain zone.

    >>> str(Played(0, Card.parse("5o"), Card.parse("5c")))
    'seat 0 plays 5o onto 5c: cau'
    """

    seat: int
    card: Card
    target: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card} onto {self.target}: cau"


@attrs.frozen
class Added:
    """``seat`` added ``card`` to the chain, which now has ``level`` played cards
    (2: recau, 3: Sant Vicent).

    >>> str(Added(1, Card.parse("5e"), 2))
    'seat 1 adds 5e: recau'
    """

    seat: int
    card: Card
    level: int

    def __str__(self) -> str:
        return f"seat {self.seat} adds {self.card}: {CALL_NAMES[self.level - 1]}"


@attrs.frozen
class ChainTaken:
    """The chain ended: ``seat`` (its last caller) took ``cards`` (the table card, then
    the played cards in order) into its holding, and ``giver`` owes it ``owed`` cards
    (``level`` played cards: 1 cau, 2 recau, 3 Sant Vicent; fewer when the giver holds
    fewer).  These cards are known to everyone from now on.

    >>> str(ChainTaken(0, (Card.parse("5c"), Card.parse("5o")), 1, 1, 1))
    'seat 0 takes 5c 5o (cau); seat 1 owes 1 card'
    """

    seat: int
    cards: tuple[Card, ...]
    level: int
    giver: int
    owed: int

    def __str__(self) -> str:
        owes = f"seat {self.giver} owes {self.owed} card{'s' if self.owed != 1 else ''}"
        return f"seat {self.seat} takes {cards_text(self.cards)} ({CALL_NAMES[self.level - 1]}); {owes}"


@attrs.frozen
class Gave:
    """``giver`` gave ``card`` to ``receiver``.  ``card`` is None in the view of every
    other seat (only giver and receiver see a gift).

    >>> str(Gave(1, 0, Card.parse("7e"))), str(Gave(1, 0, None))
    ('seat 1 gives 7e to seat 0', 'seat 1 gives a card to seat 0')
    """

    giver: int
    receiver: int
    card: Card | None

    def __str__(self) -> str:
        card = "a card" if self.card is None else str(self.card)
        return f"seat {self.giver} gives {card} to seat {self.receiver}"


@attrs.frozen
class Drew:
    """``seat`` had no card matching the table and drew ``card`` (None in the views of
    the other seats); the turn ends.

    >>> str(Drew(0, Card.parse("2b"))), str(Drew(0, None))
    ('seat 0 draws 2b', 'seat 0 draws a card')
    """

    seat: int
    card: Card | None

    def __str__(self) -> str:
        return f"seat {self.seat} draws {'a card' if self.card is None else self.card}"


@attrs.frozen
class Refilled:
    """After a turn ``seat`` drew ``count`` cards to get back up to the holding size;
    ``cards`` is None in the views of the other seats.

    >>> str(Refilled(1, 2, (Card.parse("1o"), Card.parse("2o")))), str(Refilled(1, 2, None))
    ('seat 1 draws 1o 2o to refill', 'seat 1 draws 2 cards to refill')
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def __str__(self) -> str:
        if self.cards is None:
            return f"seat {self.seat} draws {self.count} card{'s' if self.count != 1 else ''} to refill"
        return f"seat {self.seat} draws {cards_text(self.cards)} to refill"


@attrs.frozen
class TableRefilled:
    """The table was empty after a turn and ``cards`` were laid on it from the stock.

    >>> str(TableRefilled((Card.parse("4o"), Card.parse("4c"))))
    'the empty table gets 4o 4c'
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"the empty table gets {cards_text(self.cards)}"


@attrs.frozen
class Passed:
    """``seat`` could not play and the stock was empty; ``passes`` is how many turns in
    a row have now been passed.

    >>> str(Passed(1, 2))
    'seat 1 passes (2 in a row)'
    """

    seat: int
    passes: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes ({self.passes} in a row)"


@attrs.frozen
class LayDue:
    """The stock is empty and the centre is dead (``empty``: no card is left in it;
    otherwise every player still in the game has passed in a row): ``seat``, the
    player to move, must lay ``count`` cards from its holding into it (D-FOUR-5).

    >>> str(LayDue(1, 4, True)), str(LayDue(0, 2, False))
    ('the centre is empty: seat 1 lays 4 cards into it', 'nobody can match the centre: seat 0 lays 2 cards into it')
    """

    seat: int
    count: int
    empty: bool

    def __str__(self) -> str:
        why = "the centre is empty" if self.empty else "nobody can match the centre"
        return f"{why}: seat {self.seat} lays {self.count} card{'s' if self.count != 1 else ''} into it"


@attrs.frozen
class Laid:
    """``seat`` laid ``card`` from its holding face up into the centre (D-FOUR-5).

    >>> str(Laid(1, Card.parse("5o")))
    'seat 1 lays 5o into the centre'
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} lays {self.card} into the centre"


@attrs.frozen
class CentreTaken:
    """The game is over and ``seat``, the last player holding cards, takes ``cards``,
    what was left in the centre, so it ends with every card (D-FOUR-5).

    >>> str(CentreTaken(0, (Card.parse("4o"), Card.parse("7e"))))
    'seat 0 takes what is left in the centre: 4o 7e'
    """

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} takes what is left in the centre: {cards_text(self.cards)}"


@attrs.frozen
class Out:
    """``seat`` holds no card and the stock is empty: it is out of the game.

    >>> str(Out(2))
    'seat 2 is out'
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} is out"


QuatreEvent = (
    Dealt | Played | Added | ChainTaken | Gave | Drew | Refilled | TableRefilled | Passed | LayDue | Laid
    | CentreTaken | Out | GameEnded
)
"""Any event of the four-card game.

>>> isinstance(Out(0), QuatreEvent)
True
"""


def hide_event(event: QuatreEvent, seat: int) -> QuatreEvent:
    """*event* as *seat* may see it: private cards of other seats become None.

    >>> gift = Gave(1, 0, Card.parse("7e"))
    >>> hide_event(gift, 0) == gift, hide_event(gift, 2)
    (True, Gave(giver=1, receiver=0, card=None))
    """
    if isinstance(event, Gave) and seat not in (event.giver, event.receiver):
        return attrs.evolve(event, card=None)
    if isinstance(event, Drew) and seat != event.seat:
        return attrs.evolve(event, card=None)
    if isinstance(event, Refilled) and seat != event.seat:
        return attrs.evolve(event, cards=None)
    return event
