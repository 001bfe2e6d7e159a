"""The two bridges between kernel rows and ordinary states, and the deck orders a row reads.

:func:`row_of` writes a :class:`~cau_rules.cacho.state.CachoState` into a row and
:func:`state_of` reads one back; both are exact (the differential tests compare the
notation after every step).  Every deck order comes from the reference's
:func:`~cau_rules.cacho.engine.shuffled_deck` (D-DEAL-1) or from the supplied orders, so
game ``i`` of a batch is the reference game of its seed card for card.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cau_rules.cacho.engine import shuffled_deck
from cau_rules.cacho.kernel import layout as L
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.state import CachoState
from cau_rules.cards import Card

__all__ = ["deck_of", "row_of", "seed_of", "set_native", "start_row", "state_of", "write_next"]

Row = npt.NDArray[np.int32]
Decks = Sequence[Sequence[Card]]


def deck_of(seed: int, decks: Decks, hand: int, redeal: int) -> Sequence[Card]:
    """The deck order of *hand* after *redeal* void hands in a row: the supplied order
    if there is one, else the seed's shuffle (what :meth:`Engine.start_hand
    <cau_rules.cacho.engine.Engine.start_hand>` deals)."""
    return decks[hand] if hand < len(decks) else shuffled_deck(seed, hand, redeal)


def _values(cards: Sequence[Card]) -> npt.NDArray[np.uint8]:
    """Card values as an array, without converting card by card (values are 0-47)."""
    return np.frombuffer(bytes(cards), np.uint8)


def write_next(rules: CachoRules, seed: int, decks: Decks, row: Row) -> None:
    """Write the two possible orders of the next hand (after a played hand, after a void
    one) if the session may reach it, and mark the row ready."""
    hand = int(row[L.HAND])
    if not row[L.OVER] and hand + 1 < rules.max_hands:
        row[L.NEXT_PLAYED:L.NEXT_PLAYED + L.DECK] = _values(deck_of(seed, decks, hand + 1, 0))
        row[L.NEXT_VOID:L.NEXT_VOID + L.DECK] = _values(deck_of(seed, decks, hand + 1, int(row[L.REDEAL]) + 1))
    row[L.READY] = 1


def set_native(row: Row, seed: int) -> None:
    """Let the kernel shuffle the later hands' orders of *row* from *seed* (an int64)
    itself, as each hand starts (see :data:`~cau_rules.cacho.kernel.layout.NATIVE`)."""
    row[L.NATIVE] = 1
    row[L.SEED_LO] = ((seed & 0xFFFF_FFFF) ^ 0x8000_0000) - 0x8000_0000  # the low half, read as signed
    row[L.SEED_HI] = seed >> 32
    row[L.READY] = 1


def seed_of(row: Row) -> int:
    """The seed of a native row (see :func:`set_native`).

    >>> row = np.zeros(L.ROW, np.int32)
    >>> set_native(row, -(2**40) - 5)
    >>> seed_of(row)
    -1099511627781
    """
    return (int(row[L.SEED_HI]) << 32) | (int(row[L.SEED_LO]) & 0xFFFF_FFFF)


def start_row(rules: CachoRules, players: int, seed: int, decks: Decks, row: Row) -> None:
    """Write a session before its first deal into *row*: every stack full, the last seat
    to deal, hand 0's order in ``DECK0`` (``core.begin_row`` deals it)."""
    row[:] = 0
    row[L.N] = players
    row[L.DEALER] = players - 1
    row[L.STACKS:L.STACKS + players] = rules.stack
    row[L.DECK0:L.DECK0 + L.DECK] = _values(deck_of(seed, decks, 0, 0))


def row_of(state: CachoState, row: Row) -> None:
    """Write *state* into *row* (every field of the layout but the next decks)."""
    row[:] = 0
    n = state.players
    row[L.N] = n
    row[L.TO_PLAY] = state.to_play
    row[L.OVER] = state.termination is not None
    row[L.HAND] = state.hand
    row[L.REDEAL] = state.redeal
    row[L.DEALER] = state.dealer
    row[L.ROUND] = state.round
    row[L.TERM] = 0 if state.termination is None else 1 + L.TERMINATIONS.index(state.termination)
    row[L.STACKS:L.STACKS + n] = state.stacks
    row[L.CONTRIB:L.CONTRIB + n] = state.contributions
    row[L.RBETS:L.RBETS + n] = state.round_bets
    row[L.DEALT:L.DEALT + n] = state.dealt_in
    row[L.FOLDED:L.FOLDED + n] = state.folded
    row[L.TOACT:L.TOACT + n] = state.to_act
    for seat, holding in enumerate(state.holdings):
        row[L.HOLD + seat * 3:L.HOLD + seat * 3 + len(holding)] = holding
        row[L.HLEN + seat] = len(holding)
    stock = state.stock
    start = L.DECK - len(stock)
    row[L.POS] = start
    row[L.DECK0 + start:L.DECK0 + L.DECK] = stock


def state_of(rules: CachoRules, row: Row, seed: int, decks: tuple[tuple[Card, ...], ...]) -> CachoState:
    """The state of *row* (no events)."""
    n = int(row[L.N])
    values = row.tolist()
    cards = L.CARD_OF

    def seats(at: int) -> tuple[int, ...]:
        return tuple(values[at:at + n])

    def flags(at: int) -> tuple[bool, ...]:
        return tuple(bool(flag) for flag in values[at:at + n])

    term = values[L.TERM]
    return CachoState(
        rules=rules, seed=seed, decks=decks, hand=values[L.HAND], redeal=values[L.REDEAL],
        dealer=values[L.DEALER], round=values[L.ROUND], stacks=seats(L.STACKS),
        contributions=seats(L.CONTRIB), round_bets=seats(L.RBETS),
        holdings=tuple(tuple(cards[card] for card in values[L.HOLD + seat * 3:L.HOLD + seat * 3 + values[L.HLEN + seat]])
                       for seat in range(n)),
        stock=tuple(cards[card] for card in values[L.DECK0 + values[L.POS]:L.DECK0 + L.DECK]),
        dealt_in=flags(L.DEALT), folded=flags(L.FOLDED), to_act=flags(L.TOACT),
        to_play=values[L.TO_PLAY], termination=None if term == 0 else L.TERMINATIONS[term - 1],
    )
