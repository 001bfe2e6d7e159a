"""Family hooks and small tools shared by the property and regression suites.

Everything generic (presets, player counts, random play, snapshots) lives here, and
so does everything that differs between game families (which zones hold the cards,
which cards a seat must not see, which near-miss moves to try).  A new family must
add itself to the ``_family_of`` dispatch below: until it does, :func:`all_cards`
and the other hooks raise :class:`UnknownFamilyError` with a message saying what to
add, so the property suite fails loudly instead of silently checking nothing.

This module imports neither pytest nor hypothesis: the determinism subprocess test
imports it from a bare interpreter.
"""

from __future__ import annotations

import functools
import importlib.util
import pickle
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from cau_rules import dumps, get_rules, new_game, variants
from cau_rules.cards import Card
from cau_rules.fishing.moves import Call, Declare, Play, parse_move
from cau_rules.fishing.state import FishingState

__all__ = [
    "CACHO_AVAILABLE",
    "UnknownFamilyError",
    "all_cards",
    "card_invariants",
    "cases",
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
    "seeded_record",
    "state_invariants",
    "view_invariants",
]

CACHO_AVAILABLE = (
    importlib.util.find_spec("cau_rules.cacho") is not None
    and importlib.util.find_spec("cau_rules.cacho.state") is not None
)
"""Whether the Cacho family's state module exists yet (it is being written)."""


class UnknownFamilyError(AssertionError):
    """A state or rules object of a family these helpers do not know yet."""


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


def family_of_rules(rules: Any) -> str:
    """The family name of a rules object: the subpackage of cau_rules it lives in."""
    module = type(rules).__module__.split(".")
    if len(module) >= 2 and module[0] == "cau_rules":
        return module[1]
    raise UnknownFamilyError(f"rules object {rules!r} is not from a cau_rules family package")


def families() -> dict[str, list[str]]:
    """The registered presets grouped by family, each list sorted."""
    out: dict[str, list[str]] = {}
    for name in variants():
        out.setdefault(family_of_rules(get_rules(name)), []).append(name)
    return out


def _cacho_state_type() -> type | None:
    if not CACHO_AVAILABLE:
        return None
    from cau_rules.cacho import state as cacho_state

    return getattr(cacho_state, "CachoState", None)


def _quatre_state_type() -> type | None:
    if importlib.util.find_spec("cau_rules.quatre") is None:
        return None
    from cau_rules.quatre import state as quatre_state

    return getattr(quatre_state, "QuatreState", None)


def family_of_state(state: Any) -> str:
    """``"fishing"``, ``"cacho"`` or ``"quatre"``; raises :class:`UnknownFamilyError`
    for a state of any other type."""
    if isinstance(state, FishingState):
        return "fishing"
    cacho = _cacho_state_type()
    if cacho is not None and isinstance(state, cacho):
        return "cacho"
    quatre = _quatre_state_type()
    if quatre is not None and isinstance(state, quatre):
        return "quatre"
    raise UnknownFamilyError(
        f"no test hooks for states of type {type(state).__module__}.{type(state).__qualname__}: "
        "add the family to tests/helpers.py (family_of_state, all_cards, hidden_from, "
        "_public_card_events, illegal_candidates, foreign_moves, parse_text, max_moves)"
    )


# ---------------------------------------------------------------------------------
# Card conservation


def all_cards(state: Any) -> list[Card]:
    """Every card in every zone of *state*, as a list (a card placed twice shows twice).

    Fishing: stock + table + holdings + piles + discard + chain cards.  Cacho: stock +
    holdings (folded seats keep their cards; a new hand reshuffles all 24).  Quatre:
    stock + table + holdings + the chain zone (its table card and the cards on it).  Sorted, so that
    ``all_cards(state) == sorted(deck.cards)`` is the whole conservation check.
    """
    family = family_of_state(state)
    if family == "fishing":
        cards: list[Card] = [*state.stock, *state.table, *state.discard]
        for holding in state.holdings:
            cards.extend(holding)
        for pile in state.piles:
            cards.extend(pile)
        if state.chain is not None:
            cards.extend(card for _, card in state.chain.cards)
        return sorted(cards)
    if family == "cacho":
        return sorted(_cacho_cards(state))
    if family == "quatre":
        # The chain's table card leaves the table while the chain is pending.
        cards = [*state.stock, *state.table]
        for holding in state.holdings:
            cards.extend(holding)
        if state.chain is not None:
            cards.extend(state.chain.all_cards)
        return sorted(cards)
    raise UnknownFamilyError(f"all_cards has no zones for family {family!r}")  # pragma: no cover


# The Cacho zones the state is known to have.  Every attribute listed must exist; a
# new card zone must be added here (conservation then fails until it is).
_CACHO_CARD_ZONES: tuple[str, ...] = ("stock", "holdings")


def _cacho_cards(state: Any) -> list[Card]:
    cards: list[Card] = []
    for zone in _CACHO_CARD_ZONES:
        if not hasattr(state, zone):
            raise UnknownFamilyError(
                f"the Cacho state has no zone {zone!r}; update _CACHO_CARD_ZONES in tests/helpers.py"
            )
        value = getattr(state, zone)
        if zone == "holdings":
            for holding in value:
                cards.extend(holding)
        else:
            cards.extend(value)
    return cards


def deck_of(state: Any) -> list[Card]:
    """The deck of the state's rules, sorted (what :func:`all_cards` must equal)."""
    return list(_sorted_deck(state.rules.deck))


@functools.cache
def _sorted_deck(deck: Any) -> tuple[Card, ...]:
    return tuple(sorted(deck.cards))


# ---------------------------------------------------------------------------------
# Hidden information


def hidden_from(state: Any, seat: int) -> set[Card]:
    """Cards *seat* must not see: every other seat's holding and the stock."""
    family = family_of_state(state)
    hidden: set[Card] = set(state.stock)
    for other, holding in enumerate(state.holdings):
        if other != seat:
            hidden.update(holding)
    if family == "quatre":
        # Cards taken from a chain are known to all until their holder gives a card
        # (D-FOUR-3); a gift is known to its giver and receiver, and the receiver still
        # knows the giver's cards that were known to all (D-VIEW-2).
        for known in state.known:
            hidden.difference_update(known)
        hidden.difference_update(card for knower, _holder, card in state.private if knower == seat)
    return hidden


def cards_in(value: Any, skip: Callable[[Any], bool] = lambda _: False) -> Iterator[Card]:
    """Every :class:`Card` inside *value* (attrs records, tuples, lists, dicts, sets)."""
    if skip(value):
        return
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from cards_in(getattr(value, field.name), skip)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key, skip)
            yield from cards_in(item, skip)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item, skip)


def _public_card_events(family: str) -> tuple[type, ...]:
    """Event types that name cards everybody saw, whatever zone they are in now."""
    if family == "fishing":
        from cau_rules.fishing import events

        # A repeated table card shown and put back into the stock; holdings shown when
        # a Valencian ronda stake is accepted (D-RONDA-3).
        return tuple(getattr(events, name) for name in ("TableReplaced", "Showdown") if hasattr(events, name))
    if family == "cacho":
        from cau_rules.cacho.events import Showdown

        return (Showdown,)  # hands shown to everyone
    if family == "quatre":
        return ()
    raise UnknownFamilyError(f"no public-event list for family {family!r}")  # pragma: no cover


def view_invariants(state: Any, seat: int) -> list[str]:
    """Problems with *seat*'s view of *state* (empty when there are none)."""
    family = family_of_state(state)
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
    public = _public_card_events(family)
    events = tuple(view.events)
    starts = [i for i, event in enumerate(events) if type(event).__name__ == "HandStarted"]
    current = set(map(id, events[starts[-1]:] if starts else events))
    named = set(cards_in(view, skip=lambda v: isinstance(v, public)
                         or (v in events and id(v) not in current and attrs.has(type(v)))))
    leaked = named & hidden
    if leaked:
        problems.append(f"seat {seat}'s view names hidden cards {sorted(c.code for c in leaked)}")
    if tuple(view.holding) != tuple(state.holdings[seat]):
        problems.append(f"seat {seat}'s view shows holding {view.holding}, not its own")
    if family == "fishing":
        from cau_rules.fishing.events import Paid

        if not state.rules.open_piles:
            if any(pile is not None for pile in view.piles):
                problems.append(f"closed piles: seat {seat}'s view shows pile contents {view.piles}")
            shown = [e for e in view.events if isinstance(e, Paid) and e.card is not None]
            if shown:
                problems.append(f"closed piles: seat {seat}'s view shows paid cards {shown}")
        elif tuple(view.piles) != tuple(state.piles):
            problems.append(f"open piles: seat {seat}'s view shows {view.piles}, not {state.piles}")
        if tuple(view.holding_sizes) != tuple(len(h) for h in state.holdings):
            problems.append("holding sizes in the view differ from the state")
        if view.stock_size != len(state.stock):
            problems.append("stock size in the view differs from the state")
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


def generated_moves(state: Any) -> tuple[Any, ...]:
    """Every legal move the family generates, one per distinct choice: ``legal_moves()``
    (which lists every amount of a bet or raise)."""
    return tuple(state.legal_moves())


# ---------------------------------------------------------------------------------
# Per-state invariants


def card_invariants(state: Any) -> list[str]:
    """Conservation and the family's card-placement invariants (cheap)."""
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
    if family_of_state(state) == "fishing":
        problems.extend(_fishing_invariants(state))
    return problems


def state_invariants(state: Any) -> list[str]:
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


def _fishing_invariants(state: FishingState) -> list[str]:
    problems = []
    ranks = [card.rank for card in state.table]
    if len(set(ranks)) != len(ranks):
        problems.append(f"D-CAP-1: table ranks repeat: {[c.code for c in state.table]}")
    if state.chain is not None:
        if state.chain.rank in ranks:
            problems.append(
                f"D-CAP-1: the pending chain's rank {state.chain.rank} is on the table "
                f"{[c.code for c in state.table]}"
            )
        if any(card.rank != state.chain.rank for _, card in state.chain.cards):
            problems.append(f"chain cards of another rank: {state.chain}")
    return problems


# ---------------------------------------------------------------------------------
# Snapshots


def deep_snapshot(state: Any) -> tuple[Any, ...]:
    """Everything observable about *state*: JSON, listed moves, events, and a pickle of
    the whole object graph (which changes if anything reachable is mutated).  Compare
    with :func:`same_snapshot` after an ``apply``."""
    data = state.to_dict()
    moves = tuple(state.legal_moves())  # fills any lazy cache before pickling
    return (data, dumps(state), moves, tuple(state.events), state.to_play, state.is_over,
            pickle.dumps((state, state.events), protocol=pickle.HIGHEST_PROTOCOL))


def same_snapshot(state: Any, snapshot: tuple[Any, ...]) -> bool:
    """Whether *state* still matches *snapshot*, events included."""
    return deep_snapshot(state) == snapshot


# ---------------------------------------------------------------------------------
# Move candidates that are not legal


_GARBAGE: tuple[Any, ...] = (
    None, 0, 42, 3.5, True, b"4o", ("4o",), ["4o"], object(), "", "   ", "zz", "13o", "0o",
    "8o+", "8o+-1", "8o+x", "8o@", "8o@x", "8o!", "8o!bogus", "4o 5o", "pass pass", "bet",
    "raise", "bet -1", "bet x", "fold fold", "\x00", "🂡", "8ø", "+1", "@1", "!cau",
)


def foreign_moves(family: str) -> list[Any]:
    """Moves of every *other* family (their types, never legal here)."""
    out: list[Any] = []
    if family != "fishing":
        out += [Play(Card.parse("1o")), Play(Card.parse("6b"), run=1), Declare(None), Declare(Call.RONDA)]
    if family != "quatre":
        try:
            from cau_rules.quatre.moves import Add, Draw, Give
            from cau_rules.quatre.moves import Pass as QuatrePass
            from cau_rules.quatre.moves import Play as QuatrePlay
        except ImportError:  # pragma: no cover - the quatre moves module exists
            pass
        else:
            from cau_rules.quatre.moves import Lay

            out += [QuatrePlay(Card.parse("5o"), Card.parse("5c")), Add(Card.parse("5e")),
                    Give(Card.parse("7e")), Draw(), Lay(Card.parse("4b"))]
            if family != "cacho":
                out.append(QuatrePass())
    if family != "cacho":
        try:
            from cau_rules.cacho.moves import Bet, Fold, Pass, Raise
            from cau_rules.cacho.moves import Call as CachoCall
        except ImportError:  # pragma: no cover - the Cacho moves module exists
            pass
        else:
            out += [Pass(), Bet(1), Bet(2), CachoCall(), Raise(3), Fold()]
    return out


@functools.cache
def _static_candidates(family: str) -> tuple[Any, ...]:
    out: list[Any] = [*_GARBAGE, *foreign_moves(family)]
    if family == "fishing":
        # Every card of the 48 (foreign cards of a 40-card deck included): cards of
        # other holdings, the table, piles, the stock.
        out += [Play(card) for card in Card]
        out += [Declare(None), Declare(Call.RONDA), Declare(Call.RONDI), Declare(Call.NETA)]
    return tuple(out)


def illegal_candidates(state: Any, rnd: random.Random | None = None, near: int = 4) -> list[Any]:
    """Near-miss and nonsense moves to offer *state*; the caller keeps the ones that
    are not legal (see :func:`is_expected_legal`).  With *rnd*, near misses are built
    around *near* random legal moves (and held cards) only, to keep walks fast."""
    family = family_of_state(state)
    out: list[Any] = list(_static_candidates(family))
    legal = generated_moves(state)
    if rnd is not None and len(legal) > near:
        legal = tuple(rnd.sample(legal, near))
    out += [str(m).upper() + "x" for m in legal[:2]]
    if family == "fishing":
        out += _fishing_candidates(state, legal, rnd, near)
    elif family == "cacho":
        out += _cacho_candidates(state, legal)
    elif family == "quatre":
        out += _quatre_candidates(state, legal)
    return out


def _quatre_candidates(state: Any, legal: Sequence[Any]) -> list[Any]:
    from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass
    from cau_rules.quatre.moves import Play as QuatrePlay

    out: list[Any] = [Draw(), Pass(), "draw", "pass", "add", "give", "lay", "5o>", ">5c"]
    seat = state.to_play if not state.is_over else 0
    holding = state.holdings[seat] if 0 <= seat < state.players else ()
    table = [*state.table, Card.parse("1o"), Card.parse("12b")]
    for card in [*holding[:4], *holding[-2:], *state.stock[:2], *state.table[-1:]]:
        out += [Add(card), Give(card), Lay(card), f"add {card.code}", f"give {card.code}", f"lay {card.code}"]
        out += [QuatrePlay(card, target) for target in table[:6]]
    return out


def _fishing_candidates(
    state: FishingState, legal: Sequence[Any], rnd: random.Random | None, near: int
) -> list[Any]:
    out: list[Any] = []
    n = state.players
    holding = state.holdings[state.to_play] if not state.is_over else ()
    if rnd is not None and len(holding) > near:
        holding = tuple(rnd.sample(holding, near))
    for card in holding:
        runs = [m.run for m in legal if isinstance(m, Play) and m.card is card]
        top = max(runs, default=0)
        for run in range(top + 3):
            out.append(Play(card, run=run))
            out.append(Play(card, run=run, piles=(0,)))
            out.append(Play(card, run=run, piles=(n,)))
        out.append(Play(card, run=1, piles=(-1,)))
        for call in Call:
            out.append(Play(card, calls=(call,)))
    for move in legal:
        if not isinstance(move, Play):
            continue
        out.append(str(move) + "+1")
        out.append(Play(move.card, move.run + 1, move.piles))
        if move.run:
            out.append(Play(move.card, move.run - 1, move.piles))
        if move.piles:
            out.append(Play(move.card, move.run, move.piles[:-1]))
            out.append(Play(move.card, move.run, (*move.piles, move.piles[-1])))
            for seat in range(-1, n + 1):
                out.append(Play(move.card, move.run, (*move.piles[:-1], seat)))
        else:
            out.append(Play(move.card, move.run, (state.to_play,)))
        if not state.rules.explicit_calls:
            out.append(Play(move.card, move.run, move.piles, (Call.CAU,)))
            out.append(str(move) + "!neta")
    return out


def _cacho_candidates(state: Any, legal: Sequence[Any]) -> list[Any]:
    from cau_rules.cacho.moves import Bet, Fold, Pass, Raise
    from cau_rules.cacho.moves import Call as CachoCall

    out: list[Any] = [Pass(), CachoCall(), Fold(), "check", "call", "fold", "pass"]
    stack = getattr(state.rules, "stack", 20) * state.players
    for amount in (0, 1, 2, 3, 5, stack, stack + 1, 10**6):
        out += [Bet(amount), Raise(amount), f"bet {amount}", f"raise {amount}"]
    for move in legal:
        amount = getattr(move, "amount", None) or getattr(move, "to", None)
        if isinstance(amount, int):
            out += [Bet(amount + 1), Bet(amount - 1), Raise(amount + 1), Raise(amount - 1)]
    return out


def is_expected_legal(state: Any, candidate: Any, legal: set[Any] | None = None) -> bool:
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


def parse_text(state: Any, text: str) -> Any:
    """The move of *state*'s family written *text* (the family's ``parse_move``)."""
    family = family_of_state(state)
    if family == "fishing":
        return parse_move(text)
    if family == "quatre":
        from cau_rules.quatre.moves import parse_move as parse_quatre

        return parse_quatre(text)
    from cau_rules.cacho.moves import parse_move as parse_cacho

    return parse_cacho(text)


# ---------------------------------------------------------------------------------
# Game length


def max_moves(rules: Any, players: int) -> int:
    """An upper bound on the moves of a whole game (termination check)."""
    family = family_of_rules(rules)
    if family == "fishing":
        # Per hand: one play per card of the deck, at most one declaration per player
        # per deal round (a round gives each player at least one card), and in each
        # deal round a ronda stake auction whose bids rise from 2 to the target.
        rounds = rules.deck.size // players
        per_hand = 2 * rules.deck.size + rounds * (getattr(rules, "target", 41) + 2)
        hands = rules.hands
        if getattr(rules, "rewards", "cards") == "stones":
            # Stones: pixat gives a team 1 stone every hand (D-DEAL-2), so a partida
            # ends within 2 * target - 1 hands; a joc within 2 * partides - 1 partides.
            hands = (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)
        return per_hand * hands
    if family == "cacho":
        # Per hand: three betting rounds; each bet or raise moves at least one of the
        # session's counters, and each answers at most once per bet.
        counters = rules.stack * players
        per_hand = 3 * players * (counters + 2)
        return per_hand * rules.max_hands * 2
    if family == "quatre":
        # While the stock lasts every turn (a cau with at most 2 adds and 3 gifts, or a
        # draw) takes a card out of stock + table for good; once it is empty the game
        # ends after max_turns_after_stock turns (D-FOUR-5), each a cau turn, a pass
        # or a lay of table_size cards.
        per_turn = max(6, rules.table_size)
        return (rules.deck.size + rules.max_turns_after_stock) * per_turn
    raise UnknownFamilyError(f"max_moves has no bound for family {family!r}")  # pragma: no cover


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


def perft_counts(state: Any, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` from *state*: the number of legal move
    sequences of each length, where a state whose game has ended is a leaf at every
    greater depth (it counts once, however deep the count goes)."""
    totals = _perft(state, depth)
    return totals[1:]


def _perft(state: Any, depth: int) -> list[int]:
    if depth == 0 or state.is_over:
        return [1] * (depth + 1)
    totals = [1] + [0] * depth
    for move in generated_moves(state):
        below = _perft(state.apply(move), depth - 1)
        for level, count in enumerate(below, start=1):
            totals[level] += count
    return totals
