"""The compiled kernel of *Cacho* (the ``fast`` extra: numba and numpy).

The betting game's rules once more, over rows of integers, compiled with numba and
cached on disk; the reference engine (:mod:`cau_rules.cacho.engine`) stays the truth and
the differential tests hold the two equal after every step.

- :mod:`~cau_rules.cacho.kernel.layout`: the row layout and the rules vector (pure
  Python, importable without the extra).
- :mod:`~cau_rules.cacho.kernel.core`: the compiled rules and hand evaluator (imports numba).
- :mod:`~cau_rules.cacho.kernel.bridge`: rows to states and back, and the deck orders.
- :mod:`~cau_rules.cacho.kernel.batch`: a batch of sessions, what
  :class:`cau_rules.batch.BatchGame` drives.
- :mod:`~cau_rules.cacho.kernel.dealing`: the deck orders, restarts and results.
- :mod:`~cau_rules.cacho.kernel.search`: IS-MCTS, every iteration compiled.

Importing this package imports neither numba nor numpy.
"""
