"""The text screen of a four-card-game view (what ``cau-rules play`` can show a seat).

>>> from cau_rules.quatre import QUATRE, new_game
>>> print(render_text(new_game(QUATRE, 2, seed=5).observe(0)))
=== cau-quatre · seat 0 (you) to play · turn ===
Centre:     11c 10c 5b 12e
Your cards: 4c 6e 7b 3b
Holdings:   seat 0 (you): 4, seat 1: 4
Known:      none
Stock:      28 cards
"""

from __future__ import annotations

from collections.abc import Iterable

from cau_rules.cards import Card
from cau_rules.quatre.rules import CALL_NAMES
from cau_rules.quatre.view import QuatreView

__all__ = ["render_text"]


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards) or "(none)"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def render_text(view: QuatreView) -> str:
    """One seat's view as a few labelled lines: the centre, the pending chain, gift or
    lay, the seat's cards, holding sizes, the cards of other holdings it knows, the
    stock, who is out, passes, and the result once the game is over.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o", holdings=["5o 5b 2o", "5e 4c"])
    >>> print(render_text(state.apply("5o>5c").observe(1)))  # doctest: +ELLIPSIS
    === cau-quatre · seat 1 (you) to play · chain ===
    Centre:     1o
    Chain:      cau on 5c: seat 0 5o
    Your cards: 5e 4c
    ...
    """
    you = view.seat

    def who(seat: int) -> str:
        return f"seat {seat} (you)" if seat == you else f"seat {seat}"

    status = "game over" if view.is_over else f"{who(view.to_play)} to play · {view.phase}"
    lines = [f"=== {view.variant} · {status} ===", f"Centre:     {_cards(view.table)}"]
    chain = view.chain
    if chain is not None:
        name = CALL_NAMES[chain.level - 1]
        played = ", ".join(f"{who(seat)} {card}" for seat, card in chain.cards)
        lines.append(f"Chain:      {name} on {chain.target}: {played}")
    gift = view.gift
    if gift is not None:
        lines.append(f"Gift:       {who(gift.giver)} owes {who(gift.receiver)} {_plural(gift.owed, 'more card')} "
                     f"({gift.call})")
    lay = view.lay
    if lay is not None:
        after = "" if lay.after is None else f", after {lay.after}"
        lines.append(f"Lay:        {who(view.to_play)} lays {_plural(lay.owed, 'more card')} into the centre{after}")
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
    if view.outcome is not None:
        lines.append(f"Result:     {view.outcome}")
    return "\n".join(lines)
