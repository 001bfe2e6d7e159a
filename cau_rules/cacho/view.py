"""What one seat may see of a *Cacho* session (RULES D-VIEW-1).

A :class:`CachoView` holds the seat's own cards, how many cards everybody holds, the
stock size, every stack and bet, and the public events of the last move: never another
player's cards (except those shown at a showdown, in its event), the stock order, the
supplied deck orders or the seed.  :func:`view_of` builds it from a position's fields.

>>> from cau_rules.cacho import CACHO, new_game
>>> view = new_game(CACHO, 3, seed=2).observe(1)
>>> view.seat, view.variant, len(view.holding), view.holding_sizes, view.stock_size
(1, 'cacho', 1, (1, 1, 1), 21)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cau_rules.cacho.engine import outcome_of
from cau_rules.cacho.events import CachoEvent, event_to_dict
from cau_rules.cacho.legal import bet_range, legal_moves, raise_range
from cau_rules.cacho.moves import CachoMove
from cau_rules.cacho.notation import hand_text, numbers_text, seats_text, turn_text, zone_text
from cau_rules.cacho.picture import svg_view
from cau_rules.cacho.render import render_text
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position
from cau_rules.cards import Card, cards_text
from cau_rules.checks import check_type
from cau_rules.errors import InvalidPositionError
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome
from cau_rules.svg import SvgOptions

__all__ = ["CachoView", "view_of"]


@attrs.frozen(kw_only=True)
class CachoView:
    """One seat's view of a Cacho position.

    - ``seat``, ``variant`` (the preset name), ``players``, ``rules``.
    - ``hand``, ``redeal``, ``dealer``, ``round``, ``to_play``, ``is_over``, ``outcome``
      (None until the session is over).
    - ``holding``: the seat's own cards; ``holding_sizes``: how many cards each seat
      holds; ``stock_size``: the undealt cards.
    - ``stacks``, ``contributions``, ``round_bets``, ``dealt_in``, ``folded``,
      ``to_act``: as in the state, one entry per seat.
    - ``legal_moves`` (every amount, lazily), ``bet_range``, ``raise_range``: filled in
      only for the seat to play (empty / None for the others).
    - ``events``: the events of the last move (all public in Cacho).

    >>> from cau_rules.cacho import CACHO, new_game
    >>> view = new_game(CACHO, 2).apply("bet 1").observe(1)
    >>> view.pot, [str(move) for move in view.legal_moves]
    (1, ['fold', 'call'])
    """

    seat: int
    variant: str
    players: int
    hand: int
    redeal: int
    dealer: int
    round: int
    to_play: int
    is_over: bool
    outcome: Outcome | None
    holding: tuple[Card, ...]
    holding_sizes: tuple[int, ...]
    stock_size: int
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    round_bets: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    folded: tuple[bool, ...]
    to_act: tuple[bool, ...]
    legal_moves: Sequence[CachoMove]
    bet_range: tuple[int, int] | None
    raise_range: tuple[int, int] | None
    events: tuple[CachoEvent, ...]
    rules: CachoRules = attrs.field(eq=False, repr=False)

    def visible_cards(self) -> tuple[Card, ...]:
        """The cards of the card zones this seat sees: its own holding only (there is no
        table).  Cards shown at a showdown are in the
        :class:`~cau_rules.cacho.events.Showdown` event instead.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> state = new_game(CACHO, 2, seed=2)
        >>> state.observe(0).visible_cards() == state.holdings[0]
        True
        """
        return self.holding

    @property
    def pot(self) -> int:
        """The counters in the pot."""
        return sum(self.contributions)

    def to_notation(self) -> str:
        """The view on one line, in the grammar of :mod:`cau_rules.cacho.notation`, with
        what the seat cannot see left out: other holdings and the stock as counts
        (``?3``), and ``@`` with the viewing seat in place of the seed and deck orders.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1).apply("bet 1").observe(1).to_notation()
        '?1/5o ?22 19/20 1/0 1/0 aA 1 1 1 1 @1'
        """
        zones = [zone_text(self.holding) if seat == self.seat else (f"?{size}" if size else "-")
                 for seat, size in enumerate(self.holding_sizes)]
        termination = None if self.outcome is None else self.outcome.termination
        return " ".join([
            "/".join(zones),
            f"?{self.stock_size}" if self.stock_size else "-",
            numbers_text(self.stacks),
            numbers_text(self.contributions),
            numbers_text(self.round_bets),
            seats_text(self.dealt_in, self.folded, self.to_act),
            turn_text(self.to_play, termination),
            str(self.round),
            hand_text(self.hand, self.redeal),
            str(self.dealer),
            f"@{self.seat}",
        ])

    def __str__(self) -> str:
        """The text screen of the view in English (:func:`~cau_rules.cacho.render.render_text`)."""
        return render_text(self)

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the view in *lang* (:func:`~cau_rules.cacho.render.render_text`).

        >>> from cau_rules.cacho import CACHO, new_game
        >>> new_game(CACHO, 2, seed=1).observe(1).render("ca").splitlines()[1]
        'Les teves:   5o'
        """
        return render_text(self, lang)

    def svg(self, *, options: SvgOptions | None = None, bottom: int | None = None, lang: Lang | None = None) -> str:
        """A picture of the view (:func:`~cau_rules.cacho.picture.svg_view`), its labels in *lang*.

        >>> from cau_rules.cacho import CACHO, new_game
        >>> "seient 1 (tu)" in new_game(CACHO, 2, seed=1).observe(1).svg(lang="ca")
        True
        """
        return svg_view(self, options=SvgOptions.of(options, lang), bottom=bottom)

    def _repr_svg_(self) -> str:
        """The picture of the view, for notebooks (:func:`~cau_rules.cacho.picture.svg_view`)."""
        return svg_view(self)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (the holding as one space-separated string, every
        legal move as text).

        >>> from cau_rules.cacho import CACHO, new_game
        >>> data = new_game(CACHO, 2, seed=1).observe(0).to_dict()
        >>> data["holding"], data["legal_moves"], data["outcome"]
        ('2e', ['pass', 'bet 1'], None)
        """
        return {
            "seat": self.seat,
            "variant": self.variant,
            "players": self.players,
            "hand": self.hand,
            "redeal": self.redeal,
            "dealer": self.dealer,
            "round": self.round,
            "to_play": self.to_play,
            "is_over": self.is_over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "holding": cards_text(self.holding),
            "holding_sizes": list(self.holding_sizes),
            "stock_size": self.stock_size,
            "stacks": list(self.stacks),
            "contributions": list(self.contributions),
            "round_bets": list(self.round_bets),
            "dealt_in": list(self.dealt_in),
            "folded": list(self.folded),
            "to_act": list(self.to_act),
            "legal_moves": [str(move) for move in self.legal_moves],
            "bet_range": None if self.bet_range is None else list(self.bet_range),
            "raise_range": None if self.raise_range is None else list(self.raise_range),
            "events": [event_to_dict(event) for event in self.events],
        }


def view_of(position: Position, seat: int) -> CachoView:
    """What *seat* may see of *position* (D-VIEW-1): its own cards only.

    Raises:
        TypeError: *seat* is not an int.
        InvalidPositionError: *seat* is not a seat of the position.
    """
    players = len(position.stacks)
    check_type(seat, int, "seat")
    if not 0 <= seat < players:
        raise InvalidPositionError(f"there is no seat {seat!r}: seats are 0 to {players - 1}")
    over = position.termination is not None
    mine = seat == position.to_play and not over
    return CachoView(
        seat=seat,
        variant=position.rules.name,
        players=players,
        hand=position.hand,
        redeal=position.redeal,
        dealer=position.dealer,
        round=position.round,
        to_play=position.to_play,
        is_over=over,
        outcome=outcome_of(position),
        holding=position.holdings[seat],
        holding_sizes=tuple(len(holding) for holding in position.holdings),
        stock_size=len(position.stock),
        stacks=position.stacks,
        contributions=position.contributions,
        round_bets=position.round_bets,
        dealt_in=position.dealt_in,
        folded=position.folded,
        to_act=position.to_act,
        legal_moves=legal_moves(position) if mine else (),
        bet_range=bet_range(position) if mine else None,
        raise_range=raise_range(position) if mine else None,
        events=position.events,
        rules=position.rules,
    )
