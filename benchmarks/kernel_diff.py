"""The differential harness at scale: seeded random games in the compiled kernel and in
the reference engine side by side, per preset and player count (every preset of every
family with a kernel).

Usage (from the repository root, with the ``fast`` extra installed)::

    python benchmarks/kernel_diff.py [--games 100000] [--first 0] [--batch 500] [--variant NAME ...]
                                     [--players N] [--option NAME=JSON ...] [--full] [--json PATH]

After every step the kernel's legal mask must equal the codec encoding of the reference
``legal_moves()`` (and both must agree whether the game is over); at the end the whole
position notation, the outcome and the returns must be equal.  ``--full`` also compares
the notation after every step (as the CI test does; several times slower).  Game ``i``
of a preset and player count is the reference game of seed ``i`` (from ``--first`` on,
so that runs in several parts cover disjoint seeds), its moves drawn from
``random.Random(f"{variant}:{players}:{i}")``, so any disagreement replays.  Prints one
line per preset and player count and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np

from cau_rules import new_game
from cau_rules.batch import BatchGame
from cau_rules.registry import FAMILIES, family_of

PRESETS: dict[str, Any] = {rules.name: rules for family in FAMILIES if family.kernel for rules in family.presets}
"""Every preset of every family with a compiled kernel, by name."""


def _compare(name: str, players: int, first: int, size: int, full: bool,
             options: dict[str, Any] | None = None) -> tuple[int, int, list[str]]:
    """Games ``first`` to ``first + size - 1``: (steps compared, disagreements, examples)."""
    rules = PRESETS[name].replace(**options) if options else PRESETS[name]
    codec = family_of(rules).codec(rules, players)
    batch = BatchGame(rules, players, size, seed=first)
    states: list[Any] = [new_game(rules, players=players, seed=first + game) for game in range(size)]
    rngs = [random.Random(f"{name}:{players}:{first + game}") for game in range(size)]
    bad: set[int] = set()
    examples: list[str] = []
    steps = 0

    def fail(game: int, what: str) -> None:
        if game not in bad:
            bad.add(game)
            if len(examples) < 5:
                examples.append(f"{name} {players}p seed {first + game}: {what}")

    while not batch.done.all():
        mask = batch.legal_mask()
        actions = np.zeros(size, np.int64)
        for game, state in enumerate(states):
            if game in bad or state.is_over:
                if not state.is_over or not batch.done[game]:
                    fail(game, "one engine ended, the other did not")
                continue
            legal = codec.legal_actions(state)
            if np.flatnonzero(mask[game]).tolist() != sorted(legal):
                fail(game, f"legal mask differs at {state.to_notation()}")
                continue
            if full and batch.state(game).to_notation() != state.to_notation():
                fail(game, f"notation differs at {state.to_notation()}")
                continue
            actions[game] = rngs[game].choice(legal)
            states[game] = state.apply(codec.decode(int(actions[game]), state))
            steps += 1
        for game in bad:  # a disagreeing game stops: make it legal or leave it be
            row = np.flatnonzero(mask[game])
            actions[game] = row[0] if len(row) else 0
        batch.step(actions)
    for game, state in enumerate(states):
        if game in bad:
            continue
        outcome = state.outcome()
        if not state.is_over or outcome is None:
            fail(game, "the kernel ended, the reference did not")
        elif batch.state(game).to_notation() != state.to_notation():
            fail(game, "final notation differs")
        elif batch.outcome(game) != outcome or tuple(batch.returns[game].tolist()) != outcome.shares():
            fail(game, "outcome differs")
    return steps, len(bad), examples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--variant", action="append", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON",
                        help="a rules option changed in every preset run (resto=\"side_pots\", stack=5)")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    options = {key: json.loads(value) for key, value in (item.split("=", 1) for item in args.option)}
    results: list[dict[str, Any]] = []
    failed = False
    for name in args.variant or list(PRESETS):
        rules = PRESETS[name]
        for players in range(rules.min_players, rules.max_players + 1):
            if args.players is not None and players != args.players:
                continue
            start = time.perf_counter()
            steps = disagreements = 0
            examples: list[str] = []
            end = args.first + args.games
            for first in range(args.first, end, args.batch):
                done_steps, bad, found = _compare(name, players, first, min(args.batch, end - first), args.full,
                                                     options)
                steps += done_steps
                disagreements += bad
                examples += found
            seconds = time.perf_counter() - start
            results.append({"variant": name, "options": options, "players": players, "games": args.games,
                            "first": args.first, "steps": steps,
                            "disagreements": disagreements, "examples": examples[:5], "seconds": round(seconds, 1)})
            print(f"{name:24} {players}p  games {args.games:>7} from seed {args.first}  steps {steps:>10}  "
                  f"disagreements {disagreements}  ({seconds:.0f} s)", flush=True)
            for example in examples[:5]:
                print("   ", example, flush=True)
            failed = failed or disagreements > 0
            if args.json:
                with open(args.json, "w", encoding="utf-8") as out:
                    json.dump(results, out, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
