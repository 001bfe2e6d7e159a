"""Deprecated (goes away in 0.3.0): the compiled generators, now :mod:`cau_rules.kernel.rng`."""

from cau_rules.kernel.rng import *  # noqa: F403
from cau_rules.kernel.tools import moved_module

__getattr__ = moved_module(__name__, "cau_rules.kernel.rng")
