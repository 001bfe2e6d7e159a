"""The four-card game's plug-in record (issue 11): every hook of ``quatre.FAMILY`` works,
and the shared-suite hooks agree with the state and with tests/helpers.py."""

from __future__ import annotations

import json
import random

import pytest

from cau_rules.errors import IllegalMoveError, InvalidNotationError, InvalidRulesError
from cau_rules.game import ActionCodec, GameState, GameView
from cau_rules.outcome import GameEnded
from cau_rules.quatre import FAMILY, QUATRE, QuatreState, QuatreView, new_game
from cau_rules.quatre.suite import all_cards, hidden_from, illegal_candidates, invariants, max_moves
from tests import helpers


def _states(players: int, seed: int) -> list[QuatreState]:
    rng = random.Random(f"family:{players}:{seed}")
    state = FAMILY.new_game(QUATRE, players, seed, ())
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_suite_hooks_agree_with_the_state_and_the_shared_helpers(players: int) -> None:
    states = _states(players, seed=players)
    assert isinstance(states[-1].events[-1], GameEnded)
    assert len(states) - 1 <= max_moves(QUATRE, players) == helpers.max_moves(QUATRE, players)
    for state in states[:: max(1, len(states) // 60)] + states[-1:]:
        assert all_cards(state) == helpers.all_cards(state) == sorted(QUATRE.deck.cards)
        assert invariants(state) == []
        for seat in range(players):
            assert hidden_from(state, seat) == state.hidden_from(seat) == frozenset(helpers.hidden_from(state, seat))
        legal = set(state.legal_moves())
        for candidate in illegal_candidates(state):
            if candidate not in legal and not state.is_legal(candidate):  # type: ignore[arg-type]
                with pytest.raises(IllegalMoveError):
                    state.apply(candidate)  # type: ignore[arg-type]


def test_the_family_record_starts_loads_parses_encodes_plays_and_shows() -> None:
    state = FAMILY.new_game(QUATRE, 3, 7, ())
    assert state == new_game(QUATRE, 3, seed=7) and isinstance(state, FAMILY.state_type)
    assert isinstance(state, GameState) and isinstance(state.observe(0), GameView)
    assert FAMILY.load(json.loads(json.dumps(state.to_dict()))) == state
    assert FAMILY.parse_move(str(state.legal_moves()[-1])) == state.legal_moves()[-1]
    codec = FAMILY.codec(QUATRE, 3)
    assert isinstance(codec, ActionCodec)
    assert [codec.decode(i, state) for i in codec.legal_actions(state)] == list(state.legal_moves())
    view = state.observe(state.to_play)
    assert isinstance(view, FAMILY.view_type) and FAMILY.policy(view, random.Random(1)) in view.legal_moves
    assert FAMILY.render(view).startswith("=== cau-quatre")
    memory = FAMILY.infer.update(FAMILY.infer.start(QUATRE, 3, view), QUATRE, view)
    guess = FAMILY.infer.resample(QUATRE, 3, view, memory, random.Random(2))
    assert guess.observe(view.seat).holding == view.holding and guess.legal_moves() == state.legal_moves()
    assert set(FAMILY.move_types) == {type(m) for m in (FAMILY.parse_move(t) for t in
                                      ("5o>5c", "add 5o", "give 5o", "draw", "pass", "lay 5o"))}


def test_views_have_the_shared_fields() -> None:
    state = _states(2, seed=11)[-1]
    view = state.observe(0)
    assert isinstance(view, QuatreView) and view.is_over and view.variant == "cau-quatre"
    assert view.outcome == state.outcome() and view.holding_sizes == state.holding_sizes
    assert view.legal_moves == () and state.legal_moves() == ()


def test_new_game_takes_seed_and_decks_by_keyword() -> None:
    with pytest.raises(InvalidRulesError, match="one deck order"):
        new_game(QUATRE, 2, decks=[QUATRE.deck.cards, QUATRE.deck.cards])
    with pytest.raises(InvalidRulesError, match="seed"):
        new_game(QUATRE, 2, seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules"):
        new_game("cau-quatre", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        new_game(QUATRE, 2, 5)  # type: ignore[call-arg]  # the seed is keyword-only
    with pytest.raises(TypeError):
        new_game(QUATRE, 2).apply("draw", 0)  # type: ignore[call-arg]  # the seat is keyword-only


def test_parse_move_names_a_legal_move_or_says_why_not() -> None:
    state = QuatreState.from_position(QUATRE, 2, table="5c 7b 10e 12e", holdings=["5o 7o 1b 2b", "1o 2o 3o 4o"])
    assert str(state.parse_move("5O>5C")) == "5o>5c"
    with pytest.raises(IllegalMoveError, match="legal moves: 5o>5c, 7o>7b"):
        state.parse_move("draw")
    with pytest.raises(IllegalMoveError, match="unknown move"):
        state.parse_move("5o")
    with pytest.raises(InvalidNotationError):
        FAMILY.parse_move("5o")
