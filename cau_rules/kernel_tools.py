"""Deprecated (goes away in 0.3.0): the pure-Python kernel helpers, now :mod:`cau_rules.kernel.tools`."""

from cau_rules.kernel.tools import *  # noqa: F403
from cau_rules.kernel.tools import moved_module

__getattr__ = moved_module(__name__, "cau_rules.kernel.tools")
