"""Information states and resampling never leak, and stay consistent (D-VIEW-2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.game import GameState

CASES = [
    ("cau", 3, {}),
    ("cau", 2, {"explicit_calls": True}),
    ("cau", 4, {"continuous": True}),
    ("cau-robat", 4, {}),
    ("cau-robat-40", 5, {}),
    ("cau-40", 3, {}),
    ("cau-recau-sant-vicent", 4, {}),
    ("cacho", 4, {}),
    ("cau-quatre", 3, {}),
]


def _public(state: GameState, seat: int) -> dict[str, Any]:
    return {key: value for key, value in state.observe(seat).to_dict().items() if key != "events"}


@pytest.mark.parametrize(("variant", "players", "options"), CASES)
def test_resampled_states_share_the_view_and_differ_where_they_can(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(7)
    state = new_game(variant, players=players, seed=3, **options)
    infos = [InfoState.start(state, seat) for seat in range(players)]
    differed = 0
    steps = 0
    while not state.is_over and steps < 60:
        for seat in range(players):
            guess = infos[seat].resample(rng)
            assert _public(guess, seat) == _public(state, seat)
            if seat == state.to_play:
                assert guess.legal_moves() == state.legal_moves()
            # the guess seen through the same eyes gives the same information state
            assert InfoState.start(guess, seat).view.to_dict()["holding"] == infos[seat].view.to_dict()["holding"]
            differed += guess.holdings != state.holdings
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        infos = [info.update(state) for info in infos]
        steps += 1
    assert differed > 0, "resampling never produced an alternative deal"


def test_information_state_key_ignores_what_the_seat_cannot_see() -> None:
    from cau_rules.fishing import CAU_ROBAT
    from tests.scenario import position

    # two positions that differ only in seat 1's holding and the stock
    one = position(CAU_ROBAT, 2, table="3o 9e", holdings=["3c 5b", "7o 8o"], stock="1o 2o 4o 6o")
    two = position(CAU_ROBAT, 2, table="3o 9e", holdings=["3c 5b", "1o 2o"], stock="7o 8o 4o 6o")
    assert InfoState.start(one, 0).key() == InfoState.start(two, 0).key()
    assert InfoState.start(one, 1).key() != InfoState.start(two, 1).key()
    after_one = InfoState.start(one, 0).update(one.apply("3c"))
    after_two = InfoState.start(two, 0).update(two.apply("3c"))
    assert after_one.key() == after_two.key() and after_one == after_two


def test_closed_piles_are_remembered_exactly() -> None:
    rng = random.Random(5)
    state = new_game("cau", players=2, seed=4)
    info = InfoState.start(state, 0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        info = info.update(state)
        if not state.is_over:
            assert info.resample(rng).piles == state.piles


def test_declarers_keep_their_pair() -> None:
    from cau_rules.fishing import CAU
    from tests.scenario import deck_with

    deck = deck_with(CAU, "1o 2o 3o 4o 4c 6o 7o 7c 7e 10o 11o 12o")
    state = new_game(CAU, players=4, decks=[deck])
    info = InfoState.start(state, 0)
    rng = random.Random(1)
    for _ in range(50):
        guess = info.resample(rng)
        ranks1 = sorted(card.rank for card in guess.holdings[1])
        ranks2 = sorted(card.rank for card in guess.holdings[2])
        ranks3 = sorted(card.rank for card in guess.holdings[3])
        assert max(ranks1.count(r) for r in ranks1) == 2       # a ronda, not a rondí
        assert max(ranks2.count(r) for r in ranks2) == 3       # a rondí
        assert max(ranks3.count(r) for r in ranks3) == 1       # automatic calls: no ronda


def test_unknown_family_is_refused() -> None:
    with pytest.raises(TypeError, match="expected a rules object, state or view of cau_rules"):
        InfoState.start(object(), 0)
