"""The observation vectors computed in the kernel against the reference encoder
(:class:`cau_rules.fishing.features.FishingFeatures` of ``state.observe(state.to_play)``),
element for element, over random games of every preset and player count."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

import numpy as np

from cau_rules.batch import BatchGame
from cau_rules.fishing.features import FishingFeatures
from cau_rules.fishing.rules import FISHING_PRESETS

CASES = [
    (name, players)
    for name, rules in FISHING_PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]


def _reference(batch: BatchGame) -> np.ndarray:
    features = FishingFeatures(batch.rules, batch.players)
    out = np.zeros((batch.size, features.size), np.float32)
    for game in range(batch.size):
        state = batch.state(game)
        features.encode(state.observe(state.to_play), out[game])
    return out


@pytest.mark.parametrize(("name", "players"), CASES)
def test_kernel_observations_equal_the_reference_encoder(name: str, players: int) -> None:
    """24 games restarting as they end, compared after every one of 120 steps (games of
    several hands, stakes, chains, debts and finished games all occur)."""
    batch = BatchGame(name, players, 24, seed=11, auto_reset=True)
    for _ in range(120):
        observed = batch.observe()
        assert observed.dtype == np.float32
        np.testing.assert_array_equal(observed, _reference(batch))
        batch.step(batch.random_actions())


def test_finished_games_and_options_are_observed_too() -> None:
    rules = FISHING_PRESETS["cau-robat"].replace(hands=3, must_capture=True)
    batch = BatchGame(rules, 3, 8, seed=2)
    while not batch.done.all():
        np.testing.assert_array_equal(batch.observe(), _reference(batch))
        batch.step(batch.random_actions())
    np.testing.assert_array_equal(batch.observe(), _reference(batch))
