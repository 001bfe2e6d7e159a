"""The exact search of perfect-information positions (cau_rules.fishing.kernel.exact).

Its move must be one of the optimal moves an exhaustive minimax over the reference engine
finds (``tests/kernel/exact_reference.py``), on seeded random positions of every capture
preset; the full thousand positions are ``benchmarks/exact_check.py``.  Work is bounded by
counts (positions, cards, nodes), never by seconds.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import settings

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.infer import perfect_information
from cau_rules.fishing.kernel import exact
from cau_rules.fishing.kernel.bridge import row_of
from cau_rules.fishing.kernel.layout import row_length
from cau_rules.fishing.state import FishingState
from tests.kernel.exact_reference import CASES, optimal_moves, perfect, positions

COUNT = min(settings().max_examples // 4, 40)
"""Positions per case: 6 under the ``dev`` profile, 37 under ``ci``."""


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_search_plays_an_optimal_move(name: str, players: int) -> None:
    solver = None
    for state in positions(name, players, COUNT, seed=36, max_cards=8):
        if solver is None:
            solver = exact.Solver(state.rules, state.players, table_bits=16)
        found = solver.solve(state)
        best, values = optimal_moves(state)
        assert found.solved and found.move is not None
        assert values[found.move] == best == found.value, (state.to_dict(), found, values)


@pytest.mark.parametrize(("name", "players"), [("cau-robat-40", 2), ("cau", 2)])
def test_every_moves_value_is_the_reference_value(name: str, players: int) -> None:
    for state in positions(name, players, 3, seed=7, max_cards=6):
        values = exact.Solver(state.rules, state.players, table_bits=14).move_values(state)
        assert values == optimal_moves(state)[1]


def test_the_node_limit_bounds_the_work() -> None:
    state = new_game("cau-robat-40", players=2, seed=4)
    found = exact.solve(state, node_limit=500)
    assert not found.solved and found.move is None and found.nodes == 501
    assert exact.Solver(state.rules, state.players).move_values(state, node_limit=50) is None


def test_over_positions_are_refused() -> None:
    state = next(positions("cau", 2, 1, seed=3, max_cards=2))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(InvalidPositionError):
        exact.solve(state)
    assert not exact.perfect_state(state)


def test_the_predicates_agree_on_whole_deals_and_rounds() -> None:
    rng = random.Random(5)
    for name in ("cau-40", "cau-robat-40", "cau", "cau-robat"):
        state = new_game(name, players=2, seed=rng.randrange(100))
        infos = [InfoState.start(state, seat) for seat in range(2)]
        while not state.is_over:
            info = infos[state.to_play]
            assert exact.perfect_state(state) == perfect(state)
            # a seat that follows every pile (two players, no payment from an empty pile)
            # knows the other hand exactly when the structure says so
            if info.memory.piles is not None or state.rules.open_piles:
                assert perfect_information(state.rules, 2, info.view, info.memory) == perfect(state)
            state = state.apply(rng.choice(state.legal_moves()))
            infos = [info.update(state) for info in infos]


def test_solve_info_searches_only_perfect_information() -> None:
    state = new_game("cau", players=2, seed=9)
    assert exact.solve_info(InfoState.start(state, state.to_play)) is None
    whole = new_game("cau-robat-40", players=2, seed=9)
    while sum(len(h) for h in whole.holdings) > 8:
        whole = whole.apply(whole.legal_moves()[-1])
    found = exact.solve_info(InfoState.start(whole, whole.to_play))
    assert found is not None and found.solved and found.move in whole.legal_moves()


def test_the_kernel_predicate_reads_the_row_as_the_state_says() -> None:
    rng = random.Random(8)
    for name, players in CASES:
        state = new_game(name, players=players, seed=rng.randrange(1000))
        row = np.zeros(row_length(state.rules), np.int16)
        while not state.is_over:
            assert isinstance(state, FishingState)
            row_of(state, row)
            assert bool(exact.perfect_row(row)) == exact.perfect_state(state)
            state = state.apply(rng.choice(state.legal_moves()))
