"""A single-agent Gymnasium environment: one seat against bots (extra ``gymnasium``).

``CauRulesEnv(variant, players=..., seat=0, opponents="random")`` plays *seat*; the
other seats are :mod:`cau_rules.bots` (``"random"``, ``"greedy"``, or a list of
:class:`~cau_rules.bots.Bot` objects, one per other seat in seat order).  The
opponents move inside ``reset`` and ``step`` until it is the agent's turn or the game
is over, seeing only their own views.

- Observation: ``Dict({"observation": Box(0, 1, (size,), float32), "action_mask":
  Box(0, 1, (num_actions,), int8)})`` -- the seat's view through
  :mod:`cau_rules.adapters.features` and its legal action indices.  ``info`` also
  holds ``"action_mask"`` (for masked-policy libraries) and ``"legal_moves"`` (text).
- Action: ``Discrete(num_actions)``, the preset's :func:`~cau_rules.ai.codec.codec_for`
  indices.
- Reward: 0 until the end, then the seat's :meth:`~cau_rules.outcome.Outcome.shares`
  entry (1 for a sole win, ``1/k`` for a *k*-way tie, 0 for a loss);
  ``info["outcome"]`` holds the outcome.  Episodes terminate, never truncate.
- An illegal action (outside the mask): by default the episode terminates with
  reward ``illegal_reward`` (-1) and ``info["illegal_action"] = True``, the same
  convention as PettingZoo's classic environments; random ``action_space.sample()``
  actions (as ``check_env`` sends) are thus well defined.  With
  ``illegal_action="raise"`` it raises :class:`~cau_rules.errors.IllegalMoveError`
  and changes nothing.

>>> import pytest; _ = pytest.importorskip("gymnasium")
>>> from cau_rules.adapters.gymnasium import CauRulesEnv
>>> env = CauRulesEnv("cau", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=3)
>>> terminated = False
>>> while not terminated:
...     action = env.action_space.sample(observation["action_mask"])
...     observation, reward, terminated, truncated, info = env.step(action)
>>> reward in (0.0, 0.5, 1.0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from cau_rules.adapters.features import Vector, env_setup, render_text
from cau_rules.bots import Bot, GreedyBot, RandomBot
from cau_rules.errors import CauRulesError, IllegalMoveError
from cau_rules.registry import new_game

__all__ = ["CauRulesEnv"]

Observation = dict[str, Any]


class CauRulesEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a preset against bots, as a Gymnasium environment.

    *players* defaults to the preset's smallest count; *render_mode* is None,
    ``"ansi"`` or ``"human"``.

    >>> env = CauRulesEnv("cau", players=2, opponents="random")
    >>> observation, info = env.reset(seed=3)
    >>> bool(observation["action_mask"].any())
    True
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        variant: str = "cau",
        players: int | None = None,
        seat: int = 0,
        opponents: Literal["random", "greedy"] | Sequence[Bot] = "random",
        render_mode: str | None = None,
        illegal_action: Literal["terminate", "raise"] = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        setup = env_setup(variant, players, render_mode, self.metadata["render_modes"], illegal_action)
        self.variant = variant
        self.rules, self.players, self.codec, self.features = (
            setup.rules, setup.players, setup.codec, setup.features)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat}")
        self.seat = seat
        others = [s for s in range(self.players) if s != seat]
        if isinstance(opponents, str):
            if opponents not in ("random", "greedy"):
                raise ValueError(f"opponents must be 'random', 'greedy' or a list of bots, not {opponents!r}")
            bots: list[Bot] = [RandomBot() if opponents == "random" else GreedyBot() for _ in others]
        else:
            bots = list(opponents)
            if len(bots) != len(others):
                raise ValueError(f"opponents needs one bot per other seat: {len(others)} seats, {len(bots)} bots")
        self.bots: dict[int, Bot] = dict(zip(others, bots, strict=True))
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.features.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.state: Any = None
        self._bot_rng = random.Random(0)
        self._ended = False

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        observation: Vector = np.zeros(self.features.size, np.float32)
        view = self.state.observe(self.seat)
        self.features.encode(view, observation)
        mask = np.zeros(self.codec.num_actions, np.int8)
        if not self.state.is_over and self.state.to_play == self.seat:
            mask[self.codec.legal_actions(self.state)] = 1
        info: dict[str, Any] = {"action_mask": mask.copy(), "legal_moves": [str(m) for m in view.legal_moves]}
        return {"observation": observation, "action_mask": mask}, info

    def _run_opponents(self) -> None:
        while not self.state.is_over and self.state.to_play != self.seat:
            seat = self.state.to_play
            move = self.bots[seat].choose(self.state.observe(seat), self._bot_rng)
            self.state = self.state.apply(move)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (from *seed* when given) and play the bots up to the agent's turn."""
        super().reset(seed=seed)
        self._ended = False
        while True:
            game_seed = int(self.np_random.integers(0, 2**31 - 1))
            self._bot_rng = random.Random(game_seed)
            self.state = new_game(self.rules, players=self.players, seed=game_seed)
            self._run_opponents()
            if not self.state.is_over:  # a game the bots finish alone is dealt again
                break
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play *action* for the agent, then the bots up to the agent's next turn."""
        if self.state is None or self.state.is_over or self._ended:
            raise IllegalMoveError("the episode is over: call reset()")
        try:
            move = self.codec.decode(int(action), self.state)
        except (CauRulesError, TypeError, ValueError) as exc:
            if self.illegal_action == "raise":
                raise IllegalMoveError(str(exc)) from None
            observation, info = self._observe()
            info["illegal_action"] = True
            self._ended = True
            return observation, self.illegal_reward, True, False, info
        self.state = self.state.apply(move)
        self._run_opponents()
        observation, info = self._observe()
        reward = 0.0
        terminated = bool(self.state.is_over)
        if terminated:
            outcome = self.state.outcome()
            reward = float(outcome.shares()[self.seat])
            info["outcome"] = outcome
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info

    def render(self) -> str | None:
        """The position as text (``"ansi"``), printed (``"human"``), or None."""
        return render_text(self.state, self.render_mode)
