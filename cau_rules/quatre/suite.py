"""What the shared test suites need to know of the four-card game (its
:class:`~cau_rules.game.SuiteHooks`): where the cards are, what a seat must not see,
near-miss moves, a bound on a game's length, and the family's own invariants.

These are test oracles: they read the state's fields directly and do not ask the
state's own queries (``hidden_from``, ``legal_moves``) what they check.

>>> from cau_rules.quatre import QUATRE, new_game
>>> state = new_game(QUATRE, 2, seed=5)
>>> all_cards(state) == sorted(QUATRE.deck.cards), invariants(state)
(True, [])
"""

from __future__ import annotations

from typing import Any

from cau_rules.cards import Card
from cau_rules.game import SuiteHooks
from cau_rules.outcome import Termination
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass, Play
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules

__all__ = ["PUBLIC_EVENTS", "SUITE", "all_cards", "hidden_from", "illegal_candidates", "invariants", "max_moves"]

PUBLIC_EVENTS: tuple[type, ...] = ()
"""Event types that name cards shown to everybody wherever they are now: none (cards
taken from a chain are known through ``known``, not through an event)."""


def all_cards(state: Any) -> list[Card]:
    """Every card in every zone, sorted: stock, table, holdings and the chain zone (its
    table card and the cards on it; the table card leaves the table while the chain is
    pending).  A card placed twice shows twice.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> len(all_cards(new_game(QUATRE, 3, seed=1)))
    40
    """
    cards = [*state.stock, *state.table]
    for holding in state.holdings:
        cards.extend(holding)
    if state.chain is not None:
        cards.extend(state.chain.all_cards)
    return sorted(cards)


def hidden_from(state: Any, seat: int) -> frozenset[Card]:
    """The cards *seat* must not see: the stock and the other holdings, except the cards
    taken from a chain (known to all until their holder gives a card, D-FOUR-3) and those
    *seat* knows privately (gifts it gave; the giver's known cards when it received a
    gift, D-VIEW-2).

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> state = new_game(QUATRE, 2, seed=5)
    >>> hidden_from(state, 0) == frozenset((*state.stock, *state.holdings[1]))
    True
    """
    hidden: set[Card] = set(state.stock)
    for other, holding in enumerate(state.holdings):
        if other != seat:
            hidden.update(holding)
    for known in state.known:
        hidden.difference_update(known)
    hidden.difference_update(card for knower, _holder, card in state.private if knower == seat)
    return frozenset(hidden)


def illegal_candidates(state: Any) -> list[object]:
    """Near-miss moves and texts: draws and passes, and for a few held, stock and table
    cards every kind of card move (onto the table's cards and two others).

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> candidates = illegal_candidates(new_game(QUATRE, 2, seed=5))
    >>> Draw() in candidates, "lay" in candidates
    (True, True)
    """
    out: list[object] = [Draw(), Pass(), "draw", "pass", "add", "give", "lay", "5o>", ">5c"]
    seat = state.to_play if not state.is_over else 0
    holding = state.holdings[seat] if 0 <= seat < state.players else ()
    table = [*state.table, Card.parse("1o"), Card.parse("12b")]
    for card in [*holding[:4], *holding[-2:], *state.stock[:2], *state.table[-1:]]:
        out += [Add(card), Give(card), Lay(card), f"add {card.code}", f"give {card.code}", f"lay {card.code}"]
        out += [Play(card, target) for target in table[:6]]
    return out


def max_moves(rules: QuatreRules, players: int) -> int:
    """An upper bound on the moves of a whole game.

    While the stock lasts every turn (a cau with at most two additions and three gifts,
    or a draw) takes a card out of stock + table for good; once it is empty the game
    ends after ``max_turns_after_stock`` turns (D-FOUR-5), each a cau turn, a pass or a
    lay of ``table_size`` cards.

    >>> from cau_rules.quatre import QUATRE
    >>> max_moves(QUATRE, 2)
    1440
    """
    per_turn = max(2 * MAX_CHAIN, rules.table_size)
    return (rules.deck.size + rules.max_turns_after_stock) * per_turn


def invariants(state: Any) -> list[str]:
    """The four-card game's own checks of one state, as sentences (empty when all hold):
    the pending zones match the phase, known and private cards are where they say, out
    seats hold nothing, and a finished game has its termination.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> invariants(new_game(QUATRE, 4, seed=3))
    []
    """
    problems: list[str] = []
    phase = state.phase
    for name, zone, wanted in (("chain", state.chain, "chain"), ("gift", state.gift, "gift"),
                               ("lay", state.lay, "lay")):
        if (zone is not None) != (phase == wanted):
            problems.append(f"the {name} zone is {'set' if zone is not None else 'empty'} in phase {phase!r}")
    if (state.termination is not None) != (phase == "over"):
        problems.append(f"termination {state.termination} in phase {phase!r}")
    elif state.termination is Termination.LAST_HOLDER and sum(1 for h in state.holdings if h) != 1:
        problems.append("the game ended on the last holder, but several seats hold cards")
    if state.chain is not None and not 1 <= state.chain.level < MAX_CHAIN:
        problems.append(f"a pending chain of {state.chain.level} played cards")
    for seat, known in enumerate(state.known):
        stray = [card.code for card in known if card not in state.holdings[seat]]
        if stray:
            problems.append(f"seat {seat}'s known cards {stray} are not in its holding")
    for knower, holder, card in state.private:
        if knower == holder or card not in state.holdings[holder]:
            problems.append(f"private record ({knower}, {holder}, {card}) is not a card of another seat's holding")
    for seat in state.out:
        if state.holdings[seat]:
            problems.append(f"seat {seat} is out but holds cards")
    if state.out and state.stock:
        problems.append("a seat is out while the stock still has cards")
    if phase != "over" and state.to_play in state.out:
        problems.append(f"seat {state.to_play} is to play but is out")
    if state.stock and (state.passes or state.turns_after_stock):
        problems.append("passes or turns without stock are counted while the stock has cards")
    return problems


SUITE: SuiteHooks[Any] = SuiteHooks(
    all_cards=all_cards,
    hidden_from=hidden_from,
    public_events=PUBLIC_EVENTS,
    illegal_candidates=illegal_candidates,
    max_moves=max_moves,
    invariants=invariants,
)
"""The four-card game's hooks for the shared test suites."""
