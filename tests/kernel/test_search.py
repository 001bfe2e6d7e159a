"""The compiled IS-MCTS of the capture family (cau_rules.fishing.kernel.search).

Determinisations are checked against the reference engine (every dealt position is a
legal position, conserves the cards and shows the searching seat exactly what it has
seen, constraints included); the search against its own invariants (legal moves, tree
sizes, availability counts) and the seed.  No wall clock: the strength and the speed
are benchmarks (benchmarks/ismcts_vs_random.py, benchmarks/kernel_bench.py).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules import get_rules, new_game
from cau_rules.ai import mcts
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ISMCTSBot, ismcts
from cau_rules.ai.simulate import simulate
from cau_rules.bots import RandomBot, play_game
from cau_rules.errors import MissingExtraError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.engine import ronda_kind
from cau_rules.fishing.kernel import core, redeal, search
from cau_rules.fishing.kernel import layout as L
from cau_rules.fishing.kernel.batch import Batch
from cau_rules.fishing.kernel.bridge import SLOT, row_of
from cau_rules.fishing.moves import Call
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from cau_rules.fishing.state import FishingState
from tests.kernel import check_consistent, check_reproducible, check_search

CASES = [
    (name, players)
    for name, rules in FISHING_PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]


def _reached(rules: FishingRules, players: int, seed: int, depth: int, seat: int) -> tuple[FishingState, InfoState]:
    """A position reached by *depth* random moves (then on to *seat*'s turn) and *seat*'s
    information state there."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    info = InfoState.start(state, seat)
    moves = 0
    while not state.is_over and (moves < depth or state.to_play != seat):
        state = state.apply(rng.choice(list(state.legal_moves())))
        info = info.update(state)
        moves += 1
    return state, info


def check_determinisation(guess: FishingState, state: FishingState, info: InfoState) -> None:
    """*guess* is a legal position that gives the seat of *info* exactly what it saw."""
    seat = info.seat
    memory = info.memory
    check_consistent(guess, state, seat)
    for other in range(state.players):
        assert memory.known[other] <= set(guess.holdings[other])
        required = memory.required[other]
        if other != seat and required != "any":
            assert ronda_kind([*guess.holdings[other], *memory.played[other]]) == required
    if memory.piles is not None:
        assert guess.piles == memory.piles
    # the bridge: the row of the guess plays the guess's legal moves
    codec = FishingCodec(guess.rules, guess.players)
    row = np.zeros(L.row_length(guess.rules), np.int16)
    row_of(guess, row)
    mask = np.zeros(codec.num_actions, np.bool_)
    core.mask_row(row, np.array(L.rules_vector(guess.rules, guess.players), np.int64),
                  np.zeros(L.row_length(guess.rules), np.int16), mask)
    assert np.flatnonzero(mask).tolist() == sorted(codec.legal_actions(guess))


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), depth=st.integers(0, 80), seat=st.integers(0, 5))
def test_determinisations_are_legal_positions_consistent_with_what_the_seat_saw(
    case: tuple[str, int], seed: int, depth: int, seat: int
) -> None:
    name, players = case
    state, info = _reached(FISHING_PRESETS[name], players, seed, depth, seat % players)
    if state.is_over:
        return
    guesses = search.determinisations(info, 6, seed)
    assert len(guesses) == 6
    for guess in guesses:
        check_determinisation(guess, state, info)


def test_determinisations_redeal_the_unknown_cards() -> None:
    state = new_game("cau-robat", players=2, seed=3)
    info = InfoState.start(state, 0)
    guesses = search.determinisations(info, 30, seed=1)
    assert len({guess.holdings[1] for guess in guesses}) > 10
    assert len({guess.stock for guess in guesses}) == 30
    assert all(guess.holdings[0] == state.holdings[0] for guess in guesses)


@pytest.mark.parametrize("kind", [Call.RONDA, None])
def test_a_declared_ronda_or_its_absence_is_kept(kind: Call | None) -> None:
    """At the first deal of cau-robat, the opponent's ronda is declared (or known
    absent): every determinisation gives it a holding of that kind."""
    for seed in range(500):
        state = new_game("cau-robat", players=2, seed=seed)
        if ronda_kind(state.holdings[1]) == kind:
            break
    info = InfoState.start(state, 0)
    assert info.memory.required[1] == kind
    for guess in search.determinisations(info, 40, seed=seed):
        assert ronda_kind(guess.holdings[1]) == kind
        check_determinisation(guess, state, info)


def test_closed_piles_that_cannot_be_followed_are_redealt() -> None:
    """A seat that joins a cau game part-way (no memory of the captures) cannot know the
    closed piles: they are re-dealt from the unknown cards, with their sizes kept."""
    state, _ = _reached(FISHING_PRESETS["cau"], 2, seed=11, depth=20, seat=0)
    assert sum(len(pile) for pile in state.piles) > 0
    info = InfoState.from_view(state.rules, state.observe(0))
    assert info.memory.piles is None
    guesses = search.determinisations(info, 20, seed=2)
    assert len({guess.piles for guess in guesses}) > 1
    for guess in guesses:
        check_determinisation(guess, state, info)


def test_later_hands_are_dealt_like_the_reference() -> None:
    """The kernel's deal of a later hand: a table of distinct ranks of the preset's size,
    table and stock together the whole deck, the cards sent back counted."""
    rng = np.array([12345], np.uint64)
    for name, rules in FISHING_PRESETS.items():
        for players in (2, rules.max_players):
            vector = np.array(L.rules_vector(rules, players), np.int64)
            deck = np.array([int(card) for card in rules.deck.cards], np.int64)
            returns = 0
            for hand in range(200):
                out = np.full(SLOT, -1, np.int16)
                redeal.random_deal(vector, deck, hand, rng, out)
                table = out[3:3 + out[1]].tolist()
                assert out[0] == hand and len(table) == rules.table_count(players), name
                assert len({card % 12 for card in table}) == len(table)
                assert sorted(out[3:3 + rules.deck.size].tolist()) == sorted(deck.tolist())
                returns += int(out[2])
            assert returns > 0 or rules.table_count(players) == 0, name


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_the_shares_of_a_finished_row_are_the_reference_outcome_s(name: str, players: int) -> None:
    batch = Batch(FISHING_PRESETS[name], players, 1)
    shares = np.zeros(L.MAXP, np.float64)
    for seed in range(15):
        batch.reset(0, seed)
        batch.play_random(0, seed)
        search.shares_of(batch.rows[0], batch.vector, shares)
        assert shares[:players].tolist() == list(batch.outcome(0).shares())


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_a_search_from_a_reached_position_keeps_its_tree_within_bounds(name: str, players: int) -> None:
    rules = FISHING_PRESETS[name]
    for seed, depth in ((players, 0), (players + 1, 15)):
        state, info = _reached(rules, players, seed, depth, seat=seed % players)
        if state.is_over:
            continue
        check_search(search.problem, state, info, (seed, seed), 60, every_legal=False)


def test_the_search_is_reproducible_from_its_seed_and_returns_legal_moves() -> None:
    state, info = _reached(FISHING_PRESETS["cau-robat"], 2, seed=5, depth=6, seat=0)
    check_reproducible(search.ismcts, info, set(state.legal_moves()), every_legal=False)


def test_the_bot_with_engine_kernel_plays_whole_games_reproducibly() -> None:
    start = new_game("cau-robat", players=2, seed=8)
    finals = [play_game(start, [ISMCTSBot(30, engine="kernel"), RandomBot()], seed=4) for _ in range(2)]
    assert finals[0].is_over
    assert finals[0].to_notation() == finals[1].to_notation()


def test_a_stones_game_is_searched_across_hands() -> None:
    """Cau, recau i Sant Vicent plays hands until a team reaches the target: rollouts
    deal the later hands in the kernel."""
    state = new_game("cau-recau-sant-vicent", players=4, seed=2)
    info = InfoState.start(state, state.to_play)
    check_search(search.problem, state, info, (1, 3), 40, every_legal=False)


def test_simulate_runs_ismcts_kernel_bots() -> None:
    result = simulate("cau-robat", ["ismcts:20:kernel", "random"], games=2, seed=1, executor="serial")
    assert result.games == 2


def test_rules_the_kernel_does_not_play_are_left_to_the_python_tree() -> None:
    rules = get_rules("cau", explicit_calls=True)
    state = new_game(rules, players=2, seed=1)
    assert search.ismcts(InfoState.start(state, 0), 10, random.Random(1)) is None
    stats = ismcts(InfoState.start(state, 0), 10, random.Random(1), engine="python")
    assert sum(s.visits for s in stats) == 10



def test_the_compiled_search_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("cau-robat", players=2, seed=1)
    monkeypatch.setattr(mcts, "fast_installed", lambda: False)
    with pytest.raises(MissingExtraError, match=r"cau_rules\[fast\]"):
        ismcts(InfoState.start(state, 0), 10, random.Random(1), engine="kernel")
    assert sum(s.visits for s in ismcts(InfoState.start(state, 0), 10, random.Random(1), engine="python")) == 10
