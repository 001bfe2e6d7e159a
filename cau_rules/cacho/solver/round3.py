"""The compiled walk of round 3 of the *full* game against an abstracted strategy (numba,
the ``fast`` extra), for :mod:`cau_rules.cacho.solver.response`.

:func:`round3_best` walks the full round-3 betting of two-player Cacho from one public
node where round 3 starts (every bet and raise amount up to the limit), depth first, and
returns the value of a best response of player *p* for each of its canonical holdings.
The opponent plays the abstracted strategy: its position in the abstract tree follows
the real moves, a real bet or raise going to the nearest amount of the same kind the
abstract node has (the lower one on a tie, as the bot translates), and the abstract
moves it samples are played as they are.  Only the opponent's moves that it can play
are walked (a path it never plays is worth nothing), so one pass stays small even at
the preset's 20 counters, and memory is a pair of vectors a level of depth.

Round 3's betting, for two players who each have *prior* counters in the pot and may
bet up to *limit* more: the eldest hand passes or bets 1 to the limit; after a pass the
other does the same (two passes: showdown for *prior*); facing a bet a player folds
(losing what it put in), calls (showdown for *prior* plus the bet) or raises to a
higher amount up to the limit.  (A test checks this walk against the tree built from
the reference engine: with every amount kept, both give the same best response.)

Moves are coded as :data:`PASS`, :data:`BET`, :data:`CALL`, :data:`RAISE` and
:data:`FOLD`.

>>> PASS, BET, CALL, RAISE, FOLD
(0, 1, 2, 3, 4)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cau_rules.cache import use_cache_dir
from cau_rules.solve.kernel import terminal

use_cache_dir()  # before the first compiled function below: the cache goes to the user's directory

__all__ = ["BET", "CALL", "FOLD", "PASS", "RAISE", "round3_best"]

PASS = 0
BET = 1
CALL = 2
RAISE = 3
FOLD = 4


@njit(cache=True)
def _pay(p, kind, amount, opp, out, sp, sc):
    """The traverser's values at a terminal (see :func:`cau_rules.solve.kernel.terminal`)."""
    terminal(p, kind, amount, sp[0][0], opp, 0, out, 0,
              sp[1], sp[2], sp[3], sp[4], sp[5], sp[6], sp[7], sp[8], sp[9], sp[10], sp[11], sp[12], sp[13],
              sp[14], sp[15], sp[16], sp[17], sp[18], sp[19],
              sc[0], sc[1], sc[2], sc[3], sc[4])


@njit(cache=True)
def _mapped(a, kind, amount, ab):
    """The abstract child of node *a* for the real move (*kind*, *amount*), or -1."""
    start, count, children, kinds, amounts = ab[1], ab[2], ab[3], ab[4], ab[5]
    if a < 0:
        return -1
    best = -1
    gap = 1 << 30
    for i in range(count[a]):
        e = start[a] + i
        if kinds[e] != kind:
            continue
        if kind != BET and kind != RAISE:
            return children[e]
        d = abs(amounts[e] - amount)
        if d < gap:
            gap = d
            best = children[e]
    return best


@njit(cache=True)
def _real_move(m, q, p, c, limit, a, ab):
    """Move *m* of the node (player *q* facing bet *c*): its kind and amount, or kind -1
    when there is no such move.  The responder *p* may make every real move; the
    opponent, the moves of its abstract node *a* (just a call, or a pass, when lost)."""
    if q == p:
        if c == 0:
            if m > limit:
                return -1, 0
            return (PASS, 0) if m == 0 else (BET, m)
        if m > limit - c + 1:
            return -1, 0
        return (FOLD, 0) if m == 0 else ((CALL, 0) if m == 1 else (RAISE, c + m - 1))
    if a < 0:
        return (-1, 0) if m > 0 else ((CALL, 0) if c > 0 else (PASS, 0))
    if m >= ab[2][a]:
        return -1, 0
    e = ab[1][a] + m
    return ab[4][e], ab[5][e]


@njit(cache=True)
def round3_best(p, prior, limit, a0, opp, strat, ab, sp, sc, out, work):
    """Write into *out* the best-response values of player *p* (per canonical holding)
    at the start of round 3 (eldest hand to act, *prior* counters each in the pot, bets
    up to *limit*), the opponent's reach being *opp* and its abstract node *a0*; returns
    how many real moves had no abstract counterpart (0 with the nearest-amount
    translation).  ``work[0]`` counts the real nodes walked."""
    ns = opp.shape[0]
    most = 2 * limit + 6
    reach = np.zeros((most, ns))
    value = np.zeros((most, ns))
    q = np.zeros(most, np.int64)
    c = np.zeros(most, np.int64)
    b0 = np.zeros(most, np.int64)
    b1 = np.zeros(most, np.int64)
    a = np.zeros(most, np.int64)
    m = np.zeros(most, np.int64)
    reach[0, :] = opp
    a[0] = a0
    unmapped = 0
    work[0] += 1
    d = 0
    while d >= 0:
        kind, amount = _real_move(m[d], q[d], p, c[d], limit, a[d], ab)
        if kind < 0:  # the node is done: give its value to its parent
            if d > 0:
                up = d - 1
                mine = q[up] == p
                for h in range(ns):
                    if mine:
                        if m[up] == 1 or value[d, h] > value[up, h]:
                            value[up, h] = value[d, h]
                    else:
                        value[up, h] += value[d, h]
            d -= 1
            continue
        move = m[d]
        m[d] += 1
        child_a = -1
        alive = False
        if q[d] == p:
            child_a = _mapped(a[d], kind, amount, ab)
            if child_a < 0 and a[d] >= 0:
                unmapped += 1
            for h in range(ns):
                reach[d + 1, h] = reach[d, h]
                if reach[d, h] != 0.0:
                    alive = True
        elif a[d] >= 0:
            e = ab[1][a[d]] + move
            child_a = ab[3][e]
            base = ab[6][a[d]]
            for h in range(ns):
                v = reach[d, h] * strat[base + move * ns + h]
                reach[d + 1, h] = v
                if v != 0.0:
                    alive = True
            if (kind == BET or kind == RAISE) and not c[d] < amount <= limit:  # noqa: SIM109 (compiled)
                unmapped += 1  # never happens with nearest-amount translation; counted to be sure
                kind = CALL if c[d] > 0 else PASS
        else:
            for h in range(ns):
                reach[d + 1, h] = reach[d, h]
                if reach[d, h] != 0.0:
                    alive = True
        below = value[d + 1]
        if not alive:
            for h in range(ns):
                below[h] = 0.0
        elif kind == FOLD:
            lost = float(prior + (b0[d] if q[d] == 0 else b1[d]))
            _pay(p, 0, -lost if q[d] == 0 else lost, reach[d + 1], below, sp, sc)
        elif kind == CALL or (kind == PASS and q[d] == 1):
            _pay(p, 1, float(prior + c[d]), reach[d + 1], below, sp, sc)
        else:  # a pass of the eldest hand, a bet or a raise: a new node below
            work[0] += 1
            n = d + 1
            q[n] = 1 - q[d]
            c[n] = amount
            b0[n] = amount if q[d] == 0 and kind != PASS else b0[d]
            b1[n] = amount if q[d] == 1 and kind != PASS else b1[d]
            a[n] = child_a
            m[n] = 0
            for h in range(ns):
                value[n, h] = 0.0
            d = n
            continue
        mine = q[d] == p
        for h in range(ns):
            if mine:
                if move == 0 or below[h] > value[d, h]:
                    value[d, h] = below[h]
            else:
                value[d, h] += below[h]
    out[:] = value[0]
    return unmapped
