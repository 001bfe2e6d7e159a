"""The capture family's heuristic rollouts (cau_rules.fishing.kernel.rollout) and the
``heuristic`` rollout option of the bots that search with them.

Counted, never timed: the strength is a benchmark (docs/strength.md).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import numpy as np

from cau_rules import new_game
from cau_rules.ai.exact import ExactBot
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ISMCTSBot, MoveStats, ismcts
from cau_rules.ai.specs import make_bot
from cau_rules.bots import RandomBot, play_game
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.kernel import rollout
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT, row_of
from cau_rules.fishing.kernel.layout import R_DECLARE, row_length, rules_vector
from cau_rules.fishing.kernel.parts import SCRATCH
from cau_rules.fishing.moves import Play
from cau_rules.fishing.rules import FISHING_PRESETS
from cau_rules.fishing.state import FishingState
from cau_rules.kernel.rng import generator_state
from tests.kernel import check_tree


def _table(stats: list[MoveStats]) -> list[tuple[str, int, float]]:
    return [(str(s.move), s.visits, s.value) for s in stats]


def _picks(state: FishingState, draws: int, seed: int) -> tuple[list[int], list[int]]:
    """The legal actions of *state* and *draws* picks of the heuristic rollout there."""
    rules, players = state.rules, state.players
    codec = FishingCodec(rules, players)
    row = np.zeros(row_length(rules), np.int16)
    row_of(state, row)
    legal = codec.legal_actions(state)
    actions = np.array(legal, np.int64)
    r = np.array(rules_vector(rules, players), np.int64)
    rng = np.array([generator_state(seed)], np.uint64)
    deals = np.full((DEAL_SLOTS, SLOT), -1, np.int16)
    scratch = np.empty(SCRATCH, np.int64)
    work = np.empty(row.shape[0], np.int16)
    no_mask = np.zeros(0, np.bool_)
    picks = [int(rollout.heuristic_rollout(row, rng, actions, len(legal), r, deals, scratch, actions, work, no_mask))
             for _ in range(draws)]
    return legal, picks


@pytest.mark.parametrize("name", sorted(FISHING_PRESETS))
def test_the_heuristic_rollout_picks_only_legal_moves(name: str) -> None:
    rules = FISHING_PRESETS[name]
    players = 4 if rules.teams else 2
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rules, players=players, seed=seed)
        for _ in range(12):
            if state.is_over:
                break
            legal, picks = _picks(state, 20, seed)
            assert set(picks) <= set(legal)
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_the_heuristic_rollout_takes_the_biggest_capture_unless_exploring() -> None:
    state = FishingState.from_position(FISHING_PRESETS["cau"], 2, table="3o 7o 8o 9o 12o", holdings=["8c 4b", "1b"])
    codec = FishingCodec(state.rules, 2)
    legal, picks = _picks(state, 400, seed=3)
    best = codec.encode(next(move for move in state.legal_moves() if isinstance(move, Play) and move.run == 1))
    assert set(picks) == set(legal)  # one move in EPSILON is random
    assert picks.count(best) > 400 * (1 - 2 / rollout.EPSILON)


def test_the_move_value_ranks_captures_above_trails() -> None:
    state = FishingState.from_position(FISHING_PRESETS["cau"], 2, table="3o 7o 8o 9o 12o", holdings=["8c 4b", "1b"])
    r = np.array(rules_vector(state.rules, 2), np.int64)
    row = np.zeros(row_length(state.rules), np.int16)
    row_of(state, row)
    codec = FishingCodec(state.rules, 2)
    table_bits = sum(1 << (rank + 1) for rank in (2, 6, 7, 8, 11))
    counts = np.zeros(14, np.int64)
    values = {str(move): int(rollout.move_value(row, r, codec.encode(move), table_bits, counts))
              for move in state.legal_moves()}
    assert values["8c+1"] > values["8c"] > values["4b"] == 0
    assert int(rollout.move_value(row, r, int(r[R_DECLARE]), table_bits, counts)) == 0


def test_the_heuristic_search_is_reproducible_and_keeps_its_tree_within_bounds() -> None:
    state = new_game("cau-robat", players=2, seed=5)
    info = InfoState.start(state, state.to_play)
    first = rollout.ismcts(info, 200, random.Random(9))
    assert first is not None
    assert first == rollout.ismcts(info, 200, random.Random(9))
    assert {move for move, _, _ in first} <= set(state.legal_moves())
    assert sum(visits for _, visits, _ in first) == 200
    tree = rollout.HeuristicSearchProblem.drawn(info, random.Random(2)).search(80, 4)
    check_tree(tree, 80, set(FishingCodec(state.rules, 2).legal_actions(state)), every_legal=False)


def test_the_policy_reaches_the_kernel_and_leaves_the_default_search_alone() -> None:
    state = new_game("cau-40", players=2, seed=4)
    info = InfoState.start(state, state.to_play)
    plain = _table(ismcts(info, 150, random.Random(6), engine="kernel"))
    assert plain == _table(ismcts(info, 150, random.Random(6), engine="kernel", policy="random"))
    heuristic = ismcts(info, 150, random.Random(6), engine="kernel", policy="heuristic")
    found = rollout.ismcts(info, 150, random.Random(6), policy="heuristic")
    assert found is not None
    assert {(s.move, s.visits) for s in heuristic} == {(move, visits) for move, visits, _ in found}


def test_other_families_search_with_random_rollouts() -> None:
    state = new_game("cau-quatre", players=3, seed=2)
    info = InfoState.start(state, state.to_play)
    assert _table(ismcts(info, 60, random.Random(1), engine="kernel", policy="heuristic")) == _table(ismcts(
        info, 60, random.Random(1), engine="kernel"))


def test_bots_with_heuristic_rollouts_play_whole_games_reproducibly() -> None:
    start = new_game("cau-robat", players=2, seed=8)
    finals = [play_game(start, [ISMCTSBot(30, engine="kernel", policy="heuristic"), RandomBot()], seed=4)
              for _ in range(2)]
    assert finals[0].is_over
    assert finals[0].to_notation() == finals[1].to_notation()
    exact = play_game(new_game("cau-40", players=2, seed=1),
                      [ExactBot(30, nodes=5000, policy="heuristic"), RandomBot()], seed=2)
    assert exact.is_over


def test_the_spec_option_parses_and_bad_values_raise() -> None:
    assert repr(make_bot("ismcts:time=0.05:rollout=heuristic")) == "TimedISMCTSBot(seconds=0.05, policy='heuristic')"
    assert repr(make_bot("ismcts:50:heuristic")) == "ISMCTSBot(iterations=50, policy='heuristic')"
    exact, plain = make_bot("exact:time=0.05:rollout=heuristic"), make_bot("ismcts:50:auto")
    assert isinstance(exact, ExactBot) and isinstance(plain, ISMCTSBot)
    assert (exact.policy, plain.policy) == ("heuristic", "random")
    with pytest.raises(InvalidRulesError, match="unknown IS-MCTS rollout 'clever'"):
        make_bot("ismcts:50:rollout=clever")
    with pytest.raises(InvalidRulesError, match="bad exact bot option 'rollout=greedy'"):
        make_bot("exact:rollout=greedy")
    with pytest.raises(ValueError, match="policy must be 'random' or 'heuristic'"):
        ISMCTSBot(10, policy="clever")
