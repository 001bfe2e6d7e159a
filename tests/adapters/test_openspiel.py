"""The OpenSpiel adapter passes OpenSpiel's own conformance test (extra ``openspiel``)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cau_rules.adapters.openspiel import (  # noqa: E402
    CauRulesState,
    game_name,
    register_openspiel_games,
)

from .helpers import VARIANTS, default_players, twin_states  # noqa: E402

NAMES = register_openspiel_games()


def test_one_game_per_supported_preset() -> None:
    assert tuple(game_name(variant) for variant in VARIANTS) == NAMES
    assert "cau_rules_cau" in NAMES
    registered = set(pyspiel.registered_names())
    assert set(NAMES) <= registered
    assert register_openspiel_games() == NAMES  # idempotent


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant: str) -> None:
    game = pyspiel.load_game(game_name(variant))
    assert game.num_players() == default_players(variant)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_game_type_and_info() -> None:
    game = pyspiel.load_game("cau_rules_cau", {"players": 4})
    kind = game.get_type()
    assert kind.short_name == "cau_rules_cau"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 621
    assert game.max_chance_outcomes() == 2**16
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.max_game_length() == 48
    small = pyspiel.load_game("cau_rules_cau", {"players": 3, "seeds": 10})
    assert small.max_chance_outcomes() == 10
    assert len(small.new_initial_state().chance_outcomes()) == 10


def test_a_game_plays_to_shares_that_sum_to_one() -> None:
    game = pyspiel.load_game("cau_rules_cau_robat", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(4)
    assert state.is_chance_node()
    state.apply_action(1234)
    assert state.library_state.seed == 1234
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(state.current_player(), action) != f"action {action}"
        state.apply_action(action)
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert list(returns) == list(state.library_state.outcome().shares())


def _state_of(game: object, library_state: object) -> CauRulesState:
    state = CauRulesState(game)
    state._track.states.append(library_state)
    return state


def test_observations_never_leak_other_holdings() -> None:
    game = pyspiel.load_game("cau_rules_cau", {"players": 3})
    first, second = (_state_of(game, s) for s in twin_states())
    for player in (0,):
        assert first.observation_string(player) == second.observation_string(player)
        assert first.observation_tensor(player) == second.observation_tensor(player)
        assert first.information_state_string(player) == second.information_state_string(player)
        assert first.information_state_tensor(player) == second.information_state_tensor(player)
    assert first.observation_string(1) != second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_resample_from_infostate_keeps_the_information_state() -> None:
    game = pyspiel.load_game("cau_rules_cau", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(99)
    rng = random.Random(2)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = random.Random(7).random
    guess = state.resample_from_infostate(player, sampler)
    assert guess.information_state_string(player) == state.information_state_string(player)
    assert guess.information_state_tensor(player) == state.information_state_tensor(player)
    assert guess.observation_tensor(player) == state.observation_tensor(player)
    assert guess.legal_actions() == state.legal_actions()
    guess.apply_action(guess.legal_actions()[0])  # it plays on


def test_clones_are_independent() -> None:
    game = pyspiel.load_game("cau_rules_cau", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(5)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [5] and len(clone.history()) == 2
    assert state.information_state_string(0) != clone.information_state_string(0)
