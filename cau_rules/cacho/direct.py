"""The commonest *Cacho* moves applied without the engine: a move in the middle of a round,
a move that ends round 1 or 2 (the next card is dealt), and a session's first deal.

``CachoState.apply`` tries :func:`acted` first for a legal move; it returns None when the
move ends the hand (a void hand, a showdown, or the last player left takes the pot), and
the engine runs instead.  Otherwise it builds the next state directly from the previous
one, every field set by name as the state's keyword constructor would, sharing the zones
the move left unchanged.
:func:`opened` builds a new session's first state (every stack full, the last seat
dealing hand 0, one card to each seat) straight from the deck order.
``tests/cacho/test_cacho_direct.py`` checks that both give exactly what the engine gives,
events included.

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.moves import Bet
>>> from cau_rules.cacho.state import CachoState
>>> state = new_game(CACHO, 3, seed=2)
>>> after = acted(state, Bet(1), CachoState)
>>> after == state.apply("bet 1"), after.to_play, [str(event) for event in after.events]
(True, 1, ['seat 0 bets 1'])
"""

from __future__ import annotations

from typing import TypeVar

from cau_rules.cacho.engine import event_of
from cau_rules.cacho.events import BetPlaced, CachoEvent, Called, Dealt, Folded, HandStarted, Passed, Raised
from cau_rules.cacho.legal import bettors, round_3_skipped
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position, cycle_after
from cau_rules.cards import Card
from cau_rules.frozen import builder

__all__ = ["acted", "opened"]

S = TypeVar("S")



def acted(state: Position, move: CachoMove, make: type[S]) -> S | None:
    """The state after the seat to play makes the legal *move*, built without the engine,
    when the hand goes on: another seat still has to act, or the move ends round 1 or 2
    and the next round is dealt (one card to each seat still in, eldest first) and has
    someone to open it.  None when the hand ends (the engine runs).  *make* is the state
    class to build.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> from cau_rules.cacho.moves import Bet, Call, Pass
    >>> from cau_rules.cacho.state import CachoState
    >>> state = new_game(CACHO, 2, seed=2)
    >>> acted(state, Pass(), CachoState).to_play
    1
    >>> acted(acted(state, Pass(), CachoState), Pass(), CachoState) is None  # both passed: the hand is void
    True
    >>> after = acted(acted(state, Bet(1), CachoState), Call(), CachoState)  # round 2 is dealt
    >>> after.round, [len(holding) for holding in after.holdings], [str(event) for event in after.events][1:]
    (2, [2, 2], ['card 2 dealt: 1 card each to seats 0 and 1'])
    """
    kind = type(move)
    seat = state.to_play
    rnd = state.round
    stacks = state.stacks
    contributions = state.contributions
    round_bets = state.round_bets
    folded = state.folded
    players = len(stacks)
    event: CachoEvent
    if kind is Pass:
        to_act = list(state.to_act)
        to_act[seat] = False
        event = event_of(Passed, seat, rnd)
    elif kind is Fold:
        if state.dealt_in.count(True) - folded.count(True) < 3:  # a folded seat was dealt in
            return None  # the last player in takes the pot
        changed = list(folded)
        changed[seat] = True
        folded = tuple(changed)
        to_act = list(state.to_act)
        to_act[seat] = False
        event = event_of(Folded, seat, rnd)
    else:
        if kind is Call:
            amount = min(max(round_bets) - round_bets[seat], stacks[seat])
        elif kind is Bet:
            assert isinstance(move, Bet)
            amount = move.amount
        else:
            assert isinstance(move, Raise)
            amount = move.to - round_bets[seat]
        changed_stacks = list(stacks)
        changed_stacks[seat] -= amount
        changed_contributions = list(contributions)
        changed_contributions[seat] += amount
        changed_bets = list(round_bets)
        changed_bets[seat] += amount
        stacks, contributions, round_bets = tuple(changed_stacks), tuple(changed_contributions), tuple(changed_bets)
        if kind is Call:
            to_act = list(state.to_act)
            to_act[seat] = False
            event = event_of(Called, seat, rnd, amount, stacks[seat] == 0)
        else:  # a bet or raise: every other player still in must answer it
            to_act = bettors(state.dealt_in, folded, stacks, rnd, besides=seat)
            event = (event_of(BetPlaced, seat, rnd, amount) if kind is Bet
                     else event_of(Raised, seat, rnd, round_bets[seat], amount))
    holdings, stock = state.holdings, state.stock
    events: tuple[CachoEvent, ...]
    for nxt in cycle_after(seat, players):
        if to_act[nxt]:
            events = (event,)
            break
    else:  # nobody left to act: the round ends
        if rnd == 3 or (rnd == 1 and not any(round_bets)):
            return None  # the showdown, or a void hand: the engine runs
        # the next round: one more card to each seat still in, eldest first, and its betting opens
        rnd += 1
        dealt_in = state.dealt_in
        seats = tuple([other for other in cycle_after(state.dealer, players) if dealt_in[other] and not folded[other]])
        dealt = list(holdings)
        for index, other in enumerate(seats):
            dealt[other] = (*dealt[other], stock[index])
        holdings, stock = tuple(dealt), stock[len(seats):]
        to_act = bettors(dealt_in, folded, stacks, rnd)
        if rnd == 3 and round_3_skipped(state.rules, stacks, seats, to_act):
            return None  # nobody can bet in round 3: straight to the showdown (the engine)
        nxt = next(other for other in seats if to_act[other])
        round_bets = (0,) * players
        events = (event, event_of(Dealt, rnd, seats))
    return builder(make)(
        state.rules, state.seed, state.decks, state.hand, state.redeal, state.dealer, rnd, stacks, contributions,
        round_bets, holdings, stock, state.dealt_in, folded, tuple(to_act), nxt, None, events,
    )


_OPENINGS: dict[tuple[int, int], tuple[object, ...]] = {}
"""Per player count and starting stack, the zones of a first state that do not depend on
the deal (immutable tuples and interned events, shared by every session)."""


def opened(rules: CachoRules, players: int, seed: int, decks: tuple[tuple[Card, ...], ...],
           deck: tuple[Card, ...], make: type[S]) -> S:
    """The first state of a session, built without the engine: what ``Engine.blank`` then
    ``start_hand`` give when hand 0 is dealt from *deck* (index 0 the top).  Every stack is
    full (``rules.stack`` is at least 1), so every seat is dealt in; the last seat deals,
    so seat 0 is the eldest hand, gets the first card and is the first to bet.  The
    arguments are already checked; *make* is the state class to build.

    >>> from cau_rules.cacho import CACHO
    >>> from cau_rules.cacho.engine import shuffled_deck
    >>> from cau_rules.cacho.state import CachoState
    >>> state = opened(CACHO, 3, 7, (), shuffled_deck(7, 0, 0), CachoState)
    >>> state.dealer, state.to_play, [len(holding) for holding in state.holdings], len(state.stock)
    (2, 0, [1, 1, 1], 21)
    """
    key = (players, rules.stack)
    fixed = _OPENINGS.get(key)
    if fixed is None:
        order = cycle_after(players - 1, players)
        fixed = _OPENINGS[key] = (
            (rules.stack,) * players, (0,) * players, (True,) * players, (False,) * players,
            (event_of(HandStarted, 0, players - 1, order[0], 0, order), event_of(Dealt, 1, order)),
        )
    stacks, zeros, everyone, nobody, events = fixed
    return builder(make)(
        rules, seed, decks, 0, 0, players - 1, 1, stacks, zeros, zeros, tuple([(card,) for card in deck[:players]]),
        deck[players:], everyone, nobody, everyone, 0, None, events,
    )
