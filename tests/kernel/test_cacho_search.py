"""The compiled IS-MCTS of Cacho (cau_rules.cacho.kernel.search).

Determinisations are checked against the reference engine (every dealt position is a
legal position, conserves the cards and shows the searching seat exactly what it has
seen); the search against its own invariants (legal moves, tree sizes, availability
counts) and the seed.  No wall clock: the strength and the speed are benchmarks
(benchmarks/ismcts_vs_random.py, benchmarks/engine_extras.py).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ISMCTSBot, ismcts
from cau_rules.bots import RandomBot, play_game
from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.kernel import core, search
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.batch import Batch
from cau_rules.cacho.kernel.bridge import row_of
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cacho.state import CachoState
from tests.kernel import check_consistent, check_reproducible, check_row_shares, check_search

SESSIONS = CACHO.replace(max_hands=6, stack=6)


def _reached(rules: CachoRules, players: int, seed: int, depth: int) -> tuple[CachoState, InfoState]:
    """A position reached by *depth* random moves (fewer if the session ends) and the
    information state of the seat to play there."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    moves = 0
    while moves < depth:
        after = state.apply(rng.choice(list(state.legal_moves())))
        if after.is_over:
            break
        state = after
        moves += 1
    seat = state.to_play
    return state, InfoState.start(state, seat)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), depth=st.integers(0, 12), sessions=st.booleans())
def test_determinisations_are_legal_positions_consistent_with_what_the_seat_saw(
    players: int, seed: int, depth: int, sessions: bool
) -> None:
    rules = SESSIONS if sessions else CACHO
    state, info = _reached(rules, players, seed, depth)
    seat = info.seat
    codec = CachoCodec(rules, players)
    vector = np.array(L.rules_vector(rules, players), np.int64)
    for guess in search.determinisations(info, 6, seed):
        check_consistent(guess, state, seat)
        assert guess.holdings[seat] == state.holdings[seat]
        assert 0 <= guess.seed < search.SEEDS
        # the bridge: the row of the guess plays the guess's legal moves
        row = np.zeros(L.ROW, np.int32)
        row_of(guess, row)
        mask = np.zeros(codec.num_actions, np.bool_)
        core.legal_mask(row, vector, mask, np.empty(codec.num_actions, np.int64))
        assert np.flatnonzero(mask).tolist() == sorted(codec.legal_actions(guess))


def test_determinisations_redeal_the_unknown_cards_and_the_seed() -> None:
    state = new_game("cacho", players=3, seed=3)
    info = InfoState.start(state, state.to_play)
    guesses = search.determinisations(info, 30, seed=1)
    others = [seat for seat in range(3) if seat != info.seat]
    assert len({guess.holdings[others[0]] for guess in guesses}) > 10  # one card each of 21
    assert len({guess.stock for guess in guesses}) == 30
    assert len({guess.seed for guess in guesses}) == 30


def test_the_shares_of_a_finished_row_are_the_reference_outcome_s() -> None:
    for rules, players in ((CACHO, 2), (CACHO, 5), (SESSIONS, 3)):
        check_row_shares(Batch(rules, players, 1), search.shares_of, np.zeros(L.MAXP, np.float64), players, 15)


@pytest.mark.parametrize(("rules", "players", "depth"), [
    (CACHO, 2, 0), (CACHO, 2, 2), (CACHO, 4, 3), (CACHO, 8, 5), (SESSIONS, 2, 4), (SESSIONS, 3, 9),
    (CACHO.replace(resto="side_pots"), 3, 4),
])
def test_a_search_keeps_its_tree_within_bounds_and_tries_every_root_move(
    rules: CachoRules, players: int, depth: int
) -> None:
    state, info = _reached(rules, players, players + depth, depth)
    check_search(search.problem, state, info, (depth, depth), 80)


def test_the_search_is_reproducible_from_its_seed_and_returns_legal_moves() -> None:
    state, info = _reached(CACHO, 2, seed=5, depth=1)
    check_reproducible(search.ismcts, info, set(state.legal_moves()))
    python = ismcts(info, 200, random.Random(9), engine="python")
    assert {s.move for s in python} == set(state.legal_moves())


def test_a_session_is_searched_across_hands() -> None:
    """Rollouts of a session of several hands shuffle the later hands in the kernel,
    from the determinisation's seed."""
    state, info = _reached(SESSIONS, 3, seed=2, depth=0)
    check_search(search.problem, state, info, (1, 3), 60)


def test_the_bot_with_engine_kernel_plays_whole_games_reproducibly() -> None:
    start = new_game(SESSIONS, players=2, seed=8)
    finals = [play_game(start, [ISMCTSBot(30, engine="kernel", rules=SESSIONS), RandomBot()], seed=4)
              for _ in range(2)]
    assert finals[0].is_over
    assert finals[0].to_notation() == finals[1].to_notation()


def test_other_families_are_not_searched_here() -> None:
    state = new_game("cau-robat", players=2, seed=1)
    assert search.ismcts(InfoState.start(state, 0), 10, random.Random(1)) is None
