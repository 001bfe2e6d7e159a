"""What the framework adapters share (needs numpy): a position as text, their common
setup, and the observation vectors, which live in :mod:`cau_rules.features` (below both the
batch API and the adapters) and are re-exported here under their old names.

>>> from cau_rules.adapters.features import FeatureEncoder, features_for
>>> isinstance(features_for("cau", 2), FeatureEncoder)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cau_rules.ai.codec import codec_for
from cau_rules.errors import InvalidRulesError
from cau_rules.features import FeatureEncoder, GenericFeatures, features_for
from cau_rules.registry import get_rules

__all__ = ["FeatureEncoder", "GenericFeatures", "Vector", "describe", "features_for"]

Vector = npt.NDArray[np.float32]
"""A flat float32 vector."""


def describe(state: Any) -> str:
    """A full position as text, every holding shown (for ``render``: a spectator's view,
    never an observation).

    >>> from cau_rules import new_game
    >>> print(describe(new_game("cau", players=2, seed=1)).splitlines()[1])
    seat 0: 12o 12c 2b
    """
    lines = [f"{getattr(state.rules, 'name', '?')}, {state.players} players"]
    for seat in range(state.players):
        view = state.observe(seat)
        holding = getattr(view, "holding", ())
        lines.append(f"seat {seat}: " + " ".join(getattr(card, "code", str(card)) for card in holding))
    table = getattr(state, "table", None)
    if table is not None:
        lines.append("table: " + " ".join(getattr(card, "code", str(card)) for card in table))
    if state.is_over:
        lines.append(f"over: {state.outcome()}")
    else:
        lines.append(f"to play: seat {state.to_play}; legal: {', '.join(str(m) for m in state.legal_moves())}")
    return "\n".join(lines)


@attrs.frozen
class EnvSetup:
    """What both environment adapters derive from their arguments.

    >>> setup = env_setup("cau", 2, None, ("human", "ansi"), "terminate")
    >>> setup.players, setup.codec.num_actions
    (2, 621)
    """

    rules: Any
    players: int
    codec: Any
    features: FeatureEncoder


def env_setup(
    variant: str, players: int | None, render_mode: str | None, render_modes: Sequence[str], illegal_action: str,
) -> EnvSetup:
    """Check an environment's arguments and build its rules, codec and feature encoder;
    a bad argument raises :class:`~cau_rules.errors.InvalidRulesError`.

    >>> env_setup("cau", 2, "video", ("human", "ansi"), "terminate")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: render_mode must be None or one of ('human', 'ansi'), not 'video'
    """
    if render_mode is not None and render_mode not in render_modes:
        raise InvalidRulesError(f"render_mode must be None or one of {tuple(render_modes)}, not {render_mode!r}")
    if illegal_action not in ("terminate", "raise"):
        raise InvalidRulesError(f"illegal_action must be 'terminate' or 'raise', not {illegal_action!r}")

    rules = get_rules(variant)
    count = rules.min_players if players is None else players
    return EnvSetup(rules, count, codec_for(rules, count), features_for(rules, count))


def render_text(state: Any, render_mode: str | None) -> str | None:
    """What an environment's ``render()`` gives: the position as text for ``"ansi"``,
    printed for ``"human"`` (then None), None without a render mode or a state.

    >>> from cau_rules import new_game
    >>> render_text(new_game("cau", players=2, seed=1), "ansi") is not None
    True
    """
    if render_mode is None or state is None:
        return None
    text = describe(state)
    if render_mode == "human":
        print(text)
        return None
    return text
