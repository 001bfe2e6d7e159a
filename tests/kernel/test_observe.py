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


def test_a_joc_is_observed_like_the_reference() -> None:
    """A joc of two partides to 5 stones: stakes with ``bid joc``, partides won and new
    partides started, compared after every one of 300 steps."""
    from cau_rules.fishing.kernel import layout as L

    batch = BatchGame("cau-recau-sant-vicent", 4, 24, seed=3, auto_reset=True, target=5, partides_to_win=2)
    rows = batch._batch.rows  # type: ignore[attr-defined]
    jocs = 0
    for _ in range(300):
        np.testing.assert_array_equal(batch.observe(), _reference(batch))
        for row in rows[(rows[:, L.STAKE_ON] == 1) & (rows[:, L.BIDS_LEN] > 0)]:
            jocs += int(row[L.BIDS + row[L.BIDS_LEN] - 1] == L.JOC_BID)  # the joc is the last bid
        batch.step(batch.random_actions())
    assert jocs > 0
