"""The habits of the layout that import-linter cannot check (docs/architecture.md):
no module over the size one can read in a sitting, no private name imported from another
module, no module imported by a string but its own family's, no ``cau_rules`` import
inside a function, and the same files in every family."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from cau_rules.game import Family
from cau_rules.registry import FAMILIES

PACKAGE = Path(__file__).resolve().parent.parent / "cau_rules"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 650  # "about 600": a module one reads in a sitting
FAMILY_FILES = {
    "__init__.py", "rules.py", "moves.py", "events.py", "zones.py", "legal.py", "engine.py",
    "state.py", "view.py", "serial.py", "notation.py", "validate.py", "codec.py", "infer.py",
    "policy.py", "texts.py", "render.py", "picture.py", "gallery.py", "suite.py", "family.py",
}
"""The rooms every family has, one role each (docs/architecture.md, "A family")."""
OPTIONAL_FILES = {"direct.py", "deal.py", "draw.py", "features.py", "hands.py", "scene.py", "oval.py"}
"""Rooms a family may add; a role a family has is named the family way."""
OPTIONAL_PACKAGES = {"kernel", "solver"}
"""Sub-packages a family may add."""
MOVED = {"screen.py": "render.py", "fen.py": "notation.py", "reach.py": "validate.py"}
"""Deprecated modules kept for their old import paths: they only re-export the room that
took their role."""
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_is_too_long_to_read(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{_name(path)} has {lines} lines; split it by role (at most {MAX_LINES})"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_private_name_is_imported_from_another_module(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [
        f"line {node.lineno}: {alias.name} from {node.module}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cau_rules")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert not private, f"{_name(path)} imports private names: {private}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_cau_rules_import_inside_a_function(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cau_rules"):
                inner.append(f"line {node.lineno}: from {node.module}")
            elif isinstance(node, ast.Import) and any(a.name.startswith("cau_rules") for a in node.names):
                inner.append(f"line {node.lineno}: import {node.names[0].name}")
    assert not inner, f"{_name(path)} imports cau_rules modules inside functions: {inner}"


def _strings_imported(tree: ast.Module) -> list[tuple[int, str]]:
    """The module names a module imports by string: the literal (or module-level
    constant) first argument of each ``importlib.import_module`` or ``__import__`` call."""
    constants = {
        target.id: node.value.value
        for node in tree.body if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name not in ("import_module", "__import__"):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append((node.lineno, arg.value))
        elif isinstance(arg, ast.Name) and arg.id in constants:
            found.append((node.lineno, constants[arg.id]))
    return found


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_is_imported_by_a_string_but_its_own_family_s(path: Path) -> None:
    """A string import hides an arrow from import-linter: a module may name by string only
    a module of its own family (a record names its kernel), never a module of another
    family or of a higher layer (the generic code reaches a family through its record)."""
    own = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:2])
    family = own if own.split(".")[1] in {family.name for family in FAMILIES} else None
    upward = [
        f"line {line}: {module}" for line, module in _strings_imported(ast.parse(path.read_text(encoding="utf-8")))
        if module.startswith("cau_rules") and (family is None or not module.startswith(family + "."))
    ]
    assert not upward, f"{_name(path)} imports by string {upward}; import it, or reach it through a record"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_every_family_has_the_same_files(family: Family[Any, Any, Any, Any]) -> None:
    folder = PACKAGE / family.name
    present = {path.name for path in folder.glob("*.py")}
    missing = FAMILY_FILES - present
    assert not missing, f"cau_rules/{folder.name} lacks {sorted(missing)}"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_every_room_of_a_family_has_a_known_role(family: Family[Any, Any, Any, Any]) -> None:
    folder = PACKAGE / family.name
    unknown = sorted(
        path.name for path in folder.glob("*.py")
        if path.name not in FAMILY_FILES | OPTIONAL_FILES | MOVED.keys()
    )
    assert not unknown, (
        f"cau_rules/{folder.name} has modules of no known role: {unknown}; name a role the way "
        f"the other families do, or add the new role to docs/architecture.md and this test"
    )
    packages = sorted(path.parent.name for path in folder.glob("*/__init__.py"))
    assert set(packages) <= OPTIONAL_PACKAGES, f"cau_rules/{folder.name} has unknown sub-packages {packages}"


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_a_moved_module_only_re_exports_its_new_room(family: Family[Any, Any, Any, Any]) -> None:
    for old, new in MOVED.items():
        path = PACKAGE / family.name / old
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        sources = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
        code = [
            node for node in tree.body
            if not isinstance(node, ast.ImportFrom | ast.Expr | ast.Assign)
        ]
        assert sources == {f"cau_rules.{family.name}.{new[:-3]}"}, f"{_name(path)} imports {sources}"
        assert not code, f"{_name(path)} should only re-export cau_rules.{family.name}.{new[:-3]}"


def test_the_architecture_page_names_every_role() -> None:
    page = ARCHITECTURE.read_text(encoding="utf-8")
    missing = sorted(
        name for name in FAMILY_FILES | OPTIONAL_FILES | {f"{name}/" for name in OPTIONAL_PACKAGES}
        if f"`{name}`" not in page
    )
    assert not missing, f"docs/architecture.md does not name the rooms {missing}"
