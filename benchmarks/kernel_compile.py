"""The capture kernel's first-call cost: compiled from an empty numba cache, then loaded
from that cache, and the cache's size on disk.

Usage (from the repository root, with the ``fast`` extra)::

    python benchmarks/kernel_compile.py [--json PATH]

Each measurement is a fresh process whose ``NUMBA_CACHE_DIR`` is one new temporary
directory (empty for the first, filled by the first for the second).  The process
imports the package, then makes the first calls of everything the capture kernel
compiles: ``BatchGame`` (a reset, a legal mask, a step, a sample, ``observe()``, a
whole game with ``play_seed``), on one thread and on numba's threads, a playout
(``engine="kernel"``) and an IS-MCTS search in the kernel.  Wall and CPU seconds of the
process are printed as one Markdown table, with the cache's files and bytes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_FIRST_CALLS = """
import json, random, sys, time
wall, cpu = time.perf_counter(), time.process_time()
from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ismcts
from cau_rules.batch import BatchGame
from cau_rules.registry import family_of
imported = time.perf_counter() - wall
for parallel in (False, True):
    batch = BatchGame("cau-robat", 2, 4, seed=0, auto_reset=True, parallel=parallel)
    batch.step(batch.random_actions())
    batch.legal_mask()
    batch.observe()
    batch.play_seed(0, 5)
state = new_game("cau-robat", players=2, seed=3)
family_of(state).playout(state, random.Random(1).choice, engine="kernel")
ismcts(InfoState.start(state, 0), 50, random.Random(2), engine="kernel")
print(json.dumps({"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu,
                  "import_s": imported}))
"""


def _first_calls(cache: Path) -> dict[str, Any]:
    environment = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", _FIRST_CALLS], capture_output=True, text=True, check=True,
                         cwd=ROOT, env=environment).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cau-numba-") as directory:
        cache = Path(directory)
        cold = _first_calls(cache)
        files = [path for path in cache.rglob("*") if path.is_file()]
        size = sum(path.stat().st_size for path in files)
        warm = _first_calls(cache)
    load = os.getloadavg()[0]
    print("| first calls of the capture kernel | wall s | CPU s |\n|---|---:|---:|")
    print(f"| compiled from an empty cache | {cold['wall_s']:.1f} | {cold['cpu_s']:.1f} |")
    print(f"| loaded from the cache | {warm['wall_s']:.1f} | {warm['cpu_s']:.1f} |")
    print(f"\ncache: {len(files)} files, {size / 1e6:.1f} MB; load average {load:.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"cold": cold, "warm": warm, "files": len(files), "bytes": size,
                                               "load": load}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
