"""Exact *Cacho* positions and their JSON data, with validation.

The functions here return field values, never a state:
:meth:`CachoState.from_position <cau_rules.cacho.state.CachoState.from_position>` and
:meth:`CachoState.from_dict <cau_rules.cacho.state.CachoState.from_dict>` build the state
from them and then call :func:`check_position`, which refuses (with
:class:`~cau_rules.errors.InvalidPositionError`, naming the first problem) any position
that cannot arise in a game.

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
from cau_rules.cacho.legal import current_bet, eldest_order, is_active, may_act, resto_limit
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position, cycle_after
from cau_rules.cards import CACHO_24, Card, cards_text, parse_cards
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.outcome import Termination

__all__ = [
    "SCHEMA",
    "TERMINATIONS",
    "check_basics",
    "check_position",
    "default_to_act",
    "default_to_play",
    "fields_from_dict",
    "position_fields",
    "seat_flags",
    "state_fields_to_dict",
]

SCHEMA = 1
"""The version of the JSON layout of Cacho states."""

TERMINATIONS: tuple[Termination, ...] = (Termination.ALL_COUNTERS, Termination.MAX_HANDS)
"""The ways a Cacho session ends."""


def whole(value: object) -> bool:
    """Whether *value* is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def position_cards(value: object, where: str) -> tuple[Card, ...]:
    """The cards of a zone given as a string of codes or a sequence of codes / Cards."""
    if isinstance(value, Card):
        value = (value,)
    if not isinstance(value, (str, list, tuple)):
        raise InvalidPositionError(f"{where} must be card codes, not {value!r}")
    try:
        return parse_cards(value)
    except InvalidNotationError as exc:
        raise InvalidPositionError(f"{where}: {exc}") from None


def seat_flags(seats: Sequence[object], players: int) -> tuple[bool, ...]:
    """Per-seat flags from a list of seat numbers (how ``to_act`` is written)."""
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidPositionError(f"to_act names seat {seat!r}, but seats are 0 to {players - 1}")
    return tuple(seat in seats for seat in range(players))


# -- exact positions ---------------------------------------------------------------------


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
        TypeError: *rules* is not a :class:`~cau_rules.cacho.rules.CachoRules`.
        InvalidRulesError: *players* cannot play these rules.
        InvalidPositionError: the entries do not fit the seats, or a card is unknown.
    """
    if not isinstance(rules, CachoRules):
        raise TypeError(f"from_position: rules must be CachoRules, not {rules!r}")
    rules.check_players(players)
    stacks_t = tuple(stacks) if stacks is not None else (rules.stack,) * players
    held = tuple(position_cards(holding, f"holdings[{seat}]") for seat, holding in enumerate(holdings))
    for name, values in (("stacks", stacks_t), ("holdings", held)):
        if len(values) != players:
            raise InvalidPositionError(f"{name} has {len(values)} entries but there are {players} seats")
    dealt_in = tuple(bool(holding) for holding in held)
    folded_t = tuple(bool(flag) for flag in (folded if folded is not None else [False] * players))
    if len(folded_t) != players:
        raise InvalidPositionError(f"folded has {len(folded_t)} entries but there are {players} seats")
    if round is None:
        round = max((len(held[seat]) for seat in range(players) if dealt_in[seat] and not folded_t[seat]),
                    default=1)
    zeros = (0,) * players
    if dealer is None:
        dealer = max((seat for seat in range(players) if dealt_in[seat]), default=players - 1)
    if stock is None:
        taken = {card for holding in held for card in holding}
        stock_t = tuple(card for card in shuffled_deck(seed, hand, redeal, "position") if card not in taken)
    else:
        stock_t = position_cards(stock, "stock")
    return {
        "rules": rules, "seed": seed, "decks": tuple(CACHO_24.check_order(order) for order in decks),
        "hand": hand, "redeal": redeal, "dealer": dealer, "round": round, "stacks": stacks_t,
        "contributions": tuple(contributions) if contributions is not None else zeros,
        "round_bets": tuple(round_bets) if round_bets is not None else zeros,
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


# -- validation --------------------------------------------------------------------------


def check_basics(position: Position) -> None:
    """The checks that need no seat to play: sizes, counters, numbers and cards.

    Raises:
        InvalidPositionError: naming the first problem found.
    """
    players = len(position.stacks)
    try:
        position.rules.check_players(players)
    except InvalidRulesError as exc:
        raise InvalidPositionError(f"the position has {players} seats: {exc}") from None
    for name in ("contributions", "round_bets", "holdings", "dealt_in", "folded", "to_act"):
        size = len(getattr(position, name))
        if size != players:
            raise InvalidPositionError(f"{name} has {size} entries but there are {players} seats")
    for name in ("stacks", "contributions", "round_bets"):
        for seat, count in enumerate(getattr(position, name)):
            if not whole(count) or count < 0:
                raise InvalidPositionError(
                    f"{name}[{seat}] is {count!r}: counters are whole numbers, never negative"
                )
    for name in ("seed", "hand", "redeal", "dealer", "round", "to_play"):
        if not whole(getattr(position, name)):
            raise InvalidPositionError(f"{name} must be a whole number, not {getattr(position, name)!r}")
    if not 0 <= position.dealer < players:
        raise InvalidPositionError(f"there is no seat {position.dealer} to deal: seats are 0 to {players - 1}")
    if position.hand < 0 or not 0 <= position.redeal <= position.hand:
        raise InvalidPositionError(
            f"hand {position.hand} with redeal {position.redeal} is impossible: hands count from 0 and "
            "redeals never outnumber the hands before"
        )
    if len(position.decks) > position.rules.max_hands:
        raise InvalidPositionError(
            f"{len(position.decks)} deck orders for a session of at most {position.rules.max_hands} hands"
        )
    if position.termination is None:
        if position.hand >= position.rules.max_hands:
            raise InvalidPositionError(
                f"hand {position.hand + 1} cannot be played: the session has max_hands "
                f"{position.rules.max_hands}"
            )
        if not 1 <= position.round <= 3:
            raise InvalidPositionError(f"round {position.round} does not exist: betting rounds are 1 to 3")
    elif position.termination not in TERMINATIONS:
        raise InvalidPositionError(f"a Cacho session cannot end by {position.termination.name}")
    seen: set[Card] = set()
    for card in [card for holding in position.holdings for card in holding] + list(position.stock):
        if not isinstance(card, Card):
            raise InvalidPositionError(f"{card!r} is not a card")
        if not CACHO_24.contains(card):
            raise InvalidPositionError(f"{card} is not a Cacho card: the Cacho deck has ranks 1 to 6 only")
        if card in seen:
            raise InvalidPositionError(f"{card} appears more than once among the holdings and the stock")
        seen.add(card)


def check_position(position: Position) -> None:
    """Refuse a position that cannot arise in a game.

    Raises:
        InvalidPositionError: naming the first problem found (duplicate, missing or foreign
            cards, impossible counters or bets, a wrong seat to play...).
    """
    check_basics(position)
    held = {card for holding in position.holdings for card in holding} | set(position.stock)
    missing = [card for card in CACHO_24.cards if card not in held]
    if missing:
        raise InvalidPositionError(
            f"cards are missing from the holdings and the stock: {cards_text(missing)} (all 24 must be there)"
        )
    if position.termination is not None:
        if any(position.contributions) or any(position.round_bets):
            raise InvalidPositionError("a finished session has no pot: every counter is in a stack")
        if any(position.to_act) or position.to_play != -1:
            raise InvalidPositionError("a finished session has nobody to act: to_play is -1 and to_act empty")
        return
    if not position.dealt_in[position.dealer]:
        raise InvalidPositionError(
            f"the dealer, seat {position.dealer}, is out of the session: the button skips it"
        )
    for seat in range(len(position.stacks)):
        _check_seat(position, seat)
    if position.dealt_in.count(True) < 2:
        raise InvalidPositionError("a hand needs at least two players dealt in")
    active = [seat for seat in range(len(position.stacks)) if is_active(position, seat)]
    if len(active) < 2:
        raise InvalidPositionError(
            "a hand in play has at least two active players (else the pot is already won)"
        )
    _check_betting(position, active)


def _check_seat(position: Position, seat: int) -> None:
    rnd, rules = position.round, position.rules
    holding = position.holdings[seat]
    if not position.dealt_in[seat]:
        if holding or position.stacks[seat] or position.contributions[seat] or position.folded[seat]:
            raise InvalidPositionError(
                f"seat {seat} holds no card, so it is out of the session, yet it has counters or bets "
                "(a player with no counters at the start of a hand is out)"
            )
        return
    if position.stacks[seat] + position.contributions[seat] == 0:
        raise InvalidPositionError(
            f"seat {seat} is dealt in with no counters at all: a player with none at the start "
            "of a hand is out"
        )
    if position.folded[seat]:
        if not 1 <= len(holding) <= rnd:
            raise InvalidPositionError(
                f"seat {seat} folded holding {len(holding)} cards: in round {rnd} a folded seat "
                f"holds 1 to {rnd}"
            )
    elif len(holding) != rnd:
        raise InvalidPositionError(
            f"seat {seat} holds {len(holding)} cards ({cards_text(holding)}), but in round {rnd} "
            f"every active player holds {rnd}"
        )
    if position.round_bets[seat] > position.contributions[seat]:
        raise InvalidPositionError(
            f"seat {seat} bet {position.round_bets[seat]} this round but put only "
            f"{position.contributions[seat]} into the pot this hand"
        )
    earlier = position.contributions[seat] - position.round_bets[seat]
    most = sum(rules.bets[: rnd - 1])
    if earlier > most:
        raise InvalidPositionError(
            f"seat {seat} put {earlier} into the pot before round {rnd}, more than the fixed bets "
            f"allow ({most})"
        )
    if rnd < 3 and position.round_bets[seat] not in (0, rules.bets[rnd - 1]):
        raise InvalidPositionError(
            f"seat {seat} bet {position.round_bets[seat]} in round {rnd}, whose bet is fixed at "
            f"{rules.bets[rnd - 1]}"
        )


def _check_betting(position: Position, active: list[int]) -> None:
    bet = current_bet(position)
    players = len(position.stacks)
    if position.round == 3 and position.rules.resto == "cap_at_smallest":
        cap = resto_limit(position, active[0])
        if bet > cap:
            raise InvalidPositionError(
                f"a round-3 bet of {bet} exceeds the resto cap of {cap} "
                "(the smallest stake among active players)"
            )
    for seat in range(players):
        if position.to_act[seat] and not may_act(position, seat):
            why = "has no counters left" if is_active(position, seat) else "is not active"
            raise InvalidPositionError(f"seat {seat} cannot be waiting to act: it {why}")
        if bet and may_act(position, seat) and position.round_bets[seat] < bet and not position.to_act[seat]:
            raise InvalidPositionError(
                f"seat {seat} is short of the bet of {bet} and must still act: it belongs in to_act"
            )
    if not any(position.to_act):
        raise InvalidPositionError("nobody is waiting to act, so this round is already over")
    to_play = position.to_play
    if not 0 <= to_play < players:
        raise InvalidPositionError(f"there is no seat {to_play} to play: seats are 0 to {players - 1}")
    if not position.to_act[to_play]:
        if not position.dealt_in[to_play]:
            why = "is out of the session"
        elif position.folded[to_play]:
            why = "has folded"
        else:
            why = "has nothing to do in this round"
        raise InvalidPositionError(f"seat {to_play} cannot be the seat to play: it {why}")


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
        raise InvalidNotationError(f"a Cacho state record needs {key!r} as a list, not {value!r}")
    return value


def _numbers(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _list(data, key)
    if not all(whole(value) for value in values):
        raise InvalidNotationError(f"{key!r} must hold whole numbers, not {values!r}")
    return tuple(values)


def _zone_text(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise InvalidNotationError(f"{where} must be card codes in one string like '1o 2o', not {value!r}")
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
        raise InvalidNotationError(f"a Cacho state record is a mapping, not {data!r}")
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
        raise InvalidNotationError(f"a Cacho state record needs 'rules' as a mapping, not {rules_data!r}")
    rules = CachoRules.from_dict(rules_data)
    for key in ("seed", "hand", "redeal", "dealer", "round", "to_play"):
        if not whole(data.get(key)):
            raise InvalidNotationError(
                f"a Cacho state record needs {key!r} as a whole number, not {data.get(key)!r}"
            )
    termination = data.get("termination")
    if termination is not None and (not isinstance(termination, str) or termination not in Termination.__members__):
        raise InvalidNotationError(f"'termination' must be null or the name of a way to end, not {termination!r}")
    stacks = _numbers(data, "stacks")
    flags = {}
    for key in ("dealt_in", "folded"):
        values = _list(data, key)
        if not all(isinstance(value, bool) for value in values):
            raise InvalidNotationError(f"{key!r} must hold true/false values, not {values!r}")
        flags[key] = tuple(values)
    decks = data.get("decks", [])
    if not isinstance(decks, list) or not all(isinstance(order, str) for order in decks):
        raise InvalidNotationError(f"'decks' must be a list of card strings, not {decks!r}")
    if len(decks) > rules.max_hands:
        raise InvalidPositionError(f"{len(decks)} deck orders for a session of at most {rules.max_hands} hands")
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
