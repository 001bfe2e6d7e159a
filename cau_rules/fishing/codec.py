"""The capture family's action codec: every move as a stable integer.

Indices depend only on the rules and the player count, never on the state, so a
trained policy keeps its meaning across games.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=1)
>>> codec = FishingCodec(state.rules, 2)
>>> codec.num_actions, codec.legal_actions(state)
(621, [132, 276, 444])
"""

from __future__ import annotations

from typing import Any

import attrs

from cau_rules.errors import IllegalMoveError
from cau_rules.fishing.moves import CHAIN_CALLS, GAME, JOC, Accept, Bid, Call, Declare, Play, Refuse
from cau_rules.fishing.rules import FishingRules
from cau_rules.game import CodecBase

__all__ = ["FishingCodec"]


@attrs.frozen
class FishingCodec(CodecBase):
    """The capture family's encoding.

    A play is ``((card * R + run) * P + piles) * K + calls``: the card's value (0-47),
    the run length (R = ranks in the deck), the set of seats whose piles are taken as a
    bit mask (P = 2**players with open piles, else 1) and, under ``explicit_calls``, two
    bits for the chain call and the neta (K = 4, else 1).  After the plays come the
    declarations (pass, ronda, rondí), then the stake moves (bids 2 to target - 1, the
    game, the joc only when ``partides_to_win`` > 1, accept, refuse).

    >>> from cau_rules.cards import Card
    >>> from cau_rules.fishing.rules import CAU_ROBAT
    >>> codec = FishingCodec(CAU_ROBAT, 3)
    >>> codec.encode(Play(Card.parse("3o"), run=2, piles=(1,)))
    210
    """

    rules: FishingRules
    players: int

    @property
    def _sizes(self) -> tuple[int, int, int]:
        runs = len(self.rules.deck.ranks)
        piles = 2 ** self.players if self.rules.open_piles else 1
        calls = 4 if self.rules.explicit_calls else 1
        return runs, piles, calls

    @property
    def _plays(self) -> int:
        runs, piles, calls = self._sizes
        return 48 * runs * piles * calls

    @property
    def _jocs(self) -> int:
        """1 when a joc can be bid (several partides), else 0."""
        return 1 if self.rules.partides_to_win > 1 else 0

    @property
    def num_actions(self) -> int:
        """Plays, then 3 declarations, then the stake moves."""
        return self._plays + 3 + (self.rules.target - 2) + 1 + self._jocs + 2

    def encode(self, move: Any) -> int:
        """The index of a capture-family move (a numeric bid of the stake's range
        encodes as ``first bid index + stones - 2``)."""
        runs, piles, calls = self._sizes
        if isinstance(move, Play):
            mask = 0
            for seat in move.piles:
                mask |= 1 << seat
            if move.run >= runs or mask >= piles:
                raise IllegalMoveError(f"{move} cannot be encoded under these rules")
            bits = 0
            if calls > 1:
                bits = (1 if any(c in move.calls for c in (*CHAIN_CALLS, Call.SANT_VICENT)) else 0) | (
                    2 if Call.NETA in move.calls else 0
                )
            return ((int(move.card) * runs + move.run) * piles + mask) * calls + bits
        base = self._plays
        if isinstance(move, Declare):
            return base + {None: 0, Call.RONDA: 1, Call.RONDI: 2}[move.call]
        base += 3
        if isinstance(move, Bid):
            if move.stones is GAME:
                return base + self.rules.target - 2
            if move.stones == JOC and self._jocs:
                return base + self.rules.target - 1
            if move.stones == JOC or not 2 <= move.stones < self.rules.target:
                raise IllegalMoveError(f"bid {move.stones} cannot be encoded")
            return base + move.stones - 2
        base += self.rules.target - 1 + self._jocs
        if isinstance(move, Accept):
            return base
        if isinstance(move, Refuse):
            return base + 1
        raise IllegalMoveError(f"not a move of the capture family: {move!r}")
