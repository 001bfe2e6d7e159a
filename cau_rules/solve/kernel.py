"""The compiled passes of the vector CFR solver (numba, the ``fast`` extra).

One function, :func:`sweep`, walks a flattened public tree (see
:class:`cau_rules.solve.tree.PublicTree` for the arrays) twice: top-down it computes
both players' reach vectors (one entry per private state of the node's space), bottom-up
the counterfactual values of one player, the *traverser*.  What it does at the
traverser's own decision nodes depends on *mode*:

- ``MODE_CFR``: values under the current strategy, regrets updated (CFR+ clips them at
  zero when ``plus`` is set) and the average strategy accumulated with weight *weight*;
- ``MODE_BEST``: values of a best response (the best action, state by state);
- ``MODE_VALUE``: values under the given strategy (nothing updated).

Terminal nodes are evaluated with exact card removal: the opponent's reach is summed
over the card sets of its private states, and for each of the traverser's sets the
reach of the sets it does not meet comes from running sums over every subset of cards
(inclusion and exclusion), in one sweep over the sets sorted by showdown key.

>>> MODE_CFR, MODE_BEST, MODE_VALUE
(0, 1, 2)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cau_rules.cache import use_cache_dir

use_cache_dir()  # before the first compiled function below: the cache goes to the user's directory

__all__ = ["MODE_BEST", "MODE_CFR", "MODE_VALUE", "regret_matching", "sweep", "terminal"]

MODE_CFR = 0
MODE_BEST = 1
MODE_VALUE = 2

ROUNDING = 1e-12
"""A regret increment this small relative to the values compared is rounding noise."""

KIND_DECISION = 0
KIND_CHANCE = 1
KIND_TERMINAL = 2


@njit(cache=True)
def regret_matching(regret, strat, node_kind, node_space, node_strat, child_count, sp_n, only_player, node_player):
    """Write into *strat* the regret-matching strategy of every decision node (of
    *only_player*, or of both when it is -1): positive regrets normalised, uniform when
    none is positive."""
    for n in range(node_kind.shape[0]):
        if node_kind[n] != KIND_DECISION:
            continue
        if only_player >= 0 and node_player[n] != only_player:
            continue
        ns = sp_n[node_space[n]]
        actions = child_count[n]
        base = node_strat[n]
        for c in range(ns):
            total = 0.0
            for a in range(actions):
                r = regret[base + a * ns + c]
                if r > 0.0:
                    total += r
            if total > 0.0:
                for a in range(actions):
                    r = regret[base + a * ns + c]
                    strat[base + a * ns + c] = r / total if r > 0.0 else 0.0
            else:
                for a in range(actions):
                    strat[base + a * ns + c] = 1.0 / actions


@njit(cache=True, inline="always")
def _add_reach(sums, r, first, stop, sub_ids, sub0):
    """Add the reach *r* of one card set to the running *sums* of its subsets (``sub_ids``
    from *first* to *stop*; nothing when *r* is zero)."""
    if r != 0.0:
        for k in range(first, stop):
            sums[sub_ids[k] - sub0] += r


@njit(cache=True, inline="always")
def _disjoint_reach(sums, i, set0, set_sub_start, sub_ids, sub_sign, sub0):
    """The reach, in the running *sums*, of the card sets that do not meet the set *i*
    (inclusion and exclusion over its subsets)."""
    t = 0.0
    for k in range(set_sub_start[set0 + i], set_sub_start[set0 + i + 1]):
        t += sub_sign[k] * sums[sub_ids[k] - sub0]
    return t


@njit(cache=True)
def terminal(p, term_kind, amount, s, opp, opp_off, out, out_off,
             sp_n, sp_full_start, sp_nfull, full_canon, full_set, sp_set_start, sp_nsets,
             set_sub_start, sub_ids, sub_sign, sp_sub_start, sp_nsub, key0, key1, order0, order1,
             sp_rep_start, rep_set, sp_scale, rset, lt, le, win, tot):
    """The traverser's counterfactual values at one terminal node, from the opponent's
    reach *opp* at ``opp_off`` (written to *out* at ``out_off``)."""
    ns = sp_n[s]
    nsets = sp_nsets[s]
    set0 = sp_set_start[s]
    nsub = sp_nsub[s]
    sub0 = sp_sub_start[s]
    for i in range(nsets):
        rset[i] = 0.0
    f0 = sp_full_start[s]
    for f in range(sp_nfull[s]):
        rset[full_set[f0 + f]] += opp[opp_off + full_canon[f0 + f]]
    for j in range(nsub):
        lt[j] = 0.0
        le[j] = 0.0
    scale = sp_scale[s]
    if term_kind == 0:
        for i in range(nsets):
            _add_reach(le, rset[i], set_sub_start[set0 + i], set_sub_start[set0 + i + 1], sub_ids, sub0)
        pay = amount if p == 0 else -amount
        r0 = sp_rep_start[s]
        for c in range(ns):
            t = _disjoint_reach(le, rep_set[r0 + c], set0, set_sub_start, sub_ids, sub_sign, sub0)
            out[out_off + c] = scale * pay * t
        return
    if p == 0:
        kme, kop, ome, oop = key0, key1, order0, order1
    else:
        kme, kop, ome, oop = key1, key0, order1, order0
    i_lt = 0
    i_le = 0
    for i in range(nsets):
        mine = ome[set0 + i]
        key = kme[set0 + mine]
        while i_lt < nsets and kop[set0 + oop[set0 + i_lt]] < key:
            other = oop[set0 + i_lt]
            _add_reach(lt, rset[other], set_sub_start[set0 + other], set_sub_start[set0 + other + 1], sub_ids, sub0)
            i_lt += 1
        while i_le < nsets and kop[set0 + oop[set0 + i_le]] <= key:
            other = oop[set0 + i_le]
            _add_reach(le, rset[other], set_sub_start[set0 + other], set_sub_start[set0 + other + 1], sub_ids, sub0)
            i_le += 1
        win[mine] = _disjoint_reach(lt, mine, set0, set_sub_start, sub_ids, sub_sign, sub0)
        tot[mine] = _disjoint_reach(le, mine, set0, set_sub_start, sub_ids, sub_sign, sub0)
    # le now holds the sets up to the largest key of the traverser; add the rest
    while i_le < nsets:
        other = oop[set0 + i_le]
        _add_reach(le, rset[other], set_sub_start[set0 + other], set_sub_start[set0 + other + 1], sub_ids, sub0)
        i_le += 1
    r0 = sp_rep_start[s]
    for c in range(ns):
        i = rep_set[r0 + c]
        t = _disjoint_reach(le, i, set0, set_sub_start, sub_ids, sub_sign, sub0)
        # wins minus losses: win + (at most equal) - all
        out[out_off + c] = scale * amount * (win[i] + tot[i] - t)


@njit(cache=True)
def sweep(mode, p, plus, weight, strat, regret, average, reach, value,
          node_kind, node_player, node_space, node_vec, node_strat, child_start, child_count, children,
          edge_trans, term_kind, term_amount,
          trans_start, trans_map, trans_fwd, trans_bwd,
          sp_n, sp_full_start, sp_nfull, full_canon, full_set, sp_set_start, sp_nsets,
          set_sub_start, sub_ids, sub_sign, sp_sub_start, sp_nsub, key0, key1, order0, order1,
          sp_rep_start, rep_set, sp_scale, rset, lt, le, win, tot):
    """One pass for traverser *p* (see the module text); returns nothing, the values of the
    root are in ``value[node_vec[0]:...]``."""
    nodes = node_kind.shape[0]
    ns0 = sp_n[node_space[0]]
    for c in range(ns0):
        reach[0, node_vec[0] + c] = 1.0
        reach[1, node_vec[0] + c] = 1.0
    # top-down: reach vectors
    for n in range(nodes):
        kind = node_kind[n]
        if kind == KIND_TERMINAL:
            continue
        off = node_vec[n]
        ns = sp_n[node_space[n]]
        first = child_start[n]
        if kind == KIND_DECISION:
            q = node_player[n]
            base = node_strat[n]
            for a in range(child_count[n]):
                co = node_vec[children[first + a]]
                for c in range(ns):
                    reach[q, co + c] = reach[q, off + c] * strat[base + a * ns + c]
                    reach[1 - q, co + c] = reach[1 - q, off + c]
        else:
            for a in range(child_count[n]):
                child = children[first + a]
                co = node_vec[child]
                t = edge_trans[first + a]
                t0 = trans_start[t]
                for c in range(sp_n[node_space[child]]):
                    parent = trans_map[t0 + c]
                    reach[0, co + c] = reach[0, off + parent] * trans_fwd[t0 + c]
                    reach[1, co + c] = reach[1, off + parent] * trans_fwd[t0 + c]
    # bottom-up: the traverser's values
    o = 1 - p
    for n in range(nodes - 1, -1, -1):
        off = node_vec[n]
        s = node_space[n]
        ns = sp_n[s]
        alive = False
        for c in range(ns):
            if reach[o, off + c] != 0.0:
                alive = True
                break
        if not alive:
            for c in range(ns):
                value[off + c] = 0.0
            if mode == MODE_CFR and node_kind[n] == KIND_DECISION and node_player[n] == p:
                # the opponent never gets here now, but the average strategy still counts
                base = node_strat[n]
                for a in range(child_count[n]):
                    for c in range(ns):
                        k = base + a * ns + c
                        average[k] += reach[p, off + c] * weight * strat[k]
            continue
        kind = node_kind[n]
        if kind == KIND_TERMINAL:
            terminal(p, term_kind[n], term_amount[n], s, reach[o], off, value, off,
                      sp_n, sp_full_start, sp_nfull, full_canon, full_set, sp_set_start, sp_nsets,
                      set_sub_start, sub_ids, sub_sign, sp_sub_start, sp_nsub, key0, key1, order0, order1,
                      sp_rep_start, rep_set, sp_scale, rset, lt, le, win, tot)
            continue
        first = child_start[n]
        actions = child_count[n]
        if kind == KIND_CHANCE:
            for c in range(ns):
                value[off + c] = 0.0
            for a in range(actions):
                child = children[first + a]
                co = node_vec[child]
                t = edge_trans[first + a]
                t0 = trans_start[t]
                for c in range(sp_n[node_space[child]]):
                    value[off + trans_map[t0 + c]] += trans_bwd[t0 + c] * value[co + c]
            continue
        base = node_strat[n]
        if node_player[n] != p:
            for c in range(ns):
                total = 0.0
                for a in range(actions):
                    total += value[node_vec[children[first + a]] + c]
                value[off + c] = total
            continue
        if mode == MODE_BEST:
            for c in range(ns):
                best = value[node_vec[children[first]] + c]
                for a in range(1, actions):
                    v = value[node_vec[children[first + a]] + c]
                    if v > best:
                        best = v
                value[off + c] = best
            continue
        for c in range(ns):
            total = 0.0
            for a in range(actions):
                total += strat[base + a * ns + c] * value[node_vec[children[first + a]] + c]
            value[off + c] = total
        if mode == MODE_CFR:
            for c in range(ns):
                here = value[off + c]
                mine = reach[p, off + c] * weight
                for a in range(actions):
                    k = base + a * ns + c
                    child = value[node_vec[children[first + a]] + c]
                    gain = child - here
                    if abs(gain) <= ROUNDING * (abs(child) + abs(here)):
                        gain = 0.0  # rounding noise, not a regret: it would break exact ties
                    r = regret[k] + gain
                    if plus and r < 0.0:
                        r = 0.0
                    regret[k] = r
                    average[k] += mine * strat[k]


def empty_scratch(largest_sets: int, largest_subsets: int) -> tuple[np.ndarray, ...]:
    """The scratch arrays :func:`sweep` needs: ``rset``, ``lt``, ``le``, ``win``, ``tot``.

    >>> [len(array) for array in empty_scratch(3, 5)]
    [3, 5, 5, 3, 3]
    """
    return (np.zeros(largest_sets), np.zeros(largest_subsets), np.zeros(largest_subsets),
            np.zeros(largest_sets), np.zeros(largest_sets))


@njit(cache=True)
def iterate(iterations, done, plus, linear, delay, offset, strat, regret, average, reach, value,
            node_kind, node_player, node_space, node_vec, node_strat, child_start, child_count, children,
            edge_trans, term_kind, term_amount,
            trans_start, trans_map, trans_fwd, trans_bwd,
            sp_n, sp_full_start, sp_nfull, full_canon, full_set, sp_set_start, sp_nsets,
            set_sub_start, sub_ids, sub_sign, sp_sub_start, sp_nsub, key0, key1, order0, order1,
            sp_rep_start, rep_set, sp_scale, rset, lt, le, win, tot):
    """*iterations* CFR iterations after *done* ones, alternating players 0 and 1; the
    average weighs iteration *t* by ``t - delay + offset`` (``linear``) or 1, and leaves
    out the first *delay* iterations."""
    for i in range(iterations):
        t = done + i + 1 - delay
        weight = 0.0
        if t > 0:
            weight = float(t + offset) if linear else 1.0
        for p in range(2):
            regret_matching(regret, strat, node_kind, node_space, node_strat, child_count, sp_n, -1, node_player)
            sweep(MODE_CFR, p, plus, weight, strat, regret, average, reach, value,
                  node_kind, node_player, node_space, node_vec, node_strat, child_start, child_count, children,
                  edge_trans, term_kind, term_amount,
                  trans_start, trans_map, trans_fwd, trans_bwd,
                  sp_n, sp_full_start, sp_nfull, full_canon, full_set, sp_set_start, sp_nsets,
                  set_sub_start, sub_ids, sub_sign, sp_sub_start, sp_nsub, key0, key1, order0, order1,
                  sp_rep_start, rep_set, sp_scale, rset, lt, le, win, tot)
    regret_matching(regret, strat, node_kind, node_space, node_strat, child_count, sp_n, -1, node_player)
