"""The shared observation vectors: fixed size, in [0, 1], never leaking hidden cards."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from cau_rules import new_game  # noqa: E402
from cau_rules.adapters.features import features_for  # noqa: E402
from cau_rules.bots import RandomBot, play_game  # noqa: E402
from cau_rules.fishing.features import FishingFeatures  # noqa: E402

from .helpers import VARIANTS, default_players, twin_states  # noqa: E402


@pytest.mark.parametrize("variant", VARIANTS)
def test_vectors_have_a_fixed_size_and_stay_in_range(variant: str) -> None:
    players = default_players(variant)
    features = features_for(variant, players)
    states = []
    play_game(new_game(variant, players=players, seed=3), RandomBot(), seed=1,
              on_move=lambda seat, move, state: states.append(state))
    out = np.zeros(features.size, np.float32)
    summary = np.zeros(features.history_size, np.float32)
    for state in states[:400]:
        for seat in range(players):
            features.encode(state.observe(seat), out)
            assert out.min() >= 0.0 and out.max() <= 1.0
            features.update_history(state.observe(seat), summary)
            assert summary.min() >= 0.0 and summary.max() <= 1.0


def test_the_vector_of_a_seat_ignores_other_holdings() -> None:
    state, twin = twin_states()
    features = features_for("cau", 3)
    first, second = np.zeros(features.size, np.float32), np.zeros(features.size, np.float32)
    features.encode(state.observe(0), first)
    features.encode(twin.observe(0), second)
    assert np.array_equal(first, second)
    features.encode(state.observe(1), first)
    features.encode(twin.observe(1), second)
    assert not np.array_equal(first, second)  # seat 1's own holding differs


def test_fishing_bound_covers_random_games() -> None:
    for variant in ("cau", "cau-robat-40", "cau-recau-sant-vicent"):
        players = default_players(variant)
        bound = FishingFeatures(new_game(variant, players=players).rules, players).max_decisions
        moves: list[object] = []

        def record(seat: int, move: object, state: object, moves: list[object] = moves) -> None:
            moves.append(move)

        play_game(new_game(variant, players=players, seed=5), RandomBot(), seed=2, on_move=record)
        assert len(moves) <= bound


def test_a_joc_bid_is_encoded_above_the_game() -> None:
    """VAL-17: the stake piece shows a joc bid as both the game flag and a full number."""
    from cau_rules import get_rules

    rules = get_rules("cau-recau-sant-vicent", partides_to_win=2)
    from tests.scenario import deck_with

    order = deck_with(rules, "1o 2o 3o 4o 5o 6o 7o 10o 5c 6c 11o 12o 1c 6e 2c 3c")
    features = FishingFeatures(rules, 4)
    out = np.zeros(features.size, np.float32)
    stake = features.offset("stake")
    state = new_game(rules, players=4, decks=[order])
    features.encode(state.apply("bid game").observe(1), out)
    assert (out[stake + 2], out[stake + 3]) == (0.0, 1.0)
    features.encode(state.apply("bid joc").observe(1), out)
    assert (out[stake + 2], out[stake + 3]) == (1.0, 1.0)
    assert features.max_decisions > FishingFeatures(get_rules("cau-recau-sant-vicent"), 4).max_decisions
