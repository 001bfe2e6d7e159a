"""A batch of *Cacho* sessions in the kernel: what :class:`cau_rules.batch.BatchGame`
drives through the family record (``FAMILY.kernel`` names this module).

>>> from cau_rules.cacho.rules import CACHO
>>> batch = Batch(CACHO, 3, 2)
>>> batch.reset(0, seed=1)
>>> batch.state(0) == __import__("cau_rules").new_game("cacho", players=3, seed=1)
True
>>> from cau_rules import new_game
>>> playout(new_game("cacho", players=2, seed=3), seed=1).termination.value
'session hands played'
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cau_rules.cacho.engine import session_outcome
from cau_rules.cacho.kernel import core, dealing
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.kernel.bridge import row_of, seed_of, set_native, start_row, state_of, write_next
from cau_rules.cacho.kernel.search import ismcts
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.state import CachoState
from cau_rules.cards import Card
from cau_rules.kernel.batch import RowsBatch, check_rules_kind, in_int64
from cau_rules.kernel.tools import generator_state
from cau_rules.outcome import Outcome

__all__ = ["Batch", "check_rules", "ismcts", "playout"]


def check_rules(rules: CachoRules, players: int) -> None:
    """Raise unless the kernel plays *rules* with *players* seats: it plays every Cacho
    option, so only a wrong type (:class:`TypeError`) or player count
    (:class:`~cau_rules.errors.InvalidRulesError`) is refused.

    >>> from cau_rules.cacho.rules import CACHO
    >>> check_rules(CACHO, 9)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: cacho is played by 2 to 8 players, not 9
    """
    check_rules_kind(rules, CachoRules, players)


class Batch(RowsBatch[CachoRules, CachoState]):
    """*size* sessions of *rules* with *players* seats, one row each (see
    :mod:`cau_rules.cacho.kernel.layout`); rows start empty until :meth:`reset` or
    :meth:`load`."""

    def __init__(self, rules: CachoRules, players: int, size: int, parallel: bool = False) -> None:
        check_rules(rules, players)
        super().__init__(rules, players, size, parallel, L.rules_vector(rules, players), L.R_ACTIONS, L.ROW, np.int32)
        self.decks: list[tuple[tuple[Card, ...], ...]] = [()] * size
        """Each session's supplied deck orders (where Python writes its deck orders; the
        seeds likewise: a native row has its own)."""
        self.sessions = rules.max_hands > 1
        self.native = np.zeros(size, np.bool_)
        """Whether the kernel writes each session's deck orders (from its seed), else
        Python does (supplied orders, or a seed outside int64)."""

    def reset(self, game: int, seed: int, decks: tuple[tuple[Card, ...], ...] = ()) -> None:
        """Start session *game* afresh from *seed* (and supplied deck orders)."""
        if not decks and in_int64(seed):
            self.reset_many(np.array([game], np.int64), seed)
            return
        self.native[game] = False
        row = self.rows[game]
        start_row(self.rules, self.players, seed, decks, row)
        self.seeds[game] = seed
        self.decks[game] = decks
        self.rngs[game] = generator_state(seed)
        core.begin_row(row, self.vector)
        write_next(self.rules, seed, decks, row)

    def reset_many(self, games: npt.NDArray[np.int64], first_seed: int) -> None:
        """Start the sessions *games* afresh from the seeds ``first_seed``, ``first_seed +
        1``, ..., their orders written in the kernel (seeds outside int64 in Python)."""
        if not in_int64(first_seed, first_seed + len(games) - 1):
            super().reset_many(games, first_seed)
            return
        numbers = np.arange(first_seed, first_seed + len(games), dtype=np.int64)
        self.native[games] = True  # the seeds are in the rows
        dealing.reset_rows(self.rows, self.vector, self.rngs, games, numbers, self.players, self.parallel)

    def shares(self, ended: npt.NDArray[np.int64], returns: npt.NDArray[np.float64]) -> None:
        """Each seat's share of the win of the sessions *ended* into their rows of
        *returns* (read from the rows in the kernel)."""
        dealing.shares_of(self.rows, ended, returns)

    def play_seed(self, game: int, seed: int) -> int:
        """Restart session *game* from *seed* and play it to its end with random moves
        from its own generator (seeded from *seed*), in one call to the kernel."""
        if not in_int64(seed):
            return super().play_seed(game, seed)
        self.native[game] = True
        return dealing.play_fresh(self.rows, self.vector, self.rngs, game, seed, self.players)

    def play_seeds_native(self, game: int, first: int, count: int) -> int:
        """:meth:`play_seed` of the int64 seeds *first* to ``first + count - 1`` in turn
        in session *game*, in one call to the kernel (the first deals of
        :data:`~cau_rules.kernel.lanes.LANES` sessions seeded together); returns the
        moves made in all."""
        self.native[game] = True
        return dealing.play_fresh_many(self.rows, self.vector, self.rngs, game, first, count, self.players)

    def load(self, game: int, state: CachoState) -> None:
        """Put *state* in game *game*."""
        self.check_state(state)
        row = self.rows[game]
        row_of(state, row)
        self.native[game] = not state.decks and in_int64(state.seed)
        self.seeds[game] = state.seed
        self.decks[game] = state.decks
        self.rngs[game] = generator_state(state.seed)
        if self.native[game]:
            set_native(row, state.seed)
        else:
            write_next(self.rules, state.seed, state.decks, row)

    def _refill(self) -> None:
        """Write the next decks of every session that started a hand."""
        rows = self.rows
        for game in np.flatnonzero((rows[:, L.READY] == 0) & ~self.native).tolist():
            write_next(self.rules, self.seeds[game], self.decks[game], rows[game])

    def masks(self, out: npt.NDArray[np.bool_]) -> None:
        """The legal mask of every game into *out* (size x actions)."""
        core.mask_rows(self.rows, self.vector, out, self.counts, self.parallel)

    def step(self, actions: npt.NDArray[np.int64], active: npt.NDArray[np.bool_]) -> None:
        """Make ``actions[g]`` in every active game (legal actions, checked by the caller)."""
        core.step_rows(self.rows, self.vector, actions, active, self.parallel)
        if self.sessions and not self.native.all():
            self._refill()

    def sample(self, masks: npt.NDArray[np.bool_], active: npt.NDArray[np.bool_],
               out: npt.NDArray[np.int64]) -> None:
        """A uniformly random legal action of each active game (from *masks*, just built
        by :meth:`masks`) into *out*, drawn from each game's own generator."""
        core.sample_rows(masks, self.counts, self.rngs, active, out, self.parallel)

    def play_random(self, game: int, seed: int | None = None) -> int:
        """Play session *game* to its end with uniformly random legal moves drawn from its
        own generator (restarted from *seed* if given); returns the moves made."""
        self.restart_generator(game, seed)
        if self.native[game]:
            return dealing.play_row(self.rows, self.vector, self.rngs, game)
        rng = self.rngs[game:game + 1]
        row = self.rows[game]
        made = 0
        while True:
            made += core.random_moves(row, self.vector, rng, 1 << 40)
            if row[L.OVER]:
                return made
            write_next(self.rules, self.seeds[game], self.decks[game], row)  # it stopped for a deal

    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each session has ended."""
        result: npt.NDArray[np.bool_] = self.rows[:, L.OVER] == 1
        return result

    def to_play(self) -> npt.NDArray[np.int64]:
        """The seat to play in each session (-1 once it is over)."""
        return self.rows[:, L.TO_PLAY].astype(np.int64)

    def state(self, game: int) -> CachoState:
        """Session *game* as an ordinary state."""
        row = self.rows[game]
        if self.native[game]:
            return state_of(self.rules, row, seed_of(row), ())
        return state_of(self.rules, row, self.seeds[game], self.decks[game])

    def outcome(self, game: int) -> Outcome:
        """The outcome of the finished session *game*."""
        row = self.rows[game]
        stacks = tuple(row[L.STACKS:L.STACKS + self.players].tolist())
        return session_outcome(stacks, L.TERMINATIONS[int(row[L.TERM]) - 1], int(row[L.HAND]) + 1)


playout = Batch.playout
"""A random playout of a state in the kernel (:meth:`~cau_rules.kernel.batch.RowsBatch.playout`):
what ``Family.playout(..., engine="kernel")`` calls."""

