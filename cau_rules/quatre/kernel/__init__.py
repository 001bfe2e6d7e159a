"""The compiled kernel of the four-card game ``cau-quatre`` (the ``fast`` extra: numba
and numpy).

The four-card game's rules once more, over rows of integers, compiled with numba and
cached on disk; the reference engine (:mod:`cau_rules.quatre.engine`) stays the truth and
the differential tests hold the two equal after every step.

- :mod:`~cau_rules.quatre.kernel.layout`: the row layout and the rules vector (pure
  Python, importable without the extra).
- :mod:`~cau_rules.quatre.kernel.core`: the compiled rules (imports numba).
- :mod:`~cau_rules.quatre.kernel.bridge`: rows to states and back.
- :mod:`~cau_rules.quatre.kernel.batch`: a batch of games, what
  :class:`cau_rules.batch.BatchGame` drives, and the hook of the compiled search.
- :mod:`~cau_rules.quatre.kernel.search`: IS-MCTS with every iteration in the kernel
  (each re-deals what the searching seat does not know).

Importing this package imports neither numba nor numpy.
"""
