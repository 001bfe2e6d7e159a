"""What the ``cau-rules`` command shows: preset descriptions, player counts, screens of a
view, and outcomes in words.

>>> from cau_rules.cli.screens import describe_variant
>>> describe_variant("cau-robat")
'Cau robat by the Catalan rule book: open piles that runs can take, own pile included.'
"""

from __future__ import annotations

import argparse
import ast
import functools
import inspect
import itertools
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from cau_rules.errors import CauRulesError
from cau_rules.game import GameRules, GameView
from cau_rules.i18n import COMMON, Lang, check_lang, event_text, load_catalogue
from cau_rules.moveseq import AmountRange, MoveList
from cau_rules.outcome import Outcome
from cau_rules.registry import family_of, get_rules, variants

__all__ = [
    "HELP_WORDS",
    "QUIT_WORDS",
    "WORDS",
    "InputFunc",
    "UsageError",
    "allowed_players",
    "cmd_options",
    "cmd_variants",
    "default_players",
    "describe_variant",
    "format_outcome",
    "menu_entries",
    "render_view",
    "resolve_players",
    "view_events",
]

InputFunc = Callable[[str], str]
"""Reads one line of input after showing a prompt (like :func:`input`; raises EOFError)."""

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "moves"})


WORDS = load_catalogue("cli")
"""The command line's own words around a game, by key and language."""


class UsageError(Exception):
    """A command-line argument the library cannot check itself (a seat out of range, a
    negative duration).  Reported like a library error: message and exit status 2.

    >>> str(UsageError("--seconds must be positive"))
    '--seconds must be positive'
    """


# ---------------------------------------------------------------------------------
# Variants


def describe_variant(name: str) -> str:
    """A one-line description of the preset *name*.

    The description is the docstring written under the preset's definition in its
    module (its first paragraph, emphasis removed); presets without one fall back to the
    title of the preset's family.

    >>> describe_variant("cau-robat")
    'Cau robat by the Catalan rule book: open piles that runs can take, own pile included.'
    """
    rules = get_rules(name)
    text = _preset_docstrings(type(rules).__module__).get(id(rules))
    if text:
        paragraph = text.strip().split("\n\n")[0]
        return " ".join(paragraph.split()).replace("*", "").replace("``", "")
    return family_of(rules).title


@functools.lru_cache(maxsize=16)
def _preset_docstrings(module_name: str) -> dict[int, str]:
    """``id(preset) -> docstring`` for the module-level constants of *module_name* that
    are followed by a string (the attribute docstring convention)."""
    module = sys.modules.get(module_name)
    if module is None:
        return {}
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return {}
    found: dict[int, str] = {}
    body = tree.body
    for statement, following in itertools.pairwise(body):
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        else:
            continue
        if not (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            continue
        for target in targets:
            value = getattr(module, target, None)
            if value is not None:
                found[id(value)] = following.value.value
    return found


def allowed_players(rules: GameRules) -> tuple[int, ...]:
    """Every player count *rules* can be played by (within its range, dealable).

    >>> allowed_players(get_rules("cau-robat-40"))
    (2, 3, 4, 5)
    """
    counts = []
    for players in range(rules.min_players, rules.max_players + 1):
        try:
            rules.check_players(players)
        except CauRulesError:
            continue
        counts.append(players)
    return tuple(counts)


def default_players(rules: GameRules) -> int:
    """The player count used when none is given: 4 (a full table) when the rules allow
    it, else the smallest count.

    >>> default_players(get_rules("cau")), default_players(get_rules("cau").replace(max_players=3))
    (4, 2)
    """
    if 4 in allowed_players(rules):
        return 4
    return rules.min_players


def _ranges(counts: Sequence[int]) -> str:
    if not counts:
        return "none"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def cmd_variants(args: argparse.Namespace, out: TextIO) -> int:
    names = variants()
    width = max(len(name) for name in names)
    for name in names:
        counts = _ranges(allowed_players(get_rules(name)))
        print(f"{name:<{width}}  {counts + ' players':<12}  {describe_variant(name)}", file=out)
    return 0


def cmd_options(variant: str, as_json: bool, out: TextIO) -> int:
    """Print every option of *variant*'s rules as they describe them
    (``rules.describe_options()``): name, kind, range or choices, value, help.

    >>> import sys
    >>> cmd_options("cau-quatre", False, sys.stdout)  # doctest: +ELLIPSIS
    Options of cau-quatre (rules.replace(name=value)):
      name                   text          cau-quatre  the preset this rules object derives from ...
    ...
      hand_size              int 1-12      4           cards dealt to each player at the start, ...
    ...
    0
    """
    options = get_rules(variant).describe_options()
    if as_json:
        for option in options:
            print(json.dumps(option.to_dict()), file=out)
        return 0
    print(f"Options of {variant} (rules.replace(name=value)):", file=out)
    for option in options:
        if option.kind in ("int", "ints") and option.low is not None:
            kind = f"{option.kind} {option.low}-{option.high}"
        elif option.choices and option.kind == "choice":
            kind = "one of " + ", ".join(map(str, option.choices))
        else:
            kind = option.kind
        value = getattr(option.default, "name", option.default)
        print(f"  {option.name:<22} {kind:<13} {value!s:<11} {option.help}", file=out)
    return 0


# ---------------------------------------------------------------------------------
# Showing games


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def format_outcome(outcome: Outcome | None, lang: Lang = "en") -> str:
    """The result in words, in *lang*: the winners, why, and each seat's score.

    >>> from cau_rules.outcome import Termination
    >>> print(format_outcome(Outcome(winners=(1,), scores=(20, 28), termination=Termination.MOST_CARDS)))
    Outcome: seat 1 wins with the most cards
    Scores: seat 0: 20, seat 1: 28
    >>> print(format_outcome(Outcome(winners=(0, 2), scores=(16, 16, 16), termination=Termination.MOST_CARDS), "es"))
    Resultado: asientos 0 y 2 ganan con más cartas
    Puntos: asiento 0: 16, asiento 1: 16, asiento 2: 16
    >>> format_outcome(None)
    'Outcome: the game is not over'
    """
    lang = check_lang(lang)
    if outcome is None:
        return f"{WORDS('Outcome', lang)}: {COMMON('not_over', lang)}"
    scores = ", ".join(COMMON("score_of", lang, COMMON("seat", lang, seat), _number(score))
                       for seat, score in enumerate(outcome.scores))
    return f"{WORDS('Outcome', lang)}: {outcome.verdict(lang)}\n{WORDS('Scores', lang)}: {scores}"


def _cards(cards: Iterable[Any]) -> str:
    text = " ".join(str(card) for card in cards)
    return text or "(none)"


def render_view(view: GameView, lang: Lang = "en") -> str:
    """A readable screen of one seat's view, drawn by the view's family.

    Capture-family views show the table, the chain zone, your cards, the piles (sizes,
    and the top card of open piles), holding sizes, the stock, debts and scores; the
    other families show their own zones.

    >>> from cau_rules import new_game
    >>> print(render_view(new_game("cau", players=2, seed=1).observe(0)))  # doctest: +ELLIPSIS
    === cau · hand 1 · deal round 1 · seat 0 (you) to play ===
    Table:      (none)
    Your cards: ...
    Piles:      seat 0 (you): 0 cards | seat 1: 0 cards (closed)
    Holdings:   seat 0 (you): 3, seat 1: 3
    Stock:      42 cards
    Debts:      ...
    Cards won:  seat 0 (you): 0, seat 1: 0
    """
    return family_of(view).render(view, check_lang(lang))


def view_events(view: GameView, lang: Lang = "en") -> list[str]:
    return [event_text(event, lang) for event in view.events]


def resolve_players(variant: str, players: int | None) -> tuple[GameRules, int]:
    """The rules of *variant* and the player count to use (*players*, or the default).

    Raises:
        InvalidRulesError: unknown variant, or a count the rules cannot play.

    >>> resolve_players("cau", None)[1], resolve_players("cacho", 3)[1]
    (4, 3)
    """
    rules = get_rules(variant)
    count = default_players(rules) if players is None else players
    rules.check_players(count)
    return rules, count


def menu_entries(moves: Sequence[Any]) -> list[tuple[str, Any | None]]:
    """The legal moves as menu entries: ``(label, move)``, or ``(label, None)`` for a
    range of amounts shown on one line ("bet 1-17"), where the player types the amount.

    >>> from cau_rules import new_game
    >>> state = new_game("cacho", players=2, seed=1)
    >>> for move in ("bet 1", "call", "bet 2", "call"):
    ...     state = state.apply(move)
    >>> [label for label, _ in menu_entries(state.legal_moves())]
    ['pass', 'bet 1-17']
    """
    parts = moves.parts if isinstance(moves, MoveList) else (moves,)
    entries: list[tuple[str, Any | None]] = []
    for part in parts:
        if isinstance(part, AmountRange) and len(part) > 1:
            first, last = str(part[0]), str(part[-1])
            word, _, low = first.rpartition(" ")
            entries.append((f"{word} {low}-{last.rpartition(' ')[2]}", None))
        else:
            entries.extend((str(move), move) for move in part)
    return entries
