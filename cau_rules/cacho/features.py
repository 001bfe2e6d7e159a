"""Cacho's observation vectors (``FAMILY.features``): what a seat sees, as fixed-size
float vectors for learning code (:meth:`cau_rules.batch.BatchGame.observe`, the
adapters).

Pieces: the seat's own cards (a 48-card one-hot), its seat, the seat to play and the
dealer (one-hots over the seats), the betting round (3), each seat's stack, this
hand's contributions and this round's bets (fractions of the counters in play), who is
dealt in, who folded and who must still act (flags per seat), the hand's fraction of the
session, and the legal bet and raise ranges (fractions).  The history summary
``seen`` marks every card the seat has held.

>>> import numpy as np
>>> from cau_rules.cacho import CACHO, new_game
>>> features = CachoFeatures(CACHO, 3)
>>> out = np.zeros(features.size, np.float32)
>>> state = new_game(CACHO, 3, seed=1)
>>> features.encode(state.observe(0), out)
>>> int(out[features.offset("holding"):][:48].sum()), float(out[features.offset("stacks")])
(1, 0.3333333432674408)
"""

from __future__ import annotations

from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.view import CachoView
from cau_rules.vectors import CARDS, Buffer, Layout, fraction, one_hot_cards

__all__ = ["CachoFeatures"]


class CachoFeatures(Layout):
    """The observation encoder of Cacho for *rules* and *players* (see the module text)."""

    def __init__(self, rules: CachoRules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.total = players * rules.stack
        n = players
        self.pieces = (
            ("holding", CARDS), ("seat", n), ("to_play", n), ("dealer", n), ("round", 3),
            ("stacks", n), ("contributions", n), ("round_bets", n),
            ("dealt_in", n), ("folded", n), ("to_act", n), ("hand", 1), ("bets", 2), ("raises", 2),
        )
        self.history_pieces = (("seen", CARDS),)
        self._at = self._index()

    @property
    def max_decisions(self) -> int:
        """A bound on a session's decisions: every hand's three rounds, each seat acting
        at most once per counter raised plus once."""
        return self.rules.max_hands * 3 * self.players * (self.total + 2)

    def encode(self, view: CachoView, out: Buffer) -> None:
        """Write the observation of *view* into *out* (cleared first)."""
        for index in range(len(out)):
            out[index] = 0.0
        at = {name: start for name, (start, _size) in self._at.items()}
        one_hot_cards(out, at["holding"], view.holding)
        out[at["seat"] + view.seat] = 1.0
        if 0 <= view.to_play < self.players:
            out[at["to_play"] + view.to_play] = 1.0
        out[at["dealer"] + view.dealer] = 1.0
        out[at["round"] + view.round - 1] = 1.0
        for seat in range(self.players):
            out[at["stacks"] + seat] = fraction(view.stacks[seat], self.total)
            out[at["contributions"] + seat] = fraction(view.contributions[seat], self.total)
            out[at["round_bets"] + seat] = fraction(view.round_bets[seat], self.total)
            out[at["dealt_in"] + seat] = float(view.dealt_in[seat])
            out[at["folded"] + seat] = float(view.folded[seat])
            out[at["to_act"] + seat] = float(view.to_act[seat])
        out[at["hand"]] = fraction(view.hand + 1, self.rules.max_hands)
        for name, amounts in (("bets", view.bet_range), ("raises", view.raise_range)):
            if amounts is not None:
                out[at[name]] = fraction(amounts[0], self.total)
                out[at[name] + 1] = fraction(amounts[1], self.total)

    def update_history(self, view: CachoView, summary: Buffer) -> None:
        """Mark the cards *view*'s seat holds in ``seen``."""
        one_hot_cards(summary, self.history_offset("seen"), view.holding)
