"""The one-line position notation of the capture family (like FEN for chess).

``state.to_notation()`` writes a whole :class:`~cau_rules.fishing.state.FishingState`
on one line, and ``FishingState.from_notation(rules, text)`` reads it back, validated:
``FishingState.from_notation(s.rules, s.to_notation()) == s`` for every state.  Like
FEN, the line assumes the variant: the rules object is not in it.  ``view.to_notation()``
writes what one seat sees in the same grammar, with what it cannot see as counts.

Grammar: twenty fields separated by single spaces, in this order (``-`` is an empty
field; *cards* is card codes written one after another, ``12o12c2b``; a per-seat field
has one part per seat, separated by ``/``):

====  ================  ====================================================================
  #   field             form
====  ================  ====================================================================
  1   holdings          per seat: *cards* in holding order (the player count is their number)
  2   table             *cards* in the order they were placed
  3   piles             per seat: *cards* from the bottom to the top
  4   stock             *cards* from the top (the next deals come from it)
  5   discard           *cards* out of play
  6   to_play           the seat to move
  7   phase             ``play``, ``declare``, ``bid`` or ``over``
  8   hand              the hand, from 0
  9   round             the deal round of the hand, from 0
 10   opener            the seat that opened the deal round
 11   chain             ``seat:card,...`` in play order, then ``@rank:owner,...`` for the run
                        claimed (owner ``t`` is the table card), then ``!call`` per call
 12   trail             ``seat:card`` trailed in the turn just played
 13   debts             per seat: ``creditor:cards,...`` oldest first
 14   last_capturer     the seat that captured last in the hand
 15   declarations      ``seat:ronda`` or ``seat:rondi``, in declaration order
 16   hand_scores       one ``score,score,...`` per finished hand, separated by ``/``
 17   tally             stones: ``s0,s1/p0,p1/log`` (team stones, partides won, then log entries
                        ``partida.hand.team.reason.stones`` separated by ``,``; a reason's
                        space is written ``-``: ``bon-fer``)
 18   stake             ``seat:kind,.../first,second/bid,...`` (a bid is a number, ``game``
                        or ``joc``)
 19   seed              the seed of every shuffle (the deals of later hands come from it)
 20   decks             per supplied deck order: *cards*, top first, separated by ``/``
====  ================  ====================================================================

The view form writes ``?n`` for *n* cards the seat cannot see (another seat's holding,
the stock, a closed pile), ``?`` for the stones log, the seed and the deck orders.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=1)
>>> text = position_to_notation(state)
>>> text.split()[:3]
['12o12c2b/5c10b8e', '-', '-/-']
>>> view_to_notation(state.observe(1)).split()[0]
'?3/5c10b8e'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cau_rules.cards import Card
from cau_rules.checks import MAX_DIGITS, MAX_TEXT, check_type, seed_text
from cau_rules.errors import InvalidNotationError
from cau_rules.fishing.moves import JOC, Call, StakeValue
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.serial import position_fields
from cau_rules.fishing.zones import PHASES, STONE_REASONS, Chain, Position, SeatView, Stake, Tally

__all__ = ["FIELDS", "notation_fields", "position_to_notation", "view_to_notation"]

FIELDS: tuple[str, ...] = (
    "holdings", "table", "piles", "stock", "discard", "to_play", "phase", "hand", "round",
    "opener", "chain", "trail", "debts", "last_capturer", "declarations", "hand_scores",
    "tally", "stake", "seed", "decks",
)
"""The fields of the notation, in order."""

_CARDS = re.compile(r"(?:(?:1[0-2]|[1-9])[oceb])+")
_CARD = re.compile(r"(1[0-2]|[1-9])([oceb])")
_NUMBER = re.compile(rf"(?:0|[1-9][0-9]{{0,{MAX_DIGITS - 1}}})")
_REASON_CODES = {reason.replace(" ", "-"): reason for reason in STONE_REASONS}
_CALL_ORDER = list(Call)


# -- writing ----------------------------------------------------------------------


def _cards(cards: Iterable[Card]) -> str:
    return "".join(card.code for card in cards) or "-"


def _seat_parts(parts: Iterable[str]) -> str:
    return "/".join(parts)


def _chain(chain: Chain | None) -> str:
    if chain is None:
        return "-"
    text = ",".join(f"{seat}:{card.code}" for seat, card in chain.cards)
    if chain.run:
        text += "@" + ",".join(f"{rank}:{'t' if owner < 0 else owner}" for rank, owner in chain.run)
    for call in sorted(chain.calls, key=_CALL_ORDER.index):
        text += "!" + call.value
    return text


def _pairs(pairs: Iterable[tuple[int, int]]) -> str:
    return ",".join(f"{a}:{b}" for a, b in pairs) or "-"


def _bid(bid: StakeValue) -> str:
    return "game" if bid is None else str(bid)


def _stake(stake: Stake | None) -> str:
    if stake is None:
        return "-"
    holders = ",".join(f"{seat}:{kind.value}" for seat, kind in stake.holders)
    bids = ",".join(_bid(bid) for bid in stake.bids) or "-"
    return f"{holders}/{stake.bidders[0]},{stake.bidders[1]}/{bids}"


def _counters(stones: Sequence[int], partides: Sequence[int]) -> str:
    return f"{','.join(map(str, stones))}/{','.join(map(str, partides))}"


def _tally(tally: Tally | None) -> str:
    if tally is None:
        return "-"
    log = ",".join(
        f"{partida}.{hand}.{team}.{reason.replace(' ', '-')}.{stones}"
        for partida, hand, team, reason, stones in tally.log
    ) or "-"
    return f"{_counters(tally.stones, tally.partides)}/{log}"


def _common(fields: dict[str, str], position: Position | SeatView) -> list[str]:
    """The fields both forms write the same way, with *fields* filled in by the caller."""
    declarations = ",".join(f"{seat}:{call.value}" for seat, call in position.declarations) or "-"
    scores = "/".join(",".join(map(str, row)) for row in position.hand_scores) or "-"
    return [
        fields["holdings"], _cards(position.table), fields["piles"], fields["stock"],
        _cards(position.discard), str(position.to_play), position.phase, str(position.hand),
        str(position.round), str(position.opener), _chain(position.chain),
        "-" if position.trail is None else f"{position.trail[0]}:{position.trail[1].code}",
        _seat_parts(_pairs(owed) for owed in position.debts),
        "-" if position.last_capturer < 0 else str(position.last_capturer),
        declarations, scores, fields["tally"], _stake(position.stake), fields["seed"], fields["decks"],
    ]


def position_to_notation(position: Position) -> str:
    """The one-line notation of a whole position (see the module documentation).

    Args:
        position: the state (any :class:`~cau_rules.fishing.zones.Position`).

    Returns:
        The twenty fields, separated by spaces.

    >>> from cau_rules import new_game
    >>> print(position_to_notation(new_game("cau-recau-sant-vicent", players=4, seed=2)))  # doctest: +ELLIPSIS
    12b1o5b/7c3o1b/1c3b11b/7e6c5o 6e3e4e12c -/-/-/- 12e7o...3c1e - 0 play 0 0 0 - - -/-/-/- - - - 1,0/0,0/0.0.0.pixat.1 - 2 -
    """
    return " ".join(_common({
        "holdings": _seat_parts(_cards(holding) for holding in position.holdings),
        "piles": _seat_parts(_cards(pile) for pile in position.piles),
        "stock": _cards(position.stock),
        "tally": _tally(position.tally),
        "seed": str(position.seed),
        "decks": "/".join(_cards(order) for order in position.decks) or "-",
    }, position))


def view_to_notation(view: SeatView) -> str:
    """One seat's view in the notation's grammar: another seat's holding, the stock and
    a closed pile are written ``?n`` (*n* cards), the stones log, the seed and the deck
    orders ``?``.

    Args:
        view: the seat's view.

    Returns:
        The twenty fields, separated by spaces.

    >>> from cau_rules import new_game
    >>> print(view_to_notation(new_game("cau", players=2, seed=1).observe(0)))
    12o12c2b/?3 - -/- ?42 - 0 play 0 0 0 - - -/0:1 - - - - - ? ?
    """

    def hidden(count: int) -> str:
        return f"?{count}" if count else "-"

    holdings = (
        _cards(view.holding) if seat == view.seat else hidden(size)
        for seat, size in enumerate(view.holding_sizes)
    )
    piles = (
        hidden(size) if pile is None else _cards(pile)
        for pile, size in zip(view.piles, view.pile_sizes, strict=True)
    )
    tally = f"{_counters(view.stones, view.partides)}/?" if view.stones else "-"
    return " ".join(_common({
        "holdings": _seat_parts(holdings),
        "piles": _seat_parts(piles),
        "stock": hidden(view.stock_size),
        "tally": tally,
        "seed": "?",
        "decks": "?",
    }, view))


# -- reading ----------------------------------------------------------------------


class _Reader:
    """Reads one field; every error names the field and its position."""

    def __init__(self, index: int, text: str) -> None:
        self.index = index
        self.name = FIELDS[index]
        self.text = text

    def fail(self, what: str) -> InvalidNotationError:
        shown = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        return InvalidNotationError(
            f"field {self.index + 1} ({self.name}) {shown!r}: {what}"
        )

    def cards(self, text: str | None = None) -> tuple[Card, ...]:
        part = self.text if text is None else text
        if part == "-":
            return ()
        if not _CARDS.fullmatch(part):
            raise self.fail(f"{part[:40]!r} is not card codes written together (like 12o7c1b) or '-'")
        return tuple(Card.parse(match.group(0)) for match in _CARD.finditer(part))

    def card(self, text: str) -> Card:
        if not _CARD.fullmatch(text):
            raise self.fail(f"{text[:10]!r} is not a card code")
        return Card.parse(text)

    def number(self, text: str | None = None) -> int:
        part = self.text if text is None else text
        if not _NUMBER.fullmatch(part):
            raise self.fail(f"{part[:20]!r} is not a whole number (ASCII digits, at most 19)")
        return int(part)

    def seat_or_none(self, text: str) -> int:
        return -1 if text == "-" else self.number(text)

    def parts(self, separator: str, text: str | None = None, count: int | None = None) -> list[str]:
        part = self.text if text is None else text
        pieces = part.split(separator)
        if count is not None and len(pieces) != count:
            raise self.fail(f"needs {count} parts separated by {separator!r}, not {len(pieces)}")
        return pieces

    def pair(self, text: str) -> tuple[str, str]:
        pieces = text.split(":")
        if len(pieces) != 2:
            raise self.fail(f"{text[:20]!r} is not a pair written a:b")
        return pieces[0], pieces[1]

    def listed(self, text: str) -> list[str]:
        """The comma-separated items of *text* ('-' for none)."""
        return [] if text == "-" else self.parts(",", text)

    def call(self, text: str, allowed: Sequence[Call]) -> Call:
        for call in allowed:
            if call.value == text:
                return call
        names = ", ".join(call.value for call in allowed)
        raise self.fail(f"{text[:20]!r} is not one of: {names}")


def _read_chain(reader: _Reader) -> Chain | None:
    if reader.text == "-":
        return None
    head, *call_parts = reader.text.split("!")
    cards_text, _, run_text = head.partition("@")
    cards = tuple(
        (reader.number(seat), reader.card(code))
        for seat, code in map(reader.pair, reader.parts(",", cards_text))
    )
    run = tuple(
        (reader.number(rank), -1 if owner == "t" else reader.number(owner))
        for rank, owner in map(reader.pair, reader.parts(",", run_text) if run_text else [])
    )
    calls = [reader.call(part, _CALL_ORDER) for part in call_parts]
    if len(set(calls)) != len(calls):
        raise reader.fail("a call is written twice")
    return Chain(cards[0][1].rank, cards, run, frozenset(calls))


def _read_tally(reader: _Reader) -> Tally | None:
    if reader.text == "-":
        return None
    stones, partides, log_text = reader.parts("/", count=3)
    log: list[tuple[int, int, int, str, int]] = []
    for entry in reader.listed(log_text):
        partida, hand, team, code, amount = reader.parts(".", entry, count=5)
        if code not in _REASON_CODES:
            raise reader.fail(f"unknown reason {code[:20]!r}; reasons are: {', '.join(_REASON_CODES)}")
        log.append((reader.number(partida), reader.number(hand), reader.number(team),
                    _REASON_CODES[code], reader.number(amount)))
    return Tally(
        tuple(reader.number(part) for part in reader.parts(",", stones, count=2)),
        tuple(reader.number(part) for part in reader.parts(",", partides, count=2)),
        tuple(log),
    )


def _read_bid(reader: _Reader, text: str) -> StakeValue:
    if text == "game":
        return None
    if text == JOC:
        return JOC
    return reader.number(text)


def _read_stake(reader: _Reader) -> Stake | None:
    if reader.text == "-":
        return None
    holders_text, bidders_text, bids_text = reader.parts("/", count=3)
    holders = tuple(
        (reader.number(seat), reader.call(kind, (Call.RONDA, Call.RONDI)))
        for seat, kind in map(reader.pair, reader.parts(",", holders_text))
    )
    first, second = (reader.number(part) for part in reader.parts(",", bidders_text, count=2))
    bids = tuple(_read_bid(reader, bid) for bid in reader.listed(bids_text))
    return Stake(holders, (first, second), bids)


def notation_fields(rules: FishingRules, text: str) -> dict[str, Any]:
    """The validated fields of the position written *text* under *rules*
    (``FishingState.from_notation`` builds the state from them).

    Args:
        rules: the rules the position is played under (the notation does not name them).
        text: the notation (see the module documentation).

    Returns:
        The state's fields by name.

    Raises:
        TypeError: *rules* is not a FishingRules or *text* not a str.
        InvalidNotationError: the text is malformed (the message names the field and its
            position).
        InvalidRulesError: the player count does not suit the rules.
        InvalidPositionError: the position cannot arise under *rules*.

    >>> from cau_rules.fishing.rules import CAU
    >>> notation_fields(CAU, "12o12c2b/5c10b8e -")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: a position has 20 fields separated by spaces, not 2 (it stops after table)
    """
    if not isinstance(rules, FishingRules):
        raise TypeError(f"rules must be a FishingRules object, not {type(rules).__name__}")
    check_type(text, str, "text")
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(f"a position is at most {MAX_TEXT} characters long, not {len(text)}")
    words = text.split()
    if len(words) != len(FIELDS):
        where = f" (it stops after {FIELDS[len(words) - 1]})" if 0 < len(words) < len(FIELDS) else ""
        raise InvalidNotationError(
            f"a position has {len(FIELDS)} fields separated by spaces, not {len(words)}{where}"
        )
    read = [_Reader(index, word) for index, word in enumerate(words)]
    holdings = [read[0].cards(part) for part in read[0].parts("/")]
    players = len(holdings)
    piles = [read[2].cards(part) for part in read[2].parts("/", count=players)]
    phase = words[6]
    if phase not in PHASES:
        raise read[6].fail(f"the phase is one of {', '.join(PHASES)}")
    trail = None
    if words[11] != "-":
        seat, code = read[11].pair(words[11])
        trail = (read[11].number(seat), read[11].card(code))
    debts = [
        [(read[12].number(a), read[12].number(b)) for a, b in map(read[12].pair, read[12].listed(part))]
        for part in read[12].parts("/", count=players)
    ]
    declarations = [
        (read[14].number(seat), read[14].call(call, (Call.RONDA, Call.RONDI)))
        for seat, call in map(read[14].pair, read[14].listed(words[14]))
    ]
    scores = [
        [read[15].number(score) for score in read[15].parts(",", row, count=players)]
        for row in ([] if words[15] == "-" else read[15].parts("/"))
    ]
    decks = [] if words[19] == "-" else [read[19].cards(part) for part in read[19].parts("/")]
    return position_fields(
        rules, players, holdings=holdings, table=read[1].cards(), piles=piles, stock=read[3].cards(),
        discard=read[4].cards(), to_play=read[5].number(), hand=read[7].number(), round=read[8].number(),
        opener=read[9].number(), chain=_read_chain(read[10]), trail=trail, debts=debts,
        last_capturer=read[13].seat_or_none(words[13]), phase=phase,
        declarations=declarations, hand_scores=scores, seed=seed_text(words[18][:40], "field 19 (seed)"), decks=decks,
        tally=_read_tally(read[16]), stake=_read_stake(read[17]),
    )
