"""Layout helpers for pictures of positions: rows of cards, piles, labels, markers.

These are what a game family composes to draw its table: a row (or fan) of cards for
each hand, a pile with its count for the stock or a capture pile, a label with a seat's
name and score, and a marker for the seat to play.  :class:`SvgOptions` holds the
options every family's picture passes through (scale, language, highlighted cards),
checked once.

>>> from cau_rules.cards import parse_cards
>>> from cau_rules.svg import Canvas
>>> canvas = Canvas(250, 120)
>>> hand = draw_row(canvas, parse_cards("1o 7c 12b"), x=10, y=20, highlight=parse_cards("7c"))
>>> hidden = draw_pile(canvas, None, 12, x=200, y=20, width=40)
>>> draw_label(canvas, "Seat 1: 3 points", x=10, y=14)
>>> svg = canvas.to_svg()
>>> svg.count('class="card"'), "<title>12 cartes</title>" in svg
(3, False)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence, Set

import attrs

from cau_rules.cards import SPANISH_48, Card, Deck, Language
from cau_rules.errors import InvalidRulesError
from cau_rules.svg.canvas import Canvas, Group
from cau_rules.svg.faces import (
    BACK_COLOUR,
    CARD_EDGE_COLOUR,
    CARD_FACE_COLOUR,
    CARD_RATIO,
    CARD_WIDTH,
    TEXT_COLOUR,
    back_title,
    badge,
    check_group,
    draw_back,
    draw_card,
)
from cau_rules.svg.values import (
    Anchor,
    PathData,
    check_anchor,
    check_card,
    check_count,
    check_deck,
    check_language,
    check_number,
    check_text,
    fmt,
)

__all__ = [
    "GAP",
    "TURN_COLOUR",
    "SvgOptions",
    "cards_svg",
    "draw_label",
    "draw_pile",
    "draw_row",
    "draw_straight_row",
    "draw_turn_marker",
    "row_bounds",
    "row_width",
]

GAP = 6.0
"""The default space between neighbouring cards in a row."""
TURN_COLOUR = "#d9480f"
"""The marker of the seat to play."""

_TURN_TITLES = {"ca": "li toca jugar", "es": "le toca jugar", "en": "to play"}
_EMPTY_TITLES = {"ca": "cap carta", "es": "ninguna carta", "en": "no cards"}


def _highlight_set(value: Iterable[Card]) -> frozenset[Card]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"highlight must be a collection of Card, not {type(value).__name__}")
    cards = frozenset(value)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"highlight must hold only Card values, not {type(card).__name__}")
    return cards


def _check_size(instance: object, attribute: object, value: object) -> None:
    check_number("size", value, positive=True)


def _check_option_language(instance: object, attribute: object, value: object) -> None:
    check_language(value)


@attrs.frozen
class SvgOptions:
    """The picture options a game family passes through, checked when built.

    Attributes:
        size: overall scale of the picture (see :class:`~cau_rules.svg.canvas.Canvas`).
        language: language of titles and labels: ``"en"`` (the default), ``"ca"`` or ``"es"``
            (a picture method's ``lang`` argument sets it too).
        highlight: cards to draw with a highlighted border (any iterable of cards).

    Raises:
        TypeError: if an option has the wrong type.
        InvalidRulesError: if *size* is not greater than 0 or *language* is unknown.

    >>> from cau_rules.cards import parse_cards
    >>> options = SvgOptions(size=2, language="en", highlight=parse_cards("7o 1c"))
    >>> sorted(card.code for card in options.highlight)
    ['1c', '7o']
    >>> 'width="200" height="100" viewBox="0 0 100 50"' in options.canvas(100, 50).to_svg()
    True
    >>> SvgOptions(language="fr")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown language 'fr': use 'ca', 'es' or 'en'
    """

    size: float = attrs.field(default=1.0, validator=_check_size)
    language: Language = attrs.field(default="en", validator=_check_option_language)
    highlight: frozenset[Card] = attrs.field(default=frozenset(), converter=_highlight_set)

    def in_lang(self, lang: Language | None) -> SvgOptions:
        """These options with the labels in *lang* (None: unchanged).

        >>> SvgOptions(size=2).in_lang("ca").language, SvgOptions(language="es").in_lang(None).language
        ('ca', 'es')
        """
        return self if lang is None or lang == self.language else attrs.evolve(self, language=lang)

    @staticmethod
    def of(options: SvgOptions | None, lang: Language | None) -> SvgOptions:
        """What a picture method's *options* and *lang* arguments ask for together: *options*
        (the defaults if None) with the labels in *lang* (None: unchanged).  The default options
        of each language are built once (a server draws a picture of every seat on every move).

        >>> SvgOptions.of(None, "ca") == SvgOptions(language="ca"), SvgOptions.of(SvgOptions(size=2), None).size
        (True, 2)
        """
        if options is None:
            options = _DEFAULTS.get(lang or "en")
            if options is None:  # (an unknown language is refused here)
                options = _DEFAULTS[lang or "en"] = SvgOptions(language=lang or "en")
        return options.in_lang(lang)

    def canvas(self, width: float, height: float, *, title: str | None = None) -> Canvas:
        """A canvas *width* by *height* drawn at these options' scale.

        >>> SvgOptions(size=0.5).canvas(100, 60).to_svg()[:62]
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="30"'
        """
        return Canvas(width, height, title=title, size=self.size)


_DEFAULTS: dict[str, SvgOptions] = {}
"""The default options of each language asked for so far (see :meth:`SvgOptions.of`)."""


def row_width(count: int, *, width: float = CARD_WIDTH, gap: float = GAP) -> float:
    """The width of a straight row of *count* cards (0 for none).

    >>> row_width(3), row_width(4, width=40, gap=-20), row_width(0)
    (192.0, 100.0, 0.0)
    """
    count = check_count("count", count)
    w = check_number("width", width, positive=True)
    g = check_number("gap", gap, minimum=None)
    return count * w + (count - 1) * g if count else 0.0


def _slots(count: int, w: float, g: float, turn: float) -> list[tuple[float, float, float]]:
    """Each card's bottom centre (from the row's top-left) and its turn in degrees."""
    h = w * CARD_RATIO
    half_span = (count - 1) * (w + g) / 2
    slots = []
    for index in range(count):
        offset = index * (w + g) - half_span  # this card's centre from the row's centre
        if turn and count > 1 and half_span > 0:
            angle = turn / 2 * offset / half_span
            radius = half_span / math.sin(math.radians(turn / 2))
            dx = radius * math.sin(math.radians(angle))
            dy = radius * (1 - math.cos(math.radians(angle)))
            slots.append((half_span + w / 2 + dx, h + dy, angle))
        else:
            slots.append((half_span + w / 2 + offset, h, 0.0))
    return slots


def row_bounds(count: int, *, width: float = CARD_WIDTH, gap: float = GAP,
               fan: float = 0) -> tuple[float, float, float, float]:
    """The box a row drawn by :func:`draw_row` covers, from the row's (*x*, *y*).

    A straight row covers ``(0, 0, row_width(...), card height)``; a fan reaches
    further out to the sides and down.  Highlight borders add ``0.06 * width`` around.

    Returns:
        ``(left, top, right, bottom)`` offsets; *left* and *top* may be negative.

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if a value is bad (see :func:`draw_row`).

    >>> row_bounds(3, width=40, gap=-10)
    (0.0, 0.0, 100.0, 60.0)
    >>> [round(edge, 1) for edge in row_bounds(3, width=40, gap=-10, fan=30)]
    [-14.8, 0.0, 114.8, 69.1]
    """
    count = check_count("count", count)
    w, g, turn = _check_row(width, gap, fan)
    if not count:
        return (0.0, 0.0, 0.0, 0.0)
    h = w * CARD_RATIO
    xs: list[float] = []
    ys: list[float] = []
    for bx, by, angle in _slots(count, w, g, turn):
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        for u, v in ((-w / 2, 0.0), (w / 2, 0.0), (-w / 2, -h), (w / 2, -h)):
            xs.append(bx + u * cos - v * sin)
            ys.append(by + u * sin + v * cos)
    return (min(xs), min(ys), max(xs), max(ys))


def _check_row(width: float, gap: float, fan: float) -> tuple[float, float, float]:
    w = check_number("width", width, positive=True)
    g = check_number("gap", gap, minimum=None)
    if g <= -w:
        raise InvalidRulesError(f"gap must be more than -width ({-w:g}), not {gap!r}")
    turn = check_number("fan", fan)
    if turn > 180:
        raise InvalidRulesError(f"fan must be at most 180 degrees, not {fan!r}")
    return w, g, turn


def draw_row(target: Group, cards: Sequence[Card | None], *, x: float, y: float, width: float = CARD_WIDTH,
             gap: float = GAP, fan: float = 0, deck: Deck = SPANISH_48, highlight: Iterable[Card] = (),
             language: Language = "en") -> Group:
    """Draw *cards* left to right from (*x*, *y*); ``None`` draws a back in that place.

    A negative *gap* overlaps the cards (each card covers part of the one before, as
    in a hand held in play).  A *fan* spreads the row over an arc: the outer cards
    turn by half of *fan* degrees and drop a little, the middle card stays at *y*;
    :func:`row_bounds` gives the box the row covers.

    Args:
        target: the canvas or group to draw into.
        cards: the cards, or ``None`` for a face-down card.
        x: left edge of the first card.
        y: top edge of the row.
        width: width of each card.
        gap: space between neighbouring cards; negative to overlap, but more than
            ``-width``.
        fan: total turn in degrees from the first card to the last, 0 to 180.
        deck: the deck the cards belong to.
        highlight: the cards to draw highlighted.
        language: language of the titles.

    Returns:
        The row's group (``class="row"``).

    Raises:
        TypeError: if *cards* holds something that is not a card or ``None``
            (the message names the position), or another argument has the wrong type.
        InvalidRulesError: for a bad *width*, *gap*, *fan* or *language*, or a card
            not in *deck*.

    >>> from cau_rules.cards import parse_cards
    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(200, 100)
    >>> row = draw_row(canvas, [*parse_cards("3e 4e"), None], x=5, y=5, gap=-20, fan=20)
    >>> svg = canvas.to_svg()
    >>> svg.count('class="card"'), svg.count('class="card-back"'), "rotate(" in svg
    (2, 1, True)
    >>> draw_row(canvas, ["3e"], x=0, y=0)
    Traceback (most recent call last):
    ...
    TypeError: cards[0] must be a Card or None, not str
    """
    check_group(target)
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise TypeError(f"cards must be a sequence of Card or None, not {type(cards).__name__}")
    check_deck(deck)
    for index, card in enumerate(cards):
        if card is not None:
            if not isinstance(card, Card):
                raise TypeError(f"cards[{index}] must be a Card or None, not {type(card).__name__}")
            check_card(f"cards[{index}]", card, deck)
    x0 = check_number("x", x, minimum=None)
    y0 = check_number("y", y, minimum=None)
    w, g, turn = _check_row(width, gap, fan)
    marked = _highlight_set(highlight)
    language = check_language(language)
    shown = tuple(cards)
    # The same row in the same place is written once per process (a hand between two moves).
    # (Card.O1 is 0: "if card" would leave the ace of coins's highlight out of the key.)
    lit = marked.intersection(card for card in shown if card is not None)
    key = ("row", shown, x0, y0, w, g, turn, deck, lit, language)
    return target.fragment(key, functools.partial(_row_cards, cards=shown, x=x0, y=y0, width=w, gap=g, fan=turn,
                                                  deck=deck, highlight=marked, language=language), class_="row")


def draw_straight_row(target: Group, cards: Sequence[Card | None], *, x: float, y: float, width: float,
                      gap: float, deck: Deck, highlight: Set[Card], language: Language) -> None:
    """What :func:`draw_row` draws for a straight row, with no check of the arguments and
    without remembering the row as a whole: for a picture that remembers the piece the row is
    part of (a row changes whenever that piece does), its numbers its own.  Each card is still
    written once per process wherever it lies.

    >>> from cau_rules.cards import parse_cards
    >>> from cau_rules.svg import Canvas
    >>> first, second = Canvas(150, 100), Canvas(150, 100)
    >>> draw_straight_row(first, parse_cards("1o 7c"), x=5, y=5, width=60, gap=6, deck=SPANISH_48,
    ...                   highlight=set(), language="en")
    >>> row = draw_row(second, parse_cards("1o 7c"), x=5, y=5)
    >>> first.to_svg() == second.to_svg()
    True
    """
    _row_cards(target.group(class_="row"), cards=cards, x=x, y=y, width=width, gap=gap, fan=0, deck=deck,
               highlight=highlight, language=language)


def _row_cards(row: Group, *, cards: Sequence[Card | None], x: float, y: float, width: float, gap: float,
               fan: float, deck: Deck, highlight: Set[Card], language: Language) -> None:
    """The cards of a row (its arguments checked), drawn into the row's group."""
    w, h = width, width * CARD_RATIO
    for card, (bx, by, angle) in zip(cards, _slots(len(cards), w, gap, fan), strict=True):
        if fan and len(cards) > 1:
            slot = row.group(x=x + bx, y=y + by, rotate=angle)
            _draw_slot(slot, -w / 2, -h, card, w, deck, card in highlight, language)
        else:  # the same card is the same text wherever it lies: written once per process
            lit = card in highlight
            row._remembered_at(("card", card, w, deck, lit, language), x + bx - w / 2, y,
                               _draw_slot, card, w, deck, lit, language)


def _draw_slot(target: Group, x: float, y: float, card: Card | None, width: float, deck: Deck, highlight: bool,
               language: Language) -> None:
    """One place of a row: the face of *card*, or a back for None."""
    if card is None:
        draw_back(target, x=x, y=y, width=width, language=language)
    else:
        draw_card(target, card, x=x, y=y, width=width, deck=deck, highlight=highlight, language=language)


def draw_label(target: Group, text: str, *, x: float, y: float, size: float = 14, anchor: Anchor = "start",
               bold: bool = False, colour: str = TEXT_COLOUR) -> None:
    """Write *text* (a seat's name, a score) with its baseline at *y*; the text is escaped.

    Args:
        target: the canvas or group to draw into.
        text: the label; any characters are safe.
        x: the anchor point, horizontally.
        y: the baseline.
        size: font size, greater than 0.
        anchor: ``"start"``, ``"middle"`` or ``"end"``: which end of the text *x* names.
        bold: a bold weight.
        colour: text colour.

    Raises:
        TypeError: if *text* is not a str, or another argument has the wrong type.
        InvalidRulesError: if *size* is not greater than 0 or *anchor* is unknown.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(100, 20)
    >>> draw_label(canvas, "Anna & <Bernat>", x=50, y=15, anchor="middle", bold=True)
    >>> print(canvas.to_svg().splitlines()[1])
    <text x="50" y="15" font-size="14" font-weight="bold" text-anchor="middle" fill="#202020">Anna &amp; &lt;Bernat&gt;</text>
    """
    check_group(target)
    check_text("text", text)
    check_anchor(anchor)
    if not isinstance(bold, bool):
        raise TypeError(f"bold must be a bool, not {type(bold).__name__}")
    check_text("colour", colour)
    # Seat names, headings and counts repeat from picture to picture: each is written once.
    # (Only a call that succeeded is remembered; the types are in the key, so a later call
    # with a bad number still fails.)
    key = ("label", text, x, y, size, anchor, bold, colour, type(x), type(y), type(size))
    target._remembered(key, _write_label, text, x, y, size, anchor, bold, colour)


def _write_label(target: Group, text: str, x: float, y: float, size: float, anchor: Anchor, bold: bool,
                 colour: str) -> None:
    target.text(x, y, text, size=size, anchor=anchor, bold=bold, fill=colour)


def draw_turn_marker(target: Group, *, x: float, y: float, size: float = 14, language: Language = "en",
                     colour: str = TURN_COLOUR) -> Group:
    """Draw the "to play" marker, a triangle pointing right, centred on (*x*, *y*).

    Args:
        target: the canvas or group to draw into.
        x: centre, horizontally.
        y: centre, vertically.
        size: the triangle's height, greater than 0.
        language: language of its title (``"li toca jugar"``, ``"le toca jugar"``,
            ``"to play"``).
        colour: fill colour.

    Returns:
        The marker's group (``class="turn"``).

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if *size* is not greater than 0 or *language* is unknown.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(20, 20)
    >>> marker = draw_turn_marker(canvas, x=10, y=10, language="en")
    >>> "<title>to play</title>" in canvas.to_svg()
    True
    """
    check_group(target)
    title = _TURN_TITLES[check_language(language)]
    cx = check_number("x", x, minimum=None)
    cy = check_number("y", y, minimum=None)
    s = check_number("size", size, positive=True)
    check_text("colour", colour)

    def draw(marker: Group) -> None:
        triangle = PathData().move(cx - 0.4 * s, cy - 0.5 * s).line(cx + 0.5 * s, cy).line(cx - 0.4 * s, cy + 0.5 * s)
        marker.path(triangle.close(), fill=colour, stroke=CARD_EDGE_COLOUR, stroke_width=0.06 * s, linejoin="round")

    # The marker moves from seat to seat and back: each place is written once per process.
    return target.fragment(("turn", cx, cy, s, colour), draw, class_="turn", title=title)


def draw_pile(target: Group, top: Card | None, count: int, *, x: float, y: float, width: float = CARD_WIDTH,
              deck: Deck = SPANISH_48, highlight: bool = False, language: Language = "en") -> Group:
    """Draw a pile of *count* cards at (*x*, *y*): its top card, or a back, and a count badge.

    The cards under the top one show only as plain edges (at most three), whatever
    they are.  With *top* ``None`` the pile is face down (a stock) and its count is on
    the back; with a card on top the count is on a badge in the bottom-right corner.
    An empty pile (*count* 0, *top* ``None``) is a dashed outline.

    Args:
        target: the canvas or group to draw into.
        top: the face-up top card, or ``None`` for a face-down pile.
        count: how many cards the pile holds (at least 1 when *top* is a card).
        x: left edge of the top card.
        y: top edge of the top card.
        width: width of the cards.
        deck: the deck the top card belongs to.
        highlight: highlight the top card.
        language: language of the titles.

    Returns:
        The pile's group (``class="pile"``, titled with its count).

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if *count* is negative, or 0 with a top card, or another
            value is bad.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(80, 110)
    >>> pile = draw_pile(canvas, Card.parse("5b"), 9, x=5, y=5, language="en")
    >>> svg = canvas.to_svg()
    >>> "<title>9 cards</title>" in svg, "<title>5 of clubs</title>" in svg, ">9</text>" in svg
    (True, True, True)
    """
    check_group(target)
    count = check_count("count", count)
    if top is not None:
        check_card("top", top, check_deck(deck))
        if count == 0:
            raise InvalidRulesError("count must be at least 1 when the pile has a top card")
    language = check_language(language)
    x0 = check_number("x", x, minimum=None)
    y0 = check_number("y", y, minimum=None)
    w = check_number("width", width, positive=True)
    h = w * CARD_RATIO
    if count == 0:
        pile = target.group(x=x0, y=y0, class_="pile", title=_EMPTY_TITLES[language])
        pile.rect(0, 0, w, h, rx=0.06 * w, fill="none", stroke=CARD_EDGE_COLOUR, stroke_width=0.015 * w,
                  dash=f"{fmt(0.08 * w)} {fmt(0.05 * w)}", opacity=0.6)
        return pile
    if not isinstance(highlight, bool):
        raise TypeError(f"highlight must be a bool, not {type(highlight).__name__}")

    def draw(pile: Group) -> None:
        step = 0.04 * w
        paper = BACK_COLOUR if top is None else CARD_FACE_COLOUR
        for layer in range(min(count - 1, 3), 0, -1):
            pile.rect(layer * step, layer * step, w, h, rx=0.06 * w, fill=paper, stroke=CARD_EDGE_COLOUR,
                      stroke_width=0.015 * w)
        if top is None:
            draw_back(pile, x=0, y=0, width=w, count=count, highlight=highlight, language=language)
        else:
            draw_card(pile, top, x=0, y=0, width=w, deck=deck, highlight=highlight, language=language)
            badge(pile, w - 0.08 * w, h - 0.08 * w, w, count)

    return target.fragment(("pile", top, count, w, deck, highlight, language), draw, class_="pile", x=x0, y=y0,
                           title=back_title(count, language))


def cards_svg(cards: Sequence[Card | None], *, deck: Deck = SPANISH_48, columns: int = 12,
              width: float = CARD_WIDTH, size: float = 1.0, language: Language = "en",
              highlight: Iterable[Card] = (), title: str | None = None) -> str:
    """A complete SVG document showing *cards* in a grid (``None`` shows a back).

    Args:
        cards: the cards, in reading order.
        deck: the deck they belong to.
        columns: cards per line, at least 1.
        width: width of each card.
        size: overall scale of the document.
        language: language of the titles.
        highlight: the cards to draw highlighted.
        title: the document's title.

    Returns:
        The SVG text.

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if a value is bad (see :func:`draw_row`).

    >>> from cau_rules.cards import SPANISH_40
    >>> svg = cards_svg(SPANISH_40.cards, deck=SPANISH_40, columns=10)
    >>> svg.count('class="card"'), 'viewBox="0 0 678 402"' in svg
    (40, True)
    """
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise TypeError(f"cards must be a sequence of Card or None, not {type(cards).__name__}")
    columns = check_count("columns", columns)
    if columns < 1:
        raise InvalidRulesError("columns must be at least 1")
    w = check_number("width", width, positive=True)
    margin = GAP * 2
    lines = [list(cards[start:start + columns]) for start in range(0, len(cards), columns)] or [[]]
    canvas = Canvas(2 * margin + row_width(max(1, min(columns, len(cards))), width=w),
                    2 * margin + len(lines) * (w * CARD_RATIO + GAP) - GAP, title=title, size=size)
    for number, line in enumerate(lines):
        draw_row(canvas, line, x=margin, y=margin + number * (w * CARD_RATIO + GAP), width=w, deck=deck,
                 highlight=highlight, language=language)
    return canvas.to_svg()
