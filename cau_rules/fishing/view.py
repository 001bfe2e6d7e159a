"""What one seat may see of a capture-family state (D-VIEW-1).

>>> from cau_rules import new_game
>>> view = new_game("cau-robat", players=3, seed=4).observe(2)
>>> view.seat, view.holding_sizes, view.stock_size
(2, (3, 3, 3), 36)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.events import FishingEvent, Paid
from cau_rules.fishing.moves import Call, FishingMove
from cau_rules.fishing.state import Chain, Phase, Stake

if TYPE_CHECKING:
    from cau_rules.fishing.state import FishingState

__all__ = ["FishingView", "view_of"]


@attrs.frozen
class FishingView:
    """One seat's view: its own holding, the table, the chain zone, open piles whole and
    closed piles by size, every holding's size, the stock size, debts, scores and the
    public events of the last move.  Never another holding or the stock order.

    ``piles[seat]`` is None for a closed pile (see ``pile_sizes``).  ``legal_moves`` is
    filled in only when it is this seat's turn.

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
    legal_moves: tuple[FishingMove, ...]
    stones: tuple[int, ...] = ()
    partides: tuple[int, ...] = ()
    stake: Stake | None = None
    rules: Any = attrs.field(default=None, eq=False, repr=False)

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
        }


def view_of(state: FishingState, seat: int) -> FishingView:
    """The view of *seat* (see :class:`FishingView`); ``state.observe(seat)`` calls it.

    >>> from cau_rules import new_game
    >>> view_of(new_game("cau", players=2, seed=1), 1).holding_sizes
    (3, 3)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise InvalidPositionError(f"seat must be from 0 to {state.players - 1}, not {seat!r}")
    open_piles = state.rules.open_piles
    events = state.events
    if not open_piles:
        events = tuple(
            attrs.evolve(event, card=None) if isinstance(event, Paid) else event for event in events
        )
    return FishingView(
        seat=seat,
        variant=state.rules.name,
        players=state.players,
        hand=state.hand,
        round=state.round,
        opener=state.opener,
        to_play=state.to_play,
        phase=state.phase,
        holding=state.holdings[seat],
        holding_sizes=tuple(len(h) for h in state.holdings),
        table=state.table,
        chain=state.chain,
        trail=state.trail,
        piles=tuple(pile if open_piles else None for pile in state.piles),
        pile_sizes=state.pile_sizes(),
        stock_size=len(state.stock),
        discard=state.discard,
        debts=state.debts,
        last_capturer=state.last_capturer,
        declarations=tuple((s, call) for s, call in state.declarations),
        hand_scores=state.hand_scores,
        events=events,
        legal_moves=state.legal_moves() if seat == state.to_play and not state.is_over else (),
        stones=state.stones(),
        partides=() if state.tally is None else state.tally.partides,
        stake=state.stake,
        rules=state.rules,
    )


def score_sheet(state: FishingState) -> dict[str, Any]:
    """Stones by source per team: ``hands`` (one row per partida and hand), ``game``
    (totals of the current partida by source), ``stones`` and ``partides``.

    >>> from cau_rules import new_game
    >>> sheet = score_sheet(new_game("cau-recau-sant-vicent", players=4, seed=1))
    >>> sheet["stones"], sheet["game"]
    ([3, 0], {'pixat': [1, 0], 'ronda': [2, 0]})
    """
    tally = state.tally
    if tally is None:
        return {"hands": [], "game": {}, "stones": [], "partides": []}
    hands: dict[tuple[int, int], dict[str, list[int]]] = {}
    game: dict[str, list[int]] = {}
    current = sum(tally.partides) if state.phase != "over" else max(0, sum(tally.partides) - 1)
    for partida, hand, team, reason, stones in tally.log:
        row = hands.setdefault((partida, hand), {})
        row.setdefault(reason, [0, 0])[team] += stones
        if partida == current:
            game.setdefault(reason, [0, 0])[team] += stones
    return {
        "hands": [
            {"partida": partida, "hand": hand, "stones": dict(sorted(row.items()))}
            for (partida, hand), row in sorted(hands.items())
        ],
        "game": dict(sorted(game.items())),
        "stones": list(tally.stones),
        "partides": list(tally.partides),
    }
