"""The PettingZoo adapter passes PettingZoo's API and seed tests (extra ``pettingzoo``)."""

from __future__ import annotations

import warnings

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")

from cau_rules.adapters.pettingzoo import CauRulesAECEnv  # noqa: E402
from cau_rules.errors import IllegalMoveError  # noqa: E402

from .helpers import VARIANTS, twin_states  # noqa: E402


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_and_seed_tests(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's advice on Dict observations
        pettingzoo_test.api_test(CauRulesAECEnv(variant), num_cycles=300)
        pettingzoo_test.seed_test(lambda: CauRulesAECEnv(variant), num_cycles=100)


def test_a_game_ends_with_outcome_shares() -> None:
    env = CauRulesAECEnv("cau-robat", players=3)
    env.reset(seed=8)
    total = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            assert "outcome" in info
            env.step(None)
            continue
        assert observation["action_mask"].sum() > 0
        env.step(env.action_space(agent).sample(observation["action_mask"]))
    assert sum(total.values()) == pytest.approx(1.0)
    assert env.agents == []


def test_illegal_action_terminates_with_a_penalty() -> None:
    env = CauRulesAECEnv("cau", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"] is True
    other = next(a for a in env.agents if a != agent)
    assert env._cumulative_rewards[other] == 0.0 and env.infos[other]["illegal_action"] is False


def test_illegal_action_can_raise() -> None:
    env = CauRulesAECEnv("cau", players=2, illegal_action="raise")
    env.reset(seed=1)
    before = env.state
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state is before and not any(env.terminations.values())


def test_observe_never_shows_other_holdings() -> None:
    env = CauRulesAECEnv("cau", players=3)
    env.reset(seed=0)
    state, twin = twin_states()
    env.state = state
    first = env.observe("player_0")
    env.state = twin
    second = env.observe("player_0")
    assert np.array_equal(first["observation"], second["observation"])
    assert np.array_equal(first["action_mask"], second["action_mask"])


def test_render_modes() -> None:
    env = CauRulesAECEnv("cau", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and "to play: seat" in text
    with pytest.raises(ValueError):
        CauRulesAECEnv("cau", render_mode="rgb_array")
