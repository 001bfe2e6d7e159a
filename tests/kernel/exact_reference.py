"""The reference for the exact search: an exhaustive minimax over the reference engine.

Pure Python, no pruning: every legal move of every position is applied with
``state.apply`` until the hand ends (a position met twice is looked up, not searched
again: the same full state has the same value).  The value is the one
:mod:`cau_rules.fishing.kernel.exact` documents (the root team's final score margin, the
other teams minimising it), computed from the reference engine's own hand scores and
stones; the kernel search is checked against it by ``tests/kernel/test_exact.py`` and
``benchmarks/exact_check.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cau_rules import new_game
from cau_rules.fishing.moves import FishingMove
from cau_rules.fishing.state import FishingState

WIN = 1 << 20

CASES = [
    ("cau", 2),
    ("cau", 3),
    ("cau-robat", 2),
    ("cau-40", 2),
    ("cau-robat-40", 2),
    ("cau-recau-sant-vicent", 4),
]
"""The presets and player counts the check samples positions of.  In the team game a
perfect-information position (one other seat holding cards) leaves one legal move, so
its positions there are any with the stock empty (all cards' places read from the full
state, as a determinisation gives them)."""


def team_of(state: FishingState, seat: int) -> int:
    return seat % 2 if state.rules.teams else seat


def _ended(root: FishingState, state: FishingState) -> bool:
    return state.is_over or state.hand != root.hand or len(state.hand_scores) > len(root.hand_scores)


def margin(root: FishingState, state: FishingState, team: int) -> int:
    """The final score margin for *team* of the ended *state* searched from *root*."""
    if state.rules.rewards == "stones":
        assert root.tally is not None and state.tally is not None
        if state.tally.partides != root.tally.partides and state.hand == root.hand:
            won = 0 if state.tally.partides[0] != root.tally.partides[0] else 1
            return WIN if won == team else -WIN
        later = [0, 0]
        for _partida, hand, side, _reason, stones in state.tally.log:
            if hand > root.hand:
                later[side] += stones
        own = state.tally.stones[team] - later[team]
        other = state.tally.stones[1 - team] - later[1 - team]
        return own - other
    row = state.hand_scores[len(root.hand_scores)]
    totals: dict[int, int] = {}
    for seat in range(state.players):
        totals[team_of(state, seat)] = totals.get(team_of(state, seat), 0) + row[seat]
    best = max(value for side, value in totals.items() if side != team)
    return totals[team] - best


def minimax(root: FishingState, state: FishingState, team: int, memo: dict[FishingState, int]) -> int:
    """The value of *state* for *team* by exhaustive search."""
    if _ended(root, state):
        return margin(root, state, team)
    found = memo.get(state)
    if found is not None:
        return found
    values = [minimax(root, state.apply(move), team, memo) for move in state.legal_moves()]
    value = max(values) if team_of(state, state.to_play) == team else min(values)
    memo[state] = value
    return value


def optimal_moves(state: FishingState) -> tuple[int, dict[FishingMove, int]]:
    """The best value of *state* for its seat to play's team and every move's value."""
    team = team_of(state, state.to_play)
    memo: dict[FishingState, int] = {}
    values = {move: minimax(state, state.apply(move), team, memo) for move in state.legal_moves()}
    return max(values.values()), values


def perfect(state: FishingState) -> bool:
    """The structural predicate (stock empty, one other holding at most)."""
    return (not state.is_over and not state.stock
            and sum(1 for seat in range(state.players) if seat != state.to_play and state.holdings[seat]) <= 1)


def positions(name: str, players: int, count: int, seed: int, max_cards: int = 10) -> Iterator[FishingState]:
    """*count* perfect-information positions of *name* with at most *max_cards* cards in
    all holdings, reached by random moves from seeded deals (reproducible from *seed*)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = new_game(name, players=players, seed=rng.randrange(2**31))
        assert isinstance(state, FishingState)
        target = rng.randint(2, max_cards)
        hand = state.hand
        while not state.is_over and state.hand == hand:
            held = sum(len(h) for h in state.holdings)
            known = perfect(state) or (state.rules.teams and not state.stock and not state.is_over)
            if held <= target and known and len(state.legal_moves()) > 1:
                yield state
                made += 1
                break
            state = state.apply(rng.choice(state.legal_moves()))
