"""Moves of *Cacho* and their text notation.

There are five moves.  :class:`Pass` is also the check of round 3 (there is no separate
``Check``: passing and checking are the same choice, to put nothing in while nobody has
bet).  Amounts are counters: ``Bet(amount)`` opens the betting of a round, ``Raise(to)``
names the round total the raiser reaches (not the increase).

==============  ================  ===================================================
move            text              when
==============  ================  ===================================================
``Pass()``      ``pass``          nobody has bet in this round (``check`` also reads)
``Bet(n)``      ``bet n``         nobody has bet; rounds 1-2: n is the fixed bet
``Call()``      ``call``          facing a bet: match it (all in under side pots)
``Raise(n)``    ``raise n``       round 3 only, facing a bet: raise the round total to n
``Fold()``      ``fold``          facing a bet: give up the hand
==============  ================  ===================================================

Every move says itself in words, in any language: ``move.describe(state, lang, names=...)``
(:class:`~cau_rules.i18n.Described`; each move's ``words`` writes its sentence).

>>> from cau_rules.cacho.moves import Bet, parse_move
>>> parse_move("bet 3")
Bet(amount=3)
>>> str(Bet(3)), str(parse_move(" Raise 7 "))
('bet 3', 'raise 7')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from cau_rules.cacho.texts import TEXTS
from cau_rules.checks import MAX_DIGITS
from cau_rules.errors import InvalidNotationError, MoveTypeError
from cau_rules.i18n import Described, Lang

__all__ = [
    "MOVE_TYPES",
    "Bet",
    "CachoMove",
    "Call",
    "Fold",
    "MoveTypeError",
    "Pass",
    "Raise",
    "Seen",
    "format_move",
    "parse_move",
]

_MAX_MOVE_TEXT = 100
"""The longest text :func:`parse_move` reads (a move is a word and an amount)."""




class Seen(Protocol):
    """What a move's ``describe`` reads of a position: a
    :class:`~cau_rules.cacho.state.CachoState` or a seat's
    :class:`~cau_rules.cacho.view.CachoView` (public fields only)."""

    @property
    def to_play(self) -> int:
        """The seat to move."""

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's counters."""

    @property
    def round_bets(self) -> tuple[int, ...]:
        """Each seat's total in this betting round."""


def _amount(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"an amount of counters must be int, not {type(value).__name__}")
    return value


@attrs.frozen
class Pass(Described[Seen]):
    """Put nothing in while nobody has bet this round (the check of round 3).

    >>> str(Pass())
    'pass'
    """

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of moves: pass, bet, fold, call, raise, then the amount."""
        return (0, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words.

        >>> Pass().describe(None, "ca")
        'passa, sense apostar res'
        """
        return TEXTS("move_pass", lang)

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Bet(Described[Seen]):
    """Open the betting of the round with ``amount`` counters.

    >>> Bet(2).amount
    2
    """

    amount: int = attrs.field(converter=_amount)

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of moves: pass, bet, fold, call, raise, then the amount."""
        return (1, self.amount)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: how many counters it bets.

        >>> Bet(2).describe(None, "es")
        'apuesta 2 fichas'
        """
        return TEXTS.count("move_bet", self.amount, lang)

    def __str__(self) -> str:
        return f"bet {self.amount}"


@attrs.frozen
class Call(Described[Seen]):
    """Match the current bet (under ``side_pots``, all in if short).

    >>> str(Call())
    'call'
    """

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of moves: pass, bet, fold, call, raise, then the amount."""
        return (3, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: how many counters the call puts in (all in when short), read
        from *state*; without one, the call alone.

        >>> Call().describe(None, "ca")
        "iguala l'aposta"
        """
        if state is None:
            return TEXTS("move_call_plain", lang)
        seat = state.to_play
        owed = max(state.round_bets) - state.round_bets[seat]
        stack = state.stacks[seat]
        text = TEXTS.count("move_call", min(owed, stack), lang)
        return text + TEXTS("move_all_in", lang) if stack <= owed else text

    def __str__(self) -> str:
        return "call"


@attrs.frozen
class Raise(Described[Seen]):
    """Round 3 only: raise the round total to ``to`` counters (at least the bet + 1).

    >>> str(Raise(to=5))
    'raise 5'
    """

    to: int = attrs.field(converter=_amount)

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of moves: pass, bet, fold, call, raise, then the amount."""
        return (4, self.to)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: the round total it raises to.

        >>> Raise(to=5).describe(None, "en")
        "raises the round's bet to 5"
        """
        return TEXTS("move_raise", lang, self.to)

    def __str__(self) -> str:
        return f"raise {self.to}"


@attrs.frozen
class Fold(Described[Seen]):
    """Give up the hand; counters already put in stay in the pot.

    >>> str(Fold())
    'fold'
    """

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of moves: pass, bet, fold, call, raise, then the amount."""
        return (2, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words.

        >>> Fold().describe(None, "es")
        'se retira y deja la mano'
        """
        return TEXTS("move_fold", lang)

    def __str__(self) -> str:
        return "fold"


CachoMove = Pass | Bet | Call | Raise | Fold
"""Any Cacho move."""

MOVE_TYPES: tuple[type, ...] = (Pass, Bet, Call, Raise, Fold)
"""The five move classes, in the order of :data:`CachoMove`."""


def format_move(move: CachoMove) -> str:
    """The text of a move: ``pass``, ``bet N``, ``call``, ``raise N`` or ``fold``.

    >>> format_move(Raise(4)), format_move(Fold())
    ('raise 4', 'fold')
    """
    if not isinstance(move, MOVE_TYPES):
        raise InvalidNotationError(f"not a Cacho move: {move!r}")
    return str(move)


def parse_move(text: str) -> CachoMove:
    """The move written *text*, as :func:`format_move` writes it (case and spacing are
    free; ``check`` is read as ``pass``).

    >>> parse_move("check"), parse_move("CALL")
    (Pass(), Call())
    >>> parse_move("raise")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: 'raise' needs an amount: write e.g. 'raise 5'
    >>> parse_move("bet " + "9" * 5000)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: a Cacho move is at most 100 characters, not 5004

    Raises:
        TypeError: *text* is not a string.
        InvalidNotationError: the text is no move (amounts are ASCII digits, at most 18).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str (a move written like 'bet 1'), not {type(text).__name__}")
    if len(text) > _MAX_MOVE_TEXT:
        raise InvalidNotationError(f"a Cacho move is at most {_MAX_MOVE_TEXT} characters, not {len(text)}")
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in ("pass", "check", "call", "fold"):
        simple: dict[str, CachoMove] = {"pass": Pass(), "check": Pass(), "call": Call(), "fold": Fold()}
        return simple[words[0]]
    if words and words[0] in ("bet", "raise"):
        if len(words) != 2:
            raise InvalidNotationError(f"{text.strip()!r} needs an amount: write e.g. '{words[0]} 5'")
        if not (words[1].isascii() and words[1].isdigit()):
            raise InvalidNotationError(
                f"bad amount {words[1]!r} in {text.strip()!r}: write e.g. '{words[0]} 5'"
            )
        if len(words[1]) > MAX_DIGITS:
            raise InvalidNotationError(
                f"the amount of {words[0]!r} has {len(words[1])} digits; at most {MAX_DIGITS}"
            )
        amount = int(words[1])
        return Bet(amount) if words[0] == "bet" else Raise(amount)
    raise InvalidNotationError(
        f"unknown move {text!r}: write 'pass', 'bet N', 'call', 'raise N' or 'fold'"
    )
