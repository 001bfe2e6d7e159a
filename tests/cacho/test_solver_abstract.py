"""Abstracted Cacho games: their strategies are certified in the full game by a walk of
round 3 that agrees with the tree built from the reference engine, they survive the disk
with their sizes, and the equilibrium bot plays them by the same translation."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cau_rules.cacho import CACHO, Bet, Call, Pass, Raise
from cau_rules.cacho.solver.game import SIZES, cacho_game, round3_amounts
from cau_rules.cacho.solver.response import (
    abstract_node,
    full_best_response,
    full_exploitability,
    translated_strategy,
)
from cau_rules.cacho.solver.store import StrategyFileError, read_strategy, strategy_path, write_strategy
from cau_rules.errors import InvalidRulesError
from cau_rules.solve.cfr import CFRSolver, best_response_value, exploitability


def test_keeping_every_amount_the_walk_is_the_exact_best_response() -> None:
    from cau_rules.cacho.solver.bot import solved

    rules = CACHO.replace(stack=4)
    game, strategy = solved(rules, solve=False)
    every = cacho_game(rules, sizes=tuple(range(1, 5)))
    assert every.tree.labels == game.tree.labels
    for player in (0, 1):
        walked = full_best_response(every, strategy, player)
        assert walked.value == pytest.approx(best_response_value(game.tree, strategy, player), abs=1e-12)
        assert walked.unmapped == 0
    uniform = game.tree.uniform_strategy()
    assert full_exploitability(every, uniform).value == pytest.approx(exploitability(game.tree, uniform), abs=1e-12)


@pytest.mark.parametrize("stack, sizes", [(6, (1, 3)), (5, (2,))])
def test_the_walk_agrees_with_the_translated_strategy_on_the_full_tree(stack: int, sizes: tuple[int, ...]) -> None:
    rules = CACHO.replace(stack=stack)
    game = cacho_game(rules, sizes=sizes)
    solver = CFRSolver(game.tree)
    solver.run(20)
    strategy = solver.average_strategy()
    full = cacho_game(rules)
    measured = full_exploitability(game, strategy)
    assert measured.unmapped == 0
    assert measured.value == pytest.approx(exploitability(full.tree, translated_strategy(full, game, strategy)),
                                           abs=1e-12)
    assert measured.value >= exploitability(game.tree, strategy) - 0.01  # the full game offers more


def test_an_abstraction_keeps_its_sizes_and_the_limit() -> None:
    game = cacho_game(CACHO.replace(stack=9), sizes=(3, 1))
    amounts = {move.amount for labels in game.tree.labels for move in labels if isinstance(move, Bet)}
    assert amounts <= {1, 2} | set(round3_amounts((1, 3), 8)) | set(round3_amounts((1, 3), 6))
    assert game.sizes == (1, 3)
    node = abstract_node(game, [Bet(1), Call(), Pass(), Pass(), Bet(2)])  # nearest of 1, 3 to 2: the lower
    assert node is not None and game.histories[node][-1] == Bet(1)
    with pytest.raises(InvalidRulesError, match="distinct whole amounts"):
        cacho_game(CACHO, sizes=(0, 2))
    with pytest.raises(InvalidRulesError, match="distinct whole amounts"):
        cacho_game(CACHO, sizes=tuple(range(1, 20)))


def test_an_abstract_strategy_is_stored_with_its_sizes(tmp_path: Path) -> None:
    rules = CACHO.replace(stack=5)
    game = cacho_game(rules, sizes=(1, 2))
    strategy = game.tree.uniform_strategy()
    path = strategy_path(tmp_path, game.rules, game.sizes)
    write_strategy(path, game, strategy)
    stored, header = read_strategy(path, game)
    assert header["sizes"] == [1, 2] and np.allclose(stored, strategy, atol=1e-4)
    with pytest.raises(StrategyFileError, match="round-3 sizes"):
        read_strategy(path, cacho_game(rules, sizes=(1, 3)))


def test_an_abstraction_is_solved_into_the_cache(tmp_path: Path) -> None:
    from cau_rules.cacho.solver.bot import solved

    game, strategy = solved(CACHO.replace(stack=5), tmp_path, sizes=(1, 2), target=0.01)
    assert game.sizes == (1, 2) and exploitability(game.tree, strategy) < 0.01
    assert [path.name for path in tmp_path.iterdir()] == ["cacho-s5-b1-2-cap-f20-k0-a1-2.strategy"]


def test_the_bot_plays_a_stored_abstraction_by_translation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cau_rules.ai.simulate import make_bot
    from cau_rules.bots import play_game
    from cau_rules.cacho import new_game
    from cau_rules.cacho.solver.bot import CachoEquilibriumBot

    monkeypatch.setenv("CAU_RULES_CACHE", str(tmp_path))
    rules = CACHO.replace(stack=17, max_hands=1)
    game = cacho_game(rules, sizes=SIZES)
    solver = CFRSolver(game.tree)
    solver.run(2)
    write_strategy(strategy_path(tmp_path, game.rules, SIZES), game, solver.average_strategy())
    bot = CachoEquilibriumBot(rules)
    assert bot._strategy(17)[0].sizes == SIZES
    state = new_game(rules, 2, seed=3).apply("bet 1").apply("call").apply("pass").apply("pass").apply("bet 4")
    bot.observe(state.observe(1))
    with monkeypatch.context() as patched:  # the strategy plays, not the greedy fallback
        patched.setattr("cau_rules.cacho.solver.bot.greedy", lambda view, rng: pytest.fail("greedy played"))
        for seed in range(5):
            assert bot.choose(state.observe(1), random.Random(seed)) in state.legal_moves()
    for seed in range(4):
        final = play_game(new_game(rules, 2, seed=seed),
                          [make_bot("equilibrium", rules), make_bot("random", rules)][:: 1 - 2 * (seed % 2)],
                          seed=seed)
        assert final.is_over


@pytest.mark.parametrize("players", [3, 4])
def test_at_a_table_the_bot_plays_the_two_player_strategy(players: int, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    from cau_rules.ai.simulate import make_bot
    from cau_rules.bots import play_game
    from cau_rules.cacho import new_game
    from cau_rules.cacho.solver.bot import _nearest_node, solved

    monkeypatch.setenv("CAU_RULES_CACHE", str(tmp_path))
    monkeypatch.setattr("cau_rules.cacho.solver.bot.greedy", lambda view, rng: pytest.fail("greedy played"))
    rules = CACHO.replace(stack=5, max_hands=2)
    for seed in range(6):
        bots = [make_bot("equilibrium", rules)] + [make_bot("random", rules) for _ in range(players - 1)]
        final = play_game(new_game(rules, players, seed=seed), bots[seed % players:] + bots[:seed % players], seed=seed)
        assert final.is_over
    game, _ = solved(CACHO.replace(stack=5), solve=False)
    node = _nearest_node(game, 3, (3, 2), (4, 3), True, 5, 5)  # first to act, raised after its bet of 2
    assert node is not None and game.histories[node][-1] == Raise(3) and game.tree.player(node) == 0


def test_the_preset_ships_its_certified_abstract_strategy() -> None:
    """CAC solver goal: the default rules' 20 counters come with a stored abstraction whose
    full-game exploitability (certified by the unabstracted best response when it was
    solved, ``benchmarks/cacho_abstract.py``) is below 0.01 counters a hand."""
    from cau_rules.cacho.solver.store import package_folder

    game = cacho_game(CACHO, SIZES)
    path = strategy_path(package_folder(), game.rules, game.sizes)
    strategy, header = read_strategy(path, game)  # format, rules, sizes and checksum checked
    assert strategy.shape == (game.tree.strategy_size,)
    assert header["sizes"] == list(SIZES) and header["rules"]["stack"] == 20
    assert header["exploitability"] < 0.01 and header["iterations"] == 400
