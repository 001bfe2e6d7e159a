"""simulate: the same seed gives the same result whatever the executor and chunks."""

from __future__ import annotations

import concurrent.futures
import functools
import math

import pytest

from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.ai.simulate import SimulationResult, game_seeds, make_bot, simulate, wilson_interval
from cau_rules.bots import GreedyBot, RandomBot
from cau_rules.errors import InvalidRulesError
from cau_rules.registry import get_rules

BOTS = ["greedy", "random", "ismcts:4", "random"]
GAMES = 10


def greedy_factory() -> GreedyBot:
    return GreedyBot()


@pytest.fixture(scope="module")
def reference() -> SimulationResult:
    return simulate("cau-robat", BOTS, GAMES, seed=5, executor="serial")


def test_the_reference_result(reference: SimulationResult) -> None:
    assert reference.games == GAMES and reference.players == 4
    assert reference.bots == tuple(BOTS) and reference.variant == "cau-robat"
    assert math.isclose(sum(reference.wins), GAMES)
    assert math.isclose(sum(reference.score_totals), 48 * GAMES)  # cau-robat: every card is won
    for seat in reference.seats:
        assert seat.ci_low <= seat.win_rate <= seat.ci_high
    assert simulate("cau-robat", BOTS, GAMES, seed=6, executor="serial") != reference


def test_chunking_does_not_change_the_result(reference: SimulationResult) -> None:
    for size in (1, 3, GAMES):
        assert simulate("cau-robat", BOTS, GAMES, seed=5, executor="serial", chunk_size=size) == reference


def test_threads(reference: SimulationResult) -> None:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate("cau-robat", BOTS, GAMES, seed=5, executor=pool, chunk_size=3) == reference


def test_processes(reference: SimulationResult) -> None:
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate("cau-robat", BOTS, GAMES, seed=5, executor=pool, chunk_size=2) == reference


def test_the_default_process_pool() -> None:
    serial = simulate("cau", ["random", greedy_factory], 6, seed=1, executor="serial")
    assert simulate("cau", ["random", greedy_factory], 6, seed=1) == serial


def test_dask(reference: SimulationResult) -> None:
    pytest.importorskip("distributed")
    from distributed import Client

    with Client(processes=False, n_workers=1, threads_per_worker=2,  # type: ignore[no-untyped-call]
                dashboard_address=None) as client:
        result = simulate("cau-robat", BOTS, GAMES, seed=5, executor=client.get_executor(), chunk_size=4)
    assert result == reference


def test_factories_and_names_give_the_same_games() -> None:
    by_name = simulate("cau", ["greedy", "random", "ismcts:3"], 4, seed=2, executor="serial")
    by_factory = simulate("cau", [GreedyBot, RandomBot, functools.partial(ISMCTSBot, 3)], 4, seed=2,
                          executor="serial")
    assert by_factory.wins == by_name.wins and by_factory.score_totals == by_name.score_totals
    assert by_factory.bots[0] == "GreedyBot"


def test_a_lambda_cannot_go_to_a_process_pool() -> None:
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool, \
            pytest.raises(InvalidRulesError, match="cannot be sent to a process pool"):
        simulate("cau", [lambda: RandomBot(), "random"], 2, executor=pool)
    assert simulate("cau", [lambda: RandomBot(), "random"], 2, executor="serial").games == 2


def test_progress_is_reported_in_order() -> None:
    calls: list[tuple[int, int]] = []
    simulate("cau", ["random"], 7, players=2, executor="serial", chunk_size=3,
             progress=lambda done, total: calls.append((done, total)))
    assert calls == [(3, 7), (6, 7), (7, 7)]


def test_rules_objects_and_options() -> None:
    rules = get_rules("cau", wrap=True)
    result = simulate(rules, ["ismcts:3", "random"], 2, seed=1, executor="serial")
    assert result.games == 2 and result.variant == "cau"
    bot = make_bot("ismcts:3", rules)
    assert isinstance(bot, ISMCTSBot) and bot.rules is rules


def test_no_games() -> None:
    result = simulate("cau", ["random", "random"], 0, executor="serial")
    assert result.games == 0 and result.win_rates == (0.0, 0.0)
    assert result.confidence_intervals() == ((0.0, 1.0), (0.0, 1.0))


def test_bad_arguments() -> None:
    with pytest.raises(InvalidRulesError, match="3 players need 3 bots"):
        simulate("cau", ["random", "random"], 2, players=3, executor="serial")
    with pytest.raises(InvalidRulesError, match="unknown bot"):
        simulate("cau", ["random", "smart"], 2, executor="serial")
    with pytest.raises(InvalidRulesError, match="iteration"):
        make_bot("ismcts:0")
    with pytest.raises(InvalidRulesError, match="ismcts:N"):
        make_bot("ismcts:many")
    with pytest.raises(InvalidRulesError, match="rollout"):
        make_bot("ismcts:5:clever")
    with pytest.raises(InvalidRulesError, match="unknown variant"):
        simulate("caus", ["random"], 2, executor="serial")
    with pytest.raises(ValueError, match="executor"):
        simulate("cau", ["random", "random"], 2, executor="threads")
    with pytest.raises(ValueError, match="chunk_size"):
        simulate("cau", ["random", "random"], 2, executor="serial", chunk_size=0)
    with pytest.raises(ValueError, match="games"):
        simulate("cau", ["random", "random"], -1, executor="serial")
    with pytest.raises(InvalidRulesError):
        simulate("cau", ["random"] * 7, 2, executor="serial")


class _UnknownRules:
    name = "unknown"
    min_players = max_players = 2

    def check_players(self, players: int) -> None:
        pass


def test_unsupported_family_is_refused_before_playing() -> None:
    with pytest.raises(InvalidRulesError, match="information-state support"):
        simulate(_UnknownRules(), ["ismcts:5", "random"], 2, executor="serial")  # type: ignore[arg-type]


def test_every_family_simulates() -> None:
    for variant, bots in (("cacho", ["ismcts:4", "greedy", "random"]), ("cau-quatre", ["ismcts:4", "greedy"])):
        result = simulate(variant, bots, 3, seed=1, executor="serial")
        assert result.games == 3 and 0 <= sum(result.wins) <= 3 + 1e-9


def test_seeds_and_intervals() -> None:
    assert game_seeds(0, 1) == game_seeds("0", 1)  # the seed is used as text
    assert len({game_seeds(3, i)[0] for i in range(100)}) == 100
    low, high = wilson_interval(50, 100)
    assert math.isclose(low, 1 - high) and 0.40 < low < 0.41
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0
