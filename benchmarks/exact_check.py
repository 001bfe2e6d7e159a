"""The exact search against an exhaustive minimax, on a thousand positions (issue 36).

A check too long for the test suite, not a timing.  It samples ``--positions`` seeded
random perfect-information positions with at most ``--cards`` cards left in all holdings,
spread evenly over every capture preset (``tests/kernel/exact_reference.py``, ``CASES``:
the four cards presets with two players, ``cau`` with three, the team game with four), and
for each compares the move of :class:`cau_rules.fishing.kernel.exact.Solver` with the
optimal moves of an exhaustive minimax over the reference engine (pure Python
``state.apply``, no pruning).  It prints, per preset, the positions, how many moves were
optimal, the positions' mean size and the search's mean nodes, then the total.

    python benchmarks/exact_check.py                       # 1,000 positions, 10 cards
    python benchmarks/exact_check.py --positions 60 --cards 8

The run is the same every time (``--seed``).  It exits with status 1 if any move was not
optimal.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from cau_rules.fishing.kernel import exact
from tests.kernel.exact_reference import CASES, optimal_moves, positions


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check; returns the exit status (0: every move optimal)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000, help="positions in all (default 1000)")
    parser.add_argument("--cards", type=int, default=10, help="most cards left in all holdings (default 10)")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args(argv)
    share, extra = divmod(args.positions, len(CASES))
    total = good = 0
    started = time.perf_counter()
    for index, (name, players) in enumerate(CASES):
        count = share + (1 if index < extra else 0)
        solver: exact.Solver | None = None
        right = cards = nodes = 0
        for state in positions(name, players, count, seed=args.seed + index, max_cards=args.cards):
            if solver is None:
                solver = exact.Solver(state.rules, state.players)
            found = solver.solve(state)
            best, values = optimal_moves(state)
            right += found.solved and found.move is not None and values[found.move] == best
            cards += sum(len(holding) for holding in state.holdings)
            nodes += found.nodes
        print(f"{name:<22} {players} players: {right}/{count} optimal, {cards / max(count, 1):.1f} cards, "
              f"{nodes / max(count, 1):.0f} nodes a search", flush=True)
        total += count
        good += right
    print(f"total: {good}/{total} moves optimal ({time.perf_counter() - started:.0f} s)")
    return 0 if good == total else 1


if __name__ == "__main__":
    sys.exit(main())
