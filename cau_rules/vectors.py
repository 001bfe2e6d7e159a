"""Fixed-size observation vectors: the layout of named pieces and the helpers that fill
them, shared by the families' encoders and the framework adapters.

A vector is written into any :class:`Buffer` (a ``numpy`` float32 array in the
adapters, or a plain list), so no numpy is needed here.

>>> layout = Layout()
>>> layout.pieces = (("seat", 2), ("holding", CARDS))
>>> layout.size, layout.offset("holding")
(50, 2)
>>> out = [0.0] * layout.size
>>> one_hot_cards(out, layout.offset("holding"), [Card.parse("1c")])
>>> out.index(1.0)
14
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, SupportsIndex

from cau_rules.cards import Card

__all__ = ["CARDS", "Buffer", "Layout", "fraction", "one_hot_cards"]

CARDS = 48
"""Card slots in every one-hot (card values 0-47 of :class:`~cau_rules.cards.Card`)."""


class Buffer(Protocol):
    """Where a vector is written: a float list or array of the right length."""

    def __getitem__(self, index: SupportsIndex, /) -> float: ...

    def __setitem__(self, index: SupportsIndex, value: float, /) -> None: ...

    def __len__(self) -> int: ...


class Layout:
    """Offsets of named pieces of a vector (``pieces``) and of its history summary
    (``history_pieces``); ``private_pieces`` hold the seat's own information."""

    pieces: tuple[tuple[str, int], ...] = ()
    history_pieces: tuple[tuple[str, int], ...] = ()
    private_pieces: frozenset[str] = frozenset({"holding"})

    def _index(self) -> dict[str, tuple[int, int]]:
        index: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in self.pieces:
            index[name] = (start, size)
            start += size
        return index

    @property
    def size(self) -> int:
        """The length of an observation vector."""
        return sum(size for _, size in self.pieces)

    @property
    def history_size(self) -> int:
        """The length of a history summary."""
        return sum(size for _, size in self.history_pieces)

    def offset(self, name: str) -> int:
        """Where observation piece *name* starts."""
        return self._index()[name][0]

    def history_offset(self, name: str) -> int:
        """Where history piece *name* starts in the summary."""
        start = 0
        for piece, size in self.history_pieces:
            if piece == name:
                return start
            start += size
        raise KeyError(name)


def one_hot_cards(out: Buffer, start: int, cards: Sequence[Card]) -> None:
    """Set ``out[start + card]`` to 1 for every card of *cards*."""
    for card in cards:
        out[start + int(card)] = 1.0


def fraction(value: float, whole: float) -> float:
    """*value* / *whole*, clipped to ``[0, 1]`` (0 when *whole* is not positive).

    >>> fraction(3, 12), fraction(20, 10), fraction(1, 0)
    (0.25, 1.0, 0.0)
    """
    return 0.0 if whole <= 0 else min(max(value / whole, 0.0), 1.0)


