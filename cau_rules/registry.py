"""Variant names and the one function that starts any game.

>>> from cau_rules.registry import get_rules, variants
>>> "cau" in variants()
True
>>> get_rules("cau", wrap=True).wrap
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cau_rules.cacho import CACHO, CachoRules, cacho_state_from_dict, new_cacho_game
from cau_rules.cards import Card
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing import FishingState
from cau_rules.fishing import new_game as new_fishing_game
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from cau_rules.game import GameRules
from cau_rules.quatre import QUATRE, QuatreRules, new_quatre_game, quatre_state_from_dict

__all__ = ["ALIASES", "PRESETS", "get_rules", "load_state", "new_game", "variants"]

PRESETS: dict[str, GameRules] = {**FISHING_PRESETS, CACHO.name: CACHO, QUATRE.name: QUATRE}
"""Every preset rules object, by name."""

ALIASES: dict[str, str] = {"bac-rebac-sant-vicent": "cau-recau-sant-vicent"}
"""Other names players use for a preset."""


def variants() -> tuple[str, ...]:
    """The names of every registered preset, sorted.

    >>> variants()[:2]
    ('cacho', 'cau')
    """
    return tuple(sorted(PRESETS))


def get_rules(name: str, **options: Any) -> GameRules:
    """The preset called *name*, with *options* changed.

    >>> get_rules("cau-robat").open_piles
    True
    >>> get_rules("caus")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown variant 'caus'; variants are: cacho, cau, cau-40, cau-quatre, cau-recau-sant-vicent, cau-robat, cau-robat-40
    """
    key = ALIASES.get(name, name) if isinstance(name, str) else name
    if not isinstance(key, str) or key not in PRESETS:
        raise InvalidRulesError(f"unknown variant {name!r}; variants are: {', '.join(variants())}")
    rules = PRESETS[key]
    return rules.replace(**options) if options else rules


def new_game(
    rules: str | GameRules,
    players: int | None = None,
    seed: int = 0,
    deck: Sequence[Card | str] | None = None,
    decks: Sequence[Sequence[Card | str]] = (),
    **options: Any,
) -> Any:
    """Start a game: by preset name or rules object, with a seed or deck orders.

    *players* defaults to the preset's smallest count.  All randomness comes from
    *seed*; *deck* (index 0 is the top) orders the first hand instead, and *decks*
    orders one hand each (the capture family; other families take one order only).
    Extra keyword arguments change rules options.

    >>> state = new_game("cau", players=4, seed=7)
    >>> state.players, state.to_play, state.is_over
    (4, 0, False)
    """
    chosen = get_rules(rules, **options) if isinstance(rules, str) else (
        rules.replace(**options) if options else rules
    )
    count = chosen.min_players if players is None else players
    if isinstance(chosen, FishingRules):
        orders = decks if deck is None else [deck, *decks[1:]]
        return new_fishing_game(chosen, count, seed=seed, decks=orders)
    if len(decks) > 1:
        raise InvalidRulesError(f"{chosen.name} takes one deck order (the first hand's), not {len(decks)}")
    first = deck if deck is not None or not decks else decks[0]
    for family, start in _FAMILIES:
        if isinstance(chosen, family):
            return start(chosen, count, seed, first)
    raise InvalidRulesError(f"not a rules object of cau_rules: {rules!r}")


def load_state(data: dict[str, Any]) -> Any:
    """The state saved as *data* (``state.to_dict()``), for any family.

    >>> state = new_game("cau", players=3, seed=2)
    >>> load_state(state.to_dict()) == state
    True
    """
    from cau_rules.errors import InvalidPositionError

    family = data.get("family") if isinstance(data, dict) else None
    for loader_family, loader in _LOADERS.items():
        if family == loader_family:
            return loader(data)
    raise InvalidPositionError(f"unknown game family {family!r} in saved data")


_FAMILIES: list[tuple[type, Callable[..., Any]]] = [
    (CachoRules, new_cacho_game),
    (QuatreRules, new_quatre_game),
]
_LOADERS: dict[str, Callable[..., Any]] = {
    "fishing": FishingState.from_dict,
    "cacho": cacho_state_from_dict,
    "quatre": quatre_state_from_dict,
}
