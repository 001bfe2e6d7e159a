"""Information-state hooks of *Cacho* (RULES D-VIEW-2), for :mod:`cau_rules.ai.infostate`.

A Cacho seat needs no memory beyond its latest view: the only cards ever shown are those
of a showdown, which ends the hand, and the next hand reshuffles all 24 cards.  So
:func:`start` and :func:`update` keep nothing, and :func:`resample_fields` redraws every
card the seat has not seen (the other holdings and the stock) at random.  The family
record wraps it into ``resample`` (it builds the state from the fields).

>>> import random
>>> from cau_rules.cacho import CACHO, CachoState, new_game
>>> from cau_rules.cacho.infer import resample_fields, start
>>> state = new_game(CACHO, 3, seed=4).apply("bet 1")
>>> view = state.observe(1)
>>> guess = CachoState(**resample_fields(CACHO, 3, view, start(CACHO, 3, view), random.Random(2)))
>>> guess.holdings[1] == state.holdings[1], guess.holding_sizes == state.holding_sizes
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.view import CachoView
from cau_rules.cards import Card

__all__ = ["resample_fields", "start", "update"]


def start(rules: CachoRules, players: int, view: CachoView) -> None:
    """The memory of a seat that first sees *view*: nothing."""
    return None


def update(memory: object, rules: CachoRules, view: CachoView) -> None:
    """The memory after the seat also sees *view*: still nothing."""
    return None


def resample_fields(
    rules: CachoRules, players: int, view: CachoView, memory: object, rng: random.Random
) -> dict[str, Any]:
    """The fields of a full state that gives ``view.seat`` exactly *view*: the seat's own
    cards stay, every other card is shuffled with *rng* and dealt to the other seats (as
    many as each holds) and the stock.  Supplied deck orders are unknown to the seat and
    left out; the seed is drawn from *rng*."""
    mine = set(view.holding)
    pool = [card for card in rules.deck.cards if card not in mine]
    rng.shuffle(pool)
    holdings: list[tuple[Card, ...]] = []
    for seat in range(players):
        if seat == view.seat:
            holdings.append(view.holding)
        else:
            count = view.holding_sizes[seat]
            holdings.append(tuple(pool[:count]))
            del pool[:count]
    return {
        "rules": rules, "seed": rng.randrange(2**31), "decks": (), "hand": view.hand,
        "redeal": view.redeal, "dealer": view.dealer, "round": view.round, "stacks": view.stacks,
        "contributions": view.contributions, "round_bets": view.round_bets,
        "holdings": tuple(holdings), "stock": tuple(pool), "dealt_in": view.dealt_in,
        "folded": view.folded, "to_act": view.to_act, "to_play": view.to_play,
        "termination": None if view.outcome is None else view.outcome.termination,
    }
