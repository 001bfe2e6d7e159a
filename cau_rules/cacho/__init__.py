"""*Cacho*, the betting game of the Spanish text of 1729 (decisions D-CACHO): rules, hand evaluation, state.

A session starts with :func:`new_game`; each hand deals three cards one at a time, with a
betting round after each (fixed bets 1 and 2, then free bets up to the *resto*), and the
best three-card hand takes the pot.  :data:`FAMILY` is the family's plug-in record.

>>> from cau_rules.cacho import CACHO, new_game, evaluate
>>> state = new_game(CACHO, 3, seed=11)
>>> [str(move) for move in state.legal_moves()]
['pass', 'bet 1']
>>> evaluate("6o 6c 6e") > evaluate("4b 5b 6b")
True
"""

from __future__ import annotations

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.events import (
    BetPlaced,
    CachoEvent,
    Called,
    Dealt,
    Folded,
    GameEnded,
    HandEnded,
    HandStarted,
    HandVoid,
    Passed,
    PotWon,
    Raised,
    Showdown,
    event_to_dict,
)
from cau_rules.cacho.family import FAMILY
from cau_rules.cacho.hands import HandClass, HandValue, best_seats, compare, evaluate
from cau_rules.cacho.moves import (
    Bet,
    CachoMove,
    Call,
    Fold,
    MoveTypeError,
    Pass,
    Raise,
    format_move,
    parse_move,
)
from cau_rules.cacho.rules import CACHO, CachoRules, Resto
from cau_rules.cacho.state import CachoState, cacho_state_from_dict, new_game
from cau_rules.cacho.view import CachoView
from cau_rules.cacho.zones import Pot

__all__ = [
    "CACHO",
    "FAMILY",
    "Bet",
    "BetPlaced",
    "CachoCodec",
    "CachoEvent",
    "CachoMove",
    "CachoRules",
    "CachoState",
    "CachoView",
    "Call",
    "Called",
    "Dealt",
    "Fold",
    "Folded",
    "GameEnded",
    "HandClass",
    "HandEnded",
    "HandStarted",
    "HandValue",
    "HandVoid",
    "MoveTypeError",
    "Pass",
    "Passed",
    "Pot",
    "PotWon",
    "Raise",
    "Raised",
    "Resto",
    "Showdown",
    "best_seats",
    "cacho_state_from_dict",
    "compare",
    "evaluate",
    "event_to_dict",
    "format_move",
    "new_game",
    "parse_move",
]
