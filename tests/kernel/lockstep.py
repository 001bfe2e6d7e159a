"""The differential harness of every family's kernel: seeded games in a
:class:`~cau_rules.batch.BatchGame` beside the reference engine, compared after every step
(the notation, the legal mask, who is to play, whether the game is over), then the
outcome and the returns.  Import it after ``pytest.importorskip("numba")``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cau_rules import new_game
from cau_rules.batch import BatchGame
from cau_rules.registry import family_of


def lockstep(batch: BatchGame, states: list[Any], rng: random.Random, max_steps: int = 10_000) -> int:
    """Play every game of *batch* beside its reference state to the end (any family),
    comparing after each step; returns the number of positions checked."""
    codec = family_of(states[0].rules).codec(states[0].rules, states[0].players)
    checked = 0
    for _ in range(max_steps):
        mask = batch.legal_mask()
        actions = np.zeros(batch.size, np.int64)
        for game, state in enumerate(states):
            assert batch.state(game).to_notation() == state.to_notation(), f"game {game}"
            legal = codec.legal_actions(state)
            assert np.flatnonzero(mask[game]).tolist() == sorted(legal), f"game {game}: {state.to_notation()}"
            assert bool(batch.done[game]) == state.is_over
            if not state.is_over:
                assert int(batch.to_play[game]) == state.to_play
                actions[game] = rng.choice(legal)
                states[game] = state.apply(codec.decode(int(actions[game]), state))
            checked += 1
        if batch.done.all():
            break
        batch.step(actions)
    for game, state in enumerate(states):
        assert state.is_over
        outcome = state.outcome()
        assert outcome is not None
        assert batch.outcome(game) == outcome
        assert batch.returns[game].tolist() == list(outcome.shares())
    return checked


def part_way_lockstep(rules: Any, players: int, seed: int, depth: int, games: int) -> None:
    """Games of *rules* (any family) from seeds ``seed`` on, each played *depth* random
    moves in the reference, then loaded with ``BatchGame.from_states`` and played on in
    :func:`lockstep`."""
    rng = random.Random(seed)
    starts = []
    for game in range(games):
        state = new_game(rules, players, seed=seed + game)
        for _ in range(depth):
            if state.is_over:
                break
            state = state.apply(rng.choice(list(state.legal_moves())))
        starts.append(state)
    batch = BatchGame.from_states(starts)
    assert [batch.state(game) for game in range(games)] == starts
    lockstep(batch, list(starts), rng)


def check_supplied_deck(batch_type: Any, rules: Any, players: int) -> None:
    """A family's ``Batch`` (*batch_type*) reset from a supplied deck order (the deck in
    its own order) deals what the reference deals from it."""
    deck = tuple(rules.deck.cards)
    batch = batch_type(rules, players, 1)
    batch.reset(0, seed=3, decks=(deck,))
    assert batch.state(0) == new_game(rules, players, seed=3, decks=[deck])


def auto_reset_games(preset: str, players: int, steps: int) -> tuple[BatchGame, int]:
    """Four games of *preset* stepped *steps* times at random with ``auto_reset``; every
    finished game's returns share one win.  The batch, and how many games finished."""
    game = BatchGame(preset, players, 4, seed=50, auto_reset=True)
    ended = 0
    for _ in range(steps):
        game.step(game.random_actions())
        ended += int(game.done.sum())
        assert np.allclose(game.returns[game.done].sum(axis=1), 1.0)
    return game, ended
