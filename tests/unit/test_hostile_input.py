"""Hostile input, second round (issue 23): each defect found by the long fuzz run, pinned
by a test that failed before the fix."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from cau_rules.cacho import CACHO
from cau_rules.cacho.moves import Bet, Raise
from cau_rules.cards import Card, Suit
from cau_rules.checks import MAX_DIGITS, MAX_JSON_ITEMS, MAX_SEED, load_json
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.fishing import CAU_RECAU_SANT_VICENT, Bid, Call, FishingState, Stake, Tally
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.notation import dumps, loads
from cau_rules.record import GameRecord, loads_record, record_game
from cau_rules.registry import get_rules, new_game
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


# -- 3: one seed range everywhere --------------------------------------------------------

SEED_CASES = [("cau", 2), ("cau-recau-sant-vicent", 4), ("cau-quatre", 2), ("cacho", 3)]


@pytest.mark.parametrize("name,players", SEED_CASES)
@pytest.mark.parametrize("seed", [10**18, MAX_SEED])
def test_every_seed_new_game_takes_reads_back_from_every_reader(name: str, players: int, seed: int) -> None:
    state: Any = new_game(name, players=players, seed=seed)
    assert loads(dumps(state)) == state
    assert type(state).from_notation(state.rules, state.to_notation()) == state
    record = record_game(state, list(state.legal_moves()[:1]))
    assert loads_record(record.dumps()) == record and record.replay() == state.apply(state.legal_moves()[0])


@pytest.mark.parametrize("name,players", SEED_CASES)
@pytest.mark.parametrize("bad", [MAX_SEED + 1, -1, 10**19])
def test_a_seed_out_of_range_is_refused_the_same_way_by_every_reader(name: str, players: int, bad: int) -> None:
    state: Any = new_game(name, players=players, seed=MAX_SEED)
    expected = f"seed.* must be a whole number from 0 to {MAX_SEED}, not '?{bad}'?$"
    with pytest.raises(InvalidRulesError, match=f"^seed must be a whole number from 0 to {MAX_SEED}, not {bad}$"):
        new_game(name, players=players, seed=bad)
    with pytest.raises(InvalidNotationError, match=expected):
        type(state).from_notation(state.rules, state.to_notation().replace(str(MAX_SEED), str(bad)))
    with pytest.raises(InvalidNotationError, match=expected):
        loads_record(record_game(state, []).dumps().replace(str(MAX_SEED), str(bad)))
    data = state.to_dict()
    data["seed"] = bad
    text = json.dumps(data)
    if len(str(bad)) <= MAX_DIGITS:
        with pytest.raises(InvalidNotationError, match=expected):
            loads(text)
    else:  # a number longer than any seed is refused by the JSON reader itself
        with pytest.raises(InvalidNotationError, match=f"has {len(str(bad))} digits; at most {MAX_DIGITS}"):
            loads(text)


# -- 6: a game record checks its fields at construction ----------------------------------


@pytest.mark.parametrize("fields,named", [
    ({"moves": "0 12o"}, "moves"),
    ({"moves": ((0, 12),)}, "the text of move 1"),
    ({"moves": (("0", "12o"),)}, "the seat of move 1"),
    ({"moves": ((0,),)}, "moves"),
    ({"seed": None}, "seed"),
    ({"seed": 4.0}, "seed"),
    ({"seed": True}, "seed"),
    ({"players": "2"}, "players"),
    ({"variant": 5}, "variant"),
    ({"decks": "12o 1o"}, "decks"),
    ({"decks": ((5,),)}, "a card of decks"),
    ({"options": "wrap"}, "options"),
    ({"options": ((1, True),)}, "options"),
    ({"rules_version": "1"}, "rules_version"),
])
def test_a_record_of_the_wrong_python_types_is_refused_at_construction(fields: dict[str, Any], named: str) -> None:
    arguments: dict[str, Any] = {"variant": "cau", "players": 2, "seed": 4, **fields}
    with pytest.raises(TypeError, match=f"^{named} must"):
        GameRecord(**arguments)


def test_a_record_always_has_a_seed_and_its_text_stays_on_its_lines() -> None:
    with pytest.raises(TypeError, match="seed must be int, not NoneType"):
        GameRecord("cau", players=2, seed=None)
    for fields in ({"variant": "cau\nseed: 5"}, {"moves": ((0, "12o\n1 3c"),)}, {"moves": ((0, ""),)}):
        arguments: dict[str, Any] = {"variant": "cau", "players": 2, "seed": 4, **fields}
        with pytest.raises(InvalidNotationError, match="must be one line of text"):
            GameRecord(**arguments)
    listed = GameRecord("cau", players=2, seed=4, moves=[[0, "12o"]], decks=[])
    assert listed.moves == ((0, "12o"),) and hash(listed) == hash(GameRecord("cau", 2, 4, moves=((0, "12o"),)))
    assert loads_record(listed.dumps()) == listed and GameRecord("cau", 2).seed == 0


# -- 2: a state status() accepts never leads by play to one it refuses -------------------


def test_stones_given_without_a_log_are_logged_as_carried_and_play_keeps_them_in_step() -> None:
    state = FishingState.from_position(get_rules("cau-recau-sant-vicent"), 4, holdings=["5c", "1c", "2c", "3c"],
                                       table="5o", rest="discard", tally=Tally((18, 0)))
    assert state.status() == () and state.tally == Tally((18, 0), (0, 0), ((0, 0, 0, "carried", 18),))
    after = state.apply("5c")  # a neta: 19 stones
    assert after.tally is not None and after.tally.stones == (19, 0)
    assert after.status() == () and loads(dumps(after)) == after
    assert after.score_sheet()["game"] == {"carried": [18, 0], "neta": [1, 0]}


def test_stones_that_no_log_explains_are_refused_by_status_and_by_saves() -> None:
    state = FishingState.from_position(get_rules("cau-recau-sant-vicent"), 4, holdings=["5c", "1c", "2c", "3c"],
                                       table="5o", rest="discard")
    hand_built = attrs.evolve(state, tally=Tally((18, 0)))
    assert hand_built.status() == ("the stones log of the current partida adds up to (0, 0), not (18, 0)",)
    with pytest.raises(InvalidPositionError, match=r"adds up to \(0, 0\), not \(18, 0\)"):
        loads(dumps(hand_built))


def test_the_json_reader_takes_a_list_as_long_as_the_longest_real_save() -> None:
    """The longest list a real save holds, the stones log of the longest Valencian joc, stays
    below 8,000 entries (at most 96 a hand); the JSON reader's cap must not refuse it (it was
    1,000, under the capture family's own limit of 10,000), and refuses one value more than
    its cap."""
    log = [[0, 0, 0, "cau", 1]] * 8_000
    assert len(load_json(json.dumps({"log": log}))["log"]) == 8_000
    with pytest.raises(InvalidNotationError, match="more than"):
        load_json(json.dumps([0] * (MAX_JSON_ITEMS + 1)))
