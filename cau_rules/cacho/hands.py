"""The Cacho hand evaluator (decisions D-CACHO-5, D-FINE-10).

Hands rank by class, then by value (then, only with ``high_card_kickers``, by the other
two ranks of a high-card hand):

===============  ===============================================  ==========
class            what it is                                       value
===============  ===============================================  ==========
``THREE_SIXES``  the three 6s (they outrank everything)           18
``CACHO``        three cards of one suit                          sum + bonus
``TWO_SUITED``   two cards of one suit (the third is ignored)     sum + 20
``HIGH_CARD``    anything else                                    highest rank
===============  ===============================================  ==========

The ace (1) is the lowest card.  The ranking is a total preorder: different hands can
be equal (the 1-2-3 of oros and of copes), and :func:`best_seats` breaks such ties in
favour of the eldest hand.

>>> from cau_rules.cacho.hands import evaluate
>>> evaluate("1o 2o 3o") > evaluate("5c 6c 4o")
True
>>> str(evaluate("6o 6c 6e")), str(evaluate("4b 5b 6b"))
('three sixes (18)', 'cacho (35)')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence

import attrs

from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cards import CACHO_24, Card, cards_text
from cau_rules.errors import InvalidNotationError, InvalidPositionError

__all__ = ["HandClass", "HandValue", "best_seats", "compare", "evaluate"]

TWO_SUITED_BONUS = 20
"""The bonus of a two-card flush: always 20, whatever ``flush_bonus`` says (D-FINE-10)."""

THREE_SIXES_VALUE = 18
"""The value reported for the three sixes (D-FINE-10): their class outranks all."""


class HandClass(enum.IntEnum):
    """The four classes of Cacho hands, lowest first.

    >>> HandClass.THREE_SIXES > HandClass.CACHO > HandClass.TWO_SUITED > HandClass.HIGH_CARD
    True
    >>> HandClass.CACHO.label
    'cacho'
    """

    HIGH_CARD = 0
    TWO_SUITED = 1
    CACHO = 2
    THREE_SIXES = 3

    @property
    def label(self) -> str:
        """The class's name in words."""
        return ("high card", "two of a suit", "cacho", "three sixes")[self]


@attrs.frozen(order=True)
class HandValue:
    """What a holding is worth: its class, its value and (only for high-card hands under
    ``high_card_kickers``) the other ranks, highest first.

    Values compare and hash on ``(hand_class, value, kickers)``; ``cards`` is carried
    for display only, so two different holdings can be equal.

    >>> a, b = evaluate("1o 2o 3o"), evaluate("1c 2c 3c")
    >>> a == b, a.cards == b.cards
    (True, False)
    >>> evaluate("5c 6c 1o").value
    31
    """

    hand_class: HandClass
    value: int
    kickers: tuple[int, ...] = ()
    cards: tuple[Card, ...] = attrs.field(default=(), eq=False, order=False)

    def __str__(self) -> str:
        kickers = f", then {'-'.join(str(rank) for rank in self.kickers)}" if self.kickers else ""
        return f"{self.hand_class.label} ({self.value}{kickers})"

    def to_dict(self) -> dict[str, object]:
        """The value as JSON-ready data.

        >>> evaluate("6o 6c 6e").to_dict()
        {'class': 'THREE_SIXES', 'value': 18, 'kickers': [], 'cards': ['6o', '6c', '6e']}
        """
        return {
            "class": self.hand_class.name,
            "value": self.value,
            "kickers": list(self.kickers),
            "cards": [card.code for card in self.cards],
        }


def _checked_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    items: Iterable[Card | str] = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    parsed: list[Card] = []
    for item in items:
        try:
            card = Card.parse(item)
        except InvalidNotationError as exc:
            raise InvalidPositionError(f"cannot evaluate a bad card: {exc}") from None
        if not CACHO_24.contains(card):
            raise InvalidPositionError(f"{card} is not a Cacho card: the Cacho deck has ranks 1 to 6 only")
        if card in parsed:
            raise InvalidPositionError(f"{card} appears twice in the holding {cards_text([*parsed, card])}")
        parsed.append(card)
    if not 1 <= len(parsed) <= 3:
        raise InvalidPositionError(f"a Cacho holding has 1 to 3 cards, not {len(parsed)}")
    return tuple(parsed)


def evaluate(cards: Iterable[Card | str] | str, rules: CachoRules = CACHO) -> HandValue:
    """The value of a holding of one to three Cacho cards (codes or :class:`Card`).

    Only ``rules.flush_bonus`` (for a three-card cacho) and ``rules.high_card_kickers``
    matter.  A holding of fewer than three cards is valued the same way (two of a suit,
    or its highest card), which is what a player sees before the last card.

    >>> evaluate("1o 2o 3o")
    HandValue(hand_class=<HandClass.CACHO: 2>, value=26, kickers=(), cards=(<Card.O1: 0>, <Card.O2: 1>, <Card.O3: 2>))
    >>> evaluate("4b 5b 6b", CACHO.replace(flush_bonus=30)).value
    45
    >>> evaluate("2o 5c 3e").value, evaluate("2o 5c 3e", CACHO.replace(high_card_kickers=True)).kickers
    (5, (3, 2))
    >>> evaluate("7o 1o 2o")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: 7o is not a Cacho card: the Cacho deck has ranks 1 to 6 only
    """
    held = _checked_cards(cards)
    ranks = sorted((card.rank for card in held), reverse=True)
    if len(held) == 3 and all(card.rank == 6 for card in held):
        return HandValue(HandClass.THREE_SIXES, THREE_SIXES_VALUE, (), held)
    suits = {card.suit for card in held}
    if len(held) == 3 and len(suits) == 1:
        return HandValue(HandClass.CACHO, sum(ranks) + rules.flush_bonus, (), held)
    for suit in suits:
        same = [card.rank for card in held if card.suit == suit]
        if len(same) == 2:
            return HandValue(HandClass.TWO_SUITED, sum(same) + TWO_SUITED_BONUS, (), held)
    kickers = tuple(ranks[1:]) if rules.high_card_kickers else ()
    return HandValue(HandClass.HIGH_CARD, ranks[0], kickers, held)


def compare(first: HandValue, second: HandValue) -> int:
    """1 if *first* beats *second*, -1 if it loses, 0 if they are equal (seats decide then).

    >>> compare(evaluate("6o 6c 6e"), evaluate("4o 5o 6o"))
    1
    >>> compare(evaluate("1o 2o 3o"), evaluate("1c 2c 3c"))
    0
    """
    return (first > second) - (first < second)


def best_seats(hands: Mapping[int, HandValue], eldest_order: Sequence[int]) -> tuple[int, ...]:
    """The seats of *hands* ranked best first; equal hands rank in *eldest_order* (the
    eldest hand first), so index 0 is the winner (D-CACHO-5).

    >>> hands = {0: evaluate("1o 2o 3o"), 1: evaluate("1c 2c 3c"), 2: evaluate("6o 5e 4c")}
    >>> best_seats(hands, eldest_order=(1, 2, 0))
    (1, 0, 2)
    >>> best_seats(hands, eldest_order=(2, 0, 1))
    (0, 1, 2)
    """
    order = {seat: index for index, seat in enumerate(eldest_order)}
    missing = sorted(seat for seat in hands if seat not in order)
    if missing:
        raise InvalidPositionError(
            f"seats {missing} are not in the eldest order {list(eldest_order)}: "
            "every shown hand needs a place"
        )
    return tuple(sorted(hands, key=lambda seat: (-hands[seat].hand_class, -hands[seat].value,
                                                 tuple(-rank for rank in hands[seat].kickers), order[seat])))
