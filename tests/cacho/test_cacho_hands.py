"""The hand evaluator: classes, values, ties (CAC-17 to CAC-22)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cacho import CACHO, HandClass, HandValue, best_seats, compare, evaluate
from cau_rules.cards import CACHO_24, Card
from cau_rules.errors import InvalidPositionError

ALL_HANDS = list(itertools.combinations(CACHO_24.cards, 3))
hands = st.lists(st.sampled_from(CACHO_24.cards), min_size=3, max_size=3, unique=True)


def test_cac_17_three_sixes_are_the_highest_hand_and_report_18() -> None:
    """CAC-17: the three sixes beat every other hand, 4-5-6 of one suit included; value 18."""
    sixes = evaluate("6o 6c 6e")
    assert sixes.hand_class is HandClass.THREE_SIXES and sixes.value == 18
    assert sixes > evaluate("4o 5o 6o") and evaluate("6c 6e 6b") == sixes
    assert all(sixes >= evaluate(cards) for cards in ALL_HANDS)


def test_cac_18_cacho_is_three_of_a_suit_worth_26_to_35() -> None:
    """CAC-18: three cards of one suit score their sum + 20, from 26 to 35, and the smallest
    beats the best two of a suit (1-2-3 = 26 beats 5-6 suited + any = 31)."""
    values = {evaluate(cards).value for cards in ALL_HANDS if evaluate(cards).hand_class is HandClass.CACHO}
    assert min(values) == 26 and max(values) == 35
    assert evaluate("1o 2o 3o").value == 26 and evaluate("4b 5b 6b").value == 35
    assert evaluate("1o 2o 3o") > evaluate("5c 6c 4e")
    assert evaluate("5c 6c 4e").value == 31


def test_cac_19_two_of_a_suit_is_the_pair_plus_20_worth_23_to_31() -> None:
    """CAC-19: two cards of one suit score those two + 20 (23 to 31); the third card is ignored."""
    two = [evaluate(cards) for cards in ALL_HANDS if evaluate(cards).hand_class is HandClass.TWO_SUITED]
    assert min(value.value for value in two) == 23 and max(value.value for value in two) == 31
    assert evaluate("5c 6c 1o") == evaluate("5c 6c 4e") == evaluate("6b 5b 2o")
    assert evaluate("1o 2o 6c").value == 23
    smallest_cacho = evaluate("1o 2o 3o")
    assert all(value < smallest_cacho for value in two)


def test_cac_20_high_card_is_worth_its_highest_rank() -> None:
    """CAC-20: with no better hand the highest card decides; other cards only count under
    high_card_kickers, highest first."""
    assert evaluate("6o 1c 2e").value == 6 and evaluate("6o 1c 2e") > evaluate("5o 4c 3e")
    assert evaluate("6o 2c 1e") == evaluate("6c 5e 4b")
    kickers = CACHO.replace(high_card_kickers=True)
    assert evaluate("6c 5e 4b", kickers) > evaluate("6o 2c 1e", kickers)
    assert evaluate("6c 5e 1b", kickers) > evaluate("6o 4c 3e", kickers)
    assert evaluate("6c 5e 4b", kickers).kickers == (5, 4)
    # Kickers never change the other classes.
    assert evaluate("5c 6c 1o", kickers) == evaluate("5c 6c 4e", kickers)
    assert evaluate("2o 4o", kickers).hand_class is HandClass.TWO_SUITED


def test_cac_21_equal_hands_are_equal_and_the_eldest_breaks_the_tie() -> None:
    """CAC-21: hands of the same class and value are equal; best_seats puts the eldest first."""
    a, b = evaluate("1o 2o 3o"), evaluate("1c 2c 3c")
    assert a == b and compare(a, b) == 0 and hash(a) == hash(b)
    table = {0: a, 1: b, 2: evaluate("6e 5e 4e")}
    assert best_seats(table, (0, 1, 2)) == (2, 0, 1)
    assert best_seats(table, (1, 2, 0)) == (2, 1, 0)
    with pytest.raises(InvalidPositionError, match="not in the eldest order"):
        best_seats(table, (0, 1))


@given(first=hands, second=hands)
def test_cac_22_flush_bonus_30_changes_values_never_winners(first: list[Card], second: list[Card]) -> None:
    """CAC-22: flush_bonus 30 adds 30 to a three-card cacho only; no comparison changes."""
    thirty = CACHO.replace(flush_bonus=30)
    low, high = evaluate(first), evaluate(first, thirty)
    if low.hand_class is HandClass.CACHO:
        assert high.value == low.value + 10
    else:
        assert high == low
    with_20 = compare(evaluate(first), evaluate(second))
    assert with_20 == compare(evaluate(first, thirty), evaluate(second, thirty))


def test_cac_22_the_two_suited_bonus_stays_20() -> None:
    """CAC-22: the 30 bonus never applies to two of a suit."""
    assert evaluate("5c 6c 1o", CACHO.replace(flush_bonus=30)).value == 31
    assert evaluate("4b 5b 6b", CACHO.replace(flush_bonus=30)).value == 45


@given(first=hands, second=hands, third=hands)
def test_the_ranking_is_a_total_preorder(first: list[Card], second: list[Card], third: list[Card]) -> None:
    """CAC-16: any two hands compare (total), consistently and transitively."""
    a, b, c = evaluate(first), evaluate(second), evaluate(third)
    assert compare(a, b) == -compare(b, a)
    assert (a <= b) or (b <= a)
    if a <= b and b <= c:
        assert a <= c


def test_partial_holdings_and_bad_input() -> None:
    """CAC-1: one or two cards are valued too; foreign, repeated or too many cards are refused."""
    assert evaluate("3o").value == 3 and evaluate(["2c", Card.C5]).value == 27
    assert isinstance(evaluate("1o 2o 3o"), HandValue)
    for bad, message in (("7o 1o 2o", "not a Cacho card"), ("1o 1o 2o", "appears twice"),
                         ("1o 2o 3o 4o", "1 to 3 cards, not 4"), ("", "1 to 3 cards, not 0"),
                         ("zz", "bad card")):
        with pytest.raises(InvalidPositionError, match=message):
            evaluate(bad)
