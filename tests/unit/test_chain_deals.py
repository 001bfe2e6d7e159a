"""Chains and deals (D-CHAIN-7) for the rotating and continuing openers (CAU-4, CAU-9)."""

from __future__ import annotations

from cau_rules.fishing import CAU, Chain
from tests.scenario import cards, position


def test_cau_4_rotate_a_new_deal_completes_the_pending_chain_and_forgets_the_trail() -> None:
    # 2 players: seat 0 trails, seat 1 caus with the round's last card; the deal completes it
    state = position(CAU, 2, table="3o", holdings=["5o", "5c"], piles=["1c", ""],
                     stock="6o 7o 8o 9o 10o 11o")
    state = state.apply("5o").apply("5c")
    assert state.chain is None and state.round == 1
    assert state.piles == ((), cards("5o 5c 1c"))
    assert state.to_play == 1                      # round 1 opened by eldest + 1


def test_cau_4_continue_the_chain_stays_pending_across_the_deal() -> None:
    rules = CAU.replace(round_opener="continue")
    state = position(rules, 2, table="3o", holdings=["5o", "5c"], piles=["1c", ""],
                     stock="5e 7o 8o 9o 10o 11o")
    state = state.apply("5o").apply("5c")
    assert state.round == 1 and state.to_play == 0
    assert state.chain == Chain(5, ((0, cards("5o")[0]), (1, cards("5c")[0])))
    state = state.apply("5e")                     # the next seat recaus across the deal
    assert state.piles == (cards("1c 5o 5c 5e"), ())
    assert state.chain is None


def test_cau_9_rotate_last_trail_of_a_round_cannot_be_caued_by_the_next_opener() -> None:
    state = position(CAU, 2, table="3o", holdings=["2b", "5o"], stock="5c 7o 8o 9o 10o 11o",
                     to_play=0)
    state = state.apply("2b").apply("5o")         # seat 1 trails the round's last card
    assert state.to_play == 1 and state.trail is None
