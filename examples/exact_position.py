"""Build an exact position and look at its legal moves.

The source's worked example: the table shows 3, 7, 8, 9 and 12, and the player to move
holds an 8.  Playing the 8 with a run of one (``8?+1``, here ``8c+1`` because our 8 is
the 8 of copes) takes the 8 on the table *and* the 9 that follows it.
"""

from __future__ import annotations

from cau_rules.fishing import Captured, FishingState
from cau_rules.fishing.rules import CAU

# Seat 1 opened the round and has already played a card; seat 0 is to play.  Every
# card not placed here is in the stock.
state = FishingState.from_position(
    CAU,
    2,
    table="3o 7o 8o 9o 12o",
    holdings=["8c 4b 1b", "5c 6e"],
    to_play=0,
)

print("table:  ", " ".join(str(card) for card in state.table))
print("holding:", " ".join(str(card) for card in state.holdings[0]))
print("legal moves:", ", ".join(str(move) for move in state.legal_moves()))

after = state.apply("8c+1")  # the move's text works as well as the move object
for event in after.events:
    print("event:", event)

captured = next(event for event in after.events if isinstance(event, Captured))
print("captured:", " ".join(str(card) for card in captured.cards))
print("table after:", " ".join(str(card) for card in after.table))
assert {str(card) for card in captured.cards} == {"8o", "9o", "8c"}
