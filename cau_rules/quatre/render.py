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

from collections.abc import Iterable, Sequence

from cau_rules.cards import Card
from cau_rules.outcome import GameEnded
from cau_rules.quatre.engine import outcome_of
from cau_rules.quatre.moves import QuatreMove
from cau_rules.quatre.picture import svg_state, svg_view
from cau_rules.quatre.rules import CALL_NAMES
from cau_rules.quatre.zones import Position, SeatView

__all__ = ["count_words", "move_menu", "position_screen", "render_text", "svg_state", "svg_view"]

_WORDS = ("no", "one", "two", "three", "four")


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards) or "(none)"


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


def render_text(view: SeatView) -> str:
    """One seat's view as a few labelled lines: the centre, the pending chain, gift or
    lay in words, the seat's cards, holding sizes, the cards of other holdings it knows,
    the stock, who is out, passes, the safety bound, the last move and, once the game
    is over, the result.  Lines for a zone that is empty (no chain, no gift) are left out.

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
    """
    you = view.seat

    def who(seat: int) -> str:
        return f"seat {seat} (you)" if seat == you else f"seat {seat}"

    status = "game over" if view.is_over else f"{who(view.to_play)} to play · {view.phase}"
    lines = [f"=== {view.variant} · {status} ===", f"Centre:     {_cards(view.table)}"]
    chain = view.chain
    if chain is not None:
        name = CALL_NAMES[chain.level - 1]
        played = ", ".join(f"{who(seat)} {'played' if index == 0 else 'added'} {card}"
                           for index, (seat, card) in enumerate(chain.cards))
        following = f"; {who(view.to_play)} must add a {chain.rank} ({CALL_NAMES[chain.level]})"
        lines.append(f"Chain:      {name} on {chain.target}: {played}{following}")
    gift = view.gift
    if gift is not None:
        lines.append(f"Gift:       {who(gift.giver)} owes {who(gift.receiver)} {count_words(gift.owed)} ({gift.call})")
    lay = view.lay
    if lay is not None:
        after = "" if lay.after is None else f", each later in deck order than {lay.after}"
        lines.append(f"Lay:        {who(view.to_play)} still lays {count_words(lay.owed)} into the centre{after}")
    lines.append(f"Your cards: {_cards(view.holding)}")
    lines.append("Holdings:   " + ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.holding_sizes)))
    known = [f"{who(seat)}: {_cards(cards)}" for seat, cards in enumerate(view.known) if seat != you and cards]
    lines.append(f"Known:      {'; '.join(known) if known else 'none'}")
    lines.append(f"Stock:      {_plural(view.stock_size, 'card')}")
    if view.out:
        lines.append(f"Out:        {', '.join(who(seat) for seat in view.out)}")
    if view.passes:
        lines.append(f"Passes:     {view.passes} in a row")
    if view.turns_after_stock and view.rules is not None:
        lines.append(f"Safety:     {view.turns_after_stock} of {view.rules.max_turns_after_stock} turns "
                     "without stock")
    shown = [str(event) for event in view.events if not isinstance(event, GameEnded)]
    if shown:
        lines.append(f"Last move:  {'; '.join(shown)}")
    if view.outcome is not None:
        lines.append(f"Result:     {view.outcome}")
    return "\n".join(lines)


def position_screen(position: Position) -> str:
    """The whole position as labelled lines, every card face up: the centre, the pending
    chain, gift or lay, every holding (``*`` marks a card known to all), what seats know
    privately, the stock in order (top first), who is out, the counters and the result.

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
    lines = [f"=== {position.rules.name} · "
             + ("game over" if position.phase == "over" else f"seat {position.to_play} to play · {position.phase}")
             + " ===", f"Centre:     {_cards(position.table)}"]
    chain = position.chain
    if chain is not None:
        played = ", ".join(f"seat {seat} {'played' if index == 0 else 'added'} {card}"
                           for index, (seat, card) in enumerate(chain.cards))
        lines.append(f"Chain:      {CALL_NAMES[chain.level - 1]} on {chain.target}: {played}; "
                     f"seat {position.to_play} must add a {chain.rank} ({CALL_NAMES[chain.level]})")
    gift = position.gift
    if gift is not None:
        lines.append(f"Gift:       seat {gift.giver} owes seat {gift.receiver} {count_words(gift.owed)} ({gift.call})")
    lay = position.lay
    if lay is not None:
        after = "" if lay.after is None else f", each later in deck order than {lay.after}"
        lines.append(f"Lay:        seat {position.to_play} still lays {count_words(lay.owed)} into the centre{after}")
    for seat, holding in enumerate(position.holdings):
        known = set(position.known[seat])
        shown = " ".join(card.code + ("*" if card in known else "") for card in holding) or "(none)"
        lines.append(f"Seat {seat}:     {shown}")
    for knower, holder, card in position.private:
        lines.append(f"Private:    seat {knower} knows seat {holder} holds {card}")
    lines.append(f"Stock:      {_cards(position.stock)}")
    if position.out:
        lines.append(f"Out:        {', '.join(f'seat {seat}' for seat in position.out)}")
    if position.passes:
        lines.append(f"Passes:     {position.passes} in a row")
    if position.turns_after_stock:
        lines.append(f"Safety:     {position.turns_after_stock} of {position.rules.max_turns_after_stock} turns "
                     "without stock")
    shown_events = [str(event) for event in getattr(position, "events", ()) if not isinstance(event, GameEnded)]
    if shown_events:
        lines.append(f"Last move:  {'; '.join(shown_events)}")
    if position.termination is not None:
        lines.append(f"Result:     {outcome_of(position.holdings, position.termination)}")
    return "\n".join(lines)


def move_menu(moves: Sequence[QuatreMove]) -> list[str]:
    """The legal moves as menu lines: one line per move (the four-card game's moves
    carry no amounts, so there are no ranges to group).

    >>> from cau_rules.quatre import Draw, Play
    >>> move_menu([Play("5o", "5c"), Draw()])
    ['5o>5c', 'draw']
    """
    return [str(move) for move in moves]
