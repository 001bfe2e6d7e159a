"""JSON data of the four-card game, with validation.

Nothing here builds a state: :func:`fields_from_dict` reads saved data, checks its JSON
types and returns the field values, validated by
:func:`~cau_rules.quatre.validate.position_fields`, and :func:`state_fields_to_dict`
writes field values as JSON-ready data.  The state class
(``QuatreState(**fields)``) and the family's loader build the state.

Saved data has ``"family": "quatre"`` and ``"schema": 3``; card zones are strings of
card codes, holdings one such string per seat, and the termination is the name of a
:class:`~cau_rules.outcome.Termination` member (schema 2 wrote its text; it is refused).

>>> from cau_rules.quatre import QUATRE, QuatreState, new_game
>>> state = new_game(QUATRE, 2, seed=5)
>>> QuatreState(**fields_from_dict(state.to_dict())) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cau_rules.cards import Card, cards_text
from cau_rules.checks import MAX_SEED, json_object, whole_number
from cau_rules.errors import InvalidNotationError
from cau_rules.outcome import Termination
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.validate import position_fields
from cau_rules.quatre.zones import PHASES, PendingGift, PendingLay, Position, QuatreChain

__all__ = [
    "FAMILY_NAME",
    "FIELDS",
    "SCHEMA",
    "fields_from_dict",
    "state_fields_to_dict",
]

SCHEMA = 3
"""The version of the JSON layout written by :func:`state_fields_to_dict` (3: the
termination saved as a :class:`~cau_rules.outcome.Termination` name).

>>> SCHEMA
3
"""

FAMILY_NAME = "quatre"
"""The ``"family"`` field of the JSON layout.

>>> FAMILY_NAME
'quatre'
"""

FIELDS: tuple[str, ...] = (
    "rules", "players", "seed", "phase", "to_play", "starter", "stock", "table", "holdings", "chain",
    "gift", "lay", "known", "private", "out", "passes", "turns_after_stock", "termination",
)
"""The fields of a position, as saved (a state also has the events of its last move).

>>> len(FIELDS)
18
"""


def state_fields_to_dict(position: Position) -> dict[str, Any]:
    """A position as JSON-ready data: card zones as strings of codes.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> data = new_game(QUATRE, 2, seed=5).to_dict()
    >>> data["family"], data["schema"], data["phase"], data["table"], data["termination"]
    ('quatre', 3, 'turn', '11c 10c 5b 12e', None)
    """
    return {
        "schema": SCHEMA,
        "family": FAMILY_NAME,
        "rules": position.rules.to_dict(),
        "players": position.players,
        "seed": position.seed,
        "phase": position.phase,
        "to_play": position.to_play,
        "starter": position.starter,
        "stock": cards_text(position.stock),
        "table": cards_text(position.table),
        "holdings": [cards_text(h) for h in position.holdings],
        "chain": None if position.chain is None else {
            "target": position.chain.target.code,
            "cards": [[seat, card.code] for seat, card in position.chain.cards],
        },
        "gift": None if position.gift is None else {
            "giver": position.gift.giver, "receiver": position.gift.receiver, "owed": position.gift.owed, "level": position.gift.level,
        },
        "lay": None if position.lay is None else {
            "owed": position.lay.owed, "after": None if position.lay.after is None else position.lay.after.code,
        },
        "known": [cards_text(k) for k in position.known],
        "private": [[knower, holder, card.code] for knower, holder, card in position.private],
        "out": list(position.out),
        "passes": position.passes,
        "turns_after_stock": position.turns_after_stock,
        "termination": None if position.termination is None else position.termination.name,
    }


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str = "") -> Any:
    if key not in data:
        raise InvalidNotationError(f"the saved four-card game has no {key!r:.40}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = {int: "a whole number", str: "a string", list: "a list", dict: "an object", type(None): "null"}
        expected = " or ".join(names.get(k, k.__name__) for k in kinds)
        raise InvalidNotationError(f"{what or repr(key)} in the save must be {expected}, not {value!r:.40}")
    if isinstance(value, list) and len(value) > len(Card):  # refused on its length, before any item is read
        raise InvalidNotationError(f"{what or repr(key)} in the save has {len(value):,} items; at most {len(Card)}")
    return value


def _items(values: list[Any], kind: type, what: str) -> list[Any]:
    for value in values:
        if not isinstance(value, kind) or isinstance(value, bool):
            noun = "whole numbers" if kind is int else "strings"
            raise InvalidNotationError(f"{what} in the save must be a list of {noun}, not {value!r:.40}")
    return values


def _record(entry: object, what: str, size: int, last: type) -> list[Any]:
    if (not isinstance(entry, list) or len(entry) != size
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in entry[:-1])
            or not isinstance(entry[-1], last)):
        raise InvalidNotationError(f"{what} in the save is malformed: {entry!r:.60}")
    return entry


def fields_from_dict(data: object) -> dict[str, Any]:
    """The field values of a position saved by :func:`state_fields_to_dict`, validated.

    Raises:
        InvalidNotationError: not a saved four-card game of this schema, a missing key,
            a value of the wrong JSON type, a malformed card code.
        InvalidPositionError: a position no game can reach.
        InvalidRulesError: bad rules options or player count.

    >>> fields_from_dict({"schema": 3, "family": "fishing"})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: not a four-card game: family 'fishing'
    >>> fields_from_dict({"schema": 2, "family": "quatre"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: unsupported schema 2; this version reads schema 3 (...)
    """
    record = json_object(data, "a saved four-card game")
    if record.get("family") != FAMILY_NAME:
        raise InvalidNotationError(f"not a four-card game: family {record.get('family')!r:.40}")
    schema = record.get("schema")
    if schema != SCHEMA or isinstance(schema, bool):
        older = " (schemas 1 and 2 saved the termination as text and are no longer read)"
        raise InvalidNotationError(
            f"unsupported schema {schema!r:.20}; this version reads schema {SCHEMA}"
            + (older if schema in (1, 2) and not isinstance(schema, bool) else "")
        )
    rules_data = _get(record, "rules", dict)
    rules = QuatreRules.from_dict(rules_data)
    chain_data = _get(record, "chain", (dict, type(None)))
    chain = None
    if chain_data is not None:
        target = _get(chain_data, "target", str, "the chain's target")
        played = [_record(entry, "a chain card", 2, str) for entry in _get(chain_data, "cards", list, "the chain's cards")]
        chain = QuatreChain(Card.parse(target), tuple((seat, Card.parse(code)) for seat, code in played))
    gift_data = _get(record, "gift", (dict, type(None)))
    gift = None if gift_data is None else PendingGift(
        *(_get(gift_data, key, int, f"the gift's {key}") for key in ("giver", "receiver", "owed", "level"))
    )
    lay_data = _get(record, "lay", (dict, type(None)))
    lay = None
    if lay_data is not None:
        after = _get(lay_data, "after", (str, type(None)), "the lay's last card")
        lay = PendingLay(_get(lay_data, "owed", int, "the lay's cards owed"),
                         None if after is None else Card.parse(after))
    termination_name = _get(record, "termination", (str, type(None)))
    termination = None
    if termination_name is not None:
        if termination_name not in Termination.__members__:
            raise InvalidNotationError(f"unknown termination {termination_name!r:.40}")
        termination = Termination[termination_name]
    phase = _get(record, "phase", str)
    if phase not in PHASES:
        raise InvalidNotationError(f"phase must be one of {', '.join(PHASES)}, not {phase!r:.40}")
    return position_fields(
        rules,
        _get(record, "players", int),
        holdings=_items(_get(record, "holdings", list), str, "'holdings'"),
        table=_get(record, "table", str),
        stock=_get(record, "stock", str),
        to_play=_get(record, "to_play", int),
        phase=phase,
        starter=_get(record, "starter", int),
        chain=chain,
        gift=gift,
        lay=lay,
        known=_items(_get(record, "known", list), str, "'known'"),
        private=[tuple(_record(entry, "a private record", 3, str)) for entry in _get(record, "private", list)],
        out=_items(_get(record, "out", list), int, "'out'"),
        passes=_get(record, "passes", int),
        turns_after_stock=_get(record, "turns_after_stock", int),
        termination=termination,
        seed=whole_number(_get(record, "seed", int), "'seed' in the save", low=0, high=MAX_SEED),
    )
