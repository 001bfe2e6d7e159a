"""Pictures of *Cacho* positions as SVG: one seat's view, or the whole state.

:func:`svg_view` draws what one seat sees: the seats round an oval table (the viewer at
the bottom unless told otherwise), each with its cards (the viewer's face up, the
others' as backs with their count, face up only once a showdown has shown them), its
stack, its bet this round, a mark for the dealer (``D``; ``R`` for *reparteix*, *reparte*),
and whether it folded, is out or is still to act.  The middle of the table holds the hand and round, the pot (and the side
pots), the stock, who is to play and the amount to call, or the outcome.  The cards of
the hand that won a showdown are highlighted, as are ``options.highlight``.
:func:`svg_state` draws the whole state with every card face up.

Each card face carries ``data-card`` and a title naming it; backs never name a card, so
the picture of a view shows nothing the seat may not see.

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.picture import svg_view
>>> state = new_game(CACHO, 3, seed=1)
>>> svg = svg_view(state.observe(0))
>>> svg.count('class="card"'), svg.count('class="card-back"')
(1, 3)
"""

from __future__ import annotations

import math

from cau_rules.cacho.events import PotWon, Showdown
from cau_rules.cacho.hands import HandValue
from cau_rules.cacho.render import SeatView, Table, move_menu, table_of_position, table_of_view
from cau_rules.cacho.texts import TEXTS
from cau_rules.cacho.zones import Position
from cau_rules.cards import CACHO_24, Card, Language
from cau_rules.checks import check_type
from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import LANGS, Catalogue, load_catalogue, register
from cau_rules.svg import (
    CARD_RATIO,
    TEXT_COLOUR,
    TURN_COLOUR,
    Canvas,
    Group,
    SvgOptions,
    draw_back,
    draw_card,
    draw_label,
    draw_pile,
    draw_turn_marker,
)
from cau_rules.svg.faces import FACE_WORDS

__all__ = ["svg_state", "svg_view"]

CARD_W = 40.0
"""The width of a card in these pictures (before ``options.size``)."""

_PANEL_W, _PANEL_H = 156.0, 124.0
_CENTRE_W, _CENTRE_H = 210.0, 132.0
_MARGIN = 12.0
_MIN_HALF_WIDTH = 215.0
_FELT = "#e7efe4"
_FELT_EDGE = "#8aa08a"
_MINE = "#fbf4df"
_FOLDED_VEIL = "#ffffff"
_MUTED = "#6b6b6b"
_TABLE_FILL = "#2f6b3a"
_TABLE_EDGE = "#1f4a27"

register(Catalogue("faces", FACE_WORDS))  # the words its cards carry (backs' titles, French names)
_LABELS = load_catalogue("cacho picture")
_WORDS: dict[Language, dict[str, str]] = {
    lang: {key: texts[lang] for key, texts in _LABELS.entries.items()} for lang in LANGS
}
"""The labels by language, then key (``{}`` marks a value)."""


def _value_text(value: HandValue, language: Language) -> str:
    """The hand's class and value, without the kickers the screens add (a picture's line is short)."""
    return f"{TEXTS(f'class_{int(value.hand_class)}', language)} ({value.value})"


def _seat_name(table: Table, seat: int, words: dict[str, str]) -> str:
    name = words["seat"].format(seat)
    return f"{name} ({words['you']})" if seat == table.viewer else name


def _slots(players: int, bottom: int) -> list[tuple[float, float]]:
    """Each seat's panel centre round an oval, *bottom* at the bottom, the others
    following clockwise in playing order."""
    rx, ry = 262.0, (150.0 if players == 2 else 188.0)
    places = []
    for seat in range(players):
        angle = math.radians(90 + 360 * ((seat - bottom) % players) / players)
        places.append((rx * math.cos(angle), ry * math.sin(angle)))
    return places


def _showdown_values(table: Table) -> dict[int, HandValue]:
    values: dict[int, HandValue] = {}
    for event in table.events:
        if isinstance(event, Showdown):
            values = {seat: value for (seat, _), value in zip(event.hands, event.values, strict=True)}
    return values if any(table.shown) else {}


def _takes(table: Table) -> dict[int, int]:
    won: dict[int, int] = {}
    if any(table.shown):
        for event in table.events:
            if isinstance(event, PotWon):
                won[event.seat] = won.get(event.seat, 0) + event.amount
    return won


def _panel(canvas: Canvas, table: Table, seat: int, x: float, y: float, options: SvgOptions,
           marked: frozenset[Card]) -> None:
    words, language = _WORDS[options.language], options.language
    playing = not table.over and seat == table.to_play
    cards = table.cards[seat]
    values, takes = _showdown_values(table), _takes(table)
    line = words["stack"].format(table.stacks[seat])
    if seat in takes:
        line += " · " + words["takes"].format(takes[seat])
    elif not table.over and table.round_bets[seat]:
        line += " · " + words["bet"].format(table.round_bets[seat])
    status = ""
    if seat in values:
        status = _value_text(values[seat], language)
    elif table.dealt_in[seat] and table.folded[seat]:
        status = words["folded"]
    elif playing:
        status = words["to call"].format(table.to_call) if table.to_call else words["no bet"]
    elif not table.over and table.to_act[seat]:
        status = words["to act"]
    name = _seat_name(table, seat, words)

    def draw(into: Group) -> None:
        panel = into.group(x=x, y=y, class_="seat", data=[("seat", str(seat))])
        panel.rect(0, 0, _PANEL_W, _PANEL_H, rx=8, fill=_MINE if seat == table.viewer else _FELT,
                   stroke=TURN_COLOUR if playing else _FELT_EDGE, stroke_width=2.5 if playing else 1)
        if playing:
            draw_turn_marker(panel, x=12, y=13, size=12, language=language)
        draw_label(panel, name, x=22 if playing else 9, y=18, size=12, bold=True)
        if seat == table.dealer:
            chip = panel.group(x=_PANEL_W - 15, y=13, class_="dealer", title=words["dealer"])
            chip.circle(0, 0, 9, fill="#ffffff", stroke=TEXT_COLOUR, stroke_width=1)
            chip.text(0, 4, words["dealer mark"], size=11, anchor="middle", bold=True, fill=TEXT_COLOUR)
        top = 26.0
        for index, card in enumerate(cards):
            left = 9 + index * (CARD_W + 4)
            if card is None:
                count = len(cards) if index == len(cards) - 1 else None
                draw_back(panel, x=left, y=top, width=CARD_W, count=count, language=language)
            else:
                draw_card(panel, card, x=left, y=top, width=CARD_W, deck=CACHO_24, highlight=card in marked,
                          language=language)
        if not table.dealt_in[seat]:
            draw_label(panel, words["out"], x=_PANEL_W / 2, y=top + 36, size=14, anchor="middle", colour=_MUTED)
        elif table.folded[seat]:
            panel.rect(4, top - 2, _PANEL_W - 8, CARD_W * CARD_RATIO + 4, rx=4, fill=_FOLDED_VEIL, opacity=0.6)
        draw_label(panel, line, x=9, y=102, size=11, bold=seat in takes)
        if status:
            draw_label(panel, status, x=9, y=117, size=10, colour=TURN_COLOUR if playing else TEXT_COLOUR)

    # A panel is mostly as it was a move before: its drawing is remembered under all it shows.
    key = ("cacho-panel", seat, x, y, seat == table.viewer, playing, name, seat == table.dealer, cards,
           marked.intersection(card for card in cards if card is not None), table.dealt_in[seat],
           table.folded[seat], line, seat in takes, status, language)
    canvas.fragment(key, draw)


def _centre(canvas: Canvas, table: Table, x: float, y: float, options: SvgOptions) -> None:
    words, language = _WORDS[options.language], options.language
    box = canvas.group(x=x, y=y, class_="centre")
    box.rect(0, 0, _CENTRE_W, _CENTRE_H, rx=12, fill="#ffffff", stroke=_FELT_EDGE, stroke_width=1, opacity=0.92)
    number = table.hand + 1
    if table.over:
        heading = words["over"].format(number)
    elif table.redeal:
        heading = words["redeal"].format(number, table.redeal, table.round)
    else:
        heading = words["hand"].format(number, table.round)
    draw_label(box, heading, x=10, y=20, size=11, bold=True)
    lines: list[tuple[str, bool]] = []
    if table.over and table.outcome is not None:
        winners = words["and"].join(words["seat"].format(seat) for seat in table.outcome.winners)
        lines.append(((words["win"] if len(table.outcome.winners) > 1 else words["wins"]).format(winners), True))
        lines.append((words["scores"].format(", ".join(str(score) for score in table.outcome.scores)), False))
        won = [event for event in table.events if isinstance(event, PotWon)]
        for event in won[:3]:
            which = words["main"] if event.pot == 0 and len(won) > 1 else words["side"] if event.pot else words["pot"]
            lines.append((f"{words['seat'].format(event.seat)}: {words['takes'].format(which.format(event.amount))}",
                          False))
    else:
        pots = table.pots()
        lines.append((words["pot"].format(table.pot), True))
        if len(pots) > 1:
            lines.append((" · ".join(words["main" if number == 0 else "side"].format(pot.amount)
                                     for number, pot in enumerate(pots)), False))
        lines.append((words["to play"].format(words["seat"].format(table.to_play)), False))
        lines.append((words["to call"].format(table.to_call) if table.to_call else words["no bet"], False))
        if table.moves:
            lines.append((" | ".join(move_menu(table.moves, language)), False))
    for index, (text, bold) in enumerate(lines):
        draw_label(box, text, x=10, y=42 + 18 * index, size=12 if bold else 11, bold=bold)
    if not table.over:
        draw_pile(box, None, len(table.stock), x=_CENTRE_W - 44, y=44, width=32, language=language)
        draw_label(box, words["stock"], x=_CENTRE_W - 28, y=38, size=9, anchor="middle", colour=_MUTED)


def _options(options: object) -> SvgOptions:
    if options is None:
        return SvgOptions()
    check_type(options, SvgOptions, "options")
    assert isinstance(options, SvgOptions)
    return options


def _draw(table: Table, options: SvgOptions, bottom: int, title: str) -> str:
    slots = _slots(table.players, bottom)
    ys = [y for _, y in slots]
    right = max(x for x, _ in slots) + _PANEL_W / 2 + _MARGIN
    right = max(right, _MIN_HALF_WIDTH)
    left = min(min(x for x, _ in slots) - _PANEL_W / 2 - _MARGIN, -_MIN_HALF_WIDTH)
    top = min(ys) - _PANEL_H / 2 - _MARGIN
    low = max(ys) + _PANEL_H / 2 + _MARGIN
    width, height = right - left, low - top
    canvas = options.canvas(width, height, title=title)
    canvas.rect(0, 0, width, height, fill="#f6f3ea")
    canvas.ellipse(-left, -top, width / 2 - _MARGIN - 30, height / 2 - _MARGIN - 40, fill=_TABLE_FILL,
                   stroke=_TABLE_EDGE, stroke_width=4)
    marked = frozenset(options.highlight) | table.winning_cards()
    for seat, (x, y) in enumerate(slots):
        _panel(canvas, table, seat, x - _PANEL_W / 2 - left, y - _PANEL_H / 2 - top, options, marked)
    _centre(canvas, table, -_CENTRE_W / 2 - left, -_CENTRE_H / 2 - top, options)
    return canvas.to_svg()


def _bottom(bottom: object, players: int, default: int) -> int:
    if bottom is None:
        return default
    check_type(bottom, int, "bottom")
    assert isinstance(bottom, int)
    if not 0 <= bottom < players:
        raise InvalidRulesError(f"bottom must be a seat from 0 to {players - 1}, not {bottom}")
    return bottom


def svg_view(view: SeatView, *, options: SvgOptions | None = None, bottom: int | None = None) -> str:
    """A complete SVG document of one seat's view.

    Args:
        view: the seat's view (:meth:`CachoState.observe
            <cau_rules.cacho.state.CachoState.observe>`).
        options: size, language of the labels (``"ca"``, ``"es"``, ``"en"``) and cards to
            highlight (default :class:`~cau_rules.svg.SvgOptions()`).
        bottom: the seat drawn at the bottom (default: the view's seat).

    Returns:
        The SVG text.

    Raises:
        TypeError: *options* is not an SvgOptions or *bottom* not an int.
        InvalidRulesError: *bottom* is not a seat.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> from cau_rules.svg import SvgOptions
    >>> view = new_game(CACHO, 2, seed=1).observe(1)
    >>> svg = svg_view(view, options=SvgOptions(language="en"), bottom=0)
    >>> "<title>5 of coins</title>" in svg, "seat 1 (you)" in svg, "<title>2 of swords</title>" in svg
    (True, True, False)
    """
    options = _options(options)
    table = table_of_view(view)
    start = _bottom(bottom, table.players, view.seat)
    words = _WORDS[options.language]
    return _draw(table, options, start, words["title"].format(view.hand + 1, words["view"].format(view.seat)))


def svg_state(position: Position, *, options: SvgOptions | None = None, bottom: int | None = None) -> str:
    """A complete SVG document of the whole *position*, every holding face up (for tests,
    docs and debugging).

    Args:
        position: the state.
        options: size, language and highlighted cards.
        bottom: the seat drawn at the bottom (default 0).

    Returns:
        The SVG text.

    Raises:
        TypeError: *options* is not an SvgOptions or *bottom* not an int.
        InvalidRulesError: *bottom* is not a seat.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> state = new_game(CACHO, 2, seed=1)
    >>> svg = svg_state(state)
    >>> svg.count('class="card"'), svg.count('class="card-back"')
    (2, 1)
    """
    options = _options(options)
    table = table_of_position(position)
    start = _bottom(bottom, table.players, 0)
    words = _WORDS[options.language]
    return _draw(table, options, start, words["title"].format(position.hand + 1, words["whole"]))
