"""What every family's batch does to its rows, written once (numba, the ``fast`` extra):
compile a rows loop twice, serial and over numba's threads, and sample a random legal
action from each row's mask.

A family's ``kernel/core.py`` writes its rows loops (a step, a legal mask of every row)
as plain functions with ``prange`` and hands them to :func:`twins`; a batch whose legal
actions are masks samples with :func:`sample_serial` or :func:`sample_parallel`.

>>> import numpy as np
>>> from cau_rules.kernel.tools import generator_state
>>> masks = np.array([[False, True, True], [True, False, False]])
>>> rngs = np.array([generator_state(1), generator_state(2)], np.uint64)
>>> out = np.full(2, -1, np.int64)
>>> sample_serial(masks, np.array([2, 1]), rngs, np.array([True, True]), out)
>>> int(out[0]) in (1, 2), int(out[1])
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit, prange

from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel.rng import next_random
from cau_rules.kernel.tools import fresh_cache, parallel_twin, source_stamp

__all__ = ["nth_true", "sample_parallel", "sample_serial", "twins"]


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = source_stamp(kernel_rng.__file__)
"""What this module's machine code was compiled against: the generator compiled into it."""
fresh_cache(compiled_stamp, STAMP, __file__)


def twins(rows_loop: Callable[..., Any]) -> tuple[Any, Any]:
    """*rows_loop* (a plain function over rows, its outer loop a ``prange``) compiled
    twice: serial, and over numba's threads (from a renamed copy:
    :func:`~cau_rules.kernel.tools.parallel_twin`), both cached on disk.

    >>> sample_serial.py_func.__name__, sample_parallel.py_func.__name__
    ('_sample_rows', '_sample_rows_parallel')
    """
    return njit(cache=True)(rows_loop), njit(cache=True, parallel=True)(parallel_twin(rows_loop))


@njit(cache=True)
def nth_true(mask, pick):
    """The index of the *pick*-th True of *mask* (from 0; -1 when it has fewer).

    >>> int(nth_true(np.array([False, True, False, True]), 1))
    3
    """
    for a in range(mask.shape[0]):
        if mask[a]:
            if pick == 0:
                return a
            pick -= 1
    return -1


def _sample_rows(masks, counts, rngs, active, out):
    """A uniformly random legal action of every active row's mask into *out* (the
    ``pick``-th True of the mask, *pick* drawn from the row's own generator
    ``rngs[g]`` below ``counts[g]``, the mask's number of Trues)."""
    for g in prange(masks.shape[0]):
        if active[g] and counts[g] > 0:
            out[g] = nth_true(masks[g], next_random(rngs[g:g + 1]) % np.uint64(counts[g]))


sample_serial, sample_parallel = twins(_sample_rows)
