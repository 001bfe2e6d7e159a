"""Stable integer encodings of moves, for learning code and framework adapters.

Every preset has a codec with ``num_actions``, ``encode(move)``, ``decode(index,
state)`` and a legal-action mask.  Indices depend only on the rules and the player
count, never on the state, so a trained policy keeps its meaning across games.

>>> from cau_rules import new_game
>>> from cau_rules.ai.codec import codec_for
>>> state = new_game("cau", players=2, seed=1)
>>> codec = codec_for(state.rules, state.players)
>>> codec.num_actions
621
>>> indices = codec.legal_actions(state)
>>> [str(codec.decode(index, state)) for index in indices] == [str(m) for m in state.legal_moves()]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import attrs

from cau_rules.cacho.codec import CachoCodec
from cau_rules.errors import IllegalMoveError, InvalidRulesError
from cau_rules.fishing.moves import CHAIN_CALLS, GAME, JOC, Accept, Bid, Call, Declare, Play, Refuse
from cau_rules.fishing.rules import FishingRules
from cau_rules.quatre.codec import QuatreCodec

__all__ = ["ActionCodec", "CachoCodec", "FishingCodec", "QuatreCodec", "codec_for", "register_codec"]


@runtime_checkable
class ActionCodec(Protocol):
    """Moves to integers and back, for one rules object and player count.

    >>> isinstance(codec_for("cacho", 3), ActionCodec)
    True
    """

    @property
    def num_actions(self) -> int:
        """The number of distinct action indices."""

    def encode(self, move: Any) -> int:
        """The index of *move*."""

    def decode(self, index: int, state: Any) -> Any:
        """The legal move of *state* with that index (IllegalMoveError if none)."""

    def legal_actions(self, state: Any) -> list[int]:
        """The indices of the legal moves of *state*, sorted."""

    def mask(self, state: Any) -> bytearray:
        """A 0/1 mask of length ``num_actions`` with 1 at every legal index."""


class _Base:
    """Shared ``decode``/``legal_actions``/``mask`` over a family's ``encode``."""

    @property
    def num_actions(self) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def encode(self, move: Any) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def _legal_by_index(self, state: Any) -> dict[int, Any]:
        return {self.encode(move): move for move in state.legal_moves()}

    def decode(self, index: int, state: Any) -> Any:
        """The legal move of *state* whose index is *index*."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.num_actions:
            raise IllegalMoveError(f"action index must be from 0 to {self.num_actions - 1}, not {index!r}")
        legal = self._legal_by_index(state)
        if index not in legal:
            raise IllegalMoveError(
                f"action {index} is not legal here; legal actions: {sorted(legal)}"
            )
        return legal[index]

    def legal_actions(self, state: Any) -> list[int]:
        """The sorted indices of the legal moves of *state*."""
        return sorted(self.encode(move) for move in state.legal_moves())

    def mask(self, state: Any) -> bytearray:
        """A 0/1 mask of the legal indices."""
        mask = bytearray(self.num_actions)
        for index in self.legal_actions(state):
            mask[index] = 1
        return mask


@attrs.frozen
class FishingCodec(_Base):
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
        """The index of a capture-family move."""
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


_FACTORIES: list[tuple[type, Callable[[Any, int], ActionCodec]]] = [(FishingRules, FishingCodec)]


def _register_families() -> None:
    from cau_rules.cacho import CachoRules
    from cau_rules.quatre import QuatreRules

    _FACTORIES.append((CachoRules, CachoCodec))
    _FACTORIES.append((QuatreRules, QuatreCodec))


_register_families()


def register_codec(rules_type: type, factory: Callable[[Any, int], ActionCodec]) -> None:
    """Make :func:`codec_for` build *factory(rules, players)* for rules of *rules_type*.

    >>> register_codec(FishingRules, FishingCodec)
    """
    _FACTORIES[:] = [(kind, make) for kind, make in _FACTORIES if kind is not rules_type]
    _FACTORIES.append((rules_type, factory))


def codec_for(rules: Any, players: int) -> ActionCodec:
    """The codec of *rules* (a rules object or preset name) with *players* players.

    >>> codec_for("cau-robat-40", 4).num_actions
    7725
    """
    if isinstance(rules, str):
        from cau_rules.registry import get_rules

        rules = get_rules(rules)
    rules.check_players(players)
    for kind, make in _FACTORIES:
        if isinstance(rules, kind):
            return make(rules, players)
    raise InvalidRulesError(f"no action codec for {type(rules).__name__}")


