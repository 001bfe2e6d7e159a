"""The direct paths of ``cau_rules.cacho.direct`` give exactly what the engine gives: every
field of the next state and its events (a move that ends round 1 or 2 and deals the next
card included), for every legal move of every position of seeded random sessions, at
every player count and under both resto rules, and for the first state of every session
(issue 15: the fast paths change no behaviour)."""

from __future__ import annotations

import random

import attrs
import pytest

from cau_rules.cacho import CACHO, CachoState, engine, legal, new_game
from cau_rules.cacho.direct import acted, opened
from cau_rules.cacho.engine import Engine, shuffled_deck
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cards import CACHO_24

FIELDS = [field.name for field in attrs.fields(CachoState)]


def engine_state(state: CachoState, move: CachoMove) -> CachoState:
    work = Engine(state)
    work.act(move)
    return work.freeze(CachoState)


def candidates(state: CachoState) -> list[CachoMove]:
    """The legal moves, a range of amounts cut to its ends (every amount takes the same path)."""
    moves = list(state.legal_moves()[:4])
    last = state.legal_moves()[-1]
    if last not in moves:
        moves.append(last)
    return moves


@pytest.mark.parametrize("resto", ["cap_at_smallest", "side_pots"])
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_direct_moves_match_the_engine(players: int, resto: str) -> None:
    rules = CACHO.replace(resto=resto, max_hands=6, stack=6)
    counts = {"direct": 0, "engine": 0, "next round": 0}
    for seed in range(25):
        rng = random.Random(f"{seed}:cacho-direct")
        state = new_game(rules, players, seed=seed)
        while not state.is_over:
            for move in candidates(state):
                expected = engine_state(state, move)
                after = acted(state, move, CachoState)
                if after is None:
                    counts["engine"] += 1
                    continue
                counts["direct"] += 1
                counts["next round"] += after.round != state.round
                for name in FIELDS:
                    assert getattr(after, name) == getattr(expected, name), (name, move, state.to_notation())
                assert after == state.apply(move) and after.events == state.apply(move).events
            state = state.apply(rng.choice(state.legal_moves()))
    assert counts["direct"] > 100 and counts["engine"] > 100 and counts["next round"] > 50, counts


@pytest.mark.parametrize("players", range(2, 9))
def test_the_first_deal_matches_the_engine(players: int) -> None:
    for rules in (CACHO, CACHO.replace(stack=1, resto="side_pots"), CACHO.replace(stack=1000, bets=(3, 5))):
        for seed in range(12):
            decks = (tuple(reversed(CACHO_24.cards)),) if seed % 3 == 0 else ()
            work = Engine.blank(rules, players, seed, decks)
            work.start_hand()
            expected = work.freeze(CachoState)
            deck = decks[0] if decks else shuffled_deck(seed, 0, 0)
            got = opened(rules, players, seed, decks, deck, CachoState)
            for name in FIELDS:
                assert getattr(got, name) == getattr(expected, name), (name, players, seed)
            assert got == new_game(rules, players, seed=seed, decks=decks or None)


def test_direct_moves_share_what_they_leave() -> None:
    state = new_game(CACHO, 3, seed=4)
    after = state.apply(Pass())
    assert after.stacks is state.stacks and after.holdings is state.holdings and after.folded is state.folded
    opened = state.apply(Bet(1))
    assert opened.holdings is state.holdings and opened.stock is state.stock


def test_interned_events_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_EVENTS_KEPT", 50)
    engine._EVENTS.clear()
    rules = CACHO.replace(max_hands=4)
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(rules, 6, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            assert len(engine._EVENTS) <= 51
    engine._EVENTS.clear()


def _resto_limit_by_definition(state: CachoState, seat: int) -> int:
    """The resto limit as its docstring defines it, written plainly."""
    stakes = {s: state.stacks[s] + state.round_bets[s] for s in range(len(state.stacks))
              if state.dealt_in[s] and not state.folded[s]}
    if not stakes:
        return 0
    if state.rules.resto == "cap_at_smallest":
        return min(stakes.values())
    others = [stake for s, stake in stakes.items() if s != seat]
    return min(state.stacks[seat] + state.round_bets[seat], max(others, default=0))


@pytest.mark.parametrize("resto", ["cap_at_smallest", "side_pots"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_quick_legality_check_agrees_with_the_refusals(players: int, resto: str) -> None:
    """``legal.allows`` (the check ``apply`` makes) says yes exactly where ``legal.refusal``
    finds nothing, for every kind of move and every amount up to past the stacks, and the
    resto limit matches its definition for every seat (issue 15: the fast checks change no
    behaviour)."""
    rules = CACHO.replace(resto=resto, max_hands=6, stack=6)
    tried = {True: 0, False: 0}
    for seed in range(15):
        rng = random.Random(f"{seed}:cacho-allows")
        state = new_game(rules, players, seed=seed)
        while not state.is_over:
            for seat in range(players):
                assert legal.resto_limit(state, seat) == _resto_limit_by_definition(state, seat)
            moves: list[CachoMove] = [Pass(), Call(), Fold(), *(Bet(n) for n in range(1, 16)),
                                      *(Raise(n) for n in range(1, 16))]
            for move in moves:
                allowed = legal.allows(state, move)
                assert allowed == (legal.refusal(state, move) is None), (move, state.to_notation())
                tried[allowed] += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert tried[True] > 100 and tried[False] > 100, tried
