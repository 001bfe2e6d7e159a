"""Words a player would use: outcomes in sentences, debts summed, 6 and 9 told apart, and
refusals that give the real reason (issue 27)."""

from __future__ import annotations

import pytest

from cau_rules import new_game
from cau_rules.cacho import CACHO
from cau_rules.cards import Card
from cau_rules.errors import IllegalMoveError
from cau_rules.fishing import FishingState
from cau_rules.fishing.rules import CAU, CAU_RECAU_SANT_VICENT
from cau_rules.outcome import Outcome, Termination
from cau_rules.svg import Canvas, draw_card


def test_a_tie_of_every_seat_says_they_tie() -> None:
    outcome = Outcome((0, 1, 2, 3), (10, 10, 10, 10), Termination.MOST_CARDS)
    assert str(outcome).startswith("seats 0, 1, 2 and 3 tie ")
    assert outcome.text("ca").startswith("seients 0, 1, 2 i 3 empaten ")
    assert outcome.text("es").startswith("asientos 0, 1, 2 y 3 empatan ")


def test_a_session_names_its_winner_and_its_hands() -> None:
    outcome = Outcome((0,), (25, 15), Termination.MAX_HANDS, hands_played=1)
    assert str(outcome).startswith("seat 0 wins the session after 1 hand")
    assert "(session hands played" not in str(outcome)
    state = new_game(CACHO.name, players=2, seed=1)
    while state.outcome() is None:
        state = state.apply(state.legal_moves()[0])
    final = state.outcome()
    assert final is not None and "after 1 hand" in str(final) and "session hands played" not in str(final)


def test_scores_are_by_seat_and_never_python_lists() -> None:
    outcome = Outcome((1,), (20, 28), Termination.MOST_CARDS)
    assert str(outcome) == "seat 1 wins with the most cards; scores: seat 0: 20, seat 1: 28"
    state = new_game("cau", players=3, seed=4)
    while state.outcome() is None:
        state = state.apply(state.legal_moves()[-1])
    for event in state.events:
        assert "[" not in str(event), event
    assert "[" not in state.render() and "[" not in state.observe(1).render("ca")


def test_debts_to_one_seat_are_summed() -> None:
    text = ("7e9e/11o10e/9c3c/11e12c1c 4o -/5e5c/-/- 12b11c7c8b6e12e1o6o1e2c1b7b10o2b8c4c5b7o4b9o10c3b9b11b3o"
            "3e2o6c10b8e5o4e8o12o2e6b - 3 play 0 0 0 - 2:4o 1:1,1:1/-/1:1/1:1 1 - - - - 4 -")
    state = FishingState.from_notation(CAU, text)
    assert state.debts[0] == ((1, 1), (1, 1))
    screen = state.render()
    assert "seat 0 owes 2 to seat 1" in screen
    assert screen.count("seat 0 owes") == 1
    assert "seient 0 deu 2 al seient 1" in state.render("ca")
    picture = state.observe(0).svg(lang="ca")
    assert "deu 2 al seient 1" in picture
    assert picture.count("deu 1 al seient 1") == 2  # seats 2 and 3; seat 0's two debts are one line


@pytest.mark.parametrize("code", ["6o", "9c", "7c", "12b"])
def test_the_corner_index_of_a_6_or_a_9_carries_a_bar(code: str) -> None:
    card = Card.parse(code)
    marked = code[:-1] in ("6", "9")
    canvas = Canvas(80, 110)
    draw_card(canvas, card, x=10, y=10)
    assert canvas.to_svg().count("<line") == (2 if marked else 0)


def test_a_card_refused_because_a_capture_is_forced_says_so_and_with_which_cards() -> None:
    text = ("6o6c7c/11c3b4o/7e7o12o/4e10e3c 6b11o3e1b -/-/-/- 11e3o7b10o1o4c1e12e11b5o10b2c2e5e2b4b12b5c1c6e12c5b"
            "10c2o - 0 play 0 0 0 - - -/-/-/- - - - 3,0/0,0/0.0.0.pixat.1,0.0.0.ronda.1,0.0.0.ronda.1 - 1 -")
    state = FishingState.from_notation(CAU_RECAU_SANT_VICENT, text)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("7c")
    message = str(caught.value)
    assert "a capture is forced" in message and "6o or 6c" in message
    assert "run of 0" not in message
