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

import functools
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Literal, NamedTuple

from cau_rules.cards import SPANISH_48, Card, Deck, Language
from cau_rules.checks import check_type, seat_number
from cau_rules.fishing.events import (
    Captured,
    ChainExtended,
    FishingEvent,
    HandStarted,
    Paid,
    Trailed,
)
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Debt, Position, SeatView, Stake, summed_debts
from cau_rules.i18n import Catalogue, register
from cau_rules.outcome import Outcome
from cau_rules.svg import (
    CARD_RATIO,
    CARD_WIDTH,
    GAP,
    Canvas,
    Group,
    SvgOptions,
    draw_back,
    draw_card,
    draw_label,
    draw_pile,
    draw_straight_row,
    draw_turn_marker,
)
from cau_rules.svg.faces import FACE_WORDS

__all__ = ["LABELS", "PictureForm", "svg_state", "svg_view"]

PictureForm = Literal["table", "column"]
"""How a picture is laid out: ``"table"`` (landscape, the seats around an oval table, the
viewer at the bottom; for screens) or ``"column"`` (compact portrait: one seat a row, the
table in the middle; for phones)."""

LABELS: Mapping[str, Mapping[Language, str]] = {
    "seat": {"ca": "Seient {0}", "es": "Asiento {0}", "en": "Seat {0}"},
    "seat_lc": {"ca": "seient {0}", "es": "asiento {0}", "en": "seat {0}"},
    "claims": {"ca": "reclama {0}", "es": "reclama {0}", "en": "claims {0}"},
    "pile_of": {"ca": "el munt del seient {0}", "es": "el montón del asiento {0}", "en": "seat {0}'s pile"},
    "you": {"ca": " (tu)", "es": " (tú)", "en": " (you)"},
    "team": {"ca": "equip {0}", "es": "equipo {0}", "en": "team {0}"},
    "table": {"ca": "Taula", "es": "Mesa", "en": "Table"},
    "stock": {"ca": "Baralla", "es": "Mazo", "en": "Stock"},
    "pile": {"ca": "Munt", "es": "Montón", "en": "Pile"},
    "discard": {"ca": "Descart", "es": "Descarte", "en": "Discard"},
    "cards": {"ca": "{0} cartes", "es": "{0} cartas", "en": "{0} cards"},
    "hand": {"ca": "mà {0}", "es": "mano {0}", "en": "hand {0}"},
    "deal": {"ca": "repartiment {0}", "es": "reparto {0}", "en": "deal {0}"},
    "over": {"ca": "partida acabada", "es": "partida terminada", "en": "game over"},
    "to_play": {"ca": "juga el seient {0}", "es": "juega el asiento {0}", "en": "seat {0} to play"},
    "pending": {"ca": "{0} pendent", "es": "{0} pendiente", "en": "{0} pending"},
    "owes": {"ca": "deu {0} al seient {1}", "es": "debe {0} al asiento {1}", "en": "owes {0} to seat {1}"},
    "stones": {"ca": "Pedres", "es": "Piedras", "en": "Stones"},
    "partides": {"ca": "partides", "es": "partidas", "en": "partides"},
    "target": {"ca": "objectiu {0}", "es": "objetivo {0}", "en": "target {0}"},
    "stake": {"ca": "Envit de ronda", "es": "Envite de ronda", "en": "Ronda stake"},
    "bids": {"ca": "apostes", "es": "apuestas", "en": "bids"},
    "no_bids": {"ca": "cap aposta", "es": "ninguna apuesta", "en": "no bid yet"},
    "answers": {"ca": "respon el seient {0}", "es": "responde el asiento {0}", "en": "seat {0} to answer"},
    "scores": {"ca": "Mà {0}", "es": "Mano {0}", "en": "Hand {0}"},
    "last": {"ca": "Última jugada", "es": "Última jugada", "en": "Last move"},
    "result": {"ca": "Resultat", "es": "Resultado", "en": "Result"},
    "trail": {"ca": "jugada pel seient {0}", "es": "jugada por el asiento {0}", "en": "trailed by seat {0}"},
    "view_title": {"ca": "{0}: el que veu el seient {1}", "es": "{0}: lo que ve el asiento {1}",
                   "en": "{0}: seat {1}'s view"},
    "state_title": {"ca": "{0}: tota la partida", "es": "{0}: toda la partida", "en": "{0}: the whole state"},
    "game_bid": {"ca": "partida", "es": "partida", "en": "game"},
    # the presets' human names (a rules object of another name shows its name)
    "preset_cau": {"ca": "Cau", "es": "Cau", "en": "Cau"},
    "preset_cau-40": {"ca": "Cau (llibre de regles anglès)", "es": "Cau (reglamento inglés)", "en": "Cau (English rule book)"},
    "preset_cau-recau-sant-vicent": {"ca": "Cau, recau i Sant Vicent", "es": "Cau, recau i Sant Vicent", "en": "Cau, recau i Sant Vicent"},
    "preset_cau-robat": {"ca": "Cau robat", "es": "Cau robat", "en": "Cau robat"},
    "preset_cau-robat-40": {"ca": "Cau robat (llibre de regles anglès)", "es": "Cau robat (reglamento inglés)", "en": "Cau robat (English rule book)"},
}
"""Every label of the pictures, by key and language."""

register(Catalogue("faces", FACE_WORDS))  # the words its cards carry (backs' titles, French names)
_LABELS = register(Catalogue("fishing picture", LABELS))

_CALL_NAMES = {"rondi": "rondí", "sant-vicent": "Sant Vicent"}


def _call_name(value: str) -> str:
    return _CALL_NAMES.get(value, value)


_MARGIN = 12.0
_BIG = 60.0  # the bottom seat's cards and the table
_SMALL = 44.0  # other seats' cards and every pile
_INDENT = 22.0  # holdings start after the turn marker
_LINE = 18.0  # a text line (footer lines are written at 14 px)


class _Seat(NamedTuple):  # (a tuple: built for every seat of every picture, it costs little)
    """What the picture shows of one seat: cards (None: hidden, drawn as backs)."""

    holding: tuple[Card, ...] | None
    size: int
    pile: tuple[Card, ...] | None
    pile_size: int
    debts: tuple[Debt, ...]


class _Scene(NamedTuple):
    """Everything a picture draws, the hidden parts already left out."""

    variant: str
    rules: FishingRules | None
    viewer: int | None
    hand: int
    round: int
    phase: str
    to_play: int
    seats: tuple[_Seat, ...]
    table: tuple[Card, ...]
    chain: Chain | None
    trail: tuple[int, Card] | None
    stock: tuple[Card, ...] | None
    stock_size: int
    discard: tuple[Card, ...]
    stones: tuple[int, ...]
    partides: tuple[int, ...]
    stake: Stake | None
    hand_scores: tuple[tuple[int, ...], ...]
    events: tuple[FishingEvent, ...]
    outcome: Outcome | None


def _text(key: str, language: Language, *args: object) -> str:
    return LABELS[key][language].format(*args)


def _preset(variant: str, language: Language) -> str:
    """The human name of the preset *variant* (its own name if it is not a preset)."""
    key = f"preset_{variant}"
    return LABELS[key][language] if key in LABELS else variant


def _last_move(events: Iterable[FishingEvent]) -> tuple[set[Card], set[int]]:
    """The cards the last move played or took, and the seats whose piles it changed."""
    cards: set[Card] = set()
    piles: set[int] = set()
    for event in events:
        if isinstance(event, HandStarted):
            break  # a new hand: the cards of the last move are gone from view
        if isinstance(event, Trailed):
            cards.add(event.card)
        elif isinstance(event, ChainExtended):
            cards.add(event.card)
            cards.update(event.claimed)
        elif isinstance(event, Captured):
            cards.update(event.cards)
            piles.add(event.seat)
        elif isinstance(event, Paid):
            piles.add(event.receiver)
            if event.card is not None:
                cards.add(event.card)
    return cards, piles


def _holding_width(seat: _Seat, width: float) -> float:
    count = seat.size
    if not count:
        return width
    if seat.holding is None:
        return width + (count - 1) * width * 0.22
    step = width + 4 if count <= 9 else width * 0.55
    return width + (count - 1) * step


def _draw_holding(canvas: Group, seat: _Seat, x: float, y: float, width: float,
                  scene: _Scene, options: SvgOptions, marked: set[Card]) -> None:
    deck = scene.rules.deck if scene.rules is not None else None
    language = options.language
    if seat.holding is None:
        for index in range(seat.size):
            last = index == seat.size - 1
            draw_back(canvas, x=x + index * width * 0.22, y=y, width=width,
                      count=seat.size if last else None, language=language)
        return
    if not seat.holding:
        _pile(canvas, None, 0, x, y, width, SPANISH_48, False, language)
        return
    gap = 4.0 if len(seat.holding) <= 9 else -width * 0.45
    draw_straight_row(canvas, seat.holding, x=x, y=y, width=width, gap=gap, deck=deck or SPANISH_48,
                      highlight=marked, language=language)


def _draw_pile(canvas: Group, cards: tuple[Card, ...] | None, size: int, x: float, y: float,
               scene: _Scene, options: SvgOptions, highlight: bool) -> None:
    top = cards[-1] if cards else None
    highlight = highlight or (top is not None and top in options.highlight)
    if scene.rules is not None and top is not None:
        _pile(canvas, top, size, x, y, _SMALL, scene.rules.deck, highlight, options.language)
    else:
        _pile(canvas, top, size, x, y, _SMALL, SPANISH_48, highlight and size > 0, options.language)


def _pile(into: Group, top: Card | None, count: int, x: float, y: float, width: float, deck: Deck,
          highlight: bool, language: Language) -> None:
    """:func:`~cau_rules.svg.draw_pile` at (*x*, *y*), written once wherever it lies (the seats'
    piles move right or left with the widest hand, the stock with the table)."""
    into._remembered_at(("fishing-pile-at", top, count, width, deck.name, highlight, language), x, y, _pile_here,
                        top, count, width, deck, highlight, language)


def _pile_here(into: Group, x: float, y: float, top: Card | None, count: int, width: float, deck: Deck,
               highlight: bool, language: Language) -> None:
    draw_pile(into, top, count, x=x, y=y, width=width, deck=deck, highlight=highlight, language=language)


@functools.lru_cache(maxsize=256)
def _seat_label(number: int, viewer: bool, teams: bool, language: Language) -> str:
    label = _text("seat", language, number)
    if viewer:
        label += _text("you", language)
    if teams:
        label += " · " + _text("team", language, number % 2)
    return label


def _lit(marked: set[Card], cards: Iterable[Card]) -> frozenset[Card] | None:
    """Which of *cards* are highlighted, for a key (None, as a rule: the cards of a move have
    left the hand that played them)."""
    return None if marked.isdisjoint(cards) else frozenset(marked.intersection(cards))


def _draw_seat(canvas: Canvas, scene: _Scene, number: int, y: float, width: float, pile_x: float,
               options: SvgOptions, marked: set[Card], pile_marks: set[int]) -> None:
    language = options.language
    seat = scene.seats[number]
    if number == scene.to_play and scene.phase != "over":
        # The marker moves every time, from place to place: each place is written once.
        canvas._remembered(("fishing-turn", y, language), _draw_marker, y, language)
    label = _seat_label(number, scene.viewer == number, bool(scene.stones), language)
    top = seat.pile[-1] if seat.pile else None
    # A seat is mostly as it was a move before (only the mover's changes): its drawing is
    # remembered under everything it depends on, in two parts, since the piles move right or
    # left with the widest hand; the turn marker, which moves every time, stays outside.
    # (The deck by its name, as the ids of its symbols name it: hashing a Deck costs more.)
    deck = scene.rules.deck.name if scene.rules is not None else None
    canvas._remembered(("fishing-hand", label, seat.holding, seat.size, y, width, deck, language,
                        _lit(marked, seat.holding or ())), _draw_hand, label, seat, y, width, scene, options, marked)
    lit = number in pile_marks
    canvas._remembered(("fishing-pile", seat.pile, seat.pile_size, seat.debts, y, pile_x, deck, language, lit,
                        top is not None and top in options.highlight), _draw_seat_pile, seat, y, pile_x, scene,
                       options, lit)


def _draw_marker(into: Group, y: float, language: Language) -> None:
    draw_turn_marker(into, x=_MARGIN + 7, y=y + 11, language=language)


def _draw_hand(into: Group, label: str, seat: _Seat, y: float, width: float, scene: _Scene, options: SvgOptions,
               marked: set[Card]) -> None:
    hand = into.group()
    draw_label(hand, label, x=_MARGIN + _INDENT, y=y + 16, bold=True)
    _draw_holding(hand, seat, _MARGIN + _INDENT, y + 24, width, scene, options, marked)


def _draw_seat_pile(into: Group, seat: _Seat, y: float, pile_x: float, scene: _Scene, options: SvgOptions,
                    lit: bool) -> None:
    language = options.language
    pile = into.group()
    draw_label(pile, f"{_text('pile', language)} ({seat.pile_size})", x=pile_x, y=y + 16, size=12)
    _draw_pile(pile, seat.pile, seat.pile_size, pile_x, y + 24, scene, options, lit)
    for line, (creditor, amount) in enumerate(summed_debts(seat.debts)):
        draw_label(pile, _text("owes", language, amount, creditor), x=pile_x + _SMALL + 16,
                   y=y + 40 + line * _LINE, size=12)


def _chain_width(chain: Chain | None) -> float:
    return 0.0 if chain is None else chain.level * (_BIG + 8) + 8


def _chain_label(scene: _Scene, language: Language) -> str:
    chain = scene.chain
    assert chain is not None
    name = scene.rules.chain_call(chain.level).value if scene.rules is not None else "cau"
    label = _text("pending", language, _call_name(name))
    claims = [
        " ".join(card.code for card in scene.table if card.rank == rank) if owner < 0
        else _text("pile_of", language, owner)
        for rank, owner in chain.run
    ]
    if claims:
        label += " · " + _text("claims", language, ", ".join(claims))
    return label


def _draw_chain(canvas: Group, scene: _Scene, x: float, y: float, options: SvgOptions,
                marked: set[Card]) -> None:
    chain = scene.chain
    assert chain is not None
    language = options.language
    label = _chain_label(scene, language)
    box = canvas.group(x=x, y=y, class_="chain", title=label)
    height = _BIG * CARD_RATIO + 30
    box.rect(0, 0, _chain_width(chain), height, rx=6, fill="#fff4e0", stroke="#d9480f", stroke_width=1.2,
             dash="5 3")
    draw_label(canvas, label, x=x, y=y - 6, bold=True, colour="#d9480f")
    for index, (seat, card) in enumerate(chain.cards):
        left = x + 8 + index * (_BIG + 8)
        if scene.rules is not None:
            draw_card(canvas, card, x=left, y=y + 6, width=_BIG, deck=scene.rules.deck,
                      highlight=card in marked, language=language)
        else:
            draw_card(canvas, card, x=left, y=y + 6, width=_BIG, highlight=card in marked, language=language)
        draw_label(canvas, _text("seat", language, seat), x=left + _BIG / 2, y=y + height - 7, size=11,
                   anchor="middle")


_FOOTERS: OrderedDict[tuple[object, ...], tuple[tuple[str, ...], float]] = OrderedDict()
"""The footer lines of recent positions and the width they need: every seat's picture of a
position has the same (a server draws them one after the other), and the events' words cost
more than the rest."""


def _footer(scene: _Scene, language: Language) -> tuple[tuple[str, ...], float]:
    target = scene.rules.target if scene.rules is not None and scene.stones else None
    key = (language, scene.stones, scene.partides, target, scene.stake, scene.hand_scores, scene.events,
           scene.outcome)
    footer = _FOOTERS.get(key)
    if footer is None:
        lines = tuple(_footer_lines(scene, language))
        footer = _FOOTERS[key] = (lines, max((len(line) * 7.7 + 16 for line in lines), default=0.0))
        if len(_FOOTERS) > 256:
            _FOOTERS.popitem(last=False)
    return footer


def _footer_lines(scene: _Scene, language: Language) -> list[str]:
    lines: list[str] = []
    if scene.stones:
        target = scene.rules.target if scene.rules is not None else None
        teams = " · ".join(
            f"{_text('team', language, team)}: {stones}" for team, stones in enumerate(scene.stones)
        )
        partides = "-".join(map(str, scene.partides))
        extra = f" · {_text('target', language, target)}" if target is not None else ""
        lines.append(f"{_text('stones', language)}: {teams} · {_text('partides', language)} {partides}{extra}")
    stake = scene.stake
    if stake is not None:
        holders = ", ".join(f"{_text('seat_lc', language, seat)} {_call_name(kind.value)}"
                            for seat, kind in stake.holders)
        bids = (", ".join(_text("game_bid", language) if bid is None else str(bid) for bid in stake.bids)
                or _text("no_bids", language))
        lines.append(f"{_text('stake', language)}: {holders} · {_text('bids', language)}: {bids} · "
                     f"{_text('answers', language, stake.to_answer)}")
    for number, row in enumerate(scene.hand_scores):
        lines.append(f"{_text('scores', language, number + 1)}: {', '.join(map(str, row))}")
    shown = [event.text(language) for event in scene.events if not isinstance(event, HandStarted)]
    if shown:
        if len(shown) > 8:
            shown = [*shown[:7], f"... (+{len(shown) - 7})"]
        lines.append(f"{_text('last', language)}:")
        lines.extend(f"\t{text}" for text in shown)
    if scene.outcome is not None:
        lines.append(f"{_text('result', language)}: {scene.outcome.text(language)}")
    return lines


@functools.lru_cache(maxsize=1024)
def _heading(variant: str, hand: int, round_: int, to_play: int | None, language: Language) -> str:
    """The first line of a picture (*to_play* None: the game is over); it changes with every move
    and repeats from game to game."""
    turn = _text("over", language) if to_play is None else _text("to_play", language, to_play)
    return f"{_preset(variant, language)} · {_text('hand', language, hand + 1)} · {_text('deal', language, round_ + 1)} · {turn}"


def _draw_column(scene: _Scene, options: SvgOptions, bottom: int | None, title: str) -> str:
    players = len(scene.seats)
    if bottom is None:
        bottom = scene.viewer if scene.viewer is not None else 0
    else:
        check_type(bottom, int, "bottom")
        seat_number(bottom, players, "bottom")
    language = options.language
    moved, pile_marks = _last_move(scene.events)
    marked = moved | options.highlight
    holding_width = max(_holding_width(seat, _BIG if number == bottom else _SMALL)
                        for number, seat in enumerate(scene.seats))
    pile_x = _MARGIN + _INDENT + max(holding_width, 200) + 24
    debt_width = 150.0 if any(seat.debts for seat in scene.seats) else 0.0
    table_width = max(len(scene.table), 1) * (_BIG + 6)
    chain_x = _MARGIN + table_width + 18
    stock_x = chain_x
    if scene.chain is not None:
        stock_x += max(_chain_width(scene.chain), len(_chain_label(scene, language)) * 8.2) + 24
    footer, footer_width = _footer(scene, language)
    heading = _heading(scene.variant, scene.hand, scene.round, None if scene.phase == "over" else scene.to_play,
                       language)
    width = max(pile_x + _SMALL + 16 + debt_width, stock_x + 2 * (_SMALL + 24), len(heading) * 8.6,
                footer_width) + _MARGIN
    small_band = 24 + _SMALL * CARD_RATIO + 14
    big_band = 24 + _BIG * CARD_RATIO + 14
    middle = 24 + _BIG * CARD_RATIO + 40
    height = 34 + (players - 1) * small_band + middle + big_band + len(footer) * _LINE + 10
    canvas = Canvas(width, height, title=title, size=options.size)

    def ground(into: Group) -> None:
        into.rect(0, 0, width, height, fill="#2f6f4f", opacity=0.12)
        draw_label(into, heading, x=_MARGIN, y=22, bold=True, size=15)

    canvas._remembered(("fishing-ground", width, height, heading), ground)
    y = 34.0
    for step in range(1, players):  # the others, in turn from the bottom seat's left
        _draw_seat(canvas, scene, (bottom + step) % players, y, _SMALL, pile_x, options, marked, pile_marks)
        y += small_band
    # the middle: the table, the pending chain, the stock and the discard.  It is the same in
    # every seat's picture of a position: written once, under everything it depends on.
    deck = scene.rules.deck if scene.rules is not None else None
    chain_label = chain_lit = None
    if scene.chain is not None:
        chain_label = _chain_label(scene, language)
        chain_lit = _lit(marked, [card for _, card in scene.chain.cards])
    stock_top = scene.stock[0] if scene.stock else None
    middle_key = ("fishing-middle", y, language, deck and deck.name, scene.table, scene.trail, scene.chain, chain_label, chain_x,
                  stock_x, scene.stock_size, stock_top, scene.discard,
                  _lit(marked, scene.table), chain_lit)

    def draw_middle(into: Group) -> None:
        draw_label(into, _text("table", language), x=_MARGIN, y=y + 16, bold=True)
        if scene.trail is not None:  # under the table's cards: beside them it ran over the stock's label
            draw_label(into, f"{scene.trail[1]}: {_text('trail', language, scene.trail[0])}",
                       x=_MARGIN, y=y + 24 + CARD_WIDTH * CARD_RATIO + 16, size=12)
        if scene.table:
            draw_straight_row(into, scene.table, x=_MARGIN, y=y + 24, width=CARD_WIDTH, gap=GAP,
                              deck=deck or SPANISH_48, highlight=marked, language=language)
        else:
            _pile(into, None, 0, _MARGIN, y + 24, CARD_WIDTH, SPANISH_48, False, language)
        if scene.chain is not None:
            _draw_chain(into, scene, chain_x, y + 24, options, marked)
        draw_label(into, f"{_text('stock', language)} ({scene.stock_size})", x=stock_x, y=y + 16, size=12)
        if stock_top is not None and deck is not None:
            _pile(into, stock_top, scene.stock_size, stock_x, y + 24, _SMALL, deck, False, language)
        else:
            _pile(into, None, scene.stock_size, stock_x, y + 24, _SMALL, SPANISH_48, False, language)
        if scene.discard:
            discard_x = stock_x + _SMALL + 24
            draw_label(into, f"{_text('discard', language)} ({len(scene.discard)})", x=discard_x, y=y + 16,
                       size=12)
            _pile(into, scene.discard[-1], len(scene.discard), discard_x, y + 24, _SMALL, deck or SPANISH_48, False,
                  language)

    canvas._remembered(middle_key, draw_middle)
    y += middle
    _draw_seat(canvas, scene, bottom, y, _BIG, pile_x, options, marked, pile_marks)
    y += big_band
    top = y

    def draw_footer(into: Group) -> None:
        line_y = top
        for line in footer:
            line_y += _LINE
            indent = 14.0 if line.startswith("\t") else 0.0
            draw_label(into, line.lstrip("\t"), x=_MARGIN + indent, y=line_y - 4, size=14)

    canvas._remembered(("fishing-footer", top, *footer), draw_footer)
    return canvas.to_svg()


def _draw(scene: _Scene, options: SvgOptions, bottom: int | None, title: str, form: object) -> str:
    if form == "column":
        return _draw_column(scene, options, bottom, title)
    if form != "table":
        raise TypeError(f"form must be 'table' or 'column', not {form!r:.20}")
    return _draw_table(scene, options, bottom, title)


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


@functools.lru_cache(maxsize=64)
def _dealt(rules: FishingRules | None, players: int) -> int:
    """The most cards a deal round gives a seat (a holding's usual most)."""
    return max(rules.round_sizes(players)) if rules is not None else 3


def _hand_area(scene: _Scene, number: int, width: float, language: Language) -> float:
    """How wide a seat's label and holding are in the table form (its pile comes after): room
    for a whole deal round's cards, so that the seat stays put as its holding shrinks."""
    label = _seat_label(number, scene.viewer == number, bool(scene.stones), language)
    seat = scene.seats[number]
    room = seat._replace(size=max(seat.size, _dealt(scene.rules, len(scene.seats))))
    return max(_holding_width(room, width), 110.0, len(label) * 8.4 + 8)


def _seat_size(scene: _Scene, number: int, width: float, language: Language) -> tuple[float, float]:
    """The box a seat takes in the table form: its label, its holding and its pile beside it."""
    debt_width = 150.0 if scene.seats[number].debts else 0.0
    return (_INDENT + _hand_area(scene, number, width, language) + 18 + _SMALL + 18 + debt_width,
            24 + width * CARD_RATIO + 12)


def _draw_table_seat(canvas: Canvas, scene: _Scene, number: int, x: float, y: float, width: float,
                     options: SvgOptions, marked: set[Card], pile_marks: set[int]) -> None:
    language = options.language
    seat = scene.seats[number]
    box_w, box_h = _seat_size(scene, number, width, language)
    turn = number == scene.to_play and scene.phase != "over"
    label = _seat_label(number, scene.viewer == number, bool(scene.stones), language)
    deck = scene.rules.deck.name if scene.rules is not None else None

    def panel(into: Group) -> None:
        into.rect(x, y, box_w, box_h, rx=10, fill=_PANEL, stroke="#e8590c" if turn else "#c9c2ad",
                  stroke_width=2.5 if turn else 1)

    canvas._remembered(("fishing-panel", x, y, box_w, box_h, turn), panel)
    if turn:
        canvas._remembered(("fishing-turn-at", x, y, language), _draw_marker_at, x, y, language)
    canvas._remembered(("fishing-hand-at", label, seat.holding, seat.size, x, y, width, deck, language,
                        _lit(marked, seat.holding or ())), _draw_hand_at, label, seat, x, y, width, scene, options,
                       marked)
    pile_x = x + _INDENT + _hand_area(scene, number, width, language) + 18
    lit = number in pile_marks
    top = seat.pile[-1] if seat.pile else None
    canvas._remembered(("fishing-pile-box", seat.pile, seat.pile_size, seat.debts, pile_x, y, deck, language, lit,
                        top is not None and top in options.highlight), _draw_seat_pile, seat, y, pile_x, scene,
                       options, lit)


def _draw_marker_at(into: Group, x: float, y: float, language: Language) -> None:
    draw_turn_marker(into, x=x + 10, y=y + 12, language=language)


def _draw_hand_at(into: Group, label: str, seat: _Seat, x: float, y: float, width: float, scene: _Scene,
                  options: SvgOptions, marked: set[Card]) -> None:
    hand = into.group()
    draw_label(hand, label, x=x + _INDENT, y=y + 17, bold=True)
    _draw_holding(hand, seat, x + _INDENT, y + 24, width, scene, options, marked)


def _middle_size(scene: _Scene, language: Language) -> tuple[float, float, float]:
    """The width and height of the middle of the table (the table's cards, the chain, the stock
    and the discard) and where the stock starts in it."""
    table_width = max(len(scene.table), 1) * (CARD_WIDTH + GAP)
    stock_x = table_width + 18
    if scene.chain is not None:
        stock_x += max(_chain_width(scene.chain), len(_chain_label(scene, language)) * 8.2) + 24
    width = stock_x + (2 if scene.discard else 1) * (_SMALL + 24) + 60
    height = 24 + CARD_WIDTH * CARD_RATIO + (34 if scene.chain is not None else 8) + (20 if scene.trail else 0)
    return width, height, stock_x


def _draw_middle(into: Group, scene: _Scene, x: float, y: float, stock_x: float, options: SvgOptions,
                 marked: set[Card]) -> None:
    language = options.language
    deck = scene.rules.deck if scene.rules is not None else None
    draw_label(into, _text("table", language), x=x, y=y + 16, bold=True, colour="#ffffff")
    row_y = y + 24
    if scene.table:
        draw_straight_row(into, scene.table, x=x, y=row_y, width=CARD_WIDTH, gap=GAP,
                          deck=deck or SPANISH_48, highlight=marked, language=language)
    else:
        _pile(into, None, 0, x, row_y, CARD_WIDTH, SPANISH_48, False, language)
    if scene.trail is not None:  # a line of its own: nothing else is written there
        draw_label(into, f"{scene.trail[1]}: {_text('trail', language, scene.trail[0])}", x=x,
                   y=row_y + CARD_WIDTH * CARD_RATIO + 18, size=13, colour="#ffffff")
    if scene.chain is not None:
        _draw_chain(into, scene, x + max(len(scene.table), 1) * (CARD_WIDTH + GAP) + 18, row_y + 8, options,
                    marked)
    sx = x + stock_x
    draw_label(into, f"{_text('stock', language)} ({scene.stock_size})", x=sx, y=y + 16, size=13, colour="#ffffff")
    stock_top = scene.stock[0] if scene.stock else None
    if stock_top is not None and deck is not None:
        _pile(into, stock_top, scene.stock_size, sx, row_y, _SMALL, deck, False, language)
    else:
        _pile(into, None, scene.stock_size, sx, row_y, _SMALL, SPANISH_48, False, language)
    if scene.discard:
        dx = sx + _SMALL + 24
        draw_label(into, f"{_text('discard', language)} ({len(scene.discard)})", x=dx, y=y + 16 + 96, size=13,
                   colour="#ffffff")
        _pile(into, scene.discard[-1], len(scene.discard), dx, row_y, _SMALL, deck or SPANISH_48, False, language)


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


def _draw_table(scene: _Scene, options: SvgOptions, bottom: int | None, title: str) -> str:
    """The table form: the seats around an oval, the viewer at the bottom with the larger
    cards, each seat's pile beside its hand, the table's cards, the chain, the stock and the
    discard in the middle, the last move and the scores under it."""
    players = len(scene.seats)
    if bottom is None:
        bottom = scene.viewer if scene.viewer is not None else 0
    else:
        check_type(bottom, int, "bottom")
        seat_number(bottom, players, "bottom")
    language = options.language
    moved, pile_marks = _last_move(scene.events)
    marked = moved | options.highlight
    top_steps, left_step, right_step = _around(players)
    seat_of = {step: (bottom + step) % players for step in range(players)}
    sizes = {step: _seat_size(scene, seat_of[step], _BIG if step == 0 else _SMALL, language) for step in range(players)}
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
    footer, footer_width = _footer(scene, language)
    heading = _heading(scene.variant, scene.hand, scene.round, None if scene.phase == "over" else scene.to_play,
                       language)
    width = max(top_w, band_w, sizes[0][0], len(heading) * 8.6, 600.0) + 2 * _MARGIN
    width = -(-width // _WIDTH_STEP) * _WIDTH_STEP
    if footer_width > width:  # long lines wrap rather than widen the table (its places would move)
        footer = _wrapped(footer, int((width - 2 * _MARGIN - 16) / 7.7))
    top_y = 34.0
    band_y = top_y + top_h + 16
    bottom_y = band_y + band_h + 16
    footer_y = bottom_y + sizes[0][1] + 8
    height = footer_y + len(footer) * _LINE + 12
    canvas = Canvas(width, height, title=title, size=options.size)
    cx = width / 2
    oval_top = top_y + top_h / 2
    oval_bottom = bottom_y + sizes[0][1] / 2

    def ground(into: Group) -> None:
        into.rect(0, 0, width, height, fill=_FELT, opacity=0.12)
        into.ellipse(cx, (oval_top + oval_bottom) / 2, width / 2 - _MARGIN - 6, (oval_bottom - oval_top) / 2 + 10,
                     fill=_FELT, stroke="#1d4a34", stroke_width=4)
        draw_label(into, heading, x=_MARGIN, y=22, bold=True, size=15)

    canvas._remembered(("fishing-oval", width, height, oval_top, oval_bottom, heading), ground)
    # Each top seat centred on its own place along the top; packed side by side when they would meet.
    places = [width * (index + 1) / (len(top_steps) + 1) - sizes[step][0] / 2 for index, step in enumerate(top_steps)]
    ends = [x + sizes[step][0] for x, step in zip(places, top_steps, strict=True)]
    if places[0] < _MARGIN or ends[-1] > width - _MARGIN or any(
            ends[index] + gap > places[index + 1] for index in range(len(places) - 1)):
        x = cx - top_w / 2
        places = []
        for step in top_steps:
            places.append(x)
            x += sizes[step][0] + gap
    for x, step in zip(places, top_steps, strict=True):
        _draw_table_seat(canvas, scene, seat_of[step], x, top_y, _SMALL, options, marked, pile_marks)
    mid_y = band_y + (band_h - middle_h) / 2
    if left_step is not None:
        _draw_table_seat(canvas, scene, seat_of[left_step], _MARGIN, band_y + (band_h - sizes[left_step][1]) / 2,
                         _SMALL, options, marked, pile_marks)
    if right_step is not None:
        _draw_table_seat(canvas, scene, seat_of[right_step], width - _MARGIN - sizes[right_step][0],
                         band_y + (band_h - sizes[right_step][1]) / 2, _SMALL, options, marked, pile_marks)
    # from a place that stays put (the table grows rightwards), short of the right-hand seat
    middle_x = min(max(_MARGIN + sides + 2 * gap, cx - 320), width - _MARGIN - sides - 2 * gap - middle_w)
    deck = scene.rules.deck if scene.rules is not None else None
    chain_label = chain_lit = None
    if scene.chain is not None:
        chain_label = _chain_label(scene, language)
        chain_lit = _lit(marked, [card for _, card in scene.chain.cards])
    stock_top = scene.stock[0] if scene.stock else None
    canvas._remembered(("fishing-oval-middle", middle_x, mid_y, stock_x, language, deck and deck.name, scene.table,
                        scene.trail, scene.chain, chain_label, scene.stock_size, stock_top, scene.discard,
                        _lit(marked, scene.table), chain_lit),
                       _draw_middle, scene, middle_x, mid_y, stock_x, options, marked)
    _draw_table_seat(canvas, scene, bottom, cx - sizes[0][0] / 2, bottom_y, _BIG, options, marked, pile_marks)

    def draw_footer(into: Group) -> None:
        line_y = footer_y
        for line in footer:
            line_y += _LINE
            indent = 14.0 if line.startswith("\t") else 0.0
            draw_label(into, line.lstrip("\t"), x=_MARGIN + indent, y=line_y - 4, size=14)

    canvas._remembered(("fishing-footer", footer_y, *footer), draw_footer)
    return canvas.to_svg()


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
    seats = tuple([  # (in _Seat's order: holding, size, pile, pile size, debts)
        _Seat(view.holding if seat == view.seat else None, size, pile, pile_size, debts)
        for seat, (size, pile, pile_size, debts) in enumerate(
            zip(view.holding_sizes, view.piles, view.pile_sizes, view.debts, strict=True))
    ])
    scene = _Scene(
        variant=view.variant, rules=view.rules, viewer=view.seat, hand=view.hand, round=view.round,
        phase=view.phase, to_play=view.to_play, seats=seats, table=view.table, chain=view.chain,
        trail=view.trail, stock=None, stock_size=view.stock_size, discard=view.discard, stones=view.stones,
        partides=view.partides, stake=view.stake, hand_scores=view.hand_scores, events=view.events,
        outcome=view.outcome,
    )
    options = SvgOptions() if options is None else options
    check_type(options, SvgOptions, "options")
    title = _text("view_title", options.language, _preset(view.variant, options.language), view.seat)
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
        _Seat(holding=holding, size=len(holding), pile=pile, pile_size=len(pile), debts=debts)
        for holding, pile, debts in zip(position.holdings, position.piles, position.debts, strict=True)
    )
    tally = position.tally
    scene = _Scene(
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
    title = _text("state_title", options.language, _preset(position.rules.name, options.language))
    return _draw(scene, options, bottom, title, form)
