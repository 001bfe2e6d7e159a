"""The *Cacho* family as generic code sees it: the :data:`FAMILY` record.

>>> from cau_rules.cacho.family import FAMILY
>>> FAMILY.name, [rules.name for rules in FAMILY.presets]
('cacho', ['cacho'])
>>> state = FAMILY.new_game(FAMILY.presets[0], 3, 5, ())
>>> FAMILY.load(state.to_dict()) == state, FAMILY.parse_move("raise 4")
(True, Raise(to=4))
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.features import CachoFeatures
from cau_rules.cacho.infer import resample_fields, start, update
from cau_rules.cacho.moves import MOVE_TYPES, CachoMove, parse_move
from cau_rules.cacho.picture import svg_state, svg_view
from cau_rules.cacho.policy import greedy
from cau_rules.cacho.render import move_menu, render_text
from cau_rules.cacho.rules import CACHO, CachoRules
from cau_rules.cacho.state import CachoState, new_game
from cau_rules.cacho.suite import SUITE
from cau_rules.cacho.view import CachoView
from cau_rules.cards import CACHO_24, Card, parse_cards
from cau_rules.errors import FAST_EXTRA, MissingExtraError, fast_installed
from cau_rules.game import Family, Inference, PlayoutEngine
from cau_rules.outcome import Outcome
from cau_rules.svg import SvgOptions

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
    rng = getattr(choose, "__self__", None)
    if engine is None:
        engine = "kernel" if isinstance(rng, random.Random) and fast_installed() else "python"
    if engine == "kernel":
        if not fast_installed():
            raise MissingExtraError(f"engine='kernel' needs the compiled kernel: {FAST_EXTRA}")
        if not isinstance(rng, random.Random):
            raise TypeError("with engine='kernel', choose must be a random.Random's choice: "
                            "the kernel draws the moves from its own generator, seeded from it")
        kernel: Any = importlib.import_module(KERNEL)
        outcome: Outcome = kernel.playout(state, rng.getrandbits(63))
        return outcome
    if engine != "python":
        raise ValueError(f"engine must be 'python' or 'kernel', not {engine!r}")
    while not state.is_over:
        state = state.apply(choose(state.legal_moves()))
    final = state.outcome()
    assert final is not None
    return final


def _stacked(top: str) -> tuple[Card, ...]:
    first = parse_cards(top)
    return first + tuple(card for card in CACHO_24.cards if card not in first)


def doc_pictures() -> dict[str, str]:
    """The pictures of the Cacho docs page, drawn from real games at docs build time:
    ``{file name: SVG}``.

    - ``cacho-showdown.svg``: three players; seat 2 folds in round 2, seats 0 and 1 bet and
      call in round 3 and show (seat 0's view: the shown cards face up, the winning hand
      highlighted, the stacks after the pot is paid).
    - ``cacho-round-3.svg``: the same hand in round 3, seat 1's view as seat 0 bets: the
      pot, the bets this round, the amount to call, the folded seat.
    - ``cacho-side-pots.svg``: the whole state at the end of a session under
      ``resto="side_pots"``: seat 1 went all in with its last counter in round 1 and its
      best hand takes the main pot; seat 2 takes the side pot from seat 0.

    >>> sorted(doc_pictures())
    ['cacho-round-3.svg', 'cacho-showdown.svg', 'cacho-side-pots.svg']
    """
    options = SvgOptions(language="en")
    deck = _stacked("1o 5c 3e 2o 6c 4e 3o 4b")
    state = new_game(CACHO, 3, seed=0, decks=[deck])
    for move in ("bet 1", "call", "call", "bet 2", "call", "fold", "bet 4"):
        state = state.apply(move)
    round_3 = svg_view(state.observe(1), options=options)
    showdown = svg_view(state.apply("call").observe(0), options=options)
    rules = CACHO.replace(resto="side_pots", stack=6, max_hands=2)
    side = new_game(rules, 3, seed=0, decks=[_stacked("6o 1c 1b 5o 2e 4o 3b"),
                                             _stacked("4c 1e 1o 5c 2e 2b 6c 3e 3c")])
    for move in ("bet 1", "call", "fold", "bet 2", "call", "bet 2", "call",  # hand 1: seat 1 keeps 1
                 "bet 1", "call", "call", "pass", "pass", "pass", "bet 3", "call"):  # hand 2
        side = side.apply(move)
    return {
        "cacho-showdown.svg": showdown,
        "cacho-round-3.svg": round_3,
        "cacho-side-pots.svg": svg_state(side, options=options),
    }


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
)
"""Cacho's plug-in record."""
