"""Building frozen states on the hot path: one compiled maker per state class.

Every ``apply`` ends by building a new frozen state.  The keyword constructor of a class
with twenty fields costs about a microsecond more than setting the fields directly (a
sixth of a move), and a loop over the field names is slower still.  :func:`builder`
writes, once per class, the function that sets every field directly from values given
positionally in the class's field order (the way attrs compiles ``__init__`` from the
fields), so each hot path makes its state with one call.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int = 0
...     _norm: float | None = attrs.field(default=None, init=False, eq=False)
>>> make = builder(Point)
>>> make(3, 4), make(3, 4) == Point(3, 4), make(3, 4)._norm
(Point(x=3, y=4, _norm=None), True, None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["builder"]

T = TypeVar("T")

_BUILDERS: dict[type, Callable[..., Any]] = {}


def builder(cls: type[T]) -> Callable[..., T]:
    """The fast maker of *cls*, a frozen slotted attrs class: a function that takes the
    value of every field ``cls.__init__`` takes, positionally in field order, and returns
    the instance with those fields set as the constructor would set them (no validator or
    converter runs: *cls* has none).  A field the constructor does not take
    (``init=False``) gets its default.  The function is compiled on the first call for a
    class and kept.

    Args:
        cls: the class; its fields have no validators or converters, and those with
            ``init=False`` have a plain default (no factory).

    Returns:
        The maker, ``make(*values) -> cls``.

    Raises:
        TypeError: *cls* is not a slotted attrs class, or a field cannot be set this way.

    >>> import attrs
    >>> @attrs.frozen
    ... class Pair:
    ...     left: str
    ...     right: str
    >>> builder(Pair)("a", "b")
    Pair(left='a', right='b')
    >>> builder(Pair) is builder(Pair)
    True
    """
    made = _BUILDERS.get(cls)
    if made is None:
        made = _BUILDERS[cls] = _compiled(cls)
    return made


def _compiled(cls: type) -> Callable[..., Any]:
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"builder needs a slotted attrs class, not {cls.__name__}")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    parameters: list[str] = []
    lines: list[str] = []
    for index, field in enumerate(attrs.fields(cls)):
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"builder cannot run the validator or converter of {cls.__name__}.{field.name}")
        setter = f"_set{index}"
        scope[setter] = cls.__dict__[field.name].__set__  # the slot itself, past the frozen __setattr__
        if field.init:
            value = field.alias  # never starts with "_", so never one of the names in scope
            parameters.append(value)
        elif isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"builder cannot make the default of {cls.__name__}.{field.name}")
        else:
            value = f"_default{index}"
            scope[value] = field.default
        lines.append(f"    {setter}(_made, {value})")
    source = "\n".join([f"def make({', '.join(parameters)}):", "    _made = _new(_cls)", *lines, "    return _made"])
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), scope)  # the source is built above
    make: Callable[..., Any] = scope["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    return make
