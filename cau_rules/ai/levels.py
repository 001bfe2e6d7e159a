"""Levels of play: ``easy``, ``medium``, ``hard`` and ``expert``, a bot spec for each preset.

Every level is a bot spec (see :func:`cau_rules.ai.specs.make_bot`) whose search spends
at most one second of CPU time per move on one core (IS-MCTS levels carry ``time=1`` as a
cap over their iterations).  :data:`LEVEL_TABLE` is the one place that says which bot
plays which level: an entry for a preset overrides the default entry (``"*"``) of the
same level, so pointing ``expert`` at a new bot is one line.  :data:`PLAYER_LEVELS`
overrides both for one preset at one number of players (two-player Cacho's ``expert``
is the solved equilibrium, :mod:`cau_rules.cacho.solver`).  The ladder
(``docs/strength.md``, ``benchmarks/ladder.py``) measures the levels against each other.

A level is named in English, Catalan or Spanish (:func:`level_label`); any of the three
names is accepted (:func:`level_named`).

>>> level_spec("hard", "cau-robat")
'ismcts:1000:auto:time=1'
>>> level_spec("expert", "cacho", players=2), level_spec("expert", "cacho", players=3)
('equilibrium', 'ismcts:10000:auto:time=1')
>>> level_label("expert", "ca"), level_label("easy", "es")
('expert', 'fácil')
>>> level_named("Difícil"), level_named("mitjà")
('hard', 'medium')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeAlias

from cau_rules.errors import InvalidRulesError, fast_installed
from cau_rules.i18n import LANGS, Catalogue, Lang, register

__all__ = [
    "LEVELS",
    "LEVEL_TABLE",
    "LEVEL_WORDS",
    "MOST_SECONDS",
    "PLAYER_LEVELS",
    "Level",
    "level_label",
    "level_named",
    "level_spec",
    "level_specs",
]

Level: TypeAlias = Literal["easy", "medium", "hard", "expert"]
"""A level's English name."""

LEVELS: tuple[Level, ...] = ("easy", "medium", "hard", "expert")
"""Every level, weakest first."""

MOST_SECONDS = 1.0
"""The most CPU seconds a level may spend on one move (on one core)."""

LEVEL_TABLE: dict[str, Mapping[Level, str]] = {
    "*": {
        "easy": "greedy",
        "medium": "ismcts:100:auto:time=1",
        "hard": "ismcts:1000:auto:time=1",
        "expert": "ismcts:10000:auto:time=1",
    },
    # The capture games: the exact search wherever nothing is hidden (cau_rules.ai.exact),
    # the compiled IS-MCTS elsewhere, within the same second a move.
    **{preset: {"expert": "exact:10000:time=1"}
       for preset in ("cau", "cau-robat", "cau-recau-sant-vicent")},
    # The whole deck dealt: greedy beat IS-MCTS at 100 iterations on the ladder (+516 and
    # +426 Elo over random), so every level moves one bot up (docs/strength.md).
    "cau-40": {"easy": "random", "medium": "greedy", "hard": "ismcts:1000:auto:time=1",
               "expert": "exact:10000:time=1"},
    # With open piles and the whole deck dealt, heuristic rollouts helped (docs/strength.md).
    "cau-robat-40": {"expert": "exact:10000:time=1:rollout=heuristic"},
}
"""The bot spec of every level: ``LEVEL_TABLE[preset][level]`` for a preset with its own
entry, else ``LEVEL_TABLE["*"][level]``."""

PLAYER_LEVELS: dict[tuple[str, int], Mapping[Level, str]] = {
    # Two-player Cacho has an equilibrium: its solved strategy (cau_rules.cacho.solver) is
    # the expert; it reads a stored strategy, so it spends far less than a second a move.
    ("cacho", 2): {"expert": "equilibrium"},
}
"""The levels that depend on the number of players: ``PLAYER_LEVELS[preset, players][level]``
overrides :data:`LEVEL_TABLE` when a game of *preset* has that many players and the
``fast`` extra, which solved strategies need, is installed."""

LEVEL_WORDS = register(Catalogue("levels", {
    "easy": {"en": "easy", "ca": "fàcil", "es": "fácil"},
    "medium": {"en": "medium", "ca": "mitjà", "es": "medio"},
    "hard": {"en": "hard", "ca": "difícil", "es": "difícil"},
    "expert": {"en": "expert", "ca": "expert", "es": "experto"},
}))
"""The levels' names in the three languages."""


def level_named(name: str) -> Level | None:
    """The level whose name, in any of the three languages, is *name* (any case), or
    None when no level is called so.

    >>> level_named("EXPERTO"), level_named("hard"), level_named("ismcts")
    ('expert', 'hard', None)
    """
    wanted = name.strip().lower()
    for level in LEVELS:
        if any(LEVEL_WORDS(level, lang) == wanted for lang in LANGS):
            return level
    return None


def _level(name: str) -> Level:
    level = level_named(name)
    if level is None:
        raise InvalidRulesError(
            f"unknown level {name!r:.40}; levels are: {', '.join(LEVELS)} "
            f"(or their Catalan or Spanish names)"
        )
    return level


def level_spec(level: str, preset: str | None = None, players: int | None = None) -> str:
    """The bot spec that plays *level* (a name in any language) in *preset* (None: the
    default entry) with *players* players (None: any number, :data:`PLAYER_LEVELS` is
    not read).

    Raises:
        InvalidRulesError: *level* names no level.

    >>> level_spec("easy"), level_spec("medium", "cau")
    ('greedy', 'ismcts:100:auto:time=1')
    >>> level_spec("grandmaster")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown level 'grandmaster'; levels are: easy, medium, hard, expert (or their Catalan or Spanish names)
    """
    chosen = _level(level)
    counted = PLAYER_LEVELS.get((preset or "*", players), {}) if players is not None and fast_installed() else {}
    own = LEVEL_TABLE.get(preset or "*", {})
    return counted.get(chosen, own.get(chosen, LEVEL_TABLE["*"][chosen]))


def level_specs(preset: str | None = None, players: int | None = None) -> dict[Level, str]:
    """Every level's bot spec in *preset* with *players* players, weakest first.

    >>> list(level_specs("cacho"))
    ['easy', 'medium', 'hard', 'expert']
    >>> level_specs("cacho", players=2)["expert"]
    'equilibrium'
    """
    return {level: level_spec(level, preset, players) for level in LEVELS}


def level_label(level: str, lang: Lang = "en") -> str:
    """The name of *level* (a name in any language) in *lang*.

    Raises:
        InvalidRulesError: *level* names no level.

    >>> level_label("fàcil", "en")
    'easy'
    """
    return LEVEL_WORDS(_level(level), lang)
