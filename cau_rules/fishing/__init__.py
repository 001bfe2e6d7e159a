"""The capture ("fishing") family: Cau, Cau robat and the English rules, one engine.

Its record :data:`FAMILY` is what generic code (the registry, bots, the command line,
the AI tools) reads; :func:`new_game` starts a game.

>>> from cau_rules.fishing import CAU_ROBAT, new_game
>>> new_game(CAU_ROBAT, 2, seed=3).players
2
"""

from cau_rules.fishing.codec import FishingCodec
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
from cau_rules.fishing.family import FAMILY
from cau_rules.fishing.moves import (
    GAME,
    JOC,
    Accept,
    Bid,
    Call,
    Declare,
    FishingMove,
    Play,
    Refuse,
    StakeValue,
    format_move,
    parse_move,
    stake_rank,
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
from cau_rules.fishing.state import FishingState, new_game
from cau_rules.fishing.view import FishingView
from cau_rules.fishing.zones import Chain, Phase, Stake, Tally

__all__ = [
    "CAU",
    "CAU_40",
    "CAU_RECAU_SANT_VICENT",
    "CAU_ROBAT",
    "CAU_ROBAT_40",
    "FAMILY",
    "FISHING_PRESETS",
    "GAME",
    "JOC",
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
    "FishingCodec",
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
    "Phase",
    "Play",
    "Refuse",
    "Scored",
    "SeatDraw",
    "Showdown",
    "Stake",
    "StakeAnswered",
    "StakeBid",
    "StakeOpened",
    "StakeValue",
    "TableReplaced",
    "Tally",
    "Trailed",
    "draw_for_seats",
    "format_move",
    "new_game",
    "parse_move",
    "stake_rank",
]
