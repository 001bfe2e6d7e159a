"""Exact *Cacho* positions and their JSON data, with validation.

The functions here return field values, never a state:
:meth:`CachoState.from_position <cau_rules.cacho.state.CachoState.from_position>` and
:meth:`CachoState.from_dict <cau_rules.cacho.state.CachoState.from_dict>` build the state
from them, then call :func:`~cau_rules.cacho.validate.check_position`, which refuses
(with :class:`~cau_rules.errors.InvalidPositionError`, listing every problem) any
position that cannot arise in a game.

The JSON layout (``"schema": 1``, ``"family": "cacho"``) writes every zone of cards as
one space-separated string: ``"holdings": ["1o 2o", "5c 6c"]``, ``"stock": "3b 4e ..."``.

>>> from cau_rules.cacho import CACHO, CachoState, new_game
>>> data = new_game(CACHO, 2, seed=1).to_dict()
>>> data["family"], data["schema"], data["holdings"], data["termination"]
('cacho', 1, ['2e', '5o'], None)
>>> CachoState.from_dict(data).to_dict() == data
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cau_rules.cacho.engine import shuffled_deck
from cau_rules.cacho.legal import current_bet, eldest_order, may_act
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.validate import MAX_SEED
from cau_rules.cacho.zones import Position, cycle_after
from cau_rules.cards import CACHO_24, Card, cards_text, parse_cards
from cau_rules.checks import check_type, whole_number
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.outcome import Termination

__all__ = [
    "SCHEMA",
    "default_to_act",
    "default_to_play",
    "fields_from_dict",
    "new_game_decks",
    "position_fields",
    "seat_flags",
    "state_fields_to_dict",
]

SCHEMA = 1
"""The version of the JSON layout of Cacho states."""


def position_cards(value: object, where: str) -> tuple[Card, ...]:
    """The cards of a zone given as a string of codes or a sequence of codes / Cards.

    Raises:
        TypeError: *value* is not a string or a sequence of codes and cards.
        InvalidPositionError: a code names no card.
    """
    if isinstance(value, Card):
        value = (value,)
    if not isinstance(value, (str, list, tuple)):
        raise TypeError(f"{where} must be card codes (a string or a list), not {type(value).__name__}")
    if not isinstance(value, str):
        for index, card in enumerate(value):
            if not isinstance(card, (str, Card)):
                raise TypeError(f"{where}[{index}] must be a card or its code, not {type(card).__name__}")
    try:
        return parse_cards(value, most=len(Card))
    except InvalidNotationError as exc:
        raise InvalidPositionError(f"{where}: {exc}") from None


def seat_flags(seats: Sequence[object], players: int) -> tuple[bool, ...]:
    """Per-seat flags from a list of seat numbers (how ``to_act`` is written).

    Raises:
        InvalidPositionError: an entry is not a seat.
    """
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidPositionError(f"to_act names seat {seat!r:.40}, but seats are 0 to {players - 1}")
    return tuple(seat in seats for seat in range(players))


def _sequence(value: object, parameter: str) -> Sequence[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{parameter} must be a sequence (one entry per seat), not {type(value).__name__}")
    return value


def _ints(value: object, parameter: str) -> tuple[int, ...]:
    entries = _sequence(value, parameter)
    for index, entry in enumerate(entries):
        check_type(entry, int, f"{parameter}[{index}]")
    return tuple(entries)  # type: ignore[arg-type]


def _flags(value: object, parameter: str) -> tuple[bool, ...]:
    entries = _sequence(value, parameter)
    for index, entry in enumerate(entries):
        check_type(entry, bool, f"{parameter}[{index}]")
    return tuple(entries)  # type: ignore[arg-type]


# -- exact positions ---------------------------------------------------------------------


def new_game_decks(rules: CachoRules, players: int, seed: int,
                   decks: Sequence[Sequence[Card | str] | str] | None) -> tuple[tuple[Card, ...], ...]:
    """The deck orders of a new session, from :func:`~cau_rules.cacho.state.new_game`'s
    arguments, every argument checked.

    Raises:
        TypeError: *rules* is not a CachoRules, *players* not an int, *decks* not a list
            of orders.
        InvalidRulesError: *players* cannot play these rules, *seed* is not a whole number
            from 0 to 2**63 - 1, or there are more deck orders than hands.
        InvalidDeckError: a deck order is not the 24 Cacho cards.

    >>> from cau_rules.cacho import CACHO
    >>> new_game_decks(CACHO, 2, 0, None)
    ()
    """
    check_type(rules, CachoRules, "rules")
    check_type(players, int, "players")
    rules.check_players(players)
    whole_number(seed, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
    if not decks and (decks is None or isinstance(decks, (tuple, list))):
        return ()
    orders = _sequence(decks, "decks")
    if len(orders) > rules.max_hands:
        raise InvalidRulesError(
            f"{rules.name} plays at most {rules.max_hands} hands (max_hands), so it takes at most "
            f"{rules.max_hands} deck orders, not {len(orders)}"
        )
    return tuple(CACHO_24.check_order(position_cards(order, f"decks[{number}]"))
                 for number, order in enumerate(orders))


def position_fields(
    rules: CachoRules,
    players: int,
    *,
    stacks: Sequence[int] | None,
    holdings: Sequence[str | Sequence[Card | str]],
    round: int | None,
    contributions: Sequence[int] | None,
    round_bets: Sequence[int] | None,
    folded: Sequence[bool] | None,
    dealer: int | None,
    to_play: int | None,
    stock: Sequence[Card | str] | str | None,
    hand: int,
    redeal: int,
    seed: int,
    decks: Sequence[Sequence[Card | str] | str],
) -> dict[str, Any]:
    """The fields of the position :meth:`~cau_rules.cacho.state.CachoState.from_position`
    describes, before ``to_act`` and a default ``to_play`` are worked out (``to_act`` all
    false, ``to_play`` -1 when not given).

    Raises:
        TypeError: an argument of the wrong type (the message names the parameter).
        InvalidRulesError: *players* cannot play these rules.
        InvalidDeckError: a deck order is not the 24 Cacho cards.
        InvalidPositionError: the entries do not fit the seats, or a card is unknown.
    """
    check_type(rules, CachoRules, "rules")
    check_type(players, int, "players")
    rules.check_players(players)
    for name, value in (("round", round), ("dealer", dealer), ("to_play", to_play)):
        if value is not None:
            check_type(value, int, name)
    for name, number in (("hand", hand), ("redeal", redeal), ("seed", seed)):
        check_type(number, int, name)
    whole_number(seed, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
    held = tuple(position_cards(holding, f"holdings[{seat}]")
                 for seat, holding in enumerate(_sequence(holdings, "holdings")))
    zeros = (0,) * players
    paid = _ints(contributions, "contributions") if contributions is not None else zeros
    if stacks is None:
        stacks_t = tuple(rules.stack - put for put in paid) if len(paid) == players else (rules.stack,) * players
    else:
        stacks_t = _ints(stacks, "stacks")
    for name, values in (("stacks", stacks_t), ("holdings", held)):
        if len(values) != players:
            raise InvalidPositionError(f"{name} has {len(values)} entries but there are {players} seats")
    dealt_in = tuple(bool(holding) for holding in held)
    folded_t = _flags(folded, "folded") if folded is not None else (False,) * players
    if len(folded_t) != players:
        raise InvalidPositionError(f"folded has {len(folded_t)} entries but there are {players} seats")
    if round is None:
        round = max((len(held[seat]) for seat in range(players) if dealt_in[seat] and not folded_t[seat]),
                    default=1)
    if dealer is None:
        dealer = max((seat for seat in range(players) if dealt_in[seat]), default=players - 1)
    if stock is None:
        taken = {card for holding in held for card in holding}
        stock_t = tuple(card for card in shuffled_deck(seed, hand, redeal, "position") if card not in taken)
    else:
        stock_t = position_cards(stock, "stock")
    orders = _sequence(decks, "decks")
    if len(orders) > rules.max_hands:
        raise InvalidPositionError(f"{len(orders)} deck orders for a session of at most {rules.max_hands} hands")
    return {
        "rules": rules, "seed": seed,
        "decks": tuple(CACHO_24.check_order(position_cards(order, f"decks[{number}]"))
                       for number, order in enumerate(orders)),
        "hand": hand, "redeal": redeal, "dealer": dealer, "round": round, "stacks": stacks_t,
        "contributions": paid,
        "round_bets": _ints(round_bets, "round_bets") if round_bets is not None else zeros,
        "holdings": held, "stock": stock_t, "dealt_in": dealt_in, "folded": folded_t,
        "to_act": (False,) * players, "to_play": -1 if to_play is None else to_play,
        "termination": None,
    }


def default_to_act(position: Position, to_play: int | None) -> tuple[bool, ...]:
    """Who still acts in the round when the caller does not say: while nobody has bet,
    every seat from *to_play* to the end of the eldest order; after a bet, every seat
    short of it that may act."""
    order = eldest_order(position)
    bet = current_bet(position)
    players = len(position.stacks)
    if bet:
        return tuple(may_act(position, seat) and position.round_bets[seat] < bet for seat in range(players))
    start = order.index(to_play) if to_play in order else 0
    later = set(order[start:])
    return tuple(may_act(position, seat) and seat in later for seat in range(players))


def default_to_play(position: Position, waiting: tuple[bool, ...]) -> int:
    """The first waiting seat after the first seat holding the bet (with no bet: the first
    waiting seat in eldest order); -1 if nobody waits."""
    order = eldest_order(position)
    bet = current_bet(position)
    holders = [seat for seat in order if bet and position.round_bets[seat] == bet]
    anchor = holders[0] if holders else position.dealer
    for seat in cycle_after(anchor, len(position.stacks)):
        if waiting[seat]:
            return seat
    return -1


# -- JSON --------------------------------------------------------------------------------


def state_fields_to_dict(position: Position) -> dict[str, Any]:
    """The fields of *position* as JSON-ready data (events are not saved)."""
    return {
        "schema": SCHEMA,
        "family": "cacho",
        "rules": position.rules.to_dict(),
        "seed": position.seed,
        "decks": [cards_text(order) for order in position.decks],
        "hand": position.hand,
        "redeal": position.redeal,
        "dealer": position.dealer,
        "round": position.round,
        "stacks": list(position.stacks),
        "contributions": list(position.contributions),
        "round_bets": list(position.round_bets),
        "holdings": [cards_text(holding) for holding in position.holdings],
        "stock": cards_text(position.stock),
        "dealt_in": list(position.dealt_in),
        "folded": list(position.folded),
        "to_act": [seat for seat, waiting in enumerate(position.to_act) if waiting],
        "to_play": position.to_play,
        "termination": None if position.termination is None else position.termination.name,
    }


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise InvalidNotationError(f"a Cacho state record needs {key!r:.40} as a list, not {value!r:.40}")
    if len(value) > 8:  # refused on its length, before any item is read
        raise InvalidNotationError(f"{key!r} has {len(value):,} entries; a Cacho session has at most 8 seats")
    return value


_BIG = 10**18  # far above any real counter


def _numbers(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _list(data, key)
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidNotationError(f"{key!r:.40} must hold whole numbers, not {value!r:.40} (seat {seat})")
        if abs(value) >= _BIG:
            raise InvalidNotationError(f"{key!r} holds {value} (seat {seat}): at most 18 digits")
    return tuple(values)


def _zone_text(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise InvalidNotationError(f"{where} must be card codes in one string like '1o 2o', not {value!r:.40}")
    return position_cards(value, where)


def fields_from_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """The field values of a state saved by ``to_dict``, with their JSON types checked.

    Raises:
        InvalidNotationError: not a mapping, another family or schema, or a field of the
            wrong JSON type.
        InvalidRulesError: bad rules options.
        InvalidPositionError: a card code that is no card.
        InvalidDeckError: a supplied deck order that is not the 24 Cacho cards.
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a Cacho state record is a mapping, not {data!r:.40}")
    if data.get("family") != "cacho":
        raise InvalidNotationError(
            f"not a Cacho state record: family is {data.get('family')!r}, expected 'cacho'"
        )
    if data.get("schema") != SCHEMA:
        raise InvalidNotationError(
            f"unsupported Cacho state schema {data.get('schema')!r}: this library reads {SCHEMA}"
        )
    rules_data = data.get("rules")
    if not isinstance(rules_data, Mapping):
        raise InvalidNotationError(f"a Cacho state record needs 'rules' as a mapping, not {rules_data!r:.40}")
    rules = CachoRules.from_dict(rules_data)
    whole_number(data.get("seed"), "'seed' in a Cacho state record", low=0, high=MAX_SEED)
    for key in ("hand", "redeal", "dealer", "round", "to_play"):
        whole_number(data.get(key), f"{key!r} in a Cacho state record", low=-1, high=_BIG)
    termination = data.get("termination")
    if termination is not None and (not isinstance(termination, str) or termination not in Termination.__members__):
        raise InvalidNotationError(f"'termination' must be null or the name of a way to end, not {termination!r:.40}")
    stacks = _numbers(data, "stacks")
    flags = {}
    for key in ("dealt_in", "folded"):
        values = _list(data, key)
        if not all(isinstance(value, bool) for value in values):
            raise InvalidNotationError(f"{key!r:.40} must hold true/false values, not {values!r:.40}")
        flags[key] = tuple(values)
    decks = data.get("decks", [])
    if isinstance(decks, list) and len(decks) > rules.max_hands:  # refused on its length first
        raise InvalidPositionError(f"{len(decks):,} deck orders for a session of at most {rules.max_hands} hands")
    if not isinstance(decks, list) or not all(isinstance(order, str) for order in decks):
        raise InvalidNotationError(f"'decks' must be a list of card strings, not {decks!r:.40}")
    return {
        "rules": rules,
        "seed": data["seed"],
        "decks": tuple(CACHO_24.check_order(_zone_text(order, "a deck order")) for order in decks),
        "hand": data["hand"],
        "redeal": data["redeal"],
        "dealer": data["dealer"],
        "round": data["round"],
        "stacks": stacks,
        "contributions": _numbers(data, "contributions"),
        "round_bets": _numbers(data, "round_bets"),
        "holdings": tuple(_zone_text(holding, f"holdings[{seat}]")
                          for seat, holding in enumerate(_list(data, "holdings"))),
        "stock": _zone_text(data.get("stock"), "stock"),
        "dealt_in": flags["dealt_in"],
        "folded": flags["folded"],
        "to_act": seat_flags(_list(data, "to_act"), len(stacks)),
        "termination": None if termination is None else Termination[termination],
        "to_play": data["to_play"],
    }
