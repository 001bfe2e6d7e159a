"""CPython's string-seeded ``random.Random`` reproduced in numba
(:mod:`cau_rules.kernel.rng`), and the kernel's deals built on it, against CPython
and the reference dealing code (:func:`cau_rules.fishing.deal.lay_table`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules.batch import BatchGame
from cau_rules.cacho.engine import shuffled_deck
from cau_rules.cacho.kernel import dealing as cacho_dealing
from cau_rules.cards import CACHO_24
from cau_rules.checks import MAX_SEED
from cau_rules.fishing.deal import lay_table
from cau_rules.fishing.kernel import dealing
from cau_rules.fishing.kernel import layout as L
from cau_rules.fishing.rules import FISHING_PRESETS
from cau_rules.kernel import lanes as KL
from cau_rules.kernel import rng as K
from cau_rules.kernel.tools import generator_state

SEEDS = st.integers(-(2**63), MAX_SEED)
HANDS = st.integers(0, 10_000)


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_any_text_seeds_the_generator_as_cpython_does(text: str) -> None:
    if len(text.encode()) > K.TEXT_SIZE:
        return
    expected = random.Random(text)
    assert K.getrandbits_text(text, 32, 700) == [expected.getrandbits(32) for _ in range(700)]


@given(st.text(max_size=20), st.integers(0, 32), st.integers(1, 2000))
@settings(max_examples=100, deadline=None)
def test_getrandbits_and_randbelow_draw_what_cpython_draws(text: str, bits: int, below: int) -> None:
    expected = random.Random(text)
    assert K.getrandbits_text(text, bits, 50) == [expected.getrandbits(bits) for _ in range(50)]
    mt = K.generator(text)
    expected = random.Random(text)
    assert [int(K.randbelow(mt, below)) for _ in range(50)] == [expected.randrange(below) for _ in range(50)]


@given(SEEDS, HANDS, st.integers(0, 60), st.sampled_from(["shuffle", "table-return"]))
@settings(max_examples=300, deadline=None)
def test_the_seed_text_written_in_the_kernel_is_the_reference_text(seed: int, hand: int, index: int,
                                                                   purpose: str) -> None:
    mt = K.numbers_generator(seed, hand, index, purpose)
    expected = random.Random(f"{seed}:{hand}:{index}:{purpose}")
    assert [int(K.getrandbits(mt, 32)) for _ in range(30)] == [expected.getrandbits(32) for _ in range(30)]


@given(SEEDS, HANDS, st.sampled_from(sorted(FISHING_PRESETS)))
@settings(max_examples=300, deadline=None)
def test_a_whole_shuffled_deck_is_the_reference_order(seed: int, hand: int, name: str) -> None:
    deck = FISHING_PRESETS[name].deck
    order = [int(card) for card in deck.cards]
    assert K.shuffled_text(f"{seed}:{hand}:0:shuffle", order) == [
        int(card) for card in deck.shuffled(random.Random(f"{seed}:{hand}:0:shuffle"))
    ]


def _kernel_deal(name: str, players: int, seed: int, hand: int) -> tuple[list[int], list[int], int]:
    rules = FISHING_PRESETS[name]
    deck = np.array([int(card) for card in rules.deck.cards], np.int64)
    slot = np.full(51, -1, np.int16)
    dealing.deal_hand(seed, hand, deck, L.rules_vector(rules, players)[L.R_TABLE], slot,
                      np.empty(len(deck), np.int64), np.empty((dealing.GENERATORS, K.MT_SIZE), np.int64),
                      np.empty(K.TEXT_SIZE, np.uint8))
    assert slot[0] == hand
    laid, returned = int(slot[1]), int(slot[2])
    return slot[3:3 + laid].tolist(), slot[3 + laid:3 + len(deck)].tolist(), returned


CASES = [(name, players) for name, rules in FISHING_PRESETS.items()
         for players in range(rules.min_players, rules.max_players + 1)]


@given(st.sampled_from(CASES), SEEDS, HANDS)
@settings(max_examples=300, deadline=None)
def test_the_kernel_lays_the_reference_table_and_stock(case: tuple[str, int], seed: int, hand: int) -> None:
    name, players = case
    table, stock, returned = lay_table(FISHING_PRESETS[name], players, seed, hand, ())
    assert _kernel_deal(name, players, seed, hand) == ([int(c) for c in table], [int(c) for c in stock],
                                                       len(returned))


def test_the_table_return_path_is_taken_and_matches() -> None:
    """Cards repeating a table rank go back at seeded places: over these seeds many
    deals return one card or more, and every one matches the reference."""
    returns = 0
    for seed in range(400):
        for name, players in (("cau-robat-40", 4), ("cau-robat", 4), ("cau-40", 5)):
            table, stock, returned = lay_table(FISHING_PRESETS[name], players, seed, seed % 7, ())
            kernel = _kernel_deal(name, players, seed, seed % 7)
            assert kernel == ([int(c) for c in table], [int(c) for c in stock], len(returned))
            returns += len(returned) > 1
    assert returns > 50


@given(SEEDS, st.integers(0, 200), st.integers(0, 30))
@settings(max_examples=200, deadline=None)
def test_cacho_orders_written_in_the_kernel_are_the_reference_shuffles(seed: int, hand: int, redeal: int) -> None:
    row = np.zeros(64, np.int32)
    deck = np.array([int(card) for card in CACHO_24.cards], np.int64)
    cacho_dealing.put_order(row, 10, seed, hand, redeal, deck, np.empty(K.MT_SIZE, np.int64),
                            np.empty(K.TEXT_SIZE, np.uint8))
    assert row[10:34].tolist() == [int(card) for card in shuffled_deck(seed, hand, redeal)]


@pytest.mark.parametrize(("name", "players"), [("cau-recau-sant-vicent", 4), ("cau-robat-40", 3), ("cacho", 3)])
def test_play_seed_is_reset_then_play_random(name: str, players: int) -> None:
    options: dict[str, Any] = {"max_hands": 4} if name == "cacho" else {}
    one = BatchGame(name, players, 2, seed=0, **options)
    other = BatchGame(name, players, 2, seed=0, **options)
    for seed in (5, 2**40, 2**63 - 1):
        made = one.play_seed(1, seed)
        other.reset(1, seed)
        assert other.play_random(1) == made
        assert one.state(1) == other.state(1)
        assert one.returns.tolist() == other.returns.tolist()
    # the kernel's own batch also takes the seeds outside the library's range (BatchGame refuses them)
    kernel: Any = one._batch
    reference: Any = other._batch
    made = kernel.play_seed(1, -3)
    reference.reset(1, -3)
    assert reference.play_random(1) == made
    assert kernel.state(1) == reference.state(1)
    assert kernel.outcome(1) == reference.outcome(1)


@pytest.mark.parametrize(("name", "players", "options"), [
    ("cacho", 2, {}), ("cacho", 5, {"max_hands": 4}), ("cacho", 3, {"resto": "side_pots", "max_hands": 6}),
    ("cau", 2, {}), ("cau-quatre", 3, {}),
])
def test_play_seeds_is_play_seed_of_each_seed_in_turn(name: str, players: int, options: dict[str, Any]) -> None:
    one = BatchGame(name, players, 2, seed=0, **options)
    other = BatchGame(name, players, 2, seed=0, **options)
    # across the digits' count (keys of different lengths in one group of sixteen), a
    # count that is no multiple of sixteen, and the last seeds
    for first, count in ((0, 37), (95, 21), (2**63 - 5, 5), (7, 1)):
        made = one.play_seeds(1, first, count)
        assert made == sum(other.play_seed(1, seed) for seed in range(first, first + count))
        assert one.state(1) == other.state(1)
        assert one.returns.tolist() == other.returns.tolist()
        assert one.done.tolist() == other.done.tolist()
    # the kernel's own batch, across the sign and int64's edges (BatchGame refuses such seeds)
    kernel: Any = one._batch
    reference: Any = other._batch
    for first, count in ((-9, 37), (2**63 - 3, 5), (-(2**63) - 2, 4)):
        made = kernel.play_seeds(1, first, count)
        played = 0
        for seed in range(first, first + count):  # play_seed is reset then play_random
            reference.reset(1, seed)
            played += reference.play_random(1)
        assert made == played
        assert kernel.state(1) == reference.state(1)
        assert kernel.outcome(1) == reference.outcome(1)


def test_play_seeds_checks_its_arguments() -> None:
    batch = BatchGame("cacho", 2, 1)
    with pytest.raises(ValueError, match="count"):
        batch.play_seeds(0, 1, 0)
    with pytest.raises(IndexError):
        batch.play_seeds(1, 1, 3)


@given(SEEDS)
@settings(max_examples=200, deadline=None)
def test_the_compiled_move_generator_seed_is_kernel_tools(seed: int) -> None:
    assert int(K.generator_state(seed)) == generator_state(seed)


@given(st.lists(st.tuples(SEEDS, HANDS, st.integers(0, 50)), min_size=1, max_size=4))
@settings(max_examples=100, deadline=None)
def test_generators_seeded_four_at_a_time_draw_what_cpython_draws(texts: list[tuple[int, int, int]]) -> None:
    lanes = len(texts)
    mts = np.zeros((4, K.MT_SIZE), np.int64)
    seeds, hands, indexes = (np.array([text[part] for text in texts], np.int64) for part in range(3))
    K.seed_numbers4(mts, np.zeros((4, K.TEXT_SIZE), np.uint8), np.zeros((4, K.KEY_SIZE), np.int64), seeds, hands,
                    indexes, np.frombuffer(b"shuffle", np.uint8), lanes)
    for lane, (seed, hand, index) in enumerate(texts):
        expected = random.Random(f"{seed}:{hand}:{index}:shuffle")
        assert [int(K.getrandbits(mts[lane], 32)) for _ in range(700)] == [expected.getrandbits(32) for _ in range(700)]


@given(st.text(max_size=30), st.integers(0, 700))
@settings(max_examples=60, deadline=None)
def test_a_fresh_generator_shuffles_and_draws_on_as_cpython_does(text: str, length: int) -> None:
    expected = random.Random(text)
    order = list(range(length))
    expected.shuffle(order)
    mt = K.generator(text)
    values = np.arange(length, dtype=np.int64)
    K.shuffle_fresh(mt, values, length)
    assert values.tolist() == order
    assert [int(K.getrandbits(mt, 32)) for _ in range(700)] == [expected.getrandbits(32) for _ in range(700)]


@given(st.lists(st.tuples(SEEDS, HANDS, st.integers(0, 50)), min_size=1, max_size=KL.LANES))
@settings(max_examples=60, deadline=None)
def test_generators_seeded_in_one_vector_loop_draw_what_cpython_draws(texts: list[tuple[int, int, int]]) -> None:
    mts = np.zeros((K.MT_SIZE, KL.LANES), np.int64)
    seeds, hands, indexes = (np.array([text[part] for text in texts], np.int64) for part in range(3))
    KL.seed_numbers_many(mts, seeds, hands, indexes, np.frombuffer(b"shuffle", np.uint8), len(texts))
    for lane, (seed, hand, index) in enumerate(texts):
        expected = random.Random(f"{seed}:{hand}:{index}:shuffle")
        mt = np.ascontiguousarray(mts[:, lane])
        assert [int(K.getrandbits(mt, 32)) for _ in range(700)] == [expected.getrandbits(32) for _ in range(700)]


@pytest.mark.parametrize("purpose", [b"shuffle", b"two hash blocks:" + b"x" * 90])  # 112 to 123 bytes of text
@pytest.mark.parametrize("count", [1, KL.FEW, KL.FEW + 1, KL.LANES])
def test_long_texts_and_few_generators_seed_as_cpython_does(purpose: bytes, count: int) -> None:
    mts = np.zeros((K.MT_SIZE, KL.LANES), np.int64)
    seeds = (np.arange(count, dtype=np.int64) - count // 2) * 999_999_937
    zeros = np.zeros(count, np.int64)
    KL.seed_numbers_many(mts, seeds, zeros, zeros + 3, np.frombuffer(purpose, np.uint8), count)
    for lane, seed in enumerate(seeds.tolist()):
        expected = random.Random(f"{seed}:0:3:{purpose.decode()}")
        mt = np.ascontiguousarray(mts[:, lane])
        assert [int(K.getrandbits(mt, 32)) for _ in range(30)] == [expected.getrandbits(32) for _ in range(30)]


@given(st.lists(st.tuples(SEEDS, HANDS, st.integers(0, 50)), min_size=KL.FEW + 1, max_size=KL.LANES),
       st.integers(2, 120))
@settings(max_examples=40, deadline=None)
def test_first_outputs_drawn_for_every_lane_shuffle_as_cpython_does(texts: list[tuple[int, int, int]],
                                                                    length: int) -> None:
    mts = np.zeros((K.MT_SIZE, KL.LANES), np.int64)
    seeds, hands, indexes = (np.array([text[part] for text in texts], np.int64) for part in range(3))
    KL.seed_numbers_many(mts, seeds, hands, indexes, np.frombuffer(b"shuffle", np.uint8), len(texts))
    drawn = np.zeros((KL.DRAWN, KL.LANES), np.int64)
    KL.draw_lanes(mts, drawn)
    for lane, (seed, hand, index) in enumerate(texts):
        expected = random.Random(f"{seed}:{hand}:{index}:shuffle")
        order = list(range(length))
        expected.shuffle(order)
        values = np.arange(length, dtype=np.int64)
        mt = np.ascontiguousarray(mts[:, lane])
        K.shuffle_drawn(mt, np.ascontiguousarray(drawn[:, lane]), KL.DRAWN, values, length)
        assert values.tolist() == order  # beyond DRAWN outputs too (a long shuffle)
        assert [int(K.getrandbits(mt, 32)) for _ in range(30)] == [expected.getrandbits(32) for _ in range(30)]
