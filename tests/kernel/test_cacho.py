"""Cacho's kernel against the reference engine (the differential harness for Cacho).

Seeded random sessions run in a :class:`~cau_rules.batch.BatchGame` and in the reference
engine side by side, for every player count and both resto rules; after every step each
session's notation and legal mask (every bet and raise amount) must be the reference's,
and at the end the outcome and the returns.  Hypothesis adds other options and positions
reached part-way (``BatchGame.from_states``).  The kernel's hand evaluator orders every
three-card hand, and every pair of them, as the reference does.
``benchmarks/kernel_diff.py --family cacho`` runs the same harness at scale.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cau_rules import new_game
from cau_rules.batch import BatchGame
from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.hands import compare, evaluate
from cau_rules.cacho.kernel import core
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.batch import Batch, playout
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cacho.state import CachoState
from cau_rules.cards import CACHO_24
from cau_rules.registry import family_of
from tests.kernel.lockstep import auto_reset_games, check_supplied_deck, lockstep, part_way_lockstep

GAMES = 200
SHORT = {"stack": 5, "max_hands": 3}
"""Short stacks and three hands: all-ins, side pots, void hands and new hands come often,
and a session stays a few dozen moves."""
CASES = [(players, resto) for players in range(2, 9) for resto in ("cap_at_smallest", "side_pots")]


@pytest.mark.parametrize(("players", "resto"), CASES, ids=[f"{p}p-{r}" for p, r in CASES])
def test_seeded_sessions_match_the_reference_step_by_step(players: int, resto: str) -> None:
    rules = CACHO.replace(resto=resto, **SHORT)
    seed = 1000 * players
    batch = BatchGame(rules, players, GAMES, seed=seed)
    states = [new_game(rules, players, seed=seed + game) for game in range(GAMES)]
    assert lockstep(batch, states, random.Random(f"{resto}:{players}")) > GAMES * 5


@pytest.mark.parametrize("players", [2, 8])
def test_the_preset_matches_the_reference(players: int) -> None:
    batch = BatchGame("cacho", players, GAMES, seed=7)
    states = [new_game(CACHO, players, seed=7 + game) for game in range(GAMES)]
    lockstep(batch, states, random.Random(players))


_OPTIONS = st.fixed_dictionaries({}, optional={
    "stack": st.integers(1, 30),
    "resto": st.sampled_from(["cap_at_smallest", "side_pots"]),
    "flush_bonus": st.sampled_from([20, 30]),
    "high_card_kickers": st.booleans(),
    "max_hands": st.integers(1, 6),
    "bets": st.tuples(st.integers(1, 4), st.integers(1, 6)),
})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), options=_OPTIONS, seed=st.integers(0, 10**6),
       depth=st.integers(0, 30), games=st.integers(1, 3))
def test_options_and_positions_part_way_match_the_reference(
    players: int, options: dict[str, Any], seed: int, depth: int, games: int
) -> None:
    part_way_lockstep(CACHO.replace(**options), players, seed, depth, games)


HANDS = list(itertools.combinations(CACHO_24.cards, 3))


@pytest.mark.parametrize(("flush_bonus", "kickers"), [(20, False), (30, False), (20, True), (30, True)])
def test_the_evaluator_orders_every_hand_and_every_pair_as_the_reference(flush_bonus: int, kickers: bool) -> None:
    rules = CACHO.replace(flush_bonus=flush_bonus, high_card_kickers=kickers)
    assert len(HANDS) == 2024
    vector = np.array(L.rules_vector(rules, 2), np.int64)
    cards = np.array([[int(card) for card in hand] for hand in HANDS], np.int64)
    keys = core.evaluate_hands(cards, vector)
    # each permutation of a hand has the same key
    for order in itertools.permutations(range(3)):
        assert (core.evaluate_hands(cards[:, order], vector) == keys).all()
    values = [evaluate(hand, rules) for hand in HANDS]
    # every pair: the sign of the kernel's comparison is the reference's
    distinct = sorted(set(values))
    rank = np.array([distinct.index(value) for value in values])
    reference = np.sign(rank[:, None] - rank[None, :])
    kernel = np.sign(keys[:, None] - keys[None, :])
    assert (reference == kernel).all()
    sample = random.Random(flush_bonus).sample(range(len(HANDS)), 60)
    for a, b in itertools.product(sample, sample):  # and the reference's compare() itself
        assert compare(values[a], values[b]) == int(kernel[a, b])


def test_sessions_play_to_the_end_in_the_kernel_with_new_hands_dealt() -> None:
    rules = CACHO.replace(max_hands=40, stack=3)
    batch = Batch(rules, 4, 1)
    batch.reset(0, seed=11)
    made = batch.play_random(0, seed=2)
    state = batch.state(0)
    assert state.is_over and made > 0
    assert batch.outcome(0) == state.outcome()
    assert sum(state.stacks) == 12


def test_supplied_decks_and_auto_reset() -> None:
    check_supplied_deck(Batch, CACHO, 2)
    game, ended = auto_reset_games("cacho", 2, 200)
    assert ended > 4
    assert not game.done.all()


def test_observe_gives_the_seat_to_play_vector() -> None:
    batch = BatchGame("cacho", 3, 2, seed=1)
    vectors = batch.observe()
    assert vectors.shape[0] == 2
    features = family_of(CACHO).features
    assert features is not None
    one = np.zeros(vectors.shape[1], np.float32)
    state = batch.state(1)
    features(CACHO, 3).encode(state.observe(state.to_play), one)
    assert (vectors[1] == one).all()


def test_playout_engines() -> None:
    state = new_game(CACHO.replace(max_hands=3), 3, seed=4)
    family = family_of(state.rules)
    assert family.playout is not None
    for engine in ("python", "kernel", None):
        outcome = family.playout(state, random.Random(1).choice, engine)
        assert outcome.hands_played is not None and outcome.hands_played >= 1
    assert playout(state, 5) == playout(state, 5)
    with pytest.raises(ValueError, match="engine must be"):
        family.playout(state, random.Random(1).choice, "gpu")  # type: ignore[arg-type]


def test_the_generator_is_the_capture_kernels() -> None:
    from cau_rules.fishing.kernel.batch import generator_state
    from cau_rules.kernel.tools import generator_state as shared

    assert all(shared(seed) == generator_state(seed) for seed in (0, 1, 2**40, -3))


def test_a_batch_refuses_states_of_other_rules() -> None:
    batch = Batch(CACHO, 2, 1)
    other: CachoState = new_game(CACHO.replace(stack=3), 2, seed=1)
    with pytest.raises(Exception, match="batch's rules"):
        batch.load(0, other)
    with pytest.raises(TypeError, match="CachoRules"):
        Batch(object(), 2, 1)  # type: ignore[arg-type]
    assert isinstance(CACHO, CachoRules)
    assert CachoCodec(CACHO, 2).num_actions == Batch(CACHO, 2, 1).num_actions


def test_an_amount_outside_the_legal_range_is_refused_and_no_game_moves() -> None:
    from cau_rules.errors import IllegalMoveError

    batch = BatchGame("cacho", 2, 2, seed=3)
    codec = CachoCodec(CACHO, 2)
    before = [batch.state(game) for game in range(2)]
    bet_two = codec.encode(codec.move_of(4))  # bet 2: round 1's fixed bet is 1
    with pytest.raises(IllegalMoveError, match="action 4 is not legal in game 0"):
        batch.step(np.array([bet_two, codec.encode(codec.move_of(0))]))
    assert [batch.state(game) for game in range(2)] == before


def test_a_finished_session_loads_with_its_returns() -> None:
    state = new_game(CACHO, 3, seed=9)
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(list(state.legal_moves())))
    batch = BatchGame.from_states([state])
    outcome = state.outcome()
    assert outcome is not None
    assert batch.done.tolist() == [True] and batch.returns[0].tolist() == list(outcome.shares())
    assert batch.state(0) == state
