"""The compiled state maker (cau_rules.frozen.builder): the same instance the keyword
constructor makes, and a clear refusal of the classes it cannot make."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cau_rules import new_game
from cau_rules.frozen import builder


def _made_again(state: Any) -> Any:
    """*state* made again by its class's maker from its fields, checked against the keyword
    constructor's copy."""
    cls = type(state)
    taken = [field for field in attrs.fields(cls) if field.init]
    made = builder(cls)(*(getattr(state, field.name) for field in taken))
    assert made == cls(**{field.alias: getattr(state, field.name) for field in taken})
    for field in attrs.fields(cls):
        if not field.init:  # a cache the constructor leaves empty
            assert getattr(made, field.name) is field.default
    return made


@pytest.mark.parametrize(("variant", "players"), [("cau", 4), ("cau-robat", 2), ("cacho", 3), ("cau-quatre", 3)])
def test_the_maker_builds_what_the_constructor_builds(variant: str, players: int) -> None:
    state = new_game(variant, players=players, seed=players)
    rng = random.Random(players)
    for _ in range(60):  # every state of the first 60 moves
        made = _made_again(state)
        assert made == state and repr(made) == repr(state) and made.events == state.events
        assert made.to_dict() == state.to_dict()
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))


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
