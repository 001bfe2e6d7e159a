"""The ``arena`` command: bots play duplicate deals and are rated (see
:mod:`cau_rules.ai.arena`).

>>> import io
>>> out = io.StringIO()
>>> run_arena("cau", None, 2, 0, ["greedy", "random"], workers=1, out=out)
0
>>> print(out.getvalue())  # doctest: +ELLIPSIS
Arena: cau, 2 players, 2 deals (4 games), seed 0, lineup alternate; Elo anchored at random = 0.
...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TextIO

from cau_rules.ai import specs
from cau_rules.ai.arena import ArenaResult, Lineup, arena
from cau_rules.cli.measure import ProgressBar, ProgressLog
from cau_rules.cli.screens import UsageError
from cau_rules.registry import get_rules

__all__ = ["add_arena_parser", "cmd_arena", "run_arena"]


def run_arena(
    variant: str,
    players: int | None,
    deals: int,
    seed: int,
    bots: Sequence[str],
    workers: int | None = None,
    lineup: Lineup = "alternate",
    sprt: tuple[float, float] | None = None,
    engine: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    out: TextIO | None = None,
    as_json: bool = False,
    markdown: str | None = None,
    svg: str | None = None,
    json_file: str | None = None,
) -> int:
    """Run the arena with the command's arguments, print its tables (or JSON with
    *as_json*) to *out* and write the files asked for; return the exit status (0).

    Raises:
        UsageError: fewer than two bots, or *workers* below 1.
    """
    stream = sys.stdout if out is None else out
    rules = get_rules(variant)
    names = [name.strip() for name in bots if name.strip()]
    if len(names) < 2:
        raise UsageError(f"--bots needs at least two bots, not {len(names)}")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    names = specs.with_engine(names, engine)
    count = workers if workers is not None else (os.cpu_count() or 1)
    result: ArenaResult
    if count == 1:
        result = arena(rules, names, deals, seed, "serial", players, lineup, sprt, progress=progress)
    else:
        with ProcessPoolExecutor(max_workers=count) as pool:
            result = arena(rules, names, deals, seed, pool, players, lineup, sprt, progress=progress)
    if markdown:
        Path(markdown).write_text(result.to_markdown() + "\n", encoding="utf-8")
    if svg:
        Path(svg).write_text(result.to_svg(), encoding="utf-8")
    if json_file:
        Path(json_file).write_text(json.dumps(result.to_dict(), indent=1) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(result.to_dict()), file=stream)
    else:
        print(result.to_markdown(), file=stream)
        print(f"\n{result.seconds:.1f} s", file=stream)
    return 0


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``cau-rules arena`` with parsed *args*."""
    err = sys.stderr
    bar: ProgressBar | ProgressLog | None = None
    if not args.no_progress:
        bar = ProgressBar(err) if err.isatty() else ProgressLog(err, name="arena")
    try:
        return run_arena(
            args.variant, args.players, args.deals, args.seed, args.bots.split(","), args.workers, args.lineup,
            None if args.sprt is None else (args.sprt[0], args.sprt[1]), args.engine, bar, out, args.json,
            args.markdown, args.svg, args.json_file,
        )
    finally:
        if bar is not None:
            bar.close()


def add_arena_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                     count_arg: Callable[[str], int], positive_int: Callable[[str], int]) -> None:
    """Add the ``arena`` subcommand to the parser's subcommands *sub*."""
    parser = sub.add_parser(
        "arena", help="rate bots on duplicate deals (Elo with 95%% intervals), or A/B test them by SPRT",
        description="Every pair of --bots plays the same --deals deals, each deal once per seating of the pair "
                    "(rotated over the seats, the bots swapped; in the team game the teams swap), with new bots "
                    "every game. Prints each bot's Bradley-Terry Elo (random = 0, else the first bot) with a "
                    "95% bootstrap interval over the deals, and each pair's mean share of the win and score "
                    "margin per deal with 95% intervals. With --sprt, two bots play until the SPRT decides.",
    )
    parser.add_argument("--variant", default="cau", help="preset name (default: cau)")
    parser.add_argument("--players", type=int, default=None, help="number of players (default: the preset's fewest)")
    parser.add_argument("--bots", default="greedy,random",
                        help="comma-separated bot specs, two or more: random, greedy, ismcts[:N[:ROLLOUT]], "
                             "ismcts:time=SECONDS (CPU seconds per move), a level (easy, medium, hard, expert) "
                             "(default: greedy,random)")
    parser.add_argument("--deals", type=count_arg, default=100,
                        help="deals each pair plays (with --sprt: the most) (default: 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and of the bootstrap (default: 0)")
    parser.add_argument("--lineup", choices=("alternate", "one"), default="alternate",
                        help="alternate: A, B, A, B... round the table; one: one seat A, the others B, and the "
                             "reverse (default: alternate)")
    parser.add_argument("--sprt", type=float, nargs=2, default=None, metavar=("ELO0", "ELO1"),
                        help="SPRT of the first bot against the second, H0: Elo ELO0, H1: Elo ELO1, "
                             "alpha = beta = 0.05: stops when the log likelihood ratio leaves its bounds")
    parser.add_argument("--engine", choices=("python", "kernel"), default=None,
                        help="where IS-MCTS bots' random rollouts run (default: the kernel when installed)")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="worker processes (default: one per core; 1 plays in this process)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    parser.add_argument("--json-file", default=None, metavar="FILE", help="also write the JSON to FILE")
    parser.add_argument("--markdown", default=None, metavar="FILE", help="also write the tables to FILE")
    parser.add_argument("--svg", default=None, metavar="FILE",
                        help="write a chart of the ratings with their 95%% intervals to FILE")
    parser.add_argument("--no-progress", action="store_true", help="no progress report on standard error")
