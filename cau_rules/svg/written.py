"""What the SVG builder shares across pictures: escaping, and the process-wide caches of
written text (symbols by id, remembered fragments by key), each forgetting its oldest entry
when full."""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import TypeVar

__all__ = ["FRAGMENTS", "MAX_FRAGMENTS", "MAX_SYMBOLS", "SYMBOLS", "Fragment", "Symbol", "escape_attribute",
           "escape_text", "remember"]

# Characters XML 1.0 forbids anywhere in a document; hostile text may carry them.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# Anything escaping would change; most texts (numbers, colours, names) have none of it.
_SPECIAL = re.compile('[&<>"\t\n\r]|[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]')


def escape_text(text: str) -> str:
    """*text* as element content: markup characters escaped, characters XML cannot hold
    replaced by U+FFFD.

    >>> escape_text("Anna & <Bernat>")
    'Anna &amp; &lt;Bernat&gt;'
    """
    if _SPECIAL.search(text) is None:
        return text
    text = _NOT_XML.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def escape_attribute(text: str) -> str:
    """*text* as an attribute value between double quotes (quotes and line breaks escaped too).

    >>> escape_attribute('say "hi"')
    'say &quot;hi&quot;'
    """
    if _SPECIAL.search(text) is None:
        return text
    return (
        escape_text(text)
        .replace('"', "&quot;")
        .replace("\t", "&#9;")
        .replace("\n", "&#10;")
    )


Symbol = tuple[str, tuple[str, ...]]
"""A written symbol: its ``<symbol>`` text and the ids of the symbols it places."""
Fragment = tuple[str, dict[str, Symbol]]
"""A remembered fragment: its text and every symbol it needs (those it places, and those they
place in turn), written: a picture that pastes it needs no other look-up, and no symbol
forgotten since can make it wrong."""

SYMBOLS: OrderedDict[str, Symbol] = OrderedDict()
"""The written text of the symbols defined so far, and the symbols each uses, by id (see
:meth:`Canvas.define`), the oldest first."""
MAX_SYMBOLS = 4096
"""How many symbols :data:`SYMBOLS` keeps."""

FRAGMENTS: OrderedDict[tuple[object, ...], Fragment] = OrderedDict()
"""The written text of remembered fragments, and the symbols they use (see :meth:`Group.fragment`),
the oldest first."""
# Rows and piles of at most a few KiB each: at most some tens of MiB.  A server draws a few
# new fragments a move at each of its tables and reuses the rest.  The oldest goes first, used
# or not: one still in use is written again once, some thousands of moves later, which costs
# less than marking every use (a use would hash its key twice, and a picture pastes a dozen).
MAX_FRAGMENTS = 8192
"""How many fragments :data:`FRAGMENTS` keeps."""


_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def remember(cache: OrderedDict[_Key, _Value], key: _Key, value: _Value, most: int) -> None:
    """Store *value* under *key*, forgetting the oldest entry when *cache* is full.

    >>> cache: OrderedDict[str, tuple[str, tuple[str, ...]]] = OrderedDict()
    >>> for name in "abc":
    ...     remember(cache, name, (name, ()), most=2)
    >>> list(cache)
    ['b', 'c']
    """
    if len(cache) >= most:
        cache.popitem(last=False)
    cache[key] = value
