"""Issue 14 for the capture family: pictures of views and states, the text screens, the
move menu and the one-line position notation.

Golden files: three pictures are compared byte for byte with ``tests/golden/fishing-*.svg``.
After an intended change to the drawing, regenerate them and review the diff::

    CAU_RULES_REGEN_GOLDEN=1 pytest tests/unit/test_fishing_render.py -k golden
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cau_rules.cards import Card, Language
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.fishing import CAU, CAU_ROBAT, FAMILY, FISHING_PRESETS, FishingState, new_game
from cau_rules.fishing.gallery import book_example, doc_pictures, pending_cau, robat_steal, valencian_stake
from cau_rules.fishing.moves import Accept, Bid, Refuse
from cau_rules.fishing.notation import FIELDS
from cau_rules.fishing.picture import svg_state, svg_view
from cau_rules.fishing.render import move_menu, render_state, render_text
from cau_rules.fishing.suite import hidden_from
from cau_rules.svg import SvgOptions, card_name
from tests.pictures import NS, GoldenPictures, golden_test
from tests.unit.fishing_games import played

CASES = [
    (name, players)
    for name, rules in FISHING_PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]
CARD_CODE = re.compile(r"(?:1[0-2]|[1-9])[oceb]")


def named_cards(svg: str, language: Language, state: FishingState) -> set[Card]:
    """Every card an SVG names: ``data-card`` attributes and titles that are card names."""
    root = ET.fromstring(svg)
    deck = state.rules.deck
    names = {card_name(card, deck=deck, language=language): card for card in deck.cards}
    found: set[Card] = set()
    for element in root.iter():
        code = element.get("data-card")
        if code is not None:
            found.add(Card.parse(code))
        if element.tag == NS + "title" and element.text in names:
            found.add(names[element.text])
    return found


# ---------------------------------------------------------------------------
# Golden pictures


GOLDEN_PICTURES = GoldenPictures()


@GOLDEN_PICTURES.add("fishing-book-after")
def golden_book_after() -> str:
    return svg_view(book_example().apply("8c+1").observe(0), options=SvgOptions(language="en"))


@GOLDEN_PICTURES.add("fishing-pending-chain")
def golden_pending_chain() -> str:
    return svg_view(pending_cau().observe(2), options=SvgOptions(language="ca"))


@GOLDEN_PICTURES.add("fishing-stake-state")
def golden_stake_state() -> str:
    return svg_state(valencian_stake(), options=SvgOptions(language="es", size=0.8), bottom=2)


test_golden = golden_test(GOLDEN_PICTURES, __file__)


def test_pictures_are_deterministic_and_well_formed() -> None:
    for make in GOLDEN_PICTURES.values():
        assert make() == make()
    pictures = doc_pictures()
    assert pictures == doc_pictures()
    assert sorted(pictures) == [
        "cau-book-run-after.svg", "cau-book-run-before.svg", "cau-chain-pending.svg", "cau-recau-paid.svg",
        "cau-robat-steal-after.svg", "cau-robat-steal-before.svg", "chain-pending-ca.svg", "chain-pending-en.svg",
        "chain-pending-es.svg", "valencian-stake.svg",
    ]
    for svg in pictures.values():
        assert ET.fromstring(svg).tag == NS + "svg"


def test_the_family_record_has_the_picture_hooks() -> None:
    view = new_game(CAU, 2, seed=1).observe(0)
    assert FAMILY.picture is not None and FAMILY.picture(view) == svg_view(view)
    assert FAMILY.doc_pictures is doc_pictures
    assert FAMILY.move_menu is move_menu


# ---------------------------------------------------------------------------
# What the pictures show


def test_the_book_example_before_and_after() -> None:
    before = book_example()
    svg = svg_view(before.observe(0), options=SvgOptions(language="en"))
    assert {"3o", "7o", "8o", "9o", "12o", "8c", "2b"} <= set(re.findall(r'data-card="(\w+)"', svg))
    after = before.apply("8c+1")
    svg = svg_view(after.observe(0), options=SvgOptions(language="en"))
    assert "seat 0 captures with 8c: 9o 8o 8c" in svg
    cards = set(re.findall(r'data-card="(\w+)"', svg))
    assert "8o" not in cards and "9o" not in cards and {"3o", "7o", "12o", "2b"} <= cards
    assert "Pile (7)" in svg


def test_a_robat_steal_shows_the_open_pile_inside_the_run() -> None:
    before = robat_steal()
    svg = svg_view(before.observe(0), options=SvgOptions(language="en"))
    assert 'data-card="5c"' in svg  # the open pile's top card
    after = before.apply("4c+2@1")
    svg = svg_view(after.observe(0), options=SvgOptions(language="en"))
    assert "with the pile of seat 1" in svg and 'data-card="4c"' in svg  # the capturer's new top
    assert "Pile (0)" in svg  # seat 1's pile was taken


def test_a_pending_chain_names_its_level_and_who_played() -> None:
    svg = svg_view(pending_cau().observe(2), options=SvgOptions(language="en"))
    assert "cau pending · claims 6o" in svg and ">Seat 0<" in svg and ">Seat 1<" in svg
    paid = svg_view(pending_cau().apply("5e+1").observe(2), options=SvgOptions(language="en"))
    assert "seat 2 calls recau" in paid and paid.count("pays a card to seat 2 for recau") == 3


def test_every_pending_level_is_named_by_the_rules() -> None:
    seen: set[str] = set()
    for name, players in (("cau-recau-sant-vicent", 4), ("cau-robat-40", 2)):
        for seed in range(3):
            state = new_game(FISHING_PRESETS[name], players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over and len(seen) < 4:
                if state.chain is not None:
                    level = state.rules.chain_call(state.chain.level).value
                    shown = {"sant-vicent": "Sant Vicent"}.get(level, level)
                    assert f"{shown} pending" in svg_state(state, options=SvgOptions(language="en"))
                    seen.add(f"{name} {level}")
                state = state.apply(rng.choice(list(state.legal_moves())))
    assert {"cau-recau-sant-vicent cau", "cau-robat-40 cau"} <= seen


def test_a_valencian_stake_shows_stones_holders_and_bids() -> None:
    svg = svg_view(valencian_stake().observe(2), options=SvgOptions(language="en"))
    assert "Stones: team 0: 12 · team 1: 4 · partides 0-0 · target 41" in svg
    assert "Ronda stake: seat 1 ronda, seat 2 rondí · bids: 3 · seat 2 to answer" in svg
    catalan = svg_view(valencian_stake().observe(2), options=SvgOptions(language="ca"))
    assert "Pedres" in catalan and "Envit de ronda" in catalan


def test_the_bottom_seat_and_bad_options() -> None:
    view = new_game(CAU, 3, seed=1).observe(1)
    assert svg_view(view, bottom=2) != svg_view(view)
    with pytest.raises(TypeError, match="bottom"):
        svg_view(view, bottom="2")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="bottom"):
        svg_view(view, bottom=3)
    with pytest.raises(TypeError, match="options"):
        svg_view(view, options="big")  # type: ignore[arg-type]


def test_notebooks_show_the_pictures() -> None:
    state = new_game(CAU_ROBAT, 2, seed=4)
    assert state._repr_svg_() == state.svg() == svg_state(state)
    view = state.observe(1)
    assert view._repr_svg_() == view.svg() == svg_view(view)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_picture_of_a_view_names_a_hidden_card(name: str, players: int) -> None:
    for seed in range(2):
        state = new_game(FISHING_PRESETS[name], players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 5 == 0 or state.is_over:
                for seat in range(players):
                    language: Language = ("ca", "es", "en")[(seat + step) % 3]
                    options = SvgOptions(language=language)
                    svg = svg_view(state.observe(seat), options=options)
                    leaked = named_cards(svg, language, state) & hidden_from(state, seat)
                    assert not leaked, f"{name} {players} seed {seed} step {step} seat {seat}: {leaked}"
            if state.is_over:
                break
            state = state.apply(rng.choice(list(state.legal_moves())))
            step += 1


# ---------------------------------------------------------------------------
# Screens and the menu


def test_the_view_screen_is_str_of_the_view() -> None:
    view = new_game(CAU, 2, seed=1).observe(0)
    assert str(view) == render_text(view)
    assert "Your cards: 12o 12c 2b" in str(view)


def test_the_screens_name_the_chain_the_stake_and_the_result() -> None:
    screen = str(pending_cau().observe(2))
    assert "Chain:      cau pending on rank 5: seat 0 5o, seat 1 5c; claims 6o" in screen
    stake = str(valencian_stake().observe(2))
    assert "seat 2 (you) to bid" in stake
    assert "Ronda stake: holders seat 1 ronda, seat 2 (you) rondi; bids: 3; seat 2 (you) to answer" in stake
    assert "Stones:     team 0 (yours) (seats 0 and 2): 12, team 1 (seats 1 and 3): 4" in stake
    over = played("cau", 2, 5, 10_000)
    assert over.is_over and "game over" in str(over.observe(0)) and "Result:" in str(over.observe(0))


def test_the_state_screen_shows_every_zone_face_up() -> None:
    state = new_game(CAU, 3, seed=2)
    screen = state.render()
    assert screen == render_state(state)
    for seat, holding in enumerate(state.holdings):
        assert f"Seat {seat}:".ljust(12) + " ".join(card.code for card in holding) in screen
    assert " ".join(card.code for card in state.stock) in screen


def test_the_move_menu_groups_the_stake_bids() -> None:
    state = valencian_stake()
    assert move_menu(state.legal_moves()) == ["bid 4-28", "bid game", "accept", "refuse"]
    opening = valencian_stake().rules.replace(partides_to_win=3)
    assert move_menu([Bid(2), Bid(3), Bid(None), Bid("joc")]) == ["bid 2-3", "bid game", "bid joc"]
    assert move_menu([Bid(5), Bid(7), Accept(), Refuse()]) == ["bid 5", "bid 7", "accept", "refuse"]
    assert opening.partides_to_win == 3
    plays = new_game(CAU, 2, seed=1).legal_moves()
    assert move_menu(plays) == [str(move) for move in plays]


# ---------------------------------------------------------------------------
# The one-line notation


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_the_notation_reads_back_every_reachable_state(case: tuple[str, int], seed: int, steps: int) -> None:
    state = played(*case, seed, steps)
    text = state.to_notation()
    assert len(text.split()) == len(FIELDS) and "\n" not in text
    assert FishingState.from_notation(state.rules, text) == state
    for seat in range(state.players):
        seen = state.observe(seat).to_notation()
        named = {Card.parse(code) for code in CARD_CODE.findall(seen)}
        assert not named & hidden_from(state, seat), f"seat {seat}'s notation names a hidden card"


def test_the_notation_keeps_the_stock_order_and_the_decks() -> None:
    rules = FISHING_PRESETS["cau-robat-40"]
    orders = [list(reversed(rules.deck.cards))]
    state = new_game(rules, 2, seed=9, decks=orders)
    back = FishingState.from_notation(rules, state.to_notation())
    assert back == state and back.decks == state.decks and back.stock == state.stock
    later = played("cau", 2, 3, 30)
    assert FishingState.from_notation(later.rules, later.to_notation()).stock == later.stock


def test_the_view_notation_hides_what_the_seat_cannot_see() -> None:
    text = new_game(CAU, 3, seed=1).observe(1).to_notation().split()
    holdings = text[0].split("/")
    assert holdings[0] == "?3" and holdings[2] == "?3" and "?" not in holdings[1]
    assert text[3] == "?36" and text[18] == "?" and text[19] == "?"
    stones = valencian_stake().observe(0).to_notation().split()[16]
    assert stones == "12,4/0,0/?"


def test_every_truncation_of_a_notation_is_refused() -> None:
    state = played("cau-recau-sant-vicent", 4, 11, 17)
    text = state.to_notation()
    for cut in range(len(text) - 1):
        prefix = text[:cut]
        try:
            back = FishingState.from_notation(state.rules, prefix)
        except (InvalidNotationError, InvalidPositionError, InvalidRulesError):
            continue
        assert back != state, f"the prefix {prefix!r} reads as the whole state"


@pytest.mark.parametrize(("text", "message"), [
    ("", "20 fields"),
    ("garbage", "20 fields"),
    ("x " * 20, "field 1 (holdings)"),
    ("12o12c2b/5c10b8e - -/-/- - - 0 play 0 0 0 - - -/- - - - - - 0 -", "field 3 (piles)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 - - -/0:1:2 - - - - - 0 -", "field 13 (debts)"),
    ("12o12c2b/5c10b8e - -/- - - ٣ play 0 0 0 - - -/- - - - - - 0 -", "field 6 (to_play)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 - - -/- - - - - - " + "9" * 40 + " -", "field 19 (seed)"),
    ("12o12c2b/5c10b8e 13o -/- - - 0 play 0 0 0 - - -/- - - - - - 0 -", "field 2 (table)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 0:5o@x - -/- - - - - - 0 -", "field 11 (chain)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 - - -/- - - 1,2/3 - - 0 -", "field 16 (hand_scores)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 - - -/- - - - 1,0/0,0/0.0.0.luck.1 - 0 -", "field 17 (tally)"),
    ("12o12c2b/5c10b8e - -/- - - 0 play 0 0 0 - - -/- - 0:cau - - - 0 -", "field 15 (declarations)"),
])
def test_malformed_notations_are_refused_saying_where(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        FishingState.from_notation(CAU, text)


def test_wrong_types_and_impossible_notations() -> None:
    with pytest.raises(TypeError, match="text"):
        FishingState.from_notation(CAU, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules"):
        FishingState.from_notation("cau", new_game(CAU, 2).to_notation())  # type: ignore[arg-type]
    text = new_game(CAU, 2, seed=1).to_notation().split()
    text[1] = "12o"  # a card twice: in a holding and on the table
    with pytest.raises(InvalidPositionError, match="twice"):
        FishingState.from_notation(CAU, " ".join(text))
    five = " ".join(["-/-/-/-/-", *new_game(CAU, 2, seed=1).to_notation().split()[1:]])
    with pytest.raises((InvalidNotationError, InvalidRulesError)):
        FishingState.from_notation(CAU, five)
