"""IS-MCTS plays legal moves from views only, is reproducible from a seed, keeps the same
information state as :class:`InfoState`, and refuses games it cannot search."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ISMCTSBot, MoveStats, info_from_view, ismcts, update_info
from cau_rules.bots import Bot, GreedyBot, ObservingBot, RandomBot, play_game
from cau_rules.errors import IllegalMoveError, InvalidRulesError


def _moves_of_game(variant: str, players: int, deal: int, seed: int, iterations: int = 12) -> list[str]:
    """Play a game with IS-MCTS in seat 0 (random elsewhere); check every move is legal
    in the state it is played from; return the moves as text."""
    state = new_game(variant, players=players, seed=deal)
    bots: list[Bot] = [ISMCTSBot(iterations), *[RandomBot() for _ in range(players - 1)]]
    played: list[str] = []
    before = [state]

    def check(seat: int, move: Any, after: Any) -> None:
        assert move in before[0].legal_moves()
        played.append(f"{seat}:{move}")
        before[0] = after

    final = play_game(state, bots, seed=seed, on_move=check)
    assert final.is_over and final.outcome() is not None
    return played


@pytest.mark.parametrize("variant,players", [("cau-robat", 2), ("cau", 3)])
def test_plays_legal_moves_and_is_deterministic_for_a_seed(variant: str, players: int) -> None:
    first = _moves_of_game(variant, players, deal=5, seed=9)
    assert first == _moves_of_game(variant, players, deal=5, seed=9)
    assert any(move.startswith("0:") for move in first)


def test_another_seed_searches_differently() -> None:
    state = new_game("cau-robat", players=2, seed=11)
    info = InfoState.start(state, 0)
    a = ismcts(info, 60, random.Random(1))
    b = ismcts(info, 60, random.Random(2))
    assert [(str(s.move), s.visits) for s in a] != [(str(s.move), s.visits) for s in b]


_SCRIPT = """
import json
from cau_rules import new_game
from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.bots import RandomBot, play_game
moves = []
play_game(new_game("cau", players=2, seed=3), [ISMCTSBot(8), RandomBot()], seed=4,
          on_move=lambda seat, move, after: moves.append(str(move)))
print(json.dumps(moves))
"""


def test_the_same_game_in_processes_with_other_hash_seeds() -> None:
    """Nothing depends on the per-process string hashing (sets of strings, hash())."""
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True,
                              check=True, timeout=120)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] and runs[0]


def test_views_build_the_same_information_state_as_the_states() -> None:
    state = new_game("cau", players=3, seed=6)
    infos = {seat: InfoState.start(state, seat) for seat in range(3)}
    mine = {seat: info_from_view(state.rules, state.observe(seat)) for seat in range(3)}
    rng = random.Random(0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        for seat in range(3):
            infos[seat] = infos[seat].update(state)
            mine[seat] = update_info(mine[seat], state.observe(seat))
    for seat in range(3):
        assert mine[seat] == infos[seat]
        assert mine[seat].key() == infos[seat].key()
        assert mine[seat].memory == infos[seat].memory


def test_the_bot_tracks_what_play_game_shows_it() -> None:
    start = new_game("cau-robat", players=2, seed=2)
    bot = ISMCTSBot(5)
    assert isinstance(bot, ObservingBot)
    expected = InfoState.start(start, 1)
    seen: list[Any] = [start]

    def follow(seat: int, move: Any, after: Any) -> None:
        seen.append(after)

    final = play_game(start, [RandomBot(), bot], seed=3, on_move=follow)
    for after in seen[1:]:
        expected = expected.update(after)
    info = bot.info(1)
    assert info is not None and info.key() == expected.key()
    assert bot.info(0) is None
    assert final.is_over
    bot.reset()
    assert bot.info(1) is None


def test_one_bot_can_play_every_seat() -> None:
    final = play_game(new_game("cau-robat", players=3, seed=1), ISMCTSBot(6), seed=2)
    assert final.is_over


def test_choose_alone_still_plays() -> None:
    """A driver that never calls observe: the bot observes the views it is given."""
    state = new_game("cau-robat", players=2, seed=7)
    bot = ISMCTSBot(8)
    rng = random.Random(1)
    while not state.is_over:
        view = state.observe(state.to_play)
        move = bot.choose(view, rng) if state.to_play == 0 else rng.choice(view.legal_moves)
        assert move in state.legal_moves()
        state = state.apply(move)


def test_search_statistics() -> None:
    state = new_game("cau-robat", players=2, seed=3)
    stats = ismcts(InfoState.start(state, 0), 50, random.Random(4))
    assert all(isinstance(s, MoveStats) and 0.0 <= s.value <= 1.0 for s in stats)
    assert sum(s.visits for s in stats) == 50
    assert [s.visits for s in stats] == sorted((s.visits for s in stats), reverse=True)
    bot = ISMCTSBot(50)
    move = bot.choose(state.observe(0), random.Random(4))
    assert move == stats[0].move and [str(s) for s in bot.last_stats] == [str(s) for s in stats]


def test_greedy_rollouts() -> None:
    final = play_game(new_game("cau-robat-40", players=2, seed=4),
                      [ISMCTSBot(6, rollout_bot=GreedyBot()), GreedyBot()], seed=1)
    assert final.is_over


def test_bad_arguments() -> None:
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="iterations"):
            ISMCTSBot(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exploration"):
        ISMCTSBot(10, exploration=-1.0)
    state = new_game("cau", players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="no legal move"):
        ISMCTSBot(5).choose(state.observe(1), random.Random(0))


class _UnknownRules:
    name = "unknown"


def test_families_without_information_states_are_refused_clearly() -> None:
    with pytest.raises(InvalidRulesError, match="information-state support for _UnknownRules"):
        ISMCTSBot(10, rules=_UnknownRules())


def test_views_carry_their_rules_and_bare_views_need_rules() -> None:
    import attrs

    state = new_game("cacho", players=3, seed=1)
    view = state.observe(state.to_play)
    assert view.rules == state.rules
    assert ISMCTSBot(10).choose(view, random.Random(0)) in view.legal_moves
    named = attrs.evolve(view, rules=None)  # type: ignore[arg-type]  # a view without rules: the variant names the preset
    assert ISMCTSBot(10).choose(named, random.Random(0)) in view.legal_moves
    bare = attrs.evolve(view, rules=None, variant=None)  # type: ignore[arg-type]  # a view naming no rules
    with pytest.raises(InvalidRulesError, match="cannot tell the rules"):
        ISMCTSBot(10).choose(bare, random.Random(0))
    assert ISMCTSBot(10, rules=state.rules).choose(bare, random.Random(0)) in view.legal_moves


@pytest.mark.parametrize("variant,players", [("cacho", 3), ("cau-quatre", 2)])
def test_other_families(variant: str, players: int) -> None:
    state = new_game(variant, players=players, seed=2)
    bots: list[Bot] = [ISMCTSBot(6), *[RandomBot() for _ in range(players - 1)]]
    assert play_game(state, bots, seed=1).is_over
