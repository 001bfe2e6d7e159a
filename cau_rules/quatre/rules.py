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
from typing import Any

import attrs

from cau_rules.cards import DECKS, SPANISH_40, Deck
from cau_rules.errors import InvalidRulesError

__all__ = ["CALL_NAMES", "MAX_CHAIN", "QUATRE", "QuatreRules"]

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

    - ``name``: the preset this rules object derives from (``"cau-quatre"``).
    - ``deck``: the :class:`~cau_rules.cards.Deck` played with (Spanish 40).
    - ``min_players`` / ``max_players``: the player counts allowed (2 to 4).
    - ``table_size``: table cards dealt at the start and laid again whenever the table
      is empty after a turn (4; fewer when the stock runs short); also the cards a
      player lays from their holding into a dead centre once the stock is empty (D-FOUR-5).
    - ``hand_size``: cards dealt to each player at the start, and the count players
      draw back up to after every turn while the stock lasts (4).
    - ``max_turns_after_stock``: the safety bound of D-FOUR-5: a game still running
      this many turns after the stock ran out ends, and the most cards wins (200).

    >>> QuatreRules(hand_size=5).hand_size
    5
    >>> QuatreRules(hand_size=0)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option hand_size must be a whole number of at least 1, not 0
    """

    name: str = "cau-quatre"
    deck: Deck = SPANISH_40
    min_players: int = 2
    max_players: int = 4
    table_size: int = 4
    hand_size: int = 4
    max_turns_after_stock: int = 200

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise InvalidRulesError(f"option name must be a non-empty string, not {self.name!r}")
        if not isinstance(self.deck, Deck):
            raise InvalidRulesError(f"option deck must be a Deck, not {self.deck!r}")
        for option, low in (("min_players", 2), ("max_players", 2), ("table_size", 1), ("hand_size", 1),
                            ("max_turns_after_stock", 1)):
            value = getattr(self, option)
            if not _is_whole(value) or value < low:
                raise InvalidRulesError(f"option {option} must be a whole number of at least {low}, not {value!r}")
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
        known = {field.name for field in attrs.fields(QuatreRules)}
        for option in options:
            if option not in known:
                raise InvalidRulesError(
                    f"unknown option {option!r} for {self.name}; options are: {', '.join(sorted(known))}"
                )
        if isinstance(options.get("deck"), str):
            options["deck"] = _deck_named(options["deck"])
        try:
            return attrs.evolve(self, **options)
        except TypeError as exc:  # pragma: no cover - attrs refuses only unknown names
            raise InvalidRulesError(str(exc)) from None

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

        >>> QuatreRules.from_dict(QUATRE.replace(max_players=3).to_dict()) == QUATRE.replace(max_players=3)
        True
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules data is a JSON object, not {type(data).__name__}")
        return QUATRE.replace(**dict(data))


def _deck_named(name: str) -> Deck:
    try:
        return DECKS[name]
    except KeyError:
        raise InvalidRulesError(f"unknown deck {name!r}; decks are: {', '.join(DECKS)}") from None


QUATRE = QuatreRules()
"""The four-card game of the Catalan rule book, a documented reconstruction.

>>> QUATRE.table_size, QUATRE.hand_size, QUATRE.max_turns_after_stock
(4, 4, 200)
"""
