"""Issue 12 for the four-card game: only positions that can arise are accepted, text and
JSON are refused only with the library's errors, and every call's cost is bounded."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cau_rules import loads
from cau_rules.cards import Card, cards_text
from cau_rules.errors import (
    CauRulesError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.quatre import QUATRE, PendingGift, QuatreRules, QuatreState, load, new_game, parse_move
from cau_rules.quatre.rules import OPTION_RANGES
from cau_rules.quatre.zones import PHASES
from tests.helpers import max_moves
from tests.work import within

RULES: tuple[QuatreRules, ...] = (
    QUATRE,
    QUATRE.replace(hand_size=5, table_size=3, max_turns_after_stock=12),
    QUATRE.replace(deck="spanish-48", max_players=6),
    QUATRE.replace(hand_size=1, table_size=1, max_turns_after_stock=5),
)
CASES = [(rules, players) for rules in RULES for players in range(rules.min_players, rules.max_players + 1)]


def play_to_end(state: QuatreState, rng: random.Random) -> QuatreState:
    """Random play to the end; every state on the way is one the loaders accept."""
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, state.to_notation()
        state = state.apply(rng.choice(moves))
        assert state.status() == (), (state.to_notation(), state.status())
    return state


# -- the issue's examples ------------------------------------------------------------------


def test_issue_example_seat_1_holds_3_cards_at_seat_0_s_turn_with_28_in_the_stock() -> None:
    state = new_game(QUATRE, 2, seed=5)
    data = state.to_dict()
    held = [data["holdings"][0].split(), data["holdings"][1].split()]
    data["holdings"] = [" ".join([*held[0], held[1][0]]), " ".join(held[1][1:])]
    assert len(data["stock"].split()) == 28 and data["to_play"] == 0
    with pytest.raises(InvalidPositionError) as caught:
        load(data)
    message = str(caught.value)
    assert "(2 problems)" in message and "seat 1 would have drawn up to 4 cards" in message
    assert "the holdings hold [4, 4] cards, not [5, 3]" in message
    with pytest.raises(InvalidPositionError):
        QuatreState.from_notation(QUATRE, QuatreState(**{**_fields(state), "holdings": (
            (*state.holdings[0], state.holdings[1][0]), state.holdings[1][1:])}).to_notation())


def _fields(state: QuatreState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in (
        "rules", "players", "seed", "phase", "to_play", "starter", "stock", "table", "holdings", "chain", "gift",
        "lay", "known", "private", "out", "passes", "turns_after_stock", "termination")}


def test_status_lists_every_problem_and_the_error_on_load_lists_them_all() -> None:
    state = new_game(QUATRE, 3, seed=2)
    broken = QuatreState(**{**_fields(state), "passes": 2, "turns_after_stock": 1, "out": (2,), "to_play": 2,
                            "starter": 2})
    problems = broken.status()
    assert len(problems) >= 5
    with pytest.raises(InvalidPositionError) as caught:
        load(broken.to_dict())
    assert all(problem in str(caught.value) for problem in problems)
    assert f"({len(problems)} problems)" in str(caught.value)


@pytest.mark.parametrize(("change", "message"), [
    ({"stock": ""}, "cards missing"),
    ({"table": "11c 10c 5b 12e 11o"}, "placed twice"),
    ({"to_play": 1, "starter": 1}, "first turn, seat 0's"),
    ({"phase": "lay", "lay": {"owed": 4, "after": None}}, "only once the stock is empty"),
    ({"phase": "chain", "chain": {"target": "5o", "cards": [[0, "5o"]]}}, "placed twice"),
    ({"phase": "gift", "gift": {"giver": 1, "receiver": 0, "owed": 1, "level": 1}}, "holds at least 5 cards"),
    ({"out": [1]}, "only once the stock is empty"),
    ({"known": ["4c", "4c"]}, "known cards of seat 1"),
    ({"private": [[0, 1, "6c"]]}, "no card in a holding is known"),
    ({"turns_after_stock": 5}, "stock is not empty"),
    ({"passes": 1}, "passed only with an empty stock"),
    ({"phase": "over", "termination": "LAST_HOLDER"}, "exactly one holding"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**63}, "seed"),
])
def test_saves_that_cannot_arise_are_refused(change: dict[str, Any], message: str) -> None:
    data = new_game(QUATRE, 2, seed=5).to_dict()
    data.update(change)
    with pytest.raises(CauRulesError, match=message) as caught:
        load(data)
    # a seed out of range is a bad number in the save, as in every family (issue 23)
    wanted = InvalidNotationError if "seed" in change else (InvalidPositionError, InvalidRulesError)
    assert isinstance(caught.value, wanted)


def test_holding_and_table_sizes_are_checked_while_the_stock_lasts() -> None:
    start = new_game(QUATRE, 2, seed=5).apply("draw")  # seat 0 holds 5, seat 1 4, 27 in the stock
    assert start.status() == ()
    fields = _fields(start)
    short = QuatreState(**{**fields, "holdings": (start.holdings[0] + start.holdings[1][:1], start.holdings[1][1:])})
    assert any("seat 1 would have drawn up to 4" in problem for problem in short.status())
    wide = QuatreState(**{**fields, "table": start.table + start.holdings[0][:1],
                          "holdings": (start.holdings[0][1:], start.holdings[1])})
    assert any("table holds 1 to 4 cards" in problem for problem in wide.status())
    full = QuatreState(**{**fields, "stock": start.stock + start.holdings[0][:1],
                          "holdings": (start.holdings[0][1:], start.holdings[1])})
    assert any("first turn" in problem for problem in full.status())


def test_chain_and_gift_zones_must_follow_turn_order() -> None:
    state = QuatreState.from_position(QUATRE, 3, table="5c 1o 10e 12b",
                                      holdings=["5o 2o 3o 4o", "6o 6c 6e 6b", "5e 5b 7o 7c"])
    gift = state.apply("5o>5c")
    assert gift.gift == PendingGift(1, 0, 1, 1) and gift.status() == ()
    wrong = QuatreState(**{**_fields(gift), "gift": PendingGift(1, 0, 1, 2)})
    assert any("ends with seat 1" in problem for problem in wrong.status())
    turned = QuatreState(**{**_fields(gift), "starter": 2})
    assert any("ends with seat 2" in problem for problem in turned.status())


# -- the error contract ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["ronda", 1.5, None, True, [1]])
def test_saves_with_a_seed_that_is_not_a_whole_number_are_refused(seed: Any) -> None:
    data = new_game(QUATRE, 2, seed=5).to_dict()
    data["seed"] = seed
    with pytest.raises(InvalidNotationError, match="seed"):
        load(data)


@pytest.mark.parametrize("text", ['"seed": NaN', '"seed": 1.5', '"seed": 1e3', '"seed": Infinity'])
def test_json_numbers_that_are_not_whole_are_refused(text: str) -> None:
    saved = json.dumps(new_game(QUATRE, 2, seed=5).to_dict()).replace('"seed": 5', text)
    with pytest.raises(InvalidNotationError):
        loads(saved)


def test_move_text_digits_are_bounded_and_ascii() -> None:
    state = new_game(QUATRE, 2, seed=5)
    for text in ("12o>" + "9" * 5000, "add " + "9" * 5000 + "o", "lay ٥o", "add ５o", "x" * 10**6):
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(text)
        assert len(str(caught.value)) < 400
        with pytest.raises(InvalidNotationError):
            parse_move(text)


@pytest.mark.parametrize(("call", "parameter"), [
    (lambda: QuatreState.from_position(QUATRE, "2", holdings=["", ""]), "players"),  # type: ignore[arg-type]
    (lambda: QuatreState.from_position(QUATRE, 2, holdings="5o 1o"), "holdings"),
    (lambda: QuatreState.from_position(QUATRE, 2, holdings=[5, "1o"]), "holdings"),  # type: ignore[list-item]
    (lambda: QuatreState.from_position(QUATRE, 2, holdings=["", ""], table=None), "table"),  # type: ignore[arg-type]
    (lambda: QuatreState.from_position(QUATRE, 2, holdings=["", ""], out=None), "out"),  # type: ignore[arg-type]
    (lambda: QuatreState.from_position(QUATRE, 2, holdings=["", ""], private=None), "private"),  # type: ignore[arg-type]
    (lambda: QuatreState.from_position(QUATRE, 2, holdings=["", ""], passes="0"), "passes"),  # type: ignore[arg-type]
    (lambda: QuatreState.from_position("cau-quatre", 2, holdings=["", ""]), "rules"),  # type: ignore[arg-type]
    (lambda: new_game(QUATRE, 2.0), "players"),  # type: ignore[arg-type]
    (lambda: new_game(QUATRE, 2, seed=5).apply(3.5), "move"),  # type: ignore[arg-type]
    (lambda: new_game(QUATRE, 2, seed=5).observe("0"), "seat"),  # type: ignore[arg-type]
    (lambda: new_game(QUATRE, 2, seed=5).parse_move(None), "text"),  # type: ignore[arg-type]
    (lambda: parse_move(5), "text"),  # type: ignore[arg-type]
])
def test_wrong_python_types_are_type_errors_naming_the_parameter(call: Any, parameter: str) -> None:
    with pytest.raises(TypeError, match=parameter):
        call()


def test_null_where_a_list_is_expected_is_a_notation_error() -> None:
    data = new_game(QUATRE, 2, seed=5).to_dict()
    for key in ("holdings", "known", "private", "out", "stock", "table", "rules", "players", "phase"):
        with pytest.raises(InvalidNotationError, match=key):
            load({**data, key: None})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=6)
    | st.sampled_from(["5o", "12b", "turn", "gift", "LAST_HOLDER", "", "1o 2o"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 50), key=st.sampled_from(sorted(
    new_game(QUATRE, 2).to_dict())), value=JSON, nested=st.sampled_from(["", "rules", "chain", "gift", "lay"]))
def test_property_any_json_value_anywhere_is_refused_only_with_the_library_s_errors(
    players: int, seed: int, key: str, value: Any, nested: str
) -> None:
    data = new_game(QUATRE, players, seed=seed).to_dict()
    if nested == "rules":
        data["rules"] = {**data["rules"], key: value}
    elif nested:
        data[nested] = {key: value, "target": "5o", "cards": [[0, "5o"]], "owed": 1, "level": 1, "giver": 1,
                        "receiver": 0, "after": None}
    else:
        data[key] = value
    try:
        state = load(data)
    except CauRulesError:
        return
    assert state.status() == ()


# -- accepted positions can be played to the end ---------------------------------------------


@st.composite
def real_positions(draw: st.DrawFn) -> QuatreState:
    rules, players = draw(st.sampled_from(CASES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = new_game(rules, players, seed=draw(st.integers(0, 1000)))
    for _ in range(draw(st.integers(0, 300))):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _mutate(data: dict[str, Any], draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
    """One change a careless or hostile save might make."""
    zones = ["stock", "table"] + [f"holdings.{seat}" for seat in range(data["players"])]

    def get(zone: str) -> list[str]:
        if zone.startswith("holdings."):
            return str(data["holdings"][int(zone[9:])]).split()
        return str(data[zone]).split()

    def put(zone: str, cards: list[str]) -> None:
        if zone.startswith("holdings."):
            data["holdings"][int(zone[9:])] = " ".join(cards)
        else:
            data[zone] = " ".join(cards)

    kind = draw(st.sampled_from(["move", "swap", "seat", "phase", "counter", "out", "gift", "known"]))
    seats = st.integers(0, data["players"] - 1)
    if kind in ("move", "swap"):
        source, target = draw(st.sampled_from(zones)), draw(st.sampled_from(zones))
        taken, given = get(source), get(target)
        if not taken:
            return
        index = draw(st.integers(0, len(taken) - 1))
        card = taken.pop(index)
        if kind == "swap" and given and source != target:
            other = given.pop(draw(st.integers(0, len(given) - 1)))
            taken.insert(index, other)
        put(source, taken)
        given = get(target) if source == target else given
        given.insert(draw(st.integers(0, len(given))), card)
        put(target, given)
    elif kind == "seat":
        data[draw(st.sampled_from(["to_play", "starter"]))] = draw(seats)
    elif kind == "phase":
        data["phase"] = draw(st.sampled_from(PHASES))
        if data["phase"] == "lay" and data["lay"] is None:
            data["lay"] = {"owed": draw(st.integers(1, 4)), "after": None}
    elif kind == "counter":
        data[draw(st.sampled_from(["passes", "turns_after_stock"]))] = draw(st.integers(0, 5))
    elif kind == "out":
        data["out"] = draw(st.lists(seats, max_size=2, unique=True))
    elif kind == "gift":
        data["gift"] = {"giver": draw(seats), "receiver": draw(seats), "owed": draw(st.integers(1, 3)),
                        "level": draw(st.integers(1, 3))}
    else:
        seat = draw(seats)
        held = str(data["holdings"][seat]).split()
        data["known"][seat] = " ".join(held[: draw(st.integers(0, len(held)))])


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=real_positions(), data=st.data(), chooser=st.integers(0, 2**32))
def test_property_every_accepted_position_plays_to_the_end(state: QuatreState, data: st.DataObject,
                                                           chooser: int) -> None:
    saved = json.loads(json.dumps(state.to_dict()))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(saved, data.draw)
    try:
        loaded = load(saved)
    except CauRulesError:
        return
    assert loaded.status() == ()
    assert loaded.is_over or loaded.legal_moves()
    assert QuatreState.from_notation(loaded.rules, loaded.to_notation()) == loaded
    play_to_end(loaded, random.Random(chooser))


@pytest.mark.parametrize(("rules", "players"), CASES, ids=[f"rules{RULES.index(r)}-{p}p" for r, p in CASES])
def test_every_reachable_state_reports_no_problem(rules: QuatreRules, players: int) -> None:
    for seed in range(3):
        end = play_to_end(new_game(rules, players, seed=seed), random.Random(seed))
        assert end.outcome() is not None


# -- bounded cost ------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "low", "high"), [(name, *bounds) for name, bounds in OPTION_RANGES.items()])
def test_every_numeric_option_has_a_documented_range(option: str, low: int, high: int) -> None:
    assert f"{low} to {high}" in (QuatreRules.__doc__ or "")
    for bad in (low - 1, high + 1, 10**100, True, 1.5, "4", None):
        with pytest.raises(InvalidRulesError, match=option):
            QUATRE.replace(**{option: bad})
        data = new_game(QUATRE, 2, seed=1).to_dict()
        data["rules"][option] = bad
        with pytest.raises(CauRulesError):
            load(data)
    fits = {"min_players": 2, "max_players": 8, "table_size": 12, "hand_size": 6, "max_turns_after_stock": 1000}
    rules = QUATRE.replace(**({"deck": "spanish-48", "max_players": 2} if option in ("table_size", "hand_size") else
                              {"deck": "spanish-48", "hand_size": 4, "table_size": 4}), **{option: fits[option]})
    assert getattr(rules, option) == fits[option]


def test_rules_names_are_short_strings_and_rules_data_is_an_object() -> None:
    with pytest.raises(InvalidRulesError, match="name"):
        QUATRE.replace(name="x" * 41)
    with pytest.raises(InvalidRulesError, match="name"):
        QUATRE.replace(name="")
    with pytest.raises(InvalidNotationError):
        QuatreRules.from_dict([("name", "x")])  # type: ignore[arg-type]


def test_the_longest_games_end_quickly() -> None:
    # the safety bound is at most 1000 turns: a game of random moves stays short
    rules = QUATRE.replace(max_turns_after_stock=1000)
    for seed in range(3):
        state, rng, plies = new_game(rules, 4, seed=seed), random.Random(seed), 0
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            plies += 1
        assert plies <= max_moves(rules, 4)  # a work bound: moves, not seconds


@pytest.mark.parametrize("text", [
    "[" * 10_000 + "]" * 10_000,
    '{"family": "quatre", "schema": 3, "players": ' + "9" * 5000 + "}",
    json.dumps({**new_game(QUATRE, 2).to_dict(), "stock": "1o " * 100_000}),
    json.dumps({**new_game(QUATRE, 2).to_dict(), "out": [0] * 100_000}),
])
def test_hostile_saves_are_refused_fast(text: str) -> None:
    # a few dozen calls: the shape check refuses each before the parser builds anything
    assert isinstance(within(200, lambda: loads(text)), CauRulesError)


def test_every_call_on_a_small_input_is_fast() -> None:
    state = new_game(QUATRE, 4, seed=1)
    text = state.to_notation()
    saved = json.dumps(state.to_dict())
    calls: list[Callable[[], object]] = [
        lambda: QuatreState.from_notation(QUATRE, text),
        lambda: loads(saved),
        lambda: state.observe(2).svg(),
        lambda: state.svg(),
        lambda: str(state.observe(1)),
        lambda: state.apply(state.legal_moves()[0]),
        lambda: state.status(),
    ]
    for call in calls:
        assert within(400_000, call) is None  # the whole-state picture, the largest, is about 130,000 calls
    assert cards_text([Card.parse("1o")]) == "1o"
