"""The commonest move of a capture game applied without the engine: a trail.

``FishingState.apply`` tries :func:`trailed` first for a trail with no chain pending; it
returns None when the move does anything more (draws, deals, pays a debt), and the engine
runs instead.  It builds the next state directly from the previous one (through the state's
:func:`~cau_rules.frozen.builder`), sharing the zones the trail left unchanged.
``tests/unit/test_fishing_direct.py`` checks that it gives exactly what the engine gives,
events included.  (A direct plain capture was tried too and saved nothing: building the
state and its event is most of a move's cost either way.)

>>> from cau_rules import new_game
>>> from cau_rules.fishing.state import FishingState
>>> state = new_game("cau", players=2, seed=1)
>>> after = trailed(state, state.holdings[0][2], FishingState)
>>> after == state.apply(state.holdings[0][2].code), str(after.events[0])
(True, 'seat 0 trails 2b')
"""

from __future__ import annotations

from typing import TypeVar

from cau_rules.cards import Card
from cau_rules.fishing.engine import trailed_event
from cau_rules.fishing.zones import Position
from cau_rules.frozen import builder

__all__ = ["trailed"]

S = TypeVar("S")


def trailed(state: Position, card: Card, make: type[S]) -> S | None:
    """The state after the seat to play trails *card* with no chain pending, built
    without the engine: what ``Engine.play`` then ``end_turn`` do when no card is drawn,
    no debt can be paid (every debtor's pile is empty) and some seat still holds cards;
    None otherwise (the engine runs).  *make* is the state class to build.

    >>> from cau_rules import new_game
    >>> from cau_rules.fishing.state import FishingState
    >>> state = new_game("cau", players=2, seed=1)
    >>> after = trailed(state, state.holdings[0][2], FishingState)
    >>> [str(card) for card in after.table][-1], after.to_play
    ('2b', 1)
    """
    if (state.rules.continuous and state.stock) or sum(map(len, state.holdings)) == 1:
        return None
    piles = state.piles
    for debtor, owed in enumerate(state.debts):
        if owed and piles[debtor]:
            return None  # the engine's settle would pay a debt
    seat = state.to_play
    holdings = list(state.holdings)
    holding = holdings[seat]
    index = holding.index(card)
    holdings[seat] = holding[:index] + holding[index + 1:]
    return builder(make)(
        state.rules, state.players, state.seed, state.decks, state.hand, state.round, state.opener,
        (seat + 1) % state.players, "play", state.stock, (*state.table, card), tuple(holdings), state.piles,
        state.discard, None, (seat, card), state.debts, state.last_capturer, state.declarations,
        state.hand_scores, state.tally, state.stake, (trailed_event(seat, card),),
    )
