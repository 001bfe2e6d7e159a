"""How games of the four-card game end: random play and the greedy bot against random.

A measurement, not a test.  For each player count it plays ``--random`` games with a
random player in every seat and ``--greedy`` games with one greedy player (in seat
``game % players``, so every seat takes its turn) against random players, and prints
for each set of games:

- how the games ended: one player holds every card (the source's ending, D-FOUR-5), the
  safety bound (``max_turns_after_stock`` turns after the stock ran out, most cards
  wins), or anything else;
- the game length in moves (every ``apply``: caus, additions, gifts, draws, passes and
  each card laid), average and longest, and the turns played after the stock ran out;
- how many lays into a dead centre a game has, on average;
- for the greedy games, the greedy player's share of the wins (a tie shares the win).

    python benchmarks/quatre_endings.py                        # 2,000 random, 400 greedy
    python benchmarks/quatre_endings.py --random 200 --greedy 40 --players 3

Game *k* of a set is dealt from seed *k* and its bots draw from seed *k*, so a run is
the same every time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import attrs

from cau_rules.bots import Bot, GreedyBot, RandomBot, play_game
from cau_rules.outcome import Termination
from cau_rules.quatre import QUATRE, LayDue, new_game


@attrs.define
class Tally:
    """The figures of one set of games."""

    games: int = 0
    every_card: int = 0
    safety: int = 0
    other: int = 0
    moves: int = 0
    longest: int = 0
    after_stock: int = 0
    longest_after_stock: int = 0
    lays: int = 0
    share: float = 0.0

    def row(self, label: str, players: int, greedy: bool) -> str:
        """One line of the Markdown table."""
        n = max(self.games, 1)
        share = f"{self.share / n:.1%}" if greedy else "—"
        return (
            f"| {players} | {label} | {self.games} | {self.every_card} ({self.every_card / n:.1%}) "
            f"| {self.safety} ({self.safety / n:.1%}) | {self.other} | {self.moves / n:.1f} | {self.longest} "
            f"| {self.after_stock / n:.1f} | {self.longest_after_stock} | {self.lays / n:.2f} | {share} |"
        )


def play_set(players: int, games: int, greedy: bool) -> Tally:
    """Play *games* games and tally them."""
    tally = Tally()
    deck = QUATRE.deck.size
    for game in range(games):
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        if greedy:
            bots[game % players] = GreedyBot()
        lays = [0]
        moves = [0]

        def count(seat: int, move: object, state: object, lays: list[int] = lays, moves: list[int] = moves) -> None:
            moves[0] += 1
            lays[0] += sum(isinstance(event, LayDue) for event in state.events)  # type: ignore[attr-defined]

        final = play_game(new_game(QUATRE, players, seed=game), bots, seed=game, on_move=count)
        outcome = final.outcome()
        tally.games += 1
        if outcome.termination is Termination.LAST_HOLDER and max(outcome.scores) == deck:
            tally.every_card += 1
        elif outcome.termination is Termination.SAFETY_BOUND:
            tally.safety += 1
        else:
            tally.other += 1
        tally.moves += moves[0]
        tally.longest = max(tally.longest, moves[0])
        tally.after_stock += final.turns_after_stock
        tally.longest_after_stock = max(tally.longest_after_stock, final.turns_after_stock)
        tally.lays += lays[0]
        if greedy:
            tally.share += outcome.shares()[game % players]
    return tally


HEADER = (
    "| players | play | games | one player holds every card | safety bound | other | moves (avg) "
    "| moves (max) | turns after stock (avg) | (max) | lays (avg) | greedy's share |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the endings table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=2000, help="random games per player count")
    parser.add_argument("--greedy", type=int, default=400, help="greedy-vs-random games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"cau-quatre endings (safety bound: {QUATRE.max_turns_after_stock} turns after the stock ran out)\n")
    print(HEADER)
    for players in args.players:
        print(play_set(players, args.random, greedy=False).row("random", players, greedy=False), flush=True)
        print(play_set(players, args.greedy, greedy=True).row("greedy vs random", players, greedy=True),
              flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
