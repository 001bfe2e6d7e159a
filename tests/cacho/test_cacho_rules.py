"""One scenario per clause of the Cacho rule book (seeds/004-cacho.md, CAC-1 ...)."""

from __future__ import annotations

import contextlib
import random

import pytest

from cau_rules.cacho import (
    CACHO,
    BetPlaced,
    CachoRules,
    CachoState,
    Called,
    Dealt,
    HandStarted,
    HandVoid,
    PotWon,
    Showdown,
    evaluate,
    new_game,
)
from cau_rules.cards import CACHO_24, Card, parse_cards
from cau_rules.errors import IllegalMoveError, InvalidDeckError, InvalidRulesError
from cau_rules.outcome import Termination
from tests.cacho.support import event_names, game, play, stacked_deck

# -- deck, players, seats, dealing -----------------------------------------------------


def test_cac_1_deck_has_24_cards_and_the_ace_is_lowest() -> None:
    """CAC-1: 24 cards, ranks 1 to 6 in four suits; the 1 is the lowest card."""
    state = new_game(CACHO, 3, seed=4)
    cards = list(state.stock) + [card for holding in state.holdings for card in holding]
    assert sorted(cards) == sorted(CACHO_24.cards) and len(cards) == 24
    assert {card.rank for card in cards} == {1, 2, 3, 4, 5, 6}
    assert evaluate("1o 2c 3e").value == 3 and evaluate("1o 2c 3e") < evaluate("2o 3c 4e")
    with pytest.raises(InvalidDeckError, match="not in the cacho-24 deck: 7o"):
        new_game(CACHO, 2, decks=[[*CACHO_24.cards[:-1], Card.parse("7o")]])


def test_cac_2_two_to_eight_players_each_with_a_stack_and_no_ante() -> None:
    """CAC-2: 2 to 8 players, 20 counters each by default, nothing is put in before the bets."""
    for players in (2, 8):
        state = new_game(CACHO, players)
        assert state.stacks == (20,) * players and state.pot == 0
    for players in (1, 9):
        with pytest.raises(InvalidRulesError, match=f"2 to 8 players, not {players}"):
            new_game(CACHO, players)
    assert new_game(CACHO.replace(stack=7), 3).stacks == (7, 7, 7)


def test_cac_3_first_dealer_is_the_last_seat_and_seat_0_is_eldest() -> None:
    """CAC-3: in the first hand the last seat deals, seat 0 is the eldest hand and bets first."""
    state = new_game(CACHO, 5, seed=1)
    assert state.dealer == 4 and state.eldest == 0 and state.to_play == 0
    assert state.eldest_order() == (0, 1, 2, 3, 4)
    assert state.events[0] == HandStarted(hand=0, dealer=4, eldest=0, redeal=0, seats=(0, 1, 2, 3, 4))


def test_cac_4_one_card_each_from_the_top_starting_with_the_eldest() -> None:
    """CAC-4: the first card goes to each player from the top of the deck, eldest first;
    the deal event gives no card."""
    state = game(CACHO, 3, top="6b 5b 4b")
    assert state.holdings == ((Card.B6,), (Card.B5,), (Card.B4,))
    assert state.stock == stacked_deck("6b 5b 4b")[3:]
    dealt = [event for event in state.events if isinstance(event, Dealt)]
    assert dealt == [Dealt(card=1, seats=(0, 1, 2))]
    assert "6b" not in str(dealt[0])


# -- rounds 1 and 2 ----------------------------------------------------------------------


def test_cac_5_round_one_each_may_pass_or_bet_one_counter() -> None:
    """CAC-5: round 1 offers pass or a bet of exactly 1; no other amount and no raise."""
    state = new_game(CACHO, 3, seed=2)
    assert [str(move) for move in state.legal_moves()] == ["pass", "bet 1"]
    assert state.bet_range() == (1, 1) and state.raise_range() is None
    with pytest.raises(IllegalMoveError, match="the bet of round 1 is fixed at 1 counter, not 2"):
        state.apply("bet 2")
    state = state.apply("bet 1")
    assert state.stacks == (19, 20, 20) and state.round_bets == (1, 0, 0)
    assert state.events == (BetPlaced(seat=0, round=1, amount=1),)
    assert [str(move) for move in state.legal_moves()] == ["fold", "call"]


def test_cac_6_a_bet_is_answered_by_every_other_player_even_those_who_passed() -> None:
    """CAC-6: after a bet each other active player, in turn and including those who passed
    before it, calls or folds; then the round ends."""
    state = play(new_game(CACHO, 3, seed=3), "pass, bet 1, call")
    assert state.round == 1 and state.to_play == 0
    assert [str(move) for move in state.legal_moves()] == ["fold", "call"]
    state = state.apply("call")
    assert state.round == 2 and state.contributions == (1, 1, 1) and state.to_play == 0


def test_cac_6_round_two_bet_answered_by_every_active_player() -> None:
    """CAC-6: in round 2 the bet goes round every active player, the one who passed included."""
    state = play(new_game(CACHO, 4, seed=5), "bet 1, call, call, call")
    assert state.round == 2
    state = play(state, "pass, bet 2")
    seen = []
    for move in ("call", "fold", "call"):
        seen.append(state.to_play)
        state = state.apply(move)
    assert seen == [2, 3, 0]
    assert state.round == 3 and state.contributions == (3, 3, 3, 1)
    assert [len(holding) for holding in state.holdings] == [3, 3, 3, 2]


def test_cac_7_a_player_short_of_the_fixed_bet_cannot_bet_and_must_fold() -> None:
    """CAC-7: with fewer counters than the fixed bet a player may only pass, and must fold
    when facing a bet (under either resto option)."""
    for rules in (CACHO.replace(stack=5, max_hands=2), CACHO.replace(resto="side_pots", stack=5, max_hands=2)):
        state = CachoState.from_position(rules, 3, stacks=(5, 1, 6), holdings=("1o 2o", "3c 4c", "5e 6e"),
                                         contributions=(1, 1, 1), hand=1)
        state = state.apply("pass")
        assert state.to_play == 1 and [str(m) for m in state.legal_moves()] == ["pass"]
        with pytest.raises(IllegalMoveError, match="seat 1 has 1 counter and cannot cover the fixed bet"):
            state.apply("bet 2")
        state = play(state, "pass, bet 2, call")
        assert state.to_play == 1 and [str(m) for m in state.legal_moves()] == ["fold"]
        with pytest.raises(IllegalMoveError, match="fixed bet of 2 in round 2: it must fold"):
            state.apply("call")
        state = state.apply("fold")
        assert state.round == 3 and state.folded == (False, True, False)


def test_cac_8_all_pass_in_round_one_voids_the_hand_and_the_dealer_deals_again() -> None:
    """CAC-8: everybody passes in round 1: the hand is void, no counter moves, the same dealer
    redeals, and the void hand counts towards max_hands."""
    rules = CACHO.replace(max_hands=3)
    state = play(new_game(rules, 3, seed=8), "pass, pass, pass")
    assert event_names(state) == ["Passed", "HandVoid", "HandEnded", "HandStarted", "Dealt"]
    assert state.events[1] == HandVoid(hand=0, dealer=2)
    assert state.stacks == (20, 20, 20) and state.pot == 0
    assert (state.hand, state.redeal, state.dealer, state.to_play) == (1, 1, 2, 0)
    deck = CACHO_24.shuffled(random.Random("8:1:1:shuffle"))
    assert state.holdings == ((deck[0],), (deck[1],), (deck[2],))
    # With one hand in the session, the void hand ends it: nobody has won anything.
    over = play(new_game(CACHO, 3, seed=8), "pass, pass, pass")
    assert over.is_over and event_names(over)[-1] == "GameEnded"
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0, 1, 2) and outcome.scores == (20, 20, 20)


def test_cac_9_the_second_card_goes_only_to_players_still_in() -> None:
    """CAC-9: the next card is dealt only to players who have not folded."""
    state = play(new_game(CACHO, 3, seed=9), "bet 1, fold, call")
    assert state.round == 2
    assert [len(holding) for holding in state.holdings] == [2, 1, 2]
    assert Dealt(card=2, seats=(0, 2)) in state.events
    assert state.observe(1).holding_sizes == (2, 1, 2)


def test_cac_10_round_two_has_a_fixed_bet_of_two_and_no_raise() -> None:
    """CAC-10: round 2 allows pass, bet 2, call or fold; each active player risks 3 in all."""
    state = play(new_game(CACHO, 2, seed=10), "bet 1, call")
    assert [str(move) for move in state.legal_moves()] == ["pass", "bet 2"]
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match="the bet of round 2 is fixed at 2 counters, not 1"):
        state.apply("bet 1")
    state = state.apply("bet 2")
    with pytest.raises(IllegalMoveError, match="no raises in round 2"):
        state.apply("raise 4")
    state = state.apply("call")
    assert state.round == 3 and state.contributions == (3, 3) and state.stacks == (17, 17)
    assert before["round"] == 2


def test_cac_11_all_pass_in_round_two_play_goes_on() -> None:
    """CAC-11: if all pass in round 2 the third card is dealt; the pot keeps 1 per player."""
    state = play(new_game(CACHO, 3, seed=11), "bet 1, call, call, pass, pass, pass")
    assert state.round == 3 and state.pot == 3
    assert [len(holding) for holding in state.holdings] == [3, 3, 3]
    assert Dealt(card=3, seats=(0, 1, 2)) in state.events


# -- round 3 -------------------------------------------------------------------------------


def test_cac_12_round_three_free_bets_and_unlimited_raises() -> None:
    """CAC-12: in round 3 the minimum bet is 1, a raise is at least 1 above the bet, raises are
    unlimited and a player who checked may raise."""
    state = play(game(CACHO, 2, top="1o 5c 2o 6c 3o 4e"), "bet 1, call, pass, pass")
    assert state.round == 3 and state.bet_range() == (1, 19)
    state = play(state, "pass, bet 3")
    assert state.to_play == 0 and [str(m) for m in state.legal_moves()] == ["fold", "call", *(f"raise {n}" for n in range(4, 20))]
    assert state.raise_range() == (4, 19)
    with pytest.raises(IllegalMoveError, match="takes the round total to 4 to 19, not 3"):
        state.apply("raise 3")
    state = play(state, "raise 5, raise 7, raise 9, call")
    assert isinstance(state.events[0], Called)
    assert "Showdown" in event_names(state)
    assert state.stacks == (30, 10)


def test_cac_12_all_check_in_round_three_goes_to_the_showdown() -> None:
    """CAC-12: everybody checks (passes) in round 3: the hands are shown."""
    state = play(game(CACHO, 2, top="1o 5c 2o 6c 3o 4e"), "bet 1, call, pass, pass, pass, pass")
    assert event_names(state)[:3] == ["Passed", "Showdown", "PotWon"]
    assert state.is_over and state.stacks == (21, 19)


def _round_three(rules: CachoRules = CACHO, stacks: tuple[int, ...] = (10, 4, 16)) -> CachoState:
    """Hand 2 (of 2), round 3: the stacks after hand 1 and 3 counters each in the pot."""
    return CachoState.from_position(
        rules.replace(stack=(sum(stacks) + 9) // 3, max_hands=2), len(stacks), stacks=stacks,
        holdings=("1o 2o 3o", "4c 5c 1e", "6e 6b 2b"), contributions=(3, 3, 3), hand=1,
    )


def test_cac_13_resto_caps_round_three_at_the_smallest_stack() -> None:
    """CAC-13: no round-3 total may exceed the smallest stack among the active players at the
    start of round 3; the cap is recomputed when that player folds."""
    state = _round_three()
    assert state.bet_range() == (1, 4)
    with pytest.raises(IllegalMoveError, match="the resto caps round-3 totals at 4"):
        state.apply("bet 5")
    state = state.apply("bet 2")
    assert state.raise_range() == (3, 4)
    with pytest.raises(IllegalMoveError, match="to 3 to 4, not 5"):
        state.apply("raise 5")
    state = state.apply("fold")
    # Seat 1 (4 counters) folded: the cap is now the smaller of 10 and 16.
    assert state.to_play == 2 and state.raise_range() == (3, 10)
    state = play(state, "raise 10, call")
    assert "Showdown" in event_names(state)
    assert sum(state.stacks) == 10 + 4 + 16 + 9


def test_cac_14_side_pots_allow_all_in_calls() -> None:
    """CAC-14: under side_pots a short player calls all in; the main pot and side pot are won
    separately."""
    rules = CACHO.replace(resto="side_pots", stack=11, max_hands=2)
    state = CachoState.from_position(
        rules, 3, stacks=(10, 3, 11), holdings=("1o 3c 5e", "1b 2b 3b", "5c 6c 1e"),
        contributions=(3, 3, 3), hand=1,
    )
    assert state.bet_range() == (1, 10)
    state = state.apply("bet 8")
    assert [str(m) for m in state.legal_moves()] == ["fold", "call"]
    state = state.apply("call")
    assert state.events[0] == Called(seat=1, round=3, amount=3, all_in=True)
    state = state.apply("call")
    wins = [event for event in state.events if isinstance(event, PotWon)]
    assert wins == [PotWon(seat=1, pot=0, amount=18, shown=True),
                    PotWon(seat=2, pot=1, amount=10, shown=True)]
    assert state.stacks == (2, 18, 13)


# -- the end of a hand ---------------------------------------------------------------------


def test_cac_15_when_all_others_fold_the_last_player_takes_the_pot_unseen() -> None:
    """CAC-15: the last player in takes the pot without showing; nobody sees its cards."""
    start = play(new_game(CACHO, 3, seed=15), "bet 1, call, fold, bet 2")
    hidden = start.holdings[0]
    state = start.apply("fold")
    assert state.events[1] == PotWon(seat=0, pot=0, amount=4, shown=False)
    assert "Showdown" not in event_names(state)
    assert state.stacks == (21, 19, 20)
    for seat in (1, 2):
        assert not set(hidden) & set(_cards_named(state.observe(seat).to_dict()))


def _cards_named(data: object) -> list[Card]:
    found: list[Card] = []
    if isinstance(data, dict):
        for value in data.values():
            found += _cards_named(value)
    elif isinstance(data, list):
        for value in data:
            found += _cards_named(value)
    elif isinstance(data, str):
        with contextlib.suppress(ValueError):
            found += list(parse_cards(data))
    return found


def test_cac_16_showdown_the_best_hand_of_those_still_in_takes_the_pot() -> None:
    """CAC-16: two or more players left after round 3 show; the best hand wins the pot; folded
    hands are not shown."""
    top = "6e 4b 1c 5e 5b 6c 2o"  # seat 2 folds after its first card
    state = play(game(CACHO, 3, top=top), "bet 1, call, fold, pass, pass, pass")
    state = state.apply("pass")
    showdown = next(event for event in state.events if isinstance(event, Showdown))
    assert [seat for seat, _ in showdown.hands] == [0, 1]
    assert showdown.hands[0][1] == parse_cards("6e 5e 6c")
    assert [str(value) for value in showdown.values] == ["two of a suit (31)", "two of a suit (29)"]
    assert PotWon(seat=0, pot=0, amount=2, shown=True) in state.events
    assert state.stacks == (21, 19, 20)


def test_cac_17_three_sixes_beat_the_highest_cacho_in_play() -> None:
    """CAC-17: three sixes beat three of one suit, 4-5-6 included."""
    state = play(game(CACHO, 2, top="4o 6c 5o 6e 6o 6b"), "bet 1, call, pass, pass, pass, pass")
    assert state.stacks == (19, 21)


def test_cac_18_the_smallest_cacho_beats_the_best_two_of_a_suit_in_play() -> None:
    """CAC-18: 1-2-3 of one suit (26) beats 5-6 of one suit plus any card (31)."""
    state = play(game(CACHO, 2, top="1o 5c 2o 6c 3o 4e"), "bet 1, call, pass, pass, pass, pass")
    showdown = next(event for event in state.events if isinstance(event, Showdown))
    assert [value.value for value in showdown.values] == [26, 31]
    assert state.stacks == (21, 19)


def test_cac_21_equal_hands_go_to_the_eldest_among_the_tied() -> None:
    """CAC-21: equal class and value: the eldest hand among the tied wins, counted from the
    seat after the dealer."""
    def showdown(dealer: int) -> tuple[int, ...]:
        state = CachoState.from_position(CACHO.replace(stack=13, max_hands=2), 3, holdings=("1o 2o 3o", "1c 2c 3c", "4e 5b 1b"),
                                         contributions=(3, 3, 3), dealer=dealer, hand=1)
        return play(state, "pass, pass, pass").stacks

    assert showdown(dealer=2) == (19, 10, 10)  # eldest order 0, 1, 2
    assert showdown(dealer=0) == (10, 19, 10)  # eldest order 1, 2, 0


# -- sessions, views, randomness ----------------------------------------------------------


def test_cac_23_dealer_moves_on_and_a_broke_player_is_out() -> None:
    """CAC-23: the dealer moves one seat per hand; a player with no counters at the start of a
    hand is out of the session, skipped for dealing and the button."""
    rules = CACHO.replace(stack=7, max_hands=4)
    state = CachoState.from_position(rules, 3, stacks=(5, 1, 6), holdings=("6o 6c 6e", "1b 2c 3e", "4o 5c 2b"),
                                     contributions=(3, 3, 3), hand=1)
    state = play(state, "bet 1, call, fold")
    assert state.stacks == (15, 0, 6)
    started = next(event for event in state.events if isinstance(event, HandStarted))
    assert started == HandStarted(hand=2, dealer=0, eldest=2, redeal=0, seats=(2, 0))
    assert state.dealt_in == (True, False, True) and state.holdings[1] == ()
    assert state.to_play == 2
    with pytest.raises(IllegalMoveError, match="seat 1 is out of the session"):
        state.apply("pass", seat=1)
    state = play(state, "bet 1, fold")
    assert state.dealer == 2 and state.to_play == 0


def test_cac_23_the_session_ends_when_one_player_holds_every_counter() -> None:
    """CAC-23: the session stops as soon as one player holds all the counters."""
    rules = CACHO.replace(stack=1, max_hands=10)
    state = play(game(rules, 2, top="1o 5c 2o 6c 3o 4e"), "bet 1, call, pass, pass")
    assert state.is_over and state.stacks == (2, 0)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.termination is Termination.ALL_COUNTERS


def test_cac_23_max_hands_ends_the_session_and_the_richest_win() -> None:
    """CAC-23: after max_hands hands the players with the most counters win."""
    rules = CACHO.replace(max_hands=2)
    state = play(new_game(rules, 3, seed=23), "bet 1, call, fold, bet 2, fold")
    assert not state.is_over and state.hand == 1 and state.dealer == 0 and state.stacks == (21, 19, 20)
    state = play(state, "pass, pass, pass")
    outcome = state.outcome()
    assert state.is_over and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (21, 19, 20)
    assert outcome.termination is Termination.MAX_HANDS and outcome.hands_played == 2


def test_cac_24_a_view_shows_only_the_seats_own_cards() -> None:
    """CAC-24: a seat sees its own cards and card counts, never another holding nor the stock;
    the hands shown at a showdown are public."""
    state = play(new_game(CACHO, 3, seed=24), "bet 1, call, call")
    for seat in range(3):
        view = state.observe(seat)
        named = set(_cards_named(view.to_dict()))
        assert named == set(state.holdings[seat])
        assert view.holding_sizes == (2, 2, 2) and view.stock_size == len(state.stock)
        assert "seed" not in view.to_dict()
        assert view.legal_moves == (state.legal_moves() if seat == 0 else ())
    final = play(state, "pass, pass, pass, pass, pass, pass")
    shown = {card for holding in final.holdings for card in holding}
    assert set(_cards_named(final.observe(2).to_dict())) == shown


def test_cac_25_every_shuffle_comes_from_the_seed() -> None:
    """CAC-25: the same seed gives the same game; the first hand may use a supplied deck."""
    one, two = new_game(CACHO, 4, seed=9), new_game(CACHO, 4, seed=9)
    assert one == two and one.to_dict() == two.to_dict()
    deck = CACHO_24.shuffled(random.Random("9:0:0:shuffle"))
    assert one.holdings == tuple((card,) for card in deck[:4]) and one.stock == deck[4:]
    assert new_game(CACHO, 4, seed=10).holdings != one.holdings
    supplied = new_game(CACHO.replace(max_hands=2), 2, seed=9, decks=[stacked_deck("3o 3c")])
    assert supplied.holdings == ((Card.O3,), (Card.C3,))
    again = play(supplied, "pass, pass")
    redealt = CACHO_24.shuffled(random.Random("9:1:1:shuffle"))
    assert again.holdings == ((redealt[0],), (redealt[1],))
