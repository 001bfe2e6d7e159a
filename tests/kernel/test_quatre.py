"""The four-card game's kernel against the reference engine (its differential harness).

Seeded random games run in a :class:`~cau_rules.batch.BatchGame` and in the reference
engine side by side at 2, 3 and 4 players (200 games each); after every step each game's
notation and legal mask must be the reference's, and at the end the outcome and the
returns.  Hypothesis adds other options (decks, table and hand sizes, up to 8 players, a
short safety bound) and positions reached part-way (``BatchGame.from_states``); the
perft pins of ``cau-quatre`` are recounted by the kernel.
``benchmarks/kernel_diff.py --variant cau-quatre`` runs the same harness at scale.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cau_rules import new_game
from cau_rules.adapters.features import features_for
from cau_rules.batch import BatchGame
from cau_rules.cards import SPANISH_48
from cau_rules.errors import InvalidRulesError
from cau_rules.kernel.rng import MT_SIZE, TEXT_SIZE, next_random
from cau_rules.outcome import Termination
from cau_rules.quatre.kernel import core, dealing
from cau_rules.quatre.kernel import layout as L
from cau_rules.quatre.kernel.batch import Batch, check_rules, playout
from cau_rules.quatre.rules import QUATRE, QuatreRules
from cau_rules.quatre.state import QuatreState
from cau_rules.registry import family_of
from tests.kernel.lockstep import auto_reset_games, check_supplied_deck, lockstep, part_way_lockstep

GAMES = 200
PINS = json.loads((Path(__file__).parent.parent / "regression" / "perft_pins.json").read_text("utf-8"))["pins"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_match_the_reference_step_by_step(players: int) -> None:
    seed = 100 * players
    batch = BatchGame("cau-quatre", players, GAMES, seed=seed)
    states = [new_game(QUATRE, players, seed=seed + game) for game in range(GAMES)]
    assert lockstep(batch, states, random.Random(f"quatre:{players}")) > GAMES * 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_short_safety_bound_matches_the_reference(players: int) -> None:
    rules = QUATRE.replace(max_turns_after_stock=6)
    batch = BatchGame(rules, players, GAMES // 2, seed=7)
    states = [new_game(rules, players, seed=7 + game) for game in range(GAMES // 2)]
    lockstep(batch, states, random.Random(players))


def test_random_games_reach_every_phase_and_both_endings() -> None:
    """What the harness's games go through: chains up to Sant Vicent, gifts, passes,
    lays into a dead centre, players going out, both terminations."""
    phases: Counter[int] = Counter()
    endings: Counter[Termination] = Counter()
    gifts: set[int] = set()
    for rules in (QUATRE, QUATRE.replace(max_turns_after_stock=6)):
        batch = BatchGame(rules, 3, 64, seed=1)
        rows = batch._batch.rows  # type: ignore[attr-defined]
        while not batch.done.all():
            phases.update(rows[:, L.PHASE].tolist())
            gifts.update(rows[rows[:, L.OWED] > 0, L.LEVEL].tolist())
            batch.step(batch.random_actions())
        endings.update(outcome.termination for outcome in map(batch.outcome, range(64)) if outcome is not None)
    assert set(phases) == set(L.PHASE_CODES.values())
    assert gifts == {1, 2, 3}  # cau, recau and Sant Vicent
    assert set(endings) == {Termination.LAST_HOLDER, Termination.SAFETY_BOUND}


_OPTIONS = st.fixed_dictionaries({}, optional={
    "deck": st.sampled_from(["spanish-40", "spanish-48", "french-40", "cacho-24"]),
    "table_size": st.integers(1, 6),
    "hand_size": st.integers(1, 6),
    "max_turns_after_stock": st.integers(1, 30),
    "max_players": st.integers(4, 8),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), options=_OPTIONS, seed=st.integers(0, 10**6),
       depth=st.integers(0, 60), games=st.integers(1, 3))
def test_options_and_positions_part_way_match_the_reference(
    players: int, options: dict[str, Any], seed: int, depth: int, games: int
) -> None:
    try:
        rules = QUATRE.replace(**options)
        rules.check_players(players)
    except InvalidRulesError:
        assume(False)
        return
    part_way_lockstep(rules, players, seed, depth, games)


def test_a_chain_gift_and_lay_round_trip_through_a_row() -> None:
    """The reference's own example (``QuatreState.outcome``): a chain, a gift, then a lay
    into the empty centre; every position goes into a row and back unchanged."""
    rules = QUATRE.replace(max_turns_after_stock=2)
    rest = [card for card in QUATRE.deck.cards if card.rank != 5 and card.code != "1o"]
    state = QuatreState.from_position(rules, 2, table="5c", holdings=["5o 5e 5b", ["1o", *rest]], stock="")
    batch = Batch(rules, 2, 1)
    while True:
        batch.load(0, state)
        assert batch.state(0) == state and batch.state(0).to_notation() == state.to_notation()
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[0])
    assert state.phase == "over" and batch.outcome(0) == state.outcome()


def _perft(batch: Batch, row: Any, depth: int) -> list[int]:
    if depth == 0 or row[L.PHASE] == L.PHASE_CODES["over"]:
        return [1] * (depth + 1)
    actions = np.zeros(core.MOST, np.int64)
    count = core.legal_mask(row, batch.vector, np.zeros(0, np.bool_), actions)
    totals = [1] + [0] * depth
    for action in actions[:count].tolist():
        child = row.copy()
        core.step(child, batch.vector, action)
        for level, number in enumerate(_perft(batch, child, depth - 1), start=1):
            totals[level] += number
    return totals


@pytest.mark.parametrize(
    "pin", [p for p in PINS if p["variant"] == "cau-quatre"],
    ids=lambda p: f"{p['players']}p-seed{p['seed']}-d{p['depth']}",
)
def test_kernel_perft_matches_the_pins(pin: dict[str, Any]) -> None:
    batch = Batch(QUATRE, pin["players"], 1)
    batch.reset(0, pin["seed"])
    assert _perft(batch, batch.rows[0].copy(), pin["depth"])[1:] == pin["counts"]


def test_observe_gives_the_adapters_vector_of_the_seat_to_play() -> None:
    batch = BatchGame("cau-quatre", 3, 2, seed=1)
    for _ in range(5):
        batch.step(batch.random_actions())
    vectors = batch.observe()
    features = features_for(QUATRE, 3)
    assert vectors.shape == (2, features.size)
    for game in range(2):
        one = np.zeros(features.size, np.float32)
        state = batch.state(game)
        features.encode(state.observe(state.to_play), one)
        assert (vectors[game] == one).all()


def test_supplied_decks_auto_reset_and_playouts() -> None:
    check_supplied_deck(Batch, QUATRE, 2)
    assert auto_reset_games("cau-quatre", 4, 400)[1] >= 4
    state = new_game(QUATRE, 3, seed=4)
    family = family_of(state.rules)
    assert family.playout is not None and family.kernel is not None
    for engine in ("python", "kernel", None):
        assert family.playout(state, random.Random(1).choice, engine).termination is not None
    assert playout(state, 5) == playout(state, 5)
    with pytest.raises(ValueError, match="engine must be"):
        family.playout(state, random.Random(1).choice, "gpu")  # type: ignore[arg-type]


def test_the_kernel_refuses_what_it_cannot_seat() -> None:
    with pytest.raises(InvalidRulesError, match="played by 2 to 4 players, not 5"):
        BatchGame("cau-quatre", 5, 1)
    with pytest.raises(TypeError, match="QuatreRules"):
        check_rules("cau-quatre", 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="rules and player count"):
        Batch(QUATRE, 2, 1).load(0, new_game(QUATRE, 3))
    assert isinstance(QUATRE, QuatreRules)


def test_sampling_takes_the_masks_pick_th_legal_action() -> None:
    batch = Batch(QUATRE, 3, 16)
    for game in range(16):
        batch.reset(game, seed=game)
    active = np.ones(16, np.bool_)
    for _ in range(60):
        masks = np.zeros((16, batch.num_actions), np.bool_)
        batch.masks(masks)
        rngs = batch.rngs.copy()
        out = np.zeros(16, np.int64)
        active = ~batch.over()
        batch.sample(masks, active, out)
        for game in np.flatnonzero(active).tolist():
            pick = int(next_random(rngs[game:game + 1]) % np.uint64(batch.counts[game]))
            assert out[game] == np.flatnonzero(masks[game])[pick]
        batch.step(out, active)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), table=st.integers(1, 6), hand=st.integers(1, 6),
       seed=st.integers(0, 2**63 - 1), big_deck=st.booleans())
def test_the_kernel_deals_what_the_reference_deals(players: int, table: int, hand: int, seed: int,
                                                   big_deck: bool) -> None:
    """D-DEAL-1 in the kernel: a game dealt by ``play_seeds``'s compiled deal is the
    reference game of its seed, card for card, whatever the deck, table and hand sizes."""
    rules = QUATRE.replace(table_size=table, hand_size=hand, **({"deck": SPANISH_48} if big_deck else {}))
    assume(table + players * hand < rules.deck.size)
    batch = Batch(rules, players, 1)
    order = np.empty(rules.deck.size, np.int64)
    mt = np.empty(MT_SIZE, np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    dealing.start(batch.rows[0], batch.vector, players, seed, batch.deck, order, mt, text)
    reference = Batch(rules, players, 1)
    reference.reset(0, seed)
    assert (batch.rows[0] == reference.rows[0]).all()
    batch.seeds[0] = seed
    assert batch.state(0) == new_game(rules, players, seed=seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_seeds_plays_like_reset_then_play_random_on_each_seed(players: int) -> None:
    chunked, single = Batch(QUATRE, players, 1), Batch(QUATRE, players, 1)
    made = 0
    for seed in range(30, 42):
        single.reset(0, seed)
        made += single.play_random(0)
    assert chunked.play_seeds(0, 30, 12) == made
    assert (chunked.rows == single.rows).all() and (chunked.rngs == single.rngs).all()
    assert chunked.state(0) == single.state(0) and chunked.outcome(0) == single.outcome(0)
    assert chunked.play_seeds(0, 7, 0) == 0
    edge = 2**63 - 2  # a run that would pass the int64 edge is played seed by seed in Python
    assert chunked.play_seeds(0, edge, 3) > 0 and chunked.state(0).seed == 2**63
