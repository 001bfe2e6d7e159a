"""Checks shared by the compiled searches' tests of every family (capture, four-card, Cacho)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cau_rules.ai.mcts import ismcts
from cau_rules.registry import family_of


def check_tree(tree: Any, iterations: int, legal: set[int], *, every_legal: bool = True) -> None:
    """A compiled search tree after *iterations*: its size, its visit and reward counts and
    availability bounds, and the root's children (every action of *legal*, or with
    ``every_legal=False`` some of them: moves that share an action are one child)."""
    assert tree.done == iterations
    assert 2 <= tree.nodes <= iterations + 1
    assert tree.visits[0] == iterations
    root = tree.children(0)
    actions = {int(tree.action[child]) for child in root}
    assert actions == legal if every_legal else actions <= legal
    assert sum(int(tree.visits[child]) for child in root) == iterations
    for node in range(1, tree.nodes):
        assert 1 <= tree.visits[node] <= tree.avail[node]
        assert 0.0 <= tree.reward[node] <= tree.visits[node]
        children = tree.children(node)
        assert sum(int(tree.visits[child]) for child in children) <= tree.visits[node]
        assert len({int(tree.action[child]) for child in children}) == len(children)


def check_search(problem: Callable[[Any, random.Random], Any], state: Any, info: Any, seeds: tuple[int, int],
                 iterations: int, *, every_legal: bool = True) -> None:
    """A family's compiled search of *info* (a seat's information state in *state*):
    its ``problem`` drawn with ``random.Random(seeds[0])``, searched *iterations* times
    from the seed ``seeds[1]``; the tree checked by :func:`check_tree` against the legal
    actions of *state*."""
    tree = problem(info, random.Random(seeds[0])).search(iterations, seeds[1])
    codec = family_of(state).codec(state.rules, state.players)
    check_tree(tree, iterations, set(codec.legal_actions(state)), every_legal=every_legal)


def check_reproducible(compiled: Callable[..., Any], info: Any, legal: set[Any], *, every_legal: bool = True) -> None:
    """A family's compiled ``ismcts`` (*compiled*) from the information state *info*: the
    same statistics from the same seed, only legal moves (all of *legal* unless
    ``every_legal=False``), every iteration counted, and ``ismcts(engine="kernel")``
    giving the same moves and visits, most visited first."""
    first = compiled(info, 200, random.Random(9))
    assert first is not None
    assert first == compiled(info, 200, random.Random(9))
    moves = {move for move, _, _ in first}
    assert moves == legal if every_legal else moves <= legal
    assert sum(visits for _, visits, _ in first) == 200
    stats = ismcts(info, 200, random.Random(9), engine="kernel")
    assert {(s.move, s.visits) for s in stats} == {(move, visits) for move, visits, _ in first}
    assert [s.visits for s in stats] == sorted((s.visits for s in stats), reverse=True)


def public(state: Any, seat: int) -> dict[str, Any]:
    """What *seat* sees of *state* (its view as data), without the events."""
    return {key: value for key, value in state.observe(seat).to_dict().items() if key != "events"}


def check_consistent(guess: Any, state: Any, seat: int) -> None:
    """A determinisation *guess* of *state* for *seat*: a legal position, with the same
    cards (the family's suite counts them), that shows *seat* exactly its view."""
    assert guess.status() == ()
    assert public(guess, seat) == public(state, seat)
    all_cards = family_of(state).suite.all_cards
    assert sorted(all_cards(guess)) == sorted(all_cards(state))


def check_row_shares(batch: Any, shares_of: Callable[..., None], shares: Any, players: int, seeds: int) -> None:
    """A family's compiled ``shares_of`` of a finished row, written into the float array
    *shares*, is its reference outcome's shares: game 0 of *batch* (of *players* seats)
    played out from each of *seeds* seeds."""
    for seed in range(seeds):
        batch.reset(0, seed)
        batch.play_random(0, seed)
        shares_of(batch.rows[0], shares)
        assert shares[:players].tolist() == list(batch.outcome(0).shares())
