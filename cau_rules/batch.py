"""Many games in lockstep in a family's compiled kernel (the ``fast`` extra).

``pip install "cau_rules[fast]"`` (in a clone: ``pip install ".[fast]"``) installs numba and
numpy; without them :func:`available` is False and every entry point here raises
:class:`~cau_rules.errors.MissingExtraError` naming the extra.  The kernel is reached only through the family record
(``Family.kernel``, a module path imported on first use), so ``import cau_rules`` never
imports numba.

A :class:`BatchGame` plays ``size`` games of one variant at once, pgx-style: a legal mask
in the family's own action codec (so a policy trained here acts on the ordinary API),
one action per game per step, the seat to play, who is done and each seat's return.
Game ``i`` of a batch made from ``seed`` is the reference game of seed ``seed + i``,
card for card; ``state(i)`` gives it as an ordinary state.

>>> import numpy as np
>>> from cau_rules.batch import BatchGame
>>> batch = BatchGame("cau", players=2, size=4, seed=7)
>>> rng = np.random.default_rng(0)
>>> while not batch.done.all():
...     mask = batch.legal_mask()
...     choice = [rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask]
...     batch.step(np.array(choice))
>>> batch.returns.sum(axis=1)
array([1., 1., 1., 1.])
"""

from __future__ import annotations

import importlib
import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cau_rules.checks import MAX_SEED, check_type, whole_number
from cau_rules.errors import (
    FAST_EXTRA,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRulesError,
    MissingExtraError,
    fast_installed,
    require_fast,
)
from cau_rules.features import features_for
from cau_rules.game import Family
from cau_rules.outcome import Outcome
from cau_rules.registry import FAMILIES, family_of, get_rules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["FAST_EXTRA", "MAX_SIZE", "BatchGame", "KernelBatch", "available", "kernel_families", "kernel_for"]

MAX_SIZE = 1 << 20
"""The most games one batch holds (1,048,576): a larger size is refused before any
memory is taken (a capture-family game's row alone is about 5 kB)."""

def available() -> bool:
    """Whether the compiled kernels can run here (numba and numpy are installed); checked
    without importing them.

    >>> isinstance(available(), bool)
    True
    """
    return fast_installed()


def kernel_families() -> tuple[str, ...]:
    """The families that have a compiled kernel.

    >>> kernel_families()
    ('fishing', 'quatre', 'cacho')
    """
    return tuple(family.name for family in FAMILIES if family.kernel is not None)


class KernelBatch(Protocol):
    """What a family's kernel module's ``Batch(rules, players, size)`` provides.

    A kernel may also provide, and :class:`BatchGame` then calls instead of looping in
    Python: ``reset_many(games, first_seed)`` (restart *games* from consecutive seeds),
    ``finish(ended, returns, next_seed)`` (the returns of finished games, and their
    restarts), ``play_seed(game, seed)``, ``play_seeds(game, first, count)`` (``play_seed``
    of consecutive seeds in turn, one call) and ``observe(out)``."""

    num_actions: int

    def reset(self, game: int, seed: int) -> None: ...

    def load(self, game: int, state: Any) -> None: ...

    def masks(self, out: npt.NDArray[np.bool_]) -> None: ...

    def step(self, actions: npt.NDArray[np.int64], active: npt.NDArray[np.bool_]) -> None: ...

    def over(self) -> npt.NDArray[np.bool_]: ...

    def sample(self, masks: npt.NDArray[np.bool_], active: npt.NDArray[np.bool_],
               out: npt.NDArray[np.int64]) -> None: ...

    def play_random(self, game: int, seed: int | None = None) -> int: ...

    def to_play(self) -> npt.NDArray[np.int64]: ...

    def state(self, game: int) -> Any: ...

    def outcome(self, game: int) -> Outcome: ...


def kernel_for(family: Family[Any, Any, Any, Any]) -> Any:
    """The kernel module of *family* (imported on first use).

    Raises:
        MissingExtraError: numba or numpy is not installed.
        InvalidRulesError: the family has no compiled kernel.

    >>> import attrs
    >>> from cau_rules.registry import family_of
    >>> kernel_for(attrs.evolve(family_of(get_rules("cau-quatre")), kernel=None))
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: the quatre family has no compiled kernel; families with one: fishing, quatre, cacho
    """
    if family.kernel is None:
        raise InvalidRulesError(
            f"the {family.name} family has no compiled kernel; families with one: {', '.join(kernel_families())}"
        )
    if not available():
        raise MissingExtraError(f"the compiled kernel needs numba and numpy: {FAST_EXTRA}")
    return importlib.import_module(family.kernel)


def _rules(name_or_rules: object, options: dict[str, Any]) -> Any:
    if isinstance(name_or_rules, str):
        return get_rules(name_or_rules, **options)
    family_of(name_or_rules)  # TypeError for something that is no rules object
    return name_or_rules.replace(**options) if options else name_or_rules  # type: ignore[attr-defined]


def _whole(value: object) -> object:
    """*value* as a Python int if it is a whole number of another integer type (numpy's),
    else unchanged: a game index or seed taken from a numpy array is accepted."""
    if type(value) is not int and isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value


def _seed(value: object, where: str = "seed", last: int = MAX_SEED) -> int:
    """*value* if it is a seed (a whole number from 0 to *last*), with the sentence of
    :func:`cau_rules.new_game`."""
    return whole_number(_whole(value), where, low=0, high=last, error=InvalidRulesError)


def _flag(value: object, parameter: str) -> bool:
    check_type(value, bool, parameter)
    return bool(value)


class BatchGame:
    """*size* games of one variant played in lockstep in the compiled kernel.

    Every method checks its arguments before anything changes: a refused call raises
    (a :class:`TypeError` naming the parameter for a wrong type, an :class:`IndexError`
    for a game index out of range, else the library's own errors, all
    :class:`~cau_rules.errors.CauRulesError`) and leaves every game, generator, seed,
    ``done`` and ``returns`` as it was.  Game indexes and seeds may be Python or numpy
    integers (not bools); a seed is a whole number from 0 to
    :data:`~cau_rules.checks.MAX_SEED`, as for :func:`~cau_rules.new_game`.

    A game that is over as soon as it is dealt (a Valencian stones target of 2 or 3
    can be reached by the first deal's stones) or loaded is ``done`` at once, with its
    ``returns``; with ``auto_reset`` it restarts at once, like a game that ends in a
    step.  Should that restart be over at its deal too, the slot reports it (``done``
    and its ``returns``) at the next :meth:`step` and restarts again: every game's
    ending is reported once.

    Args:
        name_or_rules: a preset name (see :func:`cau_rules.variants`) or a rules object.
        players: the seats of every game.
        size: how many games (1 to :data:`MAX_SIZE`).
        seed: game ``i`` is dealt from seed ``seed + i``; with ``auto_reset`` a finished
            game restarts from the next seed not used yet (``seed + size``, then on,
            starting again from 0 after :data:`~cau_rules.checks.MAX_SEED`).
        auto_reset: restart a game as soon as it ends (its ``done`` and ``returns`` still
            say so for that step).
        parallel: step, mask and sample the games over the cores (numba's threads); the
            results are the same either way.  It pays on an idle machine with large
            batches; on a loaded one the threads wait for each other.
        **options: rules options to change.

    Raises:
        MissingExtraError: the ``fast`` extra is not installed.
        InvalidRulesError: the rules or options are not played by the kernel (the
            message names them and lists what it plays), a size out of range, or a seed
            out of range (``seed + size - 1`` must be a seed too).
        TypeError: an argument of the wrong type (``auto_reset`` and ``parallel`` are
            bools).

    >>> batch = BatchGame("cau-robat", players=3, size=2, seed=1)
    >>> batch.legal_mask().shape, batch.to_play.tolist()
    ((2, 4653), [0, 0])
    >>> BatchGame("cau", players=2, size=2, seed=-1)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: seed must be a whole number from 0 to 9223372036854775806, not -1
    """

    def __init__(
        self, name_or_rules: object, players: int, size: int, *, seed: int = 0, auto_reset: bool = False,
        parallel: bool = False, **options: Any,
    ) -> None:
        players = _whole(players)  # type: ignore[assignment]
        size = _whole(size)  # type: ignore[assignment]
        check_type(players, int, "players")
        check_type(size, int, "size")
        whole_number(size, "size", low=1, high=MAX_SIZE, error=InvalidRulesError)
        seed = _seed(seed, "seed", MAX_SEED - size + 1)
        auto_reset = _flag(auto_reset, "auto_reset")
        parallel = _flag(parallel, "parallel")
        rules = _rules(name_or_rules, options)
        self._setup(rules, players, size, auto_reset, parallel)
        reset_many = getattr(self._batch, "reset_many", None)
        if reset_many is not None:
            import numpy as np
            reset_many(np.arange(size, dtype=np.int64), seed)
        else:
            for game in range(size):
                self._batch.reset(game, seed + game)
        self._next_seed = (seed + size) % (MAX_SEED + 1)
        self._dealt(list(range(size)))

    def _setup(self, rules: Any, players: int, size: int, auto_reset: bool, parallel: bool) -> None:
        require_fast("BatchGame")  # before numpy is imported: the extra's name, not ModuleNotFoundError
        import numpy as np

        self.rules = rules
        self.players = players
        self.size = size
        self.auto_reset = auto_reset
        self.family = family_of(rules)
        self._batch: KernelBatch = kernel_for(self.family).Batch(rules, players, size, parallel)
        self._mask = np.zeros((size, self._batch.num_actions), np.bool_)
        self._mask_fresh = False
        self._done = np.zeros(size, np.bool_)
        self._returns = np.zeros((size, players), np.float64)
        self._features: Any = None
        self._games = np.arange(size)
        self._restarted = np.zeros(size, np.bool_)
        """Games restarted by ``auto_reset`` whose returns still say how they ended."""
        self._pending = np.zeros(size, np.bool_)
        """Games restarted by ``auto_reset`` that were over at their deal: their ending is
        reported at the next step."""
        self._next_seed = 0

    @classmethod
    def from_states(
        cls, states: Sequence[Any], *, seed: int = 0, auto_reset: bool = False, parallel: bool = False
    ) -> BatchGame:
        """A batch starting from the given positions (all of one family, rules object and
        player count); with ``auto_reset`` finished games restart from ``seed``,
        ``seed + 1``, ...  A position already over is ``done`` at once, with its returns.

        Args:
            states: the positions, a list or tuple of 1 to :data:`MAX_SIZE` states.
            seed: the first seed of the restarts.
            auto_reset: restart a game as soon as it ends.
            parallel: as for the constructor.

        Raises:
            TypeError: *states* is not a list or tuple of states of one family, or a
                flag is not a bool.
            InvalidRulesError: no states or too many, states of other rules or player
                counts, rules the kernel does not play, or a seed out of range.
            InvalidPositionError: a state fails its own ``status()`` (it cannot arise).

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=5)
        >>> BatchGame.from_states([state]).state(0) == state
        True
        """
        check_type(states, (list, tuple), "states")
        if not states:
            raise InvalidRulesError("from_states needs at least one state")
        if len(states) > MAX_SIZE:
            raise InvalidRulesError(f"a batch holds at most {MAX_SIZE} games, not {len(states)}")
        seed = _seed(seed)
        auto_reset = _flag(auto_reset, "auto_reset")
        parallel = _flag(parallel, "parallel")
        first = states[0]
        family = next((family for family in FAMILIES if type(first) is family.state_type), None)
        if family is None:
            raise TypeError(f"states must hold game states, not {type(first).__name__}")
        for index, state in enumerate(states):
            if type(state) is not family.state_type:
                raise TypeError(f"states must hold {family.state_type.__name__} objects (the first's family), "
                                f"not {type(state).__name__} (state {index})")
            if state.players != first.players or (state.rules is not first.rules and state.rules != first.rules):
                raise InvalidRulesError(f"every state of a batch has the batch's rules and player count "
                                        f"(state {index} differs from state 0)")
        for index, state in enumerate(states):
            problems = state.status()
            if problems:
                raise InvalidPositionError(f"state {index} cannot arise: {problems[0]}")
        batch = cls.__new__(cls)
        batch._setup(first.rules, first.players, len(states), auto_reset, parallel)
        for game, state in enumerate(states):
            batch._batch.load(game, state)
        batch._next_seed = seed
        batch._dealt(list(range(len(states))))
        return batch

    # -- checks ----------------------------------------------------------------------

    def _game(self, game: object) -> int:
        """*game* if it is the index of a game of the batch (0 to size - 1)."""
        game = _whole(game)
        check_type(game, int, "game")
        assert isinstance(game, int)
        if not 0 <= game < self.size:
            raise IndexError(f"game must be a whole number from 0 to {self.size - 1}, not {game}")
        return game

    def _dealt(self, games: list[int]) -> None:
        """The games *games* were just dealt or loaded: those already over are done, with
        their returns, and with ``auto_reset`` restart at once."""
        over = self._batch.over()
        ended = [game for game in games if bool(over[game])]
        self._done[games] = over[games]
        self._returns[games] = 0.0
        self._restarted[games] = False
        self._pending[games] = False
        if ended:
            self._report(ended)

    def _report(self, ended: Any) -> None:
        """The games *ended* have ended: their returns, and with ``auto_reset`` their
        restarts (a restart over at its deal waits to be reported at the next step)."""
        import numpy as np
        ended = np.asarray(ended, np.int64)
        self._done[ended] = True
        if not self.auto_reset:
            self._finish(ended, None)
            return
        self._next_seed = self._finish(ended, self._next_seed)  # type: ignore[assignment]
        self._restarted[ended] = True
        self._pending[ended] = self._batch.over()[ended]
        self._mask_fresh = False

    # -- reading ---------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        """The size of the family's action codec for these rules and players."""
        return self._batch.num_actions

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """``(size, num_actions)`` booleans: the legal actions of each game's seat to play
        (all False in a finished game).  Read-only; valid until the next :meth:`step`."""
        if not self._mask_fresh:
            self._batch.masks(self._mask)
            self._mask_fresh = True
        view = self._mask.view()
        view.flags.writeable = False
        return view

    @property
    def to_play(self) -> npt.NDArray[np.int64]:
        """The seat to play in each game."""
        return self._batch.to_play()

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended (with ``auto_reset``: ended in the last step)."""
        view = self._done.view()
        view.flags.writeable = False
        return view

    @property
    def returns(self) -> npt.NDArray[np.float64]:
        """``(size, players)``: each seat's share of the win (1 for a sole winner, 1/k
        for k tied) in a finished game, zeros while it runs (with ``auto_reset``: the
        shares of a game that ended in the last step)."""
        view = self._returns.view()
        view.flags.writeable = False
        return view

    def state(self, game: int) -> Any:
        """Game *game* as an ordinary state of its family.

        Raises:
            TypeError: *game* is not a whole number.
            IndexError: *game* is not a game of the batch.
        """
        return self._batch.state(self._game(game))

    def outcome(self, game: int) -> Outcome | None:
        """The outcome of game *game*, or None while it runs.

        Raises:
            TypeError: *game* is not a whole number.
            IndexError: *game* is not a game of the batch.
        """
        game = self._game(game)
        return self._batch.outcome(game) if bool(self._batch.over()[game]) else None

    def observe(self) -> npt.NDArray[np.float32]:
        """``(size, features)`` float32: each game's observation vector (the family's
        encoder, :attr:`Family.features`, or for a family without one the shared
        generic encoder, as :func:`cau_rules.features.features_for` gives) of
        its seat to play; computed in the kernel where the family's kernel does it, else
        from ordinary states (much slower).  A finished game is observed by the seat
        whose turn it was when it ended, where its family keeps one (the capture and
        four-card games); a finished game with no seat to play (a Cacho session) reads
        as zeros.

        >>> batch = BatchGame("cau", players=2, size=3, seed=1)
        >>> batch.observe().shape
        (3, 476)
        """
        import numpy as np
        if self._features is None:
            if self.family.features is not None:
                self._features = self.family.features(self.rules, self.players)
            else:
                self._features = features_for(self.rules, self.players)
        out = np.zeros((self.size, self._features.size), np.float32)
        seated = self._batch.to_play() >= 0
        observe = getattr(self._batch, "observe", None)
        if observe is not None:
            observe(out)
            out[~seated] = 0.0
            return out
        for game in np.flatnonzero(seated).tolist():
            state = self._batch.state(game)
            self._features.encode(state.observe(state.to_play), out[game])
        return out

    # -- playing ---------------------------------------------------------------------

    def reset(self, game: int, seed: int) -> None:
        """Restart game *game* from *seed* (the reference game of that seed).  Should it
        be over at its deal, it is ``done`` at once with its returns (and restarts from
        the next seed under ``auto_reset``).

        Raises:
            TypeError: *game* is not a whole number.
            IndexError: *game* is not a game of the batch.
            InvalidRulesError: *seed* is not a whole number from 0 to ``MAX_SEED``.
        """
        game = self._game(game)
        seed = _seed(seed)
        self._batch.reset(game, seed)
        self._mask_fresh = False
        self._dealt([game])

    def play_random(self, game: int, seed: int | None = None) -> int:
        """Play game *game* to its end in the kernel with uniformly random legal moves
        (its generator restarted from *seed* if given); returns the moves made.  The
        game stays where it ended, ``done``, even under ``auto_reset``.

        Raises:
            TypeError: *game* is not a whole number.
            IndexError: *game* is not a game of the batch.
            InvalidRulesError: *seed* is neither None nor a seed.

        >>> batch = BatchGame("cau", players=4, size=1, seed=3)
        >>> batch.play_random(0) == 48, batch.done.tolist()
        (True, [True])
        """
        game = self._game(game)
        if seed is not None:
            seed = _seed(seed)
        made = self._batch.play_random(game, seed)
        self._played(game)
        return made

    def _played(self, game: int) -> None:
        self._mask_fresh = False
        self._done[game] = True
        self._restarted[game] = False
        self._pending[game] = False
        self._finish([game], None)

    def play_seed(self, game: int, seed: int) -> int:
        """Restart game *game* from *seed* and play it to its end with uniformly random
        legal moves from its own generator (seeded from *seed*): :meth:`reset` then
        :meth:`play_random`, in one call to the kernel where the family's kernel has
        one; returns the moves made.

        Raises:
            TypeError: *game* is not a whole number.
            IndexError: *game* is not a game of the batch.
            InvalidRulesError: *seed* is not a seed.

        >>> one, other = BatchGame("cau", players=4, size=1), BatchGame("cau", players=4, size=1)
        >>> one.play_seed(0, 3)
        48
        >>> other.reset(0, 3)
        >>> other.play_random(0) == 48 and one.state(0) == other.state(0)
        True
        """
        game = self._game(game)
        seed = _seed(seed)
        play_seed = getattr(self._batch, "play_seed", None)
        if play_seed is None:
            self._batch.reset(game, seed)
            made: int = self._batch.play_random(game)
        else:
            made = play_seed(game, seed)
        self._played(game)
        return made

    def play_seeds(self, game: int, first_seed: int, count: int) -> int:
        """Play *count* games one after another in slot *game*, from the seeds
        *first_seed* to ``first_seed + count - 1``, each exactly as :meth:`play_seed`
        plays it (the slot ends as the last one ends); returns the moves made in all.
        Where the family's kernel can, this is one call to the kernel (no Python
        between games), else a loop over :meth:`play_seed`.  Still one stream of games
        on one thread: what ``cau-rules bench --engine kernel`` times.

        Raises:
            TypeError: *game* or *count* is not a whole number.
            IndexError: *game* is not a game of the batch.
            InvalidRulesError: *count* is below 1, or a seed of the run is out of range.

        >>> one, other = BatchGame("cacho", players=2, size=1), BatchGame("cacho", players=2, size=1)
        >>> made = one.play_seeds(0, 10, 40)
        >>> made == sum(other.play_seed(0, seed) for seed in range(10, 50))
        True
        >>> one.state(0) == other.state(0), one.done.tolist()
        (True, [True])
        """
        game = self._game(game)
        count = _whole(count)  # type: ignore[assignment]
        check_type(count, int, "count")
        count = whole_number(count, "count", low=1, high=MAX_SEED, error=InvalidRulesError)
        first_seed = _seed(first_seed, "first_seed", MAX_SEED - count + 1)
        play_seeds = getattr(self._batch, "play_seeds", None)
        if play_seeds is None:
            return sum(self.play_seed(game, seed) for seed in range(first_seed, first_seed + count))
        made: int = play_seeds(game, first_seed, count)
        self._played(game)
        return made

    def _finish(self, ended: Any, next_seed: int | None) -> int | None:
        """The returns of the games *ended*; with *next_seed*, restart them from the
        next seeds (in the kernel when it can; from 0 again after ``MAX_SEED``);
        returns the next seed not used."""
        import numpy as np
        ended = np.asarray(ended, np.int64)
        finish = getattr(self._batch, "finish", None)
        if next_seed is not None and next_seed + len(ended) - 1 > MAX_SEED:  # the seeds start again from 0
            self._finish(ended, None)
            for game in ended.tolist():
                self._batch.reset(game, next_seed)
                next_seed = (next_seed + 1) % (MAX_SEED + 1)
            return next_seed
        if finish is not None:
            result: int | None = finish(ended, self._returns, next_seed)
            return None if result is None else result % (MAX_SEED + 1)
        for game in ended.tolist():
            self._returns[game] = self._batch.outcome(game).shares()
            if next_seed is not None:
                self._batch.reset(game, next_seed)
                next_seed += 1
        return None if next_seed is None else next_seed % (MAX_SEED + 1)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every running game (0 in a finished one),
        drawn in the kernel from each game's own generator (seeded from the game's seed),
        so the same batch plays the same whatever the thread count.

        >>> batch = BatchGame("cau", players=2, size=3, seed=1)
        >>> actions = batch.random_actions()
        >>> bool(batch.legal_mask()[range(3), actions].all())
        True
        """
        import numpy as np

        out = np.zeros(self.size, np.int64)
        self._batch.sample(self.legal_mask(), ~self._batch.over(), out)
        return out

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]], moving: npt.NDArray[np.bool_] | None = None
    ) -> None:
        """Make ``actions[i]`` in game *i* (ignored in a finished game, and where
        *moving*, if given, is False: those games wait).

        Args:
            actions: one whole number per game (a sequence or an integer array).
            moving: None, or a boolean array of one entry per game.

        Raises:
            TypeError: *actions* is not one whole number per game, or *moving* not one
                bool per game (a numpy bool array of shape ``(size,)``).
            IllegalMoveError: an action is not legal in its game (the first is named;
                no game moves).
        """
        import numpy as np
        try:
            chosen = np.asarray(actions)
        except (ValueError, TypeError):  # ragged or strange: numpy cannot make an array of it
            chosen = np.zeros(0, np.float64)
        if chosen.shape != (self.size,) or chosen.dtype.kind not in "iu":
            raise TypeError(f"actions must be {self.size} whole numbers, one per game, not "
                            f"{chosen.dtype} of shape {chosen.shape}")
        if moving is not None and (not isinstance(moving, np.ndarray) or moving.dtype != np.bool_
                                   or moving.shape != (self.size,)):
            shown = (f"{moving.dtype} of shape {moving.shape}" if isinstance(moving, np.ndarray)
                     else type(moving).__name__)
            raise TypeError(f"moving must be None or a bool array of shape ({self.size},), not {shown}")
        if chosen.dtype.kind == "u" and (chosen > np.iinfo(np.int64).max).any():
            chosen = np.where(chosen > np.iinfo(np.int64).max, -1, chosen.astype(np.int64, copy=False))
        chosen = chosen.astype(np.int64, copy=False)
        over = self._batch.over()
        pending = self._pending.copy()
        if moving is not None:
            over = over | ~moving
            pending &= moving
        mask = self.legal_mask()
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = mask[self._games, np.where(inside, chosen, 0)] & inside
        if not (legal | over).all():
            game = int(np.flatnonzero(~(legal | over))[0])
            raise IllegalMoveError(
                f"action {int(chosen[game])} is not legal in game {game}; legal: "
                f"{np.flatnonzero(mask[game]).tolist()[:20]}"
            )
        active = ~over
        self._batch.step(chosen, active)
        self._mask_fresh = False
        now_over = self._batch.over()
        self._done[:] = now_over & ~self._pending  # a restart over at its deal is done when reported
        if self.auto_reset:  # games restarted after an earlier step, moving now
            running = self._restarted & active
            if running.any():
                self._returns[running] = 0.0
                self._restarted &= ~running
        ended = np.flatnonzero((now_over & active) | pending)
        if len(ended):
            self._pending[ended] = False
            self._report(ended)
