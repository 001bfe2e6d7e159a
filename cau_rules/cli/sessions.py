"""Games people watch or play: bots playing a whole game (``demo``), and a person playing one
seat against greedy bots in the terminal (``play``).

>>> from cau_rules.cli.sessions import run_demo
>>> run_demo("cau", players=2, seed=3).is_over  # doctest: +ELLIPSIS
Demo: cau, 2 players, seed 3, greedy bots
...
True
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from cau_rules.ai.levels import LEVELS, level_named
from cau_rules.ai.specs import make_bot
from cau_rules.bots import Bot, GreedyBot, ObservingBot, RandomBot, play_game
from cau_rules.cli.screens import (
    HELP_WORDS,
    QUIT_WORDS,
    WORDS,
    InputFunc,
    UsageError,
    format_outcome,
    menu_entries,
    render_view,
    resolve_players,
    view_events,
)
from cau_rules.errors import CauRulesError
from cau_rules.game import GameState
from cau_rules.i18n import COMMON, Lang, check_lang, event_text
from cau_rules.registry import family_of, new_game

__all__ = ["play_session", "run_demo", "show_position"]

# ---------------------------------------------------------------------------------
# demo


def run_demo(variant: str = "cau", players: int | None = None, seed: int = 0, bot: str = "greedy",
             out: TextIO | None = None, lang: Lang = "en") -> Any:
    """Bots play a whole game; print every move, the events it produced and the outcome.

    The game is the preset with its family's demo options (for Cacho, a session of
    several hands, so the demo reaches a showdown).  Returns the final state.

    >>> final = run_demo("cau-robat", players=2, seed=5, bot="random")  # doctest: +ELLIPSIS
    Demo: cau-robat, 2 players, seed 5, random bots
      hand 1: seat 1 deals, seat 0 is eldest
      deal round 1: 3 cards each, seat 0 opens
    ...
    seat 0: 6e
      seat 0 trails 6e
    ...
      game over: ...
    Outcome: ...
    Scores: seat 0: ..., seat 1: ...
    >>> final.is_over
    True
    """
    stream = sys.stdout if out is None else out
    lang = check_lang(lang)
    rules, count = resolve_players(variant, players)
    demo_options = dict(family_of(rules).demo_options)
    state = new_game(variant, players=count, seed=seed, **demo_options)
    make: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
    if bot not in make:
        raise UsageError(f"unknown bot {bot!r}; bots are: {', '.join(make)}")
    shown = "".join(f", {key}={value}" for key, value in sorted(demo_options.items()))
    print(WORDS("demo", lang, variant, count, seed, bot, shown), file=stream)
    for event in state.events:
        print(f"  {event_text(event, lang)}", file=stream)

    def show(seat: int, move: Any, after: Any) -> None:
        print(f"{COMMON('seat', lang, seat)}: {move}", file=stream)
        for event in after.events:
            print(f"  {event_text(event, lang)}", file=stream)

    bots: list[Bot] = [make[bot]() for _ in range(count)]
    final = play_game(state, bots, seed=seed, on_move=show)
    print(format_outcome(final.outcome(), lang), file=stream)
    return final


# ---------------------------------------------------------------------------------
# play


def _in_lang(entries: list[tuple[str, Any | None]], view: Any, lang: Lang) -> list[tuple[str, Any | None]]:
    """Menu labels in *lang*, the notation one types kept in brackets where it differs."""
    menu = family_of(view).move_menu
    if lang == "en" or menu is None:
        return entries
    shown = []
    for label, move in entries:
        words = menu([move], lang)[0] if move is not None else label
        shown.append((label if words == label else f"{words} [{label}]", move))
    return shown


def _numbered(entries: Sequence[tuple[str, Any | None]]) -> str:
    lines = []
    for number, (label, move) in enumerate(entries, 1):
        hint = "" if move is not None else f"   (type it, e.g. '{label.split('-')[0]}')"
        lines.append(f"  {number:>2}. {label}{hint}")
    return "\n".join(lines)


def play_session(
    variant: str = "cau",
    players: int | None = None,
    seed: int = 0,
    seat: int = 0,
    input_func: InputFunc | None = None,
    out: TextIO | None = None,
    lang: Lang = "en",
    level: str | None = None,
) -> int:
    """A person plays *seat* against greedy bots, or against the bots of *level*
    (``easy``, ``medium``, ``hard``, ``expert`` or their Catalan or Spanish names: see
    :mod:`cau_rules.ai.levels`); returns the exit status (0).

    At each turn the table is shown and the legal moves are numbered; the player types
    a number or a move's text.  ``help`` lists the moves again; anything unknown or
    illegal is explained, with the legal moves, and asked again.  ``quit`` (or the end
    of input) leaves cleanly.  *input_func* reads a line after a prompt (default
    :func:`input`), so a session can be scripted.

    >>> answers = iter(["9x", "1", "quit"])
    >>> play_session("cau", players=2, seed=1, input_func=lambda prompt: next(answers))  # doctest: +ELLIPSIS
    You are seat 0 of 2 in cau (seed 1). Type a move's number or its text; 'help' lists the moves, 'quit' leaves.
    ...
    Your legal moves:
       1. ...
    Cannot play '9x': ...
    ...
    you (seat 0): ...
    ...
    Bye.
    0
    """
    stream = sys.stdout if out is None else out
    lang = check_lang(lang)
    ask: InputFunc = input if input_func is None else input_func
    _, count = resolve_players(variant, players)
    if isinstance(seat, bool) or not 0 <= seat < count:
        raise UsageError(f"--seat must be a seat from 0 to {count - 1}, not {seat}")
    if level is not None and level_named(level) is None:
        raise UsageError(f"unknown level {level!r:.40}; levels are: {', '.join(LEVELS)}")
    state: GameState = new_game(variant, players=count, seed=seed)
    bots: dict[int, Bot] = {
        other: GreedyBot() if level is None else make_bot(f"level:{level}", state.rules, count)
        for other in range(count) if other != seat
    }
    rngs = [random.Random(f"{seed}:bots:{other}") for other in range(count)]

    def tell(after: GameState) -> None:
        """Give every bot with a memory its view of *after*."""
        for other, bot in bots.items():
            if isinstance(bot, ObservingBot):
                bot.observe(after.observe(other))

    tell(state)

    def say(text: str = "") -> None:
        print(text, file=stream)

    say(WORDS("intro", lang, seat, count, variant, seed))
    for event in view_events(state.observe(seat), lang):
        say(f"  {event}")
    while not state.is_over:
        mover = state.to_play
        if mover != seat:
            move = bots[mover].choose(state.observe(mover), rngs[mover])
            state = state.apply(move)
            tell(state)
            say(f"{COMMON('seat', lang, mover)}: {move}")
            for event in view_events(state.observe(seat), lang):
                say(f"  {event}")
            continue
        view = state.observe(seat)
        moves = _in_lang(menu_entries(view.legal_moves), view, lang)
        say()
        say(render_view(view, lang))
        say(WORDS("legal", lang))
        say(_numbered(moves))
        while True:
            try:
                raw = ask(WORDS("prompt", lang))
            except EOFError:
                say()
                say(WORDS("eof", lang))
                return 0
            text = raw.strip()
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                say(WORDS("bye", lang))
                return 0
            if text.lower() in HELP_WORDS:
                say(WORDS("how", lang))
                say(_numbered(moves))
                continue
            chosen: Any = text
            if text.isdigit():
                index = int(text)
                if not 1 <= index <= len(moves):
                    say(WORDS("no_number", lang, index, len(moves)))
                    say(_numbered(moves))
                    continue
                label, picked = moves[index - 1]
                if picked is None:
                    say(WORDS("amounts", lang, index, label.split("-")[0]))
                    continue
                chosen = picked
            try:
                after = state.apply(chosen)
            except CauRulesError as exc:
                say(WORDS("cannot", lang, repr(text), exc))
                say(WORDS("choose", lang))
                say(_numbered(moves))
                continue
            break
        state = after
        tell(state)
        say(f"{WORDS('you', lang, COMMON('seat', lang, seat))}: {chosen}")
        for event in view_events(state.observe(seat), lang):
            say(f"  {event}")
    say()
    say(render_view(state.observe(seat), lang))
    say(format_outcome(state.outcome(), lang))
    return 0




def show_position(
    variant: str = "cau",
    players: int | None = None,
    seed: int = 0,
    moves: int = 0,
    seat: int | None = None,
    svg: str | None = None,
    out: TextIO | None = None,
    lang: Lang = "en",
) -> GameState:
    """Greedy bots play *moves* moves from the deal of *seed*; print the screen of *seat*'s
    view of the position reached (the seat to play by default), or write its picture to
    the file *svg*, in *lang*; say so when the game ended before *moves* moves.  Returns
    the position.

    >>> state = show_position("cau", players=2, seed=1, moves=3, seat=1)  # doctest: +ELLIPSIS
    After 3 moves of cau (2 players, seed 1), as seat 1 sees it:
    === cau · hand 1 ...
    >>> state.players
    2
    >>> state = show_position("cau", players=2, seed=1, moves=500, lang="ca")  # doctest: +ELLIPSIS
    La partida ha acabat després de ... jugades, abans de les 500 demanades.
    Després de ... jugades de cau (2 jugadors, llavor 1), tal com ho veu seient 0:
    === cau · mà 1 · ...
    """
    stream = sys.stdout if out is None else out
    lang = check_lang(lang)
    _, count = resolve_players(variant, players)
    if moves < 0:
        raise UsageError(f"--moves must not be negative, not {moves}")
    state: GameState = new_game(variant, players=count, seed=seed)
    bot = GreedyBot()
    rngs = [random.Random(f"{seed}:bots:{other}") for other in range(count)]
    played = 0
    while played < moves and not state.is_over:
        mover = state.to_play
        state = state.apply(bot.choose(state.observe(mover), rngs[mover]))
        played += 1
    viewer = (state.to_play if not state.is_over else 0) if seat is None else seat
    if isinstance(viewer, bool) or not 0 <= viewer < count:
        raise UsageError(f"--seat must be a seat from 0 to {count - 1}, not {viewer}")
    view = state.observe(viewer)
    if played < moves:
        print(WORDS("ended", lang, played, moves), file=stream)
    if svg is not None:
        if family_of(view).picture is None:
            raise UsageError(f"the {family_of(view).name} family draws no pictures")
        with open(svg, "w", encoding="utf-8") as handle:
            handle.write(view.svg(lang=lang))  # type: ignore[attr-defined]
        print(WORDS("wrote", lang, COMMON("seat", lang, viewer), played, svg), file=stream)
        return state
    print(WORDS("after", lang, played, variant, count, seed, COMMON("seat", lang, viewer)), file=stream)
    print(render_view(view, lang), file=stream)
    return state
