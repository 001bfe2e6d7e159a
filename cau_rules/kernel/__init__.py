"""The shared kernel layer: the compiled machinery every family's kernel uses, written once.

A family's kernel (``cau_rules/<family>/kernel/``) holds its row layout and its rules over
arrays (deal, legal mask, step, score, observe, determinise); everything that names no
family lives here:

- :mod:`cau_rules.kernel.tools`: pure Python (no numba): each game's generator seed, the
  disk cache's staleness check, the choice of engine of a playout hook;
- :mod:`cau_rules.kernel.rng`: CPython's string-seeded ``random.Random`` compiled with
  numba (seeding, shuffles, draws) and the kernel's own one-word generator;
- :mod:`cau_rules.kernel.lanes`: many of those generators seeded and drawn at once;
- :mod:`cau_rules.kernel.rows`: a rows loop compiled serial and parallel, sampling from
  masks;
- :mod:`cau_rules.kernel.tree`: the IS-MCTS tree (seven arrays by node, back-up);
- :mod:`cau_rules.kernel.search`: the generic IS-MCTS loop and the determinisations loop,
  compiled for each family over its hooks, and their Python side;
- :mod:`cau_rules.kernel.batch`: the base every family's batch specialises (numpy);
- :mod:`cau_rules.kernel.types`: the array types of the typed entry points (numpy).

The package itself imports nothing, so ``import cau_rules.kernel.tools`` works without
the ``fast`` extra; the other modules need numba.  The shared layer imports no family
(an import-linter contract says so).

>>> import cau_rules.kernel
>>> cau_rules.kernel.__name__
'cau_rules.kernel'
"""
