"""Measuring: random full games timed (``bench``) and many games between bots with win
rates (``simulate``).

>>> from cau_rules.cli.measure import bench
>>> bench("cau", 2, 0.05)["games"] >= 1
True
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from cau_rules.ai import specs
from cau_rules.ai.simulate import simulate
from cau_rules.batch import BatchGame
from cau_rules.cli.screens import UsageError, allowed_players, default_players, resolve_players
from cau_rules.errors import InvalidRulesError
from cau_rules.game import GameState
from cau_rules.registry import get_rules, new_game, variants

__all__ = [
    "ProgressBar",
    "ProgressLog",
    "bench",
    "cmd_bench",
    "cmd_simulate",
    "count_arg",
    "positive_int",
    "run_simulation",
    "whole_number_arg",
]

# ---------------------------------------------------------------------------------
# bench


def bench(variant: str, players: int, seconds: float, seed: int = 0, engine: str = "python",
          batch: int = 0) -> dict[str, Any]:
    """Play uniformly random full games of *variant* for about *seconds* (at least one
    game) and measure the speed.

    The clock covers everything: ``new_game``, move generation and ``apply``.  A
    decision is one ``apply`` of a move chosen for a player; ``us_per_decision`` is the
    total time divided by the decisions.  ``engine="kernel"`` plays in the compiled
    kernel (the ``fast`` extra): one game after another on one thread, each dealt from
    its seed by the reference dealing code (in chunks of consecutive seeds, one kernel
    call a chunk: :meth:`BatchGame.play_seeds <cau_rules.batch.BatchGame.play_seeds>`),
    or with *batch* > 0 that many games in lockstep, a legal
    mask built for each at every step (finished games restart); the first call's
    compilation (or loading from the disk cache) is timed apart as ``first_call_s``, and
    the result also has ``engine`` (and ``batch``).

    >>> result = bench("cau", 2, 0.05)
    >>> sorted(result)
    ['decisions_per_s', 'games', 'games_per_s', 'players', 'seconds', 'us_per_decision', 'variant']
    >>> kernel = bench("cau", 4, 0.05, engine="kernel")
    >>> kernel["engine"], kernel["games"] >= 1, "first_call_s" in kernel
    ('kernel', True, True)
    >>> result["games"] >= 1
    True
    """
    rules = get_rules(variant)
    rules.check_players(players)
    if not seconds > 0:
        raise UsageError(f"--seconds must be positive, not {seconds}")
    if engine not in ("python", "kernel"):
        raise UsageError(f"--engine must be python or kernel, not {engine!r}")
    if batch and engine != "kernel":
        raise UsageError("--batch plays in the kernel: add --engine kernel")
    extra: dict[str, Any] = {}
    clock = time.perf_counter
    if engine == "kernel":
        first = clock()
        lockstep = BatchGame(variant, players, max(batch, 1), seed=seed, auto_reset=True)
        if batch:
            lockstep.play_random(0)
        else:  # what the stream calls: loaded (or compiled) before the clock starts
            lockstep.play_seeds(0, seed, 1)
        extra["first_call_s"] = round(clock() - first, 3)
        if batch:
            extra["batch"] = batch
            games, decisions, elapsed = _bench_lockstep(lockstep, seconds)
        else:
            games, decisions, elapsed = _bench_stream(lockstep, seconds, seed)
        return _bench_result(variant, players, games, decisions, elapsed) | {"engine": engine} | extra
    choice = random.Random(f"{seed}:bench").choice
    games = decisions = 0
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
    return _bench_result(variant, players, games, decisions, clock() - start)


def _bench_stream(lockstep: BatchGame, seconds: float, seed: int) -> tuple[int, int, float]:
    """One kernel game after another, each dealt from its seed, then played out: played
    in chunks of consecutive seeds (``BatchGame.play_seeds``, one kernel call a chunk
    where the family has it), the chunk doubled until one takes about a millisecond,
    the clock read between chunks."""
    clock = time.perf_counter
    games = decisions = 0
    chunk = 1
    start = clock()
    end = start + seconds
    while True:
        began = clock()
        decisions += lockstep.play_seeds(0, seed + games, chunk)
        games += chunk
        now = clock()
        if now >= end:
            return games, decisions, now - start
        if now - began < _CHUNK_SECONDS and chunk < _CHUNK_MOST:
            chunk *= 2


_CHUNK_SECONDS = 0.001
"""How long a chunk of the one-stream bench should take, about (it stops growing then)."""
_CHUNK_MOST = 1 << 16
"""The most games in one chunk of the one-stream bench."""


def _bench_lockstep(lockstep: BatchGame, seconds: float) -> tuple[int, int, float]:
    """Games in lockstep: every step builds the legal masks, draws and makes one move per game."""
    clock = time.perf_counter
    games = decisions = 0
    start = clock()
    end = start + seconds
    while clock() < end:
        lockstep.legal_mask()
        lockstep.step(lockstep.random_actions())
        decisions += lockstep.size
        games += int(lockstep.done.sum())
    return max(games, 1), decisions, clock() - start


def _bench_result(variant: str, players: int, games: int, decisions: int, elapsed: float) -> dict[str, Any]:
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 3),
        "decisions_per_s": round(decisions / elapsed, 1),
        "us_per_decision": round(elapsed * 1e6 / decisions, 3) if decisions else 0.0,
    }


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
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
        _, count = resolve_players(args.variant, args.players)
        runs.append((args.variant, count))
    for name, count in runs:
        result = bench(name, count, args.seconds, args.seed, args.engine, args.batch)
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


class ProgressLog:
    """Progress as whole lines on *stream*, for output that is not a terminal (a log file,
    a CI job): one line each time another tenth of the games is done, and at the end.

    >>> import io
    >>> stream = io.StringIO()
    >>> log = ProgressLog(stream)
    >>> for done in (3, 9, 10, 40, 100):
    ...     log(done, 100)
    >>> print(stream.getvalue(), end="")
    simulate: 10/100 games (10%)
    simulate: 40/100 games (40%)
    simulate: 100/100 games (100%)
    """

    def __init__(self, stream: TextIO, steps: int = 10, name: str = "simulate") -> None:
        self.stream = stream
        self.steps = steps
        self.name = name
        self.reported = 0

    def __call__(self, done: int, total: int) -> None:
        step = self.steps if total <= 0 else self.steps * done // total
        if step > self.reported or (done >= total and self.reported < self.steps):
            percent = 100 if total <= 0 else 100 * done // total
            self.stream.write(f"{self.name}: {done}/{total} games ({percent}%)\n")
            self.stream.flush()
            self.reported = max(step, self.steps if done >= total else step)

    def close(self) -> None:
        """Nothing to end: every report is a whole line."""


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


    with ProcessPoolExecutor(max_workers=count) as pool:
        return simulate(rules, names, games, seed, executor=pool, players=players, progress=progress)


def with_engine(bots: list[str], engine: str | None) -> list[str]:
    """The bot specs with *engine* (``--engine``) given to every IS-MCTS bot that names
    no rollout of its own (:func:`cau_rules.ai.specs.with_engine`).

    >>> with_engine(["ismcts:50", "ismcts:9:greedy", "random"], "kernel")
    ['ismcts:50:kernel', 'ismcts:9:greedy', 'random']
    """
    return specs.with_engine(bots, engine)


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    err = sys.stderr
    bar: ProgressBar | ProgressLog | None = None
    if not args.no_progress:  # a bar on a terminal, whole lines in a log
        bar = ProgressBar(err) if err.isatty() else ProgressLog(err)
    try:
        result = run_simulation(args.variant, args.players, args.games, args.seed,
                                specs.with_engine(args.bots.split(","), args.engine), args.workers, progress=bar)
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


def whole_number_arg(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        limit = "must be at least 1" if least == 1 else "must not be negative"
        raise argparse.ArgumentTypeError(f"{limit}, not {text}")
    return value


def positive_int(text: str) -> int:
    return whole_number_arg(text, 1)


def count_arg(text: str) -> int:
    return whole_number_arg(text, 0)


