"""The interface every game family of cau_rules shares.

Every family (the capture family in :mod:`cau_rules.fishing`, Cacho in
:mod:`cau_rules.cacho`) has a frozen rules object and a frozen state with the same
methods, so apps, bots, the command line and the test suites treat them alike.

>>> from cau_rules import new_game
>>> from cau_rules.game import GameState
>>> isinstance(new_game("cau", players=2, seed=1), GameState)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cau_rules.errors import GameOverError, IllegalMoveError, InvalidNotationError
from cau_rules.outcome import Outcome

__all__ = ["GameRules", "GameState", "GameView", "move_for_turn"]


@runtime_checkable
class GameRules(Protocol):
    """A frozen rules object: named options, a preset name, JSON-ready data.

    >>> from cau_rules import get_rules
    >>> all(isinstance(get_rules(name), GameRules) for name in ("cau", "cacho", "cau-quatre"))
    True
    """

    @property
    def name(self) -> str:
        """The preset this rules object derives from."""

    @property
    def min_players(self) -> int:
        """The fewest players allowed."""

    @property
    def max_players(self) -> int:
        """The most players allowed."""

    def check_players(self, players: int) -> None:
        """Raise InvalidRulesError unless *players* can play these rules."""

    def replace(self, **options: Any) -> GameRules:
        """A copy with some options changed."""

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""


@runtime_checkable
class GameView(Protocol):
    """What one seat may see of a state.

    >>> from cau_rules import new_game
    >>> isinstance(new_game("cacho", players=2).observe(1), GameView)
    True
    """

    @property
    def seat(self) -> int:
        """The seat whose view this is."""

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data."""


@runtime_checkable
class GameState(Protocol):
    """A frozen game state: the seat to play, the legal moves, and a pure ``apply``.

    >>> from cau_rules import new_game
    >>> isinstance(new_game("cau-quatre", players=2), GameState)
    True
    """

    @property
    def players(self) -> int:
        """How many seats play."""

    @property
    def to_play(self) -> int:
        """The seat whose move it is (meaningless once the game is over)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def events(self) -> Sequence[object]:
        """The frozen event records of the move that produced this state."""

    def legal_moves(self) -> Sequence[Any]:
        """Every legal move, in canonical order (empty once the game is over)."""

    def apply(self, move: Any) -> GameState:
        """The state after *move*; raises IllegalMoveError and changes nothing if illegal."""

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def observe(self, seat: int) -> GameView:
        """What *seat* may see."""

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (schema-versioned)."""


def move_for_turn(
    over: bool, to_play: int, move: Any, seat: int | None, coerce: Callable[[Any], Any],
    legal_text: Callable[[], str],
) -> Any:
    """The checks every ``apply`` starts with: the game is not over, *seat* (if given)
    is the one to play, and *move* is a move or the text of one (``coerce``).  Returns
    the parsed move; raises :class:`~cau_rules.errors.GameOverError` or
    :class:`~cau_rules.errors.IllegalMoveError` naming what is legal.

    >>> move_for_turn(False, 0, "7o", 1, str, lambda: "7o")
    Traceback (most recent call last):
    ...
    cau_rules.errors.IllegalMoveError: it is seat 0's turn, not seat 1's
    """
    if over:
        raise GameOverError(f"the game is over; no move is legal (tried {move})")
    if seat is not None and seat != to_play:
        raise IllegalMoveError(f"it is seat {to_play}'s turn, not seat {seat}'s")
    try:
        return coerce(move)
    except InvalidNotationError as exc:
        raise IllegalMoveError(f"{exc}; legal moves: {legal_text()}") from None
