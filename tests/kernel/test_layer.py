"""The shared kernel layer (:mod:`cau_rules.kernel`): the old module names at the package
root stay importable for the 0.2 releases, warning, and give the moved modules themselves;
no file stands at an old name (:mod:`cau_rules.moved`)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from pathlib import Path

import pytest

import cau_rules
from cau_rules.moved import MOVED

PACKAGE = Path(cau_rules.__file__).resolve().parent
WARNS = r"is deprecated and goes away in 0\.3\.0: import cau_rules\.kernel\."


def _forget(old: str) -> None:
    """Make the next import of *old* go through the finder again."""
    sys.modules.pop(old, None)
    vars(cau_rules).pop(old.rpartition(".")[2], None)


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_import_old_name_warns_and_gives_the_moved_module(old: str, new: str) -> None:
    _forget(old)
    with pytest.warns(DeprecationWarning, match=WARNS) as caught:
        __import__(old)  # what ``import cau_rules.kernel_random`` runs
    assert caught[0].filename == __file__  # the warning names the importing line
    moved = importlib.import_module(new)
    assert sys.modules[old] is moved
    assert getattr(cau_rules, old.rpartition(".")[2]) is moved


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_from_old_name_import_a_name_warns_and_gives_the_moved_names(old: str, new: str) -> None:
    _forget(old)
    moved = importlib.import_module(new)
    names = sorted(moved.__all__)
    other = next(name for name in vars(moved) if name not in moved.__all__ and not name.startswith("__"))
    with pytest.warns(DeprecationWarning, match=WARNS):
        shim = __import__(old, fromlist=[*names, other])  # ``from cau_rules.kernel_random import X``
    for name in [*names, other]:
        assert getattr(shim, name) is getattr(moved, name)


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_from_the_package_import_old_name_warns_and_gives_the_moved_module(old: str, new: str) -> None:
    _forget(old)
    short = old.rpartition(".")[2]
    with pytest.warns(DeprecationWarning, match=WARNS):
        package = __import__("cau_rules", fromlist=[short])  # ``from cau_rules import kernel_random``
    assert isinstance(getattr(package, short), types.ModuleType)
    assert getattr(package, short) is importlib.import_module(new)


def test_no_loose_kernel_module_stands_at_the_package_root() -> None:
    assert sorted(path.name for path in PACKAGE.glob("kernel_*")) == []
    for old in MOVED:
        spec = importlib.util.find_spec(old)
        assert spec is not None and spec.origin is None  # found by the finder, not a file


def test_another_name_is_not_found_by_the_finder() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cau_rules.kernel_nothing")
