"""Deprecated (goes away in 0.3.0): the IS-MCTS tree, now :mod:`cau_rules.kernel.tree`."""

from cau_rules.kernel.tools import moved_module
from cau_rules.kernel.tree import *  # noqa: F403

__getattr__ = moved_module(__name__, "cau_rules.kernel.tree")
