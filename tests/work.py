"""Work bounds for tests: how many function calls a call makes, never how many seconds it takes.

A test that asserts seconds fails on a loaded machine and passes on a fast one whatever
the code does; the number of calls a call makes (Python functions and C functions alike,
counted with :func:`sys.setprofile`) is the same on every machine and every run.  A loop
over the elements of a big input makes at least one call per element in this code base,
so a small call budget proves the input was refused before it was walked.

Timings belong in ``benchmarks/``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

__all__ = ["BudgetExceeded", "calls_made", "within"]


class BudgetExceeded(BaseException):
    """Raised inside the measured call when it makes more calls than its budget.

    A ``BaseException``, so that the code under test cannot swallow it as an error.
    """


def calls_made(call: Callable[[], object], budget: int | None = None) -> tuple[int, BaseException | None]:
    """Run *call* and count every function call it makes (Python and C).

    Args:
        call: what to run.
        budget: stop the call (raising :class:`BudgetExceeded` inside it) after this many.

    Returns:
        The number of calls, and the exception the call raised (None if it returned).

    >>> calls_made(lambda: sorted([3, 1, 2]))[0] >= 1
    True
    """
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1
            if budget is not None and count > budget:
                sys.setprofile(None)
                raise BudgetExceeded(f"more than {budget} calls")

    previous = sys.getprofile()
    sys.setprofile(profile)
    raised: BaseException | None = None
    try:
        call()
    except BudgetExceeded:
        raise
    except Exception as exc:
        raised = exc
    finally:
        sys.setprofile(previous)
    return count, raised


def within(budget: int, call: Callable[[], object]) -> BaseException | None:
    """Run *call*, failing the test if it makes more than *budget* calls; returns what it raised.

    >>> within(100, lambda: int("x")).__class__.__name__
    'ValueError'
    """
    try:
        count, raised = calls_made(call, budget)
    except BudgetExceeded:
        raise AssertionError(f"{call} made more than {budget} calls") from None
    assert count <= budget, f"{call} made {count} calls; at most {budget}"
    return raised
