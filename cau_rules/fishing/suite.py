"""What the shared test suites need to know of the capture family.

The property, perft and leak suites run over every registered family; these hooks tell
them where this family keeps its cards, what a seat may not see, which near-miss moves
to offer and how long a game can last.  :data:`SUITE` wraps them.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=1)
>>> all_cards(state) == sorted(state.rules.deck.cards), invariants(state)
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from cau_rules.cards import Card
from cau_rules.fishing.events import Paid, Showdown, TableReplaced
from cau_rules.fishing.legal import bid_amount
from cau_rules.fishing.moves import GAME, JOC, Accept, Bid, Call, Declare, FishingMove, Play, Refuse
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.view import FishingView
from cau_rules.fishing.zones import Position
from cau_rules.game import SuiteHooks

__all__ = [
    "PUBLIC_EVENTS",
    "SUITE",
    "SuiteState",
    "all_cards",
    "hidden_from",
    "illegal_candidates",
    "invariants",
    "max_moves",
]

PUBLIC_EVENTS: tuple[type, ...] = (TableReplaced, Showdown)
"""Events naming cards everybody saw: a repeated table card shown and put back into the
stock, and the holdings shown when a Valencian ronda stake is accepted (D-RONDA-3)."""


class SuiteState(Position, Protocol):
    """A position with its legal moves and views (what the hooks read of a state)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    def legal_moves(self) -> Sequence[FishingMove]:
        """Every legal move, in canonical order."""

    def observe(self, seat: int) -> FishingView:
        """What *seat* may see."""


def all_cards(state: Position) -> list[Card]:
    """Every card in every zone, sorted: stock, table, holdings, piles, discard and the
    chain zone (a card placed twice shows twice)."""
    cards: list[Card] = [*state.stock, *state.table, *state.discard]
    for holding in state.holdings:
        cards.extend(holding)
    for pile in state.piles:
        cards.extend(pile)
    if state.chain is not None:
        cards.extend(card for _, card in state.chain.cards)
    return sorted(cards)


def hidden_from(state: Position, seat: int) -> frozenset[Card]:
    """The cards *seat* must not see: every other seat's holding and the stock.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> len(hidden_from(state, 0)), state.holdings[0][0] in hidden_from(state, 1)
    (45, True)
    """
    hidden: set[Card] = set(state.stock)
    for other, holding in enumerate(state.holdings):
        if other != seat:
            hidden.update(holding)
    return frozenset(hidden)


def invariants(state: SuiteState) -> list[str]:
    """The family's own checks of a state and of every seat's view; problems as
    sentences (empty when all hold)."""
    problems: list[str] = []
    ranks = [card.rank for card in state.table]
    if len(set(ranks)) != len(ranks):
        problems.append(f"D-CAP-1: table ranks repeat: {[c.code for c in state.table]}")
    chain = state.chain
    if chain is not None:
        if chain.rank in ranks:
            problems.append(
                f"D-CAP-1: the pending chain's rank {chain.rank} is on the table "
                f"{[c.code for c in state.table]}"
            )
        if any(card.rank != chain.rank for _, card in chain.cards):
            problems.append(f"chain cards of another rank: {chain}")
    for seat in range(state.players):
        view = state.observe(seat)
        if not state.rules.open_piles:
            if any(pile is not None for pile in view.piles):
                problems.append(f"closed piles: seat {seat}'s view shows pile contents {view.piles}")
            shown = [e for e in view.events if isinstance(e, Paid) and e.card is not None]
            if shown:
                problems.append(f"closed piles: seat {seat}'s view shows paid cards {shown}")
        elif tuple(view.piles) != tuple(state.piles):
            problems.append(f"open piles: seat {seat}'s view shows {view.piles}, not {state.piles}")
        if tuple(view.holding_sizes) != tuple(len(h) for h in state.holdings):
            problems.append(f"seat {seat}'s view: holding sizes differ from the state")
        if view.stock_size != len(state.stock):
            problems.append(f"seat {seat}'s view: the stock size differs from the state")
    return problems


def illegal_candidates(state: SuiteState, rnd: random.Random | None = None, near: int = 4) -> list[object]:
    """Near-miss moves to offer *state* (moves and texts); the suite keeps those that
    are not legal.  With *rnd*, near misses are built around *near* random legal moves
    and held cards only, to keep walks fast.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> candidates = illegal_candidates(state)
    >>> "12O+1" in candidates or any(str(c) == "12o+1" for c in candidates)
    True
    """
    out: list[object] = [Play(card) for card in Card]
    out += [Declare(None), Declare(Call.RONDA), Declare(Call.RONDI), Declare(Call.NETA)]
    out += [Accept(), Refuse(), Bid(GAME), Bid(JOC), Bid(0), Bid(1), "bid 999", "bid -1", "bid"]
    legal: Sequence[FishingMove] = state.legal_moves()
    if rnd is not None and len(legal) > near:
        legal = rnd.sample(list(legal), near)
    out += [str(move).upper() + "x" for move in legal[:2]]
    amounts = [amount for amount in map(bid_amount, legal) if amount is not None]
    if amounts:
        out += [Bid(min(amounts) - 1), Bid(max(amounts) + 1), f"bid {max(amounts) + 1}"]
    n = state.players
    holding = state.holdings[state.to_play] if not state.is_over else ()
    if rnd is not None and len(holding) > near:
        holding = tuple(rnd.sample(holding, near))
    for card in holding:
        runs = [m.run for m in legal if isinstance(m, Play) and m.card is card]
        for run in range(max(runs, default=0) + 3):
            out += [Play(card, run=run), Play(card, run=run, piles=(0,)), Play(card, run=run, piles=(n,))]
        out.append(Play(card, run=1, piles=(-1,)))
        out += [Play(card, calls=(call,)) for call in Call]
    for move in legal:
        if not isinstance(move, Play):
            continue
        out += [str(move) + "+1", Play(move.card, move.run + 1, move.piles)]
        if move.run:
            out.append(Play(move.card, move.run - 1, move.piles))
        if move.piles:
            out.append(Play(move.card, move.run, move.piles[:-1]))
            out.append(Play(move.card, move.run, (*move.piles, move.piles[-1])))
            out += [Play(move.card, move.run, (*move.piles[:-1], seat)) for seat in range(-1, n + 1)]
        else:
            out.append(Play(move.card, move.run, (state.to_play,)))
        if not state.rules.explicit_calls:
            out += [Play(move.card, move.run, move.piles, (Call.CAU,)), str(move) + "!neta"]
    return out


def max_moves(rules: FishingRules, players: int) -> int:
    """An upper bound on the moves of a whole game.

    Per hand: one play per card of the deck, at most one declaration per player per
    deal round (a round gives each player at least one card), and in each deal round a
    ronda stake auction whose bids rise from 2 to the target.  With stones, *pixat*
    or *bon fer* gives a team a stone every hand (D-DEAL-2), so a partida ends within
    ``2 * target - 1`` hands and a joc within ``2 * partides_to_win - 1`` partides.

    >>> from cau_rules.fishing.rules import CAU
    >>> max_moves(CAU, 4)
    612
    """
    rounds = rules.deck.size // players
    per_hand = 2 * rules.deck.size + rounds * (rules.target + 2)
    hands = rules.hands
    if rules.rewards == "stones":
        hands = (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)
    return per_hand * hands


SUITE: SuiteHooks[Any] = SuiteHooks(  # Any: the state class sits above this module
    all_cards=all_cards,
    hidden_from=hidden_from,
    public_events=PUBLIC_EVENTS,
    illegal_candidates=illegal_candidates,
    max_moves=max_moves,
    invariants=invariants,
)
"""The capture family's hooks for the shared test suites (each takes a
:class:`SuiteState`, which :class:`~cau_rules.fishing.state.FishingState` is)."""
