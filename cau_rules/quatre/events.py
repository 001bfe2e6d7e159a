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
from cau_rules.i18n import COMMON, Lang, Worded
from cau_rules.outcome import GameEnded
from cau_rules.quatre.rules import CALL_NAMES
from cau_rules.quatre.texts import TEXTS


def _seat(seat: int, lang: Lang) -> str:
    return COMMON("seat", lang, seat)

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


@attrs.frozen(str=False)
class Dealt(Worded):
    """The deal: ``table`` laid face up first, then ``counts`` cards to each seat, one at
    a time from the eldest hand (seat 0); the holdings themselves are private.

    >>> str(Dealt(1, (Card.parse("1o"),), (4, 4)))
    'seat 1 deals: table 1o, 4 cards each'
    """

    dealer: int
    table: tuple[Card, ...]
    counts: tuple[int, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("dealt", lang, _seat(self.dealer, lang), cards_text(self.table),
                     COMMON.count("cards", self.counts[0], lang))



@attrs.frozen(str=False)
class Played(Worded):
    """``seat`` played ``card`` onto the table card ``target``: a cau, now pending in
    the public chain zone.

    >>> str(Played(0, Card.parse("5o"), Card.parse("5c")))
    'seat 0 plays 5o onto 5c: cau'
    """

    seat: int
    card: Card
    target: Card

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("played", lang, _seat(self.seat, lang), self.card, self.target)



@attrs.frozen(str=False)
class Added(Worded):
    """``seat`` added ``card`` to the chain, which now has ``level`` played cards
    (2: recau, 3: Sant Vicent).

    >>> str(Added(1, Card.parse("5e"), 2))
    'seat 1 adds 5e: recau'
    """

    seat: int
    card: Card
    level: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("added", lang, _seat(self.seat, lang), self.card, CALL_NAMES[self.level - 1])



@attrs.frozen(str=False)
class ChainTaken(Worded):
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

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("taken", lang, _seat(self.seat, lang), cards_text(self.cards), CALL_NAMES[self.level - 1],
                     _seat(self.giver, lang), COMMON.count("cards", self.owed, lang))



@attrs.frozen(str=False)
class Gave(Worded):
    """``giver`` gave ``card`` to ``receiver``.  ``card`` is None in the view of every
    other seat (only giver and receiver see a gift).

    >>> str(Gave(1, 0, Card.parse("7e"))), str(Gave(1, 0, None))
    ('seat 1 gives 7e to seat 0', 'seat 1 gives a card to seat 0')
    """

    giver: int
    receiver: int
    card: Card | None

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        card = TEXTS("a_card", lang) if self.card is None else str(self.card)
        return TEXTS("gives", lang, _seat(self.giver, lang), card, _seat(self.receiver, lang))



@attrs.frozen(str=False)
class Drew(Worded):
    """``seat`` had no card matching the table and drew ``card`` (None in the views of
    the other seats); the turn ends.

    >>> str(Drew(0, Card.parse("2b"))), str(Drew(0, None))
    ('seat 0 draws 2b', 'seat 0 draws a card')
    """

    seat: int
    card: Card | None

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("draws", lang, _seat(self.seat, lang), TEXTS("a_card", lang) if self.card is None else self.card)



@attrs.frozen(str=False)
class Refilled(Worded):
    """After a turn ``seat`` drew ``count`` cards to get back up to the holding size;
    ``cards`` is None in the views of the other seats.

    >>> str(Refilled(1, 2, (Card.parse("1o"), Card.parse("2o")))), str(Refilled(1, 2, None))
    ('seat 1 draws 1o 2o to refill', 'seat 1 draws 2 cards to refill')
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        what = COMMON.count("cards", self.count, lang) if self.cards is None else cards_text(self.cards)
        return TEXTS("refills", lang, _seat(self.seat, lang), what)



@attrs.frozen(str=False)
class TableRefilled(Worded):
    """The table was empty after a turn and ``cards`` were laid on it from the stock.

    >>> str(TableRefilled((Card.parse("4o"), Card.parse("4c"))))
    'the empty table gets 4o 4c'
    """

    cards: tuple[Card, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("table_refilled", lang, cards_text(self.cards))



@attrs.frozen(str=False)
class Passed(Worded):
    """``seat`` could not play and the stock was empty; ``passes`` is how many turns in
    a row have now been passed.

    >>> str(Passed(1, 2))
    'seat 1 passes (2 in a row)'
    """

    seat: int
    passes: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("passes", lang, _seat(self.seat, lang), self.passes)



@attrs.frozen(str=False)
class LayDue(Worded):
    """The stock is empty and the centre is dead (``empty``: no card is left in it;
    otherwise every player still in the game has passed in a row): ``seat``, the
    player to move, must lay ``count`` cards from its holding into it (D-FOUR-5).

    >>> str(LayDue(1, 4, True)), str(LayDue(0, 2, False))
    ('the centre is empty: seat 1 lays 4 cards into it', 'nobody can match the centre: seat 0 lays 2 cards into it')
    """

    seat: int
    count: int
    empty: bool

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("lay_due_empty" if self.empty else "lay_due_dead", lang, _seat(self.seat, lang),
                     COMMON.count("cards", self.count, lang))



@attrs.frozen(str=False)
class Laid(Worded):
    """``seat`` laid ``card`` from its holding face up into the centre (D-FOUR-5).

    >>> str(Laid(1, Card.parse("5o")))
    'seat 1 lays 5o into the centre'
    """

    seat: int
    card: Card

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("laid", lang, _seat(self.seat, lang), self.card)



@attrs.frozen(str=False)
class CentreTaken(Worded):
    """The game is over and ``seat``, the last player holding cards, takes ``cards``,
    what was left in the centre, so it ends with every card (D-FOUR-5).

    >>> str(CentreTaken(0, (Card.parse("4o"), Card.parse("7e"))))
    'seat 0 takes what is left in the centre: 4o 7e'
    """

    seat: int
    cards: tuple[Card, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("centre_taken", lang, _seat(self.seat, lang), cards_text(self.cards))



@attrs.frozen(str=False)
class Out(Worded):
    """``seat`` holds no card and the stock is empty: it is out of the game.

    >>> str(Out(2))
    'seat 2 is out'
    """

    seat: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("out", lang, _seat(self.seat, lang))



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
