"""A position the library accepts never leads, by play, to one it refuses (issue 23).

Every state reached from an accepted position passes its own ``status()`` and comes back
equal from its save: positions changed a little from real ones (stones nudged, a log
emptied, a card moved) and Valencian positions given stones without a log."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given
from hypothesis import strategies as st

from cau_rules.errors import CauRulesError
from cau_rules.fishing import CAU_RECAU_SANT_VICENT, FishingState, Tally
from tests.fuzz.corpus import fuzz_positions, play_out, states


@given(rng=st.randoms(use_true_random=False))
def test_accepted_positions_changed_a_little_play_to_their_end_within_their_own_check(rng: random.Random) -> None:
    with contextlib.suppress(CauRulesError):
        fuzz_positions(rng)


VALENCIAN = [state for state in states() if isinstance(state, FishingState) and state.rules.rewards == "stones"
             and state.phase == "play" and state.chain is None]


@given(
    at=st.integers(0, len(VALENCIAN) - 1),
    stones=st.tuples(st.integers(0, CAU_RECAU_SANT_VICENT.target - 1), st.integers(0, CAU_RECAU_SANT_VICENT.target - 1)),
    rng=st.randoms(use_true_random=False),
)
def test_stones_given_without_a_log_stay_explained_through_play(
    at: int, stones: tuple[int, int], rng: random.Random,
) -> None:
    state = VALENCIAN[at]
    start = FishingState.from_position(
        state.rules, state.players, holdings=state.holdings, table=state.table, piles=state.piles,
        stock=state.stock, discard=state.discard, to_play=state.to_play, hand=state.hand, round=state.round,
        opener=state.opener, trail=state.trail, last_capturer=state.last_capturer,
        hand_scores=state.hand_scores, seed=state.seed, tally=Tally(stones),
    )
    assert start.status() == () and start.tally is not None and start.tally.stones == stones
    play_out(start, rng, checked=True)
