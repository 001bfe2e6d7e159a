"""A bot's strategy on the Cacho tree, to measure its exploitability exactly.

:func:`bot_strategy` asks a bot what it plays at every information set it reaches (a
public node of :class:`~cau_rules.cacho.solver.game.CachoGame` and a holding): the seat's
views along the hand are those of a real game replayed with the reference engine, fed to
the bot's ``observe`` hook if it has one, and the bot's choices over *samples* draws give
the probabilities.  A deterministic bot (``greedy``) is read exactly with one sample, a
random one is exactly :meth:`~cau_rules.solve.tree.PublicTree.uniform_strategy`, and a
searching one (IS-MCTS) is estimated.  Information sets the bot never reaches keep the
uniform strategy: no best response can tell.

>>> from cau_rules.bots import GreedyBot
>>> from cau_rules.cacho import CACHO
>>> from cau_rules.cacho.solver.game import cacho_game
>>> from cau_rules.solve.cfr import exploitability
>>> game = cacho_game(CACHO.replace(stack=2))
>>> strategy, asked = bot_strategy(game, GreedyBot)
>>> round(exploitability(game.tree, strategy), 4), asked
(0.0326, 1619)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cau_rules.cacho.solver.game import CARDS, CachoGame
from cau_rules.cacho.state import CachoState, new_game
from cau_rules.cacho.view import CachoView
from cau_rules.cards import Card

__all__ = ["bot_strategy", "deal_for", "replay"]

FloatArray = npt.NDArray[np.float64]


def deal_for(seat: int, holding: Sequence[int]) -> list[Card]:
    """A deck order that deals *seat* the cards *holding* (numbers, in order) first, the
    other cards in the solver's order.

    >>> [card.code for card in deal_for(1, (5, 11))[:4]]
    ['1o', '6o', '2o', '6c']
    """
    rest = [card for number, card in enumerate(CARDS) if number not in holding]
    deck: list[Card] = []
    mine = [CARDS[number] for number in holding]
    for position in range(len(CARDS)):
        if position % 2 == seat and position // 2 < len(mine):
            deck.append(mine[position // 2])
        else:
            deck.append(rest.pop(0))
    return deck


def replay(game: CachoGame, node: int, seat: int, holding: Sequence[int]) -> list[CachoState]:
    """The states of a hand that reaches *node* with *seat* dealt *holding* (numbers),
    from the deal on."""
    state = new_game(game.rules, 2, seed=0, decks=[deal_for(seat, holding)])
    states = [state]
    for move in game.histories[node]:
        state = state.apply(move)
        states.append(state)
    return states


def _probabilities(game: CachoGame, make_bot: Callable[[], Any], node: int, state: int, samples: int,
                   seed: int) -> list[float]:
    tree = game.tree
    seat = tree.player(node)
    cards = len(tree.space_of(node).full[0])
    states = replay(game, node, seat, game.states[cards][state])
    views: list[CachoView] = [each.observe(seat) for each in states]
    labels = tree.labels[node]
    counts = [0] * len(labels)
    for sample in range(samples):
        bot = make_bot()
        observe = getattr(bot, "observe", None)
        if observe is not None:
            for view in views:
                observe(view)
        move = bot.choose(views[-1], random.Random(f"{seed}:{node}:{state}:{sample}"))
        counts[labels.index(move)] += 1
    return [count / samples for count in counts]


def bot_strategy(game: CachoGame, make_bot: Callable[[], Any], players: Sequence[int] = (0, 1),
                 samples: int = 1, seed: int = 0) -> tuple[FloatArray, int]:
    """The strategy array of *game* in which the seats *players* play like the bots
    ``make_bot()`` (a new one per information set and sample), and how many information
    sets were asked.

    Args:
        game: the Cacho game.
        make_bot: a callable returning a fresh bot (a class, or ``lambda: make_bot(spec)``).
        players: the seats to read (others play uniformly).
        samples: choices drawn per information set.
        seed: the root of the bots' random draws.

    Returns:
        The strategy array and the number of information sets asked.
    """
    tree = game.tree
    a = tree.arrays
    strategy = tree.uniform_strategy()
    reach: list[dict[int, FloatArray]] = [{0: np.ones(tree.space_of(0).canonical)} for _ in range(2)]
    asked = 0
    for node in range(tree.nodes):
        kind = tree.kind(node)
        if kind == 2:
            continue
        children = tree.children(node)
        if kind == 1:
            first = int(a["child_start"][node])
            for edge, child in enumerate(children):
                start = int(a["trans_start"][int(a["edge_trans"][first + edge])])
                size = tree.space_of(child).canonical
                parents = a["trans_map"][start:start + size]
                for player in (0, 1):
                    reach[player][child] = reach[player][node][parents]
            continue
        mover = tree.player(node)
        offset, _, states = tree.strategy_slice(node)
        if mover in players:
            for state in np.flatnonzero(reach[mover][node] > 0):
                probs = _probabilities(game, make_bot, node, int(state), samples, seed)
                asked += 1
                for action, prob in enumerate(probs):
                    strategy[offset + action * states + int(state)] = prob
        for action, child in enumerate(children):
            for player in (0, 1):
                here = reach[player][node]
                reach[player][child] = (here * strategy[offset + action * states: offset + (action + 1) * states]
                                        if player == mover else here)
        for player in (0, 1):
            del reach[player][node]
    return strategy, asked
