"""Every program in ``examples/`` runs, quickly, and prints what it promises."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from cau_rules import new_game, variants
from cau_rules.bots import GreedyBot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))

EXPECTED: dict[str, list[str]] = {
    "play_random_game.py": ["cau with 3 players, seed 7", "seat 0 plays ", "game over: seat", "winners: seat",
                            "scores: ["],
    "exact_position.py": ["table:   3o 7o 8o 9o 12o", "legal moves: 8c, 8c+1, ", "seat 0 captures with 8c",
                          "captured: 9o 8o 8c", "table after: 3o 7o 12o"],
    "save_and_load.py": ['"family": "fishing"', "round trip OK", "both copies finished the same way"],
    "custom_bot.py": ["LowTrailBot", "GreedyBot", "RandomBot", "of 30 games"],
    "any_game.py": ["outcome: seat"],
    "batch_self_play.py": ["cacho: ", "cau: "],
}


def test_every_example_has_expectations() -> None:
    assert sorted(path.name for path in EXAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs(path: Path) -> None:
    # A guard against a hang, not a speed test: the batch example compiles every kernel on its
    # first run (minutes on a loaded 2-core machine); the others take seconds.
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    for text in EXPECTED[path.name]:
        assert text in result.stdout, f"{path.name} should print {text!r}"


def test_play_random_game_takes_arguments() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "play_random_game.py"), "cau-robat-40", "3", "5"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("cau-robat-40 with 5 players, seed 3")



@pytest.mark.parametrize("preset", variants())
def test_any_game_plays_every_preset(preset: str) -> None:
    """examples/any_game.py names no family: it plays any preset between greedy bots (here
    its first 12 moves) and prints each move played and every seat's view after it, then the
    outcome."""
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "any_game.py"), preset, "12"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    state, bot, rng, expected = new_game(preset, seed=1), GreedyBot(), random.Random(1), []
    for played in range(1, 13):
        if state.is_over:
            break
        seat, move = state.to_play, bot.choose(state.observe(state.to_play), rng)
        state = state.apply(move)
        expected += [f"move {played}: seat {seat} plays {move}"]
        expected += [str(state.observe(seat)) for seat in range(state.players)]
    assert expected and result.stdout.startswith("\n".join(expected) + "\n")
    assert result.stdout.splitlines()[-1].startswith("outcome: ")
