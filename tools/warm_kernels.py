"""Compile every family's kernel once, into numba's disk cache, before the test suite runs.

The cache is the per-user directory of ``cau_rules.cache`` (``NUMBA_CACHE_DIR`` when set:
CI sets it to a folder of its own, and the test workers read the same variable).

CI starts this in the background while it lints and type-checks (one core each), so that
the two pytest workers load the machine code from the cache instead of both compiling it.
It makes the first calls of what the tests call most: a batch of each family on one
thread and on numba's threads (a step, a legal mask, a sample, ``observe()``, a whole game
with ``play_seed``, ``state`` and ``from_states``), a playout and an IS-MCTS search in the
kernel.  Usage (from the repository root, with the ``fast`` extra)::

    python tools/warm_kernels.py      # prints the seconds each family took

Exit status 0, or the error of the call that failed (a broken kernel fails CI here too).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

# The checkout's package, as pytest imports it from the repository root: numba files each
# module's machine code under a hash of the module's folder, so warming an installed copy
# would fill entries the tests never read.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CASES = (("cau-robat", 2), ("cau-quatre", 3), ("cacho", 2))


def warm(variant: str, players: int) -> None:
    """The first calls of the kernel of *variant*'s family."""
    from cau_rules import new_game
    from cau_rules.ai.infostate import InfoState
    from cau_rules.ai.mcts import ismcts
    from cau_rules.batch import BatchGame
    from cau_rules.registry import family_of

    for parallel in (False, True):
        batch = BatchGame(variant, players, 4, seed=0, auto_reset=True, parallel=parallel)
        batch.legal_mask()
        batch.step(batch.random_actions())
        batch.observe()
        batch.play_seed(0, 5)
        BatchGame.from_states([batch.state(1), batch.state(2)], parallel=parallel)
    state = new_game(variant, players=players, seed=3)
    playout = family_of(state).playout
    if playout is not None:
        playout(state, random.Random(1).choice, "kernel")
    ismcts(InfoState.start(state, 0), 20, random.Random(2), engine="kernel")


def main() -> int:
    """Warm every case of :data:`CASES`; print what each took."""
    for variant, players in CASES:
        start = time.perf_counter()
        warm(variant, players)
        print(f"{variant} {players}p: {time.perf_counter() - start:.1f} s", flush=True)
    start = time.perf_counter()
    warm_solver()
    print(f"solver: {time.perf_counter() - start:.1f} s", flush=True)
    return 0


def warm_solver() -> None:
    """The first calls of the CFR solver's compiled passes (:mod:`cau_rules.solve.kernel`)."""
    from cau_rules.solve.cfr import CFRSolver
    from cau_rules.solve.games import kuhn

    solver = CFRSolver(kuhn())
    solver.run(2)
    solver.exploitability()


if __name__ == "__main__":
    sys.exit(main())
