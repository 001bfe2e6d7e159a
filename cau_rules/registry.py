"""The one place that lists the game families, their presets, and the functions that
start or load any game.

Generic code (bots, records, the AI tools, the adapters, the command line) reaches a
family only through its :class:`~cau_rules.game.Family` record, found here with
:func:`family_of`.

>>> from cau_rules.registry import FAMILIES, get_rules, variants
>>> [family.name for family in FAMILIES]
['fishing', 'quatre', 'cacho']
>>> "cau" in variants()
True
>>> get_rules("cau", wrap=True).wrap
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeAlias, overload

from cau_rules import cacho, fishing, quatre
from cau_rules.cacho import CachoRules, CachoState, CachoView
from cau_rules.cards import Card
from cau_rules.checks import MAX_SEED, check_type, json_object, whole_number
from cau_rules.errors import InvalidNotationError, InvalidRulesError
from cau_rules.fishing import FishingRules, FishingState, FishingView
from cau_rules.game import ActionCodec, Family, GameRules, GameState
from cau_rules.quatre import QuatreRules, QuatreState, QuatreView

__all__ = [
    "ALIASES",
    "FAMILIES",
    "PRESETS",
    "AnyMove",
    "AnyRules",
    "AnyState",
    "AnyView",
    "CapturePreset",
    "PresetName",
    "codec_for",
    "family_of",
    "get_rules",
    "load_state",
    "new_game",
    "variants",
]

FAMILIES: tuple[Family[Any, Any, Any, Any], ...] = (fishing.FAMILY, quatre.FAMILY, cacho.FAMILY)
"""Every registered game family, in a fixed order."""

PRESETS: Mapping[str, GameRules] = {
    rules.name: rules for family in FAMILIES for rules in family.presets
}
"""Every preset rules object, by name."""

ALIASES: Mapping[str, str] = {
    alias: name for family in FAMILIES for alias, name in family.aliases.items()
}
"""Other names players use for a preset."""

AnyRules: TypeAlias = FishingRules | QuatreRules | CachoRules
"""A rules object of any family."""
AnyState: TypeAlias = FishingState | QuatreState | CachoState
"""A state of any family."""
AnyView: TypeAlias = FishingView | QuatreView | CachoView
"""A seat's view of any family."""
AnyMove: TypeAlias = Any
"""A move of any family (its record, or its text)."""

CapturePreset = Literal[
    "cau", "cau-40", "cau-robat", "cau-robat-40", "cau-recau-sant-vicent", "bac-rebac-sant-vicent"
]
"""The names of the capture-family presets (and alias)."""
PresetName = CapturePreset | Literal["cau-quatre", "cacho"]
"""Every preset name the library registers."""

_BY_RULES: dict[type, Family[Any, Any, Any, Any]] = {family.rules_type: family for family in FAMILIES}
_BY_STATE: dict[type, Family[Any, Any, Any, Any]] = {family.state_type: family for family in FAMILIES}
_BY_VIEW: dict[type, Family[Any, Any, Any, Any]] = {family.view_type: family for family in FAMILIES}
_BY_NAME: dict[str, Family[Any, Any, Any, Any]] = {family.name: family for family in FAMILIES}


def variants() -> tuple[str, ...]:
    """The names of every registered preset, sorted.

    Returns:
        The preset names.

    >>> variants()[:2]
    ('cacho', 'cau')
    """
    return tuple(sorted(PRESETS))


def family_of(item: object) -> Family[Any, Any, Any, Any]:
    """The family record of a rules object, a state, a view, or a family or preset name.

    Args:
        item: what to look up.

    Returns:
        The family's record.

    Raises:
        InvalidRulesError: *item* is a string that names no family or preset.
        TypeError: *item* is an object of no registered family.

    >>> family_of("cau-robat").name, family_of(get_rules("cacho")).name
    ('fishing', 'cacho')
    >>> family_of(3.5)
    Traceback (most recent call last):
    ...
    TypeError: expected a rules object, state or view of cau_rules, not float
    """
    if isinstance(item, str):
        if item in _BY_NAME:
            return _BY_NAME[item]
        item = get_rules(item)
    for table in (_BY_RULES, _BY_STATE, _BY_VIEW):
        family = table.get(type(item))
        if family is not None:
            return family
    raise TypeError(f"expected a rules object, state or view of cau_rules, not {type(item).__name__}")


@overload
def get_rules(name: CapturePreset, **options: Any) -> FishingRules: ...
@overload
def get_rules(name: Literal["cau-quatre"], **options: Any) -> QuatreRules: ...
@overload
def get_rules(name: Literal["cacho"], **options: Any) -> CachoRules: ...
@overload
def get_rules(name: str, **options: Any) -> AnyRules: ...


def get_rules(name: str, **options: Any) -> AnyRules:
    """The preset called *name*, with *options* changed.

    Args:
        name: a preset name or alias (see :func:`variants`).
        **options: options to change, by name; each family's rules class documents them.

    Returns:
        A frozen rules object.

    Raises:
        TypeError: *name* is not a string.
        InvalidRulesError: no such preset, or an option is unknown or out of range.

    >>> get_rules("cau-robat").open_piles
    True
    >>> get_rules("caus")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown variant 'caus'; variants are: cacho, cau, cau-40, cau-quatre, cau-recau-sant-vicent, cau-robat, cau-robat-40
    """
    check_type(name, str, "name")
    key = ALIASES.get(name, name)
    if key not in PRESETS:
        raise InvalidRulesError(f"unknown variant {name!r}; variants are: {', '.join(variants())}")
    rules: Any = PRESETS[key]
    return rules.replace(**options) if options else rules  # type: ignore[no-any-return]


@overload
def new_game(
    rules: CapturePreset | FishingRules, players: int | None = None, *, seed: int | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None, **options: Any,
) -> FishingState: ...
@overload
def new_game(
    rules: Literal["cau-quatre"] | QuatreRules, players: int | None = None, *, seed: int | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None, **options: Any,
) -> QuatreState: ...
@overload
def new_game(
    rules: Literal["cacho"] | CachoRules, players: int | None = None, *, seed: int | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None, **options: Any,
) -> CachoState: ...
@overload
def new_game(
    rules: str | GameRules, players: int | None = None, *, seed: int | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None, **options: Any,
) -> GameState: ...


def new_game(
    rules: str | GameRules,
    players: int | None = None,
    *,
    seed: int | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None,
    **options: Any,
) -> GameState:
    """Start a game of any family, by preset name or rules object.

    Args:
        rules: a preset name (see :func:`variants`) or a rules object.
        players: how many play; the preset's smallest count when omitted.
        seed: where all the game's randomness comes from; a fresh random seed (kept in
            the state, so the game can be replayed) when omitted.
        decks: deck orders instead of shuffling, one per hand, top card first (families
            with a single deal take one).
        **options: rules options to change.

    Returns:
        The first state, the seat to play to move: a ``FishingState``, ``QuatreState`` or
        ``CachoState`` (typed precisely when *rules* is a literal preset name or a rules
        object; a :class:`~cau_rules.game.GameState` otherwise).

    Raises:
        TypeError: an argument has the wrong type.
        InvalidRulesError: unknown preset or option, a player count the rules cannot
            play, a seed out of range.
        InvalidDeckError: a deck order with missing, doubled or foreign cards.

    >>> state = new_game("cau", players=4, seed=7)
    >>> state.players, state.to_play, state.is_over
    (4, 0, False)
    """
    chosen: Any = get_rules(rules, **options) if isinstance(rules, str) else (
        rules.replace(**options) if options else rules
    )
    family = family_of(chosen)
    if players is None:
        players = chosen.min_players
    check_type(players, int, "players")
    chosen.check_players(players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    whole_number(seed, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
    orders = tuple(tuple(Card.parse(card) for card in order) for order in decks) if decks else ()
    state: GameState = family.new_game(chosen, players, seed, orders)
    return state


def load_state(data: Mapping[str, Any]) -> AnyState:
    """The state saved as *data* (``state.to_dict()``), for any family.

    Args:
        data: the saved state, as parsed JSON.

    Returns:
        The state, validated.

    Raises:
        InvalidNotationError: the data is malformed or names no family.
        InvalidPositionError: the position cannot arise.

    >>> state = new_game("cau", players=3, seed=2)
    >>> load_state(state.to_dict()) == state
    True
    """
    name = json_object(data).get("family")
    if not isinstance(name, str) or name not in _BY_NAME:
        raise InvalidNotationError(
            f"unknown game family {name!r} in saved data; families are: {', '.join(_BY_NAME)}"
        )
    state: AnyState = _BY_NAME[name].load(data)
    return state


def codec_for(rules: str | GameRules, players: int) -> ActionCodec:
    """The action codec of a preset (or rules object) and player count.

    Args:
        rules: a preset name or rules object.
        players: how many play.

    Returns:
        The codec: indices depend only on the rules and the player count.

    >>> codec_for("cau", 2).num_actions
    621
    """
    chosen: Any = get_rules(rules) if isinstance(rules, str) else rules
    chosen.check_players(players)
    return family_of(chosen).codec(chosen, players)
