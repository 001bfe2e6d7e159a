"""Issue 14 for the four-card game: pictures, text screens and the one-line notation.

Golden files: three pictures are compared byte for byte with ``tests/golden/quatre-*.svg``.
After an intended change to the drawing, regenerate them and review the diff::

    CAU_RULES_REGEN_GOLDEN=1 pytest tests/unit/test_quatre_render.py -k golden
"""

from __future__ import annotations

import contextlib
import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules.cards import Card, Language
from cau_rules.errors import CauRulesError, InvalidNotationError
from cau_rules.quatre import FAMILY, QUATRE, QuatreRules, QuatreState, new_game
from cau_rules.quatre.gallery import doc_pictures
from cau_rules.quatre.notation import FIELD_NAMES, MAX_NOTATION
from cau_rules.quatre.picture import svg_state, svg_view
from cau_rules.quatre.render import move_menu, render_text
from cau_rules.quatre.suite import hidden_from
from cau_rules.svg import SvgOptions, card_name
from tests.pictures import LANGUAGES, NS, GoldenPictures, golden_test

RULES: tuple[QuatreRules, ...] = (
    QUATRE,
    QUATRE.replace(hand_size=5, table_size=3, max_turns_after_stock=12),
    QUATRE.replace(deck="spanish-48", max_players=6),
)
CASES = [(rules, players) for rules in RULES for players in range(rules.min_players, rules.max_players + 1)]
CASE_IDS = [f"rules{RULES.index(rules)}-{players}p" for rules, players in CASES]


def random_game(rules: QuatreRules, players: int, seed: int) -> list[QuatreState]:
    rng = random.Random(f"render:{players}:{seed}")
    state = new_game(rules, players, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def sample(states: list[QuatreState], count: int) -> list[QuatreState]:
    return [*states[:: max(1, len(states) // count)], states[-1]]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def faces(root: ET.Element) -> list[str]:
    return [g.get("data-card", "") for g in root.iter(NS + "g") if g.get("class") == "card"]


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter() if element.tag in (NS + "title", NS + "text")]


def named_cards(root: ET.Element, rules: QuatreRules, language: Language) -> set[Card]:
    """Every card the picture names: faces (``data-card``), titles and texts that name one."""
    found = {Card.parse(code) for code in faces(root)}
    words = texts(root)
    for card in rules.deck.cards:
        name = card_name(card, deck=rules.deck, language=language)
        pattern = re.compile(rf"(?<![0-9a-z]){card.code}(?![0-9a-z])")
        if any(text == name or pattern.search(text) for text in words):
            found.add(card)
    return found


# -- golden pictures ------------------------------------------------------------------


GOLDEN_PICTURES = GoldenPictures()


@GOLDEN_PICTURES.add("quatre-chain")
def golden_chain() -> str:
    return doc_pictures()["quatre-chain.svg"]


@GOLDEN_PICTURES.add("quatre-view-ca")
def golden_view_ca() -> str:
    state = random_game(QUATRE, 4, seed=3)[60]
    return svg_view(state.observe(1), options=SvgOptions(language="ca", size=0.8))


@GOLDEN_PICTURES.add("quatre-state-es")
def golden_state_es() -> str:
    state = random_game(QUATRE, 3, seed=8)[20]
    return svg_state(state, options=SvgOptions(language="es"), bottom=2)


test_golden = golden_test(GOLDEN_PICTURES, __file__)


# -- what the pictures show -------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), CASES, ids=CASE_IDS)
def test_a_seat_s_picture_never_names_a_card_hidden_from_it(rules: QuatreRules, players: int) -> None:
    for seed in range(2):
        for state in sample(random_game(rules, players, seed), 5):
            for seat in range(players):
                language = LANGUAGES[(seed + seat) % 3]
                svg = svg_view(state.observe(seat), options=SvgOptions(language=language))
                root = parse(svg)
                hidden = hidden_from(state, seat)
                leaked = named_cards(root, rules, language) & hidden
                assert not leaked, (seat, state.to_notation(), sorted(card.code for card in leaked))
                shown = {Card.parse(code) for code in faces(root)}
                assert shown == state.observe(seat).visible_cards()


def test_a_view_shows_known_cards_face_up_and_the_rest_as_one_back_with_a_count() -> None:
    state = QuatreState.from_position(QUATRE, 2, table="7o 1b 11b", holdings=["5o 2c 3c 4c", "6b 6e 4o 5e 10c 11c"],
                                      known=["", "6b 6e"])
    root = parse(svg_view(state.observe(0), options=SvgOptions(language="en")))
    assert sorted(faces(root)) == sorted(["5o", "2c", "3c", "4c", "6b", "6e", "7o", "1b", "11b"])
    backs = [g for g in root.iter(NS + "g") if g.get("class") == "pile" and g.findtext(NS + "title") == "4 cards"]
    assert len(backs) == 1
    stock = [g for g in root.iter(NS + "g") if g.get("class") == "stock"]
    assert stock and "27 cards" in [t.text for t in stock[0].iter(NS + "title")]


def test_the_chain_picture_shows_the_target_the_played_cards_their_seats_and_the_level() -> None:
    root = parse(golden_chain())
    chain = next(g for g in root.iter(NS + "g") if g.get("class") == "chain")
    assert chain.get("data-level") == "2"
    assert faces(chain) == ["5c", "5o", "5e"]
    words = texts(chain)
    assert "chain: recau on 5c" in words and "seat 0" in words and "seat 1" in words
    header = root.findtext(NS + "title")
    assert header == "The four-card game · seat 2 (you) to play · chain"


def test_the_gift_lay_out_and_result_are_written_and_the_last_move_highlighted() -> None:
    pictures = doc_pictures()
    gift = texts(parse(pictures["quatre-gift.svg"]))
    assert "seat 0 (you) owes seat 2 three cards (Sant Vicent)" in gift
    lay = parse(pictures["quatre-lay.svg"])
    assert "seat 0 (you) still lays three cards into the centre, after 2o" in texts(lay)
    highlighted = [g.get("data-card") for g in lay.iter(NS + "g") if g.get("class") == "card"
                   and any(r.get("stroke") == "#ff9900" for r in g.iter(NS + "rect"))]
    assert highlighted == ["2o"]
    end = random_game(QUATRE, 3, seed=1)[-1]
    words = texts(parse(svg_view(end.observe(0), options=SvgOptions(language="ca"))))
    assert any(text.startswith("guanya seient") for text in words)
    assert any("fora" in text for text in words) == bool(end.out)


def test_bottom_options_and_notebook_hooks() -> None:
    state = new_game(QUATRE, 3, seed=2)
    view = state.observe(1)
    assert view._repr_svg_() == view.svg() == svg_view(view)
    assert state._repr_svg_() == state.svg() == svg_state(state)
    root = parse(svg_view(view, bottom=0))
    holdings = [g.get("data-seat") for g in root.iter(NS + "g") if g.get("class") == "holding"]
    assert holdings == ["1", "2", "0"]
    big = svg_view(view, options=SvgOptions(size=2))
    assert parse(big).get("width") == str(2 * float(parse(svg_view(view)).get("width", "0"))).removesuffix(".0")
    with pytest.raises(CauRulesError):
        svg_view(view, bottom=3)
    with pytest.raises(TypeError, match="bottom"):
        svg_view(view, bottom="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view"):
        svg_view(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options"):
        svg_view(view, options={"size": 2})  # type: ignore[arg-type]


def test_the_family_record_draws_and_lists_pictures_and_menus() -> None:
    state = new_game(QUATRE, 2, seed=5)
    assert FAMILY.picture is not None and FAMILY.picture(state.observe(0)) == svg_view(state.observe(0))
    assert FAMILY.doc_pictures is not None and sorted(FAMILY.doc_pictures()) == sorted(doc_pictures())
    assert FAMILY.move_menu is not None and FAMILY.move_menu(state.legal_moves()) == ["draw"]
    chain = QuatreState.from_position(QUATRE, 2, table="5c 5b 7e 12b", holdings=["5o 5e 1b 2b", "1o 4c 4e 6c"])
    assert move_menu(chain.legal_moves()) == ["5o>5c", "5o>5b", "5e>5c", "5e>5b"]


# -- text screens -----------------------------------------------------------------------


def test_the_screen_writes_chains_gifts_and_lays_in_words() -> None:
    state = QuatreState.from_position(QUATRE, 3, table="5c 1o 10b 11b", holdings=["5o 2o 3o 4o", "5e 4c 6c 6e",
                                                                               "7c 7e 12c 12e"])
    chain = state.apply("5o>5c")
    screen = str(chain.observe(1))
    assert "Chain:      cau on 5c: seat 0 played 5o; seat 1 (you) must add a 5 (recau)" in screen
    gift = chain.apply("add 5e")
    screen = render_text(gift.observe(2))
    assert "Gift:       seat 2 (you) owes seat 1 two cards (recau)" in screen
    assert "Last move:  seat 1 adds 5e: recau; seat 1 takes 5c 5o 5e (recau); seat 2 owes 2 cards" in screen
    assert "None" not in screen and "Chain:" not in screen
    assert "Known:      seat 1: 5c 5o 5e" in screen


def test_the_screen_after_the_end_names_the_result_and_nobody_to_play() -> None:
    end = random_game(QUATRE, 3, seed=4)[-1]
    screen = str(end.observe(0))
    assert screen.startswith("=== cau-quatre · game over ===")
    assert "to play" not in screen and "Result:" in screen and "None" not in screen
    whole = end.render()
    assert "Result:" in whole and f"Seat {end.outcome().winners[0]}:" in whole  # type: ignore[union-attr]


def test_the_whole_position_screen_shows_every_card() -> None:
    state = random_game(QUATRE, 4, seed=6)[30]
    screen = state.render()
    for card in QUATRE.deck.cards:
        assert re.search(rf"(?<![0-9a-z]){card.code}(?![0-9a-z])", screen), card.code


# -- the notation ---------------------------------------------------------------------


@st.composite
def reachable(draw: st.DrawFn) -> QuatreState:
    rules, players = draw(st.sampled_from(CASES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = new_game(rules, players, seed=draw(st.integers(0, 2**63 - 1)))
    for _ in range(draw(st.integers(0, 400))):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=150, deadline=None)
@given(state=reachable())
def test_property_the_notation_reads_back_every_reachable_state(state: QuatreState) -> None:
    text = state.to_notation()
    assert "\n" not in text and len(text.split()) == len(FIELD_NAMES)
    assert QuatreState.from_notation(state.rules, text) == state
    for seat in range(state.players):
        view_text = state.observe(seat).to_notation()
        assert view_text.endswith(f"@{seat}")
        codes = set(re.findall(r"[0-9]{1,2}[ocebOCEB]", view_text))
        hidden = {card.code for card in hidden_from(state, seat)}
        assert not codes & hidden, (seat, text, view_text)


@settings(max_examples=150, deadline=None)
@given(state=reachable(), cut=st.integers(0, 10**6), junk=st.text(max_size=12))
def test_property_broken_notation_is_refused_with_the_library_s_errors(state: QuatreState, cut: int,
                                                                       junk: str) -> None:
    text = state.to_notation()
    fields = text.split()
    for kept in range(len(fields)):
        with pytest.raises(InvalidNotationError, match="16 fields"):
            QuatreState.from_notation(state.rules, " ".join(fields[:kept]))
    for broken in (text[: cut % len(text)], text + " " + junk, junk + text, text.replace(",", junk, 1)):
        with contextlib.suppress(CauRulesError):
            QuatreState.from_notation(state.rules, broken)


@pytest.mark.parametrize(("text", "message"), [
    ("", "16 fields"),
    ("turn 0 0 - - -/- - - - -/- - - 0 0 - 0 extra", "16 fields"),
    ("play 0 0 - - -/- - - - -/- - - 0 0 - 0", r"field 1 \(phase\)"),
    ("turn x 0 - - -/- - - - -/- - - 0 0 - 0", r"field 2 \(to_play\)"),
    ("turn 0 0 - - -/-/-/-/- - - - -/-/-/-/- - - 0 0 - 0", r"field 6 \(holdings\).*5 seats"),
    ("turn 0 0 - - -/- - - - - - - 0 0 - 0", r"field 10 \(known\).*one zone per seat"),
    ("turn 0 0 - 13o -/- - - - -/- - - 0 0 - 0", r"field 5 \(table\).*bad card code '13o'"),
    ("chain 0 0 - - -/- 5c - - -/- - - 0 0 - 0", r"field 7 \(chain\)"),
    ("gift 0 0 - - -/- - 1>0 - -/- - - 0 0 - 0", r"field 8 \(gift\)"),
    ("lay 0 0 - - -/- - - 3: -/- - - 0 0 - 0", r"field 9 \(lay\)"),
    ("turn 0 0 - - -/- - - - -/- 0=1=5o - 0 0 - 0", r"field 11 \(private\)"),
    ("turn 0 0 - - -/- - - - -/- - 0;1 0 0 - 0", r"field 12 \(out\)"),
    ("turn 0 0 - - -/- - - - -/- - - ٣ 0 - 0", r"field 13 \(passes\).*ASCII"),
    ("turn 0 0 - - -/- - - - -/- - - 0 " + "9" * 30 + " - 0", r"field 14 \(turns\)"),
    ("over 0 0 - - -/- - - - -/- - - 0 0 WON 0", r"field 15 \(termination\)"),
    ("turn 0 0 - - -/- - - - -/- - - 0 0 - 9223372036854775808", r"field 16 \(seed\)"),
    ("turn 0 0 " + "1o," * 2000 + " - -/- - - - -/- - - 0 0 - 0", "at most 4000 characters"),
])
def test_malformed_notation_names_the_field(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        QuatreState.from_notation(QUATRE, text)


def test_notation_arguments_of_the_wrong_type_are_type_errors() -> None:
    with pytest.raises(TypeError, match="rules"):
        QuatreState.from_notation("cau-quatre", "turn")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text"):
        QuatreState.from_notation(QUATRE, None)  # type: ignore[arg-type]
    assert len(random_game(QUATRE.replace(deck="spanish-48"), 2, seed=1)[40].to_notation()) <= MAX_NOTATION
