"""Tests for the four-card game ``cau-quatre`` (seeds/000-cau-recau-sant-vicent.md, QUA-…).

Scenario tests build exact positions and check exact holdings, table, chain, gifts,
draws, refills, eliminations and the winner; each cites its clause ID in a comment.
The Hypothesis properties at the end play whole random games of every player count.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules.cards import SPANISH_40, Card, parse_cards
from cau_rules.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.outcome import Outcome, Termination
from cau_rules.quatre import (
    QUATRE,
    Add,
    Added,
    CentreTaken,
    ChainTaken,
    Dealt,
    Draw,
    Drew,
    GameEnded,
    Gave,
    Give,
    Laid,
    Lay,
    LayDue,
    Out,
    Pass,
    Passed,
    PendingGift,
    PendingLay,
    Play,
    Played,
    QuatreChain,
    QuatreRules,
    QuatreState,
    Refilled,
    TableRefilled,
    format_move,
    load,
    new_game,
    parse_move,
)
from cau_rules.quatre.suite import all_cards


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(players: int, *, table: str, holdings: list[str], stock: str = "",
             rest: str | int = "stock", rules: QuatreRules = QUATRE, **kw: Any) -> QuatreState:
    """An exact position.  The deck cards not placed go to the bottom of the stock
    (``rest="stock"``) or to the end of one seat's holding (``rest=seat``).

    Positions must be reachable (issue 12): while the stock lasts every seat holds at
    least ``hand_size`` cards at a turn, the table at most ``table_size``, and the stock
    no more than the deal left (so with two players at least 13 cards are placed, or
    exactly the deal's 4 + 4 + 4 in seat 0's first turn)."""
    placed = {*cards(table), *cards(stock)}
    for holding in holdings:
        placed.update(cards(holding))
    left = tuple(card for card in QUATRE.deck.cards if card not in placed)
    held: list[tuple[Card, ...]] = [cards(h) for h in holdings]
    stock_cards = cards(stock)
    if rest == "stock":
        stock_cards = (*stock_cards, *left)
    else:
        assert isinstance(rest, int)
        held[rest] = (*held[rest], *left)
    return QuatreState.from_position(rules, players, table=table, holdings=held, stock=stock_cards, **kw)


def moves(state: QuatreState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def play(state: QuatreState, *texts: str) -> QuatreState:
    for text in texts:
        state = state.apply(text)
    return state


# -- QUA-1: players and deck --------------------------------------------------------

def test_qua_1_two_players_by_default_up_to_four_spanish_40() -> None:
    # QUA-1
    assert (QUATRE.name, QUATRE.min_players, QUATRE.max_players) == ("cau-quatre", 2, 4)
    assert QUATRE.deck is SPANISH_40 and QUATRE.table_size == 4 and QUATRE.hand_size == 4
    for players in (2, 3, 4):
        state = new_game(QUATRE, players, seed=1)
        assert state.players == players and state.to_play == 0 and not state.is_over
    with pytest.raises(InvalidRulesError, match="2 to 4 players, not 5"):
        new_game(QUATRE, 5)
    with pytest.raises(InvalidRulesError, match="not 1"):
        QUATRE.check_players(1)
    with pytest.raises(InvalidRulesError, match="leaves no stock"):
        QuatreRules(hand_size=12)
    with pytest.raises(InvalidRulesError, match="from 2 to 8, not 9"):
        QuatreRules(max_players=9)


# -- QUA-2: the deal ----------------------------------------------------------------

def test_qua_2_table_first_then_four_each_one_at_a_time_from_the_eldest() -> None:
    # QUA-2
    state = new_game(QUATRE, 3, decks=[SPANISH_40.cards])
    assert state.table == cards("1o 2o 3o 4o")
    assert state.holdings == (cards("5o 10o 1c 4c"), cards("6o 11o 2c 5c"), cards("7o 12o 3c 6c"))
    assert state.stock[0] == Card.parse("7c") and len(state.stock) == 24
    assert state.events == (Dealt(2, cards("1o 2o 3o 4o"), (4, 4, 4)),)
    assert state.dealer == 2 and state.to_play == 0 and state.phase == "turn"


def test_qua_2_repeated_table_ranks_stay_on_the_table() -> None:
    # QUA-2
    top = cards("5o 5c 5e 7b")
    deck = [*top, *(card for card in SPANISH_40.cards if card not in top)]
    state = new_game(QUATRE, 2, decks=[deck])
    assert state.table == top


def test_qua_2_the_shuffle_comes_from_a_string_seed() -> None:
    # QUA-2 (D-DEAL-1: string seeding, never hash())
    order = SPANISH_40.shuffled(random.Random("17:0:0:shuffle"))
    assert new_game(QUATRE, 2, seed=17) == new_game(QUATRE, 2, decks=[order], seed=17)
    assert new_game(QUATRE, 2, seed=17) != new_game(QUATRE, 2, seed=18)


# -- QUA-3: a matching card must be played onto the table card ------------------------

def test_qua_3_a_match_must_be_played_and_the_move_names_card_and_table_card() -> None:
    # QUA-3
    state = position(2, table="5c 5b 7o 12e", holdings=["5o 5e 1o 2o", "3c 3e 3b 4c"])
    assert moves(state) == ["5o>5c", "5o>5b", "5e>5c", "5e>5b"]
    with pytest.raises(IllegalMoveError, match="must play it"):
        state.apply("draw")
    with pytest.raises(IllegalMoveError, match="not on the table"):
        state.apply("5o>5e")
    after = state.apply("5e>5b")
    assert after.events[0] == Played(0, Card.parse("5e"), Card.parse("5b"))
    assert after.table == cards("5c 7o 12e")  # the other 5 stays where it was
    assert after.holdings[0] == cards("5o 1o 2o 5b 5e")  # seat 1 holds no 5: the cau ends at once


# -- QUA-4: no match: draw one card and the turn ends; empty stock: pass ----------------

def test_qua_4_no_match_draws_one_card_and_the_turn_ends_even_if_it_matches() -> None:
    # QUA-4
    state = position(2, table="7o 12b 10e 11e", holdings=["1o 2o 3o 4o", "1c 2c 3c 4c"], stock="7c")
    assert state.legal_moves() == (Draw(),)
    after = state.apply("draw")
    assert after.holdings[0] == cards("1o 2o 3o 4o 7c")
    assert after.events == (Drew(0, Card.parse("7c")),)
    assert after.to_play == 1 and after.phase == "turn" and after.table == cards("7o 12b 10e 11e")
    assert len(after.stock) == len(state.stock) - 1


def test_qua_4_no_match_with_an_empty_stock_passes() -> None:
    # QUA-4
    state = position(2, table="7o", holdings=["1o", ""], rest=1)
    assert state.legal_moves() == (Pass(),)
    after = state.apply("pass")
    assert after.events == (Passed(0, 1),)
    assert after.to_play == 1 and after.passes == 1 and after.holdings == state.holdings
    assert moves(after) == ["7c>7o", "7e>7o", "7b>7o"]


# -- QUA-5: the chain: recau, Sant Vicent, forced, ends at the first who cannot ---------

def test_qua_5_two_players_cau_recau_sant_vicent_each_a_forced_move() -> None:
    # QUA-5
    state = position(2, table="5c 1o 7e 12b", holdings=["5o 5b 2o 3o", "5e 4c 6c 7c"])
    state = state.apply("5o>5c")
    assert state.phase == "chain" and state.to_play == 1
    assert state.chain == QuatreChain(Card.parse("5c"), ((0, Card.parse("5o")),))
    assert state.legal_moves() == (Add(Card.parse("5e")),)  # one card qualifies: still a move
    with pytest.raises(IllegalMoveError, match="must add"):
        state.apply("give 4c")
    state = state.apply("add 5e")
    assert state.events == (Added(1, Card.parse("5e"), 2),)
    assert state.to_play == 0 and moves(state) == ["add 5b"]
    state = state.apply("add 5b")
    assert state.events == (
        Added(0, Card.parse("5b"), 3),
        ChainTaken(0, cards("5c 5o 5e 5b"), 3, 1, 3),
    )
    assert state.chain is None and state.phase == "gift"
    assert state.gift == PendingGift(giver=1, receiver=0, owed=3, level=3)


def test_qua_5_the_chain_ends_at_the_first_player_who_cannot() -> None:
    # QUA-5: seat 2 holds two 5s but seat 1, next in turn, has none
    state = position(3, table="5c 1o 10e 12b", holdings=["5o 2o 3o 4o", "6o 6c 6e 6b", "5e 5b 7o 7c"])
    state = state.apply("5o>5c")
    assert state.events[-1] == ChainTaken(0, cards("5c 5o"), 1, 1, 1)
    assert state.phase == "gift" and state.to_play == 1
    assert state.holdings[2] == cards("5e 5b 7o 7c")


def test_qua_5_three_players_the_chain_goes_round_and_the_starter_gives() -> None:
    # QUA-5
    state = position(3, table="5c 7e 10b 12b", holdings=["5o 1o 2o 3o", "5e 4o 4c 4e", "5b 6o 6c 6e"])
    state = play(state, "5o>5c", "add 5e", "add 5b")
    assert state.events[-1] == ChainTaken(2, cards("5c 5o 5e 5b"), 3, 0, 3)
    assert state.gift == PendingGift(0, 2, 3, 3) and state.to_play == 0


# -- QUA-6: the last caller takes the chain into its holding, known to all --------------

def test_qua_6_the_last_caller_takes_table_card_and_played_cards_known_to_all() -> None:
    # QUA-6
    state = position(2, table="5c 1o 12e 12b", holdings=["5o 2o 3o 4o", "6c 7c 10c 11c"])
    state = state.apply("5o>5c")
    assert state.holdings[0] == cards("2o 3o 4o 5c 5o")
    assert state.known == (cards("5c 5o"), ())
    assert state.observe(1).known[0] == cards("5c 5o")
    assert state.table == cards("1o 12e 12b")
    # a known card that leaves the holding (here as a gift) is no longer known; once its
    # holder gives a card the rest is known only to the receiver (QUA-15)
    later = position(2, table="", holdings=["5c 5o 2o", "6c"], rest=1, known=["5c 5o", ""],
                     phase="gift", gift=PendingGift(0, 1, 1, 1), to_play=0, starter=1)
    later = later.apply("give 5c")
    assert later.known == ((), ())
    assert later.private == ((1, 0, Card.parse("5o")), (0, 1, Card.parse("5c")))
    assert later.observe(1).known[0] == cards("5o")


# -- QUA-7: gifts: 1, 2 or 3 cards, one per move, giver's choice, short: all they have ---

def test_qua_7_sant_vicent_three_gift_cards_one_move_each_of_the_givers_choice() -> None:
    # QUA-7
    state = position(2, table="5c 1o 7e 12b", holdings=["5o 5b 2o 3o", "5e 4c 6c 7c"], stock="1c 2c 3c 4e")
    state = play(state, "5o>5c", "add 5e", "add 5b")
    assert moves(state) == ["give 4c", "give 6c", "give 7c"]
    state = state.apply("give 7c")
    assert state.events == (Gave(1, 0, Card.parse("7c")),)
    assert state.gift == PendingGift(1, 0, 2, 3) and state.to_play == 1 and state.phase == "gift"
    state = play(state, "give 4c", "give 6c")
    assert state.holdings[0] == cards("2o 3o 5c 5o 5e 5b 7c 4c 6c")
    assert state.holdings[1] == cards("1c 2c 3c 4e")  # emptied, then refilled (QUA-8)
    assert state.private == ((1, 0, Card.parse("7c")), (1, 0, Card.parse("4c")), (1, 0, Card.parse("6c")))
    assert state.phase == "turn" and state.to_play == 1


def test_qua_7_a_giver_short_of_cards_gives_all_it_has() -> None:
    # QUA-7: with four cards in hand and a stock nobody is short; with two (hand_size=2) one is
    rules = QUATRE.replace(hand_size=2)
    state = position(2, table="5c", holdings=["5o 1o", "5e 4c 4e 4b 6e 6b"], stock="2o 3o 6o 7o 10o 11o 12o 1b",
                     rules=rules)
    state = play(state, "5o>5c", "add 5e")
    assert state.events[-1] == ChainTaken(1, cards("5c 5o 5e"), 2, 0, 1)  # recau owes 2, seat 0 has 1
    state = state.apply("give 1o")
    assert state.holdings[0] == cards("2o 3o")
    assert state.holdings[1] == cards("4c 4e 4b 6e 6b 5c 5o 5e 1o")
    assert state.table == cards("6o 7o 10o 11o")


def test_qua_7_a_giver_with_no_card_owes_nothing_and_the_turn_ends() -> None:
    # QUA-7: one card in hand (hand_size=1): the cau was seat 0's last card
    rules = QUATRE.replace(hand_size=1)
    state = position(2, table="5c 7e", holdings=["5o", "5e 4c 4e 4b"], stock="2o 3o 6o 7o 10o 11o 12o 1b",
                     rules=rules)
    state = play(state, "5o>5c", "add 5e")
    assert state.events[:2] == (Added(1, Card.parse("5e"), 2), ChainTaken(1, cards("5c 5o 5e"), 2, 0, 0))
    assert state.phase == "turn" and state.to_play == 1 and state.gift is None
    assert state.holdings[0] == cards("2o")


# -- QUA-8: refill up to four, in turn order from the turn's player -------------------

def test_qua_8_refill_in_turn_order_from_the_seat_that_started_the_chain() -> None:
    # QUA-8
    state = position(3, table="5c 1c 12e 11e", holdings=["6o 6c 6e 6b", "5o 7o 7c 7e", "5e 10o 10c 10e 3c"],
                     stock="2o 2c 2e 2b", to_play=1)
    state = play(state, "5o>5c", "add 5e")
    assert state.events[-1] == ChainTaken(2, cards("5c 5o 5e"), 2, 0, 2)
    state = play(state, "give 6o", "give 6c")
    assert state.events == (
        Gave(0, 2, Card.parse("6c")),
        Refilled(1, 1, cards("2o")),
        Refilled(0, 2, cards("2c 2e")),
    )
    assert state.holdings == (cards("6e 6b 2c 2e"), cards("7o 7c 7e 2o"),
                              cards("10o 10c 10e 3c 5c 5o 5e 6o 6c"))
    assert state.table == cards("1c 12e 11e")


def test_qua_8_refill_stops_when_the_stock_runs_out() -> None:
    # QUA-8
    state = position(2, table="5c 1c", holdings=["5o 6o 6c 6e", "7o 7c 7e 7b"], stock="2o", rest=0)
    state = play(state, "5o>5c", "give 7b")
    assert state.events[1:] == (Refilled(1, 1, cards("2o")),)
    assert state.stock == () and state.holdings[1] == cards("7o 7c 7e 2o")


# -- QUA-9: an empty table gets four cards from the stock, after the holdings ----------

def test_qua_9_the_empty_table_gets_four_cards_after_the_holdings_refill() -> None:
    # QUA-9
    state = position(2, table="5c", holdings=["5o 1o 2o 3o 1c 2c 3c 1e", "4o 4c 4e 4b"], stock="6o 7o 10o 11o 12o")
    state = play(state, "5o>5c", "give 4o")
    assert state.events == (
        Gave(1, 0, Card.parse("4o")),
        Refilled(1, 1, cards("6o")),
        TableRefilled(cards("7o 10o 11o 12o")),
    )
    assert state.table == cards("7o 10o 11o 12o")


def test_qua_9_what_remains_of_the_stock_and_no_topping_up() -> None:
    # QUA-9: only two cards remain for the table
    state = position(2, table="5c", holdings=["5o", "4o 4c 4e 4b"], stock="6o 7o 10o", rest=0)
    state = play(state, "5o>5c", "give 4o")
    assert state.events[-1] == TableRefilled(cards("7o 10o")) and state.stock == ()
    # QUA-9: a table with cards left is not topped up
    state = position(2, table="5c 1c 12e 11e", holdings=["5o 2o 3o 4o", "6o 6c 6e 6b"])
    state = play(state, "5o>5c", "give 6b")
    assert state.table == cards("1c 12e 11e") and not any(isinstance(e, TableRefilled) for e in state.events)


# -- QUA-10: the next turn goes to the seat after the turn's player ---------------------

def test_qua_10_next_turn_after_the_starter_not_after_the_last_caller() -> None:
    # QUA-10: seat 1 made the cau, seat 2 the recau: seat 2 plays next, not seat 0
    state = position(3, table="5c 1c 12e 11e", holdings=["6o 6c 6e 6b", "5o 7o 7c 7e", "5e 10o 10c 10e 3c"],
                     stock="2o 2c 2e 2b", to_play=1)
    state = play(state, "5o>5c", "add 5e", "give 6o", "give 6c")
    assert state.to_play == 2 and state.starter == 2
    # QUA-10: after a draw, the seat after the drawer
    drawn = position(3, table="7o 10b 11b 12b", holdings=["1o 2o 3o 4o", "1c 2c 3c 4c", "1e 2e 3e 4e"]).apply("draw")
    assert drawn.to_play == 1


# -- QUA-11: out with no cards and an empty stock; the last holder wins -------------------

def test_qua_11_the_last_player_holding_cards_wins_with_every_card() -> None:
    # QUA-11
    state = position(2, table="5c", holdings=["", "5e"], rest=0, to_play=1)
    state = state.apply("5e>5c")
    assert moves(state) == ["add 5o", "add 5b"]
    state = state.apply("add 5o")
    assert state.events == (
        Added(0, Card.parse("5o"), 2),
        ChainTaken(0, cards("5c 5e 5o"), 2, 1, 0),
        Out(1),
        GameEnded(Outcome((0,), (40, 0), Termination.LAST_HOLDER)),
    )
    assert state.is_over and state.out == (1,) and state.legal_moves() == ()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (40, 0)
    assert outcome.termination is Termination.LAST_HOLDER
    with pytest.raises(GameOverError):
        state.apply("pass")


def test_qua_11_an_out_seat_is_skipped() -> None:
    # QUA-11: seat 1 gives its last card with an empty stock and is out; seat 2 plays next
    state = position(3, table="5c 1c", holdings=["5o", "2o", ""], rest=2)
    state = play(state, "5o>5c", "give 2o")
    assert state.events == (Gave(1, 0, Card.parse("2o")), Out(1))
    assert state.out == (1,) and state.active() == (0, 2) and not state.is_over
    assert state.to_play == 2
    state = state.apply("1o>1c")  # seat 0, next active seat after seat 2, holds no 1 and gives
    assert state.gift == PendingGift(0, 2, 1, 1)


def test_qua_11_the_winner_takes_what_is_left_in_the_centre() -> None:
    # QUA-11: seat 1 lays its last two cards and is out; seat 0 takes the whole centre
    state = position(2, table="7o 7c 7e 7b", holdings=["", "1o 2o"], rest=0, to_play=1)
    state = play(state, "pass", "pass", "lay 1o", "lay 2o")
    centre = cards("7o 7c 7e 7b 1o 2o")
    assert state.events == (
        Laid(1, Card.parse("2o")),
        Out(1),
        CentreTaken(0, centre),
        GameEnded(Outcome((0,), (40, 0), Termination.LAST_HOLDER)),
    )
    assert state.table == () and len(state.holdings[0]) == 40 and state.holdings[0][-6:] == centre


# -- QUA-16: a dead centre gets cards from the player to move ----------------------------
# (QUA-12, retired: a full cycle of passes no longer ends the game; the next player lays)

def test_qua_16_a_full_cycle_of_passes_makes_the_next_player_lay_four() -> None:
    # QUA-16 (replaces retired QUA-12): all four 7s are in the centre, nobody can match
    state = position(2, table="7o 7c 7e 7b", holdings=["1o 2o 3o 4o 5o", ""], rest=1)
    state = state.apply("pass")
    assert state.passes == 1 and state.phase == "turn" and state.to_play == 1
    state = state.apply("pass")
    assert state.events == (Passed(1, 2), LayDue(0, 4, False))
    assert state.phase == "lay" and state.to_play == 0 and state.passes == 0 and not state.is_over
    assert state.lay == PendingLay(4, None)
    assert moves(state) == ["lay 1o", "lay 2o"]  # deck order: each needs three later cards
    state = state.apply("lay 2o")
    assert state.lay == PendingLay(3, Card.parse("2o")) and moves(state) == ["lay 3o"]
    state = play(state, "lay 3o", "lay 4o", "lay 5o")
    assert state.events == (Laid(0, Card.parse("5o")),)
    assert state.table == cards("7o 7c 7e 7b 2o 3o 4o 5o") and state.holdings[0] == cards("1o")
    assert state.phase == "turn" and state.to_play == 1 and state.lay is None
    assert "2c>2o" in moves(state)


def test_qua_16_an_empty_centre_and_stock_make_the_next_player_lay() -> None:
    # QUA-16: seat 0's cau empties the centre; the stock cannot refill it
    state = position(2, table="5c", holdings=["5o 5e 5b 1o", ""], rest=1)
    state = play(state, "5o>5c", "give 1c")
    assert state.events == (Gave(1, 0, Card.parse("1c")), LayDue(1, 4, True))
    assert state.table == () and state.phase == "lay" and state.to_play == 1
    assert moves(state)[0] == "lay 2o"  # seat 1's lowest card
    assert len(state.legal_moves()) == len(state.holdings[1]) - 3


def test_qua_16_lays_go_in_deck_order_and_only_into_a_dead_centre() -> None:
    # QUA-16
    state = position(2, table="7o 7c 7e 7b", holdings=["1o 2o 3o 4o 5o 6o", ""], rest=1)
    with pytest.raises(IllegalMoveError, match="dead centre"):
        state.apply("lay 1o")
    state = play(state, "pass", "pass")
    assert moves(state) == ["lay 1o", "lay 2o", "lay 3o"]
    with pytest.raises(IllegalMoveError, match="too few later cards"):
        state.apply("lay 5o")
    with pytest.raises(IllegalMoveError, match="must lay 4 more"):
        state.apply("pass")
    state = state.apply("lay 3o")
    with pytest.raises(IllegalMoveError, match="2o comes before 3o"):
        state.apply("lay 2o")
    assert moves(state) == ["lay 4o"]


def test_qua_16_each_choice_of_cards_is_one_sequence_of_lays() -> None:
    # QUA-16: six cards held, four to lay: C(6, 4) = 15 move sequences, 15 centres
    state = play(position(2, table="7o 7c 7e 7b", holdings=["1o 2o 3o 4o 5o 6o", ""], rest=1), "pass", "pass")

    def lays(node: QuatreState) -> list[QuatreState]:
        if node.phase != "lay":
            return [node]
        return [leaf for move in node.legal_moves() for leaf in lays(node.apply(move))]

    leaves = lays(state)
    assert len(leaves) == 15 and len({leaf.table for leaf in leaves}) == 15
    assert all(list(leaf.table[4:]) == sorted(leaf.table[4:]) for leaf in leaves)


def test_qua_16_a_player_short_of_cards_lays_them_all_and_may_be_out() -> None:
    # QUA-16: with three players the game goes on without the seat that laid its last card
    state = position(3, table="7o 7c 7e 7b", holdings=["", "1o 2o", "3o"], rest=0, to_play=1)
    state = play(state, "pass", "pass", "pass")
    assert state.events[-1] == LayDue(1, 2, False) and moves(state) == ["lay 1o"]
    state = play(state, "lay 1o", "lay 2o")
    assert state.events == (Laid(1, Card.parse("2o")), Out(1))
    assert state.out == (1,) and state.to_play == 2 and not state.is_over
    assert moves(state) == ["pass"]  # seat 2 holds 3o only; 1o and 2o are with seat 0


def test_qua_16_a_cau_between_passes_starts_the_count_again() -> None:
    # QUA-16
    state = position(2, table="7o 12b", holdings=["1o 2o", ""], rest=1)
    state = state.apply("pass")
    assert state.passes == 1 and state.to_play == 1
    state = play(state, "7c>7o", "give 1o")
    assert state.passes == 0 and state.to_play == 0 and state.table == cards("12b")
    assert moves(state) == ["pass"]  # seat 0 now holds only 2o
    state = state.apply("pass")
    assert state.passes == 1 and state.phase == "turn"


def test_qua_16_the_greedy_bot_lays_from_its_pairs_and_keeps_a_copy() -> None:
    # QUA-16: GreedyBot lays one 1 and one 2 (keeping the other of each) and two singles
    from cau_rules.bots import GreedyBot

    state = play(position(2, table="7o 7c 7e 7b", holdings=["1o 1c 2o 2c 3o 4o 5o", ""], rest=1),
                 "pass", "pass")
    bot = GreedyBot()
    while state.phase == "lay":
        state = state.apply(bot.choose(state.observe(0), random.Random(0)))
    assert state.table[4:] == cards("1o 2o 3o 4o")
    assert state.holdings[0] == cards("1c 2c 5o")


# -- QUA-17: the safety bound -------------------------------------------------------------

def test_qua_17_a_game_still_running_after_the_limit_ends_on_most_cards_ties_share() -> None:
    # QUA-17: two passes and a lay are three turns after the stock ran out
    rules = QUATRE.replace(max_turns_after_stock=3)
    deck = [card for card in SPANISH_40.cards if card.rank != 7]
    state = QuatreState.from_position(rules, 2, table="7o 7c 7e 7b", holdings=[deck[:20], deck[20:]], stock="")
    state = play(state, "pass", "pass")
    assert state.turns_after_stock == 2 and state.phase == "lay"
    for _ in range(4):
        state = state.apply(state.legal_moves()[0])
    assert state.termination is Termination.SAFETY_BOUND and state.turns_after_stock == 3
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (16, 16) and outcome.winners == (0, 1)
    assert state.events[-1] == GameEnded(Outcome((0, 1), (16, 16), Termination.SAFETY_BOUND))
    assert QUATRE.max_turns_after_stock == 200


def test_qua_17_turns_are_counted_from_the_first_turn_without_stock() -> None:
    # QUA-17: the draw of the last stock card does not count; every later turn does
    state = position(2, table="7o", holdings=["1o 2o 3o 4o 5o 6o", ""], stock="12b", rest=1)
    state = state.apply("draw")
    assert state.stock == () and state.turns_after_stock == 0 and state.to_play == 1
    state = play(state, "7c>7o", "give 1o")  # a cau turn
    assert state.turns_after_stock == 1 and state.phase == "lay" and state.to_play == 0
    state = play(state, "lay 2o", "lay 3o", "lay 4o", "lay 5o")  # a lay is a turn
    assert state.turns_after_stock == 2 and state.phase == "turn" and state.to_play == 1


# -- QUA-13: what each seat sees --------------------------------------------------------

def test_qua_13_gifts_are_seen_by_giver_and_receiver_only_draws_by_the_drawer() -> None:
    # QUA-13
    state = position(3, table="5c 1c 12e 11e", holdings=["6o 6c 6e 6b", "5o 7o 7c 7e", "5e 10o 10c 10e 3c"],
                     stock="2o 2c 2e 2b", to_play=1)
    state = play(state, "5o>5c", "add 5e", "give 6o", "give 6c")
    giver, third, receiver = (state.observe(seat) for seat in (0, 1, 2))
    assert Gave(0, 2, Card.parse("6c")) in giver.events and Gave(0, 2, Card.parse("6c")) in receiver.events
    assert Gave(0, 2, None) in third.events
    assert Refilled(0, 2, None) in third.events and Refilled(0, 2, cards("2c 2e")) in giver.events
    # chain cards taken into a holding are known to all; the gifts only to the giver
    assert third.known[2] == cards("5c 5o 5e")
    assert giver.known[2] == cards("5c 5o 5e 6o 6c")
    assert Card.parse("6o") not in third.visible_cards() and Card.parse("6o") in state.hidden_from(1)
    assert not any(card in third.visible_cards() for card in state.stock)
    drawn = position(2, table="7o 10e 11e 12e", holdings=["1o 2o 3o 4o", "1c 2c 3c 4c"], stock="7c").apply("draw")
    assert drawn.observe(1).events == (Drew(0, None),) and drawn.observe(0).events == (Drew(0, Card.parse("7c")),)
    assert drawn.observe(1).holding == cards("1c 2c 3c 4c") and drawn.observe(1).stock_size == len(drawn.stock)


# -- QUA-15: a gift stays secret from third players ---------------------------------------

def _gift_position(players: int) -> QuatreState:
    """Seat 1 holds 6c 6o (taken from a chain: known to all) and 7b (a gift from seat 2:
    known to seat 2) and owes seat 0 one card."""
    holdings = ["2o 3o", "6c 6o 7b 10b", "4o 4c", "11e 12e"][:players]
    return position(
        players, table="1c", holdings=holdings, rest=0, known=["", "6c 6o", "", ""][:players],
        private=[(2, 1, "7b")], phase="gift", gift=PendingGift(1, 0, 1, 1), to_play=1, starter=0,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_qua_15_a_third_seat_cannot_tell_which_card_was_given(players: int) -> None:
    # QUA-15 (D-FOUR-3): positions that differ only in the card given look the same to
    # every seat that did not see the gift: views, observation tensors, information states
    from cau_rules.ai.infostate import InfoState

    before = _gift_position(players)
    assert before.observe(2).known[1] == cards("6c 6o 7b")
    afters = {str(move): before.apply(move) for move in before.legal_moves()}
    assert sorted(afters) == ["give 10b", "give 6c", "give 6o", "give 7b"]
    for seat in range(2, players):
        views = [after.observe(seat) for after in afters.values()]
        assert all(view == views[0] for view in views) and views[0].known[1] == ()
        assert len({json.dumps(view.to_dict(), sort_keys=True) for view in views}) == 1
        keys = {InfoState.start(before, seat).update(after).key() for after in afters.values()}
        assert len(keys) == 1
    # the receiver saw the card go, so it still knows the rest of what was known to all
    assert afters["give 6c"].observe(0).known[1] == cards("6o")
    assert afters["give 10b"].observe(0).known[1] == cards("6c 6o")
    # the giver's own view is its holding; seat 2's earlier gift is forgotten by seat 2
    assert afters["give 6o"].private == ((0, 1, Card.parse("6c")), (1, 0, Card.parse("6o")))


@pytest.mark.parametrize("players", [3, 4])
def test_qua_15_observation_tensors_are_the_same_for_third_seats(players: int) -> None:
    # QUA-15 (D-FOUR-3): the adapters' vectors read only the view
    np = pytest.importorskip("numpy")
    from cau_rules.adapters.features import features_for

    before = _gift_position(players)
    features = features_for(QUATRE, players)
    for seat in range(2, players):
        vectors = []
        for move in before.legal_moves():
            out = np.zeros(features.size, np.float32)
            features.encode(before.apply(move).observe(seat), out)
            vectors.append(out)
        assert all(np.array_equal(vectors[0], vector) for vector in vectors[1:])


def test_qua_15_chain_cards_taken_later_are_known_to_all_again() -> None:
    # QUA-15: forgetting covers the cards held at the gift; a new chain is known to all,
    # and what the receiver of the earlier gift remembers stays with it
    state = position(3, table="5c 1c", holdings=["2o 3o", "5o 6c 7b", "4o 4c"], rest=0, private=[(0, 1, "6c")],
                     to_play=1)
    state = state.apply("5o>5c")  # seat 2 holds no 5: seat 1 takes 5c 5o, seat 2 gives
    assert state.known[1] == cards("5c 5o")
    assert state.observe(2).known[1] == cards("5c 5o")
    assert state.observe(0).known[1] == cards("6c 5c 5o")


# -- notation, positions, JSON ----------------------------------------------------------

@pytest.mark.parametrize("text,move", [
    ("5o>5c", Play(Card.parse("5o"), Card.parse("5c"))),
    ("add 5e", Add(Card.parse("5e"))),
    ("give 7e", Give(Card.parse("7e"))),
    ("draw", Draw()),
    ("pass", Pass()),
    ("lay 5o", Lay(Card.parse("5o"))),
])
def test_move_text_round_trip(text: str, move: Any) -> None:
    assert parse_move(text) == move and format_move(move) == text and str(move) == text
    assert parse_move(f"  {text.upper()} ") == move


@pytest.mark.parametrize("text", ["", "5o", "5o>", ">5c", "add", "give", "add 13o", "draw 1", "5o>5c>5e",
                                  "give 5o 5c", "play 5o", "lay", "lay 13o", "lay 5o 5c"])
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_move(text)


def test_positions_are_validated() -> None:
    deck = SPANISH_40.cards
    with pytest.raises(InvalidPositionError, match="placed twice"):
        QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5c", "1o"])
    with pytest.raises(InvalidPositionError, match="not in the spanish-40 deck"):
        QuatreState.from_position(QUATRE, 2, table="8c", holdings=["5c", "1o"])
    with pytest.raises(InvalidPositionError, match="missing"):
        QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o", "1o"], stock="")
    with pytest.raises(InvalidPositionError, match="to_play"):
        QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o", "1o"], to_play=3)
    with pytest.raises(InvalidPositionError, match="2 holdings"):
        QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o"])
    with pytest.raises(InvalidPositionError, match="would be out"):
        QuatreState.from_position(QUATRE, 2, table="", holdings=[(), deck], stock="")
    with pytest.raises(InvalidPositionError, match="holds no card of rank 5"):
        QuatreState.from_position(QUATRE, 2, table="", holdings=["1o", "2o"], phase="chain",
                                  chain=QuatreChain(Card.parse("5c"), ((0, Card.parse("5o")),)), to_play=1)
    with pytest.raises(InvalidPositionError, match="known cards"):
        QuatreState.from_position(QUATRE, 2, table="", holdings=["1o", "2o"], known=["2o", ""])


def test_lay_positions_are_validated() -> None:
    # QUA-16, QUA-17: positions a game cannot reach are refused
    deck = [card for card in SPANISH_40.cards if card.rank != 7]
    hold = [deck[:18], deck[18:]]

    def make(**kw: Any) -> QuatreState:
        options: dict[str, Any] = {"table": "7o 7c 7e 7b", "holdings": hold, "stock": ""}
        options.update(kw)
        return QuatreState.from_position(QUATRE, 2, **options)

    assert make(phase="lay", lay=PendingLay(4, None)).legal_moves()[0] == Lay(deck[0])
    bad: list[tuple[dict[str, Any], str]] = [
        ({"table": "", "holdings": [[*deck[:18], *cards("7o 7c 7e 7b")], deck[18:]]}, "player to move would lay"),
        ({"phase": "lay"}, "exactly in the 'lay' phase"),
        ({"lay": PendingLay(4, None)}, "exactly in the 'lay' phase"),
        ({"phase": "lay", "lay": PendingLay(3, None)}, "starts with 4 cards"),
        ({"phase": "lay", "lay": PendingLay(2, Card.parse("7o"))}, "last card of the centre"),
        ({"phase": "lay", "lay": PendingLay(4, Card.parse("7b"))}, "at most 4 cards"),
        ({"phase": "lay", "lay": PendingLay(3, Card.parse("7b")), "holdings": [deck[:2], deck[2:]]},
         "too few cards"),
        ({"phase": "lay", "lay": PendingLay(4, None), "passes": 1}, "count of passes"),
        ({"turns_after_stock": 200}, "cannot be reached"),
        ({"turns_after_stock": -1}, "turns_after_stock"),
        ({"phase": "over", "termination": Termination.SAFETY_BOUND, "turns_after_stock": 199}, "after 200 turns"),
        ({"phase": "over", "termination": Termination.LAST_HOLDER, "holdings": [[*deck], ()]}, "no card elsewhere"),
    ]
    for options, message in bad:
        with pytest.raises(InvalidPositionError, match=message):
            make(**options)
    with pytest.raises(InvalidPositionError, match="stock is not empty"):
        QuatreState.from_position(QUATRE, 2, table="7o", holdings=["1o", "2o"], turns_after_stock=1)
    with pytest.raises(InvalidPositionError, match="only once the stock is empty"):
        QuatreState.from_position(QUATRE, 2, table="7o", holdings=["1o", "2o"], phase="lay",
                                  lay=PendingLay(1, None))


def _tamper(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data))
    out.update(changes)
    return out


def test_json_loader_refuses_tampered_data() -> None:
    # malformed data (wrong schema, family, JSON types, keys, card codes) is an
    # InvalidNotationError; a well-formed position no game can reach an InvalidPositionError
    state = new_game(QUATRE, 3, seed=4)
    data = state.to_dict()
    assert load(json.loads(json.dumps(data))) == state
    holdings = data["holdings"]
    position = InvalidPositionError
    notation = InvalidNotationError
    bad: list[tuple[Any, type[Exception]]] = [
        (_tamper(data, holdings=[holdings[0], holdings[0], holdings[2]]), position),  # duplicates, missing
        (_tamper(data, table=data["table"] + " 9o"), position),  # foreign card
        (_tamper(data, stock=data["stock"].rsplit(" ", 1)[0]), position),  # a missing card
        (_tamper(data, to_play=7), position),
        (_tamper(data, to_play="0"), notation),
        (_tamper(data, to_play=True), notation),
        (_tamper(data, phase="bidding"), notation),
        (_tamper(data, out=[1]), position),
        (_tamper(data, passes=1), position),
        (_tamper(data, schema=1), notation),
        (_tamper(data, schema=2), notation),
        (_tamper(data, family="fishing"), notation),
        (_tamper(data, rules={"name": "cau-quatre", "colour": "red"}), InvalidRulesError),
        (_tamper(data, players=5), InvalidRulesError),
        (_tamper(data, holdings="1o"), notation),
        (_tamper(data, holdings=["1o", 2, "3o"]), notation),
        (_tamper(data, table="13o"), notation),
        (_tamper(data, private=[[0, 0, "1o"]]), position),
        (_tamper(data, private=[[0, 1, "6o"], [2, 1, "6o"]]), position),  # two records of one card
        (_tamper(data, private=[[0, 1, "7b"]]), position),  # not in the holder's holding
        (_tamper(data, private=[[0, 1]]), notation),
        (_tamper(data, private=[[0, 1, "6o"]], known=["", "6o", ""]), position),  # known to all and privately
        (_tamper(data, turns_after_stock=3), position),
        (_tamper(data, termination="last player holding cards"), notation),  # schema 2's text
        (_tamper(data, termination="MOST_CARDS", phase="over"), position),  # another family's ending
        (_tamper(data, lay={"owed": 4}), notation),
        (_tamper(data, lay={"owed": 4, "after": "13o"}), notation),
        (_tamper(data, chain={"target": "1o"}), notation),
        ([data], notation),
    ]
    del bad[-2][0]["chain"]["target"]
    for entry, error in bad:
        with pytest.raises(error) as caught:
            load(entry)
        if error is position:
            assert not isinstance(caught.value, InvalidNotationError)
    missing = dict(data)
    del missing["holdings"]
    with pytest.raises(InvalidNotationError, match="no 'holdings'"):
        load(missing)
    with pytest.raises(InvalidNotationError, match="schema 2; this version reads schema 3"):
        load(_tamper(data, schema=2))


def test_apply_checks_the_seat_and_refuses_foreign_objects() -> None:
    # issue 12: a wrong Python type is a TypeError naming the parameter
    state = new_game(QUATRE, 2, seed=5)
    with pytest.raises(IllegalMoveError, match="seat 0's turn"):
        state.apply("draw", seat=1)
    with pytest.raises(TypeError, match="seat"):
        state.apply("draw", seat="0")  # type: ignore[arg-type]
    for junk in (None, 3, 3.5, object(), b"draw", ("draw",)):
        with pytest.raises(TypeError, match="move"):  # a MoveTypeError, also an IllegalMoveError
            state.apply(junk)  # type: ignore[arg-type]
        assert not state.is_legal(junk)  # type: ignore[arg-type]
    assert state.is_legal("draw") and not state.is_legal("nonsense")


def test_rules_options_round_trip() -> None:
    rules = QUATRE.replace(deck="spanish-48", max_players=3)
    assert QuatreRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(InvalidRulesError):
        QUATRE.replace(colour="red")
    with pytest.raises(InvalidRulesError):
        QUATRE.replace(deck="tarot")
    state = new_game(rules, 3, seed=2)
    assert load(state.to_dict()) == state


# -- properties -------------------------------------------------------------------------


def named_cards(value: Any) -> Iterator[Card]:
    """Every Card inside *value* (attrs records, containers)."""
    if isinstance(value, Card):
        yield value
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from named_cards(getattr(value, field.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from named_cards(key)
            yield from named_cards(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from named_cards(item)


def near_misses(state: QuatreState) -> list[Any]:
    """Moves and texts that look plausible but may not be legal here."""
    out: list[Any] = [Draw(), Pass(), "draw", "pass", "", "add", "5o>"]
    holding = state.holdings[state.to_play]
    others = [card for seat, h in enumerate(state.holdings) if seat != state.to_play for card in h]
    for card in (*holding[:3], *holding[-2:], *others[:2], *state.stock[:1], *state.table[:2]):
        out += [Add(card), Give(card), Lay(card), f"add {card}", f"give {card}", f"lay {card}"]
        for target in (*state.table, *state.stock[:1], *holding[:1]):
            out.append(Play(card, target))
    return out


def check_move(state: QuatreState, move: Any) -> QuatreState:
    """Apply *move*, checking the input state is unchanged and the rest of the invariants."""
    before = (state.to_dict(), state.events, state.legal_moves(), state.move_bound())
    after = state.apply(move)
    assert (state.to_dict(), state.events, state.legal_moves(), state.move_bound()) == before
    assert all_cards(after) == sorted(SPANISH_40.cards)
    assert after.move_bound() < state.move_bound()
    return after


def check_state(state: QuatreState) -> None:
    assert all_cards(state) == sorted(state.rules.deck.cards)
    legal = state.legal_moves()
    assert list(legal) == sorted(legal, key=lambda m: m.sort_key()) and len(set(legal)) == len(legal)
    if state.is_over:
        assert legal == () and state.outcome() is not None
    else:
        assert legal and state.outcome() is None and state.to_play not in state.out
    # every generated move applies, and reads back from its text
    for move in legal:
        assert parse_move(str(move)) == move
        check_move(state, move)
    # a reachable state reports no problem and reads back from its notation
    assert state.status() == ()
    assert QuatreState.from_notation(state.rules, state.to_notation()) == state
    # moves that are not generated are refused and change nothing
    snapshot = state.to_dict()
    for junk in (None, 7, 3.5):
        with pytest.raises(IllegalMoveError, match="game is over" if state.is_over else "move must be"):
            state.apply(junk)  # type: ignore[arg-type]
    for candidate in near_misses(state):
        if state.is_legal(candidate):
            continue
        with pytest.raises(IllegalMoveError):
            state.apply(candidate)
        assert state.to_dict() == snapshot
    # JSON round trip
    data = json.loads(json.dumps(state.to_dict()))
    assert load(data) == state and load(data).to_dict() == data
    # no view names a card its seat may not know, nor the stock
    for seat in range(state.players):
        view = state.observe(seat)
        hidden = state.hidden_from(seat)
        assert not set(named_cards(view)) & hidden
        assert not view.visible_cards() & hidden
        assert set(state.stock) <= hidden
        assert view.holding == state.holdings[seat] and view.stock_size == len(state.stock)
        assert view.legal_moves == (legal if seat == state.to_play and not state.is_over else ())
        json.dumps(view.to_dict())


LONGEST: list[int] = [0]


def random_game(players: int, seed: int, chooser: int) -> list[QuatreState]:
    state = new_game(QUATRE, players, seed=seed)
    bound = state.move_bound()
    rnd = random.Random(f"{chooser}:choose")
    states = [state]
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rnd.randrange(len(legal))])
        states.append(state)
        assert len(states) - 1 <= bound
    LONGEST[0] = max(LONGEST[0], len(states) - 1)
    return states


@settings(max_examples=30)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_property_every_move_keeps_the_invariants(players: int, seed: int, chooser: int) -> None:
    for state in random_game(players, seed, chooser):
        check_state(state)


@settings(max_examples=60)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_property_every_random_game_ends_and_the_same_seed_gives_the_same_game(
    players: int, seed: int, chooser: int
) -> None:
    # QUA-14: every game ends within its move bound; QUA-2: the same seed deals the same game
    first = random_game(players, seed, chooser)
    second = random_game(players, seed, chooser)
    assert first[-1].is_over and first[-1].outcome() is not None
    assert [s.to_dict() for s in first] == [s.to_dict() for s in second]
    assert [s.events for s in first] == [s.events for s in second]


def test_game_length_over_many_seeds() -> None:
    """Every game of 300 seeded random games per player count ends within its bound."""
    # QUA-14
    longest = {}
    for players in (2, 3, 4):
        longest[players] = max(len(random_game(players, seed, seed)) - 1 for seed in range(300))
    bound = new_game(QUATRE, 2).move_bound()
    assert all(0 < length < bound for length in longest.values())
    print(f"longest cau-quatre game (moves) by player count: {longest}")
