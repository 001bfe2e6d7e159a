"""The statistics of the arena: Elo from win shares, intervals of paired means,
Bradley-Terry ratings with a bootstrap over deals, and the sequential probability ratio
test (SPRT) of an A/B match.

Elo here is the logistic scale: a share *s* of the win against an opponent is worth
``400 * log10(s / (1 - s))`` Elo, so +100 Elo is a 64 % share and +200 a 76 % share.

The SPRT is the generalised form used by chess-engine testing (fishtest's ``GSPRT``): each
deal gives one score in [0, 1] (the mean share of the win of bot A over the deal's
paired games: the pentanomial model's idea, extended to any number of games per deal),
and the log likelihood ratio compares the most likely distribution of those scores whose
mean is the share of ``elo1`` against the one whose mean is the share of ``elo0``, both
fitted to the scores seen.  The test stops when the ratio leaves
``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``.

>>> round(elo_from_share(0.76)), round(share_from_elo(100), 3)
(200, 0.64)
>>> [round(r) for r in bradley_terry(2, {(0, 1): (76.0, 100)}, prior=0)]
[0, -200]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypeAlias

import attrs

from cau_rules.errors import InvalidRulesError

__all__ = [
    "PairTotals",
    "SprtResult",
    "SprtVerdict",
    "bootstrap_ratings",
    "bradley_terry",
    "elo_from_share",
    "mean_interval",
    "share_from_elo",
    "sprt",
    "sprt_bounds",
    "sprt_llr",
]

Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

ELO_CAP = 2000.0
"""The largest Elo difference reported (a share of exactly 0 or 1 is worth this)."""


def share_from_elo(elo: float) -> float:
    """The expected share of the win of a player *elo* points above its opponent.

    >>> share_from_elo(0)
    0.5
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_from_share(share: float) -> float:
    """The Elo difference worth a share *share* of the win (capped at ±:data:`ELO_CAP`).

    >>> elo_from_share(0.5), elo_from_share(1.0)
    (0.0, 2000.0)
    """
    if share <= 0.0:
        return -ELO_CAP
    if share >= 1.0:
        return ELO_CAP
    return max(-ELO_CAP, min(ELO_CAP, 400.0 * math.log10(share / (1.0 - share))))


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float, float]:
    """The mean of *values* and its 95 % interval (normal, from the sample's standard
    error; the values are per-deal figures, so the interval is a paired one).

    >>> mean_interval([1.0, 0.0, 1.0, 0.0])
    (0.5, -0.0657..., 1.0657...)
    >>> mean_interval([])
    (0.0, 0.0, 0.0)
    """
    count = len(values)
    if count == 0:
        return 0.0, 0.0, 0.0
    mean = math.fsum(values) / count
    if count == 1:
        return mean, mean, mean
    variance = math.fsum((v - mean) ** 2 for v in values) / (count - 1)
    half = z * math.sqrt(variance / count)
    return mean, mean - half, mean + half


PairTotals: TypeAlias = Mapping[tuple[int, int], tuple[float, float]]
"""``{(i, j): (score of i, deals)}``: bot *i*'s summed score against bot *j* over the deals
they played (bot *j* scored ``deals - score``)."""


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    size = len(vector)
    rows = [[*row, vector[index]] for index, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        if head == 0.0:
            raise ZeroDivisionError("singular system")
        for row in range(column + 1, size):
            factor = rows[row][column] / head
            if factor:
                for k in range(column, size + 1):
                    rows[row][k] -= factor * rows[column][k]
    solution = [0.0] * size
    for row in reversed(range(size)):
        total = rows[row][size] - sum(rows[row][k] * solution[k] for k in range(row + 1, size))
        solution[row] = total / rows[row][row]
    return solution


def bradley_terry(count: int, totals: PairTotals, anchor: int = 0, prior: float = 1.0) -> list[float]:
    """The Bradley-Terry ratings (in Elo) of *count* bots from their pairwise *totals*,
    the bot *anchor* at 0: the ratings under which the summed scores are most likely,
    fitted by Newton's method on the log likelihood.

    *prior* adds that many drawn deals to every pair that played (a weak prior that keeps
    a bot that won or lost every deal at a finite rating); 0 for the plain fit.

    Raises:
        InvalidRulesError: a bot that played nobody, or an anchor out of range.

    >>> [round(r) for r in bradley_terry(3, {(0, 1): (50.0, 100), (1, 2): (64.0, 100), (0, 2): (64.0, 100)}, prior=0)]
    [0, 0, -100]
    """
    if not 0 <= anchor < count:
        raise InvalidRulesError(f"the anchor must be a bot from 0 to {count - 1}, not {anchor}")
    wins = [[0.0] * count for _ in range(count)]
    games = [[0.0] * count for _ in range(count)]
    for (i, j), (score, deals) in totals.items():
        if deals <= 0:
            continue
        extra = prior if prior > 0 else 0.0
        wins[i][j] += score + extra / 2
        wins[j][i] += deals - score + extra / 2
        games[i][j] += deals + extra
        games[j][i] += deals + extra
    for bot in range(count):
        if count > 1 and not any(games[bot]):
            raise InvalidRulesError(f"bot {bot} played no deal: it cannot be rated")
    theta = [0.0] * count  # natural-log strengths
    free = [bot for bot in range(count) if bot != anchor]
    for _ in range(100):
        gradient = [0.0] * count
        hessian = [[0.0] * count for _ in range(count)]
        for i in range(count):
            for j in range(count):
                if i == j or not games[i][j]:
                    continue
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                gradient[i] += wins[i][j] - games[i][j] * p
                weight = games[i][j] * p * (1.0 - p)
                hessian[i][i] -= weight
                hessian[i][j] += weight
        if not free:
            break
        try:
            step = _solve([[-hessian[i][j] for j in free] for i in free], [gradient[i] for i in free])
        except ZeroDivisionError:
            break
        biggest = max(abs(s) for s in step)
        scale = 1.0 if biggest <= 2.0 else 2.0 / biggest  # damped: at most a factor e^2 a step
        for index, bot in enumerate(free):
            theta[bot] += scale * step[index]
        if biggest < 1e-10:
            break
    to_elo = 400.0 / math.log(10.0)
    return [max(-ELO_CAP, min(ELO_CAP, (theta[bot] - theta[anchor]) * to_elo)) for bot in range(count)]


def bootstrap_ratings(
    count: int,
    scores: Mapping[tuple[int, int], Sequence[float]],
    samples: int = 200,
    seed: int | str = 0,
    anchor: int = 0,
    prior: float = 1.0,
) -> list[tuple[float, float]]:
    """Each bot's 95 % interval of its Bradley-Terry rating, from *samples* bootstrap
    resamples of the deals (every pair's per-deal scores resampled at the same deals, so
    what the deals share stays shared).

    *scores* maps a pair ``(i, j)`` to bot *i*'s score of every deal, in deal order (every
    pair the same number of deals).

    >>> pairs = {(0, 1): [0.5, 1.0, 0.75, 0.25, 1.0, 0.5, 0.75, 1.0]}
    >>> [tuple(round(x) for x in ci) for ci in bootstrap_ratings(2, pairs, samples=50, prior=0)][0]
    (0, 0)
    """
    lengths = {len(values) for values in scores.values()}
    if len(lengths) > 1:
        raise InvalidRulesError("every pair must have the same number of deals to resample them together")
    deals = lengths.pop() if lengths else 0
    if deals == 0 or samples < 1:
        return [(0.0, 0.0)] * count
    rng = random.Random(f"{seed}:bootstrap")
    draws: list[list[float]] = [[] for _ in range(count)]
    for _ in range(samples):
        picks = [rng.randrange(deals) for _ in range(deals)]
        totals = {pair: (math.fsum(values[k] for k in picks), float(deals)) for pair, values in scores.items()}
        for bot, rating in enumerate(bradley_terry(count, totals, anchor, prior)):
            draws[bot].append(rating)
    return [_percentiles(sorted(values)) for values in draws]


def _percentiles(values: list[float]) -> tuple[float, float]:
    def at(q: float) -> float:
        position = q * (len(values) - 1)
        low = math.floor(position)
        high = min(low + 1, len(values) - 1)
        return values[low] + (values[high] - values[low]) * (position - low)
    return at(0.025), at(0.975)


# ---------------------------------------------------------------------------------
# SPRT


SprtVerdict: TypeAlias = Literal["H1", "H0", "continue"]
"""``H1``: accept elo1 (A is stronger by about elo1); ``H0``: accept elo0; ``continue``: undecided."""


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """The lower and upper bounds of the log likelihood ratio.

    >>> [round(b, 3) for b in sprt_bounds()]
    [-2.944, 2.944]
    """
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise InvalidRulesError(f"alpha and beta must be between 0 and 1, not {alpha} and {beta}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


_PSEUDO = 1e-3
"""The weight of the two pseudo-deals (a 0 and a 1) added to the scores so that every
mean in (0, 1) has a fitted distribution."""


def _profile(counts: Mapping[float, float], mean: float) -> float:
    """The log likelihood of the scores under the most likely distribution on the same
    values with mean *mean*, relative to the empirical one: ``-sum(w log(1 + l (x - mean)))``."""
    lo = -1.0 / (1.0 - mean) + 1e-12
    hi = 1.0 / mean - 1e-12

    def slope(lam: float) -> float:
        return sum(w * (x - mean) / (1.0 + lam * (x - mean)) for x, w in counts.items())

    for _ in range(200):  # slope() decreases with lam: bisect for its zero
        mid = (lo + hi) / 2
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    return -sum(w * math.log(1.0 + lam * (x - mean)) for x, w in counts.items())


def sprt_llr(scores: Iterable[float], elo0: float, elo1: float) -> float:
    """The generalised log likelihood ratio of H1 (Elo *elo1*) against H0 (Elo *elo0*)
    after the per-deal *scores* (each in [0, 1]).

    >>> round(sprt_llr([0.75] * 40 + [0.25] * 20, 0, 50), 2)
    3.32
    >>> sprt_llr([], 0, 50)
    0.0
    """
    counts: dict[float, float] = {}
    for score in scores:
        value = min(1.0, max(0.0, float(score)))
        counts[value] = counts.get(value, 0.0) + 1.0
    if not counts:
        return 0.0
    weights = {x: float(w) for x, w in counts.items()}
    weights[0.0] = weights.get(0.0, 0.0) + _PSEUDO
    weights[1.0] = weights.get(1.0, 0.0) + _PSEUDO
    return _profile(weights, share_from_elo(elo1)) - _profile(weights, share_from_elo(elo0))


@attrs.frozen
class SprtResult:
    """Where an SPRT stands: its hypotheses, bounds, ratio, deals and verdict.

    >>> sprt([0.5] * 10, 0, 20)
    SprtResult(elo0=0, elo1=20, alpha=0.05, beta=0.05, llr=..., lower=-2.944..., upper=2.944..., deals=10, verdict='continue')
    """

    elo0: float
    elo1: float
    alpha: float
    beta: float
    llr: float
    lower: float
    upper: float
    deals: int
    verdict: SprtVerdict


def check_sprt(elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> None:
    """Raise :class:`~cau_rules.errors.InvalidRulesError` unless *elo0* < *elo1* are finite
    Elo differences (within ±:data:`ELO_CAP`) and *alpha*, *beta* in (0, 1).

    >>> check_sprt(5, 0)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: the SPRT needs ELO0 < ELO1 (finite Elo differences), not 5 and 0
    """
    if not (math.isfinite(elo0) and math.isfinite(elo1) and -ELO_CAP < elo0 < elo1 < ELO_CAP):
        raise InvalidRulesError(f"the SPRT needs ELO0 < ELO1 (finite Elo differences), not {elo0:g} and {elo1:g}")
    sprt_bounds(alpha, beta)


def sprt(scores: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05,
         ) -> SprtResult:
    """The SPRT of H1 (Elo *elo1*) against H0 (*elo0*) after the per-deal *scores*: its
    verdict is ``H1`` or ``H0`` once the ratio has left its bounds, else ``continue``.

    Raises:
        InvalidRulesError: *elo0* is not below *elo1*, or *alpha* / *beta* out of (0, 1).

    >>> sprt([1.0] * 30, 0, 50).verdict, sprt([0.0] * 30, 0, 50).verdict
    ('H1', 'H0')
    """
    check_sprt(elo0, elo1, alpha, beta)
    lower, upper = sprt_bounds(alpha, beta)
    llr = float(sprt_llr(scores, elo0, elo1))
    verdict: SprtVerdict = "H1" if llr >= upper else "H0" if llr <= lower else "continue"
    return SprtResult(elo0, elo1, alpha, beta, llr, lower, upper, len(scores), verdict)
