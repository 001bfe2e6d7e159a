"""The capture ("fishing") family: Cau, Cau robat and the 001 rules, one engine.

>>> from cau_rules.fishing import CAU_ROBAT, new_fishing_game
>>> new_fishing_game(CAU_ROBAT, 2, seed=3).players
2
"""

from cau_rules.fishing.draw import DrawnCard, SeatDraw, draw_for_seats
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Dealt,
    DebtIncurred,
    Declared,
    FishingEvent,
    GameEnded,
    HandEnded,
    HandStarted,
    LeftoversTaken,
    Paid,
    PartidaWon,
    Scored,
    Showdown,
    StakeAnswered,
    StakeBid,
    StakeOpened,
    TableReplaced,
    Trailed,
)
from cau_rules.fishing.moves import (
    GAME,
    Accept,
    Bid,
    Call,
    Declare,
    FishingMove,
    Play,
    Refuse,
    format_move,
    parse_move,
)
from cau_rules.fishing.rules import (
    CAU,
    CAU_40,
    CAU_RECAU_SANT_VICENT,
    CAU_ROBAT,
    CAU_ROBAT_40,
    FISHING_PRESETS,
    FishingRules,
)
from cau_rules.fishing.serial import state_from_dict
from cau_rules.fishing.state import Chain, FishingState, Stake, Tally, new_fishing_game
from cau_rules.fishing.view import FishingView

__all__ = [
    "CAU",
    "CAU_40",
    "CAU_RECAU_SANT_VICENT",
    "CAU_ROBAT",
    "CAU_ROBAT_40",
    "FISHING_PRESETS",
    "GAME",
    "Accept",
    "Bid",
    "Call",
    "Called",
    "Captured",
    "Chain",
    "ChainExtended",
    "Dealt",
    "DebtIncurred",
    "Declare",
    "Declared",
    "DrawnCard",
    "FishingEvent",
    "FishingMove",
    "FishingRules",
    "FishingState",
    "FishingView",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "LeftoversTaken",
    "Paid",
    "PartidaWon",
    "Play",
    "Refuse",
    "Scored",
    "SeatDraw",
    "Showdown",
    "Stake",
    "StakeAnswered",
    "StakeBid",
    "StakeOpened",
    "TableReplaced",
    "Tally",
    "Trailed",
    "draw_for_seats",
    "format_move",
    "new_fishing_game",
    "parse_move",
    "state_from_dict",
]
