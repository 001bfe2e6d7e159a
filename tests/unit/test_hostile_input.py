"""Hostile input, second round (issue 23): each defect found by the long fuzz run, pinned
by a test that failed before the fix."""

from __future__ import annotations

import pytest

from cau_rules.cacho import CACHO
from cau_rules.cacho.moves import Bet, Raise
from cau_rules.cards import Card, Suit
from cau_rules.errors import InvalidNotationError
from cau_rules.fishing import CAU_RECAU_SANT_VICENT, Bid, Call, FishingState, Stake, Tally
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.registry import new_game
from tests.scenario import position


def _stake_position() -> FishingState:
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), (3,))
    return position(CAU_RECAU_SANT_VICENT, 4, tally=Tally((5, 2), (0, 0), ((0, 0, 0, "ronda", 5), (0, 0, 1, "pixat", 2))),
                    phase="bid", stake=stake, to_play=stake.to_answer,
                    holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"], table="1e 2e 3e 4e")


# -- 4: a lazy move list takes int indices only, and one rule for numbers in moves --------


def test_a_lazy_move_list_refuses_an_index_that_is_not_an_int_as_a_tuple_does() -> None:
    moves = _stake_position().legal_moves()
    assert not isinstance(moves, tuple) and str(moves[1]) == "bid 5"
    for index in (2.5, 1.0, "1", None):
        with pytest.raises(TypeError, match="integers or slices"):
            moves[index]  # type: ignore[call-overload]
        with pytest.raises(TypeError):
            tuple(moves)[index]  # type: ignore[call-overload]
    assert moves[True] == tuple(moves)[True] == Bid(5)  # a bool is an int, for a tuple too
    amounts = AmountRange(str, 1, 5)
    with pytest.raises(TypeError, match="integers or slices"):
        amounts[1.0]  # type: ignore[call-overload]
    huge = MoveList(("pass",), AmountRange(str, 1, 10**9))
    with pytest.raises(TypeError):
        huge[10.0**8]  # type: ignore[call-overload]


def test_a_number_in_a_move_is_an_int_so_membership_index_and_equality_agree() -> None:
    moves = _stake_position().legal_moves()
    for stones in (5.0, 5.5, True, "5"):
        with pytest.raises(TypeError, match="a bid's stones must be int"):
            Bid(stones)
    with pytest.raises(TypeError):
        Bet(3.0)
    with pytest.raises(TypeError):
        Raise(True)
    assert Bid(5) in moves and moves.index(Bid(5)) == 1 and moves[1] == Bid(5)
    assert Bid(None) in moves and Bid("joc") not in moves
    cacho = new_game(CACHO, 2, seed=1).legal_moves()
    assert all((move in cacho) == (cacho.index(move) >= 0) for move in cacho)


# -- 5: Suit.parse of a non-string ------------------------------------------------------


def test_suit_parse_refuses_a_non_string_as_card_parse_does() -> None:
    for value in (5, None, 1.5, ["o"]):
        with pytest.raises(InvalidNotationError):
            Card.parse(value)  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="a suit is a letter o, c, e or b"):
            Suit.parse(value)  # type: ignore[arg-type]
    assert Suit.parse(Suit.COPES) is Suit.COPES and Suit.parse(" e ") is Suit.ESPASES
