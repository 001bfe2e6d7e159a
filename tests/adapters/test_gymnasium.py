"""The Gymnasium adapter passes Gymnasium's environment checker (extra ``gymnasium``)."""

from __future__ import annotations

import warnings
from typing import Any, Literal

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cau_rules.adapters.gymnasium import CauRulesEnv  # noqa: E402
from cau_rules.bots import GreedyBot, RandomBot  # noqa: E402
from cau_rules.errors import IllegalMoveError  # noqa: E402

from .helpers import VARIANTS, twin_states  # noqa: E402


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_check_env(variant: str, opponents: Literal["random", "greedy"]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec": not made through gymnasium.make
        check_env(CauRulesEnv(variant, opponents=opponents), skip_render_check=True)
        check_env(CauRulesEnv(variant, opponents=opponents, render_mode="ansi"))


def _play(env: CauRulesEnv, seed: int) -> tuple[float, dict[str, Any]]:
    observation, info = env.reset(seed=seed)
    while True:
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return reward, info
        assert reward == 0.0


def test_reward_is_the_outcome_share_of_the_seat() -> None:
    env = CauRulesEnv("cau-robat", players=3, seat=1, opponents=[GreedyBot(), RandomBot()])
    for seed in range(4):
        reward, info = _play(env, seed)
        assert reward == info["outcome"].shares()[1]


def test_equal_seeds_give_equal_episodes() -> None:
    first, second = CauRulesEnv("cau", players=4), CauRulesEnv("cau", players=4)
    a, _ = first.reset(seed=5)
    b, _ = second.reset(seed=5)
    assert np.array_equal(a["observation"], b["observation"])
    assert str(first.state.to_dict()) == str(second.state.to_dict())


def test_illegal_action_terminates_with_a_penalty() -> None:
    env = CauRulesEnv("cau", players=2)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(IllegalMoveError):
        env.step(0)


def test_illegal_action_can_raise() -> None:
    env = CauRulesEnv("cau", players=2, illegal_action="raise")
    observation, _ = env.reset(seed=1)
    before = env.state
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert env.state is before


def test_observation_never_shows_other_holdings() -> None:
    env = CauRulesEnv("cau", players=3)
    env.reset(seed=0)
    state, twin = twin_states()
    env.state = state
    first, _ = env._observe()
    env.state = twin
    second, _ = env._observe()
    assert np.array_equal(first["observation"], second["observation"])


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        CauRulesEnv("cau", players=2, seat=2)
    with pytest.raises(ValueError):
        CauRulesEnv("cau", players=3, opponents=[RandomBot()])
    with pytest.raises(ValueError):
        CauRulesEnv("cau", opponents="smart")  # type: ignore[arg-type]
