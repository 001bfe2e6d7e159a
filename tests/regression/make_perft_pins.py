"""Regenerate ``perft_pins.json``: perft counts from fixed seeded deals, per preset and
player count.

Run it only on purpose, after a change that is *meant* to change the legal moves
(a rule fix, a new option default, a new preset), and review the diff of the JSON:

    python tests/regression/make_perft_pins.py

(with ``python`` the interpreter of an environment where the project is installed, e.g.
``.venv/bin/python``; the script puts the repository first on ``sys.path`` itself).

For every registered preset, every allowed player count and each seed in ``SEEDS``, it
counts the legal move sequences from ``new_game(preset, players=..., seed=...)`` to
each depth up to the deepest whose search applies at most ``NODE_BUDGET`` moves (at most
``MAX_DEPTH``), so each pin checks in well under a second.  The depth depends only on
the counts, never on the machine's speed, so the file is reproducible.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cau_rules import new_game  # noqa: E402
from cau_rules.game import GameState  # noqa: E402
from tests.helpers import cases, generated_moves, perft_counts  # noqa: E402

PINS = Path(__file__).with_name("perft_pins.json")
SEEDS = (1, 2)
MAX_DEPTH = 10
NODE_BUDGET = 20_000
"""Most moves one pin may apply (the sum of its counts)."""


class _OverBudget(Exception):
    pass


def _nodes_within(state: GameState, depth: int, budget: int) -> None:
    """Raise _OverBudget if a perft to *depth* would apply more than *budget* moves."""
    left = [budget]

    def walk(node: GameState, level: int) -> None:
        if level == 0 or node.is_over:
            return
        moves = generated_moves(node)
        left[0] -= len(moves)
        if left[0] < 0:
            raise _OverBudget
        for move in moves:
            walk(node.apply(move), level - 1)

    walk(state, depth)


def pin(variant: str, players: int, seed: int) -> dict[str, object]:
    """The pin for one deal: the deepest depth within the budget and its counts."""
    state = new_game(variant, players=players, seed=seed)
    depth = 1
    while depth < MAX_DEPTH:
        try:
            _nodes_within(state, depth + 1, NODE_BUDGET)
        except _OverBudget:
            break
        depth += 1
    counts = perft_counts(state, depth)
    return {"variant": variant, "players": players, "seed": seed, "depth": depth, "counts": counts}


def main() -> None:
    pins = []
    for variant, players in cases():
        for seed in SEEDS:
            start = time.perf_counter()
            entry = pin(variant, players, seed)
            pins.append(entry)
            print(f"{variant:>14} {players}p seed {seed}: depth {entry['depth']} "
                  f"counts {entry['counts']} ({time.perf_counter() - start:.2f} s)")
    data = {
        "about": "perft pins: legal move sequences to each depth from new_game(variant, players, seed); "
                 "regenerate with tests/regression/make_perft_pins.py",
        "seeds": list(SEEDS),
        "pins": pins,
    }
    PINS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(pins)} pins to {PINS}")


if __name__ == "__main__":
    main()
