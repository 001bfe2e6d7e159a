"""Deprecated: the capture family's one-line notation moved to
:mod:`cau_rules.fishing.notation`, the module of that role in every family.  This module
re-exports it and will be removed in a later release.
"""

from cau_rules.fishing.notation import FIELDS, notation_fields, position_to_notation, view_to_notation

__all__ = ["FIELDS", "notation_fields", "position_to_notation", "view_to_notation"]
