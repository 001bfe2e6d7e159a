"""Vector CFR+ over a public tree, exact best responses and exploitability.

:class:`CFRSolver` runs counterfactual regret minimisation on a
:class:`~cau_rules.solve.tree.PublicTree`, every private state of a public node at once
(vector CFR, one compiled pass per player and iteration, see
:mod:`cau_rules.solve.kernel`).  The default is CFR+ (regrets clipped at zero,
alternating updates, the average strategy weighted by the iteration number); ``plus=False``
with ``linear=False`` is vanilla CFR.

:func:`best_response_value` computes the exact value of a best response to a strategy
(every information set of the responder at once), and :func:`exploitability` the mean of
the two players' best-response gains, OpenSpiel's ``exploitability``: 0 at an equilibrium.

>>> from cau_rules.solve.games import kuhn
>>> tree = kuhn()
>>> round(exploitability(tree, tree.uniform_strategy()), 6)
0.458333
>>> solver = CFRSolver(tree)
>>> solver.run(200)
>>> exploitability(tree, solver.average_strategy()) < 1e-3
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cau_rules.solve import kernel
from cau_rules.solve.tree import PublicTree, SolverInputError

__all__ = ["CFRSolver", "Work", "best_response_value", "checked_strategy", "expected_value", "exploitability",
           "normalised"]

FloatArray = npt.NDArray[np.float64]

_TREE_ARRAYS = (
    "node_kind", "node_player", "node_space", "node_vec", "node_strat", "child_start", "child_count",
    "children", "edge_trans", "term_kind", "term_amount", "trans_start", "trans_map", "trans_fwd", "trans_bwd",
    "sp_n", "sp_full_start", "sp_nfull", "full_canon", "full_set", "sp_set_start", "sp_nsets",
    "set_sub_start", "sub_ids", "sub_sign", "sp_sub_start", "sp_nsub", "key0", "key1", "order0", "order1",
    "sp_rep_start", "rep_set", "sp_scale",
)


class Work:
    """The reach, value and scratch arrays of one tree, and its compiled pass.

    >>> from cau_rules.solve.games import kuhn
    >>> tree = kuhn()
    >>> round(Work(tree).sweep(kernel.MODE_VALUE, 0, tree.uniform_strategy(), np.zeros(0), np.zeros(0)), 4)
    0.125
    """

    def __init__(self, tree: PublicTree) -> None:
        a = tree.arrays
        self.tree_args = tuple(a[name] for name in _TREE_ARRAYS)
        self.reach = np.zeros((2, tree.vector_size))
        self.value = np.zeros(tree.vector_size)
        self.scratch = kernel.empty_scratch(int(a["sp_nsets"].max()), int(a["sp_nsub"].max()))
        root_space = tree.spaces[int(a["node_space"][0])]
        self.orbits = np.bincount(np.array(root_space.canon, np.int64), minlength=root_space.canonical)

    def sweep(self, mode: int, player: int, strat: FloatArray, regret: FloatArray, average: FloatArray,
              plus: bool = True, weight: float = 1.0) -> float:
        """One pass; returns the traverser's expected payoff at the root."""
        kernel.sweep(mode, player, plus, weight, strat, regret, average, self.reach, self.value,
                     *self.tree_args, *self.scratch)
        root = self.value[: len(self.orbits)]
        return float(np.dot(self.orbits, root))


def checked_strategy(tree: PublicTree, strategy: FloatArray) -> FloatArray:
    """*strategy* as a contiguous float array, checked to be a strategy array of *tree*.

    Raises:
        SolverInputError: its length is not the tree's strategy size.

    >>> from cau_rules.solve.games import kuhn
    >>> checked_strategy(kuhn(), np.zeros(3))
    Traceback (most recent call last):
    ...
    cau_rules.solve.tree.SolverInputError: a strategy of this tree has 24 entries, not (3,)
    """
    strat = np.ascontiguousarray(strategy, dtype=np.float64)
    if strat.shape != (tree.strategy_size,):
        raise SolverInputError(f"a strategy of this tree has {tree.strategy_size} entries, not {strat.shape}")
    return strat


def best_response_value(tree: PublicTree, strategy: FloatArray, player: int) -> float:
    """The expected payoff of *player*'s best response to the other player's part of
    *strategy* (a strategy array of *tree*).

    Raises:
        SolverInputError: *strategy* is not a strategy array of *tree*.

    >>> from cau_rules.solve.games import kuhn
    >>> tree = kuhn()
    >>> round(best_response_value(tree, tree.uniform_strategy(), 0), 4)
    0.5
    """
    strat = checked_strategy(tree, strategy)
    empty = np.zeros(0)
    return Work(tree).sweep(kernel.MODE_BEST, player, strat, empty, empty)


def expected_value(tree: PublicTree, strategy: FloatArray) -> float:
    """Player 0's expected payoff when both play *strategy*.

    >>> from cau_rules.solve.games import kuhn
    >>> tree = kuhn()
    >>> round(expected_value(tree, tree.uniform_strategy()), 4)
    0.125
    """
    strat = checked_strategy(tree, strategy)
    empty = np.zeros(0)
    return Work(tree).sweep(kernel.MODE_VALUE, 0, strat, empty, empty)


def exploitability(tree: PublicTree, strategy: FloatArray) -> float:
    """The mean of the two players' best-response payoffs against *strategy* (half of
    NashConv, in the game's payoff units): 0 exactly at an equilibrium.

    >>> from cau_rules.solve.games import leduc
    >>> tree = leduc()
    >>> round(exploitability(tree, tree.uniform_strategy()), 6)
    2.373611
    """
    strat = checked_strategy(tree, strategy)
    work = Work(tree)
    empty = np.zeros(0)
    return (work.sweep(kernel.MODE_BEST, 0, strat, empty, empty)
            + work.sweep(kernel.MODE_BEST, 1, strat, empty, empty)) / 2.0


def normalised(tree: PublicTree, sums: FloatArray) -> FloatArray:
    """The strategy whose probabilities are *sums* (an average-strategy accumulator)
    normalised per information set (uniform where the sums are all zero).

    >>> from cau_rules.solve.games import kuhn
    >>> tree = kuhn()
    >>> bool(np.allclose(normalised(tree, np.ones(tree.strategy_size)), tree.uniform_strategy()))
    True
    """
    strat = np.array(sums, dtype=np.float64)
    a = tree.arrays
    for node in np.flatnonzero(a["node_kind"] == 0):
        offset, actions, states = tree.strategy_slice(int(node))
        block = strat[offset:offset + actions * states].reshape(actions, states)
        total = block.sum(axis=0)
        empty = total <= 0
        block[:, ~empty] /= total[~empty]
        block[:, empty] = 1.0 / actions
        strat[offset:offset + actions * states] = block.ravel()
    return strat


class CFRSolver:
    """CFR+ (or vanilla CFR) on *tree*, with alternating updates.

    Args:
        tree: the public tree.
        plus: clip regrets at zero (CFR+; False: vanilla regret matching).
        linear: weight iteration *t*'s strategy by *t* in the average (False: equally).
        delay: iterations whose strategies are left out of the average (CFR+'s delay).
        offset: added to the iteration number in the linear average's weight.

    >>> from cau_rules.solve.games import kuhn
    >>> solver = CFRSolver(kuhn(), plus=False, linear=False)
    >>> solver.run(10)
    >>> solver.iterations
    10
    """

    def __init__(self, tree: PublicTree, plus: bool = True, linear: bool = True, delay: int = 0,
                 offset: int = 0) -> None:
        self.tree = tree
        self.offset = offset
        self.plus = plus
        self.linear = linear
        self.delay = delay
        self.iterations = 0
        self.regret = np.zeros(tree.strategy_size)
        self.average = np.zeros(tree.strategy_size)
        self.current = tree.uniform_strategy()
        self._work = Work(tree)

    def run(self, iterations: int) -> None:
        """Run *iterations* more iterations (each updates player 0, then player 1).

        Raises:
            SolverInputError: *iterations* is negative.
        """
        if iterations < 0:
            raise SolverInputError(f"iterations must be 0 or more, not {iterations}")
        w = self._work
        kernel.iterate(iterations, self.iterations, self.plus, self.linear, self.delay, self.offset,
                       self.current, self.regret, self.average, w.reach, w.value, *w.tree_args, *w.scratch)
        self.iterations += iterations

    def average_strategy(self) -> FloatArray:
        """The average strategy so far (the one that converges to an equilibrium)."""
        return normalised(self.tree, self.average)

    def exploitability(self) -> float:
        """The exploitability of :meth:`average_strategy`."""
        return exploitability(self.tree, self.average_strategy())
