"""Bad input never corrupts anything: precise errors, the state untouched."""

from __future__ import annotations

import json

import pytest

from cau_rules import (
    CauRulesError,
    GameOverError,
    IllegalMoveError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    dumps,
    get_rules,
    loads,
    new_game,
)
from cau_rules.cards import Card
from cau_rules.fishing import CAU, CAU_ROBAT, Play
from tests.scenario import deck_with, position


def test_every_error_is_a_value_error_and_a_library_error() -> None:
    for error in (IllegalMoveError, GameOverError, InvalidDeckError, InvalidNotationError,
                  InvalidPositionError, InvalidRulesError):
        assert issubclass(error, CauRulesError) and issubclass(error, ValueError)


def test_illegal_card_says_why_and_lists_legal_moves() -> None:
    state = position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c", "1b"])
    before = dumps(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply("5c")
    assert "does not hold 5c" in str(info.value) and "legal moves: 8c, 8c+1" in str(info.value)
    assert dumps(state) == before


def test_run_longer_than_the_table_allows() -> None:
    state = position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c", "1b"])
    with pytest.raises(IllegalMoveError, match=r"a run of 3 is not allowed with 8c; allowed run lengths: 0, 1;"):
        state.apply("8c+3")


def test_a_trail_takes_no_run() -> None:
    state = position(CAU, 2, table="3o", holdings=["8c", "1b"])
    with pytest.raises(IllegalMoveError, match="8c can take no run here"):
        state.apply(Play(Card.parse("8c"), run=1))


def test_pile_that_is_not_eligible() -> None:
    state = position(CAU_ROBAT, 2, table="3o 4e", holdings=["3c", "1b"], piles=["", "4o"])
    with pytest.raises(IllegalMoveError, match="cannot be taken"):
        state.apply("3c+1@1")


def test_calls_are_automatic_unless_explicit() -> None:
    state = position(CAU, 2, table="3o", holdings=["3c 1o", "1b 2b"])
    with pytest.raises(IllegalMoveError, match="automatically"):
        state.apply("3c!neta")


def test_wrong_seat_and_garbage() -> None:
    state = new_game("cau", players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 1's"):
        state.apply(state.legal_moves()[0], seat=1)
    with pytest.raises(IllegalMoveError, match="unknown card"):
        state.apply("zz")
    with pytest.raises(IllegalMoveError, match="move must be a move of the capture family or its text, not int"):
        state.apply(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="move must be"):
        state.apply(3.5)  # type: ignore[arg-type]
    assert not state.is_legal("zz")


def test_move_after_the_game_ended() -> None:
    state = position(CAU, 2, table="4o", holdings=["9c", "11b"]).apply("9c").apply("11b")
    assert state.is_over and state.legal_moves() == ()
    with pytest.raises(GameOverError, match="the game is over"):
        state.apply("9c")


def test_player_counts_presets_and_options() -> None:
    with pytest.raises(InvalidRulesError, match="played by 2 to 4 players, not 5"):
        new_game("cau", players=5)
    with pytest.raises(InvalidRulesError, match="unknown variant 'cua'"):
        new_game("cua")
    with pytest.raises(InvalidRulesError, match="unknown option 'wrapp'"):
        get_rules("cau", wrapp=True)
    with pytest.raises(InvalidRulesError, match="run_mode must be one of"):
        get_rules("cau", run_mode="all")
    with pytest.raises(InvalidRulesError, match="must be true or false"):
        get_rules("cau", wrap="yes")
    with pytest.raises(InvalidRulesError, match="do not share out"):
        CAU.replace(max_players=5)
    with pytest.raises(InvalidRulesError, match="whole-deck deal"):
        CAU.replace(deal="whole")


def test_card_codes() -> None:
    for text in ("13o", "0o", "7x", "", "o7"):
        with pytest.raises(InvalidNotationError):
            Card.parse(text)


def test_supplied_deck_with_duplicates_or_missing_cards() -> None:
    deck = deck_with(CAU, "1o")
    with pytest.raises(InvalidDeckError, match="duplicates: 1o"):
        new_game("cau", players=2, decks=[[*deck[:-1], deck[0]]])
    with pytest.raises(InvalidDeckError, match="missing: 12b"):
        new_game("cau", players=2, decks=[deck[:-1]])
    with pytest.raises(InvalidDeckError, match="not in the spanish-40 deck: 8o"):
        new_game("cau-robat-40", players=2, decks=[deck[:40]])


def test_positions_with_impossible_facts() -> None:
    with pytest.raises(InvalidPositionError, match="placed twice: 3o"):
        position(CAU, 2, table="3o", holdings=["3o", "1b"])
    with pytest.raises(InvalidPositionError, match="2 players need 2 holdings"):
        position(CAU, 2, holdings=["3o"])
    with pytest.raises(InvalidPositionError, match="to_play must be a seat from 0 to 1"):
        position(CAU, 2, holdings=["3o", "4o"], to_play=2)
    with pytest.raises(InvalidPositionError, match="holds no card"):
        position(CAU, 2, holdings=["", "4o"], to_play=0)
    with pytest.raises(InvalidPositionError, match="every player gets 3 cards"):
        position(CAU, 2, holdings=["1o 2o 3o 4o", "4c"])
    with pytest.raises(InvalidPositionError, match="cannot be dealt equally"):
        position(CAU, 2, holdings=["1o", "4c"], stock="5o")
    with pytest.raises(InvalidPositionError, match="not in the spanish-40 deck"):
        position(get_rules("cau-robat-40"), 2, holdings=["8o", "4c"])


def test_malformed_or_tampered_json() -> None:
    state = new_game("cau", players=2, seed=3)
    data = json.loads(dumps(state))
    with pytest.raises(InvalidNotationError, match="not valid JSON"):
        loads("{")
    tampered = dict(data, table="1o 1c")
    with pytest.raises(InvalidPositionError):
        loads(json.dumps(tampered))
    missing = {k: v for k, v in data.items() if k != "piles"}
    with pytest.raises(InvalidNotationError, match="the key 'piles' is missing"):
        loads(json.dumps(missing))
    with pytest.raises(InvalidNotationError, match="unknown game family"):
        loads(json.dumps(dict(data, family="chess")))
    wrong_seat = dict(data, to_play=7)
    with pytest.raises(InvalidPositionError, match="to_play"):
        loads(json.dumps(wrong_seat))
    bad_rules = dict(data, rules=dict(data["rules"], wrap="maybe"))
    with pytest.raises(InvalidRulesError, match="wrap must be true or false"):
        loads(json.dumps(bad_rules))
