"""The greedy heuristic of *Cacho*: what :class:`cau_rules.bots.GreedyBot` plays here.

It rates its own cards: two or three of one suit (or the three 6s) are strong, a 5 or a 6
is middling, anything else weak.  It bets the smallest bet when strong, or with a middling
first card (one card cannot be strong, and a table of players who only ever pass the first
round plays only void hands), otherwise passes (checks) when nobody has bet; facing a bet it calls unless weak, when it folds.  It never
raises.  Only the view is read.

>>> import random
>>> from cau_rules.cacho import CACHO, CachoState
>>> from cau_rules.cacho.policy import greedy
>>> state = CachoState.from_position(CACHO.replace(stack=12), 2, holdings=("1o 2o 6c", "4e 5b 1b"),
...                                  contributions=(3, 3))
>>> str(greedy(state.observe(0), random.Random(0)))
'bet 1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass
from cau_rules.cards import Card
from cau_rules.errors import IllegalMoveError

__all__ = ["greedy", "strength"]

_PASS, _CALL, _FOLD = Pass(), Call(), Fold()


class SeatView(Protocol):
    """What the policy reads of a view: the seat, its legal moves and its cards."""

    @property
    def seat(self) -> int: ...

    @property
    def legal_moves(self) -> Sequence[Any]: ...

    @property
    def holding(self) -> Sequence[Card]: ...


def strength(cards: Sequence[Card]) -> int:
    """0 weak, 1 middling, 2 strong: two or three cards of one suit (or the three 6s) are
    strong, a 5 or 6 is middling; no card at all counts as middling.

    >>> from cau_rules.cards import parse_cards
    >>> strength(parse_cards("1o 2o")), strength(parse_cards("6c 1o")), strength(parse_cards("1o 2c 3e"))
    (2, 1, 0)
    """
    if not cards:
        return 1
    suits = [card.suit for card in cards]
    if max(suits.count(suit) for suit in suits) >= 2 or (
        len(cards) == 3 and all(card.rank == 6 for card in cards)
    ):
        return 2
    return 1 if max(card.rank for card in cards) >= 5 else 0


def greedy(view: SeatView, rng: random.Random) -> CachoMove:
    """The greedy choice among ``view.legal_moves`` (see the module text).

    Ties never arise; *rng* only picks among the moves if none of the rules applies.

    Raises:
        IllegalMoveError: the view lists no legal move (not the seat's turn).
    """
    moves = view.legal_moves
    if not moves:
        raise IllegalMoveError(
            f"seat {view.seat} has no legal move in this view: it is not its turn, or the game is over"
        )
    cards = [card for card in view.holding if isinstance(card, Card)]
    rating = strength(cards)
    eager = rating == 2 or (rating == 1 and len(cards) == 1)
    if eager and len(moves) > 1 and isinstance(moves[1], Bet):
        # Canonical order: pass, then the bets from the smallest.
        smallest: CachoMove = moves[1]
        return smallest
    if _PASS in moves:
        return _PASS
    folds = _FOLD in moves
    if _CALL in moves and (rating >= 1 or not folds):
        return _CALL
    if folds:
        return _FOLD
    choice: CachoMove = rng.choice(moves)
    return choice
