"""A one-line notation for a whole four-card position (like FEN for chess), and its
per-seat form.

A position is written as 16 fields separated by spaces, in this order::

    phase to_play starter stock table holdings chain gift lay known private out passes turns termination seed

- ``phase``: ``turn``, ``chain``, ``gift``, ``lay`` or ``over``.
- ``to_play``, ``starter``: seat numbers (the seat to move; the seat whose turn it is).
- ``stock``, ``table``: card zones: card codes joined by ``,`` (the stock's top card
  first, the table in the order its cards were laid), ``-`` when empty.
- ``holdings``: one card zone per seat, joined by ``/`` (so the number of zones is the
  number of players), each in arrival order.
- ``chain``: ``-``, or the pending chain: its table card, ``:``, then the cards played
  onto it as ``seat=card`` joined by ``,`` in play order (``5c:0=5o,1=5e``).
- ``gift``: ``-``, or ``giver>receiver:owed/level`` (``1>0:2/2``: seat 1 still owes
  seat 0 two cards for a recau).
- ``lay``: ``-``, or the cards still to lay, then ``:card`` once a card of the lay is
  down (``4``, ``3:2o``).
- ``known``: per seat, the cards of its holding known to every player, one zone per
  seat joined by ``/`` (in holding order).
- ``private``: ``-``, or ``knower>holder=card`` records joined by ``,``: *knower*
  knows that *holder* holds *card* though not every player does.
- ``out``: ``-``, or the seats out of the game, joined by ``,`` in the order they went
  out.
- ``passes``, ``turns``: turns passed in a row, and turns played after the stock ran out.
- ``termination``: ``-`` while the game goes on, else ``LAST_HOLDER`` or ``SAFETY_BOUND``.
- ``seed``: the game's seed (0 to 2**63 - 1); it decides nothing once the cards are
  dealt (the stock order is written out) but is part of the state.

The rules are not written (as FEN assumes chess): :func:`fields_from_notation` takes
them.  Numbers are ASCII digits, at most 19 of them; the text is at most
:data:`MAX_NOTATION` characters.  Letters in card codes may be upper or lower case.

The per-seat form (:func:`view_notation`) writes what one seat may see, in the same
order without ``known``, ``private`` and ``seed``, and with the viewer's seat as a last
field ``@seat``: the stock as ``?count``, and every other holding as the cards the seat
knows there followed by ``?count`` for the rest (``5c,5o,?3``; ``?4`` when it knows
none).

>>> from cau_rules.quatre import QUATRE, QuatreState
>>> state = QuatreState.from_position(QUATRE, 2, table="5c 1o 7e 12b", holdings=["5o 5b 2o 3o", "5e 4c 6c 7c"])
>>> text = position_notation(state)
>>> text.split()[:3], text.split()[4:]
(['turn', '0', '0'], ['5c,1o,7e,12b', '5o,5b,2o,3o/5e,4c,6c,7c', '-', '-', '-', '-/-', '-', '-', '0', '0', '-', '0'])
>>> QuatreState(**fields_from_notation(QUATRE, text)) == state
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cau_rules.cards import Card
from cau_rules.checks import MAX_DIGITS, check_type, seed_text
from cau_rules.errors import InvalidNotationError
from cau_rules.outcome import Termination
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.validate import position_fields
from cau_rules.quatre.zones import PHASES, PendingGift, PendingLay, Position, QuatreChain, SeatView

__all__ = [
    "FIELD_NAMES",
    "MAX_NOTATION",
    "NOTATION_FIELDS",
    "fields_from_notation",
    "position_notation",
    "view_notation",
]

FIELD_NAMES: tuple[str, ...] = (
    "phase", "to_play", "starter", "stock", "table", "holdings", "chain", "gift", "lay", "known", "private",
    "out", "passes", "turns", "termination", "seed",
)
"""The fields of the notation, in order (``turns`` is the state's ``turns_after_stock``).

>>> len(FIELD_NAMES)
16
"""

NOTATION_FIELDS: tuple[str, ...] = (
    "players", "phase", "to_play", "starter", "stock", "table", "holdings", "chain", "gift", "lay", "known",
    "private", "out", "passes", "turns_after_stock", "termination", "seed",
)
"""The state fields the notation writes, in order (every field but the rules).

>>> NOTATION_FIELDS[0]
'players'
"""

MAX_NOTATION = 4000
"""The longest text :func:`fields_from_notation` reads (a 48-card position needs about 600).

>>> MAX_NOTATION
4000
"""

_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_EMPTY = "-"


def _zone(cards: Sequence[Card]) -> str:
    return ",".join(card.code for card in cards) or _EMPTY


def position_notation(position: Position) -> str:
    """The one-line notation of *position* (see the module).

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> state = new_game(QUATRE, 2, seed=5)
    >>> position_notation(state).split()[4]
    '11c,10c,5b,12e'
    """
    assert len(position.holdings) == position.players
    gift = position.gift
    return " ".join((
        position.phase,
        str(position.to_play),
        str(position.starter),
        _zone(position.stock),
        _zone(position.table),
        "/".join(_zone(holding) for holding in position.holdings),
        _chain_text(position.chain),
        _EMPTY if gift is None else f"{gift.giver}>{gift.receiver}:{gift.owed}/{gift.level}",
        _lay_text(position.lay),
        "/".join(_zone(cards) for cards in position.known),
        ",".join(f"{knower}>{holder}={card.code}" for knower, holder, card in position.private) or _EMPTY,
        ",".join(str(seat) for seat in position.out) or _EMPTY,
        str(position.passes),
        str(position.turns_after_stock),
        _EMPTY if position.termination is None else position.termination.name,
        str(position.seed),
    ))


def _chain_text(chain: QuatreChain | None) -> str:
    if chain is None:
        return _EMPTY
    return f"{chain.target.code}:" + ",".join(f"{seat}={card.code}" for seat, card in chain.cards)


def _lay_text(lay: PendingLay | None) -> str:
    if lay is None:
        return _EMPTY
    return str(lay.owed) if lay.after is None else f"{lay.owed}:{lay.after.code}"


def view_notation(view: SeatView) -> str:
    """The per-seat form of the notation: what *view*'s seat may see (see the module).

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> print(view_notation(new_game(QUATRE, 2, seed=5).observe(1)))
    turn 0 0 ?28 11c,10c,5b,12e ?4/6c,2e,5c,5o - - - - 0 0 - @1
    """
    holdings = []
    for seat, size in enumerate(view.holding_sizes):
        if seat == view.seat:
            holdings.append(_zone(view.holding))
            continue
        seen = view.known[seat]
        hidden = size - len(seen)
        holdings.append(",".join([*(card.code for card in seen), *([f"?{hidden}"] if hidden else [])]) or _EMPTY)
    termination = None if view.outcome is None else view.outcome.termination
    return " ".join((
        view.phase,
        str(view.to_play),
        str(view.starter),
        f"?{view.stock_size}",
        _zone(view.table),
        "/".join(holdings),
        _chain_text(view.chain),
        _EMPTY if view.gift is None else
        f"{view.gift.giver}>{view.gift.receiver}:{view.gift.owed}/{view.gift.level}",
        _lay_text(view.lay),
        ",".join(str(seat) for seat in view.out) or _EMPTY,
        str(view.passes),
        str(view.turns_after_stock),
        _EMPTY if termination is None else termination.name,
        f"@{view.seat}",
    ))


class _Reader:
    """Parses one field, naming it and its position in every error."""

    def __init__(self, index: int, text: str) -> None:
        self.where = f"field {index + 1} ({FIELD_NAMES[index]})"
        self.text = text

    def fail(self, problem: str) -> InvalidNotationError:
        shown = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        return InvalidNotationError(f"{self.where} of the position {problem}: {shown!r}")

    def number(self, part: str | None = None) -> int:
        text = self.text if part is None else part
        if not _NUMBER.fullmatch(text):
            raise self.fail(f"needs a number of 1 to {MAX_DIGITS} ASCII digits, not {text[:20]!r}")
        return int(text)

    def card(self, code: str) -> Card:
        try:
            return Card.parse(code)
        except InvalidNotationError:
            raise self.fail(f"has a bad card code {code[:12]!r}") from None

    def zone(self, part: str | None = None) -> tuple[Card, ...]:
        text = self.text if part is None else part
        if text == _EMPTY:
            return ()
        return tuple(self.card(code) for code in text.split(","))

    def zones(self) -> list[tuple[Card, ...]]:
        return [self.zone(part) for part in self.text.split("/")]

    def seats(self) -> list[int]:
        if self.text == _EMPTY:
            return []
        return [self.number(part) for part in self.text.split(",")]


def fields_from_notation(rules: QuatreRules, text: str) -> dict[str, Any]:
    """The field values of the position written *text* (see the module), validated as
    :meth:`QuatreState.from_position <cau_rules.quatre.state.QuatreState.from_position>`
    validates an exact position.

    Args:
        rules: the rules the position is played under (not part of the text).
        text: the position's notation.

    Returns:
        The field values (``QuatreState(**fields)`` builds the state).

    Raises:
        InvalidNotationError: malformed text (the message names the field and its
            position).
        InvalidPositionError: a well-formed position no game can reach.
        InvalidRulesError: a player count or seed the rules cannot take.
        TypeError: *rules* is not a QuatreRules or *text* not a str.

    >>> from cau_rules.quatre import QUATRE
    >>> fields_from_notation(QUATRE, "turn 0 0")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: a four-card position has 16 fields separated by spaces (phase to_play starter stock table holdings chain gift lay known private out passes turns termination seed), not 3
    >>> fields_from_notation(QUATRE, "turn 0 0 - 5c,1o 5o,5x/5e - - - -/- - - 0 0 - 0")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: field 6 (holdings) of the position has a bad card code '5x': '5o,5x/5e'
    """
    check_type(rules, QuatreRules, "rules")
    check_type(text, str, "text")
    if len(text) > MAX_NOTATION:
        raise InvalidNotationError(f"a four-card position is at most {MAX_NOTATION} characters, not {len(text)}")
    parts = text.split()
    if len(parts) != len(FIELD_NAMES):
        raise InvalidNotationError(
            f"a four-card position has {len(FIELD_NAMES)} fields separated by spaces "
            f"({' '.join(FIELD_NAMES)}), not {len(parts)}"
        )
    field = [_Reader(index, part) for index, part in enumerate(parts)]
    phase = field[0].text
    if phase not in PHASES:
        raise field[0].fail(f"is one of {', '.join(PHASES)}")
    holdings = field[5].zones()
    players = len(holdings)
    if not rules.min_players <= players <= rules.max_players:
        raise field[5].fail(f"has {players} seat{'s' if players != 1 else ''}; {rules.name} is played by "
                            f"{rules.min_players} to {rules.max_players} players")
    known = field[9].zones()
    if len(known) != players:
        raise field[9].fail(f"needs one zone per seat ({players}, as in the holdings), not {len(known)}")
    termination_text = field[14].text
    if termination_text != _EMPTY and termination_text not in ("LAST_HOLDER", "SAFETY_BOUND"):
        raise field[14].fail("is '-', 'LAST_HOLDER' or 'SAFETY_BOUND'")
    seed = seed_text(field[15].text[:40], f"{field[15].where} of the position")
    return position_fields(
        rules,
        players,
        holdings=holdings,
        table=field[4].zone(),
        stock=field[3].zone(),
        to_play=field[1].number(),
        phase=phase,
        starter=field[2].number(),
        chain=_chain(field[6]),
        gift=_gift(field[7]),
        lay=_lay(field[8]),
        known=known,
        private=_private(field[10]),
        out=field[11].seats(),
        passes=field[12].number(),
        turns_after_stock=field[13].number(),
        termination=None if termination_text == _EMPTY else Termination[termination_text],
        seed=seed,
    )


def _chain(field: _Reader) -> QuatreChain | None:
    if field.text == _EMPTY:
        return None
    target, colon, played = field.text.partition(":")
    if not colon or not played:
        raise field.fail("is '-' or the table card, ':', then seat=card entries (5c:0=5o)")
    cards = []
    for entry in played.split(","):
        seat, equals, code = entry.partition("=")
        if not equals:
            raise field.fail(f"has an entry {entry[:12]!r} that is not seat=card")
        cards.append((field.number(seat), field.card(code)))
    return QuatreChain(field.card(target), tuple(cards))


def _gift(field: _Reader) -> PendingGift | None:
    if field.text == _EMPTY:
        return None
    match = re.fullmatch(r"([^>]*)>([^:]*):([^/]*)/(.*)", field.text)
    if match is None:
        raise field.fail("is '-' or giver>receiver:owed/level (1>0:2/2)")
    giver, receiver, owed, level = (field.number(part) for part in match.groups())
    return PendingGift(giver, receiver, owed, level)


def _lay(field: _Reader) -> PendingLay | None:
    if field.text == _EMPTY:
        return None
    owed, colon, after = field.text.partition(":")
    if colon and not after:
        raise field.fail("is '-', the cards to lay, or the cards to lay ':' the card laid last (3:2o)")
    return PendingLay(field.number(owed), field.card(after) if colon else None)


def _private(field: _Reader) -> list[tuple[int, int, Card]]:
    if field.text == _EMPTY:
        return []
    records = []
    for entry in field.text.split(","):
        match = re.fullmatch(r"([^>]*)>([^=]*)=(.*)", entry)
        if match is None:
            raise field.fail(f"has an entry {entry[:12]!r} that is not knower>holder=card")
        knower, holder, code = match.groups()
        records.append((field.number(knower), field.number(holder), field.card(code)))
    return records
