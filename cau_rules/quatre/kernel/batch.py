"""A batch of four-card games in the kernel: what :class:`cau_rules.batch.BatchGame`
drives through the family record (``FAMILY.kernel`` names this module).

>>> from cau_rules.quatre.rules import QUATRE
>>> batch = Batch(QUATRE, 3, 2)
>>> batch.reset(0, seed=1)
>>> batch.state(0) == __import__("cau_rules").new_game("cau-quatre", players=3, seed=1)
True
>>> from cau_rules import new_game
>>> playout(new_game("cau-quatre", players=3, seed=3), seed=1).termination.name in ("LAST_HOLDER", "SAFETY_BOUND")
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cau_rules.cards import Card
from cau_rules.kernel.batch import RowsBatch, check_rules_kind
from cau_rules.kernel.tools import generator_state
from cau_rules.outcome import Outcome
from cau_rules.quatre.engine import deal, winners
from cau_rules.quatre.kernel import core, dealing
from cau_rules.quatre.kernel import layout as L
from cau_rules.quatre.kernel.bridge import row_of, state_of
from cau_rules.quatre.kernel.search import ismcts
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.state import QuatreState

__all__ = ["Batch", "check_rules", "ismcts", "playout"]


def check_rules(rules: QuatreRules, players: int) -> None:
    """Raise unless the kernel plays *rules* with *players* seats: it plays every option
    of the four-card game (any deck, table and hand size, player range and safety bound),
    so only a wrong type (:class:`TypeError`) or player count
    (:class:`~cau_rules.errors.InvalidRulesError`) is refused.

    >>> from cau_rules.quatre.rules import QUATRE
    >>> check_rules(QUATRE, 5)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: cau-quatre is played by 2 to 4 players, not 5
    """
    check_rules_kind(rules, QuatreRules, players)


class Batch(RowsBatch[QuatreRules, QuatreState]):
    """*size* games of *rules* with *players* seats, one row each (see
    :mod:`cau_rules.quatre.kernel.layout`); rows start empty until :meth:`reset` or
    :meth:`load`."""

    def __init__(self, rules: QuatreRules, players: int, size: int, parallel: bool = False) -> None:
        check_rules(rules, players)
        super().__init__(rules, players, size, parallel, L.rules_vector(rules, players), L.R_ACTIONS, L.ROW, np.int16)
        self.lists: npt.NDArray[np.int64] = np.zeros((size, core.MOST), np.int64)
        """Each game's legal actions at the last :meth:`masks`, in index order."""
        self.deck = dealing.deck_values(bytes(rules.deck.cards))
        """The deck's card values in order (what :meth:`play_seeds` shuffles)."""

    def reset(self, game: int, seed: int, decks: tuple[tuple[Card, ...], ...] = ()) -> None:
        """Start game *game* afresh from *seed*, dealt by the reference's
        :func:`~cau_rules.quatre.engine.deal` (or from one supplied deck order)."""
        row_of(QuatreState(**deal(self.rules, self.players, seed, decks[0] if decks else None)), self.rows[game])
        self.seeds[game] = seed
        self.rngs[game] = generator_state(seed)

    def play_seeds_native(self, game: int, first: int, count: int) -> int:
        """:meth:`~cau_rules.kernel.batch.RowsBatch.play_seeds` of int64 seeds: game *game*
        dealt and played out with random moves from each seed in turn in one call to the
        kernel (as :meth:`reset` then :meth:`play_random` on each: the same games).

        >>> from cau_rules.quatre.rules import QUATRE
        >>> batch, one = Batch(QUATRE, 3, 1), Batch(QUATRE, 3, 1)
        >>> made = 0
        >>> for seed in (5, 6, 7):
        ...     one.reset(0, seed)
        ...     made += one.play_random(0)
        >>> batch.play_seeds(0, 5, 3) == made and batch.state(0) == one.state(0)
        True
        """
        made = dealing.play_seeds(self.rows, self.vector, self.rngs, game, first, count, self.players, self.deck)
        self.seeds[game] = first + count - 1
        return made

    def load(self, game: int, state: QuatreState) -> None:
        """Put *state* in game *game*."""
        if not isinstance(state, QuatreState):
            raise TypeError(f"a four-card batch loads QuatreState objects, not {type(state).__name__}")
        self.check_state(state)
        row_of(state, self.rows[game])
        self.seeds[game] = state.seed
        self.rngs[game] = generator_state(state.seed)

    def masks(self, out: npt.NDArray[np.bool_]) -> None:
        """The legal mask of every game into *out* (size x actions)."""
        core.mask_rows(self.rows, self.vector, out, self.counts, self.lists, self.parallel)

    def step(self, actions: npt.NDArray[np.int64], active: npt.NDArray[np.bool_]) -> None:
        """Make ``actions[g]`` in every active game (legal actions, checked by the caller)."""
        core.step_rows(self.rows, self.vector, actions, active, self.parallel)

    def sample(self, masks: npt.NDArray[np.bool_], active: npt.NDArray[np.bool_],
               out: npt.NDArray[np.int64]) -> None:
        """A uniformly random legal action of each active game (from *masks*, just built
        by :meth:`masks`, whose actions the batch keeps as lists) into *out*, drawn from
        each game's own generator."""
        core.sample_rows(self.lists, self.counts, self.rngs, active, out, self.parallel)

    def play_random(self, game: int, seed: int | None = None) -> int:
        """Play game *game* to its end with uniformly random legal moves drawn from its
        own generator (restarted from *seed* if given); returns the moves made."""
        self.restart_generator(game, seed)
        return core.random_moves(self.rows[game], self.vector, self.rngs[game:game + 1])

    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended."""
        result: npt.NDArray[np.bool_] = self.rows[:, L.PHASE] == L.PHASE_CODES["over"]
        return result

    def to_play(self) -> npt.NDArray[np.int64]:
        """The seat to play in each game (once it is over: the seat whose turn it was,
        as the reference's ``to_play``)."""
        return self.rows[:, L.TO_PLAY].astype(np.int64)

    def state(self, game: int) -> QuatreState:
        """Game *game* as an ordinary state."""
        return state_of(self.rules, self.rows[game], self.seeds[game])

    def outcome(self, game: int) -> Outcome:
        """The outcome of the finished game *game*: every seat's cards held, the most
        cards winning (:func:`~cau_rules.quatre.engine.outcome_of`)."""
        row = self.rows[game]
        scores = tuple(row[L.HLEN:L.HLEN + self.players].tolist())
        return Outcome(winners(scores), scores, L.TERMINATIONS[int(row[L.TERM]) - 1])


playout = Batch.playout
"""A random playout of a state in the kernel (:meth:`~cau_rules.kernel.batch.RowsBatch.playout`):
what ``Family.playout(..., engine="kernel")`` calls."""
