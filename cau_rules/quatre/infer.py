"""Information states of the four-card game: what a seat remembers, and resampling.

A seat's view already carries everything it knows (D-VIEW-2, D-FOUR-3): the cards taken
from chains and still known to all, the gifts it gave or saw, the lay under way and the
passes in a row.  So the memory is empty (:func:`start` and :func:`update` return None)
and :func:`resample_fields` deals, from the view alone, the field values of a full
position that gives the seat exactly that view.  The family record wraps them in a
:class:`cau_rules.game.Inference` whose ``resample`` builds the state.

>>> import random
>>> from cau_rules.quatre import QUATRE, QuatreState, new_game
>>> state = new_game(QUATRE, 3, seed=2)
>>> view = state.observe(1)
>>> guess = QuatreState(**resample_fields(QUATRE, 3, view, start(QUATRE, 3, view), random.Random(4)))
>>> guess.holdings[1] == state.holdings[1], guess.table == state.table, guess == state
(True, True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cau_rules.cards import Card
from cau_rules.errors import InvalidPositionError
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.validate import position_fields
from cau_rules.quatre.view import QuatreView

__all__ = ["resample_fields", "start", "update"]


def start(rules: QuatreRules, players: int, view: QuatreView) -> None:
    """The memory of a seat that first sees *view*: none, the view says it all.

    >>> start(None, 2, None) is None
    True
    """
    return None


def update(memory: object, rules: QuatreRules, view: QuatreView) -> None:
    """The memory after the seat also sees *view*: still none.

    >>> update(None, None, None) is None
    True
    """
    return None


def _take(pool: list[Card], fits: Callable[[Card], bool]) -> Card:
    """Remove and return the first card of *pool* that *fits*."""
    for card in pool:
        if fits(card):
            pool.remove(card)
            return card
    raise InvalidPositionError("no deal is consistent with this information state")


def resample_fields(
    rules: QuatreRules, players: int, view: QuatreView, memory: object, rng: random.Random
) -> dict[str, Any]:
    """The field values of a full position that gives ``view.seat`` exactly *view*,
    drawn with *rng*.

    The cards the seat does not know are redrawn: the stock and the unknown part of
    every other holding; cards it knows (taken from a chain and not hidden since by a
    gift of their holder, given or received) stay put (D-VIEW-2, D-FOUR-3).  What the
    moves so far show is kept true: a seat asked to add to a chain holds the chain's
    rank; a seat that passed since the centre last changed holds none of its ranks; a
    seat laying into the centre holds enough cards after the one it laid last.

    Raises:
        InvalidPositionError: no deal fits the view.
    """
    n = players
    observer = view.seat
    seen = set(view.holding) | set(view.table)
    if view.chain is not None:
        seen.update(view.chain.all_cards)
    for seat in range(n):
        if seat != observer:
            seen.update(view.known[seat])
    pool = [card for card in rules.deck.cards if card not in seen]
    rng.shuffle(pool)
    # cards some seat is known to hold, beyond the ones the observer knows by name
    must_hold: dict[int, list[Card]] = {seat: [] for seat in range(n)}
    # ranks some seat is known not to hold
    lacks: dict[int, set[int]] = {seat: set() for seat in range(n)}
    mover = view.to_play
    chain = view.chain
    if (view.phase == "chain" and chain is not None and mover != observer
            and not any(card.rank == chain.rank for card in view.known[mover])):
        must_hold[mover].append(_take(pool, lambda card: card.rank == chain.rank))
    if view.phase == "lay" and view.lay is not None and mover != observer:
        after = view.lay.after
        later = [card for card in view.known[mover] if after is None or card.value > after.value]
        for _ in range(max(view.lay.owed - len(later), 0)):
            must_hold[mover].append(_take(pool, lambda card: after is None or card.value > after.value))
    if view.phase == "turn" and view.passes:
        table_ranks = {card.rank for card in view.table}
        seat = mover
        for _ in range(view.passes):  # the seats that passed, going back from the mover
            seat = (seat - 1) % n
            while seat in view.out:
                seat = (seat - 1) % n
            lacks[seat] = table_ranks
    holdings: list[tuple[Card, ...]] = []
    known: list[tuple[Card, ...]] = []
    # seats that must avoid ranks first, so that the cards they cannot hold go to others
    order = sorted(range(n), key=lambda seat: not lacks[seat])
    dealt: dict[int, tuple[Card, ...]] = {}
    for seat in order:
        if seat == observer:
            dealt[seat] = view.holding
            continue
        fixed = (*view.known[seat], *must_hold[seat])
        extra = view.holding_sizes[seat] - len(fixed)
        fits = [card for card in pool if card.rank not in lacks[seat]][:extra]
        if len(fits) < extra:
            raise InvalidPositionError("no deal is consistent with this information state")
        for card in fits:
            pool.remove(card)
        dealt[seat] = (*fixed, *fits)
    for seat in range(n):
        holdings.append(dealt[seat])
        known.append(() if seat == observer else tuple(view.known[seat]))
    return position_fields(
        rules, n, holdings=holdings, table=view.table, stock=pool, to_play=view.to_play,
        phase=view.phase, starter=view.starter, chain=view.chain, gift=view.gift, lay=view.lay, known=known,
        private=(), out=view.out, passes=view.passes, turns_after_stock=view.turns_after_stock,
        termination=None if view.outcome is None else view.outcome.termination,
        seed=rng.randrange(2**31),
    )
