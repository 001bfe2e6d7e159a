"""What a seat of the capture family remembers, and the states its memory allows.

The hooks of :class:`cau_rules.ai.infostate.InfoState` for this family (RULES D-VIEW-2):
:func:`start` and :func:`update` fold a seat's views into a :class:`FishingMemory` (the
contents of closed piles, cards shown at a showdown, which seats declared a ronda and
the cards played since the deal), and :func:`resample_fields` deals a full position
consistent with it: every card whose place the seat does not know is redrawn, known
cards stay where they are, and every declarer keeps a holding that truly has its pair
or triple.  :data:`cau_rules.fishing.family.FAMILY` wraps them (building the state).

>>> import random
>>> from cau_rules import new_game
>>> state = new_game("cau-robat", players=3, seed=5)
>>> view = state.observe(0)
>>> memory = update(start(state.rules, 3, view), state.rules, view)
>>> fields = resample_fields(state.rules, 3, view, memory, random.Random(1))
>>> fields["holdings"][0] == state.holdings[0], fields["table"] == state.table
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cau_rules.cards import Card
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.engine import ronda_kind
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Dealt,
    Declared,
    HandStarted,
    LeftoversTaken,
    Paid,
    Showdown,
    Trailed,
)
from cau_rules.fishing.moves import Call
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.view import FishingView
from cau_rules.fishing.zones import Tally, explained

__all__ = ["FishingMemory", "perfect_information", "resample_fields", "start", "update"]

_ANY = "any"  # a seat's dealt holding is unconstrained


@attrs.frozen
class FishingMemory:
    """What a seat remembers of the current hand beyond its latest view.

    - ``piles``: the contents of every pile (None when closed piles cannot be followed).
    - ``known``: cards known to be in each holding (shown at a showdown).
    - ``required``: each seat's dealt ronda kind (``"any"`` when unconstrained, None
      for no ronda).
    - ``played``: the cards each seat played since the deal.
    - ``lacks``: ranks each seat is known not to hold, from moves the rules forced: under
      ``must_capture`` a seat that trailed could not capture, so it held no card of a rank
      that would have captured (the chain's rank, the table's ranks once the chain was
      completed); it holds none now if it has received no card since (a deal forgets it).
    - ``capturing``: the ranks a card captures with in the latest view (what a trail
      there reveals).
    """


    piles: tuple[tuple[Card, ...], ...] | None
    known: tuple[frozenset[Card], ...]
    required: tuple[object, ...]
    played: tuple[frozenset[Card], ...]
    lacks: tuple[frozenset[int], ...] = ()
    capturing: frozenset[int] = frozenset()


def start(rules: FishingRules, players: int, view: FishingView) -> FishingMemory:
    """The memory of a seat that first sees *view* (before :func:`update` with it)."""
    if rules.open_piles:
        piles: tuple[tuple[Card, ...], ...] | None = tuple(p or () for p in view.piles)
    elif not any(view.pile_sizes) or any(isinstance(e, HandStarted) for e in view.events):
        piles = ((),) * players
    else:
        piles = None
    empty: tuple[frozenset[Card], ...] = (frozenset(),) * players
    return FishingMemory(piles, empty, (_ANY,) * players, empty, (frozenset(),) * players)


def capturing_ranks(view: FishingView) -> frozenset[int]:
    """The ranks a card of the seat to play captures with in *view*: the pending chain's
    rank, and the table's ranks once the chain is completed (the table cards its run
    claimed are gone then).

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> sorted(capturing_ranks(state.observe(0))) == sorted(card.rank for card in state.table)
    True
    """
    ranks = {card.rank for card in view.table}
    chain = view.chain
    if chain is None:
        return frozenset(ranks)
    ranks -= {rank for rank, seat in chain.run if seat < 0}
    ranks.add(chain.rank)
    return frozenset(ranks)


def update(memory: FishingMemory, rules: FishingRules, view: FishingView) -> FishingMemory:
    """The memory after the seat also sees *view* (its view of the next state)."""
    n = len(memory.known)
    piles = None if memory.piles is None else [list(p) for p in memory.piles]
    known = [set(k) for k in memory.known]
    required = list(memory.required)
    played = [set(p) for p in memory.played]
    lacks = [set(ranks) for ranks in memory.lacks] if memory.lacks else [set() for _ in range(n)]
    moved = False  # the first play of the view is the move the previous view was before
    for event in view.events:
        if isinstance(event, HandStarted):
            piles = [[] for _ in range(n)]
            known = [set() for _ in range(n)]
            required = [_ANY] * n
            played = [set() for _ in range(n)]
            lacks = [set() for _ in range(n)]
        elif isinstance(event, Dealt):
            played = [set() for _ in range(n)]
            lacks = [set() for _ in range(n)]
            checked = (rules.rondas and event.counts and event.counts[0] in (2, 3)
                       and not (rules.continuous and event.round > 0))
            automatic = rules.rewards == "stones" or not rules.explicit_calls
            required = [None if checked and automatic else _ANY] * n
        elif isinstance(event, (Called, Declared)) and event.call in (Call.RONDA, Call.RONDI):
            required[event.seat] = event.call
        elif isinstance(event, (Trailed, ChainExtended)):
            if isinstance(event, Trailed) and not moved and rules.must_capture and not rules.continuous:
                lacks[event.seat].update(memory.capturing)
            moved = True
            played[event.seat].add(event.card)
            known[event.seat].discard(event.card)
            if rules.continuous:
                required[event.seat] = _ANY
        elif isinstance(event, Captured):
            if event.chain == 0:
                moved = True
                played[event.seat].add(event.card)
                known[event.seat].discard(event.card)
                if rules.continuous:
                    required[event.seat] = _ANY
            if piles is not None and not rules.open_piles:
                piles[event.seat].extend(event.cards)
        elif isinstance(event, Paid) and piles is not None and not rules.open_piles:
            if piles[event.payer]:
                piles[event.receiver].append(piles[event.payer].pop())
            else:
                piles = None
        elif isinstance(event, LeftoversTaken) and piles is not None and event.seat is not None:
            piles[event.seat].extend(event.cards)
        elif isinstance(event, Showdown):
            for seat, cards in event.shown:
                known[seat] = set(cards)
    if rules.open_piles:
        final: tuple[tuple[Card, ...], ...] | None = tuple(p or () for p in view.piles)
    elif piles is not None and [len(p) for p in piles] == list(view.pile_sizes):
        final = tuple(tuple(p) for p in piles)
    else:
        final = None
    return FishingMemory(
        final,
        tuple(frozenset(k) for k in known),
        tuple(required),
        tuple(frozenset(p) for p in played),
        tuple(frozenset(ranks) for ranks in lacks),
        capturing_ranks(view) if view.phase == "play" else frozenset(),
    )


def perfect_information(rules: FishingRules, players: int, view: FishingView, memory: FishingMemory) -> bool:
    """Whether ``view.seat`` knows where every card that still matters is: the game is
    not over, the stock is empty and the cards the seat has not seen are all in one
    other seat's holding (beyond the cards known there), or in closed piles whose
    contents it could not follow while no holding hides any card (closed piles' contents
    never change what follows, only their sizes do).  The rest of the hand is then a game
    of perfect information for the seat (what :mod:`cau_rules.fishing.kernel.exact`
    searches exactly).

    >>> from cau_rules import new_game
    >>> state = new_game("cau-40", players=2, seed=2)
    >>> view = state.observe(0)
    >>> perfect_information(state.rules, 2, view, update(start(state.rules, 2, view), state.rules, view))
    True
    """
    if view.phase == "over" or view.stock_size > 0:
        return False
    me = view.seat
    hidden = [seat for seat in range(players)
              if seat != me and view.holding_sizes[seat] > len(memory.known[seat])]
    if len(hidden) > 1:
        return False
    return not (hidden and memory.piles is None and any(view.pile_sizes))


def _draw_holding(
    everything: list[Card], size: int, fixed: Sequence[Card], played: Iterable[Card], required: object,
    rng: random.Random, attempts: int = 40, lacks: frozenset[int] = frozenset(),
) -> list[Card]:
    """Draw ``size - len(fixed)`` cards from *everything* so that the dealt holding (the
    holding plus the cards played since the deal) has exactly the *required* ronda
    kind, and no drawn card has a rank of *lacks*.  Removes the drawn cards from
    *everything*."""
    need = size - len(fixed)
    played = list(played)
    pool = [card for card in everything if card.rank not in lacks] if lacks else everything
    if len(pool) < need:
        raise InvalidPositionError("no deal is consistent with this information state")
    for _attempt in range(attempts):
        if required in (Call.RONDA, Call.RONDI) and need > 0:
            width = 3 if required is Call.RONDI else 2
            base = [*fixed, *played]
            counts = [0] * 13
            for card in (*pool, *base):
                counts[card.rank] += 1
            ranks = [rank for rank in range(13) if counts[rank] >= width]
            if not ranks:
                break
            rank = rng.choice(ranks)
            have = [c for c in base if c.rank == rank]
            candidates = [c for c in pool if c.rank == rank]
            lack = width - len(have)
            if lack > need or lack > len(candidates):
                continue
            chosen = rng.sample(candidates, max(lack, 0))
            rest = [c for c in pool if c not in chosen]
            chosen += rng.sample(rest, need - len(chosen))
        else:
            chosen = rng.sample(pool, need) if need else []
        if required == _ANY or ronda_kind([*fixed, *chosen, *played]) == required:
            for card in chosen:
                everything.remove(card)
            return chosen
    raise InvalidPositionError("no deal is consistent with this information state")


def resample_fields(
    rules: FishingRules, players: int, view: FishingView, memory: FishingMemory, rng: random.Random
) -> dict[str, Any]:
    """The fields of a full position that gives ``view.seat`` exactly *view*, drawn with
    *rng* among the positions its *memory* allows.

    Raises:
        InvalidPositionError: no deal is consistent with the memory.
    """
    n = players
    me = view.seat
    seen = set(view.holding) | set(view.table) | set(view.discard)
    if view.chain is not None:
        seen.update(card for _, card in view.chain.cards)
    if memory.piles is not None:
        for pile in memory.piles:
            seen.update(pile)
    for seat, cards in enumerate(memory.known):
        if seat != me:
            seen.update(cards)
    pool = [card for card in rules.deck.cards if card not in seen]
    rng.shuffle(pool)
    holdings: list[Sequence[Card]] = [()] * n
    holdings[me] = view.holding
    # positive constraints first (the hardest to meet), then "no ronda", then the rest;
    # a failed seat restarts the whole deal so the constraints are met jointly
    hardness: dict[object, int] = {Call.RONDI: 0, Call.RONDA: 1, None: 2, _ANY: 3}
    lacks = memory.lacks or (frozenset(),) * n
    order = sorted((s for s in range(n) if s != me), key=lambda s: (hardness[memory.required[s]], -len(lacks[s])))
    start_pool = pool
    for _deal in range(200):
        pool = list(start_pool)
        try:
            for seat in order:
                fixed = sorted(memory.known[seat])
                drawn = _draw_holding(pool, view.holding_sizes[seat], fixed, memory.played[seat],
                                      memory.required[seat], rng, lacks=lacks[seat])
                holdings[seat] = (*fixed, *drawn)
            break
        except InvalidPositionError:
            continue
    else:
        raise InvalidPositionError("no deal is consistent with this information state")
    if memory.piles is None:
        piles: list[Sequence[Card]] = []
        for seat in range(n):
            size = view.pile_sizes[seat]
            piles.append(tuple(pool[:size]))
            del pool[:size]
    else:
        piles = list(memory.piles)
    tally = explained(Tally(view.stones, view.partides, ()), view.hand, view.phase == "over") \
        if rules.rewards == "stones" else None
    # the zones come from the view (which only a position of these rules gives) and from
    # the unseen cards, so the fields are built directly rather than checked again
    return {
        "rules": rules, "players": n, "seed": rng.randrange(2**31), "decks": (), "hand": view.hand,
        "round": view.round, "opener": view.opener, "to_play": view.to_play, "phase": view.phase,
        "stock": tuple(pool), "table": view.table, "holdings": tuple(holdings), "piles": tuple(piles),
        "discard": view.discard, "chain": view.chain, "trail": view.trail, "debts": view.debts,
        "last_capturer": view.last_capturer, "declarations": view.declarations,
        "hand_scores": view.hand_scores, "tally": tally, "stake": view.stake,
    }
