"""The IS-MCTS loop every family's compiled search runs, written once over the family's
hooks (numba, the ``fast`` extra).

A family's ``kernel/search.py`` keeps only its rules: how to deal a determinisation, its
legal actions, a step and every seat's share of the win, as four compiled hooks.  The two
called once an iteration read one tuple *ctx* of whatever they need (the row to
determinise, scratch arrays); the two called at every step take the :data:`HOT` arrays of
the tuple *hot* as arguments (the rules vector, scratch; padded with any array), which the
loop unpacks once: a hook that indexed a tuple at every step made the searches a third
slower (numba counts the references of what it takes out of a tuple).

- ``deal(s, ctx, rng) -> bool``: write a determinisation into the row *s*; False when no
  consistent deal was found (the iteration is skipped);
- ``legal(s, rng, actions, h0, h1, h2, h3, h4, h5) -> int``: the legal actions of *s*
  into *actions*, and how many (0: the row outgrew the kernel's fixed sizes; the search
  stops with :data:`FAILED`);
- ``play(s, action, rng, h0, h1, h2, h3, h4, h5) -> bool``: step *s* by *action* (a
  family that deals during play draws from *rng*); False when the row outgrew the kernel's fixed sizes (the search stops with :data:`FAILED`);
- ``score(s, ctx, out)``: every seat's share of the win of the finished row *s*;
- ``rollout(s, rng, actions, count, h0, h1, h2, h3, h4, h5) -> int``: the action a
  rollout plays among the *count* legal *actions* of *s* (optional: by default
  :func:`random_rollout`, a uniformly random one).

Two reads of the row are numbers rather than hooks: the game is over when
``s[over_at] == over_code``, and ``s[to_play_at]`` is the seat to play.

:func:`specialise` compiles a loop of this module for one family, as a template is
instantiated: the loop's code with the family's hooks as its globals, so that numba calls
them directly (as fast as the loop written out in the family) and caches the result on
disk under a name that carries the family's stamp.  (Hooks passed as arguments would
work too, but numba cannot cache a function that takes compiled functions as arguments.)

The loop (the same algorithm as :func:`cau_rules.ai.mcts.ismcts`): deal a
determinisation; walk down the tree (:mod:`cau_rules.kernel.tree`) choosing by ISUCT
among the legal actions of the row at hand, expanding one untried action; roll out at
random; back the shares up.

The Python side is shared too: :func:`resampled` draws the position to determinise,
:class:`RulesData` keeps each thread's rules vector and codec, :func:`grow` runs a family's
compiled search into a :class:`SearchTree`, and :func:`root_moves` reads the root's moves
back.

>>> import numpy as np
>>> from numba import njit
>>> from cau_rules.kernel.tree import SearchTree
>>> @njit
... def one_deal(s, ctx, rng):  # a game of one move: seat 0 picks action 0 or 1, and 1 wins
...     s[0] = 0
...     return True
>>> @njit
... def two_moves(s, rng, actions, h0, h1, h2, h3, h4, h5):
...     actions[0], actions[1] = 0, 1
...     return 2
>>> @njit
... def move(s, action, rng, h0, h1, h2, h3, h4, h5):
...     s[0], s[1] = 1, action
...     return True
>>> @njit
... def one_wins(s, ctx, out):
...     out[0] = float(s[1])
>>> run = specialise(ismcts_loop, 1, deal=one_deal, legal=two_moves, play=move, score=one_wins)
>>> tree = SearchTree(41)  # s[0]: over (1); s[1]: the action played; s[2]: seat 0 to play
>>> tree.done = grow(run, ((0,), (0,) * HOT, np.zeros(3, np.int64), 0, 1, 2, 2, 2, 1), tree, 40, 7, 0.7)
>>> tree.nodes, sorted(action for action, _, _ in tree.root_children())
(3, [0, 1])
>>> max(tree.root_children(), key=lambda child: child[1])[0]  # action 1 wins
1
"""

from __future__ import annotations

import math
import random
import threading
import types
from collections.abc import Callable, Iterable
from typing import Any, Generic, Self, TypeVar

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.errors import InvalidPositionError, InvalidRulesError
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel import tree as kernel_tree
from cau_rules.kernel.rng import below
from cau_rules.kernel.tools import generator_state, source_stamp
from cau_rules.kernel.tree import SearchTree, backup, start_tree

__all__ = [
    "FAILED",
    "HOT",
    "STAMP",
    "DeterminisedSearch",
    "RulesData",
    "determinisations_loop",
    "determinised",
    "grow",
    "ismcts_loop",
    "random_rollout",
    "resampled",
    "root_moves",
    "searched",
    "specialise",
    "specialise_search",
]

FAILED = -1
"""What :func:`ismcts_loop` returns when a row outgrew the kernel's fixed sizes."""
HOT = 6
"""How many arrays the hooks called at every step take (the tuple *hot*)."""
STAMP = (source_stamp(__file__) ^ source_stamp(kernel_tree.__file__) ^ source_stamp(kernel_rng.__file__)) & 0x7FFF_FFFF
"""What a family's search compiles of this layer: the loop, the tree and the generator
(numba's cache follows the family's file only; each family's search folds this into its
own stamp)."""

deal: Any = None
legal: Any = None
play: Any = None
score: Any = None
rollout: Any = None
"""The hooks a loop of this module calls: global names, bound to a family's compiled
hooks in the copy :func:`specialise` compiles (the loops here are never compiled as they
stand)."""


@njit(cache=True, inline="always")
def random_rollout(s, rng, actions, count, h0, h1, h2, h3, h4, h5):
    """The default ``rollout`` hook: one of the *count* legal *actions* at random."""
    return actions[below(rng, count)]


rollout = random_rollout


def specialise(template: Callable[..., Any], stamp: int, **hooks: Any) -> Any:
    """The loop *template* of this module (:func:`ismcts_loop`,
    :func:`determinisations_loop`) compiled with *hooks* (``deal=...``, ``legal=...``,
    ...) as its globals, cached on disk under a name carrying *stamp* (a family's
    :data:`STAMP`-like number that changes with its hooks and this layer: numba's cache
    follows this file only).

    >>> specialise(determinisations_loop, 0x1F, deal=None).py_func.__qualname__
    'determinisations_loop_1f'
    """
    namespace = dict(template.__globals__)
    namespace.update(hooks)
    function = types.FunctionType(template.__code__, namespace, template.__name__, template.__defaults__,
                                  template.__closure__)
    function.__qualname__ = f"{template.__qualname__}_{stamp & 0xFFFF_FFFF:x}"
    function.__doc__ = template.__doc__
    function.__module__ = template.__module__
    return njit(cache=True)(function)


def specialise_search(stamp: int, deal: Any, legal: Any, play: Any, score: Any,
                      rollout: Any = random_rollout) -> tuple[Any, Any]:
    """A family's ``run_determinise(ctx, rng, out)`` and ``run_search(ctx, hot, s, ...)``:
    :func:`determinisations_loop` and :func:`ismcts_loop` compiled with its hooks (see
    :func:`specialise`; *stamp* changes with the hooks, the family's rules and this layer).
    """
    hooks = {"deal": deal, "legal": legal, "play": play, "score": score, "rollout": rollout}
    return specialise(determinisations_loop, stamp, **hooks), specialise(ismcts_loop, stamp, **hooks)


def ismcts_loop(ctx, hot, s, over_at, over_code, to_play_at, most, actions_total, seats,
                iterations, exploration, rng, node_action, node_mover, node_visits, node_avail, node_reward,
                node_child, node_next, used):
    """*iterations* IS-MCTS iterations over the hooks ``deal``, ``legal``, ``play`` and
    ``score`` (see the module; bound by :func:`specialise`) and their data *ctx* and
    *hot*, in the
    row *s* (over when ``s[over_at] ==
    over_code``, ``s[to_play_at]`` to play); at most
    *most* legal actions at once, *actions_total* in the codec, and *seats*
    entries in the shares *score* writes.  The tree
    goes into the ``node_*`` arrays (node 0 the root, at least ``iterations + 1``
    entries), ``used[0]`` gets the nodes used.  Returns the iterations done (an iteration
    without a consistent deal is skipped), or :data:`FAILED`."""
    h0, h1, h2, h3, h4, h5 = hot
    actions = np.empty(most, np.int64)
    child_of = np.full(actions_total, -1, np.int64)
    path = np.empty(iterations + 2, np.int64)
    shares = np.zeros(seats, np.float64)
    start_tree(node_action, node_mover, node_visits, node_avail, node_reward, node_child, node_next)
    nodes = 1
    done = 0
    for _iteration in range(iterations):
        if not deal(s, ctx, rng):
            continue
        node = 0
        path[0] = 0
        depth = 1
        # selection and expansion
        while s[over_at] != over_code:
            count = legal(s, rng, actions, h0, h1, h2, h3, h4, h5)
            if count <= 0:
                used[0] = nodes
                return FAILED
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
                node_mover[fresh] = s[to_play_at]
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
                    score_now = node_reward[child] / visits + exploration * math.sqrt(
                        math.log(node_avail[child]) / visits)
                    if score_now > best_score:
                        best_score = score_now
                        node = child
                chosen = node_action[node]
            child = node_child[path[depth - 1]]
            while child >= 0:
                child_of[node_action[child]] = -1
                child = node_next[child]
            path[depth] = node
            depth += 1
            if not play(s, chosen, rng, h0, h1, h2, h3, h4, h5):
                used[0] = nodes
                return FAILED
            if expand:
                break
        # the rollout (by default at random)
        while s[over_at] != over_code:
            count = legal(s, rng, actions, h0, h1, h2, h3, h4, h5)
            if count <= 0:
                used[0] = nodes
                return FAILED
            if not play(s, rollout(s, rng, actions, count, h0, h1, h2, h3, h4, h5), rng, h0, h1, h2, h3, h4, h5):
                used[0] = nodes
                return FAILED
        score(s, ctx, shares)
        backup(path, depth, shares, node_visits, node_mover, node_reward)
        done += 1
    used[0] = nodes
    return done


def determinisations_loop(ctx, rng, out):
    """Fill the rows of *out* with determinisations dealt by the hook ``deal`` (see the
    module; bound by :func:`specialise`) from *ctx*; returns how many succeeded (the first
    rows)."""
    made = 0
    for _row in range(out.shape[0]):
        if deal(out[made], ctx, rng):
            made += 1
    return made


# -- the Python side -----------------------------------------------------------------


def grow(run: Callable[..., Any], args: tuple[Any, ...], tree: SearchTree, iterations: int, seed: int,
         exploration: float) -> int:
    """Run a family's compiled search into *tree* (its ``nodes`` set): ``run(*args,
    iterations, exploration, rng, *tree_arrays, used)``, the generator *rng* started from
    *seed*, the tree's arrays in the order :func:`ismcts_loop` takes them; returns what
    *run* returned (the iterations done, or :data:`FAILED`)."""
    used = np.zeros(1, np.int64)
    rng = np.array([generator_state(seed)], np.uint64)
    done = int(run(*args, iterations, float(exploration), rng, tree.action, tree.mover, tree.visits, tree.avail,
                   tree.reward, tree.child, tree.sibling, used))
    tree.nodes = int(used[0])
    return done


Move = TypeVar("Move")
Data = TypeVar("Data")


def determinised(run: Callable[..., Any], ctx: tuple[Any, ...], base: npt.NDArray[Any], count: int,
                 seed: int) -> list[npt.NDArray[Any]]:
    """*count* rows like *base* dealt by a family's compiled determinisations loop *run*
    (``run_determinise`` of :func:`specialise_search`) from *ctx*, drawn from a generator
    started from *seed*: the rows that found a consistent deal (fewer where some did not).

    >>> determinised(lambda ctx, rng, out: 1, (), np.zeros(3, np.int16), 2, seed=1)
    [array([0, 0, 0], dtype=int16)]
    """
    out = np.zeros((count, base.shape[0]), base.dtype)
    rng = np.array([generator_state(seed)], np.uint64)
    made = int(run(ctx, rng, out))
    return list(out[:made])


class DeterminisedSearch:
    """One decision's determinisation data, as a family's ``SearchProblem`` builds it:
    the resampled position as a row (*base*), what the family's hooks read (*ctx*,
    *hot*) and the loops :func:`specialise_search` compiled for the family
    (*run_determinise*, *run_search*, class attributes).  The family says where its rows
    end and whose turn it is (:meth:`sizes`); the rest is here."""

    run_determinise: Callable[..., Any]
    run_search: Callable[..., Any]
    base: npt.NDArray[Any]
    ctx: tuple[Any, ...]
    hot: tuple[Any, ...]
    rules_vector: npt.NDArray[np.int64]
    always_deals = False
    """Whether every determinisation succeeds (then a search of no iterations is no
    error)."""

    def __init__(self, state: Any, info: Any) -> None:
        """The data of *state*, a resample of the information state *info* (the family
        reads what it needs of it: the view, the memory, the seat)."""
        raise NotImplementedError

    @classmethod
    def drawn(cls, info: Any, rng: random.Random) -> Self:
        """The determinisation data of the information state *info*, from one resample
        drawn with *rng* (:func:`resampled`): a family's ``problem``.

        Raises:
            InvalidPositionError: the seat is not to play, or no deal is consistent with
                what it has seen.
        """
        return cls(resampled(info, rng), info)

    def sizes(self) -> tuple[int, int, int, int, int, int]:
        """What :func:`ismcts_loop` reads after the row: the offset of the "over" flag and
        its value, the offset of the seat to play, the most legal actions, the size of
        the action space and the most seats."""
        raise NotImplementedError

    def determinisations(self, count: int, seed: int) -> list[npt.NDArray[Any]]:
        """*count* determinised rows, drawn from a generator started from *seed* (fewer
        if some found no consistent deal)."""
        return determinised(type(self).run_determinise, self.ctx, self.base, count, seed)

    def search(self, iterations: int, seed: int, exploration: float = 0.7) -> SearchTree:
        """*iterations* iterations of IS-MCTS by the seat to play from the
        determinisations of this position, drawn from a generator started from *seed*.

        Raises:
            InvalidPositionError: no iteration found a consistent deal.
            InvalidRulesError: a simulated game outgrew the kernel's fixed sizes.
        """
        tree = SearchTree(iterations + 1)
        args = (self.ctx, self.hot, np.empty(self.base.shape[0], self.base.dtype), *self.sizes())
        done = grow(type(self).run_search, args, tree, iterations, seed, exploration)
        if done == FAILED:
            raise InvalidRulesError(
                "a simulated game outgrew the kernel's fixed sizes; search it with engine='python'")
        if done == 0 and not self.always_deals:
            raise InvalidPositionError("no deal is consistent with this information state")
        tree.done = int(done)
        return tree


def searched(data: Any, info: Any, iterations: int, rng: random.Random,
             exploration: float) -> list[tuple[Any, int, float]]:
    """Every root move, its visits and summed reward, of *iterations* iterations of a
    family's search problem *data* (``data.search(iterations, seed, exploration)``,
    ``data.codec``) for the information state *info*, the search's seed drawn from *rng*."""
    tree = data.search(iterations, rng.getrandbits(63), exploration)
    return root_moves(tree, data.codec.encode, info.view.legal_moves)



def root_moves(tree: SearchTree, encode: Callable[[Move], int],
               legal_moves: Iterable[Move]) -> list[tuple[Move, int, float]]:
    """Every root move of *tree* with its visits and summed reward, the codec actions
    read back through *encode* over the *legal_moves* searched.

    >>> tree = SearchTree(2)
    >>> tree.child[0], tree.sibling[1], tree.action[1], tree.visits[1], tree.reward[1] = 1, -1, 8, 3, 1.5
    >>> root_moves(tree, len, ["a", "cavallo!"])
    [('cavallo!', 3, 1.5)]
    """
    moves = {encode(move): move for move in legal_moves}
    return [(moves[action], visits, reward) for action, visits, reward in tree.root_children()]


def resampled(info: Any, rng: random.Random) -> Any:
    """One resample of the information state *info* (``info.resample(rng)``): the
    position a search determinises, where the seat is to play.

    Raises:
        InvalidPositionError: the seat is not to play (or the game is over), or no deal is
            consistent with what it has seen.

    >>> import random
    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cacho", players=2, seed=3)
    >>> resampled(InfoState.start(state, state.to_play), random.Random(1)).to_play == state.to_play
    True
    """
    state = info.resample(rng)
    if state.is_over or state.to_play != info.seat:
        raise InvalidPositionError(f"seat {info.seat} is not to play in this information state")
    return state


class RulesData(threading.local, Generic[Data]):
    """What a family's search reads of a rules object and a player count (its rules
    vector, its codec...), made once by ``make(rules, players)`` and kept per thread
    (at most 64 at once; the rules object itself is kept, so its id is not reused).

    >>> data = RulesData(lambda rules, players: (rules, players))
    >>> rules = object()
    >>> data.get(rules, 2) is data.get(rules, 2), data.get(rules, 3)[1]
    (True, 3)
    """

    def __init__(self, make: Callable[[Any, int], Data]) -> None:
        self.make = make
        self.data: dict[tuple[int, int], tuple[object, Data]] = {}

    def get(self, rules: Any, players: int) -> Data:
        """The data of *rules* for *players*, made on the first call."""
        key = (id(rules), players)
        found = self.data.get(key)
        if found is None or found[0] is not rules:
            if len(self.data) > 64:
                self.data.clear()
            found = self.data[key] = (rules, self.make(rules, players))
        return found[1]
