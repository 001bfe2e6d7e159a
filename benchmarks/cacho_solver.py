"""Solve two-player Cacho at given stacks and report the goals' table (issue 37).

For each stack: build the tree from the reference rules, play random hands through the
tree and the reference engine side by side (the differential check), run CFR+ and
certify the average strategy's exploitability by an exact best response at checkpoints,
report time and peak memory, and write the strategy file to the cache folder (or
``--out``).  Needs the ``fast`` extra.

    python benchmarks/cacho_solver.py --stacks 1 2 4 6 8 10 --target 0.001 --hands 10000
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from cau_rules.cacho import CACHO
from cau_rules.cacho.solver.game import cacho_game, play_both
from cau_rules.cacho.solver.store import cache_folder, read_strategy, strategy_path, write_strategy
from cau_rules.solve.cfr import CFRSolver, exploitability


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve_stack(stack: int, target: float, hands: int, most: int, out: Path) -> dict[str, object]:
    """Solve one stack; returns its row of the goals' table."""
    rules = CACHO.replace(stack=stack)
    start = time.perf_counter()
    game = cacho_game(rules)
    built = time.perf_counter() - start
    row: dict[str, object] = {
        "stack": stack, "public_nodes": game.tree.nodes, "decision_nodes": game.tree.decision_nodes,
        "information_sets": game.tree.information_sets, "build_s": round(built, 2),
    }
    if hands:
        start = time.perf_counter()
        count = play_both(game, hands, seed=stack)
        row["differential"] = {"hands": count.hands, "decisions": count.decisions, "showdowns": count.showdowns,
                               "other_endings": count.folds, "seconds": round(time.perf_counter() - start, 1)}
    solver = CFRSolver(game.tree)
    curve = []
    checkpoints = [10, 20, 50, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000]
    solving = cpu = best_response = 0.0
    for checkpoint in [point for point in checkpoints if point <= most]:
        start, start_cpu = time.perf_counter(), time.process_time()
        solver.run(checkpoint - solver.iterations)
        solving += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        start = time.perf_counter()
        value = solver.exploitability()
        best_response = time.perf_counter() - start
        curve.append({"iterations": checkpoint, "solve_s": round(solving, 1), "solve_cpu_s": round(cpu, 1),
                      "exploitability": value})
        print(json.dumps({"stack": stack, **curve[-1]}), flush=True)
        if value < target:
            break
    strategy = solver.average_strategy()
    path = strategy_path(out, rules)
    size = write_strategy(path, game, strategy, iterations=solver.iterations, exploitability=curve[-1]["exploitability"],
                          algorithm="CFR+ (alternating updates, linear averaging)")
    stored, _ = read_strategy(path, game)
    row.update({
        "curve": curve, "iterations": solver.iterations, "solve_s": round(solving, 1), "solve_cpu_s": round(cpu, 1),
        "best_response_pair_s": round(best_response, 2), "exploitability": curve[-1]["exploitability"],
        "stored_exploitability": exploitability(game.tree, stored), "file_bytes": size, "file": str(path),
        "peak_rss_mb": round(_peak_mb()),
    })
    return row


def main() -> None:
    """Parse the arguments, solve every stack, print one JSON row each."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stacks", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--target", type=float, default=0.001, help="stop once exploitability is below this")
    parser.add_argument("--hands", type=int, default=10_000, help="random hands of the differential check")
    parser.add_argument("--most", type=int, default=2000, help="the most CFR+ iterations")
    parser.add_argument("--out", type=Path, default=None, help="folder of the strategy files (default: cache)")
    args = parser.parse_args()
    for stack in args.stacks:
        row = solve_stack(stack, args.target, args.hands, args.most, args.out or cache_folder())
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
