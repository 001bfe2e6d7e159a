"""IS-MCTS with a budget of CPU seconds per move, so bots are compared at equal time.

:class:`TimedISMCTSBot` is an :class:`~cau_rules.ai.mcts.ISMCTSBot` whose number of
iterations at each decision is what fits in *seconds* of CPU time (``time.thread_time``:
the CPU time of the calling thread, so other processes and threads on the machine do not
count), capped by *iterations* when given.  The search (the compiled one in particular)
runs a fixed number of iterations, so the bot estimates its speed: from its previous
search in the game, or at a game's first search from a probe of :data:`PROBE` iterations
(its result is kept only if it is all the budget allows).  The cost of an iteration falls
as the hands empty, so the estimate from the previous move errs on the short side; the
budget is a target, met to within one estimate's error, not a hard deadline.

A timed bot is not reproducible from a seed (its iterations depend on the machine); give
``iterations`` alone for reproducible games.

>>> import random
>>> from cau_rules import new_game
>>> state = new_game("cau-robat", players=2, seed=8)
>>> bot = TimedISMCTSBot(seconds=0.01, iterations=500)
>>> bot.observe(state.observe(0))
>>> bot.choose(state.observe(0), random.Random(5)) in state.legal_moves()
True
>>> 1 <= bot.last_iterations <= 500
True
"""

from __future__ import annotations

import random
import time
from typing import Any

from cau_rules.ai.mcts import DEFAULT_EXPLORATION, ISMCTSBot
from cau_rules.bots import Bot, PlayerView
from cau_rules.game import PlayoutEngine

__all__ = ["PROBE", "TimedISMCTSBot"]

PROBE = 32
"""Iterations of the probe that measures the speed at a game's first search."""


class TimedISMCTSBot(ISMCTSBot):
    """IS-MCTS given *seconds* of CPU time per decision (at most *iterations* iterations
    when given): see the module docstring.

    Args:
        seconds: the CPU time budget of one decision, in seconds (positive).
        iterations: the most iterations of one decision (None: no cap).
        rollout_bot: as for :class:`~cau_rules.ai.mcts.ISMCTSBot`.
        exploration: as for :class:`~cau_rules.ai.mcts.ISMCTSBot`.
        rules: as for :class:`~cau_rules.ai.mcts.ISMCTSBot`.
        engine: as for :class:`~cau_rules.ai.mcts.ISMCTSBot`.
        policy: as for :class:`~cau_rules.ai.mcts.ISMCTSBot`.

    Raises:
        ValueError: *seconds* is not positive, *iterations* is below 1, or an unknown
            *policy*.

    >>> TimedISMCTSBot(seconds=0.05)
    TimedISMCTSBot(seconds=0.05)
    >>> TimedISMCTSBot(seconds=0)
    Traceback (most recent call last):
    ...
    ValueError: seconds must be positive, not 0
    """

    def __init__(
        self,
        seconds: float,
        iterations: int | None = None,
        *,
        rollout_bot: Bot | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rules: Any = None,
        engine: PlayoutEngine | None = None,
        policy: str = "random",
    ) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        super().__init__(iterations if iterations is not None else PROBE, rollout_bot=rollout_bot,
                         exploration=exploration, rules=rules, engine=engine, policy=policy)
        self.seconds = float(seconds)
        self.most = iterations
        self.rate = 0.0
        """Iterations per CPU second of the last search (0 before the first)."""
        self.last_iterations = 0
        """Iterations of the last decision's search (0 after a forced move)."""

    def reset(self) -> None:
        """Forget every game seen, and the speed measured."""
        super().reset()
        self.rate = 0.0
        self.last_iterations = 0

    def _search(self, view: PlayerView, rng: random.Random, iterations: int) -> tuple[Any, float]:
        self.iterations = iterations
        began = time.thread_time()
        move = super().choose(view, rng)
        spent = time.thread_time() - began
        if spent > 0:
            self.rate = iterations / spent
        return move, spent

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """The most visited root move of an IS-MCTS search of as many iterations as the
        budget allows (a forced move is not searched)."""
        if len(view.legal_moves) == 1:
            self.last_iterations = 0
            return super().choose(view, rng)
        most = self.most if self.most is not None else 1 << 30
        spent = 0.0
        if self.rate <= 0:  # the game's first search: measure the speed on a probe
            probe = min(PROBE, most)
            move, spent = self._search(view, rng, probe)
            if probe == most or self.rate <= 0 or self.rate * (self.seconds - spent) <= probe:
                self.last_iterations = probe
                return move
        count = max(1, min(most, int(self.rate * (self.seconds - spent))))
        self.last_iterations = count
        return self._search(view, rng, count)[0]

    def __repr__(self) -> str:
        most = "" if self.most is None else f", iterations={self.most}"
        extra = "" if self.rollout_bot is None else f", rollout_bot={self.rollout_bot!r}"
        extra += "" if self.policy == "random" else f", policy={self.policy!r}"
        return f"TimedISMCTSBot(seconds={self.seconds:g}{most}{extra})"
