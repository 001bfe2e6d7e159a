"""``cau-rules simulate``: text and JSON output, workers, the progress bar, bad arguments."""

from __future__ import annotations

import io
import json
import sys

import pytest

from cau_rules.cli import main
from cau_rules.cli.measure import ProgressBar


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--variant", "cau", "--players", "4", "--games", "12",
                         "--seed", "3", "--bots", "greedy,random,random,random", "--workers", "1")
    assert code == 0  # stderr is not a terminal: progress as whole lines, the last at 100%
    assert "\r" not in err and err.splitlines()[-1] == "simulate: 12/12 games (100%)"
    assert len(err.splitlines()) <= 11
    lines = out.splitlines()
    assert lines[0].startswith("Simulation: cau, 4 players, 12 games, seed 3: ")
    assert len(lines) == 5
    assert lines[1].startswith("seat 0  greedy  win rate ") and "95% CI [" in lines[1]
    assert "mean score" in lines[4]


def test_json_is_the_same_with_any_number_of_workers(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, "simulate", "--variant", "cau-robat", "--games", "8", "--seed", "1",
                           "--bots", "greedy,ismcts:4", "--workers", workers, "--json", "--no-progress")
        assert code == 0
        outputs.append(json.loads(out))
    for data in outputs:
        assert sorted(data) == ["games", "games_per_s", "players", "seats", "seconds", "seed", "variant"]
        assert data["players"] == 2 and data["games"] == 8
        assert [seat["bot"] for seat in data["seats"]] == ["greedy", "ismcts:4"]
        assert sorted(data["seats"][0]) == ["bot", "ci_high", "ci_low", "mean_score", "seat", "win_rate", "wins"]
    assert outputs[0]["seats"] == outputs[1]["seats"]


def test_one_bot_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--variant", "cau", "--games", "2", "--bots", "random",
                       "--workers", "1", "--json")
    assert code == 0
    assert [seat["bot"] for seat in json.loads(out)["seats"]] == ["random"] * 4  # cau defaults to 4 players


def test_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for flags, shown in (([], True), (["--no-progress"], False)):
        fake = Terminal()
        monkeypatch.setattr(sys, "stderr", fake)
        code = main(["simulate", "--games", "4", "--players", "2", "--bots", "random", "--workers", "1", *flags])
        assert code == 0
        assert ("4/4 games" in fake.getvalue()) is shown
        assert fake.getvalue().endswith("\n") or not shown
    capsys.readouterr()


def test_progress_bar_draws_and_clears() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, width=4)
    bar(1, 4)
    bar(4, 4)
    bar.close()
    bar.close()
    frames = stream.getvalue().split("\r")
    assert frames[1].startswith("[#...] 1/4 games   25%")
    assert frames[2].rstrip() == "[####] 4/4 games  100%" and frames[2].endswith("\n")
    assert stream.getvalue().count("\n") == 1


@pytest.mark.parametrize("argv,message", [
    (["--bots", "random,random,random", "--players", "2"], "--bots lists 3 bots for 2 players"),
    (["--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["--bots", ","], "at least one bot"),
    (["--variant", "caus"], "unknown variant"),
    (["--players", "9", "--bots", "random"], "player"),
])
def test_errors_exit_with_status_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "simulate", "--games", "1", "--workers", "1", *argv)
    assert code == 2 and out == ""
    assert err.startswith("cau-rules: error: ") and message in err


@pytest.mark.parametrize("argv", [["--games", "-1"], ["--workers", "0"], ["--games", "x"]])
def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, "simulate", *argv)
    assert code == 2 and "usage:" in err
