"""The IS-MCTS tree the families' compiled searches grow (numba, the ``fast`` extra).

The shared loop (:func:`cau_rules.kernel.search.ismcts_loop`) deals a determinisation
with a family's hooks, then walks down this tree with the family's legal moves and steps,
rolls out at random and backs the result up; the tree itself is the same for every
family.  It is seven arrays indexed by node (node 0 the root): the action that led to the
node, the seat that made it (-1 at the root), its visits, its availability count (how
often it could have been chosen: ISUCT's denominator), its reward (the sum of its mover's
shares of the win), its first child and its next sibling.

Selection (in the loop) follows ISUCT: among the legal actions of the determinisation at
hand, an action without a child is expanded first (one of them uniformly at random);
otherwise the child with the best ``reward / visits + exploration * sqrt(log(avail) /
visits)``, every legal child's availability counted up.

>>> import numpy as np
>>> tree = [np.ones(3, dtype) for dtype in (np.int64,) * 4 + (np.float64, np.int64, np.int64)]
>>> action, mover, visits, avail, reward, child, following = tree
>>> start_tree(action, mover, visits, avail, reward, child, following)
>>> mover[1:] = (1, 0)
>>> backup(np.array([0, 1, 2]), 3, np.array([0.25, 0.75]), visits, mover, reward)
>>> visits.tolist(), reward.tolist()  # node 0 restarted; nodes 1 and 2 visited again
([1, 2, 2], [0.0, 1.75, 1.25])
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.tools import fresh_cache, source_stamp

__all__ = ["SearchTree", "backup", "start_tree"]


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = source_stamp(kernel_rng.__file__)
"""What this module's machine code was compiled against: the generator compiled into it."""
fresh_cache(compiled_stamp, STAMP, __file__)


@njit(cache=True)
def start_tree(node_action, node_mover, node_visits, node_avail, node_reward, node_child, node_next):
    """Make node 0 an unvisited root without children.

    >>> import numpy as np
    >>> arrays = [np.ones(2, np.int64) for _ in range(4)] + [np.ones(2)] + [np.ones(2, np.int64)] * 2
    >>> start_tree(*arrays)
    >>> [int(a[0]) for a in arrays]  # action, mover, visits, avail, reward, child, sibling
    [-1, -1, 0, 0, 0, -1, -1]
    """
    node_action[0] = -1
    node_mover[0] = -1
    node_visits[0] = 0
    node_avail[0] = 0
    node_reward[0] = 0.0
    node_child[0] = -1
    node_next[0] = -1


@njit(cache=True)
def backup(path, depth, shares, node_visits, node_mover, node_reward):
    """Count a visit for each node of ``path[:depth]`` and add its mover's share of the
    win (``shares[seat]``) to its reward.

    >>> import numpy as np
    >>> visits, mover, reward = np.zeros(3, np.int64), np.array([-1, 1, 0]), np.zeros(3)
    >>> backup(np.array([0, 1, 2]), 3, np.array([0.25, 0.75]), visits, mover, reward)
    >>> visits.tolist(), reward.tolist()
    ([1, 1, 1], [0.0, 0.75, 0.25])
    """
    for d in range(depth):
        visited = path[d]
        node_visits[visited] += 1
        if node_mover[visited] >= 0:
            node_reward[visited] += shares[node_mover[visited]]


Ints = npt.NDArray[np.int64]


class SearchTree:
    """The tree of one compiled search (each family's ``SearchProblem.search``): node 0
    is the root; node *i* has the codec action ``action[i]`` leading to it, the seat
    ``mover[i]`` that made it, ``visits[i]``, ``avail[i]`` (iterations where it was legal
    when its parent was reached) and ``reward[i]`` (the summed shares of its mover); its
    children are linked from ``child[i]`` through ``sibling``.  *nodes* were used; *done*
    iterations were backed up.

    >>> tree = SearchTree(3)
    >>> tree.child[0], tree.child[1], tree.sibling[1], tree.sibling[2] = 2, -1, -1, 1
    >>> tree.action[1:3], tree.visits[1:3], tree.reward[1:3] = (4, 9), (3, 1), (2.0, 0.5)
    >>> tree.children(0), tree.root_children()
    ([1, 2], [(4, 3, 2.0), (9, 1, 0.5)])
    """

    def __init__(self, capacity: int) -> None:
        self.action: Ints = np.empty(capacity, np.int64)
        self.mover: Ints = np.empty(capacity, np.int64)
        self.visits: Ints = np.empty(capacity, np.int64)
        self.avail: Ints = np.empty(capacity, np.int64)
        self.reward: npt.NDArray[np.float64] = np.empty(capacity, np.float64)
        self.child: Ints = np.empty(capacity, np.int64)
        self.sibling: Ints = np.empty(capacity, np.int64)
        self.nodes = 0
        self.done = 0

    def children(self, node: int) -> list[int]:
        """The children of *node*, in the order they were added."""
        found: list[int] = []
        child = int(self.child[node])
        while child >= 0:
            found.append(child)
            child = int(self.sibling[child])
        found.reverse()
        return found

    def root_children(self) -> list[tuple[int, int, float]]:
        """Each root move's codec action, visits and summed reward."""
        return [(int(self.action[c]), int(self.visits[c]), float(self.reward[c])) for c in self.children(0)]
