"""An arena: bots play duplicate deals, pair by pair, and come out with ratings and
95 % intervals, or an SPRT verdict.

:func:`arena` plays every pair of the bots given on the same *deals* deals.  For a pair
(A, B) each deal is played once per seating of a *lineup*, rotated over the seats and
with A and B swapped, so every seat is held by A as often as by B and the luck of the
cards and of the seat cancels:

- ``"alternate"`` (the default): A, B, A, B... round the table: with 2 players A-B then
  B-A; in the team game (partners opposite) team A against team B, then the teams swap;
  with 3 players the six seatings of A-B-A and B-A-B;
- ``"one"``: one seat A, every other seat B (and the reverse), rotated: ``2 x players``
  games a deal (with 2 players the same as ``"alternate"``).

Every game gets new bots (no memory carries over), dealt from the deal's seed
(:func:`~cau_rules.ai.simulate.game_seeds`), with the same seed for the bots' random
choices: each seat draws from ``f"{seed}:bots:{seat}"`` (see
:func:`~cau_rules.bots.play_game`), so two copies of one bot play every seating of a deal
alike and their figures cancel exactly.

For each pair and deal the arena keeps A's *score* (its mean share of the win over the
deal's games, 0.5 when the bots are equal) and the score *margin* (A's mean final score
minus B's, per seat, over the games).  :class:`PairResult` gives their means with 95 %
intervals from those per-deal (paired) figures, and the Elo the score is worth.
:class:`Rating` gives every bot's Bradley-Terry Elo (see :mod:`cau_rules.ai.ratings`)
anchored at ``random`` (or the first bot when ``random`` does not play), with a 95 %
interval from a bootstrap over the deals.

With ``sprt=(elo0, elo1)`` two bots play an SPRT: deals are played in order until the log
likelihood ratio of the per-deal scores leaves its bounds (checked after every chunk of
deals, in deal order) or *deals* are played.

>>> result = arena("cau", ["greedy", "random"], deals=6, seed=1, executor="serial")
>>> result.deals, result.games, [r.bot for r in result.ratings]
(6, 12, ['greedy', 'random'])
>>> pair = result.pairs[0]
>>> (pair.a, pair.b), 0 <= pair.share <= 1, pair.share_low <= pair.share <= pair.share_high
(('greedy', 'random'), True, True)
>>> same = arena("cau", ["greedy", "greedy"], deals=3, seed=1, executor="serial")
>>> same.pairs[0].share, same.pairs[0].margin
(0.5, 0.0)
"""

from __future__ import annotations

import concurrent.futures as cf
import html
import itertools
import math
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias

import attrs

from cau_rules.ai.ratings import (
    SprtResult,
    bootstrap_ratings,
    bradley_terry,
    check_sprt,
    elo_from_share,
    mean_interval,
    sprt,
)
from cau_rules.ai.simulate import check_picklable, game_seeds, run_tasks
from cau_rules.ai.specs import BotSpec, bot_label, make_bot
from cau_rules.bots import play_game
from cau_rules.checks import whole_number
from cau_rules.errors import CauRulesError, InvalidRulesError
from cau_rules.game import GameRules
from cau_rules.registry import get_rules, new_game

__all__ = ["ArenaResult", "Lineup", "PairResult", "Rating", "arena", "ratings_chart", "seatings"]

_MOST = 10**9
"""The most deals (and deals a chunk) an arena takes."""

Lineup: TypeAlias = Literal["alternate", "one"]
"""How a pair of bots sits at the table: see the module docstring."""

Progress: TypeAlias = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` after every chunk."""

DealFigures: TypeAlias = tuple[float, float, float, float]
"""One deal of one pair: A's score, the margin, A's and B's mean share when alone at a
table of the other (NaN when the lineup never seats a bot alone)."""


def seatings(players: int, lineup: Lineup = "alternate") -> tuple[tuple[int, ...], ...]:
    """Every seating of a pair at *players* seats: for each game of a deal, which bot
    (0 for A, 1 for B) sits in each seat.  Every seat holds A as often as B.

    Raises:
        InvalidRulesError: an unknown *lineup*, or fewer than 2 players.

    >>> seatings(2)
    ((0, 1), (1, 0))
    >>> seatings(4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> seatings(3)
    ((0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1))
    >>> len(seatings(4, "one")), seatings(3, "one")[:3]
    (8, ((0, 1, 1), (1, 0, 1), (1, 1, 0)))
    """
    if lineup not in ("alternate", "one"):
        raise InvalidRulesError(f"unknown lineup {lineup!r}: alternate or one")
    if players < 2:
        raise InvalidRulesError(f"an arena needs at least 2 players, not {players}")
    base = tuple(seat % 2 for seat in range(players)) if lineup == "alternate" else (0,) + (1,) * (players - 1)
    found: list[tuple[int, ...]] = []
    for first in (base, tuple(1 - bot for bot in base)):
        for shift in range(players):
            seating = first[players - shift:] + first[:players - shift]
            if seating not in found:
                found.append(seating)
    return tuple(found)


@attrs.frozen
class PairResult:
    """Bot *a* against bot *b* over *deals* deals (*games* games).

    ``share`` is A's mean share of the win per deal (0.5: equal), ``margin`` A's mean
    final score minus B's per deal, each with its 95 % interval (``*_low``, ``*_high``) from
    the per-deal figures; ``elo`` (with its interval) is what the share is worth.  With the
    ``"one"`` lineup, ``solo_a`` is A's mean share of the win at a table where it sits
    alone against B, times the players (1.0: its fair share), and ``solo_b`` the same for B
    (None for the ``"alternate"`` lineup).
    """

    a: str
    b: str
    deals: int
    games: int
    share: float
    share_low: float
    share_high: float
    margin: float
    margin_low: float
    margin_high: float
    solo_a: float | None = None
    solo_b: float | None = None

    @property
    def elo(self) -> float:
        """The Elo difference A - B that ``share`` is worth."""
        return elo_from_share(self.share)

    @property
    def elo_low(self) -> float:
        """The low end of the 95 % interval of ``elo``."""
        return elo_from_share(self.share_low)

    @property
    def elo_high(self) -> float:
        """The high end of the 95 % interval of ``elo``."""
        return elo_from_share(self.share_high)


@attrs.frozen
class Rating:
    """A bot's Bradley-Terry Elo (the anchor bot at 0) and its 95 % bootstrap interval."""

    bot: str
    elo: float
    low: float
    high: float


@attrs.frozen
class ArenaResult:
    """What :func:`arena` returns.  ``scores`` and ``margins`` hold every pair's per-deal
    figures, in the order of ``pairs``; ``sprt`` the test's result in SPRT mode.
    Equal inputs give equal results (``seconds`` is not compared) unless a bot has a time
    budget."""

    variant: str
    players: int
    seed: int | str
    lineup: Lineup
    bots: tuple[str, ...]
    deals: int
    games: int
    pairs: tuple[PairResult, ...]
    ratings: tuple[Rating, ...]
    anchor: str
    scores: tuple[tuple[float, ...], ...] = attrs.field(repr=False)
    margins: tuple[tuple[float, ...], ...] = attrs.field(repr=False)
    sprt: SprtResult | None = None
    seconds: float = attrs.field(default=0.0, eq=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the inputs, the pairs, the ratings and the SPRT (no per-deal figures).

        >>> sorted(arena("cau", ["greedy", "random"], deals=2, executor="serial").to_dict())
        ['anchor', 'bots', 'deals', 'games', 'lineup', 'pairs', 'players', 'ratings', 'seconds', 'seed', 'sprt', 'variant']
        """
        pairs = []
        for pair in self.pairs:
            entry: dict[str, Any] = {key: round(value, 4) if isinstance(value, float) else value
                                     for key, value in attrs.asdict(pair).items()}
            entry.update(elo=round(pair.elo, 1), elo_low=round(pair.elo_low, 1), elo_high=round(pair.elo_high, 1))
            pairs.append(entry)
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "lineup": self.lineup,
            "bots": list(self.bots),
            "anchor": self.anchor,
            "deals": self.deals,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "pairs": pairs,
            "ratings": [{"bot": r.bot, "elo": round(r.elo, 1), "low": round(r.low, 1), "high": round(r.high, 1)}
                        for r in self.ratings],
            "sprt": None if self.sprt is None else {
                key: (round(value, 4) if isinstance(value, float) else value)
                for key, value in attrs.asdict(self.sprt).items()
            },
        }

    def to_markdown(self) -> str:
        """The ratings and the pairs as Markdown tables.

        >>> print(arena("cau", ["greedy", "random"], deals=2, executor="serial").to_markdown())  # doctest: +ELLIPSIS
        Arena: cau, 2 players, 2 deals (4 games), seed 0, lineup alternate; Elo anchored at random = 0.
        <BLANKLINE>
        | Bot | Elo | 95% interval |
        ...
        """
        lines = [
            f"Arena: {self.variant}, {self.players} players, {self.deals} deals ({self.games} games), "
            f"seed {self.seed}, lineup {self.lineup}; Elo anchored at {self.anchor} = 0.",
            "",
            "| Bot | Elo | 95% interval |",
            "|---|---:|---|",
        ]
        for rating in sorted(self.ratings, key=lambda r: -r.elo):
            lines.append(f"| `{rating.bot}` | {rating.elo:+.0f} | {rating.low:+.0f} to {rating.high:+.0f} |")
        lines += ["", "| A | B | deals | A's share | 95% interval | Elo A-B | score margin | 95% interval |",
                  "|---|---|---:|---:|---|---:|---:|---|"]
        for p in self.pairs:
            lines.append(
                f"| `{p.a}` | `{p.b}` | {p.deals} | {p.share:.1%} | {p.share_low:.1%} to {p.share_high:.1%} | "
                f"{p.elo:+.0f} | {p.margin:+.2f} | {p.margin_low:+.2f} to {p.margin_high:+.2f} |"
            )
        if self.lineup == "one":
            lines += ["", "Share of the win alone against the other bot, as a multiple of the fair share:", ""]
            lines += [f"- `{p.a}` alone: {p.solo_a or 0:.2f}x; `{p.b}` alone: {p.solo_b or 0:.2f}x" for p in self.pairs]
        if self.sprt is not None:
            s = self.sprt
            lines += ["", f"SPRT H0: Elo {s.elo0:g}, H1: Elo {s.elo1:g} (alpha {s.alpha:g}, beta {s.beta:g}): "
                          f"LLR {s.llr:.2f} in [{s.lower:.2f}, {s.upper:.2f}] after {s.deals} deals ({self.games} games): "
                          f"{s.verdict}"]
        return "\n".join(lines)

    def to_svg(self, width: int = 640) -> str:
        """The ratings as an SVG chart (:func:`ratings_chart`).

        >>> svg = arena("cau", ["greedy", "random"], deals=2, executor="serial").to_svg()
        >>> svg.startswith("<svg") and svg.count("<circle") == 2
        True
        """
        title = f"{self.variant}, {self.players} players, {self.deals} deals: Elo ({self.anchor} = 0), 95% intervals"
        return ratings_chart(self.ratings, title, width)


def ratings_chart(ratings: Sequence[Rating], title: str, width: int = 640) -> str:
    """An SVG chart of *ratings*: a dot per bot at its Elo, with its 95 % interval as an
    error bar, strongest at the top, under *title*.

    >>> svg = ratings_chart([Rating("greedy", 250.0, 200.0, 310.0), Rating("random", 0.0, 0.0, 0.0)], "cau")
    >>> svg.count("<circle"), "greedy" in svg
    (2, True)
    """
    rows = sorted(ratings, key=lambda r: -r.elo)
    low = min([r.low for r in rows] + [0.0])
    high = max([r.high for r in rows] + [0.0])
    span = max(high - low, 50.0)
    step = _tick_step(span)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    label_w, pad, row_h, top = 200, 20, 28, 40
    plot_w = width - label_w - 2 * pad
    height = top + row_h * len(rows) + 40

    def x(elo: float) -> float:
        return label_w + pad + (elo - first) / (last - first) * plot_w

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f"<title>{html.escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{pad}" y="20" font-size="14">{html.escape(title)}</text>',
    ]
    tick = first
    bottom = top + row_h * len(rows)
    while tick <= last + 1e-9:
        out.append(f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{x(tick):.1f}" y="{bottom + 16}" text-anchor="middle">{tick:+.0f}</text>')
        tick += step
    for index, rating in enumerate(rows):
        y = top + row_h * index + row_h / 2
        out.append(f'<text x="{label_w}" y="{y + 4:.1f}" text-anchor="end">{html.escape(rating.bot)}</text>')
        out.append(f'<line x1="{x(rating.low):.1f}" y1="{y:.1f}" x2="{x(rating.high):.1f}" y2="{y:.1f}" '
                   f'stroke="#1f5fa8" stroke-width="2"/>')
        for end in (rating.low, rating.high):
            out.append(f'<line x1="{x(end):.1f}" y1="{y - 6:.1f}" x2="{x(end):.1f}" y2="{y + 6:.1f}" '
                       f'stroke="#1f5fa8" stroke-width="2"/>')
        out.append(f'<circle cx="{x(rating.elo):.1f}" cy="{y:.1f}" r="4" fill="#c0392b"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _tick_step(span: float) -> float:
    for step in (25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0):
        if span / step <= 8:
            return step
    return 2000.0


# ---------------------------------------------------------------------------------
# Running


def _play_deals(
    rules: GameRules, players: int, pair: tuple[BotSpec, BotSpec], seats: tuple[tuple[int, ...], ...],
    seed: int | str, start: int, stop: int,
) -> list[DealFigures]:
    """Play deals *start* to *stop* - 1 of one pair in every seating (the task sent to an executor)."""
    figures: list[DealFigures] = []
    for deal in range(start, stop):
        deal_seed, bot_seed = game_seeds(seed, deal)
        score = margin = 0.0
        solo = [[0.0, 0], [0.0, 0]]
        for seating in seats:
            state = new_game(rules, players=players, seed=deal_seed)
            final = play_game(state, [make_bot(pair[bot], rules, players) for bot in seating], seed=bot_seed)
            outcome = final.outcome()
            if outcome is None:  # pragma: no cover - play_game plays to the end
                raise CauRulesError("an arena game did not end")
            shares = outcome.shares()
            mine = [[shares[s] for s in range(players) if seating[s] == bot] for bot in (0, 1)]
            points = [[float(outcome.scores[s]) for s in range(players) if seating[s] == bot] for bot in (0, 1)]
            score += math.fsum(mine[0])
            margin += math.fsum(points[0]) / len(points[0]) - math.fsum(points[1]) / len(points[1])
            for bot in (0, 1):
                if len(mine[bot]) == 1 and players > 2:
                    solo[bot][0] += mine[bot][0] * players
                    solo[bot][1] += 1
        games = len(seats)
        figures.append((
            score / games, margin / games,
            solo[0][0] / solo[0][1] if solo[0][1] else math.nan,
            solo[1][0] / solo[1][1] if solo[1][1] else math.nan,
        ))
    return figures


def _labels(specs: Sequence[BotSpec]) -> tuple[str, ...]:
    labels: list[str] = []
    for spec in specs:
        label = bot_label(spec)
        if label in labels:
            label = f"{label}#{sum(1 for other in labels if other.split('#')[0] == label) + 1}"
        labels.append(label)
    return tuple(labels)


def arena(
    preset: str | GameRules,
    bots: Sequence[BotSpec],
    deals: int,
    seed: int | str = 0,
    executor: cf.Executor | str | None = None,
    players: int | None = None,
    lineup: Lineup = "alternate",
    sprt: tuple[float, float] | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    bootstrap: int = 200,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> ArenaResult:
    """Play every pair of *bots* on *deals* duplicate deals of *preset* (see the module
    docstring) and rate them.

    Args:
        preset: a preset name or a rules object.
        bots: two bot specs or more (texts, see :mod:`cau_rules.ai.specs`, or factories).
        deals: deals per pair (in SPRT mode: the most deals).
        seed: the seed of the deals and of the bootstrap.
        executor: ``None`` (a new process pool, one worker per core), ``"serial"``, or any
            :class:`concurrent.futures.Executor` (thread or process pool, Dask's
            ``client.get_executor()``), as for :func:`~cau_rules.ai.simulate.simulate`.
        players: the player count (default: the preset's smallest).
        lineup: ``"alternate"`` or ``"one"`` (see the module docstring).
        sprt: ``(elo0, elo1)`` for an SPRT of the first bot against the second.
        chunk_size: deals per task (default: about 1/32 of the deals, 1 to 10; 2 for an SPRT,
            whose ratio is checked after every chunk).
        progress: called as ``progress(games_done, games_total)`` after every chunk.
        bootstrap: bootstrap samples of the rating intervals.
        alpha: the SPRT's probability of accepting H1 when H0 holds.
        beta: the SPRT's probability of accepting H0 when H1 holds.

    Returns:
        The :class:`ArenaResult`.

    Raises:
        InvalidRulesError: fewer than two bots, an unknown bot, a player count the preset
            cannot play, a bad lineup or bad SPRT bounds (or SPRT with other than two bots).
        InvalidRulesError: *deals* or *chunk_size* not a whole number in range (also for
            *deals* below 0 and *chunk_size* below 1).
        ValueError: *executor* of the wrong kind.

    >>> arena("cau", ["greedy"], deals=2, executor="serial")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: an arena needs at least two bots, not 1
    >>> arena("cau", ["greedy", "random"], deals=2, players=7, executor="serial")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: cau is played by 2 to 4 players, not 7
    """
    rules = get_rules(preset) if isinstance(preset, str) else preset
    specs = tuple(bots)
    if len(specs) < 2:
        raise InvalidRulesError(f"an arena needs at least two bots, not {len(specs)}")
    count = rules.min_players if players is None else players
    rules.check_players(count)
    seats = seatings(count, lineup)
    whole_number(deals, "deals", low=0, high=_MOST, error=InvalidRulesError)
    if sprt is not None:
        if len(specs) != 2:
            raise InvalidRulesError(f"an SPRT compares two bots, not {len(specs)}")
        if len(sprt) != 2:
            raise InvalidRulesError(f"sprt is (ELO0, ELO1), not {sprt!r}")
        check_sprt(float(sprt[0]), float(sprt[1]), alpha, beta)
    for spec in specs:  # fail here, clearly, on an unknown name or an unsupported game
        make_bot(spec, rules, count)
    default = 2 if sprt is not None else max(1, min(10, math.ceil(deals / 32)))  # an SPRT looks often
    size = chunk_size if chunk_size is not None else default
    whole_number(size, "chunk_size", low=1, high=_MOST, error=InvalidRulesError)
    labels = _labels(specs)
    pairs = list(itertools.combinations(range(len(specs)), 2))
    chunks = [(start, min(start + size, deals)) for start in range(0, deals, size)]
    tasks = [(p, start, stop) for start, stop in chunks for p in range(len(pairs))]  # deal order first
    total_games = len(pairs) * deals * len(seats)

    results: dict[int, list[DealFigures]] = {}
    done_games = 0
    stopped: SprtResult | None = None
    next_checked = 0  # the first task (in order) not yet added to the SPRT

    def check_sprt_in_order() -> bool:
        nonlocal next_checked, stopped
        if sprt is None:
            return False
        while next_checked in results:
            next_checked += 1
            scores = [fig[0] for number in range(next_checked) for fig in results[number]]
            stopped = _sprt(scores, sprt, alpha, beta)
            if stopped.verdict != "continue":
                return True
        return False

    def run(number: int, outcome: list[DealFigures]) -> bool:
        nonlocal done_games
        results[number] = outcome
        _, start, stop = tasks[number]
        done_games += (stop - start) * len(seats)
        if progress is not None:
            progress(done_games, total_games)
        return check_sprt_in_order()

    def task_args(number: int) -> tuple[Any, ...]:
        p, start, stop = tasks[number]
        i, j = pairs[p]
        return rules, count, (specs[i], specs[j]), seats, seed, start, stop

    began = time.perf_counter()
    window = 4 * (os.cpu_count() or 1) if sprt is not None else None
    run_tasks(executor, _play_deals, task_args, len(tasks), run, lambda: check_picklable(specs, rules), window)
    elapsed = time.perf_counter() - began

    # The deals every pair finished, in order (all of them unless an SPRT stopped early).
    played = 0
    for start, stop in chunks:
        if all(number in results for number, task in enumerate(tasks) if task[1] == start):
            played = stop
        else:
            break
    per_pair: list[list[DealFigures]] = [[] for _ in pairs]
    for number, (p, _, stop) in enumerate(tasks):
        if stop <= played:
            per_pair[p].extend(results[number])
    pair_results = []
    for (i, j), figures in zip(pairs, per_pair, strict=True):
        share, share_low, share_high = mean_interval([f[0] for f in figures])
        share_low, share_high = max(0.0, share_low), min(1.0, share_high)  # a share is in [0, 1]
        margin, margin_low, margin_high = mean_interval([f[1] for f in figures])
        solos = [[f[k] for f in figures if not math.isnan(f[k])] for k in (2, 3)]
        pair_results.append(PairResult(
            labels[i], labels[j], len(figures), len(figures) * len(seats), share, share_low, share_high,
            margin, margin_low, margin_high,
            math.fsum(solos[0]) / len(solos[0]) if solos[0] else None,
            math.fsum(solos[1]) / len(solos[1]) if solos[1] else None,
        ))
    anchor = labels.index("random") if "random" in labels else 0
    scores = {pair: [f[0] for f in figures] for pair, figures in zip(pairs, per_pair, strict=True)}
    if played:
        elos = bradley_terry(len(specs), {pair: (math.fsum(v), float(len(v))) for pair, v in scores.items()}, anchor)
        intervals = bootstrap_ratings(len(specs), scores, bootstrap, seed, anchor)
    else:
        elos = [0.0] * len(specs)
        intervals = [(0.0, 0.0)] * len(specs)
    ratings = tuple(Rating(labels[k], elos[k], min(elos[k], intervals[k][0]), max(elos[k], intervals[k][1]))
                    for k in range(len(specs)))
    final_sprt = None
    if sprt is not None:
        final_sprt = stopped if stopped is not None and stopped.deals == played else _sprt(
            [f[0] for f in per_pair[0]], sprt, alpha, beta)
    return ArenaResult(
        rules.name, count, seed, lineup, labels, played, played * len(seats) * len(pairs), tuple(pair_results),
        ratings, labels[anchor], tuple(tuple(f[0] for f in figures) for figures in per_pair),
        tuple(tuple(f[1] for f in figures) for figures in per_pair), final_sprt, elapsed,
    )


def _sprt(scores: list[float], bounds: tuple[float, float], alpha: float, beta: float) -> SprtResult:
    return sprt(scores, float(bounds[0]), float(bounds[1]), alpha, beta)


