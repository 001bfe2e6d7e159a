"""Adapters to reinforcement-learning and game-theory frameworks (optional extras).

Each adapter lives in its own module and needs its framework installed; importing
``cau_rules`` or this package never imports numpy or any framework.

- :mod:`cau_rules.adapters.openspiel`: every supported preset as an OpenSpiel game
  (``pip install 'cau_rules[openspiel]'``).
- :mod:`cau_rules.adapters.pettingzoo`: a PettingZoo AEC environment
  (``pip install 'cau_rules[pettingzoo]'``).
- :mod:`cau_rules.adapters.gymnasium`: a single-agent Gymnasium environment against
  bots (``pip install 'cau_rules[gymnasium]'``).
- :mod:`cau_rules.adapters.vector`: a Gymnasium vector environment over the capture
  family's compiled kernel (``pip install 'cau_rules[fast,gymnasium]'``).
- :mod:`cau_rules.adapters.features`: the fixed-size observation vectors they share
  (needs numpy, which every extra installs).

An adapter serves a preset once its family has an action codec
(:func:`cau_rules.ai.codec.codec_for`) and information states
(:class:`cau_rules.ai.infostate.InfoState`); :func:`supported_variants` lists them
without importing any framework.

>>> from cau_rules.adapters import supported_variants
>>> "cau" in supported_variants()
True
"""

from __future__ import annotations

import functools

from cau_rules.ai.codec import codec_for
from cau_rules.ai.infostate import InfoState
from cau_rules.errors import CauRulesError
from cau_rules.registry import get_rules, new_game, variants

__all__ = ["supported_variants"]


@functools.cache
def _supports(name: str) -> bool:
    try:
        rules = get_rules(name)
        players = rules.min_players
        codec_for(rules, players)
        InfoState.start(new_game(rules, players=players, seed=0), 0)
    except CauRulesError:
        return False
    return True


def supported_variants() -> tuple[str, ...]:
    """The registered presets the adapters serve: those whose family has an action
    codec and information states (others are skipped until their hooks exist).

    >>> {"cau", "cau-robat"} <= set(supported_variants())
    True
    """
    return tuple(name for name in variants() if _supports(name))
