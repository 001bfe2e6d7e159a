"""Dealing in the capture family, as pure functions of the rules and the seed: the deck
order of a hand, the table laid from it, and the cards each deal round gives.

Every shuffle is drawn from a :class:`random.Random` seeded with a string naming the
seed, the hand and the purpose (D-DEAL-1), so a deal replays on any machine; an app may
supply the deck order of a hand instead.

>>> from cau_rules.fishing.rules import CAU
>>> table, stock, returned = lay_table(CAU, 2, seed=1, hand=0, decks=())
>>> len(table), len(stock), len({card.rank for card in table}) == len(table)
(0, 48, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cau_rules.cards import Card
from cau_rules.fishing.rules import FishingRules

__all__ = ["deal_packets", "lay_table"]


def lay_table(
    rules: FishingRules, players: int, seed: int, hand: int, decks: Sequence[Sequence[Card]]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The table laid at the start of *hand*, the stock left, and the cards that
    repeated a table rank and went back into the stock, in order (D-DEAL-2).

    The deck is ``decks[hand]`` when supplied, else shuffled from *seed*.  A repeated
    card goes to the bottom of a supplied deck, or to a seeded random place below the
    top card of a shuffled one.

    >>> from cau_rules.fishing.rules import CAU_ROBAT_40
    >>> table, stock, returned = lay_table(CAU_ROBAT_40, 4, seed=3, hand=0, decks=())
    >>> len(table), len(stock) + len(table)
    (4, 40)
    """
    supplied = hand < len(decks)
    if supplied:
        order: Sequence[Card] = decks[hand]
    else:
        order = rules.deck.shuffled(random.Random(f"{seed}:{hand}:0:shuffle"))
    stock = list(order)
    table: list[Card] = []
    returned: list[Card] = []
    seen = [False] * 13
    while len(table) < rules.table_count(players):
        card = stock.pop(0)
        if seen[card.rank]:
            returned.append(card)
            if supplied:
                stock.append(card)
            else:
                rng = random.Random(f"{seed}:{hand}:{len(returned)}:table-return")
                stock.insert(rng.randrange(1, len(stock) + 1), card)
            continue
        seen[card.rank] = True
        table.append(card)
    return tuple(table), tuple(stock), tuple(returned)


def deal_packets(
    rules: FishingRules, eldest: int, stock: tuple[Card, ...], holdings: Sequence[tuple[Card, ...]]
) -> tuple[tuple[Card, ...], list[tuple[Card, ...]], int]:
    """One deal round from the top of *stock*, in packets from the *eldest* hand on:
    the stock left, the new holdings and the cards each seat was given (D-DEAL-3).

    >>> from cau_rules.cards import parse_cards
    >>> from cau_rules.fishing.rules import CAU
    >>> stock, holdings, each = deal_packets(CAU, 1, parse_cards("1o 2o 3o 4o 5o 6o 7o"), [(), ()])
    >>> [str(card) for card in stock], [len(holding) for holding in holdings], each
    (['7o'], [3, 3], 3)
    """
    n = len(holdings)
    each = len(stock) // n if rules.deal == "whole" else min(rules.round_size, len(stock) // n)
    given = [list(holding) for holding in holdings]
    position = 0
    left = each
    while left > 0:
        packet = rules.packet if left >= rules.packet else 1
        for step in range(n):
            seat = (eldest + step) % n
            given[seat].extend(stock[position: position + packet])
            position += packet
        left -= packet
    return stock[position:], [tuple(holding) for holding in given], each
