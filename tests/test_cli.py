"""The ``cau-rules`` command line: variants, demo, play (scripted stdin), bench, errors."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cau_rules import get_rules, new_game, variants
from cau_rules.cli import REFERENCE_BEGIN, allowed_players, help_reference, main, play_session

ROOT = Path(__file__).resolve().parent.parent
BENCH_KEYS = ["variant", "players", "games", "seconds", "games_per_s", "decisions_per_s", "us_per_decision"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- variants -------------------------------------------------------------------------


def test_variants_lists_every_preset_with_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(variants())
    for name, line in zip(variants(), lines, strict=True):
        assert line.split()[0] == name
        counts = allowed_players(get_rules(name))
        assert (f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players") in line
    assert "Cau robat" in out


# -- demo -----------------------------------------------------------------------------


def test_demo_prints_moves_events_and_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "--seed", "5")
    assert code == 0 and err == ""
    assert out.startswith("Demo: cau, 4 players, seed 5, greedy bots")
    assert "seat 0: " in out and "  hand 1: seat 3 deals, seat 0 is eldest" in out
    assert "game over: seat" in out
    tail = out.splitlines()[-2:]
    assert tail[0].startswith("Outcome: seat") and "with the most cards" in tail[0]
    assert tail[1].startswith("Scores: seat 0: ")


def test_demo_matches_the_game_it_describes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--variant", "cau-robat", "--players", "3", "--seed", "2", "--bot", "random")
    assert code == 0
    moves = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("seat ")]
    state = new_game("cau-robat", players=3, seed=2)
    for text in moves:
        state = state.apply(text)
    outcome = state.outcome()
    assert state.is_over and outcome is not None
    scores = ", ".join(f"seat {seat}: {int(score)}" for seat, score in enumerate(outcome.scores))
    assert f"Scores: {scores}" in out


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "demo", "--variant", "cau-40", "--players", "5", "--seed", "9")
    second = run(capsys, "demo", "--variant", "cau-40", "--players", "5", "--seed", "9")
    assert first == second and first[0] == 0


def test_demo_default_players_is_the_minimum_when_four_is_not_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    # Every registered preset runs with its default player count.
    for name in variants():
        code, out, _ = run(capsys, "demo", "--variant", name, "--seed", "1")
        assert code == 0 and "Outcome:" in out, name


# -- play -----------------------------------------------------------------------------


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_play_with_scripted_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("cau", players=2, seed=1)  # seat 0 opens
    first = str(state.legal_moves()[0])
    feed(monkeypatch, f"nonsense\n{first}\n99\n1\n")  # then end of input
    code, out, err = run(capsys, "play", "--variant", "cau", "--players", "2", "--seed", "1", "--seat", "0")
    assert code == 0 and err == ""
    assert "You are seat 0 of 2 in cau" in out
    assert "Table:" in out and "Your cards:" in out and "Piles:" in out and "Stock:" in out
    assert "Debts:" in out and "Cards won:" in out
    # A bad text: the reason and the numbered legal moves, then asked again.
    assert "Cannot play 'nonsense': unknown card 'nonsense'" in out
    assert "Choose one of these (number or text):\n   1. " in out
    # The move text is played.
    assert f"you (seat 0): {first}" in out
    # A number out of range is explained; a good number is played.
    assert "There is no move number 99: choose 1 to " in out
    assert out.count("you (seat 0): ") == 2
    # End of input leaves cleanly.
    assert out.rstrip().endswith("End of input: leaving the game. Bye.")


def test_play_explains_an_illegal_move_and_quits(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("cau", players=2, seed=1)
    held = {card.code for card in state.holdings[0]}
    missing = next(card.code for card in state.rules.deck.cards if card.code not in held)
    feed(monkeypatch, f"{missing}\nhelp\nquit\n")
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "1")
    assert code == 0
    assert f"Cannot play '{missing}': illegal move {missing}: seat 0 does not hold {missing}" in out
    assert "Type the number of a move or the move itself:" in out
    assert out.rstrip().endswith("Bye.")
    assert "you (seat 0)" not in out


def test_play_shows_bot_moves_before_the_human_seat(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "quit\n")
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "4", "--seat", "2")
    assert code == 0
    assert "\nseat 0: " in out and "\nseat 1: " in out
    assert "seat 2 (you) to play" in out


def test_play_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--variant", "cau-robat", "--players", "2", "--seed", "6"], input_func=lambda prompt: "1")
    out = capsys.readouterr().out
    assert code == 0
    assert "game over: seat" in out and "Outcome: " in out and "Scores: seat 0: " in out


def test_play_view_hides_closed_pile_payments(capsys: pytest.CaptureFixture[str]) -> None:
    # In cau the piles are closed: the events shown to the player never name a paid card.
    main(["play", "--players", "4", "--seed", "3"], input_func=lambda prompt: "1")
    out = capsys.readouterr().out
    paid = [line for line in out.splitlines() if " pays " in line]
    assert paid and all(" pays a card to " in line for line in paid)


def test_play_in_a_real_terminal_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cau_rules.cli", "play", "--players", "2", "--seed", "1"],
        input="zzz\n1\nquit\n", capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert "Cannot play 'zzz'" in result.stdout and "you (seat 0): " in result.stdout
    assert result.stdout.rstrip().endswith("Bye.")


def test_play_rejects_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--players", "2", "--seat", "2")
    assert code == 2 and out == ""
    assert err.strip() == "cau-rules: error: --seat must be a seat from 0 to 1, not 2"


# -- bench ----------------------------------------------------------------------------


def test_bench_json_has_exactly_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--variant", "cau", "--players", "4", "--seconds", "0.2", "--json")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert list(record) == BENCH_KEYS
    assert record["variant"] == "cau" and record["players"] == 4 and record["games"] >= 1
    assert record["seconds"] >= 0.2
    assert record["decisions_per_s"] > 0 and record["us_per_decision"] > 0
    assert record["us_per_decision"] == pytest.approx(1e6 / record["decisions_per_s"], rel=0.01)
    assert record["games_per_s"] == pytest.approx(record["games"] / record["seconds"], rel=0.02)


def test_bench_all_runs_every_variant_and_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--variant", "all", "--seconds", "0.02", "--json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    expected = [(name, n) for name in variants() for n in allowed_players(get_rules(name))]
    assert [(r["variant"], r["players"]) for r in records] == expected
    assert all(list(r) == BENCH_KEYS for r in records)


def test_bench_all_with_a_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--variant", "all", "--players", "5", "--seconds", "0.02", "--json")
    assert code == 0
    expected = [name for name in variants() if 5 in allowed_players(get_rules(name))]
    assert [json.loads(line)["variant"] for line in out.splitlines()] == expected


def test_bench_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--players", "2", "--seconds", "0.05")
    assert code == 0
    assert out.startswith("cau") and "2 players:" in out
    assert "games/s" in out and "decisions/s" in out and "us/decision" in out


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize("argv,message", [
    (["demo", "--variant", "caus"], "unknown variant 'caus'; variants are: "),
    (["play", "--variant", "caus"], "unknown variant 'caus'"),
    (["bench", "--variant", "caus", "--seconds", "0.1"], "unknown variant 'caus'"),
    (["demo", "--players", "7"], "cau is played by 2 to 4 players, not 7"),
    (["bench", "--variant", "all", "--players", "9", "--seconds", "0.1"], "no registered variant can be played by 9"),
])
def test_library_errors_exit_2_with_the_message(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("cau-rules: error: ") and message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [[], ["juggle"], ["demo", "--bot", "smart"], ["bench", "--seconds", "-1"],
                                  ["demo", "--players", "four"]])
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and "usage: cau-rules" in err and "Traceback" not in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--help")
    assert code == 0 and "--json" in out


def test_console_script_error_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cau_rules.cli", "demo", "--variant", "nope"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("cau-rules: error: unknown variant 'nope'")
    assert "Traceback" not in result.stderr


def test_show_prints_the_view_of_a_position_reached_by_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--variant", "cau", "--players", "2", "--seed", "1", "--moves", "4", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("After 4 moves of cau (2 players, seed 1), as seat 1 sees it:")
    assert "seat 1 (you)" in out


def test_show_refuses_a_seat_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--variant", "cau", "--players", "2", "--seat", "5"]) == 2
    assert "--seat must be a seat from 0 to 1, not 5" in capsys.readouterr().err


def test_menus_show_amounts_as_ranges_and_accept_any_amount_typed() -> None:
    """The Cacho menu offers 'bet 1-17' on one line; a number naming the range asks for
    the amount, and a typed amount inside it plays."""
    out = io.StringIO()
    said: list[str] = []

    def answer(prompt: str) -> str:
        menu = out.getvalue().rsplit("Your legal moves:", 1)[-1]
        if "bet 5" in said:
            return "quit"
        ranged = re.search(r"(\d+)\. bet 1-17", menu)
        if ranged:  # first the range's number, then an amount typed
            reply = "bet 5" if "is a range" in menu else ranged.group(1)
        else:  # the last entry: bet or call, so the hand goes on
            reply = str(len(re.findall(r"^\s+\d+\. ", menu, re.M)))
        said.append(reply)
        return reply

    assert play_session("cacho", players=2, seed=1, input_func=answer, out=out) == 0
    text = out.getvalue()
    assert "bet 1-17   (type it, e.g. 'bet 1')" in text
    assert "is a range of amounts: type the move, e.g. 'bet 1'." in text
    assert "you (seat 0): bet 5" in text


def test_the_cli_page_lists_every_subcommand_as_the_parser_does() -> None:
    """docs/cli.md ends with every subcommand's --help, generated from the parser: the page
    cannot drift from the command (run ``python tools/cli_reference.py`` after a change)."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    assert REFERENCE_BEGIN in page
    assert page[page.index(REFERENCE_BEGIN):] == help_reference(), "run: python tools/cli_reference.py"
    for name in ("variants", "options", "demo", "play", "show", "bench", "simulate"):
        assert f"### `cau-rules {name}`" in page


def test_lang_on_every_command_that_shows_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "cau", "--players", "2", "--seed", "3", "--lang", "ca"]) == 0
    demo = capsys.readouterr().out
    assert demo.startswith("Demostració: cau, 2 jugadors") and "Resultat: " in demo and "seat " not in demo
    assert main(["show", "--variant", "cacho", "--players", "2", "--lang", "es"]) == 0
    assert "asiento 0" in capsys.readouterr().out
    answers = iter(["quit"])
    assert main(["play", "--variant", "cau", "--players", "2", "--lang", "ca"],
                input_func=lambda prompt: next(answers)) == 0
    assert "Taula:" in capsys.readouterr().out
    assert main(["demo", "--lang", "fr"]) == 2


def test_show_says_when_the_game_ended_before_the_moves_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--variant", "cau", "--players", "2", "--seed", "1", "--moves", "1000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The game ended after ") and "before the 1000 asked for" in out
    assert main(["show", "--variant", "cau", "--players", "2", "--seed", "1", "--moves", "3"]) == 0
    assert "ended" not in capsys.readouterr().out


def test_options_lists_what_the_rules_describe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "--variant", "cacho"]) == 0
    out = capsys.readouterr().out
    assert "stack" in out and "int 1-1000" in out and "one of cap_at_smallest, side_pots" in out
    assert main(["options", "--variant", "cau", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[0])["name"] == "name" and len(lines) == len(get_rules("cau").describe_options())


def test_play_in_catalan_shows_the_menu_in_catalan_with_the_notation_to_type(
        capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["bet 1", "quit"])
    assert main(["play", "--variant", "cacho", "--players", "2", "--lang", "ca"],
                input_func=lambda prompt: next(answers)) == 0
    out = capsys.readouterr().out
    assert "Les teves jugades:" in out and "passa [pass]" in out and "aposta 1 [bet 1]" in out
    assert "tu (seient 0): bet 1" in out
