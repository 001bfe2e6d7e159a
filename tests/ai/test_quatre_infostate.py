"""Information states and resampling of the four-card game through whole games:
chains, gifts (QUA-15), passes and lays into a dead centre (QUA-16)."""

from __future__ import annotations

import random

import pytest

from cau_rules.ai.infostate import InfoState
from cau_rules.quatre import QUATRE, QuatreState, new_game


def _public(state: QuatreState, seat: int) -> dict[str, object]:
    return {key: value for key, value in state.observe(seat).to_dict().items() if key != "events"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resampling_keeps_the_view_through_whole_games(players: int) -> None:
    # QUA-15, QUA-16: resampled states look the same to the seat and respect what it saw
    rng = random.Random(players)
    phases: set[str] = set()
    for seed in range(3):
        state = new_game(QUATRE, players, seed=seed)
        infos = [InfoState.start(state, seat) for seat in range(players)]
        step = 0
        while not state.is_over:
            phases.add(state.phase)
            if state.stock == () or step % 7 == 0:
                for seat in range(players):
                    guess = infos[seat].resample(rng)
                    assert _public(guess, seat) == _public(state, seat)
                    if seat == state.to_play:
                        assert guess.legal_moves() == state.legal_moves()
                    _check_passers(guess, seat)
            state = state.apply(rng.choice(state.legal_moves()))
            infos = [info.update(state) for info in infos]
            step += 1
    assert {"turn", "chain", "gift", "lay"} <= phases


def _check_passers(guess: QuatreState, seat: int) -> None:
    """The seats that passed since the centre last changed hold none of its ranks."""
    if guess.phase != "turn" or not guess.passes:
        return
    ranks = {card.rank for card in guess.table}
    other = guess.to_play
    for _ in range(guess.passes):
        other = (other - 1) % guess.players
        while other in guess.out:
            other = (other - 1) % guess.players
        if other != seat:
            assert not any(card.rank in ranks for card in guess.holdings[other])


def test_a_seat_laying_keeps_enough_later_cards_in_every_resample() -> None:
    # QUA-16: seat 1 laid a high card and must lay three more after it in deck order
    no_sevens = [card for card in QUATRE.deck.cards if card.rank != 7]
    holdings = [no_sevens[:12], no_sevens[12:24], no_sevens[24:]]
    state = QuatreState.from_position(QUATRE, 3, table="7o 7c 7e 7b", holdings=holdings, stock="", to_play=1)
    state = state.apply("pass").apply("pass").apply("pass")
    state = state.apply(state.legal_moves()[-1])
    assert state.lay is not None and state.lay.owed == 3 and state.to_play == 1
    info = InfoState.start(state, 0)
    rng = random.Random(3)
    differed = 0
    for _ in range(30):
        guess = info.resample(rng)
        assert guess.lay == state.lay and len(guess.legal_moves()) > 0
        differed += guess.holdings[1] != state.holdings[1]
    assert differed
