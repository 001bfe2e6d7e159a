"""A Gymnasium vector environment over :class:`~cau_rules.batch.BatchGame`: many capture
games at once in the compiled kernel (``pip install "cau_rules[fast,gymnasium]"``, in a clone
``pip install ".[fast,gymnasium]"``).

One learning seat plays against random opponents (moved in the kernel) or greedy ones
(the family's heuristic, in Python), or the caller plays every seat (``opponents="self"``).
Observations are the Gymnasium adapter's: the seat's observation vector and its legal
action mask in the family's codec.  A finished game restarts in the same step
(``AutoresetMode.SAME_STEP``): ``infos["final_obs"]`` holds its last observation.

>>> import numpy as np
>>> env = CauRulesVectorEnv("cau", players=2, num_envs=4)
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, observation["action_mask"].shape
((4, 476), (4, 621))
>>> actions = np.array([np.flatnonzero(row)[0] for row in observation["action_mask"]])
>>> observation, reward, terminated, truncated, info = env.step(actions)
>>> reward.shape, terminated.dtype
((4,), dtype('bool'))
"""

from __future__ import annotations

import random
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from cau_rules.adapters.features import env_setup
from cau_rules.batch import MAX_SIZE, BatchGame
from cau_rules.checks import MAX_SEED, check_type, whole_number
from cau_rules.errors import InvalidRulesError
from cau_rules.registry import family_of, get_rules

__all__ = ["CauRulesVectorEnv"]

VectorObservation = dict[str, npt.NDArray[Any]]


class CauRulesVectorEnv(gymnasium.vector.VectorEnv[VectorObservation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """*num_envs* games of *variant* in the kernel, one learning *seat* in each.

    The reward is the seat's share of the win (1, or 1/k for k tied) when its game ends,
    else 0.  With ``opponents="self"`` the caller moves for every seat: the observation
    is the seat to play's and the reward that of the seat that just moved.  A game over
    as soon as it is dealt (a Valencian stones target of 2 or 3) asks nobody to act: it
    is skipped, and the slot is dealt from the next seed.

    Every method checks its arguments before anything changes, as
    :class:`~cau_rules.batch.BatchGame` does: a wrong type is a :class:`TypeError`
    naming the parameter, a value out of range an
    :class:`~cau_rules.errors.InvalidRulesError` (a :class:`ValueError`), an illegal
    action an :class:`~cau_rules.errors.IllegalMoveError`.

    Raises:
        TypeError: an argument of the wrong type.
        InvalidRulesError: an unknown variant or option, a player count, *num_envs*
            (1 to :data:`~cau_rules.batch.MAX_SIZE`), *seat* or *opponents* out of range.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, variant: str = "cau", players: int | None = None, num_envs: int = 8, seat: int = 0,
        opponents: Literal["random", "greedy", "self"] = "random",
    ) -> None:
        check_type(variant, str, "variant")
        check_type(players, (int, type(None)), "players")
        check_type(num_envs, int, "num_envs")
        whole_number(num_envs, "num_envs", low=1, high=MAX_SIZE, error=InvalidRulesError)
        check_type(seat, int, "seat")
        if not isinstance(opponents, str) or opponents not in ("random", "greedy", "self"):
            raise InvalidRulesError(f"opponents must be 'random', 'greedy' or 'self', not {opponents!r:.40}")
        if players is not None:
            get_rules(variant).check_players(players)
        setup = env_setup(variant, players, None, (), "raise")
        self.rules, self.players, self.codec, self.features = setup.rules, setup.players, setup.codec, setup.features
        whole_number(seat, "seat", low=0, high=self.players - 1, error=InvalidRulesError)
        self.seat = seat
        self.opponents = opponents
        self.num_envs = num_envs
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.features.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self.single_action_space = spaces.Discrete(self.codec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.batch = BatchGame(self.rules, self.players, num_envs, seed=0)
        self._next_seed = num_envs
        self._rng = random.Random(0)

    # -- the games ---------------------------------------------------------------------

    def _learner(self) -> npt.NDArray[np.bool_]:
        """The games whose seat to play is the learner's."""
        if self.opponents == "self":
            return np.ones(self.num_envs, np.bool_)
        result: npt.NDArray[np.bool_] = self.batch.to_play == self.seat
        return result

    def _restart(self, game: int) -> None:
        """Deal slot *game* from the next seed (skipping games over at their deal)."""
        while True:
            self.batch.reset(game, self._next_seed)
            self._next_seed = (self._next_seed + 1) % (MAX_SEED + 1)
            if not self.batch.done[game]:
                return

    def _opponents_move(self, rewards: npt.NDArray[np.float64], ended: npt.NDArray[np.bool_],
                        final: list[Any]) -> None:
        """Move the opponents until every game waits for the learner (games that end
        meanwhile score and restart)."""
        while True:
            waiting = ~self._learner() & ~self.batch.done
            if not waiting.any():
                return
            if self.opponents == "random":
                actions = self.batch.random_actions()
            else:
                actions = np.zeros(self.num_envs, np.int64)
                policy = family_of(self.rules).policy
                for game in np.flatnonzero(waiting).tolist():
                    state = self.batch.state(game)
                    actions[game] = self.codec.encode(policy(state.observe(state.to_play), self._rng))
            self.batch.step(actions, waiting)
            self._collect(waiting, rewards, ended, final)

    def _collect(self, moved: npt.NDArray[np.bool_], rewards: npt.NDArray[np.float64],
                 ended: npt.NDArray[np.bool_], final: list[Any], mover: npt.NDArray[np.int64] | None = None) -> None:
        for game in np.flatnonzero(moved & self.batch.done).tolist():
            seat = self.seat if mover is None else int(mover[game])
            rewards[game] += self.batch.returns[game, seat]
            ended[game] = True
            final[game] = self._observation_of(game, seat)
            self._restart(game)

    def _observation_of(self, game: int, seat: int) -> dict[str, npt.NDArray[Any]]:
        state = self.batch.state(game)
        vector = np.zeros(self.features.size, np.float32)
        self.features.encode(state.observe(seat), vector)
        mask = np.zeros(self.codec.num_actions, np.int8)
        if not state.is_over and state.to_play == seat:
            mask[self.codec.legal_actions(state)] = 1
        return {"observation": vector, "action_mask": mask}

    def _observe(self) -> VectorObservation:
        seats = self.batch.to_play if self.opponents == "self" else np.full(self.num_envs, self.seat)
        vectors = np.zeros((self.num_envs, self.features.size), np.float32)
        for game in range(self.num_envs):
            state = self.batch.state(game)
            self.features.encode(state.observe(int(seats[game])), vectors[game])
        return {"observation": vectors, "action_mask": self.batch.legal_mask().astype(np.int8)}

    # -- the Gymnasium API -------------------------------------------------------------

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[VectorObservation, dict[str, Any]]:
        """Deal new games (game *i* from seed ``seed + i``, a game over at its deal
        skipped) and let the opponents move up to the learner's turn.

        Raises:
            TypeError: *seed* is not None, a whole number or a list of them, or
                *options* not None or a dict.
            InvalidRulesError: a seed out of range (0 to ``MAX_SEED``).
        """
        check_type(seed, (int, list, type(None)), "seed")
        check_type(options, (dict, type(None)), "options")
        seeds = seed if isinstance(seed, list) else [seed]
        if not seeds:
            raise InvalidRulesError("seed must be None, a seed or a list of seeds, not an empty list")
        for one in seeds:
            if one is not None:
                check_type(one, int, "seed")
                whole_number(one, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
        first = seeds[0]
        if first is not None:
            self._next_seed = first
            self._rng = random.Random(first)
        for game in range(self.num_envs):
            self._restart(game)
        rewards = np.zeros(self.num_envs)
        ended = np.zeros(self.num_envs, np.bool_)
        self._opponents_move(rewards, ended, [None] * self.num_envs)
        return self._observe(), {}

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[VectorObservation, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        """The learner's action in every game, then the opponents up to its next turn.

        Raises:
            TypeError: *actions* is not one whole number per game.
            IllegalMoveError: an action is not legal (nothing moves).
        """
        rewards = np.zeros(self.num_envs)
        ended = np.zeros(self.num_envs, np.bool_)
        final: list[Any] = [None] * self.num_envs
        mover = self.batch.to_play.copy()
        self.batch.step(actions)
        self._collect(np.ones(self.num_envs, np.bool_), rewards, ended, final,
                      mover if self.opponents == "self" else None)
        self._opponents_move(rewards, ended, final)
        infos: dict[str, Any] = {}
        if ended.any():
            infos = {"final_obs": np.array(final, dtype=object), "_final_obs": ended.copy()}
        return self._observe(), rewards, ended, np.zeros(self.num_envs, np.bool_), infos
