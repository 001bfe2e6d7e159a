"""Hostile and ordinary calls on :class:`~cau_rules.batch.BatchGame`, and a whole copy of
a batch to compare before and after a refused one: what the property test
(``tests/kernel/test_batch_property.py``) and the long fuzz run (``benchmarks/batch_fuzz.py``)
share.

A call is *refused* when it raises one of :data:`ALLOWED` (the batch API's documented
errors); it must then leave the batch exactly as it was: every row, generator, seed,
``done``, ``returns`` and next seed (:func:`snapshot` copies them all, leaving out only
scratch space that a call may overwrite without meaning: the legal-mask cache and the
kernel's work rows).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cau_rules import new_game
from cau_rules.batch import BatchGame
from cau_rules.checks import MAX_SEED
from cau_rules.errors import CauRulesError

__all__ = [
    "ALLOWED", "FAMILIES", "SCRATCH", "assert_same", "check_call", "differences", "hostile_call", "make_batch",
    "snapshot",
]

ALLOWED: tuple[type[BaseException], ...] = (CauRulesError, TypeError, IndexError)
"""The errors a call on a batch may raise: the library's own, a :class:`TypeError`
naming a parameter, an :class:`IndexError` for a game index out of range."""

SCRATCH = frozenset({"_mask", "_mask_fresh", "_features", "works", "counts", "lists", "_masked", "_pieces"})
"""Attributes that are scratch or caches (rebuilt from the rows when read)."""

FAMILIES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("cau", 2, {}),
    ("cau-robat", 3, {}),
    ("cau-recau-sant-vicent", 4, {}),
    ("cau-recau-sant-vicent", 4, {"target": 2}),
    ("cau-recau-sant-vicent", 4, {"target": 3, "partides_to_win": 2}),
    ("cau-quatre", 3, {}),
    ("cacho", 3, {}),
)
"""A preset of every family, a Valencian game whose deals may end it, and a joc of
several partides."""


def _copied(value: object) -> object:
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, (list, dict, tuple)):
        return copy.deepcopy(value)
    return value


def snapshot(batch: BatchGame) -> dict[str, object]:
    """Everything *batch* and its kernel batch hold but scratch, copied."""
    taken = {f"batch.{name}": _copied(value) for name, value in vars(batch).items()
             if name not in SCRATCH and name != "_batch"}
    taken.update({f"kernel.{name}": _copied(value) for name, value in vars(batch._batch).items()
                  if name not in SCRATCH})
    return taken


def _same(one: object, other: object) -> bool:
    if isinstance(one, np.ndarray) or isinstance(other, np.ndarray):
        return (isinstance(one, np.ndarray) and isinstance(other, np.ndarray) and one.dtype == other.dtype
                and one.shape == other.shape and bool(np.array_equal(one, other, equal_nan=one.dtype.kind == "f")))
    return bool(one == other)


def differences(before: dict[str, object], after: dict[str, object]) -> list[str]:
    """The names of the fields that differ between two snapshots."""
    return sorted(name for name in before.keys() | after.keys()
                  if name not in before or name not in after or not _same(before[name], after[name]))


def assert_same(before: dict[str, object], after: dict[str, object]) -> None:
    """Fail naming the fields that differ between two snapshots."""
    changed = differences(before, after)
    assert not changed, f"a refused call changed {changed}"


def make_batch(rng: random.Random) -> BatchGame:
    """A small batch of a random family, made by the constructor or from states."""
    name, players, options = rng.choice(FAMILIES)
    size = rng.randint(1, 4)
    seed = rng.randrange(1000)
    auto_reset = rng.random() < 0.5
    if rng.random() < 0.2:
        states = [new_game(name, players=players, seed=seed + k, **options) for k in range(size)]
        return BatchGame.from_states(states, seed=seed, auto_reset=auto_reset)
    return BatchGame(name, players, size, seed=seed, auto_reset=auto_reset, **options)


_HOSTILE: tuple[object, ...] = (
    None, True, False, 1.0, 1.5, float("nan"), float("inf"), -1, -2, 2**31, 2**63, MAX_SEED, MAX_SEED + 1, -(2**63),
    2**100, "0", "", b"1", [0], (0,), {}, object(), np.int64(-1), np.float64(0.0), np.bool_(True), 1j,
)
"""Values no argument of the batch API takes (or takes only in a few places)."""


_HOSTILE_COUNTS: tuple[object, ...] = (None, True, 1.0, 1.5, float("nan"), 0, -1, MAX_SEED + 1, 2**100, "2", [1],
                                        np.int64(0), np.bool_(True))
"""Counts ``play_seeds`` refuses (a large count it accepts would play that many games)."""


def _value(rng: random.Random, good: Callable[[], object]) -> object:
    return good() if rng.random() < 0.5 else rng.choice(_HOSTILE)


def hostile_call(batch: BatchGame, rng: random.Random) -> tuple[str, Callable[[], object]]:
    """A random call on *batch*, its arguments good or hostile: its name and a thunk."""
    size = batch.size

    def game() -> object:
        return _value(rng, lambda: rng.randrange(size))

    def seed() -> object:
        return _value(rng, lambda: rng.randrange(MAX_SEED - 100, MAX_SEED + 1) if rng.random() < 0.1
                      else rng.randrange(10_000))
    kind = rng.randrange(12)
    if kind == 0:
        g, s = game(), seed()
        return f"reset({g!r}, {s!r})", lambda: batch.reset(g, s)  # type: ignore[arg-type]
    if kind == 1:
        g, s = game(), (None if rng.random() < 0.5 else seed())
        return f"play_random({g!r}, {s!r})", lambda: batch.play_random(g, s)  # type: ignore[arg-type]
    if kind == 2:
        g, s = game(), seed()
        return f"play_seed({g!r}, {s!r})", lambda: batch.play_seed(g, s)  # type: ignore[arg-type]
    if kind == 3:  # no large count that would be accepted: that is a long run, not a refusal
        g, s = game(), seed()
        c = rng.randint(1, 3) if rng.random() < 0.5 else rng.choice(_HOSTILE_COUNTS)
        return f"play_seeds({g!r}, {s!r}, {c!r})", lambda: batch.play_seeds(g, s, c)  # type: ignore[arg-type]
    if kind == 4:
        g = game()
        return f"outcome({g!r})", lambda: batch.outcome(g)  # type: ignore[arg-type]
    if kind == 5:
        g = game()
        return f"state({g!r})", lambda: batch.state(g)  # type: ignore[arg-type]
    if kind == 6:
        return "observe()", batch.observe
    if kind == 7:
        return "random_actions()", batch.random_actions
    if kind == 8:
        return "legal_mask()", batch.legal_mask
    # steps: a good step, or one with damaged actions or mask
    actions: Any = batch.random_actions()
    moving: Any = None
    damage = rng.randrange(8)
    if damage == 1:
        actions = actions.copy()
        actions[rng.randrange(size)] = rng.choice((-1, batch.num_actions, 2**40, rng.randrange(batch.num_actions)))
    elif damage == 2:
        actions = rng.choice((actions.astype(np.float64), actions.tolist()[:-1], "abc", None, [[0], [0, 1]],
                              actions.astype(np.bool_), np.zeros((size, 1), np.int64), actions.astype(object)))
    elif damage == 3:
        moving = np.array([rng.random() < 0.5 for _ in range(size)])
    elif damage == 4:
        moving = rng.choice((np.ones(size + 1, np.bool_), np.ones(size, np.int64), [True] * size, "yes",
                             np.ones((size, 1), np.bool_)))
    return f"step({actions!r:.60}, {moving!r:.40})", lambda: batch.step(actions, moving)


def check_call(batch: BatchGame, name: str, call: Callable[[], object]) -> str:
    """Make *call* on *batch*: ``"accepted"``, or the name of the documented error it
    raised (the batch then unchanged, else AssertionError); any other exception escapes.
    After an accepted call the batch still reads: every game's state, and ``done``
    with ``returns`` adding up to 1 in every game reported finished."""
    before = snapshot(batch)
    try:
        call()
    except ALLOWED as exc:
        changed = differences(before, snapshot(batch))
        assert not changed, f"{name} raised {type(exc).__name__} ({exc}) and changed {changed}"
        return type(exc).__name__
    over = batch._batch.over()
    for game in range(batch.size):
        assert batch.state(game).is_over == bool(over[game]), name
    if not batch.auto_reset:
        assert (batch.done == over).all(), name
    finished = batch.done
    assert np.allclose(batch.returns[finished].sum(axis=1), 1.0), name
    return "accepted"
