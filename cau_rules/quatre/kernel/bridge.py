"""The two bridges between kernel rows and ordinary states.

:func:`row_of` writes a :class:`~cau_rules.quatre.state.QuatreState` (or any object with
a position's fields) into a row and :func:`state_of` reads one back; both are exact (the
differential tests compare the notation after every step).  A game's deal comes from the
reference's :func:`~cau_rules.quatre.engine.deal` (D-DEAL-1), so game ``i`` of a batch
is the reference game of its seed card for card.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cau_rules.cards import Card
from cau_rules.errors import InvalidPositionError
from cau_rules.quatre.kernel import layout as L
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.state import QuatreState
from cau_rules.quatre.zones import PHASES, PendingGift, PendingLay, Position, QuatreChain

__all__ = ["row_of", "state_of"]

Row = npt.NDArray[np.int16]


def _values(cards: Sequence[Card]) -> npt.NDArray[np.uint8]:
    """Card values as an array, without converting card by card (values are 0-47)."""
    return np.frombuffer(bytes(cards), np.uint8)


def row_of(state: Position, row: Row) -> None:
    """Write *state* into *row*: every field but the rules and the seed.

    Raises:
        InvalidPositionError: the position has more private records than the deck has
            cards (no game reaches that: a card has one record at most).
    """
    row[:] = 0
    n = state.players
    row[L.N] = n
    row[L.PHASE] = L.PHASE_CODES[state.phase]
    row[L.TO_PLAY] = state.to_play
    row[L.STARTER] = state.starter
    row[L.PASSES] = state.passes
    row[L.TURNS] = state.turns_after_stock
    row[L.TERM] = 0 if state.termination is None else 1 + L.TERMINATIONS.index(state.termination)
    stock = state.stock
    start = L.CARDS - len(stock)
    row[L.POS] = start
    row[L.DECK0 + start:L.DECK0 + L.CARDS] = _values(stock)
    table = state.table
    row[L.TLEN] = len(table)
    row[L.TABLE:L.TABLE + len(table)] = _values(table)
    for seat, (holding, known) in enumerate(zip(state.holdings, state.known, strict=True)):
        row[L.HOLD + seat * L.CARDS:L.HOLD + seat * L.CARDS + len(holding)] = _values(holding)
        row[L.HLEN + seat] = len(holding)
        row[L.KNOWN + seat * L.CARDS:L.KNOWN + seat * L.CARDS + len(known)] = _values(known)
        row[L.KLEN + seat] = len(known)
    chain = state.chain
    row[L.TARGET] = -1 if chain is None else int(chain.target)
    if chain is not None:
        row[L.CLEN] = chain.level
        for index, (seat, card) in enumerate(chain.cards):
            row[L.CSEAT + index] = seat
            row[L.CCARD + index] = card
    gift = state.gift
    if gift is not None:
        row[L.GIVER], row[L.RECEIVER], row[L.OWED], row[L.LEVEL] = gift.giver, gift.receiver, gift.owed, gift.level
    lay = state.lay
    row[L.LAY_AFTER] = -1
    if lay is not None:
        row[L.LAY_OWED] = lay.owed
        row[L.LAY_AFTER] = -1 if lay.after is None else int(lay.after)
    private = state.private
    if len(private) > L.CARDS:
        raise InvalidPositionError(f"a position has at most {L.CARDS} private records (one per card), "
                                   f"not {len(private)}")
    row[L.PLEN] = len(private)
    for index, (knower, holder, card) in enumerate(private):
        row[L.PKNOWER + index] = knower
        row[L.PHOLDER + index] = holder
        row[L.PCARD + index] = card
    row[L.OLEN] = len(state.out)
    row[L.OUT:L.OUT + len(state.out)] = state.out


def state_of(rules: QuatreRules, row: Row, seed: int) -> QuatreState:
    """The state of *row* (no events)."""
    values = row.tolist()
    n = values[L.N]
    cards = L.CARD_OF

    def zone(at: int, length: int) -> tuple[Card, ...]:
        return tuple(cards[card] for card in values[at:at + length])

    target = values[L.TARGET]
    chain = None
    if target >= 0:
        chain = QuatreChain(cards[target], tuple(
            (values[L.CSEAT + index], cards[values[L.CCARD + index]]) for index in range(values[L.CLEN])))
    owed = values[L.OWED]
    gift = PendingGift(values[L.GIVER], values[L.RECEIVER], owed, values[L.LEVEL]) if owed else None
    lay_owed = values[L.LAY_OWED]
    after = values[L.LAY_AFTER]
    lay = PendingLay(lay_owed, None if after < 0 else cards[after]) if lay_owed else None
    term = values[L.TERM]
    return QuatreState(
        rules=rules, players=n, seed=seed, phase=PHASES[values[L.PHASE]], to_play=values[L.TO_PLAY],
        starter=values[L.STARTER], stock=zone(L.DECK0 + values[L.POS], L.CARDS - values[L.POS]),
        table=zone(L.TABLE, values[L.TLEN]),
        holdings=tuple(zone(L.HOLD + seat * L.CARDS, values[L.HLEN + seat]) for seat in range(n)),
        chain=chain, gift=gift, lay=lay,
        known=tuple(zone(L.KNOWN + seat * L.CARDS, values[L.KLEN + seat]) for seat in range(n)),
        private=tuple((values[L.PKNOWER + index], values[L.PHOLDER + index], cards[values[L.PCARD + index]])
                      for index in range(values[L.PLEN])),
        out=tuple(values[L.OUT:L.OUT + values[L.OLEN]]),
        passes=values[L.PASSES], turns_after_stock=values[L.TURNS],
        termination=None if term == 0 else L.TERMINATIONS[term - 1],
    )
