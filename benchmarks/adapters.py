"""Decisions per second through each framework adapter against the raw library.

Uniformly random legal actions, whole games, ``cau`` with 4 players by default::

    python benchmarks/adapters.py                 # about 3 s per row
    python benchmarks/adapters.py --variant cau-robat --players 3 --seconds 1 --json

Rows (a *decision* is one move chosen for a player, as in ``cau-rules bench``):

- ``library``: ``state.apply(rng.choice(state.legal_moves()))``.
- ``library+codec``: the same through action indices (``codec.legal_actions`` and
  ``codec.decode``), what every adapter pays at least.
- ``openspiel``: ``state.apply_action(rng.choice(state.legal_actions()))`` on the
  pyspiel game (chance node included, no observations).
- ``openspiel+obs``: the same, also reading the acting player's
  ``information_state_tensor`` before each move (what a learning agent does).
- ``pettingzoo``: ``env.last()`` (the acting agent's observation and mask) then
  ``env.step`` with an action sampled from the mask; finished agents step ``None``.
- ``gymnasium``: ``env.step`` for seat 0 with a masked random action, the other seats
  played by ``RandomBot`` inside the environment (their moves are counted too).

Rows whose extra is not installed are skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from cau_rules import new_game
from cau_rules.ai.codec import codec_for


def _timed(play_one: Callable[[int], int], seconds: float) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += play_one(games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, decisions, elapsed


def bench_library(variant: str, players: int) -> Callable[[int], int]:
    rng = random.Random("bench")

    def play(index: int) -> int:
        state = new_game(variant, players=players, seed=index)
        count = 0
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            count += 1
        return count

    return play


def bench_codec(variant: str, players: int) -> Callable[[int], int]:
    rng = random.Random("bench")
    codec = codec_for(variant, players)

    def play(index: int) -> int:
        state = new_game(variant, players=players, seed=index)
        count = 0
        while not state.is_over:
            state = state.apply(codec.decode(rng.choice(codec.legal_actions(state)), state))
            count += 1
        return count

    return play


def bench_openspiel(variant: str, players: int, observe: bool) -> Callable[[int], int]:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

    from cau_rules.adapters.openspiel import game_name, register_openspiel_games

    register_openspiel_games()
    game = pyspiel.load_game(game_name(variant), {"players": players})
    rng = random.Random("bench")

    def play(index: int) -> int:
        state = game.new_initial_state()
        state.apply_action(index % game.max_chance_outcomes())
        count = 0
        while not state.is_terminal():
            if observe:
                state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            count += 1
        return count

    return play


def bench_pettingzoo(variant: str, players: int) -> Callable[[int], int]:
    from cau_rules.adapters.pettingzoo import CauRulesAECEnv

    env = CauRulesAECEnv(variant, players=players)

    def play(index: int) -> int:
        env.reset(seed=index)
        count = 0
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(observation["action_mask"]))
            count += 1
        return count

    return play


def bench_gymnasium(variant: str, players: int) -> Callable[[int], int]:
    from cau_rules.adapters.gymnasium import CauRulesEnv
    from cau_rules.bots import RandomBot

    moves = [0]

    class CountingBot(RandomBot):
        def choose(self, view: Any, rng: random.Random) -> Any:
            moves[0] += 1
            return super().choose(view, rng)

    env = CauRulesEnv(variant, players=players, opponents=[CountingBot() for _ in range(players - 1)])

    def play(index: int) -> int:
        moves[0] = 0
        observation, _ = env.reset(seed=index)
        terminated = False
        while not terminated:
            observation, _, terminated, _, _ = env.step(env.action_space.sample(observation["action_mask"]))
            moves[0] += 1
        return moves[0]

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="cau")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, Callable[[], Callable[[int], int]]]] = [
        ("library", lambda: bench_library(args.variant, args.players)),
        ("library+codec", lambda: bench_codec(args.variant, args.players)),
        ("openspiel", lambda: bench_openspiel(args.variant, args.players, observe=False)),
        ("openspiel+obs", lambda: bench_openspiel(args.variant, args.players, observe=True)),
        ("pettingzoo", lambda: bench_pettingzoo(args.variant, args.players)),
        ("gymnasium", lambda: bench_gymnasium(args.variant, args.players)),
    ]
    base = None
    for name, make in rows:
        try:
            play = make()
        except ImportError as exc:
            print(json.dumps({"adapter": name, "skipped": str(exc)}) if args.json else f"{name:14s} skipped: {exc}")
            continue
        games, decisions, elapsed = _timed(play, args.seconds)
        rate = decisions / elapsed
        base = base or rate
        row = {"adapter": name, "variant": args.variant, "players": args.players, "games": games,
               "decisions": decisions, "seconds": round(elapsed, 3), "decisions_per_s": round(rate),
               "us_per_decision": round(1e6 / rate, 1), "vs_library": round(rate / base, 3)}
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{name:14s} {rate:10.0f} decisions/s  {1e6 / rate:8.1f} us/decision  "
                  f"x{rate / base:.3f} of library  ({games} games)")


if __name__ == "__main__":
    main()
