"""The kernel against the reference engine, step by step (the differential harness).

Seeded random games run in a :class:`~cau_rules.batch.BatchGame` and in the reference
engine side by side; after every step each game's notation and legal mask must be the
reference's, and at the end the outcome and the returns.  Hypothesis adds other options
and positions reached part-way (``BatchGame.from_states``); the perft pins are recounted
by the kernel.  ``benchmarks/kernel_diff.py`` runs the same harness at scale.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cau_rules import get_rules, new_game
from cau_rules.batch import BatchGame
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.kernel import core
from cau_rules.fishing.kernel import layout as L
from cau_rules.fishing.kernel.batch import Batch
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from tests.kernel.lockstep import lockstep, part_way_lockstep

CASES = [
    (name, players)
    for name, rules in FISHING_PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]
GAMES = 200
PINS = json.loads((Path(__file__).parent.parent / "regression" / "perft_pins.json").read_text("utf-8"))["pins"]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_seeded_games_match_the_reference_step_by_step(name: str, players: int) -> None:
    seed = 1000 * players
    batch = BatchGame(name, players, GAMES, seed=seed)
    states = [new_game(FISHING_PRESETS[name], players=players, seed=seed + game) for game in range(GAMES)]
    assert lockstep(batch, states, random.Random(f"{name}:{players}")) > GAMES * 20


_OPTIONS = st.fixed_dictionaries({}, optional={
    "run_mode": st.sampled_from(["prefix", "whole_or_none", "whole"]),
    "wrap": st.booleans(),
    "max_chain": st.sampled_from([2, 3, 4]),
    "must_capture": st.booleans(),
    "no_runs_in_chains": st.booleans(),
    "open_piles": st.booleans(),
    "own_pile": st.booleans(),
    "leftovers": st.sampled_from(["last_capturer", "discard"]),
    "scoring": st.sampled_from(["cards", "dozens"]),
    "round_opener": st.sampled_from(["rotate", "continue"]),
    "continuous": st.booleans(),
    "rondas": st.booleans(),
    "hands": st.integers(1, 3),
    "packet": st.sampled_from([1, 3]),
    "chain_scoring": st.sampled_from(["final", "cumulative"]),
    "card_surplus_stones": st.booleans(),
    "target": st.integers(2, 41),
    "partides_to_win": st.integers(1, 3),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=st.sampled_from(CASES), options=_OPTIONS, seed=st.integers(0, 10**6),
    depth=st.integers(0, 60), games=st.integers(1, 4),
)
def test_options_and_positions_part_way_match_the_reference(
    case: tuple[str, int], options: dict[str, Any], seed: int, depth: int, games: int
) -> None:
    name, players = case
    try:
        rules = get_rules(name, **options)
    except InvalidRulesError:
        assume(False)
        raise
    assert isinstance(rules, FishingRules)
    part_way_lockstep(rules, players, seed, depth, games)


JOCS: list[dict[str, Any]] = [
    {"partides_to_win": 3, "target": 2},
    {"partides_to_win": 3, "target": 3},
    {"partides_to_win": 2, "target": 9, "rondas": False},
    {"partides_to_win": 2, "target": 41},
]
"""Jocs of several partides: tiny targets (a new partida's first deal often wins it, so
one move may start several partides), and the rule book's 41."""
JOC_GAMES = 40


@pytest.mark.parametrize("options", JOCS, ids=lambda options: "-".join(f"{k}{v}" for k, v in options.items()))
def test_a_joc_of_several_partides_matches_the_reference(options: dict[str, Any]) -> None:
    rules = get_rules("cau-recau-sant-vicent", **options)
    seed = 7000 + options["target"]
    batch = BatchGame(rules, 4, JOC_GAMES, seed=seed)
    states = [new_game(rules, players=4, seed=seed + game) for game in range(JOC_GAMES)]
    lockstep(batch, states, random.Random(str(options)))


def test_a_joc_dealt_in_python_matches_the_reference() -> None:
    """Supplied deck orders are dealt in Python: a partida won at a deal waits there
    for the next hand's deal, written by Python (the kernel deals seeded games itself)."""
    rules = get_rules("cau-recau-sant-vicent", partides_to_win=3, target=2)
    starts = []
    for seed in range(12):
        order = list(rules.deck.cards)
        random.Random(seed).shuffle(order)
        starts.append(new_game(rules, players=4, seed=seed, decks=[order]))
    batch = BatchGame.from_states(starts)
    assert not batch._batch.native.any()  # type: ignore[attr-defined]
    lockstep(batch, list(starts), random.Random(5))


def _perft(batch: Batch, row: Any, depth: int) -> list[int]:
    if depth == 0 or row[L.PHASE] == L.PHASE_CODES["over"]:
        return [1] * (depth + 1)
    mask = np.zeros(batch.num_actions, np.bool_)
    core.mask_row(row, batch.vector, batch.works[0], mask)
    totals = [1] + [0] * depth
    for action in np.flatnonzero(mask).tolist():
        child = row.copy()
        core.step_row(child, batch.vector, batch.deals[0], action)
        for level, count in enumerate(_perft(batch, child, depth - 1), start=1):
            totals[level] += count
    return totals


@pytest.mark.parametrize(
    "pin", [p for p in PINS if p["variant"] in FISHING_PRESETS],
    ids=lambda p: f"{p['variant']}-{p['players']}p-seed{p['seed']}-d{p['depth']}",
)
def test_kernel_perft_matches_the_pins(pin: dict[str, Any]) -> None:
    batch = Batch(FISHING_PRESETS[pin["variant"]], pin["players"], 1)
    batch.reset(0, pin["seed"])
    assert _perft(batch, batch.rows[0].copy(), pin["depth"])[1:] == pin["counts"]
