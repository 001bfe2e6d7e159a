"""Single-observer IS-MCTS for the four-card game, every iteration in the kernel (numba).

The same algorithm as :func:`cau_rules.ai.mcts.ismcts` (ISUCT: availability counts,
UCB1 with the same exploration constant, every seat maximising its own share of the
win; one untried legal move expanded per iteration; uniformly random rollouts; the most
visited root move played), but over rows:

1. once per decision, one :meth:`InfoState.resample <cau_rules.ai.infostate.InfoState.resample>`
   (:func:`cau_rules.quatre.infer.resample_fields`, checked once) gives a row: a
   position that shows the seat exactly its view;
2. every iteration re-deals, with the kernel's own generator, the cards the seat does
   not know (the stock and the unknown part of every other holding) the way
   :func:`~cau_rules.quatre.infer.resample_fields` deals them, so every constraint it
   keeps is kept: the known cards stay put (first in their holding); a seat asked to
   add to a chain holds the chain's rank; a seat laying into the centre holds enough
   cards after the one it laid last; a seat that passed since the centre last changed
   holds none of its ranks (such seats are dealt first); the stock is what is left, in
   random order.  A position built this way needs no validation: it is consistent by
   construction, as the tests check against the reference on many positions;
3. the tree lives in preallocated arrays, one node per iteration at most (plus the
   root), the children of a node in a linked list; rollouts are the kernel's moves.

:func:`ismcts` is what :func:`cau_rules.ai.mcts.ismcts` calls (through the family
record's ``kernel`` module, :func:`cau_rules.quatre.kernel.batch.ismcts`) for
``engine="kernel"``; it returns None for what it does not search (a state of another
family), so the Python tree runs it instead.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> state = new_game("cau-quatre", players=3, seed=3)
>>> found = ismcts(InfoState.start(state, state.to_play), 60, random.Random(1))
>>> sum(visits for _, visits, _ in found), {move for move, _, _ in found} == set(state.legal_moves())
(60, True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cau_rules.errors import InvalidPositionError
from cau_rules.kernel import search as kernel_search
from cau_rules.kernel.rng import below
from cau_rules.kernel.search import (
    HOT,
    DeterminisedSearch,
    RulesData,
    searched,
    specialise_search,
)
from cau_rules.kernel.tools import fresh_cache, source_stamp
from cau_rules.kernel.types import Ints
from cau_rules.quatre.codec import QuatreCodec
from cau_rules.quatre.kernel import core
from cau_rules.quatre.kernel import layout as L
from cau_rules.quatre.kernel.bridge import row_of, state_of
from cau_rules.quatre.kernel.core import MOST, legal_mask, step
from cau_rules.quatre.kernel.layout import CARDS, DECK0, HLEN, HOLD, MAXP, PHASE, POS, R_ACTIONS, TO_PLAY, N
from cau_rules.quatre.moves import QuatreMove
from cau_rules.quatre.rules import QuatreRules
from cau_rules.quatre.state import QuatreState
from cau_rules.quatre.view import QuatreView

__all__ = ["SearchProblem", "determinisations", "ismcts", "problem"]

OVER = L.PHASE_CODES["over"]
ALL = (1 << CARDS) - 1
"""The card mask of every card (bit *v*: the card of value *v*)."""


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (core.STAMP ^ source_stamp(core.__file__) ^ kernel_search.STAMP) & 0x7FFF_FFFF
"""What this module's machine code was compiled against: the layout, the kernel's rules
and the shared search loop, compiled into it (numba's cache follows this file only)."""
fresh_cache(compiled_stamp, STAMP, __file__)


# -- determinisation ------------------------------------------------------------------


@njit(cache=True, inline="always")
def deal_from(s, at, pool, taken, size, mask, count):
    """Write into *s* from *at* the first *count* cards of ``pool[:size]`` not yet
    *taken* that the card mask *mask* lets in, marking them taken; False when fewer are
    left."""
    got = 0
    for i in range(size):
        if got == count:
            break
        if not taken[i] and mask >> np.int64(pool[i]) & np.int64(1):
            taken[i] = True
            s[at] = pool[i]
            at += 1
            got += 1
    return got == count


@njit(cache=True)
def determinise(s, base, unknown, seats, fixed, extra, allowed, must_seat, must_cards, must_count, pool, taken,
                rng):
    """Write into *s* the row *base* with the *unknown* cards dealt afresh, as
    :func:`~cau_rules.quatre.infer.resample_fields` deals them: shuffled; then
    *must_count* cards of the mask *must_cards* (the first such in the shuffled order) for
    *must_seat* (-1: none); then each of *seats* in order takes, after its ``fixed[k]``
    known cards (and its must cards), the first ``extra[k]`` cards left that the mask
    ``allowed[k]`` lets it hold; what is left is the stock, in that order.  False when
    no such deal exists (*s* is then unusable)."""
    size = unknown.shape[0]
    for i in range(s.shape[0]):
        s[i] = base[i]
    for i in range(size):
        pool[i] = unknown[i]
        taken[i] = False
    for i in range(size - 1, 0, -1):
        j = below(rng, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for k in range(seats.shape[0]):
        seat = seats[k]
        if seat == must_seat and not deal_from(s, HOLD + seat * CARDS + fixed[k], pool, taken, size, must_cards,
                                               must_count):
            return False
    for k in range(seats.shape[0]):
        seat = seats[k]
        at = HOLD + seat * CARDS + fixed[k] + (must_count if seat == must_seat else 0)
        if not deal_from(s, at, pool, taken, size, allowed[k], extra[k]):
            return False
    at = DECK0 + s[POS]
    for i in range(size):
        if not taken[i]:
            s[at] = pool[i]
            at += 1
    return True


# -- the search ----------------------------------------------------------------------


@njit(cache=True)
def shares_of(s, out):
    """Every seat's share of the win of the finished row *s* into *out*: the most cards
    held wins, ties share (:func:`~cau_rules.quatre.engine.outcome_of`, then
    ``Outcome.shares``)."""
    n = s[N]
    best = s[HLEN]
    for seat in range(1, n):
        best = max(best, s[HLEN + seat])
    winners = 0
    for seat in range(n):
        if s[HLEN + seat] == best:
            winners += 1
    for seat in range(MAXP):
        out[seat] = 0.0
    for seat in range(n):
        if s[HLEN + seat] == best:
            out[seat] = 1.0 / winners


# The hooks of the shared loop (cau_rules.kernel.search); ctx is SearchProblem.ctx: the row
# to determinise, the rules vector, an empty mask, what determinise reads, its scratch.


@njit(cache=True, inline="always")
def deal_hook(s, ctx, rng):
    """:func:`determinise` of ``ctx``'s row into *s*."""
    base, _r, _no_mask, unknown, seats, fixed, extra, allowed, must_seat, must_cards, must_count, pool, taken = ctx
    return determinise(s, base, unknown, seats, fixed, extra, allowed, must_seat, must_cards, must_count, pool,
                       taken, rng)


@njit(cache=True, inline="always")
def legal_hook(s, rng, actions, r, no_mask, _h2, _h3, _h4, _h5):
    """The legal actions of *s* into *actions*; how many."""
    return legal_mask(s, r, no_mask, actions)


@njit(cache=True, inline="always")
def play_hook(s, action, _rng, r, _h1, _h2, _h3, _h4, _h5):
    """Step *s* by *action* (a four-card row never outgrows its sizes)."""
    step(s, r, action)
    return True



@njit(cache=True, inline="always")
def score_hook(s, ctx, out):
    """:func:`shares_of` *s* into *out*."""
    shares_of(s, out)


run_determinise, run_search = specialise_search(
    (STAMP ^ source_stamp(__file__)) & 0x7FFF_FFFF, deal_hook, legal_hook, play_hook, score_hook)


# -- the Python side -----------------------------------------------------------------------

Row = npt.NDArray[np.int16]


def _mask(cards: Any) -> int:
    """The card mask of *cards* (card values)."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


class SearchProblem(DeterminisedSearch):
    """One decision's determinisation data: the resampled position *state* as a row
    (*base*), the *unknown* cards (the stock and the unknown part of every holding but the
    seat's), and what :func:`determinise` reads of the view's constraints: the other
    seats in the order they are dealt (*seats*), their known cards (*fixed*, first in
    their holding), the cards they draw (*extra*) and may draw (*allowed*, a card mask),
    and the cards one seat must hold (*must_count* of the mask *must_cards* for
    *must_seat*, -1: none).

    Raises:
        InvalidPositionError: *state* does not show the seat its view (it was not
            resampled from it).
    """

    run_determinise, run_search = staticmethod(run_determinise), staticmethod(run_search)

    def __init__(self, state: QuatreState, info: Any) -> None:
        view: QuatreView = info.view
        n = state.players
        observer = view.seat
        self.state = state
        self.base: Row = np.zeros(L.ROW, np.int16)
        row_of(state, self.base)
        chain = view.chain
        mover = view.to_play
        must_seat, must_cards, must_count = -1, 0, 0
        if (view.phase == "chain" and chain is not None and mover != observer
                and not any(card.rank == chain.rank for card in view.known[mover])):
            must_seat, must_count = mover, 1
            must_cards = _mask(card for card in state.rules.deck.cards if card.rank == chain.rank)
        if view.phase == "lay" and view.lay is not None and mover != observer:
            after = view.lay.after
            later = [card for card in view.known[mover] if after is None or card.value > after.value]
            owed = max(view.lay.owed - len(later), 0)
            if owed:
                must_seat, must_count = mover, owed
                must_cards = _mask(card for card in state.rules.deck.cards if after is None or card.value > after.value)
        lacks: dict[int, set[int]] = {seat: set() for seat in range(n)}
        if view.phase == "turn" and view.passes:
            table_ranks = {card.rank for card in view.table}
            seat = mover
            for _ in range(view.passes):
                seat = (seat - 1) % n
                while seat in view.out:
                    seat = (seat - 1) % n
                lacks[seat] = table_ranks
        order = [seat for seat in sorted(range(n), key=lambda seat: not lacks[seat]) if seat != observer]
        unknown: list[int] = []
        fixed: list[int] = []
        extra: list[int] = []
        allowed: list[int] = []
        for seat in order:
            holding = state.holdings[seat]
            known = view.known[seat]
            if holding[:len(known)] != known:
                raise InvalidPositionError(f"seat {seat}'s known cards are not first in its resampled holding")
            fixed.append(len(known))
            extra.append(len(holding) - len(known) - (must_count if seat == must_seat else 0))
            allowed.append(_mask(card for card in state.rules.deck.cards if card.rank not in lacks[seat]))
            unknown.extend(int(card) for card in holding[len(known):])
        unknown.extend(int(card) for card in state.stock)
        self.seats: Ints = np.array(order, np.int64)
        self.fixed: Ints = np.array(fixed, np.int64)
        self.extra: Ints = np.array(extra, np.int64)
        self.allowed: Ints = np.array(allowed, np.int64)
        self.unknown: Ints = np.array(unknown, np.int64)
        self.must = (must_seat, must_cards, must_count)
        self.rules_vector, self.codec = _RULES_DATA.get(state.rules, n)
        self.ctx = (self.base, self.rules_vector, np.zeros(0, np.bool_), self.unknown, self.seats, self.fixed,
                    self.extra, self.allowed, *self.must, np.empty(len(unknown), np.int64),
                    np.zeros(len(unknown), np.bool_))
        self.hot = (self.rules_vector, self.ctx[2]) + (self.ctx[2],) * (HOT - 2)

    def sizes(self) -> tuple[int, int, int, int, int, int]:
        """Over in the phase ``OVER``; at the most ``MOST`` legal actions."""
        return (PHASE, OVER, TO_PLAY, MOST, int(self.rules_vector[R_ACTIONS]), MAXP)


_RULES_DATA: RulesData[tuple[Ints, QuatreCodec]] = RulesData(
    lambda rules, players: (np.array(L.rules_vector(rules, players), np.int64), QuatreCodec(rules, players)))
"""The rules vector and the codec of a rules object and player count (kept per thread)."""


def _supported(info: Any) -> bool:
    return isinstance(info.rules, QuatreRules) and isinstance(info.view, QuatreView)


problem = SearchProblem.drawn
"""The determinisation data of a four-card information state, from one resample
(:meth:`~cau_rules.kernel.search.DeterminisedSearch.drawn`)."""


def determinisations(info: Any, count: int, seed: int) -> list[QuatreState]:
    """*count* positions dealt by the kernel's determinisation of *info*, as ordinary
    states (what :func:`ismcts` searches; for tests and inspection).

    >>> from cau_rules import new_game
    >>> from cau_rules.ai.infostate import InfoState
    >>> state = new_game("cau-quatre", players=3, seed=3)
    >>> guesses = determinisations(InfoState.start(state, state.to_play), 5, seed=1)
    >>> all(guess.holdings[state.to_play] == state.holdings[state.to_play] for guess in guesses)
    True
    """
    data = problem(info, random.Random(seed))
    state = data.state
    return [state_of(state.rules, row, state.seed) for row in data.determinisations(count, seed)]


def ismcts(
    info: Any, iterations: int, rng: random.Random, exploration: float = 0.7
) -> list[tuple[QuatreMove, int, float]] | None:
    """Search *info* (the seat to play's information state) for *iterations* iterations
    in the kernel; every root move with its visits and its summed reward (the seat's
    shares), or None when this is not a four-card information state (the caller then
    runs the Python tree).  Everything random comes from *rng*.

    Raises:
        InvalidPositionError: the seat is not to play, or no deal is consistent.
    """
    if not _supported(info):
        return None
    return searched(problem(info, rng), info, iterations, rng, exploration)
