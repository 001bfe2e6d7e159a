"""The four-card game of the Catalan rule book (``cau-quatre``), a documented reconstruction (D-FOUR).

Four table cards, four cards each.  On your turn a card matching a table card must be
played onto it (cau); the next players in turn who hold that rank must follow (recau,
Sant Vicent); the first who cannot gives the last caller 1, 2 or 3 cards, and the last
caller takes the chain into their holding.  With no match you draw and your turn ends.
Once the stock is empty a dead centre (empty, or passed by every player) gets four cards
from the holding of the player to move.  The last player holding cards wins.

>>> from cau_rules.quatre import QUATRE, QuatreState, new_game
>>> state = new_game(QUATRE, 2, seed=3)
>>> while not state.is_over:
...     state = state.apply(state.legal_moves()[0])
>>> state.outcome().termination.name in ("LAST_HOLDER", "SAFETY_BOUND")
True
>>> QuatreState.from_dict(state.to_dict()) == state
True
"""

from cau_rules.quatre.codec import QuatreCodec
from cau_rules.quatre.events import (
    Added,
    CentreTaken,
    ChainTaken,
    Dealt,
    Drew,
    GameEnded,
    Gave,
    Laid,
    LayDue,
    Out,
    Passed,
    Played,
    QuatreEvent,
    Refilled,
    TableRefilled,
    hide_event,
)
from cau_rules.quatre.family import FAMILY
from cau_rules.quatre.moves import (
    Add,
    Draw,
    Give,
    Lay,
    MoveTypeError,
    Pass,
    Play,
    QuatreMove,
    format_move,
    parse_move,
)
from cau_rules.quatre.render import svg_state, svg_view
from cau_rules.quatre.rules import CALL_NAMES, MAX_CHAIN, QUATRE, QuatreRules
from cau_rules.quatre.state import QuatreState, load, new_game
from cau_rules.quatre.view import QuatreView
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, QuatreChain

__all__ = [
    "CALL_NAMES",
    "FAMILY",
    "MAX_CHAIN",
    "QUATRE",
    "Add",
    "Added",
    "CentreTaken",
    "ChainTaken",
    "Dealt",
    "Draw",
    "Drew",
    "GameEnded",
    "Gave",
    "Give",
    "Laid",
    "Lay",
    "LayDue",
    "MoveTypeError",
    "Out",
    "Pass",
    "Passed",
    "PendingGift",
    "PendingLay",
    "Phase",
    "Play",
    "Played",
    "QuatreChain",
    "QuatreCodec",
    "QuatreEvent",
    "QuatreMove",
    "QuatreRules",
    "QuatreState",
    "QuatreView",
    "Refilled",
    "TableRefilled",
    "format_move",
    "hide_event",
    "load",
    "new_game",
    "parse_move",
    "svg_state",
    "svg_view",
]
