"""The ``cau-rules`` command: list variants, watch bots play, play in a terminal, benchmark,
simulate many games between bots.

::

    cau-rules variants
    cau-rules demo --variant cau --players 4 --seed 7 --bot greedy
    cau-rules play --variant cau-robat --players 3 --seed 1 --seat 0
    cau-rules bench --variant all --seconds 3 --json
    cau-rules simulate --variant cau-robat --players 2 --games 200 --bots ismcts:100,random

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
import ast
import functools
import inspect
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from cau_rules import __version__
from cau_rules.bots import Bot, GreedyBot, RandomBot, play_game
from cau_rules.errors import CauRulesError, InvalidRulesError
from cau_rules.game import GameRules, GameState, GameView
from cau_rules.outcome import Outcome
from cau_rules.registry import family_of, get_rules, new_game, variants

__all__ = [
    "UsageError",
    "allowed_players",
    "bench",
    "build_parser",
    "default_players",
    "describe_variant",
    "format_outcome",
    "main",
    "play_session",
    "render_view",
    "run_demo",
    "run_simulation",
]

InputFunc = Callable[[str], str]
"""Reads one line of input after showing a prompt (like :func:`input`; raises EOFError)."""

_QUIT_WORDS = frozenset({"quit", "exit", "q"})
_HELP_WORDS = frozenset({"help", "?", "moves"})


class UsageError(Exception):
    """A command-line argument the library cannot check itself (a seat out of range, a
    negative duration).  Reported like a library error: message and exit status 2.

    >>> str(UsageError("--seconds must be positive"))
    '--seconds must be positive'
    """


# ---------------------------------------------------------------------------------
# Variants


def describe_variant(name: str) -> str:
    """A one-line description of the preset *name*.

    The description is the docstring written under the preset's definition in its
    module (its first paragraph, emphasis removed); presets without one fall back to the
    title of the preset's family.

    >>> describe_variant("cau-robat")
    'Cau robat by the Catalan rule book: open piles that runs can take, own pile included.'
    """
    rules = get_rules(name)
    text = _preset_docstrings(type(rules).__module__).get(id(rules))
    if text:
        paragraph = text.strip().split("\n\n")[0]
        return " ".join(paragraph.split()).replace("*", "").replace("``", "")
    return family_of(rules).title


@functools.lru_cache(maxsize=16)
def _preset_docstrings(module_name: str) -> dict[int, str]:
    """``id(preset) -> docstring`` for the module-level constants of *module_name* that
    are followed by a string (the attribute docstring convention)."""
    module = sys.modules.get(module_name)
    if module is None:
        return {}
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return {}
    found: dict[int, str] = {}
    body = tree.body
    for statement, following in itertools.pairwise(body):
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        else:
            continue
        if not (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            continue
        for target in targets:
            value = getattr(module, target, None)
            if value is not None:
                found[id(value)] = following.value.value
    return found


def allowed_players(rules: GameRules) -> tuple[int, ...]:
    """Every player count *rules* can be played by (within its range, dealable).

    >>> allowed_players(get_rules("cau-robat-40"))
    (2, 3, 4, 5)
    """
    counts = []
    for players in range(rules.min_players, rules.max_players + 1):
        try:
            rules.check_players(players)
        except CauRulesError:
            continue
        counts.append(players)
    return tuple(counts)


def default_players(rules: GameRules) -> int:
    """The player count used when none is given: 4 (a full table) when the rules allow
    it, else the smallest count.

    >>> default_players(get_rules("cau")), default_players(get_rules("cau").replace(max_players=3))
    (4, 2)
    """
    if 4 in allowed_players(rules):
        return 4
    return rules.min_players


def _ranges(counts: Sequence[int]) -> str:
    if not counts:
        return "none"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def _cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    names = variants()
    width = max(len(name) for name in names)
    for name in names:
        counts = _ranges(allowed_players(get_rules(name)))
        print(f"{name:<{width}}  {counts + ' players':<12}  {describe_variant(name)}", file=out)
    return 0


# ---------------------------------------------------------------------------------
# Showing games


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def format_outcome(outcome: Outcome | None) -> str:
    """The result in words: the winners, why, and each seat's score.

    >>> from cau_rules.outcome import Termination
    >>> print(format_outcome(Outcome(winners=(1,), scores=(20, 28), termination=Termination.MOST_CARDS)))
    Outcome: seat 1 wins (most cards)
    Scores: seat 0: 20, seat 1: 28
    >>> print(format_outcome(Outcome(winners=(0, 2), scores=(16, 16, 16), termination=Termination.MOST_CARDS)))
    Outcome: seats 0, 2 share the win (most cards)
    Scores: seat 0: 16, seat 1: 16, seat 2: 16
    >>> format_outcome(None)
    'Outcome: the game is not over'
    """
    if outcome is None:
        return "Outcome: the game is not over"
    if len(outcome.winners) == 1:
        who = f"seat {outcome.winners[0]} wins"
    elif outcome.winners:
        who = f"seats {', '.join(map(str, outcome.winners))} share the win"
    else:
        who = "nobody wins"
    scores = ", ".join(f"seat {seat}: {_number(score)}" for seat, score in enumerate(outcome.scores))
    return f"Outcome: {who} ({outcome.describe()})\nScores: {scores}"


def _cards(cards: Iterable[Any]) -> str:
    text = " ".join(str(card) for card in cards)
    return text or "(none)"


def render_view(view: GameView) -> str:
    """A readable screen of one seat's view, drawn by the view's family.

    Capture-family views show the table, the chain zone, your cards, the piles (sizes,
    and the top card of open piles), holding sizes, the stock, debts and scores; the
    other families show their own zones.

    >>> print(render_view(new_game("cau", players=2, seed=1).observe(0)))  # doctest: +ELLIPSIS
    === cau · hand 1 · deal round 1 · seat 0 (you) to play ===
    Table:      (none)
    Your cards: ...
    Piles:      seat 0 (you): 0 cards | seat 1: 0 cards (closed)
    Holdings:   seat 0 (you): 3, seat 1: 3
    Stock:      42 cards
    Debts:      ...
    Cards won:  seat 0 (you): 0, seat 1: 0
    """
    return family_of(view).render(view)


def _view_events(view: GameView) -> list[str]:
    return [str(event) for event in view.events]


# ---------------------------------------------------------------------------------
# demo


def _resolve(variant: str, players: int | None) -> tuple[GameRules, int]:
    rules = get_rules(variant)
    count = default_players(rules) if players is None else players
    rules.check_players(count)
    return rules, count


def run_demo(variant: str = "cau", players: int | None = None, seed: int = 0, bot: str = "greedy",
             out: TextIO | None = None) -> Any:
    """Bots play a whole game; print every move, the events it produced and the outcome.

    Returns the final state.

    >>> final = run_demo("cau-robat", players=2, seed=5, bot="random")  # doctest: +ELLIPSIS
    Demo: cau-robat, 2 players, seed 5, random bots
      hand 1: seat 1 deals, seat 0 is eldest
      deal round 1: 3 cards each, seat 0 opens
    ...
    seat 0: 6e
      seat 0 trails 6e
    ...
      game over: ...
    Outcome: ...
    Scores: seat 0: ..., seat 1: ...
    >>> final.is_over
    True
    """
    stream = sys.stdout if out is None else out
    _, count = _resolve(variant, players)
    state = new_game(variant, players=count, seed=seed)
    make: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
    if bot not in make:
        raise UsageError(f"unknown bot {bot!r}; bots are: {', '.join(make)}")
    print(f"Demo: {variant}, {count} players, seed {seed}, {bot} bots", file=stream)
    for event in state.events:
        print(f"  {event}", file=stream)

    def show(seat: int, move: Any, after: Any) -> None:
        print(f"seat {seat}: {move}", file=stream)
        for event in after.events:
            print(f"  {event}", file=stream)

    bots: list[Bot] = [make[bot]() for _ in range(count)]
    final = play_game(state, bots, seed=seed, on_move=show)
    print(format_outcome(final.outcome()), file=stream)
    return final


# ---------------------------------------------------------------------------------
# play


def _numbered(moves: Sequence[Any]) -> str:
    return "\n".join(f"  {number:>2}. {move}" for number, move in enumerate(moves, 1))


def play_session(
    variant: str = "cau",
    players: int | None = None,
    seed: int = 0,
    seat: int = 0,
    input_func: InputFunc | None = None,
    out: TextIO | None = None,
) -> int:
    """A person plays *seat* against greedy bots; returns the exit status (0).

    At each turn the table is shown and the legal moves are numbered; the player types
    a number or a move's text.  ``help`` lists the moves again; anything unknown or
    illegal is explained, with the legal moves, and asked again.  ``quit`` (or the end
    of input) leaves cleanly.  *input_func* reads a line after a prompt (default
    :func:`input`), so a session can be scripted.

    >>> answers = iter(["9x", "1", "quit"])
    >>> play_session("cau", players=2, seed=1, input_func=lambda prompt: next(answers))  # doctest: +ELLIPSIS
    You are seat 0 of 2 in cau (seed 1). Type a move's number or its text; 'help' lists the moves, 'quit' leaves.
    ...
    Your legal moves:
       1. ...
    Cannot play '9x': ...
    ...
    you (seat 0): ...
    ...
    Bye.
    0
    """
    stream = sys.stdout if out is None else out
    ask: InputFunc = input if input_func is None else input_func
    _, count = _resolve(variant, players)
    if isinstance(seat, bool) or not 0 <= seat < count:
        raise UsageError(f"--seat must be a seat from 0 to {count - 1}, not {seat}")
    state: GameState = new_game(variant, players=count, seed=seed)
    bot = GreedyBot()
    rngs = [random.Random(f"{seed}:bots:{other}") for other in range(count)]

    def say(text: str = "") -> None:
        print(text, file=stream)

    say(f"You are seat {seat} of {count} in {variant} (seed {seed}). "
        "Type a move's number or its text; 'help' lists the moves, 'quit' leaves.")
    for event in _view_events(state.observe(seat)):
        say(f"  {event}")
    while not state.is_over:
        mover = state.to_play
        if mover != seat:
            move = bot.choose(state.observe(mover), rngs[mover])
            state = state.apply(move)
            say(f"seat {mover}: {move}")
            for event in _view_events(state.observe(seat)):
                say(f"  {event}")
            continue
        view = state.observe(seat)
        moves = list(view.legal_moves)
        say()
        say(render_view(view))
        say("Your legal moves:")
        say(_numbered(moves))
        while True:
            try:
                raw = ask("your move> ")
            except EOFError:
                say()
                say("End of input: leaving the game. Bye.")
                return 0
            text = raw.strip()
            if not text:
                continue
            if text.lower() in _QUIT_WORDS:
                say("Bye.")
                return 0
            if text.lower() in _HELP_WORDS:
                say("Type the number of a move or the move itself:")
                say(_numbered(moves))
                continue
            chosen: Any = text
            if text.isdigit():
                index = int(text)
                if not 1 <= index <= len(moves):
                    say(f"There is no move number {index}: choose 1 to {len(moves)}, or type a move.")
                    say(_numbered(moves))
                    continue
                chosen = moves[index - 1]
            try:
                after = state.apply(chosen)
            except CauRulesError as exc:
                say(f"Cannot play {text!r}: {exc}")
                say("Choose one of these (number or text):")
                say(_numbered(moves))
                continue
            break
        state = after
        say(f"you (seat {seat}): {chosen}")
        for event in _view_events(state.observe(seat)):
            say(f"  {event}")
    say()
    say(render_view(state.observe(seat)))
    say(format_outcome(state.outcome()))
    return 0


# ---------------------------------------------------------------------------------
# bench


def bench(variant: str, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Play uniformly random full games of *variant* for about *seconds* (at least one
    game) and measure the speed.

    The clock covers everything: ``new_game``, move generation and ``apply``.  A
    decision is one ``apply`` of a move chosen for a player; ``us_per_decision`` is the
    total time divided by the decisions.

    >>> result = bench("cau", 2, 0.05)
    >>> sorted(result)
    ['decisions_per_s', 'games', 'games_per_s', 'players', 'seconds', 'us_per_decision', 'variant']
    >>> result["games"] >= 1
    True
    """
    rules = get_rules(variant)
    rules.check_players(players)
    if not seconds > 0:
        raise UsageError(f"--seconds must be positive, not {seconds}")
    choice = random.Random(f"{seed}:bench").choice
    games = decisions = 0
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    while True:
        state: GameState = new_game(variant, players=players, seed=seed + games)
        while not state.is_over:
            state = state.apply(choice(state.legal_moves()))
            decisions += 1
        games += 1
        if clock() >= end:
            break
    elapsed = clock() - start
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 3),
        "decisions_per_s": round(decisions / elapsed, 1),
        "us_per_decision": round(elapsed * 1e6 / decisions, 3) if decisions else 0.0,
    }


def _cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    runs: list[tuple[str, int]] = []
    if args.variant == "all":
        for name in variants():
            counts = allowed_players(get_rules(name))
            if args.players is not None:
                counts = tuple(n for n in counts if n == args.players)
            runs.extend((name, n) for n in counts)
        if not runs:
            raise InvalidRulesError(f"no registered variant can be played by {args.players} players")
    else:
        _, count = _resolve(args.variant, args.players)
        runs.append((args.variant, count))
    for name, count in runs:
        result = bench(name, count, args.seconds, args.seed)
        if args.json:
            print(json.dumps(result), file=out, flush=True)
        else:
            print(
                f"{name:<14} {count} players: {result['games']} games in {result['seconds']:.2f} s: "
                f"{result['games_per_s']:.1f} games/s, {result['decisions_per_s']:.0f} decisions/s, "
                f"{result['us_per_decision']:.2f} us/decision",
                file=out,
                flush=True,
            )
    return 0


# ---------------------------------------------------------------------------------
# simulate


class ProgressBar:
    """A progress bar on one line of *stream* (redrawn with a carriage return), for
    :func:`cau_rules.ai.simulate.simulate`'s ``progress`` callback.

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = ProgressBar(stream, width=10)
    >>> bar(5, 10); bar(10, 10); bar.close()
    >>> stream.getvalue().split(chr(13))[-1].rstrip()
    '[##########] 10/10 games  100%'
    """

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.perf_counter()
        self.drawn = False
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        filled = self.width if total <= 0 else self.width * done // total
        percent = 100 if total <= 0 else 100 * done // total
        elapsed = time.perf_counter() - self.started
        rate = f"  {done / elapsed:.1f} games/s" if elapsed > 0 and 0 < done < total else ""
        bar = "#" * filled + "." * (self.width - filled)
        line = f"[{bar}] {done}/{total} games {percent:>4}%{rate}"
        self.stream.write("\r" + line.ljust(self.shown))  # spaces clear a longer previous line
        self.stream.flush()
        self.shown = len(line)
        self.drawn = True

    def close(self) -> None:
        """End the bar's line (if anything was drawn)."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def run_simulation(
    variant: str,
    players: int | None,
    games: int,
    seed: int,
    bots: Sequence[str],
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Play *games* games of *variant* between *bots* (names, one per seat or one for
    all) on *workers* processes (1: in this process; None: one per core) and return the
    :class:`~cau_rules.ai.simulate.SimulationResult`.

    >>> result = run_simulation("cau", 2, 10, 1, ["greedy", "random"], workers=1)
    >>> result.games, result.bots
    (10, ('greedy', 'random'))
    """
    from cau_rules.ai.simulate import simulate

    rules = get_rules(variant)
    names = [name.strip() for name in bots if name.strip()]
    if not names:
        raise UsageError("--bots needs at least one bot name")
    if players is None:
        players = len(names) if len(names) > 1 else default_players(rules)
    if len(names) not in (1, players):
        raise UsageError(f"--bots lists {len(names)} bots for {players} players: give one per seat, or one for all")
    if games < 0:
        raise UsageError(f"--games must not be negative, not {games}")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count == 1:
        return simulate(rules, names, games, seed, executor="serial", players=players, progress=progress)
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=count) as pool:
        return simulate(rules, names, games, seed, executor=pool, players=players, progress=progress)


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    err = sys.stderr
    show = not args.no_progress and err.isatty()
    bar = ProgressBar(err) if show else None
    try:
        result = run_simulation(args.variant, args.players, args.games, args.seed, args.bots.split(","),
                                args.workers, progress=bar)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result.to_dict()), file=out)
        return 0
    print(f"Simulation: {result.variant}, {result.players} players, {result.games} games, seed {result.seed}: "
          f"{result.seconds:.2f} s, {result.games_per_second:.1f} games/s", file=out)
    width = max(len(seat.bot) for seat in result.seats)
    for seat in result.seats:
        print(f"seat {seat.seat}  {seat.bot:<{width}}  win rate {seat.win_rate:6.1%}  "
              f"95% CI [{seat.ci_low:6.1%}, {seat.ci_high:6.1%}]  mean score {seat.mean_score:.2f}", file=out)
    return 0


def _whole_number(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        limit = "must be at least 1" if least == 1 else "must not be negative"
        raise argparse.ArgumentTypeError(f"{limit}, not {text}")
    return value


def _positive_int(text: str) -> int:
    return _whole_number(text, 1)


def _count(text: str) -> int:
    return _whole_number(text, 0)


# ---------------------------------------------------------------------------------
# Command line


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cau-rules`` and its five subcommands.

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

    demo = sub.add_parser("demo", help="watch bots play a whole game",
                          description="Bots play a whole game; every move, its events and the outcome are printed.")
    demo.add_argument("--variant", default="cau", help="preset name (default: cau); see 'cau-rules variants'")
    demo.add_argument("--players", type=int, default=None,
                      help="number of players (default: 4 for the capture family when allowed, else the minimum)")
    demo.add_argument("--seed", type=int, default=0, help="seed of the deal and of the bots (default: 0)")
    demo.add_argument("--bot", choices=("random", "greedy"), default="greedy", help="which bot plays (default: greedy)")

    play = sub.add_parser("play", help="play against greedy bots in the terminal",
                          description="Play one seat against greedy bots. Type a move's number or text; "
                                      "'help' lists moves, 'quit' or end of input leaves.")
    play.add_argument("--variant", default="cau", help="preset name (default: cau)")
    play.add_argument("--players", type=int, default=None, help="number of players (default as for demo)")
    play.add_argument("--seed", type=int, default=0, help="seed of the deal and of the bots (default: 0)")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default: 0)")

    bench_parser = sub.add_parser("bench", help="time random full games",
                                  description="Play uniformly random full games for about --seconds and report "
                                              "games/s, decisions/s and microseconds per decision.")
    bench_parser.add_argument("--variant", default="cau",
                              help="preset name, or 'all' for every preset at every allowed player count")
    bench_parser.add_argument("--players", type=int, default=None,
                              help="number of players (default as for demo; with 'all', every allowed count)")
    bench_parser.add_argument("--seconds", type=_seconds, default=3.0,
                              help="seconds per variant and player count (default: 3)")
    bench_parser.add_argument("--seed", type=int, default=0, help="first deal's seed (default: 0)")
    bench_parser.add_argument("--json", action="store_true",
                              help="print one JSON object per line: variant, players, games, seconds, "
                                   "games_per_s, decisions_per_s, us_per_decision")

    sim = sub.add_parser("simulate", help="play many games between bots and report win rates",
                         description="Play --games games between bots (one per seat, or one for all) and print "
                                     "each seat's win rate with its 95%% Wilson interval and mean score. "
                                     "The same seed gives the same totals with any number of workers.")
    sim.add_argument("--variant", default="cau", help="preset name (default: cau)")
    sim.add_argument("--players", type=int, default=None,
                     help="number of players (default: the number of bots; for one bot, as for demo)")
    sim.add_argument("--games", type=_count, default=100, help="games to play (default: 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole simulation (default: 0)")
    sim.add_argument("--bots", default="greedy,random",
                     help="comma-separated bots, one per seat or one for all: random, greedy, ismcts[:N[:greedy]] "
                          "(default: greedy,random)")
    sim.add_argument("--workers", type=_positive_int, default=None,
                     help="worker processes (default: one per core; 1 plays in this process)")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object: variant, players, games, seed, seconds, games_per_s, seats")
    sim.add_argument("--no-progress", action="store_true",
                     help="no progress bar (it is shown on standard error only when that is a terminal)")
    return parser


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
            return _cmd_variants(args, out)
        if args.command == "demo":
            run_demo(args.variant, args.players, args.seed, args.bot, out=out)
            return 0
        if args.command == "play":
            return play_session(args.variant, args.players, args.seed, args.seat, input_func=input_func, out=out)
        if args.command == "simulate":
            return _cmd_simulate(args, out)
        return _cmd_bench(args, out)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
