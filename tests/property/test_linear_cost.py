"""Refusing hostile input costs work linear in its size (issue 23).

Work is counted, not timed: the number of Python and C function calls made while the
library reads the input (``sys.setprofile``).  A zone longer than the deck is refused on
its length before any card is read, every check counts once (no ``list.count`` per item),
and refusal messages stay short however long the input."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules import dumps, loads, new_game
from cau_rules.errors import CauRulesError
from tests.fuzz.corpus import grown, zone_paths

CASES = [("cau", 2), ("cau-robat", 3), ("cau-recau-sant-vicent", 4), ("cau-quatre", 3), ("cacho", 3)]
CALLS_PER_CHARACTER = 5.0
"""The most function calls reading a save may make per character of its text (reading
one card code of three or four characters takes about ten calls: measured at most 4.1
per character at the cap, in every zone of every family)."""
BASE_CALLS = 5_000
"""The calls of reading a save of ordinary size (measured at most about 3,600)."""
MESSAGE = 2_000
"""The longest refusal message (a few problems, each listing at most ten items)."""


def counted(call: Callable[[], object]) -> tuple[int, str]:
    """The function calls (Python and C) *call* makes, and the refusal's message ('' if
    it returned)."""
    calls = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    message = ""
    sys.setprofile(profile)
    try:
        call()
    except CauRulesError as exc:
        message = str(exc)
    finally:
        sys.setprofile(None)
    return calls, message


SAVES = {name: dumps(new_game(name, players=players, seed=1)) for name, players in CASES}
ZONES = [(name, path) for name, text in SAVES.items() for path in zone_paths(json.loads(text))]


@given(at=st.integers(0, len(ZONES) - 1), size=st.integers(0, 300_000))
def test_refusing_a_save_with_a_long_zone_costs_work_linear_in_its_text(at: int, size: int) -> None:
    name, path = ZONES[at]
    text = grown(json.loads(SAVES[name]), path, size)
    calls, message = counted(lambda: loads(text))
    assert calls <= BASE_CALLS + CALLS_PER_CHARACTER * len(text), (name, path, len(text), calls)
    assert len(message) <= MESSAGE, (name, path, message[:200])


@pytest.mark.parametrize("name,players", CASES)
def test_a_zone_longer_than_the_deck_is_refused_before_its_cards_are_read(name: str, players: int) -> None:
    state: Any = new_game(name, players=players, seed=1)
    zones = [field.name for field in attrs.fields(type(state)) if field.name in ("stock", "table", "discard")]
    card = next(iter(state.stock)) if len(state.stock) else next(iter(state.holdings[0]))
    for zone in zones:
        work = []
        for size in (100, 40_000):
            built = attrs.evolve(state, **{zone: (card,) * size})
            problems = built.status()  # (and any cache the check fills is filled)
            calls, _ = counted(built.status)
            assert any(f"holds {size:,} cards; the deck has" in problem for problem in problems), problems
            assert sum(len(problem) for problem in problems) <= MESSAGE
            work.append(calls)
        assert work[1] == work[0] < 500, (zone, work)  # the same work whatever the length
    long_holding = (tuple(state.holdings[0]) * 40_000)[:40_000]
    problems = attrs.evolve(state, holdings=(long_holding, *state.holdings[1:])).status()
    assert problems == ("seat 0's holding holds 40,000 cards; the deck has " + str(state.rules.deck.size),)


def test_the_issues_table_of_40000_cards_is_refused_at_linear_cost_by_every_way_in() -> None:
    from cau_rules.fishing import CAU, FishingState

    state = new_game("cau", players=2, seed=1)
    table = " ".join(["1o"] * 40_000)
    data = json.loads(dumps(state))
    data["table"] = table
    text = json.dumps(data)
    notation = state.to_notation().split(" ")
    notation[1] = "1o" * 40_000
    ways: list[tuple[int, Callable[[], object]]] = [
        (len(text), lambda: loads(text)),
        (len(" ".join(notation)), lambda: FishingState.from_notation(CAU, " ".join(notation))),
        (len(table), lambda: FishingState.from_position(CAU, 2, holdings=["2o", "3o"], table=table, rest="discard")),
    ]
    for size, way in ways:
        calls, message = counted(way)
        # The save is refused by the JSON reader already (one string over its cap); the
        # notation and from_position by the family's length check.
        assert "holds 40,000 cards" in message or "holds a string of" in message, message[:300]
        assert len(message) <= MESSAGE, message[:300]
        assert calls <= BASE_CALLS + CALLS_PER_CHARACTER * size
