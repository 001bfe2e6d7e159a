"""The optional draw for seats and the first dealer (R40-5, D-DEAL-5): cau_rules.fishing.draw."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cau_rules import FRENCH_40, SPANISH_40, SPANISH_48, InvalidRulesError
from cau_rules.fishing.draw import DrawnCard, SeatDraw, draw_for_seats
from tests.scenario import cards

ROOT = Path(__file__).resolve().parents[2]


def _height(result: SeatDraw, player: int) -> int:
    return result.deck.ranks.index(result.final_cards[player].rank)


def test_r40_5_the_draw_is_deterministic_from_the_seed() -> None:
    """R40-5: the same seed gives the same draw; seeds give different draws."""
    for players in range(2, 6):
        assert draw_for_seats(players, seed=17) == draw_for_seats(players, seed=17)
    assert len({draw_for_seats(4, seed=seed).seating for seed in range(30)}) > 5


def test_r40_5_the_draw_does_not_depend_on_the_hash_seed() -> None:
    """R40-5 (D-DEAL-1): string seeding, never hash(): another PYTHONHASHSEED, same draw."""
    code = ("import json; from cau_rules.fishing.draw import draw_for_seats; r = draw_for_seats(5, seed=4); "
            "print(json.dumps([[[d.player, d.card.code] for d in rd] for rd in r.rounds] + [list(r.seating)]))")
    env = dict(os.environ, PYTHONHASHSEED="987")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                         cwd=ROOT).stdout
    here = draw_for_seats(5, seed=4)
    assert json.loads(out) == [[[d.player, d.card.code] for d in rd] for rd in here.rounds] + [list(here.seating)]


def test_r40_5_a_pinned_draw_with_one_tie() -> None:
    """R40-5: players 1 and 3 both draw a 7: only they draw again.  The Rei is highest, so
    player 3 deals (the last seat); player 2 (the 4) sits at seat 0, the eldest hand,
    then player 1 (3) and player 0 (2)."""
    result = draw_for_seats(4, seed=6)
    assert result.rounds == (
        (DrawnCard(0, cards("2o")[0]), DrawnCard(1, cards("7e")[0]), DrawnCard(2, cards("4c")[0]),
         DrawnCard(3, cards("7o")[0])),
        (DrawnCard(1, cards("3b")[0]), DrawnCard(3, cards("12o")[0])),
    )
    assert result.final_cards == cards("2o 3b 4c 12o")
    assert result.order == (3, 2, 1, 0)
    assert result.seating == (2, 1, 0, 3)
    assert result.first_dealer == 3 and result.dealer_seat == 3 and result.seat_of(3) == 3
    assert result.seat_of(2) == 0


def test_r40_5_a_redrawn_card_matching_a_kept_card_redraws_only_the_redrawer() -> None:
    """R40-5: player 0 kept an 11; player 2's redraw is another 11, so only player 2 draws again."""
    result = draw_for_seats(4, seed=12)
    assert [[d.player for d in drawn] for drawn in result.rounds] == [[0, 1, 2, 3], [2, 3], [2], [2]]
    assert result.rounds[1][0].card.rank == 11 and result.rounds[0][0].card.rank == 11
    assert result.final_cards[0] == cards("11b")[0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r40_5_only_tied_players_redraw_and_the_highest_deals(players: int) -> None:
    """R40-5: in every round only the players whose new card shares a rank draw again; the
    final cards have distinct ranks; every player has one seat; the highest card deals
    (last seat) and the seats from 0 go from the next highest down."""
    for seed in range(150):
        result = draw_for_seats(players, seed=seed)
        assert [d.player for d in result.rounds[0]] == list(range(players))
        current = {d.player: d.card for d in result.rounds[0]}
        for earlier, later in zip(result.rounds, result.rounds[1:], strict=False):
            drawers = [d.player for d in earlier]
            tied = [p for p in drawers if any(current[q].rank == current[p].rank for q in current if q != p)]
            assert [d.player for d in later] == tied
            current.update({d.player: d.card for d in later})
        assert tuple(current[p] for p in range(players)) == result.final_cards
        assert len({card.rank for card in result.final_cards}) == players
        assert sorted(result.seating) == list(range(players))
        heights = [_height(result, p) for p in result.seating]
        assert heights[-1] == max(heights)                       # the dealer drew highest
        assert heights[:-1] == sorted(heights[:-1], reverse=True)  # seat 0 next highest, and so on
        drawn = [d.card for drawn in result.rounds for d in drawn]
        assert len(drawn) == len(set(drawn))                     # a put-aside card is never drawn again


def test_r40_5_rei_high_in_every_deck() -> None:
    """R40-5: the rank order is the deck's: Rei (K) high, the Sota above the 7 (and the 8, 9
    of the 48-card deck between them)."""
    for deck in (SPANISH_40, FRENCH_40, SPANISH_48):
        for seed in range(40):
            result = draw_for_seats(3, seed=seed, deck=deck)
            ranks = [result.final_cards[p].rank for p in result.order]
            assert ranks == sorted(ranks, reverse=True)
            assert all(deck.contains(d.card) for drawn in result.rounds for d in drawn)
    assert draw_for_seats(10, seed=2).players == 10                # one rank each: the most possible


@pytest.mark.parametrize("players", [0, 1, 11, -3, True, "4", 2.0])
def test_r40_5_bad_player_counts_are_refused(players: object) -> None:
    """R40-5: from 2 players to one player per rank of the deck."""
    with pytest.raises(InvalidRulesError, match="the draw for seats is made by 2 to 10 players with the spanish-40 deck"):
        draw_for_seats(players)  # type: ignore[arg-type]


def test_r40_5_bad_seed_deck_and_player_are_refused() -> None:
    """R40-5: the seed must be a whole number and the deck a Deck; seat_of needs a player."""
    with pytest.raises(InvalidRulesError, match="the seed must be a whole number, not 'x'"):
        draw_for_seats(3, seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="deck must be a Deck, not 'spanish-40'"):
        draw_for_seats(3, deck="spanish-40")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="player must be from 0 to 2, not 3"):
        draw_for_seats(3).seat_of(3)
    with pytest.raises(InvalidRulesError, match="the draw for seats is made by 2 to 12 players with the spanish-48 deck, not 13"):
        draw_for_seats(13, deck=SPANISH_48)
