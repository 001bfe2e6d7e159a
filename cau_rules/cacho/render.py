"""The text screen of a *Cacho* view (what the command line shows a player).

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.render import render_text
>>> print(render_text(new_game(CACHO, 2, seed=1).apply("bet 1").observe(1)))
=== cacho · hand 1 · round 1 · seat 1 (you) to play ===
Your cards:  5o
Holdings:    seat 0: 1, seat 1 (you): 1
Stacks:      seat 0: 19, seat 1 (you): 20
This round:  seat 0: 1, seat 1 (you): 0
Pot:         1
Stock:       22 cards
Legal moves: fold, call
"""

from __future__ import annotations

from cau_rules.cacho.moves import Bet, Raise
from cau_rules.cacho.view import CachoView
from cau_rules.cards import cards_text

__all__ = ["render_text"]


def render_text(view: CachoView) -> str:
    """A readable screen of one seat's view: the hand and round, the seat's cards, every
    seat's card count, stack and bet this round, the pot, the stock, and the legal moves
    (amounts as ranges) or the outcome."""
    you = view.seat

    def per_seat(values: tuple[int, ...]) -> str:
        return ", ".join(f"seat {seat}{' (you)' if seat == you else ''}: {value}"
                         for seat, value in enumerate(values))

    if view.is_over:
        turn = "session over"
    else:
        turn = f"seat {view.to_play}{' (you)' if view.to_play == you else ''} to play"
    redeal = f" (redeal {view.redeal})" if view.redeal else ""
    lines = [
        f"=== {view.variant} · hand {view.hand + 1}{redeal} · round {view.round} · {turn} ===",
        f"Your cards:  {cards_text(view.holding) or '(none)'}",
        f"Holdings:    {per_seat(view.holding_sizes)}",
        f"Stacks:      {per_seat(view.stacks)}",
    ]
    if not view.is_over:
        lines.append(f"This round:  {per_seat(view.round_bets)}")
        lines.append(f"Pot:         {view.pot}")
    gone = [seat for seat in range(view.players) if view.folded[seat] or not view.dealt_in[seat]]
    if gone and not view.is_over:
        lines.append("Not in:      " + ", ".join(
            f"seat {seat} ({'folded' if view.folded[seat] else 'out'})" for seat in gone))
    lines.append(f"Stock:       {view.stock_size} cards")
    if view.outcome is not None:
        lines.append(f"Outcome:     {view.outcome}")
    elif view.legal_moves:
        words = []
        for move in view.legal_moves:  # canonical order: the amounts come last
            if isinstance(move, (Bet, Raise)):
                break
            words.append(str(move))
        for word, amounts in (("bet", view.bet_range), ("raise", view.raise_range)):
            if amounts is not None:
                low, high = amounts
                words.append(f"{word} {low}" if low == high else f"{word} {low} to {high}")
        lines.append("Legal moves: " + ", ".join(words))
    return "\n".join(lines)
