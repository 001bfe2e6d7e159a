"""Move generation of the four-card game, and why a move is not legal.

The functions take the fields of a position they need (never the state), so the state,
the view and the information-state code can all ask them.

>>> from cau_rules.cards import parse_cards
>>> from cau_rules.quatre.legal import generate
>>> [str(move) for move in generate("turn", parse_cards("5o 5e 1o"), parse_cards("5c 7b"), True, None, None)]
['5o>5c', '5e>5c']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cau_rules.cards import Card, cards_text
from cau_rules.quatre.moves import Add, Draw, Give, Lay, MoveTypeError, Pass, Play, QuatreMove, parse_move
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, QuatreChain

__all__ = ["coerce_move", "generate", "layable", "legal_text", "why_illegal"]


_MOVES: dict[tuple[object, ...], QuatreMove] = {}
_DRAW: tuple[QuatreMove, ...] = (Draw(),)
_PASS: tuple[QuatreMove, ...] = (Pass(),)


def _move(kind: Callable[..., QuatreMove], *cards: Card) -> QuatreMove:
    """The interned move ``kind(*cards)``: moves are immutable values, so one object serves
    every position."""
    key = (kind, *cards)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = kind(*cards)
    return move


def generate(
    phase: Phase,
    holding: Sequence[Card],
    table: Sequence[Card],
    has_stock: bool,
    chain: QuatreChain | None,
    lay: PendingLay | None,
) -> tuple[QuatreMove, ...]:
    """Every legal move of the seat to play (holding *holding*), in canonical order.

    On a turn: every ``card>target`` pairing a held card with a table card of its rank
    (a match must be played), else ``draw``, else (empty stock) ``pass``.  During a
    chain: ``add`` each held card of the chain's rank.  During a gift: ``give`` each
    held card.  During a lay: ``lay`` each card :func:`layable` allows.

    >>> from cau_rules.cards import parse_cards
    >>> generate("turn", parse_cards("1o"), parse_cards("7b"), False, None, None)
    (Pass(),)
    """
    # Cards compare by deck order, and each phase has one kind of move, so going through
    # the cards in order lists the moves in canonical order (by ``sort_key``).
    if phase == "over":
        return ()
    if phase == "turn":
        ranks = {target.rank for target in table}
        if ranks.isdisjoint(card.rank for card in holding):
            return _DRAW if has_stock else _PASS
        targets = sorted(table)
        return tuple(_move(Play, card, target) for card in sorted(holding) if card.rank in ranks
                     for target in targets if card.rank == target.rank)
    if phase == "chain":
        assert chain is not None
        rank = chain.rank
        return tuple(_move(Add, card) for card in sorted(holding) if card.rank == rank)
    if phase == "gift":
        return tuple(_move(Give, card) for card in sorted(holding))
    assert lay is not None
    return tuple(_move(Lay, card) for card in layable(holding, lay))


def layable(holding: Sequence[Card], lay: PendingLay) -> list[Card]:
    """The cards of *holding* that may be laid next: later in deck order than the card
    laid last, with at least ``owed - 1`` such cards held after them.

    >>> from cau_rules.cards import cards_text, parse_cards
    >>> cards_text(layable(parse_cards("1o 2o 3o 4o 5o"), PendingLay(4, None)))
    '1o 2o'
    """
    later = sorted(card for card in holding if lay.after is None or card.value > lay.after.value)
    return later[: max(len(later) - lay.owed + 1, 0)]


def coerce_move(move: QuatreMove | str) -> QuatreMove:
    """*move* itself, or the move its text names.

    Raises:
        InvalidNotationError: the text is no move.
        MoveTypeError: *move* is neither a move of the four-card game nor a str (a
            TypeError and an IllegalMoveError).

    >>> coerce_move("draw")
    Draw()
    """
    if isinstance(move, str):
        return parse_move(move)
    if isinstance(move, (Play, Add, Give, Draw, Pass, Lay)):
        return move
    raise MoveTypeError(f"move must be a four-card move or its text, not {type(move).__name__}")


def legal_text(moves: Sequence[QuatreMove]) -> str:
    """The legal moves for a message: their texts, or ``none``.

    >>> legal_text((Draw(),)), legal_text(())
    ('draw', 'none')
    """
    return ", ".join(str(m) for m in moves) if moves else "none"


def why_illegal(
    move: QuatreMove,
    *,
    phase: Phase,
    seat: int,
    holding: Sequence[Card],
    table: Sequence[Card],
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    legal: Sequence[QuatreMove],
) -> str:
    """Why *move* is not among the *legal* moves of *seat*, in words.

    >>> from cau_rules.cards import parse_cards
    >>> why_illegal(Draw(), phase="turn", seat=0, holding=parse_cards("5o"), table=parse_cards("5c"),
    ...             chain=None, gift=None, lay=None, legal=(Play("5o", "5c"),))
    'seat 0 holds a card matching the table and must play it'
    """
    if phase == "chain":
        assert chain is not None
        if not isinstance(move, Add):
            return f"seat {seat} holds the chain's rank {chain.rank} and must add a card of it"
        if move.card not in holding:
            return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
        return f"{move.card} is not of the chain's rank {chain.rank}"
    if phase == "gift":
        assert gift is not None
        if not isinstance(move, Give):
            return f"seat {seat} owes seat {gift.receiver} {gift.owed} more card(s) and must give one"
        return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
    if phase == "lay":
        assert lay is not None
        if not isinstance(move, Lay):
            return f"seat {seat} must lay {lay.owed} more card(s) into the centre"
        if move.card not in holding:
            return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
        if lay.after is not None and move.card.value < lay.after.value:
            return f"a lay goes down in deck order, and {move.card} comes before {lay.after}"
        return f"after {move.card} seat {seat} holds too few later cards to lay {lay.owed} in deck order"
    if isinstance(move, (Add, Give)):
        return "no chain is pending and nobody owes a gift: it is a turn"
    if isinstance(move, Lay):
        return "a player lays cards only into a dead centre once the stock is empty"
    if isinstance(move, Play):
        if move.card not in holding:
            return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
        if move.target not in table:
            return f"{move.target} is not on the table (table: {cards_text(table)})"
        return f"{move.card} and {move.target} are not of the same rank"
    if any(isinstance(m, Play) for m in legal):
        return f"seat {seat} holds a card matching the table and must play it"
    if isinstance(move, Draw):
        return "the stock is empty"
    return "the stock is not empty: draw a card"
