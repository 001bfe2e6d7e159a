"""Information-set Monte Carlo tree search (IS-MCTS) with determinisation.

:class:`ISMCTSBot` is a :class:`~cau_rules.bots.Bot` that never sees the true state.
It keeps an :class:`~cau_rules.ai.infostate.InfoState` per seat, fed by the optional
``observe(view)`` hook that :func:`~cau_rules.bots.play_game` and
:func:`~cau_rules.ai.simulate.simulate` call with every view the seat receives.  At
each decision, :func:`ismcts` runs *iterations* rounds of single-observer IS-MCTS
(Cowling, Powley and Whitehouse, 2012):

1. **determinise**: draw a full state consistent with what the seat has seen
   (:meth:`InfoState.resample <cau_rules.ai.infostate.InfoState.resample>`);
2. **select**: walk down one tree shared by every determinisation, whose nodes are
   move histories from the decision; among the moves legal in this determinisation,
   pick by UCB1 using each move's *availability* count (ISUCT), every seat
   maximising its own share of the win;
3. **expand**: add one untried legal move;
4. **roll out**: finish the game with uniformly random moves, or with a bot given as
   *rollout_bot* (which then sees only views, like any bot);
5. **back up**: add every seat's :meth:`Outcome.shares
   <cau_rules.outcome.Outcome.shares>` to the nodes on the path.

The move played is the most visited at the root.  Everything random comes from the
``rng`` given to ``choose``, so a game is reproducible from its seed.

With ``engine="kernel"`` and random rollouts, a family whose compiled kernel provides a
search (its ``Family.kernel`` module has ``ismcts``: the capture family, Cacho and the
four-card game do) runs every iteration of the same algorithm in the kernel, from one
resampled position per decision whose unknown cards the kernel re-deals each iteration; the
tree above is the one used otherwise (other families, rules the kernel does not play, a
*rollout_bot*).

Only families registered in :data:`cau_rules.registry.FAMILIES` (with their information-state
hooks, :class:`cau_rules.game.Inference`) can be searched (the capture family, Cacho and the
four-card game are); any other game raises
:class:`~cau_rules.errors.InvalidRulesError` when the bot is made (if given *rules*)
or at its first view.  The bot takes the rules from ``view.rules`` (every view of
the library carries them), else from the preset named by ``view.variant``; give
``rules=`` to override.

>>> from cau_rules import new_game
>>> from cau_rules.bots import RandomBot, play_game
>>> from cau_rules.ai.mcts import ISMCTSBot
>>> start = new_game("cau-robat", players=2, seed=3)
>>> final = play_game(start, [ISMCTSBot(iterations=20), RandomBot()], seed=1)
>>> final.is_over
True

A bot keeps memory of one game: use a new one per game, or call :meth:`ISMCTSBot.reset`.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from cau_rules.ai.infostate import InfoState, supports
from cau_rules.bots import Bot, PlayerView
from cau_rules.errors import (
    FAST_EXTRA,
    CauRulesError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRulesError,
    MissingExtraError,
    fast_installed,
)
from cau_rules.game import PlayoutEngine
from cau_rules.registry import family_of, get_rules

__all__ = ["DEFAULT_EXPLORATION", "POLICIES", "CompiledSearch", "ISMCTSBot", "MoveStats", "info_from_view", "ismcts", "update_info"]

POLICIES = ("random", "heuristic", "margin", "heuristic-margin")
"""The compiled search's rollout policies (:func:`ismcts`'s *policy*)."""
DEFAULT_EXPLORATION = 0.7
"""The UCB1 exploration constant *c* in ``mean + c * sqrt(ln(available) / visits)``
(rewards are win shares, from 0 to 1)."""


# ---------------------------------------------------------------------------------
# Information states from views


CompiledSearch = Callable[[InfoState, int, random.Random, float], "Sequence[tuple[Any, int, float]] | None"]
"""A family kernel's ``ismcts(info, iterations, rng, exploration)``: every root move with
its visits and summed reward, or None when it does not search these rules."""


def _check_supported(rules: Any) -> None:
    if not supports(rules):
        raise InvalidRulesError(
            f"IS-MCTS needs information-state support for {type(rules).__name__}: the game family "
            f"must be registered in cau_rules.registry.FAMILIES, with its information-state hooks "
            f"(Family.infer, a cau_rules.game.Inference)"
        )


def info_from_view(rules: Any, view: Any) -> InfoState:
    """The information state of ``view.seat`` whose first observation is *view*
    (:meth:`InfoState.from_view <cau_rules.ai.infostate.InfoState.from_view>`, after
    checking that the family is supported).

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=4)
    >>> info_from_view(state.rules, state.observe(1)) == InfoState.start(state, 1)
    True
    """
    _check_supported(rules)
    return InfoState.from_view(rules, view)


def update_info(info: InfoState, view: Any) -> InfoState:
    """*info* after the seat also sees *view*
    (:meth:`InfoState.update_view <cau_rules.ai.infostate.InfoState.update_view>`).

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=4)
    >>> after = state.apply(state.legal_moves()[0])
    >>> update_info(info_from_view(state.rules, state.observe(1)), after.observe(1)) == (
    ...     InfoState.start(state, 1).update(after))
    True
    """
    return info.update_view(view)


# ---------------------------------------------------------------------------------
# The search


class _Node:
    """A node of the information-set tree: the move history from the decision."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # the sum of the mover's shares


class MoveStats:
    """What the search found for one legal move at the root: the *move*, how many
    iterations went through it (*visits*) and its *value*, the mean share of the win of
    the seat that made it.

    >>> MoveStats("8c+1", 30, 18.0)
    MoveStats(move='8c+1', visits=30, value=0.6)
    """

    __slots__ = ("move", "value", "visits")

    def __init__(self, move: Any, visits: int, reward: float) -> None:
        self.move = move
        self.visits = visits
        self.value = reward / visits if visits else 0.0

    def __repr__(self) -> str:
        return f"MoveStats(move={str(self.move)!r}, visits={self.visits}, value={self.value:.3g})"


def _rollout_outcome(state: Any, rng: random.Random, bot: Bot | None, engine: PlayoutEngine | None = None) -> Any:
    """The outcome of a rollout from *state*: the family's in-place random playout when its
    record has one (in the engine *engine*; see :class:`~cau_rules.game.PlayoutHook`),
    else :func:`_rollout`'s final state's."""
    if bot is None and not state.is_over:
        playout = family_of(state).playout
        if playout is not None:
            return playout(state, rng.choice, engine)
    return _rollout(state, rng, bot).outcome()


def _rollout(state: Any, rng: random.Random, bot: Bot | None) -> Any:
    if bot is None:
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
    else:
        while not state.is_over:
            state = state.apply(bot.choose(state.observe(state.to_play), rng))
    return state


def ismcts(
    info: InfoState,
    iterations: int,
    rng: random.Random,
    *,
    rollout_bot: Bot | None = None,
    exploration: float = DEFAULT_EXPLORATION,
    engine: PlayoutEngine | None = None,
    policy: str = "random",
) -> list[MoveStats]:
    """Search from *info* (the seat to play's information state) for *iterations*
    determinisations and return the statistics of every root move, most visited first
    (ties: higher value, then the canonical move order).

    An iteration whose resampling finds no consistent deal is skipped; if every one
    fails, the last :class:`~cau_rules.errors.InvalidPositionError` is raised.

    *engine* says where random rollouts run (see :class:`~cau_rules.game.PlayoutHook`);
    with ``"kernel"`` and no *rollout_bot*, the whole search runs in the family's
    compiled kernel when it provides one for these rules (the same algorithm and root
    choice, its own random stream seeded from *rng*).  There *policy* names the kernel's
    rollouts: ``"random"``, or ``"heuristic"`` (greedy captures and safe trails, where
    the family's kernel has them, see :mod:`cau_rules.fishing.kernel.rollout`; random
    elsewhere).

    Raises:
        MissingExtraError: ``engine="kernel"`` without the ``fast`` extra.

    >>> import random
    >>> from cau_rules import new_game
    >>> state = new_game("cau-robat", players=2, seed=3)
    >>> stats = ismcts(InfoState.start(state, 0), 40, random.Random(1))
    >>> sum(s.visits for s in stats), sorted(str(s.move) for s in stats) == sorted(map(str, state.legal_moves()))
    (40, True)
    """
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    if engine == "kernel" and rollout_bot is None:
        search = _compiled_search(info, policy)
        found = None if search is None else search(info, iterations, rng, exploration)
        if found is not None:
            return _ranked(info, [MoveStats(move, visits, reward) for move, visits, reward in found])
    seat = info.seat
    root = _Node(mover=-1)
    log = math.log
    sqrt = math.sqrt
    done = 0
    failure: CauRulesError | None = None
    for _ in range(iterations):
        try:
            state = info.resample(rng)
        except InvalidPositionError as exc:  # no deal consistent (should not happen)
            failure = exc
            continue
        if state.is_over or state.to_play != seat:
            raise InvalidPositionError(f"seat {seat} is not to play in this information state")
        node = root
        path = [root]
        # Selection: descend while every legal move has been tried.
        while not state.is_over:
            legal = state.legal_moves()
            children = node.children
            untried = [move for move in legal if move not in children]
            if untried:
                move = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = _Node(state.to_play)
                children[move] = child
                for other in legal:
                    if other in children:
                        children[other].avail += 1
                state = state.apply(move)
                path.append(child)
                break
            best: _Node | None = None
            best_move: Any = None
            best_score = -math.inf
            for move in legal:
                child = children[move]
                child.avail += 1
                score = child.reward / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best, best_move, best_score = child, move, score
            assert best is not None
            state = state.apply(best_move)
            node = best
            path.append(best)
        outcome = _rollout_outcome(state, rng, rollout_bot, engine)
        shares = outcome.shares() if outcome is not None else (0.0,) * info.players
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += shares[visited.mover]
        done += 1
    if done == 0 and failure is not None:
        raise failure
    return _ranked(info, [MoveStats(move, child.visits, child.reward) for move, child in root.children.items()])


def _ranked(info: InfoState, stats: list[MoveStats]) -> list[MoveStats]:
    """*stats* most visited first (ties: higher value, then the canonical move order)."""
    canonical = {move: index for index, move in enumerate(getattr(info.view, "legal_moves", ()))}
    position = {id(s): canonical.get(s.move, len(canonical) + index) for index, s in enumerate(stats)}
    stats.sort(key=lambda s: (-s.visits, -s.value, position[id(s)]))
    return stats


def _compiled_search(info: InfoState, policy: str = "random") -> CompiledSearch | None:
    """The compiled search of the family's kernel module (``Family.kernel``), or None when
    the family has no kernel or its kernel no ``ismcts``; the search of the rollout
    *policy* where the family's kernel has one (:func:`_rollout_search`), else its
    random rollouts.

    Raises:
        MissingExtraError: the family has a kernel but the ``fast`` extra is not installed.
    """
    module = family_of(info.rules).kernel
    if module is None:
        return None
    if not fast_installed():
        raise MissingExtraError(f"engine='kernel' needs the compiled kernel: {FAST_EXTRA}")
    if policy != "random":
        other = _rollout_search(module, policy)
        if other is not None:
            return other
    search: CompiledSearch | None = getattr(importlib.import_module(module), "ismcts", None)
    return search


def _rollout_search(module: str, policy: str) -> CompiledSearch | None:
    """The search of the rollout *policy* in the module ``rollout`` beside the family's
    kernel module *module* (its ``ismcts(..., policy)``, when its ``POLICIES`` list it),
    or None."""
    name = module.rsplit(".", 1)[0] + ".rollout"
    if importlib.util.find_spec(name) is None:
        return None
    home = importlib.import_module(name)
    if policy not in getattr(home, "POLICIES", ()):
        return None
    searches: Any = home.ismcts
    return functools.partial(searches, policy=policy)


# ---------------------------------------------------------------------------------
# The bot


class ISMCTSBot:
    """A bot that plays by IS-MCTS (see the module docstring) from the views it observes.

    *iterations* is the number of determinisations searched per decision (a decision
    with one legal move is not searched).  *rollout_bot* finishes each simulated game
    (default: uniformly random moves, the fastest); *exploration* is the UCB1
    constant.  *rules* is the exact rules object played; by default the preset named by
    ``view.variant`` (pass it when the game changes preset options).  *engine* says where
    random rollouts run: ``"python"``, ``"kernel"`` (the ``fast`` extra) or None (the
    kernel when it is installed and plays the rules; see :class:`~cau_rules.game.PlayoutHook`).
    With ``"kernel"`` (and random rollouts) the whole search runs in the kernel when the
    family's kernel has one for the rules (the capture family's: about fourteen times the
    iterations per second of the Python engine on ``cau-robat``; the four-card game's: about
    forty-five times on ``cau-quatre`` at three players; see :func:`ismcts`).  *policy*
    ``"heuristic"`` gives that compiled search the family kernel's heuristic rollouts
    (the capture family's; random rollouts elsewhere).

    It keeps one information state per seat it plays, built from the views given to
    :meth:`observe` (the optional hook of the :class:`~cau_rules.bots.Bot` protocol,
    called by :func:`~cau_rules.bots.play_game`).  Given to :meth:`choose` a view it
    has not observed, it searches from that view alone, forgetting earlier ones: so it
    still plays when driven by ``choose`` alone, only with no memory of past moves
    (closed piles' contents, cards shown, rondas declared).

    >>> import random
    >>> from cau_rules import new_game
    >>> state = new_game("cau-robat", players=2, seed=8)
    >>> bot = ISMCTSBot(iterations=30)
    >>> bot.observe(state.observe(0))
    >>> move = bot.choose(state.observe(0), random.Random(5))
    >>> move in state.legal_moves()
    True
    >>> move == ISMCTSBot(iterations=30).choose(state.observe(0), random.Random(5))
    True
    >>> ISMCTSBot(iterations=0)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be at least 1, not 0
    """

    def __init__(
        self,
        iterations: int = 200,
        *,
        rollout_bot: Bot | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rules: Any = None,
        engine: PlayoutEngine | None = None,
        policy: str = "random",
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be non-negative, not {exploration!r}")
        if policy not in POLICIES:
            raise ValueError(f"policy must be 'random' or 'heuristic', not {policy!r}")
        if rules is not None:
            _check_supported(rules)
        self.iterations = iterations
        self.rollout_bot = rollout_bot
        self.exploration = exploration
        self.rules = rules
        self.engine: PlayoutEngine | None = engine
        self.policy = policy
        """The compiled search's rollouts: ``"random"`` or ``"heuristic"`` (see :func:`ismcts`)."""
        self._infos: dict[int, InfoState] = {}
        self.last_stats: list[MoveStats] = []
        """The root statistics of the last search (empty after a forced move)."""

    def reset(self) -> None:
        """Forget every game seen (to reuse the bot for a new game)."""
        self._infos.clear()
        self.last_stats = []

    def info(self, seat: int) -> InfoState | None:
        """The information state of *seat* so far (None before its first view)."""
        return self._infos.get(seat)

    def _rules_for(self, view: Any) -> Any:
        if self.rules is not None:
            return self.rules
        rules = getattr(view, "rules", None)
        if rules is not None:
            return rules
        variant = getattr(view, "variant", None)
        if not isinstance(variant, str):
            raise InvalidRulesError(
                f"IS-MCTS cannot tell the rules from a {type(view).__name__}; pass ISMCTSBot(rules=...) "
                f"for a game with information-state support"
            )
        return get_rules(variant)

    def _to_choose(self, view: PlayerView) -> tuple[Sequence[Any], InfoState]:
        """The legal moves of *view* and the seat's information state to search.

        Raises:
            IllegalMoveError: the seat has no legal move (not its turn, or the game is over).
        """
        moves: Sequence[Any] = view.legal_moves
        if not moves:
            raise IllegalMoveError(
                f"seat {view.seat} has no legal move in this view: it is not its turn, or the game is over"
            )
        info = self._infos.get(view.seat)
        if info is None or (info.view is not view and info.view != view):
            # Not observed: what happened since the last view is unknown, so search from
            # this view alone (an information state without memory of earlier moves).
            info = self._infos[view.seat] = info_from_view(self._rules_for(view), view)
        return moves, info

    def observe(self, view: PlayerView) -> None:
        """Take note of *view*: the seat's view of the starting state, then of the state
        after every move, in order."""
        seat = view.seat
        info = self._infos.get(seat)
        if info is None:
            self._infos[seat] = info_from_view(self._rules_for(view), view)
        elif info.view is not view:
            self._infos[seat] = update_info(info, view)

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """The most visited root move of an IS-MCTS search of *iterations*
        determinisations of the seat's information state."""
        moves, info = self._to_choose(view)
        if len(moves) == 1:
            self.last_stats = []
            return moves[0]
        self.last_stats = ismcts(
            info, self.iterations, rng, rollout_bot=self.rollout_bot, exploration=self.exploration,
            engine=self.engine, policy=self.policy,
        )
        best = self.last_stats[0].move
        for move in moves:
            if move == best:
                return move
        raise InvalidPositionError(f"IS-MCTS chose {best}, which is not legal in the view")  # pragma: no cover

    def __repr__(self) -> str:
        extra = "" if self.rollout_bot is None else f", rollout_bot={self.rollout_bot!r}"
        extra += "" if self.policy == "random" else f", policy={self.policy!r}"
        return f"ISMCTSBot(iterations={self.iterations}{extra})"
