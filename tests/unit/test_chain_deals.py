"""Chains and deals (D-CHAIN-7) for the rotating and continuing openers (CAU-4, CAU-9)."""

from __future__ import annotations

from cau_rules import new_game
from cau_rules.fishing import CAU, Call, Chain, Paid
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


# A 3-player hand of `cau` (top first): seat 0 holds 7o 7c 1b (a ronda nobody can pay yet), the
# round's last card caus seat 1's 5e, and seat 0 holds 9o 9c (another ronda) in round 2.
_SETTLE_DECK = cards(
    "10o 11o 3c 7o 7c 1b 10c 4e 5e 6b 8b 5b 9o 9c 2o 12o 2c 4o 12c 6o 1o 1c 2b 3b 4b 5c 6c 7b "
    "8c 8e 8o 9b 9e 10b 10e 11b 11c 11e 12b 12e 1e 2e 3e 3o 4c 5o 6e 7e"
)
_SETTLE_MOVES = ("1b", "10c+1", "6b", "7o", "4e", "8b", "7c", "5e")


def test_cau_4_cau_17_a_chain_completed_by_the_deal_is_settled_before_the_new_rondas() -> None:
    """CAU-4, CAU-17 (D-CHAIN-7, D-DEBT-2): the deal completes seat 2's cau, seat 2 pays its
    old ronda debt with the card the cau brought (10o), and only then is round 2 dealt and
    its ronda paid."""
    state = new_game("cau", players=3, decks=[_SETTLE_DECK])
    assert state.debts == ((), ((0, 1),), ((0, 1),))
    for move in _SETTLE_MOVES:
        state = state.apply(move)
    assert state.debts == ((), (), ((0, 1),)) and state.piles[2] == ()
    state = state.apply("5b")                     # the round's last card caus seat 1's 5e
    assert [str(event) for event in state.events] == [
        "seat 2 plays 5b: cau",
        "seat 2 captures with 5b: 5e 5b",
        "seat 2 calls cau",
        "seat 1 pays 10o to seat 2 for cau",
        "seat 2 pays 10o to seat 0 for a debt",   # settled before the deal
        "deal round 2: 3 cards each, seat 1 opens",
        "seat 0 calls ronda",
        "seat 1 pays 11o to seat 0 for ronda",
        "seat 2 pays 5b to seat 0 for ronda",
    ]
    assert state.piles == (cards("10c 7o 7c 10o 11o 5b"), (), cards("5e"))
    assert state.debts == ((), (), ()) and state.to_play == 1


def test_rob_17_open_piles_the_deal_completed_cau_pays_the_old_debt_first() -> None:
    """ROB-17 (D-CHAIN-7): the same hand of `cau-robat`; the open piles show the order."""
    state = new_game("cau-robat", players=3, decks=[_SETTLE_DECK])
    for move in (*_SETTLE_MOVES, "5b"):
        state = state.apply(move)
    paid = [(e.payer, e.receiver, str(e.card), e.reason) for e in state.events if isinstance(e, Paid)]
    assert paid == [(1, 2, "10o", Call.CAU), (2, 0, "10o", None),
                    (1, 0, "11o", Call.RONDA), (2, 0, "5b", Call.RONDA)]
    view = state.observe(1)
    assert view.piles == (cards("10c 7o 7c 10o 11o 5b"), (), cards("5e"))


def test_cau_18_explicit_calls_settle_before_the_declaration_phase() -> None:
    """CAU-18, CAU-17 (D-CHAIN-7, D-RONDA-2): with `explicit_calls` the deal-completed cau is
    settled at once, before round 2's declaration phase and its ronda payments."""
    state = new_game("cau", players=3, decks=[_SETTLE_DECK], explicit_calls=True)
    for move in ("ronda", "pass", "pass", *_SETTLE_MOVES, "5b!cau"):
        state = state.apply(move)
    assert [str(event) for event in state.events][-2:] == [
        "seat 2 pays 10o to seat 0 for a debt",
        "deal round 2: 3 cards each, seat 1 opens",
    ]
    assert state.phase == "declare" and state.debts == ((), (), ())
    for move in ("pass", "pass", "ronda"):
        state = state.apply(move)
    assert state.piles == (cards("10c 7o 7c 10o 11o 5b"), (), cards("5e"))
