"""IS-MCTS against random play: how often does IS-MCTS win?

A benchmark, not a test.  It plays ``--games`` games of ``--variant`` (default
``cau-robat``, 2 players): half with IS-MCTS in seat 0, half with it in seat 1, on the
same deals (the same simulation seed, so each deal is played from both seats).  A win
counts as the seat's share of the win (a tie is half a win).  It prints the IS-MCTS win
rate with its 95 % Wilson interval, per seat and overall.

    python benchmarks/ismcts_vs_random.py                      # 300 games, 50 iterations
    python benchmarks/ismcts_vs_random.py --games 100 --iterations 50 --workers 2 --json

The games run on a process pool of ``--workers`` processes (default: one per core).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from cau_rules.ai.simulate import SimulationResult, simulate, wilson_interval


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="cau-robat")
    parser.add_argument("--games", type=int, default=300, help="total games, split between the two seats")
    parser.add_argument("--iterations", type=int, default=50, help="IS-MCTS iterations per decision")
    parser.add_argument("--rollout", choices=("random", "greedy"), default="random")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    bot = f"ismcts:{args.iterations}:{args.rollout}"
    half = args.games // 2
    started = time.perf_counter()
    runs: list[tuple[int, SimulationResult]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for seat, bots in ((0, [bot, "random"]), (1, ["random", bot])):
            games = half if seat == 0 else args.games - half
            result = simulate(args.variant, bots, games, seed=args.seed, executor=pool, players=2)
            runs.append((seat, result))
    elapsed = time.perf_counter() - started

    report: dict[str, object] = {
        "variant": args.variant,
        "players": 2,
        "bot": bot,
        "seed": args.seed,
        "seconds": round(elapsed, 1),
    }
    total_wins = 0.0
    total_games = 0
    for seat, result in runs:
        wins = result.wins[seat]
        low, high = wilson_interval(wins, result.games)
        report[f"seat_{seat}"] = {"games": result.games, "wins": wins, "rate": wins / result.games,
                                  "ci95": [low, high]}
        total_wins += wins
        total_games += result.games
    low, high = wilson_interval(total_wins, total_games)
    report["overall"] = {"games": total_games, "wins": total_wins, "rate": total_wins / total_games,
                         "ci95": [low, high]}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{bot} vs random, {args.variant}, 2 players, seed {args.seed}: {total_games} games "
              f"in {elapsed:.0f} s")
        for key in ("seat_0", "seat_1", "overall"):
            entry = report[key]
            assert isinstance(entry, dict)
            print(f"  {key:<8} {entry['wins']:6.1f} / {entry['games']:<4} = {entry['rate']:.1%}  "
                  f"95% CI [{entry['ci95'][0]:.1%}, {entry['ci95'][1]:.1%}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
