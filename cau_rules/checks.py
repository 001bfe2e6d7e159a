"""Shared validators for data that comes from outside: whole numbers in range, seats,
card zones, and JSON text of bounded size and depth.

Everything that arrives as text or JSON (saves, records, moves, options) is data from a
stranger. These helpers refuse it with the library's own errors, saying what was wrong and
where; a wrong Python type from a programmer is a :class:`TypeError` naming the parameter.

>>> from cau_rules.checks import whole_number
>>> whole_number(3, "players", low=2, high=8)
3
>>> whole_number(True, "players", low=2, high=8)
Traceback (most recent call last):
...
cau_rules.errors.InvalidNotationError: players must be a whole number from 2 to 8, not True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from cau_rules.cards import DECKS, Card, Deck
from cau_rules.errors import CauRulesError, InvalidNotationError, InvalidRulesError

__all__ = [
    "MAX_DIGITS",
    "MAX_JSON_DEPTH",
    "MAX_JSON_ITEMS",
    "MAX_JSON_STRING",
    "MAX_SEED",
    "MAX_TEXT",
    "check_type",
    "deck_named",
    "json_object",
    "listed",
    "load_json",
    "players_problem",
    "replaced",
    "seat_number",
    "seed_text",
    "sequence_problem",
    "whole_number",
    "zone_problem",
]

MAX_JSON_DEPTH = 32
"""How deeply JSON arrays and objects may nest in saved data (saves need about 5)."""

MAX_JSON_ITEMS = 10_000
"""The most values one JSON array or object in saved data may hold: the longest real list,
the stones log of the longest Valencian joc, stays below 8,000 entries (most saves need
about 40)."""

MAX_JSON_STRING = 10_000
"""The longest JSON string in saved data, in characters (a whole deck written out is about 200)."""

MAX_SEED = 2**63 - 1
"""The largest seed, in every family and every reader: ``new_game``, saves, position
notations and game records all take seeds from 0 to ``2**63 - 1``."""

MAX_DIGITS = len(str(MAX_SEED))
"""The most digits a number in saved data or move text may have: 19, so that every seed
reads back."""

MAX_TEXT = 1_000_000
"""The longest text (characters) :func:`load_json` reads."""


def whole_number(
    value: object,
    where: str,
    *,
    low: int,
    high: int,
    error: type[CauRulesError] = InvalidNotationError,
) -> int:
    """*value* if it is a whole number (not a bool or a float) from *low* to *high*.

    Args:
        value: the value to check.
        where: what the value is, for the message ("players", "'hand' in the save").
        low: the smallest value allowed.
        high: the largest value allowed.
        error: the error class to raise (a rules option raises InvalidRulesError).

    Returns:
        The value, unchanged.

    Raises:
        CauRulesError: the *error* class, naming *where* and the range.

    >>> whole_number(41, "target", low=2, high=999)
    41
    >>> whole_number(1.5, "seed", low=0, high=2**63 - 1)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: seed must be a whole number from 0 to 9223372036854775807, not 1.5
    """
    if type(value) is int and low <= value <= high:
        return value  # the usual case (a bool or an int subclass takes the full test)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise error(f"{where} must be a whole number from {low} to {high}, not {shown}")
    return value


def seat_number(value: object, players: int, where: str = "seat") -> int:
    """*value* if it is a seat of a game of *players* (0 to players - 1).

    Args:
        value: the value to check.
        players: how many seats the game has.
        where: what the value is, for the message.

    Returns:
        The seat.

    Raises:
        InvalidNotationError: not a whole number, or not a seat of the game.

    >>> seat_number(2, 4)
    2
    >>> seat_number(7, 4)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: seat must be a whole number from 0 to 3, not 7
    """
    return whole_number(value, where, low=0, high=players - 1)


def seed_text(text: str, where: str) -> int:
    """The seed written *text* (in a notation or a record header): ASCII digits of a
    number from 0 to :data:`MAX_SEED`, refused as :func:`whole_number` refuses it.

    >>> seed_text("9223372036854775807", "the seed")
    9223372036854775807
    >>> seed_text("-1", "the seed")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: the seed must be a whole number from 0 to 9223372036854775807, not '-1'
    """
    digits = 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()
    return whole_number(int(text) if digits else text, where, low=0, high=MAX_SEED)


def check_type(value: object, expected: type | tuple[type, ...], parameter: str) -> None:
    """Raise :class:`TypeError` naming *parameter* unless *value* is of *expected* type.

    For programmers' mistakes (a list where a string belongs); bools are not accepted
    where an int is expected.

    Args:
        value: the argument.
        expected: the type or types allowed.
        parameter: the parameter's name.

    Raises:
        TypeError: the argument has another type.

    >>> check_type("cau", str, "name")
    >>> check_type(3, str, "name")
    Traceback (most recent call last):
    ...
    TypeError: name must be str, not int
    """
    if type(value) is expected:
        return  # the usual case, decided without building the tuple of types
    types = expected if isinstance(expected, tuple) else (expected,)
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        names = " or ".join(kind.__name__ for kind in types)
        raise TypeError(f"{parameter} must be {names}, not {type(value).__name__}")


def _check_shape(text: str, what: str) -> None:
    """Refuse JSON *text* that nests too deep, holds too many values in one array or object,
    or too long a string, in one pass over the characters that stops at the first excess:
    the parser never builds, and nothing walks, an over-long list."""
    counts: list[int] = []  # values so far in each open array or object (commas + 1)
    in_string = escaped = False
    start = 0
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
                if index - start - 1 > MAX_JSON_STRING:
                    raise InvalidNotationError(f"{what} holds a string of {index - start - 1} characters; "
                                               f"at most {MAX_JSON_STRING}")
        elif char == '"':
            in_string = True
            start = index
        elif char in "[{":
            counts.append(1)
            if len(counts) > MAX_JSON_DEPTH:
                raise InvalidNotationError(f"{what} nests more than {MAX_JSON_DEPTH} levels deep")
        elif char in "]}":
            if counts:
                counts.pop()
        elif char == "," and counts:
            counts[-1] += 1
            if counts[-1] > MAX_JSON_ITEMS:
                raise InvalidNotationError(f"{what} holds an array or object of more than {MAX_JSON_ITEMS} "
                                           "values")


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise InvalidNotationError(f"a number in the JSON has {len(digits)} digits; at most {MAX_DIGITS}")
    return int(text)


def _parse_float(text: str) -> float:
    raise InvalidNotationError(f"numbers in saved data are whole numbers, not {text[:20]!r}")


def _parse_constant(text: str) -> float:
    raise InvalidNotationError(f"{text} is not allowed in saved data")


def load_json(text: str, what: str = "saved data") -> Any:
    """Parse JSON *text* of bounded size, depth and numbers.

    Only whole numbers of at most :data:`MAX_DIGITS` digits are accepted (no fractions,
    exponents, NaN or infinities), nesting is at most :data:`MAX_JSON_DEPTH` deep, an array
    or object holds at most :data:`MAX_JSON_ITEMS` values, a string at most
    :data:`MAX_JSON_STRING` characters, and the text is at most :data:`MAX_TEXT` characters
    long.  The shape is checked before the text is parsed, and the check stops at the first
    excess: a list of a million values is refused after its first thousand commas.

    Args:
        text: the JSON text.
        what: what the text is, for messages.

    Returns:
        The parsed value.

    Raises:
        TypeError: *text* is not a string.
        InvalidNotationError: the text is not such JSON (the message says why).

    >>> load_json('{"hand": 2}')
    {'hand': 2}
    >>> load_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: saved data nests more than 32 levels deep
    >>> load_json("[" + "0," * 20000 + "0]")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: saved data holds an array or object of more than 10000 values
    >>> load_json('{"seed": 1e999}')
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: numbers in saved data are whole numbers, not '1e999'
    """
    check_type(text, str, "text")
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(f"{what} is {len(text)} characters long; at most {MAX_TEXT}")
    _check_shape(text, what)
    try:
        return json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
        )
    except json.JSONDecodeError as exc:
        raise InvalidNotationError(f"{what} is not valid JSON: {exc}") from None


def json_object(data: object, what: str = "saved data") -> Mapping[str, Any]:
    """*data* if it is a JSON object (a mapping with string keys).

    Args:
        data: the parsed value.
        what: what the value is, for messages.

    Returns:
        The mapping.

    Raises:
        InvalidNotationError: *data* is not a JSON object.

    >>> json_object({"family": "cacho"})["family"]
    'cacho'
    >>> json_object([1, 2])
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: saved data must be a JSON object, not list
    """
    if not isinstance(data, Mapping) or not all(isinstance(key, str) for key in data):
        raise InvalidNotationError(f"{what} must be a JSON object, not {type(data).__name__}")
    return data


# -- the shape of a hand-built position: cheap checks made before any other ---------------
# A position's ``status()`` first checks that each field has the Python shape the other
# checks read (a tuple of cards no longer than the deck, one entry per seat...), so that
# they never fail on it, and that a field of any length costs one look at its length.


def listed(items: Iterable[object], limit: int = 10) -> str:
    """Up to *limit* of *items*, joined with commas, and how many more there are: a
    refusal message stays short however long the input.

    >>> listed(["1o", "2o"])
    '1o, 2o'
    >>> listed(range(30_000), limit=3)
    '0, 1, 2 ... and 29,997 more'
    """
    shown: list[str] = []
    more = 0
    for item in items:
        if len(shown) < limit:
            shown.append(str(item))
        else:
            more += 1
    return ", ".join(shown) + (f" ... and {more:,} more" if more else "")


def players_problem(players: object, check_players: Callable[[int], None]) -> str | None:
    """Why *players* is not a player count the rules allow (*check_players* is the
    rules' own check, raising the library's error); None if it is.

    >>> def two_to_four(players: int) -> None:
    ...     if not 2 <= players <= 4:
    ...         raise CauRulesError(f"2 to 4 players, not {players}")
    >>> players_problem(0, two_to_four), players_problem("2", two_to_four), players_problem(3, two_to_four)
    ('2 to 4 players, not 0', "players must be a whole number, not '2'", None)
    """
    if type(players) is not int:
        return f"players must be a whole number, not {players!r:.20}"
    try:
        check_players(players)
    except CauRulesError as exc:
        return str(exc)
    return None


def sequence_problem(value: object, where: str, *, length: int | None = None, most: int | None = None) -> str | None:
    """Why *value* is not a tuple (or list) of *length* items, or of at most *most*;
    None if it is.  Only its type and length are looked at.

    >>> sequence_problem((1, 2), "holdings", length=3)
    'holdings has 2 entries, not 3 (one per seat)'
    >>> sequence_problem(5, "debts") is None
    False
    """
    if not isinstance(value, (tuple, list)):
        return f"{where} must be a tuple, not {type(value).__name__}"
    if length is not None and len(value) != length:
        return f"{where} has {len(value):,} entries, not {length} (one per seat)"
    if most is not None and len(value) > most:
        return f"{where} has {len(value):,} entries; at most {most} can arise"
    return None


def zone_problem(zone: object, where: str, most: int) -> str | None:
    """Why *zone* is not a tuple of at most *most* cards (the deck's size); None if it
    is.  A zone longer than the deck is refused on its length, before any card is read.

    >>> zone_problem(("1o",) * 40_000, "the table", 48)
    'the table holds 40,000 cards; the deck has 48'
    >>> zone_problem((Card.O1, 5), "the stock", 48)
    'the stock must hold cards only, not 5'
    """
    if not isinstance(zone, (tuple, list)):
        return f"{where} must be a tuple of cards, not {type(zone).__name__}"
    if len(zone) > most:
        return f"{where} holds {len(zone):,} cards; the deck has {most}"
    for card in zone:
        if not isinstance(card, Card):
            return f"{where} must hold cards only, not {card!r:.20}"
    return None


def deck_named(name: str) -> Deck:
    """The deck called *name*.

    Raises:
        InvalidRulesError: no deck has that name (the message lists the decks).

    >>> deck_named("spanish-40").size
    40
    >>> deck_named("tarot")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown deck 'tarot'; decks are: spanish-48, spanish-40, french-40, cacho-24
    """
    try:
        return DECKS[name]
    except KeyError:
        raise InvalidRulesError(f"unknown deck {name!r}; decks are: {', '.join(DECKS)}") from None


_Rules = TypeVar("_Rules", bound=attrs.AttrsInstance)


def replaced(rules: _Rules, options: dict[str, Any]) -> _Rules:
    """A copy of the frozen rules object *rules* with *options* changed: what every
    family's ``replace`` does.  A ``deck`` option may be given by name.  The rules class
    checks the new values (its validators run as the copy is built).

    Raises:
        InvalidRulesError: an option the rules class does not have (the message lists
            the options), an unknown deck, or a value its validators refuse.

    >>> from cau_rules.quatre import QUATRE
    >>> replaced(QUATRE, {"deck": "spanish-48"}).deck.size
    48
    >>> replaced(QUATRE, {"colour": "red"})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown option 'colour' for cau-quatre; options are: deck, hand_size, max_players, max_turns_after_stock, min_players, name, table_size
    """
    known = attrs.fields_dict(type(rules))
    for option in options:
        if option not in known:
            raise InvalidRulesError(
                f"unknown option {option!r} for {getattr(rules, 'name', type(rules).__name__)}; "
                f"options are: {', '.join(sorted(known))}"
            )
    if "deck" in known and isinstance(options.get("deck"), str):
        options = {**options, "deck": deck_named(options["deck"])}
    return attrs.evolve(rules, **options)  # type: ignore[misc]  # the attrs plugin wants a concrete class
