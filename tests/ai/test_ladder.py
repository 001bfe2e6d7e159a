"""benchmarks/ladder.py: which runs the ladder makes, and the page it writes from stored runs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from cau_rules.ai.levels import level_specs

SCRIPT = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "ladder.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_runs_and_the_bots() -> None:
    ladder = load()
    runs = ladder.runs()
    assert ("cau-robat", 2) in runs and ("cau-quatre", 3) in runs and ("cau-recau-sant-vicent", 4) in runs
    assert ("cau", 4) in runs and ("cau-recau-sant-vicent", 2) not in runs
    bots, levels = ladder.bots_for("cau")
    assert bots[:2] == ["random", "greedy"] and len(bots) == len(set(bots))
    assert set(levels.values()) <= set(bots) and levels == level_specs("cau")


def test_a_tiny_run_is_stored_and_written_to_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = load()
    monkeypatch.setattr(ladder, "BASE_BOTS", ("random", "greedy"))
    monkeypatch.setattr(ladder, "level_specs", lambda preset, players=None: {"easy": "greedy"})
    for name, value in (("RESULTS", tmp_path / "results"), ("PAGE", tmp_path / "strength.md"),
                        ("CHARTS", tmp_path / "images")):
        monkeypatch.setattr(ladder, name, value)
    assert ladder.main(["--only", "cau:2", "--deals", "2", "--workers", "1"]) == 0
    stored = json.loads((tmp_path / "results" / "cau-2.json").read_text(encoding="utf-8"))
    assert stored["deals"] == 2 and stored["reduced"] and "--deals 2" in stored["command"]
    page = (tmp_path / "strength.md").read_text(encoding="utf-8")
    assert "## cau, 2 players (reduced)" in page and "| `greedy` | easy |" in page
    assert "cau-robat (2 players)" in page  # listed as not measured yet
    assert (tmp_path / "images" / "cau-2.svg").read_text(encoding="utf-8").count("<circle") == 2
