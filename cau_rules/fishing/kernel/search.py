"""Single-observer IS-MCTS for the capture family, every iteration in the kernel (numba).

The same algorithm as :func:`cau_rules.ai.mcts.ismcts` (ISUCT: availability counts,
UCB1 with the same exploration constant, every seat maximising its own share of the
win; one untried legal move expanded per iteration; uniformly random rollouts; the most
visited root move played), but over rows:

1. once per decision, one :meth:`InfoState.resample <cau_rules.ai.infostate.InfoState.resample>`
   gives a row (a position consistent with what the seat has seen), and the seat's
   memory says which of its cards the seat does not know (the *unknown* cards) and which
   hidden places they may go to: the other seats' holdings (after the cards known to be
   there), closed piles whose contents the seat could not follow, and the stock;
2. every iteration re-deals the unknown cards among those places with the kernel's own
   generator, keeping the constraint :func:`~cau_rules.fishing.infer.resample_fields`
   keeps: a seat whose dealt holding is known to have a ronda (or rondí), or to have
   none, gets a holding that does (the cards it played since the deal included);
3. the later hands' deals are shuffled in the kernel too (the same dealing as
   :func:`~cau_rules.fishing.deal.lay_table`, from the kernel's generator): they are
   unknown to every seat;
4. the tree lives in preallocated arrays, one node per iteration at most (plus the root),
   the children of a node in a linked list.

:func:`ismcts` is what :func:`cau_rules.ai.mcts.ismcts` calls (through the family
record's ``kernel`` module) for ``engine="kernel"``; it returns None for rules the kernel
does not play, so the Python tree runs them instead.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> state = new_game("cau-robat", players=2, seed=3)
>>> found = ismcts(InfoState.start(state, 0), 60, random.Random(1))
>>> sum(visits for _, visits, _ in found), {move for move, _, _ in found} == set(state.legal_moves())
(60, True)
"""

from __future__ import annotations

import random
import threading
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules import kernel_tree
from cau_rules.errors import InvalidPositionError, InvalidRulesError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.infer import FishingMemory
from cau_rules.fishing.kernel import core, parts, redeal
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT, row_of, state_of
from cau_rules.fishing.kernel.core import step
from cau_rules.fishing.kernel.layout import (
    ERROR,
    FINGERPRINT,
    HAS_TALLY,
    HOLD,
    HS,
    HS_LEN,
    MAXP,
    PARTIDES0,
    PHASE,
    PHASE_CODES,
    PILE,
    R_ACTIONS,
    R_HANDS,
    ROW,
    STOCK,
    TO_PLAY,
    N,
    fresh_cache,
    rules_vector,
    source_stamp,
    supported_problems,
)
from cau_rules.fishing.kernel.parts import SCRATCH, legal_mask
from cau_rules.fishing.kernel.redeal import ANY, below, deal_ahead, determinise, run_determinise
from cau_rules.fishing.moves import Call, FishingMove
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.kernel_tools import generator_state
from cau_rules.kernel_tree import SearchTree, backup, choose, start_tree

__all__ = ["SearchProblem", "determinisations", "ismcts", "problem"]

OVER = PHASE_CODES["over"]
_REQUIRED: dict[object, int] = {"any": ANY, None: 0, Call.RONDA: 1, Call.RONDI: 2}
_HARDNESS = {2: 0, 1: 1, 0: 2, ANY: 3}  # the order resample_fields deals the seats in
FAILED = -1
"""What :func:`run_search` returns when a row outgrew the kernel's fixed sizes."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(core.__file__) ^ source_stamp(redeal.__file__)
         ^ source_stamp(kernel_tree.__file__))
"""What this module's machine code was compiled against: the layout, the kernel's rules
and the re-dealing, compiled into it (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- the outcome ---------------------------------------------------------------------


@njit(cache=True)
def shares_of(s, r, out):
    """Every seat's share of the win of the finished row *s* into *out* (the reference
    :func:`~cau_rules.fishing.engine.outcome_of`, then ``Outcome.shares``)."""
    n = s[N]
    for seat in range(n):
        out[seat] = 0.0
    won = np.zeros(MAXP, np.int64)
    if s[HAS_TALLY]:
        best = max(s[PARTIDES0], s[PARTIDES0 + 1])
        for seat in range(n):
            won[seat] = 1 if s[PARTIDES0 + seat % 2] == best else 0
    else:
        hands = s[HS_LEN]
        first = hands - 1 if r[R_HANDS] == 1 else 0
        credits = np.zeros(MAXP, np.int64)
        for hand in range(first, hands):
            at = HS + hand * MAXP
            best = s[at]
            for seat in range(1, n):
                best = max(best, s[at + seat])
            for seat in range(n):
                if r[R_HANDS] == 1:
                    credits[seat] = s[at + seat]
                elif s[at + seat] == best:
                    credits[seat] += 1
        best = credits[0]
        for seat in range(1, n):
            best = max(best, credits[seat])
        for seat in range(n):
            won[seat] = 1 if credits[seat] == best else 0
    winners = 0
    for seat in range(n):
        winners += won[seat]
    if winners > 0:
        for seat in range(n):
            if won[seat]:
                out[seat] = 1.0 / winners


# -- the search ----------------------------------------------------------------------


@njit(cache=True)
def legal_now(s, r, deals, deck, rng, work, no_mask, actions, x):
    """The legal actions of *s* into *actions* (returns how many), once the hands the
    next move may start are dealt (with *rng*); *no_mask* is an empty mask."""
    deal_ahead(s, r, deals, deck, rng)
    return legal_mask(s, r, work, no_mask, actions, x)


@njit(cache=True)
def run_search(base, r, deck, unknown, seg_at, seg_len, held, required, counts_base, seat, iterations,
               exploration, rng, node_action, node_mover, node_visits, node_avail, node_reward, node_child,
               node_next, used):
    """*iterations* IS-MCTS iterations from the determinisations of *base* (see
    :func:`determinise`) by *seat*; the tree goes into the ``node_*`` arrays (node 0 the
    root, at least ``iterations + 1`` entries), ``used[0]`` gets the nodes used.
    Returns the iterations done (an iteration without a consistent deal is skipped), or
    :data:`FAILED` when a row outgrew the kernel's fixed sizes."""
    actions_total = r[R_ACTIONS]
    s = np.empty(ROW, np.int16)
    work = np.empty(ROW, np.int16)
    deals = np.full((DEAL_SLOTS, SLOT), -1, np.int16)
    pool = np.empty(unknown.shape[0], np.int64)
    counts = np.zeros(13, np.int64)
    actions = np.empty(actions_total, np.int64)
    no_mask = np.zeros(0, np.bool_)
    x = np.empty(SCRATCH, np.int64)
    child_of = np.full(actions_total, -1, np.int64)
    path = np.empty(iterations + 2, np.int64)
    shares = np.zeros(MAXP, np.float64)
    start_tree(node_action, node_mover, node_visits, node_avail, node_reward, node_child, node_next)
    nodes = 1
    done = 0
    for _iteration in range(iterations):
        if not determinise(s, base, unknown, seg_at, seg_len, held, required, counts_base, pool, rng, counts):
            continue
        deals[:, 0] = -1
        node = 0
        path[0] = 0
        depth = 1
        # selection and expansion
        while s[PHASE] != OVER:
            count = legal_now(s, r, deals, deck, rng, work, no_mask, actions, x)
            if count == 0:
                used[0] = nodes
                return FAILED
            before = nodes
            nodes, node, chosen = choose(node, s[TO_PLAY], actions, count, child_of, nodes, exploration, rng,
                                         node_action, node_mover, node_visits, node_avail, node_reward, node_child,
                                         node_next)
            expand = nodes > before
            path[depth] = node
            depth += 1
            step(s, r, deals, chosen, x)
            if s[ERROR]:
                used[0] = nodes
                return FAILED
            if expand:
                break
        # the random rollout
        while s[PHASE] != OVER:
            count = legal_now(s, r, deals, deck, rng, work, no_mask, actions, x)
            if count == 0:
                used[0] = nodes
                return FAILED
            step(s, r, deals, actions[below(rng, count)], x)
            if s[ERROR]:
                used[0] = nodes
                return FAILED
        shares_of(s, r, shares)
        backup(path, depth, shares, node_visits, node_mover, node_reward)
        done += 1
    used[0] = nodes
    return done


# -- the Python side -----------------------------------------------------------------------

Row = npt.NDArray[np.int16]
Ints = npt.NDArray[np.int64]


class SearchProblem:
    """One decision's determinisation data: the resampled position *state* as a row
    (*base*), the *unknown* cards, the hidden places they go to (``seg_at[k]``,
    ``seg_len[k]``; the first *held* are holdings with a ronda constraint ``required[k]``
    and the known ranks ``counts_base[k, :13]``, the ranks the seat cannot hold marked in
    ``counts_base[k, 13:]``), and the rules as the kernel reads them."""

    def __init__(self, state: FishingState, memory: FishingMemory, seat: int) -> None:
        rules = state.rules
        n = state.players
        self.state = state
        self.base: Row = np.zeros(ROW, np.int16)
        row_of(state, self.base)
        codes = [_REQUIRED[memory.required[other]] for other in range(n)]
        lacks = memory.lacks or (frozenset(),) * n  # ranks a seat cannot hold (forced moves)
        order = sorted((other for other in range(n) if other != seat),
                       key=lambda other: (_HARDNESS[codes[other]], -len(lacks[other])))
        places: list[tuple[int, int]] = []
        required: list[int] = []
        counts = np.zeros((max(len(order), 1), 26), np.int64)
        for index, other in enumerate(order):
            holding = state.holdings[other]
            fixed = len(memory.known[other])
            if set(holding[:fixed]) != memory.known[other]:  # pragma: no cover - resample_fields puts them first
                raise InvalidPositionError(f"seat {other}'s known cards are not first in its holding")
            places.append((HOLD + other * 48 + fixed, len(holding) - fixed))
            required.append(codes[other])
            for card in (*holding[:fixed], *memory.played[other]):
                counts[index, card.rank] += 1
            for rank in lacks[other]:
                counts[index, 13 + rank] = 1
        self.held = len(order)
        if memory.piles is None:
            places.extend((PILE + other * 48, len(state.piles[other])) for other in range(n))
        places.append((STOCK, len(state.stock)))
        self.seg_at: Ints = np.array([at for at, _ in places], np.int64)
        self.seg_len: Ints = np.array([size for _, size in places], np.int64)
        self.required: Ints = np.array(required or [ANY], np.int64)
        self.counts_base: Ints = counts
        self.unknown: Ints = np.array(
            [int(card) for at, size in places for card in self.base[at:at + size]], np.int64)
        self.rules_vector, self.deck, self.codec = _rules_data(rules, n)

    def determinisations(self, count: int, seed: int) -> list[Row]:
        """*count* determinised rows, drawn from a generator started from *seed* (fewer
        if some found no consistent deal)."""
        out = np.zeros((count, ROW), np.int16)
        rng = np.array([generator_state(seed)], np.uint64)
        made = run_determinise(self.base, self.unknown, self.seg_at, self.seg_len, self.held, self.required,
                               self.counts_base, rng, out)
        return list(out[:made])

    def search(self, iterations: int, seed: int, exploration: float = 0.7) -> SearchTree:
        """*iterations* iterations of IS-MCTS by ``state.to_play`` from the
        determinisations of this position, drawn from a generator started from *seed*.

        Raises:
            InvalidPositionError: no iteration found a consistent deal.
            InvalidRulesError: a simulated game outgrew the kernel's fixed sizes.
        """
        tree = SearchTree(iterations + 1)
        used = np.zeros(1, np.int64)
        rng = np.array([generator_state(seed)], np.uint64)
        done = run_search(self.base, self.rules_vector, self.deck, self.unknown, self.seg_at, self.seg_len,
                          self.held, self.required, self.counts_base, self.state.to_play, iterations,
                          float(exploration), rng, tree.action, tree.mover, tree.visits, tree.avail,
                          tree.reward, tree.child, tree.sibling, used)
        tree.nodes = int(used[0])
        if done == FAILED:
            raise InvalidRulesError(
                "a simulated game outgrew the kernel's fixed sizes; search it with engine='python'")
        if done == 0:
            raise InvalidPositionError("no deal is consistent with this information state")
        tree.done = int(done)
        return tree


class _Cache(threading.local):
    def __init__(self) -> None:
        self.data: dict[tuple[int, int], tuple[FishingRules, Ints, Ints, FishingCodec]] = {}


_CACHE = _Cache()


def _rules_data(rules: FishingRules, players: int) -> tuple[Ints, Ints, FishingCodec]:
    """The rules vector, the deck's cards and the codec of *rules* (kept per thread)."""
    key = (id(rules), players)
    found = _CACHE.data.get(key)
    if found is None or found[0] is not rules:
        if len(_CACHE.data) > 64:
            _CACHE.data.clear()
        found = _CACHE.data[key] = (
            rules, np.array(rules_vector(rules, players), np.int64),
            np.array([int(card) for card in rules.deck.cards], np.int64), FishingCodec(rules, players),
        )
    return found[1], found[2], found[3]


def _supported(info: Any) -> bool:
    rules = info.rules
    return (isinstance(rules, FishingRules) and isinstance(info.memory, FishingMemory)
            and not supported_problems(rules, info.players) and info.view.phase != "declare")


def problem(info: Any, rng: random.Random) -> SearchProblem:
    """The determinisation data of the information state *info* (of the capture family),
    from one resample drawn with *rng*.

    Raises:
        InvalidPositionError: the seat is not to play, or no deal is consistent with
            what it has seen.
    """
    state: FishingState = info.resample(rng)
    if state.is_over or state.to_play != info.seat:
        raise InvalidPositionError(f"seat {info.seat} is not to play in this information state")
    return SearchProblem(state, info.memory, info.seat)


def determinisations(info: Any, count: int, seed: int) -> list[FishingState]:
    """*count* positions dealt by the kernel's determinisation of *info*, as ordinary
    states (what :func:`ismcts` searches; for tests and inspection).

    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cau-robat", players=2, seed=3)
    >>> guesses = determinisations(InfoState.start(state, 0), 5, seed=1)
    >>> all(guess.holdings[0] == state.holdings[0] and guess.table == state.table for guess in guesses)
    True
    """
    data = problem(info, random.Random(seed))
    state = data.state
    return [state_of(state.rules, row, state.seed, ()) for row in data.determinisations(count, seed)]


def ismcts(
    info: Any, iterations: int, rng: random.Random, exploration: float = 0.7
) -> list[tuple[FishingMove, int, float]] | None:
    """Search *info* (the seat to play's information state) for *iterations* iterations
    in the kernel; every root move with its visits and its summed reward (the seat's
    shares), or None when the kernel does not play these rules (the caller then runs
    the Python tree).  Everything random comes from *rng*.

    Raises:
        InvalidPositionError: the seat is not to play, or no deal is consistent.
        InvalidRulesError: a simulated game outgrew the kernel's fixed sizes.
    """
    if not _supported(info):
        return None
    data = problem(info, rng)
    tree = data.search(iterations, rng.getrandbits(63), exploration)
    moves = {data.codec.encode(move): move for move in info.view.legal_moves}
    return [(moves[action], visits, reward) for action, visits, reward in tree.root_children()]
