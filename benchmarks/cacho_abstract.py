"""Solve an abstraction of two-player Cacho and certify it in the full game (issue 37).

The abstracted game keeps a few round-3 bet and raise amounts (``--sizes``, and the
limit); CFR+ solves it, and at checkpoints the average strategy's exploitability is
measured twice: in the abstract game (exact best response on its tree) and in the
*full* game, where the best response may bet every amount and the strategy answers by
translation (:func:`cau_rules.cacho.solver.response.full_exploitability`).  Prints one
JSON line a checkpoint (iterations, CPU seconds, both exploitabilities, real nodes
walked, peak memory) and writes the strategy to the cache folder (or ``--out``).
Needs the ``fast`` extra.

    python benchmarks/cacho_abstract.py --stack 20 --most 400
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from cau_rules.cacho import CACHO
from cau_rules.cacho.solver.game import SIZES, cacho_game
from cau_rules.cacho.solver.response import full_exploitability
from cau_rules.cacho.solver.store import cache_folder, strategy_path, write_strategy
from cau_rules.solve.cfr import CFRSolver, exploitability

CHECKPOINTS = (10, 25, 50, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve(stack: int, sizes: tuple[int, ...], most: int, target: float, out: Path) -> dict[str, object]:
    """Solve the abstraction at *stack*, certify it at checkpoints; returns the last row."""
    rules = CACHO.replace(stack=stack)
    start = time.process_time()
    game = cacho_game(rules, sizes=sizes)
    tree = game.tree
    print(json.dumps({"stack": stack, "sizes": list(sizes), "decision_nodes": tree.decision_nodes,
                      "information_sets": tree.information_sets, "build_cpu_s": round(time.process_time() - start, 1)}),
          flush=True)
    solver = CFRSolver(tree)
    cpu = 0.0
    row: dict[str, object] = {}
    for checkpoint in [point for point in CHECKPOINTS if point <= most]:
        start = time.process_time()
        solver.run(checkpoint - solver.iterations)
        cpu += time.process_time() - start
        strategy = solver.average_strategy()
        start = time.process_time()
        full = full_exploitability(game, strategy)
        row = {"stack": stack, "iterations": checkpoint, "solve_cpu_s": round(cpu, 1),
               "abstract_exploitability": exploitability(tree, strategy), "full_exploitability": full.value,
               "full_br_cpu_s": round(time.process_time() - start, 1), "real_nodes": full.real_nodes,
               "unmapped": full.unmapped, "peak_rss_mb": round(_peak_mb())}
        print(json.dumps(row), flush=True)
        path = strategy_path(out, game.rules, game.sizes)
        row["file_bytes"] = write_strategy(path, game, strategy, iterations=solver.iterations,
                                           exploitability=full.value, abstract_exploitability=row["abstract_exploitability"],
                                           algorithm="CFR+ on round-3 sizes, certified in the full game")
        if full.value < target:
            break
    return row


def main() -> None:
    """Parse the arguments and solve."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stack", type=int, default=20)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--most", type=int, default=400, help="the most CFR+ iterations")
    parser.add_argument("--target", type=float, default=0.0, help="stop once the full game's exploitability is below")
    parser.add_argument("--out", type=Path, default=None, help="folder of the strategy file (default: cache)")
    args = parser.parse_args()
    row = solve(args.stack, tuple(args.sizes), args.most, args.target, args.out or cache_folder())
    print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
