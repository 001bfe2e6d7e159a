"""Re-dealing what a seat does not know, in the capture-family kernel (numba): the
determinisations of :mod:`cau_rules.fishing.kernel.search`.

Every function draws from the kernel's own generator (:func:`kernel.rng.next_random
<cau_rules.kernel.rng.next_random>`, one ``uint64`` of state): the unknown cards
are shuffled among the hidden places of a row with the ronda constraints of
:func:`~cau_rules.fishing.infer.resample_fields`, and the later hands are dealt like
:func:`~cau_rules.fishing.deal.lay_table` deals a shuffled deck.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cau_rules.fishing.kernel import core, parts, stakes
from cau_rules.fishing.kernel.layout import (
    FINGERPRINT,
    HAND,
    R_DECK,
    R_HAND_LIMIT,
    R_TABLE,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.stakes import kind_of
from cau_rules.kernel.rng import below

__all__ = [
    "ANY", "DEALS_TRIED", "SEAT_TRIES", "below", "deal_ahead", "determinise", "draw_holding", "kind_of",
    "random_deal", "shuffle",
]

ANY = -1
"""A seat's dealt holding is unconstrained (the other codes: 0 no ronda, 1 ronda, 2 rondí)."""
DEALS_TRIED = 200
"""Deals tried per determinisation before the iteration is skipped (as in ``resample_fields``)."""
SEAT_TRIES = 40
"""Draws tried per constrained holding within one deal (as in ``resample_fields``)."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(core.__file__) ^ source_stamp(stakes.__file__)
"""What this module's machine code was compiled against (numba's cache follows this
file only; the generator is compiled into it)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- the generator -------------------------------------------------------------------


@njit(cache=True)
def shuffle(cards, start, stop, rng):
    """Shuffle ``cards[start:stop]`` in place (Fisher-Yates)."""
    for i in range(stop - 1, start, -1):
        j = start + below(rng, i - start + 1)
        cards[i], cards[j] = cards[j], cards[i]


# -- the deals of later hands ---------------------------------------------------------


@njit(cache=True)
def random_deal(r, deck, hand, rng, out):
    """The deal of *hand* into the deal slot *out*, shuffled with *rng*: the dealing of
    :func:`~cau_rules.fishing.deal.lay_table` for a shuffled deck (a card repeating a
    table rank goes back to a random place below the top card of the stock)."""
    size = r[R_DECK]
    stock = np.empty(2 * size, np.int64)
    for i in range(size):
        stock[i] = deck[i]
    shuffle(stock, 0, size, rng)
    start = 0
    length = size
    seen = 0
    table = 0
    returned = 0
    while table < r[R_TABLE]:
        card = stock[start]
        start += 1
        length -= 1
        rank = card % 12 + 1
        if seen >> rank & 1:
            returned += 1
            at = start + 1 + below(rng, length)
            for k in range(start + length, at, -1):
                stock[k] = stock[k - 1]
            stock[at] = card
            length += 1
            continue
        seen |= 1 << rank
        out[3 + table] = card
        table += 1
    out[0] = hand
    out[1] = table
    out[2] = returned
    for i in range(length):
        out[3 + table + i] = stock[start + i]


@njit(cache=True)
def deal_ahead(s, r, deals, deck, rng):
    """Deal (with *rng*) every hand the next move may start whose deal is not written."""
    hand = s[HAND]
    for ahead in range(1, 3):
        wanted = hand + ahead
        slot = wanted % deals.shape[0]
        if wanted < r[R_HAND_LIMIT] and deals[slot, 0] != wanted:
            random_deal(r, deck, wanted, rng, deals[slot])


# -- determinisation ----------------------------------------------------------------------


@njit(cache=True)
def draw_holding(pool, taken, need, required, base, rng, counts):
    """Move *need* random cards of ``pool[taken:]`` to ``pool[taken:taken + need]`` so
    that the dealt holding (those cards plus the ranks counted in *base*) has the ronda
    kind *required* (:data:`ANY`: whatever) and no card of a rank *base* excludes
    (``base[13 + rank]`` nonzero, when *base* has 26 entries: ranks the seat is known
    not to hold); False when the draws failed."""
    size = pool.shape[0]
    if base.shape[0] > 13:
        # the excluded ranks' cards go to the end of the pool, out of this draw's reach
        end = size
        i = taken
        while i < end:
            if base[13 + pool[i] % 12 + 1] != 0:
                end -= 1
                pool[i], pool[end] = pool[end], pool[i]
            else:
                i += 1
        if end - taken < need:
            return False
        size = end
    for _attempt in range(SEAT_TRIES):
        take = 0
        if required > 0 and need > 0:
            width = required + 1
            for rank in range(13):
                counts[rank] = base[rank]
            for i in range(taken, size):
                counts[pool[i] % 12 + 1] += 1
            feasible = 0
            for rank in range(13):
                if counts[rank] >= width:
                    feasible += 1
            if feasible == 0:
                return False
            pick = below(rng, feasible)
            chosen = 0
            for rank in range(13):
                if counts[rank] >= width:
                    if pick == 0:
                        chosen = rank
                        break
                    pick -= 1
            lack = width - base[chosen]
            candidates = counts[chosen] - base[chosen]
            if lack > need or lack > candidates:
                continue
            take = max(lack, 0)
            for j in range(take):  # take random cards of the chosen rank first
                left = candidates - j
                pick = below(rng, left)
                for i in range(taken + j, size):
                    if pool[i] % 12 + 1 == chosen:
                        if pick == 0:
                            pool[taken + j], pool[i] = pool[i], pool[taken + j]
                            break
                        pick -= 1
        for j in range(take, need):  # then the rest at random
            i = taken + j + below(rng, size - taken - j)
            pool[taken + j], pool[i] = pool[i], pool[taken + j]
        if required == ANY:
            return True
        for rank in range(13):
            counts[rank] = base[rank]
        for j in range(need):
            counts[pool[taken + j] % 12 + 1] += 1
        if kind_of(counts) == required:
            return True
    return False


@njit(cache=True)
def determinise(s, base, unknown, seg_at, seg_len, held, required, counts_base, pool, rng, counts):
    """Write into *s* the row *base* with the *unknown* cards dealt afresh among the
    hidden places (``seg_at[k]``, ``seg_len[k]`` cells of the row): the first *held*
    places are holdings whose dealt holding must have the ronda kind ``required[k]``
    (``counts_base[k]``: the ranks of the cards already known there and played since
    the deal), the others take what is left, in random order.  False when no deal was
    found in :data:`DEALS_TRIED` tries (*s* is then unusable)."""
    size = unknown.shape[0]
    for i in range(base.shape[0]):
        s[i] = base[i]
    for _deal in range(DEALS_TRIED):
        for i in range(size):
            pool[i] = unknown[i]
        shuffle(pool, 0, size, rng)
        taken = 0
        dealt = True
        for k in range(held):
            need = seg_len[k]
            if not draw_holding(pool, taken, need, required[k], counts_base[k], rng, counts):
                dealt = False
                break
            taken += need
        if not dealt:
            continue
        shuffle(pool, taken, size, rng)
        at = 0
        for k in range(seg_at.shape[0]):
            for j in range(seg_len[k]):
                s[seg_at[k] + j] = pool[at]
                at += 1
        return True
    return False
