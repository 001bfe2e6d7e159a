"""Heuristic (greedy) rollouts for the capture family's compiled IS-MCTS (numba).

The kernel IS-MCTS of :mod:`cau_rules.fishing.kernel.search` finishes every simulated
game with uniformly random moves.  :func:`heuristic_rollout` is a cheaper imitation of a
sensible player for those rollouts, read from the row and the action's code alone (no
step is tried): in one move of :data:`EPSILON` it plays at random; otherwise it plays

- the capture worth the most cards (the played and the matched card, each table card of
  the run, the whole size of each pile taken);
- when it cannot capture (or a declaration or a stake move is to be made), a move of
  the least risk: a trail of a rank the next seat holds fewest of (in the simulated
  deal), so that it leaves no easy capture or chain; every other move scores as a
  trail the next seat cannot answer;

ties broken at random.  Every draw comes from the search's own generator, so a search
stays reproducible from its seed.

The search also takes another reward: :func:`margin_hook` blends each seat's share of
the win with its share of the cards, a less noisy signal that plays for the card margin.

:func:`ismcts` is the search of each policy of :data:`POLICIES` (``"heuristic"``,
``"margin"``, ``"heuristic-margin"``), what :func:`cau_rules.ai.mcts.ismcts` calls with
``policy=...`` (bot specs: ``rollout=heuristic``...); the default search and its random
stream are unchanged.  In a first measurement at equal CPU time neither changed the share
of the win of IS-MCTS (see ``docs/strength.md``).

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> start = new_game("cau-40", players=2, seed=4)
>>> seat = InfoState.start(start, start.to_play)
>>> [sum(visits for _, visits, _ in ismcts(seat, 50, random.Random(2), policy=policy)) for policy in POLICIES]
[50, 50, 50]
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from cau_rules.fishing.kernel import search
from cau_rules.fishing.kernel.layout import (
    CHAIN_LEN,
    CHAIN_RANK,
    HAS_TALLY,
    HOLD,
    HOLD_LEN,
    HS,
    HS_LEN,
    MAXP,
    PILE_LEN,
    R_CARD_STRIDE,
    R_DECLARE,
    R_PILE_STRIDE,
    R_RUN_STRIDE,
    TABLE,
    TABLE_LEN,
    TO_PLAY,
    N,
    source_stamp,
)
from cau_rules.fishing.moves import FishingMove
from cau_rules.kernel.rng import below
from cau_rules.kernel.search import searched, specialise_search

__all__ = [
    "EPSILON", "KINDS", "MARGIN", "POLICIES", "BothSearchProblem", "HeuristicSearchProblem", "MarginSearchProblem",
    "heuristic_rollout", "ismcts", "margin_hook", "move_value",
]

EPSILON = 8
"""One rollout move in this many is played at random (the rest greedily)."""


@njit(cache=True, inline="always")
def move_value(s, r, action, table_bits, next_counts):
    """How much the greedy rollout likes *action* in the row *s*: a capture's cards
    (times four, above every other move), else minus the cards of the trailed rank held
    by the next seat (*next_counts*, by rank; *table_bits*: the ranks on the table and of
    a pending chain, as in the legal moves)."""
    if action >= r[R_DECLARE]:
        return np.int64(0)
    stride = r[R_CARD_STRIDE]
    card = action // stride
    rank = card % 12 + 1
    if not (table_bits >> rank) & 1:
        return -np.int64(next_counts[rank])
    rest = action % stride
    run_stride = r[R_RUN_STRIDE]
    run = rest // run_stride
    piles = (rest % run_stride) // r[R_PILE_STRIDE] if r[R_PILE_STRIDE] > 0 else 0
    value = 2 + run
    seat = 0
    while piles > 0:
        if piles & 1:
            value += s[PILE_LEN + seat] - 1
        piles >>= 1
        seat += 1
    return np.int64(4 * value + 4)


@njit(cache=True, inline="always")
def heuristic_rollout(s, rng, actions, count, r, _deals, _x, _deck, _work, _no_mask):
    """The ``rollout`` hook of the shared loop: the greedy move of the row *s* among its
    *count* legal *actions* (see the module), drawing from *rng*."""
    if count == 1:
        return actions[0]
    if below(rng, EPSILON) == 0:
        return actions[below(rng, count)]
    table_bits = 0
    for i in range(s[TABLE_LEN]):
        table_bits |= 1 << (s[TABLE + i] % 12 + 1)
    if s[CHAIN_LEN] > 0:
        table_bits |= 1 << s[CHAIN_RANK]
    next_counts = np.zeros(14, np.int64)
    after = (s[TO_PLAY] + 1) % s[N]
    for i in range(s[HOLD_LEN + after]):
        next_counts[s[HOLD + after * 48 + i] % 12 + 1] += 1
    best = actions[0]
    best_value = np.int64(-(1 << 40))
    ties = 0
    for i in range(count):
        value = move_value(s, r, actions[i], table_bits, next_counts)
        if value > best_value:
            best_value = value
            best = actions[i]
            ties = 1
        elif value == best_value:
            ties += 1
            if below(rng, ties) == 0:
                best = actions[i]
    return best


MARGIN = 0.5
"""The weight of the card share in the reward of the ``margin`` searches."""


@njit(cache=True, inline="always")
def margin_hook(s, ctx, out):
    """The ``score`` hook of the ``margin`` searches: every seat's share of the win,
    blended (weight :data:`MARGIN`) with its share of the cards (or points) of every hand
    played, in a game scored in cards; the share of the win alone in a game of stones."""
    search.score_hook(s, ctx, out)
    if s[HAS_TALLY]:
        return
    n = s[N]
    own = np.zeros(MAXP, np.int64)
    total = 0
    for h in range(s[HS_LEN]):
        for seat in range(n):
            own[seat] += s[HS + h * MAXP + seat]
            total += s[HS + h * MAXP + seat]
    if total <= 0:
        return
    for seat in range(n):
        out[seat] = (1.0 - MARGIN) * out[seat] + MARGIN * own[seat] / total


_STAMP = (search.STAMP ^ source_stamp(search.__file__) ^ source_stamp(__file__)) & 0x7FFF_FFFF
_, run_search = specialise_search(_STAMP, search.deal_hook, search.legal_hook, search.play_hook, search.score_hook,
                                  heuristic_rollout)
_, run_margin = specialise_search(_STAMP ^ 0x1, search.deal_hook, search.legal_hook, search.play_hook, margin_hook)
_, run_both = specialise_search(_STAMP ^ 0x2, search.deal_hook, search.legal_hook, search.play_hook, margin_hook,
                                heuristic_rollout)


class HeuristicSearchProblem(search.SearchProblem):
    """A decision's determinisation data (see
    :class:`~cau_rules.fishing.kernel.search.SearchProblem`) searched with heuristic rollouts."""

    run_search = staticmethod(run_search)


class MarginSearchProblem(search.SearchProblem):
    """Searched with random rollouts and the blended reward of :func:`margin_hook`."""

    run_search = staticmethod(run_margin)


class BothSearchProblem(search.SearchProblem):
    """Searched with heuristic rollouts and the blended reward of :func:`margin_hook`."""

    run_search = staticmethod(run_both)


KINDS: dict[str, type[search.SearchProblem]] = {
    "heuristic": HeuristicSearchProblem, "margin": MarginSearchProblem, "heuristic-margin": BothSearchProblem}
"""The search of each policy :func:`ismcts` takes."""
POLICIES = tuple(KINDS)
"""The policies :func:`ismcts` takes (what :func:`cau_rules.ai.mcts.ismcts` looks for)."""


def ismcts(
    info: Any, iterations: int, rng: random.Random, exploration: float = 0.7, policy: str = "heuristic"
) -> list[tuple[FishingMove, int, float]] | None:
    """:func:`cau_rules.fishing.kernel.search.ismcts` searched as *policy* says (one of
    :data:`POLICIES`: heuristic rollouts, the blended reward of :func:`margin_hook`, or
    both): every root move with its visits and summed reward, or None when the kernel
    does not play these rules.

    Raises:
        InvalidPositionError: the seat is not to play, or no deal is consistent.
        InvalidRulesError: a simulated game outgrew the kernel's fixed sizes.
    """
    if not search.supported(info):
        return None
    return searched(KINDS[policy].drawn(info, rng), info, iterations, rng, exploration)
