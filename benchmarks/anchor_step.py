"""The anchor side of ``compare_anchor.py``: random playouts of one OpenSpiel game.

Run it with an interpreter that has the pip package ``open-spiel`` installed (it imports
nothing from ``cau_rules``, so that interpreter needs nothing else)::

    /path/to/python-with-open-spiel benchmarks/anchor_step.py python_team_dominoes 3

For about SECONDS seconds (whole games only, at least one) it plays games from
``new_initial_state()`` to the end: at a chance node (the deal) it applies one of the
chance outcomes chosen uniformly at random, at a decision node one of the legal actions
chosen uniformly at random.  The random choices come from ``random.Random`` seeded with
a fixed string, so every run replays the same games.  It prints one JSON object with
``game``, ``games``, ``seconds``, ``decisions`` and ``us_per_decision``: **all** the
time, chance steps included, divided by the number of decisions, the same measure as
``cau-rules bench --json`` (see ``benchmarks/anchor.md``).  With ``--games N`` it plays
exactly N games instead, whatever the time (``benchmarks/instructions.py`` counts their
instructions).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any


def play_one(game: Any, rng: random.Random) -> int:
    """One game of the OpenSpiel *game* from its initial state to the end, every chance
    outcome and every legal action chosen uniformly with *rng*; the decisions made."""
    decisions = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _probability in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def measure(game_name: str, seconds: float, games: int | None = None) -> dict[str, Any]:
    """Random playouts of *game_name* for about *seconds* (or exactly *games* games,
    none included, when given); the figures as a dict."""
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # only the OpenSpiel interpreter needs it
    from open_spiel.python import games as _python_games  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401  (registers the Python games)

    game = pyspiel.load_game(game_name)
    rng = random.Random(f"{game_name}:anchor")
    played = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while (played < games) if games is not None else (played == 0 or time.perf_counter() < deadline):
        decisions += play_one(game, rng)
        played += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "games": played,
        "seconds": round(elapsed, 3),
        "decisions": decisions,
        "us_per_decision": round(elapsed * 1e6 / max(decisions, 1), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="an OpenSpiel game name, e.g. python_team_dominoes")
    parser.add_argument("seconds", type=float, nargs="?", default=3.0, help="seconds to play (default 3)")
    parser.add_argument("--games", type=int, help="play exactly this many games instead (0: load the game only)")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.game, args.seconds, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
