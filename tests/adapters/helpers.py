"""Shared pieces of the adapter tests."""

from __future__ import annotations

from typing import Any

import attrs

from cau_rules import new_game
from cau_rules.adapters import supported_variants


def default_players(variant: str) -> int:
    """The player count a preset starts with by default (its smallest)."""
    from cau_rules import get_rules

    return get_rules(variant).min_players


def twin_states() -> tuple[Any, Any]:
    """Two ``cau`` positions (3 players, seat 0 to play) that differ only in the
    holdings of seats 1 and 2: one card swapped between them."""
    state = new_game("cau", players=3, seed=11)
    one, two = state.holdings[1], state.holdings[2]
    assert one[0] != two[0]
    holdings = (state.holdings[0], (two[0], *one[1:]), (one[0], *two[1:]))
    twin = attrs.evolve(state, holdings=holdings)
    assert twin != state and twin.holdings[0] == state.holdings[0]
    return state, twin


VARIANTS = supported_variants()
