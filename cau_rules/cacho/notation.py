"""A one-line notation for a whole *Cacho* position, like FEN for chess.

:meth:`CachoState.to_notation <cau_rules.cacho.state.CachoState.to_notation>` writes a
state on one line and :meth:`CachoState.from_notation
<cau_rules.cacho.state.CachoState.from_notation>` reads it back:
``CachoState.from_notation(state.rules, state.to_notation()) == state`` for every state
of a game.  As in FEN, the rules are not written: the reader names them.

Grammar: eleven fields separated by single spaces, then an optional twelfth; fields
that hold one entry per seat (seats numbered in playing order) separate them with ``/``.

====  ===============  ==================================================================
 #    field            written as
====  ===============  ==================================================================
 1    holdings         each seat's cards, codes written together (``1o2o3o``); ``-``
                       for a seat holding none
 2    stock            the undealt cards, top first, written together; ``-`` if none
 3    stacks           each seat's counters in front of it (``20/17/19``)
 4    pot              what each seat put into the pot this hand (``0/3/1``)
 5    this round       what each seat put in during this betting round (``0/2/0``)
 6    seats            one letter per seat: ``A`` active and still to act in this
                       round, ``a`` active, ``f`` folded, ``-`` not dealt in (out)
 7    turn             the seat to play; once the session is over, how it ended:
                       ``all_counters`` or ``max_hands``
 8    round            the betting round, 1 to 3
 9    hand             the hand, numbered from 1 as the events number it; ``4r2`` is
                       hand 4, dealt again after 2 void hands in a row
 10   dealer           the dealer's seat
 11   seed             the seed every later shuffle derives from (0 to 2**63 - 1)
 12   decks            (only when deck orders were supplied to ``new_game``) every
                       supplied order, 24 codes written together each, ``/`` between
====  ===============  ==================================================================

A view's line (:meth:`CachoView.to_notation <cau_rules.cacho.view.CachoView.to_notation>`)
leaves out what the seat cannot see: other holdings and the stock become counts (``?3``),
and the seed and decks give way to ``@`` and the viewing seat (``@1``).

>>> from cau_rules.cacho import CACHO, CachoState, new_game
>>> state = new_game(CACHO, 2, seed=7).apply("bet 1")
>>> line = state.to_notation()
>>> line.split()[2:]
['19/20', '1/0', '1/0', 'aA', '1', '1', '1', '1', '7']
>>> CachoState.from_notation(CACHO, line) == state
True
>>> state.observe(1).to_notation().split()[:2]
['?1/5c', '?22']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position
from cau_rules.cards import CACHO_24, Card
from cau_rules.checks import MAX_DIGITS, MAX_SEED, MAX_TEXT, seed_text
from cau_rules.errors import InvalidNotationError
from cau_rules.outcome import Termination

__all__ = [
    "FIELDS",
    "MAX_SEED",
    "TERMINATION_WORDS",
    "fields_from_notation",
    "hand_text",
    "numbers_text",
    "position_notation",
    "seats_text",
    "turn_text",
    "zone_text",
]

FIELDS: tuple[str, ...] = (
    "holdings", "stock", "stacks", "pot", "this round", "seats", "turn", "round", "hand", "dealer", "seed",
    "decks",
)
"""The names of the fields, in order (error messages name them)."""

TERMINATION_WORDS: dict[str, Termination] = {
    "all_counters": Termination.ALL_COUNTERS,
    "max_hands": Termination.MAX_HANDS,
}
"""The words of field 7 once the session is over, and the way it ended each names."""

_WORD_OF = {termination: word for word, termination in TERMINATION_WORDS.items()}
_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_HAND = re.compile(rf"([0-9]{{1,{MAX_DIGITS}}})(?:r([0-9]{{1,{MAX_DIGITS}}}))?")
_CODES = re.compile(r"[0-9]{1,2}[a-z]")
_SEAT_LETTERS = {"A": (True, False, True), "a": (True, False, False), "f": (True, True, False),
                 "-": (False, False, False)}


# -- writing -----------------------------------------------------------------------------


def zone_text(cards: Sequence[Card]) -> str:
    """A zone of cards as field text: the codes written together, ``-`` for none.

    >>> from cau_rules.cards import parse_cards
    >>> zone_text(parse_cards("1o 6c")), zone_text(())
    ('1o6c', '-')
    """
    return "".join(card.code for card in cards) or "-"


def numbers_text(values: Sequence[int]) -> str:
    """Per-seat numbers as field text (``20/17``).

    >>> numbers_text((20, 0, 3))
    '20/0/3'
    """
    return "/".join(str(value) for value in values)


def seats_text(dealt_in: Sequence[bool], folded: Sequence[bool], to_act: Sequence[bool]) -> str:
    """The seats field: ``A`` (active, to act), ``a`` (active), ``f`` (folded), ``-`` (out).

    >>> seats_text((True, True, False), (False, True, False), (True, False, False))
    'Af-'
    """
    letters = []
    for seat_in, seat_folded, waiting in zip(dealt_in, folded, to_act, strict=True):
        if not seat_in:
            letters.append("-")
        elif seat_folded:
            letters.append("f")
        else:
            letters.append("A" if waiting else "a")
    return "".join(letters)


def turn_text(to_play: int, termination: Termination | None) -> str:
    """The turn field: the seat to play, or the way the session ended.

    >>> turn_text(2, None), turn_text(-1, Termination.MAX_HANDS)
    ('2', 'max_hands')
    """
    return str(to_play) if termination is None else _WORD_OF.get(termination, termination.name.lower())


def hand_text(hand: int, redeal: int) -> str:
    """The hand field: the hand numbered from 1, with ``r`` and the redeal count if any.

    >>> hand_text(0, 0), hand_text(3, 2)
    ('1', '4r2')
    """
    return f"{hand + 1}r{redeal}" if redeal else str(hand + 1)


def position_notation(position: Position) -> str:
    """The line of a whole position (every card named), by the grammar above.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> position_notation(new_game(CACHO, 2, seed=1)).split()[0]
    '2e/5o'
    """
    fields = [
        "/".join(zone_text(holding) for holding in position.holdings),
        zone_text(position.stock),
        numbers_text(position.stacks),
        numbers_text(position.contributions),
        numbers_text(position.round_bets),
        seats_text(position.dealt_in, position.folded, position.to_act),
        turn_text(position.to_play, position.termination),
        str(position.round),
        hand_text(position.hand, position.redeal),
        str(position.dealer),
        str(position.seed),
    ]
    if position.decks:
        fields.append("/".join(zone_text(order) for order in position.decks))
    return " ".join(fields)


# -- reading -----------------------------------------------------------------------------


def _where(index: int) -> str:
    return f"field {index + 1} ({FIELDS[index]})"


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _number(text: str, index: int, what: str | None = None) -> int:
    if not _NUMBER.fullmatch(text):
        about = f"{_where(index)}" + (f", {what}" if what else "")
        raise InvalidNotationError(
            f"{about} must be a whole number of at most {MAX_DIGITS} digits, not {_shown(text)}"
        )
    return int(text)


def _per_seat(text: str, index: int, players: int) -> list[str]:
    parts = text.split("/")
    if len(parts) != players:
        raise InvalidNotationError(
            f"{_where(index)} has {len(parts)} entries separated by '/', but field 1 names {players} seats"
        )
    return parts


def _cards(text: str, where: str) -> tuple[Card, ...]:
    if text == "-":
        return ()
    codes = _CODES.findall(text)
    if "".join(codes) != text:
        raise InvalidNotationError(
            f"{where} must be card codes written together like '1o6c', or '-' for none, not {_shown(text)}"
        )
    try:
        return tuple(Card.parse(code) for code in codes)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"{where}: {exc}") from None


def fields_from_notation(rules: CachoRules, text: str) -> dict[str, Any]:
    """The field values of the position written *text* (see the grammar above), before
    the position is checked.

    Args:
        rules: the rules the position is played under (not part of the text).
        text: the line.

    Returns:
        The state's fields by name.

    Raises:
        TypeError: *text* is not a string.
        InvalidNotationError: the text does not follow the grammar; the message names the
            field (by number and name) and what is wrong.
        InvalidDeckError: a supplied deck order (field 12) is not the 24 Cacho cards.

    >>> from cau_rules.cacho import CACHO
    >>> fields_from_notation(CACHO, "1o/2o - 0/0 0/0 0/0 AA 0 1 1 1")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: a Cacho position has 11 or 12 fields separated by single spaces, not 10
    >>> fields_from_notation(CACHO, "1o/2o - 20/20 0/0 0/x AA 0 1 1 1 0")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: field 5 (this round), seat 1 must be a whole number of at most 19 digits, not 'x'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(f"a Cacho position is {len(text)} characters long; at most {MAX_TEXT}")
    parts = text.split(" ")
    if len(parts) not in (11, 12):
        raise InvalidNotationError(
            f"a Cacho position has 11 or 12 fields separated by single spaces, not {len(parts)}"
        )
    for index, part in enumerate(parts):
        if not part:
            raise InvalidNotationError(f"{_where(index)} is empty: fields are separated by single spaces")
    zones = parts[0].split("/")
    players = len(zones)
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidNotationError(
            f"{_where(0)} names {players} seats; {rules.name} is played by {rules.min_players} to "
            f"{rules.max_players}"
        )
    holdings = tuple(_cards(zone, f"{_where(0)}, seat {seat}") for seat, zone in enumerate(zones))
    stock = _cards(parts[1], _where(1))
    counters = []
    for index in (2, 3, 4):
        counters.append(tuple(_number(value, index, f"seat {seat}")
                              for seat, value in enumerate(_per_seat(parts[index], index, players))))
    letters = parts[5]
    if len(letters) != players:
        raise InvalidNotationError(f"{_where(5)} has {len(letters)} letters, but field 1 names {players} seats")
    flags = []
    for seat, letter in enumerate(letters):
        if letter not in _SEAT_LETTERS:
            raise InvalidNotationError(
                f"{_where(5)}, seat {seat}: {letter!r} is not one of 'A' (to act), 'a' (active), "
                "'f' (folded), '-' (out)"
            )
        flags.append(_SEAT_LETTERS[letter])
    turn = parts[6]
    termination: Termination | None = None
    if turn in TERMINATION_WORDS:
        termination, to_play = TERMINATION_WORDS[turn], -1
    else:
        if not _NUMBER.fullmatch(turn):
            raise InvalidNotationError(
                f"{_where(6)} must be the seat to play or {' or '.join(TERMINATION_WORDS)}, not {_shown(turn)}"
            )
        to_play = int(turn)
    round_ = _number(parts[7], 7)
    hand_match = _HAND.fullmatch(parts[8])
    if hand_match is None:
        raise InvalidNotationError(
            f"{_where(8)} must be the hand number from 1, with 'r' and the redeals if any (like '4r2'), "
            f"not {_shown(parts[8])}"
        )
    hand = int(hand_match.group(1)) - 1
    redeal = int(hand_match.group(2) or 0)
    if hand < 0:
        raise InvalidNotationError(f"{_where(8)}: hands are numbered from 1, not 0")
    dealer = _number(parts[9], 9)
    seed = seed_text(parts[10][:40], _where(10))
    decks: tuple[tuple[Card, ...], ...] = ()
    if len(parts) == 12:
        decks = tuple(CACHO_24.check_order(_cards(order, f"{_where(11)}, order {number}"))
                      for number, order in enumerate(parts[11].split("/")))
    return {
        "rules": rules,
        "seed": seed,
        "decks": decks,
        "hand": hand,
        "redeal": redeal,
        "dealer": dealer,
        "round": round_,
        "stacks": counters[0],
        "contributions": counters[1],
        "round_bets": counters[2],
        "holdings": holdings,
        "stock": stock,
        "dealt_in": tuple(flag[0] for flag in flags),
        "folded": tuple(flag[1] for flag in flags),
        "to_act": tuple(flag[2] for flag in flags),
        "to_play": to_play,
        "termination": termination,
    }
