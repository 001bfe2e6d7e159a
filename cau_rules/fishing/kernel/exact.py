"""Exact search of the perfect-information positions of the capture family (numba).

A position is *perfect information* for the seat to play when no card it has not seen can
be anywhere else than in one place: the stock is empty (or was dealt whole, as ``cau-40``
and ``cau-robat-40`` deal with two players) and every card the seat has not seen is in a
single other seat's holding (or every other holding is known).  From such a position the
rest of the hand is a game of perfect information, and :func:`run_solve` searches it
exactly: alpha-beta over the kernel's own :func:`~cau_rules.fishing.kernel.core.step`
and :func:`~cau_rules.fishing.kernel.parts.legal_mask`, with a transposition table.

**What is maximised: the final score margin.**  The search ends at the end of the current
hand, and its value is, from the team of the seat to play at the root (a team is one seat,
or two partners in a team game):

- cards presets (``cau``, ``cau-robat``, ``cau-40``, ``cau-robat-40``): the team's cards
  in the hand's score row (its cards, or its dozen points under ``scoring="dozens"``)
  minus the best other team's;
- stones (``cau-recau-sant-vicent``): the team's stones minus the other team's when the
  hand ends (the next hand's *pixat* / *bon fer* belong to a deal nobody has seen, and are
  not counted), or :data:`WIN` / ``-WIN`` when a team reaches the target during the hand
  (it wins the game).

Every seat of the root's team maximises the value, every other seat minimises it (with
more than two teams, the others are taken as one coalition: the *paranoid* value, so the
move chosen secures the margin whatever the others do).  Cards of one rank are
interchangeable (suits never matter in these rules), so the search tries one play per
rank and choice, and its table keys positions by ranks.

The work is bounded by a node limit: :func:`run_solve` reports :data:`ABORTED` when it
runs out, and the caller falls back on another search (see :class:`cau_rules.ai.exact.ExactBot`).

>>> from cau_rules import new_game
>>> state = new_game("cau-robat-40", players=2, seed=3)
>>> while sum(len(h) for h in state.holdings) > 6:
...     state = state.apply(state.legal_moves()[0])
>>> perfect_state(state)
True
>>> found = solve(state)
>>> found.solved, found.move in state.legal_moves()
(True, True)
>>> found.value == max(Solver(state.rules, 2).move_values(state).values())
True
"""
from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cau_rules.errors import InvalidPositionError, InvalidRulesError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.infer import FishingMemory, perfect_information
from cau_rules.fishing.kernel import core
from cau_rules.fishing.kernel.alphabeta import (
    ABORTED,
    DONE,
    EXACT_DEPTH,
    FAILED,
    INF,
    WIN,
    perfect_row,
    run_solve,
    value_of,
)
from cau_rules.fishing.kernel.bridge import DEAL_SLOTS, SLOT, row_of
from cau_rules.fishing.kernel.layout import (
    ERROR,
    HS_LEN,
    MAXP,
    PARTIDES0,
    PHASE,
    PHASE_CODES,
    row_length,
    rules_vector,
    supported_problems,
)
from cau_rules.fishing.moves import FishingMove
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.kernel.types import Ints

__all__ = [
    "ABORTED",
    "DONE",
    "FAILED",
    "TABLE_BITS",
    "WIN",
    "Solution",
    "Solver",
    "known_position",
    "perfect_row",
    "perfect_state",
    "solve",
    "solve_info",
]

OVER = PHASE_CODES["over"]
TABLE_BITS = 20
"""The transposition table's size, as a power of two (entries)."""


# -- the Python side -------------------------------------------------------------------

Row = npt.NDArray[np.int16]


@attrs.frozen
class Solution:
    """What :meth:`Solver.solve` found: whether it *solved* the position within the node
    limit, the *move* to play and its *value* (the final score margin, see the module;
    None and 0 when not solved), and the *nodes* visited."""

    solved: bool
    move: FishingMove | None
    value: int
    nodes: int


def perfect_state(state: FishingState) -> bool:
    """Whether *state* is perfect information for its seat to play by its structure: the
    game is not over, the stock is empty and at most one other seat holds cards (the
    seat must also have followed closed piles: see
    :func:`~cau_rules.fishing.infer.perfect_information` for an information state).

    >>> from cau_rules import new_game
    >>> perfect_state(new_game("cau-40", players=2, seed=1)), perfect_state(new_game("cau", players=2, seed=1))
    (True, False)
    """
    if state.is_over or state.stock:
        return False
    return sum(1 for seat in range(state.players) if seat != state.to_play and state.holdings[seat]) <= 1


class Solver:
    """An exact search for one rules object and player count, keeping its transposition
    table between searches (it stays valid: its entries are exact facts of positions).

    Args:
        rules: the rules played.
        players: the player count.
        table_bits: the table's size as a power of two (entries).
        node_limit: the positions a search may visit (default of :meth:`solve`).

    Raises:
        InvalidRulesError: the kernel does not play these rules.

    >>> from cau_rules import get_rules
    >>> Solver(get_rules("cau-40"), 2).node_limit
    2000000
    """

    def __init__(self, rules: FishingRules, players: int, table_bits: int = TABLE_BITS,
                 node_limit: int = 2_000_000) -> None:
        problems = supported_problems(rules, players)
        if problems:
            raise InvalidRulesError("the kernel does not play these rules: " + "; ".join(problems))
        self.rules = rules
        self.players = players
        self.node_limit = node_limit
        self.rules_vector: Ints = np.array(rules_vector(rules, players), np.int64)
        self.codec = FishingCodec(rules, players)
        self.team: Ints = np.array(
            [seat % 2 if rules.teams else seat for seat in range(MAXP)], np.int64)
        size = 1 << table_bits
        self.tt_key = np.zeros(size, np.uint64)
        self.tt_val = np.zeros(size, np.int64)
        self.tt_flag = np.zeros(size, np.int8)
        self.tt_move = np.zeros(size, np.int64)
        self.tt_draft = np.zeros(size, np.int64)
        self.cut = 0
        """Lines the last search cut at its depth limit (0: its value is exact)."""

    def _search(self, row: Row, team: int, alpha: int, beta: int, limit: int,
                depth: int = EXACT_DEPTH) -> tuple[int, int, int, int]:
        """Status, value, action and positions of a search of *row* (raises
        InvalidRulesError when a line outgrew the kernel's fixed sizes)."""
        nodes = np.zeros(2, np.int64)
        out = np.zeros(2, np.int64)
        status = run_solve(row, self.rules_vector, self.team, team, alpha, beta, limit, depth, self.tt_key,
                           self.tt_val, self.tt_flag, self.tt_move, self.tt_draft, nodes, out)
        self.cut = int(nodes[1])
        if status == FAILED:
            raise InvalidRulesError("a line outgrew the kernel's fixed sizes")
        return int(status), int(out[0]), int(out[1]), int(nodes[0])

    @staticmethod
    def _root_row(state: FishingState) -> Row:
        """The row of *state*, to search from (raises InvalidPositionError when the game
        is over)."""
        if state.is_over:
            raise InvalidPositionError("the game is over: there is no move to search")
        row = np.zeros(row_length(state.rules), np.int16)
        row_of(state, row)
        return row

    def best(self, state: FishingState, node_limit: int | None = None) -> Solution:
        """The best move of *state* found by iterative deepening within *node_limit*
        positions in all: the exact search when it fits (``solved``), else the move of
        the deepest depth-limited search finished, lines cut at :func:`estimate` (its
        ``value`` is then an estimate); ``move`` None when not even one move deep fits.

        Raises:
            InvalidPositionError: the game is over.
            InvalidRulesError: a line outgrew the kernel's fixed sizes.
        """
        row = self._root_row(state)
        team = int(self.team[state.to_play])
        left = node_limit or self.node_limit
        moves = {self.codec.encode(move): move for move in state.legal_moves()}
        found = Solution(False, None, 0, 0)
        used = 0
        depth = 2
        while left > 0:
            status, value, action, nodes = self._search(row, team, -INF, INF, left, depth)
            used += nodes
            left -= nodes
            if status == ABORTED:
                break
            exact = self.cut == 0
            found = Solution(exact, moves[action], value, used)
            if exact:
                break
            depth += 2
        return attrs.evolve(found, nodes=used)

    def solve(self, state: FishingState, node_limit: int | None = None) -> Solution:
        """The best move of *state* (its seat to play's; every card's place is read from
        *state*, so the caller makes sure the seat knows them) within *node_limit*
        positions (default :attr:`node_limit`).

        Raises:
            InvalidPositionError: the game is over.
            InvalidRulesError: a line outgrew the kernel's fixed sizes.
        """
        row = self._root_row(state)
        status, value, action, nodes = self._search(row, int(self.team[state.to_play]), -INF, INF, node_limit or self.node_limit)
        if status == ABORTED:
            return Solution(False, None, 0, nodes)
        moves = {self.codec.encode(move): move for move in state.legal_moves()}
        return Solution(True, moves[action], value, nodes)

    def move_values(self, state: FishingState, node_limit: int | None = None) -> dict[FishingMove, int] | None:
        """The exact value of every legal move of *state* (None when a move's line is not
        solved within *node_limit* positions, counted per move).

        Raises:
            InvalidPositionError: the game is over.
            InvalidRulesError: a line outgrew the kernel's fixed sizes.
        """
        base = self._root_row(state)
        team = int(self.team[state.to_play])
        values: dict[FishingMove, int] = {}
        root_hs = int(base[HS_LEN])
        for move in state.legal_moves():
            child = base.copy()
            core.step_row(child, self.rules_vector, np.full((DEAL_SLOTS, SLOT), -1, np.int16),
                          self.codec.encode(move))
            if int(child[PHASE]) == OVER or int(child[HS_LEN]) > root_hs:
                values[move] = int(value_of(child, self.rules_vector, self.team, team, root_hs,
                                            np.array(base[PARTIDES0:PARTIDES0 + 2], np.int64)))
                continue
            if int(child[ERROR]):
                raise InvalidRulesError("a line outgrew the kernel's fixed sizes")
            status, value, _, _ = self._search(child, team, -INF, INF, node_limit or self.node_limit)
            if status == ABORTED:
                return None
            values[move] = value
        return values


def solve(state: FishingState, node_limit: int = 2_000_000) -> Solution:
    """:meth:`Solver.solve` of *state* with a fresh table.

    Raises:
        InvalidPositionError: the game is over.
        InvalidRulesError: the kernel does not play these rules, or a line outgrew its sizes.
    """
    return Solver(state.rules, state.players, table_bits=16, node_limit=node_limit).solve(state)


def known_position(info: Any) -> FishingState | None:
    """The one position the information state *info* allows when it is perfect
    information for its seat, which is to play
    (:func:`~cau_rules.fishing.infer.perfect_information`), and the kernel plays its
    rules; None otherwise.  (Closed piles' contents the seat could not follow are filled
    in at random: they never matter to what follows.)

    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cau-robat-40", players=2, seed=5)
    >>> seat = state.to_play
    >>> known = known_position(InfoState.start(state, seat))
    >>> sorted(known.holdings[1 - seat]) == sorted(state.holdings[1 - seat])
    True
    >>> known_position(InfoState.start(state, 1 - seat)) is None  # not to play
    True
    """
    memory = info.memory
    view = info.view
    if not isinstance(memory, FishingMemory) or view.to_play != info.seat or view.phase in ("declare", "over"):
        return None
    rules = info.rules
    if supported_problems(rules, info.players) or not perfect_information(rules, info.players, view, memory):
        return None
    state: FishingState = info.resample(random.Random(0))
    return state


def solve_info(info: Any, solver: Solver | None = None, node_limit: int | None = None) -> Solution | None:
    """The exact search of the information state *info* (its seat to play's) when it is
    perfect information (see :func:`known_position`); None otherwise.  *solver* (of the
    same rules and player count) keeps its table between calls; by default a fresh one.

    Raises:
        InvalidRulesError: a line outgrew the kernel's sizes.

    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cau", players=2, seed=5)
    >>> solve_info(InfoState.start(state, state.to_play)) is None  # the stock is not empty
    True
    """
    state = known_position(info)
    if state is None:
        return None
    if solver is None:
        solver = Solver(state.rules, state.players, table_bits=16)
    return solver.solve(state, node_limit)
