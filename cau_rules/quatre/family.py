"""The four-card game as a plug-in: its :class:`~cau_rules.game.Family` record.

Generic code (the registry, bots, the command line, adapters, the shared test suites)
reaches the family only through :data:`FAMILY`.

>>> from cau_rules.quatre.family import FAMILY
>>> state = FAMILY.new_game(FAMILY.presets[0], 2, 5, ())
>>> FAMILY.name, FAMILY.load(state.to_dict()) == state, FAMILY.parse_move("draw") in state.legal_moves()
('quatre', True, True)
>>> FAMILY.picture(state.observe(0)).startswith("<svg"), FAMILY.move_menu(state.legal_moves())
(True, ['draw'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cau_rules.cards import Card
from cau_rules.game import Family, Inference, PlayoutEngine
from cau_rules.kernel.tools import kernel_or_reference
from cau_rules.outcome import Outcome
from cau_rules.quatre.codec import QuatreCodec
from cau_rules.quatre.gallery import doc_pictures
from cau_rules.quatre.infer import resample_fields, start, update
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass, Play, QuatreMove, parse_move
from cau_rules.quatre.policy import greedy
from cau_rules.quatre.render import move_menu, render_text, svg_view
from cau_rules.quatre.rules import QUATRE, QuatreRules
from cau_rules.quatre.state import QuatreState, load, new_game
from cau_rules.quatre.suite import SUITE
from cau_rules.quatre.view import QuatreView

__all__ = ["FAMILY", "INFERENCE", "KERNEL", "resample"]

KERNEL = "cau_rules.quatre.kernel.batch"
"""The module of the four-card game's compiled kernel (the ``fast`` extra); it plays every
option."""


def resample(
    rules: QuatreRules, players: int, view: QuatreView, memory: object, rng: random.Random
) -> QuatreState:
    """A full state that gives ``view.seat`` exactly *view*, drawn with *rng* (see
    :func:`cau_rules.quatre.infer.resample_fields`).

    >>> from cau_rules.quatre import QUATRE
    >>> view = new_game(QUATRE, 2, seed=1).observe(0)
    >>> resample(QUATRE, 2, view, None, random.Random(1)).observe(0).holding == view.holding
    True
    """
    return QuatreState(**resample_fields(rules, players, view, memory, rng))


def _new_game(rules: QuatreRules, players: int, seed: int, decks: Sequence[Sequence[Card]]) -> QuatreState:
    return new_game(rules, players, seed=seed, decks=decks)


def _playout(
    state: QuatreState, choose: Callable[[Sequence[QuatreMove]], QuatreMove], engine: PlayoutEngine | None = None
) -> Outcome:
    """The outcome of a random playout from *state* (see :class:`~cau_rules.game.PlayoutHook`).

    >>> from cau_rules.quatre import QUATRE
    >>> _playout(new_game(QUATRE, 2, seed=1), random.Random(2).choice, engine="python").termination.name
    'LAST_HOLDER'
    """
    return kernel_or_reference(KERNEL, state, choose, engine)


INFERENCE: Inference[QuatreRules, QuatreView, QuatreState] = Inference(start=start, update=update, resample=resample)
"""The information-state hooks of the four-card game (memory-less: the view says it all)."""

FAMILY: Family[QuatreRules, QuatreState, QuatreView, QuatreMove] = Family(
    name="quatre",
    title="the four-card game",
    rules_type=QuatreRules,
    state_type=QuatreState,
    view_type=QuatreView,
    move_types=(Play, Add, Give, Draw, Pass, Lay),
    presets=(QUATRE,),
    aliases={},
    new_game=_new_game,
    load=load,
    parse_move=parse_move,
    codec=QuatreCodec,
    infer=INFERENCE,
    policy=greedy,
    render=render_text,
    suite=SUITE,
    picture=svg_view,
    doc_pictures=doc_pictures,
    move_menu=move_menu,
    playout=_playout,
    kernel=KERNEL,
)
"""The four-card game's record for generic code."""
