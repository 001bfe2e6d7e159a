"""A bot that sees what can be seen: exact search where nothing is hidden, IS-MCTS elsewhere.

:class:`ExactBot` plays like :class:`~cau_rules.ai.mcts.ISMCTSBot` (kernel IS-MCTS over
determinisations that respect every forced move's inference) until its position is
*perfect information*: no card it has not seen can be anywhere but in one other holding
(the stock empty, or dealt whole as ``cau-40`` and ``cau-robat-40`` deal to two players;
see :func:`cau_rules.fishing.infer.perfect_information`).  From there it searches the
rest of the hand with the family kernel's alpha-beta (``Solver.best`` of
:mod:`cau_rules.fishing.kernel.exact`): exactly, to the best final score margin, when the
position fits in its node budget; otherwise by IS-MCTS (or, with ``fallback="search"``,
by iterative deepening, cutting lines at the cards (or stones) margin, with the deepest
finished search's move).

Families whose kernel has no exact search (the four-card game, Cacho) get plain IS-MCTS.

>>> import random
>>> from cau_rules import new_game
>>> state = new_game("cau-robat-40", players=2, seed=8)
>>> bot = ExactBot(iterations=30, nodes=20_000)
>>> bot.observe(state.observe(0))
>>> bot.choose(state.observe(0), random.Random(5)) in state.legal_moves()
True
>>> bot.last_search
'ismcts'
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from collections.abc import Sequence
from typing import Any

from cau_rules.ai.mcts import DEFAULT_EXPLORATION, POLICIES, ISMCTSBot
from cau_rules.bots import PlayerView
from cau_rules.errors import InvalidRulesError
from cau_rules.registry import family_of

__all__ = ["DEFAULT_NODES", "SOLVE_SHARE", "ExactBot", "exact_bot"]

DEFAULT_NODES = 300_000
"""Positions the alpha-beta search visits per decision by default (about a quarter of a
second on one core of a 2020s laptop)."""
_FALLBACKS = ("search", "ismcts")
SOLVE_SHARE = 0.3
"""The share of a timed decision's budget an exact search may take where no position as
big was solved yet in the game (the rest is left to IS-MCTS when it runs out)."""


def _solver_module(rules: Any) -> Any:
    """The family kernel's exact-search module (``exact`` beside its ``Family.kernel``
    module), or None when the family has none or the ``fast`` extra is missing."""
    kernel = family_of(rules).kernel
    if kernel is None:
        return None
    name = kernel.rsplit(".", 1)[0] + ".exact"
    try:
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)
    except ImportError:
        return None


class ExactBot(ISMCTSBot):
    """IS-MCTS with an exact search for perfect-information positions (see the module).

    Args:
        iterations: IS-MCTS iterations per decision where something is hidden.
        seconds: a budget in CPU seconds per decision instead (both searches: the
            alpha-beta's nodes and the IS-MCTS iterations follow the rates measured on
            the previous decisions; an exact search that may not fit takes at most
            :data:`SOLVE_SHARE` of it, IS-MCTS the rest).
        nodes: positions the alpha-beta search may visit per decision.
        fallback: what a perfect-information position too big to solve gets:
            ``"ismcts"`` (the default) or ``"search"`` (iterative deepening, lines cut at
            the margin: weaker in a first measurement, see ``docs/ai.md``).
        exploration: the UCB1 constant of IS-MCTS.
        rules: the exact rules object played (default: the preset named by the view).
        policy: the IS-MCTS rollouts: ``"random"`` or ``"heuristic"`` (see
            :func:`cau_rules.ai.mcts.ismcts`).

    Raises:
        ValueError: a budget is not positive, an unknown fallback or policy.

    >>> ExactBot(iterations=100, nodes=5000)
    ExactBot(iterations=100, nodes=5000)
    >>> ExactBot(fallback="guess")
    Traceback (most recent call last):
    ...
    ValueError: fallback must be 'search' or 'ismcts', not 'guess'
    """

    def __init__(
        self,
        iterations: int = 1000,
        *,
        seconds: float | None = None,
        nodes: int = DEFAULT_NODES,
        fallback: str = "ismcts",
        exploration: float = DEFAULT_EXPLORATION,
        rules: Any = None,
        policy: str = "random",
    ) -> None:
        super().__init__(iterations, exploration=exploration, rules=rules, engine="kernel", policy=policy)
        if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
            raise ValueError(f"nodes must be at least 1, not {nodes!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if fallback not in _FALLBACKS:
            raise ValueError(f"fallback must be 'search' or 'ismcts', not {fallback!r}")
        self.base_iterations = iterations
        self.seconds = seconds
        self.nodes = nodes
        self.fallback = fallback
        self._solvers: dict[tuple[int, int], Any] = {}
        self._node_rate = 1_000_000.0  # nodes per CPU second, measured as it plays
        self._iteration_rate: float | None = None
        self._too_big = 1 << 30  # cards in hand from which the exact search gave up
        self._solved = -1  # the most cards in hand of a position solved in this game
        self._spent = 0.0  # CPU seconds of this decision's alpha-beta
        self.last_search = ""
        """What the last decision used: ``"exact"``, ``"search"`` (depth-limited),
        ``"ismcts"`` or ``"forced"`` (one legal move)."""

    def reset(self) -> None:
        """Forget every game seen (to reuse the bot for a new game)."""
        super().reset()
        self._too_big = 1 << 30
        self._solved = -1

    def _solver(self, info: Any, module: Any) -> Any:
        key = (id(info.rules), info.players)
        found = self._solvers.get(key)
        if found is None or found.rules is not info.rules:
            found = self._solvers[key] = module.Solver(info.rules, info.players, table_bits=18)
        return found

    def _node_budget(self, held: int) -> int:
        if self.seconds is None:
            return self.nodes
        share = 1.0 if held <= self._solved else SOLVE_SHARE
        return max(1000, int(self.seconds * share * self._node_rate))

    def _perfect(self, info: Any, module: Any) -> Any:
        """The alpha-beta's solution of *info*, or None when not perfect information."""
        held = sum(info.view.holding_sizes)
        if self.fallback == "ismcts" and held > self._too_big:
            return None
        state = module.known_position(info)
        if state is None:
            return None
        started = time.process_time()
        if self.fallback == "ismcts":
            found = self._solver(info, module).solve(state, self._node_budget(held))
        else:
            found = self._solver(info, module).best(state, self._node_budget(held))
        spent = time.process_time() - started
        self._spent = spent
        if found.nodes > 10_000 and spent > 0:
            self._node_rate = found.nodes / spent
        if not found.solved:
            self._too_big = held - 2  # try again two cards (a round of two seats) later
        else:
            self._solved = max(self._solved, held)
        return found

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """The exact (or depth-limited) search's move in a perfect-information position,
        else IS-MCTS's most visited root move."""
        moves, info = self._to_choose(view)
        if len(moves) == 1:
            self.last_search = "forced"
            self.last_stats = []
            return moves[0]
        module = _solver_module(info.rules)
        self._spent = 0.0
        if module is not None:
            found = self._perfect(info, module)
            if found is not None and found.move is not None and (found.solved or self.fallback == "search"):
                self.last_search = "exact" if found.solved else "search"
                self.last_stats = []
                for move in moves:
                    if move == found.move:
                        return move
        self.last_search = "ismcts"
        if self.seconds is None:
            return super().choose(view, rng)
        budget = max(self.seconds - self._spent, self.seconds / 10)
        if self._iteration_rate is None:  # the first decision measures the rate on 100 iterations
            self.iterations = 100
            started = time.process_time()
            super().choose(view, rng)
            self._iteration_rate = 100 / max(time.process_time() - started, 1e-6)
            left = budget - 100 / self._iteration_rate
            if left * self._iteration_rate < 50:
                return self.last_stats[0].move if self.last_stats else moves[0]
            self.iterations = max(1, int(left * self._iteration_rate))
        else:
            self.iterations = max(1, int(budget * self._iteration_rate))
        started = time.process_time()
        move = super().choose(view, rng)
        spent = time.process_time() - started
        if spent > 0:
            self._iteration_rate = self.iterations / spent
        return move

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.base_iterations}"
        fallback = "" if self.fallback == "ismcts" else f", fallback={self.fallback!r}"
        fallback += "" if self.policy == "random" else f", policy={self.policy!r}"
        return f"ExactBot({budget}, nodes={self.nodes}{fallback})"


def exact_bot(parts: Sequence[str], rules: Any = None) -> ExactBot:
    """The :class:`ExactBot` of a bot spec's parts after ``exact``: an optional number of
    IS-MCTS iterations, then ``key=value`` options ``time`` (CPU seconds per decision),
    ``nodes`` (the alpha-beta's positions), ``fallback`` (``search`` or ``ismcts``) and
    ``rollout`` (IS-MCTS's: ``random`` or ``heuristic``).

    Raises:
        InvalidRulesError: a part is not understood.

    >>> exact_bot(["500", "nodes=20000"]), exact_bot(["time=0.5"])
    (ExactBot(iterations=500, nodes=20000), ExactBot(seconds=0.5, nodes=300000))
    >>> exact_bot(["fast"])
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: bad exact bot option 'fast': use exact[:ITERATIONS][:time=S][:nodes=N][:fallback=search|ismcts][:rollout=random|heuristic]
    """
    options: dict[str, Any] = {"rules": rules}
    usage = "use exact[:ITERATIONS][:time=S][:nodes=N][:fallback=search|ismcts][:rollout=random|heuristic]"
    for index, part in enumerate(parts):
        key, sep, value = part.partition("=")
        try:
            if not sep and index == 0 and part.isdigit():
                options["iterations"] = int(part)
            elif key == "time" and sep:
                options["seconds"] = float(value)
            elif key == "nodes" and sep:
                options["nodes"] = int(value)
            elif key == "fallback" and sep and value in _FALLBACKS:
                options["fallback"] = value
            elif key == "rollout" and sep and value in POLICIES:
                options["policy"] = value
            else:
                raise ValueError(part)
        except ValueError:
            raise InvalidRulesError(f"bad exact bot option {part!r}: {usage}") from None
    try:
        return ExactBot(**options)
    except ValueError as exc:
        raise InvalidRulesError(f"{exc}: {usage}") from None
