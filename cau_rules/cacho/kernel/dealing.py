"""Cacho's deck orders, restarts and results in the kernel (numba), so that a batch of
sessions never goes back to Python between hands or sessions.

Each hand's order is the reference's :func:`~cau_rules.cacho.engine.shuffled_deck`
(``random.Random(f"{seed}:{hand}:{redeal}:shuffle")``, D-DEAL-1), drawn from CPython's
generator reproduced in :mod:`cau_rules.kernel_random`; :func:`write_next` writes the two
orders the next hand may need, as :func:`cau_rules.cacho.kernel.bridge.write_next` does.
The typed entry points at the end are what :mod:`cau_rules.cacho.kernel.batch` calls.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules import kernel_random
from cau_rules.cacho.kernel import core
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.core import play_random, start_hand, step
from cau_rules.kernel_random import MT_SIZE, TEXT_SIZE, generator_state, seed_numbers, shuffle
from cau_rules.kernel_tools import fresh_cache, source_stamp

__all__ = ["play_fresh", "play_row", "reset_rows", "shares_of", "step_rows"]

DECK = L.DECK
DECK0 = L.DECK0
DEALER = L.DEALER
HAND = L.HAND
N = L.N
NEXT_PLAYED = L.NEXT_PLAYED
NEXT_VOID = L.NEXT_VOID
OVER = L.OVER
READY = L.READY
REDEAL = L.REDEAL
STACKS = L.STACKS
R_MAX_HANDS = L.R_MAX_HANDS
R_STACK = L.R_STACK


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (core.STAMP ^ source_stamp(core.__file__) ^ source_stamp(kernel_random.__file__)) & 0x7FFF_FFFF
"""What this module's machine code was compiled against (the layout, and the functions
of the other modules compiled into it)."""
fresh_cache(compiled_stamp, STAMP, __file__)

SHUFFLE = np.frombuffer(b"shuffle", np.uint8)


@njit(cache=True)
def put_order(s, at, seed, hand, redeal, deck, mt, text):
    """Write the reference's shuffle of *hand* after *redeal* void hands into ``s[at:]``."""
    for i in range(DECK):
        s[at + i] = deck[i]
    seed_numbers(mt, text, seed, hand, redeal, SHUFFLE)
    shuffle(mt, s[at:at + DECK], DECK)


@njit(cache=True)
def write_next(s, r, seed, deck, mt, text):
    """The two orders the next hand may need (after a played hand, after a void one), if
    the session may reach it; the row is then ready."""
    hand = s[HAND]
    if s[OVER] == 0 and hand + 1 < r[R_MAX_HANDS]:
        put_order(s, NEXT_PLAYED, seed, hand + 1, 0, deck, mt, text)
        put_order(s, NEXT_VOID, seed, hand + 1, s[REDEAL] + 1, deck, mt, text)
    s[READY] = 1


@njit(cache=True)
def start(s, r, players, seed, deck, mt, text):
    """Start a session afresh from *seed*: :func:`cau_rules.cacho.kernel.bridge.start_row`,
    the first deal, then the next hand's orders."""
    s[:] = 0
    s[N] = players
    s[DEALER] = players - 1
    for seat in range(players):
        s[STACKS + seat] = r[R_STACK]
    put_order(s, DECK0, seed, 0, 0, deck, mt, text)
    start_hand(s, r)
    write_next(s, r, seed, deck, mt, text)


def _reset_rows(rows, r, rngs, games, seeds, players, deck):
    for k in prange(games.shape[0]):
        g = games[k]
        mt = np.empty(MT_SIZE, np.int64)
        text = np.empty(TEXT_SIZE, np.uint8)
        rngs[g] = generator_state(seeds[k])
        start(rows[g], r, players, seeds[k], deck, mt, text)


def _step_rows(rows, r, actions, active, native, seeds, deck):
    """:func:`~cau_rules.cacho.kernel.core.step` on every active row, then the next
    hand's orders of the *native* rows that started a hand."""
    for g in prange(rows.shape[0]):
        s = rows[g]
        if active[g]:
            step(s, r, actions[g])
        if native[g] and s[READY] == 0:
            mt = np.empty(MT_SIZE, np.int64)
            text = np.empty(TEXT_SIZE, np.uint8)
            write_next(s, r, seeds[g], deck, mt, text)


@njit(cache=True)
def play_out(s, r, rngs, g, seed, deck):
    """Random legal moves in session *g* until it ends, writing each next hand's orders."""
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    rng = rngs[g:g + 1]
    made = 0
    while True:
        made += play_random(s, r, rng, 1 << 40)
        if s[OVER] != 0:
            return made
        write_next(s, r, seed, deck, mt, text)


@njit(cache=True)
def fresh_play(rows, r, rngs, g, seed, players, deck):
    """Start session *g* from *seed* and play it out with random moves from its generator
    (seeded from *seed*); returns the moves made."""
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    rngs[g] = generator_state(seed)
    start(rows[g], r, players, seed, deck, mt, text)
    return play_out(rows[g], r, rngs, g, seed, deck)


@njit(cache=True)
def shares_rows(rows, games, out):
    """Each seat's share of every finished session ``games[k]`` (the most counters win,
    ties share: ``session_outcome(...).shares()``) into ``out[games[k]]``."""
    for k in range(games.shape[0]):
        s = rows[games[k]]
        n = s[N]
        best = s[STACKS]
        for seat in range(n):
            best = max(best, s[STACKS + seat])
        count = 0
        for seat in range(n):
            count += s[STACKS + seat] == best
        for seat in range(n):
            out[games[k], seat] = 1.0 / count if s[STACKS + seat] == best else 0.0


reset_serial = njit(cache=True)(_reset_rows)
reset_parallel = njit(cache=True, parallel=True)(_reset_rows)
step_serial = njit(cache=True)(_step_rows)
step_parallel = njit(cache=True, parallel=True)(_step_rows)


# -- typed entry points ----------------------------------------------------------------

Rows = npt.NDArray[np.int32]
Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Randoms = npt.NDArray[np.uint64]


def reset_rows(rows: Rows, rules: Ints, rngs: Randoms, games: Ints, seeds: Ints, players: int, deck: Ints,
               parallel: bool) -> None:
    """Start every session ``games[k]`` afresh from ``seeds[k]`` (int64), dealt in the kernel."""
    (reset_parallel if parallel else reset_serial)(rows, rules, rngs, games, seeds, players, deck)


def step_rows(rows: Rows, rules: Ints, actions: Ints, active: Flags, native: Flags, seeds: Ints, deck: Ints,
              parallel: bool) -> None:
    """Make ``actions[g]`` in every active session; the *native* ones get their next orders."""
    (step_parallel if parallel else step_serial)(rows, rules, actions, active, native, seeds, deck)


def play_row(rows: Rows, rules: Ints, rngs: Randoms, game: int, seed: int, deck: Ints) -> int:
    """Play session *game* (its orders written by the kernel from *seed*) to its end."""
    return int(play_out(rows[game], rules, rngs, game, seed, deck))


def play_fresh(rows: Rows, rules: Ints, rngs: Randoms, game: int, seed: int, players: int, deck: Ints) -> int:
    """Start session *game* from *seed* and play it out with random moves (one call)."""
    return int(fresh_play(rows, rules, rngs, game, seed, players, deck))


def shares_of(rows: Rows, games: Ints, out: npt.NDArray[np.float64]) -> None:
    """Each seat's share of the win of every finished session ``games[k]``."""
    shares_rows(rows, games, out)

