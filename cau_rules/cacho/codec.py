"""The action codec of *Cacho*: every move as a stable integer, for learning code.

Indices depend only on the rules and the player count: ``pass`` 0, ``call`` 1, ``fold``
2, then ``bet N`` at ``2 + N`` and ``raise N`` (to a round total of N) at ``2 + T + N``
for N from 1 to T, T being the counters in play (``players * stack``).  Every amount of a
bet or raise has its own index.

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.codec import CachoCodec
>>> codec = CachoCodec(CACHO, 2)
>>> codec.num_actions, codec.legal_actions(new_game(CACHO, 2, seed=1))
(83, [0, 3])
"""

from __future__ import annotations

from typing import Any

import attrs

from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.errors import IllegalMoveError
from cau_rules.game import CodecBase

__all__ = ["CachoCodec"]

_PASS, _CALL, _FOLD = Pass(), Call(), Fold()


@attrs.frozen
class CachoCodec(CodecBase):
    """Cacho's encoding for *rules* and *players* (see the module text).

    >>> from cau_rules.cacho import CACHO
    >>> codec = CachoCodec(CACHO, 3)
    >>> codec.encode(Raise(5)), codec.move_of(codec.encode(Raise(5)))
    (67, Raise(to=5))
    """

    rules: CachoRules
    players: int

    @property
    def total(self) -> int:
        """The counters in play: the largest amount a bet or raise can name."""
        return self.players * self.rules.stack

    @property
    def num_actions(self) -> int:
        """3 + 2 × the counters in play."""
        return 3 + 2 * self.total

    def encode(self, move: Any) -> int:
        """The index of a Cacho move.

        Raises:
            IllegalMoveError: *move* is not a Cacho move, or its amount is out of range.
        """
        if isinstance(move, Pass):
            return 0
        if isinstance(move, Call):
            return 1
        if isinstance(move, Fold):
            return 2
        if isinstance(move, Bet) and 1 <= move.amount <= self.total:
            return 2 + move.amount
        if isinstance(move, Raise) and 1 <= move.to <= self.total:
            return 2 + self.total + move.to
        raise IllegalMoveError(f"not an encodable Cacho move: {move!r}")

    def move_of(self, index: int) -> CachoMove:
        """The move whose index is *index*, legal or not (``0 <= index < num_actions``)."""
        if index < 3:
            return (_PASS, _CALL, _FOLD)[index]
        if index <= 2 + self.total:
            return Bet(index - 2)
        return Raise(index - 2 - self.total)

    def decode(self, index: int, state: Any) -> Any:
        """The legal move of *state* whose index is *index* (found without listing every
        amount).

        Raises:
            IllegalMoveError: the index is out of range or names no legal move.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.num_actions:
            raise IllegalMoveError(f"action index must be from 0 to {self.num_actions - 1}, not {index!r}")
        move = self.move_of(index)
        if move not in state.legal_moves():
            raise IllegalMoveError(
                f"action {index} is not legal here; legal actions: {self.legal_actions(state)}"
            )
        return move
