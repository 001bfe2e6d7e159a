"""Cacho's deck orders, restarts and results in the kernel (numba), so that a batch of
sessions never goes back to Python between hands or sessions.

Each hand's order is the reference's :func:`~cau_rules.cacho.engine.shuffled_deck`
(``random.Random(f"{seed}:{hand}:{redeal}:shuffle")``, D-DEAL-1), drawn from CPython's
generator reproduced in :mod:`cau_rules.kernel.rng`.  A session started here is a
*native* row (:data:`~cau_rules.cacho.kernel.layout.NATIVE`): the kernel shuffles each
later hand's order from the row's seed only when that hand starts (one shuffle a hand, the
one it deals), and restarts seed sixty-four generators in one loop.  The typed entry
points at the end are what :mod:`cau_rules.cacho.kernel.batch` calls.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.cacho.kernel import core
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.core import play_random, put_drawn, set_seed, start_hand
from cau_rules.cacho.kernel.core import put_order as put_order_core
from cau_rules.kernel import lanes as kernel_lanes
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.lanes import DRAWN, LANES, draw_lanes, seed_numbers_many
from cau_rules.kernel.rng import MT_SIZE, TEXT_SIZE, generator_state, seed_numbers, shuffle_fresh
from cau_rules.kernel.rows import twins
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Ints, Randoms

__all__ = ["play_fresh", "play_fresh_many", "play_row", "put_order", "reset_rows", "row_shares", "shares_of"]

DECK = L.DECK
DECK0 = L.DECK0
DEALER = L.DEALER
N = L.N
STACKS = L.STACKS
R_STACK = L.R_STACK
SHUFFLE = core.SHUFFLE


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (core.STAMP ^ source_stamp(core.__file__) ^ source_stamp(kernel_rng.__file__)
         ^ source_stamp(kernel_lanes.__file__)) & 0x7FFF_FFFF
"""What this module's machine code was compiled against (the layout, and the functions
of the other modules compiled into it)."""
fresh_cache(compiled_stamp, STAMP, __file__)


@njit(cache=True)
def put_order(s, at, seed, hand, redeal, deck, mt, text):
    """Write the reference's shuffle of *hand* after *redeal* void hands into ``s[at:]``
    (*deck*: the deck's cards in order, :data:`~cau_rules.cacho.kernel.layout.DECK_CARDS`)."""
    for i in range(DECK):
        s[at + i] = deck[i]
    seed_numbers(mt, text, seed, hand, redeal, SHUFFLE)
    shuffle_fresh(mt, s[at:at + DECK], DECK)


@njit(cache=True)
def begin(s, r, players, seed):
    """A session of *seed* before its first deal: every stack full, the last seat to
    deal, a native row (each hand's order shuffled by the kernel as it starts)."""
    s[:] = 0
    s[N] = players
    s[DEALER] = players - 1
    for seat in range(players):
        s[STACKS + seat] = r[R_STACK]
    set_seed(s, seed)


@njit(cache=True)
def start(s, r, players, seed, mt, text):
    """Start a session afresh from *seed*: :func:`begin`, then the first deal."""
    begin(s, r, players, seed)
    put_order_core(s, DECK0, seed, 0, 0, mt, text)
    start_hand(s, r)


def _reset_rows(rows, r, rngs, games, seeds, players, scratch):
    """Start every session ``games[k]`` from ``seeds[k]``, :data:`~cau_rules.kernel.lanes.LANES`
    at a time: their generators are seeded in one loop
    (:func:`~cau_rules.kernel.lanes.seed_numbers_many`) into ``scratch[group % slots]``
    (*scratch*: slots x :data:`~cau_rules.kernel.rng.MT_SIZE` x
    :data:`~cau_rules.kernel.lanes.LANES`, one slot a group when the groups run on
    several threads)."""
    count = games.shape[0]
    slots = scratch.shape[0]
    for group in prange((count + LANES - 1) // LANES):
        first = LANES * group
        lanes = min(LANES, count - first)
        mts = scratch[group % slots]
        zeros = np.zeros(LANES, np.int64)
        for lane in range(lanes):
            g = games[first + lane]
            rngs[g] = generator_state(seeds[first + lane])
            begin(rows[g], r, players, seeds[first + lane])
        seed_numbers_many(mts, seeds[first:first + lanes], zeros, zeros, SHUFFLE, lanes)
        drawn = np.empty((DRAWN, LANES), np.int64)
        draw_lanes(mts, drawn)
        for lane in range(lanes):
            g = games[first + lane]
            put_drawn(rows[g], DECK0, mts[:, lane], drawn[:, lane])
            start_hand(rows[g], r)


@njit(cache=True)
def play_out(s, r, rngs, g):
    """Random legal moves in the native session *g* until it ends (each hand's order
    shuffled by the kernel as the hand starts)."""
    return play_random(s, r, rngs[g:g + 1], 1 << 40)


@njit(cache=True)
def fresh_play(rows, r, rngs, g, seed, players):
    """Start session *g* from *seed* and play it out with random moves from its generator
    (seeded from *seed*); returns the moves made."""
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    rngs[g] = generator_state(seed)
    start(rows[g], r, players, seed, mt, text)
    return play_out(rows[g], r, rngs, g)


@njit(cache=True)
def fresh_plays(rows, r, rngs, g, first, count, players):
    """Sessions from the seeds *first* to ``first + count - 1``, one after another in
    slot *g*, each started and played out as :func:`fresh_play` does (the slot ends as
    the last one's ends); returns the moves made in all.  The first deals of
    :data:`~cau_rules.kernel.lanes.LANES` consecutive sessions are seeded in one loop
    (:func:`~cau_rules.kernel.lanes.seed_numbers_many`), then each session is played in
    turn: one stream, one thread."""
    mts = np.empty((MT_SIZE, LANES), np.int64)
    zeros = np.zeros(LANES, np.int64)
    seeds = np.empty(LANES, np.int64)
    drawn = np.empty((DRAWN, LANES), np.int64)
    s = rows[g]
    made = 0
    for start in range(0, count, LANES):
        lanes = min(LANES, count - start)
        for lane in range(lanes):
            seeds[lane] = first + start + lane
        seed_numbers_many(mts, seeds, zeros, zeros, SHUFFLE, lanes)
        draw_lanes(mts, drawn)
        for lane in range(lanes):
            rngs[g] = generator_state(seeds[lane])
            begin(s, r, players, seeds[lane])
            put_drawn(s, DECK0, mts[:, lane], drawn[:, lane])
            start_hand(s, r)
            made += play_random(s, r, rngs[g:g + 1], 1 << 40)
    return made


@njit(cache=True)
def row_shares(s, out):
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
def shares_rows(rows, games, out):
    """:func:`row_shares` of every finished session ``games[k]`` into ``out[games[k]]``."""
    for k in range(games.shape[0]):
        row_shares(rows[games[k]], out[games[k]])


reset_serial, reset_parallel = twins(_reset_rows)


# -- typed entry points ----------------------------------------------------------------

Rows = npt.NDArray[np.int32]


_SCRATCH: list[Ints] = []
"""The one block of generators of the restarts on one thread, kept between calls (a
fresh block of this size every call cost about 0.3 us a session in allocation)."""


def _scratch() -> Ints:
    if not _SCRATCH:
        _SCRATCH.append(np.empty((1, MT_SIZE, LANES), np.int64))
    return _SCRATCH[0]


def reset_rows(rows: Rows, rules: Ints, rngs: Randoms, games: Ints, seeds: Ints, players: int,
               parallel: bool) -> None:
    """Start every session ``games[k]`` afresh from ``seeds[k]`` (int64), dealt in the kernel."""
    if parallel:  # a block for each group of sessions, which may run on any thread
        groups = max(1, (len(games) + LANES - 1) // LANES)
        reset_parallel(rows, rules, rngs, games, seeds, players, np.empty((groups, MT_SIZE, LANES), np.int64))
    else:
        reset_serial(rows, rules, rngs, games, seeds, players, _scratch())


def play_row(rows: Rows, rules: Ints, rngs: Randoms, game: int) -> int:
    """Play the native session *game* to its end."""
    return int(play_out(rows[game], rules, rngs, game))


def play_fresh(rows: Rows, rules: Ints, rngs: Randoms, game: int, seed: int, players: int) -> int:
    """Start session *game* from *seed* and play it out with random moves (one call)."""
    return int(fresh_play(rows, rules, rngs, game, seed, players))


def play_fresh_many(rows: Rows, rules: Ints, rngs: Randoms, game: int, first: int, count: int, players: int) -> int:
    """Sessions from the seeds *first* to ``first + count - 1`` (int64), each started
    and played out in slot *game* with random moves, in one call; returns the moves."""
    return int(fresh_plays(rows, rules, rngs, game, first, count, players))


def shares_of(rows: Rows, games: Ints, out: npt.NDArray[np.float64]) -> None:
    """Each seat's share of the win of every finished session ``games[k]``."""
    shares_rows(rows, games, out)

