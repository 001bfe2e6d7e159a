"""Exact positions and JSON data for the capture family: types checked, values read.

Every function here returns field values (a dict of a state's fields by name), never a
state: ``FishingState.from_position`` and ``FishingState.from_dict`` build the state
from them, then refuse it unless it can arise (:mod:`cau_rules.fishing.validate`).  A wrong
Python type from a programmer is a :class:`TypeError` naming the parameter; a wrong JSON
type in a save is an :class:`~cau_rules.errors.InvalidNotationError` naming the key.

>>> from cau_rules import new_game
>>> state = new_game("cau-robat", players=3, seed=5)
>>> fields = fields_from_dict(state_fields_to_dict(state))
>>> fields["holdings"] == state.holdings, fields["seed"]
(True, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cau_rules.cards import Card, cards_text, parse_cards
from cau_rules.checks import MAX_JSON_ITEMS, MAX_SEED, check_type, json_object, whole_number
from cau_rules.errors import InvalidNotationError, InvalidPositionError, InvalidRulesError
from cau_rules.fishing.moves import JOC, Call, StakeValue
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Debt, Phase, Position, Stake, Tally, explained

__all__ = ["MAX_COUNTER", "MAX_SEED", "SCHEMA", "fields_from_dict", "position_fields", "state_fields_to_dict"]

SCHEMA = 1
"""The version of the JSON layout written by :func:`state_fields_to_dict`."""


MAX_COUNTER = 10**6
"""The largest hand, round or other counter a position may name (the real bounds are
checked by :mod:`cau_rules.fishing.validate`)."""


def _zone(value: object, what: str) -> tuple[Card, ...]:
    """A zone given as one string of codes or an iterable of cards or codes."""
    if isinstance(value, bytes) or not isinstance(value, (str, Iterable)):
        raise TypeError(f"{what} must be a string of card codes or a list of cards, not {type(value).__name__}")
    try:
        return parse_cards(value, most=len(Card))
    except InvalidNotationError as exc:
        raise InvalidPositionError(f"{what}: {exc}") from None
    except TypeError:
        raise TypeError(f"{what} must hold cards or card codes") from None


def _zones(value: object, players: int, what: str) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a list with one zone per seat, not {type(value).__name__}")
    if len(value) != players:
        raise InvalidPositionError(f"{players} players need {players} {what}, not {len(value)}")
    return tuple(_zone(zone, f"{what} of seat {seat}") for seat, zone in enumerate(value))


def _int(value: object, what: str, low: int = -1, high: int = MAX_COUNTER) -> int:
    """A whole number given by a programmer: TypeError for another type, else its range."""
    check_type(value, int, what)
    return whole_number(value, what, low=low, high=high, error=InvalidPositionError)


def _pairs(value: object, what: str) -> list[tuple[object, object]]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a list of pairs, not {type(value).__name__}")
    pairs = []
    for item in value:
        if isinstance(item, (str, bytes)) or not isinstance(item, Sequence) or len(item) != 2:
            raise TypeError(f"{what} must hold pairs, not {item!r:.40}")
        pairs.append((item[0], item[1]))
    return pairs


def _check_chain(chain: object) -> Chain:
    check_type(chain, Chain, "chain")
    assert isinstance(chain, Chain)
    _int(chain.rank, "the chain's rank", 1, 12)
    if not isinstance(chain.cards, tuple) or not chain.cards:
        raise TypeError("the chain's cards must be a non-empty tuple of (seat, card) pairs")
    for seat, card in _pairs(chain.cards, "the chain's cards"):
        _int(seat, "a chain card's seat")
        check_type(card, Card, "a chain card")
    for rank, owner in _pairs(chain.run, "the chain's run"):
        _int(rank, "a run unit's rank", 0, 12)
        _int(owner, "a run unit's owner")
    check_type(chain.calls, frozenset, "the chain's calls")
    for call in chain.calls:
        check_type(call, Call, "a chain call")
    return chain


def _check_tally(tally: object) -> Tally:
    check_type(tally, Tally, "tally")
    assert isinstance(tally, Tally)
    for what, values in (("stones", tally.stones), ("partides", tally.partides)):
        if not isinstance(values, tuple) or len(values) != 2:
            raise InvalidPositionError(f"the tally's {what} must be a pair (one per team), not {values!r:.40}")
        for value in values:
            _int(value, f"the tally's {what}", 0)
    for entry in tally.log:
        if not isinstance(entry, tuple) or len(entry) != 5 or not isinstance(entry[3], str):
            raise TypeError(f"a stones log entry is (partida, hand, team, reason, stones), not {entry!r:.60}")
        for value in (entry[0], entry[1], entry[2], entry[4]):
            _int(value, "a stones log number", 0)
    return tally


def _check_stake(stake: object) -> Stake:
    check_type(stake, Stake, "stake")
    assert isinstance(stake, Stake)
    for seat, kind in _pairs(stake.holders, "the stake's holders"):
        _int(seat, "a stake holder's seat")
        check_type(kind, Call, "a stake holder's kind")
    if not isinstance(stake.bidders, tuple) or len(stake.bidders) != 2:
        raise TypeError("the stake's bidders must be a pair of seats")
    for seat in stake.bidders:
        _int(seat, "a stake bidder")
    for bid in stake.bids:
        if bid is not None and bid != JOC:
            _int(bid, "a stake bid", 0)
    return stake


def _opener(holdings: Sequence[Sequence[Card]], to_play: int) -> int:
    """The seat that opened the round, read from the holdings: play goes round from the
    opener, so the seats from it up to the seat to play hold one card fewer."""
    n = len(holdings)
    sizes = [len(holdings[(to_play + step) % n]) for step in range(n)]
    full = sum(1 for size in sizes if size == sizes[0])
    if all(size == sizes[0] - 1 for size in sizes[full:]) and full < n:
        return (to_play + full) % n
    return to_play


def position_fields(
    rules: FishingRules,
    players: int,
    *,
    holdings: Sequence[Iterable[Card | str] | str],
    table: Iterable[Card | str] | str,
    piles: Sequence[Iterable[Card | str] | str] | None,
    stock: Iterable[Card | str] | str | None,
    discard: Iterable[Card | str] | str,
    to_play: int,
    hand: int,
    round: int,
    opener: int | None,
    chain: Chain | None,
    trail: tuple[int, Card | str] | None,
    debts: Sequence[Iterable[Debt]] | None,
    last_capturer: int,
    phase: Phase,
    declarations: Iterable[tuple[int, Call]],
    hand_scores: Iterable[Iterable[int]],
    seed: int,
    decks: Iterable[Iterable[Card | str]],
    tally: Tally | None = None,
    stake: Stake | None = None,
    rest: str = "stock",
    carry: bool = False,
) -> dict[str, Any]:
    """The fields of an exact position, their types checked (see
    ``FishingState.from_position``, which builds the state from them and checks that it
    can arise with :func:`~cau_rules.fishing.validate.position_problems`).

    Raises:
        TypeError: an argument of the wrong Python type (the message names it).
        InvalidRulesError: *players* does not suit *rules*.
        InvalidPositionError: a zone per seat missing, a bad card code, a number out of
            range.
        InvalidDeckError: a deck order that is not the deck.

    >>> from cau_rules.fishing.rules import CAU
    >>> position_fields(CAU, 2, holdings=["1o", "2o"], table="", piles=None, stock=None,
    ...                 discard="", to_play=0, hand=0, round=0, opener=None, chain=None, trail=None,
    ...                 debts=None, last_capturer=-1, phase="play", declarations=(), hand_scores=(),
    ...                 seed=0, decks=(), rest="discard")["holdings"][1]
    (<Card.O2: 1>,)
    """
    if not isinstance(rules, FishingRules):
        raise TypeError(f"rules must be a FishingRules object, not {type(rules).__name__}")
    check_type(players, int, "players")
    rules.check_players(players)
    n = players
    hold = _zones(holdings, n, "holdings")
    pls = ((),) * n if piles is None else _zones(piles, n, "piles")
    tab = _zone(table, "table")
    dis = _zone(discard, "discard")
    if chain is not None:
        chain = _check_chain(chain)
    if rest not in ("stock", "discard"):
        raise InvalidPositionError(f"rest must be 'stock' or 'discard', not {rest!r:.20}")
    placed = {*tab, *dis}
    for zone in (*hold, *pls):
        placed.update(zone)
    if chain is not None:
        placed.update(card for _, card in chain.cards)
    if stock is not None:
        stk = _zone(stock, "stock")
    elif rest == "discard":
        dis += tuple(card for card in rules.deck.cards if card not in placed)
        stk = ()
    else:
        stk = tuple(card for card in rules.deck.cards if card not in placed)
    check_type(phase, str, "phase")
    to_play = _int(to_play, "to_play")
    hand = _int(hand, "hand", 0)
    round = _int(round, "round", 0)
    if not 0 <= to_play < n:
        raise InvalidPositionError(f"to_play must be a seat from 0 to {n - 1}, not {to_play}")
    opener = _opener(hold, to_play) if opener is None else _int(opener, "opener")
    trail_pair: tuple[int, Card] | None = None
    if trail is not None:
        if isinstance(trail, (str, bytes)) or not isinstance(trail, Sequence) or len(trail) != 2:
            raise TypeError(f"trail must be a (seat, card) pair or None, not {trail!r:.40}")
        trail_pair = (_int(trail[0], "the trailer"), _zone([trail[1]], "trail")[0])
    debt_list: Sequence[Iterable[Debt]] = [()] * n if debts is None else debts
    if isinstance(debt_list, (str, bytes)) or not isinstance(debt_list, Sequence):
        raise TypeError(f"debts must be a list with one list of debts per seat, not {type(debts).__name__}")
    if len(debt_list) != n:
        raise InvalidPositionError(f"{n} players need {n} debt lists, not {len(debt_list)}")
    debt_tuples = tuple(
        tuple((_int(creditor, f"a creditor of seat {debtor}"), _int(amount, f"a debt of seat {debtor}", 0))
              for creditor, amount in _pairs(owed, f"the debts of seat {debtor}"))
        for debtor, owed in enumerate(debt_list)
    )
    last_capturer = _int(last_capturer, "last_capturer")
    decls = []
    for seat, call in _pairs(declarations, "declarations"):
        check_type(call, Call, "a declared call")
        decls.append((_int(seat, "a declarer"), call))
    if isinstance(hand_scores, (str, bytes)) or not isinstance(hand_scores, Iterable):
        raise TypeError(f"hand_scores must be a list of rows of scores, not {type(hand_scores).__name__}")
    scores = []
    for row in hand_scores:
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise TypeError(f"a row of hand_scores must be a list of scores, not {row!r:.40}")
        scores.append(tuple(_int(score, "a hand score", 0) for score in row))
    check_type(seed, int, "seed")
    seed = whole_number(seed, "seed", low=0, high=MAX_SEED, error=InvalidRulesError)
    if isinstance(decks, (str, bytes)) or not isinstance(decks, Iterable):
        raise TypeError(f"decks must be a list of deck orders, not {type(decks).__name__}")
    orders = tuple(rules.deck.check_order(list(order)) for order in decks)
    if tally is None and rules.rewards == "stones":
        tally = Tally()
    elif tally is not None:
        tally = _check_tally(tally)
        if carry:
            tally = explained(tally, hand, phase == "over")
    if stake is not None:
        stake = _check_stake(stake)
    return {
        "rules": rules, "players": n, "seed": seed, "decks": orders, "hand": hand, "round": round,
        "opener": opener, "to_play": to_play, "phase": phase, "stock": stk, "table": tab,
        "holdings": hold, "piles": pls, "discard": dis, "chain": chain, "trail": trail_pair,
        "debts": debt_tuples, "last_capturer": last_capturer, "declarations": tuple(decls),
        "hand_scores": tuple(scores), "tally": tally, "stake": stake,
    }


def state_fields_to_dict(state: Position) -> dict[str, Any]:
    """The fields of a position as JSON-ready data: card zones as strings of codes.

    >>> from cau_rules import new_game
    >>> state_fields_to_dict(new_game("cau", players=2, seed=1))["holdings"]
    ['12o 12c 2b', '5c 10b 8e']
    """
    chain = state.chain
    return {
        "schema": SCHEMA,
        "family": "fishing",
        "rules": state.rules.to_dict(),
        "players": state.players,
        "seed": state.seed,
        "decks": [cards_text(order) for order in state.decks],
        "hand": state.hand,
        "round": state.round,
        "opener": state.opener,
        "to_play": state.to_play,
        "phase": state.phase,
        "stock": cards_text(state.stock),
        "table": cards_text(state.table),
        "holdings": [cards_text(h) for h in state.holdings],
        "piles": [cards_text(p) for p in state.piles],
        "discard": cards_text(state.discard),
        "chain": None if chain is None else {
            "rank": chain.rank,
            "cards": [[seat, card.code] for seat, card in chain.cards],
            "run": [list(unit) for unit in chain.run],
            "calls": sorted(call.value for call in chain.calls),
        },
        "trail": None if state.trail is None else [state.trail[0], state.trail[1].code],
        "debts": [[list(debt) for debt in owed] for owed in state.debts],
        "last_capturer": state.last_capturer,
        "declarations": [[seat, call.value] for seat, call in state.declarations],
        "hand_scores": [list(row) for row in state.hand_scores],
        "tally": None if state.tally is None else {
            "stones": list(state.tally.stones),
            "partides": list(state.tally.partides),
            "log": [list(entry) for entry in state.tally.log],
        },
        "stake": None if state.stake is None else {
            "holders": [[seat, kind.value] for seat, kind in state.stake.holders],
            "bidders": list(state.stake.bidders),
            "bids": list(state.stake.bids),
        },
    }


_MOST_ITEMS = MAX_JSON_ITEMS
"""The longest list a save may hold (the longest real one, a stones log, is below 8,000
entries: at most 96 a hand in the longest joc); the JSON reader's own cap."""


class _Json:
    """Reads one saved state's JSON values, refusing wrong types with InvalidNotationError
    naming the key."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise InvalidNotationError(f"bad saved state: the key {key!r:.40} is missing")
        return self.data[key]

    @staticmethod
    def integer(value: object, where: str, low: int = 0, high: int = MAX_COUNTER) -> int:
        return whole_number(value, f"{where} in the save", low=low, high=high)

    @staticmethod
    def seq(value: object, where: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise InvalidNotationError(f"{where} in the save must be a list, not {type(value).__name__}")
        if len(value) > _MOST_ITEMS:  # refused on its length, before any item is read
            raise InvalidNotationError(f"{where} in the save has {len(value):,} items; at most {_MOST_ITEMS:,}")
        if length is not None and len(value) != length:
            raise InvalidNotationError(f"{where} in the save must have {length} items, not {len(value)}")
        return value

    @staticmethod
    def text(value: object, where: str) -> str:
        if not isinstance(value, str):
            raise InvalidNotationError(f"{where} in the save must be a string, not {type(value).__name__}")
        return value

    def cards(self, value: object, where: str) -> tuple[Card, ...]:
        text = self.text(value, where)
        try:
            return parse_cards(text, most=len(Card))
        except InvalidNotationError as exc:
            raise InvalidNotationError(f"{where} in the save: {exc}") from None

    def call(self, value: object, where: str) -> Call:
        return Call.parse(self.text(value, where))

    def obj(self, value: object, where: str) -> _Json:
        return _Json(json_object(value, f"{where} in the save"))


def _chain_from(read: _Json, value: object) -> Chain | None:
    if value is None:
        return None
    data = read.obj(value, "'chain'")
    pairs = [read.seq(pair, "a chain card", 2) for pair in read.seq(data.get("cards"), "chain cards")]
    if not pairs or any(len(read.cards(code, "a chain card")) != 1 for _, code in pairs):
        raise InvalidNotationError("the chain in the save must list one card per [seat, card] pair")
    cards = tuple(
        (read.integer(seat, "a chain card's seat", high=64), read.cards(code, "a chain card")[0])
        for seat, code in pairs
    )
    run = tuple(
        (read.integer(rank, "a run unit's rank", high=12), read.integer(owner, "a run unit's owner", -1, 64))
        for rank, owner in (read.seq(unit, "a run unit", 2) for unit in read.seq(data.get("run"), "the chain run"))
    )
    calls = frozenset(read.call(call, "a chain call") for call in read.seq(data.data.get("calls", []), "calls"))
    return Chain(read.integer(data.get("rank"), "the chain rank", 1, 12), cards, run, calls)


def _tally_from(read: _Json, value: object) -> Tally | None:
    if value is None:
        return None
    data = read.obj(value, "'tally'")
    log = []
    for entry in read.seq(data.get("log"), "the stones log"):
        partida, hand, team, reason, stones = read.seq(entry, "a stones log entry", 5)
        log.append((read.integer(partida, "a log partida"), read.integer(hand, "a log hand"), read.integer(team, "a log team"),
                    read.text(reason, "a log reason"), read.integer(stones, "log stones")))
    return Tally(
        tuple(read.integer(x, "stones") for x in read.seq(data.get("stones"), "'stones'", 2)),
        tuple(read.integer(x, "partides") for x in read.seq(data.get("partides"), "'partides'", 2)),
        tuple(log),
    )


def _bid_from(read: _Json, bid: object) -> StakeValue:
    """A bid read from JSON: a number, None (the game) or "joc"."""
    if bid is None:
        return None
    if bid == JOC:
        return JOC
    return read.integer(bid, "a stake bid")


def _stake_from(read: _Json, value: object) -> Stake | None:
    if value is None:
        return None
    data = read.obj(value, "'stake'")
    holders = tuple(
        (read.integer(seat, "a stake holder", high=64), read.call(kind, "a stake holder's kind"))
        for seat, kind in (read.seq(pair, "a stake holder", 2) for pair in read.seq(data.get("holders"), "holders"))
    )
    first, second = (read.integer(seat, "a bidder", high=64) for seat in read.seq(data.get("bidders"), "bidders", 2))
    bids = tuple(_bid_from(read, bid) for bid in read.seq(data.get("bids"), "'bids'"))
    return Stake(holders, (first, second), bids)


def fields_from_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the position described by :func:`state_fields_to_dict` data, every
    JSON value checked (``FishingState.from_dict`` builds the state from them and checks
    that it can arise).

    Raises:
        InvalidNotationError: not a JSON object, another schema or family, a missing key
            or a value of the wrong JSON type (the message names the key).
        InvalidRulesError: the saved rules options are not valid.
        InvalidPositionError: a zone per seat missing or a number out of range.

    >>> fields_from_dict({"schema": 99})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: unsupported schema 99; this version reads schema 1
    >>> fields_from_dict({"schema": 1, "seed": "ronda"})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: bad saved state: the key 'rules' is missing
    """
    read = _Json(json_object(data, "a saved state"))
    schema = data.get("schema")
    if schema != SCHEMA or isinstance(schema, bool):
        raise InvalidNotationError(f"unsupported schema {schema!r:.20}; this version reads schema {SCHEMA}")
    if data.get("family", "fishing") != "fishing":
        raise InvalidNotationError(f"this save is of the {data.get('family')!r:.20} family, not the capture family")
    rules = FishingRules.from_dict(json_object(read.get("rules"), "'rules' in the save"))
    players = read.integer(read.get("players"), "'players'", 1, 64)
    n_list = read.seq
    holdings = [read.cards(h, "a holding") for h in n_list(read.get("holdings"), "'holdings'")]
    piles = [read.cards(p, "a pile") for p in n_list(read.get("piles"), "'piles'")]
    debts = [
        [tuple(read.integer(x, "a debt", -1, MAX_COUNTER) for x in n_list(debt, "a debt", 2)) for debt in n_list(owed, "debts")]
        for owed in n_list(read.get("debts"), "'debts'")
    ]
    trail_data = read.get("trail")
    trail = None
    if trail_data is not None:
        seat, code = n_list(trail_data, "'trail'", 2)
        trail = (read.integer(seat, "the trailer", high=64), read.cards(code, "the trailed card"))
        if len(trail[1]) != 1:
            raise InvalidNotationError("the trail in the save must name one card")
    declarations = [
        (read.integer(seat, "a declarer", high=64), read.call(call, "a declared call"))
        for seat, call in (n_list(pair, "a declaration", 2) for pair in n_list(read.get("declarations"), "'declarations'"))
    ]
    scores = [[read.integer(x, "a hand score") for x in n_list(row, "a hand score row")]
              for row in n_list(read.get("hand_scores"), "'hand_scores'")]
    try:
        return position_fields(
            rules, players, holdings=holdings, table=read.cards(read.get("table"), "'table'"), piles=piles,
            stock=read.cards(read.get("stock"), "'stock'"), discard=read.cards(read.get("discard"), "'discard'"),
            to_play=read.integer(read.get("to_play"), "'to_play'", high=64),
            hand=read.integer(read.get("hand"), "'hand'"), round=read.integer(read.get("round"), "'round'"),
            opener=read.integer(read.get("opener"), "'opener'", high=64), chain=_chain_from(read, read.get("chain")),
            trail=None if trail is None else (trail[0], trail[1][0]), debts=debts,  # type: ignore[arg-type]
            last_capturer=read.integer(read.get("last_capturer"), "'last_capturer'", -1, 64),
            phase=read.text(read.get("phase"), "'phase'"),  # type: ignore[arg-type]
            declarations=declarations, hand_scores=scores,
            seed=read.integer(read.get("seed"), "'seed'", 0, MAX_SEED),
            decks=[read.cards(order, "a deck order") for order in n_list(read.get("decks"), "'decks'")],
            tally=_tally_from(read, read.get("tally")), stake=_stake_from(read, read.get("stake")),
        )
    except TypeError as exc:  # pragma: no cover - every JSON type is checked above
        raise InvalidNotationError(f"bad saved state: {exc}") from None
