"""Every name the documentation and the library's messages use exists.

README.md and every page of docs/ are read for dotted ``cau_rules...`` names, ``from
cau_rules... import X`` lines, ``cau-rules`` command lines and ``pip install`` extras; the
library's own string literals (messages, help texts, docstrings) for dotted names,
commands and extras.  Each dotted name is imported (the longest importable module, then
attribute by attribute), each command line is parsed by the real parser, each extra is
looked up in pyproject.toml.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import io
import pkgutil
import re
import shlex
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from cau_rules.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SOURCES = sorted((ROOT / "cau_rules").rglob("*.py"))

DOTTED = re.compile(r"(?<![\w./-])cau_rules(?:\.[A-Za-z_]\w*)+")
FROM_IMPORT = re.compile(r"^[ \t]*(?:>>> |\.\.\. )?from[ \t]+(cau_rules(?:\.\w+)*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)",
                         re.M)
INLINE_CODE = re.compile(r"``?([^`]+?)``?", re.S)
FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)
COMMAND = re.compile(r"(?:^|[\s(])(?:\S*/)?cau-rules((?:[ \t]+[^\s`#|>&;]+)+)", re.M)
EXTRA = re.compile(r"""cau[_-]rules\[([\w,]+)\]|["']\.\[([\w,]+)\]""")
PLACEHOLDER = re.compile(r"[A-Z]+|\[.*|.*\]|\.\.\.")


def resolve(name: str) -> bool:
    """Whether the dotted *name* exists: its longest importable module, then attributes
    (a class's attrs fields and annotated instance attributes count)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found: object = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module.startswith(exc.name) and exc.name.startswith("cau_rules"):
                continue
            raise
        for attribute in parts[cut:]:
            if hasattr(found, attribute):
                found = getattr(found, attribute)
            else:
                return isinstance(found, type) and resolve_member(found, attribute)
        return True
    return False


def _imports(text: str) -> Iterator[str]:
    for match in FROM_IMPORT.finditer(text):
        body = re.sub(r"#[^\n]*", "", match[2]).strip("()\n ")
        for item in body.split(","):
            name = item.split(" as ")[0].strip().strip("()")
            if name and name != "*":
                yield f"{match[1]}.{name}"


def _strings(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.JoinedStr):  # an f-string: its literal parts, with gaps
            yield "{}".join(part.value for part in node.values
                            if isinstance(part, ast.Constant) and isinstance(part.value, str))


def _texts() -> Iterator[tuple[str, str]]:
    """(where, text): every page, and every string literal of the library."""
    for page in PAGES:
        yield str(page.relative_to(ROOT)), page.read_text(encoding="utf-8")
    for source in SOURCES:
        for text in _strings(source):
            yield str(source.relative_to(ROOT)), text


def _command_lines(text: str) -> Iterator[str]:
    """The ``cau-rules ...`` lines of *text*'s code: fenced blocks line by line, inline
    code spans (which may wrap over a line break) whole."""
    for block in FENCE.findall(text):
        for line in block.splitlines():
            yield line.strip().removeprefix("$ ")
    for span in INLINE_CODE.findall(FENCE.sub("", text)):
        yield " ".join(span.split())
    for line in text.splitlines():  # docstrings and messages: a line that is a command
        if line.strip().startswith("cau-rules "):
            yield line.strip()


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("cau-rules has no subcommands")


def missing_names() -> list[str]:
    """Every dotted name and imported name of the docs and messages that does not exist."""
    missing = set()
    for where, text in _texts():
        for name in [*DOTTED.findall(text), *_imports(text)]:
            if not resolve(name):
                missing.add(f"{where}: {name}")
    return sorted(missing)


MEMBER = re.compile(r"`([A-Z]\w+)\.([a-z_]\w*)")


def _classes() -> dict[str, list[type]]:
    """Every class the package defines, by name (modules whose extra is missing skipped)."""
    import cau_rules

    classes: dict[str, list[type]] = {}
    for info in pkgutil.walk_packages(cau_rules.__path__, "cau_rules."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:
            continue
        for name, value in vars(module).items():
            if isinstance(value, type) and value.__module__.startswith("cau_rules") and value not in classes.get(name, []):
                classes.setdefault(name, []).append(value)
    return classes


def missing_members() -> list[str]:
    """Every ```Class.member``` of the docs, for a class of the package, that no class of
    that name has."""
    classes = _classes()
    missing = set()
    for page in PAGES:
        for match in MEMBER.finditer(page.read_text(encoding="utf-8")):
            owners = classes.get(match[1], [])
            if owners and not any(resolve_member(owner, match[2]) for owner in owners):
                missing.add(f"{page.relative_to(ROOT)}: {match[1]}.{match[2]}")
    return sorted(missing)


def resolve_member(owner: type, name: str) -> bool:
    """Whether the class *owner* has *name* (an attribute, an attrs field or an annotated
    instance attribute)."""
    return (hasattr(owner, name) or name in getattr(owner, "__annotations__", {})
            or (attrs.has(owner) and name in attrs.fields_dict(owner)))


def bad_commands() -> list[str]:
    """Every ``cau-rules`` command line of the docs and messages the parser refuses."""
    commands = _subcommands()
    bad = set()
    for where, text in _texts():
        for line in _command_lines(text):
            for match in COMMAND.finditer(line):
                words = match[1].split()
                if not words or (words[0] not in commands and not words[0].startswith("-")):
                    if words and re.fullmatch(r"[a-z][a-z-]+", words[0]) and words[0] not in ("command",):
                        bad.add(f"{where}: cau-rules {words[0]}: no such command")
                    continue
                try:
                    argv = shlex.split(" ".join(word.split("|")[0] for word in words))
                except ValueError:
                    continue
                if any(PLACEHOLDER.fullmatch(word) for word in argv) or {"-h", "--help"} & set(argv):
                    continue
                errors = io.StringIO()
                try:
                    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
                        build_parser().parse_args(argv)
                except SystemExit as exc:  # --version exits 0: fine
                    if exc.code not in (0, None):
                        bad.add(f"{where}: cau-rules {' '.join(argv)}: {errors.getvalue().strip()}")
    return sorted(bad)


def unknown_extras() -> list[str]:
    """Every ``pip install`` extra the docs and messages name that pyproject.toml lacks."""
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
                 ["optional-dependencies"])
    unknown = set()
    for where, text in _texts():
        for match in EXTRA.finditer(text):
            unknown |= {f"{where}: [{extra}]" for extra in (match[1] or match[2]).split(",") if extra not in extras}
    return sorted(unknown)


def test_the_finders_find() -> None:
    """The scan sees what it should (a guard against a regex that matches nothing)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "cau_rules.batch.BatchGame" in DOTTED.findall(readme)
    assert "cau_rules.ai.infostate.register_family" in DOTTED.findall("see `cau_rules.ai.infostate.register_family`")
    assert list(_imports(">>> from cau_rules.batch import (BatchGame,\n    available)  # x")) == [
        "cau_rules.batch.BatchGame", "cau_rules.batch.available"]
    assert not resolve("cau_rules.codec_for") and not resolve("cau_rules.ai.infostate.register_family")
    assert resolve("cau_rules.ai.codec_for") and resolve("cau_rules.batch.BatchGame.play_seeds")
    assert resolve("cau_rules.outcome.Outcome.winners") and resolve("cau_rules.errors.install_hint")
    assert MEMBER.findall("`BatchGame.play_seeds(i, first, count)`") == [("BatchGame", "play_seeds")]
    lines = list(_command_lines("run `cau-rules bench --engine kernel\n--json` now\n```bash\n$ cau-rules cache\n```"))
    assert "cau-rules bench --engine kernel --json" in lines and "cau-rules cache" in lines


def test_every_name_exists() -> None:
    assert missing_names() == []


def test_every_class_member_exists() -> None:
    assert missing_members() == []


def test_every_command_line_parses() -> None:
    assert bad_commands() == []


def test_every_extra_exists() -> None:
    assert unknown_extras() == []


@pytest.mark.parametrize("command", ["bench", "simulate"])
def test_help_says_every_preset_has_a_kernel(command: str) -> None:
    """``bench --help`` once said only the capture presets had a kernel, and ``simulate
    --help`` left out the ``:kernel`` bot suffix."""
    text = " ".join(_subcommands()[command].format_help().split())
    assert "capture presets" not in text
    assert 'pip install "cau_rules[fast]"' in text and 'pip install ".[fast]"' in text
    if command == "simulate":
        assert ":kernel" in text
    else:
        assert "every preset" in text
