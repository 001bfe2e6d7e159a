"""Public trees of two-player zero-sum card games, flattened for the compiled solver.

A game is described by its **public tree** (what both players see: the betting, public
cards) and, for every node, a **space** of private states (what one player may hold
there).  Both players' private states of a node come from the same space, and a
player's information set is a pair (public node, private state).  A space lists

- its private states, as tuples of card numbers (the *full* states) and, to use a
  symmetry of the game, a *canonical* index for each (strategies and values are kept
  per canonical state; a canonical state stands for every full state mapped to it);
- the payoff scale: the probability of one pair of full states that share no card;
- the showdown key of each state for each player (the higher key wins; equal keys tie),
  read only at showdown terminals.

Nodes are decisions (one child per action), chance nodes (one child per outcome, each
reached through a *transition* that maps the child's private states to the parent's:
a card dealt to each player, or a public card that rules some states out) and terminals:
``fold`` ones pay player 0 a fixed amount, ``showdown`` ones pay the stake to the better
key.  :class:`TreeBuilder` grows a tree node by node; :meth:`TreeBuilder.build` freezes it
into the arrays of :class:`PublicTree`.

>>> b = TreeBuilder()
>>> s = b.space(Space.of_cards([(0,), (1,)], keys=[0, 1]))
>>> root = b.decision(0, s, ("fold", "call"))
>>> b.add(root, b.terminal(s, "fold", -1.0))
>>> b.add(root, b.terminal(s, "showdown", 1.0))
>>> tree = b.build()
>>> tree.nodes, tree.decision_nodes, tree.information_sets
(3, 1, 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from cau_rules.errors import CauRulesError

__all__ = ["PublicTree", "SolverInputError", "Space", "TreeBuilder"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class SolverInputError(CauRulesError):
    """A public tree, space or policy given to the solver is malformed (the message says
    what was wrong)."""


@attrs.frozen
class Space:
    """The private states of one kind of node (see the module text).

    Attributes:
        full: every private state, as a tuple of card numbers (order matters: two orders
            of the same cards are two states, whose card *set* is the same).
        canon: for each full state, its canonical index (0 to ``canonical - 1``).
        canonical: how many canonical states there are.
        keys: the showdown key of each full state's card set, for player 0 and player 1.
        scale: the probability of one pair of disjoint full states.
    """

    full: tuple[tuple[int, ...], ...]
    canon: tuple[int, ...]
    canonical: int
    keys: tuple[tuple[int, ...], tuple[int, ...]]
    scale: float

    @classmethod
    def of_cards(cls, full: Sequence[tuple[int, ...]], keys: Sequence[int] | None = None,
                 keys1: Sequence[int] | None = None, canon: Sequence[int] | None = None) -> Space:
        """A space of the states *full*, all canonical unless *canon* is given, with
        showdown *keys* (player 1's are *keys1*, default the same) and the scale of a
        uniform deal of disjoint states.

        >>> Space.of_cards([(0,), (1,), (2,)]).scale
        0.16666666666666666
        """
        states = tuple(tuple(state) for state in full)
        mapping = tuple(range(len(states))) if canon is None else tuple(canon)
        if len(mapping) != len(states):
            raise SolverInputError(f"canon has {len(mapping)} entries for {len(states)} states")
        zero = tuple([0] * len(states))
        k0 = zero if keys is None else tuple(keys)
        k1 = k0 if keys1 is None else tuple(keys1)
        pairs = sum(1 for a in states for b in states if not set(a) & set(b))
        if not pairs:
            raise SolverInputError("no two states of the space are disjoint: nothing can be dealt")
        return cls(states, mapping, max(mapping) + 1, (k0, k1), 1.0 / pairs)


@attrs.define
class _Node:
    kind: int
    player: int
    space: int
    labels: tuple[Hashable, ...] = ()
    children: list[int] = attrs.field(factory=list)
    edges: list[int] = attrs.field(factory=list)
    term_kind: int = 0
    amount: float = 0.0


@attrs.frozen(eq=False)
class PublicTree:
    """A flattened public tree (built by :class:`TreeBuilder`); the arrays are read by
    :func:`cau_rules.solve.kernel.sweep`.

    Attributes:
        spaces: the spaces, by index.
        labels: each node's action labels (decisions) or ``()``.
        arrays: the named arrays the kernel reads.
        parents: each node's parent (-1 at the root) and the index of the edge to it.
        strategy_size: the length of a strategy array (every decision node's actions times
            its canonical states).
        vector_size: the length of a reach or value array.
    """

    spaces: tuple[Space, ...]
    labels: tuple[tuple[Hashable, ...], ...]
    arrays: dict[str, npt.NDArray[np.generic]]
    parents: tuple[tuple[int, int], ...]
    strategy_size: int
    vector_size: int

    @property
    def nodes(self) -> int:
        """How many public nodes."""
        return len(self.labels)

    def kind(self, node: int) -> int:
        """0 for a decision, 1 for chance, 2 for a terminal."""
        return int(self.arrays["node_kind"][node])

    def player(self, node: int) -> int:
        """The player to act at a decision node (-1 elsewhere)."""
        return int(self.arrays["node_player"][node])

    def space_of(self, node: int) -> Space:
        """The space of private states of *node*."""
        return self.spaces[int(self.arrays["node_space"][node])]

    def children(self, node: int) -> tuple[int, ...]:
        """The children of *node*, in action (or outcome) order."""
        start, count = int(self.arrays["child_start"][node]), int(self.arrays["child_count"][node])
        return tuple(int(child) for child in self.arrays["children"][start:start + count])

    def strategy_slice(self, node: int) -> tuple[int, int, int]:
        """Where the strategy of decision *node* lives: (offset, actions, canonical states);
        action *a* of state *c* is at ``offset + a * states + c``."""
        return (int(self.arrays["node_strat"][node]), int(self.arrays["child_count"][node]),
                self.space_of(node).canonical)

    @property
    def decision_nodes(self) -> int:
        """How many public decision nodes."""
        return int(np.count_nonzero(self.arrays["node_kind"] == 0))

    @property
    def information_sets(self) -> int:
        """How many information sets (decision nodes times their canonical states)."""
        kinds, spaces = self.arrays["node_kind"], self.arrays["node_space"]
        return int(sum(self.spaces[int(spaces[n])].canonical for n in range(self.nodes) if kinds[n] == 0))

    def uniform_strategy(self) -> FloatArray:
        """The strategy that plays every action with the same probability."""
        strat = np.zeros(self.strategy_size)
        for node in range(self.nodes):
            if self.kind(node) == 0:
                offset, actions, states = self.strategy_slice(node)
                strat[offset:offset + actions * states] = 1.0 / actions
        return strat

    def strategy_from(self, policy: Callable[[int, int], Sequence[float]], players: Sequence[int] = (0, 1),
                      base: FloatArray | None = None) -> FloatArray:
        """A strategy array from ``policy(node, canonical state)`` (the probabilities of the
        node's actions) at the decision nodes of *players*; elsewhere *base* (default
        uniform).

        Raises:
            SolverInputError: a policy gave the wrong number of probabilities, or ones
                that are negative or do not add up to 1.
        """
        strat = self.uniform_strategy() if base is None else base.copy()
        for node in range(self.nodes):
            if self.kind(node) != 0 or self.player(node) not in players:
                continue
            offset, actions, states = self.strategy_slice(node)
            for state in range(states):
                probs = list(policy(node, state))
                if len(probs) != actions or min(probs) < 0 or abs(sum(probs) - 1.0) > 1e-9:
                    raise SolverInputError(
                        f"policy at node {node}, state {state} gave {probs}: it needs {actions} "
                        "probabilities, not negative, adding up to 1")
                for action, prob in enumerate(probs):
                    strat[offset + action * states + state] = prob
        return strat


class TreeBuilder:
    """Grows a public tree node by node (see the module text); nodes are numbered in the
    order they are made, and a child must be made after its parent."""

    def __init__(self) -> None:
        self._spaces: list[Space] = []
        self._transitions: list[tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...]]] = []
        self._nodes: list[_Node] = []
        self._parents: list[tuple[int, int]] = []

    def space(self, space: Space) -> int:
        """Register *space*; returns its index."""
        self._spaces.append(space)
        return len(self._spaces) - 1

    def transition(self, parent_of: Sequence[int], forward: Sequence[float], backward: Sequence[float]) -> int:
        """Register a transition from a parent space to a child space: for each canonical
        child state, its parent state, the factor of its reach (1, or 0 for a state a
        public card rules out) and the weight of its value in the parent's (how many
        children of the parent's representative it stands for, times the outcome's
        probability where the payoff scale does not count it)."""
        if not len(parent_of) == len(forward) == len(backward):
            raise SolverInputError("a transition needs one parent, forward and backward entry per child state")
        self._transitions.append((tuple(parent_of), tuple(forward), tuple(backward)))
        return len(self._transitions) - 1

    def _make(self, node: _Node) -> int:
        self._nodes.append(node)
        self._parents.append((-1, -1))
        return len(self._nodes) - 1

    def decision(self, player: int, space: int, labels: Sequence[Hashable]) -> int:
        """A decision node of *player* (0 or 1) whose actions are *labels*; add its
        children with :meth:`add` in the same order."""
        if player not in (0, 1):
            raise SolverInputError(f"players are 0 and 1, not {player!r}")
        return self._make(_Node(0, player, space, tuple(labels)))

    def chance(self, space: int) -> int:
        """A chance node; add each outcome with :meth:`add` and its transition."""
        return self._make(_Node(1, -1, space))

    def terminal(self, space: int, kind: str, amount: float) -> int:
        """A terminal: ``"fold"`` pays *amount* to player 0 (and takes it from player 1),
        ``"showdown"`` pays *amount* to the better showdown key."""
        if kind not in ("fold", "showdown"):
            raise SolverInputError(f"a terminal is 'fold' or 'showdown', not {kind!r}")
        return self._make(_Node(2, -1, space, term_kind=0 if kind == "fold" else 1, amount=float(amount)))

    def add(self, parent: int, child: int, transition: int = -1) -> None:
        """Make *child* the next child of *parent* (through *transition* from a chance
        node)."""
        if child <= parent:
            raise SolverInputError(f"child {child} must be made after its parent {parent}")
        node = self._nodes[parent]
        if node.kind == 2:
            raise SolverInputError(f"node {parent} is a terminal: it has no children")
        if (node.kind == 1) != (transition >= 0):
            raise SolverInputError("a chance node's children need a transition, a decision's none")
        self._parents[child] = (parent, len(node.children))
        node.children.append(child)
        node.edges.append(transition)

    def build(self) -> PublicTree:
        """The flattened tree.

        Raises:
            SolverInputError: a decision's children do not match its actions, or a node
                other than the root has no parent.
        """
        nodes = self._nodes
        for index, node in enumerate(nodes):
            if node.kind == 0 and len(node.children) != len(node.labels):
                raise SolverInputError(f"decision {index} has {len(node.labels)} actions but "
                                       f"{len(node.children)} children")
            if index and self._parents[index][0] < 0:
                raise SolverInputError(f"node {index} has no parent")
        a: dict[str, npt.NDArray[np.generic]] = {}
        a["node_kind"] = np.array([n.kind for n in nodes], np.int64)
        a["node_player"] = np.array([n.player for n in nodes], np.int64)
        a["node_space"] = np.array([n.space for n in nodes], np.int64)
        sizes = [self._spaces[n.space].canonical for n in nodes]
        a["node_vec"] = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        strat_sizes = [len(n.children) * sizes[i] if n.kind == 0 else 0 for i, n in enumerate(nodes)]
        a["node_strat"] = np.concatenate(([0], np.cumsum(strat_sizes)[:-1])).astype(np.int64)
        a["child_count"] = np.array([len(n.children) for n in nodes], np.int64)
        a["child_start"] = np.concatenate(([0], np.cumsum(a["child_count"])[:-1])).astype(np.int64)
        a["children"] = np.array([c for n in nodes for c in n.children] or [0], np.int64)
        a["edge_trans"] = np.array([e for n in nodes for e in n.edges] or [0], np.int64)
        a["term_kind"] = np.array([n.term_kind for n in nodes], np.int64)
        a["term_amount"] = np.array([n.amount for n in nodes], np.float64)
        trans = self._transitions or [((0,), (0.0,), (0.0,))]
        a["trans_start"] = np.concatenate(([0], np.cumsum([len(t[0]) for t in trans])[:-1])).astype(np.int64)
        a["trans_map"] = np.array([p for t in trans for p in t[0]], np.int64)
        a["trans_fwd"] = np.array([w for t in trans for w in t[1]], np.float64)
        a["trans_bwd"] = np.array([w for t in trans for w in t[2]], np.float64)
        a.update(_space_arrays(self._spaces))
        return PublicTree(tuple(self._spaces), tuple(n.labels for n in nodes), a, tuple(self._parents),
                          int(sum(strat_sizes)), int(sum(sizes)))


def _space_arrays(spaces: Sequence[Space]) -> dict[str, npt.NDArray[np.generic]]:
    """The kernel's arrays of every space: full states, card sets and their subsets, keys,
    sorted orders and representatives."""
    sp_n: list[int] = []
    full_start: list[int] = []
    nfull: list[int] = []
    full_canon: list[int] = []
    full_set: list[int] = []
    set_start: list[int] = []
    nsets: list[int] = []
    sub_start: list[int] = []
    nsub: list[int] = []
    rep_start: list[int] = []
    set_sub_start: list[int] = []
    sub_ids: list[int] = []
    sub_sign: list[float] = []
    key0: list[int] = []
    key1: list[int] = []
    order0: list[int] = []
    order1: list[int] = []
    rep_set: list[int] = []
    scale: list[float] = []
    sets_so_far = subs_so_far = 0
    for space in spaces:
        sp_n.append(space.canonical)
        full_start.append(len(full_canon))
        nfull.append(len(space.full))
        set_index: dict[frozenset[int], int] = {}
        set_keys: list[tuple[int, int]] = []
        for number, state in enumerate(space.full):
            cards = frozenset(state)
            if cards not in set_index:
                set_index[cards] = len(set_index)
                set_keys.append((space.keys[0][number], space.keys[1][number]))
            elif set_keys[set_index[cards]] != (space.keys[0][number], space.keys[1][number]):
                raise SolverInputError(f"two orders of the cards {sorted(cards)} have different showdown keys")
            full_canon.append(space.canon[number])
            full_set.append(set_index[cards])
        reps = [-1] * space.canonical
        for number, state in enumerate(space.full):
            if reps[space.canon[number]] < 0:
                reps[space.canon[number]] = set_index[frozenset(state)]
        if min(reps) < 0:
            raise SolverInputError("a canonical index has no full state")
        rep_start.append(len(rep_set))
        rep_set.extend(reps)
        subsets: dict[frozenset[int], int] = {}
        set_start.append(sets_so_far)
        nsets.append(len(set_index))
        for cards in set_index:
            set_sub_start.append(len(sub_ids))
            for size in range(len(cards) + 1):
                for part in itertools.combinations(sorted(cards), size):
                    key = frozenset(part)
                    if key not in subsets:
                        subsets[key] = len(subsets)
                    sub_ids.append(subs_so_far + subsets[key])
                    sub_sign.append(-1.0 if size % 2 else 1.0)
        key0.extend(k for k, _ in set_keys)
        key1.extend(k for _, k in set_keys)
        order0.extend(sorted(range(len(set_keys)), key=lambda i: set_keys[i][0]))
        order1.extend(sorted(range(len(set_keys)), key=lambda i: set_keys[i][1]))
        sub_start.append(subs_so_far)
        nsub.append(len(subsets))
        sets_so_far += len(set_index)
        subs_so_far += len(subsets)
        scale.append(space.scale)
    set_sub_start.append(len(sub_ids))
    ints = {
        "sp_n": sp_n, "sp_full_start": full_start, "sp_nfull": nfull, "full_canon": full_canon,
        "full_set": full_set, "sp_set_start": set_start, "sp_nsets": nsets, "set_sub_start": set_sub_start,
        "sub_ids": sub_ids, "sp_sub_start": sub_start, "sp_nsub": nsub, "key0": key0, "key1": key1,
        "order0": order0, "order1": order1, "sp_rep_start": rep_start, "rep_set": rep_set,
    }
    out: dict[str, npt.NDArray[np.generic]] = {name: np.array(values, np.int64) for name, values in ints.items()}
    out["sub_sign"] = np.array(sub_sign, np.float64)
    out["sp_scale"] = np.array(scale, np.float64)
    return out
