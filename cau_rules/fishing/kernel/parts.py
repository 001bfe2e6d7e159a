"""The building blocks of the capture-family kernel, compiled with numba: the zones of a
row, stones, payments and debts, captures and chains, run units and the legal mask.

Every function reads and writes one game's row (:mod:`cau_rules.fishing.kernel.layout`)
and the rules vector, and mirrors the reference code of the same name
(:class:`cau_rules.fishing.engine.Engine`, :mod:`cau_rules.fishing.legal`).  A stones
game's reaching the target, an exception in the engine, is the ``WON`` field here:
every caller returns as soon as it is set.
"""

from __future__ import annotations

from numba import njit

from cau_rules.fishing.kernel.layout import (
    BIDS,
    BIDS_LEN,
    CHAIN_CARD,
    CHAIN_LEN,
    CHAIN_RANK,
    CHAIN_SEAT,
    DEBT_AMT,
    DEBT_CRED,
    DEBT_LEN,
    ERROR,
    FINGERPRINT,
    GAME_BID,
    HAND,
    HOLD,
    HOLD_LEN,
    LAST_CAP,
    LOG,
    LOG_LEN,
    MAXD,
    MAXLOG,
    PARTIDES0,
    PHASE,
    PHASE_CODES,
    PILE,
    PILE_LEN,
    R_ACCEPT,
    R_BID2,
    R_BID_GAME,
    R_CARD_STRIDE,
    R_CUMULATIVE,
    R_MAX_CHAIN,
    R_MODE,
    R_MUST,
    R_NO_RUNS,
    R_OPEN,
    R_OWN,
    R_PILE_STRIDE,
    R_REFUSE,
    R_RUN_STRIDE,
    R_STONES,
    R_SUCC,
    R_TARGET,
    REASONS,
    RUN_LEN,
    RUN_OWNER,
    RUN_RANK,
    SCALARS,
    STAKE_HOLDERS,
    STAKE_ON,
    STONES0,
    TABLE,
    TABLE_LEN,
    TO_PLAY,
    TRAIL_CARD,
    TRAIL_SEAT,
    WON,
    N,
    fresh_cache,
)


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT
"""What this module's machine code was compiled against: the layout."""
fresh_cache(compiled_stamp, STAMP, __file__)

SCRATCH = 320
"""The scratch array *x* every function gets (int64), cut into fixed regions so that no
move allocates: the legal move generator's from ``X_LEGAL``, a chain's completion's from
``X_CHAIN``, a capture's stack from ``X_STACK``, a play's from ``X_PLAY``, rank counts
from ``X_COUNTS``.  A function only calls others whose regions are not its own."""
X_LEGAL = 0
X_CHAIN = 100
X_STACK = 128
X_PLAY = 224
X_COUNTS = 288

TABLE_UNIT = 1 << 12
"""A run unit's choices when it is the table card (bits 0-11 are pile owners)."""

PLAY, BID, OVER = PHASE_CODES["play"], PHASE_CODES["bid"], PHASE_CODES["over"]
"""The phases of a row (the layout's codes)."""
PIXAT, BON_FER, RONDA, RONDI, STAKE, SURPLUS, NETA = (
    REASONS.index(reason) for reason in ("pixat", "bon fer", "ronda", "rondi", "stake", "surplus", "neta")
)
"""The stones log's reasons (the layout's codes, from the zones' list of reasons)."""
CAU = REASONS.index("cau")
"""The reason of a chain's call: ``CAU + level - 2`` (cau, recau, sant-vicent follow each other)."""
assert REASONS[CAU:CAU + 3] == ("cau", "recau", "sant-vicent")
OVERFLOW, NO_DEAL = 1, 2
"""The ``ERROR`` codes: a fixed size outgrown, a hand's deal missing."""

# -- zones ------------------------------------------------------------------------


@njit(cache=True)
def hold_remove(s, seat, card):
    base = HOLD + seat * 48
    size = s[HOLD_LEN + seat]
    i = 0
    while s[base + i] != card:
        i += 1
    for j in range(i, size - 1):
        s[base + j] = s[base + j + 1]
    s[HOLD_LEN + seat] = size - 1


@njit(cache=True)
def hold_add(s, seat, card):
    size = s[HOLD_LEN + seat]
    s[HOLD + seat * 48 + size] = card
    s[HOLD_LEN + seat] = size + 1


@njit(cache=True)
def table_index(s, rank):
    for i in range(s[TABLE_LEN]):
        if s[TABLE + i] % 12 + 1 == rank:
            return i
    return -1


@njit(cache=True)
def table_take(s, i):
    card = s[TABLE + i]
    size = s[TABLE_LEN]
    for j in range(i, size - 1):
        s[TABLE + j] = s[TABLE + j + 1]
    s[TABLE_LEN] = size - 1
    return card


@njit(cache=True)
def table_add(s, card):
    size = s[TABLE_LEN]
    s[TABLE + size] = card
    s[TABLE_LEN] = size + 1


@njit(cache=True)
def table_ranks(s):
    bits = 0
    for i in range(s[TABLE_LEN]):
        bits |= 1 << (s[TABLE + i] % 12 + 1)
    return bits


@njit(cache=True)
def pile_push(s, seat, card):
    size = s[PILE_LEN + seat]
    s[PILE + seat * 48 + size] = card
    s[PILE_LEN + seat] = size + 1


@njit(cache=True)
def pile_pop(s, seat):
    size = s[PILE_LEN + seat] - 1
    s[PILE_LEN + seat] = size
    return s[PILE + seat * 48 + size]


# -- stones -----------------------------------------------------------------------


@njit(cache=True)
def score(s, r, team, stones, reason):
    """Add stones for *team* and log them; reaching the target sets ``WON``."""
    total = s[STONES0 + team] + stones
    s[STONES0 + team] = total
    entry = s[LOG_LEN]
    if entry >= MAXLOG:
        s[ERROR] = OVERFLOW
        s[WON] = team
        return
    at = LOG + entry * 5
    s[at] = s[PARTIDES0] + s[PARTIDES0 + 1]
    s[at + 1] = s[HAND]
    s[at + 2] = team
    s[at + 3] = reason
    s[at + 4] = stones
    s[LOG_LEN] = entry + 1
    if total >= r[R_TARGET]:
        s[WON] = team


@njit(cache=True)
def partida_won(s, team):
    """One partida wins the game (``partides_to_win`` is 1 in the kernel)."""
    s[PARTIDES0 + team] += 1
    s[STAKE_ON] = 0
    s[STAKE_HOLDERS] = 0
    s[BIDS_LEN] = 0
    s[PHASE] = OVER


# -- payments and debts -----------------------------------------------------------


@njit(cache=True)
def add_debt(s, payer, receiver, amount):
    size = s[DEBT_LEN + payer]
    if size >= MAXD:
        s[ERROR] = OVERFLOW
        return
    s[DEBT_CRED + payer * MAXD + size] = receiver
    s[DEBT_AMT + payer * MAXD + size] = amount
    s[DEBT_LEN + payer] = size + 1


@njit(cache=True)
def pay(s, payer, receiver, amount):
    paid = min(amount, s[PILE_LEN + payer])
    for _ in range(paid):
        pile_push(s, receiver, pile_pop(s, payer))
    if paid < amount:
        add_debt(s, payer, receiver, amount - paid)


@njit(cache=True)
def settle(s, start):
    """Pay debts as far as piles allow (D-DEBT-1)."""
    n = s[N]
    owed = 0
    for seat in range(n):
        owed += s[DEBT_LEN + seat]
    if owed == 0:
        return
    moved = True
    while moved:
        moved = False
        for step in range(n):
            debtor = (start + step) % n
            while s[DEBT_LEN + debtor] > 0 and s[PILE_LEN + debtor] > 0:
                creditor = s[DEBT_CRED + debtor * MAXD]
                amount = s[DEBT_AMT + debtor * MAXD]
                pile_push(s, creditor, pile_pop(s, debtor))
                if amount > 1:
                    s[DEBT_AMT + debtor * MAXD] = amount - 1
                else:
                    size = s[DEBT_LEN + debtor]
                    for j in range(size - 1):
                        s[DEBT_CRED + debtor * MAXD + j] = s[DEBT_CRED + debtor * MAXD + j + 1]
                        s[DEBT_AMT + debtor * MAXD + j] = s[DEBT_AMT + debtor * MAXD + j + 1]
                    s[DEBT_LEN + debtor] = size - 1
                moved = True


@njit(cache=True)
def neta(s, r, seat):
    if r[R_STONES]:
        score(s, r, seat % 2, 1, NETA)
        return
    n = s[N]
    for step in range(1, n):
        pay(s, (seat + step) % n, seat, 1)


# -- captures and chains ----------------------------------------------------------


@njit(cache=True)
def capture(s, seat, core, ncore, plan_rank, plan_owner, nplan, x):
    """Stack a capture onto *seat*'s pile: run units from the highest down, each taken
    pile whole, then the *core* cards (D-CAP-4, D-CHAIN-5)."""
    stack = x[X_STACK:X_STACK + 96]
    size = 0
    for u in range(nplan - 1, -1, -1):
        owner = plan_owner[u]
        if owner < 0:
            stack[size] = table_take(s, table_index(s, plan_rank[u]))
            size += 1
        else:
            base = PILE + owner * 48
            for j in range(s[PILE_LEN + owner]):
                stack[size] = s[base + j]
                size += 1
            s[PILE_LEN + owner] = 0
    for j in range(ncore):
        stack[size] = core[j]
        size += 1
    for j in range(size):
        pile_push(s, seat, stack[j])
    s[LAST_CAP] = seat


@njit(cache=True)
def complete_chain(s, r, at_once, x):
    """Complete the pending chain: the capture, the call's payments or stones, any neta."""
    level = s[CHAIN_LEN]
    if level == 0:
        return
    n = s[N]
    s[CHAIN_LEN] = 0
    caller = s[CHAIN_SEAT + level - 1]
    core = x[X_CHAIN:X_CHAIN + 4]
    for j in range(level):
        core[j] = s[CHAIN_CARD + j]
    nplan = s[RUN_LEN]
    plan_rank = x[X_CHAIN + 4:X_CHAIN + 16]
    plan_owner = x[X_CHAIN + 16:X_CHAIN + 28]
    for j in range(nplan):
        plan_rank[j] = s[RUN_RANK + j]
        plan_owner[j] = s[RUN_OWNER + j]
    s[RUN_LEN] = 0
    capture(s, caller, core, level, plan_rank, plan_owner, nplan, x)
    if r[R_STONES]:
        if not r[R_CUMULATIVE] or at_once:
            score(s, r, caller % 2, level - 1, CAU + level - 2)
            if s[WON] >= 0:
                return
    else:
        # payers by distance after the caller, then by position in the chain
        for distance in range(1, n):
            payer = (caller + distance) % n
            for position in range(level - 1):
                if s[CHAIN_SEAT + position] == payer:
                    pay(s, payer, caller, position + 1)
    if s[TABLE_LEN] == 0:
        neta(s, r, caller)


@njit(cache=True)
def extend_chain(s, r, x):
    level = s[CHAIN_LEN]
    seat = s[CHAIN_SEAT + level - 1]
    if level >= r[R_MAX_CHAIN]:
        complete_chain(s, r, True, x)
    elif r[R_STONES] and r[R_CUMULATIVE]:
        score(s, r, seat % 2, level - 1, CAU + level - 2)


# -- run units --------------------------------------------------------------------


@njit(cache=True)
def top_masks(s, r, seat, ranks, tops):
    """The open pile tops a run may take, as owner masks by rank (*tops*, 13 entries)."""
    for rank in range(13):
        tops[rank] = 0
    if not r[R_OPEN]:
        return
    own = r[R_OWN]
    for owner in range(s[N]):
        size = s[PILE_LEN + owner]
        if size > 0 and (owner != seat or own):
            rank = s[PILE + owner * 48 + size - 1] % 12 + 1
            if not ranks >> rank & 1:
                tops[rank] |= 1 << owner


@njit(cache=True)
def run_units(r, start, ranks, tops, unit_rank, unit_choice):
    """The run available after matching rank *start*: each unit's rank and choices
    (:data:`TABLE_UNIT` or the owners whose pile tops may be taken); returns the count."""
    count = 0
    rank = r[R_SUCC + start]
    while rank != 0 and rank != start:
        if ranks >> rank & 1:
            unit_choice[count] = TABLE_UNIT
        elif tops[rank] != 0:
            unit_choice[count] = tops[rank]
        else:
            break
        unit_rank[count] = rank
        count += 1
        rank = r[R_SUCC + rank]
    return count


@njit(cache=True)
def mark(mask, actions, count, action):
    """Mark *action* legal: in *mask* (unless it is empty) and as ``actions[count]``;
    returns the new count.  No action is marked twice: each play's index is its card,
    run length and pile set, and each is generated once."""
    if mask.shape[0] > 0:
        mask[action] = True
    actions[count] = action
    return count + 1


@njit(cache=True)
def put_plays(r, card, nunits, unit_choice, in_chain, mask, actions, count):
    """Mark the plays of *card* with these run units legal; returns the new count."""
    base = card * r[R_CARD_STRIDE]
    run_stride = r[R_RUN_STRIDE]
    pile_stride = r[R_PILE_STRIDE]
    mode = r[R_MODE]
    for length in range(nunits + 1):
        if in_chain and r[R_NO_RUNS]:
            if length > 0:
                break
        elif mode == 1:
            if length != 0 and length != nunits:
                continue
        elif mode == 2 and length != nunits:
            continue
        # every combination of one owner per pile unit among the first *length* units
        combos = 1
        for u in range(length):
            if unit_choice[u] != TABLE_UNIT:
                bits = 0
                c = unit_choice[u]
                while c:
                    bits += c & 1
                    c >>= 1
                combos *= bits
        for combo in range(combos):
            rest = combo
            piles = 0
            for u in range(length):
                choice = unit_choice[u]
                if choice != TABLE_UNIT:
                    bits = 0
                    c = choice
                    while c:
                        bits += c & 1
                        c >>= 1
                    pick = rest % bits
                    rest //= bits
                    for owner in range(12):
                        if choice >> owner & 1:
                            if pick == 0:
                                piles |= 1 << owner
                                break
                            pick -= 1
            count = mark(mask, actions, count, base + length * run_stride + piles * pile_stride)
    return count


@njit(cache=True)
def copy_for_chain(s, work):
    """Copy into *work* what completing the chain of *s* reads: the scalars, the table,
    the piles, the chain and its run, the debt counts (a whole row is ten times more)."""
    for i in range(SCALARS):
        work[i] = s[i]
    for i in range(s[TABLE_LEN]):
        work[TABLE + i] = s[TABLE + i]
    for seat in range(s[N]):
        work[PILE_LEN + seat] = s[PILE_LEN + seat]
        work[DEBT_LEN + seat] = s[DEBT_LEN + seat]
        for i in range(s[PILE_LEN + seat]):
            work[PILE + seat * 48 + i] = s[PILE + seat * 48 + i]
    for i in range(CHAIN_SEAT, RUN_OWNER + 12):
        work[i] = s[i]


@njit(cache=True)
def legal_mask(s, r, work, mask, actions, x):
    """Mark the legal actions of the row *s* in *mask* (cleared by the caller; empty:
    not written) and list them in *actions*; returns how many.  *work* is a scratch row."""
    phase = s[PHASE]
    if phase == OVER:
        return 0
    if phase == BID:
        return stake_mask(s, r, mask, actions)
    seat = s[TO_PLAY]
    level = s[CHAIN_LEN]
    chain_rank = s[CHAIN_RANK]
    tops = x[X_LEGAL:X_LEGAL + 13]
    unit_rank = x[X_LEGAL + 13:X_LEGAL + 25]
    unit_choice = x[X_LEGAL + 25:X_LEGAL + 37]
    if level > 0:
        copy_for_chain(s, work)
        complete_chain(work, r, False, x)
        base = work
    else:
        base = s
    ranks = table_ranks(base)
    top_masks(base, r, seat, ranks, tops)
    trail_rank = s[TRAIL_CARD] % 12 + 1 if s[TRAIL_SEAT] >= 0 else 0
    captures = False
    count = 0
    size = s[HOLD_LEN + seat]
    trails = x[X_LEGAL + 37:X_LEGAL + 85]
    ntrails = 0
    for i in range(size):
        card = s[HOLD + seat * 48 + i]
        rank = card % 12 + 1
        if level > 0 and rank == chain_rank:
            captures = True
            current = table_ranks(s)
            ext_tops = x[X_LEGAL + 85:X_LEGAL + 98]
            top_masks(s, r, seat, current, ext_tops)
            nunits = run_units(r, rank, current, ext_tops, unit_rank, unit_choice)
            count = put_plays(r, card, nunits, unit_choice, True, mask, actions, count)
        elif ranks >> rank & 1:
            captures = True
            nunits = run_units(r, rank, ranks, tops, unit_rank, unit_choice)
            count = put_plays(r, card, nunits, unit_choice, rank == trail_rank, mask, actions, count)
        else:
            trails[ntrails] = card * r[R_CARD_STRIDE]
            ntrails += 1
    if not (r[R_MUST] and captures):
        for t in range(ntrails):
            count = mark(mask, actions, count, trails[t])
    return count


@njit(cache=True)
def stake_mask(s, r, mask, actions):
    top = r[R_TARGET] - 1 - max(s[STONES0], s[STONES0 + 1])
    nbids = s[BIDS_LEN]
    last = s[BIDS + nbids - 1] if nbids > 0 else 1
    count = 0
    if last != GAME_BID:
        for stones in range(max(2, last + 1), top + 1):
            count = mark(mask, actions, count, r[R_BID2] + stones - 2)
        count = mark(mask, actions, count, r[R_BID_GAME])
    if nbids > 0:
        count = mark(mask, actions, count, r[R_ACCEPT])
        count = mark(mask, actions, count, r[R_REFUSE])
    return count
