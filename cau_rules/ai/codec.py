"""Stable integer encodings of moves, for learning code and framework adapters.

Every preset has a codec with ``num_actions``, ``encode(move)``, ``decode(index,
state)`` and a legal-action mask.  Indices depend only on the rules and the player
count, never on the state, so a trained policy keeps its meaning across games.  Each
family defines its codec (``cau_rules.<family>.codec``); :func:`codec_for` finds it
through the family's record.

>>> from cau_rules import new_game
>>> from cau_rules.ai.codec import codec_for
>>> state = new_game("cau", players=2, seed=1)
>>> codec = codec_for(state.rules, state.players)
>>> codec.num_actions
621
>>> indices = codec.legal_actions(state)
>>> [str(codec.decode(index, state)) for index in indices] == [str(m) for m in state.legal_moves()]
True
>>> codec_for("cau-robat-40", 4).num_actions
7725
"""

from __future__ import annotations

from cau_rules.game import ActionCodec, CodecBase
from cau_rules.registry import codec_for

__all__ = ["ActionCodec", "CodecBase", "codec_for"]
