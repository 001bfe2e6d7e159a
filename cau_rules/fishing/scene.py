"""What both forms of a capture-family picture share: the scene (what a picture shows, the
hidden parts already left out), the labels in three languages, and the pieces both forms
draw (a holding, a pile, the chain, the footer).  :mod:`cau_rules.fishing.picture` draws the
column form and :mod:`cau_rules.fishing.oval` the table form.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Literal, NamedTuple

from cau_rules.cards import SPANISH_48, Card, Deck, Language
from cau_rules.fishing.events import (
    Captured,
    ChainExtended,
    FishingEvent,
    HandStarted,
    Paid,
    Trailed,
)
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Debt, Stake, summed_debts
from cau_rules.i18n import Catalogue, load_catalogue, register
from cau_rules.outcome import Outcome
from cau_rules.svg import (
    CARD_RATIO,
    Canvas,
    Group,
    SvgOptions,
    draw_back,
    draw_card,
    draw_label,
    draw_pile,
    draw_straight_row,
)
from cau_rules.svg.faces import FACE_WORDS

__all__ = ["BIG", "CALL_NAMES", "INDENT", "LABELS", "LINE", "MARGIN", "SMALL", "PictureForm", "Scene", "SeatScene", "call_name", "chain_caption", "chain_width", "draw_chain", "draw_footer", "draw_holding", "draw_pile_of", "draw_seat_pile", "footer_of", "heading_line", "holding_width", "label_text", "last_move", "lit_cards", "middle_state", "pile_at", "preset_title", "seat_label"]

PictureForm = Literal["table", "column"]
"""How a picture is laid out: ``"table"`` (landscape, the seats around an oval table, the
viewer at the bottom; for screens) or ``"column"`` (compact portrait: one seat a row, the
table in the middle; for phones)."""

_LABELS = load_catalogue("fishing picture")
LABELS: Mapping[str, Mapping[Language, str]] = _LABELS.entries
"""Every label of the pictures, by key and language."""

register(Catalogue("faces", FACE_WORDS))  # the words its cards carry (backs' titles, French names)

CALL_NAMES = {"rondi": "rondí", "sant-vicent": "Sant Vicent"}


def call_name(value: str) -> str:
    """A call's name as a picture writes it (rondí, Sant Vicent)."""
    return CALL_NAMES.get(value, value)


MARGIN = 12.0
BIG = 60.0  # the bottom seat's cards and the table
SMALL = 44.0  # other seats' cards and every pile
INDENT = 22.0  # holdings start after the turn marker
LINE = 18.0  # a text line (footer lines are written at 14 px)


class SeatScene(NamedTuple):  # (a tuple: built for every seat of every picture, it costs little)
    """What the picture shows of one seat: cards (None: hidden, drawn as backs)."""

    holding: tuple[Card, ...] | None
    size: int
    pile: tuple[Card, ...] | None
    pile_size: int
    debts: tuple[Debt, ...]


class Scene(NamedTuple):
    """Everything a picture draws, the hidden parts already left out."""

    variant: str
    rules: FishingRules | None
    viewer: int | None
    hand: int
    round: int
    phase: str
    to_play: int
    seats: tuple[SeatScene, ...]
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


def label_text(key: str, language: Language, *args: object) -> str:
    """The label *key* in *language*, formatted with *args*."""
    return LABELS[key][language].format(*args)


def preset_title(variant: str, language: Language) -> str:
    """The human name of the preset *variant* (its own name if it is not a preset)."""
    key = f"preset_{variant}"
    return LABELS[key][language] if key in LABELS else variant


def last_move(events: Iterable[FishingEvent]) -> tuple[set[Card], set[int]]:
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


def holding_width(seat: SeatScene, width: float) -> float:
    """How wide a holding of *seat* is drawn with cards *width* wide."""
    count = seat.size
    if not count:
        return width
    if seat.holding is None:
        return width + (count - 1) * width * 0.22
    step = width + 4 if count <= 9 else width * 0.55
    return width + (count - 1) * step


def draw_holding(canvas: Group, seat: SeatScene, x: float, y: float, width: float,
                  scene: Scene, options: SvgOptions, marked: set[Card]) -> None:
    """Draw *seat*'s holding at (*x*, *y*): its cards face up, or backs with a count."""
    deck = scene.rules.deck if scene.rules is not None else None
    language = options.language
    if seat.holding is None:
        for index in range(seat.size):
            last = index == seat.size - 1
            draw_back(canvas, x=x + index * width * 0.22, y=y, width=width,
                      count=seat.size if last else None, language=language)
        return
    if not seat.holding:
        pile_at(canvas, None, 0, x, y, width, SPANISH_48, False, language)
        return
    gap = 4.0 if len(seat.holding) <= 9 else -width * 0.45
    draw_straight_row(canvas, seat.holding, x=x, y=y, width=width, gap=gap, deck=deck or SPANISH_48,
                      highlight=marked, language=language)


def draw_pile_of(canvas: Group, cards: tuple[Card, ...] | None, size: int, x: float, y: float,
               scene: Scene, options: SvgOptions, highlight: bool) -> None:
    """Draw a seat's pile (its top card, or a back, with its size) at (*x*, *y*)."""
    top = cards[-1] if cards else None
    highlight = highlight or (top is not None and top in options.highlight)
    if scene.rules is not None and top is not None:
        pile_at(canvas, top, size, x, y, SMALL, scene.rules.deck, highlight, options.language)
    else:
        pile_at(canvas, top, size, x, y, SMALL, SPANISH_48, highlight and size > 0, options.language)


def pile_at(into: Group, top: Card | None, count: int, x: float, y: float, width: float, deck: Deck,
          highlight: bool, language: Language) -> None:
    """:func:`~cau_rules.svg.draw_pile` at (*x*, *y*), written once wherever it lies (the seats'
    piles move right or left with the widest hand, the stock with the table)."""
    into._remembered_at(("fishing-pile-at", top, count, width, deck.name, highlight, language), x, y, _pile_here,
                        top, count, width, deck, highlight, language)


def _pile_here(into: Group, x: float, y: float, top: Card | None, count: int, width: float, deck: Deck,
               highlight: bool, language: Language) -> None:
    draw_pile(into, top, count, x=x, y=y, width=width, deck=deck, highlight=highlight, language=language)


@functools.lru_cache(maxsize=256)
def seat_label(number: int, viewer: bool, teams: bool, language: Language) -> str:
    """A seat's label: its number, "(you)" for the viewer, its team in the team game."""
    label = label_text("seat", language, number)
    if viewer:
        label += label_text("you", language)
    if teams:
        label += " · " + label_text("team", language, number % 2)
    return label


def lit_cards(marked: set[Card], cards: Iterable[Card]) -> frozenset[Card] | None:
    """Which of *cards* are highlighted, for a key (None, as a rule: the cards of a move have
    left the hand that played them)."""
    return None if marked.isdisjoint(cards) else frozenset(marked.intersection(cards))


def middle_state(scene: Scene, marked: set[Card], language: Language) -> tuple[object, ...]:
    """All that the middle of the table shows, in *language*: the table and its lit cards, the
    last trail, the chain with its caption and lit cards, the stock with its top card and the
    discard.  Both forms remember their middle under it and the places their form gives it."""
    chain_label = chain_lit = None
    if scene.chain is not None:
        chain_label = chain_caption(scene, language)
        chain_lit = lit_cards(marked, [card for _, card in scene.chain.cards])
    deck = scene.rules.deck.name if scene.rules is not None else None
    stock_top = scene.stock[0] if scene.stock else None
    return (language, deck, scene.table, lit_cards(marked, scene.table), scene.trail, scene.chain, chain_label,
            chain_lit, scene.stock_size, stock_top, scene.discard)


def draw_seat_pile(into: Group, seat: SeatScene, y: float, pile_x: float, scene: Scene, options: SvgOptions,
                    lit: bool) -> None:
    """Draw a seat's pile with its label, and its debts beside it."""
    language = options.language
    pile = into.group()
    draw_label(pile, f"{label_text('pile', language)} ({seat.pile_size})", x=pile_x, y=y + 16, size=12)
    draw_pile_of(pile, seat.pile, seat.pile_size, pile_x, y + 24, scene, options, lit)
    for line, (creditor, amount) in enumerate(summed_debts(seat.debts)):
        draw_label(pile, label_text("owes", language, amount, creditor), x=pile_x + SMALL + 16,
                   y=y + 40 + line * LINE, size=12)


def chain_width(chain: Chain | None) -> float:
    """How wide the pending chain's box is (0 without a chain)."""
    return 0.0 if chain is None else chain.level * (BIG + 8) + 8


def chain_caption(scene: Scene, language: Language) -> str:
    """The pending chain's caption: its level's name and what its caller claims."""
    chain = scene.chain
    assert chain is not None
    name = scene.rules.chain_call(chain.level).value if scene.rules is not None else "cau"
    label = label_text("pending", language, call_name(name))
    claims = [
        " ".join(card.code for card in scene.table if card.rank == rank) if owner < 0
        else label_text("pile_of", language, owner)
        for rank, owner in chain.run
    ]
    if claims:
        label += " · " + label_text("claims", language, ", ".join(claims))
    return label


def draw_chain(canvas: Group, scene: Scene, x: float, y: float, options: SvgOptions,
                marked: set[Card]) -> None:
    """Draw the pending chain at (*x*, *y*): its cards, who played each, its level's name."""
    chain = scene.chain
    assert chain is not None
    language = options.language
    label = chain_caption(scene, language)
    box = canvas.group(x=x, y=y, class_="chain", title=label)
    height = BIG * CARD_RATIO + 30
    box.rect(0, 0, chain_width(chain), height, rx=6, fill="#fff4e0", stroke="#d9480f", stroke_width=1.2,
             dash="5 3")
    draw_label(canvas, label, x=x, y=y - 6, bold=True, colour="#d9480f")
    for index, (seat, card) in enumerate(chain.cards):
        left = x + 8 + index * (BIG + 8)
        if scene.rules is not None:
            draw_card(canvas, card, x=left, y=y + 6, width=BIG, deck=scene.rules.deck,
                      highlight=card in marked, language=language)
        else:
            draw_card(canvas, card, x=left, y=y + 6, width=BIG, highlight=card in marked, language=language)
        draw_label(canvas, label_text("seat", language, seat), x=left + BIG / 2, y=y + height - 7, size=11,
                   anchor="middle")


_FOOTERS: OrderedDict[tuple[object, ...], tuple[tuple[str, ...], float]] = OrderedDict()
"""The footer lines of recent positions and the width they need: every seat's picture of a
position has the same (a server draws them one after the other), and the events' words cost
more than the rest."""


def footer_of(scene: Scene, language: Language) -> tuple[tuple[str, ...], float]:
    """footer_of"""
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


def draw_footer(canvas: Canvas, footer: tuple[str, ...], top: float) -> None:
    """Draw the *footer* lines (of :func:`footer_of`) from *top* down, a line a step, a line
    starting with a tab indented: both forms end with it."""

    def draw(into: Group) -> None:
        line_y = top
        for line in footer:
            line_y += LINE
            indent = 14.0 if line.startswith("\t") else 0.0
            draw_label(into, line.lstrip("\t"), x=MARGIN + indent, y=line_y - 4, size=14)

    canvas._remembered(("fishing-footer", top, *footer), draw)


def _footer_lines(scene: Scene, language: Language) -> list[str]:
    lines: list[str] = []
    if scene.stones:
        target = scene.rules.target if scene.rules is not None else None
        teams = " · ".join(
            f"{label_text('team', language, team)}: {stones}" for team, stones in enumerate(scene.stones)
        )
        partides = "-".join(map(str, scene.partides))
        extra = f" · {label_text('target', language, target)}" if target is not None else ""
        lines.append(f"{label_text('stones', language)}: {teams} · {label_text('partides', language)} {partides}{extra}")
    stake = scene.stake
    if stake is not None:
        holders = ", ".join(f"{label_text('seat_lc', language, seat)} {call_name(kind.value)}"
                            for seat, kind in stake.holders)
        bids = (", ".join(label_text("game_bid", language) if bid is None else str(bid) for bid in stake.bids)
                or label_text("no_bids", language))
        lines.append(f"{label_text('stake', language)}: {holders} · {label_text('bids', language)}: {bids} · "
                     f"{label_text('answers', language, stake.to_answer)}")
    for number, row in enumerate(scene.hand_scores):
        lines.append(f"{label_text('scores', language, number + 1)}: {', '.join(map(str, row))}")
    shown = [event.text(language) for event in scene.events if not isinstance(event, HandStarted)]
    if shown:
        if len(shown) > 8:
            shown = [*shown[:7], f"... (+{len(shown) - 7})"]
        lines.append(f"{label_text('last', language)}:")
        lines.extend(f"\t{text}" for text in shown)
    if scene.outcome is not None:
        lines.append(f"{label_text('result', language)}: {scene.outcome.text(language)}")
    return lines


@functools.lru_cache(maxsize=1024)
def heading_line(variant: str, hand: int, round_: int, to_play: int | None, language: Language) -> str:
    """The first line of a picture (*to_play* None: the game is over); it changes with every move
    and repeats from game to game."""
    turn = label_text("over", language) if to_play is None else label_text("to_play", language, to_play)
    return f"{preset_title(variant, language)} · {label_text('hand', language, hand + 1)} · {label_text('deal', language, round_ + 1)} · {turn}"


