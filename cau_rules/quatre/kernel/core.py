"""The rules of the four-card game compiled with numba: chains, gifts, draws, refills,
lays into a dead centre, players going out, the safety bound, and the legal moves.

Every function mirrors the reference's function or method of the same name
(:class:`cau_rules.quatre.engine.Engine`, :func:`cau_rules.quatre.legal.generate`,
:func:`cau_rules.quatre.zones.next_active`); the differential tests hold the two equal
position by position.  A row is a game (:mod:`~cau_rules.quatre.kernel.layout`); ``r``
is the rules vector.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.kernel.rng import next_random
from cau_rules.kernel.rows import twins
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Flags, Randoms, Vector
from cau_rules.outcome import Termination
from cau_rules.quatre.kernel import layout as L

CARDS = L.CARDS
N = L.N
PHASE = L.PHASE
TO_PLAY = L.TO_PLAY
STARTER = L.STARTER
PASSES = L.PASSES
TURNS = L.TURNS
TERM = L.TERM
POS = L.POS
TARGET = L.TARGET
CLEN = L.CLEN
GIVER = L.GIVER
RECEIVER = L.RECEIVER
OWED = L.OWED
LEVEL = L.LEVEL
LAY_OWED = L.LAY_OWED
LAY_AFTER = L.LAY_AFTER
TLEN = L.TLEN
PLEN = L.PLEN
OLEN = L.OLEN
CSEAT = L.CSEAT
CCARD = L.CCARD
DECK0 = L.DECK0
TABLE = L.TABLE
HOLD = L.HOLD
HLEN = L.HLEN
KNOWN = L.KNOWN
KLEN = L.KLEN
PKNOWER = L.PKNOWER
PHOLDER = L.PHOLDER
PCARD = L.PCARD
OUT = L.OUT
R_TABLE = L.R_TABLE
R_HAND = L.R_HAND
R_MAX_TURNS = L.R_MAX_TURNS
R_ACTIONS = L.R_ACTIONS
R_PLAY = L.R_PLAY
R_ADD = L.R_ADD
R_GIVE = L.R_GIVE
R_DRAW = L.R_DRAW
R_PASS = L.R_PASS
R_LAY = L.R_LAY
R_MAX_CHAIN = L.R_MAX_CHAIN
TURN = L.PHASE_CODES["turn"]
CHAIN = L.PHASE_CODES["chain"]
GIFT = L.PHASE_CODES["gift"]
LAY = L.PHASE_CODES["lay"]
OVER = L.PHASE_CODES["over"]
TERM_LAST = 1 + L.TERMINATIONS.index(Termination.LAST_HOLDER)
TERM_SAFETY = 1 + L.TERMINATIONS.index(Termination.SAFETY_BOUND)
RANK = np.array(L.RANKS, np.int64)
RANKS_A_SUIT = 12
SUITS = CARDS // RANKS_A_SUIT
# Card values run suit by suit, ace to king (1o = 0, 2o = 1, ..., 1c = 12): the cards of a
# rank are rank - 1 plus a multiple of 12, which the legal moves read instead of searching.
assert all(L.RANKS[card] == card % RANKS_A_SUIT + 1 for card in range(CARDS))
MOST = 4 * CARDS
"""More than the most legal actions a position has: a turn's plays pair, rank by rank, held
and table cards of that rank (at most 2 x 2 of a rank's four cards), every other phase
has at most one action per card."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


_CONSTANTS = {name: value for name, value in vars(L).items() if name.isupper() and isinstance(value, (int, tuple, dict))}
STAMP = (source_stamp(L.__file__) ^ zlib.crc32(repr(sorted(_CONSTANTS.items())).encode())) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout and the reference's
constants it reads (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)

_NO_REFCOUNTS: dict[str, Any] = {"_nrt": False}
njit_plain = njit(cache=True, **_NO_REFCOUNTS)
"""How the rules' functions are compiled: cached, and without numba's reference counts
(none of them creates an array; counting every array argument in and out of every call
cost a fifth of a random game, as in the capture kernel's
:data:`~cau_rules.fishing.kernel.parts.njit_plain`)."""


# -- zones ------------------------------------------------------------------------------


@njit_plain
def zone_remove(s, at, length_at, card):
    """Remove *card* from the ordered zone at *at* (its length at *length_at*), keeping
    the order of the others; False if it is not there."""
    length = s[length_at]
    for index in range(length):
        if s[at + index] == card:
            for later in range(index, length - 1):
                s[at + later] = s[at + later + 1]
            s[length_at] = length - 1
            return True
    return False


@njit_plain
def zone_add(s, at, length_at, card):
    """Append *card* to the ordered zone at *at*."""
    length = s[length_at]
    s[at + length] = card
    s[length_at] = length + 1


@njit_plain
def hold_add(s, seat, card):
    """*card* joins *seat*'s holding, last."""
    zone_add(s, HOLD + seat * CARDS, HLEN + seat, card)


@njit_plain
def is_out(s, seat):
    """Whether *seat* is out of the game."""
    index = 0
    while index < s[OLEN] and s[OUT + index] != seat:
        index += 1
    return index < s[OLEN]


@njit_plain
def next_active(s, seat):
    """The first seat after *seat*, in turn order, that is not out."""
    n = s[N]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not is_out(s, other):
            return other
    return -1


@njit_plain
def stock_size(s):
    """The cards left in the stock."""
    return CARDS - s[POS]


# -- Engine -----------------------------------------------------------------------------


@njit_plain
def take_from(s, seat, card):
    """Remove *card* from *seat*'s holding, from what is known of it, and every private
    record of it."""
    zone_remove(s, HOLD + seat * CARDS, HLEN + seat, card)
    zone_remove(s, KNOWN + seat * CARDS, KLEN + seat, card)
    kept = 0
    for index in range(s[PLEN]):
        if s[PCARD + index] != card:
            s[PKNOWER + kept] = s[PKNOWER + index]
            s[PHOLDER + kept] = s[PHOLDER + index]
            s[PCARD + kept] = s[PCARD + index]
            kept += 1
    s[PLEN] = kept


@njit_plain
def forget_giver(s, giver, receiver):
    """*giver* gives *receiver* a card: the others forget every card of the giver's; the
    receiver keeps (privately) the giver's cards that were known to all."""
    kept = 0
    for index in range(s[PLEN]):
        if s[PHOLDER + index] != giver or s[PKNOWER + index] == receiver:
            s[PKNOWER + kept] = s[PKNOWER + index]
            s[PHOLDER + kept] = s[PHOLDER + index]
            s[PCARD + kept] = s[PCARD + index]
            kept += 1
    known = KNOWN + giver * CARDS
    for index in range(s[KLEN + giver]):
        s[PKNOWER + kept] = receiver
        s[PHOLDER + kept] = giver
        s[PCARD + kept] = s[known + index]
        kept += 1
    s[PLEN] = kept
    s[KLEN + giver] = 0


@njit_plain
def holds_rank(s, seat, rank):
    """Whether *seat* holds a card of *rank*."""
    at = HOLD + seat * CARDS
    index = 0
    while index < s[HLEN + seat] and RANK[s[at + index]] != rank:
        index += 1
    return index < s[HLEN + seat]


@njit_plain
def follow_chain(s, r):
    """The next player in turn must add if it holds the rank (up to Sant Vicent);
    otherwise the last caller takes the chain and the next player owes gifts."""
    level = s[CLEN]
    caller = s[CSEAT + level - 1]
    nxt = next_active(s, caller)
    if level < r[R_MAX_CHAIN] and holds_rank(s, nxt, RANK[s[TARGET]]):
        s[PHASE] = CHAIN
        s[TO_PLAY] = nxt
        return
    known = KNOWN + caller * CARDS
    hold_add(s, caller, s[TARGET])
    zone_add(s, known, KLEN + caller, s[TARGET])
    for index in range(level):
        hold_add(s, caller, s[CCARD + index])
        zone_add(s, known, KLEN + caller, s[CCARD + index])
    s[TARGET] = -1
    s[CLEN] = 0
    owed = min(level, s[HLEN + nxt])
    if owed > 0:
        s[PHASE] = GIFT
        s[GIVER] = nxt
        s[RECEIVER] = caller
        s[OWED] = owed
        s[LEVEL] = level
        s[TO_PLAY] = nxt
    else:
        end_turn(s, r, False)


@njit_plain
def end_turn(s, r, drew):
    """Refill the holdings from the turn's starter, lay an empty table again, put out the
    players left with nothing, then end the game or pass the turn on."""
    dry = stock_size(s) == 0 and not drew
    n = s[N]
    starter = s[STARTER]
    s[PASSES] = 0
    size = r[R_HAND]
    for step in range(n):
        seat = (starter + step) % n
        need = size - s[HLEN + seat]
        left = stock_size(s)
        if need <= 0 or left == 0 or is_out(s, seat):
            continue
        for _ in range(min(need, left)):
            hold_add(s, seat, s[DECK0 + s[POS]])
            s[POS] += 1
    if s[TLEN] == 0 and stock_size(s) > 0:
        for _ in range(min(r[R_TABLE], stock_size(s))):
            zone_add(s, TABLE, TLEN, s[DECK0 + s[POS]])
            s[POS] += 1
    if stock_size(s) == 0:
        for step in range(n):
            seat = (starter + step) % n
            if s[HLEN + seat] == 0 and not is_out(s, seat):
                s[OUT + s[OLEN]] = seat
                s[OLEN] += 1
    if n - s[OLEN] == 1:
        winner = 0
        while is_out(s, winner):
            winner += 1
        known = KNOWN + winner * CARDS
        for index in range(s[TLEN]):
            hold_add(s, winner, s[TABLE + index])
            zone_add(s, known, KLEN + winner, s[TABLE + index])
        s[TLEN] = 0
        s[STARTER] = winner
        finish(s, TERM_LAST)
        return
    next_turn(s, r, starter, dry)


@njit_plain
def next_turn(s, r, seat, dry):
    """The turn of *seat* is over: count it if played with an empty stock (the safety
    bound may end the game), then the next seat in the game plays its turn, or lays
    when the stock is empty and the centre dead."""
    if dry:
        s[TURNS] += 1
        if s[TURNS] >= r[R_MAX_TURNS]:
            finish(s, TERM_SAFETY)
            return
    nxt = next_active(s, seat)
    s[TO_PLAY] = nxt
    s[STARTER] = nxt
    if stock_size(s) == 0 and (s[TLEN] == 0 or s[PASSES] >= s[N] - s[OLEN]):
        s[PHASE] = LAY
        s[LAY_OWED] = min(r[R_TABLE], s[HLEN + nxt])
        s[LAY_AFTER] = -1
        s[PASSES] = 0
    else:
        s[PHASE] = TURN


@njit_plain
def finish(s, code):
    """End the game: nothing is pending any more."""
    s[PHASE] = OVER
    s[TO_PLAY] = s[STARTER]
    s[TERM] = code
    s[TARGET] = -1
    s[CLEN] = 0
    s[OWED] = 0
    s[LAY_OWED] = 0
    s[LAY_AFTER] = -1


@njit_plain
def step(s, r, action):
    """Make *action* (a legal index of the action codec) for the seat to play."""
    seat = s[TO_PLAY]
    if action < r[R_ADD]:
        card = action // r[R_PLAY]
        target = action % r[R_PLAY]
        take_from(s, seat, card)
        zone_remove(s, TABLE, TLEN, target)
        s[TARGET] = target
        s[CSEAT] = seat
        s[CCARD] = card
        s[CLEN] = 1
        follow_chain(s, r)
    elif action < r[R_GIVE]:
        card = action - r[R_ADD]
        take_from(s, seat, card)
        level = s[CLEN]
        s[CSEAT + level] = seat
        s[CCARD + level] = card
        s[CLEN] = level + 1
        follow_chain(s, r)
    elif action < r[R_DRAW]:
        card = action - r[R_GIVE]
        receiver = s[RECEIVER]
        forget_giver(s, seat, receiver)
        take_from(s, seat, card)
        hold_add(s, receiver, card)
        at = s[PLEN]
        s[PKNOWER + at] = seat
        s[PHOLDER + at] = receiver
        s[PCARD + at] = card
        s[PLEN] = at + 1
        if s[OWED] > 1:
            s[OWED] -= 1
        else:
            s[OWED] = 0
            end_turn(s, r, False)
    elif action == r[R_DRAW]:
        hold_add(s, seat, s[DECK0 + s[POS]])
        s[POS] += 1
        end_turn(s, r, True)
    elif action == r[R_PASS]:
        s[PASSES] += 1
        next_turn(s, r, seat, True)
    else:
        card = action - r[R_LAY]
        take_from(s, seat, card)
        zone_add(s, TABLE, TLEN, card)
        if s[LAY_OWED] > 1:
            s[LAY_OWED] -= 1
            s[LAY_AFTER] = card
        else:
            s[LAY_OWED] = 0
            s[LAY_AFTER] = -1
            end_turn(s, r, False)


# -- legal moves --------------------------------------------------------------------------


@njit_plain
def legal_mask(s, r, mask, actions):
    """The legal actions of the seat to play, into *actions* (in index order) and, when
    *mask* is not empty, *mask*; returns how many."""
    phase = s[PHASE]
    if phase == OVER:
        return 0
    seat = s[TO_PLAY]
    at = HOLD + seat * CARDS
    length = s[HLEN + seat]
    held = np.int64(0)
    for index in range(length):
        held |= np.int64(1) << np.int64(s[at + index])
    count = 0
    if phase == TURN:
        table = np.int64(0)
        for index in range(s[TLEN]):
            table |= np.int64(1) << np.int64(s[TABLE + index])
        for card in range(CARDS):
            if held >> card & 1:
                for suit in range(SUITS):  # the cards of its rank, in index order
                    target = RANK[card] - 1 + RANKS_A_SUIT * suit
                    if table >> target & 1:
                        actions[count] = r[R_PLAY] * card + target
                        count += 1
        if count == 0:
            actions[0] = r[R_DRAW] if stock_size(s) > 0 else r[R_PASS]
            count = 1
    elif phase == CHAIN:
        low = RANK[s[TARGET]] - 1
        for suit in range(SUITS):
            card = low + RANKS_A_SUIT * suit
            if held >> card & 1:
                actions[count] = r[R_ADD] + card
                count += 1
    elif phase == GIFT:
        for card in range(CARDS):
            if held >> card & 1:
                actions[count] = r[R_GIVE] + card
                count += 1
    else:
        after = s[LAY_AFTER]
        later = 0
        for card in range(after + 1, CARDS):
            if held >> card & 1:
                later += 1
        allowed = later - s[LAY_OWED] + 1
        for card in range(after + 1, CARDS):
            if count >= allowed:
                break
            if held >> card & 1:
                actions[count] = r[R_LAY] + card
                count += 1
    if mask.shape[0] > 0:
        for index in range(count):
            mask[actions[index]] = True
    return count


# -- batches --------------------------------------------------------------------------


def _step_rows(rows, r, actions, active_rows):
    """:func:`step` on every active row: rows are independent, so any thread order gives
    the same result."""
    for g in prange(rows.shape[0]):
        if active_rows[g]:
            step(rows[g], r, actions[g])


def _mask_rows(rows, r, masks, counts, lists):
    """:func:`legal_mask` of every row into *masks* (cleared here), the counts into
    *counts* and the actions themselves, in index order, into *lists*."""
    for g in prange(rows.shape[0]):
        masks[g, :] = False
        counts[g] = legal_mask(rows[g], r, masks[g], lists[g])


def _sample_rows(lists, counts, rngs, active_rows, out):
    """A uniformly random legal action of every active row into *out*: the same action as
    the mask's ``pick``-th True, taken from the row's list of legal actions in index order."""
    for g in prange(lists.shape[0]):
        if active_rows[g] and counts[g] > 0:
            out[g] = lists[g, next_random(rngs[g:g + 1]) % np.uint64(counts[g])]


step_serial, step_parallel = twins(_step_rows)
mask_serial, mask_parallel = twins(_mask_rows)
sample_serial, sample_parallel = twins(_sample_rows)


@njit(cache=True)
def play_random(s, r, rng):
    """Random legal moves until the game ends; returns the moves made."""
    actions = np.empty(MOST, np.int64)
    no_mask = np.zeros(0, np.bool_)
    made = 0
    while s[PHASE] != OVER:
        count = legal_mask(s, r, no_mask, actions)
        step(s, r, actions[next_random(rng) % np.uint64(count)])
        made += 1
    return made


# -- typed entry points (what the rest of the package calls) ---------------------------

Rows = npt.NDArray[np.int16]
Lists = npt.NDArray[np.int64]


def step_rows(rows: Rows, rules: Vector, actions: Vector, active_rows: Flags, parallel: bool) -> None:
    """Make ``actions[g]`` in every row *g* that is active (over the cores if *parallel*)."""
    (step_parallel if parallel else step_serial)(rows, rules, actions, active_rows)


def mask_rows(rows: Rows, rules: Vector, masks: Flags, counts: Vector, lists: Lists, parallel: bool) -> None:
    """The legal mask of every row into *masks*, how many into *counts*, the actions into *lists*."""
    (mask_parallel if parallel else mask_serial)(rows, rules, masks, counts, lists)


def random_moves(row: Rows, rules: Vector, rng: Randoms) -> int:
    """Random legal moves in one row until its game ends; returns how many."""
    return int(play_random(row, rules, rng))


def sample_rows(lists: Lists, counts: Vector, rngs: Randoms, active_rows: Flags, out: Vector, parallel: bool) -> None:
    """A uniformly random legal action per active row of *lists* (:func:`mask_rows`) into *out*."""
    (sample_parallel if parallel else sample_serial)(lists, counts, rngs, active_rows, out)
