"""The four-card game of the Catalan rule book (``cau-quatre``), a documented reconstruction (D-FOUR).

Four table cards, four cards each.  On your turn a card matching a table card must be
played onto it (cau); the next players in turn who hold that rank must follow (recau,
Sant Vicent); the first who cannot gives the last caller 1, 2 or 3 cards, and the last
caller takes the chain into their holding.  With no match you draw and your turn ends.
The last player holding cards wins.

>>> from cau_rules.quatre import QUATRE, new_quatre_game, quatre_state_from_dict
>>> state = new_quatre_game(QUATRE, 2, seed=3)
>>> while not state.is_over:
...     state = state.apply(state.legal_moves()[0])
>>> state.outcome().termination.name in ("LAST_HOLDER", "BLOCKED")
True
>>> quatre_state_from_dict(state.to_dict()) == state
True
"""

from cau_rules.quatre.events import (
    Added,
    ChainTaken,
    Dealt,
    Drew,
    GameEnded,
    Gave,
    Out,
    Passed,
    Played,
    QuatreEvent,
    Refilled,
    TableRefilled,
    hide_event,
)
from cau_rules.quatre.moves import Add, Draw, Give, Pass, Play, QuatreMove, format_move, parse_move
from cau_rules.quatre.rules import CALL_NAMES, MAX_CHAIN, QUATRE, QuatreRules
from cau_rules.quatre.serial import quatre_state_from_dict
from cau_rules.quatre.state import (
    BLOCKED,
    LAST_HOLDER,
    PendingGift,
    Phase,
    QuatreChain,
    QuatreState,
    new_quatre_game,
)
from cau_rules.quatre.view import QuatreView

__all__ = [
    "BLOCKED",
    "CALL_NAMES",
    "LAST_HOLDER",
    "MAX_CHAIN",
    "QUATRE",
    "Add",
    "Added",
    "ChainTaken",
    "Dealt",
    "Draw",
    "Drew",
    "GameEnded",
    "Gave",
    "Give",
    "Out",
    "Pass",
    "Passed",
    "PendingGift",
    "Phase",
    "Play",
    "Played",
    "QuatreChain",
    "QuatreEvent",
    "QuatreMove",
    "QuatreRules",
    "QuatreState",
    "QuatreView",
    "Refilled",
    "TableRefilled",
    "format_move",
    "hide_event",
    "new_quatre_game",
    "parse_move",
    "quatre_state_from_dict",
]
