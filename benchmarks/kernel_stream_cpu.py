"""The one-stream kernel path in CPU time: every capture preset and player count beside
``cau`` 4 players, through ``BatchGame.play_seed`` (what ``cau-rules bench --engine
kernel`` calls once a game) and through the compiled game alone.

Usage (from the repository root, with the ``fast`` extra)::

    python benchmarks/kernel_stream_cpu.py [--rounds 7] [--seconds 0.3] [--json PATH]

One process; each round times every case in turn (alternating, so the load of the
moment falls on every case alike), in CPU seconds (``time.process_time``):

- ``play_seed``: games dealt from consecutive seeds and played out with random moves by
  ``BatchGame.play_seed``, the bench's one-stream path, Python work per game included;
- ``compiled``: the same games by the kernel's ``fresh_play`` called directly (numba's
  dispatch only, none of the batch's Python bookkeeping or the shares of the win), which
  is the floor that moving the per-game Python work into the kernel could reach;
- ``compiled_chunk``: the same games again through the family batch's ``play_seeds``,
  :data:`CHUNK` games per call (one call into the kernel per chunk): the path a one-stream
  bench takes when it plays its games in chunks, the compiled game's cost with numba's
  dispatch paid once a chunk.

Each case's ratio to ``cau`` 4 players per decision is taken within a round; the table
gives medians of the rounds, and the load average at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from cau_rules.batch import BatchGame
from cau_rules.fishing.kernel import dealing

CASES = [
    ("cau", 2), ("cau", 3), ("cau", 4), ("cau-robat", 2), ("cau-robat", 3), ("cau-robat", 4),
    ("cau-robat-40", 2), ("cau-robat-40", 3), ("cau-robat-40", 4), ("cau-robat-40", 5),
    ("cau-40", 2), ("cau-40", 3), ("cau-40", 4), ("cau-40", 5), ("cau-recau-sant-vicent", 4),
]
BASE = ("cau", 4)
CHUNK = 64
"""Games per ``play_seeds`` call in the ``compiled_chunk`` column."""


def _play_seed(batch: BatchGame, first: int, seconds: float) -> tuple[float, int, int]:
    """CPU seconds, games and decisions of games from seed *first* on through ``play_seed``."""
    play = batch.play_seed
    games = decisions = 0
    start = time.process_time()
    end = start + seconds
    while True:
        decisions += play(0, first + games)
        games += 1
        if games % 8 == 0 and time.process_time() >= end:
            return time.process_time() - start, games, decisions


def _compiled(batch: BatchGame, first: int, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of the same *games* by the compiled ``fresh_play``."""
    inner: Any = batch._batch  # the capture family's kernel Batch
    rows, vector, deals, works, dealt, rngs, deck = (inner.rows, inner.vector, inner.deals, inner.works,
                                                     inner.dealt, inner.rngs, inner.deck)
    players, tally = batch.players, int(batch.rules.rewards == "stones")
    play = dealing.fresh_play
    decisions = 0
    start = time.process_time()
    for seed in range(first, first + games):
        decisions += play(rows, vector, deals, works, dealt, rngs, 0, seed, players, tally, deck)
    return time.process_time() - start, decisions


def _chunked(batch: BatchGame, first: int, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of the same *games* through ``play_seeds``, :data:`CHUNK` a call."""
    inner: Any = batch._batch  # the capture family's kernel Batch
    play = inner.play_seeds
    decisions = 0
    start = time.process_time()
    for seed in range(first, first + games, CHUNK):
        decisions += play(0, seed, min(CHUNK, first + games - seed))
    return time.process_time() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    batches = {case: BatchGame(case[0], case[1], 1) for case in CASES}
    for batch in batches.values():
        batch.play_seed(0, 0)
        _compiled(batch, 0, 1)
        _chunked(batch, 0, 1)
    per_decision: dict[str, dict[tuple[str, int], list[float]]] = {"play_seed": {}, "compiled": {},
                                                                   "compiled_chunk": {}}
    for number in range(args.rounds):
        first = 100_000 * number
        for case, batch in batches.items():
            spent, games, decisions = _play_seed(batch, first, args.seconds)
            per_decision["play_seed"].setdefault(case, []).append(spent * 1e6 / decisions)
            spent, same = _compiled(batch, first, games)
            assert same == decisions, (case, same, decisions)
            per_decision["compiled"].setdefault(case, []).append(spent * 1e6 / decisions)
            spent, same = _chunked(batch, first, games)
            assert same == decisions, (case, same, decisions)
            per_decision["compiled_chunk"].setdefault(case, []).append(spent * 1e6 / decisions)
        print(f"round {number} done, load {os.getloadavg()[0]:.1f}", flush=True)
    print("\n| preset | players | play_seed CPU µs/decision | × cau 4p | compiled game CPU µs/decision | × cau 4p "
          f"| compiled, {CHUNK} games a call, CPU µs/decision | × cau 4p |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    worst = {path: 0.0 for path in per_decision}
    table = []
    for case in CASES:
        row: list[float] = []
        for path, times in per_decision.items():
            ratio = statistics.median(a / b for a, b in zip(times[case], times[BASE], strict=True))
            worst[path] = max(worst[path], ratio)
            row += [statistics.median(times[case]), ratio]
        table.append({"variant": case[0], "players": case[1], "play_seed_us": row[0], "play_seed_ratio": row[1],
                      "compiled_us": row[2], "compiled_ratio": row[3], "compiled_chunk_us": row[4],
                      "compiled_chunk_ratio": row[5]})
        print(f"| `{case[0]}` | {case[1]} | " + " | ".join(
            f"{value:.3f}" if k % 2 == 0 else f"{value:.2f}" for k, value in enumerate(row)) + " |")
    load = os.getloadavg()
    print(f"\nworst × cau 4p: play_seed {worst['play_seed']:.2f}, compiled {worst['compiled']:.2f}, "
          f"compiled_chunk {worst['compiled_chunk']:.2f}; "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"cases": table, "worst": worst, "load": load}, indent=1),
                                   encoding="utf-8")


if __name__ == "__main__":
    main()
