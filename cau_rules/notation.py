"""Text forms: card codes, moves, and saved games as JSON.

``dumps`` and ``loads`` mirror each other: ``loads(dumps(state)) == state`` for every
state of every family.  A malformed or tampered text raises a precise error.

>>> from cau_rules import new_game, dumps, loads
>>> state = new_game("cau", players=2, seed=9)
>>> loads(dumps(state)) == state
True
>>> loads("{not json")
Traceback (most recent call last):
...
cau_rules.errors.InvalidNotationError: saved data is not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
"""

from __future__ import annotations

import json
from typing import Any

from cau_rules.checks import json_object, load_json
from cau_rules.registry import load_state

__all__ = ["dumps", "loads"]


def dumps(state: Any, indent: int | None = None) -> str:
    """The state as JSON text (schema-versioned).

    >>> from cau_rules import new_game
    >>> '"family": "fishing"' in dumps(new_game("cau", players=2))
    True
    """
    return json.dumps(state.to_dict(), indent=indent, ensure_ascii=False)


def loads(text: str) -> Any:
    """The state saved by :func:`dumps`, validated (InvalidPositionError for an
    impossible position, InvalidNotationError for text that is not JSON).

    >>> from cau_rules import new_game
    >>> loads(dumps(new_game("cacho", players=3, seed=2))).players
    3
    """
    return load_state(json_object(load_json(text)))
