"""Moves of the capture family and their text notation.

A :class:`Play` says everything the player chooses: the card, how many run units it
takes after the match, which pile at each rank where several piles could be taken,
and (only under ``explicit_calls``) which calls are announced.  :class:`Declare`
answers the ronda declaration phase of ``explicit_calls``.

>>> from cau_rules.fishing.moves import Play, parse_move
>>> move = parse_move("8o+1")
>>> move
Play(card=<Card.O8: 7>, run=1, piles=(), calls=frozenset())
>>> str(move)
'8o+1'
>>> str(parse_move("3c+2@1!cau"))
'3c+2@1!cau'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Literal

import attrs

from cau_rules.cards import Card
from cau_rules.checks import MAX_DIGITS
from cau_rules.errors import InvalidNotationError, MoveTypeError

__all__ = [
    "GAME",
    "JOC",
    "MAX_MOVE_TEXT",
    "Accept",
    "Bid",
    "Call",
    "Declare",
    "FishingMove",
    "MoveTypeError",
    "Play",
    "Refuse",
    "StakeValue",
    "format_move",
    "parse_move",
    "stake_rank",
]


MAX_MOVE_TEXT = 200
"""The longest move text :func:`parse_move` reads (the longest real move is far shorter)."""

_DIGITS = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")
_SMALL = re.compile(r"[0-9]{1,2}")




class Call(enum.Enum):
    """Something a player calls out, and is paid for.

    >>> Call.parse("recau")
    <Call.RECAU: 'recau'>
    """

    CAU = "cau"
    RECAU = "recau"
    CONTRACAU = "contracau"
    NETA = "neta"
    RONDA = "ronda"
    RONDI = "rondi"
    SANT_VICENT = "sant-vicent"

    @classmethod
    def parse(cls, text: str) -> Call:
        """The call named *text* (``rondí`` may be written with or without the accent)."""
        key = text.strip().lower().replace("í", "i").replace(" ", "-")
        for call in cls:
            if call.value == key:
                return call
        names = ", ".join(call.value for call in cls)
        raise InvalidNotationError(f"unknown call {text!r}; calls are: {names}")


CHAIN_CALLS: tuple[Call, ...] = (Call.CAU, Call.RECAU, Call.CONTRACAU)
"""The call made by the 2nd, 3rd and 4th card of a chain (the Valencian game names the
4th *Sant Vicent*)."""


def _card(value: Card | str) -> Card:
    return Card.parse(value)


def _seats(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _calls(value: Iterable[Call | str]) -> frozenset[Call]:
    return frozenset(Call.parse(c) if isinstance(c, str) else c for c in value)


@attrs.frozen(order=False, cache_hash=True)
class Play:
    """Play ``card`` from the holding.

    - ``run``: run units taken after the match (0 for none, or for a trail).
    - ``piles``: the seat whose pile is taken, for each run unit that is a pile, in
      run order.
    - ``calls``: the announcements made with the move (only under ``explicit_calls``;
      otherwise every call is made automatically and this stays empty).

    >>> Play(Card.parse("3o"), run=2, piles=(1,))
    Play(card=<Card.O3: 2>, run=2, piles=(1,), calls=frozenset())
    """

    card: Card = attrs.field(converter=_card)
    run: int = 0
    piles: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    calls: frozenset[Call] = attrs.field(default=frozenset(), converter=_calls)

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order of moves: card, run length, piles, calls."""
        return (self.card.value, self.run, self.piles, tuple(sorted(c.value for c in self.calls)))

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Declare:
    """In the ronda declaration phase: declare ``call`` (ronda or rondí), or pass (None).

    >>> str(Declare(Call.RONDA)), str(Declare(None))
    ('ronda', 'pass')
    """

    call: Call | None = None

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order: pass first, then ronda, then rondí."""
        order = {None: 0, Call.RONDA: 1, Call.RONDI: 2}
        return (100 + order.get(self.call, 3), 0, (), ())

    def __str__(self) -> str:
        return format_move(self)


GAME = None
"""The stake "game": the *partida* (a bid of :class:`Bid` with ``stones=None``)."""

JOC: Literal["joc"] = "joc"
"""The stake "joc": the whole *joc* of several partides (``Bid(JOC)``, written ``bid
joc``); open only when ``partides_to_win`` > 1."""

StakeValue = int | None | Literal["joc"]
"""What a bid stakes: a number of stones, :data:`GAME` (None) or :data:`JOC`."""


def _stake_value(value: object) -> StakeValue:
    """*value* if it is a stake: a whole number of stones (an ``int``, not a bool or a
    float, as a Cacho amount), :data:`GAME` or :data:`JOC`."""
    if value is None or (isinstance(value, str) and value == JOC) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"a bid's stones must be int, None (the game) or 'joc', not {type(value).__name__}")


@attrs.frozen
class Bid:
    """Valencian ronda stake: bid (or raise to) ``stones``, the partida (:data:`GAME`,
    None) or, when several partides make a joc, the whole joc (:data:`JOC`).  Bids rank
    number < game < joc.

    A number of stones is an ``int``: ``Bid(5.0)`` is a :class:`TypeError`, so a bid in a
    move list, its index and its equality follow one rule.

    >>> str(Bid(5)), str(Bid(GAME)), str(Bid(JOC))
    ('bid 5', 'bid game', 'bid joc')
    >>> Bid(5.0)
    Traceback (most recent call last):
    ...
    TypeError: a bid's stones must be int, None (the game) or 'joc', not float
    """

    stones: StakeValue = attrs.field(converter=_stake_value)

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order: numbers upwards, then game, then joc."""
        return (200, stake_rank(self.stones), (), ())

    def __str__(self) -> str:
        return format_move(self)


def stake_rank(value: StakeValue) -> int:
    """The rank of a stake, for comparing bids: number < game < joc.

    Args:
        value: a number of stones, :data:`GAME` or :data:`JOC`.

    Returns:
        The number itself, or a rank above every number for the game and above that
        for the joc.

    >>> stake_rank(40) < stake_rank(GAME) < stake_rank(JOC)
    True
    """
    if value is None:
        return 10_000
    if value == JOC:
        return 10_001
    return value


@attrs.frozen
class Accept:
    """Valencian ronda stake: accept the bid on the table (the holdings are shown).

    >>> str(Accept())
    'accept'
    """

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """Accept sorts after every bid."""
        return (300, 0, (), ())

    def __str__(self) -> str:
        return "accept"


@attrs.frozen
class Refuse:
    """Valencian ronda stake: refuse the bid on the table.

    >>> str(Refuse())
    'refuse'
    """

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """Refuse sorts last."""
        return (301, 0, (), ())

    def __str__(self) -> str:
        return "refuse"


FishingMove = Play | Declare | Bid | Accept | Refuse
"""Any move of the capture family."""


def format_move(move: FishingMove) -> str:
    """The text of a move: ``<card>[+<run>][@<seat>,...][!<call>...]``, or ``pass``,
    ``ronda``, ``rondi`` for declarations.

    >>> format_move(Play(Card.parse("5e"), run=3, piles=(2, 0)))
    '5e+3@2,0'
    """
    if isinstance(move, Declare):
        return "pass" if move.call is None else move.call.value
    if isinstance(move, Bid):
        return "bid game" if move.stones is None else f"bid {move.stones}"
    if isinstance(move, (Accept, Refuse)):
        return str(move)
    text = move.card.code
    if move.run:
        text += f"+{move.run}"
    if move.piles:
        text += "@" + ",".join(str(seat) for seat in move.piles)
    for call in sorted(move.calls, key=lambda c: list(Call).index(c)):
        text += "!" + call.value
    return text


def parse_move(text: str) -> FishingMove:
    """The move written *text*, as :func:`format_move` writes it.

    >>> parse_move("pass"), parse_move("12b")
    (Declare(call=None), Play(card=<Card.B12: 47>, run=0, piles=(), calls=frozenset()))
    >>> parse_move("12b+x")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: bad run length in '12b+x': write e.g. '8o+2'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text like '8o+1', not {text!r:.40}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidNotationError(f"a move's text is at most {MAX_MOVE_TEXT} characters, not {len(text)}")
    raw = text.strip().lower()
    if raw in ("pass", "ronda", "rondi", "rondí"):
        return Declare(None if raw == "pass" else Call.parse(raw))
    if raw == "accept":
        return Accept()
    if raw == "refuse":
        return Refuse()
    if raw.startswith("bid"):
        amount = raw[3:].strip()
        if amount == "game":
            return Bid(GAME)
        if amount == JOC:
            return Bid(JOC)
        if not _DIGITS.fullmatch(amount):
            raise InvalidNotationError(f"bad bid {text!r:.40}: write 'bid 5', 'bid game' or 'bid joc'")
        return Bid(int(amount))
    head, *call_parts = raw.split("!")
    calls = frozenset(Call.parse(part) for part in call_parts)
    piles: tuple[int, ...] = ()
    if "@" in head:
        head, pile_text = head.split("@", 1)
        parts = pile_text.split(",")
        if len(parts) > 12 or not all(_SMALL.fullmatch(part) for part in parts):
            raise InvalidNotationError(f"bad pile seats in {text!r:.40}: write e.g. '3o+2@1'")
        piles = tuple(int(part) for part in parts)
    run = 0
    if "+" in head:
        head, run_text = head.split("+", 1)
        if not _SMALL.fullmatch(run_text):
            raise InvalidNotationError(f"bad run length in {text!r:.40}: write e.g. '8o+2'")
        run = int(run_text)
    return Play(Card.parse(head), run=run, piles=piles, calls=calls)
