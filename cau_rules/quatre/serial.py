"""Exact positions and JSON data for the four-card game, with validation.

>>> from cau_rules.quatre import QUATRE, new_quatre_game
>>> from cau_rules.quatre.serial import quatre_state_from_dict
>>> state = new_quatre_game(QUATRE, 2, seed=5)
>>> quatre_state_from_dict(state.to_dict()) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cau_rules.cards import Card, cards_text, parse_cards
from cau_rules.errors import CauRulesError, InvalidNotationError, InvalidPositionError
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules

if TYPE_CHECKING:
    from cau_rules.quatre.state import PendingGift, PendingLay, Phase, QuatreChain, QuatreState

__all__ = ["FAMILY", "SCHEMA", "build_position", "quatre_state_from_dict", "state_to_dict"]

SCHEMA = 2
"""The version of the JSON layout written by :func:`state_to_dict`.

>>> SCHEMA
2
"""

FAMILY = "quatre"
"""The ``"family"`` field of the JSON layout.

>>> FAMILY
'quatre'
"""

_PHASES = ("turn", "chain", "gift", "lay", "over")


def _zone(value: Iterable[Card | str] | str, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except (InvalidNotationError, TypeError) as exc:
        raise InvalidPositionError(f"{what}: {exc}") from None


def _whole(value: object, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidPositionError(f"{what} must be a whole number from {low}, not {value!r}")
    return value


def _seat(value: object, players: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidPositionError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def build_position(
    cls: type[QuatreState],
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
    termination: str | None,
    seed: int,
) -> QuatreState:
    """Validate and build an exact position (see ``QuatreState.from_position``).

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> QuatreState.from_position(QUATRE, 2, table="5c", holdings=["5o", "1o"], to_play=2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: to_play must be a seat from 0 to 1, not 2
    """
    from cau_rules.quatre.state import (
        LAST_HOLDER,
        SAFETY_BOUND,
        PendingGift,
        PendingLay,
        QuatreChain,
        _layable,
        _next_active,
    )

    rules.check_players(players)
    n = players
    if isinstance(holdings, str) or len(holdings) != n:
        raise InvalidPositionError(f"{n} players need {n} holdings, not {holdings!r}")
    hold = tuple(_zone(h, f"holding of seat {seat}") for seat, h in enumerate(holdings))
    tab = _zone(table, "table")
    if chain is not None and not isinstance(chain, QuatreChain):
        raise InvalidPositionError(f"chain must be a QuatreChain, not {chain!r}")
    if gift is not None and not isinstance(gift, PendingGift):
        raise InvalidPositionError(f"gift must be a PendingGift, not {gift!r}")
    if lay is not None and not isinstance(lay, PendingLay):
        raise InvalidPositionError(f"lay must be a PendingLay, not {lay!r}")
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

    if phase not in _PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    _seat(to_play, n, "to_play")
    _whole(seed, "the seed", low=-(2**63))
    out_seats = tuple(_seat(seat, n, "a seat out") for seat in out)
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
    _whole(passes, "passes")
    if passes and stk:
        raise InvalidPositionError("turns are passed only with an empty stock, and the stock is not empty")
    if phase != "over" and passes >= len(active):
        raise InvalidPositionError(
            f"{passes} passes in a row with {len(active)} seats in the game would have ended it"
        )
    if (termination is None) != (phase != "over"):
        raise InvalidPositionError("termination is set exactly when the phase is 'over'")
    if termination is not None and termination not in (LAST_HOLDER, SAFETY_BOUND):
        raise InvalidPositionError(
            f"termination must be {LAST_HOLDER!r} or {SAFETY_BOUND!r}, not {termination!r}"
        )
    if termination == LAST_HOLDER and (sum(1 for h in hold if h) != 1 or tab or stk):
        raise InvalidPositionError(
            "a game won by the last player holding cards has exactly one holding and no card elsewhere"
        )
    limit = rules.max_turns_after_stock
    _whole(turns_after_stock, "turns_after_stock")
    if turns_after_stock and stk:
        raise InvalidPositionError("turns are counted after the stock ran out, and the stock is not empty")
    if turns_after_stock > limit or (turns_after_stock == limit and phase != "over"):
        raise InvalidPositionError(
            f"the game ends {limit} turns after the stock ran out, so {turns_after_stock} cannot be reached"
        )
    if termination == SAFETY_BOUND and turns_after_stock != limit:
        raise InvalidPositionError(f"the safety bound ends a game after {limit} turns without stock")
    if (chain is not None) != (phase == "chain"):
        raise InvalidPositionError("a pending chain is there exactly in the 'chain' phase")
    if (gift is not None) != (phase == "gift"):
        raise InvalidPositionError("a pending gift is there exactly in the 'gift' phase")
    if (lay is not None) != (phase == "lay"):
        raise InvalidPositionError("a lay under way is there exactly in the 'lay' phase")

    if chain is not None:
        if not 1 <= chain.level < MAX_CHAIN:
            raise InvalidPositionError(f"a pending chain has 1 to {MAX_CHAIN - 1} played cards, not {chain.level}")
        previous = -1
        for seat, card in chain.cards:
            _seat(seat, n, "a chain card's seat")
            if seat in out_seats:
                raise InvalidPositionError(f"seat {seat} is out and cannot have played into the chain")
            if card.rank != chain.rank:
                raise InvalidPositionError(f"chain card {card} is not of the chain's rank {chain.rank}")
            if previous >= 0 and seat != _next_active(previous, n, out_seats):
                raise InvalidPositionError(f"chain cards go round in turn order; seat {seat} follows seat {previous}")
            previous = seat
        if to_play != _next_active(chain.caller, n, out_seats):
            raise InvalidPositionError(
                f"during a chain the seat after its last caller ({_next_active(chain.caller, n, out_seats)}) "
                f"is to play, not seat {to_play}"
            )
        if not any(card.rank == chain.rank for card in hold[to_play]):
            raise InvalidPositionError(f"seat {to_play} holds no card of rank {chain.rank}: the chain would have ended")
        start = chain.starter if starter is None else starter
        if start != chain.starter:
            raise InvalidPositionError(f"the starter is the seat that made the cau, {chain.starter}")
    if gift is not None:
        _seat(gift.receiver, n, "the gift's receiver")
        if gift.giver != to_play or gift.giver != _next_active(gift.receiver, n, out_seats):
            raise InvalidPositionError(
                "the giver is the seat to play and the seat after the receiver (the chain's last caller)"
            )
        _whole(gift.level, "the gift's chain level", low=1)
        if gift.level > MAX_CHAIN:
            raise InvalidPositionError(f"a chain has at most {MAX_CHAIN} played cards, not {gift.level}")
        _whole(gift.owed, "the cards owed", low=1)
        if gift.owed > min(gift.level, len(hold[to_play])):
            raise InvalidPositionError(
                f"seat {to_play} cannot owe {gift.owed} cards for a chain of {gift.level} holding "
                f"{len(hold[to_play])}"
            )
        if starter is None:
            raise InvalidPositionError("during a gift the starter (the seat whose turn it is) must be given")
        start = _seat(starter, n, "starter")
        if start in out_seats:
            raise InvalidPositionError(f"the starter, seat {start}, is out")
    if lay is not None:
        if stk:
            raise InvalidPositionError("cards are laid into the centre only once the stock is empty")
        owed = _whole(lay.owed, "the cards to lay", low=1)
        if lay.after is None and owed != min(rules.table_size, len(hold[to_play])):
            raise InvalidPositionError(
                f"a lay starts with {rules.table_size} cards to lay, or all the player holds if fewer"
            )
        if lay.after is not None:
            if not isinstance(lay.after, Card) or not tab or tab[-1] is not lay.after:
                raise InvalidPositionError("the card laid last in a lay is the last card of the centre")
            if owed >= rules.table_size:
                raise InvalidPositionError(f"a lay has at most {rules.table_size} cards")
        if not _layable(hold[to_play], lay):
            raise InvalidPositionError(
                f"seat {to_play} holds too few cards after {lay.after} to lay {owed} more in deck order"
            )
        if passes:
            raise InvalidPositionError("a lay starts the count of passes again")
    if phase in ("turn", "lay", "over"):
        start = to_play if starter is None else _seat(starter, n, "starter")
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

    known_list: list[Iterable[Card | str] | str] = [()] * n if known is None else list(known)
    if isinstance(known, str) or len(known_list) != n:
        raise InvalidPositionError(f"{n} players need {n} known-card lists, not {known!r}")
    known_zones: list[tuple[Card, ...]] = []
    for seat, given in enumerate(known_list):
        listed = _zone(given, f"known cards of seat {seat}")
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
        _seat(knower, n, "a private record's seat")
        _seat(holder, n, "a private record's holder")
        card = _zone([code], "a private record's card")[0]
        if knower == holder or card not in hold[holder]:
            raise InvalidPositionError(
                f"private record {entry!r}: the card must be in the holding of another seat than the knower"
            )
        if card in known_zones[holder]:
            raise InvalidPositionError(f"card {card} is known to all and cannot also be known privately")
        if any(card is other for _, _, other in private_entries):
            raise InvalidPositionError(f"card {card} has two private records")
        private_entries.append((knower, holder, card))
    return cls(
        rules, n, seed, phase, to_play, start, stk, tab, hold, chain, gift, lay, tuple(known_zones),
        tuple(private_entries), out_seats, passes, turns_after_stock, termination,
    )


def state_to_dict(state: QuatreState) -> dict[str, Any]:
    """The state as JSON-ready data: card zones as strings of codes.

    >>> from cau_rules.quatre import QUATRE, new_quatre_game
    >>> data = state_to_dict(new_quatre_game(QUATRE, 2, seed=5))
    >>> data["family"], data["phase"], data["table"]
    ('quatre', 'turn', '11c 10c 5b 12e')
    """
    chain = state.chain
    gift = state.gift
    return {
        "schema": SCHEMA,
        "family": FAMILY,
        "rules": state.rules.to_dict(),
        "players": state.players,
        "seed": state.seed,
        "phase": state.phase,
        "to_play": state.to_play,
        "starter": state.starter,
        "stock": cards_text(state.stock),
        "table": cards_text(state.table),
        "holdings": [cards_text(h) for h in state.holdings],
        "chain": None if chain is None else {
            "target": chain.target.code,
            "cards": [[seat, card.code] for seat, card in chain.cards],
        },
        "gift": None if gift is None else {
            "giver": gift.giver, "receiver": gift.receiver, "owed": gift.owed, "level": gift.level,
        },
        "lay": None if state.lay is None else {
            "owed": state.lay.owed, "after": None if state.lay.after is None else state.lay.after.code,
        },
        "known": [cards_text(k) for k in state.known],
        "private": [[knower, holder, card.code] for knower, holder, card in state.private],
        "out": list(state.out),
        "passes": state.passes,
        "turns_after_stock": state.turns_after_stock,
        "termination": state.termination,
    }


def quatre_state_from_dict(data: Mapping[str, Any]) -> QuatreState:
    """The state described by :func:`state_to_dict` data, validated.

    >>> quatre_state_from_dict({"schema": 2, "family": "fishing"})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: not a four-card game: family 'fishing'
    """
    from cau_rules.quatre.state import PendingGift, PendingLay, QuatreChain, QuatreState

    if not isinstance(data, Mapping):
        raise InvalidPositionError(f"a saved state is a JSON object, not {type(data).__name__}")
    if data.get("schema") != SCHEMA:
        raise InvalidPositionError(f"unsupported schema {data.get('schema')!r}; this version reads schema {SCHEMA}")
    if data.get("family") != FAMILY:
        raise InvalidPositionError(f"not a four-card game: family {data.get('family')!r}")
    try:
        rules = QuatreRules.from_dict(data["rules"])
        chain_data = data["chain"]
        chain = None if chain_data is None else QuatreChain(
            Card.parse(chain_data["target"]),
            tuple((_whole(seat, "a chain card's seat"), Card.parse(code)) for seat, code in chain_data["cards"]),
        )
        gift_data = data["gift"]
        gift = None if gift_data is None else PendingGift(
            _whole(gift_data["giver"], "the giver"),
            _whole(gift_data["receiver"], "the receiver"),
            _whole(gift_data["owed"], "the cards owed"),
            _whole(gift_data["level"], "the chain level"),
        )
        lay_data = data["lay"]
        lay = None if lay_data is None else PendingLay(
            _whole(lay_data["owed"], "the cards to lay"),
            None if lay_data["after"] is None else Card.parse(lay_data["after"]),
        )
        return QuatreState.from_position(
            rules,
            data["players"],
            holdings=data["holdings"],
            table=_text(data["table"], "table"),
            stock=_text(data["stock"], "stock"),
            to_play=data["to_play"],
            phase=data["phase"],
            starter=data["starter"],
            chain=chain,
            gift=gift,
            lay=lay,
            known=data["known"],
            private=[tuple(entry) for entry in data["private"]],
            out=data["out"],
            passes=data["passes"],
            turns_after_stock=data["turns_after_stock"],
            termination=data["termination"],
            seed=data["seed"],
        )
    except CauRulesError as exc:
        if isinstance(exc, InvalidPositionError):
            raise
        raise InvalidPositionError(f"bad saved state: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidPositionError(f"bad saved state: missing or malformed field {exc}") from None


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidPositionError(f"{what} is saved as a string of card codes, not {value!r}")
    return value
