"""Long fuzz run: every entry point of ``tests/fuzz/corpus.py`` for many cases, with the
outcome of each case counted by exception type (outside CI).

Usage::

    python benchmarks/fuzz.py --cases 100000            # every entry point
    python benchmarks/fuzz.py --cases 2000 --only loads  # one entry point

A case *escapes* when it raises an exception the error contract does not allow (for text
and JSON, anything but the library's own errors), *hangs* when it takes longer than
``--budget`` seconds, and is *stuck* when an accepted save gives a state that is not over
and has no legal move (counted among escapes as ``AssertionError``).  The exit status is 1
when any case escaped or hung.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.corpus import ENTRY_POINTS


def run(name: str, first: int, cases: int, budget: float) -> tuple[str, Counter[str], list[str]]:
    """Run *cases* cases of entry point *name* from seed *first*; count the outcomes."""
    entry, allowed = ENTRY_POINTS[name]
    outcomes: Counter[str] = Counter()
    escapes: list[str] = []
    for seed in range(first, first + cases):
        rng = random.Random(f"{name}:{seed}")
        started = time.perf_counter()
        try:
            entry(rng)
        except allowed as exc:
            outcomes[type(exc).__name__] += 1
        except Exception as exc:  # an escape: reported, not raised
            outcomes[f"ESCAPE {type(exc).__name__}"] += 1
            if len(escapes) < 5:
                escapes.append(f"{name} seed {seed}: {type(exc).__name__}: {str(exc)[:200]}")
        else:
            outcomes["accepted"] += 1
        if time.perf_counter() - started > budget:
            outcomes["HANG"] += 1
            if len(escapes) < 5:
                escapes.append(f"{name} seed {seed}: took {time.perf_counter() - started:.2f} s")
    return name, outcomes, escapes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000, help="cases per entry point")
    parser.add_argument("--only", choices=sorted(ENTRY_POINTS), default=None, help="one entry point")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--chunk", type=int, default=2_000, help="cases per task")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a case may take before it counts as a hang")
    args = parser.parse_args(argv)
    names = [args.only] if args.only else sorted(ENTRY_POINTS)
    totals: dict[str, Counter[str]] = {name: Counter() for name in names}
    examples: list[str] = []
    started = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [
            pool.submit(run, name, first, min(args.chunk, args.cases - first), args.budget)
            for name in names
            for first in range(0, args.cases, args.chunk)
        ]
        for future in cf.as_completed(futures):
            name, outcomes, escapes = future.result()
            totals[name].update(outcomes)
            examples.extend(escapes)
    bad = 0
    print(f"{'entry point':12} {'cases':>8}  outcomes")
    for name in names:
        counts = totals[name]
        bad += sum(n for kind, n in counts.items() if kind.startswith(("ESCAPE", "HANG")))
        shown = ", ".join(f"{kind} {n}" for kind, n in counts.most_common())
        print(f"{name:12} {sum(counts.values()) - counts['HANG']:>8}  {shown}")
    for example in examples[:20]:
        print("  ", example)
    print(f"escapes and hangs: {bad}; {time.perf_counter() - started:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
