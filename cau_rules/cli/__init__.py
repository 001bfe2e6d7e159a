"""The ``cau-rules`` command: list variants, watch bots play, play in a terminal, benchmark,
simulate many games between bots.

::

    cau-rules variants
    cau-rules options --variant cacho
    cau-rules demo --variant cau --players 4 --seed 7 --bot greedy
    cau-rules play --variant cau-robat --players 3 --seed 1 --seat 0
    cau-rules bench --variant all --seconds 3 --json
    cau-rules simulate --variant cau-robat --players 2 --games 200 --bots ismcts:100,random
    cau-rules cache --clear
    cau-rules arena --variant cau-robat --deals 200 --bots random,greedy,ismcts:100,hard

Every subcommand works over any registered variant through the shared game protocol
(``legal_moves``, ``apply``, ``observe``, ``outcome``).  A library error (an unknown
variant, a player count the rules cannot play...) is printed to standard error and
the command exits with status 2.

>>> main(["demo", "--variant", "cau", "--players", "2", "--seed", "3"])  # doctest: +ELLIPSIS
Demo: cau, 2 players, seed 3, greedy bots
...
Outcome: ...
0
>>> main(["demo", "--variant", "no-such-game"])
2
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence

from cau_rules import __version__
from cau_rules.cli.measure import bench, cmd_bench, cmd_simulate, count_arg, positive_int, run_simulation
from cau_rules.cli.screens import (
    InputFunc,
    UsageError,
    allowed_players,
    cmd_options,
    cmd_variants,
    default_players,
    describe_variant,
    format_outcome,
    render_view,
)
from cau_rules.cli.sessions import play_session, run_demo, show_position
from cau_rules.cli.tournament import add_arena_parser, cmd_arena
from cau_rules.cli.upkeep import cmd_cache
from cau_rules.errors import FAST_EXTRA, CauRulesError
from cau_rules.i18n import LANGS

__all__ = [
    "UsageError",
    "allowed_players",
    "bench",
    "build_parser",
    "default_players",
    "describe_variant",
    "format_outcome",
    "help_reference",
    "main",
    "play_session",
    "render_view",
    "run_demo",
    "run_simulation",
    "show_position",
]

# ---------------------------------------------------------------------------------
# Command line


def seconds_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, not {text}")
    return value


def _lang_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGS, default="en",
                        help="language of the screens, events and pictures: en, ca or es (default: en)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cau-rules`` and its subcommands.

    >>> args = build_parser().parse_args(["bench", "--variant", "all", "--seconds", "0.5", "--json"])
    >>> args.command, args.variant, args.seconds, args.json
    ('bench', 'all', 0.5, True)
    """
    parser = argparse.ArgumentParser(
        prog="cau-rules",
        description="Rules of Cau, Cau robat and Cacho: list variants, watch bots, play, benchmark, "
                    "simulate.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("variants", help="list the presets with their player counts",
                   description="List every registered preset, its player counts and a description.")

    options = sub.add_parser("options", help="list the options of a preset (kind, range or choices, default, help)",
                             description="List every option of --variant's rules, as the rules describe "
                                         "them (rules.describe_options()): its kind, range or choices, the "
                                         "preset's value and one line of help.")
    options.add_argument("--variant", default="cau", help="preset name (default: cau); see 'cau-rules variants'")
    options.add_argument("--json", action="store_true", help="print one JSON object per option")

    demo = sub.add_parser("demo", help="watch bots play a whole game",
                          description="Bots play a whole game; every move, its events and the outcome are printed.")
    demo.add_argument("--variant", default="cau", help="preset name (default: cau); see 'cau-rules variants'")
    demo.add_argument("--players", type=int, default=None,
                      help="number of players (default: 4 for the capture family when allowed, else the minimum)")
    demo.add_argument("--seed", type=int, default=0, help="seed of the deal and of the bots (default: 0)")
    demo.add_argument("--bot", choices=("random", "greedy"), default="greedy", help="which bot plays (default: greedy)")
    _lang_arg(demo)

    play = sub.add_parser("play", help="play against greedy bots (or a level's) in the terminal",
                          description="Play one seat against greedy bots, or the bots of --level. Type a move's "
                                      "number or text; 'help' lists moves, 'quit' or end of input leaves.")
    play.add_argument("--variant", default="cau", help="preset name (default: cau)")
    play.add_argument("--players", type=int, default=None, help="number of players (default as for demo)")
    play.add_argument("--seed", type=int, default=0, help="seed of the deal and of the bots (default: 0)")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default: 0)")
    play.add_argument("--level", default=None,
                      help="the bots' level: easy, medium, hard or expert (or fàcil, mitjà, difícil; fácil, medio, "
                           "experto) (default: greedy bots)")
    _lang_arg(play)

    show = sub.add_parser("show", help="show a position reached by bots (text, or an SVG picture)",
                          description="Greedy bots play --moves moves from the deal of --seed; the screen of "
                                      "--seat's view of the position is printed, or its picture written to --svg.")
    show.add_argument("--variant", default="cau", help="preset name (default: cau)")
    show.add_argument("--players", type=int, default=None, help="number of players (default as for demo)")
    show.add_argument("--seed", type=int, default=0, help="seed of the deal and of the bots (default: 0)")
    show.add_argument("--moves", type=int, default=0, help="moves the bots play first (default: 0)")
    show.add_argument("--seat", type=int, default=None, help="whose view (default: the seat to play)")
    show.add_argument("--svg", default=None, metavar="FILE", help="write the picture of the view to FILE")
    _lang_arg(show)

    bench_parser = sub.add_parser("bench", help="time random full games",
                                  description="Play uniformly random full games for about --seconds and report "
                                              "games/s, decisions/s and microseconds per decision.")
    bench_parser.add_argument("--variant", default="cau",
                              help="preset name, or 'all' for every preset at every allowed player count")
    bench_parser.add_argument("--players", type=int, default=None,
                              help="number of players (default as for demo; with 'all', every allowed count)")
    bench_parser.add_argument("--seconds", type=seconds_arg, default=3.0,
                              help="seconds per variant and player count (default: 3)")
    bench_parser.add_argument("--seed", type=int, default=0, help="first deal's seed (default: 0)")
    bench_parser.add_argument("--engine", choices=("python", "kernel"), default="python",
                              help="python: the reference engine; kernel: the compiled kernel, which "
                                   f"every preset has (the fast extra: {FAST_EXTRA})")
    bench_parser.add_argument("--batch", type=int, default=0, metavar="N",
                              help="with --engine kernel: N games in lockstep, legal masks every step")
    bench_parser.add_argument("--json", action="store_true",
                              help="print one JSON object per line: variant, players, games, seconds, "
                                   "games_per_s, decisions_per_s, us_per_decision")

    sim = sub.add_parser("simulate", help="play many games between bots and report win rates",
                         description="Play --games games between bots (one per seat, or one for all) and print "
                                     "each seat's win rate with its 95% Wilson interval and mean score. "
                                     "The same seed gives the same totals with any number of workers.")
    sim.add_argument("--variant", default="cau", help="preset name (default: cau)")
    sim.add_argument("--players", type=int, default=None,
                     help="number of players (default: the number of bots; for one bot, as for demo)")
    sim.add_argument("--games", type=count_arg, default=100, help="games to play (default: 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole simulation (default: 0)")
    sim.add_argument("--engine", choices=("python", "kernel"), default=None,
                     help="where IS-MCTS bots' random rollouts run, for every bot not naming its "
                          "engine (default: the kernel when the fast extra is installed and plays the "
                          f"variant; {FAST_EXTRA})")
    sim.add_argument("--bots", default="greedy,random",
                     help="comma-separated bots, one per seat or one for all: random, greedy, "
                          "ismcts[:N[:greedy|:python|:kernel]] (N iterations; greedy rollouts, or random "
                          "rollouts in the reference engine or the compiled kernel), ismcts:time=SECONDS, "
                          "exact, equilibrium (two-player Cacho), a level (easy, medium, hard, expert) "
                          "(default: greedy,random)")
    sim.add_argument("--workers", type=positive_int, default=None,
                     help="worker processes (default: one per core; 1 plays in this process)")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object: variant, players, games, seed, seconds, games_per_s, seats")
    sim.add_argument("--no-progress", action="store_true",
                     help="no progress report (on standard error: a bar on a terminal, else a line "
                          "each tenth of the games)")

    cache = sub.add_parser("cache", help="show or clear the compiled kernels' cache",
                           description="Print the directory where the compiled kernels keep their machine "
                                       "code (NUMBA_CACHE_DIR when set, else the per-user cache directory: "
                                       "~/.cache/cau_rules/numba on Linux, ~/Library/Caches/cau_rules/numba "
                                       "on macOS, %LOCALAPPDATA%\\cau_rules\\numba on Windows) and what it "
                                       "holds; --clear removes it (the kernels compile again on first use).")
    cache.add_argument("--clear", action="store_true", help="remove this installation's cached machine code")
    cache.add_argument("--all", action="store_true", dest="everything",
                       help="with --clear, also remove other installations' entries (the default directory only)")
    cache.add_argument("--json", action="store_true",
                       help="print one JSON object: directory, chosen_by, files, bytes, others, removed")

    add_arena_parser(sub, count_arg, positive_int)
    return parser


REFERENCE_BEGIN = "<!-- generated by cau_rules.cli.help_reference(): do not edit by hand -->"
REFERENCE_END = "<!-- end of the generated reference -->"


def help_reference(width: int = 100) -> str:
    """Every subcommand's ``--help``, as the parser prints it, in Markdown: the reference
    at the end of ``docs/cli.md`` (``python tools/cli_reference.py`` writes it there, and a
    test fails when the page and the parser differ).

    >>> text = help_reference()
    >>> [line for line in text.splitlines() if line.startswith("### ")][:3]
    ['### `cau-rules`', '### `cau-rules variants`', '### `cau-rules options`']
    """
    parser = build_parser()
    fixed = functools.partial(argparse.HelpFormatter, width=width)
    parser.formatter_class = fixed
    sections = [REFERENCE_BEGIN, "", "### `cau-rules`", "", "```text", parser.format_help().rstrip(), "```", ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, subparser in action.choices.items():
                subparser.formatter_class = fixed
                sections += [f"### `cau-rules {name}`", "", "```text", subparser.format_help().rstrip(), "```", ""]
    sections.append(REFERENCE_END)
    return "\n".join(sections) + "\n"


def main(argv: Sequence[str] | None = None, *, input_func: InputFunc | None = None) -> int:
    """Run ``cau-rules`` with *argv* (default: the process arguments); return the exit status.

    *input_func* replaces :func:`input` for ``play`` (to script a session).  Library
    errors are reported on standard error with status 2; so are bad arguments.

    >>> main(["variants"])  # doctest: +ELLIPSIS
    cacho...2-8 players...
    cau ...2-4 players...Cau, the simple game, by the Catalan rule book...
    ...
    0
    >>> main(["demo", "--variant", "cau", "--players", "7"])
    2
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse reports bad arguments (status 2) and --help (0)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    out = sys.stdout
    try:
        if args.command == "variants":
            return cmd_variants(args, out)
        if args.command == "options":
            return cmd_options(args.variant, args.json, out)
        if args.command == "demo":
            run_demo(args.variant, args.players, args.seed, args.bot, out=out, lang=args.lang)
            return 0
        if args.command == "play":
            return play_session(args.variant, args.players, args.seed, args.seat, input_func=input_func, out=out,
                                lang=args.lang, level=args.level)
        if args.command == "show":
            show_position(args.variant, args.players, args.seed, args.moves, args.seat, args.svg, out=out,
                          lang=args.lang)
            return 0
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "cache":
            return cmd_cache(clear=args.clear, everything=args.everything, as_json=args.json, out=out)
        if args.command == "arena":
            return cmd_arena(args, out)
        return cmd_bench(args, out)
    except (CauRulesError, UsageError) as exc:
        print(f"cau-rules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncau-rules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `cau-rules demo | head`
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1

