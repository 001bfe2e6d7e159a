"""Every preset has a human name and a one-line description in each language (the lobby's)."""

from __future__ import annotations

import pytest

import cau_rules
from cau_rules.cli.presets import preset_line, preset_name
from cau_rules.cli.screens import describe_variant
from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import LANGS


@pytest.mark.parametrize("preset", cau_rules.variants())
def test_every_preset_has_its_words_in_every_language(preset: str) -> None:
    assert preset_line(preset, "en") == describe_variant(preset)  # the docstring's line, word for word
    for lang in LANGS:
        assert preset_name(preset, lang) and preset_line(preset, lang).endswith(".")
    assert preset_line(preset, "ca") != preset_line(preset, "en") != preset_line(preset, "es")


def test_an_unknown_preset_or_language_is_refused_by_name() -> None:
    with pytest.raises(InvalidRulesError, match="no words for preset 'cau-99'; presets with words: cacho, cau"):
        preset_name("cau-99")
    with pytest.raises(InvalidRulesError):
        preset_line("cau", "fr")  # type: ignore[arg-type]
