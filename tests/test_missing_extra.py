"""Without the ``fast`` extra every entry point of the compiled kernel raises
``MissingExtraError`` naming the extra (both install commands), never a bare
``ModuleNotFoundError: numpy``.  numpy and numba are made unimportable for the test
(``sys.modules[name] = None`` makes ``import name`` fail and ``find_spec`` say None)."""

from __future__ import annotations

import random
import runpy
import sys
from pathlib import Path

import pytest

from cau_rules import new_game
from cau_rules.ai.infostate import InfoState
from cau_rules.ai.mcts import ismcts
from cau_rules.batch import BatchGame, kernel_for
from cau_rules.cli import main
from cau_rules.errors import FAST_EXTRA, MissingExtraError, install_hint
from cau_rules.registry import family_of

ROOT = Path(__file__).resolve().parent.parent
FROM_INDEX = 'pip install "cau_rules[fast]"'
FROM_CLONE = 'pip install ".[fast]"'


@pytest.fixture
def no_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("numpy", "numba"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError):
        import numpy  # noqa: F401


def _names_the_extra(text: str) -> None:
    assert FROM_INDEX in text and FROM_CLONE in text, text


def test_the_hint_says_both_commands() -> None:
    _names_the_extra(FAST_EXTRA)
    assert install_hint("fast,gymnasium") == (
        'pip install "cau_rules[fast,gymnasium]" (in a clone of the repository: pip install ".[fast,gymnasium]")')


@pytest.mark.usefixtures("no_fast")
def test_batch_game() -> None:
    with pytest.raises(MissingExtraError) as caught:
        BatchGame("cau", players=2, size=4, seed=0)
    _names_the_extra(str(caught.value))
    with pytest.raises(MissingExtraError):
        BatchGame.from_states([new_game("cacho", players=2, seed=1)])
    with pytest.raises(MissingExtraError):
        kernel_for(family_of(new_game("cau-quatre", players=2, seed=1)))


@pytest.mark.usefixtures("no_fast")
def test_bench_with_the_kernel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--engine", "kernel", "--seconds", "0.01"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cau-rules: error: BatchGame needs the compiled kernel")
    _names_the_extra(captured.err)


@pytest.mark.usefixtures("no_fast")
def test_the_batch_example(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["batch_self_play.py", "2", "1"])
    with pytest.raises(SystemExit) as caught:
        runpy.run_path(str(ROOT / "examples" / "batch_self_play.py"), run_name="__main__")
    message = str(caught.value.code)
    assert message.startswith("batch_self_play: examples/batch_self_play.py needs the compiled kernel")
    _names_the_extra(message)
    assert capsys.readouterr().out == ""


@pytest.mark.usefixtures("no_fast")
def test_playout_and_search_in_the_kernel() -> None:
    state = new_game("cau", players=2, seed=3)
    playout = family_of(state).playout
    assert playout is not None
    with pytest.raises(MissingExtraError) as caught:
        playout(state, random.Random(1).choice, "kernel")
    _names_the_extra(str(caught.value))
    with pytest.raises(MissingExtraError) as caught:
        ismcts(InfoState.start(state, 0), 5, random.Random(2), engine="kernel")
    _names_the_extra(str(caught.value))
    # Without an engine named, the reference engine plays: no error.
    outcome = playout(state, random.Random(1).choice, None)
    assert outcome is None or outcome.winners
