"""BatchGame keeps the library's error contract (issue 39): a refused call changes
nothing, a game over at the deal is done at once, a finished game observes as zeros."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cau_rules import new_game
from cau_rules.batch import BatchGame
from cau_rules.checks import MAX_SEED
from cau_rules.errors import CauRulesError, InvalidPositionError, InvalidRulesError
from tests.kernel.batch_calls import assert_same, snapshot

pytest.importorskip("numba")

# -- games over at the deal ------------------------------------------------------------

VALENCIAN = "cau-recau-sant-vicent"
AT_DEAL: list[dict[str, Any]] = [{"target": 2}, {"target": 3}, {"target": 2, "partides_to_win": 2}]
"""The options that can end a game at its deal: a stones target of 2 or 3 (the first
hand's pixat or bon fer stone and its automatic rondas reach it), also in a joc of
several partides (each partida won at a deal starts the next, whose deal may win it).  Cards presets, the
four-card game and Cacho never end at the deal (checked over every option's extremes)."""


def _reference_shares(state: Any) -> list[float]:
    outcome = state.outcome()
    assert outcome is not None
    return list(outcome.shares())


def _over_at_deal(options: dict[str, Any], count: int = 2) -> list[int]:
    seeds = [seed for seed in range(400) if new_game(VALENCIAN, players=4, seed=seed, **options).is_over]
    assert len(seeds) >= count, options
    return seeds[:count]


@pytest.mark.parametrize("options", AT_DEAL)
def test_a_game_over_at_the_deal_is_done_with_its_returns(options: dict[str, Any]) -> None:
    seed = _over_at_deal(options)[0]
    batch = BatchGame(VALENCIAN, players=4, size=2, seed=seed, **options)
    reference = new_game(VALENCIAN, players=4, seed=seed, **options)
    assert batch.state(0) == reference
    assert batch.done[0]
    assert batch.returns[0].tolist() == _reference_shares(reference)
    assert batch.outcome(0) == reference.outcome()
    batch.reset(1, seed)
    assert batch.done[1] and batch.returns[1].tolist() == _reference_shares(reference)
    loaded = BatchGame.from_states([reference, new_game(VALENCIAN, players=4, seed=0, **options)])
    assert loaded.done[0] and loaded.returns[0].tolist() == _reference_shares(reference)


def test_the_issue_example() -> None:
    batch = BatchGame(VALENCIAN, players=4, size=2, seed=1, target=2)
    assert batch.state(0).is_over and batch.done[0]
    assert batch.returns[0].tolist() == [0.5, 0.0, 0.5, 0.0]


@pytest.mark.parametrize("options", AT_DEAL)
def test_a_game_over_at_the_deal_restarts_under_auto_reset(options: dict[str, Any]) -> None:
    seed = _over_at_deal(options)[0]
    batch = BatchGame(VALENCIAN, players=4, size=1, seed=seed, auto_reset=True, **options)
    reference = new_game(VALENCIAN, players=4, seed=seed, **options)
    assert batch.done[0] and batch.returns[0].tolist() == _reference_shares(reference)
    assert batch.state(0).seed > seed  # already restarted from the next seed
    # every game ends and restarts: none is left stuck over, whatever its deal
    ended = 0
    for _ in range(3000):
        assert not batch.state(0).is_over or batch.done[0]
        batch.step(batch.random_actions())
        ended += int(batch.done[0])
        if batch.done[0]:
            assert batch.returns[0].sum() == pytest.approx(1.0)
    assert ended >= 5
    assert not batch.state(0).is_over or batch.done[0]


def _shares(seed: int) -> list[float]:
    outcome = new_game(VALENCIAN, players=4, seed=seed, target=2).outcome()
    assert outcome is not None
    return list(outcome.shares())


def test_a_restart_over_at_the_deal_is_reported_at_the_next_step() -> None:
    seeds = [seed for seed in range(400) if new_game(VALENCIAN, players=4, seed=seed, target=2).is_over]
    pair = next(seed for seed in seeds if seed + 1 in seeds)  # two games in a row over at the deal
    batch = BatchGame(VALENCIAN, players=4, size=1, seed=pair, auto_reset=True, target=2)
    shares = _shares(pair)
    assert batch.done[0] and batch.returns[0].tolist() == shares
    assert batch.state(0).seed == pair + 1 and batch.state(0).is_over  # its ending not yet reported
    batch.step(np.zeros(1, np.int64))
    shares = _shares(pair + 1)
    assert batch.done[0] and batch.returns[0].tolist() == shares
    assert batch.state(0).seed == pair + 2


# -- refused calls change nothing ------------------------------------------------------


def _batches() -> list[BatchGame]:
    return [BatchGame("cau", 2, 3, seed=4), BatchGame("cau-quatre", 3, 4, seed=11),
            BatchGame("cacho", 3, 4, seed=0, auto_reset=True)]


BAD_CALLS = [
    ("reset", (None, 5), TypeError),
    ("reset", (1.0, 5), TypeError),
    ("reset", (True, 5), TypeError),
    ("reset", (0, float("nan")), InvalidRulesError),
    ("reset", (0, 1.5), InvalidRulesError),
    ("reset", (0, -1), InvalidRulesError),
    ("reset", (0, MAX_SEED + 1), InvalidRulesError),
    ("reset", (-1, 5), IndexError),
    ("reset", (99, 5), IndexError),
    ("play_random", (-1,), IndexError),
    ("play_random", (0, -5), InvalidRulesError),
    ("play_random", (0, "7"), InvalidRulesError),
    ("play_seed", (True, 5), TypeError),
    ("play_seed", (-1, 5), IndexError),
    ("play_seed", (0, 2**70), InvalidRulesError),
    ("play_seeds", (0, MAX_SEED, 2), InvalidRulesError),
    ("play_seeds", (0, 1, 0), InvalidRulesError),
    ("play_seeds", (0, 1, True), TypeError),
    ("outcome", (-1,), IndexError),
    ("outcome", ("0",), TypeError),
    ("state", (-1,), IndexError),
    ("step", ([0, 0],), TypeError),
    ("step", ("abc",), TypeError),
    ("step", ([[0], [0, 1]],), TypeError),
]


@pytest.mark.parametrize(("method", "arguments", "error"), BAD_CALLS, ids=[f"{m}{a!r:.30}" for m, a, _ in BAD_CALLS])
def test_a_refused_call_changes_nothing(method: str, arguments: tuple[object, ...], error: type[Exception]) -> None:
    for batch in _batches():
        before = snapshot(batch)
        with pytest.raises(error):
            getattr(batch, method)(*arguments)
        assert_same(before, snapshot(batch))
        for game in range(batch.size):
            batch.state(game)  # every game still reads


def test_step_checks_its_moving_mask() -> None:
    for batch in _batches():
        actions = batch.random_actions()
        before = snapshot(batch)
        for moving in (np.ones(batch.size + 1, np.bool_), np.ones(batch.size, np.int64), [True] * batch.size,
                       np.ones((batch.size, 1), np.bool_)):
            with pytest.raises(TypeError, match="moving"):
                batch.step(actions, moving)  # type: ignore[arg-type]
            assert_same(before, snapshot(batch))


@pytest.mark.parametrize(("arguments", "error"), [
    ({"size": 0}, InvalidRulesError), ({"size": 2**62}, InvalidRulesError), ({"size": True}, TypeError),
    ({"seed": -1}, InvalidRulesError), ({"seed": MAX_SEED}, InvalidRulesError), ({"seed": 1.0}, InvalidRulesError),
    ({"auto_reset": 1}, TypeError), ({"parallel": "yes"}, TypeError), ({"players": 2.0}, TypeError),
])
def test_the_constructor_checks_its_arguments(arguments: dict[str, object], error: type[Exception]) -> None:
    given: dict[str, object] = {"players": 2, "size": 3, **arguments}
    with pytest.raises(error):
        BatchGame("cau", **given)  # type: ignore[arg-type]


def test_the_last_seed_fits() -> None:
    batch = BatchGame("cau", 2, 2, seed=MAX_SEED - 1)
    assert batch.state(1).seed == MAX_SEED


def test_from_states_checks_its_states() -> None:
    cau = new_game("cau", players=2, seed=1)
    with pytest.raises(TypeError, match="states"):
        BatchGame.from_states([object()])
    with pytest.raises(TypeError, match="states"):
        BatchGame.from_states("cau")
    with pytest.raises(InvalidRulesError, match="rules and player count"):
        BatchGame.from_states([cau, new_game("cau", players=3, seed=1)])
    with pytest.raises(TypeError, match="states"):
        BatchGame.from_states([cau, new_game("cacho", players=2, seed=1)])
    with pytest.raises(InvalidRulesError, match="seed"):
        BatchGame.from_states([cau], seed=-3)
    with pytest.raises(TypeError, match="auto_reset"):
        BatchGame.from_states([cau], auto_reset=None)  # type: ignore[arg-type]
    broken = cau.__class__.__new__(cau.__class__)
    for field in cau.__attrs_attrs__:
        object.__setattr__(broken, field.name, getattr(cau, field.name))
    object.__setattr__(broken, "to_play", 5)  # a seat the game does not have
    assert broken.status()
    with pytest.raises(InvalidPositionError, match="state 1 cannot arise"):
        BatchGame.from_states([cau, broken])


# -- finished games observe as zeros ---------------------------------------------------


@pytest.mark.parametrize(("name", "players"), [("cacho", 3), ("cau", 2), ("cau-quatre", 3)])
def test_a_finished_game_observes_as_zeros_or_by_its_last_seat(name: str, players: int) -> None:
    batch = BatchGame(name, players=players, size=3, seed=0)
    batch.play_random(0)
    observed = batch.observe()
    state = batch.state(0)
    assert state.is_over
    if state.to_play < 0:  # a Cacho session over: nobody to play
        assert not observed[0].any()
    else:
        expected = np.zeros(observed.shape[1], np.float32)
        batch._features.encode(state.observe(state.to_play), expected)
        np.testing.assert_array_equal(observed[0], expected)
    assert observed[1].any()


def test_errors_are_the_librarys() -> None:
    batch = BatchGame("cau", 2, 2)
    for call in (lambda: batch.play_seed(True, 5), lambda: batch.play_seed(0, True),
                 lambda: batch.reset(0, np.float64(2.0))):  # type: ignore[arg-type]
        with pytest.raises((TypeError, CauRulesError)) as caught:
            call()
        assert "numba" not in type(caught.value).__module__
        assert any(word in str(caught.value) for word in ("game", "seed"))


def test_numpy_integers_are_whole_numbers() -> None:
    batch = BatchGame("cau", 2, 3, seed=np.int64(4))  # type: ignore[arg-type]
    batch.reset(np.int64(1), np.uint32(7))  # type: ignore[arg-type]
    assert batch.state(np.int64(1)) == new_game("cau", players=2, seed=7)  # type: ignore[arg-type]


# -- the options the kernel plays -------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"partides_to_win": 2}, {"partides_to_win": 99, "target": 2}, {"target": 999}, {"target": 999, "partides_to_win": 4},
    {"partides_to_win": 50},
])
def test_every_joc_and_target_within_the_tail_runs(options: dict[str, Any]) -> None:
    batch = BatchGame(VALENCIAN, players=4, size=1, seed=3, **options)
    for _ in range(40):
        if batch.done[0]:
            break
        batch.step(batch.random_actions())
    assert batch.state(0).status() == ()


def test_a_match_of_many_hands_runs() -> None:
    batch = BatchGame("cau", players=2, size=1, seed=3, hands=999)
    batch.play_seeds(0, 3, 1)
    state = batch.state(0)
    assert state.is_over and len(state.hand_scores) == 999
    assert batch.outcome(0) is not None


def test_the_options_the_kernel_refuses_are_named() -> None:
    from cau_rules.fishing.kernel.layout import MAX_TAIL, supported_problems
    from cau_rules.fishing.rules import FISHING_PRESETS
    valencian = FISHING_PRESETS[VALENCIAN]
    assert supported_problems(valencian.replace(explicit_calls=True)) == [
        "explicit_calls=True (the kernel plays automatic calls only)"]
    assert supported_problems(valencian, 8) == ["8 players (the kernel seats at most 6)"]
    too_long = valencian.replace(target=999, partides_to_win=5)
    assert MAX_TAIL < (2 * 999 - 1) * (2 * 5 - 1)
    with pytest.raises(InvalidRulesError, match="partides_to_win=5"):
        BatchGame(too_long, players=4, size=1)


def test_the_compiled_search_and_playout_play_a_joc() -> None:
    import random

    from cau_rules.ai.infostate import InfoState
    from cau_rules.fishing.kernel.batch import ismcts, playout
    from cau_rules.fishing.rules import FISHING_PRESETS

    rules = FISHING_PRESETS[VALENCIAN].replace(target=2, partides_to_win=3)
    state = new_game(rules, players=4, seed=3)
    while state.is_over:
        state = new_game(rules, players=4, seed=state.seed + 1)
    result = ismcts(InfoState.start(state, state.to_play), 60, random.Random(2), 0.7)
    assert result is not None and sum(visits for _, visits, _ in result) == 60
    outcome = playout(state, seed=4)
    assert max(outcome.scores) == 3  # a joc's scores are partides
