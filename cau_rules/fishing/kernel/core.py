"""The turn, the deals and the hands of the capture-family kernel (numba), and the typed
entry points the rest of the package calls.  Built on :mod:`cau_rules.fishing.kernel.parts`;
every function mirrors the reference :class:`cau_rules.fishing.engine.Engine` method of the
same name, and the differential tests hold the two equal position by position."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.fishing.kernel import parts, stakes
from cau_rules.fishing.kernel.layout import (
    BIDS_LEN,
    CHAIN_CARD,
    CHAIN_LEN,
    CHAIN_RANK,
    CHAIN_SEAT,
    DEBT_LEN,
    DISCARD,
    DISCARD_LEN,
    ERROR,
    FINGERPRINT,
    HAND,
    HOLD_LEN,
    HS,
    HS_LEN,
    LAST_CAP,
    MAXP,
    OPENER,
    PENDING,
    PHASE,
    PILE_LEN,
    R_ACTIONS,
    R_CARD_STRIDE,
    R_CONTINUOUS,
    R_DECK,
    R_DISCARD,
    R_DOZENS,
    R_HAND_LIMIT,
    R_HANDS,
    R_MAXH,
    R_PACKET,
    R_PILE_STRIDE,
    R_RONDAS,
    R_ROTATE,
    R_ROUND_SIZE,
    R_RUN_STRIDE,
    R_STONES,
    R_SURPLUS,
    R_WHOLE,
    ROUND,
    RUN_LEN,
    RUN_OWNER,
    RUN_RANK,
    STAKE_HOLDERS,
    STAKE_ON,
    STOCK,
    STOCK_END,
    STOCK_START,
    TABLE,
    TABLE_LEN,
    TO_PLAY,
    TRAIL_CARD,
    TRAIL_SEAT,
    WON,
    WON_JOC,
    N,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.parts import (
    BID,
    BON_FER,
    NO_DEAL,
    OVER,
    OVERFLOW,
    PIXAT,
    PLAY,
    SCRATCH,
    SURPLUS,
    TABLE_UNIT,
    X_PLAY,
    capture,
    complete_chain,
    extend_chain,
    hold_add,
    hold_remove,
    legal_mask,
    neta,
    njit_plain,
    partida_won,
    pay,
    pile_push,
    run_units,
    score,
    settle,
    table_add,
    table_index,
    table_ranks,
    table_take,
    top_masks,
)
from cau_rules.fishing.kernel.stakes import answer_stake, ronda_kind, stone_rondas
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.rng import next_random
from cau_rules.kernel.rows import sample_parallel, sample_serial, twins
from cau_rules.kernel.types import Flags, Randoms, Vector


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(stakes.__file__)
         ^ source_stamp(kernel_rng.__file__))
"""What this module's machine code was compiled against: the layout, the building
blocks, the rondas' stake and the move generator (numba's cache follows this file only; the blocks and
``next_random`` are compiled into it)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- a turn -------------------------------------------------------------------------


@njit_plain
def play(s, r, deals, card, run, piles, x):
    """Play *card* of the seat to play, taking *run* units and the piles in the mask *piles*."""
    seat = s[TO_PLAY]
    rank = card % 12 + 1
    level = s[CHAIN_LEN]
    trail_seat = s[TRAIL_SEAT]
    trail_card = s[TRAIL_CARD]
    s[TRAIL_SEAT] = -1
    s[TRAIL_CARD] = -1
    if level > 0 and rank != s[CHAIN_RANK]:
        complete_chain(s, r, False, x)
        if s[WON] >= 0:
            return
        level = 0
    ranks = table_ranks(s)
    extends = level > 0
    matched = extends or (ranks >> rank & 1) != 0
    if run > 0:  # a run is a match's: its units' choices (most plays take none)
        top_masks(s, r, seat, ranks, x, X_PLAY)
        run_units(r, rank, ranks, x, X_PLAY, X_PLAY + 13)
    unit_rank = x[X_PLAY + 13:X_PLAY + 25]
    unit_choice = x[X_PLAY + 25:X_PLAY + 37]
    plan_rank = x[X_PLAY + 37:X_PLAY + 49]
    plan_owner = x[X_PLAY + 49:X_PLAY + 61]
    for u in range(run):
        plan_rank[u] = unit_rank[u]
        choice = unit_choice[u]
        if choice == TABLE_UNIT:
            plan_owner[u] = -1
        else:
            owner = 0
            while not (choice & piles) >> owner & 1:
                owner += 1
            plan_owner[u] = owner
    hold_remove(s, seat, card)
    if extends:
        s[CHAIN_SEAT + level] = seat
        s[CHAIN_CARD + level] = card
        s[CHAIN_LEN] = level + 1
        set_run(s, plan_rank, plan_owner, run)
        extend_chain(s, r, x)
    elif not matched:
        table_add(s, card)
        s[TRAIL_SEAT] = seat
        s[TRAIL_CARD] = card
    elif trail_seat >= 0 and trail_card % 12 + 1 == rank:
        table_take(s, table_index(s, rank))
        s[CHAIN_SEAT] = trail_seat
        s[CHAIN_CARD] = trail_card
        s[CHAIN_SEAT + 1] = seat
        s[CHAIN_CARD + 1] = card
        s[CHAIN_LEN] = 2
        s[CHAIN_RANK] = rank
        set_run(s, plan_rank, plan_owner, run)
        extend_chain(s, r, x)
    else:
        core = x[X_PLAY + 61:X_PLAY + 63]
        core[0] = table_take(s, table_index(s, rank))
        core[1] = card
        capture(s, seat, core, 2, plan_rank, plan_owner, run, x)
        if s[TABLE_LEN] == 0:
            neta(s, r, seat)
    if s[WON] >= 0:
        return
    end_turn(s, r, deals, seat, x)


@njit_plain
def set_run(s, plan_rank, plan_owner, run):
    for u in range(run):
        s[RUN_RANK + u] = plan_rank[u]
        s[RUN_OWNER + u] = plan_owner[u]
    s[RUN_LEN] = run


@njit_plain
def end_turn(s, r, deals, seat, x):
    n = s[N]
    if r[R_CONTINUOUS] and s[STOCK_START] < s[STOCK_END]:
        hold_add(s, seat, s[STOCK + s[STOCK_START]])
        s[STOCK_START] += 1
    settle(s, seat)
    held = 0
    for other in range(n):
        held += s[HOLD_LEN + other]
    if held > 0:
        s[TO_PLAY] = (seat + 1) % n
    elif s[STOCK_START] < s[STOCK_END]:
        new_round(s, r, seat, x)
    else:
        end_hand(s, r, deals, seat, x)


@njit_plain
def new_round(s, r, last, x):
    n = s[N]
    nxt = (last + 1) % n
    s[ROUND] += 1
    opener = (s[HAND] + s[ROUND]) % n if r[R_ROTATE] else nxt
    if opener != nxt:
        if s[CHAIN_LEN] > 0:
            complete_chain(s, r, False, x)
            if s[WON] >= 0:
                return
            settle(s, last)
        s[TRAIL_SEAT] = -1
        s[TRAIL_CARD] = -1
    deal_round(s, r, opener, x)


@njit_plain
def deal_round(s, r, opener, x):
    n = s[N]
    eldest = s[HAND] % n
    stock = s[STOCK_END] - s[STOCK_START]
    each = stock // n if r[R_WHOLE] else min(r[R_ROUND_SIZE], stock // n)
    position = s[STOCK_START]
    left = each
    while left > 0:
        packet = r[R_PACKET] if left >= r[R_PACKET] else 1
        for step in range(n):
            seat = (eldest + step) % n
            for j in range(packet):
                if position + j < s[STOCK_END]:
                    hold_add(s, seat, s[STOCK + position + j])
            position += packet
        left -= packet
    s[STOCK_START] = min(position, s[STOCK_END])
    s[OPENER] = opener
    s[TO_PLAY] = opener
    s[PHASE] = PLAY
    if r[R_RONDAS] and (each == 2 or each == 3) and not (r[R_CONTINUOUS] and s[ROUND] > 0):
        if r[R_STONES]:
            stone_rondas(s, r, opener, x)
            return
        for step in range(n):
            seat = (opener + step) % n
            kind = ronda_kind(s, seat, x)
            if kind > 0:
                for other in range(1, n):
                    pay(s, (seat + other) % n, seat, kind)
    settle(s, opener)


# -- hands --------------------------------------------------------------------------


@njit_plain
def start_hand(s, r, deals, hand, x):
    n = s[N]
    s[HAND] = hand
    s[ROUND] = 0
    eldest = hand % n
    slot = deals[hand % deals.shape[0]]
    if slot[0] != hand:
        s[ERROR] = NO_DEAL
        s[PHASE] = OVER
        return
    ntable = slot[1]
    returned = slot[2]
    deck = r[R_DECK]
    for i in range(ntable):
        s[TABLE + i] = slot[3 + i]
    s[TABLE_LEN] = ntable
    for i in range(deck - ntable):
        s[STOCK + i] = slot[3 + ntable + i]
    s[STOCK_START] = 0
    s[STOCK_END] = deck - ntable
    for seat in range(n):
        s[HOLD_LEN + seat] = 0
        s[PILE_LEN + seat] = 0
        s[DEBT_LEN + seat] = 0
    s[DISCARD_LEN] = 0
    s[CHAIN_LEN] = 0
    s[RUN_LEN] = 0
    s[TRAIL_SEAT] = -1
    s[TRAIL_CARD] = -1
    s[STAKE_ON] = 0
    s[STAKE_HOLDERS] = 0
    s[BIDS_LEN] = 0
    s[LAST_CAP] = -1
    s[OPENER] = eldest
    s[TO_PLAY] = eldest
    s[PHASE] = PLAY
    if r[R_STONES]:
        dealer_team = (eldest - 1) % n % 2
        if returned > 0:
            score(s, r, 1 - dealer_team, 1, PIXAT)
        else:
            score(s, r, dealer_team, 1, BON_FER)
        if s[WON] >= 0:
            return
    deal_round(s, r, eldest, x)


@njit_plain
def end_hand(s, r, deals, last, x):
    n = s[N]
    complete_chain(s, r, False, x)
    if s[WON] >= 0:
        return
    settle(s, last)
    size = s[TABLE_LEN]
    if size > 0:
        if r[R_DISCARD]:
            for i in range(size):
                s[DISCARD + s[DISCARD_LEN] + i] = s[TABLE + i]
            s[DISCARD_LEN] += size
            s[TABLE_LEN] = 0
        elif s[LAST_CAP] >= 0:
            for i in range(size):
                pile_push(s, s[LAST_CAP], s[TABLE + i])
            s[TABLE_LEN] = 0
    for seat in range(n):
        s[DEBT_LEN + seat] = 0
    s[TRAIL_SEAT] = -1
    s[TRAIL_CARD] = -1
    if r[R_STONES] and r[R_SURPLUS]:
        half = r[R_DECK] // 2
        for team in range(2):
            held = 0
            for seat in range(team, n, 2):
                held += s[PILE_LEN + seat]
            if held - half > 0:
                score(s, r, team, held - half, SURPLUS)
                if s[WON] >= 0:
                    return
    row = s[HS_LEN]
    if row >= r[R_MAXH]:
        s[ERROR] = OVERFLOW
        s[PHASE] = OVER
        return
    for seat in range(n):
        cards = s[PILE_LEN + seat]
        s[HS + row * MAXP + seat] = min(cards // 12, 3) if r[R_DOZENS] else cards
    s[HS_LEN] = row + 1
    if s[HAND] + 1 < r[R_HANDS] or r[R_STONES]:
        start_hand(s, r, deals, s[HAND] + 1, x)
        return
    s[PHASE] = OVER


# -- the entry points ---------------------------------------------------------------


@njit_plain
def close_partida(s, r, deals, x):
    """The team ``WON`` won the partida: start the next partida's first hand, again while
    its deal wins one (the reference's ``partida_won``), or end the game.  When the
    hand's deal is not written, the row stops with ``PENDING`` set: the caller writes
    it and calls :func:`resume`."""
    while s[WON] >= 0:
        team = s[WON]
        joc = s[WON_JOC]
        s[WON] = -1
        s[WON_JOC] = 0
        partida_won(s, r, team, joc)
        if s[PHASE] == OVER:
            return
        hand = s[HAND] + 1
        if deals[hand % deals.shape[0], 0] != hand:
            s[PENDING] = 1
            return
        start_hand(s, r, deals, hand, x)


@njit_plain
def resume(s, r, deals, x):
    """Start the partida a row stopped for (``PENDING``), its first hand's deal now
    written; the row may stop again for the next one (a deal that wins a partida)."""
    hand = s[HAND] + 1
    if deals[hand % deals.shape[0], 0] != hand:
        return
    s[PENDING] = 0
    s[WON] = -1
    start_hand(s, r, deals, hand, x)
    close_partida(s, r, deals, x)


@njit_plain
def begin(s, r, deals, x):
    """Deal the first hand of the row (its fields other than the seat count cleared)."""
    s[WON] = -1
    s[WON_JOC] = 0
    s[PENDING] = 0
    start_hand(s, r, deals, 0, x)
    close_partida(s, r, deals, x)


@njit_plain
def step(s, r, deals, action, x):
    """Make the legal *action* (the codec's index) of the seat to play."""
    s[WON] = -1
    s[WON_JOC] = 0
    if s[PHASE] == BID:
        answer_stake(s, r, action, x)
    else:
        card = action // r[R_CARD_STRIDE]
        rest = action % r[R_CARD_STRIDE]
        run = rest // r[R_RUN_STRIDE]
        piles = (rest % r[R_RUN_STRIDE]) // r[R_PILE_STRIDE] if r[R_PILE_STRIDE] > 0 else 0
        play(s, r, deals, card, run, piles, x)
    close_partida(s, r, deals, x)


def _step_rows(rows, r, deals, actions, active):
    """:func:`step` on every active row: rows are independent, so any thread order
    gives the same result."""
    for g in prange(rows.shape[0]):
        if active[g]:
            x = np.empty(SCRATCH, np.int64)
            step(rows[g], r, deals[g], actions[g], x)


def _mask_rows(rows, r, works, masks, counts):
    """:func:`legal_mask` of every row into *masks* (cleared here), the counts into *counts*."""
    for g in prange(rows.shape[0]):
        masks[g, :] = False
        actions = np.empty(masks.shape[1], np.int64)
        x = np.empty(SCRATCH, np.int64)
        counts[g] = legal_mask(rows[g], r, works[g], masks[g], actions, x)


step_serial, step_parallel = twins(_step_rows)
mask_serial, mask_parallel = twins(_mask_rows)


@njit_plain
def deals_ready(s, r, deals):
    """Whether the deal of the hand the next move may start is written: a move ends at
    most one hand (the next hand's start deals every seat cards, so it cannot end it)."""
    wanted = s[HAND] + 1
    return wanted >= r[R_HAND_LIMIT] or deals[wanted % deals.shape[0], 0] == wanted


@njit(cache=True)
def play_random(s, r, deals, work, rng, limit):
    """Play uniformly random legal moves until the game ends, *limit* moves are made or
    a deal is missing (the caller writes it and calls again); returns the moves made."""
    actions = np.empty(r[R_ACTIONS], np.int64)
    no_mask = np.zeros(0, np.bool_)
    x = np.empty(SCRATCH, np.int64)
    made = 0
    while s[PHASE] != OVER and made < limit and s[ERROR] == 0:
        if s[PENDING]:
            resume(s, r, deals, x)
            if s[PENDING] or s[PHASE] == OVER:
                break  # a deal to write, or the joc ended at a deal
            continue
        if not deals_ready(s, r, deals):
            break
        count = legal_mask(s, r, work, no_mask, actions, x)
        step(s, r, deals, actions[next_random(rng) % np.uint64(count)], x)
        made += 1
    return made


# -- typed entry points (what the rest of the package calls) ---------------------------

Rows = npt.NDArray[np.int16]


def begin_row(row: Rows, rules: Vector, deals: Rows) -> None:
    """Deal the first hand into *row* (its seat count and tally flag set, the rest zero)."""
    begin(row, rules, deals, np.empty(SCRATCH, np.int64))


def resume_row(row: Rows, rules: Vector, deals: Rows) -> None:
    """Start the partida *row* waits for (``PENDING``), its first hand's deal written."""
    resume(row, rules, deals, np.empty(SCRATCH, np.int64))


def step_rows(rows: Rows, rules: Vector, deals: Rows, actions: Vector, active: Flags, parallel: bool) -> None:
    """Make ``actions[g]`` in every row *g* that is ``active`` (over the cores if *parallel*)."""
    (step_parallel if parallel else step_serial)(rows, rules, deals, actions, active)


def step_row(row: Rows, rules: Vector, deals: Rows, action: int) -> None:
    """Make *action* in one row."""
    step(row, rules, deals, action, np.empty(SCRATCH, np.int64))


def mask_rows(rows: Rows, rules: Vector, works: Rows, masks: Flags, counts: Vector, parallel: bool) -> None:
    """The legal mask of every row into *masks*, how many into *counts* (*works* is scratch)."""
    (mask_parallel if parallel else mask_serial)(rows, rules, works, masks, counts)


def mask_row(row: Rows, rules: Vector, work: Rows, mask: Flags) -> None:
    """The legal mask of one row into *mask* (cleared by the caller)."""
    legal_mask(row, rules, work, mask, np.empty(mask.shape[0], np.int64), np.empty(SCRATCH, np.int64))


def random_moves(row: Rows, rules: Vector, deals: Rows, work: Rows, rng: Randoms, limit: int) -> int:
    """Random legal moves in one row until it ends, *limit* moves or a missing deal;
    returns the moves made (``rng``: the row's generator state, one uint64)."""
    return int(play_random(row, rules, deals, work, rng, limit))


def sample_rows(masks: Flags, counts: Vector, rngs: Randoms, active: Flags, out: Vector, parallel: bool) -> None:
    """A uniformly random legal action per active row of *masks* into *out*."""
    (sample_parallel if parallel else sample_serial)(masks, counts, rngs, active, out)
