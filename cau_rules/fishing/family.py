"""The capture family as a plug-in: the one record generic code reads.

>>> FAMILY.name, FAMILY.state_type.__name__, len(FAMILY.presets)
('fishing', 'FishingState', 5)
>>> FAMILY.new_game(FAMILY.presets[0], 2, 1, ()).holding_sizes
(3, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cau_rules.cards import Card
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.engine import outcome_of
from cau_rules.fishing.features import FishingFeatures
from cau_rules.fishing.gallery import doc_pictures
from cau_rules.fishing.infer import FishingMemory, resample_fields, start, update
from cau_rules.fishing.kernel.layout import supported_problems
from cau_rules.fishing.legal import playout
from cau_rules.fishing.moves import Accept, Bid, Declare, FishingMove, Play, Refuse, parse_move
from cau_rules.fishing.picture import svg_view
from cau_rules.fishing.policy import greedy
from cau_rules.fishing.render import move_menu, render_text
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from cau_rules.fishing.state import FishingState, new_game
from cau_rules.fishing.suite import SUITE
from cau_rules.fishing.view import FishingView
from cau_rules.game import Family, Inference, PlayoutEngine
from cau_rules.kernel.tools import kernel_playout
from cau_rules.outcome import Outcome

__all__ = ["FAMILY", "INFERENCE", "KERNEL"]


def _start(rules: FishingRules, players: int, view: FishingView) -> object:
    return start(rules, players, view)


def _update(memory: object, rules: FishingRules, view: FishingView) -> object:
    assert isinstance(memory, FishingMemory)
    return update(memory, rules, view)


def _resample(
    rules: FishingRules, players: int, view: FishingView, memory: object, rng: random.Random
) -> FishingState:
    assert isinstance(memory, FishingMemory)
    return FishingState(**resample_fields(rules, players, view, memory, rng))


def _picture(view: FishingView) -> str:
    return svg_view(view)


KERNEL = "cau_rules.fishing.kernel.batch"
"""The module of the capture family's compiled kernel (the ``fast`` extra)."""


def _playout(
    state: FishingState, choose: Callable[[Sequence[FishingMove]], FishingMove], engine: PlayoutEngine | None = None
) -> Outcome:
    """The outcome of a random playout from *state* (see :class:`~cau_rules.game.PlayoutHook`)."""
    plays = engine is not None or not supported_problems(state.rules, state.players)
    outcome = kernel_playout(KERNEL, state, choose, engine, plays=plays)
    if outcome is not None:
        return outcome
    work = playout(state, choose)
    return outcome_of(state.rules, state.players, work.tally, work.hand_scores)


def _new_game(
    rules: FishingRules, players: int, seed: int, decks: tuple[tuple[Card, ...], ...]
) -> FishingState:
    return new_game(rules, players, seed=seed, decks=decks)


INFERENCE: Inference[FishingRules, FishingView, FishingState] = Inference(
    start=_start, update=_update, resample=_resample
)
"""The capture family's information-state hooks (see :mod:`cau_rules.fishing.infer`)."""

FAMILY: Family[FishingRules, FishingState, FishingView, FishingMove] = Family(
    name="fishing",
    title="capture games: Cau, Cau robat, the 001 rules and Cau, recau i Sant Vicent",
    rules_type=FishingRules,
    state_type=FishingState,
    view_type=FishingView,
    move_types=(Play, Declare, Bid, Accept, Refuse),
    presets=tuple(FISHING_PRESETS.values()),
    aliases={"bac-rebac-sant-vicent": "cau-recau-sant-vicent"},
    new_game=_new_game,
    load=FishingState.from_dict,
    parse_move=parse_move,
    codec=FishingCodec,
    infer=INFERENCE,
    policy=greedy,
    render=render_text,
    suite=SUITE,
    features=FishingFeatures,
    playout=_playout,
    picture=_picture,
    doc_pictures=doc_pictures,
    move_menu=move_menu,
    kernel=KERNEL,
)
"""The capture family's record (registered in :mod:`cau_rules.registry`)."""
