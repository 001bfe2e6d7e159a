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
from collections.abc import Callable
from typing import Any

import attrs

from cau_rules.cards import Card
from cau_rules.errors import InvalidPositionError
from cau_rules.fishing import FAMILY as FISHING
from cau_rules.fishing import FishingRules, FishingState

__all__ = ["InfoState", "register_family", "supports"]


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
# The capture family (its hooks live in cau_rules.fishing.infer)


register_family(
    FishingState, FishingRules, FISHING.infer.start, FISHING.infer.update,
    lambda info, rng: FISHING.infer.resample(info.rules, info.players, info.view, info.memory, rng),
)


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
