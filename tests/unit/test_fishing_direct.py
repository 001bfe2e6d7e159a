"""The direct trail of ``cau_rules.fishing.direct`` gives exactly what the engine gives:
every field of the next state and its events, for every trail of every position of seeded
random games in every capture preset (issue 15: the fast path changes no behaviour)."""

from __future__ import annotations

import random

import attrs
import pytest

from cau_rules.fishing import FISHING_PRESETS, FishingRules, FishingState
from cau_rules.fishing.direct import trailed
from cau_rules.fishing.engine import Engine
from cau_rules.fishing.legal import generate
from cau_rules.fishing.moves import Play
from cau_rules.fishing.state import new_game

FIELDS = [field.name for field in attrs.fields(FishingState) if field.init]


def engine_fields(state: FishingState, move: Play, plan: tuple[tuple[int, int], ...] | None) -> dict[str, object]:
    """The fields the engine ends with after *move*, zones as tuples like a state's."""
    work = Engine(state)
    work.run(move, plan)
    values = {name: getattr(work, "n" if name == "players" else name) for name in FIELDS}
    for name in ("table", "holdings", "piles", "debts", "events"):
        values[name] = tuple(values[name])
    return values


def check_direct(state: FishingState, counts: dict[str, int]) -> None:
    if state.phase != "play" or state.chain is not None:
        return
    for move, plan in generate(state).items():
        assert isinstance(move, Play)
        if plan is not None:
            continue
        after = trailed(state, move.card, FishingState)
        if after is None:
            continue
        counts["trail"] += 1
        expected = engine_fields(state, move, plan)
        got = {name: getattr(after, name) for name in FIELDS}
        assert got == expected, f"trail {move} differs from the engine in {state.to_notation()}"
        assert after == state.apply(move) and after.events == state.apply(move).events


@pytest.mark.parametrize("name", sorted(FISHING_PRESETS))
def test_direct_moves_match_the_engine(name: str) -> None:
    rules: FishingRules = FISHING_PRESETS[name]
    counts = {"trail": 0}
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in range(6):
            rng = random.Random(f"{seed}:direct")
            state = new_game(rules, players, seed=seed)
            while not state.is_over:
                check_direct(state, counts)
                state = state.apply(rng.choice(state.legal_moves()))
    assert counts["trail"] > 20, counts
