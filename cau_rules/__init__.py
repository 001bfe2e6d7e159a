"""cau_rules: the rules of Cau, Cau robat, Cau recau i Sant Vicent, the four-card game and
Cacho.

Start a game by preset name, list the legal moves, apply one, and read what happened:

>>> import cau_rules
>>> state = cau_rules.new_game("cau", players=2, seed=1)
>>> move = state.legal_moves()[0]
>>> state = state.apply(move)
>>> [str(event) for event in state.events]
['seat 0 trails 12o']

The shared names (cards, errors, the outcome, the registry, JSON text) live here; each
game family is a module with the same shape: :mod:`cau_rules.fishing` (the capture
games), :mod:`cau_rules.quatre` (the four-card game) and :mod:`cau_rules.cacho`.

>>> type(state).__name__, cau_rules.fishing.FishingState is type(state)
('FishingState', True)
"""

from cau_rules import cacho, fishing, quatre
from cau_rules.cards import CACHO_24, DECKS, FRENCH_40, SPANISH_40, SPANISH_48, Card, Deck, Suit, parse_cards
from cau_rules.errors import (
    CauRulesError,
    GameOverError,
    IllegalMoveError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    MoveTypeError,
)
from cau_rules.game import Family, GameRules, GameState, GameView
from cau_rules.moved import install as _install_moved_names
from cau_rules.notation import dumps, loads
from cau_rules.outcome import GameEnded, Outcome, Termination
from cau_rules.registry import FAMILIES, family_of, get_rules, load_state, new_game, variants

_install_moved_names()  # the deprecated module names (cau_rules.moved) import until 0.3.0

__version__ = "0.2.0"

__all__ = [
    "CACHO_24",
    "DECKS",
    "FAMILIES",
    "FRENCH_40",
    "SPANISH_40",
    "SPANISH_48",
    "Card",
    "CauRulesError",
    "Deck",
    "Family",
    "GameEnded",
    "GameOverError",
    "GameRules",
    "GameState",
    "GameView",
    "IllegalMoveError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "MoveTypeError",
    "Outcome",
    "Suit",
    "Termination",
    "__version__",
    "cacho",
    "dumps",
    "family_of",
    "fishing",
    "get_rules",
    "load_state",
    "loads",
    "new_game",
    "parse_cards",
    "quatre",
    "variants",
]
