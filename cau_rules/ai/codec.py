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

from cau_rules.errors import IllegalMoveError, InvalidRulesError
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.rules import FishingRules

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
class CachoCodec(_Base):
    """Cacho's encoding: pass 0, call 1, fold 2, then ``bet N`` at ``2 + N`` and
    ``raise N`` (to a round total of N) at ``2 + T + N`` for N from 1 to T, T being
    the counters in play (``players * stack``).

    >>> from cau_rules.cacho import CACHO, new_cacho_game
    >>> codec = CachoCodec(CACHO, 2)
    >>> codec.num_actions, codec.legal_actions(new_cacho_game(CACHO, 2, seed=1))
    (83, [0, 3])
    """

    rules: Any
    players: int

    @property
    def _total(self) -> int:
        return int(self.players * self.rules.stack)

    @property
    def num_actions(self) -> int:
        """3 + 2 × the counters in play."""
        return 3 + 2 * self._total

    def encode(self, move: Any) -> int:
        """The index of a Cacho move."""
        from cau_rules.cacho import Bet as CachoBet
        from cau_rules.cacho import Call as CachoCall
        from cau_rules.cacho import Fold, Pass, Raise

        if isinstance(move, Pass):
            return 0
        if isinstance(move, CachoCall):
            return 1
        if isinstance(move, Fold):
            return 2
        if isinstance(move, CachoBet) and 1 <= move.amount <= self._total:
            return 2 + move.amount
        if isinstance(move, Raise) and 1 <= move.to <= self._total:
            return 2 + self._total + move.to
        raise IllegalMoveError(f"not an encodable Cacho move: {move!r}")

    def _legal_by_index(self, state: Any) -> dict[int, Any]:
        return {self.encode(move): move for move in state.expanded_moves()}

    def legal_actions(self, state: Any) -> list[int]:
        """Every legal index, each bet and raise amount included."""
        return sorted(self._legal_by_index(state))


_FACTORIES: list[tuple[type, Callable[[Any, int], ActionCodec]]] = [(FishingRules, FishingCodec)]


@attrs.frozen
class QuatreCodec(_Base):
    """The four-card game's encoding: ``card>target`` at ``48 * card + target``, then
    ``add``, ``give`` (48 each), ``draw`` and ``pass``.

    >>> from cau_rules.quatre import QUATRE
    >>> QuatreCodec(QUATRE, 2).num_actions
    2402
    """

    rules: Any
    players: int

    @property
    def num_actions(self) -> int:
        """48 × 48 plays, 48 additions, 48 gifts, draw and pass."""
        return 48 * 48 + 48 + 48 + 2

    def encode(self, move: Any) -> int:
        """The index of a four-card-game move."""
        from cau_rules.quatre import Add, Draw, Give
        from cau_rules.quatre import Pass as QuatrePass
        from cau_rules.quatre import Play as QuatrePlay

        if isinstance(move, QuatrePlay):
            return 48 * int(move.card) + int(move.target)
        if isinstance(move, Add):
            return 2304 + int(move.card)
        if isinstance(move, Give):
            return 2352 + int(move.card)
        if isinstance(move, Draw):
            return 2400
        if isinstance(move, QuatrePass):
            return 2401
        raise IllegalMoveError(f"not a move of the four-card game: {move!r}")


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


