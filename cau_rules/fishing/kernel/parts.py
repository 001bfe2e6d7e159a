"""The building blocks of the capture-family kernel, compiled with numba: the zones of a
row, stones, payments and debts, captures and chains, run units and the legal mask.

Every function reads and writes one game's row (:mod:`cau_rules.fishing.kernel.layout`)
and the rules vector, and mirrors the reference code of the same name
(:class:`cau_rules.fishing.engine.Engine`, :mod:`cau_rules.fishing.legal`).  A stones
game's reaching the target, an exception in the engine, is the ``WON`` field here:
every caller returns as soon as it is set.

The functions that create no array (all of them here, and the turn's in
:mod:`~cau_rules.fishing.kernel.core`) are compiled without numba's reference counting
(``_nrt=False``): it counted every array argument in and out of every call (an atomic
operation each way), a fifth of a random game's time; the hottest small ones are inlined.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cau_rules.cache import use_cache_dir
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
    HAND,
    HOLD,
    HOLD_LEN,
    JOC_BID,
    LAST_CAP,
    LOG_LEN,
    MAXD,
    PARTIDES0,
    PHASE,
    PHASE_CODES,
    PILE,
    PILE_LEN,
    R_ACCEPT,
    R_BID2,
    R_BID_GAME,
    R_BID_JOC,
    R_CARD_STRIDE,
    R_CUMULATIVE,
    R_LOG,
    R_MAX_CHAIN,
    R_MAXLOG,
    R_MODE,
    R_MUST,
    R_NO_RUNS,
    R_OPEN,
    R_OWN,
    R_PARTIDES,
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

use_cache_dir()  # before the first compiled function below: the cache goes to the user's directory


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT
"""What this module's machine code was compiled against: the layout."""
fresh_cache(compiled_stamp, STAMP, __file__)

_NO_REFCOUNTS: dict[str, Any] = {"_nrt": False}
njit_plain = njit(cache=True, **_NO_REFCOUNTS)
"""How a function that creates no array is compiled: cached, without reference counts."""
njit_inline = njit(cache=True, inline="always", **_NO_REFCOUNTS)
"""The same, inlined into its callers."""

SCRATCH = 352
"""The scratch array *x* every function gets (int64), cut into fixed regions so that no
move allocates: the legal move generator's from ``X_LEGAL`` and its plays by rank from
``X_RANKS``, a chain's completion's from ``X_CHAIN``, a capture's stack from
``X_STACK``, a play's from ``X_PLAY``, rank counts from ``X_COUNTS``.  A function only
calls others whose regions are not its own."""
X_LEGAL = 0
X_CHAIN = 100
X_STACK = 128
X_PLAY = 224
X_COUNTS = 288
X_RANKS = 304

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


@njit_inline
def hold_remove(s, seat, card):
    """Take *card* out of *seat*'s holding, the cards after it moved down: one pass that
    moves every card by whether *card* came before it (no branch on where it is)."""
    base = HOLD + seat * 48
    size = s[HOLD_LEN + seat]
    past = 0
    for j in range(size):
        value = s[base + j]
        s[base + j - past] = value
        past |= value == card
    s[HOLD_LEN + seat] = size - 1


@njit_inline
def push(s, base, length_at, card):
    """Put *card* at the end of the zone of *s* that starts at *base*, its length at
    ``s[length_at]``."""
    size = s[length_at]
    s[base + size] = card
    s[length_at] = size + 1


@njit_inline
def hold_add(s, seat, card):
    push(s, HOLD + seat * 48, HOLD_LEN + seat, card)


@njit_inline
def table_index(s, rank):
    for i in range(s[TABLE_LEN]):
        if s[TABLE + i] % 12 + 1 == rank:
            return i
    return -1


@njit_inline
def table_take(s, i):
    card = s[TABLE + i]
    size = s[TABLE_LEN]
    for j in range(i, size - 1):
        s[TABLE + j] = s[TABLE + j + 1]
    s[TABLE_LEN] = size - 1
    return card


@njit_inline
def table_add(s, card):
    push(s, TABLE, TABLE_LEN, card)


@njit_inline
def table_ranks(s):
    bits = 0
    for i in range(s[TABLE_LEN]):
        bits |= 1 << (s[TABLE + i] % 12 + 1)
    return bits


@njit_inline
def pile_push(s, seat, card):
    push(s, PILE + seat * 48, PILE_LEN + seat, card)


@njit_inline
def pile_pop(s, seat):
    size = s[PILE_LEN + seat] - 1
    s[PILE_LEN + seat] = size
    return s[PILE + seat * 48 + size]


# -- stones -----------------------------------------------------------------------


@njit_plain
def score(s, r, team, stones, reason):
    """Add stones for *team* and log them; reaching the target sets ``WON``."""
    total = s[STONES0 + team] + stones
    s[STONES0 + team] = total
    entry = s[LOG_LEN]
    if entry >= r[R_MAXLOG]:
        s[ERROR] = OVERFLOW
        s[WON] = team
        return
    at = r[R_LOG] + entry * 5
    s[at] = s[PARTIDES0] + s[PARTIDES0 + 1]
    s[at + 1] = s[HAND]
    s[at + 2] = team
    s[at + 3] = reason
    s[at + 4] = stones
    s[LOG_LEN] = entry + 1
    if total >= r[R_TARGET]:
        s[WON] = team


@njit_plain
def partida_won(s, r, team, joc):
    """*team* won the partida (with *joc*: the whole joc, its partides raised to
    ``partides_to_win``): the game is over when it has won enough, else the stones
    start again from nothing (the caller starts the next partida's first hand)."""
    won = r[R_PARTIDES] if joc else s[PARTIDES0 + team] + 1
    s[PARTIDES0 + team] = won
    s[STAKE_ON] = 0
    s[STAKE_HOLDERS] = 0
    s[BIDS_LEN] = 0
    if won >= r[R_PARTIDES]:
        s[PHASE] = OVER
        return
    s[STONES0] = 0
    s[STONES0 + 1] = 0


# -- payments and debts -----------------------------------------------------------


@njit_plain
def add_debt(s, payer, receiver, amount):
    size = s[DEBT_LEN + payer]
    if size >= MAXD:
        s[ERROR] = OVERFLOW
        return
    s[DEBT_CRED + payer * MAXD + size] = receiver
    s[DEBT_AMT + payer * MAXD + size] = amount
    s[DEBT_LEN + payer] = size + 1


@njit_plain
def pay(s, payer, receiver, amount):
    paid = min(amount, s[PILE_LEN + payer])
    for _ in range(paid):
        pile_push(s, receiver, pile_pop(s, payer))
    if paid < amount:
        add_debt(s, payer, receiver, amount - paid)


@njit_inline
def settle(s, start):
    """Pay debts as far as piles allow (D-DEBT-1)."""
    owed = 0
    for seat in range(s[N]):
        owed += s[DEBT_LEN + seat]
    if owed != 0:
        pay_debts(s, start)


@njit_plain
def pay_debts(s, start):
    """:func:`settle` when some debt is owed."""
    n = s[N]
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


@njit_plain
def neta(s, r, seat):
    if r[R_STONES]:
        score(s, r, seat % 2, 1, NETA)
        return
    n = s[N]
    for step in range(1, n):
        pay(s, (seat + step) % n, seat, 1)


# -- captures and chains ----------------------------------------------------------


@njit_plain
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


@njit_plain
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


@njit_plain
def extend_chain(s, r, x):
    level = s[CHAIN_LEN]
    seat = s[CHAIN_SEAT + level - 1]
    if level >= r[R_MAX_CHAIN]:
        complete_chain(s, r, True, x)
    elif r[R_STONES] and r[R_CUMULATIVE]:
        score(s, r, seat % 2, level - 1, CAU + level - 2)


# -- run units --------------------------------------------------------------------


@njit_inline
def top_masks(s, r, seat, ranks, x, at):
    """The open pile tops a run may take, as owner masks by rank (13 entries of *x*
    from *at*).

    The run-unit helpers read and write the scratch *x* at given offsets rather than
    through slices of it: each slice is a new array whose reference count is kept up
    (atomic operations), which cost more than the work in the legal move generator."""
    for rank in range(13):
        x[at + rank] = 0
    if not r[R_OPEN]:
        return
    own = r[R_OWN]
    for owner in range(s[N]):
        size = s[PILE_LEN + owner]
        if size > 0 and (owner != seat or own):
            rank = s[PILE + owner * 48 + size - 1] % 12 + 1
            if not ranks >> rank & 1:
                x[at + rank] |= 1 << owner


@njit_inline
def run_units(r, start, ranks, x, tops_at, units_at):
    """The run available after matching rank *start* (the tops from :func:`top_masks`
    at *tops_at*): each unit's rank (12 entries of *x* from *units_at*) and choices
    (:data:`TABLE_UNIT` or the owners whose pile tops may be taken; 12 entries from
    ``units_at + 12``); returns the count."""
    count = 0
    rank = r[R_SUCC + start]
    while rank != 0 and rank != start:
        if ranks >> rank & 1:
            x[units_at + 12 + count] = TABLE_UNIT
        elif x[tops_at + rank] != 0:
            x[units_at + 12 + count] = x[tops_at + rank]
        else:
            break
        x[units_at + count] = rank
        count += 1
        rank = r[R_SUCC + rank]
    return count


@njit_inline
def mark(mask, actions, count, action):
    """Mark *action* legal: in *mask* (unless it is empty) and as ``actions[count]``;
    returns the new count.  No action is marked twice: each play's index is its card,
    run length and pile set, and each is generated once."""
    if mask.shape[0] > 0:
        mask[action] = True
    actions[count] = action
    return count + 1


@njit_inline
def put_plays(r, card, nunits, x, units_at, in_chain, mask, actions, count):
    """Mark the plays of *card* with the run units of :func:`run_units` at *units_at*
    legal; returns the new count.

    The run lengths in increasing order, and for each the pile sets in the order of
    :func:`put_combos`; the units with one choice (a table card, or one pile owner) need
    no enumeration, so a run whose units all have one choice is one play."""
    base = card * r[R_CARD_STRIDE]
    if in_chain and r[R_NO_RUNS]:
        return mark(mask, actions, count, base)
    run_stride = r[R_RUN_STRIDE]
    pile_stride = r[R_PILE_STRIDE]
    mode = r[R_MODE]
    combos = 1
    fixed = 0
    for length in range(nunits + 1):
        if length > 0:
            choice = x[units_at + 12 + length - 1]
            if choice != TABLE_UNIT:
                if choice & (choice - 1) == 0:
                    fixed |= choice
                else:
                    bits = 0
                    c = choice
                    while c:
                        bits += c & 1
                        c >>= 1
                    combos *= bits
        if mode == 1:
            if length != 0 and length != nunits:
                continue
        elif mode == 2 and length != nunits:
            continue
        if combos == 1:
            count = mark(mask, actions, count, base + length * run_stride + fixed * pile_stride)
        else:
            count = put_combos(base + length * run_stride, pile_stride, length, combos,
                               x[units_at + 12:units_at + 24], mask, actions, count)
    return count


@njit_plain
def put_combos(base, pile_stride, length, combos, unit_choice, mask, actions, count):
    """Mark the plays of a run of *length* units with *combos* pile sets: every
    combination of one owner per pile unit, the first unit's choice varying fastest."""
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
        count = mark(mask, actions, count, base + piles * pile_stride)
    return count


@njit_plain
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


@njit_plain
def legal_mask(s, r, work, mask, actions, x):
    """Mark the legal actions of the row *s* in *mask* (cleared by the caller; empty:
    not written) and list them in *actions*; returns how many.  *work* is a scratch row.

    The actions are listed card by card in holding order.  A card's plays depend on its
    rank only (the card is the index's first part, the same for all its plays), so the
    plays of a card whose rank came before in the holding are those of the earlier card
    moved to this card's index, not computed again: whole-deck deals hold up to twenty
    cards, several of a rank."""
    phase = s[PHASE]
    if phase == OVER:
        return 0
    if phase == BID:
        return stake_mask(s, r, mask, actions)
    seat = s[TO_PLAY]
    level = s[CHAIN_LEN]
    chain_rank = s[CHAIN_RANK] if level > 0 else -1
    if level > 0:
        copy_for_chain(s, work)
        complete_chain(work, r, False, x)
        base = work
    else:
        base = s
    ranks = table_ranks(base)
    cards = X_LEGAL + 37
    # the holding split without a branch per card (whether a card captures is a coin
    # toss the processor cannot predict): the capturing cards from the top of *cards*
    # down, the others from its bottom up, both in holding order
    matches = ranks | (1 << chain_rank if level > 0 else 0)
    size = s[HOLD_LEN + seat]
    hold = HOLD + seat * 48
    last = cards + 47
    ntrails = 0
    ncaptures = 0
    for i in range(size):
        card = s[hold + i]
        hit = matches >> (card % 12 + 1) & 1
        x[cards + ntrails] = card
        x[last - ncaptures] = card
        ntrails += 1 - hit
        ncaptures += hit
    count = 0
    stride = r[R_CARD_STRIDE]
    if ncaptures > 0:
        count = capture_plays(s, r, seat, base, ranks, chain_rank, ncaptures, mask, actions, x)
        if r[R_MUST]:
            return count
    for t in range(ntrails):
        count = mark(mask, actions, count, x[cards + t] * stride)
    return count


@njit_inline
def capture_plays(s, r, seat, base, ranks, chain_rank, ncaptures, mask, actions, x):
    """The plays of the *ncaptures* capturing cards that :func:`legal_mask` put at the
    top of its cards region (the last first, so read downwards), listed in *actions*
    from 0; returns how many."""
    tops = X_LEGAL
    units = X_LEGAL + 13
    last = X_LEGAL + 37 + 47
    ext_tops = X_LEGAL + 85
    top_masks(base, r, seat, ranks, x, tops)
    trail_rank = s[TRAIL_CARD] % 12 + 1 if s[TRAIL_SEAT] >= 0 else 0
    stride = r[R_CARD_STRIDE]
    # by rank: where the plays of the rank's last card start in *actions* (-1: none
    # yet), how many, and that card
    first = X_RANKS
    plays = X_RANKS + 13
    model = X_RANKS + 26
    for rank in range(13):
        x[first + rank] = -1
    count = 0
    for c in range(ncaptures):
        card = x[last - c]
        rank = card % 12 + 1
        start = x[first + rank]
        begin = count
        if start >= 0:
            shift = (card - x[model + rank]) * stride
            for j in range(x[plays + rank]):
                count = mark(mask, actions, count, actions[start + j] + shift)
        elif rank == chain_rank:
            current = table_ranks(s)
            top_masks(s, r, seat, current, x, ext_tops)
            nunits = run_units(r, rank, current, x, ext_tops, units)
            count = put_plays(r, card, nunits, x, units, True, mask, actions, count)
            x[plays + rank] = count - begin
        else:
            nunits = run_units(r, rank, ranks, x, tops, units)
            count = put_plays(r, card, nunits, x, units, rank == trail_rank, mask, actions, count)
            x[plays + rank] = count - begin
        x[first + rank] = begin
        x[model + rank] = card
    return count


@njit_plain
def stake_mask(s, r, mask, actions):
    top = r[R_TARGET] - 1 - max(s[STONES0], s[STONES0 + 1])
    nbids = s[BIDS_LEN]
    last = s[BIDS + nbids - 1] if nbids > 0 else 1
    count = 0
    if last >= 1:  # a number (or no bid yet): higher numbers, then the game
        for stones in range(max(2, last + 1), top + 1):
            count = mark(mask, actions, count, r[R_BID2] + stones - 2)
        count = mark(mask, actions, count, r[R_BID_GAME])
    if r[R_BID_JOC] >= 0 and last != JOC_BID:
        count = mark(mask, actions, count, r[R_BID_JOC])
    if nbids > 0:
        count = mark(mask, actions, count, r[R_ACCEPT])
        count = mark(mask, actions, count, r[R_REFUSE])
    return count
