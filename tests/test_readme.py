"""The README's promises hold: it starts with the two install-and-run commands, every
``python`` block in it runs, and the demonstration its first command launches works."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.S | re.M)
BLOCKS = [(m["lang"], m["body"]) for m in BLOCK.finditer(README)]

COMMANDS = [
    "python3 -m venv .venv && .venv/bin/pip install . && "
    ".venv/bin/cau-rules demo --variant cau --players 4 --seed 7",
    'python3 -m venv .venv && .venv/bin/pip install ".[dev]" && .venv/bin/python -m pytest',
]


def test_readme_starts_with_the_two_commands() -> None:
    assert README.startswith("```"), "the README must open with the commands block"
    _lang, body = BLOCKS[0]
    assert body.splitlines() == COMMANDS


def test_the_commands_match_the_project() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["cau-rules"] == "cau_rules.cli:main"
    assert {"pytest", "hypothesis", "mypy", "ruff"} <= {
        re.split(r"[<>=\[ ]", requirement)[0] for requirement in project["optional-dependencies"]["dev"]
    }


def test_the_demo_of_the_first_command_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from cau_rules.cli import main

    assert main(["demo", "--variant", "cau", "--players", "4", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Demo: cau, 4 players, seed 7")
    assert "Outcome:" in out


PYTHON = [body for lang, body in BLOCKS if lang == "python"]


def test_the_readme_has_a_python_example() -> None:
    assert PYTHON


@pytest.mark.parametrize("index", range(len(PYTHON)))
def test_python_blocks_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(PYTHON[index], f"README.md python block {index + 1}", "exec"), {"__name__": "readme"})
