"""The rules object of the four-card game ``cau-quatre`` and its preset (decisions D-FOUR).

The four-card game is the "other ways to play" paragraph of the Catalan rule book.  The source gives
only an outline; everything it leaves open is a documented reconstruction (see
``seeds/000-cau-recau-sant-vicent.md``, clauses ``QUA-…``).

>>> from cau_rules.quatre.rules import QUATRE
>>> QUATRE.name, QUATRE.deck.name, QUATRE.min_players, QUATRE.max_players
('cau-quatre', 'spanish-40', 2, 4)
>>> QUATRE.replace(max_players=3).max_players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cau_rules.cards import SPANISH_40, Deck
from cau_rules.checks import json_object, replaced, whole_number
from cau_rules.errors import InvalidRulesError
from cau_rules.options import OptionInfo, describe_options

__all__ = ["CALL_NAMES", "MAX_CHAIN", "MAX_NAME", "OPTION_RANGES", "QUATRE", "QuatreRules"]

OPTION_RANGES: Mapping[str, tuple[int, int]] = MappingProxyType({
    "min_players": (2, 8),
    "max_players": (2, 8),
    "table_size": (1, 12),
    "hand_size": (1, 12),
    "max_turns_after_stock": (1, 1000),
})
"""The smallest and largest value of every numeric option of :class:`QuatreRules`.

>>> OPTION_RANGES["max_turns_after_stock"]
(1, 1000)
"""

MAX_NAME = 40
"""The longest ``name`` option.

>>> MAX_NAME
40
"""

MAX_CHAIN = 3
"""The most cards a chain can have played onto its table card: cau, recau, Sant Vicent.

>>> MAX_CHAIN
3
"""

CALL_NAMES: tuple[str, ...] = ("cau", "recau", "Sant Vicent")
"""The name of a chain of 1, 2 or 3 played cards; it also owes that many gift cards.

>>> CALL_NAMES[2 - 1]
'recau'
"""


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class QuatreRules:
    """Every option of the four-card game (defaults: the ``cau-quatre`` preset, D-FOUR).

    Every number has a range (:data:`OPTION_RANGES`), so that a game's length and every
    call's cost stay bounded; the table and one hand per player must also fit in the
    deck with a card left for the stock.

    Attributes:
        name: the preset this rules object derives from (``"cau-quatre"``; 1 to 40
            characters).
        deck: the :class:`~cau_rules.cards.Deck` played with (Spanish 40).
        min_players: the fewest players allowed (2; 2 to 8).
        max_players: the most players allowed (4; 2 to 8, at least ``min_players``).
        table_size: table cards dealt at the start and laid again whenever the table
            is empty after a turn (4; fewer when the stock runs short); also the cards a
            player lays from their holding into a dead centre once the stock is empty
            (D-FOUR-5); 1 to 12.
        hand_size: cards dealt to each player at the start, and the count players
            draw back up to after every turn while the stock lasts (4; 1 to 12).
        max_turns_after_stock: the safety bound of D-FOUR-5: a game still running
            this many turns after the stock ran out ends, and the most cards wins
            (200; 1 to 1000).

    >>> QuatreRules(hand_size=5).hand_size
    5
    >>> QuatreRules(hand_size=0)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option hand_size must be a whole number from 1 to 12, not 0
    >>> QuatreRules(max_turns_after_stock=10**9)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option max_turns_after_stock must be a whole number from 1 to 1000, not 1000000000
    """

    name: str = "cau-quatre"
    deck: Deck = SPANISH_40
    min_players: int = 2
    max_players: int = 4
    table_size: int = 4
    hand_size: int = 4
    max_turns_after_stock: int = 200


    def describe_options(self) -> tuple[OptionInfo, ...]:
        """Every option: its kind, range or choices, value here and one line of help
        (:func:`cau_rules.options.describe_options`), for a form built without knowing the family.

        >>> [option.name for option in QuatreRules().describe_options()][:3]
        ['name', 'deck', 'min_players']
        """
        return describe_options(self, ranges=OPTION_RANGES)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= MAX_NAME:
            raise InvalidRulesError(f"option name must be a string of 1 to {MAX_NAME} characters, not {self.name!r:.50}")
        if not isinstance(self.deck, Deck):
            raise InvalidRulesError(f"option deck must be a Deck, not {self.deck!r:.50}")
        for option, (low, high) in OPTION_RANGES.items():
            whole_number(getattr(self, option), f"option {option}", low=low, high=high, error=InvalidRulesError)
        if self.max_players < self.min_players:
            raise InvalidRulesError(
                f"max_players ({self.max_players}) is below min_players ({self.min_players})"
            )
        for players in range(self.min_players, self.max_players + 1):
            self.check_players(players)

    def check_players(self, players: int) -> None:
        """Raise :class:`~cau_rules.errors.InvalidRulesError` unless *players* can play.

        The count must be in the rules' range, and the table and one holding per player
        must fit in the deck with at least one card left for the stock.

        >>> QUATRE.check_players(4)
        >>> QUATRE.check_players(5)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: cau-quatre is played by 2 to 4 players, not 5
        """
        if not _is_whole(players):
            raise InvalidRulesError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidRulesError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        dealt = self.table_size + players * self.hand_size
        if dealt >= self.deck.size:
            raise InvalidRulesError(
                f"with {players} players the deal needs {dealt} cards ({self.table_size} on the table, "
                f"{self.hand_size} each) and leaves no stock from the {self.deck.size}-card deck"
            )

    def replace(self, **options: Any) -> QuatreRules:
        """A copy with some options changed; unknown names raise InvalidRulesError.

        A deck may be given by name.

        >>> QUATRE.replace(deck="spanish-48").deck.size
        48
        >>> QUATRE.replace(wrap=True)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: unknown option 'wrap' for cau-quatre; options are: deck, hand_size, max_players, max_turns_after_stock, min_players, name, table_size
        """
        return replaced(self, options)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data (the deck by name).

        >>> QUATRE.to_dict()
        {'name': 'cau-quatre', 'deck': 'spanish-40', 'min_players': 2, 'max_players': 4, 'table_size': 4, 'hand_size': 4, 'max_turns_after_stock': 200}
        """
        data = attrs.asdict(self, recurse=False)
        data["deck"] = self.deck.name
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QuatreRules:
        """The rules described by :meth:`to_dict` output.

        Raises:
            InvalidNotationError: *data* is not a JSON object.
            InvalidRulesError: an unknown option or a bad value.

        >>> QuatreRules.from_dict(QUATRE.replace(max_players=3).to_dict()) == QUATRE.replace(max_players=3)
        True
        """
        return QUATRE.replace(**dict(json_object(data, "the rules data")))



QUATRE = QuatreRules()
"""The four-card game of the Catalan rule book, a documented reconstruction.

>>> QUATRE.table_size, QUATRE.hand_size, QUATRE.max_turns_after_stock
(4, 4, 200)
"""
