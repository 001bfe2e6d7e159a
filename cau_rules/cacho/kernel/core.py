"""The rules of *Cacho* compiled with numba: dealing, the three betting rounds, the
resto, the showdown's pots, the session's hands, and the hand evaluator.

Every function mirrors the reference engine's method of the same name
(:class:`cau_rules.cacho.engine.Engine`, :mod:`cau_rules.cacho.legal`,
:func:`cau_rules.cacho.hands.evaluate`); the differential tests hold the two equal
position by position, and the evaluator on every three-card hand.
"""

from __future__ import annotations

import zlib

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.cacho.kernel import layout as L
from cau_rules.kernel import lanes as kernel_lanes
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.lanes import DRAWN
from cau_rules.kernel.rng import (
    MT_SIZE,
    TEXT_SIZE,
    next_random,
    seed_numbers,
    shuffle_drawn,
    shuffle_fresh,
)
from cau_rules.kernel.rows import sample_parallel, sample_serial, twins
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Flags, Randoms, Vector
from cau_rules.outcome import Termination

CONTRIB = L.CONTRIB
DEALER = L.DEALER
DEALT = L.DEALT
DECK0 = L.DECK0
FOLDED = L.FOLDED
HAND = L.HAND
HLEN = L.HLEN
HOLD = L.HOLD
NEXT_PLAYED = L.NEXT_PLAYED
NEXT_VOID = L.NEXT_VOID
OVER = L.OVER
POS = L.POS
PENDING = L.PENDING
NATIVE = L.NATIVE
SEED_LO = L.SEED_LO
SEED_HI = L.SEED_HI
RBETS = L.RBETS
READY = L.READY
REDEAL = L.REDEAL
ROUND = L.ROUND
STACKS = L.STACKS
TERM = L.TERM
TOACT = L.TOACT
TO_PLAY = L.TO_PLAY
N = L.N
DECK = L.DECK
R_STACK = L.R_STACK
R_BET1 = L.R_BET1
R_CAP = L.R_CAP
R_FLUSH = L.R_FLUSH
R_KICKERS = L.R_KICKERS
R_MAX_HANDS = L.R_MAX_HANDS
R_TOTAL = L.R_TOTAL
R_ACTIONS = L.R_ACTIONS
R_SIXES = L.R_SIXES
R_TWO_BONUS = L.R_TWO_BONUS
R_CLASS_SIXES = L.R_CLASS_SIXES
R_CLASS_CACHO = L.R_CLASS_CACHO
R_CLASS_TWO = L.R_CLASS_TWO
R_CLASS_HIGH = L.R_CLASS_HIGH
R_PASS = L.R_PASS
R_CALL = L.R_CALL
R_FOLD = L.R_FOLD
R_BET_AT = L.R_BET_AT
R_RAISE_AT = L.R_RAISE_AT
TERM_ALL = 1 + L.TERMINATIONS.index(Termination.ALL_COUNTERS)
TERM_MAX = 1 + L.TERMINATIONS.index(Termination.MAX_HANDS)
RANK = np.array(L.RANKS, np.int64)
SUIT = np.array(L.SUITS, np.int64)
DECK_CARDS = np.array(L.DECK_CARDS, np.int64)
SHUFFLE = np.frombuffer(b"shuffle", np.uint8)




@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (source_stamp(L.__file__) ^ source_stamp(kernel_rng.__file__) ^ source_stamp(kernel_lanes.__file__)
         ^ zlib.crc32(repr((L.RANKS, L.SUITS, L.TERMINATIONS, L.DECK_CARDS)).encode())) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout, the generator and
the reference's constants (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- the hand evaluator ---------------------------------------------------------------


@njit(cache=True)
def hand_key(a, b, c, r):
    """One integer that orders three cards as :func:`~cau_rules.cacho.hands.evaluate`'s
    values do: class, then value, then (with kickers) the other two ranks."""
    ra, rb, rc = RANK[a], RANK[b], RANK[c]
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    if ra == 6 and rb == 6 and rc == 6:
        return r[R_CLASS_SIXES] * 1000000 + r[R_SIXES] * 1000
    if sa == sb and sb == sc:
        return r[R_CLASS_CACHO] * 1000000 + (ra + rb + rc + r[R_FLUSH]) * 1000
    if sa == sb:
        return r[R_CLASS_TWO] * 1000000 + (ra + rb + r[R_TWO_BONUS]) * 1000
    if sa == sc:
        return r[R_CLASS_TWO] * 1000000 + (ra + rc + r[R_TWO_BONUS]) * 1000
    if sb == sc:
        return r[R_CLASS_TWO] * 1000000 + (rb + rc + r[R_TWO_BONUS]) * 1000
    high = max(ra, max(rb, rc))
    low = min(ra, min(rb, rc))
    key = r[R_CLASS_HIGH] * 1000000 + high * 1000
    if r[R_KICKERS]:
        key += (ra + rb + rc - high - low) * 10 + low
    return key


@njit(cache=True)
def hand_keys(cards, r, out):
    """:func:`hand_key` of each row of *cards* (three card values) into *out*."""
    for i in range(cards.shape[0]):
        out[i] = hand_key(cards[i, 0], cards[i, 1], cards[i, 2], r)


# -- deck orders ----------------------------------------------------------------------


@njit(cache=True)
def seed_of(s):
    """The seed of a native row (its two 32-bit halves)."""
    return (np.int64(s[SEED_HI]) << 32) | (np.int64(s[SEED_LO]) & 0xFFFFFFFF)


@njit(cache=True)
def set_seed(s, seed):
    """Make *s* a native row of *seed* (int64): its orders shuffled by the kernel."""
    s[NATIVE] = 1
    s[SEED_LO] = np.int32(np.int64(seed) & 0xFFFFFFFF)  # wraps to the signed half
    s[SEED_HI] = np.int32(np.int64(seed) >> 32)


@njit(cache=True)
def put_shuffled(s, at, mt):
    """The deck's cards into ``s[at:at + 24]``, shuffled by the seeded generator *mt*."""
    for i in range(DECK):
        s[at + i] = DECK_CARDS[i]
    shuffle_fresh(mt, s[at:at + DECK], DECK)


@njit(cache=True)
def put_drawn(s, at, mt, drawn):
    """:func:`put_shuffled` from a generator whose first outputs are *drawn*
    (:func:`cau_rules.kernel.lanes.draw_lanes`)."""
    for i in range(DECK):
        s[at + i] = DECK_CARDS[i]
    shuffle_drawn(mt, drawn, DRAWN, s[at:at + DECK], DECK)


@njit(cache=True)
def put_order(s, at, seed, hand, redeal, mt, text):
    """The reference's order of *hand* after *redeal* void hands
    (``random.Random(f"{seed}:{hand}:{redeal}:shuffle")``, D-DEAL-1) into ``s[at:]``."""
    seed_numbers(mt, text, seed, hand, redeal, SHUFFLE)
    put_shuffled(s, at, mt)


@njit(cache=True)
def deal_native(s):
    """Shuffle this hand's order into ``DECK0`` from the row's seed (a native row)."""
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    put_order(s, DECK0, seed_of(s), s[HAND], s[REDEAL], mt, text)


# -- seats ----------------------------------------------------------------------------


@njit(cache=True)
def active(s, seat):
    return s[DEALT + seat] == 1 and s[FOLDED + seat] == 0


@njit(cache=True)
def set_bettors(s, besides):
    """``to_act`` from :func:`cau_rules.cacho.legal.bettors`."""
    short = s[ROUND] == 3
    for seat in range(s[N]):
        s[TOACT + seat] = int(seat != besides and active(s, seat) and (not short or s[STACKS + seat] > 0))


@njit(cache=True)
def max_bet(s):
    best = 0
    for seat in range(s[N]):
        best = max(best, s[RBETS + seat])
    return best


@njit(cache=True)
def resto_limit(s, r, seat):
    """:func:`cau_rules.cacho.legal.resto_limit`."""
    n = s[N]
    own = s[STACKS + seat] + s[RBETS + seat]
    smallest = -1
    largest = -1
    removed = not active(s, seat)
    count = 0
    for other in range(n):
        if not active(s, other):
            continue
        stake = s[STACKS + other] + s[RBETS + other]
        count += 1
        if smallest < 0 or stake < smallest:
            smallest = stake
        if not removed and stake == own:
            removed = True
            continue
        largest = max(largest, stake)
    if count == 0:
        return 0
    if r[R_CAP]:
        return smallest
    return min(own, max(largest, 0))


# -- hands and rounds -----------------------------------------------------------------


@njit(cache=True)
def deal(s):
    """One card to each active seat, eldest first, from the top of the stock."""
    n = s[N]
    for step in range(1, n + 1):
        seat = (s[DEALER] + step) % n
        if active(s, seat):
            s[HOLD + seat * 3 + s[HLEN + seat]] = s[DECK0 + s[POS]]
            s[HLEN + seat] += 1
            s[POS] += 1


@njit(cache=True)
def start_hand(s, r):
    """Deal the hand whose deck order is in ``DECK0``."""
    n = s[N]
    s[POS] = 0
    for seat in range(n):
        s[DEALT + seat] = int(s[STACKS + seat] > 0)
        s[FOLDED + seat] = 0
        s[HLEN + seat] = 0
        s[CONTRIB + seat] = 0
        s[RBETS + seat] = 0
    s[ROUND] = 1
    s[READY] = s[NATIVE]  # a native row never waits for Python's next decks
    deal(s)
    start_round(s, r)


@njit(cache=True)
def start_round(s, r):
    """Open the betting of the round (or go to the showdown if nobody can bet)."""
    n = s[N]
    for seat in range(n):
        s[RBETS + seat] = 0
    set_bettors(s, -1)
    if s[ROUND] == 3:
        bettors = 0
        broke = False
        for seat in range(n):
            bettors += s[TOACT + seat]
            if active(s, seat) and s[STACKS + seat] == 0:
                broke = True
        if bettors < 2 or (r[R_CAP] and broke):
            for seat in range(n):
                s[TOACT + seat] = 0
            showdown(s, r)
            return
    for step in range(1, n + 1):
        seat = (s[DEALER] + step) % n
        if s[TOACT + seat]:
            s[TO_PLAY] = seat
            return


@njit(cache=True)
def put_in(s, seat, amount):
    s[STACKS + seat] -= amount
    s[CONTRIB + seat] += amount
    s[RBETS + seat] += amount


@njit(cache=True)
def step(s, r, action):
    """The seat to play makes the legal *action* (the codec's index)."""
    seat = s[TO_PLAY]
    if action == r[R_PASS]:
        pass
    elif action == r[R_CALL]:
        amount = min(max_bet(s) - s[RBETS + seat], s[STACKS + seat])
        put_in(s, seat, amount)
    elif action == r[R_FOLD]:
        s[FOLDED + seat] = 1
    elif action <= r[R_BET_AT] + r[R_TOTAL]:
        put_in(s, seat, action - r[R_BET_AT])
        set_bettors(s, seat)
    else:
        put_in(s, seat, action - r[R_RAISE_AT] - s[RBETS + seat])
        set_bettors(s, seat)
    s[TOACT + seat] = 0
    after_action(s, r, seat)
    settle(s, r)


@njit(cache=True)
def after_action(s, r, seat):
    """Pass the turn on, or end the round (or the hand, when one player is left)."""
    n = s[N]
    if s[FOLDED + seat]:
        left = 0
        last = -1
        for other in range(n):
            if active(s, other):
                left += 1
                last = other
        if left == 1:
            win_unshown(s, r, last)
            return
    for step in range(1, n + 1):
        other = (seat + step) % n
        if s[TOACT + other]:
            s[TO_PLAY] = other
            return
    end_round(s, r)


@njit(cache=True)
def end_round(s, r):
    """Void the hand (all passed in round 1), deal the next card, or show down."""
    if s[ROUND] == 1 and max_bet(s) == 0:
        finish_hand(s, r, True)
    elif s[ROUND] < 3:
        s[ROUND] += 1
        deal(s)
        start_round(s, r)
    else:
        showdown(s, r)


@njit(cache=True)
def win_unshown(s, r, winner):
    total = 0
    for seat in range(s[N]):
        total += s[CONTRIB + seat]
    s[STACKS + winner] += total
    finish_hand(s, r, False)


@njit(cache=True)
def showdown(s, r):
    """The active players show; each pot goes to the best hand that can win it."""
    n = s[N]
    keys = np.empty(n, np.int64)
    ranking = np.empty(n, np.int64)
    count = 0
    for step in range(1, n + 1):  # the contenders, eldest first
        seat = (s[DEALER] + step) % n
        if active(s, seat):
            keys[seat] = hand_key(s[HOLD + seat * 3], s[HOLD + seat * 3 + 1], s[HOLD + seat * 3 + 2], r)
            at = count  # insertion: a better key moves ahead, an equal one stays behind (eldest wins ties)
            while at > 0 and keys[ranking[at - 1]] < keys[seat]:
                ranking[at] = ranking[at - 1]
                at -= 1
            ranking[at] = seat
            count += 1
    previous = 0
    last_winner = -1
    while True:  # the levels of contribution among the contenders, lowest first
        level = -1
        for i in range(count):
            paid = s[CONTRIB + ranking[i]]
            if paid > previous and (level < 0 or paid < level):
                level = paid
        if level < 0:
            break
        amount = 0
        for seat in range(n):
            paid = s[CONTRIB + seat]
            amount += min(paid, level) - min(paid, previous)
        for i in range(count):
            if s[CONTRIB + ranking[i]] >= level:
                last_winner = ranking[i]
                break
        s[STACKS + last_winner] += amount
        previous = level
    leftover = 0
    for seat in range(n):
        paid = s[CONTRIB + seat]
        leftover += paid - min(paid, previous)
    if leftover:
        if last_winner < 0:
            last_winner = ranking[0]
        s[STACKS + last_winner] += leftover
    finish_hand(s, r, False)


@njit(cache=True)
def finish_hand(s, r, void):
    """Close the hand; end the session or deal the next hand (its order already in a
    next-deck slot: see ``READY``)."""
    n = s[N]
    holders = 0
    for seat in range(n):
        s[CONTRIB + seat] = 0
        s[RBETS + seat] = 0
        s[TOACT + seat] = 0
        holders += int(s[STACKS + seat] > 0)
    if holders == 1:
        end_session(s, TERM_ALL)
        return
    if s[HAND] + 1 >= r[R_MAX_HANDS]:
        end_session(s, TERM_MAX)
        return
    s[HAND] += 1
    s[PENDING] = 1  # dealt by settle(): no compiled function calls itself back (numba's cache)
    if not s[NATIVE]:  # Python wrote both orders the next hand may need
        source = NEXT_VOID if void else NEXT_PLAYED
        for i in range(DECK):
            s[DECK0 + i] = s[source + i]
    if void:
        s[REDEAL] += 1
    else:
        s[REDEAL] = 0
        for step in range(1, n + 1):
            seat = (s[DEALER] + step) % n
            if s[STACKS + seat] > 0:
                s[DEALER] = seat
                break


@njit(cache=True)
def settle(s, r):
    """Deal the hand a move's :func:`finish_hand` left pending."""
    if s[PENDING]:
        s[PENDING] = 0
        if s[NATIVE]:  # the one order this hand needs, shuffled only now
            deal_native(s)
        start_hand(s, r)


@njit(cache=True)
def end_session(s, code):
    s[TERM] = code
    s[OVER] = 1
    s[TO_PLAY] = -1


# -- legal actions ----------------------------------------------------------------------


@njit(cache=True)
def legal_mask(s, r, mask, actions):
    """The legal actions of the seat to play into *mask* (if it is not empty; cleared by
    the caller) and, in order, into *actions*; returns how many
    (:func:`cau_rules.cacho.legal.legal_moves`)."""
    if s[OVER]:
        return 0
    count = 0
    seat = s[TO_PLAY]
    bet = max_bet(s)
    low = 0
    high = -1
    at = 0
    if bet:
        actions[count] = r[R_FOLD]
        count += 1
        if s[ROUND] == 3 or s[STACKS + seat] >= bet - s[RBETS + seat]:
            actions[count] = r[R_CALL]
            count += 1
        if s[ROUND] == 3:
            low, high, at = bet + 1, resto_limit(s, r, seat), r[R_RAISE_AT]
    else:
        actions[count] = r[R_PASS]
        count += 1
        if s[ROUND] < 3:
            fixed = r[R_BET1 + s[ROUND] - 1]
            if s[STACKS + seat] >= fixed:
                low, high, at = fixed, fixed, r[R_BET_AT]
        else:
            low, high, at = 1, resto_limit(s, r, seat), r[R_BET_AT]
    for amount in range(low, high + 1):
        actions[count] = at + amount
        count += 1
    if mask.shape[0]:
        for i in range(count):
            mask[actions[i]] = True
    return count


# -- batches ----------------------------------------------------------------------------


def _step_rows(rows, r, actions, active_rows):
    """:func:`step` on every active row: rows are independent, so any thread order gives
    the same result."""
    for g in prange(rows.shape[0]):
        if active_rows[g]:
            step(rows[g], r, actions[g])


MASK_BLOCK = 64
"""Rows a block of :func:`_mask_rows` (one scratch list of actions a block, not a row)."""


def _mask_rows(rows, r, masks, counts):
    """:func:`legal_mask` of every row into *masks* (cleared here), the counts into *counts*."""
    size = rows.shape[0]
    for block in prange((size + MASK_BLOCK - 1) // MASK_BLOCK):
        actions = np.empty(masks.shape[1], np.int64)
        for g in range(block * MASK_BLOCK, min(size, block * MASK_BLOCK + MASK_BLOCK)):
            masks[g, :] = False
            counts[g] = legal_mask(rows[g], r, masks[g], actions)


step_serial, step_parallel = twins(_step_rows)
mask_serial, mask_parallel = twins(_mask_rows)


@njit(cache=True)
def play_random(s, r, rng, limit):
    """Random legal moves until the session ends, *limit* moves are made, or the next
    hand's decks are missing (the caller writes them and calls again); returns the moves."""
    actions = np.empty(r[R_ACTIONS], np.int64)
    no_mask = np.zeros(0, np.bool_)
    made = 0
    while s[OVER] == 0 and made < limit:
        if s[READY] == 0 and s[HAND] + 1 < r[R_MAX_HANDS]:
            break
        count = legal_mask(s, r, no_mask, actions)
        step(s, r, actions[next_random(rng) % np.uint64(count)])
        made += 1
    return made


# -- typed entry points (what the rest of the package calls) ---------------------------

Rows = npt.NDArray[np.int32]


def begin_row(row: Rows, rules: Vector) -> None:
    """Deal the first hand of *row* (its scalars, stacks and ``DECK0`` already written)."""
    start_hand(row, rules)


def step_rows(rows: Rows, rules: Vector, actions: Vector, active_rows: Flags, parallel: bool) -> None:
    """Make ``actions[g]`` in every row *g* that is active (over the cores if *parallel*)."""
    (step_parallel if parallel else step_serial)(rows, rules, actions, active_rows)


def mask_rows(rows: Rows, rules: Vector, masks: Flags, counts: Vector, parallel: bool) -> None:
    """The legal mask of every row into *masks*, how many into *counts*."""
    (mask_parallel if parallel else mask_serial)(rows, rules, masks, counts)


def random_moves(row: Rows, rules: Vector, rng: Randoms, limit: int) -> int:
    """Random legal moves in one row until it ends, *limit* moves or missing decks."""
    return int(play_random(row, rules, rng, limit))


def sample_rows(masks: Flags, counts: Vector, rngs: Randoms, active_rows: Flags, out: Vector, parallel: bool) -> None:
    """A uniformly random legal action per active row of *masks* into *out*."""
    (sample_parallel if parallel else sample_serial)(masks, counts, rngs, active_rows, out)


def evaluate_hands(cards: npt.NDArray[np.int64], rules: Vector) -> Vector:
    """The kernel's ordering key of each three-card hand (rows of card values)."""
    out = np.empty(cards.shape[0], np.int64)
    hand_keys(cards, rules, out)
    return out
