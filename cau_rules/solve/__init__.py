"""Solving two-player zero-sum card games: public trees, vector CFR+, exact best responses.

The package is generic (no game family is imported): :mod:`cau_rules.solve.tree` describes
a game's public tree and private states, :mod:`cau_rules.solve.cfr` solves it and measures
exploitability, :mod:`cau_rules.solve.kernel` holds the compiled passes (numba and numpy,
the ``fast`` extra), and :mod:`cau_rules.solve.games` two test games (Kuhn and Leduc poker).
The Cacho tree is built from the reference rules in :mod:`cau_rules.cacho.solver`.
"""
