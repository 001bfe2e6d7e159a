"""Pictures of cards and positions as SVG: the drawing core every game family builds on.

Like ``chess.svg`` for chess, this package turns cards into small, self-contained SVG
documents.  It draws with the standard library only and depends on nothing in the
library but :mod:`cau_rules.cards` and :mod:`cau_rules.errors`.

- :mod:`cau_rules.svg.canvas`: a deterministic SVG builder (:class:`Canvas`): the same
  calls always give byte-identical, well-formed, escaped XML.  Card faces, backs and suit signs are
  ``<symbol>`` definitions placed with ``<use>``, drawn once per process.
- :mod:`cau_rules.svg.values`: the argument checks, the stable numbers (:func:`fmt`) and
  :class:`PathData`.
- :mod:`cau_rules.svg.faces`: card faces for the Spanish and French decks, suit pips and
  card backs, in the colour constants defined there.
- :mod:`cau_rules.svg.layout`: rows and fans of cards, piles with counts, labels, the
  "to play" marker, and :class:`SvgOptions`, the options a family passes through.

Every public name is importable from ``cau_rules.svg`` itself.

>>> from cau_rules.cards import parse_cards
>>> from cau_rules.svg import Canvas, draw_row, draw_back
>>> canvas = Canvas(260, 110, title="Two hands")
>>> mine = draw_row(canvas, parse_cards("1o 3c 12e"), x=10, y=10)
>>> theirs = draw_back(canvas, x=210, y=10, width=40, count=3)
>>> svg = canvas.to_svg()
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), "<title>king of swords</title>" in svg
(True, True)
"""

from __future__ import annotations

from cau_rules.svg.canvas import FONT_FAMILY, SVG_NAMESPACE, Canvas, Group, PathData, SvgText, fmt
from cau_rules.svg.faces import (
    BACK_COLOUR,
    BACK_PATTERN_COLOUR,
    BADGE_COLOUR,
    CARD_EDGE_COLOUR,
    CARD_FACE_COLOUR,
    CARD_RATIO,
    CARD_WIDTH,
    FRENCH_SUIT_COLOURS,
    HIGHLIGHT_COLOUR,
    SPANISH_SUIT_COLOURS,
    TEXT_COLOUR,
    back_title,
    card_height,
    card_name,
    draw_back,
    draw_card,
    draw_pip,
    rank_label,
    suit_colour,
)
from cau_rules.svg.layout import (
    GAP,
    TURN_COLOUR,
    SvgOptions,
    cards_svg,
    draw_label,
    draw_pile,
    draw_row,
    draw_straight_row,
    draw_turn_marker,
    row_bounds,
    row_width,
)

__all__ = [
    "BACK_COLOUR",
    "BACK_PATTERN_COLOUR",
    "BADGE_COLOUR",
    "CARD_EDGE_COLOUR",
    "CARD_FACE_COLOUR",
    "CARD_RATIO",
    "CARD_WIDTH",
    "FONT_FAMILY",
    "FRENCH_SUIT_COLOURS",
    "GAP",
    "HIGHLIGHT_COLOUR",
    "SPANISH_SUIT_COLOURS",
    "SVG_NAMESPACE",
    "TEXT_COLOUR",
    "TURN_COLOUR",
    "Canvas",
    "Group",
    "PathData",
    "SvgOptions",
    "SvgText",
    "back_title",
    "card_height",
    "card_name",
    "cards_svg",
    "draw_back",
    "draw_card",
    "draw_label",
    "draw_pile",
    "draw_pip",
    "draw_row",
    "draw_straight_row",
    "draw_turn_marker",
    "fmt",
    "rank_label",
    "row_bounds",
    "row_width",
    "suit_colour",
]
