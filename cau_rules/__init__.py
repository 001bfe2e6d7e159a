"""cau_rules: the rules of Cau, Cau robat, Cau recau i Sant Vicent and Cacho.

Start a game by preset name, list the legal moves, apply one, and read what happened:

>>> import cau_rules
>>> state = cau_rules.new_game("cau", players=2, seed=1)
>>> move = state.legal_moves()[0]
>>> state = state.apply(move)
>>> [str(event) for event in state.events]
['seat 0 trails 12o']
"""

from cau_rules.cards import CACHO_24, DECKS, FRENCH_40, SPANISH_40, SPANISH_48, Card, Deck, Suit, parse_cards
from cau_rules.errors import (
    CauRulesError,
    GameOverError,
    IllegalMoveError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.fishing import (
    Call,
    Chain,
    Declare,
    FishingRules,
    FishingState,
    FishingView,
    Play,
    parse_move,
)
from cau_rules.notation import dumps, loads
from cau_rules.outcome import Outcome
from cau_rules.registry import get_rules, load_state, new_game, variants

__version__ = "0.1.0"

__all__ = [
    "CACHO_24",
    "DECKS",
    "FRENCH_40",
    "SPANISH_40",
    "SPANISH_48",
    "Call",
    "Card",
    "CauRulesError",
    "Chain",
    "Deck",
    "Declare",
    "FishingRules",
    "FishingState",
    "FishingView",
    "GameOverError",
    "IllegalMoveError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "Outcome",
    "Play",
    "Suit",
    "__version__",
    "dumps",
    "get_rules",
    "load_state",
    "loads",
    "new_game",
    "parse_cards",
    "parse_move",
    "variants",
]
