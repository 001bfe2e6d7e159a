"""The exploitability of an abstracted Cacho strategy in the *full* game.

An abstracted game (:func:`~cau_rules.cacho.solver.game.cacho_game` with ``sizes``)
keeps a few round-3 amounts; its strategy is played in the full game by translation: a
real bet or raise of the other seat counts as the nearest amount of the same kind that
the abstract position has (the lower one on a tie), and the strategy's own moves are
played as they are (with nearest-amount translation they are always legal).  This is
what :class:`~cau_rules.cacho.solver.bot.CachoEquilibriumBot` does.

:func:`full_best_response` is the exact value of a best response to that translated
strategy in the full game, which may bet every amount: rounds 1 and 2 (the same in both
games) are read from the abstract tree, and round 3 is walked in compiled code from
every public node where it starts (:func:`~cau_rules.cacho.solver.round3.round3_best`),
without building the full tree, so it runs at the preset's 20 counters.
:func:`full_exploitability` is the mean of the two seats' best responses, in counters
per hand.

>>> from cau_rules.cacho import CACHO
>>> from cau_rules.cacho.solver.game import cacho_game
>>> game = cacho_game(CACHO.replace(stack=4), sizes=(1, 3))
>>> measured = full_exploitability(game, game.tree.uniform_strategy())
>>> measured.value > 0.5 and measured.unmapped == 0 and measured.real_nodes > game.tree.decision_nodes
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.solver.game import CachoGame
from cau_rules.cacho.solver.policies import replay
from cau_rules.cacho.solver.round3 import BET, CALL, FOLD, PASS, RAISE, round3_best
from cau_rules.solve import kernel
from cau_rules.solve.cfr import Work, checked_strategy
from cau_rules.solve.tree import PublicTree

__all__ = ["FullResponse", "abstract_node", "full_best_response", "full_exploitability", "translated_strategy"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_SPACE_ARRAYS = (
    "sp_n", "sp_full_start", "sp_nfull", "full_canon", "full_set", "sp_set_start", "sp_nsets",
    "set_sub_start", "sub_ids", "sub_sign", "sp_sub_start", "sp_nsub", "key0", "key1", "order0", "order1",
    "sp_rep_start", "rep_set", "sp_scale",
)


@attrs.frozen
class FullResponse:
    """A best response in the full game: its *value* (counters per hand; for
    :func:`full_exploitability` the mean of both seats'), the real round-3 nodes walked
    (*real_nodes*, opponent's unplayed paths left out) and the real moves the
    translation had no abstract counterpart for (*unmapped*, 0 by construction)."""

    value: float
    real_nodes: int
    unmapped: int


def _abstract_arrays(game: CachoGame) -> tuple[IntArray, ...]:
    """Each edge's move kind and amount, beside the tree's child arrays, for the walk."""
    tree = game.tree
    codes = {Pass: PASS, Bet: BET, Call: CALL, Raise: RAISE, Fold: FOLD}
    kinds: list[int] = []
    amounts: list[int] = []
    for node in range(tree.nodes):
        if tree.kind(node) == 1:  # a deal's outcomes: no move
            kinds.extend([-1] * len(tree.children(node)))
            amounts.extend([0] * len(tree.children(node)))
        for label in tree.labels[node]:
            kinds.append(codes[type(label)])
            amounts.append(label.amount if isinstance(label, Bet) else label.to if isinstance(label, Raise) else 0)
    a = tree.arrays
    if not kinds:  # pragma: no cover - every Cacho tree has decisions
        kinds, amounts = [0], [0]
    return (np.zeros(1, np.int64), a["child_start"].astype(np.int64), a["child_count"].astype(np.int64),
            a["children"].astype(np.int64), np.array(kinds, np.int64), np.array(amounts, np.int64),
            a["node_strat"].astype(np.int64))


def full_best_response(game: CachoGame, strategy: FloatArray, player: int) -> FullResponse:
    """The value for *player* (0: the eldest hand) of a best response, in the full game,
    to the other seat's part of *strategy* (a strategy array of the abstracted *game*,
    played by translation: see the module text).

    Raises:
        SolverInputError: *strategy* is not a strategy array of *game*'s tree.
    """
    tree = game.tree
    strat = checked_strategy(tree, strategy)
    work = Work(tree)
    empty = np.zeros(0)
    work.sweep(kernel.MODE_VALUE, player, strat, empty, empty)  # fills both seats' reach everywhere
    a = tree.arrays
    sp_args = tuple(a[name] for name in _SPACE_ARRAYS)
    ab = _abstract_arrays(game)
    value = np.zeros(tree.vector_size)
    three = next(index for index, space in enumerate(tree.spaces) if len(space.full[0]) == 3)
    counted = np.zeros(1, np.int64)
    unmapped = 0
    kinds, spaces, offsets = a["node_kind"], a["node_space"], a["node_vec"]
    for node in range(tree.nodes - 1, -1, -1):
        kind, space, off = int(kinds[node]), int(spaces[node]), int(offsets[node])
        size = tree.spaces[space].canonical
        here = value[off:off + size]
        parent = tree.parents[node][0]
        if space == three and (parent < 0 or int(kinds[parent]) != 1):
            continue  # inside round 3: walked from its start below
        opp = work.reach[1 - player, off:off + size]
        if kind == 0 and space == three:
            state = replay(game, node, 0, ())[-1]
            prior = state.contributions[0]
            limit = max([move.amount if isinstance(move, Bet) else 0 for move in state.legal_moves()])
            sp = (np.array([space], np.int64), *sp_args)
            unmapped += int(round3_best(player, prior, limit, node, np.ascontiguousarray(opp), strat, ab, sp,
                                        work.scratch, here, counted))
        elif kind == 2:
            kernel.terminal(player, int(a["term_kind"][node]), float(a["term_amount"][node]), space,
                             work.reach[1 - player], off, value, off, *sp_args, *work.scratch)
        elif kind == 1:
            here[:] = 0.0
            for child, transition in zip(tree.children(node), _edges(tree, node), strict=True):
                start = int(a["trans_start"][transition])
                count = tree.space_of(child).canonical
                child_off = int(offsets[child])
                parents = np.asarray(a["trans_map"][start:start + count], dtype=np.int64)
                weights = np.asarray(a["trans_bwd"][start:start + count], dtype=np.float64)
                np.add.at(here, parents, weights * value[child_off:child_off + count])
        else:
            values = np.array([value[int(offsets[child]):int(offsets[child]) + size] for child in tree.children(node)])
            here[:] = values.max(axis=0) if tree.player(node) == player else values.sum(axis=0)
    root = value[: len(work.orbits)]
    return FullResponse(float(np.dot(work.orbits, root)), int(counted[0]), unmapped)


def _edges(tree: PublicTree, node: int) -> list[int]:
    """The transitions of a chance node's outcomes."""
    start, count = int(tree.arrays["child_start"][node]), int(tree.arrays["child_count"][node])
    return [int(edge) for edge in tree.arrays["edge_trans"][start:start + count]]


def full_exploitability(game: CachoGame, strategy: FloatArray) -> FullResponse:
    """The exploitability in the full game of *strategy* (of the abstracted *game*,
    played by translation): the mean of both seats' :func:`full_best_response`, with
    their real nodes and unmapped moves added up.

    Raises:
        SolverInputError: *strategy* is not a strategy array of *game*'s tree.
    """
    first, second = (full_best_response(game, strategy, player) for player in (0, 1))
    return FullResponse((first.value + second.value) / 2.0, first.real_nodes + second.real_nodes,
                        first.unmapped + second.unmapped)


def _nearest(move: CachoMove, labels: Sequence[object]) -> int | None:
    """The index in *labels* of *move*, or of the nearest bet (raise) to a bet (raise) of
    another amount, the lower one on a tie; None when there is none."""
    if move in labels:
        return labels.index(move)
    if not isinstance(move, (Bet, Raise)):
        return None
    wanted = move.amount if isinstance(move, Bet) else move.to
    same = [(abs((label.amount if isinstance(label, Bet) else label.to) - wanted), index)
            for index, label in enumerate(labels) if type(label) is type(move) and isinstance(label, (Bet, Raise))]
    return min(same)[1] if same else None


def abstract_node(game: CachoGame, history: Sequence[CachoMove]) -> int | None:
    """The node of the abstracted *game* that a real hand's moves *history* translate to
    (each bet or raise to the nearest amount of the same kind the abstract node has, the
    lower one on a tie), or None when a move has no counterpart.

    >>> from cau_rules.cacho import CACHO, Bet, Call, Pass
    >>> from cau_rules.cacho.solver.game import cacho_game
    >>> game = cacho_game(CACHO.replace(stack=6), sizes=(1, 3))
    >>> node = abstract_node(game, [Bet(1), Call(), Pass(), Pass(), Bet(4)])
    >>> game.histories[node][-1]
    Bet(amount=3)
    """
    tree = game.tree
    node = 0
    for move in history:
        while tree.kind(node) == 1:
            node = tree.children(node)[0]
        if tree.kind(node) != 0:
            return None
        pick = _nearest(move, tree.labels[node])
        if pick is None:
            return None
        node = tree.children(node)[pick]
    while tree.kind(node) == 1:
        node = tree.children(node)[0]
    return node


def translated_strategy(full: CachoGame, game: CachoGame, strategy: FloatArray) -> FloatArray:
    """The strategy array of the *full* game (built without sizes) that plays *strategy*
    of the abstracted *game* by translation, at every decision node: for small stacks,
    an exact check of :func:`full_exploitability` on the full tree.

    Raises:
        SolverInputError: *strategy* is not a strategy array of *game*'s tree.
    """
    abstract = checked_strategy(game.tree, strategy)
    out = full.tree.uniform_strategy()
    for node in range(full.tree.nodes):
        if full.tree.kind(node) != 0:
            continue
        there = abstract_node(game, full.histories[node])
        offset, actions, states = full.tree.strategy_slice(node)
        labels = full.tree.labels[node]
        block = np.zeros((actions, states))
        if there is None:  # lost in the abstraction: call (or pass), as the walk does
            block[labels.index(Call() if Call() in labels else Pass())] = 1.0
        else:
            source = game.tree.strategy_slice(there)[0]
            for action, label in enumerate(game.tree.labels[there]):
                real = labels.index(label) if label in labels else labels.index(Call() if Call() in labels else Pass())
                block[real] += abstract[source + action * states:source + (action + 1) * states]
        out[offset:offset + actions * states] = block.ravel()
    return out
