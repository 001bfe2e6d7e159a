"""Pictures of four-card positions as SVG, drawn with :mod:`cau_rules.svg`.

:func:`svg_view` draws what one seat may see: its own cards face up; of every other
holding, the cards the seat knows there face up and the rest as one back with a count;
the centre; the pending chain (the centre card it targets and the cards played onto it,
each with the seat that played it, and the chain's name: cau, recau); the gift still
owed; the lay under way; the stock's size; who is out and whose turn it is.  The cards
of the last move are highlighted.  :func:`svg_state` draws the whole position face up
(the stock too), for tests, docs and debugging.

Labels are in Catalan, Spanish or English (``SvgOptions.language``); the names of the
chains (cau, recau, Sant Vicent) are the same in every language.

>>> from cau_rules.quatre import QUATRE, new_game
>>> svg = svg_view(new_game(QUATRE, 2, seed=5).observe(0))
>>> svg.startswith("<svg"), svg.count('class="card"'), svg.count('class="card-back"')
(True, 8, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from cau_rules.cards import SPANISH_40, Card, Deck, Language
from cau_rules.checks import check_type
from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import Catalogue, load_catalogue, register
from cau_rules.outcome import Outcome
from cau_rules.quatre.engine import outcome_of
from cau_rules.quatre.events import (
    Added,
    CentreTaken,
    ChainTaken,
    Dealt,
    Drew,
    Gave,
    Laid,
    Passed,
    Played,
    QuatreEvent,
    Refilled,
    TableRefilled,
)
from cau_rules.quatre.rules import CALL_NAMES, QuatreRules
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, Position, QuatreChain, SeatView
from cau_rules.svg import (
    CARD_RATIO,
    GAP,
    Canvas,
    Group,
    SvgOptions,
    draw_card,
    draw_label,
    draw_pile,
    draw_row,
    draw_turn_marker,
)
from cau_rules.svg.faces import FACE_WORDS

__all__ = ["LABELS", "svg_state", "svg_view"]

_LABELS = load_catalogue("quatre picture")
LABELS: Mapping[str, Mapping[Language, str]] = _LABELS.entries
"""The words of the pictures, in Catalan, Spanish and English (``{}`` marks a value)."""

register(Catalogue("faces", FACE_WORDS))  # the words its cards carry (backs' titles, French names)

_WIDTH = 760.0
_MARGIN = 12.0
_BIG = 56.0
_SMALL = 40.0
_LINE = 18.0


@attrs.frozen
class _Seat:
    """One holding as the picture shows it: faces in holding order, then *hidden* backs."""

    seat: int
    faces: tuple[Card, ...]
    hidden: int


@attrs.frozen(kw_only=True)
class _Scene:
    """Everything one picture draws, whoever's eyes it is for."""

    variant: str
    deck: Deck
    phase: Phase
    to_play: int
    viewer: int | None
    bottom: int
    seats: tuple[_Seat, ...]
    table: tuple[Card, ...]
    chain: QuatreChain | None
    gift: PendingGift | None
    lay: PendingLay | None
    stock_size: int
    stock: tuple[Card, ...] | None
    out: tuple[int, ...]
    passes: int
    turns_after_stock: int
    limit: int | None
    outcome: Outcome | None
    events: tuple[object, ...]


def _options(options: SvgOptions | None) -> SvgOptions:
    if options is None:
        return SvgOptions()
    check_type(options, SvgOptions, "options")
    return options


def _bottom(bottom: int | None, players: int, default: int) -> int:
    if bottom is None:
        return default
    if isinstance(bottom, bool) or not isinstance(bottom, int):
        raise TypeError(f"bottom must be int or None, not {type(bottom).__name__}")
    if not 0 <= bottom < players:
        raise InvalidRulesError(f"bottom must be a seat from 0 to {players - 1}, not {bottom}")
    return bottom


def svg_view(view: SeatView, *, options: SvgOptions | None = None, bottom: int | None = None) -> str:
    """A complete SVG document of what *view*'s seat may see.

    Args:
        view: one seat's view (``state.observe(seat)``).
        options: size, language and extra highlighted cards (the last move's cards are
            highlighted anyway).
        bottom: the seat drawn at the bottom (default: the view's seat); the other
            seats go across the top in turn order after it.

    Returns:
        The SVG text.  Every card face is a ``class="card"`` group with a ``data-card``
        attribute; a holding's unknown cards are one back titled with their count.

    Raises:
        TypeError: *view*, *options* or *bottom* has the wrong type.
        InvalidRulesError: *bottom* is not a seat of the game.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 5b 2o 3o", "5e 4c 6c 7c"])
    >>> svg = svg_view(state.apply("5o>5c").observe(1), options=SvgOptions(language="en"))
    >>> "cau on 5c" in svg, 'data-card="5e"' in svg, 'data-card="5b"' in svg, "<title>3 cards</title>" in svg
    (True, True, False, True)
    """
    check_type(view, SeatView, "view")
    rules = view.rules
    seats = []
    for seat, size in enumerate(view.holding_sizes):
        faces = view.holding if seat == view.seat else view.known[seat]
        seats.append(_Seat(seat, tuple(faces), size - len(faces)))
    scene = _Scene(
        variant=view.variant, deck=SPANISH_40 if rules is None else rules.deck, phase=view.phase,
        to_play=view.to_play, viewer=view.seat, bottom=_bottom(bottom, view.players, view.seat),
        seats=tuple(seats), table=view.table, chain=view.chain, gift=view.gift, lay=view.lay,
        stock_size=view.stock_size, stock=None, out=view.out, passes=view.passes,
        turns_after_stock=view.turns_after_stock, limit=None if rules is None else rules.max_turns_after_stock,
        outcome=view.outcome, events=tuple(view.events),
    )
    return _draw(scene, _options(options))


def svg_state(state: Position, *, options: SvgOptions | None = None, bottom: int | None = None) -> str:
    """A complete SVG document of the whole position *state*, every card face up (the
    stock in a row, its top card first).

    Args:
        state: a ``QuatreState`` (or any object with its fields).
        options: size, language and extra highlighted cards.
        bottom: the seat drawn at the bottom (default: the seat to play).

    Returns:
        The SVG text.

    Raises:
        TypeError: *options* or *bottom* has the wrong type.
        InvalidRulesError: *bottom* is not a seat of the game.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> svg = svg_state(new_game(QUATRE, 2, seed=5))
    >>> svg.count('class="card"'), svg.count('class="card-back"')  # the stock's top card twice
    (41, 0)
    """
    check_type(state.rules, QuatreRules, "state.rules")
    rules = state.rules
    scene = _Scene(
        variant=rules.name, deck=rules.deck, phase=state.phase, to_play=state.to_play, viewer=None,
        bottom=_bottom(bottom, state.players, state.to_play),
        seats=tuple(_Seat(seat, holding, 0) for seat, holding in enumerate(state.holdings)),
        table=state.table, chain=state.chain, gift=state.gift, lay=state.lay, stock_size=len(state.stock),
        stock=state.stock, out=state.out, passes=state.passes, turns_after_stock=state.turns_after_stock,
        limit=rules.max_turns_after_stock,
        outcome=None if state.termination is None else outcome_of(state.holdings, state.termination),
        events=tuple(getattr(state, "events", ())),
    )
    return _draw(scene, _options(options))


# -- layout -------------------------------------------------------------------------


def _fit(count: int, width: float, available: float) -> tuple[int, float]:
    """Cards per line and the gap between them, for *count* cards in *available* width:
    a straight row if it fits, else overlapped down to a third of a card showing, on
    as many lines as needed."""
    if count <= 1 or count * width + (count - 1) * GAP <= available:
        return max(count, 1), GAP
    step = (available - width) / (count - 1)
    least = 0.32 * width
    if step >= least:
        return count, step - width
    per_line = max(1, int((available - width) // least) + 1)
    return per_line, least - width


def _rows_height(count: int, width: float, available: float) -> float:
    """The height of *count* cards laid out by :func:`_fit` (0 for none)."""
    if not count:
        return width * CARD_RATIO
    per_line, _ = _fit(count, width, available)
    lines = -(-count // per_line)
    return width * CARD_RATIO * (1 + 0.45 * (lines - 1))


def _rows(target: Group, cards: Sequence[Card], *, x: float, y: float, width: float, available: float,
          scene: _Scene, marked: frozenset[Card], language: Language) -> float:
    """Draw *cards* from (*x*, *y*) within *available* width (a dashed outline for
    none); return the right edge."""
    if not cards:
        draw_pile(target, None, 0, x=x, y=y, width=width, language=language)
        return x + width
    per_line, gap = _fit(len(cards), width, available)
    right = x
    for line, start in enumerate(range(0, len(cards), per_line)):
        part = cards[start:start + per_line]
        draw_row(target, part, x=x, y=y + line * 0.45 * width * CARD_RATIO, width=width, gap=gap,
                 deck=scene.deck, highlight=marked, language=language)
        right = max(right, x + len(part) * (width + gap) - gap)
    return right


def _word(key: str, language: Language, *values: object) -> str:
    return LABELS[key][language].format(*values)


def _preset(variant: str, language: Language) -> str:
    """The human name of the preset *variant* (its own name if it is not a preset)."""
    key = f"preset_{variant}"
    return LABELS[key][language] if key in LABELS else variant


def _who(scene: _Scene, seat: int, language: Language) -> str:
    name = _word("seat", language, seat)
    return _word("you", language, name) if seat == scene.viewer else name


def _count(count: int, language: Language) -> str:
    return _word("card", language) if count == 1 else _word("cards", language, count)


def _few(count: int, language: Language) -> str:
    """*count* cards in words from one to four (gifts and lays), else in digits."""
    words = LABELS["few"][language].split("|")
    return words[count - 1] if 1 <= count <= len(words) else _count(count, language)


def _named(event: object) -> tuple[Card, ...]:
    """The cards *event* names (as the seat sees it: hidden cards are None there)."""
    if isinstance(event, Played):
        return (event.card, event.target)
    if isinstance(event, (Added, Laid)):
        return (event.card,)
    if isinstance(event, (Gave, Drew)):
        return () if event.card is None else (event.card,)
    if isinstance(event, (ChainTaken, TableRefilled, CentreTaken)):
        return event.cards
    if isinstance(event, Refilled):
        return event.cards or ()
    return ()


def _last_move(events: Iterable[object]) -> tuple[frozenset[Card], QuatreEvent | None]:
    """The cards the last move's events name, and the event its caption tells."""
    cards: set[Card] = set()
    first: QuatreEvent | None = None
    for event in events:
        cards.update(_named(event))
        if first is None and isinstance(event, (Played, Added, Gave, Drew, Passed, Laid, Dealt)):
            first = event
    return frozenset(cards), first


def _caption(scene: _Scene, event: QuatreEvent | None, language: Language) -> str | None:
    def who(seat: int) -> str:
        return _who(scene, seat, language)

    def card(value: Card | None) -> str:
        return _word("a_card", language) if value is None else value.code

    if isinstance(event, Played):
        text = _word("played", language, who(event.seat), event.card.code, event.target.code)
    elif isinstance(event, Added):
        text = _word("added", language, who(event.seat), event.card.code, CALL_NAMES[event.level - 1])
    elif isinstance(event, Gave):
        text = _word("gave", language, who(event.giver), card(event.card), who(event.receiver))
    elif isinstance(event, Drew):
        text = _word("drew", language, who(event.seat), card(event.card))
    elif isinstance(event, Passed):
        text = _word("passed", language, who(event.seat))
    elif isinstance(event, Laid):
        text = _word("laid", language, who(event.seat), event.card.code)
    elif isinstance(event, Dealt):
        text = _word("dealt", language, who(event.dealer))
    else:
        return None
    return _word("last", language, text)


def _status(scene: _Scene, language: Language) -> list[str]:
    """The lines under the centre: the gift owed, the lay under way, passes, the bound."""
    lines = []
    gift = scene.gift
    if gift is not None:
        lines.append(_word("owes", language, _who(scene, gift.giver, language), _few(gift.owed, language),
                           _who(scene, gift.receiver, language), gift.call))
    lay = scene.lay
    if lay is not None:
        after = "" if lay.after is None else _word("after", language, lay.after.code)
        lines.append(_word("lays", language, _who(scene, scene.to_play, language), _few(lay.owed, language))
                     + after)
    if scene.passes:
        lines.append(_word("passes", language, scene.passes))
    if scene.turns_after_stock and scene.limit is not None:
        lines.append(_word("safety", language, scene.turns_after_stock, scene.limit))
    return lines


def _header(scene: _Scene, language: Language) -> str:
    if scene.phase == "over":
        return f"{_preset(scene.variant, language)} · {_word('over', language)}"
    return (f"{_preset(scene.variant, language)} · {_word('to_play', language, _who(scene, scene.to_play, language))} · "
            f"{_word(scene.phase, language)}")


def _seat_label(target: Group, scene: _Scene, seat: _Seat, *, x: float, y: float, language: Language) -> None:
    size = len(seat.faces) + seat.hidden
    text = f"{_who(scene, seat.seat, language)} · {_count(size, language)}"
    if seat.seat in scene.out:
        text += f" · {_word('out', language)}"
    if scene.phase != "over" and seat.seat == scene.to_play:
        draw_turn_marker(target, x=x + 6, y=y - 5, size=12, language=language)
        x += 16
    draw_label(target, text, x=x, y=y, size=13, bold=seat.seat == scene.bottom)


def _draw(scene: _Scene, options: SvgOptions) -> str:
    language = options.language
    marked, first = _last_move(scene.events)
    marked = marked | options.highlight
    inner = _WIDTH - 2 * _MARGIN
    others = [scene.seats[(scene.bottom + step) % len(scene.seats)] for step in range(1, len(scene.seats))]
    panel = (inner - GAP * 2 * (len(others) - 1)) / len(others)
    back = _SMALL + GAP

    # heights first: the canvas is made with its size
    top_band = _LINE + max(_rows_height(len(s.faces), _SMALL, panel - (back if s.hidden else 0)) for s in others)
    stock_space = _BIG + 3 * GAP + 10
    centre_band = _LINE + _rows_height(len(scene.table), _BIG, inner - stock_space)
    chain_band = _LINE + _BIG * CARD_RATIO + _LINE if scene.chain is not None else 0.0
    status = _status(scene, language)
    caption = _caption(scene, first, language)
    notes = [*status, *([caption] if caption else [])]
    stock_band = _LINE + _rows_height(len(scene.stock), _SMALL, inner) if scene.stock else 0.0
    mine = scene.seats[scene.bottom]
    bottom_band = _LINE + _rows_height(len(mine.faces) + (1 if mine.hidden else 0), _BIG, inner)
    result = _outcome_lines(scene, language)
    height = (_MARGIN + 26 + top_band + 14 + centre_band + 8 + chain_band + len(notes) * _LINE + 10
              + (stock_band + 10 if scene.stock else 0) + bottom_band + len(result) * _LINE + _MARGIN)
    canvas = options.canvas(_WIDTH, height, title=_header(scene, language))
    canvas.rect(0, 0, _WIDTH, height, rx=8, fill="#e9f0e4")
    y = _MARGIN + 16
    draw_label(canvas, _header(scene, language), x=_MARGIN, y=y, size=16, bold=True)
    y += 10

    # the other seats, across the top in turn order after the bottom seat
    for index, seat in enumerate(others):
        x = _MARGIN + index * (panel + 2 * GAP)
        group = canvas.group(class_="holding", data=[("seat", str(seat.seat))])
        _seat_label(group, scene, seat, x=x, y=y + _LINE - 4, language=language)
        left = x
        if seat.hidden:
            draw_pile(group, None, seat.hidden, x=x, y=y + _LINE, width=_SMALL, language=language)
            left += back
        if seat.faces or not seat.hidden:
            _rows(group, seat.faces, x=left, y=y + _LINE, width=_SMALL, available=x + panel - left, scene=scene,
                  marked=marked, language=language)
    y += top_band + 14

    # the centre and the stock
    centre = canvas.group(class_="centre")
    draw_label(centre, _word("centre", language), x=_MARGIN, y=y + _LINE - 4, size=13, bold=True)
    _rows(centre, scene.table, x=_MARGIN, y=y + _LINE, width=_BIG, available=inner - stock_space, scene=scene,
          marked=marked, language=language)
    stock_x = _WIDTH - _MARGIN - _BIG - 3 * GAP
    stock = canvas.group(class_="stock")
    draw_label(stock, _word("stock", language), x=stock_x, y=y + _LINE - 4, size=13, bold=True)
    top = scene.stock[0] if scene.stock else None  # face up only in a picture of the whole state
    draw_pile(stock, top, scene.stock_size, x=stock_x, y=y + _LINE, width=_BIG, deck=scene.deck,
              highlight=top in marked, language=language)
    y += centre_band + 8

    if scene.chain is not None:
        y = _draw_chain(canvas, scene, scene.chain, y=y, marked=marked, language=language)
    for note in notes:
        draw_label(canvas, note, x=_MARGIN, y=y + _LINE - 4, size=13)
        y += _LINE
    y += 10

    if scene.stock:
        draw_label(canvas, _word("stock_top", language), x=_MARGIN, y=y + _LINE - 4, size=13, bold=True)
        _rows(canvas.group(class_="stock-cards"), scene.stock, x=_MARGIN, y=y + _LINE, width=_SMALL,
              available=inner, scene=scene, marked=marked, language=language)
        y += stock_band + 10

    group = canvas.group(class_="holding", data=[("seat", str(mine.seat))])
    _seat_label(group, scene, mine, x=_MARGIN, y=y + _LINE - 4, language=language)
    left = _MARGIN
    if mine.hidden:
        draw_pile(group, None, mine.hidden, x=left, y=y + _LINE, width=_BIG, language=language)
        left += _BIG + GAP
    if mine.faces or not mine.hidden:
        _rows(group, mine.faces, x=left, y=y + _LINE, width=_BIG, available=_MARGIN + inner - left, scene=scene,
              marked=marked, language=language)
    y += bottom_band
    for line in result:
        draw_label(canvas, line, x=_MARGIN, y=y + _LINE - 2, size=14, bold=True)
        y += _LINE
    return canvas.to_svg()


def _draw_chain(canvas: Canvas, scene: _Scene, chain: QuatreChain, *, y: float, marked: frozenset[Card],
                language: Language) -> float:
    """The pending chain: its name, the centre card it targets, the cards played onto it
    with their seats; return the y below it."""
    group = canvas.group(class_="chain", data=[("level", str(chain.level))])
    name = _word("call", language, CALL_NAMES[chain.level - 1], chain.target.code)
    draw_label(group, f"{_word('chain', language)}: {name}", x=_MARGIN, y=y + _LINE - 4, size=13, bold=True)
    x = _MARGIN
    top = y + _LINE
    label_y = top + _BIG * CARD_RATIO + 14
    draw_card(group, chain.target, x=x, y=top, width=_BIG, deck=scene.deck, highlight=chain.target in marked,
              language=language)
    draw_label(group, _word("centre", language), x=x + _BIG / 2, y=label_y, size=11, anchor="middle")
    x += _BIG + 3 * GAP
    for seat, card in chain.cards:
        draw_card(group, card, x=x, y=top, width=_BIG, deck=scene.deck, highlight=card in marked,
                  language=language)
        draw_label(group, _who(scene, seat, language), x=x + _BIG / 2, y=label_y, size=11, anchor="middle")
        x += _BIG + GAP
    return y + _LINE + _BIG * CARD_RATIO + _LINE


def _outcome_lines(scene: _Scene, language: Language) -> list[str]:
    """Who won and how, then every seat's score (none while the game goes on)."""
    outcome = scene.outcome
    if outcome is None:
        return []
    winners = ", ".join(_who(scene, seat, language) for seat in outcome.winners)
    scores = "; ".join(_word("score", language, _who(scene, seat, language), score)
                       for seat, score in enumerate(outcome.scores))
    return [f"{_word('wins', language, winners)} ({_word(outcome.termination.name, language)})", scores]
