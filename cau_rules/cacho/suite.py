"""What the shared test suites need to know of *Cacho* (a
:class:`~cau_rules.game.SuiteHooks` record, :data:`SUITE`).

The card zones are the stock and the holdings (a folded seat keeps its cards; a new hand
reshuffles all 24).  Every card is hidden from a seat except its own; cards shown at a
showdown are public, in the :class:`~cau_rules.cacho.events.Showdown` event.

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.suite import all_cards, hidden_from, invariants
>>> state = new_game(CACHO, 3, seed=1)
>>> len(all_cards(state)), len(hidden_from(state, 0)), invariants(state)
(24, 23, [])
"""

from __future__ import annotations

from typing import Any

from cau_rules.cacho.events import Showdown
from cau_rules.cacho.legal import legal_moves
from cau_rules.cacho.moves import Bet, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.validate import problems
from cau_rules.cacho.zones import Position
from cau_rules.cards import Card
from cau_rules.game import SuiteHooks

__all__ = ["PUBLIC_EVENTS", "SUITE", "all_cards", "hidden_from", "illegal_candidates", "invariants",
           "max_moves"]

PUBLIC_EVENTS: tuple[type, ...] = (Showdown,)
"""Events that name cards shown to everyone: the hands of a showdown."""


def all_cards(position: Position) -> list[Card]:
    """Every card of the stock and the holdings (a card placed twice shows twice)."""
    cards = list(position.stock)
    for holding in position.holdings:
        cards.extend(holding)
    return cards


def hidden_from(position: Position, seat: int) -> frozenset[Card]:
    """The cards *seat* must not see: the stock and every other holding."""
    hidden = set(position.stock)
    for other, holding in enumerate(position.holdings):
        if other != seat:
            hidden.update(holding)
    return frozenset(hidden)


def illegal_candidates(position: Position) -> list[object]:
    """Near-miss moves to offer *position*: every kind of move, amounts just outside the
    ranges and far beyond them, each legal amount one off as a bet and as a raise, and
    their texts (the suite keeps those that are illegal)."""
    out: list[object] = [Pass(), Call(), Fold(), "check", "call", "fold", "pass"]
    counters = position.rules.stack * len(position.stacks)
    for amount in (0, 1, 2, 3, 5, counters, counters + 1, 10**6):
        out += [Bet(amount), Raise(amount), f"bet {amount}", f"raise {amount}"]
    for move in legal_moves(position):  # every legal amount, one off, as a bet and as a raise
        edge = move.amount if isinstance(move, Bet) else move.to if isinstance(move, Raise) else None
        if edge is not None:
            out += [Bet(edge + 1), Bet(edge - 1), Raise(edge + 1), Raise(edge - 1)]
    return out


def max_moves(rules: CachoRules, players: int) -> int:
    """An upper bound on the moves of a session: per hand, three betting rounds in which
    each bet or raise moves at least one of the session's counters and each seat answers
    a bet at most once.

    >>> from cau_rules.cacho import CACHO
    >>> max_moves(CACHO, 2)
    504
    """
    counters = rules.stack * players
    per_hand = 3 * players * (counters + 2)
    return per_hand * rules.max_hands * 2


def invariants(position: Position) -> list[str]:
    """The problems of *position* as sentences: it must be a position that can arise (the
    loader's checks, :func:`~cau_rules.cacho.validate.problems`: the 24 cards, counters,
    bets, the seat to play)."""
    return problems(position)


SUITE: SuiteHooks[Any] = SuiteHooks(
    all_cards=all_cards,
    hidden_from=hidden_from,
    public_events=PUBLIC_EVENTS,
    illegal_candidates=illegal_candidates,
    max_moves=max_moves,
    invariants=invariants,
)
"""The Cacho hooks of the shared test suites."""
