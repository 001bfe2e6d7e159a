"""The capture family's greedy heuristic: a one-move lookahead from a seat's view.

:func:`greedy` is what :class:`cau_rules.bots.GreedyBot` plays in this family:

- in a declaration phase it declares the best ronda it can;
- it takes the capture worth the most cards: the played and matched cards, each table
  card of the run and the whole size of each pile taken, plus the cards the opponents
  pay for a chain call (cau, recau, contracau) or a neta;
- on equal value it prefers a chain call, then a move announcing more calls;
- when it cannot capture, it trails the card whose rank helps the next player least:
  few unseen cards of that rank and a short run it would open on the table;
- in the Valencian ronda stake it opens with the smallest bid (4 with a rondí), accepts
  when it holds a rondí or a ronda of Cavall or Rei, and refuses otherwise.

Every figure comes from the view.  Remaining ties are broken with *rng*, so a game is
reproducible from a seed.

>>> import random
>>> from cau_rules.fishing import CAU, FishingState
>>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c 4b", "1b"])
>>> str(greedy(state.observe(0), random.Random(0)))
'8c+1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cau_rules.cards import SPANISH_48, Card
from cau_rules.errors import IllegalMoveError
from cau_rules.fishing.legal import bid_amount
from cau_rules.fishing.moves import Accept, Bid, Call, Declare, FishingMove, Play, Refuse
from cau_rules.fishing.view import FishingView

__all__ = ["greedy"]

_DECLARE_ORDER: dict[Call | None, int] = {None: 0, Call.RONDA: 1, Call.RONDI: 2}


def greedy(view: FishingView, rng: random.Random) -> FishingMove:
    """The greedy choice among ``view.legal_moves`` (see the module docstring).

    Raises:
        IllegalMoveError: the view lists no legal move (it is not the seat's turn).
    """
    moves = view.legal_moves
    if not moves:
        raise IllegalMoveError(
            f"seat {view.seat} has no legal move in this view: it is not its turn, or the game is over"
        )
    if view.phase == "bid":
        return _stake_choice(view, moves)
    return _play_choice(view, moves, rng)


def _stake_choice(view: FishingView, moves: Sequence[FishingMove]) -> FishingMove:
    """Answer a bid by the holding's strength; else open with the smallest bid (4 with
    a rondí).  The numeric bids are a range at the start of *moves* (read lazily)."""
    ranks = [card.rank for card in view.holding]
    pairs = [rank for rank in ranks if ranks.count(rank) >= 2]
    rondi = any(ranks.count(rank) >= 3 for rank in ranks)
    strong = rondi or (bool(pairs) and max(pairs) >= 11)
    if Accept() in moves:
        return Accept() if strong else Refuse()
    low = bid_amount(moves[0])
    if low is not None:
        wanted = 4 if rondi else low
        return Bid(wanted) if wanted >= low and Bid(wanted) in moves else Bid(low)
    return next(move for move in moves if isinstance(move, Bid))


def _play_choice(view: FishingView, moves: Sequence[FishingMove], rng: random.Random) -> FishingMove:
    declares = [move for move in moves if isinstance(move, Declare)]
    if declares:
        best = max(_DECLARE_ORDER.get(move.call, 0) for move in declares)
        return rng.choice([move for move in declares if _DECLARE_ORDER.get(move.call, 0) == best])
    chain = view.chain
    seat = view.seat
    claimed = {rank for rank, owner in chain.run if owner < 0} if chain is not None else set()
    base_table = [card for card in view.table if card.rank not in claimed]
    base_ranks = {card.rank for card in base_table}
    # Piles as they will be once a pending chain is completed (for non-chain moves).
    base_piles = list(view.pile_sizes)
    if chain is not None:
        gained = chain.level + len(claimed)
        for _, owner in chain.run:
            if owner >= 0:
                gained += base_piles[owner]
                base_piles[owner] = 0
        base_piles[chain.caller] += gained
    trail_rank = view.trail[1].rank if view.trail is not None else -1
    others = view.players - 1

    best_key: tuple[int, int, int, float] | None = None
    best_moves: list[FishingMove] = []
    for move in moves:
        if not isinstance(move, Play):
            continue
        rank = move.card.rank
        table_units = move.run - len(move.piles)
        if chain is not None and rank == chain.rank:
            cards = (*chain.cards, (seat, move.card))
            taken = len(cards) + table_units + sum(view.pile_sizes[p] for p in move.piles)
            paid = sum(pos + 1 for pos, (payer, _) in enumerate(cards[:-1]) if payer != seat)
            key = (taken + paid, 1, len(move.calls), 0.0)
        elif rank in base_ranks:
            in_chain = rank == trail_rank
            taken = 2 + table_units + sum(base_piles[p] for p in move.piles)
            paid = 1 if in_chain and view.trail is not None and view.trail[0] != seat else 0
            if not in_chain and table_units == len(base_table) - 1:
                paid += others  # a neta: the table is swept
            key = (taken + paid, int(in_chain), len(move.calls), 0.0)
        else:
            key = (0, 0, 0, -_trail_help(view, move.card, base_ranks))
        if best_key is None or key > best_key:
            best_key, best_moves = key, [move]
        elif key == best_key:
            best_moves.append(move)
    if not best_moves:
        return rng.choice(moves)
    return best_moves[0] if len(best_moves) == 1 else rng.choice(best_moves)


def _trail_help(view: FishingView, card: Card, table_ranks: set[int]) -> float:
    """How much trailing *card* may help the next player: the unseen cards that could
    match it, weighted by what a match would take (the card, the run it opens, and the
    cau it would call); plus the unseen cards of the rank below if it is on the table
    (the trailed card would lengthen their run)."""
    rules = view.rules
    deck, wrap = (rules.deck, rules.wrap) if rules is not None else (SPANISH_48, False)
    if card.rank not in deck.ranks:
        return 0.0
    seen = view.visible_cards()
    rank = card.rank

    def unseen(of_rank: int) -> int:
        return sum(1 for c in deck.cards if c.rank == of_rank and c not in seen)

    run = 0
    nxt = deck.next_rank(rank, wrap)
    while nxt and nxt != rank and nxt in table_ranks:
        run += 1
        nxt = deck.next_rank(nxt, wrap)
    help_value = float(unseen(rank) * (3 + run))
    below = [r for r in deck.ranks if deck.next_rank(r, wrap) == rank]
    if below and below[0] in table_ranks:
        help_value += unseen(below[0])
    return help_value
