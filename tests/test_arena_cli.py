"""``cau-rules arena``, ``simulate`` with levels and ``play --level``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cau_rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_arena_tables_and_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg, md, data = tmp_path / "r.svg", tmp_path / "r.md", tmp_path / "r.json"
    code, out, err = run(capsys, "arena", "--variant", "cau", "--deals", "4", "--bots", "greedy,random,easy",
                         "--workers", "1", "--svg", str(svg), "--markdown", str(md), "--json-file", str(data))
    assert code == 0 and err.splitlines()[-1] == "arena: 24/24 games (100%)"
    assert out.startswith("Arena: cau, 2 players, 4 deals (24 games), seed 0, lineup alternate")
    assert "| `easy` |" in out and md.read_text(encoding="utf-8").strip() in out
    assert svg.read_text(encoding="utf-8").count("<circle") == 3
    saved = json.loads(data.read_text(encoding="utf-8"))
    assert saved["anchor"] == "random" and len(saved["pairs"]) == 3
    pair = next(p for p in saved["pairs"] if {p["a"], p["b"]} == {"greedy", "easy"})
    assert pair["share"] == 0.5 and pair["margin"] == 0.0  # easy is greedy: duplicate deals cancel


def test_arena_json_is_the_same_with_any_number_of_workers(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, "arena", "--variant", "cau-recau-sant-vicent", "--deals", "2", "--bots",
                           "greedy,random", "--workers", workers, "--json", "--no-progress")
        assert code == 0
        data = json.loads(out)
        data.pop("seconds")
        outputs.append(data)
    assert outputs[0] == outputs[1] and outputs[0]["players"] == 4 and outputs[0]["games"] == 4


def test_arena_sprt(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--deals", "300", "--bots", "greedy,random", "--sprt", "0", "100",
                       "--workers", "1", "--no-progress")
    assert code == 0 and "SPRT H0: Elo 0, H1: Elo 100" in out and out.rstrip().splitlines()[-3].endswith(": H1")


@pytest.mark.parametrize("argv,message", [
    (["--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["--bots", "greedy"], "at least two bots"),
    (["--players", "5"], "2 to 4 players"),
    (["--sprt", "10", "5"], "ELO0 < ELO1"),
    (["--sprt", "0", "5", "--bots", "greedy,random,random"], "two bots"),
    (["--bots", "greedy,level:godlike"], "unknown level"),
])
def test_arena_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _, err = run(capsys, "arena", "--deals", "1", "--workers", "1", "--no-progress", *argv)
    assert code == 2 and message in err


def test_simulate_accepts_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "2", "--bots", "easy,level:fàcil", "--workers", "1",
                       "--no-progress", "--engine", "python")
    assert code == 0 and "seat 0  easy" in out


def test_play_against_a_level(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cau_rules.ai import levels

    # a small search in Python (no kernel to compile), which remembers what it observed
    monkeypatch.setitem(levels.LEVEL_TABLE, "cau", {"medium": "ismcts:5:python"})
    answers = iter(["1"] * 200)
    code = main(["play", "--variant", "cau", "--players", "2", "--seed", "2", "--level", "medium"],
                input_func=lambda prompt: next(answers))
    out = capsys.readouterr().out
    assert code == 0 and "Outcome" in out
    code, _, err = run(capsys, "play", "--level", "godlike")
    assert code == 2 and "unknown level 'godlike'" in err
