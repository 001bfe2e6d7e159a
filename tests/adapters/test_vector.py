"""The Gymnasium vector environment over the kernel's batched games."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

import numpy as np

from cau_rules.adapters.vector import CauRulesVectorEnv


def _legal(observation: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in observation["action_mask"]])


@pytest.mark.parametrize("opponents", ["random", "greedy", "self"])
def test_games_run_to_their_ends_inside_the_spaces(opponents: str) -> None:
    env = CauRulesVectorEnv("cau-robat", players=2, num_envs=3, seat=1, opponents=opponents)  # type: ignore[arg-type]
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    assert env.observation_space.contains(observation)
    finished = 0
    for _ in range(80):
        assert observation["action_mask"].any(axis=1).all()  # always the learner's turn, never over
        observation, reward, terminated, truncated, info = env.step(_legal(observation, rng))
        assert env.observation_space.contains(observation)
        assert not truncated.any() and ((reward >= 0) & (reward <= 1)).all()
        assert (reward[~terminated] == 0).all()
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
            finished += int(terminated.sum())
    assert finished > 0


def test_the_same_seed_gives_the_same_games() -> None:
    runs = []
    for _ in range(2):
        env = CauRulesVectorEnv("cau", players=3, num_envs=2)
        observation, _ = env.reset(seed=9)
        rng = np.random.default_rng(1)
        trace = [observation["observation"].copy()]
        for _ in range(20):
            observation, reward, *_ = env.step(_legal(observation, rng))
            trace += [observation["observation"].copy(), reward.copy()]
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="seat must be"):
        CauRulesVectorEnv("cau", players=2, seat=2)
    with pytest.raises(ValueError, match="opponents must be"):
        CauRulesVectorEnv("cau", players=2, opponents="smart")  # type: ignore[arg-type]
