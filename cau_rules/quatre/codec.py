"""The four-card game's action codec: every move as a stable integer.

Indices depend only on the rules and the player count, never on the state, so a trained
policy keeps its meaning across games.

>>> from cau_rules.quatre import QUATRE, QuatreCodec, new_game
>>> state = new_game(QUATRE, 2, seed=5)
>>> codec = QuatreCodec(QUATRE, 2)
>>> codec.legal_actions(state), codec.decode(2400, state)
([2400], Draw())
"""

from __future__ import annotations

import attrs

from cau_rules.errors import IllegalMoveError
from cau_rules.game import CodecBase
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass, Play, QuatreMove
from cau_rules.quatre.rules import QuatreRules

__all__ = ["QuatreCodec"]


@attrs.frozen
class QuatreCodec(CodecBase):
    """The four-card game's encoding: ``card>target`` at ``48 * card + target``, then
    ``add``, ``give`` (48 each), ``draw``, ``pass`` and ``lay`` (48).  ``lay`` came
    last, so the earlier indices kept their meaning when it was added.

    >>> from cau_rules.quatre import QUATRE, Lay
    >>> codec = QuatreCodec(QUATRE, 2)
    >>> codec.num_actions, codec.encode(Lay("1o")), codec.encode(Lay("12b"))
    (2450, 2402, 2449)
    """

    rules: QuatreRules
    players: int

    @property
    def num_actions(self) -> int:
        """48 × 48 plays, 48 additions, 48 gifts, draw, pass and 48 lays."""
        return 48 * 48 + 48 + 48 + 2 + 48

    def encode(self, move: QuatreMove) -> int:
        """The index of a four-card-game move.

        Raises:
            IllegalMoveError: *move* is not a move of the four-card game.
        """
        if isinstance(move, Play):
            return 48 * int(move.card) + int(move.target)
        if isinstance(move, Add):
            return 2304 + int(move.card)
        if isinstance(move, Give):
            return 2352 + int(move.card)
        if isinstance(move, Draw):
            return 2400
        if isinstance(move, Pass):
            return 2401
        if isinstance(move, Lay):
            return 2402 + int(move.card)
        raise IllegalMoveError(f"not a move of the four-card game: {move!r}")
