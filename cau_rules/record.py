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
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from cau_rules.cards import Card, parse_cards
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


def _items(value: object, field: str, what: str) -> tuple[object, ...]:
    """*value* as a tuple, if it is a list or tuple (TypeError naming *field* if not)."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{field} must be a tuple of {what}, not {type(value).__name__}")
    return tuple(value)


def _one_line(text: str, field: str) -> str:
    """*text* if it fits on one line of the record (a line break would forge a header)."""
    if "\n" in text or "\r" in text or not text.strip() or text != text.strip():
        raise InvalidNotationError(f"{field} must be one line of text without surrounding spaces, not {text[:40]!r}")
    return text


def _frozen_options(value: Any) -> tuple[tuple[str, Any], ...]:
    items: list[Any]
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        items = list(_items(value, "options", "(name, value) pairs, or a dict"))
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2 or not isinstance(item[0], str):
            raise TypeError(f"options must hold (name, value) pairs with a str name, not {item!r:.40}")
    return tuple(sorted((key, _frozen(item)) for key, item in items))


def _checked_variant(value: object) -> str:
    check_type(value, str, "variant")
    assert isinstance(value, str)
    return _one_line(value, "variant")


def _checked_number(value: object, field: str) -> int:
    check_type(value, int, field)
    assert isinstance(value, int)
    return value


def _checked_players(value: object) -> int:
    return _checked_number(value, "players")


def _checked_seed(value: object) -> int:
    return _checked_number(value, "seed")


def _checked_version(value: object) -> int:
    return _checked_number(value, "rules_version")


def _checked_decks(value: object) -> tuple[tuple[str, ...], ...]:
    orders = []
    for order in _items(value, "decks", "deck orders"):
        codes = []
        for card in _items(order, "decks", "deck orders, each a tuple of card codes"):
            if isinstance(card, Card):
                card = card.code
            check_type(card, str, "a card of decks")
            assert isinstance(card, str)
            codes.append(_one_line(card, "a card of decks"))
        orders.append(tuple(codes))
    return tuple(orders)


def _checked_moves(value: object) -> tuple[tuple[int, str], ...]:
    moves = []
    for number, pair in enumerate(_items(value, "moves", "(seat, move text) pairs"), start=1):
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise TypeError(f"moves must hold (seat, move text) pairs, not {pair!r:.40} (move {number})")
        seat, move = pair
        check_type(seat, int, f"the seat of move {number}")
        check_type(move, str, f"the text of move {number}")
        moves.append((seat, _one_line(move, f"the text of move {number}")))
    return tuple(moves)


@attrs.frozen
class GameRecord:
    """A whole game: how it started and every move, as ``(seat, move text)``.

    ``options`` is kept as a sorted tuple of ``(name, value)`` pairs (a mapping given to
    the constructor is converted), so a record is immutable and hashable;
    :meth:`options_dict` gives them as a dict.  Lists given for ``decks`` and ``moves``
    are kept as tuples.

    Every field is checked at construction: a value of the wrong Python type is a
    :class:`TypeError` naming the field (a record always has a seed: ``seed=None`` is
    refused, so every replay is the same game), and text that would not stay on its
    line of the record text is an :class:`~cau_rules.errors.InvalidNotationError`.
    Whether the moves are legal is checked by :meth:`replay`.

    >>> record = GameRecord("cau-robat", players=3, seed=8, options={"wrap": True})
    >>> record.options, record.options_dict(), hash(record) == hash(GameRecord("cau-robat", 3, 8, {"wrap": True}))
    ((('wrap', True),), {'wrap': True}, True)
    >>> GameRecord("cau", players=2, moves="0 12o")
    Traceback (most recent call last):
    ...
    TypeError: moves must be a tuple of (seat, move text) pairs, not str
    >>> GameRecord("cau", players=2, seed=None)
    Traceback (most recent call last):
    ...
    TypeError: seed must be int, not NoneType
    """

    variant: str = attrs.field(converter=_checked_variant)
    players: int = attrs.field(converter=_checked_players)
    seed: int = attrs.field(default=0, converter=_checked_seed)
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_frozen_options)
    decks: tuple[tuple[str, ...], ...] = attrs.field(default=(), converter=_checked_decks)
    moves: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_checked_moves)
    rules_version: int = attrs.field(
        default=attrs.Factory(lambda self: _rules_version(self.variant), takes_self=True),
        converter=_checked_version,
    )

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
            raise InvalidNotationError(f"line {index + 1}: a header is 'name: value', not {lines[index]!r:.40}")
        key, value = key.strip(), value.strip()
        if key == "deck":
            try:
                decks.append(tuple(card.code for card in parse_cards(value)))
            except InvalidNotationError as exc:
                raise InvalidNotationError(f"line {index + 1}: {exc}") from None
        elif key in headers:
            raise InvalidNotationError(f"line {index + 1}: header {key!r:.40} given twice")
        else:
            headers[key] = value
        index += 1
    for key in ("format", "variant", "rules-version", "players", "seed"):
        if key not in headers:
            raise InvalidNotationError(f"the record has no {key!r:.40} header")
    known = {"format", "variant", "rules-version", "players", "seed", "options"}
    unknown = sorted(set(headers) - known)
    if unknown:
        raise InvalidNotationError(f"unknown headers: {', '.join(unknown)}")
    if headers["format"] != str(FORMAT_VERSION):
        raise InvalidNotationError(f"record format {headers['format']!r:.40}; this library reads {FORMAT_VERSION}")
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
            raise InvalidNotationError(f"line {number}: a move line is '<seat> <move>', not {line!r:.40}")
        moves.append((int(seat_text), move.strip()))
    try:
        get_rules(headers["variant"], **options)
    except CauRulesError as exc:
        raise InvalidNotationError(f"the record's rules are not valid: {exc}") from None
    return GameRecord(
        headers["variant"], players=players, seed=seed, options=options, decks=tuple(decks),
        moves=tuple(moves), rules_version=rules_version,
    )


