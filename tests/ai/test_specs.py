"""Bot specs: one parser for simulate, the arena and the command line; levels; time budgets."""

from __future__ import annotations

import random

import pytest

from cau_rules.ai.budget import TimedISMCTSBot
from cau_rules.ai.levels import (
    LEVEL_TABLE,
    LEVELS,
    MOST_SECONDS,
    PLAYER_LEVELS,
    level_label,
    level_named,
    level_spec,
    level_specs,
)
from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.ai.specs import make_bot, parse_spec, resolve_spec, with_engine
from cau_rules.bots import GreedyBot, play_game
from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import LANGS
from cau_rules.registry import get_rules, new_game, variants


def test_ismcts_specs() -> None:
    bot = make_bot("ismcts:300:greedy:c=1.5")
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 300 and bot.exploration == 1.5
    assert isinstance(bot.rollout_bot, GreedyBot)
    assert make_bot("ismcts:iterations=7:rollout=python").engine == "python"  # type: ignore[attr-defined]
    timed = make_bot("ismcts:500:time=0.25:kernel")
    assert isinstance(timed, TimedISMCTSBot) and timed.seconds == 0.25 and timed.most == 500
    assert timed.engine == "kernel"
    assert make_bot("ismcts:time=0.1:python").engine == "python"  # type: ignore[attr-defined]
    assert make_bot("ismcts:greedy").iterations == 200  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec,message", [
    ("ismcts:0", "at least 1 iteration"),
    ("ismcts:lots", "ismcts:N"),
    ("ismcts:5:fast", "random, greedy, python or kernel"),
    ("ismcts:time=0", "must be positive"),
    ("ismcts:time=soon", "bad time"),
    ("ismcts:time=nan", "bad time"),
    ("ismcts:c=-1", "must not be negative"),
    ("ismcts:5:kernel:7", "too many"),
    ("ismcts:5:iterations=6", "given twice"),
    ("ismcts:time=1:time=2", "given twice"),
    ("greedy:3", "takes no arguments"),
    ("level:godlike", "unknown level"),
    ("level:easy:hard", "name one level"),
    ("", "empty bot spec"),
])
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        make_bot(spec)


def test_levels_resolve_for_every_preset_and_every_spec_is_valid() -> None:
    for preset in variants():
        rules = get_rules(preset)
        specs = level_specs(preset)
        assert list(specs) == list(LEVELS)
        for level, spec in specs.items():
            assert resolve_spec(f"level:{level}", rules) == spec == resolve_spec(level.upper(), preset)
            make_bot(spec, rules)
            parsed = parse_spec(spec)
            if parsed.kind in ("ismcts", "exact"):  # every search level is capped at one CPU second a move
                assert 0 < float(parsed.options["time"]) <= MOST_SECONDS
    assert set(LEVEL_TABLE["*"]) == set(LEVELS)


def test_level_names_in_three_languages() -> None:
    for level in LEVELS:
        names = {level_label(level, lang) for lang in LANGS}
        assert all(level_named(name) == level for name in names)
    assert level_label("medium", "ca") == "mitjà" and level_label("hard", "es") == "difícil"


def test_with_engine_keeps_named_rollouts_and_resolves_levels() -> None:
    assert with_engine(["ismcts", "random"], "python") == ["ismcts::python", "random"]
    assert with_engine(["hard", "level:easy"], "kernel") == ["hard", "level:easy"]
    assert with_engine(["ismcts:5:rollout=greedy"], "kernel") == ["ismcts:5:rollout=greedy"]


def test_a_timed_bot_measures_its_speed_plays_whole_games_and_keeps_its_cap() -> None:
    bot = TimedISMCTSBot(0.02, iterations=2000, engine="python")
    state = new_game("cau-robat", players=2, seed=3)
    final = play_game(state, [bot, GreedyBot()], seed=1)
    assert final.is_over and bot.rate > 0
    bot.reset()
    assert bot.rate == 0 and bot.info(0) is None
    capped = TimedISMCTSBot(5.0, iterations=10, engine="python")
    capped.observe(state.observe(0))
    capped.choose(state.observe(0), random.Random(1))
    assert capped.last_iterations == 10


def test_two_player_cacho_expert_is_the_equilibrium_and_other_counts_keep_the_table() -> None:
    from cau_rules.cacho.solver.bot import CachoEquilibriumBot

    rules = get_rules("cacho")
    assert level_spec("expert", "cacho", players=2) == resolve_spec("expert", rules, 2) == "equilibrium"
    assert level_specs("cacho", 2) == {**level_specs("cacho"), "expert": "equilibrium"}
    for players in (None, 3, 8):
        assert level_spec("expert", "cacho", players) == LEVEL_TABLE["*"]["expert"]
    assert level_spec("expert", "cau", 2) == level_spec("expert", "cau")  # no override elsewhere
    assert isinstance(make_bot("level:expert", rules, players=2), CachoEquilibriumBot)
    assert not isinstance(make_bot("experto", rules, players=3), CachoEquilibriumBot)
    for (preset, players), levels in PLAYER_LEVELS.items():  # every override names a level and a valid bot
        assert set(levels) <= set(LEVELS) and get_rules(preset).min_players <= players
        for spec in levels.values():
            make_bot(spec, get_rules(preset), players)



def test_the_callers_give_the_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a two-player override that names no bot, every caller that passes the count
    fails on it at two players and plays the table's bot at three."""
    import io

    from cau_rules.ai import levels
    from cau_rules.ai.arena import arena
    from cau_rules.ai.simulate import simulate
    from cau_rules.cli.sessions import play_session

    monkeypatch.setitem(levels.PLAYER_LEVELS, ("cacho", 2), {"easy": "no-such-bot"})
    rules = get_rules("cacho").replace(stack=3, max_hands=1)
    with pytest.raises(InvalidRulesError, match="unknown bot"):
        simulate(rules, ["easy", "greedy"], games=1, executor="serial")
    with pytest.raises(InvalidRulesError, match="unknown bot"):
        arena(rules, ["easy", "random"], deals=1, executor="serial")
    with pytest.raises(InvalidRulesError, match="unknown bot"):
        play_session("cacho", players=2, level="easy", input_func=lambda prompt: "quit", out=io.StringIO())
    assert simulate(rules, ["easy", "greedy", "random"], games=1, executor="serial").bots[0] == "easy"
