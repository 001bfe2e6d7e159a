"""What one seat may see of a capture-family state (D-VIEW-1).

>>> from cau_rules import new_game
>>> view = new_game("cau-robat", players=3, seed=4).observe(2)
>>> view.seat, view.holding_sizes, view.stock_size
(2, (3, 3, 3), 36)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.events import FishingEvent, Paid
from cau_rules.fishing.moves import Call, FishingMove
from cau_rules.fishing.notation import view_to_notation
from cau_rules.fishing.picture import PictureForm, svg_view
from cau_rules.fishing.render import render_text
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Phase, Position, Stake
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome
from cau_rules.svg import SvgOptions

__all__ = ["FishingView", "view_of"]


@attrs.frozen
class FishingView:
    """One seat's view: its own holding, the table, the chain zone, open piles whole and
    closed piles by size, every holding's size, the stock size, debts, scores and the
    public events of the last move.  Never another holding or the stock order.

    ``piles[seat]`` is None for a closed pile (see ``pile_sizes``).  ``legal_moves`` is
    filled in only when it is this seat's turn; ``outcome`` once the game is over.

    >>> from cau_rules import new_game
    >>> view = new_game("cau", players=2, seed=1).observe(0)
    >>> view.piles, [str(m) for m in view.legal_moves]
    ((None, None), ['12o', '12c', '2b'])
    """

    seat: int
    variant: str
    players: int
    hand: int
    round: int
    opener: int
    to_play: int
    phase: Phase
    holding: tuple[Card, ...]
    holding_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    chain: Chain | None
    trail: tuple[int, Card] | None
    piles: tuple[tuple[Card, ...] | None, ...]
    pile_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    debts: tuple[tuple[tuple[int, int], ...], ...]
    last_capturer: int
    declarations: tuple[tuple[int, Call], ...]
    hand_scores: tuple[tuple[int, ...], ...]
    events: tuple[FishingEvent, ...]
    legal_moves: Sequence[FishingMove]
    stones: tuple[int, ...] = ()
    partides: tuple[int, ...] = ()
    stake: Stake | None = None
    outcome: Outcome | None = None
    rules: FishingRules | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).observe(0).is_over
        False
        """
        return self.phase == "over"

    def visible_cards(self) -> set[Card]:
        """Every card this view shows, wherever it lies.

        >>> from cau_rules import new_game
        >>> len(new_game("cau", players=2, seed=1).observe(0).visible_cards())
        3
        """
        seen: set[Card] = set(self.holding) | set(self.table) | set(self.discard)
        if self.chain is not None:
            seen.update(card for _, card in self.chain.cards)
        for pile in self.piles:
            if pile is not None:
                seen.update(pile)
        return seen

    def __str__(self) -> str:
        """The text screen of the view in English (:func:`~cau_rules.fishing.render.render_text`)."""
        return render_text(self)

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the view in *lang* (:func:`~cau_rules.fishing.render.render_text`).

        >>> from cau_rules import new_game
        >>> print(new_game("cau", players=2, seed=1).observe(0).render("es").splitlines()[1])
        Mesa:       (ninguna)
        """
        return render_text(self, lang)

    def to_notation(self) -> str:
        """The view in the one-line notation, with what the seat cannot see as counts
        (:func:`~cau_rules.fishing.notation.view_to_notation`).

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).observe(1).to_notation().split()[:4]
        ['?3/5c10b8e', '-', '-/-', '?42']
        """
        return view_to_notation(self)

    def svg(self, *, options: SvgOptions | None = None, bottom: int | None = None, lang: Lang | None = None,
            form: PictureForm = "table") -> str:
        """A picture of the view as SVG (:func:`~cau_rules.fishing.picture.svg_view`).

        Args:
            options: size, language of the labels and highlighted cards.
            bottom: the seat drawn at the bottom (default: this view's seat).
            lang: the language of the labels (default: the options', English).
            form: ``"table"`` (the seats around an oval) or ``"column"`` (compact portrait).

        Returns:
            The SVG text.

        >>> from cau_rules import new_game
        >>> new_game("cau", players=2, seed=1).observe(0).svg().count('class="card"')
        3
        """
        return svg_view(self, options=SvgOptions.of(options, lang), bottom=bottom, form=form)

    def _repr_svg_(self) -> str:
        """The picture notebooks show."""
        return svg_view(self)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data."""
        return {
            "seat": self.seat,
            "variant": self.variant,
            "players": self.players,
            "hand": self.hand,
            "round": self.round,
            "opener": self.opener,
            "to_play": self.to_play,
            "phase": self.phase,
            "holding": cards_text(self.holding),
            "holding_sizes": list(self.holding_sizes),
            "table": cards_text(self.table),
            "chain": None if self.chain is None else {
                "rank": self.chain.rank,
                "cards": [[seat, card.code] for seat, card in self.chain.cards],
                "run": [list(unit) for unit in self.chain.run],
            },
            "piles": [None if pile is None else cards_text(pile) for pile in self.piles],
            "pile_sizes": list(self.pile_sizes),
            "stock_size": self.stock_size,
            "discard": cards_text(self.discard),
            "debts": [[list(debt) for debt in owed] for owed in self.debts],
            "last_capturer": self.last_capturer,
            "declarations": [[seat, call.value] for seat, call in self.declarations],
            "hand_scores": [list(row) for row in self.hand_scores],
            "events": [str(event) for event in self.events],
            "legal_moves": [str(move) for move in self.legal_moves],
            "stones": list(self.stones),
            "partides": list(self.partides),
            "stake": None if self.stake is None else {
                "holders": [[seat, kind.value] for seat, kind in self.stake.holders],
                "bidders": list(self.stake.bidders),
                "bids": list(self.stake.bids),
            },
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def view_of(
    position: Position, seat: int, legal_moves: Sequence[FishingMove], outcome: Outcome | None
) -> FishingView:
    """The view of *seat* (see :class:`FishingView`) from the fields of *position*, its
    *legal_moves* and its *outcome*; ``state.observe(seat)`` calls it.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> view_of(state, 1, state.legal_moves(), None).holding_sizes
    (3, 3)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < position.players:
        raise InvalidPositionError(f"seat must be from 0 to {position.players - 1}, not {seat!r}")
    rules = position.rules
    open_piles = rules.open_piles
    events = position.events
    if not open_piles:
        events = tuple(
            attrs.evolve(event, card=None) if isinstance(event, Paid) else event for event in events
        )
    over = position.phase == "over"
    tally = position.tally
    return FishingView(
        seat=seat,
        variant=rules.name,
        players=position.players,
        hand=position.hand,
        round=position.round,
        opener=position.opener,
        to_play=position.to_play,
        phase=position.phase,
        holding=position.holdings[seat],
        holding_sizes=tuple(len(h) for h in position.holdings),
        table=position.table,
        chain=position.chain,
        trail=position.trail,
        piles=tuple(pile if open_piles else None for pile in position.piles),
        pile_sizes=tuple(len(pile) for pile in position.piles),
        stock_size=len(position.stock),
        discard=position.discard,
        debts=position.debts,
        last_capturer=position.last_capturer,
        declarations=tuple((s, call) for s, call in position.declarations),
        hand_scores=position.hand_scores,
        events=events,
        legal_moves=legal_moves if seat == position.to_play and not over else (),
        stones=() if tally is None else tally.stones,
        partides=() if tally is None else tally.partides,
        stake=position.stake,
        outcome=outcome,
        rules=rules,
    )
