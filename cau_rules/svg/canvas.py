"""A tiny deterministic SVG document builder, standard library only.

A :class:`Canvas` is a tree of elements that writes itself out as one complete
``<svg>`` document.  The output depends on nothing but the calls made: attributes are
written in a fixed order, numbers are rounded to two decimals without trailing zeros
(:func:`fmt`), and every piece of text is escaped, so the same calls always give
byte-identical, well-formed XML.

Unlike the rules objects of this library, a canvas is a mutable builder: draw on it,
then call :meth:`Canvas.to_svg`.

A drawing that repeats (a card face, a card back) is defined once as a ``<symbol>`` with
:meth:`Canvas.define` and placed with :meth:`Group.use`; the symbol's text is written once
per process and reused by every picture, so a picture costs little more than its layout.

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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from cau_rules.errors import InvalidRulesError
from cau_rules.svg.shapes import Shapes
from cau_rules.svg.values import PathData, check_number, check_text, fmt, fmt_scale
from cau_rules.svg.written import (
    FRAGMENTS,
    MAX_FRAGMENTS,
    MAX_SYMBOLS,
    SYMBOLS,
    Fragment,
    Symbol,
    escape_attribute,
    escape_text,
    remember,
)

__all__ = ["FONT_FAMILY", "SVG_NAMESPACE", "Canvas", "Group", "PathData", "SvgText", "fmt"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""The namespace of every element the builder writes."""

FONT_FAMILY = "sans-serif"
"""The generic font family of every picture: no font is embedded or named."""

def _is_title(children: list[Group | str]) -> bool:
    """Whether the first of *children* is a ``<title>`` (written, as every leaf is)."""
    return bool(children) and isinstance(children[0], str) and children[0].startswith("<title>")


_DEFS: dict[frozenset[str], tuple[str, dict[str, str]]] = {}
"""The ``<defs>`` element of each set of symbols written lately (most pictures of a game hold one
of a few sets), and those symbols' texts by id: an id always stands for the same drawing, so
the ids name the text."""


def _written_defs(defs: dict[str, Symbol]) -> tuple[str, dict[str, str]]:
    """The ``<defs>`` element of the symbols *defs*, sorted by id (the same order however
    drawn), and their texts by id (for :class:`SvgText`; not to be changed: it is shared)."""
    ids = frozenset(defs)
    written = _DEFS.get(ids)
    if written is None:
        if len(_DEFS) >= 1024:
            _DEFS.clear()
        texts = {symbol: defs[symbol][0] for symbol in sorted(defs)}
        written = _DEFS[ids] = ("\n".join(["<defs>", *texts.values(), "</defs>"]), texts)
    return written


class Group(Shapes):
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

    __slots__ = ("_attributes", "_children", "_lazy", "_raw", "_root", "_tag", "_text")

    def __init__(self) -> None:
        self._tag = "g"
        self._attributes: list[tuple[str, str]] = []
        self._children: list[Group | str] = []  # a leaf is kept as its written text
        self._text: str | None = None
        self._root: Canvas | None = None
        # A memoised fragment (see fragment()): its written text, and how to draw it again
        # should anything be drawn into it later.
        self._raw: str | None = None
        self._lazy: Callable[[Group], None] | None = None

    @classmethod
    def _node(cls, tag: str, attributes: list[tuple[str, str]], text: str | None = None) -> Group:
        node = Group()
        node._tag, node._attributes, node._text = tag, attributes, text
        return node

    @property
    def canvas(self) -> Canvas | None:
        """The picture this group belongs to (None for a group built on its own).

        >>> canvas = Canvas(10, 10)
        >>> canvas.group().canvas is canvas, Group().canvas
        (True, None)
        """
        return self._root

    # -- building -----------------------------------------------------------------

    def _leaf(self, tag: str, attributes: Iterable[tuple[str, str | float | None]], text: str | None = None) -> None:
        """Add a leaf element, written at once (a leaf never changes once drawn)."""
        head = "<" + tag
        for name, value in attributes:
            if value is None:
                continue
            head += f' {name}="{escape_attribute(value if isinstance(value, str) else fmt(value))}"'
        if self._raw is not None:
            self._redraw()
        self._children.append(head + "/>" if text is None else f"{head}>{escape_text(text)}</{tag}>")

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
        child._root = self._root
        if title is not None:
            child.title(title)
        if self._raw is not None:
            self._redraw()
        self._children.append(child)
        return child

    def fragment(self, key: tuple[object, ...], draw: Callable[[Group], None], *, class_: str | None = None,
                 x: float = 0, y: float = 0, title: str | None = None) -> Group:
        """A sub-group as :meth:`group` makes it, drawn by *draw*, and remembered under *key*.

        A picture is mostly the same rows and piles from one move to the next: the text of a
        fragment is kept for the whole process, and a later fragment with the same *key*
        (in any picture) is written from it without drawing again.  *key* must name
        everything the drawing depends on.  Drawing into the returned group later still
        works: the fragment is then drawn again first.

        >>> canvas = Canvas(20, 20)
        >>> row = canvas.fragment(("dots", 2), lambda g: [g.circle(5 * i, 5, 2) for i in (1, 2)] and None,
        ...                       class_="row")
        >>> again = Canvas(20, 20)
        >>> same = again.fragment(("dots", 2), lambda g: None, class_="row")
        >>> again.to_svg() == canvas.to_svg()
        True
        """
        attributes: list[tuple[str, str]] = []
        if class_ is not None:
            attributes.append(("class", check_text("class_", class_)))
        x = check_number("x", x, minimum=None)
        y = check_number("y", y, minimum=None)
        if x or y:
            attributes.append(("transform", f"translate({fmt(x)} {fmt(y)})"))
        node = Group._node("g", attributes)
        node._root = canvas = self._root
        if title is not None:
            node._children.append(f"<title>{escape_text(check_text('title', title))}</title>")
        if self._raw is not None:
            self._redraw()
        self._children.append(node)
        if canvas is None:
            draw(node)
            return node
        full = (Group, class_, x, y, title, *key)  # (a _remembered key never starts with a class)
        cached = FRAGMENTS.get(full)
        if cached is None:
            cached = canvas._record(full, node, draw)
        node._raw, node._lazy = cached[0], draw  # written once: the picture copies the text
        canvas._paste(cached[1])
        return node

    def _remembered(self, key: tuple[object, ...], draw: Callable[..., None], *args: object) -> None:
        """What ``draw(group, *args)`` draws here, written once per process under *key* (which
        names all it depends on, and starts with a str naming the drawing) and copied afterwards;
        unlike :meth:`fragment`, with no element of its own, and nothing built to paste it: this
        is how a picture is composed of the rows, piles and labels of the move before."""
        canvas = self._root
        if canvas is None:
            draw(self, *args)
            return
        cached = FRAGMENTS.get(key)
        if cached is None:
            text = self._recalled(key, draw, args)
        else:  # (what _recalled does when it knows the piece, written out: a picture pastes a dozen)
            text, symbols = cached
            canvas._defs.update(symbols)
            if canvas._drawing:
                canvas._drawing[-1].update(symbols)
        if text:
            if self._raw is not None:
                self._redraw()
            self._children.append(text)

    def _remembered_at(self, key: tuple[object, ...], x: float, y: float, draw: Callable[..., None],
                       *args: object) -> None:
        """:meth:`_remembered` for one element that ``draw(group, x, y, *args)`` draws at (*x*, *y*)
        with no other transform than the move there, such as a card: written once at the origin
        and moved, so that it is drawn once wherever it lies (*key* need not name the place)."""
        if self._root is None:
            draw(self, x, y, *args)
            return
        text = self._recalled(key, draw, (0, 0, *args))
        if x or y:  # the move is the opening tag's last attribute, as group() and placed() write it
            end = text.index(">")  # (an attribute's ">" is written escaped)
            end -= text[end - 1] == "/"
            text = f'{text[:end]} transform="translate({fmt(x)} {fmt(y)})"{text[end:]}'
        if self._raw is not None:
            self._redraw()
        self._children.append(text)

    def _recalled(self, key: tuple[object, ...], draw: Callable[..., None], args: tuple[object, ...]) -> str:
        """The remembered text of what ``draw(group, *args)`` draws under *key*, drawn now if it
        is not known yet, its symbols taken into the picture."""
        canvas = self._root
        assert canvas is not None
        cached = FRAGMENTS.get(key)
        if cached is None:
            scratch = Group()
            scratch._root = canvas
            cached = canvas._record(key, scratch, lambda into: draw(into, *args), inner=True)
        canvas._paste(cached[1])
        return cached[0]

    def _redraw(self) -> None:
        """Turn a remembered fragment back into elements (something is drawn into it)."""
        draw, self._raw, self._lazy = self._lazy, None, None
        title = self._children[:1] if _is_title(self._children) else []
        self._children = title
        if draw is not None:
            draw(self)

    def title(self, text: str) -> None:
        """Add a ``<title>`` child: the accessible name and hover tooltip of this group.

        >>> canvas = Canvas(10, 10)
        >>> canvas.group().title("rei de bastos")
        >>> "<title>rei de bastos</title>" in canvas.to_svg()
        True
        """
        self._leaf("title", (), check_text("title", text))

    def placed(self, class_: str, x: float, y: float, title: str, symbol: str, data: str | None = None,
               scale: float = 1) -> Group:
        """A sub-group that places *symbol* at (*x*, *y*): what :meth:`group` with *class_*,
        *title* and a ``data-card`` of *data*, then :meth:`use` (with *scale*), would make,
        built in one step (a picture places dozens of cards).

        >>> canvas = Canvas(10, 10)
        >>> card = canvas.placed("card", 2, 0, "as d'oros", canvas.define("face", lambda g: g.rect(0, 0, 1, 1)),
        ...                      data="1o")
        >>> print(canvas.to_svg().split("</defs>")[1].strip())
        <g class="card" data-card="1o" transform="translate(2 0)">
        <title>as d'oros</title>
        <use href="#face"/>
        </g>
        </svg>
        """
        x = check_number("x", x, minimum=None)
        y = check_number("y", y, minimum=None)
        attributes = [("class", check_text("class_", class_))]
        if data is not None:
            attributes.append(("data-card", check_text("data", data)))
        if x or y:
            attributes.append(("transform", f"translate({fmt(x)} {fmt(y)})"))
        child = Group._node("g", attributes)
        child._root = self._root
        scale = check_number("scale", scale, positive=True)
        placing = "" if scale == 1 else f' transform="scale({fmt_scale(scale)})"'
        child._children = [f"<title>{escape_text(check_text('title', title))}</title>",
                           f'<use href="#{escape_attribute(check_text("symbol", symbol))}"{placing}/>']
        if self._raw is not None:
            self._redraw()
        self._children.append(child)
        return child

    def use(self, symbol: str, *, x: float = 0, y: float = 0, scale: float = 1) -> None:
        """Place the symbol *symbol* (defined with :meth:`Canvas.define`) at this group's origin,
        or moved by (*x*, *y*) and scaled by *scale* about its own origin.

        >>> canvas = Canvas(10, 10)
        >>> dot = canvas.define("dot", lambda g: g.circle(1, 1, 1))
        >>> canvas.group(x=4).use(dot)
        >>> canvas.use(dot, x=2, scale=0.125)
        >>> '<use href="#dot"/>' in canvas.to_svg(), '<use href="#dot" transform="translate(2 0) scale(0.125)"/>' in canvas.to_svg()
        (True, True)
        """
        x = check_number("x", x, minimum=None)
        y = check_number("y", y, minimum=None)
        scale = check_number("scale", scale, positive=True)
        transform = []
        if x or y:
            transform.append(f"translate({fmt(x)} {fmt(y)})")
        if scale != 1:
            transform.append(f"scale({fmt_scale(scale)})")
        self._leaf("use", [("href", "#" + check_text("symbol", symbol)),
                           ("transform", " ".join(transform) if transform else None)])

    def raw_group(self, attributes: Sequence[tuple[str, str]],
                  children: Sequence[tuple[str, Sequence[tuple[str, str]], str | None]]) -> None:
        """A ``<g>`` with the written *attributes* (inherited by its children, such as a font)
        and leaf *children* as ``(tag, attributes, text)``, values already written with :func:`fmt`.

        >>> canvas = Canvas(10, 10)
        >>> canvas.raw_group([("fill", "#ff0000")], [("text", [("x", "1"), ("y", "9")], "A")])
        >>> print(canvas.to_svg().splitlines()[2])
        <text x="1" y="9">A</text>
        """
        def written(tag: str, leaf: Sequence[tuple[str, str]], text: str | None) -> str:
            head = "<" + tag + "".join(f' {name}="{escape_attribute(value)}"' for name, value in leaf)
            return head + "/>" if text is None else f"{head}>{escape_text(text)}</{tag}>"

        lines = ["<g" + "".join(f' {name}="{escape_attribute(value)}"' for name, value in attributes) + ">"]
        lines.extend(written(tag, leaf, text) for tag, leaf, text in children)
        lines.append("</g>")
        if self._raw is not None:
            self._redraw()
        self._children.append("\n".join(lines))

    # -- writing ------------------------------------------------------------------

    def _write(self, out: list[str]) -> None:
        if self._raw is not None:
            out.append(self._raw)
            return
        head = self._tag + "".join(f' {name}="{escape_attribute(value)}"' for name, value in self._attributes)
        if self._text is not None:
            out.append(f"<{head}>{escape_text(self._text)}</{self._tag}>")
        elif not self._children:
            out.append(f"<{head}/>")
        else:
            out.append(f"<{head}>")
            for child in self._children:
                if type(child) is str:
                    out.append(child)
                else:
                    child._write(out)  # type: ignore[union-attr]
            out.append(f"</{self._tag}>")


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

    __slots__ = ("_defs", "_drawing", "_head", "_symbols", "height", "size", "width")

    def __init__(self, width: float, height: float, *, title: str | None = None, size: float = 1.0) -> None:
        self.width = check_number("width", width, positive=True)
        self.height = check_number("height", height, positive=True)
        self.size = check_number("size", size, positive=True)
        super().__init__()
        self._root = self
        self._defs: dict[str, Symbol] = {}
        self._symbols: dict[str, str] = {}  # the texts of the symbols last written, by id
        self._drawing: list[set[str]] = []
        self._tag = "svg"
        self._head = (f'<svg xmlns="{SVG_NAMESPACE}" width="{fmt(self.width * self.size)}" '
                      f'height="{fmt(self.height * self.size)}" viewBox="0 0 {fmt(self.width)} {fmt(self.height)}" '
                      f'font-family="{FONT_FAMILY}"')  # (numbers and names: nothing to escape)
        if title is not None:  # (what title() does, the leaf written at once)
            self._children.append(f"<title>{escape_text(check_text('title', title))}</title>")

    def define(self, symbol: str, draw: Callable[[Group], None]) -> str:
        """Define the symbol *symbol* (once per picture) as what *draw* draws at the origin.

        The symbol's text is kept for the whole process under its id: an id must always
        stand for the same drawing (name it after everything the drawing depends on, as
        ``cs48-7o-60``, the 7 of oros of the Spanish 48-card deck 60 wide, does), and *draw* runs only the first time an id is seen.
        The symbol is written in the picture's ``<defs>`` (sorted by id), with ``overflow="visible"`` so that nothing drawn by it is clipped.

        Args:
            symbol: the id: letters, digits, ``-``, ``_`` and ``.``, starting with a letter.
            draw: draws the symbol's content into the group it is given.

        Returns:
            The id, for :meth:`Group.use`.

        Raises:
            InvalidRulesError: the id is not such a name.

        >>> canvas = Canvas(10, 10)
        >>> canvas.define("box", lambda g: g.rect(0, 0, 2, 2))
        'box'
        >>> print(canvas.to_svg(), end="")
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10" font-family="sans-serif">
        <defs>
        <symbol id="box" overflow="visible">
        <rect x="0" y="0" width="2" height="2"/>
        </symbol>
        </defs>
        </svg>
        """
        if self._drawing:
            self._drawing[-1].add(symbol)  # a symbol that the one being drawn uses
        if symbol in self._defs:
            return symbol
        cached = SYMBOLS.get(symbol)
        if cached is not None and self._has_all(cached[1]):
            self._defs[symbol] = cached
            return symbol
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_.-]*", check_text("symbol", symbol)):
            raise InvalidRulesError(f"bad symbol id {symbol!r}: use letters, digits, '-', '_' and '.'")
        node = Group._node("symbol", [("id", symbol), ("overflow", "visible")])
        node._root = self  # so that the symbol may use other symbols
        lines, uses = self._drawn(node, draw)
        written = self._defs[symbol] = ("\n".join(lines), tuple(sorted(uses)))
        remember(SYMBOLS, symbol, written, MAX_SYMBOLS)
        return symbol

    def _has_all(self, symbols: tuple[str, ...]) -> bool:
        """Add those of *symbols* the picture lacks (and what they use) from the cache; False if one was lost."""
        defs = self._defs
        for symbol in symbols:
            if symbol not in defs:
                if (cached := SYMBOLS.get(symbol)) is None or not self._has_all(cached[1]):
                    return False
                defs[symbol] = cached
        return True

    def _record(self, key: tuple[object, ...], node: Group, draw: Callable[[Group], None], *,
                inner: bool = False) -> Fragment:
        """Draw *node* with *draw* and remember its text (only what is inside it if *inner*)
        and the symbols it needs under *key*."""
        lines, uses = self._drawn(node, draw)
        # The symbols placed, and what they place in turn: every one is in this picture already.
        needed: dict[str, Symbol] = {}
        waiting = list(uses)
        while waiting:
            if (symbol := waiting.pop()) not in needed:
                needed[symbol] = self._defs[symbol]
                waiting.extend(needed[symbol][1])
        written = ("\n".join(lines[1:-1] if inner else lines), needed)
        remember(FRAGMENTS, key, written, MAX_FRAGMENTS)
        return written

    def _drawn(self, node: Group, draw: Callable[[Group], None]) -> tuple[list[str], set[str]]:
        """Draw *node* with *draw*: its written lines, and the symbols placed in it."""
        self._drawing.append(set())
        try:
            draw(node)
        finally:
            uses = self._drawing.pop()
        lines: list[str] = []
        node._write(lines)
        return lines, uses

    def _paste(self, symbols: dict[str, Symbol]) -> None:
        """Take in the *symbols* a remembered fragment needs (for the fragment being drawn too)."""
        self._defs.update(symbols)
        if self._drawing:
            self._drawing[-1].update(symbols)

    def _write(self, out: list[str]) -> None:
        children, defs = self._children, self._defs
        if not children and not defs:
            out.append(self._head + "/>")
            return
        out.append(self._head + ">")
        first = 1 if _is_title(children) else 0  # the title stays the first child
        out.extend(children[:first])  # type: ignore[arg-type]
        if defs:
            text, self._symbols = _written_defs(defs)
            out.append(text)
        for child in children[first:]:
            if type(child) is str:
                out.append(child)
            else:
                child._write(out)  # type: ignore[union-attr]
        out.append("</svg>")

    def to_svg(self) -> SvgText:
        """The complete SVG document, one element a line (not indented: a picture is sent
        over the network on every move), ending with a newline; as an :class:`SvgText`,
        which also holds its symbols.

        >>> print(Canvas(1, 1, title="x").to_svg(), end="")
        <svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1" font-family="sans-serif">
        <title>x</title>
        </svg>
        """
        out: list[str] = []
        self._write(out)
        out.append("")  # the final newline
        text = SvgText("\n".join(out))
        text.symbols = dict(self._symbols)  # (a copy of its own: the written one is shared)
        return text


class SvgText(str):
    """The text of an SVG document (a ``str``) that also holds its symbols by id.

    A server that sends a picture on every move sends each symbol (a card face, a back)
    once per client and the picture without its ``<defs>``: with the symbols at hand it
    need not parse them out of the text again.

    Attributes:
        symbols: the ``<symbol>`` elements written in the document's ``<defs>``, by id
            (empty when it has none).

    >>> canvas = Canvas(10, 10)
    >>> canvas.use(canvas.define("dot", lambda g: g.circle(1, 1, 1)), x=2, y=2)
    >>> svg = canvas.to_svg()
    >>> svg.symbols
    {'dot': '<symbol id="dot" overflow="visible">\\n<circle cx="1" cy="1" r="1"/>\\n</symbol>'}
    >>> svg.symbols["dot"] in svg
    True
    """

    symbols: Mapping[str, str]
