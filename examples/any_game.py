"""Play any preset between greedy bots, printing each move played and then every seat's
view after it.

Run:  python examples/any_game.py [PRESET] [MAX_MOVES]     e.g.  python examples/any_game.py cau-robat
"""

import random
import sys

from cau_rules import new_game
from cau_rules.bots import GreedyBot

name = sys.argv[1] if len(sys.argv) > 1 else "cau"
limit = int(sys.argv[2]) if len(sys.argv) > 2 else None  # stop after this many moves
state, bot, rng, played = new_game(name, seed=1), GreedyBot(), random.Random(1), 0
while not state.is_over and played != limit:
    seat = state.to_play
    move = bot.choose(state.observe(seat), rng)
    state, played = state.apply(move), played + 1
    print(f"move {played}: seat {seat} plays {move}")
    for view in [state.observe(seat) for seat in range(state.players)]:
        print(view)
print("outcome:", state.outcome() or f"none yet after {played} moves")
