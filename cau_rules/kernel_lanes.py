"""Deprecated (goes away in 0.3.0): the many generators seeded at once, now :mod:`cau_rules.kernel.lanes`."""

from cau_rules.kernel.lanes import *  # noqa: F403
from cau_rules.kernel.tools import moved_module

__getattr__ = moved_module(__name__, "cau_rules.kernel.lanes")
