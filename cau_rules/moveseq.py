"""Lazy sequences of legal moves: every amount of a bet without building a list.

A move that carries an amount (a Cacho bet or raise, a Valencian stake bid) has a whole
range of legal values.  ``legal_moves()`` returns every one of them, but as a
:class:`MoveList`: a read-only sequence with ``len``, ``in``, indexing and iteration,
whose amount ranges cost the same whatever their size.

>>> from cau_rules.moveseq import AmountRange, MoveList
>>> moves = MoveList(("pass",), AmountRange(lambda n: f"bet {n}", 1, 10**9))
>>> len(moves), moves[0], moves[-1], "bet 500" in moves
(1000000001, 'pass', 'bet 1000000000', True)
>>> moves[1:4]
('bet 1', 'bet 2', 'bet 3')
>>> moves[2.5]
Traceback (most recent call last):
...
TypeError: move list indices must be integers or slices, not float
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar, overload

__all__ = ["AmountRange", "MoveList"]

M = TypeVar("M")


def _position(index: object) -> int:
    """*index* as a position, refused as a tuple refuses it: an int (a bool is one) or an
    object with ``__index__``; ``2.5`` or ``1.0`` is a :class:`TypeError`, never rounded
    into a move of another amount."""
    try:
        return operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"move list indices must be integers or slices, not {type(index).__name__}") from None


class AmountRange(Sequence[M], Generic[M]):
    """The moves ``make(low)``, ``make(low + 1)``, ..., ``make(high)``, built on demand.

    Args:
        make: builds the move of one amount.
        low: the smallest amount.
        high: the largest amount (inclusive); ``high < low`` makes an empty range.
        amount_of: reads the amount back from a move, for fast ``in`` tests; a move it
            returns ``None`` for is not in the range.  Without it, ``in`` compares
            ``make(amount)`` for the amounts a move's text names.

    >>> bets = AmountRange(lambda n: ("bet", n), 2, 5, amount_of=lambda m: m[1])
    >>> list(bets), ("bet", 4) in bets, ("bet", 9) in bets
    ([('bet', 2), ('bet', 3), ('bet', 4), ('bet', 5)], True, False)
    """

    __slots__ = ("_amount_of", "_make", "high", "low")

    def __init__(
        self,
        make: Callable[[int], M],
        low: int,
        high: int,
        amount_of: Callable[[object], int | None] | None = None,
    ) -> None:
        self._make = make
        self.low = low
        self.high = high
        self._amount_of = amount_of

    def __len__(self) -> int:
        return max(0, self.high - self.low + 1)

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[M, ...]: ...

    def __getitem__(self, index: int | slice) -> M | tuple[M, ...]:
        size = len(self)
        if isinstance(index, slice):
            return tuple(self._make(self.low + i) for i in range(*index.indices(size)))
        index = _position(index)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        return self._make(self.low + index)

    def __iter__(self) -> Iterator[M]:
        make = self._make
        for amount in range(self.low, self.high + 1):
            yield make(amount)

    def __contains__(self, move: object) -> bool:
        if self._amount_of is not None:
            amount = self._amount_of(move)
            return amount is not None and self.low <= amount <= self.high
        return any(move == candidate for candidate in self)

    def __repr__(self) -> str:
        if not len(self):
            return "AmountRange(empty)"
        return f"AmountRange({self._make(self.low)} .. {self._make(self.high)})"


class MoveList(Sequence[M], Generic[M]):
    """Several move sequences (tuples, amount ranges), given in canonical order, read as
    one: ``MoveList(*parts)``.

    A list of plain tuples only (no amount range, the commonest kind) is a tuple itself:
    its ``len``, indexing and iteration cost what a tuple's do, which is what a random
    playout's ``rng.choice(state.legal_moves())`` pays on every decision.

    >>> moves = MoveList(("pass", "call"), AmountRange(str, 3, 5))
    >>> list(moves), len(moves), moves[3]
    (['pass', 'call', '3', '4', '5'], 5, '4')
    >>> moves == ("pass", "call", "3", "4", "5")
    True
    >>> fixed = MoveList(("fold", "call"))
    >>> isinstance(fixed, MoveList), isinstance(fixed, tuple), fixed == ["fold", "call"], fixed
    (True, True, True, MoveList(('fold', 'call')))
    """

    __slots__ = ()

    def __new__(cls, *parts: Sequence[M]) -> MoveList[M]:
        kept = tuple(part for part in parts if len(part))
        if all(type(part) is tuple for part in kept):
            return _FixedMoves(move for part in kept for move in part)
        lazy: _LazyMoves[M] = object.__new__(_LazyMoves)
        lazy._parts = kept
        lazy._size = sum(len(part) for part in kept)
        return lazy

    @property
    def parts(self) -> tuple[Sequence[M], ...]:
        """The sequences read as one (amount ranges stay :class:`AmountRange` objects; a
        list of plain moves is one tuple).

        >>> [type(part).__name__ for part in MoveList(("pass",), AmountRange(str, 1, 3)).parts]
        ['tuple', 'AmountRange']
        >>> MoveList(("pass",), ("call", "fold")).parts
        (('pass', 'call', 'fold'),)
        """
        raise NotImplementedError  # pragma: no cover - each kind answers

    def __len__(self) -> int:
        raise NotImplementedError  # pragma: no cover - each kind answers

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[M, ...]: ...

    def __getitem__(self, index: int | slice) -> M | tuple[M, ...]:
        raise NotImplementedError  # pragma: no cover - each kind answers

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"MoveList({', '.join(repr(part) for part in self.parts)})"


class _FixedMoves(tuple[M, ...], MoveList[M]):  # a tuple's methods come first in the MRO
    """A move list with no amount range: a tuple of its moves."""

    __slots__ = ()

    def __new__(cls, moves: Iterable[M] = ()) -> _FixedMoves[M]:
        return tuple.__new__(cls, moves)

    @property
    def parts(self) -> tuple[Sequence[M], ...]:
        return (tuple(self),) if self else ()

    __eq__ = MoveList.__eq__
    __ne__ = MoveList.__ne__
    __hash__ = MoveList.__hash__
    __repr__ = MoveList.__repr__


class _LazyMoves(MoveList[M]):
    """A move list with an amount range, read part by part."""

    __slots__ = ("_parts", "_size")

    _parts: tuple[Sequence[M], ...]
    _size: int

    def __reduce__(self) -> tuple[type[MoveList[M]], tuple[Sequence[M], ...]]:
        return MoveList, self._parts

    def __len__(self) -> int:
        return self._size

    @property
    def parts(self) -> tuple[Sequence[M], ...]:
        return self._parts

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[M, ...]: ...

    def __getitem__(self, index: int | slice) -> M | tuple[M, ...]:
        if type(index) is int and 0 <= index < self._size:  # the hot path: random play
            for part in self._parts:
                if index < len(part):
                    return part[index]
                index -= len(part)
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        index = _position(index)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("move index out of range")
        for part in self._parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError("move index out of range")  # pragma: no cover - sizes add up

    def __iter__(self) -> Iterator[M]:
        for part in self._parts:
            yield from part

    def __contains__(self, move: object) -> bool:
        return any(move in part for part in self._parts)
