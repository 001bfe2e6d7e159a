"""Scenario tests for *Cau Robat* and *Cau* by the English rule book
(seeds/001-cau-robat.md, the ``R40-…`` clauses; presets ``cau-robat-40`` and ``cau-40``).

Each test builds an exact position (or a dealt game from a supplied deck order) and checks
the exact cards, pile order, payments (``Paid``: payer, receiver, card, reason), debts and
scores.  Every test names the clause it covers in its docstring.
"""

from __future__ import annotations

import pytest

from cau_rules import (
    FRENCH_40,
    SPANISH_40,
    IllegalMoveError,
    InvalidRulesError,
    dumps,
    fishing,
    get_rules,
    new_game,
)
from cau_rules.fishing import CAU_40, CAU_ROBAT_40, Call, Chain, FishingRules, FishingState
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    DebtIncurred,
    GameEnded,
    HandEnded,
    HandStarted,
    LeftoversTaken,
    Paid,
    TableReplaced,
)
from cau_rules.outcome import Termination
from tests.scenario import card, cards, deck_with, moves, paid, position, refused

# -- R40-1: the deck -------------------------------------------------------------------------------

def test_r40_1_spanish_40_or_french_40_without_8_9_10() -> None:
    """R40-1: 40 Spanish cards (no 8, 9), or a French deck stripped of 8, 9, 10 whose
    A-7, J, Q, K play as 1-7, Sota, Cavall, Rei."""
    assert CAU_ROBAT_40.deck is SPANISH_40 and SPANISH_40.size == 40
    assert not SPANISH_40.contains(card("8o")) and not SPANISH_40.contains(card("9b"))
    french = get_rules("cau-robat-40", deck="french-40")
    assert french.deck is FRENCH_40 and french.deck.ranks == SPANISH_40.ranks
    assert [FRENCH_40.label(c) for c in cards("1o 7c 10e 11c 12b")] == ["A♦", "7♥", "J♠", "Q♥", "K♣"]
    assert SPANISH_40.label(card("10e")) == "10e"
    deck = deck_with(CAU_ROBAT_40, "1o 2o 3o 4o")
    spanish_game, french_game = new_game(CAU_ROBAT_40, 3, decks=[deck]), new_game(french, 3, decks=[deck])
    assert french_game.holdings == spanish_game.holdings and french_game.table == spanish_game.table
    assert french_game.observe(0).variant == "cau-robat-40" and french_game.rules.deck.name == "french-40"


# -- R40-2 and R40-3: rank order and sequences ----------------------------------------------------

def test_r40_2_the_sota_follows_the_7_in_a_sequence() -> None:
    """R40-2: ranks run 1-7, Sota, Cavall, Rei; the Sota comes right after the 7."""
    state = position(CAU_ROBAT_40, 2, table="6o 7o 10o 11o 3e", holdings=["6c 1b", "2b"])
    assert moves(state, "6c") == ["6c", "6c+3"]
    assert state.apply("6c+3").piles[0] == cards("11o 10o 7o 6o 6c")


def test_r40_3_the_1_follows_the_rei_once_around() -> None:
    """R40-3: sequences go on from the Rei to the 1 (Cavall, Rei, 1, 2), at most once around."""
    state = position(CAU_ROBAT_40, 2, table="11o 12o 1o 2o 5e", holdings=["11c 3b", "4b"])
    assert moves(state, "11c") == ["11c", "11c+3"]
    assert state.apply("11c+3").piles[0] == cards("2o 1o 12o 11o 11c")
    every = " ".join(f"{rank}o" for rank in SPANISH_40.ranks)
    around = position(CAU_ROBAT_40, 2, table=every, holdings=["5c 3b", "4b"])
    assert moves(around, "5c") == ["5c", "5c+9"]        # 6, 7, 10, 11, 12, 1, 2, 3, 4: stops at the 5
    assert around.apply("5c+9").piles[0] == cards("4o 3o 2o 1o 12o 11o 10o 7o 6o 5o 5c")
    # so an opponent's pile topped by a 1 can be taken after the Rei (no 1 on the table)
    robbed = position(CAU_ROBAT_40, 2, table="11o 12o 5e", holdings=["11c 3b", "4b"], piles=["", "2c 1c"])
    assert moves(robbed, "11c") == ["11c", "11c+2@1"]
    assert robbed.apply("11c+2@1").piles == (cards("2c 1c 12o 11o 11c"), ())


# -- R40-4: players -------------------------------------------------------------------------------

def test_r40_4_two_to_five_players() -> None:
    """R40-4: the 001 presets take 2 to 5 players."""
    for players, each in ((2, 18), (3, 12), (4, 9), (5, 7)):
        state = new_game("cau-robat-40", players=players, seed=1)
        assert [len(h) for h in state.holdings] == [each] * players
    with pytest.raises(InvalidRulesError, match="cau-robat-40 is played by 2 to 5 players, not 6"):
        new_game("cau-robat-40", players=6)


# -- R40-6 and R40-24: the dealer rotates; a match of N hands --------------------------------------

def _two_hand_match() -> tuple[FishingRules, FishingState]:
    rules = CAU_ROBAT_40.replace(hands=2)
    second = deck_with(rules, "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o 1c 2c 3c")
    state = position(rules, 2, table="3o", holdings=["3c", "7b"], piles=["1c", "2c 4c"],
                     decks=[SPANISH_40.cards, second])
    return rules, state


def test_r40_6_the_next_hand_is_dealt_by_the_next_seat() -> None:
    """R40-6: after a hand the deal passes on one seat: hand 2 is dealt by seat 0, so seat 1
    is its eldest hand, receives the first packet and plays first."""
    _, state = _two_hand_match()
    state = state.apply("3c").apply("7b")
    assert [e for e in state.events if isinstance(e, HandEnded)] == [HandEnded(0, (4, 1), (4, 1), (0,))]
    assert HandStarted(1, 0, 1) in state.events
    assert state.hand == 1 and state.dealer == 0 and state.eldest == 1 and state.to_play == 1
    assert state.table == cards("1o 2o 3o 4o")
    assert state.holdings[1][:3] == cards("5o 6o 7o") and state.holdings[0][:3] == cards("10o 11o 12o")
    assert state.piles == ((), ()) and state.discard == ()


def test_r40_24_a_match_of_two_hands_credits_each_hands_winner() -> None:
    """R40-24: with hands=2 each hand's winner is credited; the most hands won wins the match."""
    _, state = _two_hand_match()
    state = state.apply("3c").apply("7b")
    assert not state.is_over and state.hand_scores == ((4, 1),)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert len(state.hand_scores) == 2
    ended = [e for e in state.events if isinstance(e, HandEnded)]
    assert ended[0].hand == 1 and ended[0].cards == state.hand_scores[1]
    second = state.hand_scores[1]
    expected = [1 + (second[0] == max(second)), int(second[1] == max(second))]
    assert state.hands_won() == tuple(expected)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.MOST_HANDS
    assert outcome.scores == tuple(expected)
    assert state.events[-1] == GameEnded(outcome)


def test_r40_24_hands_won_decide_the_match_and_ties_share() -> None:
    """R40-24 / R40-23: seat 1 wins hand 2, so each has won one hand and both win the match."""
    rules = CAU_ROBAT_40.replace(hands=2)
    state = position(rules, 2, table="4o", holdings=["7b", "4c"], piles=["1c", "2c"],
                     hand=1, hand_scores=[(4, 1)], to_play=1)
    state = state.apply("4c").apply("7b")          # a neta: seat 0 pays its 1c
    assert state.piles == ((), cards("2c 4o 4c 1c"))
    assert state.hand_scores == ((4, 1), (0, 4)) and state.hands_won() == (1, 1)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (1, 1)


# -- R40-7 and R40-8: the table and the deal -------------------------------------------------------

def test_r40_7_four_table_cards_of_distinct_ranks_repeats_replaced() -> None:
    """R40-7: 4 table cards (5 with 5 players), all of different ranks: a repeat goes back
    into the deck and the next card replaces it."""
    deck = deck_with(CAU_ROBAT_40, "1o 1c 2o 1e 3o 4o")
    state = new_game(CAU_ROBAT_40, 4, decks=[deck])
    assert state.table == cards("1o 2o 3o 4o")
    assert [e for e in state.events if isinstance(e, TableReplaced)] == [TableReplaced(card("1c")),
                                                                          TableReplaced(card("1e"))]
    # a supplied deck takes the repeats back at the bottom: they are the last cards dealt
    assert state.holdings[3][-2:] == cards("1c 1e") and state.stock == ()
    for players, count in ((2, 4), (3, 4), (4, 4), (5, 5)):
        assert CAU_ROBAT_40.table_count(players) == count
        seeded = new_game(CAU_ROBAT_40, players, seed=players)
        assert len(seeded.table) == count and len({c.rank for c in seeded.table}) == count


def test_r40_8_whole_deck_in_packets_of_three_from_the_eldest() -> None:
    """R40-8: the whole deck is dealt in packets of three from the eldest hand (the dealer's
    right); with 5 players two packets each and then one card each."""
    deck = deck_with(CAU_ROBAT_40, "1o 2o 3o 4o")
    state = new_game(CAU_ROBAT_40, 4, decks=[deck])
    rest = deck[4:]
    for seat in range(4):
        expected = [*rest[3 * seat:3 * seat + 3], *rest[12 + 3 * seat:15 + 3 * seat],
                    *rest[24 + 3 * seat:27 + 3 * seat]]
        assert state.holdings[seat] == tuple(expected)
    five = new_game(CAU_ROBAT_40, 5, decks=[deck_with(CAU_ROBAT_40, "1o 2o 1c 3o 4o 5o")])
    assert five.table == cards("1o 2o 3o 4o 5o")
    assert [len(h) for h in five.holdings] == [7] * 5 and five.stock == ()
    assert five.holdings[0] == cards("6o 7o 10o 2e 3e 4e 7b")
    assert five.holdings[4] == cards("11c 12c 1e 4b 5b 6b 1c")
    assert CAU_ROBAT_40.round_sizes(5) == (7,)


# -- R40-9: turns -----------------------------------------------------------------------------------

def test_r40_9_the_eldest_plays_first_then_each_next_seat() -> None:
    """R40-9: the eldest hand (seat 0, right of the dealer) plays first; play goes on to the
    next seat, round the table; every turn plays exactly one card."""
    state = new_game(CAU_ROBAT_40, 5, seed=9)
    assert state.to_play == 0 and state.dealer == 4
    for expected in (1, 2, 3, 4, 0):
        before = sum(len(h) for h in state.holdings)
        state = state.apply(state.legal_moves()[0])
        assert state.to_play == expected and sum(len(h) for h in state.holdings) == before - 1


# -- R40-10 .. R40-12: captures and how they are stacked -----------------------------------------

def test_r40_10_a_card_of_the_same_rank_captures() -> None:
    """R40-10: a card of a table card's rank captures it; any other card stays on the table."""
    state = position(CAU_ROBAT_40, 2, table="5o 12e", holdings=["5c 2b", "7b"])
    after = state.apply("5c")
    assert after.piles[0] == cards("5o 5c") and after.table == cards("12e")
    trailed = state.apply("2b")
    assert trailed.table == cards("5o 12e 2b") and trailed.piles == ((), ())


def test_r40_11_a_sequence_is_taken_whole_or_not_at_all() -> None:
    """R40-11: after the match the following ranks on the table go too, all or none."""
    state = position(CAU_ROBAT_40, 2, table="3o 4o 5o 12e", holdings=["3c 2b", "7b"])
    assert moves(state, "3c") == ["3c", "3c+2"]
    assert state.apply("3c").table == cards("4o 5o 12e")
    assert state.apply("3c+2").table == cards("12e")


def test_r40_12_stacking_of_a_match_and_of_a_sequence() -> None:
    """R40-12: a match stacks the captured card, then the capturing card on top; a sequence
    stacks from the highest card down, the capturing card on top."""
    state = position(CAU_ROBAT_40, 2, table="3o 4o 5o 12e", holdings=["3c 12c", "7b"], piles=["1b", ""])
    assert state.apply("12c").piles[0] == cards("1b 12e 12c")
    after = state.apply("3c+2")
    assert after.piles[0] == cards("1b 5o 4o 3o 3c")
    assert [e for e in after.events if isinstance(e, Captured)] == [
        Captured(0, card("3c"), cards("5o 4o 3o 3c"), (), 0)]


# -- R40-13 .. R40-15: open piles and how they are robbed ----------------------------------------

def test_r40_13_capture_piles_are_face_up() -> None:
    """R40-13: each capture pile lies face up: every seat's view shows it whole."""
    state = position(CAU_ROBAT_40, 3, table="5o 12e", holdings=["5c 2b", "7b", "6b"], piles=["", "1c 2c", ""])
    after = state.apply("5c")
    for seat in range(3):
        assert after.observe(seat).piles == ((cards("5o 5c")), cards("1c 2c"), ())


def test_r40_14_only_opponents_piles_whose_top_is_not_on_the_table() -> None:
    """R40-14: an opponent's pile top may fill a missing rank of the sequence (the whole pile
    is taken at that place); never the player's own pile; never a pile whose top's rank is
    on the table."""
    state = position(CAU_ROBAT_40, 3, table="3o 5o 12e", holdings=["3c 2b", "7b", "6b"],
                     piles=["1c 4c", "1e 4e", "10c"])
    assert moves(state, "3c") == ["3c", "3c+2@1"]            # seat 0's own 4-topped pile is never offered
    after = state.apply("3c+2@1")
    assert after.piles == (cards("1c 4c 5o 1e 4e 3o 3c"), (), cards("10c"))
    safe = position(CAU_ROBAT_40, 3, table="3o 4o 5o 12e", holdings=["3c 2b", "7b", "6b"],
                    piles=["", "1e 4e", ""])
    assert moves(safe, "3c") == ["3c", "3c+2"]
    assert safe.apply("3c+2").piles == (cards("5o 4o 3o 3c"), cards("1e 4e"), ())


def test_r40_15_the_source_example_and_its_second_half() -> None:
    """R40-15: table 3 and 5, an opponent's pile topped by a 4: a 3 takes the 3, the pile and
    the 5, stacked 5, the whole pile, the table 3, the played 3 on top.  With a 4 on the
    table too, the pile is left alone."""
    state = position(CAU_ROBAT_40, 2, table="3o 5o 12e", holdings=["3c 2b", "7b"], piles=["", "1e 6e 4e"])
    assert moves(state, "3c") == ["3c", "3c+2@1"]
    after = state.apply("3c+2@1")
    assert after.piles == (cards("5o 1e 6e 4e 3o 3c"), ())
    assert after.table == cards("12e")
    assert [e for e in after.events if isinstance(e, Captured)] == [
        Captured(0, card("3c"), cards("5o 1e 6e 4e 3o 3c"), (1,), 0)]
    with_four = position(CAU_ROBAT_40, 2, table="3o 4o 5o 12e", holdings=["3c 2b", "7b"],
                         piles=["", "1e 6e 4e"])
    assert moves(with_four, "3c") == ["3c", "3c+2"]
    left = with_four.apply("3c+2")
    assert left.piles == (cards("5o 4o 3o 3c"), cards("1e 6e 4e")) and left.table == cards("12e")


# -- R40-16 .. R40-19: cau, recau, contracau --------------------------------------------------------

def test_r40_16_cau_the_trailer_pays_its_top_card_after_the_capture() -> None:
    """R40-16: the next player takes the card just trailed: cau; the trailer gives its top
    card, which goes on top of the caller's pile after the captured cards."""
    state = position(CAU_ROBAT_40, 4, table="12e", holdings=["5o 1b", "5c 2b", "7b 3b", "6b 4b"],
                     piles=["1c 2c", "", "", ""])
    state = state.apply("5o").apply("5c")
    assert state.chain == Chain(5, ((0, card("5o")), (1, card("5c"))))   # recau still possible
    state = state.apply("7b")
    assert Called(1, Call.CAU) in state.events
    assert state.piles[:2] == (cards("1c"), cards("5o 5c 2c"))
    assert paid(state) == [(0, 1, "2c", "cau")]


def test_r40_16_cau_whose_sequence_took_the_trailers_pile_becomes_a_debt() -> None:
    """R40-16 / R40-21: the cau maker's sequence takes the trailer's pile (its top 6 is not
    on the table); the cau card is then owed and paid as soon as the trailer can."""
    state = position(CAU_ROBAT_40, 3, table="12e 10o", holdings=["5o 10c", "5c 2b", "7b 3b"],
                     piles=["1c 6c", "", ""])
    state = state.apply("5o")
    assert moves(state, "5c") == ["5c", "5c+1@0"]
    state = state.apply("5c+1@0").apply("7b")
    assert state.piles == ((), cards("1c 6c 5o 5c"), ())
    assert paid(state) == [] and DebtIncurred(0, 1, 1, Call.CAU) in state.events
    assert state.debts == (((1, 1),), (), ())
    state = state.apply("10c")                              # seat 0 captures, then pays at once
    assert paid(state) == [(0, 1, "10c", None)] and state.debts == ((), (), ())
    assert state.piles == (cards("10o"), cards("1c 6c 5o 5c 10c"), ())


def test_r40_17_recau_first_pays_one_second_pays_two() -> None:
    """R40-17: a third card of the rank by the next player: recau; the first player pays 1,
    the second 2, in turn order after the receiver (it stays pending while a contracau is
    possible)."""
    state = position(CAU_ROBAT_40, 4, table="12e", holdings=["5o 1b", "5c 2b", "5e 3b", "7b 4b"],
                     piles=["1c 2c", "3c 4c 6c", "", ""])
    state = state.apply("5o").apply("5c").apply("5e")
    assert state.chain is not None and state.chain.level == 3 and paid(state) == []
    state = state.apply("7b")
    assert Called(2, Call.RECAU) in state.events
    assert paid(state) == [(0, 2, "2c", "recau"), (1, 2, "6c", "recau"), (1, 2, "4c", "recau")]
    assert state.piles == (cards("1c"), cards("3c"), cards("5o 5c 5e 2c 6c 4c"), ())
    assert state.table == cards("12e 7b")


def test_r40_18_contracau_pays_one_two_three_in_turn_order_after_the_receiver() -> None:
    """R40-18: the fourth card: contracau; the players of the 1st, 2nd and 3rd card pay 1, 2
    and 3 cards, in turn order after the receiver (D-CHAIN-4)."""
    # five players, the chain runs seats 3, 4, 0, 1: the receiver is seat 1, and after it
    # seat 2 owes nothing, seat 3 (1st card) pays 1, seat 4 (2nd) pays 2, seat 0 (3rd) pays 3
    state = position(CAU_ROBAT_40, 5, table="12e",
                     holdings=["5e 1b", "5b 2b", "3b 7b", "5o 4b", "5c 6b"],
                     piles=["1c 2c 3c 4c", "6c 7c", "10c", "3e 4e", "6e"], to_play=3)
    state = state.apply("5o").apply("5c").apply("5e")
    assert state.chain is not None and state.chain.level == 3
    state = state.apply("5b")
    assert state.chain is None and Called(1, Call.CONTRACAU) in state.events
    assert paid(state) == [(3, 1, "4e", "contracau"), (4, 1, "6e", "contracau"),
                           (0, 1, "4c", "contracau"), (0, 1, "3c", "contracau"), (0, 1, "2c", "contracau")]
    assert DebtIncurred(4, 1, 1, Call.CONTRACAU) in state.events and state.debts[4] == ((1, 1),)
    assert state.piles == (cards("1c"), cards("6c 7c 5o 5c 5e 5b 4e 6e 4c 3c 2c"), cards("10c"),
                           cards("3e"), ())


def test_r40_18_four_player_contracau_one_two_three() -> None:
    """R40-18: the 1 + 2 + 3 payments of a four-player contracau, in order."""
    state = position(CAU_ROBAT_40, 4, table="12e",
                     holdings=["5o 1b", "5c 2b", "5e 3b", "5b 4b"],
                     piles=["1c 2c", "3c 4c 6c", "7c 10c 11c 12c", "1e"])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    assert paid(state) == [(0, 3, "2c", "contracau"), (1, 3, "6c", "contracau"), (1, 3, "4c", "contracau"),
                           (2, 3, "12c", "contracau"), (2, 3, "11c", "contracau"), (2, 3, "10c", "contracau")]
    assert state.piles == (cards("1c"), cards("3c"), cards("7c"),
                           cards("1e 5o 5c 5e 5b 2c 6c 4c 12c 11c 10c"))


def test_r40_18_two_player_contracau_pays_both_positions_in_chain_order() -> None:
    """R40-18 (D-FINE-8): with two players the first player played the 1st and 3rd cards: it
    pays 1 then 3; the receiver's own 2nd position is skipped."""
    state = position(CAU_ROBAT_40, 2, table="12e", holdings=["5o 5e 1b", "5c 5b 2b"],
                     piles=["1c 2c 3c 4c 6c", ""])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    assert paid(state) == [(0, 1, "6c", "contracau"), (0, 1, "4c", "contracau"),
                           (0, 1, "3c", "contracau"), (0, 1, "2c", "contracau")]
    assert state.piles == (cards("1c"), cards("5o 5c 5e 5b 6c 4c 3c 2c"))


def test_r40_19_the_final_caller_also_takes_the_sequence() -> None:
    """R40-19: the last caller may take the sequence that starts at the chain's rank; an
    earlier caller's sequence is cancelled and stays on the table."""
    state = position(CAU_ROBAT_40, 4, table="6o 7o 12e", holdings=["5o 1b", "5c 2b", "5e 3b", "5b 4b"])
    state = state.apply("5o")
    assert moves(state, "5c") == ["5c", "5c+2"]
    state = state.apply("5c+2")
    assert state.chain is not None and state.chain.run == ((6, -1), (7, -1))
    state = state.apply("5e")                              # recau: the cau's sequence is cancelled
    assert state.chain is not None and state.chain.run == () and state.table == cards("6o 7o 12e")
    assert moves(state, "5b") == ["5b", "5b+2"]
    state = state.apply("5b+2")
    assert state.piles[3] == cards("7o 6o 5o 5c 5e 5b")
    assert state.table == cards("12e")
    assert [e for e in state.events if isinstance(e, Captured)] == [
        Captured(3, card("5b"), cards("7o 6o 5o 5c 5e 5b"), (), 4)]


# -- R40-20 and R40-21: clearing the table; debts ------------------------------------------------

def test_r40_20_clearing_the_table_every_other_player_pays_one_in_turn_order() -> None:
    """R40-20: whoever takes every table card receives one card from each other player, in
    turn order after them."""
    state = position(CAU_ROBAT_40, 4, table="5o 6o", holdings=["1b", "5c 2b", "3b", "4b"],
                     piles=["1c", "", "2c", "3c"], to_play=1)
    state = state.apply("5c+1")
    assert Called(1, Call.NETA) in state.events
    assert paid(state) == [(2, 1, "2c", "neta"), (3, 1, "3c", "neta"), (0, 1, "1c", "neta")]
    assert state.piles[1] == cards("6o 5o 5c 2c 3c 1c")


def test_r40_21_a_debt_is_paid_as_soon_as_the_debtor_has_cards() -> None:
    """R40-21: a player short of cards owes the rest and pays it at the end of the turn in
    which its pile has cards again, top card first."""
    state = position(CAU_ROBAT_40, 3, table="5o 12e", holdings=["5c 1b", "2b", "3b"],
                     piles=["", "", ""], debts=[[(2, 2)], [], []])
    state = state.apply("5c")
    assert paid(state) == [(0, 2, "5c", None), (0, 2, "5o", None)]
    assert state.piles == ((), (), cards("5c 5o")) and state.debts == ((), (), ())


# -- R40-22 and R40-23: the end of a hand --------------------------------------------------------------

def test_r40_22_cards_left_on_the_table_go_to_nobody() -> None:
    """R40-22: at the end of the hand the table cards go to the discard, not to the last
    capturer, and taking them is no neta."""
    state = position(CAU_ROBAT_40, 2, table="4o 12e", holdings=["4c", "7b"], piles=["", "1c"])
    state = state.apply("4c").apply("7b")
    assert state.is_over
    assert LeftoversTaken(None, cards("12e 7b")) in state.events
    assert state.piles == (cards("4o 4c"), cards("1c"))
    assert state.discard[-2:] == cards("12e 7b") and state.table == ()
    assert not any(isinstance(e, Called) for e in state.events)


def test_r40_23_the_most_cards_win_the_hand_and_ties_are_all_credited() -> None:
    """R40-23: the hand is won by the most cards; every player tied on top is credited."""
    state = position(CAU_ROBAT_40, 3, table="4o 12e", holdings=["4c", "7b", "6b"],
                     piles=["1c", "1e 2e 3e", "1o 2o"])
    state = state.apply("4c").apply("7b").apply("6b")
    assert [e for e in state.events if isinstance(e, HandEnded)] == [HandEnded(0, (3, 3, 2), (3, 3, 2), (0, 1))]
    assert state.hands_won() == (1, 1, 0)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (3, 3, 2)


# -- R40-25 .. R40-27: the optional rules ----------------------------------------------------------------

def test_r40_25_three_card_hands_last_round_shares_what_is_left() -> None:
    """R40-25: three-card hands: 3 cards each, the rest stays in the stock and is dealt 3 at a
    time as holdings run out; with 5 players the last round gives 1 each (3, 3, 1)."""
    rules = get_rules("cau-robat-40", deal="rounds")
    assert rules.round_sizes(5) == (3, 3, 1) and rules.round_sizes(4) == (3, 3, 3)
    state = new_game(rules, 5, decks=[deck_with(rules, "1o 2o 3o 4o 5o")])
    assert state.table == cards("1o 2o 3o 4o 5o")
    assert [len(h) for h in state.holdings] == [3] * 5 and len(state.stock) == 20
    dealt = {0: [len(h) for h in state.holdings]}
    while state.round < 2:
        state = state.apply(state.legal_moves()[0])
        dealt.setdefault(state.round, [len(h) for h in state.holdings])
    assert dealt == {0: [3] * 5, 1: [3] * 5, 2: [1] * 5} and state.stock == ()
    assert not any(isinstance(e, Called) and e.call in (Call.RONDA, Call.RONDI) for e in state.events)


def test_r40_26_no_sequences_in_caus() -> None:
    """R40-26: option no_runs_in_chains: a cau, recau or contracau takes the same-rank cards
    only; an ordinary capture still takes its sequence."""
    rules = get_rules("cau-robat-40", no_runs_in_chains=True)
    state = position(rules, 4, table="6o 7o 12e", holdings=["5o 6c", "5c 2b", "5e 3b", "5b 4b"])
    assert moves(state, "6c") == ["6c", "6c+1"]
    state = state.apply("5o")
    assert moves(state, "5c") == ["5c"]
    with pytest.raises(IllegalMoveError, match=r"illegal move 5c\+2: 5c can take no run here"):
        state.apply("5c+2")
    state = state.apply("5c").apply("3b")
    assert state.piles[1] == cards("5o 5c") and state.table == cards("6o 7o 12e 3b")


def test_r40_27_cau_40_piles_face_down_never_taken() -> None:
    """R40-27: the face-down Cau of 001 (``cau-40``): piles are closed, never taken in a
    sequence, views show only their sizes, and payments name no card in the views."""
    assert not CAU_40.open_piles and CAU_40.deck is SPANISH_40 and CAU_40.max_chain == 4
    state = position(CAU_40, 3, table="3o 5o 12e", holdings=["3c 2b", "7b 6b", "6c 4b"],
                     piles=["", "1e 4e", "10c"])
    assert moves(state, "3c") == ["3c"]
    state = state.apply("3c")
    assert state.piles == (cards("3o 3c"), cards("1e 4e"), cards("10c"))
    state = state.apply("6b").apply("6c")                 # seat 2 caus seat 1's 6b
    state = state.apply("2b")                              # the cau completes: seat 1 pays 4e
    assert paid(state) == [(1, 2, "4e", "cau")]
    for seat in range(3):
        view = state.observe(seat)
        assert view.piles == (None, None, None)
        assert view.pile_sizes == (2, 1, 4)
        assert [e for e in view.events if isinstance(e, Paid)] == [Paid(1, 2, None, Call.CAU)]
        assert view.to_dict()["piles"] == [None, None, None]


# -- bad input -----------------------------------------------------------------------------------------

def test_r40_14_naming_an_ineligible_pile_is_refused_state_unchanged() -> None:
    """R40-14: own pile, a safe pile and a pile of the wrong rank are refused precisely."""
    own = position(CAU_ROBAT_40, 3, table="3o 5o 12e", holdings=["3c 2b", "7b", "6b"],
                   piles=["1c 4c", "2e 4e", "10c"])
    refused(own, "3c+2@0", r"illegal move 3c\+2@0: those piles \(0\) cannot be taken by that run; "
                           r"the eligible choices are: 1")
    safe = position(CAU_ROBAT_40, 3, table="3o 4o 5o 12e", holdings=["3c 2b", "7b", "6b"],
                    piles=["", "1e 4e", ""])
    refused(safe, "3c+2@1", r"those piles \(1\) cannot be taken by that run; the eligible choices are: none")
    wrong = position(CAU_ROBAT_40, 3, table="3o 5o 12e", holdings=["3c 2b", "7b", "6b"],
                     piles=["", "1e 4e", "2c 10e"])
    refused(wrong, "3c+2@2", r"those piles \(2\) cannot be taken by that run; the eligible choices are: 1")


def test_r40_11_a_partial_or_too_long_sequence_is_refused() -> None:
    """R40-11: none or the whole sequence: a part of it, or more than it, is refused."""
    state = position(CAU_ROBAT_40, 2, table="3o 4o 5o 12e", holdings=["3c 2b", "7b"])
    before = dumps(state)
    for text, length in (("3c+1", 1), ("3c+3", 3)):
        with pytest.raises(IllegalMoveError, match=rf"a run of {length} is not allowed with 3c; "
                                                   r"allowed run lengths: 0, 2;"):
            state.apply(text)
    assert dumps(state) == before


def test_r40_8_options_that_contradict_the_deal_are_refused() -> None:
    """R40-8 / R40-25: rondas need deal rounds; continuous play needs a stock; the player
    count must share the cards out."""
    with pytest.raises(InvalidRulesError, match="never on a whole-deck deal"):
        get_rules("cau-robat-40", rondas=True)
    with pytest.raises(InvalidRulesError, match="a whole-deck deal leaves none"):
        get_rules("cau-robat-40", continuous=True)
    with pytest.raises(InvalidRulesError, match="with 6 players the 40 cards left after the table do not share out"):
        get_rules("cau-robat-40", max_players=6)
    with pytest.raises(InvalidRulesError, match="with 3 players the 44 cards left after the table do not share out"):
        get_rules("cau-robat-40", deck="spanish-48")
    with pytest.raises(InvalidRulesError, match="unknown deck 'french-52'"):
        get_rules("cau-robat-40", deck="french-52")
    with pytest.raises(InvalidRulesError, match="own_pile needs open_piles"):
        get_rules("cau-40", own_pile=True)
    assert get_rules("cau-robat-40", deal="rounds", rondas=True).round_sizes(5) == (3, 3, 1)


def test_r40_7_new_fishing_game_with_five_players_deals_five_table_cards() -> None:
    """R40-7 / R40-8: five players: five table cards and seven cards each."""
    state = fishing.new_game(CAU_ROBAT_40, 5, seed=21)
    assert len(state.table) == 5 and [len(h) for h in state.holdings] == [7] * 5 and state.stock == ()


def test_r40_18_the_contracau_event_text_does_not_call_it_pending() -> None:
    """R40-18: the contracau completes at once, so its event text must not call it pending."""
    state = position(CAU_ROBAT_40, 4, table="12e", holdings=["5o 1b", "5c 2b", "5e 3b", "5b 4b"])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    extended = [e for e in state.events if isinstance(e, ChainExtended)]
    assert extended and extended[0].level == 4
    assert "pending" not in str(extended[0])
