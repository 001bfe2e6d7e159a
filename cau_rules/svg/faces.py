"""Card faces, suit pips and card backs, drawn as simple geometric shapes.

Every shape here was designed for this project: a coin, a cup, a sword and a club for
the Spanish suits, and the four French suit signs, built from circles, rectangles and
Bézier paths (no copied artwork, no embedded fonts).  A face shows its rank in two
opposite corners over a small pip (a 6 or a 9 with a bar under it, as printed decks
mark them, so the two never read as each other), and a large pip in the middle; court cards
(10, 11, 12: sota, cavall, rei, or J, Q, K) frame the middle pip.  The card's full name
is its ``<title>``, so a viewer shows it on hover and tests can read it.

A back shows a lattice and, optionally, a count.  A back never carries the identity of
a card: :func:`draw_back` is not even given one.

>>> from cau_rules.cards import Card, FRENCH_40
>>> from cau_rules.svg import Canvas
>>> canvas = Canvas(130, 90)
>>> face = draw_card(canvas, Card.parse("11c"), x=0, y=0, width=60, language="ca")
>>> face = draw_card(canvas, Card.parse("11c"), x=70, y=0, width=60, deck=FRENCH_40)
>>> svg = canvas.to_svg()
>>> "<title>cavall de copes</title>" in svg, "<title>queen of hearts</title>" in svg
(True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType

from cau_rules.cards import SPANISH_48, Card, Deck, Language, Suit
from cau_rules.svg.canvas import Group
from cau_rules.svg.values import (
    PathData,
    check_card,
    check_count,
    check_deck,
    check_language,
    check_number,
    fmt,
)

__all__ = [
    "BACK_COLOUR",
    "BACK_PATTERN_COLOUR",
    "BADGE_COLOUR",
    "CARD_EDGE_COLOUR",
    "CARD_FACE_COLOUR",
    "CARD_RATIO",
    "CARD_WIDTH",
    "FACE_WORDS",
    "FRENCH_SUIT_COLOURS",
    "HIGHLIGHT_COLOUR",
    "SPANISH_SUIT_COLOURS",
    "TEXT_COLOUR",
    "back_title",
    "card_height",
    "card_name",
    "draw_back",
    "draw_card",
    "draw_pip",
    "rank_label",
    "suit_colour",
]

CARD_WIDTH = 60.0
"""The default card width, in user units."""
CARD_RATIO = 1.5
"""A card's height divided by its width."""

CARD_FACE_COLOUR = "#fffdf6"
"""The paper of a card face."""
CARD_EDGE_COLOUR = "#404040"
"""The outline of every card, face or back."""
TEXT_COLOUR = "#202020"
"""Labels, counts and other text."""
HIGHLIGHT_COLOUR = "#ff9900"
"""The thick border around highlighted cards (the last move, a capture, a choice)."""
BACK_COLOUR = "#7a2430"
"""The ground of a card back."""
BACK_PATTERN_COLOUR = "#f0d890"
"""The lattice on a card back."""
BADGE_COLOUR = "#ffffff"
"""The disc behind a count (cards in a hand, the stock, a pile)."""

SPANISH_SUIT_COLOURS: Mapping[Suit, str] = MappingProxyType({
    Suit.OROS: "#d4a017",
    Suit.COPES: "#c62828",
    Suit.ESPASES: "#1f5fa8",
    Suit.BASTOS: "#2e7d32",
})
"""The colour of each Spanish suit: gold coins, red cups, blue swords, green clubs."""

FRENCH_SUIT_COLOURS: Mapping[Suit, str] = MappingProxyType({
    Suit.OROS: "#d01c1c",
    Suit.COPES: "#d01c1c",
    Suit.ESPASES: "#1a1a1a",
    Suit.BASTOS: "#1a1a1a",
})
"""The colour of each French suit (indexed by the Spanish suit it stands for):
red diamonds and hearts, black spades and clubs."""

_DARK: Mapping[str, str] = MappingProxyType({
    "#d4a017": "#7a5a00",
    "#c62828": "#6d1010",
    "#1f5fa8": "#0f2f58",
    "#2e7d32": "#17421a",
    "#d01c1c": "#6d0a0a",
    "#1a1a1a": "#000000",
})

FACE_WORDS: Mapping[str, Mapping[Language, str]] = MappingProxyType({
    # the titles of a back: what a viewer may know about face-down cards
    "back": {"ca": "carta girada", "es": "carta boca abajo", "en": "face-down card"},
    "backs": {"ca": "{0} carta|{0} cartes", "es": "{0} carta|{0} cartas", "en": "{0} card|{0} cards"},
    # the French deck's names (the Spanish deck's are Card.full_name's)
    "suit_0": {"ca": "diamants", "es": "diamantes", "en": "diamonds"},
    "suit_1": {"ca": "cors", "es": "corazones", "en": "hearts"},
    "suit_2": {"ca": "piques", "es": "picas", "en": "spades"},
    "suit_3": {"ca": "trèvols", "es": "tréboles", "en": "clubs"},
    "rank_1": {"ca": "as", "es": "as", "en": "ace"},
    "rank_10": {"ca": "valet", "es": "jota", "en": "jack"},
    "rank_11": {"ca": "dama", "es": "reina", "en": "queen"},
    "rank_12": {"ca": "rei", "es": "rey", "en": "king"},
})
"""The words a card's picture carries (backs' titles, the French deck's names), by key and
language, as a :class:`~cau_rules.i18n.Catalogue`'s entries (each family's picture module
registers them as the ``faces`` catalogue; this package imports only cards and errors)."""


def card_height(width: float = CARD_WIDTH) -> float:
    """The height of a card *width* wide.

    Raises:
        TypeError: if *width* is not a number.
        InvalidRulesError: if *width* is not greater than 0.

    >>> card_height(60)
    90.0
    """
    return check_number("width", width, positive=True) * CARD_RATIO


def suit_colour(suit: Suit, deck: Deck = SPANISH_48) -> str:
    """The colour *suit* is drawn in with *deck*.

    >>> from cau_rules.cards import FRENCH_40
    >>> suit_colour(Suit.ESPASES), suit_colour(Suit.ESPASES, FRENCH_40)
    ('#1f5fa8', '#1a1a1a')
    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit, not {type(suit).__name__}")
    colours = FRENCH_SUIT_COLOURS if check_deck(deck).style == "french" else SPANISH_SUIT_COLOURS
    return colours[suit]


def rank_label(card: Card, deck: Deck = SPANISH_48) -> str:
    """The rank as printed in a card's corner: 1 to 12 for Spanish decks, A, 2-7, J, Q, K for French.

    >>> from cau_rules.cards import FRENCH_40
    >>> rank_label(Card.parse("12o")), rank_label(Card.parse("12o"), FRENCH_40)
    ('12', 'K')
    """
    check_card("card", card, check_deck(deck))
    if deck.style == "french":
        return {1: "A", 10: "J", 11: "Q", 12: "K"}.get(card.rank, str(card.rank))
    return str(card.rank)


def card_name(card: Card, *, deck: Deck = SPANISH_48, language: Language = "en") -> str:
    """The card's full name in *language*, as a player of *deck* would say it.

    Spanish decks use :meth:`Card.full_name`; for the French deck the name is built
    the same way from the French ranks and suits.

    Args:
        card: the card.
        deck: the deck it is drawn from.
        language: ``"ca"``, ``"es"`` or ``"en"``.

    Returns:
        The name, e.g. ``"as d'oros"`` or ``"queen of hearts"``.

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if *language* is unknown or *card* is not in *deck*.

    >>> from cau_rules.cards import FRENCH_40
    >>> card_name(Card.parse("1o")), card_name(Card.parse("10e"), deck=FRENCH_40, language="es")
    ('ace of coins', 'jota de picas')
    """
    check_card("card", card, check_deck(deck))
    language = check_language(language)
    if deck.style != "french":
        return card.full_name(language)
    rank_key = f"rank_{card.rank}"
    rank = FACE_WORDS[rank_key][language] if rank_key in FACE_WORDS else str(card.rank)
    suit = FACE_WORDS[f"suit_{int(card.suit)}"][language]
    return f"{rank} of {suit}" if language == "en" else f"{rank} de {suit}"


# ---------------------------------------------------------------------------
# Pips.  Each drawer gets the pip's centre and size (the height of its box); the
# shapes are laid out in a unit box from -0.5 to 0.5 and scaled.

_PipDrawer = Callable[[Group, float, float, float, str], None]


def _scaled(cx: float, cy: float, s: float) -> Callable[[float, float], tuple[float, float]]:
    def at(u: float, v: float) -> tuple[float, float]:
        return cx + u * s, cy + v * s

    return at


def _poly(at: Callable[[float, float], tuple[float, float]], *points: tuple[float, float]) -> PathData:
    data = PathData().move(*at(*points[0]))
    for point in points[1:]:
        data.line(*at(*point))
    return data.close()


def _coin(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    dark = _DARK[colour]
    g.circle(cx, cy, 0.46 * s, fill=colour, stroke=dark, stroke_width=0.05 * s)
    g.circle(cx, cy, 0.3 * s, fill="none", stroke=dark, stroke_width=0.04 * s)
    g.circle(cx, cy, 0.1 * s, fill=dark)


def _cup(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    dark = _DARK[colour]
    at = _scaled(cx, cy, s)
    sw = 0.04 * s
    bowl = (PathData().move(*at(-0.4, -0.4)).line(*at(0.4, -0.4))
            .cubic(*at(0.4, -0.05), *at(0.22, 0.08), *at(0.07, 0.1)).line(*at(-0.07, 0.1))
            .cubic(*at(-0.22, 0.08), *at(-0.4, -0.05), *at(-0.4, -0.4)).close())
    g.path(bowl, fill=colour, stroke=dark, stroke_width=sw, linejoin="round")
    g.ellipse(*at(0, -0.4), 0.4 * s, 0.07 * s, fill=dark)
    g.rect(*at(-0.05, 0.1), 0.1 * s, 0.22 * s, fill=colour, stroke=dark, stroke_width=sw)
    g.ellipse(*at(0, 0.2), 0.11 * s, 0.045 * s, fill=dark)
    foot = (PathData().move(*at(-0.05, 0.3)).line(*at(0.05, 0.3))
            .quad(*at(0.1, 0.4), *at(0.3, 0.46)).line(*at(-0.3, 0.46))
            .quad(*at(-0.1, 0.4), *at(-0.05, 0.3)).close())
    g.path(foot, fill=colour, stroke=dark, stroke_width=sw, linejoin="round")


def _sword(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    dark = _DARK[colour]
    at = _scaled(cx, cy, s)
    sw = 0.035 * s
    g.path(_poly(at, (0, -0.5), (0.1, -0.36), (0.085, 0.13), (-0.085, 0.13), (-0.1, -0.36)),
           fill=colour, stroke=dark, stroke_width=sw, linejoin="round")
    g.line(*at(0, -0.36), *at(0, 0.08), stroke="#ffffff", stroke_width=0.03 * s)
    guard = (PathData().move(*at(-0.32, 0.1)).quad(*at(0, 0.2), *at(0.32, 0.1))
             .line(*at(0.32, 0.19)).quad(*at(0, 0.26), *at(-0.32, 0.19)).close())
    g.path(guard, fill=dark, stroke=dark, stroke_width=sw, linejoin="round")
    g.rect(*at(-0.055, 0.22), 0.11 * s, 0.19 * s, fill=colour, stroke=dark, stroke_width=sw)
    g.circle(*at(0, 0.44), 0.065 * s, fill=dark)


def _club(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    dark = _DARK[colour]
    at = _scaled(cx, cy, s)
    sw = 0.035 * s
    for side, v in ((-1, -0.16), (1, 0.06), (-1, 0.26)):
        edge = 0.2 - 0.11 * (v + 0.3) / 0.77  # the baton's half-width at height v
        stub = _poly(at, (side * (edge - 0.04), v - 0.05), (side * (edge + 0.1), v - 0.12),
                     (side * (edge + 0.13), v - 0.05), (side * (edge - 0.04), v + 0.05))
        g.path(stub, fill=colour, stroke=dark, stroke_width=sw, linejoin="round")
    baton = (PathData().move(*at(-0.09, 0.47)).line(*at(-0.2, -0.3))
             .quad(*at(-0.22, -0.49), *at(0, -0.49)).quad(*at(0.22, -0.49), *at(0.2, -0.3))
             .line(*at(0.09, 0.47)).quad(*at(0, 0.52), *at(-0.09, 0.47)).close())
    g.path(baton, fill=colour, stroke=dark, stroke_width=0.04 * s, linejoin="round")
    g.path(PathData().move(*at(-0.05, -0.4)).quad(*at(0.05, 0), *at(0, 0.4)),
           fill="none", stroke=dark, stroke_width=0.025 * s, opacity=0.5)


def _diamond(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    at = _scaled(cx, cy, s)
    g.path(_poly(at, (0, -0.5), (0.36, 0), (0, 0.5), (-0.36, 0)), fill=colour)


def _heart(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    at = _scaled(cx, cy, s)
    heart = (PathData().move(*at(0, 0.44))
             .cubic(*at(-0.1, 0.32), *at(-0.48, 0.1), *at(-0.48, -0.16))
             .cubic(*at(-0.48, -0.36), *at(-0.33, -0.46), *at(-0.21, -0.46))
             .cubic(*at(-0.1, -0.46), *at(-0.03, -0.4), *at(0, -0.3))
             .cubic(*at(0.03, -0.4), *at(0.1, -0.46), *at(0.21, -0.46))
             .cubic(*at(0.33, -0.46), *at(0.48, -0.36), *at(0.48, -0.16))
             .cubic(*at(0.48, 0.1), *at(0.1, 0.32), *at(0, 0.44)).close())
    g.path(heart, fill=colour)


def _spade(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    at = _scaled(cx, cy, s)
    spade = (PathData().move(*at(0, -0.48))
             .cubic(*at(-0.1, -0.32), *at(-0.46, -0.12), *at(-0.46, 0.1))
             .cubic(*at(-0.46, 0.28), *at(-0.32, 0.36), *at(-0.2, 0.36))
             .cubic(*at(-0.11, 0.36), *at(-0.05, 0.31), *at(-0.03, 0.25))
             .line(*at(-0.12, 0.48)).line(*at(0.12, 0.48)).line(*at(0.03, 0.25))
             .cubic(*at(0.05, 0.31), *at(0.11, 0.36), *at(0.2, 0.36))
             .cubic(*at(0.32, 0.36), *at(0.46, 0.28), *at(0.46, 0.1))
             .cubic(*at(0.46, -0.12), *at(0.1, -0.32), *at(0, -0.48)).close())
    g.path(spade, fill=colour)


def _trefoil(g: Group, cx: float, cy: float, s: float, colour: str) -> None:
    at = _scaled(cx, cy, s)
    for u, v in ((0, -0.25), (-0.23, 0.08), (0.23, 0.08)):
        g.circle(*at(u, v), 0.21 * s, fill=colour)
    g.circle(*at(0, 0.02), 0.12 * s, fill=colour)
    g.path(_poly(at, (-0.035, 0.05), (0.035, 0.05), (0.13, 0.48), (-0.13, 0.48)), fill=colour)


_SPANISH_PIPS: tuple[_PipDrawer, ...] = (_coin, _cup, _sword, _club)
_FRENCH_PIPS: tuple[_PipDrawer, ...] = (_diamond, _heart, _spade, _trefoil)


def draw_pip(target: Group, suit: Suit, *, x: float, y: float, size: float, deck: Deck = SPANISH_48) -> None:
    """Draw the sign of *suit* centred on (*x*, *y*) in a box *size* high.

    Spanish decks draw a coin, a cup, a sword or a club; the French deck a diamond,
    a heart, a spade or a club.  Useful on its own to show a trump suit.

    Args:
        target: the canvas or group to draw into.
        suit: the suit.
        x: centre, horizontally.
        y: centre, vertically.
        size: height of the pip's box, greater than 0.
        deck: which deck's signs to use.

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if *size* is not greater than 0.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(20, 20)
    >>> draw_pip(canvas, Suit.OROS, x=10, y=10, size=20)
    >>> canvas.to_svg().count("<circle")
    3
    """
    check_group(target)
    colour = suit_colour(suit, deck)
    check_number("x", x, minimum=None)
    check_number("y", y, minimum=None)
    check_number("size", size, positive=True)
    pips = _FRENCH_PIPS if deck.style == "french" else _SPANISH_PIPS
    pips[suit](target, x, y, size, colour)


def check_group(target: object) -> Group:
    if not isinstance(target, Group):
        raise TypeError(f"target must be a Canvas or a Group, not {type(target).__name__}")
    return target


def _outline(g: Group, w: float, h: float, fill: str) -> None:
    g.rect(0, 0, w, h, rx=0.06 * w, fill=fill, stroke=CARD_EDGE_COLOUR, stroke_width=0.015 * w)


def _highlight(g: Group, w: float, h: float) -> None:
    pad = 0.035 * w
    g.rect(-pad, -pad, w + 2 * pad, h + 2 * pad, rx=0.09 * w, fill="none", stroke=HIGHLIGHT_COLOUR,
           stroke_width=0.05 * w)


def draw_card(target: Group, card: Card, *, x: float, y: float, width: float = CARD_WIDTH,
              deck: Deck = SPANISH_48, highlight: bool = False, language: Language = "en") -> Group:
    """Draw the face of *card* with its top-left corner at (*x*, *y*).

    The card is *width* wide and :data:`CARD_RATIO` times as high.  Its group has
    ``class="card"``, a ``data-card`` attribute with the card code and a ``<title>``
    with the card's name in *language* (:func:`card_name`).

    Args:
        target: the canvas or group to draw into.
        card: the card.
        x: left edge.
        y: top edge.
        width: the card's width, greater than 0.
        deck: the deck the card belongs to; it chooses Spanish or French signs.
        highlight: draw a thick :data:`HIGHLIGHT_COLOUR` border around the card.
        language: language of the title: ``"ca"``, ``"es"`` or ``"en"``.

    Returns:
        The card's group.

    Raises:
        TypeError: if *card* is not a :class:`~cau_rules.cards.Card` or another
            argument has the wrong type (the message names the parameter).
        InvalidRulesError: if *width* is not greater than 0, *language* is unknown
            or *card* is not in *deck*.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(60, 90)
    >>> face = draw_card(canvas, Card.parse("7o"), x=0, y=0, language="es")
    >>> '<g class="card" data-card="7o">' in canvas.to_svg(), "<title>7 de oros</title>" in canvas.to_svg()
    (True, True)
    >>> draw_card(canvas, "7o", x=0, y=0)
    Traceback (most recent call last):
    ...
    TypeError: card must be a Card, not str (use Card.parse('7o'))
    """
    check_group(target)
    name = card_name(card, deck=deck, language=language)
    w = check_number("width", width, positive=True)
    h = w * CARD_RATIO
    if not isinstance(highlight, bool):
        raise TypeError(f"highlight must be a bool, not {type(highlight).__name__}")
    canvas = target.canvas
    if canvas is None:  # a group on its own: drawn in place
        g = target.group(x=x, y=y, class_="card", title=name, data=[("card", card.code)])
        _face(g, card, w, deck)
    else:  # the suit's design is drawn once per picture, as a symbol, and placed; then the labels
        kind = "c" if card.rank >= 10 else "n"
        design = canvas.define(f"d{_deck_id(deck)}-{card.code[-1]}{kind}",
                               lambda into: _face(into, card, _DESIGN_WIDTH, deck, labels=False))
        g = target.placed("card", x, y, name, design, data=card.code, scale=w / _DESIGN_WIDTH)
        g.raw_group(*_labels(card, w, deck))
    if highlight:
        _highlight(g, w, h)
    return g


_MARKED = frozenset({"6", "9"})
"""Corner indices that read as another upside down: they carry a bar under them."""


def _face(g: Group, card: Card, w: float, deck: Deck, *, labels: bool = True, design: bool = True) -> None:
    """The face of *card*, *w* wide, with its top-left corner at the origin of *g*: its
    suit's design (outline, signs, the court frame) and its rank labels, or either alone."""
    h = w * CARD_RATIO
    colour = suit_colour(card.suit, deck)
    if design:
        _outline(g, w, h, CARD_FACE_COLOUR)
    label = rank_label(card, deck)
    for corner in (g, g.group(x=w, y=h, rotate=180)):
        if labels:
            corner.text(0.14 * w, 0.21 * w, label, size=0.2 * w if len(label) < 2 else 0.17 * w,
                        anchor="middle", bold=True, fill=colour)
            if label in _MARKED:  # a bar under 6 and 9, as printed decks do, so they never read upside down
                corner.line(0.085 * w, 0.235 * w, 0.195 * w, 0.235 * w, stroke=colour, stroke_width=0.02 * w)
        if design:
            _pip(corner, card, deck, x=0.14 * w, y=0.34 * w, size=0.15 * w)
    if not design:
        return
    if card.rank >= 10:
        g.rect(0.28 * w, 0.22 * w, 0.44 * w, h - 0.44 * w, rx=0.03 * w, fill=colour, opacity=0.1)
        g.rect(0.28 * w, 0.22 * w, 0.44 * w, h - 0.44 * w, rx=0.03 * w, fill="none", stroke=colour,
               stroke_width=0.015 * w)
        _pip(g, card, deck, x=w / 2, y=h / 2, size=0.36 * w)
    else:
        _pip(g, card, deck, x=w / 2, y=h / 2, size=0.52 * w)


_PIP_SIZE = 100.0
"""The size a sign is drawn at as a symbol; a face places it scaled (2 decimals at this size
are finer than any face's 2 decimals at its own size)."""

_BUILT_IN_DECKS = {"spanish-48": "s48", "spanish-40": "s40", "french-40": "f40", "cacho-24": "k24"}


_DESIGN_WIDTH = 100.0
"""The width a suit's design is drawn at as a symbol; a face places it scaled to its own
width (every number of a design is a multiple of the width that two decimals hold exactly
at this width)."""


def _deck_id(deck: Deck) -> str:
    """A short name of *deck* for symbol ids: a few letters for the built-in decks, and
    ``x-`` and the whole name for any other (so that the two never meet)."""
    return _BUILT_IN_DECKS.get(deck.name) or f"x-{deck.name}"


def _pip(g: Group, card: Card, deck: Deck, *, x: float, y: float, size: float) -> None:
    """A sign of a face: in a picture one symbol per suit that every sign of the suit shares
    (every size, both corners), placed moved and scaled; outside a picture, drawn in place."""
    canvas = g.canvas
    if canvas is None:
        draw_pip(g, card.suit, x=x, y=y, size=size, deck=deck)
        return
    symbol = f"p{_deck_id(deck)}-{card.code[-1]}"
    g.use(canvas.define(symbol, lambda into: draw_pip(into, card.suit, x=0, y=0, size=_PIP_SIZE, deck=deck)),
          x=x, y=y, scale=size / _PIP_SIZE)


_Attributes = tuple[tuple[str, str], ...]


@functools.lru_cache(maxsize=1024)
def _labels(card: Card, w: float, deck: Deck) -> tuple[_Attributes, tuple[tuple[str, _Attributes, str | None], ...]]:
    """A face's two rank labels, for :meth:`Group.raw_group`: one group holding their font and
    colour, the far one turned half round about the card's centre (the mapping
    ``translate(w h) rotate(180)`` makes).  They never touch the signs, so drawing them over
    the design changes no pixel."""
    label = rank_label(card, deck)
    x, y = fmt(0.14 * w), fmt(0.21 * w)
    font = (("font-size", fmt(0.2 * w if len(label) < 2 else 0.17 * w)), ("font-weight", "bold"),
            ("text-anchor", "middle"), ("fill", suit_colour(card.suit, deck)))
    turned = f"rotate(180 {fmt(w / 2)} {fmt(w * CARD_RATIO / 2)})"
    leaves: tuple[tuple[str, _Attributes, str | None], ...] = (
        ("text", (("x", x), ("y", y), ("transform", turned)), label), ("text", (("x", x), ("y", y)), label))
    if label in _MARKED:
        bar: _Attributes = (("x1", fmt(0.085 * w)), ("y1", fmt(0.235 * w)), ("x2", fmt(0.195 * w)),
                            ("y2", fmt(0.235 * w)), ("stroke", suit_colour(card.suit, deck)),
                            ("stroke-width", fmt(0.02 * w)))
        leaves += (("line", (*bar, ("transform", turned)), None), ("line", bar, None))
    return font, leaves


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> PathData:
    """Diagonal lines both ways, clipped to the rectangle, centred on it."""
    data = PathData()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = int((x1 - x0 + y1 - y0) / step) + 1
    for i in range(-reach, reach + 1):
        k = cx - cy + i * step  # lines x - y = k
        xs, xe = max(x0, y0 + k), min(x1, y1 + k)
        if xe - xs > 1e-9:
            data.move(xs, xs - k).line(xe, xe - k)
    for i in range(-reach, reach + 1):
        k = cx + cy + i * step  # lines x + y = k
        xs, xe = max(x0, k - y1), min(x1, k - y0)
        if xe - xs > 1e-9:
            data.move(xs, k - xs).line(xe, k - xe)
    return data


def badge(g: Group, cx: float, cy: float, w: float, count: int) -> None:
    text = str(count)
    g.circle(cx, cy, 0.2 * w, fill=BADGE_COLOUR, stroke=CARD_EDGE_COLOUR, stroke_width=0.015 * w)
    size = 0.22 * w if len(text) < 3 else 0.15 * w
    g.text(cx, cy + 0.36 * size, text, size=size, anchor="middle", bold=True, fill=TEXT_COLOUR)


def back_title(count: int | None = None, language: Language = "en") -> str:
    """The title of a back: what a viewer may know about face-down cards.

    >>> back_title(), back_title(1, "en"), back_title(7, "es")
    ('face-down card', '1 card', '7 cartas')
    """
    lang = check_language(language)
    if count is None:
        return FACE_WORDS["back"][lang]
    count = check_count("count", count)
    one, _, many = FACE_WORDS["backs"][lang].partition("|")
    return (one if count == 1 else many).format(count)


def _back(g: Group, w: float) -> None:
    """A back (the same for every card), *w* wide, with its top-left corner at the origin of *g*."""
    h = w * CARD_RATIO
    _outline(g, w, h, BACK_COLOUR)
    inset = 0.09 * w
    g.path(_lattice(inset, inset, w - inset, h - inset, 0.13 * w), fill="none", stroke=BACK_PATTERN_COLOUR,
           stroke_width=0.018 * w, opacity=0.75)
    g.rect(inset, inset, w - 2 * inset, h - 2 * inset, rx=0.03 * w, fill="none", stroke=BACK_PATTERN_COLOUR,
           stroke_width=0.025 * w)


def draw_back(target: Group, *, x: float, y: float, width: float = CARD_WIDTH, count: int | None = None,
              highlight: bool = False, language: Language = "en") -> Group:
    """Draw a card back with its top-left corner at (*x*, *y*), optionally showing a count.

    The back is the same for every card: this function is never told which card it
    stands for, so a picture of a hidden hand cannot leak it.  The count is for
    "seat 2 holds 7 cards", "stock 12", "pile 9".

    Args:
        target: the canvas or group to draw into.
        x: left edge.
        y: top edge.
        width: the card's width, greater than 0.
        count: a number to show on a badge in the middle (0 or more), or ``None``.
        highlight: draw a thick :data:`HIGHLIGHT_COLOUR` border.
        language: language of the title (``"7 cartes"``, ``"7 cartas"``, ``"7 cards"``).

    Returns:
        The back's group (``class="card-back"``).

    Raises:
        TypeError: if an argument has the wrong type.
        InvalidRulesError: if *width* is not greater than 0, *count* is negative or
            *language* is unknown.

    >>> from cau_rules.svg import Canvas
    >>> canvas = Canvas(60, 90)
    >>> back = draw_back(canvas, x=0, y=0, count=7, language="en")
    >>> svg = canvas.to_svg()
    >>> '<g class="card-back">' in svg, "<title>7 cards</title>" in svg, ">7</text>" in svg
    (True, True, True)
    """
    check_group(target)
    title = back_title(count, language)
    w = check_number("width", width, positive=True)
    h = w * CARD_RATIO
    if not isinstance(highlight, bool):
        raise TypeError(f"highlight must be a bool, not {type(highlight).__name__}")
    canvas = target.canvas
    if canvas is None:
        g = target.group(x=x, y=y, class_="card-back", title=title)
        _back(g, w)
    else:
        g = target.placed("card-back", x, y, title, canvas.define(f"b{fmt(w)}", lambda into: _back(into, w)))
    if count is not None:
        badge(g, w / 2, h / 2, w, count)
    if highlight:
        _highlight(g, w, h)
    return g
