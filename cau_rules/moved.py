"""Old module names kept importable, deprecated, for one minor release
(docs/release-policy.md), with no file standing at the old name.

The shared kernel modules moved from the package root (``cau_rules/kernel_random.py``
and three more) into the package :mod:`cau_rules.kernel` in 0.2.0.  ``import cau_rules``
puts one :class:`MovedModuleFinder` on :data:`sys.meta_path`: it answers an import of an
old name (``import cau_rules.kernel_random``, ``from cau_rules.kernel_random import X``,
``from cau_rules import kernel_random``) with the moved module itself, the very same
object, and warns with a ``DeprecationWarning`` that names the new module.  Nothing is
compiled again (numba's disk cache follows the moved module's file), and an import of any
other name goes on to Python's own finders.

>>> import sys, warnings
>>> import cau_rules, cau_rules.kernel.tools
>>> _ = sys.modules.pop("cau_rules.kernel_tools", None)
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import cau_rules.kernel_tools as old
>>> old is cau_rules.kernel.tools, caught[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
import warnings
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from typing import Final

__all__ = ["MOVED", "REMOVED_IN", "MovedModuleFinder", "install"]

REMOVED_IN: Final = "0.3.0"
"""The release that removes every old name of :data:`MOVED`."""

MOVED: Final[Mapping[str, str]] = types.MappingProxyType({
    "cau_rules.kernel_random": "cau_rules.kernel.rng",
    "cau_rules.kernel_lanes": "cau_rules.kernel.lanes",
    "cau_rules.kernel_tools": "cau_rules.kernel.tools",
    "cau_rules.kernel_tree": "cau_rules.kernel.tree",
})
"""Each deprecated module name and the module that took its place."""


class MovedModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Find and load the old names of *moved* (old name to new name) as the new modules.

    Args:
        moved: each old, deprecated module name and the name of the module that took its
            place.

    >>> finder = MovedModuleFinder({"old.name": "cau_rules.kernel.tools"})
    >>> finder.find_spec("old.name", None).name, finder.find_spec("cau_rules.cards", None)
    ('old.name', None)
    """

    def __init__(self, moved: Mapping[str, str]) -> None:
        self.moved = moved

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None,
    ) -> ModuleSpec | None:
        """The spec of *fullname* when it is an old name, loaded by this finder; else
        ``None`` (Python's other finders go on).

        Args:
            fullname: the module name being imported.
            path: the parent package's search path (unused: the new name says where).
            target: the module being reloaded, if any (unused).

        Returns:
            A spec for an old name, ``None`` for any other.

        >>> MovedModuleFinder(MOVED).find_spec("cau_rules.kernel_tree", None).loader is not None
        True
        """
        if fullname not in self.moved:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        """Warn that ``spec.name`` is deprecated and give the moved module itself.

        Args:
            spec: the spec :meth:`find_spec` gave.

        Returns:
            The new module (imported if it was not yet), the same object as the new name.

        >>> import warnings
        >>> finder = MovedModuleFinder({"old.name": "cau_rules.kernel.tools"})
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     module = finder.create_module(finder.find_spec("old.name", None))
        >>> module.__name__, str(caught[0].message)
        ('cau_rules.kernel.tools', 'old.name is deprecated and goes away in 0.3.0: import cau_rules.kernel.tools')
        """
        new = self.moved[spec.name]
        # stacklevel 2 names the importing line: the warnings module skips importlib's frames.
        warnings.warn(f"{spec.name} is deprecated and goes away in {REMOVED_IN}: import {new}", DeprecationWarning,
                      stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: types.ModuleType) -> None:
        """Run nothing: the new module ran when it was first imported.

        Args:
            module: the module :meth:`create_module` gave.

        >>> MovedModuleFinder(MOVED).exec_module(types.ModuleType("m"))
        """


def install() -> MovedModuleFinder:
    """Put the finder of :data:`MOVED` on :data:`sys.meta_path` (once: ``import
    cau_rules`` calls it).

    Returns:
        The installed finder.

    >>> install() is install()
    True
    """
    for finder in sys.meta_path:
        if isinstance(finder, MovedModuleFinder):
            return finder
    finder = MovedModuleFinder(MOVED)
    sys.meta_path.append(finder)
    return finder
