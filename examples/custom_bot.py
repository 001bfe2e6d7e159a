"""Write your own bot: any object with ``choose(view, rng)`` is a Bot.

The bot gets only the seat's view (``state.observe(seat)``): its own cards, the table,
pile sizes... never the other holdings or the stock.  ``view.legal_moves`` lists what
it may play.  This one captures whenever it can (the longest run first) and otherwise
trails its lowest card.
"""

from __future__ import annotations

import random
from typing import Any

from cau_rules import new_game
from cau_rules.bots import Bot, GreedyBot, RandomBot, play_game
from cau_rules.fishing import Play


class LowTrailBot:
    """Capture when possible (most run units first), else trail the lowest rank."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        table_ranks = {card.rank for card in view.table}
        chain_rank = view.chain.rank if view.chain is not None else None
        plays = [move for move in view.legal_moves if isinstance(move, Play)]
        captures = [m for m in plays if m.card.rank in table_ranks or m.card.rank == chain_rank]
        if captures:
            return max(captures, key=lambda move: (move.run, -move.card.rank))
        if plays:
            return min(plays, key=lambda move: (move.card.rank, move.card.suit))
        return rng.choice(view.legal_moves)  # e.g. a ronda declaration


assert isinstance(LowTrailBot(), Bot)  # it satisfies the protocol

wins = {"LowTrailBot": 0.0, "GreedyBot": 0.0, "RandomBot": 0.0}
games = 30
for seed in range(games):
    bots: list[Bot] = [LowTrailBot(), GreedyBot(), RandomBot()]
    shift = seed % 3  # rotate the seats so nobody always plays first
    seated = bots[shift:] + bots[:shift]
    final = play_game(new_game("cau", players=3, seed=seed), seated, seed=seed)
    for seat, share in enumerate(final.outcome().shares()):
        wins[type(seated[seat]).__name__] += share

for name, won in sorted(wins.items(), key=lambda item: -item[1]):
    print(f"{name:<12} won {won:4.1f} of {games} games")
