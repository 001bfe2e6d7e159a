"""What one seat may see of a four-card game (D-VIEW-1, D-VIEW-2).

A view shows the seat's own holding, the table, the chain zone, every holding's size,
the cards of other holdings the seat knows (taken from a chain: known to all until their
holder gives a card; gifts it gave and what it still knows after receiving a gift: known
to it), the stock size, who is out, and the events of the last move with other seats'
private cards hidden.  Never the stock order, never another unknown card.

>>> from cau_rules.quatre import QUATRE, new_game
>>> view = new_game(QUATRE, 3, seed=4).observe(2)
>>> view.seat, view.holding_sizes, view.stock_size, view.known[:2], view.known[2] == view.holding
(2, (4, 4, 4), 24, ((), ()), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.checks import check_type
from cau_rules.errors import InvalidPositionError
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome
from cau_rules.quatre.events import QuatreEvent, hide_event
from cau_rules.quatre.moves import QuatreMove
from cau_rules.quatre.notation import view_notation
from cau_rules.quatre.picture import svg_view
from cau_rules.quatre.render import render_text
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.zones import PendingGift, PendingLay, Phase, QuatreChain
from cau_rules.svg import SvgOptions

__all__ = ["QuatreView", "check_seat", "known_to", "view_of"]


@attrs.frozen(kw_only=True)
class QuatreView:
    """One seat's view of a four-card game.

    ``known[other]`` lists the cards of *other*'s holding this seat knows (for its own
    seat: the whole holding).  ``lay`` is the lay into a dead centre under way, and
    ``turns_after_stock`` counts the turns toward the safety bound (both public).
    ``legal_moves`` is filled in only when it is this seat's move.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="7o 10b 11b", holdings=["5o 1b 2b 3b",
    ...                                   "2c 2e 3c 4c 6c 6e"], known=["", "2c 2e"])
    >>> view = state.observe(0)
    >>> cards_text(view.holding), [cards_text(k) for k in view.known], [str(m) for m in view.legal_moves]
    ('5o 1b 2b 3b', ['5o 1b 2b 3b', '2c 2e'], ['draw'])
    >>> view.is_over, view.outcome is None
    (False, True)
    """

    seat: int
    variant: str
    players: int
    phase: Phase
    to_play: int
    starter: int
    holding: tuple[Card, ...]
    holding_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    chain: QuatreChain | None
    gift: PendingGift | None
    lay: PendingLay | None
    stock_size: int
    out: tuple[int, ...]
    passes: int
    turns_after_stock: int
    events: tuple[QuatreEvent, ...]
    legal_moves: tuple[QuatreMove, ...]
    outcome: Outcome | None
    rules: QuatreRules | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def visible_cards(self) -> set[Card]:
        """Every card this view shows, wherever it lies.

        >>> from cau_rules.quatre import QUATRE, new_game
        >>> len(new_game(QUATRE, 2, seed=5).observe(0).visible_cards())
        8
        """
        seen: set[Card] = set(self.holding) | set(self.table)
        if self.chain is not None:
            seen.update(self.chain.all_cards)
        for cards in self.known:
            seen.update(cards)
        return seen

    def to_notation(self) -> str:
        """The view in the per-seat form of the one-line notation (see
        :mod:`cau_rules.quatre.notation`): the stock and the cards this seat does not
        know as ``?count``.

        >>> from cau_rules.quatre import QUATRE, new_game
        >>> new_game(QUATRE, 2, seed=5).observe(0).to_notation()
        'turn 0 0 ?28 11c,10c,5b,12e 4c,6e,7b,3b/?4 - - - - 0 0 - @0'
        """
        return view_notation(self)

    def svg(self, *, options: SvgOptions | None = None, bottom: int | None = None, lang: Lang | None = None) -> str:
        """A picture of this view as an SVG document (see
        :func:`cau_rules.quatre.picture.svg_view`).

        >>> from cau_rules.quatre import QUATRE, new_game
        >>> new_game(QUATRE, 2, seed=5).observe(0).svg().count('class="card"')
        8
        """
        return svg_view(self, options=SvgOptions.of(options, lang), bottom=bottom)

    def _repr_svg_(self) -> str:
        """The picture notebooks show (Jupyter calls this)."""
        return svg_view(self)

    def __str__(self) -> str:
        """The text screen of this view in English (:func:`cau_rules.quatre.render.render_text`)."""
        return render_text(self)

    def render(self, lang: Lang = "en") -> str:
        """The text screen of this view in *lang* (:func:`cau_rules.quatre.render.render_text`).

        >>> from cau_rules.quatre import QUATRE, new_game
        >>> print(new_game(QUATRE, 2, seed=5).observe(0).render("ca").splitlines()[0])
        === cau-quatre · juga seient 0 (tu) · torn ===
        """
        return render_text(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data.

        >>> from cau_rules.quatre import QUATRE, new_game
        >>> new_game(QUATRE, 2, seed=5).observe(1).to_dict()["legal_moves"]
        []
        """
        chain = self.chain
        gift = self.gift
        outcome = self.outcome
        return {
            "seat": self.seat,
            "variant": self.variant,
            "players": self.players,
            "phase": self.phase,
            "to_play": self.to_play,
            "starter": self.starter,
            "holding": cards_text(self.holding),
            "holding_sizes": list(self.holding_sizes),
            "known": [cards_text(k) for k in self.known],
            "table": cards_text(self.table),
            "chain": None if chain is None else {
                "target": chain.target.code,
                "cards": [[seat, card.code] for seat, card in chain.cards],
            },
            "gift": None if gift is None else {
                "giver": gift.giver, "receiver": gift.receiver, "owed": gift.owed, "level": gift.level,
            },
            "lay": None if self.lay is None else {
                "owed": self.lay.owed, "after": None if self.lay.after is None else self.lay.after.code,
            },
            "stock_size": self.stock_size,
            "out": list(self.out),
            "passes": self.passes,
            "turns_after_stock": self.turns_after_stock,
            "events": [str(event) for event in self.events],
            "legal_moves": [str(move) for move in self.legal_moves],
            "outcome": None if outcome is None else outcome.to_dict(),
        }


def check_seat(seat: object, players: int) -> None:
    """Raise InvalidPositionError unless *seat* is a seat of a game of *players*
    (TypeError unless it is an int).

    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: seat must be from 0 to 1, not 2
    """
    check_type(seat, int, "seat")
    assert isinstance(seat, int)
    if not 0 <= seat < players:
        raise InvalidPositionError(f"seat must be from 0 to {players - 1}, not {seat!r}")


def known_to(
    seat: int,
    holdings: Sequence[tuple[Card, ...]],
    known: Sequence[tuple[Card, ...]],
    private: Sequence[tuple[int, int, Card]],
) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards of its holding that *seat* knows (D-VIEW-1, D-VIEW-2,
    D-FOUR-3): its own whole holding; in the others', the cards *known* to all (taken
    from a chain, until the holder gives a card) and those *seat* knows privately (the
    *private* records ``(knower, holder, card)``), while they stay there.

    >>> from cau_rules.cards import parse_cards
    >>> known_to(1, (parse_cards("5o 1b"), parse_cards("2c")), (parse_cards("5o"), ()), ())
    ((<Card.O5: 4>,), (<Card.C2: 13>,))
    """
    out: list[tuple[Card, ...]] = []
    for other, holding in enumerate(holdings):
        if other == seat:
            out.append(holding)
            continue
        mine = set(known[other])
        mine.update(card for knower, holder, card in private if knower == seat and holder == other)
        out.append(tuple(card for card in holding if card in mine))
    return tuple(out)


def view_of(
    seat: int,
    *,
    rules: QuatreRules,
    players: int,
    phase: Phase,
    to_play: int,
    starter: int,
    stock: Sequence[Card],
    table: tuple[Card, ...],
    holdings: tuple[tuple[Card, ...], ...],
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    known: Sequence[tuple[Card, ...]],
    private: Sequence[tuple[int, int, Card]],
    out: tuple[int, ...],
    passes: int,
    turns_after_stock: int,
    events: Sequence[QuatreEvent],
    legal_moves: tuple[QuatreMove, ...],
    outcome: Outcome | None,
) -> QuatreView:
    """The view of *seat* of the position with these field values (see :class:`QuatreView`);
    *legal_moves* are the moves of the seat to play.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> new_game(QUATRE, 2).observe(2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: seat must be from 0 to 1, not 2
    """
    check_seat(seat, players)
    return QuatreView(
        seat=seat,
        variant=rules.name,
        players=players,
        phase=phase,
        to_play=to_play,
        starter=starter,
        holding=holdings[seat],
        holding_sizes=tuple(len(holding) for holding in holdings),
        known=known_to(seat, holdings, known, private),
        table=table,
        chain=chain,
        gift=gift,
        lay=lay,
        stock_size=len(stock),
        out=out,
        passes=passes,
        turns_after_stock=turns_after_stock,
        events=tuple(hide_event(event, seat) for event in events),
        legal_moves=legal_moves if seat == to_play and phase != "over" else (),
        outcome=outcome,
        rules=rules,
    )
