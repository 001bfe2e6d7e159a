"""The compiled state maker (cau_rules.frozen.builder): the same instance the keyword
constructor makes, and a clear refusal of the classes it cannot make."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cau_rules import new_game
from cau_rules.frozen import builder


def _played(variant: str, players: int, seed: int, moves: int) -> Any:
    state = new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


@pytest.mark.parametrize(("variant", "players"), [("cau", 4), ("cau-robat", 2), ("cacho", 3), ("cau-quatre", 3)])
@pytest.mark.parametrize("moves", [0, 7, 40])
def test_the_maker_builds_what_the_constructor_builds(variant: str, players: int, moves: int) -> None:
    state = _played(variant, players, seed=moves + 1, moves=moves)
    cls = type(state)
    taken = [field for field in attrs.fields(cls) if field.init]
    made = builder(cls)(*(getattr(state, field.name) for field in taken))
    built = cls(**{field.alias: getattr(state, field.name) for field in taken})
    assert made == built == state
    assert repr(made) == repr(state)
    assert made.events == state.events
    assert made.to_dict() == state.to_dict()
    for field in attrs.fields(cls):
        if not field.init:  # a cache the constructor leaves empty
            assert getattr(made, field.name) is field.default


def test_the_maker_is_compiled_once_per_class() -> None:
    state = new_game("cau", players=2, seed=1)
    assert builder(type(state)) is builder(type(state))
    assert builder(type(state)).__name__ == "make_FishingState"


def test_the_maker_takes_every_field_the_constructor_takes() -> None:
    @attrs.frozen
    class Pair:
        left: int
        right: int = 0

    with pytest.raises(TypeError, match="right"):
        builder(Pair)(1)


def test_a_class_the_maker_cannot_build_is_refused() -> None:
    class Plain:
        pass

    @attrs.define(slots=False, frozen=True)
    class Unslotted:
        value: int

    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Made:
        value: list[int] = attrs.field(factory=list, init=False)

    with pytest.raises(TypeError, match="slotted attrs class"):
        builder(Plain)
    with pytest.raises(TypeError, match="slotted attrs class"):
        builder(Unslotted)
    with pytest.raises(TypeError, match=r"validator or converter of Checked\.value"):
        builder(Checked)
    with pytest.raises(TypeError, match=r"default of Made\.value"):
        builder(Made)
