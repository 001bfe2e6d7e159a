"""Capture move generation remembers a card's plays under one number, the *run code*
(issue 15): what each unit of the card's run may take, 13 bits a unit.  The code must say
exactly what the units say, and forgetting old entries must change no move."""

from __future__ import annotations

import random

import pytest

from cau_rules.cards import Card
from cau_rules.fishing import FISHING_PRESETS, FishingRules, FishingState, legal
from cau_rules.fishing.state import new_game


def games(rules: FishingRules, seeds: range) -> list[FishingState]:
    """Every state of seeded random games at the smallest and largest table."""
    states: list[FishingState] = []
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in seeds:
            rng = random.Random(f"{seed}:run-code")
            state = new_game(rules, players, seed=seed)
            while not state.is_over:
                states.append(state)
                state = state.apply(rng.choice(state.legal_moves()))
    return states


@pytest.mark.parametrize("name", sorted(FISHING_PRESETS))
def test_the_run_code_says_what_the_units_say(name: str) -> None:
    rules = FISHING_PRESETS[name]
    facts = legal._facts(rules)
    checked = 0
    for state in games(rules, range(3)):
        by_rank: list[Card | None] = [None] * 13
        for card in state.table:
            by_rank[card.rank] = card
        seat = state.to_play
        tops = legal._tops(facts, seat, by_rank, state.piles)
        masks = legal._top_masks(facts, seat, by_rank, state.piles)
        for rank in rules.deck.ranks:
            units = legal._units(facts, rank, by_rank, tops)
            code = legal._run_code(facts.succ, rank, by_rank, masks)
            assert legal._decoded(facts.succ, rank, code) == units, state.to_notation()
            checked += 1
    assert checked > 1000


def test_forgetting_old_plays_changes_no_move(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = FISHING_PRESETS["cau-robat-40"]
    states = games(rules, range(4))
    expected = [legal.legal_plays(state) for state in states]
    monkeypatch.setattr(legal, "_MOVES_KEPT", 8)
    facts = legal._facts(rules)
    facts.moves.clear()
    facts.shapes.clear()
    for state, (moves, plans) in zip(states, expected, strict=True):
        assert legal.legal_plays(state) == (moves, plans)
        assert len(facts.moves) <= 8 and len(facts.shapes) <= 8
    facts.moves.clear()
    facts.shapes.clear()


def test_a_card_takes_the_plays_another_card_of_its_rank_had() -> None:
    rules = FISHING_PRESETS["cau-robat"]
    facts = legal._facts(rules)
    facts.moves.clear()
    facts.shapes.clear()
    code = legal._TABLE_BIT | (0b10 << legal._UNIT_BITS)  # the table's next rank, then seat 1's pile top
    first = legal._coded_moves(facts, Card.parse("3o"), code, False)
    second = legal._coded_moves(facts, Card.parse("3b"), code, False)
    assert len(facts.shapes) == 1 and len(facts.moves) == 2
    assert [str(move) for move in first[0]] == ["3o", "3o+1", "3o+2@1"]  # cau-robat takes any prefix of a run
    assert [str(move) for move in second[0]] == ["3b", "3b+1", "3b+2@1"]
    assert first[1] == second[1] == ((), ((4, -1),), ((4, -1), (5, 1)))
    facts.moves.clear()
    facts.shapes.clear()


@pytest.mark.parametrize("name", sorted(FISHING_PRESETS))
def test_a_playout_in_place_ends_where_play_from_state_to_state_ends(name: str) -> None:
    """``playout`` runs on one engine whose zones change in place: whatever move generation
    remembers must never be taken from them."""
    rules = FISHING_PRESETS[name]
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in range(4):
            start = new_game(rules, players, seed=seed)
            work = legal.playout(start, random.Random(f"{seed}:playout").choice)
            rng = random.Random(f"{seed}:playout")
            state = start
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))
            assert work.phase == "over"
            assert tuple(work.piles) == state.piles and work.hand_scores == state.hand_scores
            assert work.tally == state.tally and work.discard == state.discard
