"""Scenario tests for the Valencian team game (seeds/000-cau-recau-sant-vicent.md, VAL-…)."""

from __future__ import annotations

from typing import Any

import pytest

from cau_rules import IllegalMoveError, InvalidNotationError, InvalidPositionError, get_rules, new_game
from cau_rules.fishing import (
    CAU_RECAU_SANT_VICENT as VAL,
)
from cau_rules.fishing import (
    GAME,
    JOC,
    Accept,
    Bid,
    Call,
    FishingRules,
    FishingState,
    Refuse,
    Scored,
    Showdown,
    Stake,
    Tally,
    parse_move,
)
from cau_rules.fishing.events import Called, PartidaWon, StakeOpened, TableReplaced
from cau_rules.outcome import Termination
from tests.scenario import cards, deck_with, position


def scored(state: FishingState) -> list[tuple[int, int, str]]:  # (team, stones, reason) per Scored event
    return [(e.team, e.stones, e.reason) for e in state.events if isinstance(e, Scored)]


def val_position(tally: Tally | None = None, rules: FishingRules = VAL, **zones: Any) -> FishingState:
    return position(rules, 4, tally=tally or Tally(), **zones)


# -- VAL-1: two teams of partners sitting opposite ----------------------------------------

def test_val_1_partners_sit_opposite_and_share_the_score() -> None:
    state = new_game("bac-rebac-sant-vicent", players=4, seed=3)
    assert state.rules is VAL
    assert [state.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    with pytest.raises(Exception, match="played by 4 to 4 players, not 2"):
        new_game(VAL, players=2)


# -- VAL-2 and VAL-15: four table cards, three cards each dealt one at a time -------------

def test_val_2_four_table_cards_then_three_each_one_at_a_time() -> None:
    deck = deck_with(VAL, "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o 1c 2c 3c 4c 5c 6c")
    state = new_game(VAL, players=4, decks=[deck])
    assert state.table == cards("1o 2o 3o 4o")
    assert state.holdings == (cards("5o 11o 3c"), cards("6o 12o 4c"), cards("7o 1c 5c"), cards("10o 2c 6c"))
    assert len(state.stock) == 24


def test_val_15_next_round_three_each_one_at_a_time_opener_continues() -> None:
    state = val_position(table="1o 2o", holdings=["5o", "6o", "7o", "10o"],
                         stock="3c 4c 5c 6c 7c 10c 11c 12c 1e 2e 3e 4e", to_play=1, opener=1)
    state = state.apply("6o").apply("7o").apply("10o").apply("5o")
    assert state.round == 1 and state.to_play == 1            # the seat after the last player
    assert state.holdings == (cards("3c 7c 1e"), cards("4c 10c 2e"), cards("5c 11c 3e"), cards("6c 12c 4e"))


# -- VAL-3, VAL-4, VAL-5: pixat and bon fer -----------------------------------------------

def test_val_3_val_5_pixat_once_even_when_the_replacement_repeats_again() -> None:
    deck = deck_with(VAL, "1o 1c 1e 2o 3o 4o")
    state = new_game(VAL, players=4, decks=[deck])
    assert state.table == cards("1o 2o 3o 4o")
    assert [e.card for e in state.events if isinstance(e, TableReplaced)] == list(cards("1c 1e"))
    # the dealer is seat 3 (team 1): the other team scores one stone, once
    assert scored(state) == [(0, 1, "pixat")]


def test_val_4_bon_fer_scores_for_the_dealers_team() -> None:
    state = new_game(VAL, players=4, decks=[deck_with(VAL, "1o 2o 3o 4o")])
    assert scored(state)[0] == (1, 1, "bon fer")
    assert state.stones == (0, 1)


# -- VAL-6: ronda 1 stone, rondí 2 stones, automatic -------------------------------------

def test_val_6_uncontested_rondas_score_per_holder() -> None:
    # seat 0: 5o 5c 6o? dealt one at a time: seat 0 gets cards 4, 8, 12 of the deck
    deck = deck_with(VAL, "1o 2o 3o 4o  5o 6o 7o 10o  5c 1e 7c 12o  1c 2c 11o 3c")
    state = new_game(VAL, players=4, decks=[deck])
    assert state.holdings[0] == cards("5o 5c 1c") and state.holdings[2] == cards("7o 7c 11o")
    assert [e for e in state.events if isinstance(e, Called)] == [Called(0, Call.RONDA), Called(2, Call.RONDA)]
    assert scored(state) == [(1, 1, "bon fer"), (0, 1, "ronda"), (0, 1, "ronda")]

    deck = deck_with(VAL, "1o 2o 3o 4o  5o 6o 7o 10o  5c 1e 12c 11b  5e 2c 11o 3c")
    state = new_game(VAL, players=4, decks=[deck])
    assert scored(state) == [(1, 1, "bon fer"), (0, 2, "rondi")]


# -- VAL-7: both teams hold one: the stake --------------------------------------------------

CONTESTED = "1o 2o 3o 4o  5o 6o 7o 10o  5c 6c 11o 12o  1c 6e 2c 3c"  # seat 0 ronda of 5, seat 1 rondí of 6


def contested(tally: Tally | None = None) -> FishingState:
    return new_game(VAL, players=4, decks=[deck_with(VAL, CONTESTED)])


def test_val_7_contested_rondas_open_a_stake_instead_of_stones() -> None:
    state = contested()
    assert StakeOpened((0, 1)) in state.events
    assert scored(state) == [(1, 1, "bon fer")]
    assert state.phase == "bid" and state.to_play == 0
    moves = state.legal_moves()
    assert moves[0] == Bid(2) and moves[-1] == Bid(GAME) and len(moves) == 39  # 2 .. 39, game
    with pytest.raises(IllegalMoveError, match="from 2 to 39"):
        state.apply("bid 1")
    with pytest.raises(IllegalMoveError, match="no bid to answer yet"):
        state.apply("accept")
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 1's"):
        state.apply("bid 3", seat=1)


def test_val_7_opening_bid_refused_scores_the_automatic_value() -> None:
    state = contested().apply("bid 4").apply("refuse")
    assert scored(state) == [(0, 1, "stake")]
    assert state.phase == "play" and state.to_play == 0 and state.stones == (1, 1)


def test_val_7_raise_refused_scores_the_bid_it_raised() -> None:
    state = contested().apply("bid 4")
    assert [str(m) for m in state.legal_moves()][:2] == ["bid 5", "bid 6"]
    assert state.legal_moves()[-2:] == (Accept(), Refuse())
    state = state.apply("bid 7")
    with pytest.raises(IllegalMoveError, match="from 8 to 39"):
        state.apply("bid 7")
    state = state.apply("refuse")
    assert scored(state) == [(1, 4, "stake")]


def test_val_7_accepted_stake_goes_to_the_best_holding() -> None:
    state = contested().apply("bid 4").apply("accept")
    showdown = next(e for e in state.events if isinstance(e, Showdown))
    assert showdown.winner == 1                      # a rondí beats a ronda
    assert showdown.shown == ((0, cards("5o 5c 1c")), (1, cards("6o 6c 6e")))
    assert scored(state) == [(1, 4, "stake")]


def test_val_7_game_accepted_ends_the_partida() -> None:
    state = contested().apply("bid game")
    assert state.legal_moves() == (Accept(), Refuse())
    over = state.apply("accept")
    assert over.is_over and PartidaWon(1, (0, 1)) in over.events
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1, 3) and outcome.termination is Termination.STAKE_WON


def test_val_7_near_the_target_only_game_can_be_bid() -> None:
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1))
    state = val_position(Tally((39, 10), (0, 0)), holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"],
                         table="1e 2e 3e 4e", phase="bid", stake=stake)
    assert state.legal_moves() == (Bid(GAME),)
    with pytest.raises(IllegalMoveError, match="only 'bid game'"):
        state.apply("bid 2")


def test_val_7_rondi_beats_ronda_then_rank_then_eldest() -> None:
    stake = Stake(((1, Call.RONDA), (2, Call.RONDA)), (1, 2), (3,))
    state = val_position(holdings=["4b 10b 11b", "6o 6c 2c", "6e 6b 3c", "7o 12b 1b"], table="1e 2e 3e 4e",
                         phase="bid", stake=stake, to_play=2)
    after = state.apply("accept")
    assert next(e for e in after.events if isinstance(e, Showdown)).winner == 1  # equal: nearer the eldest
    assert scored(after) == [(1, 3, "stake")]


# -- VAL-8 and VAL-10: a player who can pair must; otherwise any card ----------------------

def test_val_8_val_10_must_capture_when_able() -> None:
    state = val_position(table="5o 10e", holdings=["5c 1b 2b", "6o 3b 11b", "7o 4b 12b", "10o 3e 11e"])
    assert [str(m) for m in state.legal_moves()] == ["5c"]
    free = val_position(table="5o", holdings=["4c 1b 2b", "6o 3b 11b", "7o 4b 12b", "10o 3e 11e"])
    assert [str(m) for m in free.legal_moves()] == ["4c", "1b", "2b"]


# -- VAL-9: runs are always taken whole, up to the Rei -------------------------------------

def test_val_9_run_taken_whole_up_to_the_rei() -> None:
    state = val_position(table="7o 10o 11o 12o 1o", holdings=["7c", "6o", "2o", "3o"])
    assert [str(m) for m in state.legal_moves()] == ["7c+3"]
    after = state.apply("7c+3")
    assert after.piles[0] == cards("12o 11o 10o 7o 7c") and after.table == cards("1o")


# -- VAL-11, VAL-12: cau 1, recau 2, Sant Vicent 3 (final call only) ------------------------

def test_val_11_cau_scores_one_stone_for_the_callers_team() -> None:
    state = val_position(table="2e", holdings=["5o 1b", "5c 1c", "10b", "4e"])
    state = state.apply("5o").apply("5c")
    assert state.chain is not None and state.stones == (0, 0)
    state = state.apply("10b")
    assert scored(state) == [(1, 1, "cau")]
    assert state.piles[1] == cards("5o 5c")


def test_val_12_recau_scores_two_and_only_the_final_call_counts() -> None:
    state = val_position(table="2e", holdings=["5o 1b", "5c 1c", "5e 10b", "4e"])
    state = state.apply("5o").apply("5c").apply("5e").apply("4e")
    assert scored(state) == [(0, 2, "recau")]


def test_val_12_sant_vicent_scores_three_and_completes_at_once() -> None:
    state = val_position(table="2e", holdings=["5o 1b", "5c 1c", "5e 10b", "5b 4e"])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    assert state.chain is None and scored(state) == [(1, 3, "sant-vicent")]
    assert state.piles[3] == cards("5o 5c 5e 5b")


def test_val_12_cumulative_scores_every_call_as_made() -> None:
    rules = VAL.replace(chain_scoring="cumulative")
    state = val_position(rules=rules, table="2e", holdings=["5o 1b", "5c 1c", "5e 10b", "5b 4e"])
    state = state.apply("5o").apply("5c")
    assert scored(state) == [(1, 1, "cau")]
    state = state.apply("5e")
    assert scored(state) == [(0, 2, "recau")]
    state = state.apply("5b")
    assert scored(state) == [(1, 3, "sant-vicent")] and state.stones == (2, 4)


def test_val_12_the_fourth_card_is_sant_vicent_in_every_event_and_message() -> None:
    """VAL-12 (and R40-18, ROB-15 for contracau): a level's name comes from the rules."""
    state = val_position(table="2e", holdings=["5o 1b", "5c 1c", "5e 10b", "5b 4e"])
    state = state.apply("5o").apply("5c").apply("5e").apply("5b")
    assert [str(event) for event in state.events] == [
        "seat 3 plays 5b: sant-vicent",
        "seat 3 captures with 5b: 5o 5c 5e 5b",
        "seat 3 calls sant-vicent",
        "team 1 scores 3 for sant-vicent (3)",
    ]
    assert [call.value for call in VAL.chain_calls] == ["cau", "recau", "sant-vicent"]
    assert [call.value for call in get_rules("cau-robat-40").chain_calls] == ["cau", "recau", "contracau"]
    assert get_rules("cau-robat", max_chain=4).chain_call(4) is Call.CONTRACAU
    assert [call.value for call in get_rules("cau").chain_calls] == ["cau", "recau"]
    with pytest.raises(ValueError, match="2 to 3 cards, not 4"):
        get_rules("cau").chain_call(4)


@pytest.mark.parametrize("scoring", ["final", "cumulative"])
def test_val_12_val_14_one_event_order_capture_call_stones_then_neta(scoring: str) -> None:
    """VAL-12, VAL-14: a completed chain's events come as capture, call, stones (then a
    neta's call and stone) under either chain_scoring; only a pending call under
    "cumulative" scores before its capture, because it has none yet."""
    rules = VAL.replace(chain_scoring=scoring)
    state = val_position(rules=rules, table="6o", holdings=["5o 1b", "5c 1c", "5e 10b", "5b 4e"])
    state = state.apply("5o").apply("5c+1").apply("5e+1")
    pending = [str(event) for event in state.events]
    assert pending[0] == "seat 2 plays 5e: recau, claiming 6o"
    assert pending[1:] == (["seat 2 calls recau", "team 0 scores 2 for recau (2)"] if scoring == "cumulative" else [])
    state = state.apply("5b+1")
    total = 4 if scoring == "final" else 5     # cumulative: the cau scored 1 for team 1 before
    assert [str(event) for event in state.events] == [
        "seat 3 plays 5b: sant-vicent, claiming 6o",
        "seat 3 captures with 5b: 6o 5o 5c 5e 5b",
        "seat 3 calls sant-vicent",
        f"team 1 scores 3 for sant-vicent ({total - 1})",
        "seat 3 calls neta",
        f"team 1 scores 1 for neta ({total})",
    ]


# -- VAL-13: the first team to 41 wins at once --------------------------------------------------

def test_val_13_reaching_41_mid_hand_ends_the_game_at_once() -> None:
    state = val_position(Tally((12, 40), (0, 0)), table="2e",
                         holdings=["5o 1b", "5c 1c", "10b 3e", "4e 3b"])
    state = state.apply("5o").apply("5c").apply("10b")
    assert state.is_over and scored(state) == [(1, 1, "cau")]
    assert state.holdings[2] == cards("10b 3e")     # the card after the completion never lands
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1, 3)
    assert outcome.scores == (12, 41, 12, 41)


# -- VAL-14: neta 1 stone -------------------------------------------------------------------------

def test_val_14_neta_scores_one_stone() -> None:
    state = val_position(table="5o 6o", holdings=["5c 1b", "2c", "3c", "4c"])
    state = state.apply("5c+1")
    assert scored(state) == [(0, 1, "neta")] and state.table == ()


# -- VAL-16: a joc of several partides; card surplus (library options) -----------------------------

def test_val_16_joc_of_two_partides_resets_the_stones() -> None:
    rules = VAL.replace(partides_to_win=2)
    state = val_position(Tally((40, 3), (0, 0)), rules=rules, table="5o 6o", holdings=["5c 1b", "2c", "3c", "4c"])
    state = state.apply("5c+1")
    assert not state.is_over and state.tally is not None and state.tally.partides == (1, 0)
    assert state.hand == 1 and state.stones in ((0, 1), (1, 0))   # pixat / bon fer of the new hand
    assert PartidaWon(0, (1, 0)) in state.events


# -- VAL-17: a stake on the whole joc when several partides are played ------------------------------

JOC2 = VAL.replace(partides_to_win=2)


def contested_joc() -> FishingState:
    return new_game(JOC2, players=4, decks=[deck_with(VAL, CONTESTED)])


def test_val_17_a_joc_bid_is_open_only_with_several_partides() -> None:
    """VAL-17, VAL-7: bids rank number < game < joc; `bid joc` is the last move."""
    moves = contested_joc().legal_moves()
    assert moves[0] == Bid(2) and moves[-2:] == (Bid(GAME), Bid(JOC)) and len(moves) == 40
    assert [str(m) for m in moves[-2:]] == ["bid game", "bid joc"]
    assert Bid(JOC) not in contested().legal_moves()


def test_val_17_bid_joc_with_one_partida_is_refused_with_the_legal_moves() -> None:
    """VAL-17: with partides_to_win=1 there is no joc to stake."""
    state = contested()
    with pytest.raises(IllegalMoveError, match=r"illegal move bid joc: a bid of joc needs a joc of several "
                       r"partides \(partides_to_win > 1\).*; legal moves: bid 2, bid 3, .*bid 39, bid game$"):
        state.apply("bid joc")
    assert not state.is_legal("bid joc") and state.phase == "bid"


def test_val_17_accepted_joc_the_showdown_winner_wins_the_whole_joc() -> None:
    """VAL-17: an accepted joc ends the game: the best holding's team wins the joc."""
    state = contested_joc().apply("bid joc")
    assert state.legal_moves() == (Accept(), Refuse())
    with pytest.raises(IllegalMoveError, match="the joc has been bid: it can only be accepted or refused"):
        state.apply("bid game")
    over = state.apply("accept")
    assert [str(e) for e in over.events][-3:] == [
        "showdown (seat 0: 5o 5c 1c; seat 1: 6o 6c 6e): seat 1 holds the best",
        "team 1 wins the partida and the joc (0-2)",
        "game over: seats 1 and 3 win by winning the stake; scores: seat 0: 0, seat 1: 2, seat 2: 0, seat 3: 2",
    ]
    assert over.is_over and PartidaWon(1, (0, 2), joc=True) in over.events
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1, 3) and outcome.scores == (0.0, 2.0, 0.0, 2.0)


def test_val_17_a_team_behind_on_partides_wins_the_joc_with_its_stake() -> None:
    """VAL-17: the joc goes to the showdown winner even when the other team leads."""
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), (JOC,))
    state = val_position(Tally((12, 30), (0, 1)), rules=JOC2, holdings=["12o 12c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"],
                         table="1e 2e 3e 4e", phase="bid", stake=stake, to_play=1)
    over = state.apply("accept")
    assert over.is_over and over.tally is not None and over.tally.partides == (2, 1)
    assert (outcome := over.outcome()) is not None and outcome.winners == (0, 2)


def test_val_17_game_raised_to_joc_refused_wins_the_raiser_the_partida() -> None:
    """VAL-17: a raise may go from game to joc; refusing it gives the raiser the partida."""
    state = contested_joc().apply("bid game")
    assert state.legal_moves() == (Bid(JOC), Accept(), Refuse())
    with pytest.raises(IllegalMoveError, match="raise it to 'bid joc', or accept or refuse it"):
        state.apply("bid 5")
    state = state.apply("bid joc")                  # seat 1 raises the game to the joc
    after = state.apply("refuse")
    assert PartidaWon(1, (0, 1)) in after.events and not after.is_over
    assert after.tally is not None and after.tally.partides == (0, 1)
    assert after.hand == 1 and after.phase != "over"     # the next partida starts


def test_val_17_a_number_raised_to_joc_refused_scores_the_number() -> None:
    """VAL-17, VAL-7: the raiser's team scores the bid it raised."""
    state = contested_joc().apply("bid 6").apply("bid joc").apply("refuse")
    assert scored(state) == [(1, 6, "stake")] and state.tally is not None and state.tally.partides == (0, 0)


def test_val_17_joc_near_the_target_game_and_joc_are_left() -> None:
    """VAL-17: when no number fits, the game and the joc are the bids left."""
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1))
    state = val_position(Tally((39, 10), (1, 0)), rules=JOC2, holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"],
                         table="1e 2e 3e 4e", phase="bid", stake=stake)
    assert state.legal_moves() == (Bid(GAME), Bid(JOC))
    with pytest.raises(IllegalMoveError, match="only 'bid game' or 'bid joc' can raise now"):
        state.apply("bid 2")


def test_val_17_a_joc_stake_round_trips_through_json_and_needs_several_partides() -> None:
    """VAL-17: `bid joc` in text and in the saved stake."""
    state = contested_joc().apply("bid 3").apply("bid joc")
    assert state.stake is not None and state.stake.bids == (3, JOC)
    data = state.to_dict()
    assert data["stake"]["bids"] == [3, "joc"]
    assert FishingState.from_dict(data) == state
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), (JOC,))
    with pytest.raises(InvalidPositionError, match="only when partides_to_win > 1"):
        val_position(holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"], table="1e 2e 3e 4e",
                     phase="bid", stake=stake, to_play=1)
    assert parse_move("bid joc") == Bid(JOC) and str(Bid(JOC)) == "bid joc"
    with pytest.raises(InvalidNotationError, match="'bid 5', 'bid game' or 'bid joc'"):
        parse_move("bid jocs")


def test_val_16_card_surplus_stones() -> None:
    rules = VAL.replace(card_surplus_stones=True)
    many = "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o 1c 2c 3c 4c 5c 6c 7c 10c 11c 12c 1e 2e"  # 22 cards
    state = val_position(rules=rules, table="5e 6e", holdings=["5b", "1b", "2b", "3b"],
                         piles=[many, "", "", ""])
    state = state.apply("5b+1").apply("1b").apply("2b").apply("3b")
    # team 0 ends with 22 + 3 (5e 6e 5b) + leftovers 1b 2b 3b = 28 cards: 8 beyond 20
    reasons = [(team, stones, reason) for team, stones, reason in scored(state) if reason == "surplus"]
    assert reasons == [(0, 8, "surplus")]


def test_val_bad_options() -> None:
    with pytest.raises(Exception, match="needs teams=True"):
        get_rules("cau", rewards="stones")
    with pytest.raises(Exception, match="options of stones scoring"):
        get_rules("cau", chain_scoring="cumulative")
