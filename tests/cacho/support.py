"""Small builders shared by the Cacho tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cau_rules.cacho import CachoMove, CachoRules, CachoState, new_game
from cau_rules.cards import CACHO_24, Card, parse_cards


def stacked_deck(top: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """A deck order with *top* first (index 0 the top), then every other card in deck order."""
    first = parse_cards(top)
    return first + tuple(card for card in CACHO_24.cards if card not in first)


def game(rules: CachoRules, players: int, top: str = "", seed: int = 0) -> CachoState:
    """A new session whose first hand is dealt from ``stacked_deck(top)``."""
    return new_game(rules, players, seed=seed, decks=[stacked_deck(top)] if top else None)


def play(state: CachoState, moves: str | Sequence[CachoMove | str]) -> CachoState:
    """*state* after the moves, written ``"bet 1, call, fold"`` or given as a list."""
    items = [part.strip() for part in moves.split(",")] if isinstance(moves, str) else list(moves)
    for move in items:
        state = state.apply(move)
    return state


def event_names(state: CachoState) -> list[str]:
    """The class names of the events of the move that made *state*."""
    return [type(event).__name__ for event in state.events]
