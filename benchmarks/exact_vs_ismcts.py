"""The exact bot against kernel IS-MCTS: duplicate deals, and endgame accuracy (issue 36).

A measurement, not a test.

1. ``--deals`` deals of each ``--preset`` with two players, each played twice with the
   seats swapped (``exact`` and ``ismcts`` get the same deal seed and the same bot seeds),
   so the luck of the cards and of the seat cancels.  It prints the exact bot's mean share
   of the win per deal (a tie shares it) with a 95 % interval from the per-deal (paired)
   figures, and its mean card margin.
2. ``--endgames`` random ``cau-robat-40`` two-player positions with at most 6 cards left in
   the two hands: how often IS-MCTS at ``--iterations`` iterations, and the exact bot,
   chooses an optimal move (the best final score margin, by the exhaustive minimax of
   ``tests/kernel/exact_reference.py``).

    python benchmarks/exact_vs_ismcts.py --deals 30 --exact exact:time=0.05 --ismcts ismcts:3000:kernel
    python benchmarks/exact_vs_ismcts.py --deals 0 --endgames 100

Bots are given by their spec names (see :func:`cau_rules.ai.simulate.make_bot`).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from cau_rules import new_game
from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.ai.simulate import make_bot
from cau_rules.bots import play_game
from tests.kernel.exact_reference import optimal_moves, positions


def duplicate(preset: str, deals: int, exact: str, ismcts: str, seed: int) -> None:
    """Play the duplicate deals of *preset* and print the exact bot's figures."""
    shares: list[float] = []
    margins: list[float] = []
    started = time.perf_counter()
    for deal in range(deals):
        share = margin = 0.0
        for exact_seat in (0, 1):
            state = new_game(preset, players=2, seed=seed * 100_000 + deal)
            specs = [ismcts, ismcts]
            specs[exact_seat] = exact
            final = play_game(state, [make_bot(spec) for spec in specs], seed=seed * 100_000 + deal)
            outcome = final.outcome()
            share += outcome.shares()[exact_seat] / 2
            scores = outcome.scores
            margin += (scores[exact_seat] - scores[1 - exact_seat]) / 2
        shares.append(share)
        margins.append(margin)
        print(f"  deal {deal}: share {share:.2f}, margin {margin:+.1f}", flush=True)
    mean = sum(shares) / deals
    spread = math.sqrt(sum((s - mean) ** 2 for s in shares) / max(deals - 1, 1)) / math.sqrt(deals)
    print(f"{preset}: {exact} vs {ismcts}, {deals} deals x 2 seatings: win share {mean:.3f} "
          f"(95% {mean - 1.96 * spread:.3f} to {mean + 1.96 * spread:.3f}), mean margin "
          f"{sum(margins) / deals:+.2f} cards ({time.perf_counter() - started:.0f} s)", flush=True)


def endgames(count: int, iterations: int, exact: str, seed: int) -> None:
    """Print how often IS-MCTS and the exact bot choose an optimal move in small endgames."""
    right_ismcts = right_exact = 0
    for index, state in enumerate(positions("cau-robat-40", 2, count, seed=seed, max_cards=6)):
        best, values = optimal_moves(state)
        view = state.observe(state.to_play)
        ismcts = ISMCTSBot(iterations, engine="kernel").choose(view, random.Random(index))
        ours = make_bot(exact).choose(view, random.Random(index))
        right_ismcts += values[ismcts] == best
        right_exact += values[ours] == best
    print(f"cau-robat-40 endgames (<= 6 cards, {count}): IS-MCTS {iterations} optimal in {right_ismcts}, "
          f"{exact} in {right_exact}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", action="append", help="presets (default cau-robat-40 and cau-40)")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--exact", default="exact:time=0.05")
    parser.add_argument("--ismcts", default="ismcts:3000:kernel")
    parser.add_argument("--endgames", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args(argv)
    if args.endgames:
        endgames(args.endgames, args.iterations, args.exact, args.seed)
    for preset in args.preset or ["cau-robat-40", "cau-40"]:
        if args.deals:
            duplicate(preset, args.deals, args.exact, args.ismcts, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
