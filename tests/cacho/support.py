"""Small builders shared by the Cacho tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cau_rules.cacho import Bet, CachoMove, CachoRules, CachoState, Raise, new_game
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


def random_move(state: CachoState, chooser: random.Random) -> CachoMove:
    """A random legal move: a kind of move first, then an amount from its whole range."""
    moves = state.legal_moves()
    kinds = {type(move): move for move in reversed(moves[:3])}  # the amounts come last
    move: CachoMove = chooser.choice(sorted(kinds.values(), key=lambda m: m.sort_key()))
    if isinstance(move, Bet):
        low, high = state.bet_range() or (move.amount, move.amount)
        return Bet(chooser.randint(low, high))
    if isinstance(move, Raise):
        low, high = state.raise_range() or (move.to, move.to)
        return Raise(chooser.randint(low, high))
    return move


def random_session(rules: CachoRules, players: int, seed: int, choices: int,
                   decks: Sequence[Sequence[Card]] | None = None) -> list[CachoState]:
    """Every state of a session played with random legal moves (drawn from *choices*)."""
    chooser = random.Random(f"{choices}:moves")
    state = new_game(rules, players, seed=seed, decks=decks)
    states = [state]
    while not state.is_over:
        state = state.apply(random_move(state, chooser))
        states.append(state)
        assert len(states) <= 100_000, "the session does not end"
    return states
