"""The arena: duplicate deals, paired figures, Bradley-Terry ratings, the SPRT, bad input."""

from __future__ import annotations

import concurrent.futures
import json
import math
import random

import pytest

from cau_rules.ai.arena import arena, seatings
from cau_rules.ai.ratings import bootstrap_ratings, bradley_terry, share_from_elo, sprt, sprt_llr
from cau_rules.ai.simulate import game_seeds
from cau_rules.errors import InvalidRulesError
from cau_rules.game import GameRules, GameState
from cau_rules.registry import new_game


def test_every_seat_holds_each_bot_equally_often() -> None:
    for players in (2, 3, 4, 5):
        for rows in (seatings(players, "alternate"), seatings(players, "one")):
            assert len(set(rows)) == len(rows)
            for seat in range(players):
                assert sum(row[seat] for row in rows) * 2 == len(rows)


def test_every_seating_of_a_deal_is_dealt_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    import cau_rules.ai.arena as module

    dealt: list[tuple[int, int]] = []

    def spy(rules: GameRules, players: int, seed: int) -> GameState:
        dealt.append((players, seed))
        return new_game(rules, players=players, seed=seed)

    monkeypatch.setattr(module, "new_game", spy)
    result = arena("cau", ["greedy", "random", "random"], deals=3, seed=9, executor="serial")
    assert result.deals == 3 and result.games == 3 * 2 * 3  # 3 pairs, 2 seatings, 3 deals
    seeds = [game_seeds(9, deal)[0] for deal in range(3)]
    # every pair and every seating of deal k gets deal k's seed: 3 pairs x 2 seatings each
    assert sorted(seed for _, seed in dealt) == sorted(seeds * 6)


@pytest.mark.parametrize("preset,players", [("cau-robat", 2), ("cau-recau-sant-vicent", 4), ("cau-quatre", 3)])
def test_two_copies_of_one_bot_cancel_exactly(preset: str, players: int) -> None:
    result = arena(preset, ["greedy", "greedy"], deals=2, seed=3, players=players, executor="serial")
    pair = result.pairs[0]
    assert result.bots == ("greedy", "greedy#2")
    assert all(score == 0.5 for score in result.scores[0])
    assert all(margin == 0.0 for margin in result.margins[0])
    assert pair.share == 0.5 and pair.margin == 0.0 and pair.elo == 0.0


def test_the_result_does_not_depend_on_the_executor_or_the_chunks() -> None:
    serial = arena("cau", ["greedy", "random"], deals=5, seed=2, executor="serial")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert arena("cau", ["greedy", "random"], deals=5, seed=2, executor=pool, chunk_size=2) == serial
    assert arena("cau", ["greedy", "random"], deals=5, seed=2, executor="serial", chunk_size=1) == serial
    data = json.loads(json.dumps(serial.to_dict()))
    assert data["ratings"][1]["bot"] == "random" and data["ratings"][1]["elo"] == 0.0
    assert "| `greedy` |" in serial.to_markdown() and serial.to_svg().count("<circle") == 2


def test_the_one_lineup_reports_the_fair_share_multiple() -> None:
    result = arena("cau", ["greedy", "greedy"], deals=1, players=3, lineup="one", executor="serial")
    assert result.games == 6 and result.pairs[0].solo_a == result.pairs[0].solo_b


def test_bradley_terry_recovers_known_ratings() -> None:
    truth = [0.0, 150.0, 320.0, -80.0]
    totals = {}
    for i in range(4):
        for j in range(i + 1, 4):
            totals[(i, j)] = (1000 * share_from_elo(truth[i] - truth[j]), 1000.0)
    fitted = bradley_terry(4, totals, anchor=0, prior=0)
    assert all(abs(f - t) < 1e-6 for f, t in zip(fitted, truth, strict=True))
    anchored = bradley_terry(4, totals, anchor=3, prior=0)
    assert all(abs(f - (t + 80.0)) < 1e-6 for f, t in zip(anchored, truth, strict=True))
    # a bot that won every deal stays finite with the prior
    assert math.isfinite(bradley_terry(2, {(0, 1): (50.0, 50.0)})[1])


def test_the_bootstrap_interval_holds_the_fit_and_narrows_with_deals() -> None:
    rng = random.Random(4)
    few = {(0, 1): [float(rng.random() < 0.64) for _ in range(100)]}
    many = {(0, 1): [float(rng.random() < 0.64) for _ in range(1600)]}
    (lo_few, hi_few) = bootstrap_ratings(2, few, samples=100, prior=0)[1]
    (lo_many, hi_many) = bootstrap_ratings(2, many, samples=100, prior=0)[1]
    assert 0 < hi_many - lo_many < hi_few - lo_few
    assert lo_many < -100 < hi_many  # bot 1 is about 100 Elo below the anchor, bot 0


def test_sprt_accepts_h1_and_h0_on_synthetic_streams() -> None:
    rng = random.Random(7)
    strong = [rng.choice([0.0, 0.5, 1.0, 1.0, 1.0]) for _ in range(400)]  # mean 0.7
    equal = [rng.choice([0.0, 0.25, 0.5, 0.75, 1.0]) for _ in range(4000)]  # mean 0.5
    assert sprt(strong, 0, 50).verdict == "H1"
    assert sprt(equal, 0, 50).verdict == "H0"
    assert sprt(strong[:3], 0, 50).verdict == "continue"
    assert sprt_llr([0.5] * 100, 0, 50) < 0 < sprt_llr([0.75] * 100, 0, 50)


def test_the_arena_sprt_stops_when_the_ratio_leaves_its_bounds() -> None:
    result = arena("cau", ["greedy", "random"], deals=200, seed=1, executor="serial", sprt=(0, 100), chunk_size=4)
    assert result.sprt is not None and result.sprt.verdict == "H1"
    assert result.deals < 200 and result.deals % 4 == 0 and result.sprt.deals == result.deals


def test_bad_input_raises_the_library_errors() -> None:
    with pytest.raises(InvalidRulesError, match="unknown bot"):
        arena("cau", ["greedy", "clever"], deals=1, executor="serial")
    with pytest.raises(InvalidRulesError, match="2 to 4 players"):
        arena("cau", ["greedy", "random"], deals=1, players=5, executor="serial")
    with pytest.raises(InvalidRulesError, match="at least two bots"):
        arena("cau", ["greedy"], deals=1, executor="serial")
    with pytest.raises(InvalidRulesError, match="ELO0 < ELO1"):
        arena("cau", ["greedy", "random"], deals=1, executor="serial", sprt=(10, 5))
    with pytest.raises(InvalidRulesError, match="ELO0 < ELO1"):
        arena("cau", ["greedy", "random"], deals=1, executor="serial", sprt=(0, math.inf))
    with pytest.raises(InvalidRulesError, match="two bots"):
        arena("cau", ["greedy", "random", "random"], deals=1, executor="serial", sprt=(0, 5))
    with pytest.raises(InvalidRulesError, match="lineup"):
        arena("cau", ["greedy", "random"], deals=1, executor="serial", lineup="all")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="deals must be a whole number from 0"):
        arena("cau", ["greedy", "random"], deals=-1, executor="serial")
    with pytest.raises(InvalidRulesError, match="chunk_size"):
        arena("cau", ["greedy", "random"], deals=2, executor="serial", chunk_size=0)
    with pytest.raises(ValueError, match="executor"):
        arena("cau", ["greedy", "random"], deals=1, executor="threads")


def test_bot_objects_and_factories_are_given_fresh_to_every_game() -> None:
    from cau_rules.ai.mcts import ISMCTSBot
    from cau_rules.bots import GreedyBot

    bot = ISMCTSBot(iterations=3, engine="python")
    result = arena("cau", [bot, GreedyBot], deals=1, executor="serial")
    assert result.bots == ("ISMCTSBot(iterations=3)", "GreedyBot") and result.games == 2
    assert bot.info(0) is None and bot.info(1) is None  # the object given was never played


def test_dask_gives_the_serial_result() -> None:
    pytest.importorskip("distributed")
    from distributed import Client

    serial = arena("cau", ["greedy", "random"], deals=3, seed=4, executor="serial")
    with Client(processes=False, n_workers=1, threads_per_worker=2,  # type: ignore[no-untyped-call]
                dashboard_address=None) as client:
        assert arena("cau", ["greedy", "random"], deals=3, seed=4, executor=client.get_executor(), chunk_size=1) == serial
        sprt_run = arena("cau", ["greedy", "random"], deals=100, seed=4, executor=client.get_executor(), chunk_size=2,
                         sprt=(0, 100))
    assert sprt_run.sprt is not None and sprt_run.sprt.verdict == "H1" and sprt_run.deals < 100


def test_a_share_interval_stays_within_zero_and_one() -> None:
    result = arena("cau-40", ["greedy", "random"], deals=4, seed=1, executor="serial")
    for pair in result.pairs:
        assert 0.0 <= pair.share_low <= pair.share <= pair.share_high <= 1.0
