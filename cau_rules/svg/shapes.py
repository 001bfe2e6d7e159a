"""The basic shapes every group draws (rectangles, circles, lines, paths, text), standard
library only: each checks its arguments and adds one leaf element, written at once.

They live apart from :mod:`cau_rules.svg.canvas` (which keeps the tree, the symbols and the
remembered fragments) as a base class of :class:`~cau_rules.svg.canvas.Group`.

>>> from cau_rules.svg import Canvas
>>> canvas = Canvas(10, 10)
>>> canvas.circle(5, 5, 2, fill="#ff0000")
>>> canvas.to_svg().splitlines()[1]
'<circle cx="5" cy="5" r="2" fill="#ff0000"/>'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from cau_rules.svg.values import Anchor, PathData, check_anchor, check_number, check_text, fmt

__all__ = ["Shapes"]


class Shapes:
    """The shape methods of :class:`~cau_rules.svg.canvas.Group` (a base class, not used alone).

    >>> from cau_rules.svg import Canvas
    >>> isinstance(Canvas(1, 1), Shapes)
    True
    """

    __slots__ = ()

    def _leaf(self, tag: str, attributes: Iterable[tuple[str, str | float | None]], text: str | None = None) -> None:
        raise NotImplementedError  # written by Group

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

        >>> from cau_rules.svg import Canvas
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

        >>> from cau_rules.svg import Canvas
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

        >>> from cau_rules.svg import Canvas
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

        >>> from cau_rules.svg import Canvas
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

        >>> from cau_rules.svg import Canvas
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

        >>> from cau_rules.svg import Canvas
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
