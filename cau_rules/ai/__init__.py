"""Tools for AI research and framework adapters: action codecs, information states,
determinisation, search bots and simulation.

>>> from cau_rules.ai import codec_for
>>> codec_for("cau", 2).num_actions > 0
True
"""

from cau_rules.ai.codec import ActionCodec, codec_for
from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.ai.simulate import SimulationResult, simulate

__all__ = ["ActionCodec", "ISMCTSBot", "SimulationResult", "codec_for", "simulate"]
