"""Scenario tests for *Cau robat* as the Catalan rule book plays it
(seeds/000-cau-recau-sant-vicent.md, the ``ROB-…`` clauses of the ``cau-robat`` preset).

Each test builds an exact position and checks the exact cards taken, the order of the
pile, the payments (``Paid``: payer, receiver, card, reason), debts and scores.  Every
test names the clause it covers in its docstring.
"""

from __future__ import annotations

import pytest

from cau_rules import IllegalMoveError, InvalidRulesError, dumps, get_rules, new_game
from cau_rules.fishing import CAU_ROBAT, Call, Chain
from cau_rules.fishing.events import Called, Captured, ChainExtended, DebtIncurred, Paid, TableReplaced
from cau_rules.outcome import Termination
from tests.scenario import card, cards, deck_with, moves, paid, plays, position, refused

# -- ROB-1: piles are kept face up ----------------------------------------------------------

def test_rob_1_piles_are_face_up_in_every_view() -> None:
    """ROB-1: every seat sees every pile whole, and payment events name their card."""
    assert CAU_ROBAT.open_piles and CAU_ROBAT.deck.size == 48 and CAU_ROBAT.max_chain == 3
    state = position(CAU_ROBAT, 3, table="5o 9e", holdings=["5c 1b", "2b", "3b"],
                     piles=["1e", "2e 3e", ""])
    after = state.apply("5c")
    assert after.piles == (cards("1e 5o 5c"), cards("2e 3e"), ())
    for seat in range(3):
        view = after.observe(seat)
        assert view.piles == after.piles and view.pile_sizes == (3, 2, 0)
    # a cau in cau-robat: the payment names the card in every view
    caued = position(CAU_ROBAT, 3, table="9e", holdings=["5o 1b", "5c 2b", "7b 4b"], piles=["1e 2e", "", ""])
    caued = caued.apply("5o").apply("5c").apply("7b")
    assert paid(caued) == [(0, 1, "2e", "cau")]
    assert Paid(0, 1, card("2e"), Call.CAU) in caued.observe(2).events


# -- ROB-2: a run may include piles -------------------------------------------------------------

def test_rob_2_a_run_takes_a_whole_pile_at_the_rank_of_its_top() -> None:
    """ROB-2: after a match the run may go through an opponent's pile (its top fills a rank
    missing from the table); the pile is taken whole and the run may stop anywhere."""
    state = position(CAU_ROBAT, 2, table="3o 5o 9e", holdings=["3c 1b", "7b"], piles=["", "1c 2c 4c"])
    assert moves(state, "3c") == ["3c", "3c+1@1", "3c+2@1"]
    after = state.apply("3c+2@1")
    assert after.piles == (cards("5o 1c 2c 4c 3o 3c"), ())
    assert after.table == cards("9e")
    captured = [e for e in after.events if isinstance(e, Captured)]
    assert captured == [Captured(0, card("3c"), cards("5o 1c 2c 4c 3o 3c"), (1,), 0)]
    shorter = state.apply("3c+1@1")
    assert shorter.piles == (cards("1c 2c 4c 3o 3c"), ()) and shorter.table == cards("5o 9e")


# -- ROB-3: a pile is never taken on its own ------------------------------------------------------

def test_rob_3_a_pile_is_taken_only_inside_a_run_started_by_a_table_match() -> None:
    """ROB-3: a card matching a pile's top but no table card just trails; a card that
    trails can take nothing; only a match of a table card can start a run through piles."""
    state = position(CAU_ROBAT, 2, table="9e", holdings=["4b 3b", "7b"], piles=["", "1c 4c"])
    assert moves(state) == ["3b", "4b"]
    refused(state, "4b+1@1", "4b can take no run here")
    after = state.apply("4b")
    assert after.table == cards("9e 4b") and after.piles == ((), cards("1c 4c"))
    # a 3 with no 3 on the table cannot start a run into the 4-topped pile either
    assert state.apply("3b").piles[1] == cards("1c 4c")


# -- ROB-4: a pile whose top matches a table card is safe ------------------------------------------

def test_rob_4_a_pile_topped_by_a_table_rank_is_safe() -> None:
    """ROB-4: when a table card has the rank of a pile's top, a run reaching that rank must
    take the table card, never the pile."""
    state = position(CAU_ROBAT, 2, table="3o 4o 5o 9e", holdings=["3c 1b", "7b"], piles=["", "1c 4c"])
    assert moves(state, "3c") == ["3c", "3c+1", "3c+2"]
    after = state.apply("3c+2")
    assert after.piles == (cards("5o 4o 3o 3c"), cards("1c 4c"))
    assert after.table == cards("9e")


# -- ROB-5: the 1-topped pile ------------------------------------------------------------------------

def test_rob_5_a_pile_topped_by_a_1_is_safe_without_wrap_and_not_with_wrap() -> None:
    """ROB-5: no run leads to a 1 (runs end at the 12) and a pile is never matched, so a
    pile topped by a 1 cannot be taken; nothing special-cases it: with wrap on (ROB-14) a
    run 11, 12 continues into it."""
    state = position(CAU_ROBAT, 2, table="11o 12o", holdings=["11c 1b", "4b"], piles=["", "2c 1c"])
    assert moves(state) == ["11c", "11c+1", "1b"]
    assert state.apply("1b").piles[1] == cards("2c 1c")     # the 1 only trails
    wrapped = position(CAU_ROBAT.replace(wrap=True), 2, table="11o 12o", holdings=["11c 1b", "4b"],
                       piles=["", "2c 1c"])
    assert moves(wrapped) == ["11c", "11c+1", "11c+2@1", "1b"]
    after = wrapped.apply("11c+2@1")
    assert after.piles == (cards("2c 1c 12o 11o 11c"), ())
    # with a 1 on the table the pile is safe by ROB-4 whatever the wrap
    safe = position(CAU_ROBAT.replace(wrap=True), 2, table="11o 12o 1o", holdings=["11c 3b", "4b"],
                    piles=["", "2c 1c"])
    assert moves(safe, "11c") == ["11c", "11c+1", "11c+2"]


# -- ROB-6: the player's own pile ----------------------------------------------------------------

def test_rob_6_own_pile_in_a_run_becomes_the_new_pile() -> None:
    """ROB-6: a run may take the capturer's own pile when its top is not on the table; the
    whole stack (own pile at its rank's place) is the new pile."""
    state = position(CAU_ROBAT, 2, table="3o 5o 9e", holdings=["3c 1b", "7b"], piles=["1c 2c 4c", "7e"])
    assert moves(state, "3c") == ["3c", "3c+1@0", "3c+2@0"]
    after = state.apply("3c+2@0")
    assert after.piles == (cards("5o 1c 2c 4c 3o 3c"), cards("7e"))
    assert after.table == cards("9e")
    safe = position(CAU_ROBAT, 2, table="3o 4o 9e", holdings=["3c 1b", "7b"], piles=["1c 2c 4c", ""])
    assert moves(safe, "3c") == ["3c", "3c+1"]


# -- ROB-7: the order in which captured cards are stacked --------------------------------------------

def test_rob_7_stacking_order_of_a_match_and_of_a_run() -> None:
    """ROB-7: a match puts the played card on the matched one; a run puts the played card on
    the matched card, that on the next run card and so on, the played card always on top."""
    match = position(CAU_ROBAT, 2, table="5o 9e", holdings=["5c 1b", "7b"], piles=["2b", ""])
    assert match.apply("5c").piles[0] == cards("2b 5o 5c")
    run = position(CAU_ROBAT, 2, table="8o 9o 10o 11o", holdings=["8c 1b", "7b"], piles=["", "1c 12e"])
    after = run.apply("8c+4@1")
    assert after.piles[0] == cards("1c 12e 11o 10o 9o 8o 8c")
    assert next(e for e in after.events if isinstance(e, Captured)).cards == after.piles[0]


# -- ROB-8: several piles at one rank --------------------------------------------------------------

def test_rob_8_the_capturer_chooses_among_eligible_piles_at_one_rank() -> None:
    """ROB-8: two piles topped by the same missing rank are two different moves."""
    state = position(CAU_ROBAT, 3, table="3c 5c 9o", holdings=["3o 1b", "2b", "7b"],
                     piles=["", "1c 4c", "4e"])
    assert moves(state, "3o") == ["3o", "3o+1@1", "3o+1@2", "3o+2@1", "3o+2@2"]
    one = state.apply("3o+2@1")
    assert one.piles == (cards("5c 1c 4c 3c 3o"), (), cards("4e"))
    two = state.apply("3o+2@2")
    assert two.piles == (cards("5c 4e 3c 3o"), cards("1c 4c"), ())


# -- ROB-9: payments arrive on top, in order ------------------------------------------------------

def test_rob_9_recau_payments_go_on_top_in_arrival_order() -> None:
    """ROB-9: each payment card comes off the top of the payer's pile (the receiver never
    chooses) and lands on top of the receiver's pile in the order it arrives."""
    state = position(CAU_ROBAT, 4, table="9e", holdings=["5o 1b", "5c 2b", "5e 3b", "7b 4b"],
                     piles=["1c 2c", "3c 4c 6c", "10e", ""])
    state = state.apply("5o").apply("5c").apply("5e")
    assert paid(state) == [(0, 2, "2c", "recau"), (1, 2, "6c", "recau"), (1, 2, "4c", "recau")]
    assert state.piles == (cards("1c"), cards("3c"), cards("10e 5o 5c 5e 2c 6c 4c"), ())


def test_rob_9_ronda_payments_in_turn_order_after_the_holder() -> None:
    """ROB-9: deal-time ronda payments also arrive in turn order after the holder."""
    state = position(CAU_ROBAT, 3, table="9e", holdings=["2b", "9c", "3b"], piles=["1o", "1c 2c", "1e 3e"],
                     stock="4o 4c 5o 6o 7o 8o 10o 11o 12o", to_play=0)
    state = state.apply("2b").apply("9c").apply("3b")   # round 1 is dealt; seat 0 holds 4o 4c: ronda
    assert state.holdings[0] == cards("4o 4c 5o")
    assert Called(0, Call.RONDA) in state.events
    assert paid(state) == [(1, 0, "9c", "ronda"), (2, 0, "3e", "ronda")]
    assert state.piles[0] == cards("1o 9c 3e")


# -- ROB-10: cau and recau are paid after the capturing turn ----------------------------------------

def test_rob_10_the_payers_top_stays_while_a_recau_could_take_the_pile() -> None:
    """ROB-10: while the cau is pending the trailer has paid nothing, so the recau maker's
    run can still take the trailer's pile by its old top; the payment then becomes a debt."""
    state = position(CAU_ROBAT, 3, table="9o", holdings=["5o 1b", "5c 2b", "5e 4b"],
                     piles=["1c 6c", "2c 3c", "3e"])
    state = state.apply("5o").apply("5c")
    assert state.chain == Chain(5, ((0, card("5o")), (1, card("5c"))))
    assert state.piles[0] == cards("1c 6c") and paid(state) == []
    assert moves(state, "5e") == ["5e", "5e+1@0"]
    state = state.apply("5e+1@0")
    assert state.piles == ((), (), cards("3e 1c 6c 5o 5c 5e 3c 2c"))
    assert paid(state) == [(1, 2, "3c", "recau"), (1, 2, "2c", "recau")]
    assert DebtIncurred(0, 2, 1, Call.RECAU) in state.events
    assert state.debts == (((2, 1),), (), ())


def test_rob_10_cau_whose_run_takes_the_payers_pile_leaves_a_debt() -> None:
    """ROB-10: the cau maker's run took the trailer's pile, so the cau payment (made after
    the capture) finds an empty pile and becomes a debt."""
    state = position(CAU_ROBAT, 3, table="9o", holdings=["5o 1b", "5c 2b", "8e 4b"],
                     piles=["1c 6c", "", "3e"])
    state = state.apply("5o")
    assert moves(state, "5c") == ["5c", "5c+1@0"]
    state = state.apply("5c+1@0").apply("8e")
    assert state.piles == ((), cards("1c 6c 5o 5c"), cards("3e"))
    assert paid(state) == []
    assert DebtIncurred(0, 1, 1, Call.CAU) in state.events
    assert state.debts == (((1, 1),), (), ())
    assert state.table == cards("9o 8e")


# -- ROB-11: a neta can come from a run that swallowed piles ---------------------------------------

def test_rob_11_neta_by_a_run_that_took_piles() -> None:
    """ROB-11: a run that takes piles and leaves the table empty is a neta; the robbed
    player, now without a pile, owes the neta card."""
    state = position(CAU_ROBAT, 3, table="3o 5o", holdings=["3c 1b", "2b", "7b"],
                     piles=["", "1c 4c", "2e"])
    after = state.apply("3c+2@1")
    assert Called(0, Call.NETA) in after.events
    assert paid(after) == [(2, 0, "2e", "neta")]
    assert after.piles == (cards("5o 1c 4c 3o 3c 2e"), (), ())
    assert after.debts == ((), ((0, 1),), ())


# -- ROB-12 .. ROB-16: the local variants ------------------------------------------------------------

def test_rob_12_three_players_start_with_three_distinct_table_cards() -> None:
    """ROB-12: with three players three table cards of distinct ranks; a repeat goes back."""
    state = new_game(CAU_ROBAT, players=3, decks=[deck_with(CAU_ROBAT, "1o 1c 2o 3o 4o")])
    assert state.table == cards("1o 2o 3o")
    assert TableReplaced(card("1c")) in state.events and state.stock[-1] == card("1c")
    assert [len(h) for h in state.holdings] == [3, 3, 3] and len(state.stock) == 36
    assert new_game(CAU_ROBAT, players=2, seed=3).table == ()
    assert new_game(CAU_ROBAT, players=4, seed=3).table == ()


def test_rob_13_continuous_play_draws_after_each_card() -> None:
    """ROB-13: continuous play: a player draws one card right after playing one."""
    rules = get_rules("cau-robat", continuous=True)
    state = new_game(rules, players=2, decks=[deck_with(CAU_ROBAT, "1o 2o 3o 4o 5o 6o 7o 8o")])
    state = state.apply("1o")
    assert state.holdings == (cards("2o 3o 7o"), cards("4o 5o 6o"))
    state = state.apply("4o")
    assert state.holdings[1] == cards("5o 6o 8o") and len(state.stock) == 40


def test_rob_14_wrap_runs_go_on_from_the_12_to_the_1() -> None:
    """ROB-14: wrap variant: after the 12 a run goes on with the 1, once around."""
    state = position(CAU_ROBAT, 2, table="11o 12o 1o 2o", holdings=["11c 3b", "4b"])
    assert moves(state, "11c") == ["11c", "11c+1"]
    wrapped = position(CAU_ROBAT.replace(wrap=True), 2, table="11o 12o 1o 2o", holdings=["11c 3b", "4b"])
    assert moves(wrapped, "11c") == ["11c", "11c+1", "11c+2", "11c+3"]
    assert wrapped.apply("11c+3").piles[0] == cards("2o 1o 12o 11o 11c")
    full = " ".join(f"{rank}o" for rank in range(1, 13))
    once = position(CAU_ROBAT.replace(wrap=True), 2, table=full, holdings=["5c 3b", "4b"])
    assert max(m.run for m in plays(once)) == 11   # 6..12, 1..4: stops before the 5


def test_rob_15_contracau_variant_fourth_card_pays_one_two_three() -> None:
    """ROB-15: contracau variant (max_chain=4): the fourth card of the rank completes the
    chain; the earlier players pay 1, 2, 3 in turn order after the receiver."""
    rules = get_rules("cau-robat", max_chain=4)
    state = position(rules, 4, table="9e", holdings=["5o 1b", "5c 2b", "5e 3b", "5b 4b"],
                     piles=["1c 2c", "3c 4c 6c", "7c 8c 10c 11c", "12e"])
    state = state.apply("5o").apply("5c").apply("5e")
    assert state.chain is not None and state.chain.level == 3
    state = state.apply("5b")
    assert state.chain is None and Called(3, Call.CONTRACAU) in state.events
    assert paid(state) == [(0, 3, "2c", "contracau"), (1, 3, "6c", "contracau"), (1, 3, "4c", "contracau"),
                           (2, 3, "11c", "contracau"), (2, 3, "10c", "contracau"), (2, 3, "8c", "contracau")]
    assert state.piles[3] == cards("12e 5o 5c 5e 5b 2c 6c 4c 11c 10c 8c")
    # without the variant the fourth card simply trails after the recau
    plain = position(CAU_ROBAT, 4, table="9e", holdings=["5o 1b", "5c 2b", "5e 3b", "5b 4b"])
    plain = plain.apply("5o").apply("5c").apply("5e").apply("5b")
    assert plain.table == cards("9e 5b") and plain.piles[2] == cards("5o 5c 5e")


def test_rob_16_dozens_a_point_per_complete_dozen() -> None:
    """ROB-16: dozens variant: 0-11 cards score 0, 12-23 score 1, 24-35 score 2, 36-48 score 3."""
    rules = get_rules("cau-robat", scoring="dozens")
    many = " ".join(f"{r}{s}" for s in "ceb" for r in range(1, 13))  # 36 cards
    state = position(rules, 2, table="10o", holdings=["7o", "8o"], piles=["1o 2o 3o 4o 5o 6o", many])
    state = state.apply("7o").apply("8o")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0, 3) and outcome.winners == (1,)
    assert state.hand_scores == ((0, 3),) and outcome.termination is Termination.MOST_DOZENS
    twelve = position(rules, 2, table="10o", holdings=["7o", "8o"],
                      piles=["1o 2o 3o 4o 5o 6o 9o 11o 12o 1c 2c 3c", "4c 5c 6c 7c 8c 9c 10c 11c 12c 1e 2e"])
    twelve = twelve.apply("7o").apply("8o")
    assert twelve.hand_scores == ((1, 0),)         # 12 cards: one dozen; 11 cards: none


# -- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "choices"), [
    ("3c+1@1", "none"),                     # ROB-4: the 4-topped pile is safe (4o on the table)
])
def test_rob_4_naming_a_safe_pile_is_refused(text: str, choices: str) -> None:
    """ROB-4: naming a safe pile raises, the state unchanged."""
    state = position(CAU_ROBAT, 2, table="3o 4o 9e", holdings=["3c 1b", "7b"], piles=["", "1c 4c"])
    refused(state, text, rf"those piles \(1\) cannot be taken by that run; the eligible choices are: {choices}")


def test_rob_8_naming_a_pile_of_the_wrong_rank_is_refused() -> None:
    """ROB-8 / ROB-2: the pile named must be topped by the rank the run needs."""
    state = position(CAU_ROBAT, 3, table="3c 9o", holdings=["3o 1b", "2b", "7b"], piles=["", "1c 4c", "6e"])
    before = dumps(state)
    with pytest.raises(IllegalMoveError, match=r"those piles \(2\) cannot be taken by that run; "
                                               r"the eligible choices are: 1"):
        state.apply("3o+1@2")
    with pytest.raises(IllegalMoveError, match=r"a run of 2 is not allowed with 3o; allowed run lengths: 0, 1;"):
        state.apply("3o+2@1")
    assert dumps(state) == before


def test_rob_6_own_pile_topped_by_a_table_rank_is_refused() -> None:
    """ROB-6: the own pile is not eligible when its top's rank is on the table."""
    state = position(CAU_ROBAT, 2, table="3o 4o", holdings=["3c 1b", "7b"], piles=["1c 4c", ""])
    refused(state, "3c+1@0", "cannot be taken by that run")


def test_rob_12_player_counts_that_do_not_share_out() -> None:
    """ROB-12: cau-robat is for 2 to 4 players; widening to 5 cannot share 48 cards."""
    with pytest.raises(InvalidRulesError, match="played by 2 to 4 players, not 5"):
        new_game("cau-robat", players=5)
    with pytest.raises(InvalidRulesError, match=r"with 5 players the 48 cards left after the table "
                                                r"do not share out equally"):
        get_rules("cau-robat", max_players=5)
    with pytest.raises(InvalidRulesError, match="own_pile needs open_piles"):
        get_rules("cau-robat", open_piles=False)


def test_rob_10_a_claimed_pile_is_named_as_claimed_in_the_event_text() -> None:
    """ROB-10: a pending cau that claims only a pile says that it claims it."""
    state = position(CAU_ROBAT, 3, table="9o", holdings=["5o 1b", "5c 2b", "8e 4b"], piles=["1c 6c", "", "3e"])
    state = state.apply("5o").apply("5c+1@0")
    extended = [e for e in state.events if isinstance(e, ChainExtended)]
    assert extended and extended[0].claimed == () and extended[0].claimed_piles == (0,)
    assert "claiming" in str(extended[0])
