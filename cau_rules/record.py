"""Game records: a human-readable, versioned text format for whole games, and replay.

A record names the preset, the rules version, the options changed from the preset, the
players, the seed (or the supplied deck orders), then one move per line with the seat
that made it.  ``loads(dumps(record)) == record``; :meth:`GameRecord.replay` rebuilds
every state and checks every move, so a tampered record fails with a precise error.

>>> from cau_rules import new_game
>>> from cau_rules.record import GameRecord, loads_record
>>> state = new_game("cau", players=2, seed=4)
>>> moves = []
>>> while not state.is_over:
...     move = state.legal_moves()[0]
...     moves.append((state.to_play, str(move)))
...     state = state.apply(move)
>>> record = GameRecord("cau", players=2, seed=4, moves=tuple(moves))
>>> text = record.dumps()
>>> text.splitlines()[0]
'# cau_rules game record'
>>> loads_record(text) == record
True
>>> record.replay() == state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from cau_rules.cards import parse_cards
from cau_rules.checks import MAX_DIGITS, check_type, json_object, load_json, seed_text
from cau_rules.errors import CauRulesError, IllegalMoveError, InvalidNotationError
from cau_rules.registry import PRESETS, get_rules, new_game

__all__ = ["FORMAT_VERSION", "RULES_VERSIONS", "GameRecord", "loads_record", "record_game"]

FORMAT_VERSION = 1
"""The version of the record text layout."""

RULES_VERSIONS: dict[str, int] = {}
"""The rules version of each preset (1 unless a preset's rules ever change meaning)."""

_HEADER = "# cau_rules game record"


def _rules_version(variant: str) -> int:
    return RULES_VERSIONS.get(variant, 1)


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((str(key), _frozen(item)) for key, item in value.items()))
    return value


def _thawed(value: Any) -> Any:
    return [_thawed(item) for item in value] if isinstance(value, tuple) else value


def _frozen_options(value: Any) -> tuple[tuple[str, Any], ...]:
    items = value.items() if isinstance(value, dict) else value
    return tuple(sorted((str(key), _frozen(item)) for key, item in items))


@attrs.frozen
class GameRecord:
    """A whole game: how it started and every move, as ``(seat, move text)``.

    ``options`` is kept as a sorted tuple of ``(name, value)`` pairs (a mapping given to
    the constructor is converted), so a record is immutable and hashable;
    :meth:`options_dict` gives them as a dict.

    >>> record = GameRecord("cau-robat", players=3, seed=8, options={"wrap": True})
    >>> record.options, record.options_dict(), hash(record) == hash(GameRecord("cau-robat", 3, 8, {"wrap": True}))
    ((('wrap', True),), {'wrap': True}, True)
    """

    variant: str
    players: int
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_frozen_options)
    decks: tuple[tuple[str, ...], ...] = ()
    moves: tuple[tuple[int, str], ...] = ()
    rules_version: int = attrs.field(default=attrs.Factory(lambda self: _rules_version(self.variant), takes_self=True))

    def options_dict(self) -> dict[str, Any]:
        """The options changed from the preset, as a dict (JSON-ready)."""
        return {key: _thawed(value) for key, value in self.options}

    def start(self) -> Any:
        """The game's first state (dealt from the seed or the supplied decks)."""
        rules = get_rules(self.variant, **self.options_dict())
        return new_game(rules, players=self.players, seed=self.seed, decks=self.decks)

    def states(self) -> Iterator[Any]:
        """Every state of the game in order, starting with the first; each move is checked.

        Raises :class:`~cau_rules.errors.InvalidNotationError` naming the move number
        when a move is illegal, made by the wrong seat, or follows the end of the game.
        """
        if self.rules_version != _rules_version(self.variant):
            raise InvalidNotationError(
                f"the record was written for rules version {self.rules_version} of {self.variant}; "
                f"this library plays version {_rules_version(self.variant)}"
            )
        try:
            state = self.start()
        except CauRulesError as exc:
            raise InvalidNotationError(f"the record's game cannot start: {exc}") from None
        yield state
        for number, (seat, move) in enumerate(self.moves, start=1):
            try:
                state = state.apply(move, seat=seat)
            except IllegalMoveError as exc:
                raise InvalidNotationError(f"move {number} ({seat} {move}) is not legal: {exc}") from None
            yield state

    def replay(self) -> Any:
        """The final state after every move.

        >>> GameRecord("cau", players=2, seed=4, moves=((0, "9z"),)).replay()
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidNotationError: move 1 (0 9z) is not legal: unknown card '9z': write the rank 1-12 then the suit letter o (oros), c (copes), e (espases) or b (bastos), e.g. '7o' or '12b'; legal moves: 5e, 7e, 9e
        """
        *_, last = self.states()
        return last

    def dumps(self) -> str:
        """The record as text (see the module docstring)."""
        lines = [
            _HEADER,
            f"format: {FORMAT_VERSION}",
            f"variant: {self.variant}",
            f"rules-version: {self.rules_version}",
            f"players: {self.players}",
            f"seed: {self.seed}",
        ]
        if self.options:
            lines.append("options: " + json.dumps(self.options_dict(), sort_keys=True))
        lines.extend("deck: " + " ".join(order) for order in self.decks)
        lines.append("")
        lines.extend(f"{seat} {move}" for seat, move in self.moves)
        return "\n".join(lines) + "\n"


def record_game(first: Any, moves: Iterable[Any], seed: int | None = None) -> GameRecord:
    """The record of a game that started at *first* (a state from ``new_game``) and went
    on with *moves* (moves or move texts), checked as they are applied.

    >>> from cau_rules import new_game
    >>> start = new_game("cau", players=2, seed=1)
    >>> record_game(start, ["12o"]).moves
    ((0, '12o'),)
    """
    rules = first.rules
    base = PRESETS.get(rules.name)
    if base is None:
        raise InvalidNotationError(f"{rules.name!r} is not a registered preset; a record needs one")
    options = {
        key: value
        for key, value in rules.to_dict().items()
        if base.to_dict().get(key) != value
    }
    state = first
    played = []
    for move in moves:
        seat = state.to_play
        state = state.apply(move)
        played.append((seat, str(move)))
    decks = tuple(tuple(card.code for card in order) for order in getattr(first, "decks", ()))
    return GameRecord(
        rules.name, players=first.players, seed=first.seed if seed is None else seed,
        options=options, decks=decks, moves=tuple(played),
    )


def _is_digits(text: str) -> bool:
    """ASCII digits only, at most MAX_DIGITS of them (``'²'.isdigit()`` is True)."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def _header_number(headers: dict[str, str], key: str) -> int:
    text = headers[key]
    if not _is_digits(text):
        raise InvalidNotationError(
            f"header {key!r} must be a whole number of at most {MAX_DIGITS} ASCII digits, not {text[:30]!r}"
        )
    return int(text)


def loads_record(text: str) -> GameRecord:
    """The record written by :meth:`GameRecord.dumps`, validated for form (replay it to
    check the moves).

    >>> loads_record("not a record")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: a game record starts with '# cau_rules game record'
    """
    check_type(text, str, "text")
    lines = text.splitlines()
    if not lines or lines[0].strip() != _HEADER:
        raise InvalidNotationError(f"a game record starts with {_HEADER!r}")
    headers: dict[str, str] = {}
    decks: list[tuple[str, ...]] = []
    index = 1
    while index < len(lines) and lines[index].strip():
        key, sep, value = lines[index].partition(":")
        if not sep:
            raise InvalidNotationError(f"line {index + 1}: a header is 'name: value', not {lines[index]!r}")
        key, value = key.strip(), value.strip()
        if key == "deck":
            try:
                decks.append(tuple(card.code for card in parse_cards(value)))
            except InvalidNotationError as exc:
                raise InvalidNotationError(f"line {index + 1}: {exc}") from None
        elif key in headers:
            raise InvalidNotationError(f"line {index + 1}: header {key!r} given twice")
        else:
            headers[key] = value
        index += 1
    for key in ("format", "variant", "rules-version", "players", "seed"):
        if key not in headers:
            raise InvalidNotationError(f"the record has no {key!r} header")
    known = {"format", "variant", "rules-version", "players", "seed", "options"}
    unknown = sorted(set(headers) - known)
    if unknown:
        raise InvalidNotationError(f"unknown headers: {', '.join(unknown)}")
    if headers["format"] != str(FORMAT_VERSION):
        raise InvalidNotationError(f"record format {headers['format']!r}; this library reads {FORMAT_VERSION}")
    players = _header_number(headers, "players")
    seed = seed_text(headers["seed"][:40], "header 'seed'")
    rules_version = _header_number(headers, "rules-version")
    options: dict[str, Any] = {}
    if "options" in headers:
        options = dict(json_object(load_json(headers["options"], "the options header"), "the options header"))
    moves: list[tuple[int, str]] = []
    for number, line in enumerate(lines[index + 1:], start=index + 2):
        if not line.strip():
            continue
        seat_text, _, move = line.strip().partition(" ")
        if not _is_digits(seat_text) or not move.strip():
            raise InvalidNotationError(f"line {number}: a move line is '<seat> <move>', not {line!r}")
        moves.append((int(seat_text), move.strip()))
    try:
        get_rules(headers["variant"], **options)
    except CauRulesError as exc:
        raise InvalidNotationError(f"the record's rules are not valid: {exc}") from None
    return GameRecord(
        headers["variant"], players=players, seed=seed, options=options, decks=tuple(decks),
        moves=tuple(moves), rules_version=rules_version,
    )


