"""The capture family's observation vectors computed in the kernel (numba), straight from
the rows: :meth:`cau_rules.fishing.features.FishingFeatures.encode` of the view of the
seat to play, element for element (the differential tests compare the two), without
building ordinary states.

The pieces' offsets come from :class:`~cau_rules.fishing.features.FishingFeatures`
itself (:func:`pieces_of`), so the two cannot drift apart in layout; float32 sums add
in float32 as the reference's writes into a float32 array do.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.fishing.features import FishingFeatures
from cau_rules.fishing.kernel import parts
from cau_rules.fishing.kernel.layout import (
    BIDS,
    BIDS_LEN,
    CHAIN_CARD,
    CHAIN_LEN,
    CHAIN_SEAT,
    DEBT_AMT,
    DEBT_CRED,
    DEBT_LEN,
    DISCARD,
    DISCARD_LEN,
    FINGERPRINT,
    GAME_BID,
    HAND,
    HAS_TALLY,
    HOLD,
    HOLD_LEN,
    HS,
    HS_LEN,
    JOC_BID,
    LAST_CAP,
    MAXD,
    MAXP,
    PARTIDES0,
    PHASE,
    PILE,
    PILE_LEN,
    R_OPEN,
    ROUND,
    STAKE_HOLDERS,
    STAKE_KIND,
    STAKE_ON,
    STAKE_SEAT,
    STOCK_END,
    STOCK_START,
    STONES0,
    TABLE,
    TABLE_LEN,
    TO_PLAY,
    TRAIL_CARD,
    TRAIL_SEAT,
    N,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.parts import OVER
from cau_rules.fishing.rules import FishingRules
from cau_rules.kernel.tools import parallel_twin


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT ^ source_stamp(parts.__file__)
"""What this module's machine code was compiled against."""
fresh_cache(compiled_stamp, STAMP, __file__)

PIECES = (
    "seat", "to_play", "phase", "holding", "table", "trail", "trail_seat", "chain", "chain_caller",
    "chain_level", "discard", "piles", "pile_tops", "pile_sizes", "holding_sizes", "stock_size", "debts",
    "last_capturer", "hand", "round", "hands_won", "stones", "partides", "stake",
)
"""The pieces the kernel writes, in the order of :func:`pieces_of`'s offsets (the
``declarations`` piece stays zero: the kernel plays automatic calls only)."""
(SEAT, TO_PLAY_AT, PHASE_AT, HOLDING, TABLE_AT, TRAIL, TRAIL_SEAT_AT, CHAIN, CHAIN_CALLER, CHAIN_LEVEL,
 DISCARD_AT, PILES, PILE_TOPS, PILE_SIZES, HOLDING_SIZES, STOCK_SIZE, DEBTS, LAST_CAPTURER, HAND_AT, ROUND_AT,
 HANDS_WON, STONES, PARTIDES, STAKE) = range(len(PIECES))
DECK, HAND_WHOLE, ROUND_WHOLE, HANDS, TARGET, PARTIDES_WHOLE = range(6)
"""The entries of the numbers array: the deck's size and the wholes of the fractions."""


def pieces_of(rules: FishingRules, players: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int]:
    """The offsets of :data:`PIECES`, the numbers the fractions divide by, and the
    vector's size, all from :class:`~cau_rules.fishing.features.FishingFeatures`.

    >>> from cau_rules.fishing.rules import CAU
    >>> at, numbers, size = pieces_of(CAU, 2)
    >>> int(at[0]), float(numbers[0]), size == FishingFeatures(CAU, 2).size
    (0, 48.0, True)
    """
    features = FishingFeatures(rules, players)
    at = np.array([features.offset(name) for name in PIECES], np.int64)
    numbers = np.array([
        rules.deck.size, max(rules.hands, 2 * rules.target), max(len(rules.round_sizes(players)), 1),
        rules.hands, rules.target, rules.partides_to_win,
    ], np.float64)
    return at, numbers, features.size


@njit(cache=True)
def fraction(value, whole):
    """:func:`cau_rules.vectors.fraction`."""
    if whole <= 0:
        return 0.0
    return min(max(value / whole, 0.0), 1.0)


@njit(cache=True)
def add(out, index, value):
    """``out[index] += value`` as a float32 array adds a Python float: in float32."""
    out[index] = out[index] + np.float32(value)


@njit(cache=True)
def observe_row(s, r, at, numbers, out):
    """The observation vector of the seat to play in row *s* into *out* (float32)."""
    out[:] = 0.0
    n = s[N]
    seat = s[TO_PLAY]
    phase = s[PHASE]
    deck = numbers[DECK]
    out[at[SEAT] + seat] = 1.0
    if phase != OVER:
        out[at[TO_PLAY_AT] + seat] = 1.0
    out[at[PHASE_AT] + phase] = 1.0
    for i in range(s[HOLD_LEN + seat]):
        out[at[HOLDING] + s[HOLD + seat * 48 + i]] = 1.0
    for i in range(s[TABLE_LEN]):
        out[at[TABLE_AT] + s[TABLE + i]] = 1.0
    if s[TRAIL_SEAT] >= 0:
        out[at[TRAIL] + s[TRAIL_CARD]] = 1.0
        out[at[TRAIL_SEAT_AT] + s[TRAIL_SEAT]] = 1.0
    level = s[CHAIN_LEN]
    if level > 0:
        for i in range(level):
            out[at[CHAIN] + s[CHAIN_CARD + i]] = 1.0
        out[at[CHAIN_CALLER] + s[CHAIN_SEAT + level - 1]] = 1.0
        out[at[CHAIN_LEVEL]] = fraction(level, 4.0)
    for i in range(s[DISCARD_LEN]):
        out[at[DISCARD_AT] + s[DISCARD + i]] = 1.0
    for owner in range(n):
        size = s[PILE_LEN + owner]
        if r[R_OPEN] and size > 0:
            for i in range(size):
                out[at[PILES] + owner * 48 + s[PILE + owner * 48 + i]] = 1.0
            out[at[PILE_TOPS] + owner * 48 + s[PILE + owner * 48 + size - 1]] = 1.0
        out[at[PILE_SIZES] + owner] = fraction(size, deck)
    for owner in range(n):
        out[at[HOLDING_SIZES] + owner] = fraction(s[HOLD_LEN + owner], deck)
    out[at[STOCK_SIZE]] = fraction(s[STOCK_END] - s[STOCK_START], deck)
    for debtor in range(n):
        for i in range(s[DEBT_LEN + debtor]):
            creditor = s[DEBT_CRED + debtor * MAXD + i]
            add(out, at[DEBTS] + debtor * n + creditor, fraction(s[DEBT_AMT + debtor * MAXD + i], deck))
    if s[LAST_CAP] >= 0:
        out[at[LAST_CAPTURER] + s[LAST_CAP]] = 1.0
    out[at[HAND_AT]] = fraction(s[HAND], numbers[HAND_WHOLE])
    out[at[ROUND_AT]] = fraction(s[ROUND], numbers[ROUND_WHOLE])
    for h in range(s[HS_LEN]):
        best = s[HS + h * MAXP]
        for other in range(n):
            best = max(best, s[HS + h * MAXP + other])
        for other in range(n):
            if s[HS + h * MAXP + other] == best:
                add(out, at[HANDS_WON] + other, 1.0 / numbers[HANDS])
    for i in range(n * n):
        out[at[DEBTS] + i] = min(out[at[DEBTS] + i], np.float32(1.0))
    for i in range(n):
        out[at[HANDS_WON] + i] = min(out[at[HANDS_WON] + i], np.float32(1.0))
    if s[HAS_TALLY]:
        for team in range(2):
            out[at[STONES] + team] = fraction(s[STONES0 + team], numbers[TARGET])
            out[at[PARTIDES] + team] = fraction(s[PARTIDES0 + team], numbers[PARTIDES_WHOLE])
    if s[STAKE_ON]:
        stake = at[STAKE]
        bids = s[BIDS_LEN]
        out[stake] = 1.0
        out[stake + 1] = fraction(bids, numbers[TARGET])
        if bids > 0:
            last = s[BIDS + bids - 1]
            if last == GAME_BID:
                out[stake + 3] = 1.0
            elif last == JOC_BID:  # above the game: both flags
                out[stake + 2] = 1.0
                out[stake + 3] = 1.0
            else:
                out[stake + 2] = fraction(last, numbers[TARGET])
        for h in range(s[STAKE_HOLDERS]):
            out[stake + 4 + 2 * s[STAKE_SEAT + h] + (1 if s[STAKE_KIND + h] == 2 else 0)] = 1.0


def _observe_rows(rows, r, at, numbers, out):
    for g in prange(rows.shape[0]):
        observe_row(rows[g], r, at, numbers, out[g])


observe_serial = njit(cache=True)(_observe_rows)
observe_parallel = njit(cache=True, parallel=True)(parallel_twin(_observe_rows))


def observe_rows(rows: npt.NDArray[np.int16], rules: npt.NDArray[np.int64], at: npt.NDArray[np.int64],
                 numbers: npt.NDArray[np.float64], out: npt.NDArray[np.float32], parallel: bool) -> None:
    """The observation vector of each row's seat to play into the rows of *out*."""
    (observe_parallel if parallel else observe_serial)(rows, rules, at, numbers, out)
