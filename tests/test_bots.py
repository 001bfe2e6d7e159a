"""The bots see only views, play legal moves, and make games reproducible from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from cau_rules import get_rules, new_game, variants
from cau_rules.bots import Bot, GreedyBot, PlayerView, RandomBot, play_game
from cau_rules.cards import Card, parse_cards
from cau_rules.cli import allowed_players
from cau_rules.errors import IllegalMoveError
from cau_rules.fishing import Chain, FishingState, FishingView
from cau_rules.fishing.rules import CAU, CAU_ROBAT
from tests.scenario import plays


def _cases() -> list[tuple[str, int]]:
    return [(name, players) for name in variants() for players in allowed_players(get_rules(name))]


class SpyBot:
    """Records what it is given, then plays like the wrapped bot."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.seen: list[Any] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        self.seen.append(view)
        return self.inner.choose(view, rng)


# -- the protocol: views only ---------------------------------------------------------


def test_random_bot_works_from_the_view_alone() -> None:
    state = new_game("cau", players=3, seed=11)
    view = state.observe(state.to_play)
    move = RandomBot().choose(view, random.Random(0))
    assert move in view.legal_moves
    assert state.apply(move) is not None


def test_bots_are_given_views_never_states() -> None:
    spies = [SpyBot(GreedyBot()), SpyBot(RandomBot())]
    final = play_game(new_game("cau-robat", players=2, seed=3), spies, seed=3)
    assert final.is_over
    for seat, spy in enumerate(spies):
        assert spy.seen, "every seat moved at least once"
        for view in spy.seen:
            assert isinstance(view, FishingView)
            assert not isinstance(view, FishingState)
            assert view.seat == seat and view.to_play == seat
            assert view.legal_moves


def test_view_hides_other_holdings_from_the_bot() -> None:
    state = new_game("cau", players=2, seed=5)
    view = state.observe(0)
    assert set(view.holding) == set(state.holdings[0])
    assert not set(state.holdings[1]) & view.visible_cards()
    assert not hasattr(view, "stock")


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot) and isinstance(GreedyBot(), Bot)
    assert isinstance(new_game("cau", players=2).observe(0), PlayerView)


def test_bot_refuses_a_view_without_moves() -> None:
    state = new_game("cau", players=2, seed=1)
    other = 1 - state.to_play
    for bot in (RandomBot(), GreedyBot()):
        with pytest.raises(IllegalMoveError, match="no legal move"):
            bot.choose(state.observe(other), random.Random(0))


# -- play_game --------------------------------------------------------------------------


def _moves_of(state: Any, bots: Sequence[Bot], seed: int) -> tuple[list[str], Any]:
    moves: list[str] = []
    final = play_game(state, bots, seed=seed, on_move=lambda seat, move, after: moves.append(f"{seat}:{move}"))
    return moves, final


@pytest.mark.parametrize("variant", ["cau", "cau-robat-40"])
def test_play_game_is_deterministic_for_a_seed(variant: str) -> None:
    start = new_game(variant, players=3, seed=21)
    bots: list[Bot] = [RandomBot(), GreedyBot(), RandomBot()]
    first_moves, first = _moves_of(start, bots, seed=8)
    again_moves, again = _moves_of(start, [RandomBot(), GreedyBot(), RandomBot()], seed=8)
    assert first_moves == again_moves
    assert first == again and first.outcome() == again.outcome()
    others = {tuple(_moves_of(start, bots, seed=other)[0]) for other in range(9, 14)}
    assert len(others | {tuple(first_moves)}) > 1, "different seeds give different games"


def test_play_game_leaves_the_start_state_alone() -> None:
    start = new_game("cau", players=2, seed=2)
    saved = start.to_dict()
    play_game(start, RandomBot(), seed=1)
    assert start.to_dict() == saved and not start.is_over


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        play_game(new_game("cau", players=3), [RandomBot(), RandomBot()], seed=0)


def test_play_game_accepts_one_bot_for_every_seat() -> None:
    assert play_game(new_game("cau", players=4, seed=1), GreedyBot(), seed=1).is_over


@pytest.mark.parametrize("variant,players", _cases())
def test_every_bot_finishes_every_variant(variant: str, players: int) -> None:
    bots: list[Bot] = [GreedyBot() if seat % 2 else RandomBot() for seat in range(players)]
    final = play_game(new_game(variant, players=players, seed=players), bots, seed=4)
    assert final.is_over and final.outcome() is not None


def test_bots_finish_a_joc_of_two_partides_where_a_joc_can_be_staked() -> None:
    """VAL-17: with a joc bid among the stake moves, both bots still play to the end."""
    start = new_game("cau-recau-sant-vicent", players=4, seed=5, partides_to_win=2)
    moves: list[str] = []
    final = play_game(start, [RandomBot(), GreedyBot(), RandomBot(), GreedyBot()], seed=3,
                      on_move=lambda seat, move, after: moves.append(str(move)))
    assert "bid joc" in moves                      # this seed stakes the joc
    assert final.is_over and final.tally is not None and max(final.tally.partides) == 2


# -- GreedyBot's choices ---------------------------------------------------------------


def _greedy(state: FishingState, seed: int = 0) -> str:
    return str(GreedyBot().choose(state.observe(state.to_play), random.Random(seed)))


def test_greedy_takes_the_run_of_the_worked_example() -> None:
    state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c 4b 1b", "5c 6e"])
    assert _greedy(state) == "8c+1"


def test_greedy_prefers_the_capture_with_the_most_cards_counting_whole_piles() -> None:
    state = FishingState.from_position(
        CAU_ROBAT, 2, table="4o 5o 12o", holdings=["4b 12b 10b", "1b 2b"],
        piles=["", "1c 2c 3c 4c 5c 6e"],
    )
    moves = [str(m) for m in state.legal_moves()]
    assert "4b+2@1" in moves and "12b" in moves
    assert _greedy(state) == "4b+2@1"


def test_greedy_prefers_a_cau_to_an_equal_plain_capture() -> None:
    state = FishingState.from_position(
        CAU, 2, table="9c 5o", holdings=["5c 9e", "1b 2b"], trail=(1, "5o"),
    )
    assert {str(m) for m in state.legal_moves()} == {"5c", "9e"}
    assert _greedy(state) == "5c"  # matches the trailed 5: a cau, paid by seat 1


def test_greedy_extends_a_pending_chain() -> None:
    chain = Chain(5, ((0, Card.parse("5o")), (1, Card.parse("5c"))))
    state = FishingState.from_position(
        CAU, 3, table="9c", holdings=["1o 4o", "2b 3b", "5e 9e 12e"], chain=chain, to_play=2,
        piles=["7o 7c", "", ""],
    )
    assert _greedy(state) == "5e"


def test_greedy_trails_the_rank_that_helps_the_next_player_least() -> None:
    # Three of the four 3s are visible (two in hand), so a trailed 3 is hard to match.
    state = FishingState.from_position(CAU, 2, table="12o", holdings=["3c 7b 3e", "1b 3o"])
    assert all(not m.run for m in plays(state))
    for seed in range(5):
        assert _greedy(state, seed) in {"3c", "3e"}


def test_greedy_avoids_trailing_into_a_run() -> None:
    # A trailed 7 would be matched and followed by the 8 on the table; a 2 opens nothing.
    state = FishingState.from_position(CAU, 2, table="8o 12o", holdings=["7b 2e", "1b 4o"])
    assert _greedy(state) == "2e"


def test_greedy_declares_its_ronda() -> None:
    rules = CAU.replace(explicit_calls=True)
    state = FishingState.from_position(rules, 2, holdings=["3c 3e 7b", "1b 2b 5e"], phase="declare")
    assert {str(m) for m in state.legal_moves()} == {"pass", "ronda"}
    assert _greedy(state) == "ronda"


def test_greedy_beats_random_on_average() -> None:
    share = 0.0
    games = 40
    for seed in range(games):
        greedy_seat = seed % 2
        bots: list[Bot] = [RandomBot(), RandomBot()]
        bots[greedy_seat] = GreedyBot()
        final = play_game(new_game("cau", players=2, seed=seed), bots, seed=seed)
        share += final.outcome().shares()[greedy_seat]
    assert share / games > 0.6


# -- other families ---------------------------------------------------------------------


@attrs.frozen
class FakeView:
    seat: int
    legal_moves: tuple[Any, ...]
    holding: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "legal_moves": [str(m) for m in self.legal_moves]}


def test_greedy_falls_back_to_random_for_unknown_families() -> None:
    view = FakeView(0, ("north", "south", "east"))
    picks = {GreedyBot().choose(view, random.Random(seed)) for seed in range(30)}
    assert picks == {"north", "south", "east"}
    assert GreedyBot().choose(view, random.Random(4)) == GreedyBot().choose(view, random.Random(4))


def test_greedy_cacho_rule() -> None:
    moves = pytest.importorskip("cau_rules.cacho.moves")
    from cau_rules.cacho import CACHO, CachoState
    from cau_rules.cacho.policy import greedy

    strong, middling, weak = parse_cards("1o 2o"), parse_cards("6c 1o"), parse_cards("1o 2c 3e")
    unopened = (moves.Pass(), moves.Bet(1))
    facing = (moves.Call(), moves.Fold())
    rng = random.Random(0)
    assert greedy(FakeView(0, unopened, strong), rng) == moves.Bet(1)
    assert greedy(FakeView(0, unopened, weak), rng) == moves.Pass()
    assert greedy(FakeView(0, facing, middling), rng) == moves.Call()
    assert greedy(FakeView(0, facing, weak), rng) == moves.Fold()
    assert greedy(FakeView(0, (moves.Call(),), weak), rng) == moves.Call()
    # GreedyBot plays it on Cacho views; in round 3 the smallest of every bet amount.
    state = CachoState.from_position(CACHO.replace(stack=12), 2, stacks=(9, 9), holdings=("1o 2o 6c", "4e 3b 1c"),
                                     contributions=(3, 3), round=3)
    assert len(state.legal_moves()) == 10
    assert GreedyBot().choose(state.observe(0), rng) == moves.Bet(1)
    assert GreedyBot().choose(state.apply("bet 4").observe(1), rng) == moves.Fold()
