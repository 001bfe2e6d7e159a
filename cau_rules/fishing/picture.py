"""Pictures of capture-family positions as SVG: one seat's view, or a whole state.

:func:`svg_view` draws exactly what a view holds: the seat's own cards face up, every
other holding as backs with a count, open piles by their top card and size, closed
piles as a back and a size, the stock as a back and a size.  It is never given a
hidden card, so a picture cannot reveal one.  :func:`svg_state` draws a whole state
face up (for tests, docs and debugging).  Both show the table, the pending chain with
who played each card and the level's name (cau, recau, contracau or Sant Vicent),
debts, scores or the Valencian stones, partides and ronda stake, whose turn it is and
the last move's cards highlighted.  The pictures of the docs pages are drawn by
:func:`cau_rules.fishing.gallery.doc_pictures`.

>>> from cau_rules import new_game
>>> svg = svg_view(new_game("cau", players=2, seed=1).observe(0))
>>> svg.startswith("<svg"), svg.count('class="card"'), svg.count('class="card-back"')
(True, 3, 4)
"""

from __future__ import annotations

from cau_rules.cards import SPANISH_48, Card, Language
from cau_rules.checks import check_type, seat_number
from cau_rules.fishing.oval import draw_table
from cau_rules.fishing.scene import (
    BIG,
    INDENT,
    LABELS,
    LINE,
    MARGIN,
    SMALL,
    PictureForm,
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
    preset_title,
    seat_label,
)
from cau_rules.fishing.zones import Position, SeatView
from cau_rules.outcome import Outcome
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

__all__ = ["LABELS", "PictureForm", "svg_state", "svg_view"]


def _draw_seat(canvas: Canvas, scene: Scene, number: int, y: float, width: float, pile_x: float,
               options: SvgOptions, marked: set[Card], pile_marks: set[int]) -> None:
    language = options.language
    seat = scene.seats[number]
    if number == scene.to_play and scene.phase != "over":
        # The marker moves every time, from place to place: each place is written once.
        canvas._remembered(("fishing-turn", y, language), _draw_marker, y, language)
    label = seat_label(number, scene.viewer == number, bool(scene.stones), language)
    top = seat.pile[-1] if seat.pile else None
    # A seat is mostly as it was a move before (only the mover's changes): its drawing is
    # remembered under everything it depends on, in two parts, since the piles move right or
    # left with the widest hand; the turn marker, which moves every time, stays outside.
    # (The deck by its name, as the ids of its symbols name it: hashing a Deck costs more.)
    deck = scene.rules.deck.name if scene.rules is not None else None
    canvas._remembered(("fishing-hand", label, seat.holding, seat.size, y, width, deck, language,
                        lit_cards(marked, seat.holding or ())), _draw_hand, label, seat, y, width, scene, options, marked)
    lit = number in pile_marks
    canvas._remembered(("fishing-pile", seat.pile, seat.pile_size, seat.debts, y, pile_x, deck, language, lit,
                        top is not None and top in options.highlight), draw_seat_pile, seat, y, pile_x, scene,
                       options, lit)


def _draw_marker(into: Group, y: float, language: Language) -> None:
    draw_turn_marker(into, x=MARGIN + 7, y=y + 11, language=language)


def _draw_hand(into: Group, label: str, seat: SeatScene, y: float, width: float, scene: Scene, options: SvgOptions,
               marked: set[Card]) -> None:
    hand = into.group()
    draw_label(hand, label, x=MARGIN + INDENT, y=y + 16, bold=True)
    draw_holding(hand, seat, MARGIN + INDENT, y + 24, width, scene, options, marked)


def _draw_column(scene: Scene, options: SvgOptions, bottom: int, title: str) -> str:
    players = len(scene.seats)
    language = options.language
    moved, pile_marks = last_move(scene.events)
    marked = moved | options.highlight
    widest = max(holding_width(seat, BIG if number == bottom else SMALL)
                        for number, seat in enumerate(scene.seats))
    pile_x = MARGIN + INDENT + max(widest, 200) + 24
    debt_width = 150.0 if any(seat.debts for seat in scene.seats) else 0.0
    table_width = max(len(scene.table), 1) * (BIG + 6)
    chain_x = MARGIN + table_width + 18
    stock_x = chain_x
    if scene.chain is not None:
        stock_x += max(chain_width(scene.chain), len(chain_caption(scene, language)) * 8.2) + 24
    footer, footer_width = footer_of(scene, language)
    heading = heading_line(scene.variant, scene.hand, scene.round, None if scene.phase == "over" else scene.to_play,
                       language)
    width = max(pile_x + SMALL + 16 + debt_width, stock_x + 2 * (SMALL + 24), len(heading) * 8.6,
                footer_width) + MARGIN
    small_band = 24 + SMALL * CARD_RATIO + 14
    big_band = 24 + BIG * CARD_RATIO + 14
    middle = 24 + BIG * CARD_RATIO + 40
    height = 34 + (players - 1) * small_band + middle + big_band + len(footer) * LINE + 10
    canvas = Canvas(width, height, title=title, size=options.size)

    def ground(into: Group) -> None:
        into.rect(0, 0, width, height, fill="#2f6f4f", opacity=0.12)
        draw_label(into, heading, x=MARGIN, y=22, bold=True, size=15)

    canvas._remembered(("fishing-ground", width, height, heading), ground)
    y = 34.0
    for step in range(1, players):  # the others, in turn from the bottom seat's left
        _draw_seat(canvas, scene, (bottom + step) % players, y, SMALL, pile_x, options, marked, pile_marks)
        y += small_band
    # the middle: the table, the pending chain, the stock and the discard.  It is the same in
    # every seat's picture of a position: written once, under everything it depends on.
    deck = scene.rules.deck if scene.rules is not None else None
    stock_top = scene.stock[0] if scene.stock else None

    def draw_middle(into: Group) -> None:
        draw_label(into, label_text("table", language), x=MARGIN, y=y + 16, bold=True)
        if scene.trail is not None:  # under the table's cards: beside them it ran over the stock's label
            draw_label(into, f"{scene.trail[1]}: {label_text('trail', language, scene.trail[0])}",
                       x=MARGIN, y=y + 24 + CARD_WIDTH * CARD_RATIO + 16, size=12)
        if scene.table:
            draw_straight_row(into, scene.table, x=MARGIN, y=y + 24, width=CARD_WIDTH, gap=GAP,
                              deck=deck or SPANISH_48, highlight=marked, language=language)
        else:
            pile_at(into, None, 0, MARGIN, y + 24, CARD_WIDTH, SPANISH_48, False, language)
        if scene.chain is not None:
            draw_chain(into, scene, chain_x, y + 24, options, marked)
        draw_label(into, f"{label_text('stock', language)} ({scene.stock_size})", x=stock_x, y=y + 16, size=12)
        if stock_top is not None and deck is not None:
            pile_at(into, stock_top, scene.stock_size, stock_x, y + 24, SMALL, deck, False, language)
        else:
            pile_at(into, None, scene.stock_size, stock_x, y + 24, SMALL, SPANISH_48, False, language)
        if scene.discard:
            discard_x = stock_x + SMALL + 24
            draw_label(into, f"{label_text('discard', language)} ({len(scene.discard)})", x=discard_x, y=y + 16,
                       size=12)
            pile_at(into, scene.discard[-1], len(scene.discard), discard_x, y + 24, SMALL, deck or SPANISH_48, False,
                  language)

    canvas._remembered(("fishing-middle", y, chain_x, stock_x, *middle_state(scene, marked, language)), draw_middle)
    y += middle
    _draw_seat(canvas, scene, bottom, y, BIG, pile_x, options, marked, pile_marks)
    y += big_band
    top = y

    draw_footer(canvas, footer, top)
    return canvas.to_svg()


def _draw(scene: Scene, options: SvgOptions, bottom: int | None, title: str, form: object) -> str:
    if form != "column" and form != "table":
        raise TypeError(f"form must be 'table' or 'column', not {form!r:.20}")
    if bottom is None:
        bottom = scene.viewer if scene.viewer is not None else 0
    else:
        check_type(bottom, int, "bottom")
        seat_number(bottom, len(scene.seats), "bottom")
    return (_draw_column if form == "column" else draw_table)(scene, options, bottom, title)



def svg_view(view: SeatView, *, options: SvgOptions | None = None, bottom: int | None = None,
             form: PictureForm = "table") -> str:
    """A picture of one seat's view, as a complete SVG document.

    Only what the view holds is drawn: the seat's cards face up, every other holding as
    backs with a count, open piles by their top card and size, closed piles and the
    stock as a back and a size.  The cards of the last move (from the view's events)
    are highlighted, with ``options.highlight``.

    Args:
        view: the seat's view.
        options: size, language of the labels and highlighted cards.
        bottom: the seat drawn at the bottom (default: the view's seat).
        form: ``"table"`` (landscape, the seats around an oval) or ``"column"`` (compact
            portrait, for phones); see :data:`PictureForm`.

    Returns:
        The SVG text.

    Raises:
        TypeError: *options* is not an SvgOptions, *bottom* not an int or *form* not a form.
        InvalidNotationError: *bottom* is not a seat of the game.

    >>> from cau_rules import new_game
    >>> from cau_rules.svg import SvgOptions
    >>> svg = svg_view(new_game("cau-robat", players=3, seed=2).observe(1), options=SvgOptions(language="en"))
    >>> "<title>3 cards</title>" in svg, svg.count('class="card"')
    (True, 6)
    """
    seats = tuple([  # (in SeatScene's order: holding, size, pile, pile size, debts)
        SeatScene(view.holding if seat == view.seat else None, size, pile, pile_size, debts)
        for seat, (size, pile, pile_size, debts) in enumerate(
            zip(view.holding_sizes, view.piles, view.pile_sizes, view.debts, strict=True))
    ])
    scene = Scene(
        variant=view.variant, rules=view.rules, viewer=view.seat, hand=view.hand, round=view.round,
        phase=view.phase, to_play=view.to_play, seats=seats, table=view.table, chain=view.chain,
        trail=view.trail, stock=None, stock_size=view.stock_size, discard=view.discard, stones=view.stones,
        partides=view.partides, stake=view.stake, hand_scores=view.hand_scores, events=view.events,
        outcome=view.outcome,
    )
    options = SvgOptions() if options is None else options
    check_type(options, SvgOptions, "options")
    title = label_text("view_title", options.language, preset_title(view.variant, options.language), view.seat)
    return _draw(scene, options, bottom, title, form)


def svg_state(position: Position, *, options: SvgOptions | None = None, bottom: int = 0,
              outcome: Outcome | None = None, form: PictureForm = "table") -> str:
    """A picture of a whole state, every card face up: each holding, each pile's top
    card, the stock's top card (with the counts).

    Args:
        position: the state.
        options: size, language of the labels and highlighted cards.
        bottom: the seat drawn at the bottom.
        outcome: the result to write under the picture (``state.outcome()``), if any.
        form: ``"table"`` (landscape) or ``"column"`` (compact portrait); see :data:`PictureForm`.

    Returns:
        The SVG text.

    >>> from cau_rules import new_game
    >>> svg_state(new_game("cau", players=2, seed=1)).count('class="card"')
    7
    """
    seats = tuple(
        SeatScene(holding=holding, size=len(holding), pile=pile, pile_size=len(pile), debts=debts)
        for holding, pile, debts in zip(position.holdings, position.piles, position.debts, strict=True)
    )
    tally = position.tally
    scene = Scene(
        variant=position.rules.name, rules=position.rules, viewer=None, hand=position.hand,
        round=position.round, phase=position.phase, to_play=position.to_play, seats=seats,
        table=position.table, chain=position.chain, trail=position.trail, stock=position.stock,
        stock_size=len(position.stock), discard=position.discard,
        stones=() if tally is None else tally.stones, partides=() if tally is None else tally.partides,
        stake=position.stake, hand_scores=position.hand_scores, events=position.events,
        outcome=outcome,
    )
    options = SvgOptions() if options is None else options
    check_type(options, SvgOptions, "options")
    title = label_text("state_title", options.language, preset_title(position.rules.name, options.language))
    return _draw(scene, options, bottom, title, form)
