"""Determinisations respect what the rules forced a seat to reveal (issue 36).

Under ``must_capture`` (the Valencian game) a seat that trailed could not capture: it held
no card of a capturing rank.  The memory of :mod:`cau_rules.fishing.infer` records it
(``FishingMemory.lacks``) and both the Python resampling and the kernel's determinisations
use it.  The property: over random games, in every sampled position each seat's earlier
moves since it last received cards stay legal when replayed against the sampled holding
(the sampled holding plus the cards the seat played since that move), judged by the
reference engine's own legal moves; and the inference never contradicts the true deal.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.fishing.events import Dealt, HandStarted, Trailed
from cau_rules.fishing.moves import Play
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from cau_rules.fishing.state import FishingState

MUST = FISHING_PRESETS["cau"].replace(must_capture=True)
CASES: list[tuple[FishingRules, int]] = [
    (FISHING_PRESETS["cau-recau-sant-vicent"], 4),
    (MUST, 2),
    (MUST, 3),
    (FISHING_PRESETS["cau-robat"].replace(must_capture=True), 4),
]

History = list[tuple[FishingState, Play]]


def _play(rules: FishingRules, players: int, seed: int, steps: int) -> tuple[FishingState, History, InfoState]:
    """A random game of *steps* moves or more, stopped when seat 0 is to play; the moves
    since the last deal, and seat 0's information state."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    info = InfoState.start(state, 0)
    history: History = []
    made = 0
    while not state.is_over and (made < steps or state.to_play != 0 or state.phase != "play"):
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        if isinstance(move, Play):
            history.append((state, move))
        if any(isinstance(event, (Dealt, HandStarted)) for event in after.events):
            history = []
        state = after
        info = info.update(state)
        made += 1
    return state, history, info


def _contradictions(sample: FishingState, history: History, observer: int) -> list[str]:
    """The earlier moves of the other seats that would be illegal with *sample*'s holdings."""
    found = []
    for index, (before, move) in enumerate(history):
        seat = before.to_play
        if seat == observer:
            continue
        later = [m.card for b, m in history[index:] if b.to_play == seat]
        holding = (*sample.holdings[seat], *later)
        holdings = list(before.holdings)
        holdings[seat] = holding
        replayed = attrs.evolve(before, holdings=tuple(holdings))
        if move not in replayed.legal_moves():
            found.append(f"seat {seat}'s {move} at move {index} with {sorted(map(str, holding))}")
    return found


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda case: str(getattr(case, "name", case)))
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 40))
def test_no_determinisation_contradicts_a_forced_move(rules: FishingRules, players: int, seed: int,
                                                      steps: int) -> None:
    state, history, info = _play(rules, players, seed, steps)
    if state.is_over:
        return
    memory = info.memory
    for seat in range(players):  # the inference holds of the true deal
        assert not {card.rank for card in state.holdings[seat]} & memory.lacks[seat]
    assert not _contradictions(state, history, 0)
    rng = random.Random(seed)
    samples = [info.resample(rng) for _ in range(4)]
    try:
        from cau_rules.fishing.kernel import search
    except ImportError:  # pragma: no cover - without the fast extra
        pass
    else:
        samples += search.determinisations(info, 4, seed)
    for sample in samples:
        assert not _contradictions(sample, history, 0), memory.lacks


def test_a_trail_under_must_capture_tells_the_ranks_the_seat_lacks() -> None:
    for seed in range(40):
        state = new_game(MUST, 2, seed=seed)
        mover = state.to_play
        info = InfoState.start(state, 1 - mover)
        trail = next((move for move in state.legal_moves() if isinstance(move, Play) and not move.run
                      and move.card.rank not in {card.rank for card in state.table}), None)
        if trail is None:
            continue
        after = state.apply(trail)
        assert any(isinstance(event, Trailed) for event in after.events)
        lacks = info.update(after).memory.lacks
        assert lacks[mover] == {card.rank for card in state.table} and not lacks[1 - mover]
        return
    raise AssertionError("no seed gave a trail")  # pragma: no cover
