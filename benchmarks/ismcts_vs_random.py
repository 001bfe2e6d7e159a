"""IS-MCTS against random or greedy play: how often does IS-MCTS win, in each engine?

A benchmark, not a test.  It plays ``--games`` games of ``--variant`` (default
``cau-robat``) with ``--players`` seats (default 2) against ``--opponent`` (``random`` or
``greedy``) in every other seat: an equal share of the games with IS-MCTS in each seat,
on the same deals (the same simulation seed, so each deal is played from every seat).  A win counts as the seat's share of the win
(a tie is half a win).  It prints the IS-MCTS win rate with its 95 % Wilson interval,
per seat and overall.

``--engine`` says where the search runs: ``python`` (the pure-Python tree and
rollouts), ``kernel`` (the whole search in the family's kernel, the ``fast`` extra), or
``both``: the two in turn on the same deals with the same iterations, then whether their
overall intervals overlap (the kernel's search must play as strongly).

    python benchmarks/ismcts_vs_random.py                      # 300 games, 50 iterations
    python benchmarks/ismcts_vs_random.py --games 100 --iterations 50 --workers 2 --json
    python benchmarks/ismcts_vs_random.py --opponent greedy --engine both --iterations 100
    python benchmarks/ismcts_vs_random.py --variant cau-quatre --players 3 --engine both --games 150

The games run on a process pool of ``--workers`` processes (default: one per core).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cau_rules.ai.simulate import SimulationResult, simulate, wilson_interval


def _run(args: argparse.Namespace, bot: str, pool: ProcessPoolExecutor) -> dict[str, Any]:
    """Play the games of one IS-MCTS bot against the opponent; its report."""
    players = args.players
    started = time.perf_counter()
    runs: list[tuple[int, SimulationResult]] = []
    for seat in range(players):
        bots = [args.opponent] * players
        bots[seat] = bot
        games = args.games // players + (1 if seat < args.games % players else 0)
        result = simulate(args.variant, bots, games, seed=args.seed, executor=pool, players=players)
        runs.append((seat, result))
    report: dict[str, Any] = {"bot": bot, "seconds": round(time.perf_counter() - started, 1)}
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
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--variant", default="cau-robat")
    parser.add_argument("--players", type=int, default=2, help="the player count (default 2)")
    parser.add_argument("--games", type=int, default=300, help="total games, split between the seats")
    parser.add_argument("--iterations", type=int, default=50, help="IS-MCTS iterations per decision")
    parser.add_argument("--rollout", choices=("random", "greedy"), default="random")
    parser.add_argument("--opponent", choices=("random", "greedy"), default="random")
    parser.add_argument("--engine", choices=("default", "python", "kernel", "both"), default="default",
                        help="where the search runs (random rollouts only); default: the bot's default")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    if args.rollout == "greedy":
        if args.engine != "default":
            parser.error("--engine applies to random rollouts only")
        bots = [f"ismcts:{args.iterations}:greedy"]
    elif args.engine == "default":
        bots = [f"ismcts:{args.iterations}"]
    else:
        engines = ("python", "kernel") if args.engine == "both" else (args.engine,)
        bots = [f"ismcts:{args.iterations}:{engine}" for engine in engines]
    report: dict[str, Any] = {"variant": args.variant, "players": args.players, "opponent": args.opponent, "seed": args.seed}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        runs = [_run(args, bot, pool) for bot in bots]
    report["runs"] = runs
    if len(runs) == 2:
        (low0, high0), (low1, high1) = (run["overall"]["ci95"] for run in runs)
        report["overlap"] = low0 <= high1 and low1 <= high0
    if args.json:
        print(json.dumps(report))
        return 0
    for run in runs:
        print(f"{run['bot']} vs {args.opponent}, {args.variant}, {args.players} players, seed {args.seed}: "
              f"{run['overall']['games']} games in {run['seconds']:.0f} s")
        for key in (*(f"seat_{seat}" for seat in range(args.players)), "overall"):
            entry = run[key]
            print(f"  {key:<8} {entry['wins']:6.1f} / {entry['games']:<4} = {entry['rate']:.1%}  "
                  f"95% CI [{entry['ci95'][0]:.1%}, {entry['ci95'][1]:.1%}]")
    if "overlap" in report:
        print(f"the two 95% intervals overlap: {'yes' if report['overlap'] else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
