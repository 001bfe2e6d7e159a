"""Hostile input meets the error contract: every fuzzed entry point either works or raises
the library's own error, never hangs, and never leaves a state that cannot play on.

The inputs are real saves, records, moves, option sets and positions of every family,
damaged by the mutators of :mod:`tests.fuzz.corpus`; hypothesis picks the damage.  The
``ci`` profile runs about 60 s in all; ``benchmarks/fuzz.py`` runs the same entry points
for as long as you like and counts the outcomes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.corpus import ENTRY_POINTS
from tests.work import BudgetExceeded, calls_made

BUDGET_CALLS = 1_000_000
"""The most function calls one case may make (the cases measured make at most about 40,000:
inputs of a few hundred bytes must stay cheap).  A work bound, the same on every machine,
where a time limit failed on a loaded one."""


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_hostile_input_meets_the_error_contract(name: str, rng: random.Random) -> None:
    entry, allowed = ENTRY_POINTS[name]
    try:
        _, raised = calls_made(lambda: entry(rng), BUDGET_CALLS)
    except BudgetExceeded:
        raise AssertionError(f"{name}: one case made more than {BUDGET_CALLS} calls") from None
    if raised is not None and not isinstance(raised, allowed):
        raise raised
