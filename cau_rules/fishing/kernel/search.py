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
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.infer import FishingMemory
from cau_rules.fishing.kernel import core, dealing, parts, redeal
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT, row_of, state_of
from cau_rules.fishing.kernel.core import resume, step
from cau_rules.fishing.kernel.dealing import shares as shares_of
from cau_rules.fishing.kernel.layout import (
    ERROR,
    FINGERPRINT,
    HOLD,
    MAXP,
    PENDING,
    PHASE,
    PHASE_CODES,
    PILE,
    R_ACTIONS,
    STOCK,
    TO_PLAY,
    fresh_cache,
    row_length,
    rules_vector,
    source_stamp,
    supported_problems,
)
from cau_rules.fishing.kernel.parts import SCRATCH, legal_mask
from cau_rules.fishing.kernel.redeal import ANY, deal_ahead, determinise
from cau_rules.fishing.moves import Call, FishingMove
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.kernel import search as kernel_search
from cau_rules.kernel.search import (
    DeterminisedSearch,
    RulesData,
    searched,
    specialise_search,
)
from cau_rules.kernel.types import Ints

__all__ = ["SearchProblem", "determinisations", "ismcts", "problem", "shares_of", "supported"]

OVER = PHASE_CODES["over"]
_REQUIRED: dict[object, int] = {"any": ANY, None: 0, Call.RONDA: 1, Call.RONDI: 2}
_HARDNESS = {2: 0, 1: 1, 0: 2, ANY: 3}  # the order resample_fields deals the seats in


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(core.__file__) ^ source_stamp(redeal.__file__)
         ^ source_stamp(dealing.__file__) ^ kernel_search.STAMP)
"""What this module's machine code was compiled against: the layout, the kernel's rules
and the re-dealing, compiled into it (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- the search ----------------------------------------------------------------------


@njit(cache=True)
def legal_now(s, r, deals, deck, rng, work, no_mask, actions, x):
    """The legal actions of *s* into *actions* (returns how many), once the hands the
    next move may start are dealt (with *rng*); *no_mask* is an empty mask."""
    deal_ahead(s, r, deals, deck, rng)
    return legal_mask(s, r, work, no_mask, actions, x)


@njit(cache=True)
def settle(s, r, deals, deck, rng, x):
    """Deal (with *rng*) and start the partides a row waits for (``PENDING``)."""
    while s[PENDING] and s[ERROR] == 0:
        deal_ahead(s, r, deals, deck, rng)
        resume(s, r, deals, x)



# The hooks of the shared loop (cau_rules.kernel.search); ctx is SearchProblem.ctx: the row
# to determinise, the rules vector, the deck, what determinise reads, and the scratch of
# the determinisation (pool, counts), of the later deals and of the legal mask and step.


@njit(cache=True, inline="always")
def deal_hook(s, ctx, rng):
    """:func:`~cau_rules.fishing.kernel.redeal.determinise` of ``ctx``'s row into *s*,
    no later hand dealt yet."""
    base, _r, _deck, unknown, seg_at, seg_len, held, required, counts_base, pool, counts, deals = ctx[:12]
    if not determinise(s, base, unknown, seg_at, seg_len, held, required, counts_base, pool, rng, counts):
        return False
    deals[:, 0] = -1
    return True


@njit(cache=True, inline="always")
def legal_hook(s, rng, actions, r, deals, x, deck, work, no_mask):
    """:func:`legal_now`: the legal actions of *s* into *actions*; how many (0: the row
    outgrew the kernel's sizes)."""
    return legal_now(s, r, deals, deck, rng, work, no_mask, actions, x)


@njit(cache=True, inline="always")
def play_hook(s, action, rng, r, deals, x, deck, _h4, _h5):
    """Step *s* by *action*, then deal (with *rng*) and start the partides the row waits
    for; False when the row outgrew the kernel's sizes."""
    step(s, r, deals, action, x)
    settle(s, r, deals, deck, rng, x)
    return s[ERROR] == 0



@njit(cache=True, inline="always")
def score_hook(s, ctx, out):
    """:func:`shares_of` *s* into *out*."""
    shares_of(s, ctx[1], out)


run_determinise, run_search = specialise_search(
    (STAMP ^ source_stamp(__file__)) & 0x7FFF_FFFF, deal_hook, legal_hook, play_hook, score_hook)


# -- the Python side -----------------------------------------------------------------------

Row = npt.NDArray[np.int16]


class SearchProblem(DeterminisedSearch):
    """One decision's determinisation data: the resampled position *state* as a row
    (*base*), the *unknown* cards, the hidden places they go to (``seg_at[k]``,
    ``seg_len[k]``; the first *held* are holdings with a ronda constraint ``required[k]``
    and the known ranks ``counts_base[k, :13]``, the ranks the seat cannot hold marked in
    ``counts_base[k, 13:]``), and the rules as the kernel reads them."""

    run_determinise, run_search = staticmethod(run_determinise), staticmethod(run_search)

    def __init__(self, state: FishingState, info: Any) -> None:
        memory: FishingMemory = info.memory
        seat: int = info.seat
        rules = state.rules
        n = state.players
        self.state = state
        self.base: Row = np.zeros(row_length(rules), np.int16)
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
        self.rules_vector, self.deck, self.codec = _RULES_DATA.get(rules, n)
        self.ctx = (self.base, self.rules_vector, self.deck, self.unknown, self.seg_at, self.seg_len, self.held,
                    self.required, self.counts_base, np.empty(len(self.unknown), np.int64), np.zeros(13, np.int64),
                    np.full((DEAL_SLOTS, SLOT), -1, np.int16), np.empty(self.base.shape[0], np.int16), np.zeros(0, np.bool_),
                    np.empty(SCRATCH, np.int64))
        ctx = self.ctx
        self.hot = (ctx[1], ctx[11], ctx[14], ctx[2], ctx[12], ctx[13])  # rules, deals, scratch, deck, work, mask

    def sizes(self) -> tuple[int, int, int, int, int, int]:
        """Over in the phase ``OVER``; as many legal actions as actions at the most."""
        actions = int(self.rules_vector[R_ACTIONS])
        return (PHASE, OVER, TO_PLAY, actions, actions, MAXP)


_RULES_DATA: RulesData[tuple[Ints, Ints, FishingCodec]] = RulesData(
    lambda rules, players: (np.array(rules_vector(rules, players), np.int64),
                            np.array([int(card) for card in rules.deck.cards], np.int64),
                            FishingCodec(rules, players)))
"""The rules vector, the deck's cards and the codec of a rules object and player count
(kept per thread)."""


def supported(info: Any) -> bool:
    """Whether the kernel searches the information state *info* (capture rules it plays,
    out of a declaration phase)."""
    rules = info.rules
    return (isinstance(rules, FishingRules) and isinstance(info.memory, FishingMemory)
            and not supported_problems(rules, info.players) and info.view.phase != "declare")


problem = SearchProblem.drawn
"""The determinisation data of a capture-family information state, from one resample
(:meth:`~cau_rules.kernel.search.DeterminisedSearch.drawn`)."""


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
    the Python tree).  Everything random comes from *rng*.  (Other rollouts and rewards:
    :mod:`cau_rules.fishing.kernel.rollout`.)

    Raises:
        InvalidPositionError: the seat is not to play, or no deal is consistent.
        InvalidRulesError: a simulated game outgrew the kernel's fixed sizes.
    """
    if not supported(info):
        return None
    return searched(problem(info, rng), info, iterations, rng, exploration)
