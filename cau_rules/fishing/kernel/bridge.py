"""The two bridges between kernel rows and ordinary states, and the deals a row reads.

:func:`row_of` writes a :class:`~cau_rules.fishing.state.FishingState` into a row and
:func:`state_of` reads one back; both are exact (the differential tests compare the
notation after every step).  The deck order of each hand comes from the reference
dealing code (:func:`cau_rules.fishing.deal.lay_table`, seeded per D-DEAL-1), so game
``i`` of a batch is the reference game of its seed card for card.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cau_rules.cards import Card
from cau_rules.fishing.deal import lay_table
from cau_rules.fishing.kernel import layout as L
from cau_rules.fishing.moves import JOC, Call
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.fishing.zones import Chain, Stake, Tally

__all__ = ["DEAL_SLOTS", "SLOT", "deal_slot", "row_of", "state_of"]

DEAL_SLOTS = 4
"""Hands of deck orders a game keeps ready (a move starts at most two new hands)."""
SLOT = 3 + 48
"""One hand's deal: the hand, the table's size, the cards returned, then table and stock."""

_PHASES = {code: name for name, code in L.PHASE_CODES.items()}
_KINDS = {1: Call.RONDA, 2: Call.RONDI}
_CARDS = tuple(Card)

Row = npt.NDArray[np.int16]


def deal_slot(rules: FishingRules, players: int, seed: int, decks: Sequence[Sequence[Card]], hand: int,
              out: Row) -> None:
    """Write the deal of *hand* (table, then stock, from the reference dealing) into *out*."""
    table, stock, returned = lay_table(rules, players, seed, hand, decks)
    out[0] = hand
    out[1] = len(table)
    out[2] = len(returned)
    cards = table + stock
    out[3:3 + len(cards)] = np.frombuffer(bytes(cards), np.uint8)  # card values are 0-47


def _put(row: Row, at: int, cards: Sequence[int]) -> None:
    row[at:at + len(cards)] = cards


def row_of(state: FishingState, row: Row) -> None:
    """Write *state* into *row* (every field of the layout)."""
    row[:] = 0
    n = state.players
    row[L.N] = n
    row[L.TO_PLAY] = state.to_play
    row[L.PHASE] = L.PHASE_CODES[state.phase]
    row[L.HAND] = state.hand
    row[L.ROUND] = state.round
    row[L.OPENER] = state.opener
    row[L.LAST_CAP] = state.last_capturer
    row[L.TRAIL_SEAT] = -1 if state.trail is None else state.trail[0]
    row[L.TRAIL_CARD] = -1 if state.trail is None else state.trail[1]
    for seat in range(n):
        _put(row, L.HOLD + seat * 48, state.holdings[seat])
        row[L.HOLD_LEN + seat] = len(state.holdings[seat])
        _put(row, L.PILE + seat * 48, state.piles[seat])
        row[L.PILE_LEN + seat] = len(state.piles[seat])
        for index, (creditor, amount) in enumerate(state.debts[seat]):
            row[L.DEBT_CRED + seat * L.MAXD + index] = creditor
            row[L.DEBT_AMT + seat * L.MAXD + index] = amount
        row[L.DEBT_LEN + seat] = len(state.debts[seat])
    _put(row, L.TABLE, state.table)
    row[L.TABLE_LEN] = len(state.table)
    _put(row, L.STOCK, state.stock)
    row[L.STOCK_START] = 0
    row[L.STOCK_END] = len(state.stock)
    _put(row, L.DISCARD, state.discard)
    row[L.DISCARD_LEN] = len(state.discard)
    chain = state.chain
    if chain is not None:
        row[L.CHAIN_LEN] = chain.level
        row[L.CHAIN_RANK] = chain.rank
        for index, (seat, card) in enumerate(chain.cards):
            row[L.CHAIN_SEAT + index] = seat
            row[L.CHAIN_CARD + index] = card
        row[L.RUN_LEN] = len(chain.run)
        for index, (rank, owner) in enumerate(chain.run):
            row[L.RUN_RANK + index] = rank
            row[L.RUN_OWNER + index] = owner
    row[L.HS_LEN] = len(state.hand_scores)
    for index, scores in enumerate(state.hand_scores):
        _put(row, L.HS + index * L.MAXP, scores)
    tally = state.tally
    if tally is not None:
        row[L.HAS_TALLY] = 1
        row[L.STONES0:L.STONES0 + 2] = tally.stones
        row[L.PARTIDES0:L.PARTIDES0 + 2] = tally.partides
        row[L.LOG_LEN] = len(tally.log)
        log = _log_at(state.rules)
        for index, (partida, hand, team, reason, stones) in enumerate(tally.log):
            _put(row, log + index * 5, (partida, hand, team, L.REASONS.index(reason), stones))
    stake = state.stake
    if stake is not None:
        row[L.STAKE_ON] = 1
        row[L.STAKE_HOLDERS] = len(stake.holders)
        for index, (seat, kind) in enumerate(stake.holders):
            row[L.STAKE_SEAT + index] = seat
            row[L.STAKE_KIND + index] = 2 if kind is Call.RONDI else 1
        row[L.BIDDER0], row[L.BIDDER1] = stake.bidders
        row[L.BIDS_LEN] = len(stake.bids)
        for index, bid in enumerate(stake.bids):
            row[L.BIDS + index] = L.GAME_BID if bid is None else L.JOC_BID if bid == JOC else int(bid)
    row[L.WON] = -1


def _log_at(rules: FishingRules) -> int:
    """Where the stones log starts in a row of *rules* (after the hand scores)."""
    return L.HS + L.tail_sizes(rules)[0] * L.MAXP


_BIDS = {L.GAME_BID: None, L.JOC_BID: JOC}


def _cards(row: Row, at: int, size: int) -> tuple[Card, ...]:
    return tuple(_CARDS[int(card)] for card in row[at:at + size])


def state_of(rules: FishingRules, row: Row, seed: int, decks: tuple[tuple[Card, ...], ...]) -> FishingState:
    """The ordinary state of *row* (played under *rules* from *seed* and *decks*)."""
    values = row.tolist()
    n = values[L.N]
    trail = None if values[L.TRAIL_SEAT] < 0 else (values[L.TRAIL_SEAT], _CARDS[values[L.TRAIL_CARD]])
    chain = None
    if values[L.CHAIN_LEN]:
        level = values[L.CHAIN_LEN]
        chain = Chain(
            values[L.CHAIN_RANK],
            tuple((values[L.CHAIN_SEAT + i], _CARDS[values[L.CHAIN_CARD + i]]) for i in range(level)),
            tuple((values[L.RUN_RANK + i], values[L.RUN_OWNER + i]) for i in range(values[L.RUN_LEN])),
        )
    tally = None
    if values[L.HAS_TALLY]:
        log = tuple(
            (values[at], values[at + 1], values[at + 2], L.REASONS[values[at + 3]], values[at + 4])
            for at in range(_log_at(rules), _log_at(rules) + 5 * values[L.LOG_LEN], 5)
        )
        tally = Tally((values[L.STONES0], values[L.STONES0 + 1]),
                      (values[L.PARTIDES0], values[L.PARTIDES0 + 1]), log)
    stake = None
    if values[L.STAKE_ON]:
        holders = tuple((values[L.STAKE_SEAT + i], _KINDS[values[L.STAKE_KIND + i]])
                        for i in range(values[L.STAKE_HOLDERS]))
        bids = tuple(_BIDS.get(bid, bid) for bid in values[L.BIDS:L.BIDS + values[L.BIDS_LEN]])
        stake = Stake(holders, (values[L.BIDDER0], values[L.BIDDER1]), bids)
    return FishingState(
        rules=rules, players=n, seed=seed, decks=decks, hand=values[L.HAND], round=values[L.ROUND],
        opener=values[L.OPENER], to_play=values[L.TO_PLAY], phase=_PHASES[values[L.PHASE]],  # type: ignore[arg-type]
        stock=_cards(row, L.STOCK + values[L.STOCK_START], values[L.STOCK_END] - values[L.STOCK_START]),
        table=_cards(row, L.TABLE, values[L.TABLE_LEN]),
        holdings=tuple(_cards(row, L.HOLD + seat * 48, values[L.HOLD_LEN + seat]) for seat in range(n)),
        piles=tuple(_cards(row, L.PILE + seat * 48, values[L.PILE_LEN + seat]) for seat in range(n)),
        discard=_cards(row, L.DISCARD, values[L.DISCARD_LEN]),
        chain=chain, trail=trail,
        debts=tuple(
            tuple((values[L.DEBT_CRED + seat * L.MAXD + i], values[L.DEBT_AMT + seat * L.MAXD + i])
                  for i in range(values[L.DEBT_LEN + seat]))
            for seat in range(n)
        ),
        last_capturer=values[L.LAST_CAP], declarations=(),
        hand_scores=tuple(tuple(values[L.HS + i * L.MAXP:L.HS + i * L.MAXP + n]) for i in range(values[L.HS_LEN])),
        tally=tally, stake=stake,
    )
