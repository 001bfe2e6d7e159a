"""A batch of capture-family games in the kernel: what :class:`cau_rules.batch.BatchGame`
drives through the family record (``FAMILY.kernel`` names this module).

>>> from cau_rules.fishing.rules import CAU
>>> batch = Batch(CAU, 2, 3)
>>> batch.reset(0, seed=1)
>>> batch.state(0).to_notation() == __import__("cau_rules").new_game("cau", players=2, seed=1).to_notation()
True
>>> from cau_rules import new_game
>>> playout(new_game("cau", players=2, seed=3), seed=1).termination.value
'most cards'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cau_rules.cards import Card
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.engine import outcome_of
from cau_rules.fishing.kernel import core, dealing, observe
from cau_rules.fishing.kernel import layout as L
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT, deal_slot, row_of, state_of
from cau_rules.fishing.kernel.search import ismcts
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.fishing.zones import Tally
from cau_rules.kernel.batch import RowsBatch, check_rules_kind, in_int64
from cau_rules.kernel.tools import generator_state
from cau_rules.outcome import Outcome

__all__ = ["Batch", "check_rules", "generator_state", "ismcts", "playout"]


def check_rules(rules: FishingRules, players: int) -> None:
    """Raise :class:`~cau_rules.errors.InvalidRulesError` unless the kernel plays *rules*
    with *players* seats; the message names every option it does not play and lists
    what it plays.

    >>> from cau_rules.fishing.rules import CAU
    >>> check_rules(CAU.replace(explicit_calls=True), 2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: the kernel does not play explicit_calls=True (the kernel plays automatic calls only); it plays: deck (any deck of the family), ...
    """
    check_rules_kind(rules, FishingRules, players)
    problems = L.supported_problems(rules, players)
    if problems:
        plays = ", ".join(f"{option} ({values})" for option, values in L.SUPPORTED_OPTIONS.items())
        raise InvalidRulesError(f"the kernel does not play {'; '.join(problems)}; it plays: {plays}")


class Batch(RowsBatch[FishingRules, FishingState]):
    """*size* games of *rules* with *players* seats, one row each (see
    :mod:`cau_rules.fishing.kernel.layout`); rows start empty until :meth:`reset` or
    :meth:`load`."""

    def __init__(self, rules: FishingRules, players: int, size: int, parallel: bool = False) -> None:
        check_rules(rules, players)
        super().__init__(rules, players, size, parallel, L.rules_vector(rules, players), L.R_ACTIONS,
                         L.row_length(rules), np.int16)
        self.works: npt.NDArray[np.int16] = np.zeros((size, L.row_length(rules)), np.int16)
        self.deals: npt.NDArray[np.int16] = np.full((size, DEAL_SLOTS, SLOT), -1, np.int16)
        self.decks: list[tuple[tuple[Card, ...], ...]] = [()] * size
        self.dealt = np.zeros(size, np.int64)
        """The next hand whose deal is not written yet, per game."""
        self.hand_limit = 1 << 30 if rules.rewards == "stones" else rules.hands
        self.deck: npt.NDArray[np.int64] = np.array([int(card) for card in rules.deck.cards], np.int64)
        """The deck's cards in the deck's order (what the kernel shuffles)."""
        self.native = np.zeros(size, np.bool_)
        """Whether the kernel deals each game (shuffled from its seed), else Python does
        (supplied deck orders, or a seed outside int64)."""
        self.seed_numbers = np.zeros(size, np.int64)
        """Each game's seed, where the kernel deals it."""
        self._over = np.zeros(size, np.bool_)
        """Whether each game has ended (kept by every change of a row)."""
        self._to_play = np.zeros(size, np.int64)
        """The seat to play in each game (kept likewise)."""
        self.lists = np.zeros((size, dealing.LISTED), np.int64)
        """Each game's legal actions in order at the last :meth:`masks` (up to ``LISTED``)."""
        self._masked: npt.NDArray[np.bool_] | None = None
        """The mask array of the last :meth:`masks` (cleared by its listed actions next time)."""
        self._pieces: tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int] | None = None

    # -- rows -------------------------------------------------------------------------

    def _deal_ahead(self, game: int) -> None:
        """Write the deals of the hands the game may reach within one move."""
        ahead = min(int(self.rows[game, L.HAND]) + DEAL_SLOTS, self.hand_limit)
        hand = max(int(self.dealt[game]), int(self.rows[game, L.HAND]))
        while hand < ahead:
            deal_slot(self.rules, self.players, self.seeds[game], self.decks[game], hand,
                      self.deals[game, hand % DEAL_SLOTS])
            hand += 1
        self.dealt[game] = max(int(self.dealt[game]), hand)

    def reset(self, game: int, seed: int, decks: tuple[tuple[Card, ...], ...] = ()) -> None:
        """Start game *game* afresh from *seed* (and supplied deck orders)."""
        if not decks and in_int64(seed):
            self.reset_many(np.array([game], np.int64), seed)
            return
        self.native[game] = False
        row = self.rows[game]
        row[:] = 0
        row[L.N] = self.players
        row[L.HAS_TALLY] = self.rules.rewards == "stones"
        self.seeds[game] = seed
        self.decks[game] = decks
        self.rngs[game] = generator_state(seed)
        self.dealt[game] = 0
        self._deal_ahead(game)
        core.begin_row(row, self.vector, self.deals[game])
        self._settle(game)
        self._flags(game)
        self._check(game)

    def reset_many(self, games: npt.NDArray[np.int64], first_seed: int) -> None:
        """Start the games *games* afresh from the seeds ``first_seed``, ``first_seed + 1``,
        ..., dealt in the kernel (seeds outside int64 are dealt in Python)."""
        if not in_int64(first_seed, first_seed + len(games) - 1):
            super().reset_many(games, first_seed)
            return
        seeds = [first_seed + k for k in range(len(games))]
        numbers = np.arange(first_seed, first_seed + len(games), dtype=np.int64)
        for game, seed in zip(games.tolist(), seeds, strict=True):
            self.seeds[game] = seed
            self.decks[game] = ()
        self.native[games] = True
        self.seed_numbers[games] = numbers
        dealing.reset_rows(self.rows, self.vector, self.deals, self.dealt, self.rngs, games, numbers,
                           self.players, self.rules.rewards == "stones", self.deck, self._over, self._to_play,
                           self.parallel)
        errors = np.nonzero(self.rows[games, L.ERROR])[0]
        if len(errors):
            self._check(int(games[errors[0]]))

    def shares(self, ended: npt.NDArray[np.int64], returns: npt.NDArray[np.float64]) -> None:
        """Each seat's share of the win of the games *ended* into their rows of *returns*
        (read from the rows in the kernel)."""
        dealing.shares_of(self.rows, self.vector, ended, returns)

    def load(self, game: int, state: FishingState) -> None:
        """Put *state* in game *game*."""
        self.check_state(state)
        if state.declarations or state.phase == "declare":
            raise InvalidRulesError("the kernel plays automatic calls only: a declaration phase cannot be loaded")
        row_of(state, self.rows[game])
        self.native[game] = not state.decks and in_int64(state.seed)
        self.seed_numbers[game] = state.seed if self.native[game] else 0
        self.seeds[game] = state.seed
        self.decks[game] = state.decks
        self.rngs[game] = generator_state(state.seed)
        self.dealt[game] = state.hand + 1
        self._deal_ahead(game)
        self._flags(game)

    def _settle(self, game: int) -> None:
        """Deal and start the partides game *game* waits for (a Python-dealt game whose
        new partida's first deal won it again)."""
        row = self.rows[game]
        while row[L.PENDING] and not row[L.ERROR]:
            self._deal_ahead(game)
            core.resume_row(row, self.vector, self.deals[game])

    def _flags(self, game: int) -> None:
        """Read game *game*'s ``over`` and ``to_play`` flags from its row."""
        self._over[game] = self.rows[game, L.PHASE] == L.PHASE_CODES["over"]
        self._to_play[game] = self.rows[game, L.TO_PLAY]

    def _check(self, game: int) -> None:
        if self.rows[game, L.ERROR]:
            raise InvalidRulesError(
                f"game {game} outgrew the kernel's fixed sizes (error {int(self.rows[game, L.ERROR])}); "
                "play it with the reference engine"
            )

    # -- playing ----------------------------------------------------------------------

    def masks(self, out: npt.NDArray[np.bool_]) -> None:
        """The legal mask of every game into *out* (size x actions)."""
        again = out is self._masked
        dealing.mask_rows(self.rows, self.vector, self.works, out, self.counts, self.lists, again, self.parallel)
        self._masked = out

    def step(self, actions: npt.NDArray[np.int64], active: npt.NDArray[np.bool_]) -> None:
        """Make ``actions[g]`` in every active game (legal actions, checked by the caller)."""
        dealing.step_rows(self.rows, self.vector, self.deals, actions, active, self.dealt, self.seed_numbers,
                          self.native, self.deck, self._over, self._to_play, self.parallel)
        if self.hand_limit > 1 and not self.native.all():
            rows = self.rows
            for game in np.nonzero(active & ~self.native & (rows[:, L.HAND] + DEAL_SLOTS > self.dealt)
                                   & (self.dealt < self.hand_limit))[0]:
                self._deal_ahead(int(game))
            for game in np.nonzero(active & ~self.native & (rows[:, L.PENDING] != 0))[0]:
                self._settle(int(game))
                self._flags(int(game))
        errors = np.nonzero(self.rows[:, L.ERROR])[0]
        if len(errors):
            self._check(int(errors[0]))

    def sample(self, masks: npt.NDArray[np.bool_], active: npt.NDArray[np.bool_],
               out: npt.NDArray[np.int64]) -> None:
        """A uniformly random legal action of each active game (from *masks*, just
        built by :meth:`masks`) into *out*, drawn from each game's own generator."""
        dealing.sample_rows(masks, self.counts, self.lists, self.rngs, active, out, self.parallel)

    def play_random(self, game: int, seed: int | None = None) -> int:
        """Play game *game* to its end with uniformly random legal moves drawn from its
        own generator (restarted from *seed* if given); returns the moves made."""
        self.restart_generator(game, seed)
        if self.native[game]:
            made = dealing.play_row(self.rows, self.vector, self.deals, self.works, self.rngs, self.dealt, game,
                                    int(self.seed_numbers[game]), self.deck)
            self._flags(game)
            self._check(game)
            return made
        rng = self.rngs[game:game + 1]
        row, deals, work = self.rows[game], self.deals[game], self.works[game]
        made = 0
        while True:
            made += core.random_moves(row, self.vector, deals, work, rng, 1 << 40)
            if row[L.PHASE] == L.PHASE_CODES["over"] or row[L.ERROR]:
                break
            self._deal_ahead(game)  # the kernel stopped for a deal
        self._flags(game)
        self._check(game)
        return made

    def observe(self, out: npt.NDArray[np.float32]) -> None:
        """The observation vector (:class:`~cau_rules.fishing.features.FishingFeatures`)
        of each game's seat to play into the rows of *out*, computed from the rows."""
        if self._pieces is None:
            self._pieces = observe.pieces_of(self.rules, self.players)
        at, numbers, _ = self._pieces
        observe.observe_rows(self.rows, self.vector, at, numbers, out, self.parallel)

    def play_seed(self, game: int, seed: int) -> int:
        """Restart game *game* from *seed* and play it to its end with random moves from
        its own generator (seeded from *seed*): :meth:`reset` then :meth:`play_random`,
        in one call to the kernel; returns the moves made."""
        if not in_int64(seed):
            return super().play_seed(game, seed)
        self.seeds[game] = seed
        self.decks[game] = ()
        self.native[game] = True
        self.seed_numbers[game] = seed
        made = dealing.play_fresh(self.rows, self.vector, self.deals, self.works, self.dealt, self.rngs, game,
                                  seed, self.players, self.rules.rewards == "stones", self.deck)
        self._flags(game)
        self._check(game)
        return made

    def play_seeds_native(self, game: int, first: int, count: int) -> int:
        """:meth:`play_seed` of game *game* from the int64 seeds *first* to ``first +
        count - 1`` in turn, in one call to the kernel (the per-game Python work paid
        once); the game ends holding the last one.  Returns the moves made in all.

        >>> from cau_rules.fishing.rules import CAU
        >>> batch, one = Batch(CAU, 2, 1), Batch(CAU, 2, 1)
        >>> batch.play_seeds(0, 5, 3) == sum(one.play_seed(0, seed) for seed in (5, 6, 7))
        True
        >>> batch.state(0).to_notation() == one.state(0).to_notation()
        True
        """
        made, seed = dealing.play_fresh_many(self.rows, self.vector, self.deals, self.works, self.dealt, self.rngs,
                                             game, first, count, self.players, self.rules.rewards == "stones",
                                             self.deck)
        self.seeds[game] = seed
        self.decks[game] = ()
        self.native[game] = True
        self.seed_numbers[game] = seed
        self._flags(game)
        self._check(game)
        return made

    def over(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended (the batch's own array: read it, do not change it)."""
        return self._over

    def to_play(self) -> npt.NDArray[np.int64]:
        """The seat to play in each game (a copy)."""
        return self._to_play.copy()

    def state(self, game: int) -> FishingState:
        """Game *game* as an ordinary state."""
        return state_of(self.rules, self.rows[game], self.seeds[game], self.decks[game])

    def outcome(self, game: int) -> Outcome:
        """The outcome of the finished game *game*."""
        row = self.rows[game]
        n = self.players
        tally = None
        if row[L.HAS_TALLY]:
            stones = row[L.STONES0:L.STONES0 + 2].tolist()
            partides = row[L.PARTIDES0:L.PARTIDES0 + 2].tolist()
            tally = Tally((stones[0], stones[1]), (partides[0], partides[1]))
        hands = int(row[L.HS_LEN])
        rows: list[list[int]] = row[L.HS:L.HS + hands * L.MAXP].reshape(hands, L.MAXP)[:, :n].tolist()
        scores: Sequence[tuple[int, ...]] = [tuple(scores) for scores in rows]
        return outcome_of(self.rules, n, tally, scores)


playout = Batch.playout
"""A random playout of a state in the kernel (:meth:`~cau_rules.kernel.batch.RowsBatch.playout`):
what ``Family.playout(..., engine="kernel")`` calls."""
