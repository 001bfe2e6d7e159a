"""What the options of a rules object are, in data an app can build a form from without
knowing the game family: each option's kind, its range or choices, its value in the
preset, and one line of help.

Every family's rules answer ``rules.describe_options()``; :func:`describe_options` is the
same for any rules object.  The help lines are the rules class's own documentation of
each option (one source), the ranges its ``OPTION_RANGES``, the choices its ``Literal``
types and documented value sets.

>>> from cau_rules import get_rules
>>> options = {option.name: option for option in get_rules("cacho").describe_options()}
>>> options["stack"].kind, options["stack"].low, options["stack"].high, options["stack"].default
('int', 1, 1000, 20)
>>> options["resto"].kind, options["resto"].choices
('choice', ('cap_at_smallest', 'side_pots'))
>>> options["stack"].help
'counters each player starts the session with (20; 1 to 1000).'
"""

from __future__ import annotations

import re
import sys
import typing
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from cau_rules.cards import DECKS, Deck

__all__ = ["OptionInfo", "OptionKind", "describe_options", "option_help"]

OptionKind = Literal["bool", "int", "choice", "deck", "text", "ints", "pairs"]
"""How an option is entered: a switch, a whole number in a range, one of a few choices,
a deck by name, a line of text, whole numbers, or pairs of whole numbers."""


@attrs.frozen
class OptionInfo:
    """One option of a rules object.

    Attributes:
        name: the option's keyword (``rules.replace(name=value)``).
        kind: how it is entered (:data:`OptionKind`).
        default: its value in the rules object described (a preset's own value).
        help: one line of help, from the rules class's documentation.
        choices: the values allowed, for ``"choice"`` and ``"deck"`` (deck names).
        low: the smallest value of an ``"int"`` (each number of ``"ints"``), if bounded.
        high: the largest, if bounded.

    >>> OptionInfo("stack", "int", 20, "counters each", low=1, high=1000).to_dict()["high"]
    1000
    """

    name: str
    kind: OptionKind
    default: object
    help: str
    choices: tuple[object, ...] = ()
    low: int | None = None
    high: int | None = None

    def to_dict(self) -> dict[str, object]:
        """The option as JSON-ready data (a deck by its name, tuples as lists)."""
        default = self.default.name if isinstance(self.default, Deck) else self.default
        if isinstance(default, tuple):
            default = [list(item) if isinstance(item, tuple) else item for item in default]
        data: dict[str, object] = {"name": self.name, "kind": self.kind, "default": default, "help": self.help}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.low is not None:
            data["low"] = self.low
        if self.high is not None:
            data["high"] = self.high
        return data


_BULLET = re.compile(r"^\s*- ``(\w+)``(?: / ``(\w+)``)?: (.*)$")
_ATTRIBUTE = re.compile(r"^\s{8}(\w+): (.*)$")


def option_help(cls: type) -> dict[str, str]:
    """Each option's help line from *cls*'s docstring: its bullets (``- ``name``: ...``)
    or its ``Attributes:`` section, the first sentence of each.

    >>> from cau_rules.quatre.rules import QuatreRules
    >>> option_help(QuatreRules)["hand_size"][:40]
    'cards dealt to each player at the start,'
    """
    texts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in (cls.__doc__ or "").splitlines():
        bullet = _BULLET.match(line) or _ATTRIBUTE.match(line)
        if bullet is not None:
            current = [bullet.groups()[-1]]
            for name in bullet.groups()[:-1]:
                if name:
                    texts[name] = current
        elif current is not None and line.startswith(" " * 6) and line.strip():
            current.append(line.strip())
        else:
            current = None
    helps = {}
    for name, parts in texts.items():
        text = " ".join(" ".join(parts).split()).replace("``", "")
        text = re.sub(r":\w+:`~?([\w.]+)`", lambda match: match.group(1).rsplit(".", 1)[-1], text)
        end = re.search(r"\.(\s|$)", text)
        helps[name] = text[: end.start() + 1] if end else text
    return helps


def describe_options(rules: Any, *, ranges: Mapping[str, tuple[int, int]] | None = None,
                     choices: Mapping[str, tuple[object, ...]] | None = None) -> tuple[OptionInfo, ...]:
    """Every option of *rules* (an attrs rules object of any family), in field order.

    Args:
        rules: the rules object.
        ranges: ``{option: (low, high)}`` of the numeric options (default: the
            ``OPTION_RANGES`` of the rules class's module).
        choices: ``{option: values}`` of options whose values are a short list but whose
            type does not say so (a number that is 2, 3 or 4, say).

    >>> from cau_rules.fishing.rules import CAU, OPTION_RANGES
    >>> info = {o.name: o for o in describe_options(CAU, ranges=OPTION_RANGES)}
    >>> info["run_mode"].choices, info["must_capture"].kind, info["deck"].default.name
    (('prefix', 'whole_or_none', 'whole'), 'bool', 'spanish-48')
    """
    cls = type(rules)
    if ranges is None:
        ranges = getattr(sys.modules[cls.__module__], "OPTION_RANGES", {})
    choices = choices or {}
    hints = typing.get_type_hints(cls)
    helps = option_help(cls)
    described = []
    for field in attrs.fields(cls):
        name = field.name
        hint = hints.get(name)
        value = getattr(rules, name)
        low, high = ranges.get(name, (None, None))
        kind: OptionKind
        allowed: tuple[object, ...] = ()
        if name in choices:
            kind, allowed = "choice", tuple(choices[name])
        elif typing.get_origin(hint) is Literal:
            kind, allowed = "choice", typing.get_args(hint)
        elif hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "int"
        elif hint is Deck:
            kind, allowed = "deck", tuple(DECKS)
        elif hint is str:
            kind = "text"
        elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
            kind = "pairs"
        else:
            kind = "ints"
        described.append(OptionInfo(name, kind, value, helps.get(name, ""), allowed,
                                    low if kind in ("int", "ints") else None,
                                    high if kind in ("int", "ints") else None))
    return tuple(described)
