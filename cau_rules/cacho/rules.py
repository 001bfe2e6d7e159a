"""The rules object of *Cacho* and its preset (decisions D-CACHO).

One frozen :class:`CachoRules` names every option of the betting game; the preset
:data:`CACHO` holds the defaults of the rule decisions (``seeds/decisions.md``, D-CACHO),
and :meth:`CachoRules.replace` derives a variant.

>>> from cau_rules.cacho.rules import CACHO
>>> CACHO.stack, CACHO.bets, CACHO.resto
(20, (1, 2), 'cap_at_smallest')
>>> CACHO.replace(resto="side_pots").resto
'side_pots'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from cau_rules.cards import CACHO_24, Deck
from cau_rules.checks import check_type, replaced, whole_number
from cau_rules.errors import InvalidRulesError
from cau_rules.options import OptionInfo, describe_options

__all__ = ["CACHO", "MAX_NAME", "OPTION_RANGES", "CachoRules", "Resto"]

Resto = Literal["cap_at_smallest", "side_pots"]
"""How round-3 bets are limited: ``"cap_at_smallest"`` or ``"side_pots"`` (D-CACHO-3)."""

OPTION_RANGES: Mapping[str, tuple[int, int]] = MappingProxyType({
    "min_players": (2, 8),
    "max_players": (2, 8),
    "stack": (1, 1000),
    "max_hands": (1, 10_000),
    "bets": (1, 1000),
})
"""The smallest and largest value of each numeric option (each of the two ``bets``):
they keep every call fast whatever the options (a bet range, a session's length).

>>> OPTION_RANGES["stack"], OPTION_RANGES["max_hands"]
((1, 1000), (1, 10000))
"""

MAX_NAME = 64
"""The longest ``name`` a rules object may have."""

_RESTO_CHOICES: tuple[str, ...] = ("cap_at_smallest", "side_pots")
_FLUSH_BONUSES: tuple[int, ...] = (20, 30)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bets(value: object) -> tuple[int, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise InvalidRulesError(f"option bets must be a pair of whole numbers like (1, 2), not {value!r}")


@attrs.frozen
class CachoRules:
    """Every option of *Cacho* (defaults: the ``cacho`` preset, decisions D-CACHO).

    - ``name``: the preset this rules object derives from (``"cacho"``; 1 to 64
      characters).
    - ``min_players`` / ``max_players``: the player counts allowed (2 to 8; 24 cards
      give three cards to at most 8 players).
    - ``stack``: counters each player starts the session with (20; 1 to 1000).
    - ``resto``: how round-3 bets are limited: ``"cap_at_smallest"`` (no active
      player's round-3 total may exceed the smallest stack held at the start of round 3
      among the players still active, recomputed when one folds; never a side pot) or
      ``"side_pots"`` (table stakes: a player may call all in, and side pots form).
    - ``flush_bonus``: the bonus added to a three-card cacho (20, or 30 as the original
      text allows); a two-card flush always adds 20 (D-FINE-10).
    - ``high_card_kickers``: when two high-card hands tie on their highest card, compare
      the other two ranks, highest first (off: such hands are equal).
    - ``max_hands``: hands in a session (a void hand counts; 1 to 10000); the session
      also ends as soon as one player holds every counter.
    - ``bets``: the fixed bets of rounds 1 and 2 (``(1, 2)``; each 1 to 1000).

    :data:`OPTION_RANGES` lists the ranges; a value outside raises
    :class:`~cau_rules.errors.InvalidRulesError`, on construction, in :meth:`replace` and
    when a save is loaded.

    >>> CachoRules(stack=5).stack
    5
    >>> CachoRules(flush_bonus=25)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option flush_bonus must be one of 20, 30, not 25
    >>> CachoRules(max_hands=10**9)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option max_hands must be a whole number from 1 to 10000, not 1000000000
    """

    name: str = "cacho"
    min_players: int = 2
    max_players: int = 8
    stack: int = 20
    resto: Resto = "cap_at_smallest"
    flush_bonus: int = 20
    high_card_kickers: bool = False
    max_hands: int = 1
    bets: tuple[int, ...] = attrs.field(default=(1, 2), converter=_bets)


    def describe_options(self) -> tuple[OptionInfo, ...]:
        """Every option: its kind, range or choices, value here and one line of help
        (:func:`cau_rules.options.describe_options`), for a form built without knowing the family.

        >>> [option.name for option in CachoRules().describe_options()][:3]
        ['name', 'min_players', 'max_players']
        """
        return describe_options(self, ranges=OPTION_RANGES, choices={"flush_bonus": _FLUSH_BONUSES})

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= MAX_NAME:
            shown = repr(self.name) if len(repr(self.name)) <= 40 else repr(self.name)[:37] + "..."
            raise InvalidRulesError(f"option name must be a string of 1 to {MAX_NAME} characters, not {shown}")
        if self.resto not in _RESTO_CHOICES:
            listed = ", ".join(repr(choice) for choice in _RESTO_CHOICES)
            raise InvalidRulesError(f"option resto must be one of {listed}, not {self.resto!r}")
        if not _is_whole(self.flush_bonus) or self.flush_bonus not in _FLUSH_BONUSES:
            raise InvalidRulesError(f"option flush_bonus must be one of 20, 30, not {self.flush_bonus!r}")
        if not isinstance(self.high_card_kickers, bool):
            raise InvalidRulesError(
                f"option high_card_kickers must be true or false, not {self.high_card_kickers!r}"
            )
        for option, (low, high) in OPTION_RANGES.items():
            if option != "bets":
                whole_number(getattr(self, option), f"option {option}", low=low, high=high, error=InvalidRulesError)
        if self.max_players < self.min_players:
            raise InvalidRulesError(
                f"max_players ({self.max_players}) is below min_players ({self.min_players})"
            )
        low, high = OPTION_RANGES["bets"]
        if len(self.bets) != 2 or not all(_is_whole(bet) and low <= bet <= high for bet in self.bets):
            shown = repr(self.bets) if len(repr(self.bets)) <= 40 else repr(self.bets)[:37] + "..."
            raise InvalidRulesError(
                f"option bets must be two whole numbers from {low} to {high} (the fixed bets of rounds 1 "
                f"and 2), not {shown}"
            )

    @property
    def deck(self) -> Deck:
        """The deck played with: always the 24-card Cacho deck (ranks 1 to 6).

        >>> CACHO.deck.size
        24
        """
        return CACHO_24

    def check_players(self, players: int) -> None:
        """Raise :class:`~cau_rules.errors.InvalidRulesError` unless *players* can play
        (:class:`TypeError` if it is not an int).

        >>> CACHO.check_players(8)
        >>> CACHO.check_players(9)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: cacho is played by 2 to 8 players, not 9
        """
        check_type(players, int, "players")
        if not self.min_players <= players <= self.max_players:
            raise InvalidRulesError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )

    def replace(self, **options: Any) -> CachoRules:
        """A copy with some options changed; unknown names raise InvalidRulesError.

        >>> CACHO.replace(max_hands=10).max_hands
        10
        >>> CACHO.replace(ante=1)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: unknown option 'ante' for cacho; options are: bets, flush_bonus, high_card_kickers, max_hands, max_players, min_players, name, resto, stack
        """
        return replaced(self, options)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data.

        >>> CACHO.to_dict()["bets"]
        [1, 2]
        """
        data = attrs.asdict(self, recurse=False)
        data["bets"] = list(self.bets)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CachoRules:
        """The rules described by :meth:`to_dict` output (missing options keep the preset's
        defaults).

        >>> CachoRules.from_dict(CACHO.replace(flush_bonus=30).to_dict()).flush_bonus
        30
        >>> CachoRules.from_dict({"resto": "none"})
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: option resto must be one of 'cap_at_smallest', 'side_pots', not 'none'
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"Cacho rules must be a mapping of options, not {data!r}")
        return CACHO.replace(**dict(data))


CACHO = CachoRules()
"""*Cacho* by the Spanish text of 1729: 20 counters each, fixed bets 1 and 2, the
resto capped at the smallest stack, one hand.

>>> CACHO.name, CACHO.min_players, CACHO.max_players
('cacho', 2, 8)
"""
