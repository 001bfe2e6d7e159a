"""Cacho's pictures, text screens, move menu and one-line notation (issue 14).

Golden files: three pictures are compared byte for byte with ``tests/golden/cacho-*.svg``.
After an intended change to the drawing, regenerate them and review the diff::

    CAU_RULES_REGEN_GOLDEN=1 pytest tests/cacho/test_cacho_render.py -k golden
"""

from __future__ import annotations

import contextlib
import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cacho import (
    CACHO,
    FAMILY,
    Bet,
    CachoRules,
    CachoState,
    CachoView,
    Call,
    Fold,
    Pass,
    Raise,
    Showdown,
    new_game,
)
from cau_rules.cacho.family import doc_pictures
from cau_rules.cacho.picture import svg_state, svg_view
from cau_rules.cacho.render import move_menu, render_position, render_text
from cau_rules.cacho.suite import hidden_from
from cau_rules.cards import CACHO_24, Card, parse_cards
from cau_rules.errors import CauRulesError, InvalidNotationError, InvalidRulesError
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.svg import SvgOptions, card_name
from tests.cacho.support import play, random_session, stacked_deck
from tests.pictures import LANGUAGES, NS, GoldenPictures, golden_test
from tests.work import within

NAMES: dict[str, Card] = {card_name(card, deck=CACHO_24, language=language): card
                          for card in CACHO_24.cards for language in LANGUAGES}

rules_st = st.sampled_from([
    CACHO,
    CACHO.replace(resto="side_pots"),
    CACHO.replace(stack=3, max_hands=4),
    CACHO.replace(stack=2, resto="side_pots", max_hands=5, bets=(1, 1)),
])
sessions = st.tuples(rules_st, st.integers(2, 8), st.integers(0, 2**63 - 1), st.integers(0, 10**6))


def _showdown_game() -> CachoState:
    """Three players: seat 2 folds in round 2, seat 0 bets 4 in round 3 (seat 1 to call)."""
    state = new_game(CACHO, 3, seed=0, decks=[stacked_deck("1o 5c 3e 2o 6c 4e 3o 4b")])
    return play(state, "bet 1, call, call, bet 2, call, fold, bet 4")


def _cards_named(svg: str) -> set[Card]:
    """Every card an SVG document names: in data-card attributes and in titles."""
    root = ET.fromstring(svg)
    named: set[Card] = set()
    for element in root.iter():
        code = element.get("data-card")
        if code is not None:
            named.add(Card.parse(code))
        if element.tag == NS + "title" and element.text in NAMES:
            named.add(NAMES[element.text])
    return named


def _shown(view: CachoView) -> set[Card]:
    """The cards the public Showdown events of the view turned up."""
    return {card for event in view.events if isinstance(event, Showdown)
            for _, cards in event.hands for card in cards}


# -- pictures ----------------------------------------------------------------------------


GOLDEN_PICTURES = GoldenPictures()


@GOLDEN_PICTURES.add("cacho-showdown")
def golden_showdown() -> str:
    return svg_view(_showdown_game().apply("call").observe(0), options=SvgOptions(language="en"))


@GOLDEN_PICTURES.add("cacho-five-seats")
def golden_five_seats() -> str:
    state = play(new_game(CACHO.replace(resto="side_pots"), 5, seed=5),
                 "bet 1, call, call, fold, call, pass, pass, pass, pass")
    return svg_view(state.observe(1), options=SvgOptions(language="es", size=0.8,
                                                         highlight=state.holdings[1][:1]), bottom=3)


@GOLDEN_PICTURES.add("cacho-whole-state")
def golden_whole_state() -> str:
    return svg_state(_showdown_game(), options=SvgOptions(language="ca"))


test_golden = golden_test(GOLDEN_PICTURES, __file__)


def test_a_view_shows_its_own_cards_and_backs_for_the_others() -> None:
    state = _showdown_game()
    view = state.observe(1)
    svg = svg_view(view, options=SvgOptions(language="en"))
    assert _cards_named(svg) == set(state.holdings[1])
    root = ET.fromstring(svg)
    backs = [g for g in root.iter(NS + "g") if g.get("class") == "card-back"]
    assert len(backs) == 3 + 2 + 1  # seat 0's three cards, folded seat 2's two, the stock
    for text in ("pot 11", "to call 4", "seat 1 (you)", "folded", "stack 13 · bet 4", "fold | call | raise 5-17"):
        assert text in svg, text
    assert 'class="turn"' in svg and 'class="dealer"' in svg


def test_a_showdown_shows_the_hands_and_highlights_the_winner() -> None:
    end = _showdown_game().apply("call")
    svg = svg_view(end.observe(2), options=SvgOptions(language="en"))
    assert _cards_named(svg) == set(end.holdings[0]) | set(end.holdings[1]) | set(end.holdings[2])
    assert "cacho (26)" in svg and "two of a suit (31)" in svg and "takes 15" in svg
    assert "seat 0 wins" in svg
    winner = ET.fromstring(svg)
    highlighted = {g.get("data-card") for g in winner.iter(NS + "g")
                   if g.get("data-card") and any(r.get("stroke") == "#ff9900" for r in g.iter(NS + "rect"))}
    assert highlighted == {card.code for card in end.holdings[0]}


def test_a_new_hand_hides_the_last_showdown_again() -> None:
    rules = CACHO.replace(max_hands=2)
    state = play(new_game(rules, 2, seed=1, decks=[stacked_deck("1o 5c 2o 6c 3o 4e")]),
                 "bet 1, call, pass, pass, pass, pass")
    assert any(isinstance(event, Showdown) for event in state.events) and state.hand == 1
    assert _cards_named(svg_view(state.observe(0))) == set(state.holdings[0])


def test_options_and_bottom() -> None:
    view = new_game(CACHO, 4, seed=2).observe(2)
    big = svg_view(view, options=SvgOptions(size=2))
    assert ET.fromstring(big).get("width") == str(2 * int(float(ET.fromstring(svg_view(view)).get("width") or 0)))
    assert "seat 2 (you)" in svg_view(view) and "asiento 2 (tú)" in svg_view(view, options=SvgOptions(language="es"))
    assert svg_view(view, bottom=0) != svg_view(view)
    with pytest.raises(InvalidRulesError, match="bottom must be a seat from 0 to 3"):
        svg_view(view, bottom=4)
    with pytest.raises(TypeError, match="bottom must be int"):
        svg_view(view, bottom="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options must be SvgOptions"):
        svg_view(view, options="en")  # type: ignore[arg-type]


def test_notebook_hooks_and_the_family_record() -> None:
    state = new_game(CACHO, 3, seed=4)
    assert state._repr_svg_() == svg_state(state)
    assert state.observe(1)._repr_svg_() == svg_view(state.observe(1)) == FAMILY.picture(state.observe(1))  # type: ignore[misc]
    assert str(state.observe(1)) == render_text(state.observe(1))
    assert FAMILY.move_menu is not None and FAMILY.move_menu(state.legal_moves()) == ["pass", "bet 1"]
    assert FAMILY.doc_pictures is not None
    pictures = FAMILY.doc_pictures()
    assert set(pictures) == {"cacho-showdown.svg", "cacho-round-3.svg", "cacho-side-pots.svg"}
    for svg in pictures.values():
        ET.fromstring(svg)
    assert "takes main pot 3" in pictures["cacho-side-pots.svg"] and "takes side pot 6" in pictures[
        "cacho-side-pots.svg"]
    assert pictures == doc_pictures()


@given(sessions)
def test_no_picture_or_notation_of_a_view_names_a_hidden_card(session: tuple[CachoRules, int, int, int]) -> None:
    rules, players, seed, choices = session
    states = random_session(rules, players, seed, choices)
    for number, state in enumerate((states[0], states[len(states) // 2], states[-1])):
        for seat in range(players):
            view = state.observe(seat)
            hidden = hidden_from(state, seat) - _shown(view)
            language = LANGUAGES[(number + seat) % 3]
            named = _cards_named(svg_view(view, options=SvgOptions(language=language)))
            assert not named & hidden, (seat, state.to_notation())
            line = view.to_notation()
            assert not set(parse_cards(" ".join(_codes(line)))) & hidden_from(state, seat)
            assert not set(parse_cards(" ".join(_codes(render_text(view))))) & hidden
        ET.fromstring(svg_state(state))


def _codes(text: str) -> list[str]:
    """Every card code written in *text*, codes written together or apart."""
    return re.findall(r"(?<![0-9])[1-6][oceb]", text)


# -- text screens and the move menu ------------------------------------------------------


def test_the_screen_of_a_round_3_decision() -> None:
    screen = render_text(_showdown_game().observe(1))
    assert screen.splitlines()[0] == "=== cacho · hand 1 · round 3 · seat 1 (you) to play ==="
    for piece in ("Your cards:  5c 6c 4b", "Pot:         11", "To call:     4 (seat 1)",
                  "Moves:       fold | call | raise 5-17", "folded", "seat 2 dealer", "stack 13",
                  "this round 4", "Events:      seat 0 bets 4"):
        assert piece in screen, piece
    assert "To play: -1" not in screen and "True" not in screen


def test_the_screen_after_the_end() -> None:
    end = _showdown_game().apply("call")
    screen = render_text(end.observe(1))
    assert screen.splitlines()[0] == "=== cacho · session over after hand 1 ==="
    assert "Outcome:     seat 0 wins" in screen and "showdown: seat 0 shows 1o 2o 3o" in screen
    assert "1o 2o 3o" in screen.splitlines()[2]  # the shown cards on seat 0's line
    for absent in ("-1", "True", "False", "Moves:", "To call", "to play"):
        assert absent not in screen, absent
    assert "stack 28" in screen and "hand 1 ends" in screen


def test_hands_are_numbered_like_the_events() -> None:
    rules = CACHO.replace(max_hands=3)
    state = play(new_game(rules, 2, seed=3), "pass, pass")
    assert "hand 1 is void" in render_text(state.observe(0))
    assert state.render().splitlines()[0] == "=== cacho · hand 2 (redeal 1) · round 1 · seat 0 to play ==="
    assert "hand 2 (redeal 1): seat 1 deals" in render_text(state.observe(1))


def test_side_pots_and_all_in_calls_on_the_screen() -> None:
    pictures = doc_pictures()
    assert "main pot 3" in pictures["cacho-side-pots.svg"]
    rules = CACHO.replace(resto="side_pots", stack=6, max_hands=2)
    state = play(new_game(rules, 3, seed=0, decks=[stacked_deck("6o 1c 1b 5o 2e 4o 3b"),
                                                   stacked_deck("4c 1e 1o 5c 2e 2b 6c 3e 3c")]),
                 "bet 1, call, fold, bet 2, call, bet 2, call, bet 1, call, call, pass, pass, pass, bet 3")
    screen = render_text(state.observe(0))
    assert "Pot:         6 (main pot 3, side pot 3)" in screen
    assert "To call:     3 (seat 0)" in screen
    whole = render_position(state)
    assert "4c 5c 6c" in whole and "Stock:" in whole


def test_move_menu_groups_ranges() -> None:
    assert move_menu([Pass(), Bet(1)]) == ["pass", "bet 1"]
    assert move_menu([Fold(), Call(), *[Raise(n) for n in range(3, 18)]]) == ["fold", "call", "raise 3-17"]
    assert move_menu([Bet(1), Bet(2), Bet(4), Raise(5), Raise(6)]) == ["bet 1-2", "bet 4", "raise 5-6"]
    assert move_menu([]) == []
    huge = MoveList((Pass(),), AmountRange(Bet, 1, 10**9))
    menu: list[str] = []
    assert within(5_000, lambda: menu.extend(move_menu(huge))) is None  # about 500 calls, not 10**9
    assert menu == ["pass", "bet 1-1000000000"]


# -- the one-line notation ---------------------------------------------------------------


@given(sessions)
def test_notation_round_trips_every_state_of_a_game(session: tuple[CachoRules, int, int, int]) -> None:
    rules, players, seed, choices = session
    decks = [stacked_deck(random.Random(seed).sample(CACHO_24.cards, 3))] if choices % 2 else None
    for state in random_session(rules, players, seed, choices, decks=decks):
        line = state.to_notation()
        assert CachoState.from_notation(rules, line) == state, line
        assert "\n" not in line and "  " not in line
        fields = line.split(" ")
        assert len(fields) == (12 if state.decks else 11)
        assert fields[8].split("r")[0] == str(state.hand + 1)


def test_the_notation_grammar_by_example() -> None:
    state = new_game(CACHO, 3, seed=5, decks=[stacked_deck("1o 2o 3o")])
    line = state.apply("bet 1").apply("fold").to_notation()
    holdings, stock, stacks, pot, this_round, seats, turn, rnd, hand, dealer, seed, decks = line.split(" ")
    assert (holdings, stacks, pot, this_round, seats, turn, rnd, hand, dealer, seed) == (
        "1o/2o/3o", "19/20/20", "1/0/0", "1/0/0", "afA", "2", "1", "1", "2", "5")
    assert len(stock) == 42 and decks == "".join(card.code for card in stacked_deck("1o 2o 3o"))
    over = play(state, "pass, pass, pass")
    assert over.to_notation().split(" ")[6] == "max_hands"
    view_line = state.observe(1).to_notation()
    assert view_line.split(" ")[:2] == ["?1/2o/?1", "?21"] and view_line.endswith(" @1")


MALFORMED: list[tuple[str, str]] = [
    ("", "11 or 12 fields"),
    ("garbage", "11 or 12 fields"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 1 1", "11 or 12 fields"),
    ("1o/2o  20/20 0/0 0/0 AA 0 1 1 1 0", "field 2 \\(stock\\) is empty"),
    ("1o - 20 0 0 A 0 1 1 0 0", "names 1 seats"),
    ("1o/2o/3o/4o/5o/6o/1c/2c/3c - 20/20 0/0 0/0 AA 0 1 1 1 0", "names 9 seats"),
    ("1o/2x - 20/20 0/0 0/0 AA 0 1 1 1 0", "field 1 \\(holdings\\), seat 1: unknown card '2x'"),
    ("1o/2o3 - 20/20 0/0 0/0 AA 0 1 1 1 0", "field 1 \\(holdings\\), seat 1 must be card codes"),
    ("1o/2o 3 20/20 0/0 0/0 AA 0 1 1 1 0", "field 2 \\(stock\\) must be card codes"),
    ("1o/2o - 20/20/20 0/0 0/0 AA 0 1 1 1 0", "field 3 \\(stacks\\) has 3 entries"),
    ("1o/2o - 20/-1 0/0 0/0 AA 0 1 1 1 0", "field 3 \\(stacks\\), seat 1 must be a whole number"),
    ("1o/2o - 20/20 0/0 0/0 AAA 0 1 1 1 0", "field 6 \\(seats\\) has 3 letters"),
    ("1o/2o - 20/20 0/0 0/0 AX 0 1 1 1 0", "field 6 \\(seats\\), seat 1: 'X'"),
    ("1o/2o - 20/20 0/0 0/0 AA over 1 1 1 0", "field 7 \\(turn\\) must be the seat to play"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 one 1 1 0", "field 8 \\(round\\)"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 0 1 0", "hands are numbered from 1"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 2x 1 0", "field 9 \\(hand\\)"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 1 1 " + "9" * 19, "field 11 \\(seed\\) must be a whole number from 0 to 9223372036854775807"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 1 1 " + "9" * 20, "field 11 \\(seed\\) must be a whole number from 0"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 1 1 0 1o2o", "not a full deck|24 cards|deck"),
    ("1o/2o - 20/20 0/0 0/0 AA 0 1 1 1 ٣", "field 11 \\(seed\\) must be a whole number"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_malformed_notation_is_refused(text: str, message: str) -> None:
    with pytest.raises(CauRulesError, match=message):
        CachoState.from_notation(CACHO, text)


def test_malformed_notation_errors_are_notation_errors() -> None:
    for text, _ in MALFORMED[:-2]:
        with pytest.raises(InvalidNotationError):
            CachoState.from_notation(CACHO, text)
    with pytest.raises(TypeError, match="rules must be CachoRules"):
        CachoState.from_notation("cacho", "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be str"):
        CachoState.from_notation(CACHO, None)  # type: ignore[arg-type]


@given(sessions, st.data())
def test_truncated_or_garbled_notation_never_crashes(session: tuple[CachoRules, int, int, int],
                                                     data: st.DataObject) -> None:
    rules, players, seed, choices = session
    states = random_session(rules, players, seed, choices)
    state = data.draw(st.sampled_from(states))
    line = state.to_notation()
    fields = line.split(" ")
    with pytest.raises(InvalidNotationError):
        CachoState.from_notation(rules, " ".join(fields[:data.draw(st.integers(0, 10))]))
    cut = data.draw(st.integers(0, len(line)))
    noise = data.draw(st.text(alphabet="0123456789/-AafoecbrX? ", max_size=6))
    for text in (line[:cut], line[:cut] + noise + line[cut:]):
        with contextlib.suppress(CauRulesError):
            CachoState.from_notation(rules, text)
