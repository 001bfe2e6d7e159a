"""A tiny deterministic SVG document builder, standard library only.

A :class:`Canvas` is a tree of elements that writes itself out as one complete
``<svg>`` document.  The output depends on nothing but the calls made: attributes are
written in a fixed order, numbers are rounded to two decimals without trailing zeros
(:func:`fmt`), and every piece of text is escaped, so the same calls always give
byte-identical, well-formed XML.

Unlike the rules objects of this library, a canvas is a mutable builder: draw on it,
then call :meth:`Canvas.to_svg`.

>>> canvas = Canvas(40, 20, title="A <small> picture")
>>> box = canvas.rect(1, 1, 38, 18, rx=3, fill="#ffffff", stroke="#000000")
>>> label = canvas.text(20, 14, "Tom & Jerry", size=10, anchor="middle")
>>> print(canvas.to_svg())
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20" font-family="sans-serif">
  <title>A &lt;small&gt; picture</title>
  <rect x="1" y="1" width="38" height="18" rx="3" fill="#ffffff" stroke="#000000"/>
  <text x="20" y="14" font-size="10" text-anchor="middle" fill="#000000">Tom &amp; Jerry</text>
</svg>
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Literal

from cau_rules.cards import Card, Deck, Language
from cau_rules.errors import InvalidRulesError

__all__ = ["FONT_FAMILY", "SVG_NAMESPACE", "Canvas", "Group", "PathData", "fmt"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""The namespace of every element the builder writes."""

FONT_FAMILY = "sans-serif"
"""The generic font family of every picture: no font is embedded or named."""

Anchor = Literal["start", "middle", "end"]

_LANGUAGES: tuple[Language, ...] = ("ca", "es", "en")
# Characters XML 1.0 forbids anywhere in a document; hostile text may carry them.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


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
    check_number("value", value, minimum=None)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _escape_text(text: str) -> str:
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def _escape_attribute(text: str) -> str:
    return (
        _escape_text(text)
        .replace('"', "&quot;")
        .replace("\t", "&#9;")
        .replace("\n", "&#10;")
    )


# ---------------------------------------------------------------------------
# Argument checks shared by the whole svg package.


def check_number(name: str, value: object, *, minimum: float | None = 0.0, positive: bool = False) -> float:
    """*value* as a float, or a clear error naming the parameter."""
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


def check_language(value: object) -> Language:
    if not isinstance(value, str):
        raise TypeError(f"language must be a str, not {type(value).__name__}")
    for language in _LANGUAGES:
        if value == language:
            return language
    raise InvalidRulesError(f"unknown language {value!r}: use 'ca', 'es' or 'en'")


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


class Group:
    """A ``<g>`` element (or the document itself): a container that shapes are drawn into.

    Get groups from :meth:`group` (a ``Group()`` built directly belongs to no picture).
    Shape methods add a child and return ``None``; :meth:`group` returns the new
    sub-group so that callers can draw into it.  Colours are any SVG paint text
    (``"#c0392b"``, ``"none"``); omitted optional attributes are not written.

    >>> canvas = Canvas(10, 10)
    >>> seat = canvas.group(x=2, y=3, class_="seat")
    >>> seat.circle(1, 1, 1, fill="#ff0000")
    >>> print(canvas.to_svg())
    <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10" font-family="sans-serif">
      <g class="seat" transform="translate(2 3)">
        <circle cx="1" cy="1" r="1" fill="#ff0000"/>
      </g>
    </svg>
    """

    __slots__ = ("_attributes", "_children", "_tag", "_text")

    def __init__(self) -> None:
        self._tag = "g"
        self._attributes: list[tuple[str, str]] = []
        self._children: list[Group] = []
        self._text: str | None = None

    @classmethod
    def _node(cls, tag: str, attributes: list[tuple[str, str]], text: str | None = None) -> Group:
        node = Group()
        node._tag, node._attributes, node._text = tag, attributes, text
        return node

    # -- building -----------------------------------------------------------------

    def _leaf(self, tag: str, attributes: Iterable[tuple[str, str | float | None]], text: str | None = None) -> None:
        written: list[tuple[str, str]] = []
        for name, value in attributes:
            if value is None:
                continue
            written.append((name, value if isinstance(value, str) else fmt(value)))
        self._children.append(Group._node(tag, written, text))

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, stroke_width: float | None,
               opacity: float | None = None) -> list[tuple[str, str | float | None]]:
        if fill is not None:
            check_text("fill", fill)
        if stroke is not None:
            check_text("stroke", stroke)
        if stroke_width is not None:
            check_number("stroke_width", stroke_width)
        if opacity is not None:
            check_number("opacity", opacity)
        return [("fill", fill), ("stroke", stroke), ("stroke-width", stroke_width), ("opacity", opacity)]

    def group(self, *, x: float = 0, y: float = 0, rotate: float = 0, class_: str | None = None,
              title: str | None = None, data: Iterable[tuple[str, str]] = ()) -> Group:
        """A new sub-group, moved by (*x*, *y*) and turned by *rotate* degrees about its origin.

        Args:
            x: horizontal offset of the group's origin.
            y: vertical offset of the group's origin.
            rotate: clockwise rotation in degrees about the (moved) origin.
            class_: the ``class`` attribute, for style sheets and scripts.
            title: a ``<title>`` child: the tooltip a viewer shows on hover.
            data: ``data-*`` attributes as ``(name, value)`` pairs (names without
                the ``data-`` prefix, letters, digits and ``-`` only).

        Returns:
            The new group.

        Raises:
            TypeError: if a number or a text has the wrong type.

        >>> canvas = Canvas(10, 10)
        >>> hand = canvas.group(x=5, rotate=90, data=[("seat", "2")])
        >>> hand.rect(0, 0, 1, 1)
        >>> 'data-seat="2" transform="translate(5 0) rotate(90)"' in canvas.to_svg()
        True
        """
        moves = [check_number(name, value, minimum=None) for name, value in (("x", x), ("y", y), ("rotate", rotate))]
        attributes: list[tuple[str, str]] = []
        if class_ is not None:
            attributes.append(("class", check_text("class_", class_)))
        for name, value in data:
            if not re.fullmatch(r"[a-z][a-z0-9-]*", check_text("data name", name)):
                raise InvalidRulesError(f"bad data attribute name {name!r}: use lower-case letters, digits and '-'")
            attributes.append((f"data-{name}", check_text("data value", value)))
        transform = []
        if moves[0] or moves[1]:
            transform.append(f"translate({fmt(moves[0])} {fmt(moves[1])})")
        if moves[2]:
            transform.append(f"rotate({fmt(moves[2])})")
        if transform:
            attributes.append(("transform", " ".join(transform)))
        child = Group._node("g", attributes)
        if title is not None:
            child.title(title)
        self._children.append(child)
        return child

    def title(self, text: str) -> None:
        """Add a ``<title>`` child: the accessible name and hover tooltip of this group.

        >>> canvas = Canvas(10, 10)
        >>> canvas.group().title("rei de bastos")
        >>> "<title>rei de bastos</title>" in canvas.to_svg()
        True
        """
        self._leaf("title", (), check_text("title", text))

    def rect(self, x: float, y: float, width: float, height: float, *, rx: float = 0,
             fill: str | None = None, stroke: str | None = None, stroke_width: float | None = None,
             opacity: float | None = None, dash: str | None = None) -> None:
        """A rectangle with corner (*x*, *y*), optionally rounded by *rx*.

        Args:
            x: left edge.
            y: top edge.
            width: width, 0 or more.
            height: height, 0 or more.
            rx: corner radius.
            fill: fill paint (SVG's default is black).
            stroke: outline paint.
            stroke_width: outline width.
            opacity: 0 to 1.
            dash: a ``stroke-dasharray`` such as ``"4 2"``.

        Raises:
            TypeError: if a number or colour has the wrong type.
            InvalidRulesError: if a size is negative or not finite.

        >>> canvas = Canvas(10, 10)
        >>> canvas.rect(0, 0, 10, 5, fill="none", stroke="#000000", stroke_width=0.5)
        >>> canvas.rect(0, 0, -1, 5)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: width must be at least 0, not -1
        """
        check_number("x", x, minimum=None)
        check_number("y", y, minimum=None)
        check_number("width", width)
        check_number("height", height)
        check_number("rx", rx)
        if dash is not None:
            check_text("dash", dash)
        self._leaf("rect", [("x", x), ("y", y), ("width", width), ("height", height), ("rx", rx or None),
                            *self._paint(fill, stroke, stroke_width, opacity), ("stroke-dasharray", dash)])

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               stroke_width: float | None = None) -> None:
        """A circle of radius *r* centred on (*cx*, *cy*).

        >>> canvas = Canvas(10, 10)
        >>> canvas.circle(5, 5, 4.999, fill="#ffd700")
        >>> '<circle cx="5" cy="5" r="5" fill="#ffd700"/>' in canvas.to_svg()
        True
        """
        check_number("cx", cx, minimum=None)
        check_number("cy", cy, minimum=None)
        check_number("r", r)
        self._leaf("circle", [("cx", cx), ("cy", cy), ("r", r), *self._paint(fill, stroke, stroke_width)])

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, *, fill: str | None = None,
                stroke: str | None = None, stroke_width: float | None = None) -> None:
        """An ellipse with radii *rx* and *ry* centred on (*cx*, *cy*).

        >>> canvas = Canvas(10, 10)
        >>> canvas.ellipse(5, 5, 4, 2, fill="#00ff00")
        >>> '<ellipse cx="5" cy="5" rx="4" ry="2" fill="#00ff00"/>' in canvas.to_svg()
        True
        """
        check_number("cx", cx, minimum=None)
        check_number("cy", cy, minimum=None)
        check_number("rx", rx)
        check_number("ry", ry)
        self._leaf("ellipse", [("cx", cx), ("cy", cy), ("rx", rx), ("ry", ry),
                               *self._paint(fill, stroke, stroke_width)])

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
             stroke_width: float = 1) -> None:
        """A straight line from (*x1*, *y1*) to (*x2*, *y2*).

        >>> canvas = Canvas(10, 10)
        >>> canvas.line(0, 0, 10, 10, stroke="#333333")
        >>> '<line x1="0" y1="0" x2="10" y2="10" stroke="#333333" stroke-width="1"/>' in canvas.to_svg()
        True
        """
        for name, value in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
            check_number(name, value, minimum=None)
        self._leaf("line", [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2),
                            *self._paint(None, stroke, stroke_width)])

    def path(self, d: PathData | str, *, fill: str | None = None, stroke: str | None = None,
             stroke_width: float | None = None, opacity: float | None = None,
             linejoin: Literal["miter", "round", "bevel"] | None = None) -> None:
        """A path; *d* is best built with :class:`PathData` so its numbers are stable.

        >>> canvas = Canvas(10, 10)
        >>> canvas.path(PathData().move(0, 0).line(10, 0).line(5, 8).close(), fill="#0000ff")
        >>> '<path d="M0 0 L10 0 L5 8 Z" fill="#0000ff"/>' in canvas.to_svg()
        True
        """
        if not isinstance(d, PathData | str):
            raise TypeError(f"d must be a PathData or a str, not {type(d).__name__}")
        self._leaf("path", [("d", str(d)), *self._paint(fill, stroke, stroke_width, opacity),
                            ("stroke-linejoin", linejoin)])

    def text(self, x: float, y: float, content: str, *, size: float = 12, anchor: Anchor = "start",
             bold: bool = False, fill: str = "#000000", rotate: float = 0) -> None:
        """A line of text with its baseline at *y*; *content* is escaped.

        Args:
            x: horizontal position of the anchor point.
            y: the baseline.
            content: any text; markup characters are written escaped and characters
                XML cannot hold become U+FFFD.
            size: font size.
            anchor: which point of the text *x* names.
            bold: a bold weight.
            fill: text colour.
            rotate: rotation in degrees about (*x*, *y*).

        Raises:
            TypeError: if *content* is not a str, or a number has the wrong type.
            InvalidRulesError: if *anchor* is unknown or *size* is not positive.

        >>> canvas = Canvas(10, 10)
        >>> canvas.text(0, 9, '<b>"Q" & A</b>', size=8)
        >>> print(canvas.to_svg().splitlines()[1])
          <text x="0" y="9" font-size="8" fill="#000000">&lt;b&gt;"Q" &amp; A&lt;/b&gt;</text>
        """
        check_number("x", x, minimum=None)
        check_number("y", y, minimum=None)
        check_number("size", size, positive=True)
        check_number("rotate", rotate, minimum=None)
        check_text("content", content)
        check_text("fill", fill)
        anchor_value = None if check_anchor(anchor) == "start" else anchor
        self._leaf("text", [("x", x), ("y", y), ("font-size", size), ("font-weight", "bold" if bold else None),
                            ("text-anchor", anchor_value), ("fill", fill),
                            ("transform", f"rotate({fmt(rotate)} {fmt(x)} {fmt(y)})" if rotate else None)],
                   content)

    # -- writing ------------------------------------------------------------------

    def _write(self, out: list[str], depth: int) -> None:
        pad = "  " * depth
        head = self._tag + "".join(f' {name}="{_escape_attribute(value)}"' for name, value in self._attributes)
        if self._text is not None:
            out.append(f"{pad}<{head}>{_escape_text(self._text)}</{self._tag}>")
        elif not self._children:
            out.append(f"{pad}<{head}/>")
        else:
            out.append(f"{pad}<{head}>")
            for child in self._children:
                child._write(out, depth + 1)
            out.append(f"{pad}</{self._tag}>")


class Canvas(Group):
    """A whole picture: *width* by *height* user units, written out by :meth:`to_svg`.

    Args:
        width: width of the drawing area (the ``viewBox``), greater than 0.
        height: height of the drawing area, greater than 0.
        title: the picture's ``<title>``, if any.
        size: overall scale: the document's ``width`` and ``height`` attributes are the
            drawing area times *size*; the drawing itself is unchanged.

    Raises:
        TypeError: if a number or the title has the wrong type.
        InvalidRulesError: if a dimension or *size* is not greater than 0.

    >>> Canvas(100, 50, size=2).to_svg()
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 50" font-family="sans-serif"/>\\n'
    >>> Canvas(0, 10)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: width must be greater than 0, not 0
    """

    __slots__ = ("height", "size", "width")

    def __init__(self, width: float, height: float, *, title: str | None = None, size: float = 1.0) -> None:
        self.width = check_number("width", width, positive=True)
        self.height = check_number("height", height, positive=True)
        self.size = check_number("size", size, positive=True)
        super().__init__()
        self._tag = "svg"
        self._attributes = [
            ("xmlns", SVG_NAMESPACE),
            ("width", fmt(self.width * self.size)),
            ("height", fmt(self.height * self.size)),
            ("viewBox", f"0 0 {fmt(self.width)} {fmt(self.height)}"),
            ("font-family", FONT_FAMILY),
        ]
        if title is not None:
            self.title(title)

    def to_svg(self) -> str:
        """The complete SVG document, one element a line, ending with a newline.

        >>> print(Canvas(1, 1, title="x").to_svg(), end="")
        <svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1" font-family="sans-serif">
          <title>x</title>
        </svg>
        """
        out: list[str] = []
        self._write(out, 0)
        return "\n".join(out) + "\n"
