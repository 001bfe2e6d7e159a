"""Perft pins (after python-chess's move-generation counts): from fixed seeded
deals, the number of legal move sequences to each depth, per preset and player count.

The pins are in ``perft_pins.json``; ``make_perft_pins.py`` regenerates them (only on
purpose, after a change meant to alter the legal moves; review the diff).  A state whose
game has ended counts as a leaf at every greater depth.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cau_rules import new_game
from tests.helpers import cases, perft_counts

DATA = json.loads(Path(__file__).with_name("perft_pins.json").read_text(encoding="utf-8"))
PINS = DATA["pins"]


@pytest.mark.parametrize(
    "pin", PINS, ids=[f"{p['variant']}-{p['players']}p-seed{p['seed']}-d{p['depth']}" for p in PINS]
)
def test_perft_matches_pin(pin: dict[str, Any]) -> None:
    state = new_game(pin["variant"], players=pin["players"], seed=pin["seed"])
    assert perft_counts(state, pin["depth"]) == pin["counts"]


def test_every_preset_and_player_count_is_pinned() -> None:
    pinned = {(p["variant"], p["players"], p["seed"]) for p in PINS}
    wanted = {(variant, players, seed) for variant, players in cases() for seed in DATA["seeds"]}
    missing = sorted(wanted - pinned)
    assert not missing, (
        f"no perft pin for {missing}: run tests/regression/make_perft_pins.py and review the diff"
    )
    stale = sorted(pinned - wanted)
    assert not stale, f"pins for presets or player counts no longer registered: {stale}"


def test_perft_counts_a_finished_game_as_one_leaf() -> None:
    variant, players = cases()[0]
    state = new_game(variant, players=players, seed=3)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert perft_counts(state, 3) == [1, 1, 1]
