"""What one seat may see of a four-card game (D-VIEW-1, D-VIEW-2).

A view shows the seat's own holding, the table, the chain zone, every holding's size,
the cards of other holdings the seat knows (taken from a chain: known to all until their
holder gives a card; gifts it gave and what it still knows after receiving a gift: known
to it), the stock size, who is out, and the events of the last move with other seats'
private cards hidden.  Never the stock order, never another unknown card.

>>> from cau_rules.quatre import QUATRE, new_quatre_game
>>> view = new_quatre_game(QUATRE, 3, seed=4).observe(2)
>>> view.seat, view.holding_sizes, view.stock_size, view.known[:2], view.known[2] == view.holding
(2, (4, 4, 4), 24, ((), ()), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.outcome import Outcome
from cau_rules.quatre.events import QuatreEvent, hide_event
from cau_rules.quatre.moves import QuatreMove
from cau_rules.quatre.state import PendingGift, PendingLay, Phase, QuatreChain, _check_seat

if TYPE_CHECKING:
    from cau_rules.quatre.state import QuatreState

__all__ = ["QuatreView", "view_of"]


@attrs.frozen
class QuatreView:
    """One seat's view of a four-card game.

    ``known[other]`` lists the cards of *other*'s holding this seat knows (for its own
    seat: the whole holding).  ``lay`` is the lay into a dead centre under way, and
    ``turns_after_stock`` counts the turns toward the safety bound (both public).
    ``legal_moves`` is filled in only when it is this seat's move.

    >>> from cau_rules.quatre import QUATRE, QuatreState
    >>> state = QuatreState.from_position(QUATRE, 2, table="7o", holdings=["5o 1b", "2c 2e 3c"],
    ...                                   known=["", "2e"])
    >>> view = state.observe(0)
    >>> cards_text(view.holding), [cards_text(k) for k in view.known], [str(m) for m in view.legal_moves]
    ('5o 1b', ['5o 1b', '2e'], ['draw'])
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
    rules: Any = attrs.field(default=None, eq=False, repr=False)

    def visible_cards(self) -> set[Card]:
        """Every card this view shows, wherever it lies.

        >>> from cau_rules.quatre import QUATRE, new_quatre_game
        >>> len(new_quatre_game(QUATRE, 2, seed=5).observe(0).visible_cards())
        8
        """
        seen: set[Card] = set(self.holding) | set(self.table)
        if self.chain is not None:
            seen.update(self.chain.all_cards)
        for cards in self.known:
            seen.update(cards)
        return seen

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data.

        >>> from cau_rules.quatre import QUATRE, new_quatre_game
        >>> new_quatre_game(QUATRE, 2, seed=5).observe(1).to_dict()["legal_moves"]
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


def view_of(state: QuatreState, seat: int) -> QuatreView:
    """The view of *seat* (see :class:`QuatreView`).

    >>> from cau_rules.quatre import QUATRE, new_quatre_game
    >>> view_of(new_quatre_game(QUATRE, 2), 2)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidPositionError: seat must be from 0 to 1, not 2
    """
    _check_seat(seat, state.players)
    return QuatreView(
        seat=seat,
        variant=state.rules.name,
        players=state.players,
        phase=state.phase,
        to_play=state.to_play,
        starter=state.starter,
        holding=state.holdings[seat],
        holding_sizes=state.holding_sizes(),
        known=state.known_to(seat),
        table=state.table,
        chain=state.chain,
        gift=state.gift,
        lay=state.lay,
        stock_size=len(state.stock),
        out=state.out,
        passes=state.passes,
        turns_after_stock=state.turns_after_stock,
        events=tuple(hide_event(event, seat) for event in state.events),
        legal_moves=state.legal_moves() if seat == state.to_play and not state.is_over else (),
        outcome=state.outcome(),
        rules=state.rules,
    )
