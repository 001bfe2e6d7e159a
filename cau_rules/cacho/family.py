"""The *Cacho* family as generic code sees it: the :data:`FAMILY` record.

>>> from cau_rules.cacho.family import FAMILY
>>> FAMILY.name, [rules.name for rules in FAMILY.presets]
('cacho', ['cacho'])
>>> state = FAMILY.new_game(FAMILY.presets[0], 3, 5, ())
>>> FAMILY.load(state.to_dict()) == state, FAMILY.parse_move("raise 4")
(True, Raise(to=4))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.features import CachoFeatures
from cau_rules.cacho.gallery import doc_pictures
from cau_rules.cacho.infer import resample_fields, start, update
from cau_rules.cacho.moves import MOVE_TYPES, CachoMove, parse_move
from cau_rules.cacho.picture import svg_view
from cau_rules.cacho.policy import greedy
from cau_rules.cacho.render import move_menu, render_text
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cacho.state import CachoState, new_game
from cau_rules.cacho.suite import SUITE
from cau_rules.cacho.view import CachoView
from cau_rules.cards import Card
from cau_rules.game import Family, Inference, PlayoutEngine
from cau_rules.kernel.tools import kernel_or_reference
from cau_rules.outcome import Outcome

__all__ = ["FAMILY", "KERNEL", "doc_pictures", "resample"]

KERNEL = "cau_rules.cacho.kernel.batch"
"""The module of Cacho's compiled kernel (the ``fast`` extra); it plays every option."""


def _new_game(rules: CachoRules, players: int, seed: int, decks: tuple[tuple[Card, ...], ...]) -> CachoState:
    return new_game(rules, players, seed=seed, decks=decks)


def resample(rules: CachoRules, players: int, view: CachoView, memory: object, rng: random.Random) -> CachoState:
    """A full state that gives ``view.seat`` exactly *view*, its unseen cards redrawn with
    *rng* (see :mod:`cau_rules.cacho.infer`)."""
    return CachoState(**resample_fields(rules, players, view, memory, rng))


def _playout(
    state: CachoState, choose: Callable[[Sequence[CachoMove]], CachoMove], engine: PlayoutEngine | None = None
) -> Outcome:
    """The outcome of a random playout from *state* (see :class:`~cau_rules.game.PlayoutHook`).

    >>> from cau_rules.cacho import CACHO
    >>> _playout(new_game(CACHO, 2, seed=1), random.Random(2).choice, engine="python").hands_played
    1
    """
    return kernel_or_reference(KERNEL, state, choose, engine)


FAMILY: Family[CachoRules, CachoState, CachoView, CachoMove] = Family(
    name="cacho",
    title="Cacho, the Renaissance betting game: three cards, three betting rounds",
    rules_type=CachoRules,
    state_type=CachoState,
    view_type=CachoView,
    move_types=MOVE_TYPES,
    presets=(CACHO,),
    aliases={},
    new_game=_new_game,
    load=CachoState.from_dict,
    parse_move=parse_move,
    codec=CachoCodec,
    infer=Inference(start=start, update=update, resample=resample),
    policy=greedy,
    render=render_text,
    suite=SUITE,
    picture=svg_view,
    doc_pictures=doc_pictures,
    move_menu=move_menu,
    demo_options={"max_hands": 6},  # a one-hand session is often void: show a few hands
    features=CachoFeatures,
    playout=_playout,
    kernel=KERNEL,
    bots={"equilibrium": "cau_rules.cacho.solver.bot:CachoEquilibriumBot"},
)
"""Cacho's plug-in record."""
