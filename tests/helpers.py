"""Small tools shared by the property, regression, codec and leak suites.

Everything generic (presets, player counts, random play, snapshots, the checks every
game must pass) lives here.  Everything that differs between game families (which zones
hold the cards, which cards a seat must not see, which near-miss moves to try, how long a
game can last, the family's own invariants) is reached only through the family's record:
``family_of(state).suite`` (a :class:`~cau_rules.game.SuiteHooks`).  Registering a family
in :data:`cau_rules.registry.FAMILIES` therefore enrols it in every shared suite; a state
of an unregistered family raises :class:`UnknownFamilyError`.

This module imports neither pytest nor hypothesis: the determinism subprocess test
imports it from a bare interpreter.
"""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from cau_rules import dumps, get_rules, new_game, variants
from cau_rules.cards import Card
from cau_rules.game import Family, GameState, SuiteHooks
from cau_rules.registry import FAMILIES, family_of

__all__ = [
    "UnknownFamilyError",
    "all_cards",
    "card_invariants",
    "cases",
    "deck_of",
    "deep_snapshot",
    "families",
    "family_of_rules",
    "family_of_state",
    "foreign_moves",
    "generated_moves",
    "hidden_from",
    "illegal_candidates",
    "is_expected_legal",
    "max_moves",
    "parse_text",
    "perft_counts",
    "play_seeded",
    "same_snapshot",
    "seeded_record",
    "state_invariants",
    "view_invariants",
]

AnyFamily = Family[Any, Any, Any, Any]
"""A family record, whatever its types (generic code sees every family alike)."""


class UnknownFamilyError(AssertionError):
    """A state or rules object of a family the registry does not list."""


# ---------------------------------------------------------------------------------
# Presets and families


def cases() -> list[tuple[str, int]]:
    """Every registered (preset, player count): later presets join for free."""
    out = []
    for name in variants():
        rules = get_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            out.append((name, players))
    return out


def _record(item: object) -> AnyFamily:
    """The family record of a rules object or state; UnknownFamilyError if unregistered."""
    try:
        return family_of(item)
    except TypeError:
        raise UnknownFamilyError(
            f"no family is registered for {type(item).__module__}.{type(item).__qualname__}: "
            "add the family's FAMILY record to cau_rules.registry.FAMILIES"
        ) from None


def _suite(state: object) -> SuiteHooks[Any]:
    return _record(state).suite


def family_of_rules(rules: object) -> str:
    """The name of the family a rules object belongs to."""
    return _record(rules).name


def family_of_state(state: object) -> str:
    """The name of the family a state belongs to; raises :class:`UnknownFamilyError`
    for a state of no registered family."""
    return _record(state).name


def families() -> dict[str, list[str]]:
    """The registered presets grouped by family, each list sorted."""
    out: dict[str, list[str]] = {}
    for name in variants():
        out.setdefault(family_of(name).name, []).append(name)
    return out


# ---------------------------------------------------------------------------------
# Card conservation


def all_cards(state: object) -> list[Card]:
    """Every card in every zone of *state* (the family's ``suite.all_cards``), sorted: a
    card placed twice shows twice, so ``all_cards(state) == deck_of(state)`` is the whole
    conservation check."""
    return sorted(_suite(state).all_cards(state))


def deck_of(state: GameState) -> list[Card]:
    """The deck of the state's rules, sorted (what :func:`all_cards` must equal)."""
    return list(_sorted_deck(state.rules.deck))


@functools.cache
def _sorted_deck(deck: Any) -> tuple[Card, ...]:
    return tuple(sorted(deck.cards))


# ---------------------------------------------------------------------------------
# Hidden information


def hidden_from(state: object, seat: int) -> frozenset[Card]:
    """Cards *seat* must not see (the family's ``suite.hidden_from``)."""
    return frozenset(_suite(state).hidden_from(state, seat))


def cards_in(value: object, skip: Callable[[object], bool] = lambda _: False) -> Iterator[Card]:
    """Every :class:`Card` inside *value* (attrs records, tuples, lists, dicts, sets)."""
    if skip(value):
        return
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    elif attrs.has(kind := type(value)):
        for field in attrs.fields(kind):
            yield from cards_in(getattr(value, field.name), skip)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key, skip)
            yield from cards_in(item, skip)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item, skip)


def view_invariants(state: GameState, seat: int) -> list[str]:
    """Problems with *seat*'s view of *state* (empty when there are none)."""
    problems: list[str] = []
    view = state.observe(seat)
    if view.seat != seat:
        problems.append(f"observe({seat}) returned the view of seat {view.seat}")
    hidden = hidden_from(state, seat)
    if not hasattr(view, "visible_cards"):
        problems.append(f"{type(view).__name__} has no visible_cards() (the shared view protocol)")
    else:
        leaked = set(view.visible_cards()) & hidden
        if leaked:
            problems.append(f"seat {seat} sees hidden cards {sorted(c.code for c in leaked)}")
    # Every card the view object names anywhere, events included, except events that
    # name cards shown to everyone and events of a hand that has ended (when a move
    # ends a hand and deals the next, its events tell the old hand's public captures;
    # those cards have been reshuffled since).
    public = _suite(state).public_events
    events = tuple(view.events)
    starts = [i for i, event in enumerate(events) if type(event).__name__ == "HandStarted"]
    current = set(map(id, events[starts[-1]:] if starts else events))

    def skip(value: object) -> bool:
        return isinstance(value, public) or (
            value in events and id(value) not in current and attrs.has(type(value))
        )

    leaked = set(cards_in(view, skip=skip)) & hidden
    if leaked:
        problems.append(f"seat {seat}'s view names hidden cards {sorted(c.code for c in leaked)}")
    if tuple(view.holding) != tuple(state.holdings[seat]):
        problems.append(f"seat {seat}'s view shows holding {view.holding}, not its own")
    if not hasattr(view, "legal_moves"):
        problems.append(f"{type(view).__name__} has no legal_moves (the seat to play must see its moves)")
    else:
        expected = tuple(state.legal_moves()) if seat == state.to_play and not state.is_over else ()
        if tuple(view.legal_moves) != expected:
            problems.append(
                f"seat {seat}'s view lists moves {[str(m) for m in view.legal_moves]}, "
                f"expected {[str(m) for m in expected]}"
            )
    return problems


def generated_moves(state: GameState) -> tuple[Any, ...]:
    """Every legal move the family generates, one per distinct choice: ``legal_moves()``
    (which lists every amount of a bet or raise)."""
    return tuple(state.legal_moves())


# ---------------------------------------------------------------------------------
# Per-state invariants


def card_invariants(state: GameState) -> list[str]:
    """Conservation and the family's own invariants (``suite.invariants``)."""
    problems: list[str] = []
    cards = all_cards(state)
    deck = deck_of(state)
    if cards != deck:
        extra = sorted(set(cards) - set(deck)) + [c for c in set(cards) if cards.count(c) > 1]
        missing = sorted(set(deck) - set(cards))
        problems.append(
            f"cards not conserved: {len(cards)} in zones for a {len(deck)}-card deck; "
            f"extra or doubled {[c.code for c in extra]}, missing {[c.code for c in missing]}"
        )
    problems.extend(_suite(state).invariants(state))
    return problems


def state_invariants(state: GameState) -> list[str]:
    """Every invariant of a single state (empty list when all hold): the cards, the
    end of the game and its outcome, and the listed moves."""
    problems = card_invariants(state)
    moves = tuple(state.legal_moves())
    if state.is_over:
        if moves:
            problems.append(f"the game is over but moves are listed: {[str(m) for m in moves]}")
        if state.outcome() is None:
            problems.append("the game is over but outcome() is None")
    else:
        if not moves:
            problems.append("the game is not over but no move is legal")
        if state.outcome() is not None:
            problems.append("outcome() is set before the game is over")
        if not 0 <= state.to_play < state.players:
            problems.append(f"to_play {state.to_play} is not a seat")
    if len(set(moves)) != len(moves):
        problems.append(f"legal moves repeat: {[str(m) for m in moves]}")
    keyed = moves and all(hasattr(m, "sort_key") for m in moves)
    if keyed and list(moves) != sorted(moves, key=lambda m: m.sort_key()):
        problems.append(f"legal moves are not in canonical order: {[str(m) for m in moves]}")
    return problems


# ---------------------------------------------------------------------------------
# Snapshots


def deep_snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about *state*: JSON, listed moves, events, and a pickle of
    the whole object graph (which changes if anything reachable is mutated).  Compare
    with :func:`same_snapshot` after an ``apply``."""
    data = state.to_dict()
    moves = tuple(state.legal_moves())  # fills any lazy cache before pickling
    return (data, dumps(state), moves, tuple(state.events), state.to_play, state.is_over,
            pickle.dumps((state, state.events), protocol=pickle.HIGHEST_PROTOCOL))


def same_snapshot(state: GameState, snapshot: tuple[object, ...]) -> bool:
    """Whether *state* still matches *snapshot*, events included."""
    return deep_snapshot(state) == snapshot


# ---------------------------------------------------------------------------------
# Move candidates that are not legal


_GARBAGE: tuple[object, ...] = (
    None, 0, 42, 3.5, True, b"4o", ("4o",), ["4o"], object(), "", "   ", "zz", "13o", "0o",
    "8o+", "8o+-1", "8o+x", "8o@", "8o@x", "8o!", "8o!bogus", "4o 5o", "pass pass", "bet",
    "raise", "bet -1", "bet x", "fold fold", "\x00", "🂡", "8ø", "+1", "@1", "!cau",
)

_FOREIGN_PER_TYPE = 3
"""How many moves of each move type of another family :func:`foreign_moves` offers."""


@functools.cache
def foreign_moves(family: str) -> tuple[object, ...]:
    """Moves of every *other* registered family (objects of their move types that are
    not move types of *family*: never legal here), a few of each type, taken from the
    other family's legal moves and near misses in a game of its first preset."""
    own = family_of(family).move_types
    out: list[object] = []
    for other in FAMILIES:
        if other.name == family:
            continue
        rules = other.presets[0]
        sample = other.new_game(rules, rules.min_players, 1, ())
        count: dict[type, int] = {}
        for move in [*sample.legal_moves(), *other.suite.illegal_candidates(sample)]:
            kind = type(move)
            if kind in other.move_types and not isinstance(move, own) and count.get(kind, 0) < _FOREIGN_PER_TYPE:
                count[kind] = count.get(kind, 0) + 1
                out.append(move)
    return tuple(out)


def illegal_candidates(state: GameState, rnd: random.Random | None = None, near: int = 4) -> list[object]:
    """Near-miss and nonsense moves to offer *state*; the caller keeps the ones that
    are not legal (see :func:`is_expected_legal`): text and object garbage, other
    families' moves, mangled texts of (with *rnd*: *near* random) legal moves, and the
    family's own near misses (``suite.illegal_candidates``)."""
    record = _record(state)
    out: list[object] = [*_GARBAGE, *foreign_moves(record.name)]
    legal = generated_moves(state)
    if rnd is not None and len(legal) > near:
        legal = tuple(rnd.sample(legal, near))
    out += [str(m).upper() + "x" for m in legal[:2]]
    out += record.suite.illegal_candidates(state)
    return out


def is_expected_legal(state: GameState, candidate: object, legal: set[Any] | None = None) -> bool:
    """Whether *candidate* (a move or a text) names one of *state*'s legal moves
    (*legal*: ``set(generated_moves(state))`` when already at hand)."""
    if legal is None:
        legal = set(generated_moves(state))
    try:
        if candidate in legal:
            return True
    except TypeError:  # unhashable garbage
        return False
    if isinstance(candidate, str):
        try:
            parsed = parse_text(state, candidate)
        except Exception:
            return False
        return parsed in legal
    return False


def parse_text(state: object, text: str) -> object:
    """The move of *state*'s family written *text* (the family's ``parse_move``)."""
    move: object = _record(state).parse_move(text)
    return move


# ---------------------------------------------------------------------------------
# Game length


def max_moves(rules: object, players: int) -> int:
    """An upper bound on the moves of a whole game (the family's ``suite.max_moves``)."""
    return _record(rules).suite.max_moves(rules, players)


# ---------------------------------------------------------------------------------
# Seeded play (also used by the subprocess determinism test)


def play_seeded(
    variant: str, players: int, seed: int, chooser: random.Random, limit: int | None = None
) -> list[tuple[str, str, str]]:
    """Play a whole game from ``new_game(variant, players, seed)`` choosing moves with
    *chooser*: one ``(move text, dumps(state), repr(state.events))`` per state, the
    first with move text ``""``."""
    state = new_game(variant, players=players, seed=seed)
    bound = max_moves(state.rules, players) if limit is None else limit
    record = [("", dumps(state), repr(state.events))]
    while not state.is_over and len(record) <= bound:
        legal = generated_moves(state)
        move = legal[chooser.randrange(len(legal))]
        state = state.apply(move)
        record.append((str(move), dumps(state), repr(state.events)))
    return record


def seeded_record(names: Iterable[str], seed: int) -> dict[str, str]:
    """For every preset in *names* and each of its player counts: the final state's
    ``dumps`` after a game played with ``random.Random(f"{seed}:{name}:{players}")``."""
    record = {}
    for name in names:
        rules = get_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            chooser = random.Random(f"{seed}:{name}:{players}")
            record[f"{name}/{players}"] = play_seeded(name, players, seed, chooser)[-1][1]
    return record


# ---------------------------------------------------------------------------------
# Perft


def perft_counts(state: GameState, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` from *state*: the number of legal move
    sequences of each length, where a state whose game has ended is a leaf at every
    greater depth (it counts once, however deep the count goes)."""
    totals = _perft(state, depth)
    return totals[1:]


def _perft(state: GameState, depth: int) -> list[int]:
    if depth == 0 or state.is_over:
        return [1] * (depth + 1)
    totals = [1] + [0] * depth
    for move in generated_moves(state):
        below = _perft(state.apply(move), depth - 1)
        for level, count in enumerate(below, start=1):
            totals[level] += count
    return totals
