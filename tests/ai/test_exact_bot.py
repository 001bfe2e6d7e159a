"""The bot that searches perfect-information positions exactly (cau_rules.ai.exact)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from cau_rules import new_game
from cau_rules.ai.exact import ExactBot, exact_bot
from cau_rules.ai.simulate import make_bot, simulate
from cau_rules.bots import Bot, RandomBot, play_game
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.state import FishingState
from tests.kernel.exact_reference import optimal_moves, perfect


def test_the_spec_names_the_bot() -> None:
    bot = make_bot("exact:40:nodes=5000:fallback=search")
    assert isinstance(bot, ExactBot)
    assert (bot.iterations, bot.nodes, bot.fallback, bot.seconds) == (40, 5000, "search", None)
    assert make_bot("exact:time=0.25").seconds == 0.25  # type: ignore[attr-defined]
    for bad in ("exact:x", "exact:nodes=0", "exact:time=-1", "exact:fallback=guess", "exact:5:6"):
        with pytest.raises(InvalidRulesError):
            make_bot(bad)
    assert repr(exact_bot([])) == "ExactBot(iterations=1000, nodes=300000)"


@pytest.mark.parametrize("name", ["cau-robat-40", "cau-40", "cau-robat"])
def test_perfect_information_endgames_are_played_exactly(name: str) -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 4:
        bot = ExactBot(iterations=20, nodes=200_000)
        state = new_game(name, players=2, seed=rng.randrange(1000))
        assert isinstance(state, FishingState)
        for seat in range(2):
            bot.observe(state.observe(seat))
        while not state.is_over:
            if perfect(state) and sum(len(h) for h in state.holdings) <= 8 and len(state.legal_moves()) > 1:
                move = bot.choose(state.observe(state.to_play), random.Random(1))
                best, values = optimal_moves(state)
                assert bot.last_search == "exact"
                assert values[move] == best
                checked += 1
                break
            state = state.apply(rng.choice(state.legal_moves()))
            assert isinstance(state, FishingState)
            for seat in range(2):
                bot.observe(state.observe(seat))


def test_hidden_cards_get_is_mcts_and_big_positions_the_deepening_search() -> None:
    state = new_game("cau", players=2, seed=3)
    bot = ExactBot(iterations=20, nodes=2000)
    assert bot.choose(state.observe(state.to_play), random.Random(2)) in state.legal_moves()
    assert bot.last_search == "ismcts"
    whole = new_game("cau-40", players=2, seed=3)
    assert bot.choose(whole.observe(whole.to_play), random.Random(2)) in whole.legal_moves()
    assert bot.last_search == "ismcts"
    deep = ExactBot(iterations=20, nodes=2000, fallback="search")
    assert deep.choose(whole.observe(whole.to_play), random.Random(2)) in whole.legal_moves()
    assert deep.last_search == "search"


@pytest.mark.parametrize(("name", "players"), [("cau-robat-40", 2), ("cau", 3), ("cau-quatre", 3)])
def test_whole_games_finish(name: str, players: int) -> None:
    state = new_game(name, players=players, seed=6)
    bots: list[Bot] = [ExactBot(iterations=10, nodes=3000), *[RandomBot() for _ in range(players - 1)]]
    assert play_game(state, bots, seed=2).is_over


def test_a_time_budget_plays_legal_moves_and_simulate_takes_the_name() -> None:
    state = new_game("cau-robat", players=2, seed=4)
    bot = ExactBot(seconds=0.02, nodes=2000)
    assert play_game(state, [bot, RandomBot()], seed=1).is_over
    result = simulate("cau-40", ["exact:10:nodes=2000", "random"], games=2, seed=1, executor="serial")
    assert result.games == 2
