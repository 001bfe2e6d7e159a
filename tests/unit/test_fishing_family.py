"""The capture family as a plug-in (issue 11): its FAMILY record, the one API every family
shares, the lazy stake bids, the suite hooks, and the import rules between its modules."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest

from cau_rules import fishing, load_state
from cau_rules.errors import IllegalMoveError, InvalidRulesError
from cau_rules.fishing import (
    CAU,
    CAU_RECAU_SANT_VICENT,
    CAU_ROBAT,
    FAMILY,
    FISHING_PRESETS,
    GAME,
    Accept,
    Bid,
    Call,
    FishingCodec,
    FishingState,
    FishingView,
    Refuse,
    Stake,
    Tally,
)
from cau_rules.fishing.suite import SUITE
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.outcome import GameEnded
from tests.scenario import position

PACKAGE = Path(fishing.__file__).parent


def random_game(rules: fishing.FishingRules, players: int, seed: int) -> list[FishingState]:
    state = FAMILY.new_game(rules, players, seed, ())
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def stake_position(bids: tuple[object, ...] = ()) -> FishingState:
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), bids)  # type: ignore[arg-type]
    return position(CAU_RECAU_SANT_VICENT, 4, tally=Tally((5, 2)), phase="bid", stake=stake,
                    to_play=stake.to_answer, holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"],
                    table="1e 2e 3e 4e")


def test_the_family_record_names_the_family_and_its_hooks() -> None:
    assert FAMILY.name == "fishing" and FAMILY.rules_type is fishing.FishingRules
    assert FAMILY.state_type is FishingState and FAMILY.view_type is FishingView
    assert FAMILY.presets == tuple(FISHING_PRESETS.values())
    assert FAMILY.aliases["bac-rebac-sant-vicent"] == "cau-recau-sant-vicent"
    state = FAMILY.new_game(CAU_ROBAT, 3, 4, ())
    assert state == fishing.new_game(CAU_ROBAT, 3, seed=4)
    assert FAMILY.load(state.to_dict()) == state == load_state(state.to_dict())
    assert FAMILY.parse_move("8o+1") == fishing.parse_move("8o+1")
    assert isinstance(FAMILY.codec(CAU_ROBAT, 3), FishingCodec)
    view = state.observe(state.to_play)
    assert FAMILY.policy(view, random.Random(1)) in view.legal_moves
    assert FAMILY.render(view).startswith("=== cau-robat")


def test_new_game_takes_keywords_and_checks_its_arguments() -> None:
    deck = list(reversed(CAU.deck.cards))
    assert fishing.new_game(CAU, 2, decks=[deck]).stock[-1] == deck[-1]
    with pytest.raises(TypeError, match="rules must be a FishingRules"):
        fishing.new_game("cau", 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="seed must be a whole number from 0 to 9223372036854775807"):
        fishing.new_game(CAU, 2, seed="x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fishing.new_game(CAU, 2, 5)  # type: ignore[call-arg]  # the seed is keyword-only
    with pytest.raises(TypeError):
        FishingState(CAU, 2)  # type: ignore[call-arg]  # states are built by keyword


def test_apply_takes_the_seat_by_keyword_and_sizes_are_properties() -> None:
    state = fishing.new_game(CAU, 3, seed=2)
    move = state.legal_moves()[0]
    with pytest.raises(TypeError):
        state.apply(move, 0)  # type: ignore[call-arg]  # the seat is keyword-only
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn, not seat 1's"):
        state.apply(move, seat=1)
    after = state.apply(move, seat=0)
    assert after.holding_sizes == (2, 3, 3) and after.pile_sizes == tuple(map(len, after.piles))
    assert state.stones == () and fishing.new_game(CAU_RECAU_SANT_VICENT, 4, seed=1).stones != ()
    assert attrs.evolve(after) == after  # apply sets every field


@pytest.mark.parametrize("name,players", [("cau", 2), ("cau-robat-40", 3), ("cau-recau-sant-vicent", 4)])
def test_the_last_event_is_the_shared_game_ended_and_views_know_the_end(name: str, players: int) -> None:
    states = random_game(FISHING_PRESETS[name], players, seed=3)
    final = states[-1]
    assert final.events[-1] == GameEnded(final.outcome())  # type: ignore[arg-type]
    assert all(not isinstance(event, GameEnded) for state in states[:-1] for event in state.events)
    assert final.observe(0).is_over and final.observe(0).outcome == final.outcome()
    assert not states[0].observe(0).is_over and states[0].observe(0).outcome is None
    assert final.observe(1).to_dict()["outcome"] == final.outcome().to_dict()  # type: ignore[union-attr]


def test_stake_bids_are_a_lazy_range_in_the_canonical_order() -> None:
    state = stake_position((3,))
    moves = state.legal_moves()
    assert isinstance(moves, MoveList) and isinstance(moves.parts[0], AmountRange)
    assert [str(move) for move in moves] == [f"bid {n}" for n in range(4, 36)] + ["bid game", "accept", "refuse"]
    assert Bid(35) in moves and Bid(36) not in moves and Bid(3) not in moves and Bid(GAME) in moves
    assert state.is_legal("bid 20") and not state.is_legal("bid 36")
    assert state.apply("bid 35").stake.bids == (3, 35)  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError, match="a bid must be a number from 4 to 35"):
        state.apply("bid 36")
    codec = FishingCodec(state.rules, 4)
    assert [codec.decode(index, state) for index in codec.legal_actions(state)] == list(moves)
    opening = stake_position()
    assert opening.legal_moves()[0] == Bid(2) and Accept() not in opening.legal_moves()
    assert FAMILY.policy(opening.observe(0), random.Random(0)) == Bid(2)
    answer = stake_position((3,)).observe(1)
    assert FAMILY.policy(answer, random.Random(0)) in (Accept(), Refuse())


def test_the_suite_hooks_hold_over_whole_games() -> None:
    for name, players in (("cau-robat", 3), ("cau-recau-sant-vicent", 4)):
        rules = FISHING_PRESETS[name]
        states = random_game(rules, players, seed=5)
        assert len(states) <= SUITE.max_moves(rules, players)
        for state in states[::7]:
            assert SUITE.all_cards(state) == sorted(rules.deck.cards)
            assert SUITE.invariants(state) == []
            for seat in range(players):
                assert not SUITE.hidden_from(state, seat) & state.observe(seat).visible_cards()
            if state.is_over:
                continue
            refused = [c for c in SUITE.illegal_candidates(state) if not state.is_legal(c)]  # type: ignore[arg-type]
            assert refused
            for candidate in refused[:40]:
                with pytest.raises((IllegalMoveError, TypeError)):
                    state.apply(candidate)  # type: ignore[arg-type]


def test_inference_resamples_a_state_with_the_same_view() -> None:
    state = fishing.new_game(CAU_ROBAT, 3, seed=6)
    state = state.apply(state.legal_moves()[0])
    view = state.observe(2)
    memory = FAMILY.infer.update(FAMILY.infer.start(CAU_ROBAT, 3, view), CAU_ROBAT, view)
    guess = FAMILY.infer.resample(CAU_ROBAT, 3, view, memory, random.Random(2))
    public = {k: v for k, v in guess.observe(2).to_dict().items() if k != "events"}
    assert public == {k: v for k, v in view.to_dict().items() if k != "events"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cau_rules"):
            found.add(node.module)
            if any(alias.name.startswith("_") for alias in node.names):
                found.add(f"{node.module} (a private name)")
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("cau_rules"))
    return found


def test_the_modules_follow_the_import_rules() -> None:
    core = {"cau_rules.cards", "cau_rules.errors", "cau_rules.outcome", "cau_rules.game", "cau_rules.moveseq",
            "cau_rules.checks", "cau_rules.svg", "cau_rules.vectors", "cau_rules.i18n",
            "cau_rules.options", "cau_rules.frozen",
            "cau_rules.kernel.tools"}  # the shared kernel layer's pure-Python helpers (kernel_playout)
    for path in sorted(PACKAGE.glob("*.py")):
        imported = imports_of(path)
        outside = {m for m in imported if not m.startswith("cau_rules.fishing")
                   and not any(m == c or m.startswith(c + ".") for c in core)}
        assert not outside, f"{path.name} imports {outside}"
        assert not any("private" in m for m in imported), f"{path.name} imports a private name"
        if path.stem not in ("family", "__init__", "state", "gallery"):  # gallery draws the docs' states
            assert "cau_rules.fishing.state" not in imported, f"{path.name} imports the state"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            nested = [n for n in ast.walk(function) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not nested, f"{path.name}: {function.name} imports inside a function"
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 650, f"{path.name} is too long"
