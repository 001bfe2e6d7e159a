"""Checked values and stable numbers shared by the svg package, standard library only.

Every drawing call checks its arguments with these (a wrong type is a ``TypeError`` naming
the parameter; a bad value an ``InvalidRulesError``), and writes numbers with :func:`fmt`,
so the same calls always give the same text.  :class:`PathData` builds a path's ``d``
attribute with those numbers.

>>> fmt(2.5), str(PathData().move(0, 0).line(fmt(1) and 1, 2))
('2.5', 'M0 0 L1 2')
"""

from __future__ import annotations

import math
from typing import Literal

from cau_rules.cards import Card, Deck, check_language
from cau_rules.errors import InvalidRulesError

__all__ = [
    "Anchor",
    "PathData",
    "check_anchor",
    "check_card",
    "check_count",
    "check_deck",
    "check_language",
    "check_number",
    "check_text",
    "fmt",
    "fmt_scale",
]

Anchor = Literal["start", "middle", "end"]
"""Which point of a text its x names."""


def fmt(value: float) -> str:
    """A number as the builder writes it: rounded to two decimals, no trailing zeros.

    Args:
        value: any finite number.

    Returns:
        The shortest text for the rounded value; ``-0`` is written ``0``.

    Raises:
        TypeError: if *value* is not an int or a float.
        InvalidRulesError: if *value* is infinite or not a number.

    >>> fmt(3), fmt(2.5), fmt(1 / 3), fmt(-0.001), fmt(12.999)
    ('3', '2.5', '0.33', '0', '13')
    """
    if type(value) is int:  # the common case, written as is
        return str(value)
    if type(value) is float:  # coordinates repeat from picture to picture: each is written once
        text = _WRITTEN.get(value)
        if text is not None:
            return text
    check_number("value", value, minimum=None)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    text = "0" if text in ("-0", "") else text
    if len(_WRITTEN) >= 65536:
        _WRITTEN.clear()
    _WRITTEN[value] = text
    return text


_WRITTEN: dict[float, str] = {}


# ---------------------------------------------------------------------------
# Argument checks shared by the whole svg package.


def fmt_scale(value: float) -> str:
    """A scale factor as the builder writes it: six decimals without trailing zeros (two
    would move whatever lies far from the origin of what is scaled).

    >>> fmt_scale(0.4), fmt_scale(29.12 / 100), fmt_scale(1 / 3)
    ('0.4', '0.2912', '0.333333')
    """
    text = f"{check_number('scale', value, positive=True):.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def check_number(name: str, value: object, *, minimum: float | None = 0.0, positive: bool = False) -> float:
    """*value* as a float, or a clear error naming the parameter."""
    kind = type(value)
    if kind is float or kind is int:  # the common case first: a finite number in range
        number = float(value)  # type: ignore[arg-type]
        if number - number == 0 and (minimum is None or number >= minimum) and (not positive or number > 0):
            return number  # (NaN and the infinities fail x - x == 0)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidRulesError(f"{name} must be a finite number, not {value!r}")
    if positive and number <= 0:
        raise InvalidRulesError(f"{name} must be greater than 0, not {value!r}")
    if minimum is not None and number < minimum:
        raise InvalidRulesError(f"{name} must be at least {fmt(minimum)}, not {value!r}")
    return number


def check_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise InvalidRulesError(f"{name} must be 0 or more, not {value!r}")
    return value


def check_text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def check_card(name: str, value: object, deck: Deck | None = None) -> Card:
    if not isinstance(value, Card):
        raise TypeError(f"{name} must be a Card, not {type(value).__name__} (use Card.parse('7o'))")
    if deck is not None and not deck.contains(value):
        raise InvalidRulesError(f"{name} {value.code} is not a card of the {deck.name} deck")
    return value


def check_deck(value: object) -> Deck:
    if not isinstance(value, Deck):
        raise TypeError(f"deck must be a Deck, not {type(value).__name__}")
    return value


def check_anchor(value: object) -> Anchor:
    for anchor in ("start", "middle", "end"):
        if value == anchor:
            return anchor
    raise InvalidRulesError(f"anchor must be 'start', 'middle' or 'end', not {value!r}")

# ---------------------------------------------------------------------------


class PathData:
    """The ``d`` attribute of a path, built command by command with stable numbers.

    Every method returns the same builder, so calls chain; ``str()`` gives the text.

    >>> str(PathData().move(0, 0).line(10, 0).quad(10, 10, 0, 10).close())
    'M0 0 L10 0 Q10 10 0 10 Z'
    """

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: list[str] = []

    def _add(self, command: str, *numbers: float) -> PathData:
        self._parts.append(command + " ".join(fmt(number) for number in numbers))
        return self

    def move(self, x: float, y: float) -> PathData:
        """Start a new sub-path at (*x*, *y*).

        >>> str(PathData().move(1.5, 2))
        'M1.5 2'
        """
        return self._add("M", x, y)

    def line(self, x: float, y: float) -> PathData:
        """A straight line to (*x*, *y*).

        >>> str(PathData().move(0, 0).line(3, 4))
        'M0 0 L3 4'
        """
        return self._add("L", x, y)

    def quad(self, cx: float, cy: float, x: float, y: float) -> PathData:
        """A quadratic Bézier curve through control point (*cx*, *cy*) to (*x*, *y*).

        >>> str(PathData().move(0, 0).quad(5, 5, 10, 0))
        'M0 0 Q5 5 10 0'
        """
        return self._add("Q", cx, cy, x, y)

    def cubic(self, c1x: float, c1y: float, c2x: float, c2y: float, x: float, y: float) -> PathData:
        """A cubic Bézier curve with two control points, ending at (*x*, *y*).

        >>> str(PathData().move(0, 0).cubic(0, 5, 10, 5, 10, 0))
        'M0 0 C0 5 10 5 10 0'
        """
        return self._add("C", c1x, c1y, c2x, c2y, x, y)

    def close(self) -> PathData:
        """Close the current sub-path.

        >>> str(PathData().move(0, 0).line(1, 0).line(0, 1).close())
        'M0 0 L1 0 L0 1 Z'
        """
        self._parts.append("Z")
        return self

    def __str__(self) -> str:
        return " ".join(self._parts)

    def __bool__(self) -> bool:
        return bool(self._parts)
