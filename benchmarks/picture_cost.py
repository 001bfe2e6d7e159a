"""What a picture costs beside a move: time and size of each preset's seat-view picture.

A benchmark, not a test.  For each preset and player count it plays ``--games`` random games
(seeded) and measures, in the same run and the same process:

- a decision: ``legal_moves()`` then ``apply`` of a move chosen uniformly among them, as in
  ``docs/performance.md`` (the state's own work per move);
- a picture: ``examples.table_server.tables.picture(state.observe(seat))`` for every seat
  after every move, as the table server draws them (the symbol and row caches warm as a
  real server's would);

and reports microseconds per decision and per picture, their ratio, and the mean and largest
picture in KiB.  Each figure is the best of ``--rounds`` rounds.

    python benchmarks/picture_cost.py
    python benchmarks/picture_cost.py --games 5 --rounds 3 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cau_rules
from examples.table_server.tables import picture


def measure(variant: str, players: int, games: int) -> dict[str, Any]:
    """One round: decisions and pictures of *games* random games of *variant*."""
    decisions = pictures = 0
    decision_time = picture_time = 0.0
    sizes: list[int] = []
    for seed in range(games):
        state = cau_rules.new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            began = time.perf_counter()
            state = state.apply(rng.choice(state.legal_moves()))
            decision_time += time.perf_counter() - began
            decisions += 1
            views = [state.observe(seat) for seat in range(players)]
            began = time.perf_counter()
            drawn = [picture(view) for view in views]
            picture_time += time.perf_counter() - began
            pictures += len(drawn)
            sizes.extend(len(svg.encode()) for svg in drawn)
    return {"variant": variant, "players": players, "decision_us": 1e6 * decision_time / decisions,
            "picture_us": 1e6 * picture_time / pictures, "mean_kib": sum(sizes) / len(sizes) / 1024,
            "max_kib": max(sizes) / 1024}


def main(argv: list[str] | None = None) -> int:
    """Measure every preset at its smallest and (up to four) largest player count."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per preset and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each figure is the best")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    for variant in cau_rules.variants():
        rules = cau_rules.get_rules(variant)
        for players in sorted({rules.min_players, min(rules.max_players, 4)}):
            rounds = [measure(variant, players, args.games) for _ in range(args.rounds)]
            best = {**rounds[0], "decision_us": min(r["decision_us"] for r in rounds),
                    "picture_us": min(r["picture_us"] for r in rounds)}
            best["ratio"] = best["picture_us"] / best["decision_us"]
            if args.json:
                print(json.dumps({key: round(value, 2) if isinstance(value, float) else value
                                  for key, value in best.items()}), flush=True)
            else:
                print(f"{variant:22} {players}p  decision {best['decision_us']:7.1f} us  picture "
                      f"{best['picture_us']:7.1f} us  ratio {best['ratio']:5.1f}  picture mean "
                      f"{best['mean_kib']:5.1f} KiB, max {best['max_kib']:5.1f} KiB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
