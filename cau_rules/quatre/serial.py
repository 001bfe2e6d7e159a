"""Exact positions and JSON data of the four-card game, with validation.

Nothing here builds a state: :func:`position_fields` validates an exact position and
returns its field values, :func:`fields_from_dict` does the same for saved data, and
:func:`state_fields_to_dict` writes field values as JSON-ready data.  The state class
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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cau_rules.cards import Card, cards_text, parse_cards
from cau_rules.checks import check_type, json_object, whole_number
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.outcome import Termination
from cau_rules.quatre.legal import layable
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules
from cau_rules.quatre.zones import PHASES, PendingGift, PendingLay, Phase, QuatreChain, next_active

__all__ = [
    "FAMILY_NAME",
    "FIELDS",
    "MAX_SEED",
    "MIN_SEED",
    "SCHEMA",
    "TERMINATIONS",
    "fields_from_dict",
    "position_fields",
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

TERMINATIONS: tuple[Termination, ...] = (Termination.LAST_HOLDER, Termination.SAFETY_BOUND)
"""The ways a four-card game ends (D-FOUR-5).

>>> [ending.name for ending in TERMINATIONS]
['LAST_HOLDER', 'SAFETY_BOUND']
"""

MIN_SEED = 0
"""The smallest seed a position may have.

>>> MIN_SEED
0
"""

MAX_SEED = 2**63 - 1
"""The largest seed a position may have.

>>> MAX_SEED
9223372036854775807
"""


def _zone(value: Iterable[Card | str] | str, parameter: str) -> tuple[Card, ...]:
    if not isinstance(value, (str, Iterable)):
        raise TypeError(f"{parameter} must be a string of card codes or an iterable of cards, "
                        f"not {type(value).__name__}")
    return parse_cards(value)


def _whole(value: object, what: str, parameter: str, low: int = 0) -> int:
    check_type(value, int, parameter)
    assert isinstance(value, int)
    if value < low:
        raise InvalidPositionError(f"{what} must be a whole number from {low}, not {value!r}")
    return value


def _seat(value: object, players: int, what: str, parameter: str) -> int:
    check_type(value, int, parameter)
    assert isinstance(value, int)
    if not 0 <= value < players:
        raise InvalidPositionError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def position_fields(
    rules: QuatreRules,
    players: int,
    *,
    holdings: Sequence[Iterable[Card | str] | str],
    table: Iterable[Card | str] | str,
    stock: Iterable[Card | str] | str | None,
    to_play: int,
    phase: Phase,
    starter: int | None,
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    known: Sequence[Iterable[Card | str] | str] | None,
    private: Iterable[tuple[int, int, Card | str]],
    out: Iterable[int],
    passes: int,
    turns_after_stock: int,
    termination: Termination | None,
    seed: int,
) -> dict[str, Any]:
    """The field values of an exact position, validated (see ``QuatreState.from_position``).

    Raises:
        InvalidPositionError: a position no game can reach.
        InvalidNotationError: a malformed card code.
        InvalidRulesError: a player count the rules cannot play, or a bad seed.
        TypeError: an argument of the wrong type (named).

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o", "1o"], to_play=2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: to_play must be a seat from 0 to 1, not 2
    """
    check_type(rules, QuatreRules, "rules")
    rules.check_players(players)
    n = players
    if isinstance(holdings, str) or not isinstance(holdings, Sequence):
        raise TypeError(f"holdings must be a sequence of one zone per seat, not {type(holdings).__name__}")
    if len(holdings) != n:
        raise InvalidPositionError(f"{n} players need {n} holdings, not {len(holdings)}")
    hold = tuple(_zone(h, f"holdings[{seat}]") for seat, h in enumerate(holdings))
    tab = _zone(table, "table")
    if chain is not None:
        check_type(chain, QuatreChain, "chain")
    if gift is not None:
        check_type(gift, PendingGift, "gift")
    if lay is not None:
        check_type(lay, PendingLay, "lay")
    if termination is not None:
        check_type(termination, Termination, "termination")
    whole_number(seed, "the seed", low=MIN_SEED, high=MAX_SEED, error=InvalidRulesError)
    chain_cards = chain.all_cards if chain is not None else ()
    placed = [*tab, *chain_cards]
    for zone in hold:
        placed.extend(zone)
    deck = rules.deck
    seen: set[Card] = set()
    dupes = [c for c in placed if c in seen or seen.add(c)]  # type: ignore[func-returns-value]
    if stock is None:
        stk = tuple(c for c in deck.cards if c not in seen)
        seen.update(stk)
    else:
        stk = _zone(stock, "stock")
        dupes += [c for c in stk if c in seen or seen.add(c)]  # type: ignore[func-returns-value]
        placed.extend(stk)
    foreign = [c for c in placed if not deck.contains(c)]
    if foreign:
        raise InvalidPositionError(f"cards not in the {deck.name} deck: {cards_text(foreign)}")
    if dupes:
        raise InvalidPositionError(f"cards placed twice: {cards_text(dupes)}")
    missing = [c for c in deck.cards if c not in seen]
    if missing:
        raise InvalidPositionError(f"cards missing from every zone: {cards_text(missing)}")

    if phase not in PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    _seat(to_play, n, "to_play", "to_play")
    out_seats = tuple(_seat(seat, n, "a seat out", "out") for seat in out)
    if len(set(out_seats)) != len(out_seats):
        raise InvalidPositionError(f"a seat is listed out twice: {list(out_seats)}")
    for seat in out_seats:
        if hold[seat]:
            raise InvalidPositionError(f"seat {seat} is out but holds {cards_text(hold[seat])}")
    if out_seats and stk:
        raise InvalidPositionError("a seat is out only when the stock is empty, and the stock is not")
    active = [seat for seat in range(n) if seat not in out_seats]
    if phase != "over" and len(active) < 2:
        raise InvalidPositionError("a game in progress needs at least two seats that are not out")
    if phase != "over" and to_play in out_seats:
        raise InvalidPositionError(f"seat {to_play} is to play but is out")
    _whole(passes, "passes", "passes")
    if passes and stk:
        raise InvalidPositionError("turns are passed only with an empty stock, and the stock is not empty")
    if phase != "over" and passes >= len(active):
        raise InvalidPositionError(
            f"{passes} passes in a row with {len(active)} seats in the game would have ended it"
        )
    if (termination is None) != (phase != "over"):
        raise InvalidPositionError("termination is set exactly when the phase is 'over'")
    if termination is not None and termination not in TERMINATIONS:
        raise InvalidPositionError(
            f"a four-card game ends on {' or '.join(t.name for t in TERMINATIONS)}, not {termination.name}"
        )
    if termination is Termination.LAST_HOLDER and (sum(1 for h in hold if h) != 1 or tab or stk):
        raise InvalidPositionError(
            "a game won by the last player holding cards has exactly one holding and no card elsewhere"
        )
    limit = rules.max_turns_after_stock
    _whole(turns_after_stock, "turns_after_stock", "turns_after_stock")
    if turns_after_stock and stk:
        raise InvalidPositionError("turns are counted after the stock ran out, and the stock is not empty")
    if turns_after_stock > limit or (turns_after_stock == limit and phase != "over"):
        raise InvalidPositionError(
            f"the game ends {limit} turns after the stock ran out, so {turns_after_stock} cannot be reached"
        )
    if termination is Termination.SAFETY_BOUND and turns_after_stock != limit:
        raise InvalidPositionError(f"the safety bound ends a game after {limit} turns without stock")
    if (chain is not None) != (phase == "chain"):
        raise InvalidPositionError("a pending chain is there exactly in the 'chain' phase")
    if (gift is not None) != (phase == "gift"):
        raise InvalidPositionError("a pending gift is there exactly in the 'gift' phase")
    if (lay is not None) != (phase == "lay"):
        raise InvalidPositionError("a lay under way is there exactly in the 'lay' phase")

    start = to_play
    if chain is not None:
        if not 1 <= chain.level < MAX_CHAIN:
            raise InvalidPositionError(f"a pending chain has 1 to {MAX_CHAIN - 1} played cards, not {chain.level}")
        previous = -1
        for seat, card in chain.cards:
            _seat(seat, n, "a chain card's seat", "chain")
            if seat in out_seats:
                raise InvalidPositionError(f"seat {seat} is out and cannot have played into the chain")
            if card.rank != chain.rank:
                raise InvalidPositionError(f"chain card {card} is not of the chain's rank {chain.rank}")
            if previous >= 0 and seat != next_active(previous, n, out_seats):
                raise InvalidPositionError(f"chain cards go round in turn order; seat {seat} follows seat {previous}")
            previous = seat
        if to_play != next_active(chain.caller, n, out_seats):
            raise InvalidPositionError(
                f"during a chain the seat after its last caller ({next_active(chain.caller, n, out_seats)}) "
                f"is to play, not seat {to_play}"
            )
        if not any(card.rank == chain.rank for card in hold[to_play]):
            raise InvalidPositionError(f"seat {to_play} holds no card of rank {chain.rank}: the chain would have ended")
        start = chain.starter if starter is None else starter
        if start != chain.starter:
            raise InvalidPositionError(f"the starter is the seat that made the cau, {chain.starter}")
    if gift is not None:
        _seat(gift.receiver, n, "the gift's receiver", "gift")
        if gift.giver != to_play or gift.giver != next_active(gift.receiver, n, out_seats):
            raise InvalidPositionError(
                "the giver is the seat to play and the seat after the receiver (the chain's last caller)"
            )
        _whole(gift.level, "the gift's chain level", "gift", low=1)
        if gift.level > MAX_CHAIN:
            raise InvalidPositionError(f"a chain has at most {MAX_CHAIN} played cards, not {gift.level}")
        _whole(gift.owed, "the cards owed", "gift", low=1)
        if gift.owed > min(gift.level, len(hold[to_play])):
            raise InvalidPositionError(
                f"seat {to_play} cannot owe {gift.owed} cards for a chain of {gift.level} holding "
                f"{len(hold[to_play])}"
            )
        if starter is None:
            raise InvalidPositionError("during a gift the starter (the seat whose turn it is) must be given")
        start = _seat(starter, n, "starter", "starter")
        if start in out_seats:
            raise InvalidPositionError(f"the starter, seat {start}, is out")
    if lay is not None:
        if stk:
            raise InvalidPositionError("cards are laid into the centre only once the stock is empty")
        owed = _whole(lay.owed, "the cards to lay", "lay", low=1)
        if lay.after is None and owed != min(rules.table_size, len(hold[to_play])):
            raise InvalidPositionError(
                f"a lay starts with {rules.table_size} cards to lay, or all the player holds if fewer"
            )
        if lay.after is not None:
            if not isinstance(lay.after, Card) or not tab or tab[-1] is not lay.after:
                raise InvalidPositionError("the card laid last in a lay is the last card of the centre")
            if owed >= rules.table_size:
                raise InvalidPositionError(f"a lay has at most {rules.table_size} cards")
        if not layable(hold[to_play], lay):
            raise InvalidPositionError(
                f"seat {to_play} holds too few cards after {lay.after} to lay {owed} more in deck order"
            )
        if passes:
            raise InvalidPositionError("a lay starts the count of passes again")
    if phase in ("turn", "lay", "over"):
        start = to_play if starter is None else _seat(starter, n, "starter", "starter")
        if start != to_play:
            raise InvalidPositionError(
                "on a turn or a lay (and once the game is over) the starter is the seat to play"
            )
    if phase in ("turn", "lay") and not stk:
        for seat in active:
            if not hold[seat]:
                raise InvalidPositionError(f"seat {seat} holds no card and the stock is empty: it would be out")
    if phase == "turn" and not stk and not tab:
        raise InvalidPositionError("the centre is empty and the stock cannot refill it: the player to move lays")

    if known is not None and (isinstance(known, str) or not isinstance(known, Sequence)):
        raise TypeError(f"known must be a sequence of one zone per seat, not {type(known).__name__}")
    known_list: Sequence[Iterable[Card | str] | str] = [()] * n if known is None else known
    if len(known_list) != n:
        raise InvalidPositionError(f"{n} players need {n} known-card lists, not {len(known_list)}")
    known_zones: list[tuple[Card, ...]] = []
    for seat, given in enumerate(known_list):
        listed = _zone(given, f"known[{seat}]")
        stray = [c for c in listed if c not in hold[seat]]
        if stray or len(set(listed)) != len(listed):
            raise InvalidPositionError(
                f"the known cards of seat {seat} ({cards_text(listed)}) must be distinct cards of its holding"
            )
        known_zones.append(tuple(c for c in hold[seat] if c in listed))
    private_entries: list[tuple[int, int, Card]] = []
    for entry in private:
        try:
            knower, holder, code = entry
        except (TypeError, ValueError):
            raise InvalidPositionError(f"a private record is (seat, holder, card), not {entry!r}") from None
        _seat(knower, n, "a private record's seat", "private")
        _seat(holder, n, "a private record's holder", "private")
        card = _zone([code], "private")[0]
        if knower == holder or card not in hold[holder]:
            raise InvalidPositionError(
                f"private record {entry!r}: the card must be in the holding of another seat than the knower"
            )
        if card in known_zones[holder]:
            raise InvalidPositionError(f"card {card} is known to all and cannot also be known privately")
        if any(card is other for _, _, other in private_entries):
            raise InvalidPositionError(f"card {card} has two private records")
        private_entries.append((knower, holder, card))
    return {
        "rules": rules, "players": n, "seed": seed, "phase": phase, "to_play": to_play, "starter": start,
        "stock": stk, "table": tab, "holdings": hold, "chain": chain, "gift": gift, "lay": lay,
        "known": tuple(known_zones), "private": tuple(private_entries), "out": out_seats, "passes": passes,
        "turns_after_stock": turns_after_stock, "termination": termination,
    }


def state_fields_to_dict(
    *,
    rules: QuatreRules,
    players: int,
    seed: int,
    phase: Phase,
    to_play: int,
    starter: int,
    stock: Sequence[Card],
    table: Sequence[Card],
    holdings: Sequence[Sequence[Card]],
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    known: Sequence[Sequence[Card]],
    private: Sequence[tuple[int, int, Card]],
    out: Sequence[int],
    passes: int,
    turns_after_stock: int,
    termination: Termination | None,
) -> dict[str, Any]:
    """A position's field values as JSON-ready data: card zones as strings of codes.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> data = new_game(QUATRE, 2, seed=5).to_dict()
    >>> data["family"], data["schema"], data["phase"], data["table"], data["termination"]
    ('quatre', 3, 'turn', '11c 10c 5b 12e', None)
    """
    return {
        "schema": SCHEMA,
        "family": FAMILY_NAME,
        "rules": rules.to_dict(),
        "players": players,
        "seed": seed,
        "phase": phase,
        "to_play": to_play,
        "starter": starter,
        "stock": cards_text(stock),
        "table": cards_text(table),
        "holdings": [cards_text(h) for h in holdings],
        "chain": None if chain is None else {
            "target": chain.target.code,
            "cards": [[seat, card.code] for seat, card in chain.cards],
        },
        "gift": None if gift is None else {
            "giver": gift.giver, "receiver": gift.receiver, "owed": gift.owed, "level": gift.level,
        },
        "lay": None if lay is None else {
            "owed": lay.owed, "after": None if lay.after is None else lay.after.code,
        },
        "known": [cards_text(k) for k in known],
        "private": [[knower, holder, card.code] for knower, holder, card in private],
        "out": list(out),
        "passes": passes,
        "turns_after_stock": turns_after_stock,
        "termination": None if termination is None else termination.name,
    }


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str = "") -> Any:
    if key not in data:
        raise InvalidNotationError(f"the saved four-card game has no {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = {int: "a whole number", str: "a string", list: "a list", dict: "an object", type(None): "null"}
        expected = " or ".join(names.get(k, k.__name__) for k in kinds)
        raise InvalidNotationError(f"{what or repr(key)} in the save must be {expected}, not {value!r:.40}")
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
        seed=_get(record, "seed", int),
    )
