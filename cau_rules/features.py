"""Fixed-size observation vectors: the encoders the batch API and the framework adapters
share (their vectors are numpy arrays; the module imports numpy only when it uses it).

A :class:`FeatureEncoder` turns one seat's view (``state.observe(seat)``) into a flat
``float32`` vector with every value in ``[0, 1]``, and keeps a *history summary* for
information-state vectors.  It reads only the view, so it can never show a card the
seat may not see.

- Each family may name its own encoder in its record (``Family.features``): the
  capture family's is :class:`cau_rules.fishing.features.FishingFeatures`.
- :class:`GenericFeatures` serves any other family from ``view.to_dict()``: the fields
  present in the first view of a game with a fixed-size kind (numbers, flags, seats,
  card lists, per-seat lists); history summary: ``seen``.

>>> import numpy as np
>>> from cau_rules import new_game
>>> from cau_rules.features import features_for
>>> state = new_game("cau", players=2, seed=1)
>>> features = features_for(state.rules, 2)
>>> out = np.zeros(features.size, np.float32)
>>> features.encode(state.observe(0), out)
>>> int(out[features.offset("holding"):][:48].sum())
3
"""

from __future__ import annotations

import contextlib
import zlib
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, runtime_checkable

from cau_rules.cards import Card, parse_cards
from cau_rules.errors import CauRulesError, InvalidRulesError
from cau_rules.registry import family_of, get_rules, new_game
from cau_rules.vectors import CARDS, Layout, one_hot_cards

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vector: TypeAlias = npt.NDArray[np.float32]
    """A flat float32 vector (at run time: :data:`cau_rules.adapters.features.Vector`)."""

__all__ = ["FeatureEncoder", "GenericFeatures", "features_for"]


@runtime_checkable
class FeatureEncoder(Protocol):
    """Views to fixed-size vectors for one rules object and player count.

    >>> from cau_rules import get_rules
    >>> isinstance(features_for(get_rules("cau"), 2), FeatureEncoder)
    True
    """

    @property
    def pieces(self) -> tuple[tuple[str, int], ...]:
        """``(name, size)`` of each observation piece, in order."""

    @property
    def history_pieces(self) -> tuple[tuple[str, int], ...]:
        """``(name, size)`` of each history-summary piece, in order."""

    @property
    def private_pieces(self) -> frozenset[str]:
        """Pieces that hold the seat's private information (zeroed for a public observer)."""

    @property
    def max_decisions(self) -> int:
        """An upper bound on the decisions of one game."""

    @property
    def size(self) -> int:
        """The length of an observation vector."""

    @property
    def history_size(self) -> int:
        """The length of a history summary."""

    def encode(self, view: Any, out: Vector) -> None:
        """Write the observation of *view* into *out* (length ``size``)."""

    def update_history(self, view: Any, summary: Vector) -> None:
        """Fold the next *view* of the seat into its history *summary* in place."""


# ---------------------------------------------------------------------------------
# Any other family, from view.to_dict()

_SKIPPED = frozenset({"events", "legal_moves", "variant", "players", "outcome"})
_SEAT_KEYS = frozenset({"seat", "to_play", "dealer", "starter", "opener", "eldest", "last_capturer"})
_CATEGORIES = 8


def _cards_of(value: Any) -> tuple[Card, ...] | None:
    """The cards of a card-text string or a list of card codes, else None."""
    try:
        if isinstance(value, str):
            return parse_cards(value)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return parse_cards(value)
    except CauRulesError:
        return None
    return None


def _squash(value: float) -> float:
    """Any number into [0, 1], monotonically (0 maps to 0.5)."""
    return 0.5 + 0.5 * value / (1.0 + abs(value))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class GenericFeatures(Layout):
    """An observation vector for any family, read from ``view.to_dict()``.

    The layout comes from the first view of a game: each field with a fixed-size kind
    gets a piece (seat fields a one-hot over the seats, numbers squashed into [0, 1],
    flags, other text hashed into 8 categories, card texts and card-code lists a
    48-card one-hot, per-seat lists of numbers, flags or cards per seat).  Fields that
    are absent, null or of another kind at that point are left out; a value of the
    wrong kind later encodes as zeros.  The history summary is ``seen``: every card
    the view has shown.

    >>> from cau_rules import get_rules
    >>> features = GenericFeatures(get_rules("cacho"), 3)
    >>> ("holding", 48) in features.pieces
    True
    """

    def __init__(self, rules: Any, players: int) -> None:
        self.rules = rules
        self.players = players
        data = new_game(rules, players=players, seed=0).observe(0).to_dict()
        kinds: list[tuple[str, str, int]] = []
        for key, value in data.items():
            if key in _SKIPPED:
                continue
            kind = self._kind(key, value)
            if kind is not None:
                kinds.append((key, kind[0], kind[1]))
        self._kinds = tuple(kinds)
        self.pieces = tuple((key, size) for key, _, size in kinds)
        self.history_pieces = (("seen", CARDS),)
        self._at = self._index()
        bound = getattr(rules, "max_decisions", None)
        self._max = int(bound(players)) if callable(bound) else 100_000

    def _kind(self, key: str, value: Any) -> tuple[str, int] | None:
        n = self.players
        if isinstance(value, bool):
            return "flag", 1
        if key in _SEAT_KEYS and isinstance(value, int):
            return "seat", n
        if _is_number(value):
            return "number", 1
        if _cards_of(value) is not None:
            return "cards", CARDS
        if isinstance(value, str):
            return "category", _CATEGORIES
        if isinstance(value, list) and len(value) == n:
            if all(isinstance(item, bool) for item in value):
                return "flags", n
            if all(_is_number(item) for item in value):
                return "numbers", n
            if all(_cards_of(item) is not None for item in value):
                return "seat_cards", n * CARDS
        return None

    @property
    def max_decisions(self) -> int:
        """``rules.max_decisions(players)`` when the rules define it, else 100000."""
        return self._max

    def encode(self, view: Any, out: Vector) -> None:
        """Write the observation of *view* (any family) into *out*."""
        out[:] = 0.0
        data = view.to_dict()
        for key, kind, _size in self._kinds:
            self._write(out, self._at[key][0], kind, data.get(key))

    def _write(self, out: Vector, start: int, kind: str, value: Any) -> None:
        n = self.players
        if kind == "flag" and isinstance(value, bool):
            out[start] = float(value)
        elif kind == "seat" and isinstance(value, int) and 0 <= value < n:
            out[start + value] = 1.0
        elif kind == "number" and _is_number(value):
            out[start] = _squash(float(value))
        elif kind == "category" and isinstance(value, str):
            out[start + zlib.crc32(value.encode("utf-8")) % _CATEGORIES] = 1.0
        elif kind == "cards":
            cards = _cards_of(value)
            if cards is not None:
                one_hot_cards(out, start, cards)
        elif isinstance(value, list) and len(value) == n:
            for seat, item in enumerate(value):
                if kind == "flags" and isinstance(item, bool):
                    out[start + seat] = float(item)
                elif kind == "numbers" and _is_number(item):
                    out[start + seat] = _squash(float(item))
                elif kind == "seat_cards":
                    cards = _cards_of(item)
                    if cards is not None:
                        one_hot_cards(out, start + seat * CARDS, cards)

    def update_history(self, view: Any, summary: Vector) -> None:
        """Add every card *view* shows to ``seen``."""
        import numpy as np  # numpy only when used: the batch API imports this module without it

        scratch = np.zeros(self.size, np.float32)
        self.encode(view, scratch)
        for key, kind, _size in self._kinds:
            start = self._at[key][0]
            if kind == "cards":
                np.maximum(summary[:CARDS], scratch[start:start + CARDS], out=summary[:CARDS])
            elif kind == "seat_cards":
                block = scratch[start:start + self.players * CARDS].reshape(self.players, CARDS)
                np.maximum(summary[:CARDS], block.max(axis=0), out=summary[:CARDS])




_CACHE: dict[tuple[Any, int], FeatureEncoder] = {}


def features_for(rules: Any, players: int) -> FeatureEncoder:
    """The feature encoder of *rules* (a rules object or preset name) and *players*:
    the family's registered encoder, else :class:`GenericFeatures`.

    >>> features_for("cau", 4).pieces[0]
    ('seat', 4)
    """
    if isinstance(rules, str):
        rules = get_rules(rules)
    rules.check_players(players)
    key = (rules, players)
    try:
        cached = _CACHE.get(key)
    except TypeError:  # unhashable rules object
        cached = None
    if cached is not None:
        return cached
    make = family_of(rules).features
    encoder: FeatureEncoder | None = None if make is None else make(rules, players)
    if encoder is None:
        try:
            encoder = GenericFeatures(rules, players)
        except CauRulesError as exc:
            raise InvalidRulesError(f"no observation features for {type(rules).__name__}: {exc}") from exc
    with contextlib.suppress(TypeError):  # unhashable rules object: no caching
        _CACHE[key] = encoder
    return encoder
