"""The table form of a capture-family picture: the seats around an oval, the viewer at the
bottom with the larger cards, partners opposite, each seat's pile beside its hand, the
table's cards, the chain, the stock and the discard in the middle, the last move and the
scores under it (:func:`draw_table`; :mod:`cau_rules.fishing.picture` chooses the form).
"""

from __future__ import annotations

from cau_rules.cards import SPANISH_48, Card, Language
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.scene import (
    BIG,
    INDENT,
    LINE,
    MARGIN,
    SMALL,
    Scene,
    SeatScene,
    chain_caption,
    chain_width,
    draw_chain,
    draw_footer,
    draw_holding,
    draw_seat_pile,
    footer_of,
    heading_line,
    holding_width,
    label_text,
    last_move,
    lit_cards,
    middle_state,
    pile_at,
    seat_label,
)
from cau_rules.svg import (
    CARD_RATIO,
    CARD_WIDTH,
    GAP,
    Canvas,
    Group,
    SvgOptions,
    draw_label,
    draw_straight_row,
    draw_turn_marker,
)

__all__ = ["draw_table"]


_FELT = "#2f6f4f"
_WIDTH_STEP = 240.0  # the table form's width goes by steps, so that its places rarely move
_PANEL = "#f7f3e8"


def _around(players: int) -> tuple[tuple[int, ...], int | None, int | None]:
    """Where the seats after the bottom one sit, counted in turn from it: ``(top row from left
    to right, left side, right side)``, as evenly around an oval as 2 to 5 seats go (four
    players: the partner of the bottom seat sits opposite, at the top)."""
    if players == 2:
        return (1,), None, None
    if players == 3:
        return (1, 2), None, None
    if players == 4:
        return (2,), 1, 3
    if players == 5:
        return (2, 3), 1, 4
    top = tuple(range(2, players - 1))
    return top, 1, players - 1


_DEALT: dict[tuple[int, int], tuple[FishingRules, int]] = {}


def _dealt(rules: FishingRules | None, players: int) -> int:
    """The most cards a deal round gives a seat (a holding's usual most), remembered by the
    rules object's identity (hashing a rules object costs more than this)."""
    if rules is None:
        return 3
    found = _DEALT.get((id(rules), players))
    if found is None or found[0] is not rules:
        if len(_DEALT) > 256:
            _DEALT.clear()
        found = _DEALT[(id(rules), players)] = (rules, max(rules.round_sizes(players)))
    return found[1]


def _draw_heading(into: Group, heading: str) -> None:
    draw_label(into, heading, x=MARGIN, y=22, bold=True, size=15)


def _hand_area(scene: Scene, number: int, width: float, language: Language) -> float:
    """How wide a seat's label and holding are in the table form (its pile comes after): room
    for a whole deal round's cards, so that the seat stays put as its holding shrinks."""
    label = seat_label(number, scene.viewer == number, bool(scene.stones), language)
    seat = scene.seats[number]
    room = seat._replace(size=max(seat.size, _dealt(scene.rules, len(scene.seats))))
    return max(holding_width(room, width), 110.0, len(label) * 8.4 + 8)


def _seat_size(scene: Scene, number: int, width: float, language: Language) -> tuple[float, float]:
    """The box a seat takes in the table form: its label, its holding and its pile beside it."""
    debt_width = 150.0 if scene.seats[number].debts else 0.0
    return (INDENT + _hand_area(scene, number, width, language) + 18 + SMALL + 18 + debt_width,
            24 + width * CARD_RATIO + 12)


def _draw_table_seat(canvas: Canvas, scene: Scene, number: int, x: float, y: float, width: float,
                     options: SvgOptions, marked: set[Card], pile_marks: set[int]) -> None:
    language = options.language
    seat = scene.seats[number]
    box_w, box_h = _seat_size(scene, number, width, language)
    turn = number == scene.to_play and scene.phase != "over"
    label = seat_label(number, scene.viewer == number, bool(scene.stones), language)
    deck = scene.rules.deck.name if scene.rules is not None else None

    def panel(into: Group) -> None:
        into.rect(x, y, box_w, box_h, rx=10, fill=_PANEL, stroke="#e8590c" if turn else "#c9c2ad",
                  stroke_width=2.5 if turn else 1)

    canvas._remembered(("fishing-panel", x, y, box_w, box_h, turn), panel)
    if turn:
        canvas._remembered(("fishing-turn-at", x, y, language), _draw_marker_at, x, y, language)
    canvas._remembered(("fishing-hand-at", label, seat.holding, seat.size, x, y, width, deck, language,
                        lit_cards(marked, seat.holding or ())), _draw_hand_at, label, seat, x, y, width, scene, options,
                       marked)
    pile_x = x + INDENT + _hand_area(scene, number, width, language) + 18
    lit = number in pile_marks
    top = seat.pile[-1] if seat.pile else None
    canvas._remembered(("fishing-pile-box", seat.pile, seat.pile_size, seat.debts, pile_x, y, deck, language, lit,
                        top is not None and top in options.highlight), draw_seat_pile, seat, y, pile_x, scene,
                       options, lit)


def _draw_marker_at(into: Group, x: float, y: float, language: Language) -> None:
    draw_turn_marker(into, x=x + 10, y=y + 12, language=language)


def _draw_hand_at(into: Group, label: str, seat: SeatScene, x: float, y: float, width: float, scene: Scene,
                  options: SvgOptions, marked: set[Card]) -> None:
    hand = into.group()
    draw_label(hand, label, x=x + INDENT, y=y + 17, bold=True)
    draw_holding(hand, seat, x + INDENT, y + 24, width, scene, options, marked)


def _middle_size(scene: Scene, language: Language) -> tuple[float, float, float]:
    """The width and height of the middle of the table (the table's cards, the chain, the stock
    and the discard) and where the stock starts in it."""
    table_width = max(len(scene.table), 1) * (CARD_WIDTH + GAP)
    stock_x = table_width + 18
    if scene.chain is not None:
        stock_x += max(chain_width(scene.chain), len(chain_caption(scene, language)) * 8.2) + 24
    width = stock_x + (2 if scene.discard else 1) * (SMALL + 24) + 60
    height = 24 + CARD_WIDTH * CARD_RATIO + (34 if scene.chain is not None else 8) + (20 if scene.trail else 0)
    return width, height, stock_x


def _draw_middle(into: Group, scene: Scene, x: float, y: float, stock_x: float, options: SvgOptions,
                 marked: set[Card]) -> None:
    language = options.language
    deck = scene.rules.deck if scene.rules is not None else None
    draw_label(into, label_text("table", language), x=x, y=y + 16, bold=True, colour="#ffffff")
    row_y = y + 24
    if scene.table:
        draw_straight_row(into, scene.table, x=x, y=row_y, width=CARD_WIDTH, gap=GAP,
                          deck=deck or SPANISH_48, highlight=marked, language=language)
    else:
        pile_at(into, None, 0, x, row_y, CARD_WIDTH, SPANISH_48, False, language)
    if scene.trail is not None:  # a line of its own: nothing else is written there
        draw_label(into, f"{scene.trail[1]}: {label_text('trail', language, scene.trail[0])}", x=x,
                   y=row_y + CARD_WIDTH * CARD_RATIO + 18, size=13, colour="#ffffff")
    if scene.chain is not None:
        draw_chain(into, scene, x + max(len(scene.table), 1) * (CARD_WIDTH + GAP) + 18, row_y + 8, options,
                    marked)
    sx = x + stock_x
    draw_label(into, f"{label_text('stock', language)} ({scene.stock_size})", x=sx, y=y + 16, size=13, colour="#ffffff")
    stock_top = scene.stock[0] if scene.stock else None
    if stock_top is not None and deck is not None:
        pile_at(into, stock_top, scene.stock_size, sx, row_y, SMALL, deck, False, language)
    else:
        pile_at(into, None, scene.stock_size, sx, row_y, SMALL, SPANISH_48, False, language)
    if scene.discard:
        dx = sx + SMALL + 24
        draw_label(into, f"{label_text('discard', language)} ({len(scene.discard)})", x=dx, y=y + 16 + 96, size=13,
                   colour="#ffffff")
        pile_at(into, scene.discard[-1], len(scene.discard), dx, row_y, SMALL, deck or SPANISH_48, False, language)


def _wrapped(lines: tuple[str, ...], most: int) -> tuple[str, ...]:
    """*lines* with each longer than *most* characters broken after a comma or a dot, the
    parts after the first indented (as an event's line is)."""
    out: list[str] = []
    for line in lines:
        indent = "\t" if line.startswith("\t") else ""
        rest = line.lstrip("\t")
        while len(rest) > most:
            cut = max(rest.rfind(", ", 0, most), rest.rfind(" · ", 0, most), rest.rfind("; ", 0, most))
            if cut <= 0:
                cut = rest.rfind(" ", 0, most)
            if cut <= 0:
                break
            out.append(indent + rest[:cut + 1].rstrip())
            rest = rest[cut + 1:].lstrip(" ·")
            indent = "\t"
        out.append(indent + rest)
    return tuple(out)


def draw_table(scene: Scene, options: SvgOptions, bottom: int, title: str) -> str:
    """The table form: the seats around an oval, seat *bottom* (a checked seat number) at the
    bottom with the larger cards, each seat's pile beside its hand, the table's cards, the
    chain, the stock and the discard in the middle, the last move and the scores under it."""
    players = len(scene.seats)
    language = options.language
    moved, pile_marks = last_move(scene.events)
    marked = moved | options.highlight
    top_steps, left_step, right_step = _around(players)
    seat_of = {step: (bottom + step) % players for step in range(players)}
    sizes = {step: _seat_size(scene, seat_of[step], BIG if step == 0 else SMALL, language) for step in range(players)}
    gap = 24.0
    top_w = sum(sizes[step][0] for step in top_steps) + gap * (len(top_steps) - 1)
    top_h = max(sizes[step][1] for step in top_steps)
    side_w = {side: sizes[side][0] if side is not None else 0.0 for side in (left_step, right_step)}
    middle_w, middle_h, stock_x = _middle_size(scene, language)
    sides = max(side_w.values())
    band_w = 2 * sides + middle_w + 4 * gap
    side_h = max([sizes[step][1] for step in (left_step, right_step) if step is not None], default=0.0)
    # Places stay put from move to move (so that an unchanged seat is copied, not drawn again):
    # the band is as tall as the middle with a chain and a trail line, the width goes by steps.
    band_h = max(24 + CARD_WIDTH * CARD_RATIO + 54 + 40, side_h + 20)
    footer, footer_width = footer_of(scene, language)
    heading = heading_line(scene.variant, scene.hand, scene.round, None if scene.phase == "over" else scene.to_play,
                       language)
    width = max(top_w, band_w, sizes[0][0], len(heading) * 8.6, 600.0) + 2 * MARGIN
    width = -(-width // _WIDTH_STEP) * _WIDTH_STEP
    if footer_width > width:  # long lines wrap rather than widen the table (its places would move)
        footer = _wrapped(footer, int((width - 2 * MARGIN - 16) / 7.7))
    top_y = 34.0
    band_y = top_y + top_h + 16
    bottom_y = band_y + band_h + 16
    footer_y = bottom_y + sizes[0][1] + 8
    height = footer_y + len(footer) * LINE + 12
    canvas = Canvas(width, height, title=title, size=options.size)
    cx = width / 2
    oval_top = top_y + top_h / 2
    oval_bottom = bottom_y + sizes[0][1] / 2

    def ground(into: Group) -> None:
        into.rect(0, 0, width, height, fill=_FELT, opacity=0.12)
        into.ellipse(cx, (oval_top + oval_bottom) / 2, width / 2 - MARGIN - 6, (oval_bottom - oval_top) / 2 + 10,
                     fill=_FELT, stroke="#1d4a34", stroke_width=4)

    # the felt stays from move to move, the heading changes with every move: two pieces
    canvas._remembered(("fishing-oval", width, height, oval_top, oval_bottom), ground)
    canvas._remembered(("fishing-heading", heading), _draw_heading, heading)
    # Each top seat centred on its own place along the top; packed side by side when they would meet.
    places = [width * (index + 1) / (len(top_steps) + 1) - sizes[step][0] / 2 for index, step in enumerate(top_steps)]
    ends = [x + sizes[step][0] for x, step in zip(places, top_steps, strict=True)]
    if places[0] < MARGIN or ends[-1] > width - MARGIN or any(
            ends[index] + gap > places[index + 1] for index in range(len(places) - 1)):
        x = cx - top_w / 2
        places = []
        for step in top_steps:
            places.append(x)
            x += sizes[step][0] + gap
    for x, step in zip(places, top_steps, strict=True):
        _draw_table_seat(canvas, scene, seat_of[step], x, top_y, SMALL, options, marked, pile_marks)
    mid_y = band_y + (band_h - middle_h) / 2
    if left_step is not None:
        _draw_table_seat(canvas, scene, seat_of[left_step], MARGIN, band_y + (band_h - sizes[left_step][1]) / 2,
                         SMALL, options, marked, pile_marks)
    if right_step is not None:
        _draw_table_seat(canvas, scene, seat_of[right_step], width - MARGIN - sizes[right_step][0],
                         band_y + (band_h - sizes[right_step][1]) / 2, SMALL, options, marked, pile_marks)
    # from a place that stays put (the table grows rightwards), short of the right-hand seat
    middle_x = min(max(MARGIN + sides + 2 * gap, cx - 320), width - MARGIN - sides - 2 * gap - middle_w)
    canvas._remembered(("fishing-oval-middle", middle_x, mid_y, stock_x, *middle_state(scene, marked, language)),
                       _draw_middle, scene, middle_x, mid_y, stock_x, options, marked)
    _draw_table_seat(canvas, scene, bottom, cx - sizes[0][0] / 2, bottom_y, BIG, options, marked, pile_marks)

    draw_footer(canvas, footer, footer_y)
    return canvas.to_svg()


