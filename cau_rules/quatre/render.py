"""The text screens of the four-card game: one seat's view (what ``cau-rules play``
shows a seat), a whole position with every card face up, and the menu of legal moves.

``str(view)`` is :func:`render_text`, ``state.render()`` is :func:`position_screen`, and
the family record's ``move_menu`` hook is :func:`move_menu`.  The pictures are in
:mod:`cau_rules.quatre.picture` (re-exported here: :func:`svg_view`, :func:`svg_state`).

>>> from cau_rules.quatre import QUATRE, new_game
>>> print(render_text(new_game(QUATRE, 2, seed=5).observe(0)))
=== cau-quatre · seat 0 (you) to play · turn ===
Centre:     11c 10c 5b 12e
Your cards: 4c 6e 7b 3b
Holdings:   seat 0 (you): 4, seat 1: 4
Known:      none
Stock:      28 cards
Last move:  seat 1 deals: table 11c 10c 5b 12e, 4 cards each
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cau_rules.cards import Card
from cau_rules.i18n import COMMON, Lang, check_lang, event_text
from cau_rules.outcome import GameEnded
from cau_rules.quatre.engine import outcome_of
from cau_rules.quatre.moves import QuatreMove
from cau_rules.quatre.picture import svg_state, svg_view
from cau_rules.quatre.rules import CALL_NAMES
from cau_rules.quatre.texts import TEXTS
from cau_rules.quatre.texts import count_words as words_in
from cau_rules.quatre.zones import PendingGift, PendingLay, Position, QuatreChain, SeatView

__all__ = ["count_words", "move_menu", "position_screen", "render_text", "svg_state", "svg_view"]

_WORDS = ("no", "one", "two", "three", "four")


def _cards(cards: Iterable[Card], lang: Lang = "en") -> str:
    return " ".join(card.code for card in cards) or COMMON("none", lang)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def count_words(count: int, noun: str = "card") -> str:
    """*count* of *noun* in words up to four (gifts and lays owe at most four), else in
    digits.

    >>> count_words(1), count_words(2), count_words(3, "more card"), count_words(7)
    ('one card', 'two cards', 'three more cards', '7 cards')
    """
    number = _WORDS[count] if 0 <= count < len(_WORDS) else str(count)
    return f"{number} {noun}{'' if count == 1 else 's'}"


def _line(label: str, text: str) -> str:
    return f"{label + ':':<11} {text}"


def _chain_line(chain: QuatreChain, to_play: int, who: Callable[[int], str], lang: Lang) -> str:
    played = ", ".join(TEXTS("chain_played" if index == 0 else "chain_added", lang, who(seat), card)
                       for index, (seat, card) in enumerate(chain.cards))
    return _line(TEXTS("Chain", lang), TEXTS("chain_line", lang, CALL_NAMES[chain.level - 1], chain.target, played,
                                             who(to_play), chain.rank, CALL_NAMES[chain.level]))


def _zones(lines: list[str], gift: PendingGift | None, lay: PendingLay | None, to_play: int,
           who: Callable[[int], str], lang: Lang) -> None:
    if gift is not None:
        lines.append(_line(TEXTS("Gift", lang), TEXTS("gift_line", lang, who(gift.giver), who(gift.receiver),
                                                      words_in(gift.owed, lang), gift.call)))
    if lay is not None:
        after = "" if lay.after is None else TEXTS("lay_after", lang, lay.after)
        lines.append(_line(TEXTS("Lay", lang), TEXTS("lay_line", lang, who(to_play), words_in(lay.owed, lang),
                                                     after)))


def _counters(lines: list[str], out: Sequence[int], passes: int, turns: int, limit: int | None,
              who: Callable[[int], str], lang: Lang) -> None:
    if out:
        lines.append(_line(TEXTS("Out", lang), ", ".join(who(seat) for seat in out)))
    if passes:
        lines.append(_line(TEXTS("Passes", lang), TEXTS("in_a_row", lang, passes)))
    if turns and limit is not None:
        lines.append(_line(TEXTS("Safety", lang), TEXTS("safety_line", lang, turns, limit)))


def _status(over: bool, to_play: int, phase: str, who: Callable[[int], str], lang: Lang) -> str:
    if over:
        return COMMON("game_over", lang)
    return f"{COMMON('to_play', lang, who(to_play))} · {TEXTS(phase, lang)}"


def render_text(view: SeatView, lang: Lang = "en") -> str:
    """One seat's view as a few labelled lines: the centre, the pending chain, gift or
    lay in words, the seat's cards, holding sizes, the cards of other holdings it knows,
    the stock, who is out, passes, the safety bound, the last move and, once the game
    is over, the result.  Lines for a zone that is empty (no chain, no gift) are left out.
    ``str(view)`` is the English screen.

    Args:
        view: a seat's view.
        lang: ``"en"`` (the default), ``"ca"`` or ``"es"``.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 5b 2o 3o", "5e 4c 6c 7c"])
    >>> print(render_text(state.apply("5o>5c").observe(1)))  # doctest: +ELLIPSIS
    === cau-quatre · seat 1 (you) to play · chain ===
    Centre:     1o 7e 12b
    Chain:      cau on 5c: seat 0 played 5o; seat 1 (you) must add a 5 (recau)
    Your cards: 5e 4c 6c 7c
    ...
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 2o 3o 4o", "5e 4c 6c 7c"])
    >>> print(render_text(state.apply("5o>5c").apply("add 5e").observe(0)).splitlines()[2])
    Gift:       seat 0 (you) owes seat 1 two cards (recau)
    >>> print(render_text(state.apply("5o>5c").apply("add 5e").observe(0), "ca").splitlines()[2])
    Regal:      seient 0 (tu) deu dues cartes a seient 1 (recau)
    """
    lang = check_lang(lang)
    you = view.seat

    def who(seat: int) -> str:
        name = COMMON("seat", lang, seat)
        return COMMON("you", lang, name) if seat == you else name

    lines = [TEXTS("header", lang, view.variant, _status(view.is_over, view.to_play, view.phase, who, lang)),
             _line(TEXTS("Centre", lang), _cards(view.table, lang))]
    if view.chain is not None:
        lines.append(_chain_line(view.chain, view.to_play, who, lang))
    _zones(lines, view.gift, view.lay, view.to_play, who, lang)
    lines.append(_line(TEXTS("Your cards", lang), _cards(view.holding, lang)))
    lines.append(_line(TEXTS("Holdings", lang),
                       ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.holding_sizes))))
    known = [f"{who(seat)}: {_cards(cards, lang)}" for seat, cards in enumerate(view.known) if seat != you and cards]
    lines.append(_line(TEXTS("Known", lang), "; ".join(known) if known else COMMON("nothing", lang)))
    lines.append(_line(TEXTS("Stock", lang), COMMON.count("cards", view.stock_size, lang)))
    limit = view.rules.max_turns_after_stock if view.rules is not None else None
    _counters(lines, view.out, view.passes, view.turns_after_stock, limit, who, lang)
    shown = [event_text(event, lang) for event in view.events if not isinstance(event, GameEnded)]
    if shown:
        lines.append(_line(TEXTS("Last move", lang), "; ".join(shown)))
    if view.outcome is not None:
        lines.append(_line(TEXTS("Result", lang), view.outcome.text(lang)))
    return "\n".join(lines)


def position_screen(position: Position, lang: Lang = "en") -> str:
    """The whole position as labelled lines, every card face up: the centre, the pending
    chain, gift or lay, every holding (``*`` marks a card known to all), what seats know
    privately, the stock in order (top first), who is out, the counters and the result.
    ``state.render(lang)`` and ``str(state)`` give it.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 2o 3o 4o", "5e 4c 6c 7c"])
    >>> print(position_screen(state.apply("5o>5c").apply("add 5e")))  # doctest: +ELLIPSIS
    === cau-quatre · seat 0 to play · gift ===
    Centre:     1o 7e 12b
    Gift:       seat 0 owes seat 1 two cards (recau)
    Seat 0:     2o 3o 4o
    Seat 1:     4c 6c 7c 5c* 5o* 5e*
    Stock:      6o 7o 10o 11o 12o 1c 2c 3c ...
    Last move:  seat 1 adds 5e: recau; seat 1 takes 5c 5o 5e (recau); seat 0 owes 2 cards
    """
    lang = check_lang(lang)

    def who(seat: int) -> str:
        return COMMON("seat", lang, seat)

    lines = [TEXTS("header", lang, position.rules.name,
                   _status(position.phase == "over", position.to_play, position.phase, who, lang)),
             _line(TEXTS("Centre", lang), _cards(position.table, lang))]
    if position.chain is not None:
        lines.append(_chain_line(position.chain, position.to_play, who, lang))
    _zones(lines, position.gift, position.lay, position.to_play, who, lang)
    for seat, holding in enumerate(position.holdings):
        known = set(position.known[seat])
        shown = " ".join(card.code + ("*" if card in known else "") for card in holding) or COMMON("none", lang)
        lines.append(_line(TEXTS("Seat", lang, seat), shown))
    for knower, holder, card in position.private:
        lines.append(_line(TEXTS("Private", lang), TEXTS("knows", lang, who(knower), who(holder), card)))
    lines.append(_line(TEXTS("Stock", lang), _cards(position.stock, lang)))
    _counters(lines, position.out, position.passes, position.turns_after_stock,
              position.rules.max_turns_after_stock, who, lang)
    shown_events = [event_text(event, lang) for event in getattr(position, "events", ()) if not isinstance(event, GameEnded)]
    if shown_events:
        lines.append(_line(TEXTS("Last move", lang), "; ".join(shown_events)))
    if position.termination is not None:
        lines.append(_line(TEXTS("Result", lang), outcome_of(position.holdings, position.termination).text(lang)))
    return "\n".join(lines)


def move_menu(moves: Sequence[QuatreMove], lang: Lang = "en") -> list[str]:
    """The legal moves as menu lines: one line per move (the four-card game's moves
    carry no amounts, so there are no ranges to group); the words in *lang*, the cards
    in their notation.

    >>> from cau_rules.quatre import Draw, Play
    >>> move_menu([Play("5o", "5c"), Draw()]), move_menu([Draw()], "ca")
    (['5o>5c', 'draw'], ['roba'])
    """
    lang = check_lang(lang)
    entries = []
    for move in moves:
        text = str(move)
        word, _, rest = text.partition(" ")
        key = f"menu_{word}"
        if lang != "en" and key in TEXTS.entries:
            text = TEXTS(key, lang, rest) if rest else TEXTS(key, lang)
        entries.append(text)
    return entries
