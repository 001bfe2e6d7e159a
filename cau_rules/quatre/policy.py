"""The greedy heuristic of the four-card game (what ``GreedyBot`` plays).

It reads only the seat's view.  Gifts: a card of the rank held most, and not matching
the table.  Caus: the rank held most (the seat can follow its own chain), then the one
with the fewest copies unseen (an opponent is less likely to follow).  Lays into a dead
centre: see :func:`lay_choice`.  Otherwise (a draw, a pass, a forced addition) any
legal move.

>>> import random
>>> from cau_rules.quatre import QUATRE, QuatreState
>>> state = QuatreState.from_position(QUATRE, 2, table="5c 7b 10e 12e", holdings=["5o 7o 7c 1b", "2o 3o 4o 6o"])
>>> str(greedy(state.observe(0), random.Random(0)))  # a 7: seat 0 holds two, so it can follow
'7c>7b'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cau_rules.cards import Card
from cau_rules.errors import IllegalMoveError
from cau_rules.quatre.moves import Give, Lay, Play, QuatreMove
from cau_rules.quatre.view import QuatreView

__all__ = ["greedy", "lay_choice"]


def greedy(view: QuatreView, rng: random.Random) -> QuatreMove:
    """The greedy choice among ``view.legal_moves`` (ties broken with *rng*).

    Raises:
        IllegalMoveError: the view lists no legal move (not the seat's turn, or over).
    """
    moves = view.legal_moves
    if not moves:
        raise IllegalMoveError(
            f"seat {view.seat} has no legal move in this view: it is not its turn, or the game is over"
        )
    ranks = [card.rank for card in view.holding]
    table_ranks = {card.rank for card in view.table}
    if view.lay is not None and any(isinstance(move, Lay) for move in moves):
        return lay_choice(view, moves, rng)
    gifts = [move for move in moves if isinstance(move, Give)]
    if gifts:
        def gift_cost(move: Give) -> tuple[int, int]:  # duplicates first, table matches last
            rank = move.card.rank
            return (-ranks.count(rank), 1 if rank in table_ranks else 0)

        low = min(gift_cost(move) for move in gifts)
        return rng.choice([move for move in gifts if gift_cost(move) == low])
    plays = [move for move in moves if isinstance(move, Play)]
    if plays:
        seen = _seen(view)

        def play_cost(move: Play) -> tuple[int, int]:
            # the rank held most (the seat can follow its own chain), then the fewest
            # copies unseen (an opponent is less likely to follow)
            rank = move.card.rank
            return (-ranks.count(rank), 4 - sum(card.rank == rank for card in seen))

        low = min(play_cost(move) for move in plays)
        return rng.choice([move for move in plays if play_cost(move) == low])
    return rng.choice(list(moves))


def _seen(view: QuatreView) -> list[Card]:
    """The cards the seat sees: its holding, the table, the known cards of others."""
    seen = [*view.holding, *view.table]
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            seen.extend(cards)
    return seen


def lay_choice(view: QuatreView, moves: Sequence[QuatreMove], rng: random.Random) -> QuatreMove:
    """The next card of the best lay.  The rest of the lay is planned whole: ``owed``
    times, of the cards still layable, the one whose rank the seat holds most copies
    of (counting the cards already planned as gone), so that a copy stays in hand to
    cau onto it later; ties: a rank not laid or planned yet in this lay, the fewest
    copies not seen, then the lower card.  The plan's lowest card goes down first, as
    the deck-order rule asks."""
    lay = view.lay
    assert lay is not None
    seen = _seen(view)
    after = lay.after
    layable = [card for card in view.holding if after is None or card.value > after.value]
    left: dict[int, int] = {}
    for card in view.holding:
        left[card.rank] = left.get(card.rank, 0) + 1
    # the cards laid so far in this lay end the centre (a lay starts with table_size
    # cards to lay unless the holding was shorter, when every card goes anyway)
    size = view.rules.table_size if view.rules is not None else 4
    laid = list(view.table[max(len(view.table) - (size - lay.owed), 0):]) if after is not None else []
    plan: list[Card] = []

    def cost(card: Card) -> tuple[int, int, int, int]:
        planned = sum(1 for other in (*laid, *plan) if other.rank == card.rank)
        unseen = 4 - sum(1 for other in seen if other.rank == card.rank)
        return (-left[card.rank], planned, unseen, card.value)

    for _ in range(min(lay.owed, len(layable))):
        best = min(layable, key=cost)
        plan.append(best)
        layable.remove(best)
        left[best.rank] -= 1
    move = Lay(min(plan, key=lambda card: card.value)) if plan else None
    return move if move is not None and move in moves else rng.choice(list(moves))
