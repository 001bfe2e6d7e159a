"""The action codec round-trips every legal move of random games, for every preset."""

from __future__ import annotations

import random

import pytest

from cau_rules import IllegalMoveError, get_rules, new_game, variants
from cau_rules.ai import codec_for
from cau_rules.errors import InvalidRulesError


def _cases():
    for name in variants():
        rules = get_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            try:
                codec_for(rules, players)
            except InvalidRulesError:
                continue
            yield name, players


@pytest.mark.parametrize(("variant", "players"), list(_cases()))
def test_every_legal_move_round_trips(variant, players) -> None:
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
