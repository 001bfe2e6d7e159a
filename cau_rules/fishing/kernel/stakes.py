"""The Valencian rondas and their stake in the capture-family kernel (numba): the stones a
ronda or rondí wins, and the bids on who holds the better one when both teams hold one.
Each function mirrors the reference :class:`cau_rules.fishing.engine.Engine` method of the
same name; :mod:`cau_rules.fishing.kernel.core` calls them when it deals a round and when
a seat answers the stake."""

from __future__ import annotations

from numba import njit

from cau_rules.fishing.kernel import parts
from cau_rules.fishing.kernel.layout import (
    BIDDER0,
    BIDDER1,
    BIDS,
    BIDS_LEN,
    ERROR,
    FINGERPRINT,
    GAME_BID,
    HAND,
    HOLD,
    HOLD_LEN,
    JOC_BID,
    MAXBIDS,
    OPENER,
    PHASE,
    R_ACCEPT,
    R_BID2,
    R_BID_GAME,
    R_BID_JOC,
    R_REFUSE,
    STAKE_HOLDERS,
    STAKE_KIND,
    STAKE_ON,
    STAKE_SEAT,
    TO_PLAY,
    WON,
    WON_JOC,
    N,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.parts import (
    BID,
    OVERFLOW,
    PLAY,
    RONDA,
    RONDI,
    STAKE,
    X_COUNTS,
    njit_plain,
    score,
)


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = FINGERPRINT ^ source_stamp(parts.__file__)
"""What this module's machine code was compiled against: the layout and the building
blocks (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


@njit_plain
def kind_of(counts):
    """2 (rondí) when some rank has three cards or more, 1 (ronda) for two, else 0, from
    the cards' *counts* by rank (1 to 12)."""
    top = 0
    for rank in range(13):
        top = max(top, counts[rank])
    if top >= 3:
        return 2
    if top == 2:
        return 1
    return 0


@njit_plain
def ronda_kind(s, seat, x):
    """2 for a rondí (three of a rank), 1 for a ronda (two), else 0."""
    counts = x[X_COUNTS:X_COUNTS + 13]
    counts[:] = 0
    for i in range(s[HOLD_LEN + seat]):
        counts[s[HOLD + seat * 48 + i] % 12 + 1] += 1
    return kind_of(counts)


@njit_plain
def stone_rondas(s, r, opener, x):
    """Valencian rondas: automatic stones, or the stake when both teams hold one."""
    n = s[N]
    teams = 0
    holders = 0
    for step in range(n):
        seat = (opener + step) % n
        if ronda_kind(s, seat, x) > 0:
            teams |= 1 << (seat % 2)
            holders += 1
    if holders == 0:
        return
    if teams != 3:
        for step in range(n):
            seat = (opener + step) % n
            kind = ronda_kind(s, seat, x)
            if kind > 0:
                score(s, r, seat % 2, kind, RONDA if kind == 1 else RONDI)
                if s[WON] >= 0:
                    return
        return
    eldest = s[HAND] % n
    count = 0
    first = -1
    second = -1
    for age in range(n):
        seat = (eldest + age) % n
        kind = ronda_kind(s, seat, x)
        if kind > 0:
            s[STAKE_SEAT + count] = seat
            s[STAKE_KIND + count] = kind
            count += 1
            if first < 0:
                first = seat
            elif second < 0 and seat % 2 != first % 2:
                second = seat
    s[STAKE_ON] = 1
    s[STAKE_HOLDERS] = count
    s[BIDDER0] = first
    s[BIDDER1] = second
    s[BIDS_LEN] = 0
    s[PHASE] = BID
    s[TO_PLAY] = first


@njit_plain
def answer_stake(s, r, action, x):
    n = s[N]
    nbids = s[BIDS_LEN]
    if action != r[R_ACCEPT] and action != r[R_REFUSE]:
        if nbids >= MAXBIDS:
            s[ERROR] = OVERFLOW
            return
        if action == r[R_BID_GAME]:
            s[BIDS + nbids] = GAME_BID
        elif action == r[R_BID_JOC]:
            s[BIDS + nbids] = JOC_BID
        else:
            s[BIDS + nbids] = action - r[R_BID2] + 2
        s[BIDS_LEN] = nbids + 1
        s[TO_PLAY] = s[BIDDER0] if (nbids + 1) % 2 == 0 else s[BIDDER1]
        return
    holders = s[STAKE_HOLDERS]
    s[STAKE_ON] = 0
    s[STAKE_HOLDERS] = 0
    s[BIDS_LEN] = 0
    s[PHASE] = PLAY
    s[TO_PLAY] = s[OPENER]
    bid = s[BIDS + nbids - 1]
    if action == r[R_ACCEPT]:
        eldest = s[HAND] % n
        best = -1
        winner = -1
        for h in range(holders):
            holder = s[STAKE_SEAT + h]
            counts = x[X_COUNTS:X_COUNTS + 13]
            counts[:] = 0
            for i in range(s[HOLD_LEN + holder]):
                counts[s[HOLD + holder * 48 + i] % 12 + 1] += 1
            top_rank = 0
            for rank in range(13):
                if counts[rank] >= 2:
                    top_rank = rank
            strength = ((1 if s[STAKE_KIND + h] == 2 else 0) * 16 + top_rank) * 16 + (15 - (holder - eldest) % n)
            if strength > best:
                best = strength
                winner = holder
        if bid < 0:  # the game (GAME_BID) or the joc (JOC_BID)
            s[WON] = winner % 2
            s[WON_JOC] = 1 if bid == JOC_BID else 0
            return
        score(s, r, winner % 2, bid, STAKE)
        return
    refused = nbids - 1
    bidder_team = (s[BIDDER0] if refused % 2 == 0 else s[BIDDER1]) % 2
    if refused == 0:
        stones = 0
        for h in range(holders):
            if s[STAKE_SEAT + h] % 2 == bidder_team:
                stones += s[STAKE_KIND + h]
    else:
        raised = s[BIDS + refused - 1]
        if raised == GAME_BID:  # a refused raise from game to joc wins the partida
            s[WON] = bidder_team
            return
        stones = raised
    score(s, r, bidder_team, stones, STAKE)
