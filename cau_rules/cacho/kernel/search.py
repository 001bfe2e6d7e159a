"""Single-observer IS-MCTS for *Cacho*, every iteration in the kernel (numba).

The same algorithm as :func:`cau_rules.ai.mcts.ismcts` (ISUCT: availability counts,
UCB1 with the same exploration constant, every seat maximising its own share of the
win; one untried legal move expanded per iteration; uniformly random rollouts; the most
visited root move played), over rows:

1. once per decision, one :meth:`InfoState.resample <cau_rules.ai.infostate.InfoState.resample>`
   gives a row (a position consistent with what the seat has seen);
2. every iteration re-deals, with the kernel's own generator, what
   :func:`~cau_rules.cacho.infer.resample_fields` redraws: every card the seat has not
   seen (the other seats' holdings, as many as each holds, then the stock) is shuffled,
   and the session gets a new seed drawn below ``2**31``, from which the kernel shuffles
   the later hands' orders as they start (D-DEAL-1, as the reference deals the resampled
   state);
3. the tree lives in preallocated arrays, one node per iteration at most (plus the root),
   the children of a node in a linked list.

:func:`ismcts` is what :func:`cau_rules.ai.mcts.ismcts` calls (through the family
record's ``kernel`` module) for ``engine="kernel"``.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> state = new_game("cacho", players=2, seed=3)
>>> found = ismcts(InfoState.start(state, state.to_play), 60, random.Random(1))
>>> sum(visits for _, visits, _ in found), {move for move, _, _ in found} == set(state.legal_moves())
(60, True)
"""

from __future__ import annotations

import math
import random
import threading
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.kernel import core
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.bridge import row_of, seed_of, set_native, state_of
from cau_rules.cacho.kernel.core import legal_mask, set_seed, step
from cau_rules.cacho.moves import CachoMove
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.state import CachoState
from cau_rules.errors import InvalidPositionError
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.rng import next_random
from cau_rules.kernel.tools import fresh_cache, generator_state, source_stamp
from cau_rules.kernel.tree import SearchTree

__all__ = ["SearchProblem", "determinisations", "ismcts", "shares_of"]

DECK0 = L.DECK0
HOLD = L.HOLD
HLEN = L.HLEN
N = L.N
OVER = L.OVER
POS = L.POS
STACKS = L.STACKS
TO_PLAY = L.TO_PLAY
MAXP = L.MAXP
R_ACTIONS = L.R_ACTIONS
SEEDS = 1 << 31
"""The resampled session's seed is below this (``rng.randrange(2**31)`` in the reference)."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (core.STAMP ^ source_stamp(core.__file__) ^ source_stamp(kernel_rng.__file__)) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout and the rules of
the kernel, compiled into it (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


@njit(cache=True)
def shares_of(s, out):
    """Every seat's share of the win of the finished row *s* into *out*: the most
    counters win, ties share (``session_outcome(...).shares()``)."""
    n = s[N]
    best = s[STACKS]
    for seat in range(n):
        best = max(best, s[STACKS + seat])
    count = 0
    for seat in range(n):
        count += s[STACKS + seat] == best
    for seat in range(n):
        out[seat] = 1.0 / count if s[STACKS + seat] == best else 0.0


@njit(cache=True)
def below(rng, n):
    """A number from 0 to n - 1 from the kernel's generator."""
    return next_random(rng) % np.uint64(n)


@njit(cache=True)
def determinise(s, base, places, pool, rng):
    """*s* = *base* with the unknown cards (``pool``, the cards of *places* in *base*, in
    order) shuffled back into *places* (pairs of row offset and length), and a new seed."""
    s[:] = base
    count = pool.shape[0]
    at = 0
    for k in range(places.shape[0]):
        for i in range(places[k, 1]):
            pool[at] = base[places[k, 0] + i]
            at += 1
    for i in range(count - 1, 0, -1):
        j = below(rng, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    at = 0
    for k in range(places.shape[0]):
        for i in range(places[k, 1]):
            s[places[k, 0] + i] = pool[at]
            at += 1
    set_seed(s, np.int64(below(rng, SEEDS)))


@njit(cache=True)
def run_determinise(base, places, rng, out):
    """One determinisation of *base* into each row of *out*."""
    pool = np.empty(places[:, 1].sum(), np.int64)
    for k in range(out.shape[0]):
        determinise(out[k], base, places, pool, rng)


@njit(cache=True)
def run_search(base, r, places, iterations, exploration, rng, node_action, node_mover, node_visits, node_avail,
               node_reward, node_child, node_next, used):
    """*iterations* IS-MCTS iterations from the determinisations of *base* (see
    :func:`determinise`) by the seat to play; the tree goes into the ``node_*`` arrays
    (node 0 the root, at least ``iterations + 1`` entries), ``used[0]`` gets the nodes
    used.  Returns the iterations done."""
    actions_total = r[R_ACTIONS]
    s = np.empty(base.shape[0], np.int32)
    pool = np.empty(places[:, 1].sum(), np.int64)
    actions = np.empty(actions_total, np.int64)
    no_mask = np.zeros(0, np.bool_)
    child_of = np.full(actions_total, -1, np.int64)
    path = np.empty(iterations + 2, np.int64)
    shares = np.zeros(MAXP, np.float64)
    node_action[0] = -1
    node_mover[0] = -1
    node_visits[0] = 0
    node_avail[0] = 0
    node_reward[0] = 0.0
    node_child[0] = -1
    node_next[0] = -1
    nodes = 1
    done = 0
    for _iteration in range(iterations):
        determinise(s, base, places, pool, rng)
        node = 0
        path[0] = 0
        depth = 1
        # selection and expansion: cau_rules.kernel.tree's choose, written out here (a Cacho
        # iteration is short enough that the call costs a fifth of it)
        while s[OVER] == 0:
            count = legal_mask(s, r, no_mask, actions)
            child = node_child[node]
            while child >= 0:
                child_of[node_action[child]] = child
                child = node_next[child]
            untried = 0
            for i in range(count):
                if child_of[actions[i]] < 0:
                    untried += 1
            chosen = -1
            expand = untried > 0
            if expand:
                pick = below(rng, untried) if untried > 1 else 0
                for i in range(count):
                    if child_of[actions[i]] < 0:
                        if pick == 0:
                            chosen = actions[i]
                            break
                        pick -= 1
                fresh = nodes
                nodes += 1
                node_action[fresh] = chosen
                node_mover[fresh] = s[TO_PLAY]
                node_visits[fresh] = 0
                node_avail[fresh] = 0
                node_reward[fresh] = 0.0
                node_child[fresh] = -1
                node_next[fresh] = node_child[node]
                node_child[node] = fresh
                child_of[chosen] = fresh
                for i in range(count):
                    if child_of[actions[i]] >= 0:
                        node_avail[child_of[actions[i]]] += 1
                node = fresh
            else:
                best_score = -math.inf
                for i in range(count):
                    child = child_of[actions[i]]
                    node_avail[child] += 1
                    visits = node_visits[child]
                    score = node_reward[child] / visits + exploration * math.sqrt(
                        math.log(node_avail[child]) / visits)
                    if score > best_score:
                        best_score = score
                        node = child
                chosen = node_action[node]
            child = node_child[path[depth - 1]]
            while child >= 0:
                child_of[node_action[child]] = -1
                child = node_next[child]
            path[depth] = node
            depth += 1
            step(s, r, chosen)
            if expand:
                break
        # the random rollout
        while s[OVER] == 0:
            count = legal_mask(s, r, no_mask, actions)
            step(s, r, actions[below(rng, count)])
        shares_of(s, shares)
        for d in range(depth):
            visited = path[d]
            node_visits[visited] += 1
            if node_mover[visited] >= 0:
                node_reward[visited] += shares[node_mover[visited]]
        done += 1
    used[0] = nodes
    return done


# -- the Python side -----------------------------------------------------------------------

Row = npt.NDArray[np.int32]
Ints = npt.NDArray[np.int64]


class SearchProblem:
    """One decision's determinisation data: the resampled position *state* as a row
    (*base*, a native row: the kernel shuffles its later hands) and the hidden places of
    the cards the seat has not seen (*places*: row offset and length; the other seats'
    holdings, then the stock)."""

    def __init__(self, state: CachoState, seat: int) -> None:
        self.state = state
        self.base: Row = np.zeros(L.ROW, np.int32)
        row_of(state, self.base)
        set_native(self.base, state.seed)
        places = [(L.HOLD + other * 3, len(state.holdings[other])) for other in range(state.players) if other != seat]
        places.append((L.DECK0 + L.DECK - len(state.stock), len(state.stock)))
        self.places: Ints = np.array(places, np.int64)
        self.rules_vector, self.codec = _rules_data(state.rules, state.players)

    def determinisations(self, count: int, seed: int) -> list[Row]:
        """*count* determinised rows, drawn from a generator started from *seed*."""
        out = np.zeros((count, L.ROW), np.int32)
        rng = np.array([generator_state(seed)], np.uint64)
        run_determinise(self.base, self.places, rng, out)
        return list(out)

    def search(self, iterations: int, seed: int, exploration: float = 0.7) -> SearchTree:
        """*iterations* iterations of IS-MCTS by ``state.to_play`` from the
        determinisations of this position, drawn from a generator started from *seed*."""
        tree = SearchTree(iterations + 1)
        used = np.zeros(1, np.int64)
        rng = np.array([generator_state(seed)], np.uint64)
        tree.done = int(run_search(self.base, self.rules_vector, self.places, iterations, float(exploration), rng,
                                   tree.action, tree.mover, tree.visits, tree.avail, tree.reward, tree.child,
                                   tree.sibling, used))
        tree.nodes = int(used[0])
        return tree


class _Cache(threading.local):
    def __init__(self) -> None:
        self.data: dict[tuple[int, int], tuple[CachoRules, Ints, CachoCodec]] = {}


_CACHE = _Cache()


def _rules_data(rules: CachoRules, players: int) -> tuple[Ints, CachoCodec]:
    """The rules vector and the codec of *rules* (kept per thread)."""
    key = (id(rules), players)
    found = _CACHE.data.get(key)
    if found is None or found[0] is not rules:
        if len(_CACHE.data) > 64:
            _CACHE.data.clear()
        found = _CACHE.data[key] = (rules, np.array(L.rules_vector(rules, players), np.int64),
                                    CachoCodec(rules, players))
    return found[1], found[2]


def problem(info: Any, rng: random.Random) -> SearchProblem:
    """The determinisation data of the information state *info* (of Cacho), from one
    resample drawn with *rng*.

    Raises:
        InvalidPositionError: the seat is not to play.
    """
    state: CachoState = info.resample(rng)
    if state.is_over or state.to_play != info.seat:
        raise InvalidPositionError(f"seat {info.seat} is not to play in this information state")
    return SearchProblem(state, info.seat)


def determinisations(info: Any, count: int, seed: int) -> list[CachoState]:
    """*count* positions dealt by the kernel's determinisation of *info*, as ordinary
    states (what :func:`ismcts` searches; for tests and inspection), each with the
    session seed it was given.

    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cacho", players=3, seed=3)
    >>> seat = state.to_play
    >>> guesses = determinisations(InfoState.start(state, seat), 5, seed=1)
    >>> all(guess.holdings[seat] == state.holdings[seat] for guess in guesses)
    True
    """
    data = problem(info, random.Random(seed))
    rules = data.state.rules
    return [state_of(rules, row, seed_of(row), ()) for row in data.determinisations(count, seed)]


def ismcts(info: Any, iterations: int, rng: random.Random,
           exploration: float = 0.7) -> list[tuple[CachoMove, int, float]] | None:
    """Search *info* (the seat to play's information state) for *iterations* iterations
    in the kernel; every root move with its visits and its summed reward (the seat's
    shares), or None when *info* is not a Cacho information state.  Everything random
    comes from *rng*.

    Raises:
        InvalidPositionError: the seat is not to play.
    """
    if not isinstance(info.rules, CachoRules):
        return None
    data = problem(info, rng)
    tree = data.search(iterations, rng.getrandbits(63), exploration)
    moves = {data.codec.encode(move): move for move in info.view.legal_moves}
    return [(moves[action], visits, reward) for action, visits, reward in tree.root_children()]
