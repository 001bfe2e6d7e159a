"""The vector CFR solver reproduces OpenSpiel's figures on Kuhn and Leduc poker."""

from __future__ import annotations

import numpy as np
import pytest

from cau_rules.solve.cfr import CFRSolver, best_response_value, expected_value, exploitability
from cau_rules.solve.games import kuhn, leduc
from cau_rules.solve.tree import SolverInputError, Space, TreeBuilder


def test_kuhn_cfr_plus_below_openspiel_figure() -> None:
    tree = kuhn()
    solver = CFRSolver(tree)
    solver.run(10_000)
    assert solver.exploitability() < 1e-5
    # the game value of Kuhn poker for player 0 is -1/18
    assert expected_value(tree, solver.average_strategy()) == pytest.approx(-1 / 18, abs=1e-4)


def test_leduc_cfr_plus_below_openspiel_figure() -> None:
    solver = CFRSolver(leduc())
    solver.run(1_000)
    assert solver.exploitability() < 3e-4


def test_vanilla_cfr_on_kuhn() -> None:
    solver = CFRSolver(kuhn(), plus=False, linear=False)
    solver.run(1_000)
    assert 1e-4 < solver.exploitability() < 2e-3


@pytest.mark.parametrize("name, build", [("kuhn_poker", kuhn), ("leduc_poker", leduc)])
def test_uniform_and_solved_exploitability_match_pyspiel(name: str, build: object) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game(name)
    tree = build()  # type: ignore[operator]
    uniform = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
    assert exploitability(tree, tree.uniform_strategy()) == pytest.approx(uniform, rel=1e-12)
    ours, theirs = CFRSolver(tree), pyspiel.CFRSolver(game)
    ours.run(50)
    for _ in range(50):
        theirs.evaluate_and_update_policy()
    # vanilla CFR with alternating updates is deterministic: the same figure to rounding
    vanilla = CFRSolver(tree, plus=False, linear=False)
    vanilla.run(50)
    assert vanilla.exploitability() == pytest.approx(pyspiel.exploitability(game, theirs.average_policy()), rel=1e-6)


def test_best_response_beats_every_pure_reply() -> None:
    tree = kuhn()
    strat = tree.uniform_strategy()
    best = best_response_value(tree, strat, 1)
    assert best >= -expected_value(tree, strat) - 1e-12
    assert best == pytest.approx(2 * 0.4583333333333333 - best_response_value(tree, strat, 0), abs=1e-9)


def test_bad_inputs_are_refused() -> None:
    tree = kuhn()
    with pytest.raises(SolverInputError, match="entries"):
        exploitability(tree, np.zeros(3))
    builder = TreeBuilder()
    space = builder.space(Space.of_cards([(0,), (1,)]))
    root = builder.decision(0, space, ("a", "b"))
    builder.add(root, builder.terminal(space, "fold", 1))
    with pytest.raises(SolverInputError, match="2 actions but 1 children"):
        builder.build()
    with pytest.raises(SolverInputError, match="no two states"):
        Space.of_cards([(0, 1), (1, 2)])
    with pytest.raises(SolverInputError, match="iterations"):
        CFRSolver(tree).run(-1)
