"""The compiled kernel beside OpenSpiel's C++ ``hearts``, in alternating rounds (like
``compare_anchor.py``), and the kernel's other figures.

Usage (from the repository root, with the ``fast`` and ``bench`` extras)::

    python benchmarks/kernel_bench.py [--rounds 3] [--seconds 2] [--json PATH] [--plot SVG] [--ismcts-only]
    python benchmarks/kernel_bench.py --ismcts-only --variant cau-quatre --players 3

Each round runs ``benchmarks/anchor_step.py hearts SECONDS``, then
``cau-rules bench --engine kernel --json`` for every capture preset and player count and
for ``cau-quatre`` at 2, 3 and 4 players (one stream: each game dealt from its seed by the
reference dealing code, then played with random moves in the kernel), then 1024 games in
lockstep (legal masks every step) on one thread and on numba's threads.  Ratios are
taken within a round; the verdicts use the medians:

- ``cau`` 4 players, one stream: at most 0.2x hearts per decision;
- every capture preset and player count, one stream: at most 0.2x hearts per decision
  (issue 35's restated goal; it replaced "at most 1.5x ``cau`` 4 players");
- ``cau-quatre`` 2 to 4 players: at most 1.5x ``cau`` 4 players;
- 1024 games in lockstep: at least 5x hearts' single-stream decisions per second.

Each round also measures the batched curve: ``cau`` 4 players in lockstep (legal masks
every step, finished games restarted) at batch sizes 1 to 4096, on one thread and on
numba's threads, then ``observe()`` at 1024 games and the batch's memory per game.
``--plot`` draws the curve (decisions per second against batch size, medians of the
rounds) beside hearts' single-stream rate.

Then IS-MCTS on ``cau-robat`` 2 players and on ``cau-quatre`` 3 players, 100 iterations a
decision, in each engine (``benchmarks/engine_extras.py --ismcts-only --engine
python|kernel``, alternating): ``ISMCTSBot(engine="python")`` searches in the pure-Python
engine, ``engine="kernel"`` runs every iteration in the kernel where the family's kernel has
a search (:mod:`cau_rules.fishing.kernel.search`, :mod:`cau_rules.quatre.kernel.search`)
and only the rollouts elsewhere;
iterations per CPU second of whole games (the bot's views, resampling and the opponent
included), the goal 10x each.  Prints a Markdown table; exit status 0 if every goal holds,
1 if one does not.  ``--ismcts-only`` runs the IS-MCTS rounds alone, of ``--variant`` with
``--players`` (default ``cau-robat``, 2).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CASES = [
    ("cau", 2), ("cau", 3), ("cau", 4), ("cau-robat", 2), ("cau-robat", 3), ("cau-robat", 4),
    ("cau-robat-40", 2), ("cau-robat-40", 3), ("cau-robat-40", 4), ("cau-robat-40", 5),
    ("cau-40", 2), ("cau-40", 3), ("cau-40", 4), ("cau-40", 5), ("cau-recau-sant-vicent", 4),
]
QUATRE_CASES = [("cau-quatre", 2), ("cau-quatre", 3), ("cau-quatre", 4)]
SEARCHES = [("cau-robat", 2), ("cau-quatre", 3)]
"""The IS-MCTS games: preset and players."""


def _json(command: list[str]) -> dict[str, Any]:
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _bench(variant: str, players: int, seconds: float, *extra: str) -> dict[str, Any]:
    return _json([PYTHON, "-m", "cau_rules.cli", "bench", "--engine", "kernel", "--variant", variant,
                  "--players", str(players), "--seconds", str(seconds), "--json", *extra])


_PARALLEL = """
import json, sys, time
from cau_rules.batch import BatchGame
batch = BatchGame("cau", 4, 1024, seed=0, auto_reset=True, parallel=True)
batch.legal_mask(); batch.step(batch.random_actions())
start = time.perf_counter(); decisions = 0
while time.perf_counter() - start < float(sys.argv[1]):
    batch.legal_mask(); batch.step(batch.random_actions()); decisions += 1024
print(json.dumps({"decisions_per_s": decisions / (time.perf_counter() - start)}))
"""


def _ismcts_rounds(rounds: int, seconds: float, variant: str = "cau-robat", players: int = 2) -> dict[str, list[float]]:
    """IS-MCTS iterations per CPU second in each engine, *rounds* times, alternating."""
    ismcts: dict[str, list[float]] = {"python": [], "kernel": []}
    for number in range(rounds):
        for engine in ismcts:
            result = _json([PYTHON, "benchmarks/engine_extras.py", "--ismcts-only", "--seconds",
                            str(seconds * 3), "--engine", engine, "--variant", variant, "--players", str(players)])
            ismcts[engine].append(result["ismcts"]["iterations_per_cpu_s"])
        print(f"IS-MCTS {variant} {players}p round {number}: python {ismcts['python'][-1]:.0f}, kernel {ismcts['kernel'][-1]:.0f} "
              "iterations per CPU second", flush=True)
    return ismcts


def _ismcts_only(args: argparse.Namespace) -> int:
    ismcts = _ismcts_rounds(args.rounds, args.seconds, args.variant, args.players)
    ratios = [kernel / python for python, kernel in zip(ismcts["python"], ismcts["kernel"], strict=True)]
    search = statistics.median(ismcts["kernel"]) / statistics.median(ismcts["python"])
    print("\n| round | python | kernel | ratio |\n|---|---:|---:|---:|")
    for number, (python, kernel, ratio) in enumerate(zip(ismcts["python"], ismcts["kernel"], ratios, strict=True)):
        print(f"| {number} | {python:.0f} | {kernel:.0f} | {ratio:.1f} |")
    print(f"\nIS-MCTS {args.variant} {args.players}p, search in the kernel >= 10x python: {search:.1f} (medians), "
          f"{'holds' if search >= 10 else 'does NOT hold'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"ismcts": ismcts}, indent=1), encoding="utf-8")
    return 0 if search >= 10 else 1


SIZES = (1, 4, 16, 64, 256, 1024, 4096)

_CURVE = """
import json, sys, time
import numpy as np
from cau_rules.batch import BatchGame
seconds = float(sys.argv[1])
result = {"serial": {}, "parallel": {}}
for mode in ("serial", "parallel"):
    for size in (1, 4, 16, 64, 256, 1024, 4096):
        batch = BatchGame("cau", 4, size, seed=0, auto_reset=True, parallel=mode == "parallel")
        batch.legal_mask(); batch.step(batch.random_actions())
        start = time.perf_counter(); decisions = 0
        while time.perf_counter() - start < seconds:
            batch.legal_mask(); batch.step(batch.random_actions()); decisions += size
        result[mode][str(size)] = decisions / (time.perf_counter() - start)
batch = BatchGame("cau", 4, 1024, seed=0, auto_reset=True)
for _ in range(20):
    batch.step(batch.random_actions())
batch.observe()
start = time.perf_counter(); calls = 0
while time.perf_counter() - start < seconds:
    batch.observe(); calls += 1
result["observe_us_per_game"] = (time.perf_counter() - start) / calls / 1024 * 1e6
inner = batch._batch
held = sum(array.nbytes for array in vars(inner).values() if isinstance(array, np.ndarray))
result["bytes_per_game"] = (held + batch._mask.nbytes) / 1024
print(json.dumps(result))
"""


def plot(rounds: list[dict[str, Any]], path: Path) -> None:
    """The batched curve: median decisions per second against batch size, one thread and
    numba's threads, with hearts' single-stream rate and five times it."""
    import matplotlib  # type: ignore[import-not-found, unused-ignore]

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]

    plt.rcParams["svg.hashsalt"] = "cau_rules-kernel"
    plt.rcParams["svg.fonttype"] = "none"
    figure, axis = plt.subplots(figsize=(8, 4.8))
    for mode, label in (("serial", "kernel, one thread"), ("parallel", "kernel, numba's threads")):
        rates = [statistics.median(r["curve"][mode][str(size)] for r in rounds) for size in SIZES]
        axis.plot(SIZES, rates, marker="o", label=f"cau 4p in lockstep, {label}")
    hearts = statistics.median(1e6 / r["hearts"] for r in rounds)
    axis.axhline(hearts, color="black", linestyle=":", linewidth=1.2)
    axis.annotate("OpenSpiel C++ hearts, one stream", (SIZES[-1], hearts), fontsize=8, ha="right", va="bottom")
    axis.axhline(5 * hearts, color="grey", linestyle="--", linewidth=1.2)
    axis.annotate("5x hearts (the goal at 1024)", (SIZES[-1], 5 * hearts), fontsize=8, ha="right", va="bottom")
    axis.set_xscale("log", base=2)
    axis.set_xlabel("games in the batch")
    axis.set_ylabel("decisions per second (median of rounds)")
    axis.set_title("Batched random play in the kernel: legal mask, draw and step for every game")
    axis.set_ylim(bottom=0)
    axis.grid(alpha=0.3)
    axis.legend(fontsize=8, loc="upper left")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="svg", metadata={"Date": None})
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json")
    parser.add_argument("--ismcts-only", action="store_true", help="only the IS-MCTS rounds and their goal")
    parser.add_argument("--variant", default="cau-robat", help="the preset of --ismcts-only (default cau-robat)")
    parser.add_argument("--players", type=int, default=2, help="its player count (default 2)")
    parser.add_argument("--plot", type=Path, help="draw the batched curve into this SVG file")
    args = parser.parse_args(argv)
    if args.plot and importlib.util.find_spec("matplotlib") is None:  # say so before minutes of measuring
        parser.error("--plot draws with matplotlib: install the bench extra (pip install -e '.[bench]')")
    if args.ismcts_only:
        return _ismcts_only(args)
    rounds: list[dict[str, Any]] = []
    for number in range(args.rounds):
        hearts = _json([PYTHON, "benchmarks/anchor_step.py", "hearts", str(args.seconds)])["us_per_decision"]
        streams = {f"{v}:{p}": _bench(v, p, args.seconds)["us_per_decision"] for v, p in CASES + QUATRE_CASES}
        serial = _bench("cau", 4, args.seconds, "--batch", "1024")["decisions_per_s"]
        parallel = _json([PYTHON, "-c", _PARALLEL, str(args.seconds)])["decisions_per_s"]
        curve = _json([PYTHON, "-c", _CURVE, str(args.seconds / 2)])
        rounds.append({"hearts": hearts, "streams": streams, "batch_serial": serial, "batch_parallel": parallel,
                       "curve": curve})
        print(f"round {number}: hearts {hearts:.2f} us, cau 4p {streams['cau:4']:.2f} us, "
              f"batch {serial:.0f} / {parallel:.0f} decisions/s", flush=True)
    ismcts = {f"{v}:{p}": _ismcts_rounds(args.rounds, args.seconds, v, p) for v, p in SEARCHES}

    def median_of(key: str) -> float:
        return float(statistics.median(r["streams"][key] / r["streams"]["cau:4"] for r in rounds))

    def hearts_of(key: str) -> float:
        return float(statistics.median(r["streams"][key] / r["hearts"] for r in rounds))

    hearts_ratio = hearts_of("cau:4")
    worst = max((f"{v}:{p}" for v, p in CASES), key=hearts_of)
    worst_quatre = max((f"{v}:{p}" for v, p in QUATRE_CASES), key=median_of)
    batch_serial = statistics.median(r["batch_serial"] * r["hearts"] / 1e6 for r in rounds)
    batch_parallel = statistics.median(r["batch_parallel"] * r["hearts"] / 1e6 for r in rounds)
    search = {key: statistics.median(runs["kernel"]) / statistics.median(runs["python"])
              for key, runs in ismcts.items()}
    goals = [
        ("cau 4p one stream <= 0.2x hearts", hearts_ratio, hearts_ratio <= 0.2),
        (f"every capture preset and player count <= 0.2x hearts (worst: {worst})", hearts_of(worst),
         hearts_of(worst) <= 0.2),
        ("1024 in lockstep, one thread >= 5x hearts' decisions/s", batch_serial, batch_serial >= 5),
        ("1024 in lockstep, numba's threads >= 5x hearts' decisions/s", batch_parallel, batch_parallel >= 5),
        (f"cau-quatre 2-4p <= 1.5x cau 4p (worst: {worst_quatre})", median_of(worst_quatre),
         median_of(worst_quatre) <= 1.5),
        *((f"IS-MCTS {key.replace(':', ' ')}p kernel >= 10x python", ratio, ratio >= 10)
          for key, ratio in search.items()),
    ]
    print("\n| goal | ratio (median) | holds |\n|---|---:|---|")
    for name, ratio, holds in goals:
        print(f"| {name} | {ratio:.2f} | {'yes' if holds else '**no**'} |")
    print("\n| preset | players | kernel µs per decision (median) | × cau 4p | × hearts |\n|---|---:|---:|---:|---:|")
    for variant, players in CASES + QUATRE_CASES:
        key = f"{variant}:{players}"
        print(f"| `{variant}` | {players} | {statistics.median(r['streams'][key] for r in rounds):.2f} | "
              f"{median_of(key):.2f} | {hearts_of(key):.3f} |")
    print(f"\nhearts µs per decision (median): {statistics.median(r['hearts'] for r in rounds):.2f}")
    for key, runs in ismcts.items():
        print(f"IS-MCTS {key.replace(':', ' ')}p iterations per CPU second (median): "
              f"python {statistics.median(runs['python']):.0f}, kernel {statistics.median(runs['kernel']):.0f}")
    print("\n| games in the batch | decisions/s, one thread | numba's threads | one thread × hearts |"
          "\n|---:|---:|---:|---:|")
    hearts_rate = statistics.median(1e6 / r["hearts"] for r in rounds)
    for size in SIZES:
        serial_rate = statistics.median(r["curve"]["serial"][str(size)] for r in rounds)
        parallel_rate = statistics.median(r["curve"]["parallel"][str(size)] for r in rounds)
        print(f"| {size} | {serial_rate:,.0f} | {parallel_rate:,.0f} | {serial_rate / hearts_rate:.2f} |")
    print(f"\nobserve() at 1024 games: {statistics.median(r['curve']['observe_us_per_game'] for r in rounds):.2f} "
          f"µs per game; memory per game in the batch: {rounds[0]['curve']['bytes_per_game']:,.0f} bytes")
    if args.json:  # saved before the plot, so that a failed plot loses no measurement
        Path(args.json).write_text(json.dumps({"rounds": rounds, "ismcts": ismcts}, indent=1), encoding="utf-8")
    if args.plot:
        plot(rounds, args.plot)
    return 0 if all(holds for _, _, holds in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
