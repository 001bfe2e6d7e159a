"""Doctest collection of modules whose optional extras are absent is skipped.

``pytest --doctest-modules`` imports every module of ``cau_rules``; the framework
adapters import their framework at the top, so without the extra installed they
would fail to import.  Their own tests use ``pytest.importorskip``.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "cau_rules/features.py": ("numpy",),
    "cau_rules/adapters/features.py": ("numpy",),
    "cau_rules/adapters/openspiel.py": ("numpy", "pyspiel"),
    "cau_rules/adapters/pettingzoo.py": ("numpy", "gymnasium", "pettingzoo"),
    "cau_rules/adapters/gymnasium.py": ("numpy", "gymnasium"),
}

collect_ignore = [
    path for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
