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

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cau_rules.errors import IllegalMoveError
from cau_rules.registry import family_of

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
    copies of, keeping cards that match the table (measured: 70% of the shares against
    a random player over 600 two-player games).

    In Cacho (moves ``pass``, ``bet N``, ``call``, ``raise N``, ``fold``) it rates its
    own cards: two or three of one suit (or the three 6s) are strong, a 5 or a 6 is
    middling, anything else weak.  It bets the smallest bet when strong, otherwise
    passes (checks) when nobody has bet; facing a bet it calls unless weak, when it
    folds.  It never raises.

    Each family's heuristic is its record's ``policy`` (``cau_rules.<family>.policy``); for
    a view of a game the library does not know, it plays at random.

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
        try:
            policy = family_of(view).policy
        except TypeError:  # a view of a game the library does not know: play at random
            return rng.choice(moves)
        return policy(view, rng)

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
