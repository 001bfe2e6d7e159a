"""Exact positions and JSON data for the capture family, with validation.

Every function here returns field values (a dict of a state's fields by name), never a
state: ``FishingState.from_position`` and ``FishingState.from_dict`` build the state
from them.

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
from cau_rules.errors import (
    CauRulesError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from cau_rules.fishing.moves import JOC, Call, StakeValue
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import PHASES, Chain, Debt, Phase, Position, Stake, Tally

__all__ = ["SCHEMA", "fields_from_dict", "position_fields", "state_fields_to_dict"]

SCHEMA = 1
"""The version of the JSON layout written by :func:`state_fields_to_dict`."""


def _zone(value: Iterable[Card | str] | str, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except InvalidNotationError as exc:
        raise InvalidPositionError(f"{what}: {exc}") from None


def _seat(value: object, players: int, what: str, allow_none: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not (
        0 <= value < players or (allow_none and value == -1)
    ):
        raise InvalidPositionError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def _stake_value(bid: object) -> StakeValue:
    """A bid read from JSON: a number, None (the game) or "joc"."""
    if bid is None:
        return None
    if bid == JOC:
        return JOC
    if isinstance(bid, int) and not isinstance(bid, bool):
        return bid
    raise InvalidPositionError(f"a stake bid is a number, null (the game) or 'joc', not {bid!r}")


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
) -> dict[str, Any]:
    """The validated fields of an exact position (see ``FishingState.from_position``,
    which builds the state from them).

    >>> from cau_rules.fishing.rules import CAU
    >>> position_fields(CAU, 2, holdings=["1o", "2o"], table="", piles=None, stock=None,
    ...                 discard="", to_play=0, hand=0, round=0, opener=None, chain=None, trail=None,
    ...                 debts=None, last_capturer=-1, phase="play", declarations=(), hand_scores=(),
    ...                 seed=0, decks=(), rest="discard")["holdings"][1]
    (<Card.O2: 1>,)
    """
    if not isinstance(rules, FishingRules):
        raise TypeError(f"rules must be a FishingRules object, not {type(rules).__name__}")
    rules.check_players(players)
    n = players
    if len(holdings) != n:
        raise InvalidPositionError(f"{n} players need {n} holdings, not {len(holdings)}")
    hold = tuple(_zone(h, f"holding of seat {seat}") for seat, h in enumerate(holdings))
    pile_list = [()] * n if piles is None else list(piles)
    if len(pile_list) != n:
        raise InvalidPositionError(f"{n} players need {n} piles, not {len(pile_list)}")
    pls = tuple(_zone(p, f"pile of seat {seat}") for seat, p in enumerate(pile_list))
    tab = _zone(table, "table")
    dis = _zone(discard, "discard")
    chain_cards = tuple(card for _, card in chain.cards) if chain is not None else ()
    placed = [*tab, *dis, *chain_cards]
    for zone in (*hold, *pls):
        placed.extend(zone)
    deck = rules.deck
    foreign = [c for c in placed if not deck.contains(c)]
    if foreign:
        raise InvalidPositionError(f"cards not in the {deck.name} deck: {cards_text(foreign)}")
    seen: set[Card] = set()
    dupes = [c for c in placed if c in seen or seen.add(c)]  # type: ignore[func-returns-value, unused-ignore]
    if rest not in ("stock", "discard"):
        raise InvalidPositionError(f"rest must be 'stock' or 'discard', not {rest!r}")
    if stock is None and rest == "discard":
        dis = dis + tuple(c for c in deck.cards if c not in seen)
        seen.update(dis)
        stk: tuple[Card, ...] = ()
    elif stock is None:
        stk = tuple(c for c in deck.cards if c not in seen)
    else:
        stk = _zone(stock, "stock")
        dupes += [c for c in stk if c in seen or seen.add(c)]  # type: ignore[func-returns-value, unused-ignore]
        foreign = [c for c in stk if not deck.contains(c)]
        if foreign:
            raise InvalidPositionError(f"cards not in the {deck.name} deck: {cards_text(foreign)}")
        missing = [c for c in deck.cards if c not in seen]
        if missing:
            raise InvalidPositionError(f"cards missing from every zone: {cards_text(missing)}")
    if dupes:
        raise InvalidPositionError(f"cards placed twice: {cards_text(dupes)}")
    ranks = [c.rank for c in tab]
    for rank in ranks:
        if ranks.count(rank) > 1:
            raise InvalidPositionError(
                f"the table has two cards of rank {rank}; table ranks are always distinct"
            )
    if phase not in PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    _seat(to_play, n, "to_play")
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
        raise InvalidPositionError(f"hand must be a whole number from 0, not {hand!r}")
    if not isinstance(round, int) or isinstance(round, bool) or round < 0:
        raise InvalidPositionError(f"round must be a whole number from 0, not {round!r}")
    opener = to_play if opener is None else _seat(opener, n, "opener")
    if phase != "over" and stk and not rules.continuous and len(stk) % n:
        raise InvalidPositionError(
            f"the stock's {len(stk)} cards cannot be dealt equally to {n} players"
        )
    if phase == "play" and not hold[to_play]:
        raise InvalidPositionError(f"seat {to_play} is to play but holds no card")
    if phase == "play" and rules.deal == "rounds" and not rules.continuous:
        biggest = max(rules.round_size, 1)
        for seat, h in enumerate(hold):
            if len(h) > biggest:
                raise InvalidPositionError(
                    f"seat {seat} holds {len(h)} cards; a deal round gives at most {biggest}"
                )
    if chain is not None:
        if not isinstance(chain, Chain):
            raise InvalidPositionError(f"chain must be a Chain, not {chain!r}")
        if not 2 <= chain.level < rules.max_chain:
            raise InvalidPositionError(
                f"a pending chain has 2 to {rules.max_chain - 1} cards under these rules, "
                f"not {chain.level}"
            )
        for seat, card in chain.cards:
            _seat(seat, n, "a chain card's seat")
            if card.rank != chain.rank:
                raise InvalidPositionError(f"chain card {card} is not of the chain's rank {chain.rank}")
        if chain.rank in ranks:
            raise InvalidPositionError(
                f"the table holds rank {chain.rank}, the pending chain's rank; that cannot happen"
            )
        for rank, owner in chain.run:
            if owner < 0 and rank not in ranks:
                raise InvalidPositionError(f"the chain claims a table card of rank {rank} that is not there")
            if owner >= 0:
                _seat(owner, n, "a claimed pile's seat")
    trail_pair: tuple[int, Card] | None = None
    if trail is not None:
        trail_seat = _seat(trail[0], n, "the trailer")
        trail_card = _zone([trail[1]], "trail")[0]
        if trail_card not in tab:
            raise InvalidPositionError(f"the trailed card {trail_card} is not on the table")
        if chain is not None:
            raise InvalidPositionError("a trailed card and a pending chain cannot both be set")
        trail_pair = (trail_seat, trail_card)
    debt_list = [()] * n if debts is None else list(debts)
    if len(debt_list) != n:
        raise InvalidPositionError(f"{n} players need {n} debt lists, not {len(debt_list)}")
    debt_tuples: list[tuple[Debt, ...]] = []
    for debtor, owed in enumerate(debt_list):
        entries: list[Debt] = []
        for entry in owed:
            creditor, amount = entry
            _seat(creditor, n, f"a creditor of seat {debtor}")
            if creditor == debtor or not isinstance(amount, int) or amount < 1:
                raise InvalidPositionError(f"bad debt of seat {debtor}: {entry!r}")
            entries.append((creditor, amount))
        debt_tuples.append(tuple(entries))
    _seat(last_capturer, n, "last_capturer", allow_none=True)
    decls = tuple((_seat(seat, n, "a declarer"), Call(call)) for seat, call in declarations)
    scores = tuple(tuple(int(s) for s in row) for row in hand_scores)
    if any(len(row) != n for row in scores):
        raise InvalidPositionError("every hand score row needs one score per seat")
    orders = tuple(deck.check_order(list(order)) for order in decks)
    if rules.rewards == "stones":
        tally = Tally() if tally is None else tally
        if not isinstance(tally, Tally) or len(tally.stones) != 2 or len(tally.partides) != 2:
            raise InvalidPositionError("tally must be a Tally with two teams' stones and partides")
        if any(not isinstance(x, int) or x < 0 for x in (*tally.stones, *tally.partides)):
            raise InvalidPositionError(f"stones and partides cannot be negative: {tally!r}")
        if phase != "over" and max(tally.stones) >= rules.target:
            raise InvalidPositionError(
                f"a team with {max(tally.stones)} stones has already reached the target {rules.target}"
            )
    elif tally is not None:
        raise InvalidPositionError("stones are kept only when rewards='stones'")
    if stake is not None:
        if not isinstance(stake, Stake) or rules.rewards != "stones":
            raise InvalidPositionError("a ronda stake exists only in a stones game")
        if phase != "bid" or stake.to_answer != to_play:
            raise InvalidPositionError(
                f"with a stake being bid the phase is 'bid' and seat {stake.to_answer} is to answer"
            )
        if stake.bidders[0] % 2 == stake.bidders[1] % 2:
            raise InvalidPositionError("the stake's two bidders must be of different teams")
        if JOC in stake.bids and rules.partides_to_win == 1:
            raise InvalidPositionError("a joc can be bid only when partides_to_win > 1")
    elif phase == "bid":
        raise InvalidPositionError("phase 'bid' needs a stake")
    return {
        "rules": rules, "players": n, "seed": seed, "decks": orders, "hand": hand, "round": round,
        "opener": opener, "to_play": to_play, "phase": phase, "stock": stk, "table": tab,
        "holdings": hold, "piles": pls, "discard": dis, "chain": chain, "trail": trail_pair,
        "debts": tuple(debt_tuples), "last_capturer": last_capturer, "declarations": decls,
        "hand_scores": scores, "tally": tally, "stake": stake,
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


def fields_from_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """The validated fields of the position described by :func:`state_fields_to_dict`
    data (``FishingState.from_dict`` builds the state from them).

    Raises:
        InvalidNotationError: not a JSON object, another schema, a missing field or a
            field of the wrong JSON type.
        InvalidRulesError: the saved rules options are not valid.
        InvalidPositionError: the position cannot arise.

    >>> fields_from_dict({"schema": 99})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: unsupported schema 99; this version reads schema 1
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a saved state is a JSON object, not {type(data).__name__}")
    if data.get("schema") != SCHEMA:
        raise InvalidNotationError(f"unsupported schema {data.get('schema')!r}; this version reads schema {SCHEMA}")
    try:
        rules = FishingRules.from_dict(data["rules"])
        chain_data = data.get("chain")
        chain = None
        if chain_data is not None:
            chain = Chain(
                int(chain_data["rank"]),
                tuple((int(seat), Card.parse(code)) for seat, code in chain_data["cards"]),
                tuple((int(rank), int(owner)) for rank, owner in chain_data["run"]),
                frozenset(Call.parse(c) for c in chain_data.get("calls", ())),
            )
        trail = data.get("trail")
        tally_data = data.get("tally")
        tally = None if tally_data is None else Tally(
            tuple(int(x) for x in tally_data["stones"]),
            tuple(int(x) for x in tally_data["partides"]),
            tuple((int(p), int(h), int(t), str(r), int(st)) for p, h, t, r, st in tally_data["log"]),
        )
        stake_data = data.get("stake")
        stake = None if stake_data is None else Stake(
            tuple((int(seat), Call.parse(kind)) for seat, kind in stake_data["holders"]),
            (int(stake_data["bidders"][0]), int(stake_data["bidders"][1])),
            tuple(_stake_value(bid) for bid in stake_data["bids"]),
        )
        return position_fields(
            rules,
            data["players"],
            holdings=data["holdings"],
            table=data["table"],
            piles=data["piles"],
            stock=data["stock"],
            discard=data["discard"],
            to_play=data["to_play"],
            hand=data["hand"],
            round=data["round"],
            opener=data["opener"],
            chain=chain,
            trail=None if trail is None else (trail[0], trail[1]),
            debts=[[(int(c), int(a)) for c, a in owed] for owed in data["debts"]],
            last_capturer=data["last_capturer"],
            phase=data["phase"],
            declarations=[(int(seat), Call.parse(call)) for seat, call in data["declarations"]],
            hand_scores=data["hand_scores"],
            seed=data["seed"],
            decks=[parse_cards(order) for order in data["decks"]],
            tally=tally,
            stake=stake,
        )
    except (InvalidPositionError, InvalidRulesError, InvalidNotationError):
        raise
    except CauRulesError as exc:
        raise InvalidNotationError(f"bad saved state: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise InvalidNotationError(f"bad saved state: missing or malformed field {exc}") from None
