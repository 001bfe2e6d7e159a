"""The compiled kernel of the capture family (the ``fast`` extra: numba and numpy).

The rules of every capture preset once more, over rows of integers, compiled with numba
and cached on disk; the reference engine stays the truth and the differential tests
hold the two equal after every step.

- :mod:`~cau_rules.fishing.kernel.layout`: the row layout and which options the kernel
  plays (pure Python, importable without the extra).
- :mod:`~cau_rules.fishing.kernel.core`: the compiled rules (imports numba).
- :mod:`~cau_rules.fishing.kernel.bridge`: rows to states and back, and the deals.
- :mod:`~cau_rules.fishing.kernel.batch`: a batch of games, what
  :class:`cau_rules.batch.BatchGame` drives.

Importing this package imports neither numba nor numpy.
"""
