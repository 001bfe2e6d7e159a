"""Simple computer players, and a helper that plays a whole game with them.

A bot is anything with a ``choose(view, rng)`` method (the :class:`Bot` protocol).  It
receives only ``state.observe(seat)`` -- the seat's view, which hides every card that
seat may not see -- never the state itself, so a bot cannot cheat by construction.
The view of the seat to play lists its legal moves in ``view.legal_moves``.

A bot that needs memory (a search bot tracking what it has seen, like
:class:`cau_rules.ai.mcts.ISMCTSBot`) may also define the optional hook
``observe(view)`` (the :class:`ObservingBot` protocol): :func:`play_game` and
:func:`cau_rules.ai.simulate.simulate` call it with the seat's view of the starting
state and of the state after every move, its own moves included, always before the
seat's next ``choose``.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.bots import GreedyBot, RandomBot, play_game
>>> state = new_game("cau", players=2, seed=1)
>>> view = state.observe(state.to_play)
>>> move = RandomBot().choose(view, random.Random(0))
>>> move in view.legal_moves
True
>>> final = play_game(state, [GreedyBot(), RandomBot()], seed=5)
>>> final.is_over, final.outcome() == play_game(state, [GreedyBot(), RandomBot()], seed=5).outcome()
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cau_rules.cacho.policy import greedy as cacho_greedy
from cau_rules.cacho.view import CachoView
from cau_rules.cards import SPANISH_48, Card, Deck
from cau_rules.errors import CauRulesError, IllegalMoveError
from cau_rules.fishing.moves import Call, Declare, Play
from cau_rules.fishing.view import FishingView

__all__ = ["Bot", "GreedyBot", "ObservingBot", "PlayerView", "RandomBot", "play_game"]


@runtime_checkable
class PlayerView(Protocol):
    """What a bot is given: one seat's view of a state (``state.observe(seat)``).

    Every family's view has the seat it belongs to and, when that seat is to play, the
    legal moves (an empty sequence otherwise).

    >>> from cau_rules import new_game
    >>> isinstance(new_game("cau", players=2, seed=1).observe(0), PlayerView)
    True
    """

    @property
    def seat(self) -> int:
        """The seat whose view this is."""

    @property
    def legal_moves(self) -> Sequence[Any]:
        """The seat's legal moves when it is to play, in canonical order."""


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of ``view.legal_moves``.

    ``choose`` gets the view of the seat to play and a :class:`random.Random` to draw
    any randomness from (so a game is reproducible from one seed); it returns one of
    the view's legal moves (or its text).  It never sees the game state.

    >>> import random
    >>> from cau_rules import new_game
    >>> class FirstMoveBot:
    ...     def choose(self, view, rng):
    ...         return view.legal_moves[0]
    >>> isinstance(FirstMoveBot(), Bot)
    True
    >>> view = new_game("cau", players=2, seed=1).observe(0)
    >>> FirstMoveBot().choose(view, random.Random()) == view.legal_moves[0]
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """The move to make, chosen from ``view.legal_moves``."""


@runtime_checkable
class ObservingBot(Bot, Protocol):
    """A bot with the optional ``observe(view)`` hook, to keep its own memory.

    Whoever runs a game (:func:`play_game`, :func:`cau_rules.ai.simulate.simulate`)
    calls ``bot.observe(view)`` for every state the seat sees, in order: the starting
    state, then the state after every move (the seat's own moves included).  The view
    given to ``choose`` is the one last observed.  One bot object playing several seats
    receives every one of their views (``view.seat`` tells them apart).  The hook
    returns nothing and must not choose moves; a bot without it simply is not told.

    A bot that keeps memory is meant for one game: make a new one per game (what
    ``simulate`` does) or clear its memory between games.

    >>> import random
    >>> from cau_rules import new_game
    >>> class CountingBot(RandomBot):
    ...     def __init__(self):
    ...         self.seen = 0
    ...     def observe(self, view):
    ...         self.seen += 1
    >>> counter = CountingBot()
    >>> isinstance(counter, ObservingBot), isinstance(RandomBot(), ObservingBot)
    (True, False)
    >>> moves = []
    >>> final = play_game(new_game("cau", players=2, seed=1), [counter, RandomBot()], seed=2,
    ...                   on_move=lambda seat, move, after: moves.append(move))
    >>> counter.seen == 1 + len(moves)
    True
    """

    def observe(self, view: PlayerView) -> None:
        """Take note of *view*, the seat's view of the latest state."""


def _require_moves(view: PlayerView) -> Sequence[Any]:
    moves = view.legal_moves
    if not moves:
        raise IllegalMoveError(
            f"seat {view.seat} has no legal move in this view: it is not its turn, or the game is over"
        )
    return moves


class RandomBot:
    """Plays uniformly at random among the legal moves, drawing from the *rng* given.

    >>> import random
    >>> from cau_rules import new_game
    >>> view = new_game("cau", players=2, seed=1).observe(0)
    >>> RandomBot().choose(view, random.Random(3)) in view.legal_moves
    True
    >>> RandomBot().choose(new_game("cau", players=2, seed=1).observe(1), random.Random(3))
    Traceback (most recent call last):
    ...
    cau_rules.errors.IllegalMoveError: seat 1 has no legal move in this view: it is not its turn, or the game is over
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """A legal move drawn uniformly with ``rng.choice``."""
        return rng.choice(_require_moves(view))

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """A one-move-lookahead player.

    In the capture family (Cau, Cau robat...) it

    - declares the best ronda it can in a declaration phase;
    - takes the capture worth the most cards: the played and matched cards, each table
      card of the run and the whole size of each pile taken, plus the cards the
      opponents pay for a chain call (cau, recau, contracau) or a neta;
    - on equal value prefers a chain call, then a move announcing more calls;
    - when it cannot capture, trails the card whose rank helps the next player least:
      few unseen cards of that rank and a short run it would open on the table.

    Every figure comes from the view.  Remaining ties are broken with *rng*, so a game
    is reproducible from a seed.  In the Valencian ronda stake it opens with the
    smallest bid (4 with a rondí), accepts when it holds a rondí or a ronda of Cavall or
    Rei, and refuses otherwise.

    In the four-card game it plays the rank it holds most copies of, then the one with
    the fewest copies it has not seen; it gives away first the ranks it holds most
    copies of, keeping cards that match the table; into a dead centre it lays cards of
    the ranks it holds most copies of, keeping one to cau onto them later (measured
    over 1,000 games each against random players: 71%, 55% and 46% of the shares with
    2, 3 and 4 players, where laying at random gave 70%, 47% and 36%).

    In Cacho (moves ``pass``, ``bet N``, ``call``, ``raise N``, ``fold``) it rates its
    own cards: two or three of one suit (or the three 6s) are strong, a 5 or a 6 is
    middling, anything else weak.  It bets the smallest bet when strong, otherwise
    passes (checks) when nobody has bet; facing a bet it calls unless weak, when it
    folds.  It never raises.  In any other game it plays at random.

    >>> import random
    >>> from cau_rules.fishing import FishingState
    >>> from cau_rules.fishing.rules import CAU
    >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c 4b", "1b"])
    >>> [str(move) for move in state.legal_moves()]
    ['8c', '8c+1', '4b']
    >>> str(GreedyBot().choose(state.observe(0), random.Random(0)))
    '8c+1'
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        """The greedy choice among ``view.legal_moves`` (see the class docstring)."""
        moves = _require_moves(view)
        if isinstance(view, FishingView):
            if view.phase == "bid":
                return _stake_choice(view, moves)
            return _fishing_choice(view, rng)
        if isinstance(view, CachoView):
            return cacho_greedy(view, rng)
        from cau_rules.quatre import QuatreView
        from cau_rules.quatre.policy import greedy as quatre_greedy

        if isinstance(view, QuatreView):
            return quatre_greedy(view, rng)
        return rng.choice(moves)

    def __repr__(self) -> str:
        return "GreedyBot()"


def play_game(
    state: Any,
    bots: Bot | Sequence[Bot],
    seed: int | str = 0,
    on_move: Callable[[int, Any, Any], None] | None = None,
) -> Any:
    """Play *state* to the end with one bot per seat and return the final state.

    *bots* is one bot per seat (or a single bot for every seat).  Seat *k* draws its
    randomness from ``random.Random(f"{seed}:bots:{k}")``, so the game is a function of
    the starting state and *seed*.  Each bot sees only ``state.observe(seat)``.
    A bot with an ``observe`` method (:class:`ObservingBot`) is given its seat's view
    of the starting state and of the state after every move, before it chooses.
    *on_move*, if given, is called as ``on_move(seat, move, new_state)`` after every move.

    >>> from cau_rules import new_game
    >>> start = new_game("cau-robat", players=3, seed=4)
    >>> final = play_game(start, [GreedyBot(), RandomBot(), GreedyBot()], seed=1)
    >>> final.is_over, sum(final.outcome().scores)
    (True, 48)
    >>> play_game(start, [RandomBot()], seed=1)
    Traceback (most recent call last):
    ...
    ValueError: play_game needs one bot per seat: 3 seats, 1 bots
    """
    players = state.players
    seats: Sequence[Bot] = bots if isinstance(bots, Sequence) else [bots] * players
    if len(seats) != players:
        raise ValueError(f"play_game needs one bot per seat: {players} seats, {len(seats)} bots")
    rngs = [random.Random(f"{seed}:bots:{seat}") for seat in range(players)]
    observers = [(seat, bot) for seat, bot in enumerate(seats) if isinstance(bot, ObservingBot)]

    def tell(state: Any) -> dict[int, Any]:
        """Give every observing bot its view; return the views given, by seat."""
        views = {seat: state.observe(seat) for seat, _ in observers}
        for seat, bot in observers:
            bot.observe(views[seat])
        return views

    views = tell(state)
    while not state.is_over:
        seat = state.to_play
        view = views.get(seat)
        move = seats[seat].choose(state.observe(seat) if view is None else view, rngs[seat])
        state = state.apply(move)
        if on_move is not None:
            on_move(seat, move, state)
        views = tell(state)
    return state


# ---------------------------------------------------------------------------------
# The capture family

_DECLARE_ORDER: dict[Call | None, int] = {None: 0, Call.RONDA: 1, Call.RONDI: 2}


@functools.lru_cache(maxsize=64)
def _deck_facts(variant: str) -> tuple[Deck, bool]:
    """The deck and the wrap option of a preset, for rank arithmetic (48 cards, no wrap
    for a name the registry does not know)."""
    from cau_rules.registry import get_rules

    try:
        rules = get_rules(variant)
    except CauRulesError:
        return SPANISH_48, False
    deck = getattr(rules, "deck", SPANISH_48)
    return (deck if isinstance(deck, Deck) else SPANISH_48), bool(getattr(rules, "wrap", False))


def _stake_choice(view: FishingView, moves: Sequence[Any]) -> Any:
    from cau_rules.fishing.moves import Accept, Bid, Refuse

    ranks = [card.rank for card in view.holding]
    pairs = [rank for rank in ranks if ranks.count(rank) >= 2]
    rondi = any(ranks.count(rank) >= 3 for rank in ranks)
    strong = rondi or (bool(pairs) and max(pairs) >= 11)
    bids = [move for move in moves if isinstance(move, Bid)]
    if Accept() in moves:
        return Accept() if strong else Refuse()
    numbers = sorted(move.stones for move in bids if isinstance(move.stones, int))
    if numbers:
        wanted = 4 if rondi else numbers[0]
        return Bid(min((n for n in numbers if n >= wanted), default=numbers[0]))
    return bids[0]


def _fishing_choice(view: FishingView, rng: random.Random) -> Any:
    moves = view.legal_moves
    declares = [move for move in moves if isinstance(move, Declare)]
    if declares:
        best = max(_DECLARE_ORDER.get(move.call, 0) for move in declares)
        return rng.choice([move for move in declares if _DECLARE_ORDER.get(move.call, 0) == best])
    chain = view.chain
    seat = view.seat
    claimed = {rank for rank, owner in chain.run if owner < 0} if chain is not None else set()
    base_table = [card for card in view.table if card.rank not in claimed]
    base_ranks = {card.rank for card in base_table}
    # Piles as they will be once a pending chain is completed (for non-chain moves).
    base_piles = list(view.pile_sizes)
    if chain is not None:
        gained = chain.level + len(claimed)
        for _, owner in chain.run:
            if owner >= 0:
                gained += base_piles[owner]
                base_piles[owner] = 0
        base_piles[chain.caller] += gained
    trail_rank = view.trail[1].rank if view.trail is not None else -1
    others = view.players - 1

    best_key: tuple[int, int, int, float] | None = None
    best_moves: list[Any] = []
    for move in moves:
        if not isinstance(move, Play):
            continue
        rank = move.card.rank
        table_units = move.run - len(move.piles)
        if chain is not None and rank == chain.rank:
            cards = (*chain.cards, (seat, move.card))
            taken = len(cards) + table_units + sum(view.pile_sizes[p] for p in move.piles)
            paid = sum(pos + 1 for pos, (payer, _) in enumerate(cards[:-1]) if payer != seat)
            key = (taken + paid, 1, len(move.calls), 0.0)
        elif rank in base_ranks:
            in_chain = rank == trail_rank
            taken = 2 + table_units + sum(base_piles[p] for p in move.piles)
            paid = 1 if in_chain and view.trail is not None and view.trail[0] != seat else 0
            if not in_chain and table_units == len(base_table) - 1:
                paid += others  # a neta: the table is swept
            key = (taken + paid, int(in_chain), len(move.calls), 0.0)
        else:
            key = (0, 0, 0, -_trail_help(view, move.card, base_ranks))
        if best_key is None or key > best_key:
            best_key, best_moves = key, [move]
        elif key == best_key:
            best_moves.append(move)
    if not best_moves:
        return rng.choice(moves)
    return best_moves[0] if len(best_moves) == 1 else rng.choice(best_moves)


def _trail_help(view: FishingView, card: Card, table_ranks: set[int]) -> float:
    """How much trailing *card* may help the next player: the unseen cards that could
    match it, weighted by what a match would take (the card, the run it opens, and the
    cau it would call); plus the unseen cards of the rank below if it is on the table
    (the trailed card would lengthen their run)."""
    deck, wrap = _deck_facts(view.variant)
    if card.rank not in deck.ranks:
        return 0.0
    seen = view.visible_cards()
    rank = card.rank

    def unseen(of_rank: int) -> int:
        return sum(1 for c in deck.cards if c.rank == of_rank and c not in seen)

    run = 0
    nxt = deck.next_rank(rank, wrap)
    while nxt and nxt != rank and nxt in table_ranks:
        run += 1
        nxt = deck.next_rank(nxt, wrap)
    help_value = float(unseen(rank) * (3 + run))
    below = [r for r in deck.ranks if deck.next_rank(r, wrap) == rank]
    if below and below[0] in table_ranks:
        help_value += unseen(below[0])
    return help_value
