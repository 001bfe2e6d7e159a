"""CachoEquilibriumBot: two-player Cacho played from a solved strategy.

The bot finds the public node of the hand (from the moves it observed through the
``observe`` hook, or, when it was not told, a node with the same public counters), the
canonical index of its holding, and samples a move from the solved strategy there.

Where its strategy comes from, by the effective stack (the smaller of the two seats'
stacks at the start of the hand):

- the equilibrium of that stack, read from the strategies shipped with the package
  (stacks 1 to 6), else from the user's cache folder, else, up to ``largest``, solved on
  first use by CFR+ (to ``target`` exploitability, certified by an exact best response)
  and written to the cache folder;
- else the stored abstraction of that stack (round-3 amounts
  :data:`~cau_rules.cacho.solver.game.SIZES`; the preset's 20 counters once solved into
  the cache), played by translation
  (:func:`~cau_rules.cacho.solver.response.abstract_node`) and certified in the full game;
- else the largest solved stack available, its round-3 amounts scaled to the real limit
  (an adapted strategy: no equilibrium guarantee);
- more than two players (no equilibrium is known there): the two-player strategy of
  the table's effective stack, the seat playing one opponent who has put in what the
  most committed of the others has, at the nearest position of the solved game (the
  same round, seat to act and bet faced, the fewest counters apart).

>>> import random
>>> from cau_rules.cacho import CACHO, new_game
>>> rules = CACHO.replace(stack=3)
>>> bot = CachoEquilibriumBot(rules)
>>> state = new_game(rules, 2, seed=4)
>>> bot.observe(state.observe(0))
>>> str(bot.choose(state.observe(0), random.Random(1))) in ("pass", "bet 1")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cau_rules.cacho.events import BetPlaced, Called, Folded, HandStarted, Passed, Raised
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.policy import greedy
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cacho.solver.game import MAX_STACK, SIZES, CachoGame, cacho_game
from cau_rules.cacho.solver.policies import replay
from cau_rules.cacho.solver.response import abstract_node
from cau_rules.cacho.solver.store import (
    StrategyFileError,
    cache_folder,
    package_folder,
    read_strategy,
    strategy_path,
    write_strategy,
)
from cau_rules.cacho.view import CachoView
from cau_rules.errors import InvalidRulesError
from cau_rules.solve.cfr import CFRSolver

__all__ = ["CachoEquilibriumBot", "solved"]

FloatArray = npt.NDArray[np.float64]
_SOLVED: dict[tuple[str, Path], tuple[CachoGame, FloatArray]] = {}
_SIGNATURES: dict[CachoGame, tuple[dict[tuple[object, ...], list[CachoMove]], dict[int, tuple[object, ...]]]] = {}


def solved(rules: CachoRules, folder: Path | None = None, *, solve: bool = True, target: float = 1e-3,
           most: int = 2000, sizes: Sequence[int] | None = None) -> tuple[CachoGame, FloatArray]:
    """The game of *rules* (two players, one hand, ``rules.stack`` each; abstracted to
    round-3 *sizes* if given) and its solved strategy: shipped, cached in *folder*
    (default :func:`~cau_rules.cacho.solver.store.cache_folder`), or solved now by CFR+
    until its exploitability (in that game) is below *target* (at most *most*
    iterations) and then cached.  Remembered for the life of the process.

    Raises:
        StrategyFileError: no strategy is stored and *solve* is False.
        InvalidRulesError: the stack is above :data:`~cau_rules.cacho.solver.game.MAX_STACK`
            and no sizes are given.
    """
    cache = folder or cache_folder()
    key = (repr(sorted(rules.replace(max_hands=1).to_dict().items())) + repr(sizes), cache)
    found = _SOLVED.get(key)
    if found is not None:
        return found
    game = cacho_game(rules, sizes)
    for place in (package_folder(), cache):
        path = strategy_path(place, game.rules, game.sizes)
        if path.exists():
            try:
                strategy, _ = read_strategy(path, game)
            except StrategyFileError:
                continue
            _SOLVED[key] = (game, strategy)
            return game, strategy
    if not solve:
        raise StrategyFileError(f"no solved strategy for {game.rules.to_dict()} in {package_folder()} or {cache}")
    solver = CFRSolver(game.tree)
    value = float("inf")
    while value >= target and solver.iterations < most:
        solver.run(max(50, solver.iterations // 2))
        value = solver.exploitability()
    strategy = solver.average_strategy()
    write_strategy(strategy_path(cache, game.rules, game.sizes), game, strategy, iterations=solver.iterations,
                   exploitability=value, algorithm="CFR+ (alternating updates, linear averaging)")
    _SOLVED[key] = (game, strategy)
    return game, strategy


def _available(rules: CachoRules, folder: Path | None) -> list[int]:
    """The stacks whose strategy for *rules* is shipped or cached."""
    stacks = []
    for stack in range(1, MAX_STACK + 1):
        candidate = rules.replace(stack=stack, max_hands=1)
        if any(strategy_path(place, candidate).exists() for place in (package_folder(), folder or cache_folder())):
            stacks.append(stack)
    return stacks


def _move_of(event: object) -> CachoMove | None:
    if isinstance(event, Passed):
        return Pass()
    if isinstance(event, BetPlaced):
        return Bet(event.amount)
    if isinstance(event, Called):
        return Call()
    if isinstance(event, Raised):
        return Raise(event.to)
    if isinstance(event, Folded):
        return Fold()
    return None


class CachoEquilibriumBot:
    """Plays two-player Cacho from a solved strategy (see the module text).

    Args:
        rules: the rules played (default the ``cacho`` preset); the stack is read from the
            view of each hand.
        folder: the cache folder of solved strategies (default the user's).
        solve: solve a missing strategy on first use (else: play the largest available).
        largest: the largest stack solved on first use; bigger stacks are adapted from
            the largest available strategy.

    Raises:
        InvalidRulesError: *rules* are not Cacho rules (the bot plays Cacho only).
    """

    def __init__(self, rules: object = None, *, folder: Path | None = None, solve: bool = True,
                 largest: int = 6) -> None:
        if rules is not None and not isinstance(rules, CachoRules):
            raise InvalidRulesError(f"the equilibrium bot plays Cacho only, not {getattr(rules, 'name', rules)!r}")
        self.rules = CACHO if rules is None else rules
        self.folder = folder
        self.solve = solve
        self.largest = min(largest, MAX_STACK)
        self._histories: dict[int, list[CachoMove]] = {}

    def __repr__(self) -> str:
        return "CachoEquilibriumBot()"

    def observe(self, view: CachoView) -> None:
        """Note the moves of the hand (the events of *view*)."""
        history = self._histories.setdefault(view.seat, [])
        for event in view.events:
            if isinstance(event, HandStarted):
                history.clear()
                continue
            move = _move_of(event)
            if move is not None:
                history.append(move)

    def _strategy(self, stack: int) -> tuple[CachoGame, FloatArray, int]:
        """The game and strategy to play at *stack*, and the stack they were solved for:
        that stack's if it is stored or small enough to solve, else its stored
        abstraction (:data:`~cau_rules.cacho.solver.game.SIZES`), else the largest stored
        one below it (adapted)."""
        available = _available(self.rules, self.folder)
        if stack in available or stack <= self.largest:
            game, strategy = solved(self.rules.replace(stack=stack), self.folder, solve=self.solve)
            return game, strategy, stack
        rules = self.rules.replace(stack=stack, max_hands=1)
        if any(strategy_path(place, rules, SIZES).exists() for place in (package_folder(), self.folder or cache_folder())):
            game, strategy = solved(rules, self.folder, solve=False, sizes=SIZES)
            return game, strategy, stack
        usable = [each for each in available if sum(self.rules.bets) < each < stack]
        chosen = max(usable) if usable else self.largest
        game, strategy = solved(self.rules.replace(stack=chosen), self.folder, solve=self.solve)
        return game, strategy, chosen

    def choose(self, view: CachoView, rng: random.Random) -> CachoMove:
        """A move sampled from the solved strategy at the seat's information set.

        Raises:
            IllegalMoveError: the view lists no legal move (not the seat's turn).
        """
        moves = list(view.legal_moves)
        if len(moves) < 2:
            return greedy(view, rng)
        if view.players != 2 or sum(view.dealt_in) != 2:
            return self._table_move(view, rng, moves)
        seat = view.seat
        eldest = (view.dealer + 1) % 2
        stack = min(view.stacks[each] + view.contributions[each] for each in (0, 1))
        game, strategy, solved_stack = self._strategy(stack)
        seen = self._histories.get(view.seat)
        if game.sizes is not None and seen is not None:  # an abstraction: the moves translated
            node = abstract_node(game, seen)
        else:
            history = self._history(view, game, stack, solved_stack)
            node = game.node_of.get(tuple(history)) if history is not None else None
        if stack == solved_stack and game.sizes is None and (
                node is None or _signatures(game)[1].get(node) != _wanted(view)):
            history = _by_counters(view, game)  # the moves observed are not the whole hand
            node = game.node_of.get(tuple(history)) if history is not None else None
        if node is None or game.tree.kind(node) != 0 or game.tree.player(node) != (0 if seat == eldest else 1):
            return greedy(view, rng)
        return _played(game, strategy, node, view, rng, moves, (stack, solved_stack))

    def _table_move(self, view: CachoView, rng: random.Random, moves: Sequence[CachoMove]) -> CachoMove:
        """Three players or more: the two-player strategy, the seat against one opponent
        who has put in what the most committed of the others has (see the module text)."""
        order = [(view.dealer + 1 + step) % view.players for step in range(view.players)]
        active = [seat for seat in order if view.dealt_in[seat] and not view.folded[seat]]
        others = [seat for seat in active if seat != view.seat]
        if not others or view.seat not in active:
            return greedy(view, rng)
        stack = min(view.stacks[seat] + view.contributions[seat] for seat in active)
        game, strategy, solved_stack = self._strategy(stack)
        mine = (view.contributions[view.seat], view.round_bets[view.seat])
        theirs = (max(view.contributions[seat] for seat in others), max(view.round_bets[seat] for seat in others))
        node = _nearest_node(game, view.round, mine, theirs, active[0] == view.seat, stack, solved_stack)
        if node is None:
            return greedy(view, rng)
        return _played(game, strategy, node, view, rng, moves, (stack, solved_stack))

    def _history(self, view: CachoView, game: CachoGame, stack: int, solved_stack: int) -> list[CachoMove] | None:
        seen = self._histories.get(view.seat)
        if seen is None:
            return _by_counters(view, game)
        if stack == solved_stack:
            return list(seen)
        return _translated(seen, game, view, stack, solved_stack)


def _played(game: CachoGame, strategy: FloatArray, node: int, view: CachoView, rng: random.Random,
            moves: Sequence[CachoMove], stacks: tuple[int, int]) -> CachoMove:
    """A move sampled from *strategy* at *node* for the view's holding, made real (the
    real and the solved stack in *stacks*)."""
    offset, actions, states = game.tree.strategy_slice(node)
    state = game.holding_index(view.holding)
    probs = [float(strategy[offset + action * states + state]) for action in range(actions)]
    choice = game.tree.labels[node][_sample(probs, rng)]
    assert isinstance(choice, (Pass, Bet, Call, Raise, Fold))
    return _real_move(choice, moves, view, *stacks)


def _sample(probs: Sequence[float], rng: random.Random) -> int:
    draw = rng.random() * sum(probs)
    for action, prob in enumerate(probs):
        draw -= prob
        if draw < 0:
            return action
    return max(range(len(probs)), key=lambda action: probs[action])


def _limits(view: CachoView, stack: int, solved_stack: int) -> tuple[int, int]:
    before = view.contributions[view.seat] - (view.round_bets[view.seat] if view.round == 3 else 0)
    return max(stack - before, 1), max(solved_stack - before, 1)


def _translated(seen: Sequence[CachoMove], game: CachoGame, view: CachoView, stack: int,
                solved_stack: int) -> list[CachoMove] | None:
    """The solved game's history nearest to the real one: round-3 amounts scaled from the
    real limit to the solved one (clamped to what the solved node allows)."""
    real, small = _limits(view, stack, solved_stack)
    history: list[CachoMove] = []
    node = 0
    tree = game.tree
    for move in seen:
        while tree.kind(node) == 1:
            node = tree.children(node)[0]
        if tree.kind(node) != 0:
            return None
        labels = tree.labels[node]
        pick: Any = move
        if (isinstance(move, (Bet, Raise)) and move not in labels) or (
                isinstance(move, (Bet, Raise)) and real != small):
            amount = move.amount if isinstance(move, Bet) else move.to
            wanted = max(1, round(amount * small / real))
            same = [label for label in labels if type(label) is type(move)]
            if same:
                pick = min(same, key=lambda label: abs((label.amount if isinstance(label, Bet) else label.to) - wanted))
            else:
                pick = Call() if Call() in labels else None
        if pick not in labels:
            return None
        history.append(pick)
        node = tree.children(node)[labels.index(pick)]
    return history


def _real_move(choice: CachoMove, moves: Sequence[CachoMove], view: CachoView, stack: int,
               solved_stack: int) -> CachoMove:
    if choice in moves and (stack == solved_stack or not isinstance(choice, (Bet, Raise))):
        return choice
    if not isinstance(choice, (Bet, Raise)):
        return choice if choice in moves else moves[0]
    real, small = _limits(view, stack, solved_stack)
    amount = choice.amount if isinstance(choice, Bet) else choice.to
    wanted = max(1, round(amount * real / small))
    same = [move for move in moves if type(move) is type(choice)]
    if not same:
        return Call() if Call() in moves else moves[0]
    return min(same, key=lambda move: abs((move.amount if isinstance(move, Bet) else move.to) - wanted))


def _wanted(view: CachoView) -> tuple[object, ...]:
    """The view's public counters, eldest hand first: round, contributions, this round's
    bets and the player to act."""
    eldest = (view.dealer + 1) % 2
    order = (eldest, 1 - eldest)
    return (view.round, tuple(view.contributions[seat] for seat in order),
            tuple(view.round_bets[seat] for seat in order), order.index(view.to_play))


def _signatures(game: CachoGame) -> tuple[dict[tuple[object, ...], list[CachoMove]], dict[int, tuple[object, ...]]]:
    """For each public counters, the first history with them; for each decision node,
    its counters."""
    known = _SIGNATURES.get(game)
    if known is None:
        first: dict[tuple[object, ...], list[CachoMove]] = {}
        of_node: dict[int, tuple[object, ...]] = {}
        tree = game.tree
        for node in range(tree.nodes):
            if tree.kind(node) == 0:
                state = replay(game, node, 0, ())[-1]
                signature = (state.round, state.contributions, state.round_bets, state.to_play)
                of_node[node] = signature
                first.setdefault(signature, list(game.histories[node]))
        known = _SIGNATURES[game] = (first, of_node)
    return known


def _by_counters(view: CachoView, game: CachoGame) -> list[CachoMove] | None:
    """A history of *game* whose position has the view's public counters (used when the
    bot was not shown the hand's moves, or not all of them)."""
    found = _signatures(game)[0].get(_wanted(view))
    return None if found is None else list(found)


def _nearest_node(game: CachoGame, round_: int, mine: tuple[int, int], theirs: tuple[int, int], first: bool,
                  stack: int, solved_stack: int) -> int | None:
    """The decision node of *game* nearest to a table's position seen as a duel: the seat
    has put in ``mine`` (in all, this round), its one opponent ``theirs``, the seat acts
    first in each round if *first*; round-3 amounts are scaled from *stack* to
    *solved_stack*.  Nearest: the same round, seat to act and whether a bet is faced,
    then the fewest counters apart."""
    def scaled(counters: tuple[int, int]) -> tuple[int, int]:
        total, bet = counters
        prior = total - bet
        if round_ != 3 or stack == solved_stack or bet == 0:
            return total, bet
        small = max(1, round(bet * (solved_stack - prior) / max(1, stack - prior)))
        return prior + small, small
    me, them = scaled(mine), scaled(theirs)
    index = 0 if first else 1
    contributions = (me[0], them[0]) if first else (them[0], me[0])
    bets = (me[1], them[1]) if first else (them[1], me[1])
    facing = them[1] > me[1]
    best: tuple[int, int] | None = None
    for node, signature in _signatures(game)[1].items():
        there_round, there_contributions, there_bets, to_play = signature
        assert isinstance(there_contributions, tuple) and isinstance(there_bets, tuple)
        if there_round != round_ or to_play != index or (there_bets[1 - index] > there_bets[index]) != facing:
            continue
        gap = sum(abs(a - b) for a, b in zip(there_contributions + there_bets, contributions + bets, strict=True))
        if best is None or gap < best[0]:
            best = (gap, node)
    return None if best is None else best[1]
