"""Properties of random Cacho sessions (Hypothesis; examples set by the tests/conftest.py profile)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cau_rules.cacho import (
    CACHO,
    Bet,
    CachoMove,
    CachoRules,
    CachoState,
    Raise,
    Showdown,
    cacho_state_from_dict,
    new_game,
)
from cau_rules.cards import CACHO_24, Card, parse_cards
from cau_rules.errors import IllegalMoveError

ROOT = Path(__file__).resolve().parents[2]

rules_st = st.builds(
    CachoRules,
    stack=st.sampled_from([1, 2, 3, 6, 20]),
    resto=st.sampled_from(["cap_at_smallest", "side_pots"]),
    flush_bonus=st.sampled_from([20, 30]),
    high_card_kickers=st.booleans(),
    max_hands=st.integers(1, 6),
)
sessions = st.tuples(rules_st, st.integers(2, 8), st.integers(0, 10**6), st.integers(0, 10**6))


def _move(state: CachoState, chooser: random.Random) -> CachoMove | str:
    """A random legal move: a kind of move, then its amount from the whole range (text half
    the time)."""
    moves = state.legal_moves()
    kinds = {type(move): move for move in reversed(moves[:3])}  # the amounts come last
    move: CachoMove = chooser.choice(sorted(kinds.values(), key=lambda m: m.sort_key()))
    if isinstance(move, Bet):
        low, high = state.bet_range() or (move.amount, move.amount)
        move = Bet(chooser.randint(low, high))
    elif isinstance(move, Raise):
        low, high = state.raise_range() or (move.to, move.to)
        move = Raise(chooser.randint(low, high))
    assert move in moves
    return str(move) if chooser.random() < 0.5 else move


def _session(rules: CachoRules, players: int, seed: int, choices: int) -> list[CachoState]:
    chooser = random.Random(f"{choices}:moves")
    state = new_game(rules, players, seed=seed)
    states = [state]
    bound = 3 * players * (rules.stack * players + 2) * rules.max_hands * 2
    while not state.is_over:
        state = state.apply(_move(state, chooser))
        states.append(state)
        assert len(states) <= bound, "the session does not end"
    return states


def _cards_named(data: object) -> set[Card]:
    if isinstance(data, dict):
        return set().union(*(_cards_named(value) for value in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_cards_named(value) for value in data)) if data else set()
    if isinstance(data, str):
        try:
            return set(parse_cards(data))
        except ValueError:
            return set()
    return set()


@given(sessions)
def test_counters_are_conserved_and_every_session_ends(session: tuple[CachoRules, int, int, int]) -> None:
    """CAC-2, CAC-23: stacks plus pot never change; every random session terminates with an
    outcome whose scores are the stacks."""
    rules, players, seed, choices = session
    states = _session(rules, players, seed, choices)
    for state in states:
        assert sum(state.stacks) + state.pot == rules.stack * players
        assert all(stack >= 0 for stack in state.stacks)
        cards = sorted([*state.stock, *(card for holding in state.holdings for card in holding)])
        assert cards == sorted(CACHO_24.cards)
    outcome = states[-1].outcome()
    assert outcome is not None and outcome.scores == states[-1].stacks
    assert max(states[-1].hand + 1, 1) <= rules.max_hands


@given(sessions)
def test_no_view_shows_another_players_cards(session: tuple[CachoRules, int, int, int]) -> None:
    """CAC-24: outside a showdown, a view names only its own cards; a showdown shows only the
    hands still in."""
    rules, players, seed, choices = session
    states = _session(rules, players, seed, choices)
    for before, state in zip([None, *states], states, strict=False):
        shown: set[Card] = set()
        for event in state.events:
            if isinstance(event, Showdown):
                assert before is not None and len(event.hands) >= 2
                for seat, cards in event.hands:
                    assert not before.folded[seat] and before.dealt_in[seat]
                    shown.update(cards)
        for seat in range(players):
            view = state.observe(seat)
            assert "seed" not in view.to_dict() and "stock" not in view.to_dict()
            assert _cards_named(view.to_dict()) <= set(state.holdings[seat]) | shown
            assert view.holding == state.holdings[seat]


@given(sessions)
def test_same_seed_same_game(session: tuple[CachoRules, int, int, int]) -> None:
    """CAC-25: a seed and the same choices replay the same session, state for state."""
    rules, players, seed, choices = session
    first = _session(rules, players, seed, choices)
    second = _session(rules, players, seed, choices)
    assert first == second
    assert [state.to_dict() for state in first] == [state.to_dict() for state in second]


@given(sessions)
def test_every_generated_move_applies_and_others_are_refused(
    session: tuple[CachoRules, int, int, int],
) -> None:
    """CAC-5, CAC-12: legal_moves lists every amount of the ranges, and every move it lists
    applies; amounts just outside the ranges are refused without changing the state."""
    rules, players, seed, choices = session
    for state in _session(rules, players, seed, choices)[:-1]:
        expanded = tuple(state.legal_moves())
        bets, raises = state.bet_range(), state.raise_range()
        (bet_low, bet_high), (raise_low, raise_high) = bets or (1, 0), raises or (1, 0)
        amounts = [*(Bet(n) for n in range(bet_low, bet_high + 1)),
                   *(Raise(n) for n in range(raise_low, raise_high + 1))]
        assert [move for move in expanded if isinstance(move, (Bet, Raise))] == amounts
        assert len(state.legal_moves()) == len(expanded) and all(move in state.legal_moves() for move in expanded)
        for move in expanded:
            assert state.is_legal(move)
            state.apply(move)
        outside: list[CachoMove] = [Bet(bets[1] + 1) if bets else Bet(1),
                                    Raise(raises[1] + 1) if raises else Raise(1)]
        if bets:
            outside.append(Bet(bets[0] - 1))
        for move in outside:
            if move in expanded:
                continue
            assert move not in state.legal_moves()
            data = state.to_dict()
            try:
                state.apply(move)
            except IllegalMoveError:
                pass
            else:  # pragma: no cover - a failure
                raise AssertionError(f"{move} was accepted outside the legal moves {expanded}")
            assert state.to_dict() == data


@given(sessions)
def test_to_dict_round_trips(session: tuple[CachoRules, int, int, int]) -> None:
    """CAC-25: every state survives to_dict / JSON / CachoState.from_dict unchanged."""
    rules, players, seed, choices = session
    for state in _session(rules, players, seed, choices):
        data = json.loads(json.dumps(state.to_dict()))
        again = cacho_state_from_dict(data)
        assert again == state and again.to_dict() == data
        assert again.legal_moves() == state.legal_moves()


def test_a_session_is_the_same_under_any_hash_seed() -> None:
    """CAC-25: shuffles use string seeding, never hash(): a fresh interpreter with another
    PYTHONHASHSEED deals the same cards."""
    code = (
        "import json; from cau_rules.cacho import CACHO, new_game\n"
        "s = new_game(CACHO.replace(max_hands=4), 5, seed=31)\n"
        "for m in ['pass'] * 5 + ['bet 1'] + ['call'] * 4: s = s.apply(m)\n"
        "print(json.dumps(s.to_dict(), sort_keys=True))\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_preset_defaults() -> None:
    """CAC-2: the preset has 20 counters, bets 1 and 2, one hand, the resto capped."""
    assert (CACHO.stack, CACHO.bets, CACHO.max_hands, CACHO.resto) == (20, (1, 2), 1, "cap_at_smallest")


def test_the_family_satisfies_the_game_protocols() -> None:
    """CAC-24: the rules, state and view satisfy cau_rules.game's protocols."""
    from cau_rules.game import GameRules, GameState, GameView

    state = new_game(CACHO, 3)
    assert isinstance(CACHO, GameRules) and isinstance(state, GameState)
    assert isinstance(state.observe(1), GameView)


@given(sessions)
def test_the_family_record_hooks_agree_with_the_state(session: tuple[CachoRules, int, int, int]) -> None:
    """CAC-24, CAC-25: FAMILY's hooks (loader, parser, codec, policy, screen, suite) agree with
    the states of a random session."""
    from cau_rules.cacho import FAMILY
    from tests.helpers import all_cards, hidden_from

    rules, players, seed, choices = session
    codec = FAMILY.codec(rules, players)
    states = _session(rules, players, seed, choices)
    assert FAMILY.new_game(rules, players, seed, ()) == states[0]
    for state in states:
        assert FAMILY.load(state.to_dict()) == state
        assert sorted(FAMILY.suite.all_cards(state)) == all_cards(state)
        assert FAMILY.suite.invariants(state) == []
        view = state.observe(state.to_play if not state.is_over else 0)
        assert FAMILY.suite.hidden_from(state, view.seat) == frozenset(hidden_from(state, view.seat))
        assert f"seat {view.seat} (you)" in FAMILY.render(view)
        if state.is_over:
            continue
        moves = state.legal_moves()
        indices = codec.legal_actions(state)
        assert len(indices) == len(moves) and sum(codec.mask(state)) == len(moves)
        for move in (moves[0], moves[len(moves) // 2], moves[-1]):
            assert codec.decode(codec.encode(move), state) == move
            assert FAMILY.parse_move(str(move)) == move == state.parse_move(str(move))
        assert FAMILY.policy(view, random.Random(seed)) in moves
