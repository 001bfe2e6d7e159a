"""Two-player *Cacho* solved by the book of game theory (the ``fast`` extra: numpy, numba).

:mod:`cau_rules.cacho.solver.game` builds one hand's public tree from the reference rules,
:mod:`cau_rules.cacho.solver.policies` turns a bot into a strategy of that tree (to measure
its exploitability with :func:`cau_rules.solve.cfr.exploitability`), and
:mod:`cau_rules.cacho.solver.bot` plays a solved strategy.
"""
