"""The exceptions raised by cau_rules.

Every error the library raises on purpose derives from :class:`CauRulesError`, and
also from :class:`ValueError`, so code that already catches ``ValueError`` keeps
working.  A failed call never changes any state: states are immutable.

>>> from cau_rules.errors import CauRulesError, IllegalMoveError
>>> issubclass(IllegalMoveError, CauRulesError) and issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

import importlib.util

__all__ = [
    "FAST_EXTRA",
    "CauRulesError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "MissingExtraError",
    "MoveTypeError",
    "fast_installed",
    "install_hint",
    "require_fast",
]


def install_hint(extra: str) -> str:
    """The commands that install the optional *extra*: from a package index, and from a
    clone of the repository (where the package is not on an index).  Every message that
    names an extra is made by this function.

    Args:
        extra: the extra's name, or several joined by commas (``"fast,gymnasium"``).

    Returns:
        Both ``pip install`` commands, in one line.

    >>> print(install_hint("fast"))
    pip install "cau_rules[fast]" (in a clone of the repository: pip install ".[fast]")
    """
    return f'pip install "cau_rules[{extra}]" (in a clone of the repository: pip install ".[{extra}]")'


FAST_EXTRA = install_hint("fast")
"""The commands that install the compiled kernels' requirements (numba and numpy)."""


def fast_installed() -> bool:
    """Whether the ``fast`` extra's packages (numba, numpy) are installed, checked
    without importing them.

    >>> isinstance(fast_installed(), bool)
    True
    """
    return importlib.util.find_spec("numba") is not None and importlib.util.find_spec("numpy") is not None


class CauRulesError(ValueError):
    """Base class of every error raised by cau_rules.

    >>> try:
    ...     raise CauRulesError("something went wrong")
    ... except ValueError as exc:
    ...     print(exc)
    something went wrong
    """


class IllegalMoveError(CauRulesError):
    """A move that the rules do not allow in this state.

    The message says why and lists what would be legal.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> try:
    ...     state.apply("not a move")  # doctest: +ELLIPSIS
    ... except IllegalMoveError as exc:
    ...     print("refused")
    refused
    """


class GameOverError(IllegalMoveError):
    """A move was offered to a game that has already ended.

    >>> issubclass(GameOverError, IllegalMoveError)
    True
    """


class MoveTypeError(IllegalMoveError, TypeError):
    """``state.apply(x)`` (or ``parse_move``, ``is_legal``) with an *x* that is neither a move
    of the state's family nor text: a programmer's wrong type.  It is a :class:`TypeError`
    naming the parameter, and an :class:`IllegalMoveError` like every refused move, so
    code catching either sees it.  The same class in every family.

    >>> from cau_rules import new_game
    >>> try:
    ...     new_game("cau", players=2, seed=1).apply(3.5)
    ... except MoveTypeError as exc:
    ...     isinstance(exc, TypeError), isinstance(exc, IllegalMoveError)
    (True, True)
    """


class InvalidNotationError(CauRulesError):
    """Malformed text: a card code, a move, a position or a JSON record.

    >>> from cau_rules import Card
    >>> try:
    ...     Card.parse("13o")
    ... except InvalidNotationError as exc:
    ...     print("bad card")
    bad card
    """


class InvalidPositionError(CauRulesError):
    """A position that cannot arise: duplicate, missing or foreign cards, a wrong seat,
    impossible counts.

    >>> issubclass(InvalidPositionError, CauRulesError)
    True
    """


class InvalidDeckError(InvalidPositionError):
    """A supplied deck order with duplicate, missing or foreign cards.

    >>> issubclass(InvalidDeckError, InvalidPositionError)
    True
    """


class InvalidRulesError(CauRulesError):
    """An unknown preset, an unknown option, a wrong option value, or a combination of
    options and player count that the rules cannot play.

    >>> from cau_rules import get_rules
    >>> try:
    ...     get_rules("no-such-game")
    ... except InvalidRulesError as exc:
    ...     print("unknown")
    unknown
    """


class MissingExtraError(CauRulesError, ImportError):
    """A feature needs an optional extra that is not installed (the message names the
    ``pip install`` command); also an :class:`ImportError`.

    >>> issubclass(MissingExtraError, ImportError) and issubclass(MissingExtraError, CauRulesError)
    True
    """


def require_fast(what: str) -> None:
    """Refuse *what* (a few words naming the feature) unless the ``fast`` extra (numba and
    numpy) is installed: called before anything imports numpy, so the user meets the
    extra's name, not a bare ``ModuleNotFoundError``.

    Args:
        what: the feature that needs the compiled kernel, e.g. ``"BatchGame"``.

    Raises:
        MissingExtraError: numba or numpy is not installed; the message says how to
            install them (:func:`install_hint`).

    >>> require_fast("BatchGame") if fast_installed() else None
    """
    if not fast_installed():
        raise MissingExtraError(f"{what} needs the compiled kernel (numba and numpy): {FAST_EXTRA}")
