"""Real inputs of every family, and mutators that turn them into hostile ones.

Shared by the fuzz tests (``tests/fuzz/test_fuzz.py``, hypothesis drives the choices) and
the long fuzz run (``benchmarks/fuzz.py``, a seeded ``random.Random`` drives them).  Every
mutator takes a ``random.Random`` so both can use it.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from cau_rules import dumps, get_rules, loads, new_game, parse_cards, variants
from cau_rules.checks import MAX_TEXT
from cau_rules.cli import allowed_players
from cau_rules.errors import CauRulesError
from cau_rules.fishing import CAU_RECAU_SANT_VICENT, Call, FishingState, Stake, Tally
from cau_rules.game import GameState
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.record import GameRecord, loads_record, record_game

JSON = Any

NASTY_VALUES: tuple[JSON, ...] = (
    None, True, False, 0, -1, 1, 7, 2**31, 2**63, -(2**63) - 1, 10**40, "", " ", "ronda", "12o",
    "99z", "1o 1o", "\u00b2", "9" * 5000, [], [[]], {}, [None], ["12o"], {"a": 1}, [1, 2, 3],
)
"""Values a field of a save may be replaced with (JSON numbers only as whole numbers;
floats, NaN and infinities are tried as text by the text mutators)."""

NASTY_TEXT: tuple[str, ...] = (
    "", " ", "\x00", "pass", "bet", "bet -1", "bet 1.5", "bet 1e9", "raise", "raise 99999999999999999999",
    "12o+" + "9" * 5000, "12o@", "12o@x", "12o!", "12o!bogus", "give", "lay", "add 5o 5o", "bid",
    "bid joc", "bid game", "bid 2", "bid \u00b2", "accept accept", "1o", "13o", "0o", "8\u00f8", "🂡",
    "declare", "declare rondi", "12o+1@0@1", "[" * 200, "NaN", "1e999", "-0",
)
"""Move texts of every family, well-formed and not."""


@functools.cache
def states(limit: int = 6) -> tuple[GameState, ...]:
    """Positions of every preset and player count: the start, and a few moves in."""
    out: list[GameState] = []
    for name in variants():
        for players in allowed_players(get_rules(name)):
            state: GameState = new_game(name, players, seed=players)
            out.append(state)
            rng = random.Random(f"{name}:{players}")
            for _ in range(limit * 3):
                if state.is_over:
                    break
                legal = state.legal_moves()
                state = state.apply(legal[rng.randrange(len(legal))])
                if rng.random() < 0.3:
                    out.append(state)
    return tuple(out)


@functools.cache
def saves() -> tuple[str, ...]:
    """``dumps`` of the corpus positions."""
    return tuple(dumps(state) for state in states())


@functools.cache
def records() -> tuple[str, ...]:
    """Game records of short games of every preset (two players where allowed)."""
    out: list[str] = []
    for name in variants():
        rules = get_rules(name)
        first: GameState = new_game(name, rules.min_players, seed=3)
        moves: list[str] = []
        state = first
        rng = random.Random(name)
        while not state.is_over and len(moves) < 30:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            moves.append(str(move))
            state = state.apply(move)
        out.append(record_game(first, moves).dumps())
    return tuple(out)


def _paths(data: JSON, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_paths(value, (*prefix, index)))
    return found


def _set(data: JSON, path: tuple[Any, ...], value: JSON) -> JSON:
    if not path:
        return value
    head, *rest = path
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _set(copy[head], tuple(rest), value)
    return copy


def _delete(data: JSON, path: tuple[Any, ...]) -> JSON:
    if len(path) == 1:
        copy: Any = dict(data) if isinstance(data, dict) else list(data)
        del copy[path[0]]
        return copy
    head, *rest = path
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _delete(copy[head], tuple(rest))
    return copy


def mutate_json(text: str, rng: random.Random) -> str:
    """A save with one to three fields replaced, deleted, swapped or nested deeper."""
    data = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        paths = [path for path in _paths(data) if path]
        if not paths:
            break
        path = rng.choice(paths)
        roll = rng.random()
        if roll < 0.55:
            data = _set(data, path, rng.choice(NASTY_VALUES))
        elif roll < 0.7:
            data = _delete(data, path)
        elif roll < 0.85:
            other = rng.choice(paths)
            value: Any = data
            for key in other:
                value = value[key]
            data = _set(data, path, value)
        else:
            value = data
            for key in path:
                value = value[key]
            data = _set(data, path, [value] * rng.randint(1, 3))
    return json.dumps(data)


def _get(data: JSON, path: tuple[Any, ...]) -> JSON:
    for key in path:
        data = data[key]
    return data


def mutate_near(text: str, rng: random.Random) -> str:
    """A save changed a little, so that the result is often still a position that can
    arise: whole numbers nudged (stones, counters, seats, hands), a list emptied (a stones
    log, declarations, hand scores) or a card moved from one zone to another; in a
    stones game, often a team's stones set with the log kept or emptied."""
    data = json.loads(text)
    if isinstance(data.get("tally"), dict) and rng.random() < 0.5:
        stones = [rng.randrange(data["rules"]["target"] + 2) for _ in range(2)]
        log: list[Any] = rng.choice(([], data["tally"]["log"]))
        data = _set(data, ("tally",), {**data["tally"], "stones": stones, "log": log})
    for _ in range(rng.randint(0 if isinstance(data.get("tally"), dict) else 1, 2)):
        paths = [path for path in _paths(data) if path and path[0] != "rules"]
        numbers = [path for path in paths if type(_get(data, path)) is int]
        lists = [path for path in paths if isinstance(_get(data, path), list) and _get(data, path)]
        zones = [path for path in paths if isinstance(_get(data, path), str) and
                 all(len(code) <= 3 and code[:-1].isdigit() for code in _get(data, path).split())]
        roll = rng.random()
        if roll < 0.5 and numbers:
            path = rng.choice(numbers)
            nudged = _get(data, path) + rng.choice((-3, -2, -1, 1, 2, 3, 18, 40))
            data = _set(data, path, max(nudged, rng.choice((0, -1))))
        elif roll < 0.7 and lists:
            data = _set(data, rng.choice(lists), [])
        elif len(zones) > 1:
            source, target = rng.sample(zones, 2)
            cards = _get(data, source).split()
            if cards:
                card = cards.pop(rng.randrange(len(cards)))
                data = _set(data, source, " ".join(cards))
                data = _set(data, target, " ".join([*_get(data, target).split(), card]))
    return json.dumps(data)


def zone_paths(data: JSON, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every zone (a string of card codes) and every list of a save, by its path."""
    found: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "rules":
                found += zone_paths(value, (*prefix, key))
    elif isinstance(data, list):
        found.append(prefix)
        for index, value in enumerate(data):
            found += zone_paths(value, (*prefix, index))
    elif isinstance(data, str) and prefix and all(code[:-1].isdigit() for code in data.split()):
        found.append(prefix)
    return found


def grown(data: JSON, path: tuple[Any, ...], size: int) -> str:
    """The save *data* (changed in place) with the zone or list at *path* made *size*
    items long, its text cut back to within the JSON size cap."""
    *head, last = path
    holder = data
    for key in head:
        holder = holder[key]
    value = holder[last]
    if isinstance(value, str):
        code = value.split()[0] if value.split() else "1o"
        holder[last] = " ".join([code] * size)
    else:
        holder[last] = [value[0] if value else 0] * size
    text = json.dumps(data)
    if len(text) > MAX_TEXT:  # cut once to about the size that fits (the items are alike)
        items = holder[last].split(" ") if isinstance(holder[last], str) else holder[last]
        each = len(text) / len(items)  # characters per item, a little over (the rest of the save)
        cut = items[:max(0, int(len(items) - (len(text) - MAX_TEXT) / each) - 1)]
        holder[last] = " ".join(cut) if isinstance(holder[last], str) else cut
        text = json.dumps(data)
        while len(text) > MAX_TEXT:
            holder[last] = holder[last][: len(holder[last]) * 9 // 10]
            text = json.dumps(data)
    return text


def mutate_text(text: str, rng: random.Random) -> str:
    """Text-level damage: truncation, a flipped or inserted character, a splice of nasty text."""
    roll = rng.random()
    if not text or roll < 0.2:
        return text[: rng.randint(0, len(text))]
    at = rng.randrange(len(text))
    if roll < 0.5:
        return text[:at] + chr(rng.choice((0, 9, 10, 34, 44, 45, 46, 48, 57, 91, 93, 101, 123, 125, 178, 0x1F0A1))) + text[at + 1:]
    if roll < 0.8:
        return text[:at] + rng.choice(("NaN", "1e999", "1.5", "-0", "[[[[", "null", "\u00b2", "9" * 30)) + text[at:]
    return text[:at] + text[at:][::-1]


def move_text(state: GameState, rng: random.Random) -> str:
    """A move text near the legal ones: a legal move damaged, or a nasty text."""
    legal = state.legal_moves()
    if legal and rng.random() < 0.6:
        return mutate_text(str(legal[rng.randrange(len(legal))]), rng)
    return rng.choice(NASTY_TEXT)


OPTION_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 3, 41, 10**7, 10**100, 1.5, float("nan"), float("inf"), "", "cau",
    "french-40", "spanish-40", "rotate", "stones", [], {}, (1, 2),
)


def options(name: str, rng: random.Random) -> dict[str, Any]:
    """One or two options of preset *name* with hostile values (or an unknown option)."""
    fields = list(get_rules(name).to_dict())
    chosen: dict[str, Any] = {}
    for _ in range(rng.randint(1, 2)):
        key = rng.choice(fields) if rng.random() < 0.9 else rng.choice(("colour", "players", "__class__"))
        chosen[key] = rng.choice(OPTION_VALUES)
    return chosen


Entry = Callable[[random.Random], object]


def play_out(state: GameState, rng: random.Random, limit: int = 3000, *, checked: bool = False) -> int:
    """Random play to the end; returns the moves made (raises if the state gets stuck).

    With *checked*, every state reached must pass its own ``status()`` and come back
    equal from its save: a position the library accepts never leads, by play, to one it
    refuses."""
    moves = 0
    while True:
        if checked:
            every: Any = state  # every family's state has status()
            problems = every.status()
            if problems:
                raise AssertionError(f"play from an accepted position reached a refused one: {problems}")
            if loads(dumps(state)) != state:
                raise AssertionError("a state reached by play does not survive its save")
        if state.is_over:
            return moves
        legal = state.legal_moves()
        if not len(legal):
            raise AssertionError("a state that is not over has no legal move")
        state = state.apply(legal[rng.randrange(len(legal))])
        moves += 1
        if moves > limit:
            raise AssertionError(f"no end after {limit} moves")




# ---------------------------------------------------------------------------------
# Entry points: each draws one hostile input with *rng* and feeds it to the library.
# A case passes when the call succeeds (and, for a loaded state, play goes on to the end)
# or raises one of the library's errors; a TypeError is allowed only where a Python
# value of the wrong type is passed on purpose (options, arguments).


def fuzz_loads(rng: random.Random) -> object:
    """``loads`` of a damaged save; an accepted state must play on to its end."""
    from_saves = saves()
    text = from_saves[rng.randrange(len(from_saves))]
    text = mutate_json(text, rng) if rng.random() < 0.7 else mutate_text(text, rng)
    state = loads(text)
    return play_out(state, rng)


def fuzz_positions(rng: random.Random) -> object:
    """``loads`` of a save changed a little (:func:`mutate_near`); an accepted state must
    play to its end with every state passing its own ``status()`` and its save round trip."""
    from_saves = saves()
    state = loads(mutate_near(from_saves[rng.randrange(len(from_saves))], rng))
    return play_out(state, rng, checked=True)


LONGEST_MESSAGE = 2_000
"""The longest refusal message the contract allows (a few problems of at most ten items)."""


def fuzz_long_zones(rng: random.Random) -> object:
    """``loads`` of a save with one zone or list of any family grown up to the JSON size
    cap; the refusal must say so briefly."""
    from_saves = saves()
    data = json.loads(from_saves[rng.randrange(len(from_saves))])
    paths = zone_paths(data)
    text = grown(data, rng.choice(paths), rng.choice((49, 100, 1_000, 40_000, 300_000)))
    try:
        state = loads(text)
    except CauRulesError as exc:
        if len(str(exc)) > LONGEST_MESSAGE:
            raise AssertionError(f"a refusal of {len(str(exc)):,} characters") from None
        raise
    return play_out(state, rng)


def _stake_position(bids: tuple[int, ...]) -> FishingState:
    stake = Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), bids)
    return FishingState.from_position(
        CAU_RECAU_SANT_VICENT, 4, tally=Tally((5, 2), (0, 0), ((0, 0, 0, "ronda", 5), (0, 0, 1, "pixat", 2))),
        phase="bid", stake=stake, to_play=stake.to_answer, rest="discard",
        holdings=["5o 5c 1c", "6o 6c 2c", "7o 10b 11b", "10o 12b 1b"], table="1e 2e 3e 4e")


def _bet_amount(move: object) -> int | None:
    text = move if isinstance(move, str) else ""
    return int(text[4:]) if text.startswith("bet ") and text[4:].isdigit() else None


INDICES: tuple[Any, ...] = (
    0, 1, -1, True, False, 2.5, 1.0, -0.0, float("nan"), "1", None, 10**30, -(10**30), slice(None, 3), (1,), [1],
)
"""Indices for a move list: ints (a bool is one), and values that a tuple refuses."""


def fuzz_indices(rng: random.Random) -> object:
    """A move list (lazy amount ranges included) indexed with ints and non-ints: it must
    answer as the tuple of its moves does, and ``in``, ``index`` and equality agree."""
    pool: list[Any] = [state for state in states() if not state.is_over]
    pool += [_stake_position(()), _stake_position((3,))]
    moves: Any = rng.choice(pool).legal_moves() if rng.random() < 0.9 else \
        MoveList(("pass",), AmountRange(lambda n: f"bet {n}", 1, 10**9, amount_of=_bet_amount))
    index = rng.choice(INDICES)
    try:
        got = moves[index]
    except (TypeError, IndexError) as exc:
        if len(moves) < 10_000:
            try:
                tuple(moves)[index]
            except type(exc):
                pass
            else:
                raise AssertionError(f"moves[{index!r}] raised {type(exc).__name__}; the tuple answers") from None
        raise
    if len(moves) < 10_000 and got != tuple(moves)[index]:
        raise AssertionError(f"moves[{index!r}] is {got!r}, the tuple's is {tuple(moves)[index]!r}")
    if not isinstance(index, slice) and got not in moves:
        raise AssertionError(f"{got!r} from the list is not found in it")
    if not isinstance(index, slice) and len(moves) < 10_000 and moves[moves.index(got)] != got:
        raise AssertionError(f"the index of {got!r} does not give it back")
    return got


RECORD_VALUES: tuple[Any, ...] = (
    None, 0, 1, 2, -1, 2**63 - 1, 2**63, True, 1.5, "", "cau", "cau\nseed: 5", "0 12o", [], (), [[0, "12o"]],
    ((0, "12o"),), ((0, 12),), (("0", "12o"),), ((0,),), {"wrap": True}, (("wrap", True),), ((1, True),),
    (("12o",) * 48,), ((5,),),
)
"""Values a field of a game record built in Python may be given."""


def fuzz_records_built(rng: random.Random) -> object:
    """``GameRecord`` built in Python with hostile field values: refused at construction
    with a TypeError or the library's error, or a record that writes, reads back equal
    and replays (or is refused by replay with the library's error)."""
    fields: dict[str, Any] = {"variant": rng.choice(variants()), "players": 2, "seed": rng.randrange(100)}
    for _ in range(rng.randint(1, 2)):
        key = rng.choice(("variant", "players", "seed", "options", "decks", "moves", "rules_version"))
        fields[key] = rng.choice(RECORD_VALUES)
    record = GameRecord(**fields)
    if loads_record(record.dumps()) != record:
        raise AssertionError(f"a record built in Python does not read back: {record!r:.200}")
    return record.replay()


HOSTILE_FIELDS: tuple[Any, ...] = (
    None, 0, -1, 1, 100, 10**30, True, 1.5, "", "x", (), ((),), ((1,),), ((1, 2, 3),), (0,) * 12, [], ((0, None),),
    Tally((1,)), Stake((), (0, 0)), frozenset(), {},
)


def fuzz_status(rng: random.Random) -> object:
    """``status()`` of a hand-built state (``attrs.evolve`` with hostile field values, or
    a zone one entry short or long): a tuple of sentences, never an exception."""
    state: Any = rng.choice(states())
    fields = [field.name for field in attrs.fields(type(state))
              if field.init and not field.name.startswith("_") and field.name not in ("rules", "events")]
    values: dict[str, Any] = {}
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(fields)
        current = getattr(state, name)
        roll = rng.random()
        if roll < 0.2 and isinstance(current, tuple) and current:
            values[name] = current[:-1]
        elif roll < 0.4 and isinstance(current, tuple) and current:
            values[name] = (*current, current[-1])
        else:
            values[name] = rng.choice(HOSTILE_FIELDS)
    problems = attrs.evolve(state, **values).status()
    if not isinstance(problems, tuple) or not all(isinstance(problem, str) for problem in problems):
        raise AssertionError(f"status() gave {problems!r:.100}")
    return problems


def fuzz_record(rng: random.Random) -> object:
    """``loads_record`` and ``replay`` of a damaged game record."""
    texts = records()
    text = texts[rng.randrange(len(texts))]
    lines = text.splitlines()
    if rng.random() < 0.5 and lines:
        at = rng.randrange(len(lines))
        lines[at] = mutate_text(lines[at], rng)
        text = "\n".join(lines) + "\n"
    else:
        text = mutate_text(text, rng)
    return loads_record(text).replay()


def fuzz_apply(rng: random.Random) -> object:
    """``apply`` of a damaged or nasty move text to a real position."""
    pool = states()
    state = pool[rng.randrange(len(pool))]
    if state.is_over:
        return None
    before = dumps(state)
    try:
        return state.apply(move_text(state, rng))
    finally:
        if dumps(state) != before:
            raise AssertionError("apply changed its input state")


def fuzz_parse_move(rng: random.Random) -> object:
    """``parse_move`` of a damaged or nasty move text."""
    pool = states()
    state = pool[rng.randrange(len(pool))]
    return state.parse_move(move_text(state, rng))


def fuzz_options(rng: random.Random) -> object:
    """``get_rules`` with hostile option values, then a short game with them."""
    name = rng.choice(variants())
    rules = get_rules(name, **options(name, rng))
    state: GameState = new_game(rules, rules.min_players, seed=rng.randrange(1000))
    for _ in range(20):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def fuzz_new_game(rng: random.Random) -> object:
    """``new_game`` with hostile players, seeds and deck orders."""
    name = rng.choice(variants())
    players: Any = rng.choice((None, -1, 0, 1, 2, 3, 4, 5, 8, 9, 10**6, True, 2.0, "2"))
    seed: Any = rng.choice((None, 0, 1, -1, 2**63 - 1, 2**63, 10**30, True, 1.5, "ronda"))
    decks: Any = rng.choice((None, (), [[]], [["1o"]], [["1o"] * 48], "12o", [[None]]))
    return new_game(name, players, seed=seed, decks=decks)


def fuzz_cards(rng: random.Random) -> object:
    """``parse_cards`` of damaged card text."""
    return parse_cards(mutate_text(rng.choice(("12o 12c 2b", "1o", "7e 10b 11c")), rng))


ENTRY_POINTS: dict[str, tuple[Entry, tuple[type[BaseException], ...]]] = {
    "loads": (fuzz_loads, (CauRulesError,)),
    "positions": (fuzz_positions, (CauRulesError,)),
    "long_zones": (fuzz_long_zones, (CauRulesError,)),
    "indices": (fuzz_indices, (TypeError, IndexError)),
    "records_py": (fuzz_records_built, (CauRulesError, TypeError)),
    "status": (fuzz_status, ()),
    "record": (fuzz_record, (CauRulesError,)),
    "apply": (fuzz_apply, (CauRulesError,)),
    "parse_move": (fuzz_parse_move, (CauRulesError,)),
    "options": (fuzz_options, (CauRulesError, TypeError)),
    "new_game": (fuzz_new_game, (CauRulesError, TypeError)),
    "cards": (fuzz_cards, (CauRulesError,)),
}
"""Every fuzzed entry point, with the exceptions the error contract allows it."""
