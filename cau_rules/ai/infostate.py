"""Information states and determinisation (RULES D-VIEW-2).

An :class:`InfoState` is everything one seat has seen, in order: the seat's view after
every move, plus what a player with perfect memory deduces from it (the contents of
closed piles, cards shown at a showdown, which seats declared a ronda).  It is frozen
and hashable, with a canonical :meth:`~InfoState.key`.

:meth:`InfoState.resample` deals a full state consistent with it: every card whose
place the seat does not know is redrawn, known cards stay where they are, and every
declarer keeps a holding that truly has its pair or triple.  Bots that search
(IS-MCTS) use it; it never looks at the true state.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> state = new_game("cau-robat", players=3, seed=5)
>>> info = InfoState.start(state, seat=0)
>>> guess = info.resample(random.Random(1))
>>> guess.holdings[0] == state.holdings[0], guess.table == state.table
(True, True)
>>> public = lambda st: {k: v for k, v in st.observe(0).to_dict().items() if k != "events"}
>>> public(guess) == public(state)
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from cau_rules.cards import Card
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing.engine import ronda_kind
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Dealt,
    Declared,
    HandStarted,
    LeftoversTaken,
    Paid,
    Showdown,
    Trailed,
)
from cau_rules.fishing.moves import Call
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.state import FishingState
from cau_rules.fishing.zones import Tally

__all__ = ["InfoState", "register_family", "supports"]

_ANY = "any"  # a seat's dealt holding is unconstrained


def _observation(view: Any) -> str:
    return json.dumps(view.to_dict(), sort_keys=True, ensure_ascii=False)


@attrs.frozen
class InfoState:
    """What *seat* has seen of a game, in order, and what it can deduce from it.

    Build it with :meth:`start` from the first state the seat sees, then :meth:`update`
    it with every later state (a bot receives these through its views; an adapter
    through the game it drives).

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=2)
    >>> info = InfoState.start(state, 1)
    >>> later = info.update(state.apply(state.legal_moves()[0]))
    >>> len(later.observations), later.key() != info.key()
    (2, True)
    """

    seat: int
    rules: Any
    players: int
    observations: tuple[str, ...]
    view: Any = attrs.field(eq=False, repr=False)
    memory: Any = attrs.field(eq=False, repr=False)

    @classmethod
    def start(cls, state: Any, seat: int) -> InfoState:
        """The information state of *seat* at *state* (normally the game's first)."""
        _family(state)
        return cls.from_view(state.rules, state.observe(seat))

    @classmethod
    def from_view(cls, rules: Any, view: Any) -> InfoState:
        """The information state of ``view.seat`` whose first observation is *view*: the
        same as :meth:`start` for code that holds only views (a bot).

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=4)
        >>> InfoState.from_view(state.rules, state.observe(1)) == InfoState.start(state, 1)
        True
        """
        family = _family_of_rules(rules)
        players = _players_of(view)
        memory = family.update(family.start(rules, players, view), rules, view)
        return cls(view.seat, rules, players, (_observation(view),), view, memory)

    def update(self, state: Any) -> InfoState:
        """The information state after the seat also sees *state* (the next state)."""
        _family(state)
        return self.update_view(state.observe(self.seat))

    def update_view(self, view: Any) -> InfoState:
        """The information state after the seat also sees *view* (its view of the next
        state): the same as :meth:`update` for code that holds only views.

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=4)
        >>> after = state.apply(state.legal_moves()[0])
        >>> info = InfoState.from_view(state.rules, state.observe(1))
        >>> info.update_view(after.observe(1)) == InfoState.start(state, 1).update(after)
        True
        """
        if view.seat != self.seat:
            raise InvalidPositionError(
                f"a view of seat {view.seat} cannot update the information of seat {self.seat}"
            )
        family = _family_of_rules(self.rules)
        memory = family.update(self.memory, self.rules, view)
        return InfoState(
            self.seat, self.rules, self.players, (*self.observations, _observation(view)), view, memory
        )

    def key(self) -> str:
        """A canonical key: equal for equal information states, whatever the true state."""
        digest = hashlib.sha256()
        for observation in self.observations:
            digest.update(observation.encode("utf-8"))
            digest.update(b"\x00")
        return f"{self.seat}:{digest.hexdigest()}"

    def resample(self, rng: random.Random) -> Any:
        """A full state consistent with this information state, drawn with *rng*."""
        family = _family_of_rules(self.rules)
        return family.resample(self, rng)


@attrs.frozen
class _Family:
    start: Callable[[Any, int, Any], Any]
    update: Callable[[Any, Any, Any], Any]
    resample: Callable[[InfoState, random.Random], Any]
    state_type: type
    rules_type: type


_FAMILIES: list[_Family] = []


def register_family(
    state_type: type,
    rules_type: type,
    start: Callable[[Any, int, Any], Any],
    update: Callable[[Any, Any, Any], Any],
    resample: Callable[[InfoState, random.Random], Any],
) -> None:
    """Teach :class:`InfoState` a game family: how its memory starts from a view, how it
    updates from the next view, and how to resample a state.  The library registers
    its own three families this way.

    >>> supports(object())
    False
    """
    _FAMILIES.append(_Family(start, update, resample, state_type, rules_type))


def supports(rules: Any) -> bool:
    """Whether information states (and so resampling and IS-MCTS) support *rules*.

    >>> from cau_rules import get_rules
    >>> supports(get_rules("cacho")), supports(object())
    (True, False)
    """
    return any(isinstance(rules, family.rules_type) for family in _FAMILIES)


def _players_of(view: Any) -> int:
    players = getattr(view, "players", None)
    if isinstance(players, int):
        return players
    for name in ("holding_sizes", "card_counts"):
        sizes = getattr(view, name, None)
        if sizes is not None:
            return len(sizes)
    raise InvalidPositionError(f"cannot tell the number of players from a {type(view).__name__}")


def _family(state: Any) -> _Family:
    for family in _FAMILIES:
        if isinstance(state, family.state_type):
            return family
    raise InvalidPositionError(f"no information-state support for {type(state).__name__}")


def _family_of_rules(rules: Any) -> _Family:
    for family in _FAMILIES:
        if isinstance(rules, family.rules_type):
            return family
    raise InvalidPositionError(f"no information-state support for {type(rules).__name__}")


# ---------------------------------------------------------------------------------
# The capture family


@attrs.frozen
class _FishingMemory:
    piles: tuple[tuple[Card, ...], ...] | None
    known: tuple[frozenset[Card], ...]
    required: tuple[object, ...]
    played: tuple[frozenset[Card], ...]


def _fishing_start(rules: FishingRules, players: int, view: Any) -> _FishingMemory:
    if rules.open_piles:
        piles: tuple[tuple[Card, ...], ...] | None = tuple(p or () for p in view.piles)
    elif not any(view.pile_sizes) or any(isinstance(e, HandStarted) for e in view.events):
        piles = ((),) * players
    else:
        piles = None
    empty: tuple[frozenset[Card], ...] = (frozenset(),) * players
    return _FishingMemory(piles, empty, (_ANY,) * players, empty)


def _fishing_update(memory: _FishingMemory, rules: FishingRules, view: Any) -> _FishingMemory:
    n = len(memory.known)
    piles = None if memory.piles is None else [list(p) for p in memory.piles]
    known = [set(k) for k in memory.known]
    required = list(memory.required)
    played = [set(p) for p in memory.played]
    for event in view.events:
        if isinstance(event, HandStarted):
            piles = [[] for _ in range(n)]
            known = [set() for _ in range(n)]
            required = [_ANY] * n
            played = [set() for _ in range(n)]
        elif isinstance(event, Dealt):
            played = [set() for _ in range(n)]
            checked = (rules.rondas and event.counts and event.counts[0] in (2, 3)
                       and not (rules.continuous and event.round > 0))
            automatic = rules.rewards == "stones" or not rules.explicit_calls
            required = [None if checked and automatic else _ANY] * n
        elif isinstance(event, (Called, Declared)) and event.call in (Call.RONDA, Call.RONDI):
            required[event.seat] = event.call
        elif isinstance(event, (Trailed, ChainExtended)):
            played[event.seat].add(event.card)
            known[event.seat].discard(event.card)
            if rules.continuous:
                required[event.seat] = _ANY
        elif isinstance(event, Captured):
            if event.chain == 0:
                played[event.seat].add(event.card)
                known[event.seat].discard(event.card)
                if rules.continuous:
                    required[event.seat] = _ANY
            if piles is not None and not rules.open_piles:
                piles[event.seat].extend(event.cards)
        elif isinstance(event, Paid) and piles is not None and not rules.open_piles:
            if piles[event.payer]:
                piles[event.receiver].append(piles[event.payer].pop())
            else:
                piles = None
        elif isinstance(event, LeftoversTaken) and piles is not None and event.seat is not None:
            piles[event.seat].extend(event.cards)
        elif isinstance(event, Showdown):
            for seat, cards in event.shown:
                known[seat] = set(cards)
    if rules.open_piles:
        final: tuple[tuple[Card, ...], ...] | None = tuple(p or () for p in view.piles)
    elif piles is not None and [len(p) for p in piles] == list(view.pile_sizes):
        final = tuple(tuple(p) for p in piles)
    else:
        final = None
    return _FishingMemory(
        final,
        tuple(frozenset(k) for k in known),
        tuple(required),
        tuple(frozenset(p) for p in played),
    )


def _draw_holding(
    pool: list[Card], size: int, fixed: Sequence[Card], played: Iterable[Card], required: object,
    rng: random.Random, attempts: int = 40,
) -> list[Card]:
    """Draw ``size - len(fixed)`` cards from *pool* so that the dealt holding (the
    holding plus the cards played since the deal) has exactly the *required* ronda
    kind.  Removes the drawn cards from *pool*."""
    need = size - len(fixed)
    played = list(played)
    for _attempt in range(attempts):
        if required in (Call.RONDA, Call.RONDI) and need > 0:
            width = 3 if required is Call.RONDI else 2
            base = [*fixed, *played]
            ranks = sorted({card.rank for card in (*pool, *base)
                            if sum(c.rank == card.rank for c in (*pool, *base)) >= width})
            if not ranks:
                break
            rank = rng.choice(ranks)
            have = [c for c in base if c.rank == rank]
            candidates = [c for c in pool if c.rank == rank]
            lack = width - len(have)
            if lack > need or lack > len(candidates):
                continue
            chosen = rng.sample(candidates, max(lack, 0))
            rest = [c for c in pool if c not in chosen]
            chosen += rng.sample(rest, need - len(chosen))
        else:
            chosen = rng.sample(pool, need) if need else []
        if required == _ANY or ronda_kind([*fixed, *chosen, *played]) == required:
            for card in chosen:
                pool.remove(card)
            return chosen
    raise InvalidPositionError("no deal is consistent with this information state")


def _fishing_resample(info: InfoState, rng: random.Random) -> FishingState:
    view = info.view
    rules: FishingRules = info.rules
    memory: _FishingMemory = info.memory
    n = info.players
    seen = set(view.holding) | set(view.table) | set(view.discard)
    if view.chain is not None:
        seen.update(card for _, card in view.chain.cards)
    if memory.piles is not None:
        for pile in memory.piles:
            seen.update(pile)
    for seat, cards in enumerate(memory.known):
        if seat != info.seat:
            seen.update(cards)
    pool = [card for card in rules.deck.cards if card not in seen]
    rng.shuffle(pool)
    holdings: list[Sequence[Card]] = [()] * n
    holdings[info.seat] = view.holding
    # positive constraints first (the hardest to meet), then "no ronda", then the rest;
    # a failed seat restarts the whole deal so the constraints are met jointly
    hardness: dict[object, int] = {Call.RONDI: 0, Call.RONDA: 1, None: 2, _ANY: 3}
    order = sorted((s for s in range(n) if s != info.seat), key=lambda s: hardness[memory.required[s]])
    start_pool = pool
    for _deal in range(200):
        pool = list(start_pool)
        try:
            for seat in order:
                fixed = sorted(memory.known[seat])
                drawn = _draw_holding(pool, view.holding_sizes[seat], fixed, memory.played[seat],
                                      memory.required[seat], rng)
                holdings[seat] = (*fixed, *drawn)
            break
        except InvalidPositionError:
            continue
    else:
        raise InvalidPositionError("no deal is consistent with this information state")
    if memory.piles is None:
        piles: list[Sequence[Card]] = []
        for seat in range(n):
            size = view.pile_sizes[seat]
            piles.append(tuple(pool[:size]))
            del pool[:size]
    else:
        piles = list(memory.piles)
    stock = pool
    tally = Tally(view.stones, view.partides, ()) if rules.rewards == "stones" else None
    return FishingState.from_position(
        rules, n, holdings=holdings, table=view.table, piles=piles, stock=stock,
        discard=view.discard, to_play=view.to_play, hand=view.hand, round=view.round,
        opener=view.opener, chain=view.chain, trail=view.trail,
        debts=[list(owed) for owed in view.debts], last_capturer=view.last_capturer,
        phase=view.phase, declarations=view.declarations, hand_scores=view.hand_scores,
        seed=rng.randrange(2**31), tally=tally, stake=view.stake,
    )


register_family(FishingState, FishingRules, _fishing_start, _fishing_update, _fishing_resample)


# ---------------------------------------------------------------------------------
# Cacho


def _cacho_start(rules: Any, players: int, view: Any) -> None:
    return None


def _cacho_update(memory: Any, rules: Any, view: Any) -> None:
    return None


def _cacho_resample(info: InfoState, rng: random.Random) -> Any:
    """Redraw every card the seat has not seen: the other holdings and the stock."""
    from cau_rules.cacho import CachoState

    view = info.view
    pool = [card for card in info.rules.deck.cards if card not in set(view.holding)]
    rng.shuffle(pool)
    holdings: list[tuple[Card, ...]] = []
    for seat in range(info.players):
        if seat == info.seat:
            holdings.append(view.holding)
        else:
            count = view.card_counts[seat]
            holdings.append(tuple(pool[:count]))
            del pool[:count]
    return CachoState(
        info.rules, rng.randrange(2**31), view.hand, view.redeal, view.dealer, view.round,
        view.stacks, view.contributions, view.round_bets, tuple(holdings), tuple(pool),
        view.dealt_in, view.folded, view.to_act, view.to_play,
        "" if not view.is_over else "over",
    )


def _register_cacho() -> None:
    from cau_rules.cacho import CachoRules, CachoState

    register_family(CachoState, CachoRules, _cacho_start, _cacho_update, _cacho_resample)


_register_cacho()


# ---------------------------------------------------------------------------------
# The four-card game


def _quatre_resample(info: InfoState, rng: random.Random) -> Any:
    """Redraw the cards the seat does not know: the stock and the unknown part of every
    other holding; cards it knows (taken from a chain, given or received) stay put."""
    from cau_rules.quatre import QuatreState

    view = info.view
    n = info.players
    seen = set(view.holding) | set(view.table)
    if view.chain is not None:
        seen.update(view.chain.all_cards)
    for seat in range(n):
        if seat != info.seat:
            seen.update(view.known[seat])
    pool = [card for card in info.rules.deck.cards if card not in seen]
    rng.shuffle(pool)
    # a seat asked to add to a chain is known to hold the chain's rank
    must_hold: dict[int, Card] = {}
    if view.phase == "chain" and view.chain is not None and view.to_play != info.seat:
        fits = [card for card in pool if card.rank == view.chain.rank]
        if not any(card.rank == view.chain.rank for card in view.known[view.to_play]):
            if not fits:
                raise InvalidPositionError("no deal is consistent with this information state")
            must_hold[view.to_play] = fits[0]
            pool.remove(fits[0])
    holdings: list[tuple[Card, ...]] = []
    known: list[tuple[Card, ...]] = []
    for seat in range(n):
        if seat == info.seat:
            holdings.append(view.holding)
            known.append(())
            continue
        fixed = tuple(view.known[seat]) + ((must_hold[seat],) if seat in must_hold else ())
        extra = view.holding_sizes[seat] - len(fixed)
        holdings.append((*fixed, *pool[:extra]))
        del pool[:extra]
        known.append(tuple(view.known[seat]))
    return QuatreState.from_position(
        info.rules, n, holdings=holdings, table=view.table, stock=pool, to_play=view.to_play,
        phase=view.phase, starter=view.starter, chain=view.chain, gift=view.gift, known=known,
        out=view.out, passes=view.passes, termination=None if view.outcome is None else "over",
        seed=rng.randrange(2**31),
    )


def _register_quatre() -> None:
    from cau_rules.quatre import QuatreRules, QuatreState

    register_family(QuatreState, QuatreRules, _cacho_start, _cacho_update, _quatre_resample)


_register_quatre()
