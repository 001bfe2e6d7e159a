"""Cacho in the kernel beside OpenSpiel's poker anchors, in alternating rounds: the three
goals of issue 26 about Cacho.

Usage (from the repository root, with the ``fast`` and ``bench`` extras)::

    python benchmarks/cacho_goals.py [--rounds 3] [--seconds 2] [--json PATH]

Each round runs, one after the other:

- ``benchmarks/anchor_step.py kuhn_poker|python_kuhn_poker|leduc_poker SECONDS``;
- ``cau-rules bench --engine kernel --variant cacho --players 2 --json`` (one stream:
  each session dealt from its seed in the kernel, then played with random moves);
- the same with ``--batch 1024`` (1024 sessions in lockstep on one thread, a legal mask
  every step, finished sessions restarted), and the same batch with numba's threads;
- ``benchmarks/engine_extras.py --ismcts-only --variant cacho --players 2 --engine
  python|kernel`` (IS-MCTS, 100 iterations a decision, whole games against a random
  player: iterations per CPU second).

Ratios are taken within a round; the verdicts use their medians:

- one stream: at most 0.5x C++ ``kuhn_poker`` per decision (``python_kuhn_poker``
  reported beside it);
- 1024 in lockstep: at least 5x C++ ``leduc_poker`` single-stream decisions per second
  (the better of one thread and numba's threads);
- IS-MCTS: at least 10x the Python engine's iterations per CPU second.

Prints a Markdown table and the load average; exit status 0 if every goal holds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

_PARALLEL = """
import json, sys, time
from cau_rules.batch import BatchGame
batch = BatchGame("cacho", 2, 1024, seed=0, auto_reset=True, parallel=True)
for _ in range(3):
    batch.legal_mask(); batch.step(batch.random_actions())
start = time.perf_counter(); decisions = 0
while time.perf_counter() - start < float(sys.argv[1]):
    batch.legal_mask(); batch.step(batch.random_actions()); decisions += 1024
print(json.dumps({"decisions_per_s": decisions / (time.perf_counter() - start)}))
"""


def _json(command: list[str]) -> dict[str, Any]:
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _anchor(game: str, seconds: float) -> float:
    return float(_json([PYTHON, "benchmarks/anchor_step.py", game, str(seconds)])["us_per_decision"])


def _bench(seconds: float, *extra: str) -> dict[str, Any]:
    return _json([PYTHON, "-m", "cau_rules.cli", "bench", "--engine", "kernel", "--variant", "cacho",
                  "--players", "2", "--seconds", str(seconds), "--json", *extra])


def _ismcts(engine: str, seconds: float) -> float:
    result = _json([PYTHON, "benchmarks/engine_extras.py", "--ismcts-only", "--variant", "cacho", "--players", "2",
                    "--engine", engine, "--seconds", str(seconds)])
    return float(result["ismcts"]["iterations_per_cpu_s"])


def measure_round(seconds: float) -> dict[str, float]:
    """One round of every measure (microseconds per decision, decisions or iterations per second)."""
    found: dict[str, float] = {"load": os.getloadavg()[0]}
    found["kuhn_us"] = _anchor("kuhn_poker", seconds)
    found["python_kuhn_us"] = _anchor("python_kuhn_poker", seconds)
    found["stream_us"] = float(_bench(seconds)["us_per_decision"])
    found["leduc_per_s"] = 1e6 / _anchor("leduc_poker", seconds)
    found["batch_serial_per_s"] = float(_bench(seconds, "--batch", "1024")["decisions_per_s"])
    found["batch_parallel_per_s"] = float(_json([PYTHON, "-c", _PARALLEL, str(seconds)])["decisions_per_s"])
    found["ismcts_python"] = _ismcts("python", seconds * 2)
    found["ismcts_kernel"] = _ismcts("kernel", seconds * 2)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    _bench(0.2)  # load (or compile) the kernel before the first round
    _bench(0.2, "--batch", "1024")
    rounds = []
    for number in range(args.rounds):
        found = measure_round(args.seconds)
        rounds.append(found)
        print(f"round {number}: " + ", ".join(f"{key} {value:,.2f}" for key, value in found.items()), flush=True)

    def ratios(of: Any) -> list[float]:
        return [of(r) for r in rounds]

    stream = ratios(lambda r: r["stream_us"] / r["kuhn_us"])
    python_kuhn = ratios(lambda r: r["stream_us"] / r["python_kuhn_us"])
    serial = ratios(lambda r: r["batch_serial_per_s"] / r["leduc_per_s"])
    parallel = ratios(lambda r: r["batch_parallel_per_s"] / r["leduc_per_s"])
    search = ratios(lambda r: r["ismcts_kernel"] / r["ismcts_python"])
    goals = [
        ("cacho 2p one stream × C++ kuhn_poker per decision", stream, "≤ 0.5", statistics.median(stream) <= 0.5),
        ("cacho 2p one stream × python_kuhn_poker per decision", python_kuhn, "(reported)", None),
        ("1024 in lockstep, one thread, × C++ leduc_poker decisions/s", serial, "≥ 5", None),
        ("1024 in lockstep, numba's threads, × C++ leduc_poker decisions/s", parallel, "≥ 5", None),
        ("IS-MCTS cacho 2p, kernel × python (iterations per CPU s)", search, "≥ 10", statistics.median(search) >= 10),
    ]
    batch_holds = max(statistics.median(serial), statistics.median(parallel)) >= 5
    print("\n| goal | " + " | ".join(f"round {n + 1}" for n in range(len(rounds))) + " | median | limit | holds |")
    print("|---|" + "---:|" * (len(rounds) + 2) + "---|")
    for name, values, limit, holds in goals:
        verdict = "" if limit == "(reported)" else ("yes" if (batch_holds if holds is None else holds) else "**no**")
        print(f"| {name} | " + " | ".join(f"{value:.2f}" for value in values)
              + f" | {statistics.median(values):.2f} | {limit} | {verdict} |")
    loads = ", ".join(f"{r['load']:.1f}" for r in rounds)
    print(f"\nload average (1 min) at each round's start: {loads}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rounds": rounds}, indent=1), encoding="utf-8")
    every = statistics.median(stream) <= 0.5 and batch_holds and statistics.median(search) >= 10
    return 0 if every else 1


if __name__ == "__main__":
    sys.exit(main())
