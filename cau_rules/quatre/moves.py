"""Moves of the four-card game and their text notation.

Every decision a player takes is one move of that player, forced or not:

=================  ===============  ==================================================
move               text             meaning
=================  ===============  ==================================================
``Play(c, t)``     ``5o>5c``        on your turn: play card 5o onto the table's 5c (cau)
``Add(c)``         ``add 5e``       add 5e to the chain (recau, then Sant Vicent)
``Give(c)``        ``give 7e``      give 7e to the chain's last caller (one card a move)
``Draw()``         ``draw``         no table card matches: draw one card, the turn ends
``Pass()``         ``pass``         no match and the stock is empty: the turn ends
``Lay(c)``         ``lay 5o``       lay 5o from your holding into a dead centre
=================  ===============  ==================================================

A lay of four cards (D-FOUR-5) is four ``Lay`` moves in a row by the same player, one
card each, in deck order: the player chooses which cards, not in what order, so each
choice is one sequence of moves and the move list stays short (at most one move per
card held, where one move of four cards would be one move per set of four).

:func:`parse_move` reads what :func:`format_move` (and ``str``) writes; letters may be
upper or lower case and spaces around the parts are ignored.

Every move says itself in words, in any language: ``move.describe(state, lang, names=...)``
(:class:`~cau_rules.i18n.Described`; each move's ``words`` writes its sentence).

>>> from cau_rules.quatre.moves import parse_move
>>> parse_move("5o>5c")
Play(card=<Card.O5: 4>, target=<Card.C5: 16>)
>>> [str(parse_move(text)) for text in ("5O > 5C", "add 5e", "GIVE 7e", "draw", "pass")]
['5o>5c', 'add 5e', 'give 7e', 'draw', 'pass']
>>> str(parse_move("LAY 5O"))
'lay 5o'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from cau_rules.cards import Card
from cau_rules.checks import check_type
from cau_rules.errors import InvalidNotationError, MoveTypeError
from cau_rules.i18n import Described, Lang, seat_name
from cau_rules.quatre.rules import CALL_NAMES
from cau_rules.quatre.texts import TEXTS

__all__ = [
    "MAX_MOVE_TEXT", "Add", "Draw", "Give", "Lay", "MoveTypeError", "Pass", "Play", "QuatreMove", "Seen",
    "format_move", "parse_move",
]



MAX_MOVE_TEXT = 40
"""The longest move text :func:`parse_move` reads (the longest move, ``give 12b``, has 8
characters; spaces around the parts are allowed).

>>> MAX_MOVE_TEXT
40
"""

SortKey = tuple[int, int, int]


class _SeenChain(Protocol):
    @property
    def level(self) -> int: ...


class _SeenGift(Protocol):
    @property
    def receiver(self) -> int: ...


class Seen(Protocol):
    """What a move's ``describe`` reads of a position: a
    :class:`~cau_rules.quatre.state.QuatreState` or a seat's
    :class:`~cau_rules.quatre.view.QuatreView` (public zones only)."""

    @property
    def chain(self) -> _SeenChain | None:
        """The pending chain."""

    @property
    def gift(self) -> _SeenGift | None:
        """The gift being paid."""






def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


@attrs.frozen
class Play(Described[Seen]):
    """On your turn, play ``card`` from your holding onto the table card ``target`` of
    the same rank (a *cau*).  With two table cards of that rank, ``target`` says which.

    >>> move = Play("3o", "3e")
    >>> str(move), move.sort_key()
    ('3o>3e', (0, 2, 26))
    """

    card: Card = attrs.field(converter=_card)
    target: Card = attrs.field(converter=_card)

    def sort_key(self) -> SortKey:
        """The canonical order of moves: kind, then card, then target.

        >>> Play("3o", "3e").sort_key() < Play("3c", "3e").sort_key()
        True
        """
        return (0, self.card.value, self.target.value)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: the card, the table card it pairs with, the call.

        >>> Play("5o", "5c").describe(None, "ca")
        "5 d'oros: fa parella amb 5 de copes de la taula i canta cau"
        """
        return TEXTS("move_play", lang, self.card.full_name(lang), self.target.full_name(lang))

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Add(Described[Seen]):
    """Add ``card`` to the pending chain (recau, then Sant Vicent): forced on a player
    who holds the chain's rank when the chain reaches them.

    >>> str(Add("5e")), Add("5e").sort_key()
    ('add 5e', (1, 28, 0))
    """

    card: Card = attrs.field(converter=_card)

    def sort_key(self) -> SortKey:
        """The canonical order of moves: kind, then card.

        >>> Add("5o").sort_key() < Add("5e").sort_key()
        True
        """
        return (1, self.card.value, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: the card and the call it makes (recau, Sant Vicent), read from
        the chain of *state* (recau without one).

        >>> Add("5e").describe(None, "es")
        '5 de espadas: se suma a la cadena y canta recau'
        """
        chain = state.chain if state is not None else None
        level = min(chain.level if chain is not None else 1, len(CALL_NAMES) - 1)
        return TEXTS("move_add", lang, self.card.full_name(lang), CALL_NAMES[level])

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Give(Described[Seen]):
    """Give ``card`` from your holding to the last caller of the chain you could not
    follow; one card per move, of the giver's choice.

    >>> str(Give("7e")), Give("7e").sort_key()
    ('give 7e', (2, 30, 0))
    """

    card: Card = attrs.field(converter=_card)

    def sort_key(self) -> SortKey:
        """The canonical order of moves: kind, then card.

        >>> Give("1o").sort_key()
        (2, 0, 0)
        """
        return (2, self.card.value, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words: the card and who receives it, read from the gift of *state*
        (the chain's last caller without one).

        >>> Give("7e").describe(None, "ca")
        "7 d'espases: per a qui ha cantat l'últim"
        """
        gift = state.gift if state is not None else None
        if gift is None:
            return TEXTS("move_give_chain", lang, self.card.full_name(lang))
        return TEXTS("move_give", lang, self.card.full_name(lang), seat_name(gift.receiver, lang, names))

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Draw(Described[Seen]):
    """On your turn with no card matching the table: draw the stock's top card; the
    turn ends (a drawn card that matches waits for your next turn).

    >>> str(Draw()), Draw().sort_key()
    ('draw', (3, 0, 0))
    """

    def sort_key(self) -> SortKey:
        """The canonical order of moves (a draw is always the only legal move).

        >>> Draw().sort_key()
        (3, 0, 0)
        """
        return (3, 0, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words.

        >>> Draw().describe(None, "en")
        'draws a card: nothing on the table matches'
        """
        return TEXTS("move_draw", lang)

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Pass(Described[Seen]):
    """On your turn with no card matching the table and an empty stock: do nothing.

    >>> str(Pass()), Pass().sort_key()
    ('pass', (4, 0, 0))
    """

    def sort_key(self) -> SortKey:
        """The canonical order of moves (a pass is always the only legal move).

        >>> Pass().sort_key()
        (4, 0, 0)
        """
        return (4, 0, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words.

        >>> Pass().describe(None, "es")
        'pasa: nada hace pareja y el mazo está vacío'
        """
        return TEXTS("move_pass", lang)

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Lay(Described[Seen]):
    """Lay ``card`` from your holding face up into the centre (D-FOUR-5): when the stock
    is empty and the centre is empty, or every player still in the game has passed in
    a row, the player to move lays four cards (all they hold if fewer), one per move.

    Within one lay the cards go down in deck order (by ``Card`` value), so only a card
    with enough higher cards held after it to finish the lay is legal.

    >>> str(Lay("5o")), Lay("5o").sort_key()
    ('lay 5o', (5, 4, 0))
    """

    card: Card = attrs.field(converter=_card)

    def sort_key(self) -> SortKey:
        """The canonical order of moves: kind, then card.

        >>> Lay("1o").sort_key() < Lay("2o").sort_key()
        True
        """
        return (5, self.card.value, 0)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words.

        >>> Lay("5o").describe(None, "ca")
        "5 d'oros: al centre"
        """
        return TEXTS("move_lay", lang, self.card.full_name(lang))

    def __str__(self) -> str:
        return format_move(self)


QuatreMove = Play | Add | Give | Draw | Pass | Lay
"""Any move of the four-card game.

>>> isinstance(Draw(), QuatreMove)
True
"""


def format_move(move: QuatreMove) -> str:
    """The text of a move: ``<card>><table card>``, ``add <card>``, ``give <card>``,
    ``draw``, ``pass`` or ``lay <card>``.

    >>> format_move(Play("12b", "12o")), format_move(Give("1c"))
    ('12b>12o', 'give 1c')
    """
    if isinstance(move, Play):
        return f"{move.card.code}>{move.target.code}"
    if isinstance(move, Add):
        return f"add {move.card.code}"
    if isinstance(move, Give):
        return f"give {move.card.code}"
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Lay):
        return f"lay {move.card.code}"
    raise TypeError(f"move must be a move of the four-card game, not {type(move).__name__}")


_HELP = "write e.g. '5o>5c', 'add 5e', 'give 7e', 'draw', 'pass' or 'lay 5o'"


def parse_move(text: str) -> QuatreMove:
    """The move written *text*, as :func:`format_move` writes it.

    Raises:
        InvalidNotationError: the text is no move (or longer than :data:`MAX_MOVE_TEXT`).
        TypeError: *text* is not a str.

    >>> parse_move("add 11c"), parse_move("pass")
    (Add(card=<Card.C11: 22>), Pass())
    >>> parse_move("5o")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: unknown move '5o': write e.g. '5o>5c', 'add 5e', 'give 7e', 'draw', 'pass' or 'lay 5o'
    """
    check_type(text, str, "text")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidNotationError(f"a move is at most {MAX_MOVE_TEXT} characters long, not {len(text)}: "
                                   f"{text[:20]!r}...")
    raw = text.strip().lower()
    if raw == "draw":
        return Draw()
    if raw == "pass":
        return Pass()
    if ">" in raw:
        played, _, target = raw.partition(">")
        return Play(_parse_card(played, text), _parse_card(target, text))
    word, _, rest = raw.partition(" ")
    if word in ("add", "give", "lay") and rest.strip():
        card = _parse_card(rest, text)
        return Add(card) if word == "add" else Give(card) if word == "give" else Lay(card)
    raise InvalidNotationError(f"unknown move {text!r}: {_HELP}")


def _parse_card(part: str, text: str) -> Card:
    try:
        return Card.parse(part)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad card in move {text!r}: {exc}") from None
