"""The terminal game speaks the language asked for, its prompts and refusals included."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from cau_rules.cli.sessions import play_session
from cau_rules.i18n import Lang


def _answers(*lines: str) -> Iterator[str]:
    yield from lines


@pytest.mark.parametrize(("lang", "expected", "unexpected"), [
    ("ca", ["la teva jugada> ", "No hi ha cap jugada número 99", "No es pot jugar 'zz'", "Adéu."],
     ["your move", "There is no", "Cannot play", "Bye."]),
    ("es", ["tu jugada> ", "No hay ninguna jugada número 99", "No se puede jugar 'zz'", "Adiós."],
     ["your move", "There is no", "Cannot play", "Bye."]),
    ("en", ["your move> ", "There is no move number 99", "Cannot play 'zz'", "Bye."], []),
])
def test_the_terminal_game_prompts_and_refuses_in_its_language(lang: Lang, expected: list[str],
                                                              unexpected: list[str]) -> None:
    answers = _answers("99", "zz", "help", "quit")
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    assert play_session("cau", players=2, seed=1, input_func=ask, out=out, lang=lang) == 0
    text = "".join(prompts) + out.getvalue()
    for words in expected:
        assert words in text, words
    for words in unexpected:
        assert words not in text, words
