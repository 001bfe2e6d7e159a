"""One hand of two-player *Cacho* as a public tree, built from the reference rules.

Nothing of the betting is written here: :func:`cacho_game` starts a one-hand session
with :func:`~cau_rules.cacho.state.new_game`, lists each position's moves with
:meth:`~cau_rules.cacho.state.CachoState.legal_moves` and plays them with
:meth:`~cau_rules.cacho.state.CachoState.apply`; a node is a public history (the moves
of the hand), a terminal pays seat 0 what the reference engine moved to its stack, and
showdowns are ranked by :func:`~cau_rules.cacho.hands.evaluate` and
:func:`~cau_rules.cacho.hands.compare`, ties going where
:func:`~cau_rules.cacho.hands.best_seats` sends them (the eldest hand, seat 0).

Private states are the cards a seat holds, **in the order dealt** (a seat remembers
which card came first, and its earlier bets depended on it): 24 single cards, 552 ordered
pairs and 12,144 ordered triples, reduced by the symmetry of the four suits to 6, 66 and
876 canonical states (suits renamed in order of first appearance).  Card removal is
exact: the solver sums the opponent's states over the card sets they do not share.

An **abstracted** game (``sizes`` given) keeps, in round 3, only the bets and raises to
the amounts of :func:`round3_amounts` (the sizes below the limit, and the limit): a
subtree of the full game, small enough to solve at the preset's 20 counters.

>>> from cau_rules.cacho import CACHO
>>> game = cacho_game(CACHO.replace(stack=2))
>>> game.tree.decision_nodes, game.tree.information_sets
(16, 7296)
>>> [str(move) for move in game.tree.labels[0]]
['pass', 'bet 1']
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence

import attrs

from cau_rules.cacho.events import Showdown
from cau_rules.cacho.hands import HandValue, best_seats, compare, evaluate
from cau_rules.cacho.moves import Bet, CachoMove, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.state import CachoState, new_game
from cau_rules.cards import CACHO_24, Card
from cau_rules.checks import check_type
from cau_rules.errors import InvalidRulesError
from cau_rules.solve.tree import PublicTree, Space, TreeBuilder

__all__ = ["CARDS", "SIZES", "CachoGame", "DifferentialCount", "cacho_game", "canonical", "play_both",
           "round3_amounts"]

CARDS: tuple[Card, ...] = tuple(CACHO_24.cards)
"""The 24 Cacho cards; a card's number in the solver is its index here."""

_NUMBER = {card: number for number, card in enumerate(CARDS)}
_SUIT = tuple(int(card.suit) for card in CARDS)
_RANK = tuple(card.rank for card in CARDS)
_BY_SUIT_RANK = {(_SUIT[number], _RANK[number]): number for number in range(len(CARDS))}

MAX_STACK = 14
"""The largest stack :func:`cacho_game` builds (the tree doubles with every counter)."""

SIZES: tuple[int, ...] = (1, 2, 3, 5, 8, 12)
"""The round-3 amounts of the default abstraction (besides the limit, all in)."""

MOST_SIZES = 12
"""The most sizes an abstraction may keep (its tree doubles with every size)."""


def round3_amounts(sizes: Sequence[int], limit: int) -> tuple[int, ...]:
    """The round-3 bet and raise amounts an abstraction with *sizes* keeps when the most
    a seat may bet in round 3 is *limit*: the sizes below it, and the limit.

    >>> round3_amounts(SIZES, 9), round3_amounts(SIZES, 2)
    ((1, 2, 3, 5, 8, 9), (1, 2))
    """
    return tuple(sorted({size for size in sizes if size < limit} | {limit}))


def _kept(moves: tuple[CachoMove, ...], sizes: Sequence[int]) -> tuple[CachoMove, ...]:
    """The round-3 moves an abstraction keeps (every move that is not a bet or raise)."""
    amounts = [move.amount if isinstance(move, Bet) else move.to for move in moves if isinstance(move, (Bet, Raise))]
    if not amounts:
        return moves
    keep = round3_amounts(sizes, max(amounts))
    return tuple(move for move in moves if not isinstance(move, (Bet, Raise))
                 or (move.amount if isinstance(move, Bet) else move.to) in keep)


def canonical(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards (numbers, in the order dealt) with the suits renamed in order of first
    appearance: the same tuple for every suit permutation of the holding.

    >>> canonical((23, 17, 0)) == canonical((5, 11, 18))
    True
    """
    names: dict[int, int] = {}
    out = []
    for number in cards:
        suit = names.setdefault(_SUIT[number], len(names))
        out.append(_BY_SUIT_RANK[(suit, _RANK[number])])
    return tuple(out)


@attrs.frozen(eq=False)
class CachoGame:
    """A one-hand, two-player Cacho game as the solver sees it.

    Attributes:
        rules: the rules (``max_hands`` 1, two players with equal stacks).
        tree: the public tree (player 0 is seat 0, the eldest hand).
        histories: each node's public history (the moves of the hand so far).
        states: for 1, 2 and 3 cards, the canonical holdings in index order.
        index: for 1, 2 and 3 cards, each canonical holding's index.
        ranks: the showdown rank of each three-card set (equal hands share a rank).
        tie_winner: the seat that wins a showdown of equal hands.
        sizes: the round-3 amounts of an abstracted game (None: the full game).
    """

    rules: CachoRules
    tree: PublicTree
    histories: tuple[tuple[CachoMove, ...], ...]
    states: dict[int, tuple[tuple[int, ...], ...]]
    index: dict[int, dict[tuple[int, ...], int]]
    ranks: dict[frozenset[int], int]
    tie_winner: int
    sizes: tuple[int, ...] | None = None

    @functools.cached_property
    def node_of(self) -> dict[tuple[CachoMove, ...], int]:
        """The node of each public history (decisions and terminals)."""
        return {history: node for node, history in enumerate(self.histories) if self.tree.kind(node) != 1}

    def holding_index(self, cards: Sequence[Card]) -> int:
        """The canonical index of a holding (cards in the order dealt).

        >>> from cau_rules.cacho import CACHO
        >>> from cau_rules.cards import parse_cards
        >>> game = cacho_game(CACHO.replace(stack=1))
        >>> game.holding_index(parse_cards("5o 6c")) == game.holding_index(parse_cards("5e 6b"))
        True
        """
        key = canonical([_NUMBER[card] for card in cards])
        return self.index[len(key)][key]

    def payoff(self, node: int, seat0: Sequence[int], seat1: Sequence[int]) -> float:
        """What seat 0 wins at terminal *node* when the seats hold *seat0* and *seat1*
        (card numbers)."""
        amount = float(self.tree.arrays["term_amount"][node])
        if int(self.tree.arrays["term_kind"][node]) == 0:
            return amount
        first, second = self.ranks[frozenset(seat0)], self.ranks[frozenset(seat1)]
        if first == second:
            return amount if self.tie_winner == 0 else -amount
        return amount if first > second else -amount


def _holdings(size: int) -> tuple[list[tuple[int, ...]], list[int], list[tuple[int, ...]], dict[tuple[int, ...], int]]:
    full = list(itertools.permutations(range(len(CARDS)), size))
    index: dict[tuple[int, ...], int] = {}
    canon = [index.setdefault(canonical(state), len(index)) for state in full]
    reps = list(index)
    return full, canon, reps, index


def _ranked_sets(rules: CachoRules) -> dict[frozenset[int], int]:
    values: dict[frozenset[int], HandValue] = {
        frozenset(cards): evaluate([CARDS[number] for number in cards], rules)
        for cards in itertools.combinations(range(len(CARDS)), 3)
    }
    ordered = sorted(set(values.values()), key=functools.cmp_to_key(compare))
    rank = {value: number for number, value in enumerate(ordered)}
    return {cards: rank[value] for cards, value in values.items()}


def _deck_seat0_best() -> list[Card]:
    """A deck that gives seat 0 the three 6s (the best hand) and seat 1 a weak one."""
    first = [CARDS[_BY_SUIT_RANK[(suit, 6)]] for suit in range(3)]
    second = [CARDS[_BY_SUIT_RANK[(suit, rank)]] for suit, rank in ((0, 1), (1, 2), (2, 3))]
    dealt = [card for pair in zip(first, second, strict=True) for card in pair]
    return dealt + [card for card in CARDS if card not in dealt]


def cacho_game(rules: CachoRules, sizes: Sequence[int] | None = None) -> CachoGame:
    """The public tree of one hand of *rules* between two players with equal stacks
    (``max_hands`` is set to 1: a void hand pays nothing); with *sizes*, the abstracted
    game whose round-3 bets and raises go only to :func:`round3_amounts`.

    Raises:
        TypeError: *rules* is not a CachoRules.
        InvalidRulesError: the stack is above :data:`MAX_STACK` (for the full game), the
            sizes are not at most :data:`MOST_SIZES` distinct whole numbers from 1, or two
            players cannot play these rules.

    >>> from cau_rules.cacho import CACHO
    >>> cacho_game(CACHO, sizes=SIZES).tree.decision_nodes
    1548
    """
    check_type(rules, CachoRules, "rules")
    rules.check_players(2)
    kept = None if sizes is None else tuple(sorted(set(sizes)))
    if kept is not None and (not 0 < len(kept) <= MOST_SIZES or kept[0] < 1 or not all(
            isinstance(size, int) and not isinstance(size, bool) for size in kept)):
        raise InvalidRulesError(f"an abstraction keeps 1 to {MOST_SIZES} distinct whole amounts from 1, "
                                f"not {sizes!r:.80}")
    if kept is None and rules.stack > MAX_STACK:
        raise InvalidRulesError(
            f"the solver builds the full tree up to stack {MAX_STACK}, not {rules.stack}: "
            "round 3's bets double it with every counter")
    one = rules.replace(max_hands=1)
    ranks = _ranked_sets(one)
    some = next(iter(ranks))
    value = evaluate([CARDS[number] for number in some], one)
    tie_winner = best_seats({0: value, 1: value}, (0, 1))[0]
    builder = TreeBuilder()
    spaces: dict[int, int] = {}
    states: dict[int, tuple[tuple[int, ...], ...]] = {}
    index: dict[int, dict[tuple[int, ...], int]] = {}
    transitions: dict[int, int] = {}
    for size in (1, 2, 3):
        full, canon, reps, where = _holdings(size)
        if size == 3:
            keys0 = [2 * ranks[frozenset(state)] + (tie_winner == 0) for state in full]
            keys1 = [2 * ranks[frozenset(state)] + (tie_winner == 1) for state in full]
        else:
            keys0 = keys1 = [0] * len(full)
        pairs = math.perm(len(CARDS), 2 * size)
        spaces[size] = builder.space(Space(tuple(full), tuple(canon), len(reps), (tuple(keys0), tuple(keys1)),
                                           1.0 / pairs))
        states[size], index[size] = tuple(reps), where
        if size > 1:
            parents = [index[size - 1][rep[:-1]] for rep in reps]
            weights = [0.0] * len(reps)
            for parent in states[size - 1]:
                for number in range(len(CARDS)):
                    if number not in parent:
                        weights[where[canonical((*parent, number))]] += 1.0
            transitions[size] = builder.transition(parents, [1.0] * len(reps), weights)
    histories: list[tuple[CachoMove, ...]] = []

    def grow(state: CachoState, history: tuple[CachoMove, ...]) -> int:
        cards = len(state.holdings[0])
        if state.is_over:
            payoff = state.stacks[0] - one.stack
            kind = "showdown" if any(isinstance(event, Showdown) for event in state.events) else "fold"
            histories.append(history)
            return builder.terminal(spaces[cards], kind, payoff)
        moves = tuple(state.legal_moves())
        if kept is not None and state.round == 3:
            moves = _kept(moves, kept)
        node = builder.decision(state.to_play, spaces[cards], moves)
        histories.append(history)
        for move in moves:
            after = state.apply(move)
            dealt = len(after.holdings[0])
            if dealt == cards:
                builder.add(node, grow(after, (*history, move)))
                continue
            parent = node
            for size in range(cards, dealt):
                deal = builder.chance(spaces[size])
                histories.append((*history, move))
                if parent == node:
                    builder.add(parent, deal)
                else:
                    builder.add(parent, deal, transitions[size])
                parent = deal
            builder.add(parent, grow(after, (*history, move)), transitions[dealt])
        return node

    grow(new_game(one, 2, seed=0, decks=[_deck_seat0_best()]), ())
    return CachoGame(one, builder.build(), tuple(histories), states, index, ranks, tie_winner, kept)


@attrs.frozen
class DifferentialCount:
    """What :func:`play_both` checked: hands, decisions (legal move sets compared),
    showdowns and other endings (payoffs compared)."""

    hands: int
    decisions: int
    showdowns: int
    folds: int


def play_both(game: CachoGame, hands: int, seed: int = 0) -> DifferentialCount:
    """Play *hands* random hands (random deals, uniformly random legal moves) through the
    reference engine and *game*'s tree side by side, checking at every decision that the
    tree's player, card count and actions are the engine's, and at every ending that the
    tree pays what the engine paid.

    Raises:
        AssertionError: the tree and the engine disagree (the message says where).

    >>> from cau_rules.cacho import CACHO
    >>> play_both(cacho_game(CACHO.replace(stack=3)), 20, seed=1).hands
    20
    """
    rng = random.Random(seed)
    tree = game.tree
    rules = game.rules
    decisions = showdowns = folds = 0
    for _ in range(hands):
        deck = list(CARDS)
        rng.shuffle(deck)
        state = new_game(rules, 2, seed=0, decks=[deck])
        node = 0
        while True:
            while tree.kind(node) == 1:
                node = tree.children(node)[0]
            if state.is_over:
                assert tree.kind(node) == 2, f"the engine ended the hand, the tree did not at node {node}"
                seat0 = [_NUMBER[card] for card in state.holdings[0]]
                seat1 = [_NUMBER[card] for card in state.holdings[1]]
                paid = state.stacks[0] - rules.stack
                assert game.payoff(node, seat0, seat1) == paid, (
                    f"node {node}: the tree pays {game.payoff(node, seat0, seat1)}, the engine {paid}")
                if int(tree.arrays["term_kind"][node]):
                    showdowns += 1
                else:
                    folds += 1
                break
            assert tree.kind(node) == 0, f"the tree ended the hand at node {node}, the engine did not"
            moves = tuple(state.legal_moves())
            assert tree.labels[node] == moves, f"node {node}: tree moves {tree.labels[node]}, engine {moves}"
            assert tree.player(node) == state.to_play, f"node {node}: wrong player"
            space = tree.space_of(node)
            assert len(space.full[0]) == len(state.holdings[state.to_play]), f"node {node}: wrong card count"
            choice = rng.randrange(len(moves))
            decisions += 1
            move = moves[choice]
            state = state.apply(move)
            node = tree.children(node)[choice]
    return DifferentialCount(hands, decisions, showdowns, folds)
