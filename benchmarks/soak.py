"""Soak run: random games of every preset and player count, every invariant checked on
every state (outside CI; it takes minutes to hours).

For each state of each game it checks:

- conservation: every card of the deck is in exactly one zone;
- views: no seat's view (its visible cards and every card code in its JSON, events
  aside) shows a card hidden from that seat;
- JSON: ``loads(dumps(state)) == state``;
- moves: the chosen legal move applies, and a move that is not listed is refused;
- determinism: the game replayed from its seed and moves ends in the same state.

Usage::

    python benchmarks/soak.py --games 10000 --workers 2
    python benchmarks/soak.py --games 50 --preset cau --players 4

It prints one line per preset and player count (games, states checked, violations) and a
total; the exit status is 1 if any invariant was broken.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cau_rules import dumps, loads
from cau_rules.cli import allowed_players
from cau_rules.game import Family, GameState
from cau_rules.registry import family_of, get_rules, new_game, variants

CODE = re.compile(r"(?<![0-9])(1[0-2]|[1-9])[oceb](?![a-z])")


def cases(preset: str | None, players: int | None) -> Iterator[tuple[str, int]]:
    """Every (preset, player count) to soak."""
    for name in variants():
        if preset is not None and name != preset:
            continue
        for count in allowed_players(get_rules(name)):
            if players is None or count == players:
                yield name, count


def check_state(state: GameState, family: Family[Any, Any, Any, Any], problems: list[str], where: str) -> None:
    """Append a sentence to *problems* for every invariant *state* breaks."""
    suite = family.suite
    deck = sorted(state.rules.deck.cards)
    if sorted(suite.all_cards(state)) != deck:
        problems.append(f"{where}: cards not conserved")
    for seat in range(state.players):
        hidden = suite.hidden_from(state, seat)
        view = state.observe(seat)
        leaked = set(view.visible_cards()) & hidden
        # every card the view's data names, except events (they tell public moves, such
        # as a table card shown and put back into the stock)
        data = {key: value for key, value in view.to_dict().items() if key != "events"}
        named = {match.group(0) for match in CODE.finditer(json.dumps(data, ensure_ascii=False))}
        leaked |= {card for card in hidden if card.code in named}
        if leaked:
            problems.append(f"{where}: seat {seat} sees {sorted(card.code for card in leaked)}")
    if loads(dumps(state)) != state:
        problems.append(f"{where}: JSON round trip changed the state")


def soak(name: str, players: int, first: int, games: int) -> tuple[str, int, int, int, int, list[str]]:
    """Play *games* random games from seed *first*; returns the counts, the number of
    violations and the first few of them."""
    family = family_of(name)
    states = 0
    problems: list[str] = []
    for seed in range(first, first + games):
        rng = random.Random(seed)
        state: GameState = new_game(name, players, seed=seed)
        moves: list[str] = []
        bound = family.suite.max_moves(state.rules, players)
        while True:
            where = f"{name}/{players} seed {seed} move {len(moves)}"
            check_state(state, family, problems, where)
            states += 1
            if state.is_over:
                break
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            for candidate in family.suite.illegal_candidates(state)[:4]:
                if state.is_legal(candidate):
                    continue
                try:
                    state.apply(candidate)
                except (ValueError, TypeError):
                    pass
                else:
                    problems.append(f"{where}: {candidate!r} is not listed but applied")
            state = state.apply(move)
            moves.append(str(move))
            if len(moves) > bound:
                problems.append(f"{where}: game longer than its bound {bound}")
                break
        replay: GameState = new_game(name, players, seed=seed)
        for text in moves:
            replay = replay.apply(text)
        if replay != state:
            problems.append(f"{name}/{players} seed {seed}: the replay ends elsewhere")
    return name, players, games, states, len(problems), problems[:5]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per preset and player count")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--preset", default=None, help="soak one preset only")
    parser.add_argument("--players", type=int, default=None, help="soak one player count only")
    parser.add_argument("--chunk", type=int, default=250, help="games per task")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    totals: Counter[tuple[str, int]] = Counter()
    checked: Counter[tuple[str, int]] = Counter()
    broken: Counter[tuple[str, int]] = Counter()
    found: dict[tuple[str, int], list[str]] = {}
    with cf.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [
            pool.submit(soak, name, players, first, min(args.chunk, args.games - first))
            for name, players in cases(args.preset, args.players)
            for first in range(0, args.games, args.chunk)
        ]
        for future in cf.as_completed(futures):
            name, players, games, states, count, problems = future.result()
            totals[name, players] += games
            checked[name, players] += states
            broken[name, players] += count
            found.setdefault((name, players), []).extend(problems)
    bad = sum(broken.values())
    print(f"{'preset':24} {'players':>7} {'games':>8} {'states':>10} {'violations':>10}")
    for key in sorted(totals):
        print(f"{key[0]:24} {key[1]:>7} {totals[key]:>8} {checked[key]:>10} {broken[key]:>10}")
        for problem in found.get(key, [])[:5]:
            print("   ", problem)
    print(f"total: {sum(totals.values())} games, {sum(checked.values())} states, {bad} violations, "
          f"{time.perf_counter() - started:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
