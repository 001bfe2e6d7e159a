"""Deprecated: the text screens of the four-card game moved to
:mod:`cau_rules.quatre.render`, the module of that role in every family.  This module
re-exports them and will be removed in a later release.
"""

from cau_rules.quatre.render import count_words, position_screen, render_text

__all__ = ["count_words", "position_screen", "render_text"]
