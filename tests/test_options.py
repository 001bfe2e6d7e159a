"""Every family's rules describe their options, so a form can be built from the data alone."""

from __future__ import annotations

import json

import attrs
import pytest

from cau_rules import get_rules, variants
from cau_rules.cards import DECKS


@pytest.mark.parametrize("name", variants())
def test_every_option_is_described_with_a_kind_a_default_and_help(name: str) -> None:
    rules = get_rules(name)
    described = rules.describe_options()
    assert [option.name for option in described] == [field.name for field in attrs.fields(type(rules))]
    for option in described:
        assert option.help and "\n" not in option.help, option
        assert option.default == getattr(rules, option.name)
        if option.kind == "int":
            assert option.low is not None and option.high is not None, option
            assert option.low <= option.default <= option.high  # type: ignore[operator]
        if option.kind == "choice":
            assert option.default in option.choices, option
        if option.kind == "deck":
            assert set(option.choices) == set(DECKS)
    json.dumps([option.to_dict() for option in described])


@pytest.mark.parametrize("name", variants())
def test_a_form_filled_from_the_description_builds_the_same_rules(name: str) -> None:
    rules = get_rules(name)
    values = {}
    for option in rules.describe_options():
        data = option.to_dict()
        value = data["default"]
        if option.kind == "deck":
            value = DECKS[str(value)]
        elif option.kind in ("pairs", "ints"):
            value = tuple(tuple(item) if isinstance(item, list) else item for item in value)  # type: ignore[attr-defined]
        values[option.name] = value
    assert rules.replace(**values) == rules
