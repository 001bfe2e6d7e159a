"""Moves of the capture family and their text notation.

A :class:`Play` says everything the player chooses: the card, how many run units it
takes after the match, which pile at each rank where several piles could be taken,
and (only under ``explicit_calls``) which calls are announced.  :class:`Declare`
answers the ronda declaration phase of ``explicit_calls``.

Every move says itself in words, in any language: ``move.describe(state, lang, names=...)``
(:class:`~cau_rules.i18n.Described`; each move's ``words`` writes its sentence).

>>> from cau_rules.fishing.moves import Play, parse_move
>>> move = parse_move("8o+1")
>>> move
Play(card=<Card.O8: 7>, run=1, piles=(), calls=frozenset())
>>> str(move)
'8o+1'
>>> str(parse_move("3c+2@1!cau"))
'3c+2@1!cau'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

import attrs

from cau_rules.cards import Card
from cau_rules.checks import MAX_DIGITS
from cau_rules.errors import InvalidNotationError, MoveTypeError
from cau_rules.fishing.texts import TEXTS
from cau_rules.i18n import Described, Lang, join_words, seat_name

__all__ = [
    "GAME",
    "JOC",
    "MAX_MOVE_TEXT",
    "Accept",
    "Bid",
    "Call",
    "Declare",
    "FishingMove",
    "MoveTypeError",
    "Play",
    "Refuse",
    "Seen",
    "StakeValue",
    "format_move",
    "parse_move",
    "stake_rank",
]


MAX_MOVE_TEXT = 200
"""The longest move text :func:`parse_move` reads (the longest real move is far shorter)."""

_DIGITS = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")
_SMALL = re.compile(r"[0-9]{1,2}")




class Call(enum.Enum):
    """Something a player calls out, and is paid for.

    >>> Call.parse("recau")
    <Call.RECAU: 'recau'>
    """

    CAU = "cau"
    RECAU = "recau"
    CONTRACAU = "contracau"
    NETA = "neta"
    RONDA = "ronda"
    RONDI = "rondi"
    SANT_VICENT = "sant-vicent"

    @classmethod
    def parse(cls, text: str) -> Call:
        """The call named *text* (``rondí`` may be written with or without the accent)."""
        key = text.strip().lower().replace("í", "i").replace(" ", "-")
        for call in cls:
            if call.value == key:
                return call
        names = ", ".join(call.value for call in cls)
        raise InvalidNotationError(f"unknown call {text!r}; calls are: {names}")


CHAIN_CALLS: tuple[Call, ...] = (Call.CAU, Call.RECAU, Call.CONTRACAU)
"""The call made by the 2nd, 3rd and 4th card of a chain (the Valencian game names the
4th *Sant Vicent*)."""


def _card(value: Card | str) -> Card:
    return Card.parse(value)


def _seats(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _calls(value: Iterable[Call | str]) -> frozenset[Call]:
    return frozenset(Call.parse(c) if isinstance(c, str) else c for c in value)


class _SeenDeck(Protocol):
    def successor_table(self, wrap: bool) -> tuple[int, ...]: ...


class _SeenRules(Protocol):
    @property
    def deck(self) -> _SeenDeck: ...

    @property
    def wrap(self) -> bool: ...

    @property
    def chain_calls(self) -> tuple[Call, ...]: ...


class _SeenChain(Protocol):
    @property
    def rank(self) -> int: ...

    @property
    def level(self) -> int: ...

    @property
    def run(self) -> tuple[tuple[int, int], ...]: ...


class Seen(Protocol):
    """What :meth:`Play.describe` reads of a position: a
    :class:`~cau_rules.fishing.state.FishingState` or a seat's
    :class:`~cau_rules.fishing.view.FishingView` (only public zones are read)."""

    @property
    def rules(self) -> _SeenRules | None:
        """The rules being played."""

    @property
    def to_play(self) -> int:
        """The seat to move."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The table."""

    @property
    def chain(self) -> _SeenChain | None:
        """The pending chain."""

    @property
    def trail(self) -> tuple[int, Card] | None:
        """The card trailed in the preceding turn."""


def _rank_words(rank: int, lang: Lang) -> str:
    return TEXTS("move_rank_vowel" if rank in (1, 11) else "move_rank", lang, rank)


@attrs.frozen(order=False, cache_hash=True)
class Play(Described[Seen]):
    """Play ``card`` from the holding.

    - ``run``: run units taken after the match (0 for none, or for a trail).
    - ``piles``: the seat whose pile is taken, for each run unit that is a pile, in
      run order.
    - ``calls``: the announcements made with the move (only under ``explicit_calls``;
      otherwise every call is made automatically and this stays empty).

    >>> Play(Card.parse("3o"), run=2, piles=(1,))
    Play(card=<Card.O3: 2>, run=2, piles=(1,), calls=frozenset())
    """

    card: Card = attrs.field(converter=_card)
    run: int = 0
    piles: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    calls: frozenset[Call] = attrs.field(default=frozenset(), converter=_calls)

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order of moves: card, run length, piles, calls."""
        return (self.card.value, self.run, self.piles, tuple(sorted(c.value for c in self.calls)))

    def run_units(self, state: Seen) -> tuple[tuple[int, int], ...]:
        """What the run of this play takes in *state* (a position or a seat's view), in
        run order: ``(rank, seat)`` per unit, seat -1 for a table card, else the seat whose
        pile is taken (the plan the move generator gives the move).

        >>> from cau_rules.fishing.rules import CAU
        >>> from cau_rules.fishing.state import FishingState
        >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o", holdings=["7c 2b", "1b 4e"])
        >>> parse_move("7c+2").run_units(state)
        ((8, -1), (9, -1))
        """
        chain = state.chain
        rules = state.rules
        on_table = {card.rank for card in state.table}
        if chain is not None and self.card.rank != chain.rank:
            # the chain is completed first (D-CHAIN-2): its claimed run leaves the table
            on_table -= {rank for rank, seat in chain.run if seat < 0}
        succ = rules.deck.successor_table(rules.wrap) if rules is not None else ()
        piles = iter(self.piles)
        units: list[tuple[int, int]] = []
        step = self.card.rank
        for _ in range(self.run):
            step = succ[step] if succ else step % 12 + 1
            units.append((step, -1) if step in on_table else (step, next(piles, -1)))
        return tuple(units)

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The move in words, as a player would say it: the card, what it takes (the
        matching card, the run, whose pile), the chain it joins and what it calls; read
        from *state*, which a play needs.

        >>> from cau_rules.fishing.rules import CAU
        >>> from cau_rules.fishing.state import FishingState
        >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o", holdings=["7c 2b", "1b 4e"])
        >>> parse_move("7c+2").describe(state)
        '7 of cups: takes the 7, then the 8 and the 9'
        >>> parse_move("2b").describe(state, "ca")
        '2 de bastos: a la taula, sense endur-se res'
        """
        if state is None:
            raise TypeError("a play is described in the position it is played in: pass the state or the seat's view")
        card_name = self.card.full_name(lang)
        chain = state.chain
        rules = state.rules
        on_table = {card.rank for card in state.table}
        if chain is not None and self.card.rank == chain.rank:
            extends = True
            level = chain.level + 1
        else:
            extends = False
            level = 2
            if chain is not None:  # the chain is completed first (D-CHAIN-2): its run leaves the table
                on_table -= {rank for rank, seat in chain.run if seat < 0}
        rank = self.card.rank
        calls = list(self.calls)
        if extends:
            key = "move_chain_of_vowel" if rank in (1, 11) else "move_chain_of"
            text = TEXTS("move_chain", lang, card_name, TEXTS(key, lang, rank))
        elif rank in on_table:
            text = TEXTS("move_take", lang, card_name, _rank_words(rank, lang))
            trail = state.trail
            if trail is not None and trail[1].rank == rank and rules is not None and rules.chain_calls:
                extends = True
        else:
            return TEXTS("move_trail", lang, card_name)
        if extends and rules is not None and level - 2 < len(rules.chain_calls):
            chained = rules.chain_calls[level - 2]
            if chained not in calls:
                calls.insert(0, chained)
        if self.run:
            units: list[str] = []
            for step, owner in self.run_units(state):
                if owner < 0:
                    units.append(_rank_words(step, lang))
                else:
                    key = "move_pile" if names is None else "move_pile_name"
                    units.append(TEXTS(key, lang, seat_name(owner, lang, names), _rank_words(step, lang)))
            joined = join_words(units, lang)
            text += TEXTS("move_claiming" if chain is not None and self.card.rank == chain.rank else "move_then",
                          lang, joined)
        if calls:
            ordered = sorted(calls, key=lambda call: list(Call).index(call))
            text += TEXTS("move_calling", lang, join_words([call.value for call in ordered], lang))
        return text

    def __str__(self) -> str:
        return format_move(self)


@attrs.frozen
class Declare(Described[Seen]):
    """In the ronda declaration phase: declare ``call`` (ronda or rondí), or pass (None).

    >>> str(Declare(Call.RONDA)), str(Declare(None))
    ('ronda', 'pass')
    """

    call: Call | None = None

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order: pass first, then ronda, then rondí."""
        order = {None: 0, Call.RONDA: 1, Call.RONDI: 2}
        return (100 + order.get(self.call, 3), 0, (), ())

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The declaration in words.

        >>> Declare(Call.RONDA).describe(None, "es"), Declare(None).describe(None, "ca")
        ('declara ronda', 'passa sense declarar')
        """
        if self.call is None:
            return TEXTS("move_no_declare", lang)
        return TEXTS("move_declare", lang, self.call.value)

    def __str__(self) -> str:
        return format_move(self)


GAME = None
"""The stake "game": the *partida* (a bid of :class:`Bid` with ``stones=None``)."""

JOC: Literal["joc"] = "joc"
"""The stake "joc": the whole *joc* of several partides (``Bid(JOC)``, written ``bid
joc``); open only when ``partides_to_win`` > 1."""

StakeValue = int | None | Literal["joc"]
"""What a bid stakes: a number of stones, :data:`GAME` (None) or :data:`JOC`."""


def _stake_value(value: object) -> StakeValue:
    """*value* if it is a stake: a whole number of stones (an ``int``, not a bool or a
    float, as a Cacho amount), :data:`GAME` or :data:`JOC`."""
    if value is None or (isinstance(value, str) and value == JOC) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"a bid's stones must be int, None (the game) or 'joc', not {type(value).__name__}")


@attrs.frozen
class Bid(Described[Seen]):
    """Valencian ronda stake: bid (or raise to) ``stones``, the partida (:data:`GAME`,
    None) or, when several partides make a joc, the whole joc (:data:`JOC`).  Bids rank
    number < game < joc.

    A number of stones is an ``int``: ``Bid(5.0)`` is a :class:`TypeError`, so a bid in a
    move list, its index and its equality follow one rule.

    >>> str(Bid(5)), str(Bid(GAME)), str(Bid(JOC))
    ('bid 5', 'bid game', 'bid joc')
    >>> Bid(5.0)
    Traceback (most recent call last):
    ...
    TypeError: a bid's stones must be int, None (the game) or 'joc', not float
    """

    stones: StakeValue = attrs.field(converter=_stake_value)

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """The canonical order: numbers upwards, then game, then joc."""
        return (200, stake_rank(self.stones), (), ())

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The bid in words.

        >>> Bid(3).describe(None, "ca"), Bid(GAME).describe(None, "es"), Bid(JOC).describe()
        ('envida 3 pedres', 'envida la partida', 'bids the joc')
        """
        if self.stones is None:
            return TEXTS("move_bid_game", lang)
        if self.stones == JOC:
            return TEXTS("move_bid_joc", lang)
        return TEXTS.count("move_bid", self.stones, lang)

    def __str__(self) -> str:
        return format_move(self)


def stake_rank(value: StakeValue) -> int:
    """The rank of a stake, for comparing bids: number < game < joc.

    Args:
        value: a number of stones, :data:`GAME` or :data:`JOC`.

    Returns:
        The number itself, or a rank above every number for the game and above that
        for the joc.

    >>> stake_rank(40) < stake_rank(GAME) < stake_rank(JOC)
    True
    """
    if value is None:
        return 10_000
    if value == JOC:
        return 10_001
    return value


@attrs.frozen
class Accept(Described[Seen]):
    """Valencian ronda stake: accept the bid on the table (the holdings are shown).

    >>> str(Accept())
    'accept'
    """

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """Accept sorts after every bid."""
        return (300, 0, (), ())

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The answer in words.

        >>> Accept().describe(None, "ca")
        "accepta l'envit: es mostren les cartes"
        """
        return TEXTS("move_accept", lang)

    def __str__(self) -> str:
        return "accept"


@attrs.frozen
class Refuse(Described[Seen]):
    """Valencian ronda stake: refuse the bid on the table.

    >>> str(Refuse())
    'refuse'
    """

    def sort_key(self) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
        """Refuse sorts last."""
        return (301, 0, (), ())

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """The answer in words.

        >>> Refuse().describe(None, "es")
        'no quiere el envite'
        """
        return TEXTS("move_refuse", lang)

    def __str__(self) -> str:
        return "refuse"


FishingMove = Play | Declare | Bid | Accept | Refuse
"""Any move of the capture family."""


def format_move(move: FishingMove) -> str:
    """The text of a move: ``<card>[+<run>][@<seat>,...][!<call>...]``, or ``pass``,
    ``ronda``, ``rondi`` for declarations.

    >>> format_move(Play(Card.parse("5e"), run=3, piles=(2, 0)))
    '5e+3@2,0'
    """
    if isinstance(move, Declare):
        return "pass" if move.call is None else move.call.value
    if isinstance(move, Bid):
        return "bid game" if move.stones is None else f"bid {move.stones}"
    if isinstance(move, (Accept, Refuse)):
        return str(move)
    text = move.card.code
    if move.run:
        text += f"+{move.run}"
    if move.piles:
        text += "@" + ",".join(str(seat) for seat in move.piles)
    for call in sorted(move.calls, key=lambda c: list(Call).index(c)):
        text += "!" + call.value
    return text


def parse_move(text: str) -> FishingMove:
    """The move written *text*, as :func:`format_move` writes it.

    >>> parse_move("pass"), parse_move("12b")
    (Declare(call=None), Play(card=<Card.B12: 47>, run=0, piles=(), calls=frozenset()))
    >>> parse_move("12b+x")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidNotationError: bad run length in '12b+x': write e.g. '8o+2'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text like '8o+1', not {text!r:.40}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidNotationError(f"a move's text is at most {MAX_MOVE_TEXT} characters, not {len(text)}")
    raw = text.strip().lower()
    if raw in ("pass", "ronda", "rondi", "rondí"):
        return Declare(None if raw == "pass" else Call.parse(raw))
    if raw == "accept":
        return Accept()
    if raw == "refuse":
        return Refuse()
    if raw.startswith("bid"):
        amount = raw[3:].strip()
        if amount == "game":
            return Bid(GAME)
        if amount == JOC:
            return Bid(JOC)
        if not _DIGITS.fullmatch(amount):
            raise InvalidNotationError(f"bad bid {text!r:.40}: write 'bid 5', 'bid game' or 'bid joc'")
        return Bid(int(amount))
    head, *call_parts = raw.split("!")
    calls = frozenset(Call.parse(part) for part in call_parts)
    piles: tuple[int, ...] = ()
    if "@" in head:
        head, pile_text = head.split("@", 1)
        parts = pile_text.split(",")
        if len(parts) > 12 or not all(_SMALL.fullmatch(part) for part in parts):
            raise InvalidNotationError(f"bad pile seats in {text!r:.40}: write e.g. '3o+2@1'")
        piles = tuple(int(part) for part in parts)
    run = 0
    if "+" in head:
        head, run_text = head.split("+", 1)
        if not _SMALL.fullmatch(run_text):
            raise InvalidNotationError(f"bad run length in {text!r:.40}: write e.g. '8o+2'")
        run = int(run_text)
    return Play(Card.parse(head), run=run, piles=piles, calls=calls)
