"""Seeded capture-family games for the suites that need a reachable position (pictures,
validation): one helper instead of a random-play loop in each."""

from __future__ import annotations

import random

from cau_rules.fishing import FISHING_PRESETS, FishingRules, FishingState, new_game


def played(rules: FishingRules | str, players: int, seed: int, steps: int) -> FishingState:
    """A reachable state: *steps* random moves (chosen with ``random.Random(seed)``) into
    ``new_game(rules, players, seed=seed)``, fewer if the game ends first.

    Args:
        rules: the rules, or a preset's name.
        players: how many players.
        seed: the deal's seed and the move chooser's.
        steps: how many moves to play at the most.
    """
    state = new_game(FISHING_PRESETS[rules] if isinstance(rules, str) else rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state
