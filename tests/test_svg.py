"""The SVG drawing core: well-formed, deterministic pictures; backs that never reveal a card.

Golden files: three small pictures are compared byte for byte with ``tests/golden/*.svg``.
After an intended change to the drawing, regenerate them and review the diff::

    CAU_RULES_REGEN_GOLDEN=1 pytest tests/test_svg.py -k golden
"""

from __future__ import annotations

import ast
import inspect
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cards import (
    CACHO_24,
    DECKS,
    FRENCH_40,
    SPANISH_40,
    SPANISH_48,
    Card,
    Deck,
    Language,
    parse_cards,
)
from cau_rules.errors import InvalidRulesError
from cau_rules.svg import (
    HIGHLIGHT_COLOUR,
    Canvas,
    PathData,
    SvgOptions,
    back_title,
    card_name,
    cards_svg,
    draw_back,
    draw_card,
    draw_label,
    draw_pile,
    draw_pip,
    draw_row,
    draw_turn_marker,
    fmt,
    rank_label,
    row_bounds,
    row_width,
)
from tests.pictures import LANGUAGES, NS, GoldenPictures, golden_test

ALL_CARDS = tuple(Card)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def drawn(root: ET.Element, element: ET.Element) -> Iterator[ET.Element]:
    """*element* and everything in it, with each ``<use>`` replaced by its symbol's content."""
    symbols = {symbol.get("id"): symbol for symbol in root.iter(NS + "symbol")}
    for item in element.iter():
        if item.tag == NS + "use":
            yield from drawn(root, symbols[(item.get("href") or "#")[1:]])
        else:
            yield item


def groups(root: ET.Element, class_: str) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if g.get("class") == class_]


def title_of(element: ET.Element) -> str | None:
    title = element.find(NS + "title")
    return None if title is None else title.text


def strings(root: ET.Element) -> Iterator[str]:
    """Every piece of text and every attribute value in the document."""
    for element in root.iter():
        if element.text:
            yield element.text
        yield from element.attrib.values()


def identities(card: Card) -> list[str]:
    """Every way a picture could name *card*: code, labels and full names in all languages."""
    names = [card.full_name(language) for language in LANGUAGES]
    if FRENCH_40.contains(card):
        names += [card_name(card, deck=FRENCH_40, language=language) for language in LANGUAGES]
        names.append(FRENCH_40.label(card))
    return names


def names_a_card(root: ET.Element, card: Card) -> bool:
    text = "\0".join(strings(root)).lower()  # \0 never occurs in a document: no match across pieces
    if re.search(rf"(?<![0-9a-z]){card.code}(?![0-9a-z])", text):
        return True
    return any(name.lower() in text for name in identities(card))


# ---------------------------------------------------------------------------
# The builder


def test_fmt_rounds_to_two_decimals_without_trailing_zeros() -> None:
    assert [fmt(v) for v in (0, 1, -1, 0.5, 0.125, 2 / 3, 1e-9, -1e-9, 100.0, 1234.5678)] == [
        "0", "1", "-1", "0.5", "0.12", "0.67", "0", "0", "100", "1234.57"]


def test_canvas_document_shape() -> None:
    canvas = Canvas(120, 80.5, title="t", size=2)
    root = parse(canvas.to_svg())
    assert root.get("viewBox") == "0 0 120 80.5"
    assert (root.get("width"), root.get("height")) == ("240", "161")
    assert root.get("font-family") == "sans-serif"
    assert title_of(root) == "t"
    assert canvas.to_svg().endswith("</svg>\n")


def test_path_data_and_shapes_write_stable_numbers() -> None:
    canvas = Canvas(10, 10)
    canvas.path(PathData().move(1 / 3, 0).cubic(1, 2, 3, 4, 5.556, 6).quad(0, 0, 1, 1).line(2, 2).close())
    canvas.line(0, 0.004, 1, 1)
    assert 'd="M0.33 0 C1 2 3 4 5.56 6 Q0 0 1 1 L2 2 Z"' in canvas.to_svg()
    assert 'y1="0"' in canvas.to_svg()


HOSTILE = [
    '<script>alert("x")</script>',
    "Tom & Jerry's \"quoted\" <b>",
    "]]> <!-- --> <?xml?> &amp; &#0;",
    "control \x00\x01\x1b\ufffe chars",
    "line\nbreak\ttab\r",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_escaped_everywhere(text: str) -> None:
    canvas = Canvas(100, 100, title=text)
    draw_label(canvas, text, x=1, y=10)
    group = canvas.group(class_=text, title=text, data=[("seat", text)])
    group.text(0, 0, text, fill=text)
    svg = canvas.to_svg()
    root = parse(svg)
    assert not any(element.tag.endswith("script") for element in root.iter())
    assert "<script" not in svg
    clean = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe]", "\ufffd", text)
    texts = [element.text for element in root.iter() if element.tag in (NS + "text", NS + "title")]
    assert texts == [clean] * 4
    g = groups(root, clean)[0]
    assert g.get("data-seat") == clean  # attribute newlines survive as character references


def test_bad_data_attribute_name() -> None:
    with pytest.raises(InvalidRulesError, match="bad data attribute name"):
        Canvas(1, 1).group(data=[('x" onload="evil', "1")])


# ---------------------------------------------------------------------------
# Faces


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_every_card_of_every_deck_is_valid_xml_with_its_name(deck: Deck, language: Language) -> None:
    for card in deck.cards:
        canvas = Canvas(70, 100)
        draw_card(canvas, card, x=5, y=5, deck=deck, language=language, highlight=card.rank == 1)
        root = parse(canvas.to_svg())
        (face,) = groups(root, "card")
        assert face.get("data-card") == card.code
        assert title_of(face) == card_name(card, deck=deck, language=language)
        if deck.style == "spanish":
            assert title_of(face) == card.full_name(language)
        labels = [element.text for element in drawn(root, face) if element.tag == NS + "text"]
        assert labels == [rank_label(card, deck)] * 2


def test_french_names_and_labels() -> None:
    card = Card.parse("11c")
    assert [card_name(card, deck=FRENCH_40, language=lang) for lang in LANGUAGES] == [
        "dama de cors", "reina de corazones", "queen of hearts"]
    assert card_name(Card.parse("1o"), deck=FRENCH_40, language="ca") == "as de diamants"
    assert card_name(Card.parse("10b"), deck=FRENCH_40, language="en") == "jack of clubs"
    assert [rank_label(c, FRENCH_40) for c in FRENCH_40.cards[:10]] == [
        "A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
    for language in LANGUAGES:
        assert len({card_name(c, deck=FRENCH_40, language=language) for c in FRENCH_40.cards}) == 40


def test_highlight_draws_a_thick_border() -> None:
    plain, marked = Canvas(70, 100), Canvas(70, 100)
    draw_card(plain, Card.O7, x=5, y=5)
    draw_card(marked, Card.O7, x=5, y=5, highlight=True)
    assert HIGHLIGHT_COLOUR not in plain.to_svg()
    assert f'stroke="{HIGHLIGHT_COLOUR}"' in marked.to_svg()


def test_suits_draw_distinct_shapes() -> None:
    pictures = set()
    for deck in (SPANISH_48, FRENCH_40):
        for suit in range(4):
            canvas = Canvas(20, 20)
            draw_pip(canvas, Card.of(1, suit).suit, x=10, y=10, size=20, deck=deck)
            pictures.add(canvas.to_svg())
    assert len(pictures) == 8


# ---------------------------------------------------------------------------
# Backs never reveal a card


def test_draw_back_is_never_given_a_card() -> None:
    assert list(inspect.signature(draw_back).parameters) == [
        "target", "x", "y", "width", "count", "highlight", "language"]


def back_pictures() -> Iterator[tuple[str, str]]:
    for language in LANGUAGES:
        for count in (None, 0, 1, 7, 12, 40, 48, 100):
            canvas = Canvas(80, 100)
            draw_back(canvas, x=1, y=1, count=count, language=language, highlight=count == 7)
            yield f"back {count} {language}", canvas.to_svg()
            if count is not None:
                canvas = Canvas(80, 100)
                draw_pile(canvas, None, count, x=1, y=1, language=language)
                yield f"stock {count} {language}", canvas.to_svg()
        canvas = Canvas(300, 200)
        draw_row(canvas, [None] * 12, x=1, y=1, gap=-40, fan=60, language=language)
        yield f"hidden row {language}", canvas.to_svg()


@pytest.mark.parametrize("name,svg", list(back_pictures()))
def test_a_back_names_no_card(name: str, svg: str) -> None:
    root = parse(svg)
    assert groups(root, "card") == []
    assert "data-card" not in svg
    for card in ALL_CARDS:
        assert not names_a_card(root, card), f"{name} names {card.code}"


def test_the_identity_search_would_catch_a_leak() -> None:
    canvas = Canvas(80, 100)
    draw_card(canvas, Card.B12, x=0, y=0, deck=SPANISH_40)
    assert names_a_card(parse(canvas.to_svg()), Card.B12)
    assert not names_a_card(parse(canvas.to_svg()), Card.B11)


@pytest.mark.parametrize("deck", [SPANISH_48, FRENCH_40], ids=["spanish", "french"])
def test_a_face_up_pile_shows_only_its_top_card(deck: Deck) -> None:
    canvas = Canvas(100, 120)
    draw_pile(canvas, Card.C3, 9, x=1, y=1, deck=deck, language="en")
    root = parse(canvas.to_svg())
    assert [card for card in ALL_CARDS if names_a_card(root, card)] == [Card.C3]
    assert title_of(groups(root, "pile")[0]) == "9 cards"


# ---------------------------------------------------------------------------
# Layout


def test_row_width_and_positions() -> None:
    canvas = Canvas(300, 100)
    draw_row(canvas, parse_cards("1o 2o 3o"), x=10, y=5, width=40, gap=-10)
    root = parse(canvas.to_svg())
    assert [g.get("transform") for g in groups(root, "card")] == [
        "translate(10 5)", "translate(40 5)", "translate(70 5)"]
    assert row_width(3, width=40, gap=-10) == 100
    assert row_bounds(3, width=40, gap=-10) == (0, 0, 100, 60)
    assert row_bounds(0) == (0, 0, 0, 0)


@pytest.mark.parametrize("fan", [0, 1, 30, 90, 180])
@pytest.mark.parametrize("count", [1, 2, 5, 12])
def test_row_bounds_of_a_fan_are_symmetric_and_hold_the_straight_row(count: int, fan: float) -> None:
    left, top, right, bottom = row_bounds(count, width=40, gap=-25, fan=fan)
    straight = row_width(count, width=40, gap=-25)
    assert left == pytest.approx(straight - right)
    assert left <= 0 < straight <= right and bottom >= 60
    assert top <= 1e-9 or count % 2 == 0  # an odd row keeps its middle card upright at the top
    if fan == 0 or count == 1:
        assert (left, top, right, bottom) == (0, 0, straight, 60)


def test_fan_turns_the_outer_cards_symmetrically() -> None:
    canvas = Canvas(300, 200)
    draw_row(canvas, parse_cards("1o 2o 3o"), x=10, y=5, width=40, gap=-10, fan=30)
    (row,) = groups(parse(canvas.to_svg()), "row")
    slots = [slot.get("transform") for slot in row]
    # each card hangs from its bottom centre; the outer ones turn and drop a little
    assert slots == ["translate(30 68.95) rotate(-15)", "translate(60 65)", "translate(90 68.95) rotate(15)"]


def test_turn_marker_label_and_empty_pile() -> None:
    canvas = Canvas(100, 120)
    draw_turn_marker(canvas, x=10, y=10, language="es")
    draw_pile(canvas, None, 0, x=20, y=5, language="ca")
    root = parse(canvas.to_svg())
    assert title_of(groups(root, "turn")[0]) == "le toca jugar"
    assert title_of(groups(root, "pile")[0]) == "cap carta"
    assert back_title(2, "ca") == "2 cartes"


def test_options_and_sheet() -> None:
    options = SvgOptions(size=0.5, language="es", highlight=[Card.O1])
    assert options.highlight == frozenset({Card.O1})
    svg = cards_svg((*FRENCH_40.cards, None), deck=FRENCH_40, columns=10, size=options.size,
                    language=options.language, highlight=options.highlight, title="French 40")
    root = parse(svg)
    assert len(groups(root, "card")) == 40 and len(groups(root, "card-back")) == 1
    assert title_of(root) == "French 40"
    assert svg.count(f'stroke="{HIGHLIGHT_COLOUR}"') == 1


# ---------------------------------------------------------------------------
# Errors


def canvas() -> Canvas:
    return Canvas(10, 10)


BAD_CALLS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("negative width", lambda: draw_card(canvas(), Card.O1, x=0, y=0, width=-5), InvalidRulesError,
     "width must be greater than 0"),
    ("zero width", lambda: draw_back(canvas(), x=0, y=0, width=0), InvalidRulesError, "width must be greater"),
    ("nan", lambda: draw_card(canvas(), Card.O1, x=float("nan"), y=0), InvalidRulesError, "x must be a finite"),
    ("width type", lambda: draw_card(canvas(), Card.O1, x=0, y=0, width="60"), TypeError,  # type: ignore[arg-type]
     "width must be a number, not str"),
    ("bool number", lambda: Canvas(True, 10), TypeError, "width must be a number, not bool"),
    ("unknown language", lambda: draw_card(canvas(), Card.O1, x=0, y=0, language="fr"),  # type: ignore[arg-type]
     InvalidRulesError, "unknown language 'fr'"),
    ("language type", lambda: draw_back(canvas(), x=0, y=0, language=None),  # type: ignore[arg-type]
     TypeError, "language must be a str"),
    ("card code", lambda: draw_card(canvas(), "7o", x=0, y=0), TypeError,  # type: ignore[arg-type]
     "card must be a Card, not str"),
    ("card not in deck", lambda: draw_card(canvas(), Card.O8, x=0, y=0, deck=FRENCH_40), InvalidRulesError,
     "8o is not a card of the french-40 deck"),
    ("cacho deck", lambda: card_name(Card.O12, deck=CACHO_24), InvalidRulesError, "cacho-24"),
    ("deck type", lambda: draw_card(canvas(), Card.O1, x=0, y=0, deck="spanish-48"),  # type: ignore[arg-type]
     TypeError, "deck must be a Deck"),
    ("row item", lambda: draw_row(canvas(), [Card.O1, 5], x=0, y=0), TypeError,  # type: ignore[list-item]
     r"cards\[1\] must be a Card or None, not int"),
    ("row string", lambda: draw_row(canvas(), "1o 2o", x=0, y=0), TypeError,  # type: ignore[arg-type]
     "cards must be a sequence"),
    ("row gap", lambda: draw_row(canvas(), [Card.O1], x=0, y=0, width=40, gap=-40), InvalidRulesError,
     "gap must be more than -width"),
    ("row fan", lambda: draw_row(canvas(), [Card.O1], x=0, y=0, fan=200), InvalidRulesError, "at most 180"),
    ("negative fan", lambda: draw_row(canvas(), [Card.O1], x=0, y=0, fan=-1), InvalidRulesError,
     "fan must be at least 0"),
    ("highlight type", lambda: draw_row(canvas(), [Card.O1], x=0, y=0, highlight=["1o"]),  # type: ignore[list-item]
     TypeError, "highlight must hold only Card"),
    ("highlight flag", lambda: draw_card(canvas(), Card.O1, x=0, y=0, highlight=None),  # type: ignore[arg-type]
     TypeError, "highlight must be a bool"),
    ("negative count", lambda: draw_back(canvas(), x=0, y=0, count=-1), InvalidRulesError,
     "count must be 0 or more"),
    ("count type", lambda: draw_back(canvas(), x=0, y=0, count=2.0), TypeError,  # type: ignore[arg-type]
     "count must be an int"),
    ("pile with top, no count", lambda: draw_pile(canvas(), Card.O1, 0, x=0, y=0), InvalidRulesError,
     "at least 1"),
    ("label type", lambda: draw_label(canvas(), 42, x=0, y=0), TypeError,  # type: ignore[arg-type]
     "text must be a str, not int"),
    ("label anchor", lambda: draw_label(canvas(), "a", x=0, y=0, anchor="left"),  # type: ignore[arg-type]
     InvalidRulesError, "anchor must be"),
    ("target type", lambda: draw_back("canvas", x=0, y=0), TypeError,  # type: ignore[arg-type]
     "target must be a Canvas or a Group"),
    ("options size", lambda: SvgOptions(size=0), InvalidRulesError, "size must be greater than 0"),
    ("options highlight", lambda: SvgOptions(highlight="7o"), TypeError,  # type: ignore[arg-type]
     "highlight must be a collection of Card"),
    ("sheet columns", lambda: cards_svg([Card.O1], columns=0), InvalidRulesError, "columns must be at least 1"),
    ("pip size", lambda: draw_pip(canvas(), Card.O1.suit, x=0, y=0, size=-1), InvalidRulesError,
     "size must be greater than 0"),
]


@pytest.mark.parametrize("name,call,error,message", BAD_CALLS, ids=[row[0] for row in BAD_CALLS])
def test_bad_arguments(name: str, call: Callable[[], object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


# ---------------------------------------------------------------------------
# Properties


@st.composite
def rows(draw: st.DrawFn) -> tuple[Deck, list[Card | None], frozenset[Card], Language, float, float]:
    deck = draw(st.sampled_from([SPANISH_48, SPANISH_40, FRENCH_40, CACHO_24]))
    cards: list[Card | None] = list(draw(st.lists(st.sampled_from(deck.cards), unique=True, max_size=12)))
    hidden = draw(st.integers(0, 3))
    cards[len(cards) // 2:len(cards) // 2] = [None] * hidden
    highlight = frozenset(draw(st.sets(st.sampled_from(deck.cards), max_size=6)))
    language = draw(st.sampled_from(LANGUAGES))
    gap = draw(st.floats(-50, 20, allow_nan=False))
    fan = draw(st.sampled_from([0.0, 10.0, 45.5, 180.0]))
    return deck, cards, highlight, language, gap, fan


@given(rows())
def test_any_row_is_valid_deterministic_and_names_exactly_its_cards(
    case: tuple[Deck, list[Card | None], frozenset[Card], Language, float, float],
) -> None:
    deck, cards, highlight, language, gap, fan = case

    def render() -> str:
        canvas = Canvas(900, 300, title="row")
        draw_row(canvas, cards, x=10, y=10, width=55, gap=gap, fan=fan, deck=deck, highlight=highlight,
                 language=language)
        return canvas.to_svg()

    svg = render()
    assert render() == svg
    root = parse(svg)
    shown = [card for card in cards if card is not None]
    faces = groups(root, "card")
    assert [g.get("data-card") for g in faces] == [card.code for card in shown]
    assert [title_of(g) for g in faces] == [card_name(card, deck=deck, language=language) for card in shown]
    assert len(groups(root, "card-back")) == len(cards) - len(shown)
    assert svg.count(f'stroke="{HIGHLIGHT_COLOUR}"') == len(highlight & set(shown))
    named = {card for card in deck.cards if names_a_card(root, card)}
    assert named == set(shown)


# ---------------------------------------------------------------------------
# Golden pictures


GOLDEN_PICTURES = GoldenPictures()


@GOLDEN_PICTURES.add("single-card")
def golden_single_card() -> str:
    canvas = Canvas(80, 110, title="7 d'oros")
    draw_card(canvas, Card.O7, x=10, y=10, highlight=True, language="ca")
    return canvas.to_svg()


@GOLDEN_PICTURES.add("french-fan")
def golden_french_fan() -> str:
    left, top, right, bottom = row_bounds(5, width=50, gap=-20, fan=40)
    margin = 5
    canvas = Canvas(right - left + 2 * margin, bottom - top + 2 * margin, title="A French hand", size=1.5)
    draw_row(canvas, parse_cards("1o 10c 11e 12b 7c"), x=margin - left, y=margin - top, width=50, gap=-20,
             fan=40, deck=FRENCH_40, highlight=parse_cards("11e"), language="en")
    return canvas.to_svg()


@GOLDEN_PICTURES.add("table-corner")
def golden_table_corner() -> str:
    canvas = Canvas(240, 120, title="Mesa")
    draw_turn_marker(canvas, x=12, y=14, size=12, language="es")
    draw_label(canvas, 'Asiento 2 · 3 puntos <"&">', x=22, y=19, size=12, bold=True)
    draw_back(canvas, x=10, y=30, width=50, count=7, language="es")
    draw_pile(canvas, None, 12, x=70, y=30, width=50, language="es")
    draw_pile(canvas, Card.C3, 9, x=130, y=30, width=50, language="es")
    draw_pile(canvas, None, 0, x=190, y=30, width=40, language="es")
    return canvas.to_svg()


test_golden = golden_test(GOLDEN_PICTURES, __file__)


# ---------------------------------------------------------------------------
# A core module


def test_the_package_imports_only_cards_and_errors_from_the_library() -> None:
    package = Path(__file__).resolve().parent.parent / "cau_rules" / "svg"
    for source in sorted(package.glob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cau_rules"):
                assert node.module in ("cau_rules.cards", "cau_rules.errors") or \
                    node.module.startswith("cau_rules.svg"), f"{source.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(alias.name.startswith("cau_rules") for alias in node.names), source.name


# ---------------------------------------------------------------------------
# Symbols shared across sizes, and short ids that never meet


def test_one_sign_and_one_design_serve_every_size() -> None:
    canvas = Canvas(200, 120)
    draw_card(canvas, Card.O7, x=0, y=0, width=40)
    draw_card(canvas, Card.O7, x=50, y=0, width=56)
    draw_card(canvas, Card.O12, x=120, y=0, width=56)
    svg = canvas.to_svg()
    ids = re.findall(r'<symbol id="([^"]+)"', svg)
    # one sign of oros, one number design and one court design, placed scaled; the labels inline
    assert sorted(ids) == ["ds48-oc", "ds48-on", "ps48-o"]
    assert 'transform="scale(0.4)"' in svg and 'transform="scale(0.56)"' in svg
    root = parse(svg)
    assert [group.get("data-card") for group in groups(root, "card")] == ["7o", "7o", "12o"]


def test_a_deck_of_another_name_never_shares_a_built_in_decks_symbols() -> None:
    # a deck named like a built-in deck's short id, with other ranks: its faces are its own
    impostor = Deck("s40", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    canvas = Canvas(200, 100)
    draw_card(canvas, Card.parse("10o"), x=0, y=0, deck=SPANISH_40)
    draw_card(canvas, Card.parse("10o"), x=60, y=0, deck=impostor)
    ids = set(re.findall(r'<symbol id="([^"]+)"', canvas.to_svg()))
    assert ids == {"ds40-oc", "ps40-o", "dx-s40-oc", "px-s40-o"}
