"""The compiled alpha-beta of :mod:`cau_rules.fishing.kernel.exact` (numba).

The search over the kernel's own :func:`~cau_rules.fishing.kernel.core.step` and
:func:`~cau_rules.fishing.kernel.parts.legal_mask` with a transposition table, the value of
an ended line (the final score margin), the estimate where a depth-limited line stops, the
table's key (cards as ranks) and the structural perfect-information predicate of a row;
:mod:`cau_rules.fishing.kernel.exact` documents what is searched and gives the typed entry
points.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cau_rules.fishing.kernel import core, parts
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT
from cau_rules.fishing.kernel.core import step
from cau_rules.fishing.kernel.layout import (
    BIDS,
    BIDS_LEN,
    CHAIN_CARD,
    CHAIN_LEN,
    CHAIN_SEAT,
    DEBT_AMT,
    DEBT_CRED,
    DEBT_LEN,
    DISCARD_LEN,
    ERROR,
    FINGERPRINT,
    HOLD,
    HOLD_LEN,
    HS,
    HS_LEN,
    LOG_LEN,
    MAXD,
    MAXP,
    PARTIDES0,
    PHASE,
    PHASE_CODES,
    PILE,
    PILE_LEN,
    R_ACTIONS,
    R_CARD_STRIDE,
    R_OPEN,
    R_STONES,
    RUN_LEN,
    RUN_OWNER,
    RUN_RANK,
    SCALARS,
    STAKE_HOLDERS,
    STAKE_KIND,
    STAKE_SEAT,
    STOCK,
    STOCK_END,
    STOCK_START,
    STONES0,
    TABLE,
    TABLE_LEN,
    TO_PLAY,
    TRAIL_CARD,
    N,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.parts import NO_DEAL, SCRATCH, legal_mask

__all__ = [
    "ABORTED", "DONE", "EXACT_DEPTH", "FAILED", "INF", "WIN", "estimate", "key_of", "perfect_row", "run_solve",
    "value_of",
]

OVER = PHASE_CODES["over"]
BID = PHASE_CODES["bid"]
INF = 1 << 40
"""Beyond any value."""
WIN = 1 << 20
"""The value of a game won during the searched hand (stones)."""
DONE, ABORTED, FAILED = 0, 1, 2
"""What :func:`run_solve` returns: solved, out of nodes, or a row outgrew the kernel's sizes."""
EXACT, LOWER, UPPER = 1, 2, 3
EXACT_DEPTH = 1 << 30
"""The depth limit of an exact search (no line is cut)."""

_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xBF58476D1CE4E5B9)


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(core.__file__)
"""What this module's machine code was compiled against (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- the predicate ---------------------------------------------------------------------


@njit(cache=True)
def perfect_row(s):
    """Whether the row *s* is perfect information for its seat to play by its structure:
    the stock is empty and at most one other seat holds cards (the seat must also know the
    contents of closed piles, which a row cannot say: see :func:`perfect_state` and
    :func:`~cau_rules.fishing.infer.perfect_information`)."""
    if s[STOCK_START] < s[STOCK_END]:
        return False
    seat = s[TO_PLAY]
    holders = 0
    for other in range(s[N]):
        if other != seat and s[HOLD_LEN + other] > 0:
            holders += 1
    return holders <= 1


# -- the value and the key -------------------------------------------------------------


@njit(cache=True)
def terminal(s, root_hs):
    """Whether the search ends at *s*: the game is over or the hand ended."""
    return s[PHASE] == OVER or s[HS_LEN] > root_hs


@njit(cache=True)
def team_margin(s, at, team, root_team):
    """*root_team*'s total of the seats' numbers ``s[at + seat]`` minus the best other
    team's (0 when no other team plays)."""
    totals = np.zeros(MAXP, np.int64)
    used = np.zeros(MAXP, np.bool_)
    for seat in range(s[N]):
        totals[team[seat]] += s[at + seat]
        used[team[seat]] = True
    best = -INF
    for other in range(MAXP):
        if used[other] and other != root_team and totals[other] > best:
            best = totals[other]
    if best == -INF:
        best = 0
    return totals[root_team] - best


@njit(cache=True)
def value_of(s, r, team, root_team, root_hs, root_partides):
    """The final score margin of the ended row *s* for *root_team* (see the module)."""
    if r[R_STONES]:
        if s[PARTIDES0] != root_partides[0] or s[PARTIDES0 + 1] != root_partides[1]:
            won = 0 if s[PARTIDES0] != root_partides[0] else 1
            return WIN if won == root_team else -WIN
        return np.int64(s[STONES0 + root_team]) - np.int64(s[STONES0 + 1 - root_team])
    return team_margin(s, HS + root_hs * MAXP, team, root_team)


@njit(cache=True)
def estimate(s, r, team, root_team):
    """The value guessed for the row *s* where a depth-limited search stops: the root
    team's cards in piles minus the best other team's, or its stones minus the other
    team's (stones)."""
    if r[R_STONES]:
        return np.int64(s[STONES0 + root_team]) - np.int64(s[STONES0 + 1 - root_team])
    return team_margin(s, PILE_LEN, team, root_team)


@njit(cache=True)
def _mix(h, v):
    h = (h ^ np.uint64(v + 40000)) * _M1
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def key_of(s, r, root_team):
    """The transposition key of *s*: every field the rest of the game reads, with cards
    as ranks (holdings and the table as rank counts, piles as rank sequences when open,
    as sizes when closed)."""
    h = _mix(np.uint64(0x243F6A8885A308D3), root_team)
    for i in range(SCALARS):
        if i in (DISCARD_LEN, LOG_LEN, ERROR):
            continue
        v = np.int64(s[i])
        if i == TRAIL_CARD and v >= 0:
            v = v % 12 + 1
        h = _mix(h, v)
    n = s[N]
    counts = np.zeros(13, np.int64)
    for seat in range(n):
        counts[:] = 0
        for i in range(s[HOLD_LEN + seat]):
            counts[s[HOLD + seat * 48 + i] % 12 + 1] += 1
        for rank in range(13):
            h = _mix(h, counts[rank])
        size = s[PILE_LEN + seat]
        h = _mix(h, size)
        if r[R_OPEN]:
            for i in range(size):
                h = _mix(h, s[PILE + seat * 48 + i] % 12)
        debts = s[DEBT_LEN + seat]
        h = _mix(h, debts)
        for i in range(debts):
            h = _mix(h, s[DEBT_CRED + seat * MAXD + i])
            h = _mix(h, s[DEBT_AMT + seat * MAXD + i])
    counts[:] = 0
    for i in range(s[TABLE_LEN]):
        counts[s[TABLE + i] % 12 + 1] += 1
    for rank in range(13):
        h = _mix(h, counts[rank])
    for i in range(s[STOCK_START], s[STOCK_END]):
        h = _mix(h, s[STOCK + i] % 12)
    for i in range(s[CHAIN_LEN]):
        h = _mix(h, s[CHAIN_SEAT + i])
        h = _mix(h, s[CHAIN_CARD + i] % 12)
    for i in range(s[RUN_LEN]):
        h = _mix(h, s[RUN_RANK + i])
        h = _mix(h, s[RUN_OWNER + i])
    for i in range(s[STAKE_HOLDERS]):
        h = _mix(h, s[STAKE_SEAT + i])
        h = _mix(h, s[STAKE_KIND + i])
    for i in range(s[BIDS_LEN]):
        h = _mix(h, s[BIDS + i])
    h = (h ^ (h >> np.uint64(31))) * _M2
    return h ^ (h >> np.uint64(33))


@njit(cache=True)
def distinct_moves(s, r, actions, count, out):
    """The actions of *actions* (``count`` of them) that differ in more than the suit of
    the card played, into *out*; returns how many."""
    stride = r[R_CARD_STRIDE]
    made = 0
    seen = np.empty(count, np.int64)
    bidding = s[PHASE] == BID
    for i in range(count):
        a = actions[i]
        k = a if bidding else (a // stride % 12) * stride + a % stride
        fresh = True
        for j in range(made):
            if seen[j] == k:
                fresh = False
                break
        if fresh:
            seen[made] = k
            out[made] = a
            made += 1
    return made


# -- the search ------------------------------------------------------------------------


@njit(cache=True)
def run_solve(base, r, team, root_team, alpha_in, beta_in, node_limit, max_depth, tt_key, tt_val, tt_flag, tt_move,
              tt_draft, nodes, out):
    """Alpha-beta from the row *base* (not over) within the window (*alpha_in*,
    *beta_in*), for *root_team* (*team*: each seat's team); the
    transposition table is the five ``tt_*`` arrays (a power of two entries, keys 0 when
    empty; ``tt_draft``: the moves searched below the entry).  ``nodes[0]`` counts the
    positions visited (the search stops past *node_limit*).  Lines longer than
    *max_depth* moves stop at :func:`estimate` (``nodes[1]`` counts them: 0 means the
    value is exact).  Returns :data:`DONE` (``out[0]`` the value, ``out[1]`` a best
    action), :data:`ABORTED` or :data:`FAILED`."""
    root_hs = base[HS_LEN]
    root_partides = np.empty(2, np.int64)
    root_partides[0] = base[PARTIDES0]
    root_partides[1] = base[PARTIDES0 + 1]
    held = 0
    for seat in range(base[N]):
        held += base[HOLD_LEN + seat]
    depth = held + 80
    actions_total = r[R_ACTIONS]
    size = base.shape[0]
    rows = np.empty((depth + 1, size), np.int16)
    acts = np.empty((depth + 1, actions_total), np.int64)
    cnt = np.zeros(depth + 1, np.int64)
    idx = np.zeros(depth + 1, np.int64)
    alpha = np.zeros(depth + 1, np.int64)
    beta = np.zeros(depth + 1, np.int64)
    alpha0 = np.zeros(depth + 1, np.int64)
    beta0 = np.zeros(depth + 1, np.int64)
    best = np.zeros(depth + 1, np.int64)
    best_act = np.zeros(depth + 1, np.int64)
    maxing = np.zeros(depth + 1, np.bool_)
    keys = np.zeros(depth + 1, np.uint64)
    cut0 = np.zeros(depth + 1, np.int64)
    listed = np.empty(actions_total, np.int64)
    work = np.empty(size, np.int16)
    no_mask = np.zeros(0, np.bool_)
    x = np.empty(SCRATCH, np.int64)
    deals = np.full((DEAL_SLOTS, SLOT), -1, np.int16)
    mask = np.uint64(tt_key.shape[0] - 1)
    for i in range(size):
        rows[0, i] = base[i]
    alpha[0] = alpha_in
    beta[0] = beta_in
    d = 0
    enter = True
    v = np.int64(0)
    while True:
        returning = False
        if enter:
            enter = False
            s = rows[d]
            nodes[0] += 1
            if nodes[0] > node_limit:
                return ABORTED
            if terminal(s, root_hs):
                v = value_of(s, r, team, root_team, root_hs, root_partides)
                returning = True
            elif d >= max_depth:
                v = estimate(s, r, team, root_team)
                nodes[1] += 1
                returning = True
            else:
                k = key_of(s, r, root_team)
                slot = k & mask
                hint = -1
                if tt_key[slot] == k and tt_draft[slot] >= max_depth - d:
                    tv = tt_val[slot]
                    f = tt_flag[slot]
                    if d > 0 and (f == EXACT or (f == LOWER and tv >= beta[d]) or (f == UPPER and tv <= alpha[d])):
                        v = tv
                        returning = True
                        if tt_draft[slot] < EXACT_DEPTH:
                            nodes[1] += 1  # a value that rests on cut lines
                    else:
                        hint = tt_move[slot]
                if not returning:
                    count = legal_mask(s, r, work, no_mask, listed, x)
                    if count == 0:
                        return FAILED
                    made = distinct_moves(s, r, listed, count, acts[d])
                    if hint >= 0:
                        for i in range(made):
                            if acts[d, i] == hint:
                                acts[d, i] = acts[d, 0]
                                acts[d, 0] = hint
                                break
                    cnt[d] = made
                    idx[d] = 0
                    cut0[d] = nodes[1]
                    keys[d] = k
                    alpha0[d] = alpha[d]
                    beta0[d] = beta[d]
                    maxing[d] = team[s[TO_PLAY]] == root_team
                    best[d] = -INF if maxing[d] else INF
                    best_act[d] = acts[d, 0]
        if not returning:
            if idx[d] < cnt[d]:
                a = acts[d, idx[d]]
                idx[d] += 1
                child = rows[d + 1]
                for i in range(size):
                    child[i] = rows[d, i]
                step(child, r, deals, a, x)
                if child[ERROR] != 0 and not (child[ERROR] == NO_DEAL and child[HS_LEN] > root_hs):
                    return FAILED
                alpha[d + 1] = alpha[d]
                beta[d + 1] = beta[d]
                d += 1
                enter = True
                continue
            v = best[d]
            slot = keys[d] & mask
            tt_key[slot] = keys[d]
            tt_val[slot] = v
            tt_flag[slot] = UPPER if v <= alpha0[d] else (LOWER if v >= beta0[d] else EXACT)
            tt_move[slot] = best_act[d]
            tt_draft[slot] = EXACT_DEPTH if nodes[1] == cut0[d] else max_depth - d
        # hand v to the parent
        if d == 0:
            out[0] = v
            out[1] = best_act[0]
            return DONE
        d -= 1
        if maxing[d]:
            if v > best[d]:
                best[d] = v
                best_act[d] = acts[d, idx[d] - 1]
            if v > alpha[d]:
                alpha[d] = v
        else:
            if v < best[d]:
                best[d] = v
                best_act[d] = acts[d, idx[d] - 1]
            if v < beta[d]:
                beta[d] = v
        if alpha[d] >= beta[d]:
            idx[d] = cnt[d]
