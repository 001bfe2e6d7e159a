"""Every program in ``examples/`` runs, quickly, and prints what it promises."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))

EXPECTED: dict[str, list[str]] = {
    "play_random_game.py": ["cau with 3 players, seed 7", "seat 0 plays ", "game over: seat", "winners: seat",
                            "scores: ["],
    "exact_position.py": ["table:   3o 7o 8o 9o 12o", "legal moves: 8c, 8c+1, ", "seat 0 captures with 8c",
                          "captured: 9o 8o 8c", "table after: 3o 7o 12o"],
    "save_and_load.py": ['"family": "fishing"', "round trip OK", "both copies finished the same way"],
    "custom_bot.py": ["LowTrailBot", "GreedyBot", "RandomBot", "of 30 games"],
}


def test_every_example_has_expectations() -> None:
    assert sorted(path.name for path in EXAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs(path: Path) -> None:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    elapsed = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    for text in EXPECTED[path.name]:
        assert text in result.stdout, f"{path.name} should print {text!r}"
    assert elapsed < 30, "examples are meant to run in about a second"


def test_play_random_game_takes_arguments() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "play_random_game.py"), "cau-robat-40", "3", "5"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("cau-robat-40 with 5 players, seed 3")
