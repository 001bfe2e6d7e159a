"""Helpers for scenario tests: exact positions with every other card out of play."""

from __future__ import annotations

from typing import Any

import pytest

from cau_rules.cards import Card, parse_cards
from cau_rules.errors import IllegalMoveError
from cau_rules.fishing.events import Paid
from cau_rules.fishing.moves import Play
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.notation import dumps


def position(rules: FishingRules, players: int, **zones: Any) -> FishingState:
    """An exact position; every deck card not placed in a zone goes to the discard
    (out of play) so the stock is exactly what ``stock`` says (empty by default)."""
    placed: set[Card] = set()
    for key in ("table", "discard", "stock"):
        if key in zones:
            placed.update(parse_cards(zones[key]))
    for key in ("holdings", "piles"):
        for zone in zones.get(key) or ():
            placed.update(parse_cards(zone))
    chain = zones.get("chain")
    if chain is not None:
        placed.update(card for _, card in chain.cards)
    rest = [card for card in rules.deck.cards if card not in placed]
    zones.setdefault("stock", ())
    zones["discard"] = (*parse_cards(zones.get("discard", ())), *rest)
    return FishingState.from_position(rules, players, **zones)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from codes."""
    return parse_cards(text)


def card(code: str) -> Card:
    """One card from its code."""
    return cards(code)[0]


def deck_with(rules: FishingRules, top: str) -> list[Card]:
    """A full deck order whose first cards are *top*, the rest in deck order."""
    first = list(parse_cards(top))
    return first + [card for card in rules.deck.cards if card not in first]


def plays(state: FishingState) -> list[Play]:
    """The legal moves of *state*, which must all be plays (asserted)."""
    moves = list(state.legal_moves())
    assert all(isinstance(move, Play) for move in moves), f"not only plays: {[str(m) for m in moves]}"
    return [move for move in moves if isinstance(move, Play)]


def moves(state: FishingState, card: str | None = None) -> list[str]:
    """The legal moves of *state* as texts (only the plays of the card *card*, if given)."""
    return [str(m) for m in state.legal_moves() if card is None or (isinstance(m, Play) and m.card.code == card)]


def paid(state: FishingState) -> list[tuple[int, int, str | None, str | None]]:
    """The last move's payments, in order: (payer, receiver, card code, reason) for each
    ``Paid`` event."""
    return [(e.payer, e.receiver, e.card.code if e.card else None, e.reason.value if e.reason else None)
            for e in state.events if isinstance(e, Paid)]


def refused(state: FishingState, move: str, match: str) -> None:
    """Assert that *state* refuses *move* with an ``IllegalMoveError`` whose message
    matches *match* (a regular expression), and is unchanged."""
    before = dumps(state)
    with pytest.raises(IllegalMoveError, match=match):
        state.apply(move)
    assert dumps(state) == before
