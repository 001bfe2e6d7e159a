"""Pure-Python helpers every family's compiled kernel shares (no numba, no numpy): each
game's random generator seed, the disk cache's staleness check, and the choice of engine
of a family's playout hook.

>>> generator_state(0) != 0
True
"""

from __future__ import annotations

import contextlib
import importlib
import random
import threading
import types
import warnings
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cau_rules.errors import FAST_EXTRA, MissingExtraError, fast_installed
from cau_rules.outcome import Outcome

__all__ = [
    "OneGameBatches", "fresh_cache", "generator_state", "kernel_or_reference", "kernel_playout", "moved_module", "parallel_twin",
    "source_stamp",
]

_MASK64 = (1 << 64) - 1


def generator_state(seed: int) -> int:
    """The starting state of a game's own random generator for *seed* (never zero: a
    splitmix64 step of the seed); the capture kernel's generator is the same.

    >>> generator_state(0) != generator_state(1)
    True
    """
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) or 1


def source_stamp(path: str) -> int:
    """A number that changes with the text of the file at *path*.

    >>> source_stamp(__file__) == source_stamp(__file__)
    True
    """
    return zlib.crc32(Path(path).read_bytes()) & 0x7FFF_FFFF


def parallel_twin(function: Callable[..., Any]) -> Callable[..., Any]:
    """A copy of *function* under its own name, to compile with ``parallel=True`` beside
    the serial compilation of *function* itself.

    numba's disk cache files a compiled function under its module, qualified name and
    first line, not under its options: compiled twice, once serial and once parallel, one
    function would have one cache entry, and whichever compilation came second would load
    the first's machine code (a "parallel" batch then ran on one thread).

    >>> def rows(): return 1
    >>> twin = parallel_twin(rows)
    >>> twin(), twin.__qualname__, twin.__doc__ == rows.__doc__
    (1, 'rows_parallel', True)
    """
    twin = types.FunctionType(function.__code__, function.__globals__, function.__name__ + "_parallel",
                              function.__defaults__, function.__closure__)
    twin.__qualname__ = function.__qualname__ + "_parallel"
    twin.__doc__ = function.__doc__
    twin.__module__ = function.__module__
    return twin


def fresh_cache(compiled_stamp: Any, stamp: int, module_file: str) -> None:
    """Drop the cached machine code of the compiled module *module_file* when it was
    compiled against another *stamp* (numba's disk cache follows that file's own text
    only, not the constants it takes from elsewhere): every function then compiles afresh
    on its first call.  *compiled_stamp* is the module's compiled function returning its
    stamp."""
    if compiled_stamp() == stamp:
        return
    cache_path = Path(compiled_stamp._cache._cache_path)
    for stale in cache_path.glob(f"{Path(module_file).stem}.*.nb[ic]"):
        with contextlib.suppress(OSError):
            stale.unlink()
    compiled_stamp.recompile()


def kernel_playout(
    kernel: str, state: Any, choose: Callable[[Sequence[Any]], Any], engine: str | None, *, plays: bool = True
) -> Outcome | None:
    """A family playout hook's kernel half (see :class:`~cau_rules.game.PlayoutHook`):
    the outcome of a random playout of *state* in the compiled kernel module *kernel*
    (its ``playout(state, seed)``), or None when the reference engine should play it.

    *engine* None picks the kernel when it is installed, *plays* the state's rules and
    *choose* is a :class:`random.Random`'s ``choice`` (the kernel's generator is seeded
    from that ``Random``).

    Raises:
        MissingExtraError: ``engine="kernel"`` without the ``fast`` extra.
        TypeError: ``engine="kernel"`` and *choose* is not a ``Random``'s ``choice``.
        ValueError: *engine* is neither ``"python"``, ``"kernel"`` nor None.

    >>> kernel_playout("no.such.module", None, print, "python") is None
    True
    """
    rng = getattr(choose, "__self__", None)
    if engine is None:
        engine = "kernel" if plays and isinstance(rng, random.Random) and fast_installed() else "python"
    if engine == "python":
        return None
    if engine != "kernel":
        raise ValueError(f"engine must be 'python' or 'kernel', not {engine!r}")
    if not fast_installed():
        raise MissingExtraError(f"engine='kernel' needs the compiled kernel: {FAST_EXTRA}")
    if not isinstance(rng, random.Random):
        raise TypeError("with engine='kernel', choose must be a random.Random's choice: "
                        "the kernel draws the moves from its own generator, seeded from it")
    outcome: Outcome = importlib.import_module(kernel).playout(state, rng.getrandbits(63))
    return outcome


def kernel_or_reference(kernel: str, state: Any, choose: Callable[[Sequence[Any]], Any],
                        engine: str | None) -> Outcome:
    """A family playout hook written whole: :func:`kernel_playout` of *state* in the
    compiled kernel module *kernel*, or where the reference engine should play it, moves
    drawn by *choose* from the state's legal moves until it is over, and its outcome.

    Raises:
        MissingExtraError, TypeError, ValueError: as :func:`kernel_playout`.

    >>> import random
    >>> from cau_rules import new_game
    >>> state = new_game("cau-quatre", players=2, seed=1)
    >>> kernel_or_reference("no.such.module", state, random.Random(2).choice, "python").termination.name
    'LAST_HOLDER'
    """
    outcome = kernel_playout(kernel, state, choose, engine)
    if outcome is not None:
        return outcome
    while not state.is_over:
        state = state.apply(choose(state.legal_moves()))
    final: Outcome | None = state.outcome()
    assert final is not None
    return final


class OneGameBatches(threading.local):
    """Each thread's one-game batches of a kernel, by rules object and player count: a
    kernel's ``playout(state, seed)`` loads the state into one and plays it out.

    >>> OneGameBatches().batches
    {}
    """

    def __init__(self) -> None:
        self.batches: dict[tuple[int, int], Any] = {}

    def playout(self, make: Callable[[Any, int, int], Any], state: Any, seed: int) -> Outcome:
        """The outcome of a random playout of *state* in a one-game batch made by
        ``make(rules, players, 1)`` (kept for the next playout of the same rules object),
        its moves drawn from a generator started from *seed*."""
        key = (id(state.rules), state.players)
        batch = self.batches.get(key)
        if batch is None or batch.rules is not state.rules:
            if len(self.batches) > 64:
                self.batches.clear()
            batch = self.batches[key] = make(state.rules, state.players, 1)
        batch.load(0, state)
        batch.play_random(0, seed)
        outcome: Outcome = batch.outcome(0)
        return outcome


def moved_module(old: str, new: str) -> Callable[[str], object]:
    """Warn that the module *old* moved to *new* (a ``DeprecationWarning``: the old name
    goes away in 0.3.0), and give the old module's ``__getattr__``, which finds every
    other name of the new module.

    Deprecated: no module uses it since the old names stand in no file (the finder of
    :mod:`cau_rules.moved` answers them); it goes away in 0.3.0 with them.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     find = moved_module("old.name", "cau_rules.kernel.tools")
    >>> find("source_stamp") is source_stamp, caught[0].category.__name__
    (True, 'DeprecationWarning')
    """
    warnings.warn(f"{old} is deprecated and goes away in 0.3.0: import {new}", DeprecationWarning, stacklevel=3)
    module = importlib.import_module(new)

    def find(name: str) -> object:
        return getattr(module, name)

    return find

