"""The Cacho solver: its tree agrees with the reference engine, card removal is exact,
CFR+ solves small stacks, strategies survive the disk, and bots get an exploitability."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cau_rules.cacho import CACHO
from cau_rules.cacho.solver.game import cacho_game, canonical, play_both
from cau_rules.cacho.solver.store import StrategyFileError, read_strategy, write_strategy
from cau_rules.errors import InvalidRulesError
from cau_rules.solve import kernel
from cau_rules.solve.cfr import CFRSolver, Work, exploitability
from cau_rules.solve.tree import TreeBuilder


@pytest.mark.parametrize("options", [
    {"stack": 1}, {"stack": 3}, {"stack": 7},
    {"stack": 5, "flush_bonus": 30, "high_card_kickers": True, "bets": (2, 3)},
    {"stack": 4, "resto": "side_pots"},
])
def test_tree_and_engine_agree_on_random_hands(options: dict[str, object]) -> None:
    game = cacho_game(CACHO.replace(**options))
    count = play_both(game, 300, seed=len(str(options)))
    assert count.hands == 300 and count.showdowns > 10 and count.decisions > 600


def test_showdown_values_count_every_disjoint_holding() -> None:
    game = cacho_game(CACHO.replace(stack=1))
    space = game.tree.spaces[2]
    builder = TreeBuilder()
    s = builder.space(space)
    root = builder.decision(1, s, ("call", "fold"))
    builder.add(root, builder.terminal(s, "showdown", 2))
    builder.add(root, builder.terminal(s, "fold", 1))
    tree = builder.build()
    rng = np.random.default_rng(5)
    calls = rng.random(space.canonical)
    strat = np.concatenate([calls, 1 - calls])
    work = Work(tree)
    empty = np.zeros(0)
    work.sweep(kernel.MODE_VALUE, 0, strat, empty, empty)
    for state in random.Random(3).sample(range(space.canonical), 12):
        mine = game.states[3][state]
        expected = 0.0
        for number, other in enumerate(space.full):
            if set(other) & set(mine):
                continue
            call = calls[space.canon[number]]
            wins = game.ranks[frozenset(mine)] >= game.ranks[frozenset(other)]  # ties: seat 0
            expected += call * (2.0 if wins else -2.0) + (1 - call) * 1.0
        assert work.value[state] == pytest.approx(expected * space.scale, rel=1e-9)


def test_canonical_holdings_number_876_ordered_triples() -> None:
    game = cacho_game(CACHO.replace(stack=1))
    assert [len(game.states[size]) for size in (1, 2, 3)] == [6, 66, 876]
    assert canonical((0, 6, 12)) == (0, 6, 12)


def test_cfr_plus_solves_stack_two(tmp_path: Path) -> None:
    game = cacho_game(CACHO.replace(stack=2))
    tree = game.tree
    assert exploitability(tree, tree.uniform_strategy()) > 0.2
    solver = CFRSolver(tree)
    solver.run(150)
    solved = solver.average_strategy()
    assert exploitability(tree, solved) < 1e-3
    path = tmp_path / "s2.strategy"
    write_strategy(path, game, solved, iterations=150)
    stored, header = read_strategy(path, game)
    assert header["iterations"] == 150
    assert np.abs(stored - solved).max() < 1e-4
    with pytest.raises(StrategyFileError, match="other rules"):
        read_strategy(path, cacho_game(CACHO.replace(stack=2, flush_bonus=30)))
    path.write_bytes(path.read_bytes()[:-3] + b"xyz")
    with pytest.raises(StrategyFileError, match="damaged"):
        read_strategy(path, game)


def test_big_stacks_are_refused() -> None:
    with pytest.raises(InvalidRulesError, match="up to stack 14"):
        cacho_game(CACHO)


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CAU_RULES_CACHE", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("stack, opponent", [(3, "greedy"), (20, "random"), (5, "ismcts:30:kernel")])
def test_equilibrium_bot_plays_legal_moves(stack: int, opponent: str, empty_cache: Path) -> None:
    from cau_rules.ai.simulate import make_bot
    from cau_rules.bots import play_game
    from cau_rules.cacho import new_game
    from cau_rules.cacho.solver.bot import CachoEquilibriumBot

    rules = CACHO.replace(stack=stack, max_hands=3)
    for seed in range(6):
        bot = make_bot("equilibrium", rules)
        assert isinstance(bot, CachoEquilibriumBot)
        final = play_game(new_game(rules, 2, seed=seed), [bot, make_bot(opponent, rules)][:: 1 - 2 * (seed % 2)],
                          seed=seed)
        assert final.is_over
    assert not list(empty_cache.iterdir())  # the shipped strategies were enough


def test_equilibrium_bot_without_memory_and_at_big_tables(empty_cache: Path) -> None:
    from cau_rules.cacho import new_game
    from cau_rules.cacho.solver.bot import CachoEquilibriumBot

    rules = CACHO.replace(stack=4)
    state = new_game(rules, 2, seed=2).apply("bet 1").apply("call").apply("pass")
    move = CachoEquilibriumBot(rules).choose(state.observe(1), random.Random(0))  # never observed
    assert move in state.legal_moves()
    table = new_game(rules, 3, seed=2)
    assert CachoEquilibriumBot(rules).choose(table.observe(0), random.Random(0)) in table.legal_moves()
    with pytest.raises(InvalidRulesError, match="Cacho only"):
        CachoEquilibriumBot(object())


def test_solved_strategy_is_cached_not_shipped(empty_cache: Path) -> None:
    from cau_rules.cacho.solver.bot import solved
    from cau_rules.cacho.solver.store import StrategyFileError

    rules = CACHO.replace(stack=2, flush_bonus=30)
    with pytest.raises(StrategyFileError, match="no solved strategy"):
        solved(rules, solve=False)
    game, strategy = solved(rules, target=1e-3)
    assert exploitability(game.tree, strategy) < 1e-3
    assert [path.name for path in empty_cache.iterdir()] == ["cacho-s2-b1-2-cap-f30-k0.strategy"]


def test_greedy_is_read_exactly() -> None:
    from cau_rules.bots import GreedyBot
    from cau_rules.cacho.solver.policies import bot_strategy

    game = cacho_game(CACHO.replace(stack=1))
    strategy, asked = bot_strategy(game, GreedyBot)
    assert 0 < asked <= game.tree.information_sets
    assert set(np.unique(strategy[strategy != 0.5])) <= {0.0, 1.0}
