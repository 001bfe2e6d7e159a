"""CPython's ``random.Random`` seeded with a string, compiled with numba (the ``fast``
extra), so that the kernels of every family deal exactly what the reference dealing code
deals (D-DEAL-1: each shuffle draws from ``random.Random(f"{seed}:{hand}:{i}:{purpose}")``).

What is reproduced, draw for draw: string seeding (version 2: the text's UTF-8 bytes
followed by their SHA-512 digest, read as one big-endian integer, whose 32-bit words,
least significant first, seed the Mersenne Twister through ``init_by_array``), the
MT19937 generator, ``getrandbits(k)`` for ``k <= 32``, ``_randbelow``, ``randrange``'s
offset and ``shuffle``.  The tests compare every piece with CPython itself.

A generator is one ``int64`` array of :data:`MT_SIZE` entries: the 624 words of the
state, the index of the next word and how many words of the current generation are
computed (the twist runs word by word, as the words are read, which draws the same
numbers as the whole twist at once: each new word reads only words before it in the new
generation and after it in the old one).

>>> import random
>>> order = list(range(10)); random.Random("7:0:0:shuffle").shuffle(order)
>>> shuffled_text("7:0:0:shuffle", list(range(10))) == order
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.cache import use_cache_dir

use_cache_dir()  # before the first compiled function below: the cache goes to the user's directory

__all__ = [
    "KEY_SIZE",
    "MT_SIZE",
    "TEXT_SIZE",
    "below",
    "generator_state",
    "getrandbits",
    "getrandbits_text",
    "key_words",
    "randbelow",
    "seed_bytes",
    "seed_numbers",
    "seed_numbers2",
    "seed_numbers4",
    "seed_text",
    "shuffle",
    "shuffle_drawn",
    "shuffle_fresh",
    "shuffled_text",
]

MT_SIZE = 626
"""The entries of a generator: 624 state words, the next index, the words computed."""
TEXT_SIZE = 128
"""The longest seed text, in bytes, that :func:`seed_bytes` takes."""
KEY_SIZE = (TEXT_SIZE + 64 + 3) // 4
"""The most 32-bit words of a seeding key (the text and its SHA-512 digest)."""

_N = 624
_M = 397
_MASK = 0xFFFFFFFF

_K = np.array([
    0x428A2F98D728AE22, 0x7137449123EF65CD, 0xB5C0FBCFEC4D3B2F, 0xE9B5DBA58189DBBC, 0x3956C25BF348B538,
    0x59F111F1B605D019, 0x923F82A4AF194F9B, 0xAB1C5ED5DA6D8118, 0xD807AA98A3030242, 0x12835B0145706FBE,
    0x243185BE4EE4B28C, 0x550C7DC3D5FFB4E2, 0x72BE5D74F27B896F, 0x80DEB1FE3B1696B1, 0x9BDC06A725C71235,
    0xC19BF174CF692694, 0xE49B69C19EF14AD2, 0xEFBE4786384F25E3, 0x0FC19DC68B8CD5B5, 0x240CA1CC77AC9C65,
    0x2DE92C6F592B0275, 0x4A7484AA6EA6E483, 0x5CB0A9DCBD41FBD4, 0x76F988DA831153B5, 0x983E5152EE66DFAB,
    0xA831C66D2DB43210, 0xB00327C898FB213F, 0xBF597FC7BEEF0EE4, 0xC6E00BF33DA88FC2, 0xD5A79147930AA725,
    0x06CA6351E003826F, 0x142929670A0E6E70, 0x27B70A8546D22FFC, 0x2E1B21385C26C926, 0x4D2C6DFC5AC42AED,
    0x53380D139D95B3DF, 0x650A73548BAF63DE, 0x766A0ABB3C77B2A8, 0x81C2C92E47EDAEE6, 0x92722C851482353B,
    0xA2BFE8A14CF10364, 0xA81A664BBC423001, 0xC24B8B70D0F89791, 0xC76C51A30654BE30, 0xD192E819D6EF5218,
    0xD69906245565A910, 0xF40E35855771202A, 0x106AA07032BBD1B8, 0x19A4C116B8D2D0C8, 0x1E376C085141AB53,
    0x2748774CDF8EEB99, 0x34B0BCB5E19B48A8, 0x391C0CB3C5C95A63, 0x4ED8AA4AE3418ACB, 0x5B9CCA4F7763E373,
    0x682E6FF3D6B2B8A3, 0x748F82EE5DEFB2FC, 0x78A5636F43172F60, 0x84C87814A1F0AB72, 0x8CC702081A6439EC,
    0x90BEFFFA23631E28, 0xA4506CEBDE82BDE9, 0xBEF9A3F7B2C67915, 0xC67178F2E372532B, 0xCA273ECEEA26619C,
    0xD186B8C721C0C207, 0xEADA7DD6CDE0EB1E, 0xF57D4F7FEE6ED178, 0x06F067AA72176FBA, 0x0A637DC5A2C898A6,
    0x113F9804BEF90DAE, 0x1B710B35131C471B, 0x28DB77F523047D84, 0x32CAAB7B40C72493, 0x3C9EBE0A15C9BEBC,
    0x431D67C49C100D4C, 0x4CC5D4BECB3E42B6, 0x597F299CFC657E2A, 0x5FCB6FAB3AD6FAEC, 0x6C44198C4A475817,
], np.uint64)
"""SHA-512's round constants (FIPS 180-4, section 4.2.3)."""
_H0 = np.array([
    0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
    0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179,
], np.uint64)
"""SHA-512's initial hash value (FIPS 180-4, section 5.3.5)."""


@njit(cache=True)
def _rotr(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@njit(cache=True)
def _sha512_state(data, length, work):
    """The SHA-512 hash of ``data[:length]`` (uint8) as its eight 64-bit words into
    ``work[:8]`` (*work*: 88 uint64, ``work[8:]`` the message schedule), each block's
    words read straight from *data* (the padding written on the fly)."""
    for i in range(8):
        work[i] = _H0[i]
    total = ((length + 17 + 127) // 128) * 128
    for start in range(0, total, 128):
        for t in range(16):
            word = np.uint64(0)
            for b in range(8):
                at = start + 8 * t + b
                if at < length:
                    byte = np.uint64(data[at])
                elif at == length:
                    byte = np.uint64(0x80)
                else:
                    byte = np.uint64(0)
                word = (word << np.uint64(8)) | byte
            work[8 + t] = word
        if start + 128 == total:  # the message's length in bits closes the last block
            work[8 + 15] = np.uint64(length * 8)
        for t in range(16, 80):
            s0 = _rotr(work[8 + t - 15], 1) ^ _rotr(work[8 + t - 15], 8) ^ (work[8 + t - 15] >> np.uint64(7))
            s1 = _rotr(work[8 + t - 2], 19) ^ _rotr(work[8 + t - 2], 61) ^ (work[8 + t - 2] >> np.uint64(6))
            work[8 + t] = work[8 + t - 16] + s0 + work[8 + t - 7] + s1
        a, b_, c, d, e, f, g, hh = work[0], work[1], work[2], work[3], work[4], work[5], work[6], work[7]
        for t in range(80):
            big1 = _rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)
            choose = (e & f) ^ (~e & g)
            t1 = hh + big1 + choose + _K[t] + work[8 + t]
            big0 = _rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)
            major = (a & b_) ^ (a & c) ^ (b_ & c)
            t2 = big0 + major
            hh, g, f, e, d, c, b_, a = g, f, e, d + t1, c, b_, a, t1 + t2
        work[0] += a
        work[1] += b_
        work[2] += c
        work[3] += d
        work[4] += e
        work[5] += f
        work[6] += g
        work[7] += hh


def _init_genrand(seed: int) -> npt.NDArray[np.int64]:
    """The Mersenne Twister's ``init_genrand(seed)``: its 624 words."""
    words = [seed & _MASK]
    for i in range(1, _N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK)
    return np.array(words, np.int64)


_BASE = _init_genrand(19650218)
"""What ``init_by_array`` starts from, the same for every key (computed once)."""


@njit(cache=True)
def _key_of(text, length, key):
    """The ``init_by_array`` key of the string whose UTF-8 bytes are ``text[:length]``:
    the bytes followed by their SHA-512 digest, read as one big-endian integer, its
    32-bit words least significant first, into *key* (at least :data:`KEY_SIZE` int64);
    returns how many words (trailing zero words dropped, as CPython does).  The digest is
    the last 64 bytes, so the first 16 words are the hash's words from the last, low half
    first; the text's words follow, read from its end."""
    work = np.empty(88, np.uint64)
    _sha512_state(text, length, work)
    for i in range(8):
        word = work[7 - i]
        key[2 * i] = np.int64(word & np.uint64(0xFFFFFFFF))
        key[2 * i + 1] = np.int64(word >> np.uint64(32))
    words = 16 + (length + 3) // 4
    for k in range(16, words):
        end = length - 4 * (k - 16)  # the word is text[end - 4:end], big-endian
        value = 0
        for at in range(end - 4, end):
            value = value * 256 + (text[at] if at >= 0 else 0)
        key[k] = value
    used = words
    while used > 1 and key[used - 1] == 0:
        used -= 1
    return used


@njit(cache=True)
def key_words(text, length, key):
    """The key :func:`_init_by_array` reads for the string whose UTF-8 bytes are
    ``text[:length]``: :func:`_key_of`'s words, each with its own index added (what a
    step of ``init_by_array``'s first loop adds with it); returns how many words."""
    used = _key_of(text, length, key)
    for k in range(used):
        key[k] += k
    return used


@njit(cache=True)
def _init_by_array(mt, key, klen):
    """The Mersenne Twister's ``init_by_array`` over a key of *klen* words, at most
    623 (from :func:`key_words`: each word with its index added).

    Each step reads the word the step before it wrote: that word is carried in a
    variable, not read back from *mt*, and the loops' wrap-arounds are written out
    (the first loop's 624 steps are words 1 to 623, then word 1 again, ``mt[0]`` being
    word 623 by then; the second loop's 623 steps are words 2 to 623, then word 1)."""
    prev = _BASE[0]
    j = 0
    for i in range(1, _N):
        prev = ((_BASE[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j]) & _MASK
        mt[i] = prev
        j += 1
        if j == klen:
            j = 0
    prev = ((mt[1] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j]) & _MASK
    mt[1] = prev
    for i in range(2, _N):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
        mt[i] = prev
    mt[1] = ((mt[1] ^ ((prev ^ (prev >> 30)) * 1566083941)) - 1) & _MASK
    mt[0] = 0x80000000
    mt[_N] = _N
    mt[_N + 1] = _N


@njit(cache=True)
def _init_by_array2(mts, keys, klens):
    """:func:`_init_by_array` of two keys at once, into ``mts[0]`` and ``mts[1]``: every
    step waits for the one before it, so two independent generators interleaved cost
    little more than one."""
    pa = pb = _BASE[0]
    ja = jb = 0
    la, lb = klens[0], klens[1]
    ka, kb = keys[0], keys[1]
    ma, mb = mts[0], mts[1]
    for i in range(1, _N):
        base = _BASE[i]
        pa = ((base ^ ((pa ^ (pa >> 30)) * 1664525)) + ka[ja]) & _MASK
        pb = ((base ^ ((pb ^ (pb >> 30)) * 1664525)) + kb[jb]) & _MASK
        ma[i] = pa
        mb[i] = pb
        ja += 1
        jb += 1
        if ja == la:
            ja = 0
        if jb == lb:
            jb = 0
    pa = ((ma[1] ^ ((pa ^ (pa >> 30)) * 1664525)) + ka[ja]) & _MASK
    pb = ((mb[1] ^ ((pb ^ (pb >> 30)) * 1664525)) + kb[jb]) & _MASK
    ma[1] = pa
    mb[1] = pb
    for i in range(2, _N):
        pa = ((ma[i] ^ ((pa ^ (pa >> 30)) * 1566083941)) - i) & _MASK
        pb = ((mb[i] ^ ((pb ^ (pb >> 30)) * 1566083941)) - i) & _MASK
        ma[i] = pa
        mb[i] = pb
    ma[1] = ((ma[1] ^ ((pa ^ (pa >> 30)) * 1566083941)) - 1) & _MASK
    mb[1] = ((mb[1] ^ ((pb ^ (pb >> 30)) * 1566083941)) - 1) & _MASK
    for g in range(2):
        mts[g, 0] = 0x80000000
        mts[g, _N] = _N
        mts[g, _N + 1] = _N


@njit(cache=True)
def seed_bytes(mt, text, length):
    """Seed the generator *mt* as ``random.Random(s)`` seeds it, for the string *s*
    whose UTF-8 bytes are ``text[:length]`` (uint8, at most :data:`TEXT_SIZE`)."""
    key = np.empty(KEY_SIZE, np.int64)
    _init_by_array(mt, key, key_words(text, length, key))


@njit(cache=True)
def _init_by_array4(mts, keys, klens, lanes):
    """:func:`_init_by_array` of the generators ``mts[0]`` to ``mts[lanes - 1]`` (*mts*:
    four rows of :data:`MT_SIZE`) with the keys ``keys[k, :klens[k]]``: the same numbers
    as one call each.  Each word of the seeding waits for the word before it (a
    multiplication, about eight cycles), so four independent chains in one loop take
    little more time than one (the rows past *lanes* get the last key's, unused)."""
    last = lanes - 1
    m0, m1, m2, m3 = mts[0], mts[1], mts[2], mts[3]
    # key[j] + j of each word of the first loop (N words: i from 1 to N - 1, then 1 again)
    adds = np.empty((4, _N), np.int64)
    for lane in range(4):
        key = keys[min(lane, last)]
        klen = klens[min(lane, last)]
        j = 0
        for w in range(_N):
            adds[lane, w] = key[j] + j
            j += 1
            if j >= klen:
                j = 0
    a0, a1, a2, a3 = adds[0], adds[1], adds[2], adds[3]
    b0 = b1 = b2 = b3 = _BASE[0]
    for i in range(1, _N):
        base = _BASE[i]
        b0 = ((base ^ ((b0 ^ (b0 >> 30)) * 1664525)) + a0[i - 1]) & _MASK
        b1 = ((base ^ ((b1 ^ (b1 >> 30)) * 1664525)) + a1[i - 1]) & _MASK
        b2 = ((base ^ ((b2 ^ (b2 >> 30)) * 1664525)) + a2[i - 1]) & _MASK
        b3 = ((base ^ ((b3 ^ (b3 >> 30)) * 1664525)) + a3[i - 1]) & _MASK
        m0[i] = b0
        m1[i] = b1
        m2[i] = b2
        m3[i] = b3
    # the first loop wraps: its last word is word 1 again
    b0 = ((m0[1] ^ ((b0 ^ (b0 >> 30)) * 1664525)) + a0[_N - 1]) & _MASK
    b1 = ((m1[1] ^ ((b1 ^ (b1 >> 30)) * 1664525)) + a1[_N - 1]) & _MASK
    b2 = ((m2[1] ^ ((b2 ^ (b2 >> 30)) * 1664525)) + a2[_N - 1]) & _MASK
    b3 = ((m3[1] ^ ((b3 ^ (b3 >> 30)) * 1664525)) + a3[_N - 1]) & _MASK
    m0[1] = b0
    m1[1] = b1
    m2[1] = b2
    m3[1] = b3
    for i in range(2, _N):  # the second loop: N - 1 words, from i = 2 round to 1
        b0 = ((m0[i] ^ ((b0 ^ (b0 >> 30)) * 1566083941)) - i) & _MASK
        b1 = ((m1[i] ^ ((b1 ^ (b1 >> 30)) * 1566083941)) - i) & _MASK
        b2 = ((m2[i] ^ ((b2 ^ (b2 >> 30)) * 1566083941)) - i) & _MASK
        b3 = ((m3[i] ^ ((b3 ^ (b3 >> 30)) * 1566083941)) - i) & _MASK
        m0[i] = b0
        m1[i] = b1
        m2[i] = b2
        m3[i] = b3
    m0[1] = ((m0[1] ^ ((b0 ^ (b0 >> 30)) * 1566083941)) - 1) & _MASK
    m1[1] = ((m1[1] ^ ((b1 ^ (b1 >> 30)) * 1566083941)) - 1) & _MASK
    m2[1] = ((m2[1] ^ ((b2 ^ (b2 >> 30)) * 1566083941)) - 1) & _MASK
    m3[1] = ((m3[1] ^ ((b3 ^ (b3 >> 30)) * 1566083941)) - 1) & _MASK
    for lane in range(lanes):
        mts[lane, 0] = 0x80000000
        mts[lane, _N] = _N
        mts[lane, _N + 1] = _N


@njit(cache=True)
def seed_numbers4(mts, texts, keys, seeds, hands, indexes, purpose, lanes):
    """Seed ``mts[k]`` as ``random.Random(f"{seeds[k]}:{hands[k]}:{indexes[k]}:{purpose}")``
    for each *k* below *lanes* (at most four) at once (see :func:`_init_by_array4`): the
    same numbers as :func:`seed_numbers` on each.  *texts* (4 x :data:`TEXT_SIZE` uint8)
    and *keys* (4 x :data:`KEY_SIZE` int64) are scratch."""
    klens = np.empty(4, np.int64)
    for lane in range(lanes):
        length = _numbers_text(texts[lane], seeds[lane], hands[lane], indexes[lane], purpose)
        klens[lane] = _key_of(texts[lane], length, keys[lane])
    _init_by_array4(mts, keys, klens, lanes)


@njit(cache=True)
def _twist_word(mt, kk):
    """Word *kk* of the next generation (every word before it already computed)."""
    nxt = mt[kk + 1] if kk + 1 < _N else mt[0]
    y = (mt[kk] & 0x80000000) | (nxt & 0x7FFFFFFF)
    far = mt[kk + _M] if kk < _N - _M else mt[kk + _M - _N]
    mt[kk] = far ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)


@njit(cache=True)
def _genrand(mt):
    """The next 32-bit output of the generator."""
    index = mt[_N]
    if index >= _N:
        index = 0
        mt[_N + 1] = 0
    if index >= mt[_N + 1]:
        _twist_word(mt, index)
        mt[_N + 1] = index + 1
    y = mt[index]
    mt[_N] = index + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True)
def getrandbits(mt, k):
    """``getrandbits(k)`` for ``0 <= k <= 32``."""
    if k == 0:
        return 0
    return _genrand(mt) >> (32 - k)


@njit(cache=True)
def randbelow(mt, n):
    """``_randbelow(n)`` for ``1 <= n < 2**32``: a number from 0 to n - 1 (also what
    ``randrange(a, a + n)`` adds to *a*)."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = getrandbits(mt, k)
    while r >= n:
        r = getrandbits(mt, k)
    return r


@njit(cache=True)
def shuffle(mt, values, length):
    """``shuffle`` of ``values[:length]`` in place."""
    for i in range(length - 1, 0, -1):
        j = randbelow(mt, i + 1)
        values[i], values[j] = values[j], values[i]


@njit(cache=True)
def shuffle_fresh(mt, values, length):
    """:func:`shuffle` of ``values[:length]`` from a generator just seeded (nothing drawn
    yet): the same order, faster.  The first 227 words of a generation read only words of
    the one before (word ``k`` reads ``k``, ``k + 1`` and ``k + 397``), so they are
    computed straight from the seeded words, with no bookkeeping between draws; past them
    (a shuffle of more than about a hundred values) the general generator goes on."""
    shuffle_drawn(mt, _NO_DRAWS, 0, values, length)


_NO_DRAWS = np.zeros(0, np.int64)

@njit(cache=True)
def shuffle_drawn(mt, drawn_words, ready, values, length):
    """:func:`shuffle_fresh` of ``values[:length]`` whose first *ready* outputs are
    ``drawn_words[:ready]`` (from :func:`cau_rules.kernel.lanes.draw_lanes`, those words already twisted in
    *mt*); the same order."""
    drawn = 0
    fast = True
    for i in range(length - 1, 0, -1):
        n = i + 1
        k = 0
        while (n >> k) > 0:
            k += 1
        while True:
            if drawn < ready:
                r = drawn_words[drawn] >> (32 - k)
                drawn += 1
            else:
                if fast and drawn >= _N - _M:
                    mt[_N] = drawn  # hand over to the general generator
                    mt[_N + 1] = drawn
                    fast = False
                if fast:
                    y = (mt[drawn] & 0x80000000) | (mt[drawn + 1] & 0x7FFFFFFF)
                    word = mt[drawn + _M] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
                    mt[drawn] = word
                    drawn += 1
                    word ^= word >> 11
                    word ^= (word << 7) & 0x9D2C5680
                    word ^= (word << 15) & 0xEFC60000
                    word ^= word >> 18
                    r = word >> (32 - k)
                else:
                    r = getrandbits(mt, k)
            if r < n:
                break
        values[i], values[r] = values[r], values[i]
    if fast:
        mt[_N] = drawn
        mt[_N + 1] = max(drawn, ready)  # the words twisted ahead are computed


@njit(cache=True)
def put_number(text, at, number):
    """Write the decimal digits of *number* (``str(number)``) into *text* from *at*;
    returns the index after them."""
    if number < 0:
        text[at] = 45  # '-'
        at += 1
    # the digits from the last, with the sign kept (so the smallest int64 works)
    count = 0
    rest = number
    while True:
        count += 1
        rest = rest // 10 if rest >= 0 else (rest - (rest % -10)) // 10
        if rest == 0:
            break
    rest = number
    for i in range(count - 1, -1, -1):
        last = rest % 10 if rest >= 0 else -(rest % -10)
        text[at + i] = 48 + last
        rest = rest // 10 if rest >= 0 else (rest + last) // 10
    return at + count


@njit(cache=True)
def _numbers_text(text, seed, hand, index, purpose):
    """Write ``f"{seed}:{hand}:{index}:{purpose}"`` into *text*; returns its length."""
    at = put_number(text, 0, seed)
    text[at] = 58  # ':'
    at = put_number(text, at + 1, hand)
    text[at] = 58
    at = put_number(text, at + 1, index)
    text[at] = 58
    at += 1
    for i in range(purpose.shape[0]):
        text[at + i] = purpose[i]
    return at + purpose.shape[0]


@njit(cache=True)
def seed_numbers(mt, text, seed, hand, index, purpose):
    """Seed *mt* as ``random.Random(f"{seed}:{hand}:{index}:{purpose}")`` (D-DEAL-1);
    *purpose* is the tag's ASCII bytes, *text* a scratch of :data:`TEXT_SIZE` uint8."""
    seed_bytes(mt, text, _numbers_text(text, seed, hand, index, purpose))


seed_text = _numbers_text
"""Write ``f"{seed}:{hand}:{index}:{purpose}"`` (D-DEAL-1) into *text* (uint8, at least
:data:`TEXT_SIZE`); *purpose* is the tag's ASCII bytes; returns its length."""


@njit(cache=True)
def seed_numbers2(mts, text, seed, hand, first, then):
    """Seed two generators at once (:func:`_init_by_array2`): ``mts[0]`` as
    :func:`seed_numbers` with index 0 and the tag *first*, ``mts[1]`` with index 1 and
    the tag *then* (a deal's shuffle and its first table return); *mts* is at least
    ``(2, MT_SIZE)`` int64."""
    keys = np.empty((2, KEY_SIZE), np.int64)
    klens = np.empty(2, np.int64)
    klens[0] = key_words(text, _numbers_text(text, seed, hand, 0, first), keys[0])
    klens[1] = key_words(text, _numbers_text(text, seed, hand, 1, then), keys[1])
    _init_by_array2(mts, keys, klens)


@njit(cache=True)
def next_random(rng):
    """The next number of a game's own move generator (xorshift64*, its state in ``rng[0]``,
    first set by :func:`generator_state`): every kernel draws its random moves from it, so
    they depend on the game's seed only, never on threads."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return (x * np.uint64(2685821657736338717)) >> np.uint64(11)


@njit(cache=True)
def below(rng, bound):
    """A uniformly random integer from 0 to ``bound - 1`` (``bound`` at least 1) from the
    move generator in ``rng[0]`` (see :func:`next_random`): every kernel's random choices
    of a move, a card or a seed."""
    return np.int64(next_random(rng) % np.uint64(bound))


@njit(cache=True)
def generator_state(seed):
    """:func:`cau_rules.kernel.tools.generator_state` of an int64 *seed*, compiled: the
    starting state of a game's own generator of random moves (not CPython's)."""
    z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return z if z != np.uint64(0) else np.uint64(1)


INIT_BASE = _BASE
""":func:`_init_by_array`'s starting words, for :mod:`cau_rules.kernel.lanes`."""
SHA512_INITIAL = _H0
"""SHA-512's initial hash value, for :mod:`cau_rules.kernel.lanes`."""
SHA512_ROUNDS = _K
"""SHA-512's round constants, for :mod:`cau_rules.kernel.lanes`."""
key_of = _key_of
"""The ``init_by_array`` key of a text (see :func:`_key_of`), for :mod:`cau_rules.kernel.lanes`."""
rotr = _rotr
"""A 64-bit rotation right (uint64), for :mod:`cau_rules.kernel.lanes`."""


# -- typed entry points (the tests compare these with CPython) --------------------------

Ints = npt.NDArray[np.int64]


def generator(text: str) -> Ints:
    """A generator seeded as ``random.Random(text)``.

    >>> import random
    >>> int(getrandbits(generator("a"), 32)) == random.Random("a").getrandbits(32)
    True
    """
    raw = np.frombuffer(text.encode(), np.uint8)
    if len(raw) > TEXT_SIZE:
        raise ValueError(f"a seed text has at most {TEXT_SIZE} bytes, not {len(raw)}")
    mt = np.zeros(MT_SIZE, np.int64)
    seed_bytes(mt, np.concatenate([raw, np.zeros(1, np.uint8)]), len(raw))
    return mt


def getrandbits_text(text: str, k: int, count: int) -> list[int]:
    """*count* draws of ``getrandbits(k)`` from ``random.Random(text)``.

    >>> import random
    >>> rng = random.Random("x")
    >>> getrandbits_text("x", 5, 3) == [rng.getrandbits(5) for _ in range(3)]
    True
    """
    mt = generator(text)
    return [int(getrandbits(mt, k)) for _ in range(count)]


def shuffled_text(text: str, values: list[int]) -> list[int]:
    """*values* shuffled as ``random.Random(text).shuffle`` shuffles them."""
    mt = generator(text)
    array = np.array(values, np.int64)
    shuffle(mt, array, len(array))
    return [int(value) for value in array]


def numbers_generator(seed: int, hand: int, index: int, purpose: str) -> Ints:
    """A generator seeded as ``random.Random(f"{seed}:{hand}:{index}:{purpose}")``, the
    text written in the kernel (*seed*, *hand*, *index* int64).

    >>> import random
    >>> mt = numbers_generator(-12, 3, 0, "shuffle")
    >>> int(randbelow(mt, 48)) == random.Random("-12:3:0:shuffle").randrange(48)
    True
    """
    mt = np.zeros(MT_SIZE, np.int64)
    seed_numbers(mt, np.zeros(TEXT_SIZE, np.uint8), seed, hand, index, np.frombuffer(purpose.encode(), np.uint8))
    return mt
