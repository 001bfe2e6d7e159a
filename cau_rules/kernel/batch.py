"""What every family's kernel batch shares, written once (numpy, the ``fast`` extra): the
typed rows and per-game arrays, the rules and state checks, the seeds the kernel deals
itself, the play-seeds loop and its Python fallback, the restarts of finished games, and the
one-game batches of a playout.

A family's ``kernel/batch.py`` subclasses :class:`RowsBatch` and writes only what is its
own: how a row is dealt, stepped, masked, sampled and read back (its layout and rules).

>>> in_int64(-(1 << 63), (1 << 63) - 1), in_int64(1 << 63)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from cau_rules.errors import InvalidRulesError
from cau_rules.kernel.tools import OneGameBatches, generator_state
from cau_rules.outcome import Outcome

__all__ = ["INT64_HIGH", "INT64_LOW", "RowsBatch", "check_rules_kind", "in_int64"]

INT64_LOW, INT64_HIGH = -(1 << 63), (1 << 63) - 1
"""The seeds the kernels deal themselves (the reference's seed texts of int64 numbers)."""


class _Rules(Protocol):
    def check_players(self, players: int) -> None: ...


class _State(Protocol):
    @property
    def rules(self) -> Any: ...

    @property
    def players(self) -> int: ...


RulesT = TypeVar("RulesT", bound=_Rules)
StateT = TypeVar("StateT", bound=_State)

_ONE = OneGameBatches()
"""Each thread's one-game batches (:meth:`RowsBatch.playout`)."""


def in_int64(first: int, last: int | None = None) -> bool:
    """Whether the seeds *first* to *last* (or *first* alone) are all int64 numbers, the
    seeds a kernel deals itself.

    >>> in_int64(0, 10), in_int64(-(1 << 63) - 1, 0)
    (True, False)
    """
    return first >= INT64_LOW and (first if last is None else last) <= INT64_HIGH


def check_rules_kind(rules: object, kind: type[RulesT], players: int) -> RulesT:
    """*rules* when it is a *kind* object played by *players* seats.

    Raises:
        TypeError: *rules* is not a *kind* object.
        InvalidRulesError: the rules are not played by *players* seats (their own
            ``check_players``).

    >>> check_rules_kind("cau", int, 2)
    Traceback (most recent call last):
    ...
    TypeError: rules must be a int object, not str
    """
    if not isinstance(rules, kind):
        raise TypeError(f"rules must be a {kind.__name__} object, not {type(rules).__name__}")
    rules.check_players(players)
    return rules


class RowsBatch(Generic[RulesT, StateT]):
    """*size* games of *rules* with *players* seats, one row of *width* numbers of
    *dtype* each, driven by the family's rules *vector* (whose number at *actions_at*
    is the size of the action space); rows start empty until ``reset`` or ``load``.

    A family's batch provides ``reset(game, seed, decks)``, ``load``, ``masks``,
    ``step``, ``sample``, ``play_random(game, seed)``, ``over``, ``to_play``, ``state``
    and ``outcome``; it may replace :meth:`reset_many`, :meth:`play_seed`,
    :meth:`shares` and :meth:`play_seeds_native` with calls to its kernel."""

    def __init__(self, rules: RulesT, players: int, size: int, parallel: bool, vector: Sequence[int],
                 actions_at: int, width: int, dtype: type[np.signedinteger[Any]]) -> None:
        self.rules = rules
        self.players = players
        self.size = size
        self.vector: npt.NDArray[np.int64] = np.array(vector, np.int64)
        self.num_actions = int(self.vector[actions_at])
        self.rows: npt.NDArray[Any] = np.zeros((size, width), dtype)
        self.seeds = [0] * size
        """Each game's seed."""
        self.parallel = parallel
        """Step, mask and sample the games over the cores (numba's threads)."""
        self.counts: npt.NDArray[np.int64] = np.zeros(size, np.int64)
        """How many legal actions each game had at the last ``masks``."""
        self.rngs: npt.NDArray[np.uint64] = np.ones(size, np.uint64)
        """Each game's own random generator (``sample``, ``play_random``)."""

    # -- what the family writes ---------------------------------------------------------

    def reset(self, game: int, seed: int) -> None:
        """Start game *game* afresh from *seed* (the family's deal)."""
        raise NotImplementedError

    def play_random(self, game: int, seed: int | None = None) -> int:
        """Play game *game* to its end with random moves; returns the moves made."""
        raise NotImplementedError

    def outcome(self, game: int) -> Outcome:
        """The outcome of the finished game *game*."""
        raise NotImplementedError

    def play_seeds_native(self, game: int, first: int, count: int) -> int:
        """:meth:`play_seeds` of int64 seeds in one call to the kernel (by default the
        Python loop)."""
        return sum(self.play_seed(game, seed) for seed in range(first, first + count))

    # -- shared -------------------------------------------------------------------------

    @classmethod
    def playout(cls, state: StateT, seed: int) -> Outcome:
        """The outcome of a random playout of *state* in the kernel, its moves drawn from
        a generator started from *seed* (what a family's kernel module gives
        ``Family.playout(..., engine="kernel")``), in a one-game batch of this class kept
        per thread, rules object and player count."""
        return _ONE.playout(cls, state, seed)

    def check_state(self, state: StateT) -> None:
        """Raise :class:`~cau_rules.errors.InvalidRulesError` unless *state* has the
        batch's rules and player count (what ``load`` accepts)."""
        if (state.rules is not self.rules and state.rules != self.rules) or state.players != self.players:
            raise InvalidRulesError("every state of a batch has the batch's rules and player count")

    def restart_generator(self, game: int, seed: int | None) -> None:
        """Restart game *game*'s own generator from *seed* (nothing for None)."""
        if seed is not None:
            self.rngs[game] = generator_state(seed)

    def reset_many(self, games: npt.NDArray[np.int64], first_seed: int) -> None:
        """Start the games *games* afresh from the seeds ``first_seed``, ``first_seed +
        1``, ... (by default one :meth:`reset` each)."""
        for offset, game in enumerate(games.tolist()):
            self.reset(game, first_seed + offset)

    def shares(self, ended: npt.NDArray[np.int64], returns: npt.NDArray[np.float64]) -> None:
        """Each seat's share of the win of the games *ended* into their rows of *returns*
        (by default from each :meth:`outcome`)."""
        for game in ended.tolist():
            returns[game] = self.outcome(game).shares()

    def finish(self, ended: npt.NDArray[np.int64], returns: npt.NDArray[np.float64],
               next_seed: int | None) -> int | None:
        """Each seat's share of the win of the games *ended* into their rows of
        *returns*; then, with *next_seed*, restart them from the next seeds (returns the
        seed after the last used)."""
        self.shares(ended, returns)
        if next_seed is None or not len(ended):
            return next_seed
        self.reset_many(ended, next_seed)
        return next_seed + len(ended)

    def play_seed(self, game: int, seed: int) -> int:
        """Restart game *game* from *seed* and play it to its end with random moves from
        its own generator (seeded from *seed*); returns the moves made."""
        self.reset(game, seed)
        return self.play_random(game)

    def play_seeds(self, game: int, first: int, count: int) -> int:
        """:meth:`play_seed` of game *game* from the seeds *first* to ``first + count -
        1`` in turn (the game ends holding the last one), in one call to the kernel where
        the seeds are int64 numbers; returns the moves made in all."""
        if count <= 0:
            return 0
        if not in_int64(first, first + count - 1):
            return sum(self.play_seed(game, seed) for seed in range(first, first + count))
        return self.play_seeds_native(game, first, count)
