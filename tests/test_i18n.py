"""One language on every screen: every text exists in English, Catalan and Spanish, and a
Catalan or Spanish screen of any game holds no English word.

The games are random but seeded; the work is bounded by a number of moves per preset.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources

import pytest

import cau_rules.cacho.picture
import cau_rules.cli.presets
import cau_rules.cli.screens
import cau_rules.fishing.picture
import cau_rules.quatre.picture  # noqa: F401  (each registers its catalogue on import)
from cau_rules import FAMILIES, new_game, variants
from cau_rules.errors import InvalidRulesError
from cau_rules.game import GameState
from cau_rules.i18n import CATALOGUES, LANGS, Catalogue, Lang, check_lang, event_text, load_catalogue
from cau_rules.registry import family_of
from cau_rules.svg import SVG_NAMESPACE

ENGLISH = re.compile(
    r"\b(seat|seats|you|the|and|cards?|pile|piles|owes|hand|hands|stock|table|none|wins?|"
    r"plays|trails|captures|calls|deals|draws|passes|takes|to play|game over|score|scores|"
    r"counters|round|bets?|raises?|folds?|fold|call|pass|draw|give|lay|add|bid|accept|refuse|"
    r"chain|gift|known|holdings|stones|debts|result|outcome|with|most|after|session)\b",
    re.IGNORECASE,
)
"""English words no Catalan or Spanish screen may hold."""

MOVES_PER_GAME = 60
GAMES_PER_PRESET = 2


def test_every_family_has_its_catalogues_and_every_key_has_three_languages() -> None:
    names = set(CATALOGUES)
    for family in (record.name for record in FAMILIES):
        assert {family, f"{family} picture"} <= names, f"the {family} family has no catalogue"
    assert "common" in names
    for catalogue in CATALOGUES.values():
        assert catalogue.keys(), catalogue
        for key, texts in catalogue.entries.items():
            assert set(texts) == set(LANGS), (catalogue.name, key)
            assert all(texts[lang].strip() for lang in LANGS), (catalogue.name, key)


def test_a_catalogue_refuses_a_missing_language_or_different_fields() -> None:
    with pytest.raises(InvalidRulesError, match="lacks es"):
        Catalogue("t", {"k": {"en": "a", "ca": "b"}})
    with pytest.raises(InvalidRulesError, match="different fields"):
        Catalogue("t", {"k": {"en": "{0}", "ca": "{1}", "es": "{0}"}})
    with pytest.raises(TypeError, match="lang must be a str"):
        check_lang(1)
    with pytest.raises(InvalidRulesError, match="unknown language"):
        check_lang("fr")


def test_a_catalogue_file_is_checked_when_read() -> None:
    good = Catalogue.from_toml("t", '["a key"]\nen = "{0} x"\nca = "{0} y"\nes = "{0} z"\n[b]\nen = "b"\nca = "b"\nes = "b"')
    assert good.keys() == ["a key", "b"] and good("a key", "es", 1) == "1 z"
    with pytest.raises(InvalidRulesError, match="is not TOML"):
        Catalogue.from_toml("t", "[k")
    with pytest.raises(InvalidRulesError, match="key 'k' is not a table"):
        Catalogue.from_toml("t", 'k = "x"')
    with pytest.raises(InvalidRulesError, match=r"unknown languages \['fr'\]"):
        Catalogue.from_toml("t", '[k]\nen = "a"\nca = "b"\nes = "c"\nfr = "d"')
    with pytest.raises(InvalidRulesError, match="not a string"):
        Catalogue.from_toml("t", '[k]\nen = "a"\nca = "b"\nes = 3')
    with pytest.raises(InvalidRulesError, match="lacks ca"):
        Catalogue.from_toml("t", '[k]\nen = "a"\nes = "c"')


def test_every_catalogue_file_the_library_ships_is_read_and_registered() -> None:
    folder = resources.files("cau_rules") / "catalogues"
    names = {entry.name.removesuffix(".toml").replace("-", " ") for entry in folder.iterdir()}
    assert names <= set(CATALOGUES), names - set(CATALOGUES)
    assert all(load_catalogue(name) is CATALOGUES[name] for name in names)


def _positions(name: str, seed: int) -> Iterator[GameState]:
    rng = random.Random(seed)
    state = None
    for count in (4, 3, 2, 5):
        try:
            state = new_game(name, players=count, seed=seed)
            break
        except InvalidRulesError:
            continue
    assert state is not None
    yield state
    for _ in range(MOVES_PER_GAME):
        if state.outcome() is not None:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
        yield state
    while state.outcome() is None:  # the end of the game, for the outcome's words
        state = state.apply(rng.choice(list(state.legal_moves())))
    yield state


def _svg_words(svg: str) -> str:
    root = ET.fromstring(svg)
    words = []
    for element in root.iter():
        tag = element.tag.replace(f"{{{SVG_NAMESPACE}}}", "")
        if tag in ("text", "title") and element.text:
            words.append(element.text)
    return "\n".join(words)


def _screens(state: GameState, lang: Lang) -> Iterator[tuple[str, str]]:
    family = family_of(state)
    yield "state", state.render(lang)
    for event in state.events:
        yield "event", event_text(event, lang)
    outcome = state.outcome()
    if outcome is not None:
        yield "outcome", outcome.text(lang)
    view = state.observe(0)
    yield "view", view.render(lang)
    if family.move_menu is not None and outcome is None:
        yield "menu", " | ".join(family.move_menu(state.legal_moves(), lang))
    yield "picture", _svg_words(view.svg(lang=lang))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", variants())
@pytest.mark.parametrize("lang", ["ca", "es"])
def test_a_catalan_or_spanish_screen_holds_no_english_word(name: str, lang: Lang) -> None:
    shown = 0
    for seed in range(GAMES_PER_PRESET):
        for index, state in enumerate(_positions(name, seed)):
            if index % 5 and state.outcome() is None:
                continue
            for what, text in _screens(state, lang):
                found = ENGLISH.search(text)
                assert found is None, f"{name} seed {seed}, {what} in {lang}: {found.group(0)!r} in\n{text}"
                shown += 1
    assert shown > 10


@pytest.mark.parametrize("name", variants())
def test_english_stays_the_default(name: str) -> None:
    state = new_game(name, players=2 if name != "cau-recau-sant-vicent" else 4, seed=3)
    assert str(state) == state.render() == state.render("en")
    view = state.observe(0)
    assert str(view) == view.render("en")
    assert repr(state).startswith(f"{type(state).__name__}({name!r}, '")
    assert state.to_notation() in repr(state)  # type: ignore[attr-defined]


def test_the_english_word_list_finds_english() -> None:
    state = new_game("cau", players=2, seed=1)
    assert ENGLISH.search(state.render("en")) is not None
    assert ENGLISH.search(state.render("ca")) is None
