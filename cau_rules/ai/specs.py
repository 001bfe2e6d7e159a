"""Bot specs: the one parser of the short texts that name a bot (``"greedy"``,
``"ismcts:1000:kernel"``, ``"ismcts:time=0.05"``, ``"hard"``), used by
:func:`~cau_rules.ai.simulate.simulate`, the arena and the command line.

A spec is a kind followed by ``:``-separated arguments, each either positional or
``key=value``:

- ``random``, ``greedy``;
- ``ismcts[:ITERATIONS[:ROLLOUT]]`` with keys ``iterations=N``, ``time=SECONDS`` (CPU
  seconds per move: a :class:`~cau_rules.ai.budget.TimedISMCTSBot`; with ``iterations``
  too, that is the cap), ``rollout=random|greedy|python|kernel`` and ``c=EXPLORATION``.
  Iterations default to 200; ``greedy`` rollouts are finished by the greedy bot,
  ``python`` / ``kernel`` say where random rollouts run (default: the kernel's rollouts
  under the Python tree when installed), ``auto`` runs the whole search in the compiled
  kernel when the ``fast`` extra is installed (else as the default), ``heuristic`` too,
  with the kernel's heuristic rollouts (greedy captures, safe trails: the capture
  family's; random rollouts in the other families);
- a level: ``level:NAME`` or just ``NAME``, ``easy``, ``medium``, ``hard``, ``expert``
  or their Catalan or Spanish names (see :mod:`cau_rules.ai.levels`), resolved for the
  preset played.

More kinds are added with :func:`register_bot`.

>>> make_bot("ismcts:50:greedy")
ISMCTSBot(iterations=50, rollout_bot=GreedyBot())
>>> make_bot("ismcts:time=0.05"), make_bot("ismcts:time=0.05:auto").seconds
(TimedISMCTSBot(seconds=0.05), 0.05)
>>> make_bot("level:easy"), resolve_spec("hard", "cau")
(GreedyBot(), 'ismcts:1000:auto:time=1')
>>> make_bot("ismcts:10:speed=3")
Traceback (most recent call last):
...
cau_rules.errors.InvalidRulesError: unknown IS-MCTS argument 'speed' in 'ismcts:10:speed=3': use iterations=N, time=SECONDS, rollout=random|greedy|python|kernel|heuristic, c=EXPLORATION
"""

from __future__ import annotations

import copy
import importlib
import math
from collections.abc import Callable, Sequence
from typing import TypeAlias

import attrs

from cau_rules.ai.budget import TimedISMCTSBot
from cau_rules.ai.exact import exact_bot
from cau_rules.ai.levels import level_named, level_spec
from cau_rules.ai.mcts import DEFAULT_EXPLORATION, POLICIES, ISMCTSBot
from cau_rules.bots import Bot, GreedyBot, RandomBot
from cau_rules.errors import InvalidRulesError, fast_installed
from cau_rules.game import GameRules, PlayoutEngine
from cau_rules.registry import FAMILIES, family_of

__all__ = [
    "BOT_KINDS",
    "BotKind",
    "BotSpec",
    "ParsedSpec",
    "bot_label",
    "check_spec",
    "make_bot",
    "parse_spec",
    "register_bot",
    "resolve_spec",
    "with_engine",
]

BotSpec: TypeAlias = str | Callable[[], Bot] | Bot
"""A bot spec (text, see the module docstring), a callable with no argument returning a new
bot, or a bot object (every game gets a deep copy of it, so no memory carries over)."""


@attrs.frozen
class ParsedSpec:
    """A spec's parts: its *kind*, its positional *args* and its ``key=value`` *options*,
    and the *text* it came from.

    >>> parse_spec("ISMCTS:100:rollout=kernel")
    ParsedSpec(text='ismcts:100:rollout=kernel', kind='ismcts', args=('100',), options={'rollout': 'kernel'})
    """

    text: str
    kind: str
    args: tuple[str, ...]
    options: dict[str, str] = attrs.field(hash=False)


def parse_spec(text: str) -> ParsedSpec:
    """Split the spec *text* into its parts (lower case, spaces around parts removed).

    Raises:
        InvalidRulesError: an empty spec, or a key given twice.

    >>> parse_spec("ismcts::python").args
    ('', 'python')
    >>> parse_spec(" ")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: an empty bot spec: name a bot, e.g. greedy or ismcts:1000
    """
    clean = text.strip().lower()
    if not clean:
        raise InvalidRulesError("an empty bot spec: name a bot, e.g. greedy or ismcts:1000")
    kind, *parts = [part.strip() for part in clean.split(":")]
    args: list[str] = []
    options: dict[str, str] = {}
    for part in parts:
        key, equals, value = part.partition("=")
        if not equals:
            args.append(part)
        elif key in options:
            raise InvalidRulesError(f"{key}= is given twice in {text!r}")
        else:
            options[key.strip()] = value.strip()
    return ParsedSpec(clean, kind, tuple(args), options)


BotKind: TypeAlias = Callable[[ParsedSpec, "GameRules | None"], Bot]
"""What makes a bot of one kind: called with the parsed spec and the rules played (or
None); raises :class:`~cau_rules.errors.InvalidRulesError` on bad arguments."""

BOT_KINDS: dict[str, tuple[BotKind, str]] = {}
"""Every bot kind by name: its maker and its usage (shown when a spec is unknown)."""


def register_bot(name: str, make: BotKind, usage: str) -> None:
    """Make the bot kind *name* known to every spec parser: *make* builds one from a
    parsed spec, *usage* (``"name[:ARG]"``) is listed in errors.

    >>> register_bot("first", lambda spec, rules: RandomBot(), "first")
    >>> make_bot("first")
    RandomBot()
    >>> del BOT_KINDS["first"]
    """
    BOT_KINDS[name] = (make, usage)


def _no_arguments(name: str, build: Callable[[], Bot]) -> BotKind:
    def make(spec: ParsedSpec, rules: GameRules | None) -> Bot:
        if spec.args or spec.options:
            raise InvalidRulesError(f"the {name} bot takes no arguments, not {spec.text!r}")
        return build()
    return make


_ROLLOUTS = ("random", "greedy", "python", "kernel", "auto", "heuristic", "margin", "heuristic-margin")
_ISMCTS_KEYS = "iterations=N, time=SECONDS, rollout=random|greedy|python|kernel|heuristic, c=EXPLORATION"


def _number(text: str, spec: ParsedSpec, what: str, usage: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise InvalidRulesError(f"bad {what} {text!r} in {spec.text!r}: use {usage}") from None
    if not math.isfinite(value):
        raise InvalidRulesError(f"bad {what} {text!r} in {spec.text!r}: use {usage}")
    return value


def _make_ismcts(spec: ParsedSpec, rules: GameRules | None) -> Bot:
    if len(spec.args) > 2:
        raise InvalidRulesError(f"too many IS-MCTS arguments in {spec.text!r}: use ismcts[:ITERATIONS[:ROLLOUT]]")
    unknown = sorted(set(spec.options) - {"iterations", "time", "rollout", "c"})
    if unknown:
        raise InvalidRulesError(f"unknown IS-MCTS argument {unknown[0]!r} in {spec.text!r}: use {_ISMCTS_KEYS}")
    args = spec.args
    if len(args) == 1 and args[0] in _ROLLOUTS:  # ismcts:kernel, ismcts:time=0.1:auto: a rollout alone
        args = ("", args[0])
    positional = dict(zip(("iterations", "rollout"), args, strict=False))
    for key, value in positional.items():
        if key in spec.options and value:
            raise InvalidRulesError(f"{key} is given twice in {spec.text!r}")
    given = {key: value for key, value in positional.items() if value} | spec.options
    iterations: int | None = None
    if "iterations" in given:
        try:
            iterations = int(given["iterations"])
        except ValueError:
            raise InvalidRulesError(f"bad IS-MCTS iterations in {spec.text!r}: use ismcts:N") from None
        if iterations < 1:
            raise InvalidRulesError(f"IS-MCTS needs at least 1 iteration, not {iterations} ({spec.text!r})")
    rollout = given.get("rollout", "random")
    if rollout not in _ROLLOUTS:
        raise InvalidRulesError(
            f"unknown IS-MCTS rollout {rollout!r} in {spec.text!r}: random, greedy, python or kernel (or auto, "
            f"heuristic)")
    bot = GreedyBot() if rollout == "greedy" else None
    engine: PlayoutEngine | None = "python" if rollout == "python" else "kernel" if rollout == "kernel" else None
    policy = rollout if rollout in POLICIES else "random"  # the kernel's own rollouts
    if (rollout == "auto" or policy != "random") and fast_installed() and (rules is None or family_of(rules).kernel is not None):
        engine = "kernel"
    exploration = DEFAULT_EXPLORATION
    if "c" in given:
        exploration = _number(given["c"], spec, "exploration", "c=EXPLORATION, 0 or more")
        if exploration < 0:
            raise InvalidRulesError(f"the exploration must not be negative, not {exploration:g} ({spec.text!r})")
    if "time" in given:
        seconds = _number(given["time"], spec, "time", "time=SECONDS (CPU seconds per move)")
        if not seconds > 0:
            raise InvalidRulesError(f"the time per move must be positive, not {seconds:g} ({spec.text!r})")
        return TimedISMCTSBot(seconds, iterations, rollout_bot=bot, exploration=exploration, rules=rules,
                              engine=engine, policy=policy)
    return ISMCTSBot(200 if iterations is None else iterations, rollout_bot=bot, exploration=exploration,
                     rules=rules, engine=engine, policy=policy)


register_bot("random", _no_arguments("random", RandomBot), "random")
register_bot("greedy", _no_arguments("greedy", GreedyBot), "greedy")
register_bot("ismcts", _make_ismcts, "ismcts[:ITERATIONS[:ROLLOUT]][:time=SECONDS]")


def _make_exact(spec: ParsedSpec, rules: GameRules | None) -> Bot:
    return exact_bot([*spec.args, *(f"{key}={value}" for key, value in spec.options.items())], rules)


register_bot("exact", _make_exact, "exact[:ITERATIONS][:time=SECONDS][:nodes=N][:fallback=search|ismcts][:rollout=heuristic]")


def _family_bot(spec: ParsedSpec, rules: GameRules | None) -> Bot | None:
    """A family's own bot kind (:attr:`cau_rules.game.Family.bots`) named by *spec*, made
    for *rules*; None when no family has one of that name."""
    owners = [family for family in FAMILIES if spec.kind in family.bots]
    if not owners:
        return None
    if rules is None or family_of(rules) not in owners:
        names = ", ".join(family.name for family in owners)
        raise InvalidRulesError(f"the {spec.kind} bot plays only {names}; give it rules of that game")
    if spec.args or spec.options:
        raise InvalidRulesError(f"the {spec.kind} bot takes no arguments, not {spec.text!r}")
    module, _, attribute = family_of(rules).bots[spec.kind].partition(":")
    made: Bot = getattr(importlib.import_module(module), attribute)(rules)
    return made


def _preset(rules: GameRules | str | None) -> str | None:
    if rules is None or isinstance(rules, str):
        return rules
    name = getattr(rules, "name", None)
    return name if isinstance(name, str) else None


def resolve_spec(text: str, rules: GameRules | str | None = None, players: int | None = None) -> str:
    """*text* with a level (``level:NAME`` or a level's name) replaced by the spec that
    plays it in *rules* (a rules object or a preset name) with *players* players (None:
    any number, see :func:`~cau_rules.ai.levels.level_spec`); any other spec as it is.

    Raises:
        InvalidRulesError: ``level:`` names no level.

    >>> resolve_spec("medium"), resolve_spec("Fàcil"), resolve_spec("ismcts:5")
    ('ismcts:100:auto:time=1', 'greedy', 'ismcts:5')
    """
    parsed = parse_spec(text)
    if parsed.kind == "level":
        if len(parsed.args) != 1 or parsed.options:
            raise InvalidRulesError(f"name one level in {text!r}: level:easy, medium, hard or expert")
        return level_spec(parsed.args[0], _preset(rules), players)
    if not parsed.args and not parsed.options and parsed.kind not in BOT_KINDS:
        level = level_named(parsed.kind)
        if level is not None:
            return level_spec(level, _preset(rules), players)
    return text


def _usage() -> str:
    own = [f"{name} ({family.name})" for family in FAMILIES for name in family.bots]
    return ", ".join([*(usage for _, usage in BOT_KINDS.values()), *own]) + ", or a level: easy, medium, hard, expert"


def make_bot(spec: BotSpec, rules: GameRules | None = None, players: int | None = None) -> Bot:
    """A new bot from a spec (see the module docstring) or a factory.  *rules*, the rules
    played, is given to search bots so they know options changed from the preset, and
    chooses a level's bot with *players*, the number of players (None: the level's bot
    for any number).

    Raises:
        InvalidRulesError: an unknown kind, a bad argument, or a factory that is not callable.

    >>> make_bot("greedy"), make_bot("ismcts:50"), make_bot(ISMCTSBot(iterations=9))
    (GreedyBot(), ISMCTSBot(iterations=50), ISMCTSBot(iterations=9))
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown bot 'clever'; bots are: random, greedy, ismcts[:ITERATIONS[:ROLLOUT]][:time=SECONDS], exact[:ITERATIONS][:time=SECONDS][:nodes=N][:fallback=search|ismcts][:rollout=heuristic], equilibrium (cacho), or a level: easy, medium, hard, expert
    """
    if not isinstance(spec, str):
        if callable(spec):
            made: Bot = spec()
            return made
        if isinstance(spec, Bot):
            return copy.deepcopy(spec)
        raise InvalidRulesError(f"a bot must be a spec, a bot or a callable returning a bot, not {spec!r:.60}")
    parsed = parse_spec(resolve_spec(spec, rules, players))
    kind = BOT_KINDS.get(parsed.kind)
    if kind is None:
        own = _family_bot(parsed, rules)
        if own is not None:
            return own
        raise InvalidRulesError(f"unknown bot {spec.strip()!r}; bots are: {_usage()}")
    return kind[0](parsed, rules)


def check_spec(spec: BotSpec, rules: GameRules | None = None, players: int | None = None) -> None:
    """Raise as :func:`make_bot` would on a bad spec (a bot is made and dropped).

    >>> check_spec("ismcts:0")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: IS-MCTS needs at least 1 iteration, not 0 ('ismcts:0')
    """
    make_bot(spec, rules, players)


def bot_label(spec: BotSpec) -> str:
    """The name a spec is shown by: the text itself, a factory's qualified name, or a bot's repr.

    >>> bot_label(" greedy"), bot_label(GreedyBot), bot_label(ISMCTSBot(iterations=9))
    ('greedy', 'GreedyBot', 'ISMCTSBot(iterations=9)')
    """
    if isinstance(spec, str):
        return spec.strip()
    if not callable(spec):
        return repr(spec)
    name = getattr(spec, "__qualname__", None)
    return name if isinstance(name, str) else repr(spec)


def with_engine(specs: Sequence[str], engine: str | None) -> list[str]:
    """The specs with *engine* (``"python"`` or ``"kernel"``, the ``--engine`` option)
    given to every IS-MCTS bot that names no rollout of its own (a level keeps its own
    bot; None leaves every spec as it is).

    >>> with_engine(["ismcts:50", "ismcts:9:greedy", "random", "ismcts:time=0.1", "hard"], "kernel")
    ['ismcts:50:kernel', 'ismcts:9:greedy', 'random', 'ismcts:time=0.1:rollout=kernel', 'hard']
    """
    if engine is None:
        return list(specs)
    out = []
    for text in specs:
        spec = text
        parsed = parse_spec(spec) if spec.strip() else None
        if parsed is not None and parsed.kind == "ismcts" and len(parsed.args) < 2 and "rollout" not in parsed.options:
            if parsed.options:
                spec = f"{spec.strip()}:rollout={engine}"
            else:
                spec = f"{parsed.kind}:{parsed.args[0] if parsed.args else ''}:{engine}"
        out.append(spec)
    return out

