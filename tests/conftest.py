"""Shared pytest configuration: the Hypothesis profiles.

``HYPOTHESIS_PROFILE`` selects one (``dev`` when unset):

- ``dev``: quick feedback while working (about 25 examples a property, no deadline).
- ``ci``: thorough and reproducible (150 examples a property, derandomized so every run
  tests the same examples, no example database, a reproduction blob printed on failure).
  CI runs ``HYPOTHESIS_PROFILE=ci pytest``.  Measured with the 7 presets registered
  (22 preset/player-count cases): tests/property + tests/regression take about 3.5
  minutes under ``ci`` and 40 s under ``dev`` on 2 cores (within the "Budgets for checks"
  of ``seeds/decisions.md``).
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
