"""``status()`` lists problems and never fails, whatever a hand-built state holds (issue 23).

A state built with ``attrs.evolve`` or the keyword constructor may hold anything: lists of
the wrong length, ``players=0``, debts that are not pairs, values of the wrong type.  Its
``status()`` is a tuple of sentences in every family, never an exception."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cards import Card
from cau_rules.fishing import Call, Chain, Stake, Tally
from cau_rules.registry import new_game
from tests.fuzz.corpus import states

BASES: tuple[Any, ...] = states()
HOSTILE: list[Any] = [
    None, 0, -1, 1, 5, 100, 10**30, True, 1.5, "", "x", (), ((),), ((1,),), ((1, 2, 3),), (0,), (0,) * 12,
    [], [1], ((0, 1),), (("a", "b"),), frozenset(), {}, ((0, None),), (None,), (Card.O1,) * 60,
    Tally(), Tally((1,)), Tally((1, 2, 3), (0,)), Tally((0, 0), (0, 0), ((0,),)),  # type: ignore[arg-type]
    Stake((), (0, 0)), Stake(((0, 1),), (0,)), Chain(1, ()), Chain(1, ((0, 1),)),  # type: ignore[arg-type]
    Chain(1, ((0, Card.O1),), calls=frozenset({Call.CAU})),
]


def _changed(state: Any, field: str, pick: int, how: int) -> Any:
    current = getattr(state, field)
    if how == 0 and isinstance(current, tuple) and current:
        return current[:-1]  # one entry short
    if how == 1 and isinstance(current, tuple) and current:
        return (*current, current[-1])  # one entry more
    return HOSTILE[pick % len(HOSTILE)]


@given(
    at=st.integers(0, len(BASES) - 1),
    changes=st.lists(st.tuples(st.integers(0, 40), st.integers(0, len(HOSTILE) - 1), st.integers(0, 3)),
                     min_size=1, max_size=3),
)
def test_status_of_any_hand_built_state_is_a_list_of_problems(at: int, changes: list[tuple[int, int, int]]) -> None:
    state = BASES[at]
    fields = [field.name for field in attrs.fields(type(state))
              if field.init and not field.name.startswith("_") and field.name not in ("rules", "events")]
    values = {fields[index % len(fields)]: _changed(state, fields[index % len(fields)], pick, how)
              for index, pick, how in changes}
    problems = attrs.evolve(state, **values).status()
    assert isinstance(problems, tuple) and all(isinstance(problem, str) for problem in problems)


@pytest.mark.parametrize("name,players,values", [
    ("cau", 2, {"players": 0}),
    ("cau", 2, {"holdings": ((),)}),
    ("cau", 2, {"piles": ((), (), ())}),
    ("cau", 2, {"debts": ((1,), ())}),
    ("cau", 2, {"debts": (((1, 2, 3),), ())}),
    ("cau", 2, {"hand_scores": ((1, 2, 3),)}),
    ("cau-recau-sant-vicent", 4, {"tally": Tally((1,))}),
    ("cau-quatre", 3, {"players": 0}),
    ("cau-quatre", 3, {"known": ((),)}),
    ("cau-quatre", 3, {"out": (None,)}),
    ("cacho", 3, {"stacks": (20,)}),
    ("cacho", 3, {"holdings": 5}),
    ("cacho", 3, {"decks": ((1,),)}),
])
def test_the_issues_hand_built_states_get_problems_not_exceptions(name: str, players: int,
                                                                    values: dict[str, Any]) -> None:
    state: Any = new_game(name, players=players, seed=1)
    problems = attrs.evolve(state, **values).status()
    assert problems and all(isinstance(problem, str) and len(problem) < 300 for problem in problems)
