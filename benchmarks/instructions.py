"""Machine instructions per decision, counted by Valgrind: an engine benchmark that does
not move with the machine's load.

Usage (from the repository root, with ``cau_rules`` installed in this interpreter and
``valgrind`` on ``PATH`` -- ``apt-get install valgrind`` on Debian)::

    python benchmarks/instructions.py [--games 200] [--case cau:4 --case cacho:2 ...]
                                      [--checkout DIR ...] [--anchors] [--json PATH]

Each measurement plays ``--games`` seeded random games of one preset and player count
exactly as ``cau-rules bench`` does (``new_game`` with seeds 0, 1, 2, ..., moves drawn by
``random.Random("0:bench").choice``) in a fresh interpreter under
``valgrind --tool=cachegrind``, and the same interpreter again with no game; the
difference of the two instruction totals, divided by the decisions played, is the
instructions per decision (start-up and imports cancel out).  ``PYTHONHASHSEED=0`` fixes
the interpreter's hashing, so a run gives the same count every time, to the instruction.

``--checkout DIR`` (repeatable) measures a source checkout instead of the installed package
(``DIR`` is put first on ``PYTHONPATH``; ``git worktree add /tmp/old COMMIT`` makes one),
so two versions of the engine are compared figure for figure; the first checkout is the
reference and the table shows each other one's ratio to it.

``--anchors`` also counts the OpenSpiel anchors of ``compare_anchor.py`` the same way
(``benchmarks/anchor_step.py GAME --games N`` under Valgrind, in this interpreter, which
needs ``open-spiel``) and prints the goals of issue 15 as ratios of instructions: a
companion to the timed ratios that no machine load moves.

Why: the wall clock of a shared virtual machine moves by a quarter between runs of the same
code (``docs/performance.md``), more than most single changes to the engine save.
Instruction counts ignore memory stalls and branch mispredictions, so they do not replace
the timed benchmark; they tell whether a change does less work.  A run under Valgrind is
about 50 times slower than a plain one: 200 games of ``cau`` with 4 players take about 40 s.

Exit status: 0, or 2 if Valgrind is missing or a measurement failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CASES = ("cau:4", "cau-robat-40:5", "cau-robat:2", "cau-quatre:2", "cacho:2", "cacho:4")
ANCHOR_SCRIPT = ROOT / "benchmarks" / "anchor_step.py"
ANCHOR_GAMES = {"hearts": 200, "python_kuhn_poker": 4000}
"""The anchors counted by ``--anchors`` and how many games of each (a kuhn poker game has
about two decisions, a hearts game about 60)."""
_TOTAL = re.compile(r"I\s+refs:\s+([\d,]+)")


def play(variant: str, players: int, games: int) -> int:
    """Play *games* random games as ``cau-rules bench`` does; the decisions made."""
    from cau_rules.registry import new_game

    choice = random.Random("0:bench").choice
    decisions = 0
    for seed in range(games):
        state = new_game(variant, players=players, seed=seed)
        while not state.is_over:
            state = state.apply(choice(state.legal_moves()))
            decisions += 1
    return decisions


def _instructions(command: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    """The instructions *command* runs under Valgrind, and what it printed."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command]
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=env, cwd=cwd)
    total = _TOTAL.search(result.stderr)
    if result.returncode != 0 or total is None:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr.strip()[-2000:]}")
    return int(total.group(1).replace(",", "")), result.stdout


def _counted(variant: str, players: int, games: int, checkout: Path | None) -> tuple[int, int]:
    """(instructions, decisions) of one child interpreter playing *games* games."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if checkout is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(checkout), env.get("PYTHONPATH"))))
    command = [sys.executable, str(Path(__file__).resolve()), "--play", f"{variant}:{players}:{games}"]
    total, printed = _instructions(command, env, checkout if checkout is not None else ROOT)
    return total, int(printed.split()[-1])


def per_decision(variant: str, players: int, games: int, checkout: Path | None = None) -> dict[str, object]:
    """The instructions per decision of *variant* with *players*, start-up subtracted."""
    idle, _ = _counted(variant, players, 0, checkout)
    total, decisions = _counted(variant, players, games, checkout)
    return {
        "variant": variant,
        "players": players,
        "checkout": str(checkout) if checkout is not None else "installed",
        "games": games,
        "decisions": decisions,
        "instructions_per_decision": round((total - idle) / decisions),
    }


def anchor_per_decision(game: str, games: int) -> dict[str, object]:
    """The instructions per decision of an OpenSpiel anchor's random playouts, start-up
    (importing OpenSpiel, loading the game) subtracted."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    counts = []
    for played in (0, games):
        total, printed = _instructions([sys.executable, str(ANCHOR_SCRIPT), game, "--games", str(played)], env, ROOT)
        counts.append((total, int(json.loads(printed.strip().splitlines()[-1])["decisions"])))
    (idle, _), (total, decisions) = counts
    return {"anchor": game, "games": games, "decisions": decisions,
            "instructions_per_decision": round((total - idle) / decisions)}


def _case(text: str) -> tuple[str, int]:
    variant, _, players = text.partition(":")
    if not variant or not players.isdigit():
        raise argparse.ArgumentTypeError(f"a case is VARIANT:PLAYERS, e.g. cau:4, not {text!r}")
    return variant, int(players)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--case", action="append", type=_case, metavar="VARIANT:PLAYERS",
                        help=f"what to measure (repeatable; default: {' '.join(DEFAULT_CASES)})")
    parser.add_argument("--games", type=_positive, default=200, help="games per measurement (default 200)")
    parser.add_argument("--checkout", action="append", type=Path, metavar="DIR",
                        help="a source checkout to measure (repeatable; default: the installed package)")
    parser.add_argument("--anchors", action="store_true",
                        help="also count the OpenSpiel anchors and print the goals as instruction ratios")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure as JSON")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child: VARIANT:PLAYERS:GAMES, prints decisions
    args = parser.parse_args(argv)
    if args.play is not None:
        variant, players, games = args.play.split(":")
        print(play(variant, int(players), int(games)))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not on PATH (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    cases = args.case or [_case(text) for text in DEFAULT_CASES]
    checkouts: list[Path | None] = [path.resolve() for path in args.checkout] if args.checkout else [None]
    results: list[dict[str, object]] = []
    mine: dict[tuple[str, int], int] = {}  # the first checkout's counts, for the goals
    try:
        for variant, players in cases:
            row = [per_decision(variant, players, args.games, checkout) for checkout in checkouts]
            results += row
            counts = [int(str(item["instructions_per_decision"])) for item in row]
            mine[variant, players] = counts[0]
            ratios = "".join(f"  {count / counts[0]:.3f}x" for count in counts[1:])
            print(f"{variant:<14} {players}p  " + "  ".join(f"{count:>9,}" for count in counts) + ratios, flush=True)
        anchors: dict[str, int] = {}
        if args.anchors:
            for game, games in ANCHOR_GAMES.items():
                figure = anchor_per_decision(game, games)
                results.append(figure)
                anchors[game] = int(str(figure["instructions_per_decision"]))
                print(f"{game:<17} {anchors[game]:>9,}  (OpenSpiel anchor)", flush=True)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 2
    for line in goal_lines(mine, anchors):
        print(line)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


def goal_lines(mine: dict[tuple[str, int], int], anchors: dict[str, int]) -> list[str]:
    """The goals of issue 15 that these counts can be set against, as instruction ratios."""
    lines = []
    base = mine.get(("cau", 4))
    if base is not None and "hearts" in anchors:
        lines.append(f"cau 4p / hearts: {base / anchors['hearts']:.2f} (time goal: at most 2.5)")
    if base is not None:
        capture = {case: count for case, count in mine.items() if case[0] != "cacho" and case != ("cau", 4)}
        if capture:
            worst = max(capture, key=lambda case: capture[case])
            lines.append(f"worst capture preset / cau 4p: {worst[0]} {worst[1]}p {capture[worst] / base:.2f} "
                         "(time goal: at most 1.5)")
    if "python_kuhn_poker" in anchors:
        for players in (2, 4):
            count = mine.get(("cacho", players))
            if count is not None:
                lines.append(f"cacho {players}p / python_kuhn_poker: {count / anchors['python_kuhn_poker']:.2f} "
                             "(time goal: at most 1.0)")
    return lines


if __name__ == "__main__":
    sys.exit(main())
