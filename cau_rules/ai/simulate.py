"""Play many games between bots, on one core or many, with reproducible totals.

:func:`simulate` plays *games* games of a preset, one bot per seat, and returns a
:class:`SimulationResult`: each seat's win rate (its mean :meth:`Outcome.shares
<cau_rules.outcome.Outcome.shares>`, so a tie shares the win) with a 95 % Wilson
confidence interval, its mean score, and the number of games.

Game *i* is dealt with a seed derived from the string ``f"{seed}:deal:{i}"`` and its
bots draw from ``f"{seed}:game:{i}"`` (string seeding of :class:`random.Random`, never
:func:`hash`), and totals are added up in game order, so a seed gives the same result
whatever runs the games: in process, a thread or process pool, or a cluster.  Games are
sent to the *executor* in chunks of *chunk_size* games.

*executor* is any :class:`concurrent.futures.Executor` (anything whose ``submit``
returns a :class:`concurrent.futures.Future`):

- ``None`` (the default): a :class:`~concurrent.futures.ProcessPoolExecutor` with
  ``os.cpu_count()`` workers, made and shut down by the call;
- ``"serial"``: every game in this process, no pool;
- an executor you made: a ``ThreadPoolExecutor``, a ``ProcessPoolExecutor``, Dask's
  ``Client.get_executor()``, or a small adapter over Ray (see ``docs/ai.md``).  It is
  left running.

*bots* are bot specs (``"random"``, ``"greedy"``, ``"ismcts"``, ``"ismcts:200"``,
``"ismcts:200:greedy"``, ``"ismcts:200:kernel"``, ``"ismcts:time=0.05"``, a level such as
``"hard"``: see :mod:`cau_rules.ai.specs`) or factories, callables with no argument
that return a new bot.  Every game gets new bots.  To cross a process boundary the
factories must be picklable: names, classes, module-level functions or
:func:`functools.partial` of those, not lambdas.

>>> from cau_rules.ai.simulate import simulate
>>> result = simulate("cau", ["greedy", "random"], games=20, seed=1, executor="serial")
>>> result.games, result.players, result.bots
(20, 2, ('greedy', 'random'))
>>> round(sum(result.win_rates), 6)
1.0
>>> result == simulate("cau", ["greedy", "random"], games=20, seed=1, executor="serial", chunk_size=3)
True
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import pickle
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import attrs

from cau_rules.ai.specs import BotSpec, bot_label, make_bot
from cau_rules.bots import play_game
from cau_rules.errors import CauRulesError, InvalidRulesError
from cau_rules.game import GameRules
from cau_rules.registry import get_rules, new_game

__all__ = [
    "BotSpec",
    "SeatResult",
    "SimulationResult",
    "game_seeds",
    "make_bot",
    "simulate",
    "wilson_interval",
]

Progress: TypeAlias = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` after every chunk."""

Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of *wins* out of *games* (95 % by default).

    *wins* may be fractional (shared wins).

    >>> low, high = wilson_interval(70, 100)
    >>> round(low, 3), round(high, 3)
    (0.604, 0.781)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(max(p * (1 - p), 0.0) / games + z2 / (4 * games * games))
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def game_seeds(seed: int | str, index: int) -> tuple[int, str]:
    """The deal seed and the bots' seed of game *index* of a simulation seeded *seed*.

    >>> game_seeds(7, 0) == game_seeds(7, 0), game_seeds(7, 0) == game_seeds(7, 1)
    (True, False)
    >>> game_seeds(7, 3)[1]
    '7:game:3'
    """
    return random.Random(f"{seed}:deal:{index}").getrandbits(62), f"{seed}:game:{index}"


@attrs.frozen
class SeatResult:
    """One seat's figures in a :class:`SimulationResult`.

    ``wins`` is the sum of the seat's shares of the win; ``win_rate`` is ``wins /
    games`` with its 95 % Wilson interval ``ci_low``–``ci_high``; ``mean_score`` is the
    mean of ``Outcome.scores[seat]``.

    >>> result = simulate("cau", ["greedy", "random"], games=4, seed=1, executor="serial")
    >>> [seat.bot for seat in result.seats]
    ['greedy', 'random']
    """

    seat: int
    bot: str
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` returns.  Equal results come from equal inputs, whatever
    the executor and chunks (``seconds``, the wall-clock time, is not compared).

    >>> result = SimulationResult("cau", 2, 4, 0, ("greedy", "random"), (3.0, 1.0), (100.0, 92.0))
    >>> result.win_rates, result.mean_scores
    ((0.75, 0.25), (25.0, 23.0))
    >>> print(result.seats[0])
    SeatResult(seat=0, bot='greedy', wins=3.0, win_rate=0.75, ci_low=0.30..., ci_high=0.95..., mean_score=25.0)
    """

    variant: str
    players: int
    games: int
    seed: int | str
    bots: tuple[str, ...]
    wins: tuple[float, ...]
    """Each seat's sum of shares of the win."""
    score_totals: tuple[float, ...]
    """Each seat's sum of final scores."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """Wall-clock time of the run (not compared)."""

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each seat's mean share of the win."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(s / self.games if self.games else 0.0 for s in self.score_totals)

    def confidence_intervals(self, z: float = Z_95) -> tuple[tuple[float, float], ...]:
        """Each seat's Wilson interval of its win rate (95 % by default)."""
        return tuple(wilson_interval(w, self.games, z) for w in self.wins)

    @property
    def seats(self) -> tuple[SeatResult, ...]:
        """Every seat's figures."""
        intervals = self.confidence_intervals()
        return tuple(
            SeatResult(seat, self.bots[seat], self.wins[seat], rate, low, high, score)
            for seat, (rate, (low, high), score) in enumerate(
                zip(self.win_rates, intervals, self.mean_scores, strict=True)
            )
        )

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time (0 if not timed)."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the inputs, ``seconds`` and one entry per seat."""
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games_per_second, 3),
            "seats": [attrs.asdict(seat) for seat in self.seats],
        }


# ---------------------------------------------------------------------------------
# Running


GameResult: TypeAlias = tuple[tuple[float, ...], tuple[float, ...]]
"""One game's shares and scores."""


def _play_chunk(
    rules: GameRules, players: int, bots: tuple[BotSpec, ...], seed: int | str, start: int, stop: int
) -> list[GameResult]:
    """Play games *start* to *stop* - 1 (the task sent to an executor)."""
    results: list[GameResult] = []
    for index in range(start, stop):
        deal_seed, bot_seed = game_seeds(seed, index)
        state = new_game(rules, players=players, seed=deal_seed)
        final = play_game(state, [make_bot(spec, rules, players) for spec in bots], seed=bot_seed)
        outcome = final.outcome()
        if outcome is None:  # pragma: no cover - play_game plays to the end
            raise CauRulesError("a simulated game did not end")
        results.append((outcome.shares(), tuple(float(s) for s in outcome.scores)))
    return results


def simulate(
    preset: str | GameRules,
    bots: Sequence[BotSpec],
    games: int,
    seed: int | str = 0,
    executor: cf.Executor | str | None = None,
    players: int | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play *games* games of *preset* with *bots* and gather the results.

    *preset* is a preset name or a rules object; *bots* one bot spec per seat (a name
    or a factory, see :func:`make_bot`), or a single one for every seat.  *players*
    defaults to the number of bots (to the preset's smallest count for a single bot).
    *executor*: ``None`` for a new process pool of ``os.cpu_count()`` workers,
    ``"serial"`` for this process, or any :class:`concurrent.futures.Executor` (a
    thread or process pool, Dask's ``client.get_executor()``...).  *chunk_size* is
    the number of games per task (default: about 1/32 of the games, 1 to 25); it does
    not change the result.  *progress*, if given, is called as ``progress(done,
    games)`` after every chunk, in the calling thread.

    >>> import concurrent.futures
    >>> serial = simulate("cau-robat", ["greedy", "random", "random"], games=12, seed=3, executor="serial")
    >>> with concurrent.futures.ThreadPoolExecutor(2) as pool:
    ...     threaded = simulate("cau-robat", ["greedy", "random", "random"], games=12, seed=3,
    ...                         executor=pool, chunk_size=5)
    >>> threaded == serial
    True
    >>> simulate("cau", ["random"], games=4, players=3, executor="serial").bots
    ('random', 'random', 'random')
    >>> simulate("cau", ["random", "random"], games=4, players=3, executor="serial")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: 3 players need 3 bots (or one for every seat), not 2
    """
    rules = get_rules(preset) if isinstance(preset, str) else preset
    specs = tuple(bots)
    if not specs:
        raise InvalidRulesError("simulate needs at least one bot")
    count = (len(specs) if len(specs) > 1 else rules.min_players) if players is None else players
    if len(specs) == 1:
        specs = specs * count
    if len(specs) != count:
        raise InvalidRulesError(f"{count} players need {count} bots (or one for every seat), not {len(specs)}")
    rules.check_players(count)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative whole number, not {games!r}")
    for spec in specs:  # fail here, clearly, on an unknown name or an unsupported game
        make_bot(spec, rules, count)
    size = chunk_size if chunk_size is not None else max(1, min(25, math.ceil(games / 32)))
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"chunk_size must be a positive whole number, not {chunk_size!r}")
    chunks = [(start, min(start + size, games)) for start in range(0, games, size)]

    began = time.perf_counter()
    results: dict[int, list[GameResult]] = {}
    done = 0
    def finished(number: int, outcome: list[GameResult]) -> bool:
        nonlocal done
        results[number] = outcome
        start, stop = chunks[number]
        done += stop - start
        if progress is not None:
            progress(done, games)
        return False

    run_tasks(executor, _play_chunk, lambda number: (rules, count, specs, seed, *chunks[number]), len(chunks),
              finished, lambda: check_picklable(specs, rules))
    elapsed = time.perf_counter() - began

    wins = [0.0] * count
    scores = [0.0] * count
    for number in range(len(chunks)):
        for shares, game_scores in results[number]:
            for seat in range(count):
                wins[seat] += shares[seat]
                scores[seat] += game_scores[seat]
    return SimulationResult(
        rules.name, count, games, seed, tuple(bot_label(spec) for spec in specs),
        tuple(wins), tuple(scores), elapsed,
    )


def check_picklable(specs: tuple[BotSpec, ...], rules: GameRules) -> None:
    """Raise InvalidRulesError unless every bot of *specs* (and *rules*) can be sent to a
    process pool.

    >>> check_picklable(("greedy", "random"), get_rules("cau"))
    >>> check_picklable((lambda rules: None,), get_rules("cau"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: bot factory <lambda> cannot be sent to a process pool (...
    """
    for spec in specs:
        try:
            pickle.dumps(spec)
        except Exception as exc:
            raise InvalidRulesError(
                f"bot factory {bot_label(spec)} cannot be sent to a process pool ({exc}); use a bot "
                f"name, a class, a module-level function or a functools.partial of one"
            ) from None
    pickle.dumps(rules)


def run_tasks(
    executor: cf.Executor | str | None,
    work: Callable[..., Any],
    task_args: Callable[[int], tuple[Any, ...]],
    tasks: int,
    finished: Callable[[int, Any], bool],
    check_pool: Callable[[], None],
    window: int | None = None,
) -> None:
    """Run ``work(*task_args(number))`` for every task *number* below *tasks* on
    *executor* (``"serial"``: here, in order; ``None``: a new process pool, one worker a
    core, shut down after; or any Executor), calling ``finished(number, result)`` as each
    task ends; once it returns True no more tasks are sent and those waiting are
    cancelled.  At most *window* tasks wait at once (all of them by default);
    *check_pool* runs before anything is sent to a process pool.

    Raises:
        ValueError: *executor* is not None, ``"serial"`` or an Executor.

    >>> done = []
    >>> run_tasks("serial", pow, lambda n: (n, 2), 4, lambda n, r: done.append(r) or r >= 4, lambda: None)
    >>> done
    [0, 1, 4]
    """
    if executor == "serial":
        for number in range(tasks):
            if finished(number, work(*task_args(number))):
                return
        return
    if not (executor is None or (not isinstance(executor, str) and callable(getattr(executor, "submit", None)))):
        raise ValueError(f"executor must be None, 'serial' or an Executor, not {executor!r}")
    own = executor is None
    pool: Any = cf.ProcessPoolExecutor(max_workers=os.cpu_count()) if executor is None else executor
    if isinstance(pool, cf.ProcessPoolExecutor):
        check_pool()
    most = tasks if window is None else window
    try:
        pending: dict[cf.Future[Any], int] = {}
        submitted = 0
        stop = False
        while (submitted < tasks or pending) and not stop:
            while submitted < tasks and len(pending) < most:
                pending[pool.submit(work, *task_args(submitted))] = submitted
                submitted += 1
            ended, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in ended:
                if finished(pending.pop(future), future.result()):
                    stop = True
        for future in pending:
            future.cancel()
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
