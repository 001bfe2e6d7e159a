"""Random sequences of good and hostile calls on batches of every family: a refused call
leaves the whole batch as it was, an accepted one leaves it readable (issue 39)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.kernel.batch_calls import check_call, hostile_call, make_batch

pytest.importorskip("numba")

CALLS = 12
"""Calls per example: each example builds a batch (a few games) and makes these calls."""


@settings(max_examples=min(settings().max_examples, 60))
@given(st.randoms(use_true_random=False))
def test_refused_calls_change_nothing(rng: random.Random) -> None:
    batch = make_batch(rng)
    for _ in range(CALLS):
        name, call = hostile_call(batch, rng)
        check_call(batch, name, call)
