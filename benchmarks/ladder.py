"""The ladder: how strong each bot and level plays, preset by preset, in Elo with 95 % intervals.

A benchmark, not a test.  For every preset at 2 players and at its usual count (4 for
the team game and for ``cau``, 3 for the four-card game) it runs the arena
(:func:`cau_rules.ai.arena.arena`: duplicate deals, every pair of bots, Bradley-Terry Elo
anchored at ``random`` = 0 with a bootstrap interval over the deals) between ``random``,
``greedy``, IS-MCTS at 100, 1,000 and 10,000 iterations (the kernel's search where the
``fast`` extra is installed, each capped at one CPU second a move) and the bots of the
levels (:mod:`cau_rules.ai.levels`; a level whose bot is already on the ladder is rated
with it), stores each run's result as JSON in ``benchmarks/results/ladder/`` and rewrites
``docs/strength.md`` (and a chart per run in ``docs/images/strength/``) from every stored
result.

    python benchmarks/ladder.py                                   # the full ladder (hours)
    python benchmarks/ladder.py --only cau-robat:2 --deals 20      # one run, reduced
    python benchmarks/ladder.py --only cau-quatre:3 --deals 8 --bots random,greedy,ismcts:100:auto:time=1
    python benchmarks/ladder.py --page-only                       # rewrite the page from stored runs

A run with fewer than ``FULL_DEALS`` deals, or with ``--bots``, is marked *reduced* on the
page, with its command.  The goal of the full ladder is an interval of at most ±25 Elo for every bot.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import os
import shlex
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cau_rules.ai.arena import Rating, arena, ratings_chart
from cau_rules.ai.levels import LEVELS, level_specs
from cau_rules.cli.measure import ProgressLog
from cau_rules.registry import get_rules, variants

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "ladder"
PAGE = ROOT / "docs" / "strength.md"
CHARTS = ROOT / "docs" / "images" / "strength"

BASE_BOTS = ("random", "greedy", "ismcts:100:auto:time=1", "ismcts:1000:auto:time=1", "ismcts:10000:auto:time=1")
"""The bots every ladder run rates (then the levels' bots not among them)."""

USUAL = {"cau": 4, "cau-recau-sant-vicent": 4, "cau-quatre": 3}
"""The usual player count of a preset, when it is not 2."""

FULL_DEALS = 400
"""Deals per pair of the full ladder (about ±25 Elo with this many bots)."""


def runs() -> list[tuple[str, int]]:
    """Every (preset, players) of the ladder: 2 players where the preset allows it, and
    its usual count."""
    found = []
    for name in variants():
        rules = get_rules(name)
        for count in sorted({2, USUAL.get(name, 2)}):
            if rules.min_players <= count <= rules.max_players:
                found.append((name, count))
    return found


def bots_for(preset: str, base: Sequence[str] | None = None, players: int | None = None,
             ) -> tuple[list[str], dict[str, str]]:
    """The specs a run of *preset* with *players* rates (*base*, default :data:`BASE_BOTS`,
    then the levels' bots not among them; with *base* given, only those), and the spec of
    every level at that player count."""
    levels = level_specs(preset, players)
    bots = list(BASE_BOTS if base is None else base)
    if base is None:
        for spec in levels.values():
            if spec not in bots:
                bots.append(spec)
    return bots, {str(level): spec for level, spec in levels.items()}


def run_one(preset: str, players: int, deals: int, seed: int, workers: int, command: str,
            base: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the arena of one (preset, players) and return its stored form."""
    bots, levels = bots_for(preset, base, players)
    progress = ProgressLog(sys.stderr, name=f"ladder {preset}:{players}")
    if workers == 1:
        result = arena(preset, bots, deals, seed, "serial", players, progress=progress)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            result = arena(preset, bots, deals, seed, pool, players, progress=progress)
    data = result.to_dict()
    data.update(levels=levels, command=command, reduced=deals < FULL_DEALS or base is not None, workers=workers)
    return data


def _stored() -> list[dict[str, Any]]:
    found = []
    for path in sorted(RESULTS.glob("*.json")):
        found.append(json.loads(path.read_text(encoding="utf-8")))
    order = {run: index for index, run in enumerate(runs())}
    found.sort(key=lambda d: order.get((d["variant"], d["players"]), len(order)))
    return found


def _chart(data: dict[str, Any]) -> str:
    """The SVG chart of a stored run."""
    ratings = [Rating(r["bot"], r["elo"], r["low"], r["high"]) for r in data["ratings"]]
    title = (f"{data['variant']}, {data['players']} players, {data['deals']} deals: Elo ({data['anchor']} = 0), "
             f"95% intervals")
    return ratings_chart(ratings, title)


def _expert_goals() -> list[str]:
    """The section of ``benchmarks/expert_goals.py`` (the expert against IS-MCTS at equal time)."""
    spec = importlib.util.spec_from_file_location("expert_goals", Path(__file__).with_name("expert_goals.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    section: list[str] = module.section()
    return section


def write_page() -> None:
    """Rewrite docs/strength.md and the charts from every stored run."""
    CHARTS.mkdir(parents=True, exist_ok=True)
    stored = _stored()
    lines = [
        "# Play strength",
        "",
        "How strongly each bot and each level plays, in Elo, measured by the "
        "[arena](arena.md): every pair of bots plays the same deals, each deal once per "
        "seating (the bots swapped and rotated over the seats; in the team game the teams "
        "swap), with new bots every game. The Elo is the Bradley-Terry rating of the pairs' "
        "shares of the win, anchored at `random` = 0; the interval is the 2.5 and 97.5 "
        "percentiles of 200 bootstrap resamples of the deals. +100 Elo is a 64% share of the "
        "win against the other bot, +200 a 76% share. A prior of one drawn deal per pair keeps "
        "a bot that wins almost every deal against `random` at a finite rating, so the distance "
        "to `random` is the least certain figure; the distances between the other bots are the "
        "ones to read. With few deals the bootstrap intervals are narrower than they should be.",
        "",
        "IS-MCTS bots search in the compiled kernel where the `fast` extra is installed, each "
        "capped at one CPU second a move (`time=1`; on the machine measured, 10,000 "
        "iterations take about 0.3 s at a game's first move, so the cap did not bind). "
        "The levels are the bots of `cau_rules.ai.levels.LEVEL_TABLE`; a level whose bot is "
        "on the ladder has that bot's rating.",
        "",
        "The page is written by `python benchmarks/ladder.py` from the runs stored in "
        "`benchmarks/results/ladder/`. The full ladder plays "
        f"{FULL_DEALS} deals a pair for every preset at 2 players and at its usual count, "
        "for intervals of about ±25 Elo; a run marked **reduced** played fewer deals (its "
        "intervals are wider) or fewer bots, and shows the command that made it.",
        "",
    ]
    if not stored:
        lines += ["No run is stored yet: run `python benchmarks/ladder.py`.", ""]
    for data in stored:
        name, count = data["variant"], data["players"]
        stem = f"{name}-{count}"
        (CHARTS / f"{stem}.svg").write_text(_chart(data), encoding="utf-8")
        label = " (reduced)" if data.get("reduced") else ""
        levels: dict[str, str] = data.get("levels", {})
        lines += [
            f"## {name}, {count} players{label}",
            "",
            f"{data['deals']} deals a pair, {data['games']} games, seed {data['seed']}, "
            f"{data['seconds']:.0f} s on {data.get('workers', 1)} worker(s). Command:",
            "",
            "```sh",
            data.get("command", ""),
            "```",
            "",
            "| Bot | Levels | Elo | 95% interval | ± |",
            "|---|---|---:|---|---:|",
        ]
        for rating in sorted(data["ratings"], key=lambda r: -r["elo"]):
            named = ", ".join(level for level in LEVELS if levels.get(level) == rating["bot"])
            half = (rating["high"] - rating["low"]) / 2
            lines.append(f"| `{rating['bot']}` | {named} | {rating['elo']:+.0f} | "
                         f"{rating['low']:+.0f} to {rating['high']:+.0f} | {half:.0f} |")
        elo = {rating["bot"]: rating["elo"] for rating in data["ratings"]}
        if all(levels.get(level) in elo for level in LEVELS):
            steps = [f"{low} to {high}: {elo[levels[high]] - elo[levels[low]]:+.0f}"
                     for low, high in itertools.pairwise(LEVELS)]
            lines += ["", "Steps between the levels (the goal is at least +150 each): " + "; ".join(steps) + "."]
        changed = [f"{level} is now `{spec}`" for level, spec in level_specs(name, count).items()
                   if levels.get(level) not in (None, spec)]
        if changed:
            lines += ["", "The levels changed after this run (" + "; ".join(changed)
                      + "): the table names the levels as they were when it ran."]
        lines += ["", f"![Elo of the bots in {name}, {count} players](images/strength/{stem}.svg)", ""]
    lines += _expert_goals()
    missing = [f"{name} ({count} players)" for name, count in runs()
               if not any(d["variant"] == name and d["players"] == count for d in stored)]
    if missing:
        lines += ["## Not measured yet", "", "The ladder has no run yet of: " + ", ".join(missing) + ".", ""]
    PAGE.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8", newline="\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--only", default=None,
                        help="comma-separated PRESET:PLAYERS runs (default: every run of the ladder)")
    parser.add_argument("--deals", type=int, default=FULL_DEALS, help=f"deals a pair (default: {FULL_DEALS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default: 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per core)")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bot specs instead of the ladder's (a reduced run)")
    parser.add_argument("--page-only", action="store_true", help="only rewrite the page from the stored runs")
    args = parser.parse_args(argv)
    if not args.page_only:
        chosen = runs()
        if args.only:
            wanted = []
            for item in args.only.split(","):
                name, _, count = item.partition(":")
                wanted.append((name.strip(), int(count) if count else 2))
            unknown = [w for w in wanted if w not in chosen]
            if unknown:
                parser.error(f"not a run of the ladder: {unknown}; runs are {chosen}")
            chosen = wanted
        RESULTS.mkdir(parents=True, exist_ok=True)
        base = None if args.bots is None else [bot.strip() for bot in args.bots.split(",") if bot.strip()]
        for name, count in chosen:
            words = ["--only", f"{name}:{count}", "--deals", str(args.deals), "--seed", str(args.seed),
                     "--workers", str(args.workers)]
            if base is not None:
                words += ["--bots", ",".join(base)]
            command = "python benchmarks/ladder.py " + shlex.join(words)
            data = run_one(name, count, args.deals, args.seed, args.workers, command, base)
            (RESULTS / f"{name}-{count}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            print(f"{name}:{count}: {data['deals']} deals, {data['games']} games, {data['seconds']:.0f} s", flush=True)
    write_page()
    return 0


if __name__ == "__main__":
    sys.exit(main())
