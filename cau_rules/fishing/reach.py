"""Deprecated: the capture family's reachability checks moved to
:mod:`cau_rules.fishing.validate`, the module of that role in every family.  This module
re-exports them and will be removed in a later release.
"""

from cau_rules.fishing.validate import MAX_HAND, max_hand, position_problems

__all__ = ["MAX_HAND", "max_hand", "position_problems"]
