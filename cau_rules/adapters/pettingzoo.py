"""A PettingZoo AEC environment for every supported preset (extra ``pettingzoo``).

Agents are ``"player_0"`` ... ``"player_{n-1}"`` (seat *k* is ``player_k``); the agent
selected is always the seat to play.

- ``observation_space(agent)``: ``Dict({"observation": Box(0, 1, (size,), float32),
  "action_mask": Box(0, 1, (num_actions,), int8)})``; the observation is the seat's
  view through :mod:`cau_rules.adapters.features` (never another seat's cards), the
  mask is 1 at the legal action indices of the seat to play (all zero for the others
  and at the end).
- ``action_space(agent)``: ``Discrete(num_actions)``, the preset's
  :func:`~cau_rules.ai.codec.codec_for` indices.
- Rewards: 0 until the end, then each seat's :meth:`~cau_rules.outcome.Outcome.shares`
  (``infos[agent]["outcome"]`` holds the outcome); every agent is terminated at once,
  never truncated.
- An illegal action (outside the mask), by default, follows PettingZoo's classic
  convention (``TerminateIllegalWrapper``): the game ends, the offender gets
  ``illegal_reward`` (-1), the others 0, and ``infos[agent]["illegal_action"]`` is
  True.  With ``illegal_action="raise"`` it raises
  :class:`~cau_rules.errors.IllegalMoveError` instead and changes nothing.
- ``reset(seed=...)`` seeds the deal (the library seed is drawn from
  ``np_random``), so equal seeds give equal games.

>>> import pytest; _ = pytest.importorskip("pettingzoo")
>>> from cau_rules.adapters.pettingzoo import CauRulesAECEnv
>>> env = CauRulesAECEnv("cau", players=2)
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated else env.action_space(agent).sample(observation["action_mask"])
...     env.step(action)
>>> sorted(env.rewards) == []   # every agent has left
True
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from cau_rules.adapters.features import Vector, env_setup, render_text
from cau_rules.errors import CauRulesError, IllegalMoveError
from cau_rules.registry import new_game

__all__ = ["CauRulesAECEnv", "env"]

IllegalAction = Literal["terminate", "raise"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


class CauRulesAECEnv(AECEnv):  # type: ignore[misc]
    """One preset at one player count as a PettingZoo AEC environment.

    *players* defaults to the preset's smallest count; *render_mode* is None,
    ``"ansi"`` (``render()`` returns the position as text) or ``"human"`` (prints it).

    >>> env = CauRulesAECEnv("cau", players=2)
    >>> env.reset(seed=1)
    >>> env.agent_selection, sorted(env.observe(env.agent_selection))
    ('player_0', ['action_mask', 'observation'])
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"], "name": "cau_rules", "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "cau",
        players: int | None = None,
        render_mode: str | None = None,
        illegal_action: IllegalAction = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        setup = env_setup(variant, players, render_mode, self.metadata["render_modes"], illegal_action)
        self.variant = variant
        self.rules, self.players, self.codec, self.features = (
            setup.rules, setup.players, setup.codec, setup.features)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.metadata = {**self.metadata, "name": f"cau_rules_{variant.replace('-', '_')}_v0"}
        self.possible_agents = [_agent(seat) for seat in range(self.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.features.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self._observation_spaces = {agent: space for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.codec.num_actions) for agent in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of *agent* (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of *agent* (the same object every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (from *seed* when given)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**31 - 1))
        self.state = new_game(self.rules, players=self.players, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = _agent(self.state.to_play)

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": ..., "action_mask": ...}`` for *agent*."""
        seat = self._seats[agent]
        observation: Vector = np.zeros(self.features.size, np.float32)
        self.features.encode(self.state.observe(seat), observation)
        mask = np.zeros(self.codec.num_actions, np.int8)
        if not self.state.is_over and seat == self.state.to_play:
            mask[self.codec.legal_actions(self.state)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play *action* (an index) for the selected agent; None for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            move = self.codec.decode(int(action), self.state)
        except (CauRulesError, TypeError, ValueError) as exc:
            if self.illegal_action == "raise":
                raise IllegalMoveError(f"{agent}: {exc}") from None
            self._finish({a: (self.illegal_reward if a == agent else 0.0) for a in self.agents},
                         {"illegal_action": False})
            self.infos[agent]["illegal_action"] = True
            self._accumulate_rewards()
            return
        self.state = self.state.apply(move)
        if self.state.is_over:
            outcome = self.state.outcome()
            shares = outcome.shares()
            self._finish({a: float(shares[self._seats[a]]) for a in self.agents}, {"outcome": outcome})
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = _agent(self.state.to_play)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, rewards: dict[str, float], info: dict[str, Any]) -> None:
        self.rewards = rewards
        self.terminations = {a: True for a in self.agents}
        self.infos = {a: dict(info) for a in self.agents}

    def render(self) -> str | None:
        """The position as text (``"ansi"``), printed (``"human"``), or None."""
        return render_text(self.state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def env(variant: str = "cau", **kwargs: Any) -> CauRulesAECEnv:
    """``CauRulesAECEnv(variant, **kwargs)``, the PettingZoo factory convention.

    >>> import pytest; _ = pytest.importorskip("pettingzoo")
    >>> env("cau-robat", players=3).possible_agents
    ['player_0', 'player_1', 'player_2']
    """
    return CauRulesAECEnv(variant, **kwargs)
