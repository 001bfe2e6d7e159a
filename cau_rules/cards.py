"""Suits, ranks, cards and the decks the games are played with (decisions D-DECK).

Cards are interned: there is exactly one object per card, so they compare by identity
and hash as small integers.  A card has a short text code, rank then suit letter:
``"1o"`` is the 1 of oros, ``"12b"`` the Rei of bastos.

>>> from cau_rules.cards import Card, SPANISH_40
>>> card = Card.parse("7c")
>>> card.rank, card.suit.name, card.code
(7, 'COPES', '7c')
>>> SPANISH_40.next_rank(7)
10
>>> Card.parse("10o").full_name("ca")
"sota d'oros"
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from cau_rules.errors import InvalidDeckError, InvalidNotationError, InvalidRulesError

__all__ = [
    "CACHO_24",
    "DECKS",
    "FRENCH_40",
    "LANGUAGES",
    "SPANISH_40",
    "SPANISH_48",
    "Card",
    "Deck",
    "Language",
    "Suit",
    "cards_text",
    "check_language",
    "parse_cards",
]

Language = Literal["ca", "es", "en"]
"""A language code for card names: Catalan, Spanish or English."""

LANGUAGES: tuple[Language, ...] = ("ca", "es", "en")
"""Every language code, Catalan first."""


def check_language(value: object, name: str = "language", *, among: tuple[Language, ...] = LANGUAGES) -> Language:
    """*value* as a language code: the one check of every ``language`` and ``lang`` argument.

    Args:
        value: the code to check.
        name: what the value is called in the error.
        among: the codes accepted, in the order the error lists them.

    Returns:
        The code.

    Raises:
        TypeError: *value* is not a str.
        InvalidRulesError: *value* is not one of *among*.

    >>> check_language("ca")
    'ca'
    >>> check_language("fr", among=("en", "ca", "es"))
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown language 'fr': use 'en', 'ca' or 'es'
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    for language in among:
        if value == language:
            return language
    choices = ", ".join(repr(language) for language in among[:-1])
    raise InvalidRulesError(f"unknown language {value!r:.40}: use {choices} or {among[-1]!r}")


class Suit(enum.IntEnum):
    """The four Spanish suits, in their conventional order.

    >>> Suit.parse("e")
    <Suit.ESPASES: 2>
    >>> Suit.COPES.letter, Suit.COPES.names["en"]
    ('c', 'cups')
    """

    OROS = 0
    COPES = 1
    ESPASES = 2
    BASTOS = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in card codes (``o``, ``c``, ``e``, ``b``)."""
        return "oceb"[self]

    @property
    def names(self) -> dict[str, str]:
        """The suit's name in Catalan, Spanish and English."""
        return dict(_SUIT_NAMES[self])

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """The suit whose letter is *text* (case-insensitive); a suit is returned as it is.

        Raises:
            InvalidNotationError: *text* is not one of the letters o, c, e, b (a value that
                is not a string is refused the same way as by :meth:`Card.parse`).

        >>> Suit.parse("B")
        <Suit.BASTOS: 3>
        >>> Suit.parse(5)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidNotationError: a suit is a letter o, c, e or b, not 5
        """
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"a suit is a letter o, c, e or b, not {text!r:.40}")
        index = "oceb".find(text.strip().lower())
        if len(text.strip()) != 1 or index < 0:
            raise InvalidNotationError(f"unknown suit {text!r:.40}: use one of o, c, e, b")
        return cls(index)


_SUIT_NAMES: tuple[tuple[tuple[str, str], ...], ...] = (
    (("ca", "oros"), ("es", "oros"), ("en", "coins")),
    (("ca", "copes"), ("es", "copas"), ("en", "cups")),
    (("ca", "espases"), ("es", "espadas"), ("en", "swords")),
    (("ca", "bastos"), ("es", "bastos"), ("en", "clubs")),
)

_RANK_NAMES: dict[str, dict[int, str]] = {
    "ca": {1: "as", 10: "sota", 11: "cavall", 12: "rei"},
    "es": {1: "as", 10: "sota", 11: "caballo", 12: "rey"},
    "en": {1: "ace", 10: "jack", 11: "knight", 12: "king"},
}


class Card(enum.IntEnum):
    """One of the 48 cards of the Spanish deck: ranks 1 to 12 in four suits.

    The integer value is ``12 * suit + rank - 1``; use :meth:`parse` and :attr:`code`
    for text, :attr:`rank` and :attr:`suit` for the parts.

    >>> Card.of(12, Suit.BASTOS)
    <Card.B12: 47>
    >>> Card.parse("3e").code
    '3e'
    """

    if TYPE_CHECKING:  # set per member in __init__, read as plain attributes

        @property
        def rank(self) -> int:
            """The rank, 1 to 12."""

        @property
        def suit(self) -> Suit:
            """The suit."""

        @property
        def code(self) -> str:
            """The short text code, e.g. ``'7o'``."""

    O1 = 0
    O2 = 1
    O3 = 2
    O4 = 3
    O5 = 4
    O6 = 5
    O7 = 6
    O8 = 7
    O9 = 8
    O10 = 9
    O11 = 10
    O12 = 11
    C1 = 12
    C2 = 13
    C3 = 14
    C4 = 15
    C5 = 16
    C6 = 17
    C7 = 18
    C8 = 19
    C9 = 20
    C10 = 21
    C11 = 22
    C12 = 23
    E1 = 24
    E2 = 25
    E3 = 26
    E4 = 27
    E5 = 28
    E6 = 29
    E7 = 30
    E8 = 31
    E9 = 32
    E10 = 33
    E11 = 34
    E12 = 35
    B1 = 36
    B2 = 37
    B3 = 38
    B4 = 39
    B5 = 40
    B6 = 41
    B7 = 42
    B8 = 43
    B9 = 44
    B10 = 45
    B11 = 46
    B12 = 47

    def __init__(self, value: int) -> None:
        attributes = self.__dict__
        attributes["rank"] = value % 12 + 1
        attributes["suit"] = Suit(value // 12)
        attributes["code"] = f"{value % 12 + 1}{'oceb'[value // 12]}"

    def __str__(self) -> str:
        return self.code

    @classmethod
    def of(cls, rank: int, suit: Suit | int) -> Card:
        """The card of *rank* (1 to 12) and *suit*.

        >>> Card.of(1, Suit.OROS).code
        '1o'
        """
        if not isinstance(rank, int) or not 1 <= rank <= 12:
            raise InvalidNotationError(f"rank must be 1 to 12, not {rank!r:.40}")
        return _CARDS[12 * int(suit) + rank - 1]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """The card written *text*: the rank (1 to 12) then the suit letter (o, c, e, b).

        >>> Card.parse("11c")
        <Card.C11: 22>
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"a card code is a string like '7o', not {text!r:.40}")
        card = _BY_CODE.get(text.strip().lower())
        if card is None:
            raise InvalidNotationError(
                f"unknown card {text!r:.40}: write the rank 1-12 then the suit letter "
                "o (oros), c (copes), e (espases) or b (bastos), e.g. '7o' or '12b'"
            )
        return card

    def full_name(self, language: Language = "en") -> str:
        """The card's full name in Catalan, Spanish or English.

        >>> Card.parse("1o").full_name("ca"), Card.parse("11e").full_name("es"), Card.parse("12c").full_name("en")
        ("as d'oros", 'caballo de espadas', 'king of cups')
        """
        if language not in _RANK_NAMES:
            raise InvalidNotationError(f"unknown language {language!r:.40}: use 'ca', 'es' or 'en'")
        rank = _RANK_NAMES[language].get(self.rank, str(self.rank))
        suit = dict(_SUIT_NAMES[self.suit])[language]
        if language == "en":
            return f"{rank} of {suit}"
        if language == "es":
            return f"{rank} de {suit}"
        return f"{rank} d'{suit}" if suit[0] in "aeiou" else f"{rank} de {suit}"


_CARDS: tuple[Card, ...] = tuple(Card)
_DECK_CARDS: dict[tuple[int, ...], tuple[Card, ...]] = {}
_BY_CODE: dict[str, Card] = {card.code: card for card in _CARDS}


def parse_cards(text: str | Iterable[str | Card], *, most: int | None = None) -> tuple[Card, ...]:
    """Cards from space- or comma-separated codes, or from an iterable of codes/cards.

    With *most*, more codes than that are refused before any is read (a zone of a game
    never holds more cards than the deck: ``most=len(Card)`` bounds any zone).

    >>> parse_cards("1o 2c, 12b")
    (<Card.O1: 0>, <Card.C2: 13>, <Card.B12: 47>)
    >>> parse_cards("")
    ()
    >>> parse_cards("1o " * 40_000, most=48)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: holds 40,000 cards; no deck has more than 48
    """
    parts: Iterable[str | Card] = text.replace(",", " ").split() if isinstance(text, str) else text
    if most is not None:
        every = list(parts)
        if len(every) > most:
            raise InvalidNotationError(f"holds {len(every):,} cards; no deck has more than {most}")
        parts = every
    return tuple(Card.parse(part) if not isinstance(part, Card) else part for part in parts)


def cards_text(cards: Iterable[Card]) -> str:
    """Card codes separated by spaces: the inverse of :func:`parse_cards`.

    >>> cards_text(parse_cards("3o 4o"))
    '3o 4o'
    """
    return " ".join(card.code for card in cards)


@attrs.frozen(cache_hash=True)  # a picture's cache keys hash the deck many times over
class Deck:
    """A deck: which ranks it has, in playing order, and how its cards are shown.

    Adjacency for runs comes from the rank list, never from ``rank + 1`` (D-DECK-2):
    in a 40-card deck the Sota (10) follows the 7.

    >>> SPANISH_40.ranks
    (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    >>> len(SPANISH_48.cards), SPANISH_40.next_rank(12), SPANISH_40.next_rank(12, wrap=True)
    (48, 0, 1)
    """

    name: str
    ranks: tuple[int, ...]
    style: Literal["spanish", "french"] = "spanish"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in suit then rank order."""
        cards = _DECK_CARDS.get(self.ranks)
        if cards is None:
            cards = _DECK_CARDS[self.ranks] = tuple(Card.of(rank, suit) for suit in Suit for rank in self.ranks)
        return cards

    @property
    def size(self) -> int:
        """How many cards the deck has."""
        return 4 * len(self.ranks)

    def next_rank(self, rank: int, wrap: bool = False) -> int:
        """The rank that follows *rank* in this deck, or 0 if none does.

        With *wrap*, the lowest rank follows the highest.
        """
        index = self.ranks.index(rank)
        if index + 1 < len(self.ranks):
            return self.ranks[index + 1]
        return self.ranks[0] if wrap else 0

    def successor_table(self, wrap: bool) -> tuple[int, ...]:
        """``table[rank]`` is the next rank (0 for none); index 0 and absent ranks map to 0.

        >>> SPANISH_40.successor_table(False)[7]
        10
        """
        table = [0] * 13
        for rank in self.ranks:
            table[rank] = self.next_rank(rank, wrap)
        return tuple(table)

    def contains(self, card: Card) -> bool:
        """Whether *card* belongs to this deck.

        >>> SPANISH_40.contains(Card.parse("8o"))
        False
        """
        return card.rank in self.ranks

    def label(self, card: Card) -> str:
        """How a player of this deck would write the card.

        Spanish decks use the card code; the French 40-card deck uses A, 2-7, J, Q, K
        and the suits diamonds, hearts, spades, clubs (mapped from oros, copes, espases,
        bastos).

        >>> FRENCH_40.label(Card.parse("11c")), SPANISH_40.label(Card.parse("11c"))
        ('Q♥', '11c')
        """
        if self.style == "spanish":
            return card.code
        rank = {1: "A", 10: "J", 11: "Q", 12: "K"}.get(card.rank, str(card.rank))
        return rank + "♦♥♠♣"[card.suit]

    def shuffled(self, rng: random.Random) -> tuple[Card, ...]:
        """The deck's cards in an order drawn from *rng* (index 0 is the top)."""
        cards = list(self.cards)
        if type(rng) is random.Random and _SAME_SHUFFLE:
            _shuffle(cards, rng.getrandbits)
        else:
            rng.shuffle(cards)
        return tuple(cards)

    def check_order(self, order: Sequence[Card | str]) -> tuple[Card, ...]:
        """Validate a supplied deck order: every card of this deck exactly once.

        >>> len(SPANISH_40.check_order(SPANISH_40.cards))
        40
        >>> SPANISH_40.check_order(SPANISH_40.cards[:-1])
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidDeckError: the deck order has 39 cards; the spanish-40 deck has 40 (missing: 12b)
        """
        try:
            cards = parse_cards(order)
        except InvalidNotationError as exc:
            raise InvalidDeckError(f"the deck order has a bad card: {exc}") from None
        seen: set[Card] = set()
        dupes = [c for c in cards if c in seen or seen.add(c)]  # type: ignore[func-returns-value, unused-ignore]
        foreign = [c for c in cards if not self.contains(c)]
        missing = [c for c in self.cards if c not in seen]
        problems = []
        if dupes:
            problems.append("duplicates: " + cards_text(dupes))
        if foreign:
            problems.append(f"not in the {self.name} deck: " + cards_text(foreign))
        if missing:
            problems.append("missing: " + cards_text(missing))
        if problems:
            raise InvalidDeckError(
                f"the deck order has {len(cards)} cards; the {self.name} deck has {self.size} "
                f"({'; '.join(problems)})"
            )
        return cards


def _shuffle(cards: list[Card], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` with its ``_randbelow`` inlined: the same order from the
    same generator, without two Python calls per card."""
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    for i, size, bits in steps:
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per deck size, the steps of a shuffle: the index, the size drawn from and its bits."""


def _check_shuffle() -> bool:
    """Whether :func:`_shuffle` draws what this Python's ``Random.shuffle`` draws (else
    :meth:`Deck.shuffled` calls ``shuffle`` itself)."""
    for seed in ("0:0:0:shuffle", "7:1:2:check"):
        expected = list(range(48))
        random.Random(seed).shuffle(expected)
        inlined = list(range(48))
        _shuffle(inlined, random.Random(seed).getrandbits)  # type: ignore[arg-type]
        if inlined != expected:
            return False
    return True


_SAME_SHUFFLE = _check_shuffle()

SPANISH_48 = Deck("spanish-48", tuple(range(1, 13)))
"""The 48-card Spanish deck, ranks 1 to 12."""
SPANISH_40 = Deck("spanish-40", (1, 2, 3, 4, 5, 6, 7, 10, 11, 12))
"""The 40-card Spanish deck: 1 to 7, Sota (10), Cavall (11), Rei (12)."""
FRENCH_40 = Deck("french-40", (1, 2, 3, 4, 5, 6, 7, 10, 11, 12), style="french")
"""A French deck stripped of 8, 9, 10: A-7, J, Q, K, mapped to the Spanish 40 ranks."""
CACHO_24 = Deck("cacho-24", (1, 2, 3, 4, 5, 6))
"""The Cacho deck: ranks 1 to 6 (the 1 lowest)."""

DECKS: dict[str, Deck] = {deck.name: deck for deck in (SPANISH_48, SPANISH_40, FRENCH_40, CACHO_24)}
"""Every deck by name."""
