"""Start a game by name with a seed, let bots play it, print the events and the outcome.

Run:  python examples/play_random_game.py [VARIANT] [SEED] [PLAYERS]
e.g.  python examples/play_random_game.py cau-robat 7 3
"""

from __future__ import annotations

import sys
from typing import Any

from cau_rules import new_game
from cau_rules.bots import GreedyBot, RandomBot, play_game


def main(argv: list[str]) -> None:
    variant = argv[0] if argv else "cau"
    seed = int(argv[1]) if len(argv) > 1 else 7
    players = int(argv[2]) if len(argv) > 2 else 3

    state = new_game(variant, players=players, seed=seed)
    print(f"{variant} with {players} players, seed {seed}")
    for event in state.events:  # the deal
        print("   ", event)

    def show(seat: int, move: Any, after: Any) -> None:
        print(f"seat {seat} plays {move}")
        for event in after.events:
            print("   ", event)

    # Seat 0 is greedy, the others play at random; the game is a function of the seed.
    bots = [GreedyBot()] + [RandomBot() for _ in range(players - 1)]
    final = play_game(state, bots, seed=seed, on_move=show)

    outcome = final.outcome()
    print("winners:", ", ".join(f"seat {seat}" for seat in outcome.winners))
    print("scores:", list(outcome.scores), f"({outcome.describe()})")


if __name__ == "__main__":
    main(sys.argv[1:])
