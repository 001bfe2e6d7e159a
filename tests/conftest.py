"""Shared pytest configuration: the Hypothesis profiles.

``HYPOTHESIS_PROFILE`` selects one (``dev`` when unset):

- ``dev``: quick feedback while working (about 25 examples a property, no deadline).
- ``ci``: thorough and reproducible (150 examples a property, derandomized so every run
  tests the same examples, no example database, a reproduction blob printed on failure).
  CI runs ``HYPOTHESIS_PROFILE=ci pytest``.  One property plays whole games and applies
  every legal move of every position: it takes at most 60 examples a case
  (``tests/property/test_invariants.py``, ``GAMES``), which under ``ci`` was most of the
  suite's time with 150 (its 22 cases took 1,530 of the suite's CPU seconds in one
  run, and CI neared 20 minutes; the "Budgets for checks" of ``seeds/decisions.md`` give
  the thorough profile 5 minutes).
  A new preset adds roughly 10 s per player count under ``ci``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
