"""Long fuzz run of the batch API: random sequences of good and hostile calls on
:class:`~cau_rules.batch.BatchGame` batches of every family, each call one case, with the
outcome of each case counted (outside CI; ``tests/kernel/test_batch_property.py`` is the
short run).

Usage (from the repository root, with the ``fast`` extra installed)::

    PYTHONPATH=. python benchmarks/batch_fuzz.py --cases 100000

Run ``k`` makes a batch from ``random.Random(f"batch-fuzz:{k}")`` (a family of
``tests/kernel/batch_calls.py``'s ``FAMILIES``: every family, a Valencian game whose deals
may end it, a joc of several partides; made by the constructor or ``from_states``) and
makes ``--calls`` calls on it (``hostile_call``: reset, play_random, play_seed, play_seeds,
outcome, state, observe, random_actions, legal_mask and step, their arguments good or
hostile).  A case is *accepted*, *refused* (one of the documented errors: the library's
own, a ``TypeError`` naming a parameter, an ``IndexError`` for a game index), an *escape*
(any other exception), *damaged* (refused, but the batch differs from the copy taken
before the call) or *inconsistent* (accepted, but a game no longer reads, or ``done`` and
``returns`` disagree with the games).  The exit status is 1 when any case escaped, damaged
or left a batch inconsistent, or when a call took longer than ``--budget`` seconds (a
hang, counted besides the call's outcome).
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

from tests.kernel.batch_calls import check_call, hostile_call, make_batch

BAD = ("ESCAPE", "DAMAGED", "INCONSISTENT", "HANG")


def run(first: int, runs: int, calls: int, budget: float) -> tuple[Counter[str], list[str]]:
    """Runs *first* to ``first + runs - 1`` of *calls* calls each; the outcomes counted (a
    call taking more than *budget* seconds also counts as a hang)."""
    outcomes: Counter[str] = Counter()
    examples: list[str] = []
    for k in range(first, first + runs):
        rng = random.Random(f"batch-fuzz:{k}")
        batch = make_batch(rng)
        for _ in range(calls):
            name, call = hostile_call(batch, rng)
            method = name.split("(")[0]
            started = time.perf_counter()
            try:
                kind = check_call(batch, name, call)
            except AssertionError as exc:
                kind = "DAMAGED" if "changed" in str(exc) else "INCONSISTENT"
                if len(examples) < 5:
                    examples.append(f"run {k}: {name}: {str(exc)[:200]}")
            except Exception as exc:  # an escape: reported, not raised
                kind = f"ESCAPE {type(exc).__name__}"
                if len(examples) < 5:
                    examples.append(f"run {k}: {name}: {type(exc).__name__}: {str(exc)[:200]}")
            outcomes[f"{method}: {kind}"] += 1
            if time.perf_counter() - started > budget:
                outcomes[f"{method}: HANG"] += 1
                if len(examples) < 5:
                    examples.append(f"run {k}: {name}: took {time.perf_counter() - started:.1f} s")
            if kind.startswith(BAD):
                break  # the batch may be in any state now
    return outcomes, examples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=100_000, help="calls in all (about)")
    parser.add_argument("--calls", type=int, default=40, help="calls per batch")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--chunk", type=int, default=100, help="batches per task")
    parser.add_argument("--budget", type=float, default=5.0, help="seconds a call may take before it counts as a hang")
    args = parser.parse_args(argv)
    batches = -(-args.cases // args.calls)
    totals: Counter[str] = Counter()
    examples: list[str] = []
    started = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(run, first, min(args.chunk, batches - first), args.calls, args.budget)
                   for first in range(0, batches, args.chunk)]
        for future in cf.as_completed(futures):
            outcomes, escapes = future.result()
            totals.update(outcomes)
            examples.extend(escapes)
    methods = sorted({key.split(": ")[0] for key in totals})
    print(f"{'method':15} {'cases':>8}  outcomes")
    for method in methods:
        counts = {key.split(": ", 1)[1]: n for key, n in totals.items() if key.startswith(method + ": ")}
        shown = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items(), key=lambda item: -item[1]))
        print(f"{method:15} {sum(counts.values()):>8}  {shown}")
    kinds: Counter[str] = Counter()
    for key, n in totals.items():
        kind = key.split(": ", 1)[1]
        kinds["accepted" if kind == "accepted" else kind if kind.startswith(BAD) else "refused"] += n
    bad = sum(n for kind, n in kinds.items() if kind.startswith(BAD))
    for example in examples[:20]:
        print("  ", example)
    print(f"cases {sum(totals.values()) - kinds['HANG']}: accepted {kinds['accepted']}, refused {kinds['refused']}, "
          f"escapes {sum(n for k, n in kinds.items() if k.startswith('ESCAPE'))}, damaged {kinds['DAMAGED']}, "
          f"inconsistent {kinds['INCONSISTENT']}, hangs {kinds['HANG']}; {time.perf_counter() - started:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
