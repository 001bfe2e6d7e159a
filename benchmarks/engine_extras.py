"""The figures of ``docs/performance.md`` that are not anchor timings: memory held per state
and IS-MCTS speed.  Run with an interpreter that has ``cau_rules`` installed::

    python benchmarks/engine_extras.py [--seconds 5] [--games 20] [--ismcts-only]

It prints one JSON object:

- ``memory``: per family (one preset and player count each), the bytes held per state when
  the whole history of states of seeded random games is kept (``tracemalloc``: the memory
  allocated while the games are played and still held once they end, divided by the states
  kept; a warm-up game first makes the interned moves and events), ``zone_bytes_per_state``:
  what a state's zone tuples (stock, table, holdings, piles, ...) take in all, and
  ``new_zone_bytes_per_state``: the part of those not shared with the previous state.  The
  difference is what sharing unchanged zones saves.
- ``ismcts``: ``ISMCTSBot(iterations=100)`` against ``RandomBot`` in 2-player ``cau-robat``
  for about ``--seconds`` of CPU time, after a warm-up search (``warm_up_cpu_s``: the
  kernel's first call loads its compiled code), ``--engine python|kernel`` saying where
  the search runs: searched iterations per second (CPU and wall clock),
  and the cost of the two information-state operations every iteration or move needs,
  ``InfoState.update_view`` (one per view a seat receives) and ``InfoState.resample`` (one
  per iteration), in microseconds per call.
- ``floor``: what every decision or deal pays however lean the rules code (CPU
  microseconds): building one frozen state (``capture_state_build_us``: a capture-family
  trail built directly; ``cacho_state_build_us``: a Cacho state from its work copy), and a
  deal from the seed (``string_seeded_random_us``: ``random.Random`` seeded with a string,
  RULES D-DEAL-1; ``cacho_deck_from_seed_us`` and ``spanish_48_deck_from_seed_us``: that plus
  the shuffle).

Memory figures are deterministic; the timings are not (see ``docs/performance.md``).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from typing import Any

MEMORY_CASES = (("cau", 4), ("cau-robat-40", 2), ("cau-recau-sant-vicent", 4), ("cau-quatre", 2),
                ("cacho", 4))


def _zone_size(value: Any, seen: set[int]) -> int:
    """The bytes of *value* and of the tuples inside it (cards, ints and rules are shared
    singletons in every design, so they are not counted)."""
    if isinstance(value, tuple) and id(value) not in seen:
        seen.add(id(value))
        return sys.getsizeof(value) + sum(_zone_size(item, seen) for item in value)
    return 0


def memory_per_state(variant: str, players: int, games: int) -> dict[str, Any]:
    from cau_rules import new_game

    for seed in range(games):  # warm up: the interned moves and events are made once, not per state
        rng = random.Random(f"{seed}:memory")
        state = new_game(variant, players=players, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    histories = []
    for seed in range(games):
        rng = random.Random(f"{seed}:memory")
        state = new_game(variant, players=players, seed=seed)
        history = [state]
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            history.append(state)
        histories.append(history)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    states = sum(len(history) for history in histories)
    copied = fresh = 0
    for history in histories:
        previous: set[int] = set()
        for state in history:
            own: set[int] = set()
            copied += _zones_size(state, own)
            reused = set(previous)
            fresh += _zones_size(state, reused)
            previous = own
    return {
        "variant": variant,
        "players": players,
        "states": states,
        "bytes_per_state": round(held / states),
        "zone_bytes_per_state": round(copied / states),
        "new_zone_bytes_per_state": round(fresh / states),
    }


_ZONES = ("stock", "table", "holdings", "piles", "discard", "debts", "hand_scores", "declarations",
          "stacks", "contributions", "round_bets", "dealt_in", "folded", "to_act", "decks")


def _zones_size(state: Any, seen: set[int]) -> int:
    return sum(_zone_size(getattr(state, name), seen) for name in _ZONES if hasattr(state, name))


def ismcts_speed(seconds: float, engine: str | None = None, variant: str = "cau-robat",
                 players: int = 2) -> dict[str, Any]:
    from cau_rules import new_game
    from cau_rules.ai.infostate import InfoState
    from cau_rules.ai.mcts import ISMCTSBot, ismcts
    from cau_rules.bots import RandomBot, play_game

    iterations = 100
    # a warm-up search: the kernel's first call loads its machine code from the disk cache
    # (or compiles it), which is not a cost of the search
    warm = new_game(variant, players=players, seed=10**6)
    warm_start = time.process_time()
    ismcts(InfoState.start(warm, warm.to_play), 2, random.Random(0), engine=engine)  # type: ignore[arg-type]
    warm_up = time.process_time() - warm_start
    searched = games = 0
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    while games == 0 or time.process_time() - cpu_start < seconds:
        bot = ISMCTSBot(iterations=iterations, engine=engine)  # type: ignore[arg-type]
        choose = bot.choose
        decisions = [0]

        def counting(view: Any, rng: random.Random, choose: Any = choose, decisions: list[int] = decisions) -> Any:
            if len(view.legal_moves) > 1:  # a decision with one legal move is not searched
                decisions[0] += 1
            return choose(view, rng)

        bot.choose = counting  # type: ignore[method-assign]
        play_game(new_game(variant, players=players, seed=games), [bot] + [RandomBot()] * (players - 1), seed=games)
        searched += decisions[0] * iterations
        games += 1
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start

    # the information-state operations, on the states of seeded random games
    views = []
    for seed in range(20):
        rng = random.Random(f"{seed}:infostate")
        state = new_game("cau-robat", players=2, seed=seed)
        game_views = [state.observe(1)]
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            game_views.append(state.observe(1))
        views.append((state.rules, game_views))
    updates = 0
    infos = []
    start = time.process_time()
    for rules, game_views in views:
        info = InfoState.from_view(rules, game_views[0])
        for view in game_views[1:]:
            info = info.update_view(view)
            updates += 1
            if view.to_play == 1 and view.phase != "over":
                infos.append(info)
    update_us = (time.process_time() - start) * 1e6 / updates
    rng = random.Random("resample")
    start = time.process_time()
    for info in infos:
        info.resample(rng)
    resample_us = (time.process_time() - start) * 1e6 / len(infos)
    return {
        "variant": variant,
        "players": players,
        "iterations": iterations,
        "games": games,
        "iterations_searched": searched,
        "iterations_per_cpu_s": round(searched / cpu, 1),
        "iterations_per_s": round(searched / wall, 1),
        "warm_up_cpu_s": round(warm_up, 2),
        "update_view_us": round(update_us, 2),
        "resample_us": round(resample_us, 2),
    }


def _per_call_us(call: Any, number: int = 20_000) -> float:
    """CPU microseconds per call of *call*, best of three runs."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(number):
            call()
        best = min(best, time.process_time() - start)
    return round(best * 1e6 / number, 2)


def cost_floor() -> dict[str, float]:
    """What every decision or deal pays however lean the rules code: building one frozen
    state (a capture-family trail built directly; a Cacho state from its work copy) and a
    deal's string-seeded generator and shuffle (RULES D-DEAL-1), in CPU microseconds."""
    from cau_rules import new_game
    from cau_rules.cacho import CachoState
    from cau_rules.cacho.engine import Engine as CachoEngine
    from cau_rules.cacho.engine import shuffled_deck
    from cau_rules.cards import SPANISH_48
    from cau_rules.fishing import FishingState
    from cau_rules.fishing.direct import trailed

    fishing = new_game("cau", players=4, seed=1)
    card = fishing.holdings[0][0]
    cacho = new_game("cacho", players=2, seed=1)
    work = CachoEngine(cacho)
    return {
        "capture_state_build_us": _per_call_us(lambda: trailed(fishing, card, FishingState)),
        "cacho_state_build_us": _per_call_us(lambda: work.freeze(CachoState)),
        "string_seeded_random_us": _per_call_us(lambda: random.Random("1234:0:0:shuffle")),
        "cacho_deck_from_seed_us": _per_call_us(lambda: shuffled_deck(1234, 0, 0)),
        "spanish_48_deck_from_seed_us": _per_call_us(
            lambda: SPANISH_48.shuffled(random.Random("1234:0:0:shuffle"))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of IS-MCTS play (default 5)")
    parser.add_argument("--games", type=int, default=20, help="random games per memory case (default 20)")
    parser.add_argument("--engine", choices=("python", "kernel"), default="python",
                        help="where IS-MCTS's random rollouts run (kernel: the fast extra)")
    parser.add_argument("--variant", default="cau-robat", help="the IS-MCTS game's preset (default cau-robat)")
    parser.add_argument("--players", type=int, default=2, help="its players (default 2)")
    parser.add_argument("--ismcts-only", action="store_true",
                        help="measure IS-MCTS speed only (for older checkouts, see compare_anchor.py)")
    args = parser.parse_args(argv)
    if args.ismcts_only:
        print(json.dumps({"ismcts": ismcts_speed(args.seconds, args.engine, args.variant, args.players)}))
        return 0
    result = {
        "memory": [memory_per_state(variant, players, args.games) for variant, players in MEMORY_CASES],
        "ismcts": ismcts_speed(args.seconds, args.engine),
        "floor": cost_floor(),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
