"""The four-card game's deal in the kernel (numba), so that a run of seeded games never
goes back to Python between games (:meth:`cau_rules.batch.BatchGame.play_seeds`).

:func:`start` writes into a row what the reference's :func:`~cau_rules.quatre.engine.deal`
deals for a seed: the deck shuffled by ``random.Random(f"{seed}:0:0:shuffle")``
(D-DEAL-1, CPython's generator reproduced in :mod:`cau_rules.kernel.rng`), the table
cards laid first, then the hands one card at a time from seat 0, the rest the stock, seat 0
to play.  :func:`fresh_plays` deals and plays out, with random moves from each game's own
generator, one seed after another.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.rng import MT_SIZE, TEXT_SIZE, generator_state, seed_numbers, shuffle_fresh
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Ints, Randoms
from cau_rules.quatre.kernel import core
from cau_rules.quatre.kernel import layout as L
from cau_rules.quatre.kernel.core import play_random

__all__ = ["deck_values", "play_seeds", "start"]

SHUFFLE = np.frombuffer(b"shuffle", np.uint8)
"""The purpose in the seed text of a deck's shuffle (D-DEAL-1)."""
TURN = L.PHASE_CODES["turn"]


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (core.STAMP ^ source_stamp(core.__file__) ^ source_stamp(kernel_rng.__file__)) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout, the kernel's rules
and CPython's generator, compiled into it (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


@njit(cache=True)
def start(s, r, players, seed, deck, order, mt, text):
    """Write into row *s* the game of *seed* as :func:`~cau_rules.quatre.engine.deal`
    deals it (*deck*: the deck's card values in order; *order*, *mt* and *text*:
    scratch arrays of the deck's size, :data:`~cau_rules.kernel.rng.MT_SIZE` and
    :data:`~cau_rules.kernel.rng.TEXT_SIZE`)."""
    size = deck.shape[0]
    for i in range(size):
        order[i] = deck[i]
    seed_numbers(mt, text, seed, 0, 0, SHUFFLE)
    shuffle_fresh(mt, order, size)
    s[:] = 0
    s[L.N] = players
    s[L.PHASE] = TURN
    table = r[L.R_TABLE]
    hand = r[L.R_HAND]
    s[L.TLEN] = table
    for i in range(table):
        s[L.TABLE + i] = order[i]
    dealt = players * hand
    for i in range(dealt):
        seat = i % players
        s[L.HOLD + seat * L.CARDS + i // players] = order[table + i]
    for seat in range(players):
        s[L.HLEN + seat] = hand
    stock = size - table - dealt
    first = L.CARDS - stock
    s[L.POS] = first
    for i in range(stock):
        s[L.DECK0 + first + i] = order[table + dealt + i]
    s[L.TARGET] = -1
    s[L.LAY_AFTER] = -1


@njit(cache=True)
def fresh_plays(rows, r, rngs, g, first, count, players, deck):
    """Deal game *g* from each seed of *first* to ``first + count - 1`` in turn and play
    it out with random moves from its own generator (seeded from the seed); the row ends
    holding the last game.  Returns the moves made in all."""
    order = np.empty(deck.shape[0], np.int64)
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    made = 0
    for seed in range(first, first + count):
        start(rows[g], r, players, seed, deck, order, mt, text)
        rngs[g] = generator_state(seed)
        made += play_random(rows[g], r, rngs[g:g + 1])
    return made


# -- typed entry points ----------------------------------------------------------------

Rows = npt.NDArray[np.int16]


def deck_values(cards: bytes) -> Ints:
    """A deck's cards (its ``bytes``: card values 0-47, in order) as the int64 array
    :func:`start` shuffles.

    >>> from cau_rules.quatre.rules import QUATRE
    >>> deck_values(bytes(QUATRE.deck.cards)).shape
    (40,)
    """
    return np.frombuffer(cards, np.uint8).astype(np.int64)


def play_seeds(rows: Rows, rules: Ints, rngs: Randoms, game: int, first: int, count: int, players: int,
               deck: Ints) -> int:
    """:func:`fresh_plays` (seeds in int64); returns the moves made.

    >>> from cau_rules.quatre.kernel.batch import Batch
    >>> from cau_rules.quatre.rules import QUATRE
    >>> batch = Batch(QUATRE, 2, 1)
    >>> made = play_seeds(batch.rows, batch.vector, batch.rngs, 0, 3, 2, 2, batch.deck)
    >>> made > 0 and batch.over().tolist() == [True]
    True
    """
    return int(fresh_plays(rows, rules, rngs, game, first, count, players, deck))
