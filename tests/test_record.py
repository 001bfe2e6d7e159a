"""Game records: every random game of every preset round-trips and replays; malformed
or tampered records fail with a precise error."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cau_rules import InvalidNotationError, get_rules, new_game, variants
from cau_rules.game import GameState
from cau_rules.record import GameRecord, loads_record, record_game


def _cases() -> list[tuple[str, int]]:
    return [(name, get_rules(name).min_players) for name in variants()] + [("cau-robat", 4), ("cacho", 5)]


def _random_game(variant: str, players: int, seed: int, **options: Any) -> tuple[GameState, list[Any], GameState]:
    rng = random.Random(seed)
    first = state = new_game(variant, players=players, seed=seed, **options)
    moves: list[Any] = []
    while not state.is_over and len(moves) < 2000:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    return first, moves, state


@pytest.mark.parametrize(("variant", "players"), _cases())
def test_random_games_round_trip_and_replay(variant: str, players: int) -> None:
    for seed in range(3):
        first, moves, last = _random_game(variant, players, seed)
        record = record_game(first, moves)
        text = record.dumps()
        again = loads_record(text)
        assert again == record and again.dumps() == text
        assert again.replay() == last


def test_options_and_supplied_decks_are_recorded() -> None:
    from cau_rules.fishing import CAU_ROBAT_40
    from cau_rules.fishing import new_game as new_fishing_game

    deck = list(reversed(CAU_ROBAT_40.deck.cards))
    rules = CAU_ROBAT_40.replace(hands=2, no_runs_in_chains=True)
    first = new_fishing_game(rules, 3, seed=9, decks=[deck])
    rng = random.Random(1)
    state, moves = first, []
    while not state.is_over:
        moves.append(rng.choice(state.legal_moves()))
        state = state.apply(moves[-1])
    record = record_game(first, moves)
    assert record.options_dict() == {"hands": 2, "no_runs_in_chains": True}
    assert record.decks[0][0] == deck[0].code
    assert loads_record(record.dumps()).replay() == state


def test_tampered_move_is_refused_with_its_number() -> None:
    first, moves, _ = _random_game("cau", 2, 5)
    record = record_game(first, moves[:6])
    lines = record.dumps().splitlines()
    seat, move = lines[-1].split(" ", 1)
    lines[-1] = f"{1 - int(seat)} {move}"
    with pytest.raises(InvalidNotationError, match=r"move 6 .* is not legal: it is seat \d's turn"):
        loads_record("\n".join(lines)).replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "starts with"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nplayers: 2\n\n0 1o\n", "no 'rules-version' header"),
        ("# cau_rules game record\nformat: 2\nvariant: cau\nrules-version: 1\nplayers: 2\nseed: 0\n", "record format"),
        ("# cau_rules game record\nformat: 1\nvariant: caw\nrules-version: 1\nplayers: 2\nseed: 0\n",
         "unknown variant 'caw'"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nrules-version: 1\nplayers: two\nseed: 0\n",
         "must be a whole number"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nrules-version: 1\nplayers: 2\nseed: 0\n"
         "options: {\"wrap\": 3}\n", "wrap must be true or false"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nrules-version: 1\nplayers: 2\nseed: 0\n"
         "colour: red\n", "unknown headers: colour"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nrules-version: 1\nplayers: 2\nseed: 0\n\nx 1o\n",
         "a move line is"),
        ("# cau_rules game record\nformat: 1\nvariant: cau\nrules-version: 1\nplayers: 2\nseed: 0\n"
         "deck: 1o 1o\n", "cannot start: the deck order has 2 cards"),
    ],
)
def test_malformed_records(text: str, message: str | None) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        loads_record(text).replay()


def test_rules_version_mismatch() -> None:
    record = GameRecord("cau", players=2, seed=1, rules_version=99)
    with pytest.raises(InvalidNotationError, match="rules version 99"):
        record.replay()


def test_a_record_is_immutable_and_hashable() -> None:
    """A record is a value: hashable, equal records hash alike, options cannot be changed."""
    record = GameRecord("cau-robat", players=3, seed=8, options={"wrap": True, "max_chain": 4})
    same = GameRecord("cau-robat", players=3, seed=8, options={"max_chain": 4, "wrap": True})
    assert record == same and hash(record) == hash(same) and len({record, same}) == 1
    assert record.options == (("max_chain", 4), ("wrap", True))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.options = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "line, message",
    [("\u00b2 12o", "'<seat> <move>'"), ("9" * 30 + " 12o", "'<seat> <move>'")],
)
def test_move_lines_take_ascii_seat_numbers_only(line: str, message: str) -> None:
    """A superscript digit passes str.isdigit(); a seat is ASCII digits of bounded length."""
    text = GameRecord("cau", players=2, seed=4).dumps() + line + "\n"
    with pytest.raises(InvalidNotationError, match=message):
        loads_record(text)


def test_a_deep_options_header_is_refused_cleanly() -> None:
    text = GameRecord("cau", players=2, seed=4).dumps().replace("seed: 4", "seed: 4\noptions: " + "[" * 5000)
    with pytest.raises(InvalidNotationError, match="nests"):
        loads_record(text)
