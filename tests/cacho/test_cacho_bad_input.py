"""Bad input in Cacho: precise errors, and the state never changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cau_rules.cacho import (
    CACHO,
    Bet,
    CachoRules,
    CachoState,
    Call,
    Fold,
    Pass,
    Raise,
    cacho_state_from_dict,
    format_move,
    new_game,
    parse_move,
)
from cau_rules.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from tests.cacho.support import play


def _refused(state: CachoState, move: Any, message: str, seat: int | None = None) -> None:
    before, data, snapshot = copy.deepcopy(state), state.to_dict(), state.events
    with pytest.raises(IllegalMoveError, match=message):
        state.apply(move, seat=seat)
    assert state == before and state.to_dict() == data and state.events == snapshot


def test_wrong_bet_size_in_rounds_one_and_two() -> None:
    """CAC-5, CAC-10: the fixed bets are 1 and 2, nothing else."""
    state = new_game(CACHO, 3, seed=1)
    _refused(state, Bet(2), r"the bet of round 1 is fixed at 1 counter, not 2; legal: pass, bet 1")
    _refused(state, "bet 0", "fixed at 1 counter, not 0")
    state = play(state, "bet 1, call, call")
    _refused(state, "bet 3", r"the bet of round 2 is fixed at 2 counters, not 3; legal: pass, bet 2")


def test_raise_in_rounds_one_and_two_is_refused() -> None:
    """CAC-5, CAC-10: rounds 1 and 2 have no raises."""
    state = new_game(CACHO, 2, seed=2).apply("bet 1")
    _refused(state, Raise(2),
             r"no raises in round 1: the bets of rounds 1 and 2 are fixed; legal: fold, call")
    state = play(state, "call, bet 2")
    _refused(state, "raise 4", "no raises in round 2")


def test_raise_beyond_the_resto_is_refused() -> None:
    """CAC-13: a bet or raise above the resto cap says the allowed range."""
    state = CachoState.from_position(CACHO.replace(stack=13, max_hands=2), 3, stacks=(10, 4, 16),
                                     holdings=("1o 2o 3o", "4c 5c 1e", "6e 6b 2b"), contributions=(3, 3, 3), hand=1)
    _refused(state, "bet 11",
             r"a bet in round 3 is 1 to 4 counters, not 11 \(the resto caps round-3 totals at 4")
    state = state.apply("bet 4")
    _refused(state, "raise 5", r"no raise is possible: the bet of 4 already reaches the limit")
    state = state.apply("call")
    _refused(state, "raise 6", "no raise is possible")


def test_acting_after_folding_or_out_of_turn() -> None:
    """CAC-6: only the seat to play acts; a folded seat never acts again in the hand."""
    state = play(new_game(CACHO, 3, seed=3), "bet 1, fold")
    assert state.to_play == 2
    _refused(state, "call", "seat 1 has folded and takes no further part in this hand", seat=1)
    _refused(state, "call", "it is seat 2's turn, not seat 0's", seat=0)
    _refused(state, "call", "there is no seat 3", seat=3)
    _refused(state, "call", "there is no seat -1", seat=-1)
    assert state.apply("call", seat=2).round == 2


def test_moves_that_do_not_fit_the_situation() -> None:
    """CAC-6, CAC-12: pass only while nobody has bet; call and fold only facing a bet."""
    state = new_game(CACHO, 2, seed=4)
    _refused(state, Call(), "nothing to call: nobody has bet in round 1")
    _refused(state, Fold(), "nothing to fold against")
    _refused(state, Raise(2), "no raises in round 1")
    state = state.apply("bet 1")
    _refused(state, Pass(), "seat 1 cannot pass: there is a bet of 1 in round 1")
    _refused(state, Bet(1), "there is already a bet of 1 in round 1")
    state = play(state, "call, pass, pass")
    _refused(state, "raise 2", "nothing to raise: nobody has bet in round 3 yet")
    _refused(state, "bet 0", r"a bet in round 3 is 1 to 19 counters, not 0")


@pytest.mark.parametrize("garbage", ["", "dance", "bet", "bet x", "raise -1", "bet 1 2", "pass pass", "8o"])
def test_garbage_text_is_an_illegal_move(garbage: str) -> None:
    """CAC-5: text that is no move is refused, listing the legal moves."""
    _refused(new_game(CACHO, 2), garbage, "legal: pass, bet 1")


@pytest.mark.parametrize("garbage", [None, 3, 3.5, object(), ("bet", 1)])
def test_objects_that_are_no_move(garbage: object) -> None:
    """CAC-5: objects that are not Cacho moves are a programmer's mistake: TypeError."""
    state = new_game(CACHO, 2)
    with pytest.raises(TypeError, match=r"move must be a Cacho move .* or its text, not"):
        state.apply(garbage)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"legal: pass, bet 1"):  # also an IllegalMoveError
        state.apply(garbage)  # type: ignore[arg-type]
    assert not state.is_legal(garbage)  # type: ignore[arg-type]
    assert "not a Cacho move" in (state.refusal(garbage) or "")


def test_no_move_once_the_session_is_over() -> None:
    """CAC-23: a finished session takes no move."""
    state = play(new_game(CACHO, 2), "pass, pass")
    assert state.is_over and state.legal_moves() == () and state.to_play == -1
    with pytest.raises(GameOverError, match="the session is over"):
        state.apply("pass")
    assert not state.is_legal("pass")


def test_move_text_round_trips_and_rejects_nonsense() -> None:
    """CAC-12: every move has a text; parse and format mirror each other."""
    for move in (Pass(), Bet(3), Call(), Raise(7), Fold()):
        assert parse_move(format_move(move)) == move
    assert parse_move("Check") == Pass()
    for bad in ("raise", "bet ²", "bet 1.5", "all in", "bet ٣", "bet " + "9" * 20):
        with pytest.raises(InvalidNotationError):
            parse_move(bad)
    with pytest.raises(TypeError, match="text must be str"):
        parse_move(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an amount of counters must be int"):
        Bet("3")


def test_rules_options_are_validated() -> None:
    """CAC-2, CAC-13, CAC-22: every option is checked with a precise message."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"resto": "none"}, "option resto must be one of 'cap_at_smallest', 'side_pots', not 'none'"),
        ({"flush_bonus": 25}, "option flush_bonus must be one of 20, 30, not 25"),
        ({"high_card_kickers": 1}, "option high_card_kickers must be true or false"),
        ({"stack": 0}, "option stack must be a whole number from 1 to 1000, not 0"),
        ({"stack": 1001}, "option stack must be a whole number from 1 to 1000, not 1001"),
        ({"stack": 2.5}, "option stack must be a whole number"),
        ({"max_hands": 0}, "option max_hands must be a whole number from 1 to 10000"),
        ({"max_hands": 10**9}, "option max_hands must be a whole number from 1 to 10000"),
        ({"max_players": 9}, "option max_players must be a whole number from 2 to 8"),
        ({"min_players": 5, "max_players": 4}, r"max_players \(4\) is below min_players \(5\)"),
        ({"bets": (1, 0)}, "option bets must be two whole numbers from 1 to 1000"),
        ({"bets": (1, 1001)}, "option bets must be two whole numbers from 1 to 1000"),
        ({"name": ""}, "option name must be a string of 1 to 64 characters"),
        ({"name": "x" * 65}, "option name must be a string of 1 to 64 characters"),
        ({"bets": (1, 2, 3)}, "option bets must be two whole numbers"),
        ({"bets": 2}, "option bets must be a pair of whole numbers"),
        ({"ante": 1}, "unknown option 'ante' for cacho"),
    ]
    for options, message in cases:
        with pytest.raises(InvalidRulesError, match=message):
            CACHO.replace(**options)
    assert CachoRules.from_dict(CACHO.to_dict()) == CACHO
    with pytest.raises(InvalidRulesError, match="2 to 8 players, not 1"):
        CACHO.check_players(1)


def _saved(**changes: Any) -> dict[str, Any]:
    data = play(new_game(CACHO, 3, seed=6), "bet 1, fold").to_dict()
    data.update(changes)
    return data


def test_loading_refuses_impossible_positions() -> None:
    """CAC-1, CAC-2, CAC-6: duplicate or foreign cards, impossible counters and a wrong seat
    to play are refused by the loader with InvalidPositionError."""
    good = _saved()
    assert cacho_state_from_dict(good).to_dict() == good
    holdings = good["holdings"]
    stock = good["stock"].split()
    dup = [holdings[0], holdings[0], holdings[2]]
    foreign = ["7o", holdings[1], holdings[2]]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"holdings": dup}, "appears more than once"),
        ({"holdings": foreign}, "7o is not a Cacho card"),
        ({"stock": " ".join(stock[:-1])}, "cards are missing from the holdings and the stock"),
        ({"stacks": [19, -1, 20]}, r"stacks\[1\] is -1: counters are never negative"),
        ({"contributions": [1, 0, 5]}, r"seat 2 bet 0 this round but|seat 2 put 5 into the pot"),
        ({"round_bets": [3, 0, 0], "contributions": [3, 0, 0]}, "whose bet is fixed at 1"),
        ({"to_play": 1}, "seat 1 cannot be the seat to play: it has folded"),
        ({"to_play": 0, "to_act": [0]}, "seat 2 is short of the bet of 1 and must still act"),
        ({"to_play": 7}, "there is no seat 7 to play"),
        ({"dealer": 5}, "there is no seat 5 to deal"),
        ({"round": 4}, "round 4 does not exist"),
        ({"hand": 1}, "hand 2 cannot be played: the session has max_hands 1"),
        ({"folded": [False, False, False]}, "seat 1 is dealt in with no counters|short of the bet"),
    ]
    for changes, message in cases:
        with pytest.raises(InvalidPositionError, match=message):
            cacho_state_from_dict(_saved(**changes))


def test_loading_refuses_malformed_records() -> None:
    """CAC-25: records of another family or schema, or with missing fields, are malformed."""
    for changes, message in (({"family": "fishing"}, "not a Cacho state record"),
                             ({"schema": 2}, "unsupported Cacho state schema 2"),
                             ({"stacks": "20 20 20"}, "needs 'stacks' as a list"),
                             ({"rules": None}, "needs 'rules' as a mapping"),
                             ({"seed": "x"}, "'seed' in a Cacho state record must be a whole number"),
                             ({"seed": 1.5}, "'seed' in a Cacho state record must be a whole number"),
                             ({"seed": -1}, "'seed' in a Cacho state record must be a whole number from 0"),
                             ({"seed": 2**63}, "'seed' in a Cacho state record must be a whole number from 0"),
                             ({"hand": None}, "'hand' in a Cacho state record must be a whole number"),
                             ({"folded": [0, 0, 0]}, "'folded' must hold true/false values"),
                             ({"holdings": [["2e"], ["5o"], ["1b"]]}, r"holdings\[0\] must be card codes in one string"),
                             ({"stock": []}, "stock must be card codes in one string"),
                             ({"stacks": [20, "20", 20]}, "'stacks' must hold whole numbers"),
                             ({"termination": "over"}, "'termination' must be null or the name"),
                             ({"decks": "1o 2o"}, "'decks' must be a list of card strings")):
        with pytest.raises(InvalidNotationError, match=message):
            cacho_state_from_dict(_saved(**changes))
    with pytest.raises(InvalidRulesError, match="option stack"):
        cacho_state_from_dict(_saved(rules={**CACHO.to_dict(), "stack": -2}))


def test_from_position_refuses_impossible_positions() -> None:
    """CAC-2, CAC-9, CAC-13: exact positions are validated with precise messages."""
    with pytest.raises(InvalidRulesError, match="2 to 8 players, not 1"):
        CachoState.from_position(CACHO, 1, stacks=(5,), holdings=("1o",))
    with pytest.raises(InvalidPositionError, match="the position has 1 seats"):
        cacho_state_from_dict(_saved(stacks=[20], contributions=[1], round_bets=[1], holdings=["1o"],
                                     dealt_in=[True], folded=[False], to_act=[0], to_play=0))
    with pytest.raises(InvalidPositionError, match="stacks has 3 entries but there are 2 seats"):
        CachoState.from_position(CACHO, 2, stacks=(5, 5, 5), holdings=("1o", "2o"))
    with pytest.raises(TypeError, match="rules must be CachoRules"):
        CachoState.from_position("cacho", 2, holdings=("1o", "2o"))  # type: ignore[arg-type]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"stacks": (5, 5), "holdings": ("1o", "2o", "3o")}, "holdings has 3 entries but there are 2 seats"),
        ({"stacks": (5, 5), "holdings": ("1o 2o", "3o")}, "seat 1 holds 1 cards"),
        ({"stacks": (5, 5, 3), "holdings": ("1o", "2o", "")}, "seat 2 is out of the session"),
        ({"stacks": (5, 0), "holdings": ("1o", "2o")}, "seat 1 is dealt in with no counters"),
        ({"stacks": (5, 5), "holdings": ("1o", "9o")}, r"holdings\[1\]: unknown card|not a Cacho card"),
        ({"stacks": (9, 4), "holdings": ("1o 2o 3o", "4o 5o 6o"), "round_bets": (6, 0),
          "contributions": (6, 0)}, "a round-3 bet of 6 exceeds the resto cap of 4"),
        ({"stacks": (5, 5), "holdings": ("1o", "2o"), "stock": "3o"}, "cards are missing"),
        ({"stacks": (5, 5), "holdings": ("1o", "2o"), "folded": (True, False)},
         "at least two active players"),
        ({"stacks": (5, 5), "holdings": ("1o", "2o"), "to_play": 1, "to_act": (0,)},
         "seat 1 cannot be the seat to play"),
    ]
    for options, message in cases:
        with pytest.raises(InvalidPositionError, match=message):
            CachoState.from_position(CACHO, len(options["stacks"]), **options)
