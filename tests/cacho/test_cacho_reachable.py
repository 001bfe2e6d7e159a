"""Issue 12 for Cacho: only positions that can arise are accepted, every problem is reported,
errors are the library's own, and every call stays cheap whatever the options."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cacho import CACHO, FAMILY, CachoRules, CachoState, new_game
from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.picture import svg_view
from cau_rules.cacho.render import render_text
from cau_rules.cacho.rules import OPTION_RANGES
from cau_rules.checks import load_json
from cau_rules.errors import (
    CauRulesError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.outcome import Termination
from tests.cacho.support import play, random_move, random_session, stacked_deck
from tests.work import calls_made, within

PRESETS: list[CachoRules] = [
    CACHO,
    CACHO.replace(resto="side_pots"),
    CACHO.replace(stack=4, max_hands=5),
    CACHO.replace(stack=3, resto="side_pots", max_hands=6, bets=(1, 1)),
]
sessions = st.tuples(st.sampled_from(PRESETS), st.integers(2, 8), st.integers(0, 10**6), st.integers(0, 10**6))


def _saved(**changes: Any) -> dict[str, Any]:
    """A save of hand 2 of a three-player session, round 2, seat 1 to play after seat 2 folded."""
    rules = CACHO.replace(max_hands=3)
    state = play(new_game(rules, 3, seed=9, decks=[stacked_deck("1o 2o 3o 4o 5o 6o")]),
                 "bet 1, fold, fold, bet 1, fold, call")
    assert (state.hand, state.round, state.to_play, state.folded) == (1, 2, 1, (False, False, True))
    data = state.to_dict()
    data.update(changes)
    return data


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        CachoState.from_dict(data)


# -- the examples of the issue -----------------------------------------------------------


def test_issue_12_stacks_beyond_the_session_total_are_refused() -> None:
    good = _saved()
    assert CachoState.from_dict(good).status() == ()
    stacks = good["stacks"]
    _refused(_saved(stacks=[stacks[0] + 100, *stacks[1:]]), r"the counters add up to 160 .* hold 60")
    _refused(_saved(stacks=[stacks[0] - 1, *stacks[1:]]), "counters never enter or leave a session")


def test_issue_12_negative_counters_are_refused() -> None:
    stacks = _saved()["stacks"]
    _refused(_saved(stacks=[stacks[0] + 5, -5, stacks[2]]), r"stacks\[1\] is -5: counters are never negative")
    _refused(_saved(round_bets=[0, 0, -1]), r"round_bets\[2\] is -1")


def test_issue_12_bets_inconsistent_with_the_pot_are_refused() -> None:
    data = _saved()
    paid = data["contributions"]
    _refused(_saved(round_bets=[paid[0] + 1, 0, 0]), "seat 0 bet 2 this round but put only 1")
    stacks = data["stacks"]
    _refused(_saved(contributions=[paid[0] + 1, *paid[1:]], stacks=[stacks[0] - 1, *stacks[1:]]),
             "seat 0 put 2 into the pot before round 2, but every seat that reaches round 2 put in exactly 1")


def test_issue_12_a_folded_or_out_seat_cannot_act() -> None:
    _refused(_saved(to_act=[0, 1, 2]), "seat 2 cannot be waiting to act: it is not active")
    _refused(_saved(to_play=2), "seat 2 cannot be the seat to play: it has folded")
    state = play(new_game(CACHO.replace(stack=1, max_hands=3), 3, seed=2, decks=[stacked_deck("6o 1c 2c 6c 2e 6e 3b")]),
                 "bet 1, call, fold, pass, pass")
    assert not state.dealt_in[1] and not state.is_over
    data = state.to_dict()
    data["to_act"] = sorted({*data["to_act"], 1})
    _refused(data, "seat 1 is out of the session")


def test_issue_12_every_problem_is_reported_at_once() -> None:
    data = _saved(dealer=1, round=1, to_play=2)
    with pytest.raises(InvalidPositionError) as caught:
        CachoState.from_dict(data)
    text = str(caught.value)
    assert text.startswith("4 problems: ")
    for piece in ("seat 0 holds 2 cards", "seat 1 holds 2 cards", "seat 2 folded in round 1 with 0 in",
                  "seat 2 cannot be the seat to play: it has folded"):
        assert piece in text, piece
    bad = attrs.evolve(CachoState.from_dict(_saved()), dealer=1, round=1, to_play=2)
    assert len(bad.status()) == 4 and text == "4 problems: " + "; ".join(bad.status())


def test_issue_12_first_hand_and_session_end_rules() -> None:
    state = new_game(CACHO, 3, seed=4)
    assert "seat 0 has 21" in " ".join(attrs.evolve(state, stacks=(21, 19, 20)).status())
    assert "the last seat (2) deals" in " ".join(attrs.evolve(state, dealer=0).status())
    over = play(new_game(CACHO, 2, seed=4), "pass, pass")
    assert over.is_over and over.status() == ()
    assert "every counter in one stack" in " ".join(attrs.evolve(over, termination=Termination.ALL_COUNTERS).status())
    assert "cannot end by" in " ".join(attrs.evolve(over, termination=Termination.MOST_CARDS).status())


def test_issue_12_types_and_text_are_refused_with_the_librarys_errors() -> None:
    state = new_game(CACHO, 2, seed=1)
    with pytest.raises(TypeError, match="players must be int, not str"):
        CachoState.from_position(CACHO, "2", holdings=("1o", "2o"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="players must be int"):
        new_game(CACHO, 2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"stacks\[1\] must be int, not str"):
        CachoState.from_position(CACHO, 2, holdings=("1o", "2o"), stacks=(20, "20"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"folded\[0\] must be bool"):
        CachoState.from_position(CACHO, 2, holdings=("1o", "2o"), folded=(0, 0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="holdings must be a sequence"):
        CachoState.from_position(CACHO, 2, holdings=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"holdings\[0\]\[0\] must be a card or its code"):
        CachoState.from_position(CACHO, 2, holdings=([1], "2o"))  # type: ignore[list-item]
    with pytest.raises(TypeError, match="move must be a Cacho move"):
        state.apply(3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat must be int"):
        state.apply("pass", seat="0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat must be int"):
        state.observe("0")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="at most 100 characters"):
        state.apply("bet " + "9" * 5000)
    with pytest.raises(IllegalMoveError, match="at most 19"):
        state.apply("bet " + "9" * 30)
    with pytest.raises(IllegalMoveError, match="bad amount"):
        state.apply("bet ١")
    for seed in ("ronda", 1.5, True, -1, 2**63):
        with pytest.raises(InvalidRulesError, match="seed must be a whole number from 0 to 9223372036854775807"):
            new_game(CACHO, 2, seed=seed)  # type: ignore[arg-type]
    assert new_game(CACHO, 2, seed=2**63 - 1).seed == 2**63 - 1


def test_issue_12_saves_with_bad_json_values_are_refused() -> None:
    good = json.dumps(_saved())
    assert FAMILY.load(load_json(good)) == CachoState.from_dict(_saved())
    for seed in ('"ronda"', "1.5", "NaN", "-1", "9223372036854775808"):
        text = good.replace('"seed": 9', f'"seed": {seed}')
        with pytest.raises(InvalidNotationError):
            FAMILY.load(load_json(text))
    for key in ("holdings", "stacks", "folded", "to_act", "decks", "stock"):
        with pytest.raises(InvalidNotationError):
            CachoState.from_dict(_saved(**{key: None}))
    for key in ("hand", "dealer", "round", "to_play", "redeal"):
        for value in (None, "1", 1.0, True):
            with pytest.raises(InvalidNotationError, match=repr(key)):
                CachoState.from_dict(_saved(**{key: value}))
    with pytest.raises(InvalidNotationError, match="at most 18"):
        CachoState.from_dict(_saved(stacks=[10**30, 0, 0]))
    with pytest.raises(InvalidNotationError, match="at most 8 seats"):
        CachoState.from_dict(_saved(stacks=[0] * 1000))
    with pytest.raises(InvalidRulesError, match="option stack must be a whole number from 1 to 1000"):
        CachoState.from_dict(_saved(rules={**CACHO.to_dict(), "stack": 10**9}))
    with pytest.raises(InvalidRulesError, match="option max_hands must be a whole number from 1 to 10000"):
        CachoState.from_dict(_saved(rules={**CACHO.to_dict(), "max_hands": 10**9}))
    with pytest.raises(InvalidPositionError, match="hand 2 cannot be played: the session has max_hands 1"):
        CachoState.from_dict(_saved(rules=CACHO.to_dict()))


# -- option ranges and cost --------------------------------------------------------------


def test_issue_12_option_ranges() -> None:
    for option, (low, high) in OPTION_RANGES.items():
        if option == "bets":
            assert CACHO.replace(bets=(low, high)).bets == (low, high)
            for pair in ((low - 1, 1), (1, high + 1)):
                with pytest.raises(InvalidRulesError, match=f"from {low} to {high}"):
                    CACHO.replace(bets=pair)
            continue
        edges = {"min_players": {"max_players": 8}, "max_players": {"min_players": 2}}.get(option, {})
        assert getattr(CACHO.replace(**{option: high, **edges}), option) == high
        values: tuple[object, ...] = (low - 1, high + 1, float(low), True, "2")
        for value in values:
            with pytest.raises(InvalidRulesError, match=f"option {option} must be a whole number from {low} to {high}"):
                CACHO.replace(**{option: value, **edges})
    with pytest.raises(InvalidRulesError, match="max_hands must be a whole number from 1 to 10000, not 1000000000"):
        CACHO.replace(max_hands=10**9)


def _timed(call: Callable[[], object], budget: int = 200_000) -> None:
    """*call* works within *budget* function calls (the picture, the largest, makes about 63,000;
    listing the 999 bet amounts one by one would make far more)."""
    assert within(budget, call) is None, call


def test_issue_12_the_largest_options_keep_every_call_fast() -> None:
    rules = CACHO.replace(stack=OPTION_RANGES["stack"][1], max_hands=OPTION_RANGES["max_hands"][1],
                          resto="side_pots", bets=(1, 2))
    state = play(new_game(rules, 8, seed=3), "bet 1" + ", call" * 7 + ", pass" * 8)
    assert state.round == 3 and state.bet_range() == (1, 999)
    view = state.observe(state.to_play)
    codec = CachoCodec(rules, 8)
    for call in (state.legal_moves, lambda: len(state.legal_moves()), lambda: state.apply("bet 999"),
                 lambda: state.to_dict(), lambda: CachoState.from_dict(state.to_dict()), state.to_notation,
                 lambda: CachoState.from_notation(rules, state.to_notation()), lambda: render_text(view),
                 lambda: svg_view(view), lambda: codec.mask(state), lambda: codec.legal_actions(state),
                 lambda: FAMILY.policy(view, random.Random(1)), state.status,
                 lambda: FAMILY.suite.max_moves(rules, 8)):
        _timed(call)
    assert FAMILY.move_menu is not None and FAMILY.move_menu(state.legal_moves()) == ["pass", "bet 1-999"]


def test_issue_12_a_long_session_plays_hand_by_hand_at_the_same_cost() -> None:
    rules = CACHO.replace(max_hands=OPTION_RANGES["max_hands"][1])
    first = state = new_game(rules, 2, seed=1)
    for _ in range(200):  # void hands: nothing moves, the hand number grows
        state = play(state, "pass, pass")
    assert state.hand == 200 and state.redeal == 200 and state.status() == ()
    for at in (lambda s: play(s, "pass, pass"), lambda s: CachoState.from_dict(s.to_dict())):
        early, _ = calls_made(functools.partial(at, first))
        late, _ = calls_made(functools.partial(at, state))
        assert late <= early + 50, (early, late)  # the same work at hand 200 as at hand 0


# -- the property: what is accepted can be played to the end -----------------------------


def _mutate(data: dict[str, Any], rnd: random.Random) -> None:
    """One random change to a saved state: counters, numbers, flags or cards."""
    players = len(data["stacks"])
    kind = rnd.randrange(9)
    seat, other = rnd.randrange(players), rnd.randrange(players)
    if kind == 0:
        key = rnd.choice(["stacks", "contributions", "round_bets"])
        data[key][seat] += rnd.choice([-2, -1, 1, 2])
    elif kind == 1:  # move counters between two seats (the total stays)
        key = rnd.choice(["stacks", "contributions", "round_bets"])
        data[key][seat] -= 1
        data[key][other] += 1
    elif kind == 2:  # from a stack into the pot (the total stays)
        data["stacks"][seat] -= 1
        data["contributions"][seat] += 1
        if rnd.random() < 0.5:
            data["round_bets"][seat] += 1
    elif kind == 3:
        key = rnd.choice(["hand", "redeal", "dealer", "round", "to_play"])
        data[key] += rnd.choice([-1, 1])
    elif kind == 4:
        key = rnd.choice(["dealt_in", "folded"])
        data[key][seat] = not data[key][seat]
    elif kind == 5:
        data["to_act"] = sorted(set(data["to_act"]) ^ {seat})
    elif kind == 6:  # a card between a holding and the stock
        held, stock = data["holdings"][seat].split(), data["stock"].split()
        if held and stock:
            i, j = rnd.randrange(len(held)), rnd.randrange(len(stock))
            held[i], stock[j] = stock[j], held[i]
        elif stock:
            held.append(stock.pop(0))
        data["holdings"][seat], data["stock"] = " ".join(held), " ".join(stock)
    elif kind == 7:  # a card from one holding to another
        giver = data["holdings"][seat].split()
        if giver:
            data["holdings"][other] = " ".join([*data["holdings"][other].split(), giver.pop()])
            data["holdings"][seat] = " ".join(giver)
    else:
        data["termination"] = rnd.choice([None, "ALL_COUNTERS", "MAX_HANDS"])
        data["to_play"] = -1 if data["termination"] else data["to_play"]


def _play_out(state: CachoState, rnd: random.Random) -> None:
    assert state.is_over or len(state.legal_moves()) > 0
    for _ in range(5000):
        if state.is_over:
            return
        state = state.apply(random_move(state, rnd))
        assert state.status() == ()
    raise AssertionError("the session does not end")


@given(sessions, st.integers(0, 2**32), st.integers(1, 3))
def test_issue_12_accepted_mutations_can_be_played_to_the_end(
    session: tuple[CachoRules, int, int, int], salt: int, changes: int
) -> None:
    rules, players, seed, choices = session
    states = random_session(rules, players, seed, choices)
    rnd = random.Random(salt)
    for state in rnd.sample(states, min(8, len(states))):
        data = copy.deepcopy(state.to_dict())
        for _ in range(changes):
            _mutate(data, rnd)
        try:
            loaded = CachoState.from_dict(data)
        except InvalidPositionError as exc:
            assert str(exc)
            continue
        except CauRulesError:
            continue
        assert loaded.status() == ()
        assert CachoState.from_notation(rules, loaded.to_notation()) == loaded
        _play_out(loaded, rnd)


@given(sessions, st.integers(0, 2**32))
def test_issue_12_status_agrees_with_the_loaders(session: tuple[CachoRules, int, int, int], salt: int) -> None:
    rules, players, seed, choices = session
    rnd = random.Random(salt)
    for state in random_session(rules, players, seed, choices)[::4]:
        assert state.status() == ()
        data = copy.deepcopy(state.to_dict())
        _mutate(data, rnd)
        try:
            loaded = CachoState.from_dict(data)
        except InvalidPositionError:
            line = state.to_notation()
            assert line  # the original stays fine
            continue
        except CauRulesError:
            continue
        assert loaded.status() == ()
        line = loaded.to_notation()
        assert CachoState.from_notation(rules, line).status() == ()
