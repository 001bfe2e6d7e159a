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

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.kernel import dealing
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.bridge import row_of, seed_of, set_native, state_of
from cau_rules.cacho.kernel.core import legal_mask, set_seed, step
from cau_rules.cacho.kernel.dealing import row_shares as shares_of
from cau_rules.cacho.kernel.layout import MAXP, OVER, R_ACTIONS, TO_PLAY
from cau_rules.cacho.moves import CachoMove
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.state import CachoState
from cau_rules.kernel import search as kernel_search
from cau_rules.kernel.rng import below
from cau_rules.kernel.search import (
    HOT,
    DeterminisedSearch,
    RulesData,
    searched,
    specialise_search,
)
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Ints

__all__ = ["SearchProblem", "determinisations", "ismcts", "shares_of"]

SEEDS = 1 << 31
"""The resampled session's seed is below this (``rng.randrange(2**31)`` in the reference)."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (dealing.STAMP ^ source_stamp(dealing.__file__) ^ kernel_search.STAMP) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout, the rules of the
kernel (its outcome from the dealing module) and the shared search loop, compiled into it
(numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


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


# The hooks of the shared loop (cau_rules.kernel.search); ctx is SearchProblem.ctx: the row
# to determinise, the rules vector, an empty mask, the hidden places and a scratch pool.


@njit(cache=True, inline="always")
def deal_hook(s, ctx, rng):
    """:func:`determinise` of ``ctx``'s row into *s* (always consistent)."""
    determinise(s, ctx[0], ctx[3], ctx[4], rng)
    return True


@njit(cache=True, inline="always")
def legal_hook(s, rng, actions, r, no_mask, _h2, _h3, _h4, _h5):
    """The legal actions of *s* into *actions*; how many."""
    return legal_mask(s, r, no_mask, actions)


@njit(cache=True, inline="always")
def play_hook(s, action, _rng, r, _h1, _h2, _h3, _h4, _h5):
    """Step *s* by *action* (a Cacho row never outgrows its sizes)."""
    step(s, r, action)
    return True



@njit(cache=True, inline="always")
def score_hook(s, ctx, out):
    """:func:`shares_of` *s* into *out*."""
    shares_of(s, out)


run_determinise, run_search = specialise_search(
    (STAMP ^ source_stamp(__file__)) & 0x7FFF_FFFF, deal_hook, legal_hook, play_hook, score_hook)


# -- the Python side -----------------------------------------------------------------------

Row = npt.NDArray[np.int32]


class SearchProblem(DeterminisedSearch):
    """One decision's determinisation data: the resampled position *state* as a row
    (*base*, a native row: the kernel shuffles its later hands) and the hidden places of
    the cards the seat has not seen (*places*: row offset and length; the other seats'
    holdings, then the stock)."""

    run_determinise, run_search = staticmethod(run_determinise), staticmethod(run_search)
    always_deals = True

    def __init__(self, state: CachoState, info: Any) -> None:
        seat: int = info.seat
        self.state = state
        self.base: Row = np.zeros(L.ROW, np.int32)
        row_of(state, self.base)
        set_native(self.base, state.seed)
        places = [(L.HOLD + other * 3, len(state.holdings[other])) for other in range(state.players) if other != seat]
        places.append((L.DECK0 + L.DECK - len(state.stock), len(state.stock)))
        self.places: Ints = np.array(places, np.int64)
        self.rules_vector, self.codec = _RULES_DATA.get(state.rules, state.players)
        self.ctx = (self.base, self.rules_vector, np.zeros(0, np.bool_), self.places,
                    np.empty(int(self.places[:, 1].sum()), np.int64))
        self.hot = (self.rules_vector, self.ctx[2]) + (self.ctx[2],) * (HOT - 2)

    def sizes(self) -> tuple[int, int, int, int, int, int]:
        """Over when ``s[OVER] == 1``; as many legal actions as actions at the most."""
        actions = int(self.rules_vector[R_ACTIONS])
        return (OVER, 1, TO_PLAY, actions, actions, MAXP)


_RULES_DATA: RulesData[tuple[Ints, CachoCodec]] = RulesData(
    lambda rules, players: (np.array(L.rules_vector(rules, players), np.int64), CachoCodec(rules, players)))
"""The rules vector and the codec of a rules object and player count (kept per thread)."""


problem = SearchProblem.drawn
"""The determinisation data of a Cacho information state, from one resample
(:meth:`~cau_rules.kernel.search.DeterminisedSearch.drawn`)."""


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
    return searched(problem(info, rng), info, iterations, rng, exploration)
