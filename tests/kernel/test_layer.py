"""The shared kernel layer (:mod:`cau_rules.kernel`): the old module names at the package
root stay importable for the 0.2 releases, warning, and give the moved modules' names."""

from __future__ import annotations

import importlib
import sys

import pytest

MOVED = {
    "cau_rules.kernel_random": "cau_rules.kernel.rng",
    "cau_rules.kernel_lanes": "cau_rules.kernel.lanes",
    "cau_rules.kernel_tools": "cau_rules.kernel.tools",
    "cau_rules.kernel_tree": "cau_rules.kernel.tree",
}


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_kernel_module_name_warns_and_re_exports_the_moved_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=r"goes away in 0\.3\.0"):
        shim = importlib.import_module(old)
    moved = importlib.import_module(new)
    for name in moved.__all__:
        assert getattr(shim, name) is getattr(moved, name)
    other = next(name for name in vars(moved) if name not in moved.__all__ and not name.startswith("__"))
    assert getattr(shim, other) is getattr(moved, other)
