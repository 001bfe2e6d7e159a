"""The vector environment checks its arguments before anything changes (issue 39)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numba")

import numpy as np

from cau_rules.adapters.features import features_for
from cau_rules.adapters.vector import CauRulesVectorEnv
from cau_rules.ai.codec import codec_for
from cau_rules.checks import MAX_SEED
from cau_rules.errors import IllegalMoveError, InvalidRulesError
from tests.kernel.batch_calls import assert_same, snapshot


@pytest.mark.parametrize(("arguments", "error"), [
    ({"num_envs": 0}, InvalidRulesError), ({"num_envs": 2**40}, InvalidRulesError), ({"num_envs": 2.0}, TypeError),
    ({"seat": 2}, InvalidRulesError), ({"seat": -1}, InvalidRulesError), ({"seat": True}, TypeError),
    ({"opponents": "nobody"}, InvalidRulesError), ({"opponents": ["self"]}, InvalidRulesError),
    ({"players": 9}, InvalidRulesError), ({"players": "2"}, TypeError), ({"variant": 3}, TypeError),
])
def test_the_constructor_checks_its_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    given: dict[str, object] = {"variant": "cau", "players": 2, "num_envs": 2, **arguments}
    with pytest.raises(error):
        CauRulesVectorEnv(**given)  # type: ignore[arg-type]


def test_refused_resets_and_steps_change_nothing() -> None:
    env = CauRulesVectorEnv("cau", players=2, num_envs=3)
    observation, _ = env.reset(seed=5)
    for seed, error in ((-1, InvalidRulesError), (MAX_SEED + 1, InvalidRulesError), (1.5, TypeError),
                        ([], InvalidRulesError), (["1"], TypeError), (True, TypeError)):
        before, next_seed = snapshot(env.batch), env._next_seed
        with pytest.raises(error):
            env.reset(seed=seed)  # type: ignore[arg-type]
        assert_same(before, snapshot(env.batch))
        assert env._next_seed == next_seed
    with pytest.raises(TypeError, match="options"):
        env.reset(seed=1, options=[1])  # type: ignore[arg-type]
    mask = observation["action_mask"]
    bad: tuple[tuple[object, type[Exception]], ...] = (
        (np.zeros(2, np.int64), TypeError), (np.full(3, 0.5), TypeError),
        (np.full(3, -1, np.int64), IllegalMoveError), ("abc", TypeError))
    for actions, refusal in bad:
        before = snapshot(env.batch)
        with pytest.raises(refusal):
            env.step(actions)  # type: ignore[arg-type]
        assert_same(before, snapshot(env.batch))
    env.step(np.array([np.flatnonzero(row)[0] for row in mask]))


def test_a_game_over_at_the_deal_is_skipped() -> None:
    env = CauRulesVectorEnv("cau-recau-sant-vicent", players=4, num_envs=4)
    # the environment takes presets only: its parts are swapped for a stones target of 2
    env.rules = env.rules.replace(target=2)
    env.batch = type(env.batch)(env.rules, 4, 4)
    env.codec, env.features = codec_for(env.rules, 4), features_for(env.rules, 4)
    observation, _ = env.reset(seed=0)
    assert not env.batch.done.any()
    for _ in range(30):
        mask = observation["action_mask"]
        observation, *_ = env.step(np.array([np.flatnonzero(row)[0] for row in mask]))
        assert not env.batch.done.any()
