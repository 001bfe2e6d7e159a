"""One property suite over every registered preset and player count: the same invariants
hold for every game, so a new preset is checked as soon as it is registered.

Hypothesis chooses the seed of the deal and the random move choices; each example plays
a whole game and checks after every move:

- cards are conserved (``all_cards(state)`` is the deck, each card once);
- the input state of ``apply`` is unchanged (equality, JSON and a deep copy);
- family invariants (each family's ``suite.invariants``), e.g. fishing table ranks pairwise
  distinct and none equal to a pending chain's rank (D-CAP-1), closed piles stay closed;
- every generated move applies (and reads back from its text);
- moves that are not generated are refused with ``IllegalMoveError`` and change nothing
  (other cards, wrong run lengths, wrong piles, text garbage, other families' moves,
  the wrong seat);
- the game ends within a bound, and ``apply`` after the end raises ``GameOverError``;
- JSON round trip: ``loads(dumps(state)) == state`` and ``dumps`` is stable;
- no view shows a hidden card (D-VIEW-1), closed piles stay closed, and the view of the
  seat to play lists exactly the state's legal moves;
- the same seed gives the same game, in this process and under other ``PYTHONHASHSEED``
  values (D-DEAL-1).

A failure names the preset, player count, seed and the moves played, which is the whole
reproduction.  Family-specific hooks are each family's ``suite`` record (``cau_rules/<family>/suite.py``),
reached through ``tests/helpers.py``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cau_rules import GameOverError, IllegalMoveError, dumps, load_state, loads, new_game
from cau_rules.cards import Card
from tests.helpers import (
    all_cards,
    card_invariants,
    cases,
    deck_of,
    deep_snapshot,
    families,
    family_of_state,
    generated_moves,
    illegal_candidates,
    is_expected_legal,
    max_moves,
    parse_text,
    play_seeded,
    same_snapshot,
    seeded_record,
    state_invariants,
    view_invariants,
)

ROOT = Path(__file__).resolve().parents[2]

CASES = cases()
IDS = [f"{variant}-{players}p" for variant, players in CASES]

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

GAMES = min(settings().max_examples, 60)
"""Whole games a preset and player count plays in :func:`test_random_games_keep_every_invariant`:
the profile's examples (25 under ``dev``), at most 60.  Each game applies every legal move
of every position it reaches, so under ``ci`` this one test was most of the suite's time;
60 games a case keep the thorough profile within its budget (``seeds/decisions.md``,
"Budgets for checks"), and the kernels' differential tests play 200 more games a case
against the reference."""

ILLEGAL_PER_STATE = 10
"""How many non-legal candidates each visited state is offered (chosen at random)."""


class Walk:
    """The game being checked, for failure messages that reproduce it."""

    def __init__(self, variant: str, players: int, seed: int) -> None:
        self.variant = variant
        self.players = players
        self.seed = seed
        self.moves: list[str] = []

    def where(self) -> str:
        return (f"new_game({self.variant!r}, players={self.players}, seed={self.seed}) "
                f"then moves {self.moves}")

    def check(self, problems: list[str]) -> None:
        assert not problems, f"{'; '.join(problems)}\n  at {self.where()}"


def _check_json(walk: Walk, state: Any) -> None:
    text = dumps(state)
    assert dumps(state) == text, f"dumps is not stable at {walk.where()}"
    loaded = loads(text)
    assert loaded == state, f"loads(dumps(state)) != state at {walk.where()}\n{text}"
    assert dumps(loaded) == text, f"dumps(loads(text)) != text at {walk.where()}"
    assert load_state(state.to_dict()) == state, f"load_state(to_dict()) != state at {walk.where()}"
    assert generated_moves(loaded) == generated_moves(state), (
        f"a loaded state lists other moves at {walk.where()}"
    )


def _check_every_move_applies(walk: Walk, state: Any, moves: tuple[Any, ...]) -> None:
    deck = deck_of(state)
    for move in moves:
        assert state.is_legal(move), f"generated move {move} is not is_legal at {walk.where()}"
        child = state.apply(move)
        assert all_cards(child) == deck, f"cards not conserved after {move} at {walk.where()}"
        problems = card_invariants(child)
        assert not problems, f"after {move}: {'; '.join(problems)}\n  at {walk.where()}"
        text = str(move)
        assert parse_text(state, text) == move, f"{text!r} does not read back as {move!r} at {walk.where()}"


def _check_refusals(walk: Walk, state: Any, rnd: random.Random) -> None:
    legal = set(generated_moves(state))
    candidates = illegal_candidates(state, rnd)
    rnd.shuffle(candidates)
    chosen = [c for c in candidates[: 3 * ILLEGAL_PER_STATE] if not is_expected_legal(state, c, legal)]
    chosen = chosen[:ILLEGAL_PER_STATE]
    for candidate in chosen:
        with pytest.raises(IllegalMoveError):
            state.apply(candidate)
            raise AssertionError(f"{candidate!r} was accepted but is not legal at {walk.where()}")
        assert not state.is_legal(candidate), f"is_legal({candidate!r}) at {walk.where()}"
    moves = generated_moves(state)
    if moves and not state.is_over:
        other = (state.to_play + 1 + rnd.randrange(state.players - 1)) % state.players
        with pytest.raises(IllegalMoveError):
            state.apply(moves[0], seat=other)
            raise AssertionError(f"seat {other} moved out of turn at {walk.where()}")


def _check_game_over(walk: Walk, state: Any, last_moves: tuple[Any, ...]) -> None:
    snapshot = deep_snapshot(state)
    assert state.legal_moves() == () or list(state.legal_moves()) == []
    offers: list[Any] = [*last_moves, *(str(m) for m in last_moves), "pass", "bet 1", "1o"]
    offers += [move for move in illegal_candidates(state) if not isinstance(move, (str, bytes))][:5]
    for move in offers:
        with pytest.raises(GameOverError):
            state.apply(move)
            raise AssertionError(f"{move!r} was accepted after the end at {walk.where()}")
        assert not state.is_legal(move)
    assert same_snapshot(state, snapshot), f"a refused move changed the final state at {walk.where()}"
    outcome = state.outcome()
    assert outcome is not None and set(outcome.winners) <= set(range(state.players))
    assert len(outcome.scores) == state.players and outcome.winners
    assert abs(sum(outcome.shares()) - 1.0) < 1e-9
    ended = [event for event in state.events if type(event).__name__ == "GameEnded"]
    assert len(ended) == 1, f"the last move's events should end the game at {walk.where()}"
    assert tuple(ended[0].winners) == tuple(outcome.winners)
    assert tuple(ended[0].scores) == tuple(outcome.scores)


@pytest.mark.parametrize(("variant", "players"), CASES, ids=IDS)
@settings(max_examples=GAMES)
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(variant: str, players: int, seed: int, rnd: random.Random) -> None:
    state = new_game(variant, players=players, seed=seed)
    walk = Walk(variant, players, seed)
    # Hypothesis drives the move choices; the many draws that pick which non-legal
    # candidates to offer come from one derived generator (keeps examples small).
    offers = random.Random(rnd.getrandbits(64))
    bound = max_moves(state.rules, players)
    deck = deck_of(state)
    assert all_cards(state) == deck
    while True:
        walk.check(state_invariants(state))
        _check_json(walk, state)
        for seat in range(players):
            walk.check(view_invariants(state, seat))
        if state.is_over:
            break
        moves = generated_moves(state)
        snapshot = deep_snapshot(state)
        _check_every_move_applies(walk, state, moves)
        _check_refusals(walk, state, offers)
        move = moves[rnd.randrange(len(moves))]
        after = state.apply(move)
        assert same_snapshot(state, snapshot), f"apply changed its input state at {walk.where()}"
        walk.moves.append(str(move))
        assert len(walk.moves) <= bound, f"no end after {bound} moves at {walk.where()}"
        state = after
        last_moves = moves
    _check_game_over(walk, state, last_moves)


@pytest.mark.parametrize(("variant", "players"), CASES, ids=IDS)
@given(seed=SEEDS, choices=SEEDS)
def test_same_seed_same_game(variant: str, players: int, seed: int, choices: int) -> None:
    first = new_game(variant, players=players, seed=seed)
    assert new_game(variant, players=players, seed=seed) == first
    assert dumps(new_game(variant, players=players, seed=seed)) == dumps(first)
    one = play_seeded(variant, players, seed, random.Random(choices))
    two = play_seeded(variant, players, seed, random.Random(choices))
    assert one == two
    assert loads(one[-1][1]).is_over


DETERMINISM_SEED = 20240607

_SCRIPT = """
import json, sys
from tests.helpers import seeded_record
print(json.dumps(seeded_record(sys.argv[1].split(","), int(sys.argv[2])), sort_keys=True))
"""


@pytest.mark.parametrize("family", sorted(families()))
def test_same_seed_same_game_under_any_hash_seed(family: str) -> None:
    """D-DEAL-1: string seeding, never ``hash()``.  One pair of subprocesses per family,
    each playing a seeded game of every preset and player count of the family."""
    names = families()[family]
    expected = json.dumps(seeded_record(names, DETERMINISM_SEED), sort_keys=True)
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT, ",".join(names), str(DETERMINISM_SEED)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.strip())
    assert outputs[0] == outputs[1], f"{family}: PYTHONHASHSEED 1 and 2 play different games"
    assert outputs[0] == expected, f"{family}: a subprocess plays another game than this process"


@pytest.mark.parametrize(("variant", "players"), CASES, ids=IDS)
def test_all_cards_knows_every_family(variant: str, players: int) -> None:
    state = new_game(variant, players=players, seed=1)
    assert family_of_state(state)
    assert all_cards(state) == deck_of(state)
    assert all(isinstance(card, Card) for card in all_cards(state))


def test_all_cards_refuses_an_unknown_family() -> None:
    with pytest.raises(AssertionError, match=r"add the family's FAMILY record to cau_rules\.registry\.FAMILIES"):
        all_cards(object())


def test_explicit_calls_moves_are_listed_in_canonical_order() -> None:
    state = new_game("cau", players=2, seed=4, explicit_calls=True)
    for move in ("pass", "pass", "5e"):
        state = state.apply(move)
    moves = list(state.legal_moves())
    assert [str(m) for m in moves] == [str(m) for m in sorted(moves, key=lambda m: m.sort_key())]


@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_valencian_stones_only_grow_and_partners_share_them(seed: int, rnd: random.Random) -> None:
    """Issue 4's properties (VAL-1, VAL-13): within a partida a team's stones never go
    down, partides never go down, and partners always see the same score."""
    state = new_game("cau-recau-sant-vicent", players=4, seed=seed)
    before = state.tally
    while True:
        tally = state.tally
        assert tally is not None and before is not None
        assert all(now >= then for now, then in zip(tally.partides, before.partides, strict=True))
        if tally.partides == before.partides:
            assert all(now >= then for now, then in zip(tally.stones, before.stones, strict=True))
        views = [state.observe(seat) for seat in range(4)]
        assert views[0].stones == views[2].stones and views[1].stones == views[3].stones
        if state.is_over:
            outcome = state.outcome()
            assert outcome is not None
            assert outcome.scores[0] == outcome.scores[2] and outcome.scores[1] == outcome.scores[3]
            assert set(outcome.winners) in ({0, 2}, {1, 3})
            break
        before = tally
        moves = state.legal_moves()
        state = state.apply(moves[rnd.randrange(len(moves))])
