"""The action codec round-trips every legal move of random games, for every preset."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cau_rules import IllegalMoveError, get_rules, new_game, variants
from cau_rules.ai import codec_for
from cau_rules.errors import InvalidRulesError


def _cases() -> Iterator[tuple[str, int]]:
    for name in variants():
        rules = get_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            try:
                codec_for(rules, players)
            except InvalidRulesError:
                continue
            yield name, players


@pytest.mark.parametrize(("variant", "players"), list(_cases()))
def test_every_legal_move_round_trips(variant: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        state = new_game(variant, players=players, seed=seed)
        codec = codec_for(state.rules, players)
        while not state.is_over:
            indices = codec.legal_actions(state)
            assert len(indices) == len(set(indices))
            mask = codec.mask(state)
            assert sum(mask) == len(indices) and all(mask[i] for i in indices)
            for index in indices:
                move = codec.decode(index, state)
                assert codec.encode(move) == index
                assert 0 <= index < codec.num_actions
            state = state.apply(codec.decode(rng.choice(indices), state))


def test_indices_depend_only_on_rules_and_players() -> None:
    one = codec_for("cau-robat", 3)
    two = codec_for(get_rules("cau-robat"), 3)
    assert one == two and one.num_actions == two.num_actions


def test_illegal_index_is_refused_with_the_legal_ones() -> None:
    state = new_game("cau", players=2, seed=1)
    codec = codec_for(state.rules, 2)
    legal = codec.legal_actions(state)
    illegal = next(i for i in range(codec.num_actions) if i not in legal)
    with pytest.raises(IllegalMoveError, match="is not legal here; legal actions"):
        codec.decode(illegal, state)
    with pytest.raises(IllegalMoveError, match="from 0 to"):
        codec.decode(codec.num_actions, state)


def test_a_joc_bid_has_its_own_index_only_with_several_partides() -> None:
    """VAL-17: `bid joc` sits after `bid game`; the indices of one-partida rules do not move."""
    from cau_rules.fishing import GAME, JOC, Accept, Bid, Refuse

    one = codec_for("cau-recau-sant-vicent", 4)
    two = codec_for(get_rules("cau-recau-sant-vicent", partides_to_win=2), 4)
    assert two.num_actions == one.num_actions + 1
    assert two.encode(Bid(GAME)) == one.encode(Bid(GAME))
    assert two.encode(Bid(JOC)) == one.encode(Bid(GAME)) + 1
    assert two.encode(Accept()) == one.encode(Accept()) + 1 == two.encode(Refuse()) - 1
    assert two.encode(Refuse()) == two.num_actions - 1
    with pytest.raises(IllegalMoveError, match="bid joc cannot be encoded"):
        one.encode(Bid(JOC))
    rules = get_rules("cau-recau-sant-vicent", partides_to_win=2)
    from tests.scenario import deck_with

    order = deck_with(rules, "1o 2o 3o 4o 5o 6o 7o 10o 5c 6c 11o 12o 1c 6e 2c 3c")
    state = new_game(rules, players=4, decks=[order])
    assert two.decode(two.encode(Bid(JOC)), state) == Bid(JOC)
    state = state.apply("bid game")
    assert [str(two.decode(i, state)) for i in two.legal_actions(state)] == ["bid joc", "accept", "refuse"]
