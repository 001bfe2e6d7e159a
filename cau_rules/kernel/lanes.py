"""Many of :mod:`cau_rules.kernel.rng`'s generators seeded and drawn at once, compiled
with numba: the loops run over the generators innermost, so the compiler puts several
in each vector instruction (what the Cacho kernel's restarts and ``play_seeds`` use).

Seeding a generator is a chain of about 1,250 words, each waiting for the word before (a
multiplication), but different generators are independent: with :data:`LANES` of them in
one loop the loop is bound by the vector units' throughput, not by one chain's latency.
The SHA-512 of their seed texts and their first outputs run the same way.  Every number
is the one CPython draws (the tests compare them with ``random.Random``).

>>> import random
>>> import numpy as np
>>> from cau_rules.kernel.rng import getrandbits
>>> mts = np.zeros((MT_SIZE, LANES), np.int64)
>>> seeds = np.arange(20, dtype=np.int64)
>>> seed_numbers_many(mts, seeds, seeds * 0, seeds * 0, np.frombuffer(b"shuffle", np.uint8), 20)
>>> int(getrandbits(np.ascontiguousarray(mts[:, 7]), 32)) == random.Random("7:0:0:shuffle").getrandbits(32)
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cau_rules.kernel.rng import (
    INIT_BASE,
    KEY_SIZE,
    MT_SIZE,
    SHA512_INITIAL,
    SHA512_ROUNDS,
    TEXT_SIZE,
    key_of,
    rotr,
    seed_numbers,
    seed_text,
)

_N = 624
_M = 397
_MASK = 0xFFFFFFFF
_BASE = INIT_BASE
_H0 = SHA512_INITIAL
_K = SHA512_ROUNDS
_key_of = key_of
_numbers_text = seed_text
_rotr = rotr

__all__ = ["DRAWN", "FEW", "LANES", "ONE_BLOCK", "draw_lanes", "seed_numbers_many"]


LANES = 64
"""How many generators :func:`seed_numbers_many` seeds in one loop: enough independent
chains that the loop is bound by the vector units' throughput, not by one chain's
latency (a word's multiplication waits for the word before: with sixteen lanes in two
vector registers the loop took about 1.1 us of CPU a generator, with sixty-four about
0.25 us, on the AVX-512 machine of the performance page)."""
FEW = 8
"""At most this many generators, :func:`seed_numbers_many` seeds them one at a time (a
whole vector loop of sixty-four costs about as much as nine single seedings)."""


@njit(cache=True)
def _seed_lanes(mts, plus, klens, same):
    """``init_by_array`` of every column of *mts* (:data:`MT_SIZE` x :data:`LANES`) with
    the key words ``plus[:klens[k], k]`` (each with its index added, lane innermost);
    *same*: every key has the length ``klens[0]``."""
    prev = np.empty(LANES, np.int64)
    for lane in range(LANES):
        prev[lane] = _BASE[0]
    add = np.empty(LANES, np.int64)
    at = np.zeros(LANES, np.int64)  # each lane's key index (keys of different lengths)
    j = 0
    for i in range(1, _N + 1):  # the first loop: N words, i from 1 to N - 1, then 1 again
        row = mts[i if i < _N else 1]
        if same:
            add = plus[j]
            j = j + 1 if j + 1 < klens[0] else 0
        else:
            for lane in range(LANES):
                add[lane] = plus[at[lane], lane]
                at[lane] = at[lane] + 1 if at[lane] + 1 < klens[lane] else 0
        if i < _N:
            base = _BASE[i]
            for lane in range(LANES):
                p = prev[lane]
                v = ((base ^ ((p ^ (p >> 30)) * 1664525)) + add[lane]) & _MASK
                row[lane] = v
                prev[lane] = v
        else:
            for lane in range(LANES):
                p = prev[lane]
                v = ((row[lane] ^ ((p ^ (p >> 30)) * 1664525)) + add[lane]) & _MASK
                row[lane] = v
                prev[lane] = v
    for i in range(2, _N):  # the second loop: N - 1 words, from i = 2 round to 1
        row = mts[i]
        for lane in range(LANES):
            p = prev[lane]
            v = ((row[lane] ^ ((p ^ (p >> 30)) * 1566083941)) - i) & _MASK
            row[lane] = v
            prev[lane] = v
    row = mts[1]
    for lane in range(LANES):
        p = prev[lane]
        row[lane] = ((row[lane] ^ ((p ^ (p >> 30)) * 1566083941)) - 1) & _MASK
        mts[0, lane] = 0x80000000
        mts[_N, lane] = _N
        mts[_N + 1, lane] = _N


ONE_BLOCK = 111
"""The longest text whose SHA-512 is one block (the padding's byte and the 16-byte length
fill the rest of 128)."""


@njit(cache=True)
def _keys_lanes(texts, lengths, plus, klens):
    """:func:`_key_of` of the text ``texts[lane, :lengths[lane]]`` of every lane (each at
    most :data:`ONE_BLOCK` bytes), the key words each with its index added into
    ``plus[:, lane]`` and their count into ``klens[lane]``.  The SHA-512 of every lane is
    computed in one loop with the lanes innermost (eight rounds' state rows rotate
    instead of the values: the value *a* of round *t* is row ``-t mod 8``)."""
    w = np.empty((80, LANES), np.uint64)
    for lane in range(LANES):
        length = lengths[lane]
        for t in range(16):
            word = np.uint64(0)
            for b in range(8):
                at = 8 * t + b
                if at < length:
                    byte = np.uint64(texts[lane, at])
                elif at == length:
                    byte = np.uint64(0x80)
                else:
                    byte = np.uint64(0)
                word = (word << np.uint64(8)) | byte
            w[t, lane] = word
        w[15, lane] = np.uint64(length * 8)
    for t in range(16, 80):
        far, near, back, mid, out = w[t - 15], w[t - 2], w[t - 16], w[t - 7], w[t]
        for lane in range(LANES):
            x = far[lane]
            y = near[lane]
            s0 = _rotr(x, 1) ^ _rotr(x, 8) ^ (x >> np.uint64(7))
            s1 = _rotr(y, 19) ^ _rotr(y, 61) ^ (y >> np.uint64(6))
            out[lane] = back[lane] + s0 + mid[lane] + s1
    state = np.empty((8, LANES), np.uint64)
    for j in range(8):
        for lane in range(LANES):
            state[j, lane] = _H0[j]
    for t in range(80):
        ra, rb, rc, rd = state[(0 - t) % 8], state[(1 - t) % 8], state[(2 - t) % 8], state[(3 - t) % 8]
        re, rf, rg, rh = state[(4 - t) % 8], state[(5 - t) % 8], state[(6 - t) % 8], state[(7 - t) % 8]
        k = _K[t]
        wt = w[t]
        for lane in range(LANES):
            e = re[lane]
            a = ra[lane]
            b_ = rb[lane]
            c = rc[lane]
            t1 = (rh[lane] + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) + ((e & rf[lane]) ^ (~e & rg[lane]))
                  + k + wt[lane])
            t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b_) ^ (a & c) ^ (b_ & c))
            rh[lane] = t1 + t2  # the next round's a
            rd[lane] = rd[lane] + t1  # the next round's e
    for lane in range(LANES):  # 80 rounds: every value is back in its own row
        length = lengths[lane]
        for i in range(8):
            word = state[7 - i, lane] + _H0[7 - i]
            plus[2 * i, lane] = np.int64(word & np.uint64(0xFFFFFFFF)) + 2 * i
            plus[2 * i + 1, lane] = np.int64(word >> np.uint64(32)) + 2 * i + 1
        words = 16 + (length + 3) // 4
        used = 16
        for k in range(16, words):
            end = length - 4 * (k - 16)  # the word is text[end - 4:end], big-endian
            value = 0
            for at in range(end - 4, end):
                value = value * 256 + (texts[lane, at] if at >= 0 else 0)
            plus[k, lane] = value + k
            if value != 0:
                used = k + 1
        while used > 1 and plus[used - 1, lane] == used - 1:  # trailing zero words dropped
            used -= 1
        klens[lane] = used


@njit(cache=True)
def seed_numbers_many(mts, seeds, hands, indexes, purpose, lanes):
    """Seed the columns ``mts[:, k]`` (*mts*: :data:`MT_SIZE` x :data:`LANES`) as
    ``random.Random(f"{seeds[k]}:{hands[k]}:{indexes[k]}:{purpose}")`` for each *k* below
    *lanes*: the same numbers as :func:`seed_numbers` on each.  The seeding's words wait
    each for the one before, but the generators are independent, so the loop over them
    is innermost (the compiler runs several in one vector instruction); :data:`FEW` or
    fewer are seeded one at a time."""
    text = np.empty(TEXT_SIZE, np.uint8)
    key = np.empty(KEY_SIZE, np.int64)
    if lanes <= FEW:
        mt = np.empty(MT_SIZE, np.int64)
        for lane in range(lanes):
            seed_numbers(mt, text, seeds[lane], hands[lane], indexes[lane], purpose)
            for i in range(MT_SIZE):
                mts[i, lane] = mt[i]
        return
    plus = np.zeros((KEY_SIZE, LANES), np.int64)  # key[j] + j, lane innermost
    klens = np.ones(LANES, np.int64)
    texts = np.zeros((LANES, TEXT_SIZE), np.uint8)
    lengths = np.zeros(LANES, np.int64)
    longest = 0
    for lane in range(LANES):  # the lanes past *lanes* repeat the first's text
        source = lane if lane < lanes else 0
        lengths[lane] = _numbers_text(texts[lane], seeds[source], hands[source], indexes[source], purpose)
        longest = max(longest, lengths[lane])
    if longest <= ONE_BLOCK:
        _keys_lanes(texts, lengths, plus, klens)
    else:
        for lane in range(LANES):
            klens[lane] = _key_of(texts[lane], lengths[lane], key)
            for j in range(klens[lane]):
                plus[j, lane] = key[j] + j
    same = True
    for lane in range(LANES):
        same = same and klens[lane] == klens[0]
    _seed_lanes(mts, plus, klens, same)


DRAWN = 48
"""How many first outputs :func:`draw_lanes` computes for each generator (a 24-card
shuffle takes about 32, more than 48 about once in ten thousand shuffles)."""


@njit(cache=True)
def draw_lanes(mts, out):
    """The first :data:`DRAWN` outputs (tempered) of every generator ``mts[:, lane]``
    just seeded (*mts*: :data:`MT_SIZE` x :data:`LANES`) into ``out[:, lane]``, computed
    for all lanes in one loop; the words are also twisted in *mts*, as drawing them
    would (see :func:`~cau_rules.kernel.rng.shuffle_fresh`).  :func:`~cau_rules.kernel.rng.shuffle_drawn` then shuffles with them."""
    for d in range(DRAWN):
        row, after, far, target = mts[d], mts[d + 1], mts[d + _M], out[d]
        for lane in range(LANES):
            y = (row[lane] & 0x80000000) | (after[lane] & 0x7FFFFFFF)
            word = far[lane] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
            row[lane] = word
            word ^= word >> 11
            word ^= (word << 7) & 0x9D2C5680
            word ^= (word << 15) & 0xEFC60000
            word ^= word >> 18
            target[lane] = word
