"""Hostile input meets the error contract: every fuzzed entry point either works or raises
the library's own error, never hangs, and never leaves a state that cannot play on.

The inputs are real saves, records, moves, option sets and positions of every family,
damaged by the mutators of :mod:`tests.fuzz.corpus`; hypothesis picks the damage.  The
``ci`` profile runs about 60 s in all; ``benchmarks/fuzz.py`` runs the same entry points
for as long as you like and counts the outcomes.
"""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.corpus import ENTRY_POINTS

BUDGET_SECONDS = 2.0
"""The most one case may take (inputs of a few hundred bytes must stay cheap)."""


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_hostile_input_meets_the_error_contract(name: str, rng: random.Random) -> None:
    entry, allowed = ENTRY_POINTS[name]
    started = time.perf_counter()
    with contextlib.suppress(*allowed):
        entry(rng)
    elapsed = time.perf_counter() - started
    assert elapsed < BUDGET_SECONDS, f"{name}: one case took {elapsed:.2f} s"
