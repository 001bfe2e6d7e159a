"""Scenario tests for the Catalan *Cau* rule book (seeds/000-cau-recau-sant-vicent.md, CAU-…).

Each test builds an exact position and checks the exact cards taken, their order on the
pile, payments, debts and scores.  Test names carry the clause ID they cover.
"""

from __future__ import annotations

import pytest

from cau_rules import IllegalMoveError, new_game
from cau_rules.fishing import CAU, Call, Chain, Declare
from cau_rules.fishing.events import Called, Captured, DebtIncurred, TableReplaced
from cau_rules.outcome import Termination
from tests.scenario import cards, deck_with, paid, plays, position

# -- CAU-1: three cards each, dealt in packets from the eldest hand ------------------

def test_cau_1_first_deal_three_each_in_packets_from_eldest() -> None:
    deck = deck_with(CAU, "1o 2o 3o 4o 5o 6o 7o 8o 9o 10o 11o 12o")
    state = new_game(CAU, players=4, decks=[deck])
    assert state.holdings == (cards("1o 2o 3o"), cards("4o 5o 6o"), cards("7o 8o 9o"), cards("10o 11o 12o"))
    assert state.table == () and len(state.stock) == 36 and state.to_play == 0
    assert state.stock[0] == deck[12]


def test_cau_1_two_players_empty_table_eight_rounds() -> None:
    state = new_game(CAU, players=2, seed=5)
    assert state.table == () and len(state.stock) == 42
    assert CAU.round_sizes(2) == (3,) * 8


# -- CAU-2: on a turn, any card of the holding may be played --------------------------

def test_cau_2_any_card_may_be_played() -> None:
    state = position(CAU, 2, table="3o", holdings=["3c 7b 12e", "1b 2b 4b"])
    played = {m.card.code for m in plays(state)}
    assert played == {"3c", "7b", "12e"}
    after = state.apply("7b")
    assert after.table == cards("3o 7b") and after.holdings[0] == cards("3c 12e")


# -- CAU-3 and CAU-4: rounds of three; the opener rotates ------------------------------

def test_cau_3_cau_4_new_round_dealt_and_opener_rotates() -> None:
    deck = deck_with(CAU, "1o 2o 3o 4o 5o 6o 7o 8o 9o 10o 11o 12o 1c 2c 3c 4c 5c 6c 7c 8c 9c 10c 11c 12c")
    state = new_game(CAU, players=4, decks=[deck])
    for _ in range(12):
        state = state.apply(state.legal_moves()[0])
    assert state.round == 1 and state.opener == 1 and state.to_play == 1
    # later rounds are still dealt from the eldest hand (D-FINE-3)
    assert state.holdings[0] == cards("1c 2c 3c") and state.holdings[1] == cards("4c 5c 6c")
    for _ in range(12):
        state = state.apply(state.legal_moves()[0])
    assert state.round == 2 and state.opener == 2 and state.to_play == 2


# -- CAU-5: a matching card captures; both go face down onto the pile -----------------

def test_cau_5_match_captures_played_card_on_top_closed_pile() -> None:
    state = position(CAU, 2, table="5o 9c", holdings=["5c 1b", "2b"], piles=["1e", ""])
    after = state.apply("5c")
    assert after.piles[0] == cards("1e 5o 5c")
    assert after.table == cards("9c")
    assert after.observe(1).piles == (None, None)
    assert after.observe(1).pile_sizes == (3, 0)


# -- CAU-6: the player with most cards in the pile wins --------------------------------

def test_cau_6_most_cards_wins_and_ties_share() -> None:
    state = position(CAU, 2, table="4o", holdings=["9c", "4c"], piles=["1o 2o", "1c"], to_play=0)
    state = state.apply("9c").apply("4c")
    assert state.is_over
    # seat 1 captured 4o 4c and, as last capturer, takes the 9c left on the table
    assert state.piles[1] == cards("1c 4o 4c 9c")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (2, 4)

    tie = position(CAU, 2, table="4o", holdings=["9c", "2b"], piles=["1o 2o", "1c 2c"])
    tie = tie.apply("9c").apply("2b")
    assert (outcome := tie.outcome()) is not None and outcome.winners == (0, 1)


# -- CAU-7: runs (escales); the source's example ----------------------------------------

def test_cau_7_source_example_8_takes_8_and_9() -> None:
    state = position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c", "1b"])
    assert [str(m) for m in plays(state)] == ["8c", "8c+1"]
    after = state.apply("8c+1")
    assert after.piles[0] == cards("9o 8o 8c")
    assert after.table == cards("3o 7o 12o")
    captured = [e for e in after.events if isinstance(e, Captured)]
    assert captured[0].cards == cards("9o 8o 8c")


def test_cau_7_run_may_stop_anywhere() -> None:
    state = position(CAU, 2, table="8o 9o 10o 11o", holdings=["8c", "1b"])
    assert [m.run for m in plays(state)] == [0, 1, 2, 3]
    assert state.apply("8c+2").piles[0] == cards("10o 9o 8o 8c")
    assert state.apply("8c").piles[0] == cards("8o 8c")


# -- CAU-8: runs end at the 12 --------------------------------------------------------

def test_cau_8_runs_stop_at_12_unless_wrap() -> None:
    state = position(CAU, 2, table="11o 12o 1o 2o", holdings=["11c", "5b"])
    assert [m.run for m in plays(state) if m.card.code == "11c"] == [0, 1]
    wrapped = position(CAU.replace(wrap=True), 2, table="11o 12o 1o 2o", holdings=["11c", "5b"])
    assert [m.run for m in plays(wrapped) if m.card.code == "11c"] == [0, 1, 2, 3]
    assert wrapped.apply("11c+3").piles[0] == cards("2o 1o 12o 11o 11c")


# -- CAU-9: cau, and its payment -------------------------------------------------------

def test_cau_9_cau_pending_then_paid_after_completion() -> None:
    state = position(CAU, 4, table="3o", holdings=["5o", "5c", "9b", "1b"],
                     piles=["1c 2c", "", "", ""])
    state = state.apply("5o")                       # seat 0 trails
    assert state.trail == (0, cards("5o")[0])
    state = state.apply("5c")                       # seat 1 matches it: cau, pending (recau allowed)
    assert state.chain == Chain(5, ((0, cards("5o")[0]), (1, cards("5c")[0])), (), frozenset())
    assert state.table == cards("3o") and state.piles[1] == ()
    state = state.apply("9b")                       # seat 2 cannot recau: the cau completes first
    assert state.chain is None
    assert state.piles[1] == cards("5o 5c 2c")
    assert state.piles[0] == cards("1c")
    assert paid(state) == [(0, 1, "2c", "cau")]
    assert state.table == cards("3o 9b")
    assert Called(1, Call.CAU) in state.events


def test_cau_9_cau_with_empty_payer_pile_is_a_debt() -> None:
    state = position(CAU, 4, table="3o", holdings=["5o", "5c", "9b", "1b"])
    state = state.apply("5o").apply("5c").apply("9b")
    assert state.debts[0] == ((1, 1),)
    assert DebtIncurred(0, 1, 1, Call.CAU) in state.events


# -- CAU-10: a card that captured, or a trailed card taken in a run, is no cau ----------

def test_cau_10_trailed_card_taken_inside_a_run_is_not_a_cau() -> None:
    state = position(CAU, 4, table="4o 10e", holdings=["5o", "4c", "9b", "1b"], piles=["1c", "", "", ""])
    state = state.apply("5o").apply("4c+1")
    assert state.chain is None
    assert state.piles[1] == cards("5o 4o 4c")
    assert paid(state) == [] and state.piles[0] == cards("1c")


def test_cau_10_a_card_that_captured_cannot_be_caued() -> None:
    state = position(CAU, 4, table="5o", holdings=["5c", "5e", "9b", "1b"])
    state = state.apply("5c")
    assert [str(m) for m in plays(state)] == ["5e"]
    state = state.apply("5e")
    assert state.chain is None and state.table == cards("5e") and state.trail == (1, cards("5e")[0])


# -- CAU-11: the cau maker may take a run ---------------------------------------------

def test_cau_11_cau_with_run_stacks_run_then_chain_cards() -> None:
    state = position(CAU, 4, table="6o 7o", holdings=["5o", "5c", "9b", "1b"], piles=["1c", "", "", ""])
    state = state.apply("5o")
    assert [str(m) for m in plays(state) if m.card.code == "5c"] == ["5c", "5c+1", "5c+2"]
    state = state.apply("5c+2")
    assert state.chain is not None and state.chain.run == ((6, -1), (7, -1))
    assert state.table == cards("6o 7o")            # claimed, still shown on the table
    state = state.apply("9b")
    assert state.piles[1] == cards("7o 6o 5o 5c 1c")
    assert state.table == cards("9b")


# -- CAU-12: recau -----------------------------------------------------------------------

def test_cau_12_recau_cancels_the_run_and_payments_go_in_turn_order() -> None:
    state = position(CAU, 4, table="6o", holdings=["5o", "5c", "5e", "1b"],
                     piles=["1c 2c", "3c 4c 6c", "", ""])
    state = state.apply("5o").apply("5c+1")
    assert state.chain is not None and state.chain.run == ((6, -1),)
    state = state.apply("5e")                      # recau: the highest level in cau, completes at once
    assert state.chain is None
    assert state.table == cards("6o")              # the earlier run is cancelled
    # stacked: chain cards in play order, the recau card on top; then payments in turn
    # order after the receiver (seat 3 owes nothing, seat 0 pays 1, seat 1 pays 2)
    assert state.piles[2] == cards("5o 5c 5e 2c 6c 4c")
    assert paid(state) == [(0, 2, "2c", "recau"), (1, 2, "6c", "recau"), (1, 2, "4c", "recau")]
    assert state.piles[0] == cards("1c") and state.piles[1] == cards("3c")


def test_cau_12_recau_may_take_its_own_run() -> None:
    state = position(CAU, 4, table="6o 7o", holdings=["5o", "5c", "5e", "1b"])
    state = state.apply("5o").apply("5c+2").apply("5e+1")
    assert state.piles[2] == cards("6o 5o 5c 5e")
    assert state.table == cards("7o")


def test_cau_12_chain_that_comes_back_to_the_trailer_skips_self_payment() -> None:
    state = position(CAU, 2, table="3o", holdings=["5o 5e", "5c 1b"], piles=["", "7c 8c 9c"])
    state = state.apply("5o").apply("5c").apply("5e")
    assert state.piles[0] == cards("5o 5c 5e 9c 8c")
    assert paid(state) == [(1, 0, "9c", "recau"), (1, 0, "8c", "recau")]


def test_cau_12_after_recau_a_fourth_card_simply_trails() -> None:
    state = position(CAU, 4, table="3o", holdings=["5o 1c", "5c 2c", "5e 3c", "5b 4c"])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    assert state.table == cards("3o 5b") and state.chain is None


# -- CAU-13 and CAU-14: ronda and rondí ----------------------------------------------------

def test_cau_13_ronda_and_rondi_owed_when_piles_are_empty() -> None:
    deck = deck_with(CAU, "1o 2o 3o 4o 4c 6o 7o 7c 7e 10o 11o 12o")
    state = new_game(CAU, players=4, decks=[deck])
    assert [e for e in state.events if isinstance(e, Called)] == [Called(1, Call.RONDA), Called(2, Call.RONDI)]
    assert state.debts == (((1, 1), (2, 2)), ((2, 2),), ((1, 1),), ((1, 1), (2, 2)))


def test_cau_14_ronda_paid_before_the_round_from_piles() -> None:
    # seat 0 holds a ronda in round 2; everyone pays 1 from the top of their pile, in turn
    # order after the holder, and the round then starts
    state = position(CAU, 2, table="9e", holdings=["2b", "9c"], piles=["1o", "1c 2c"],
                     stock="4o 4c 5o 6o 7o 8o")
    state = state.apply("2b").apply("9c")        # seat 1 captures the 9; round 1 is dealt
    assert state.holdings == (cards("4o 4c 5o"), cards("6o 7o 8o"))
    assert state.round == 1 and state.to_play == 1
    assert paid(state) == [(1, 0, "9c", "ronda")]
    assert state.piles == (cards("1o 9c"), cards("1c 2c 9e"))


# -- CAU-15 and CAU-16: neta, alone and with a cau -----------------------------------------

def test_cau_15_neta_every_other_player_pays_one_in_turn_order() -> None:
    state = position(CAU, 4, table="5o", holdings=["1b", "5c", "9b", "2b"], piles=["1c", "", "2c", "3c"],
                     to_play=1, opener=1)
    state = state.apply("5c")
    assert Called(1, Call.NETA) in state.events
    assert paid(state) == [(2, 1, "2c", "neta"), (3, 1, "3c", "neta"), (0, 1, "1c", "neta")]
    assert state.piles[1] == cards("5o 5c 2c 3c 1c")


def test_cau_16_cau_i_neta() -> None:
    state = position(CAU, 4, table="", holdings=["5o", "5c", "9b", "2b"], piles=["1c", "", "2c", "3c"])
    state = state.apply("5o").apply("5c").apply("9b")
    calls = [e.call for e in state.events if isinstance(e, Called)]
    assert calls == [Call.CAU, Call.NETA]
    assert paid(state) == [(0, 1, "1c", "cau"), (2, 1, "2c", "neta"), (3, 1, "3c", "neta")]
    assert state.debts[0] == ((1, 1),)            # seat 0 had only one card: owes the neta card
    assert state.table == cards("9b")


# -- CAU-17: debts paid as soon as possible ---------------------------------------------------

def test_cau_17_debt_paid_at_the_end_of_the_turn_that_fills_the_pile() -> None:
    state = position(CAU, 2, table="7o 10e", holdings=["7c 1o", "2b 3b"], debts=[[(1, 2)], []])
    state = state.apply("7c")
    # seat 0 captured 7o 7c, then settles its debt of 2 at once, top card first
    assert state.piles == ((), cards("7c 7o"))
    assert paid(state) == [(0, 1, "7c", None), (0, 1, "7o", None)]
    assert state.debts == ((), ())


def test_cau_17_oldest_debt_first_and_passes_repeat() -> None:
    state = position(CAU, 3, table="7o 10e", holdings=["7c", "2b", "3b"],
                     piles=["", "", ""], debts=[[(1, 1), (2, 1)], [(2, 1)], []])
    state = state.apply("7c")
    # seat 0 pays seat 1 (older debt) then seat 2; seat 1 then pays seat 2 with the card
    # it just received
    assert paid(state) == [(0, 1, "7c", None), (0, 2, "7o", None), (1, 2, "7c", None)]
    assert state.piles == ((), (), cards("7o 7c"))


# -- CAU-18: a call not made is not paid (explicit_calls) ----------------------------------------

def test_cau_18_unannounced_cau_is_not_paid() -> None:
    rules = CAU.replace(explicit_calls=True)
    state = position(rules, 4, table="3o", holdings=["5o", "5c", "9b", "1b"], piles=["1c", "", "", ""])
    state = state.apply("5o")
    assert sorted(str(m) for m in plays(state) if m.card.code == "5c") == ["5c", "5c!cau"]
    silent = state.apply("5c").apply("9b")
    assert paid(silent) == [] and silent.piles[1] == cards("5o 5c")
    called = state.apply("5c!cau").apply("9b")
    assert paid(called) == [(0, 1, "1c", "cau")]


def test_cau_18_ronda_must_be_declared() -> None:
    rules = CAU.replace(explicit_calls=True)
    deck = deck_with(CAU, "1o 2o 3o 4o 4c 6o 7o 8o 9o 10o 11o 12o")
    state = new_game(rules, players=4, decks=[deck])
    assert state.phase == "declare" and state.legal_moves() == (Declare(None),)
    state = state.apply("pass")
    assert state.legal_moves() == (Declare(None), Declare(Call.RONDA))
    declared = state.apply("ronda").apply("pass").apply("pass")
    assert declared.phase == "play" and declared.debts[0] == ((1, 1),)
    forgot = state.apply("pass").apply("pass").apply("pass")
    assert forgot.phase == "play" and forgot.debts == ((), (), (), ())
    with pytest.raises(IllegalMoveError, match="holds no rondi"):
        state.apply("rondi")


# -- CAU-19: leftovers go to the last capturer -------------------------------------------------

def test_cau_19_leftovers_to_last_capturer_oldest_lowest() -> None:
    state = position(CAU, 2, table="4o 9e", holdings=["4c", "11b"], piles=["", "1c"])
    state = state.apply("4c").apply("11b")
    assert state.piles[0] == cards("4o 4c 9e 11b")
    assert state.is_over


def test_cau_19_nobody_captured_leftovers_stay() -> None:
    state = position(CAU, 2, table="4o", holdings=["9c", "11b"])
    state = state.apply("9c").apply("11b")
    assert state.is_over and state.table == cards("4o 9c 11b")
    assert (outcome := state.outcome()) is not None and outcome.winners == (0, 1)


# -- CAU-20: three players play with three table cards of distinct ranks ------------------------

def test_cau_20_three_players_three_distinct_table_cards() -> None:
    deck = deck_with(CAU, "1o 1c 2o 3o 4o")
    state = new_game(CAU, players=3, decks=[deck])
    assert state.table == cards("1o 2o 3o")
    assert TableReplaced(cards("1c")[0]) in state.events
    assert state.stock[-1] == cards("1c")[0]       # a supplied deck takes it back at the bottom
    assert state.holdings[0] == cards("4o 5o 6o")
    seeded = new_game(CAU, players=3, seed=12)
    assert len({card.rank for card in seeded.table}) == 3 and len(seeded.stock) == 36


# -- CAU-21: continuous play ---------------------------------------------------------------------

def test_cau_21_continuous_draws_right_after_playing() -> None:
    rules = CAU.replace(continuous=True)
    deck = deck_with(CAU, "1o 2o 3o 4o 5o 6o 7o")
    state = new_game(rules, players=2, decks=[deck])
    state = state.apply("1o")
    assert state.holdings[0] == cards("2o 3o 7o") and len(state.stock) == 41


# -- CAU-22: dozens scoring -----------------------------------------------------------------------

def test_cau_22_dozens_score_a_point_per_complete_dozen() -> None:
    rules = CAU.replace(scoring="dozens")
    many = " ".join(f"{r}{s}" for s in "ceb" for r in range(1, 9))  # 24 cards
    state = position(rules, 2, table="12o 10e", holdings=["12c", "9o"], piles=["1o 2o 3o", many])
    state = state.apply("12c").apply("9o")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 2) and outcome.winners == (1,)
    assert outcome.termination is Termination.MOST_DOZENS
