"""The deals, restarts and results of the capture-family kernel (numba): what a batch
needs besides the turn, so that it never goes back to Python between games.

:func:`deal_hand` is :func:`cau_rules.fishing.deal.lay_table` for a shuffled deck, drawn
from CPython's generator reproduced in :mod:`cau_rules.kernel.rng`: the same seed
texts (D-DEAL-1), the same shuffle, the same table-return places, so game ``i`` of a
batch stays the reference game of its seed card for card.  The typed entry points at the
end are what :mod:`cau_rules.fishing.kernel.batch` calls.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cau_rules.fishing.kernel import core, parts
from cau_rules.fishing.kernel.core import begin, play_random, resume, step
from cau_rules.fishing.kernel.layout import (
    ERROR,
    FINGERPRINT,
    HAND,
    HAS_TALLY,
    HS,
    HS_LEN,
    MAXP,
    PARTIDES0,
    PENDING,
    PHASE,
    R_HAND_LIMIT,
    R_HANDS,
    R_TABLE,
    TO_PLAY,
    N,
    fresh_cache,
    source_stamp,
)
from cau_rules.fishing.kernel.parts import OVER, SCRATCH, legal_mask
from cau_rules.kernel import rng as kernel_rng
from cau_rules.kernel import rows as kernel_rows
from cau_rules.kernel.rng import (
    MT_SIZE,
    TEXT_SIZE,
    generator_state,
    next_random,
    randbelow,
    seed_numbers,
    seed_numbers2,
    shuffle,
)
from cau_rules.kernel.rows import nth_true, twins
from cau_rules.kernel.types import Flags, Floats, Ints, Randoms


@njit(cache=True)
def compiled_stamp() -> int:
    """:data:`STAMP` as compiled (and cached)."""
    return STAMP


STAMP = (FINGERPRINT ^ source_stamp(parts.__file__) ^ source_stamp(core.__file__)
         ^ source_stamp(kernel_rng.__file__) ^ source_stamp(kernel_rows.__file__))
"""What this module's machine code was compiled against (the functions it calls from
the other modules are compiled into it)."""
fresh_cache(compiled_stamp, STAMP, __file__)

SHUFFLE = np.frombuffer(b"shuffle", np.uint8)
TABLE_RETURN = np.frombuffer(b"table-return", np.uint8)
_MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)
GENERATORS = 2
"""The generators a deal may seed at once (:func:`deal_hand`): the shuffle's and the
first table return's."""
PAIRED = 4
"""The smallest table for which :func:`deal_hand` seeds the first table return's
generator with the shuffle's: with four table cards or more a return is likely enough
(a third of the deals or more) that seeding both together, for about 1.3 times the
cost of one, pays."""


@njit(cache=True)
def deal_hand(seed, hand, deck, ntable, slot, stock, mts, text):
    """Write the deal of *hand* of the game of *seed* into *slot* (the hand, the table's
    size, the cards returned, then table and stock), as ``lay_table`` deals it from the
    shuffled *deck* (its cards in the deck's order); *stock*, *mts* (:data:`GENERATORS`
    generators) and *text* are scratch.

    Seeding a generator is most of a deal's cost, and each of its steps waits for the
    one before: with a table of :data:`PAIRED` cards or more, the shuffle's generator
    and the first table return's are seeded together (interleaved), whether the return
    happens or not; a second return or more seeds its own."""
    size = deck.shape[0]
    for i in range(size):
        stock[i] = deck[i]
    paired = ntable >= PAIRED
    if paired:
        seed_numbers2(mts, text, seed, hand, SHUFFLE, TABLE_RETURN)
    else:
        seed_numbers(mts[0], text, seed, hand, 0, SHUFFLE)
    shuffle(mts[0], stock, size)
    start = 0
    length = size
    laid = 0
    returned = 0
    seen = 0
    while laid < ntable:
        card = stock[start]
        start += 1
        length -= 1
        rank = card % 12 + 1
        if seen >> rank & 1:
            # back into the stock at a seeded place below its top card
            returned += 1
            if paired and returned == 1:
                mt = mts[1]
            else:
                mt = mts[0]
                seed_numbers(mt, text, seed, hand, returned, TABLE_RETURN)
            place = 1 + randbelow(mt, length)
            start -= 1
            for i in range(place):
                stock[start + i] = stock[start + i + 1]
            stock[start + place] = card
            length += 1
            continue
        seen |= 1 << rank
        slot[3 + laid] = card
        laid += 1
    slot[0] = hand
    slot[1] = laid
    slot[2] = returned
    for i in range(length):
        slot[3 + laid + i] = stock[start + i]


AHEAD = 2
"""The hands :func:`deal_ahead` keeps dealt from the one being played on: it and the one
the next move may start (what :func:`~cau_rules.fishing.kernel.core.deals_ready` asks
for), no more.  A deal seeds a generator or two (4 to 6 µs); a stones game (no fixed
number of hands) ends after three or four hands, and filling the whole ring of
``DEAL_SLOTS`` ahead dealt two hands a game or more that were never played."""


@njit(cache=True)
def deal_ahead(s, r, deals, dealt, g, seed, deck, stock, mt, text):
    """Write the deals of the hands game *g* (row *s*) may reach within one move
    (:data:`AHEAD`); ``dealt[g]`` is the next hand not written yet."""
    ahead = min(s[HAND] + AHEAD, r[R_HAND_LIMIT])
    hand = max(dealt[g], s[HAND])
    while hand < ahead:
        deal_hand(seed, hand, deck, r[R_TABLE], deals[hand % deals.shape[0]], stock, mt, text)
        hand += 1
    dealt[g] = max(dealt[g], hand)


@njit(cache=True)
def reset_one(s, r, deals, dealt, rngs, g, seed, players, tally, deck, stock, mt, text, x):
    """Start game *g* afresh from *seed*: the row cleared, its generator, its deals (the
    last game's marked as none, so that no slot passes for this game's), the first hand
    dealt."""
    s[:] = 0
    s[N] = players
    s[HAS_TALLY] = tally
    rngs[g] = generator_state(seed)
    dealt[g] = 0
    deals[:, 0] = -1
    deal_ahead(s, r, deals, dealt, g, seed, deck, stock, mt, text)
    begin(s, r, deals, x)
    settle_pending(s, r, deals, dealt, g, seed, deck, stock, mt, text, x)


@njit(cache=True)
def settle_pending(s, r, deals, dealt, g, seed, deck, stock, mt, text, x):
    """While the row waits for the deal of a new partida's first hand (``PENDING``):
    deal it and start the partida."""
    while s[PENDING] and s[ERROR] == 0:
        deal_ahead(s, r, deals, dealt, g, seed, deck, stock, mt, text)
        resume(s, r, deals, x)


def _reset_rows(rows, r, deals, dealt, rngs, games, seeds, players, tally, deck, over, to_play):
    """:func:`reset_one` of every game ``games[k]`` from ``seeds[k]``; each game's
    ``over`` and ``to_play`` flags follow."""
    for k in prange(games.shape[0]):
        g = games[k]
        stock = np.empty(deck.shape[0], np.int64)
        mt = np.empty((GENERATORS, MT_SIZE), np.int64)
        text = np.empty(TEXT_SIZE, np.uint8)
        x = np.empty(SCRATCH, np.int64)
        reset_one(rows[g], r, deals[g], dealt, rngs, g, seeds[k], players, tally, deck, stock, mt, text, x)
        over[g] = rows[g, PHASE] == OVER
        to_play[g] = rows[g, TO_PLAY]


def _step_rows(rows, r, deals, actions, active, dealt, seeds, native, deck, over, to_play):
    """:func:`~cau_rules.fishing.kernel.core.step` on every active row, then the deals
    of the hands it may reach next for the games the kernel deals (*native*); each
    game's ``over`` and ``to_play`` flags follow (reading them from the rows afterwards
    would touch every row once more)."""
    for g in prange(rows.shape[0]):
        if active[g]:
            x = np.empty(SCRATCH, np.int64)
            s = rows[g]
            step(s, r, deals[g], actions[g], x)
            if native[g] and (s[PENDING] or (s[HAND] + AHEAD > dealt[g] and dealt[g] < r[R_HAND_LIMIT])):
                stock = np.empty(deck.shape[0], np.int64)
                mt = np.empty((GENERATORS, MT_SIZE), np.int64)
                text = np.empty(TEXT_SIZE, np.uint8)
                deal_ahead(s, r, deals[g], dealt, g, seeds[g], deck, stock, mt, text)
                settle_pending(s, r, deals[g], dealt, g, seeds[g], deck, stock, mt, text, x)
            over[g] = s[PHASE] == OVER
            to_play[g] = s[TO_PLAY]


LISTED = 64
"""The legal actions of a game kept in order beside its mask (more: sampling reads the mask)."""


CHUNK = 64
"""Games masked in a row by one thread with one scratch row, so that the scratch stays
in the cache (each game's own scratch row would be one more row to fetch per game)."""


def _mask_rows(rows, r, works, masks, counts, lists, again):
    """:func:`~cau_rules.fishing.kernel.parts.legal_mask` of every row into *masks*
    (cleared here), the counts into *counts*, and up to :data:`LISTED` of each row's
    actions in increasing order into *lists* (what :func:`_sample_rows` draws from).
    With *again*, *masks* holds this function's last output: a row is cleared by
    unmarking its listed actions instead of all of it.  Games go by chunks of
    :data:`CHUNK`, chunk *c* using ``works[c]`` as its scratch row (rows are
    independent: any thread order gives the same result)."""
    size = rows.shape[0]
    for c in prange((size + CHUNK - 1) // CHUNK):
        actions = np.empty(masks.shape[1], np.int64)
        x = np.empty(SCRATCH, np.int64)
        work = works[c]
        for g in range(c * CHUNK, min(size, (c + 1) * CHUNK)):
            if again and counts[g] <= LISTED:
                for i in range(counts[g]):
                    masks[g, lists[g, i]] = False
            else:
                masks[g, :] = False
            count = legal_mask(rows[g], r, work, masks[g], actions, x)
            counts[g] = count
            if count <= LISTED:
                for i in range(count):
                    value = actions[i]
                    j = i
                    while j > 0 and lists[g, j - 1] > value:
                        lists[g, j] = lists[g, j - 1]
                        j -= 1
                    lists[g, j] = value


def _sample_rows(masks, counts, lists, rngs, active, out):
    """A uniformly random legal action of every active row into *out*: the same draw
    and the same action as :func:`~cau_rules.fishing.kernel.core.sample_rows`, read
    from the row's ordered list instead of its mask where it has one."""
    for g in prange(masks.shape[0]):
        count = counts[g]
        if active[g] and count > 0:
            pick = next_random(rngs[g:g + 1]) % np.uint64(count)
            out[g] = lists[g, pick] if count <= LISTED else nth_true(masks[g], pick)


@njit(cache=True)
def play_out(s, r, deals, work, rngs, dealt, g, seed, deck, limit):
    """Random legal moves in game *g* until it ends or *limit* moves are made, dealing
    each new hand in the kernel; returns the moves made."""
    stock = np.empty(deck.shape[0], np.int64)
    mt = np.empty((GENERATORS, MT_SIZE), np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    rng = rngs[g:g + 1]
    made = 0
    while True:
        made += play_random(s, r, deals, work, rng, limit - made)
        if s[PHASE] == OVER or s[ERROR] != 0 or made >= limit:
            return made
        deal_ahead(s, r, deals, dealt, g, seed, deck, stock, mt, text)


@njit(cache=True)
def fresh_play(rows, r, deals, works, dealt, rngs, g, seed, players, tally, deck):
    """Start game *g* afresh from *seed* and play it to its end with random moves drawn
    from its generator (seeded from *seed*); returns the moves made."""
    stock = np.empty(deck.shape[0], np.int64)
    mt = np.empty((GENERATORS, MT_SIZE), np.int64)
    text = np.empty(TEXT_SIZE, np.uint8)
    x = np.empty(SCRATCH, np.int64)
    s = rows[g]
    reset_one(s, r, deals[g], dealt, rngs, g, seed, players, tally, deck, stock, mt, text, x)
    if s[ERROR] != 0:
        return 0
    return play_out(s, r, deals[g], works[g], rngs, dealt, g, seed, deck, 1 << 40)


@njit(cache=True)
def fresh_plays(rows, r, deals, works, dealt, rngs, g, first, count, players, tally, deck, reached):
    """:func:`fresh_play` of game *g* from the seeds *first* to ``first + count - 1`` in
    turn (the row ends holding the last game); returns the moves made in all.  A game
    that outgrows a fixed size stops the run: ``reached[0]`` is the seed of the game the
    row holds."""
    made = 0
    for seed in range(first, first + count):
        reached[0] = seed
        made += fresh_play(rows, r, deals, works, dealt, rngs, g, seed, players, tally, deck)
        if rows[g, ERROR] != 0:
            break
    return made


@njit(cache=True)
def shares(s, r, out):
    """Each seat's share of the finished game of row *s* into *out*
    (:meth:`cau_rules.outcome.Outcome.shares` of ``outcome_of``)."""
    n = s[N]
    won = np.zeros(MAXP, np.bool_)
    if s[HAS_TALLY]:
        best = max(s[PARTIDES0], s[PARTIDES0 + 1])
        for seat in range(n):
            won[seat] = s[PARTIDES0 + seat % 2] == best
    elif r[R_HANDS] == 1:
        last = HS + (s[HS_LEN] - 1) * MAXP
        best = s[last]
        for seat in range(n):
            best = max(best, s[last + seat])
        for seat in range(n):
            won[seat] = s[last + seat] == best
    else:
        credits = np.zeros(MAXP, np.int64)
        for h in range(s[HS_LEN]):
            best = s[HS + h * MAXP]
            for seat in range(n):
                best = max(best, s[HS + h * MAXP + seat])
            for seat in range(n):
                if s[HS + h * MAXP + seat] == best:
                    credits[seat] += 1
        top = credits[0]
        for seat in range(n):
            top = max(top, credits[seat])
        for seat in range(n):
            won[seat] = credits[seat] == top
    count = 0
    for seat in range(n):
        count += won[seat]
    for seat in range(n):
        out[seat] = 1.0 / count if won[seat] else 0.0


@njit(cache=True)
def shares_rows(rows, r, games, out):
    """:func:`shares` of every game ``games[k]`` into ``out[games[k]]``."""
    for k in range(games.shape[0]):
        shares(rows[games[k]], r, out[games[k]])


reset_serial, reset_parallel = twins(_reset_rows)
step_serial, step_parallel = twins(_step_rows)
mask_serial, mask_parallel = twins(_mask_rows)
sample_serial, sample_parallel = twins(_sample_rows)


# -- typed entry points ----------------------------------------------------------------

Rows = npt.NDArray[np.int16]


def reset_rows(rows: Rows, rules: Ints, deals: Rows, dealt: Ints, rngs: Randoms, games: Ints, seeds: Ints,
               players: int, tally: bool, deck: Ints, over: Flags, to_play: Ints, parallel: bool) -> None:
    """Start every game ``games[k]`` afresh from ``seeds[k]`` (int64), dealt in the kernel."""
    (reset_parallel if parallel else reset_serial)(rows, rules, deals, dealt, rngs, games, seeds, players,
                                                   int(tally), deck, over, to_play)


def step_rows(rows: Rows, rules: Ints, deals: Rows, actions: Ints, active: Flags, dealt: Ints, seeds: Ints,
              native: Flags, deck: Ints, over: Flags, to_play: Ints, parallel: bool) -> None:
    """Make ``actions[g]`` in every active game, then deal ahead in the *native* ones;
    *over* and *to_play* follow the active games."""
    (step_parallel if parallel else step_serial)(rows, rules, deals, actions, active, dealt, seeds, native, deck,
                                                 over, to_play)


def mask_rows(rows: Rows, rules: Ints, works: Rows, masks: Flags, counts: Ints, lists: Ints, again: bool,
              parallel: bool) -> None:
    """The legal mask of every row into *masks*, the counts into *counts*, the ordered
    actions (up to :data:`LISTED`) into *lists*; *again*: *masks*, *counts* and *lists*
    are this function's last output."""
    (mask_parallel if parallel else mask_serial)(rows, rules, works, masks, counts, lists, again)


def sample_rows(masks: Flags, counts: Ints, lists: Ints, rngs: Randoms, active: Flags, out: Ints,
                parallel: bool) -> None:
    """A uniformly random legal action per active row into *out* (from :func:`mask_rows`'s output)."""
    (sample_parallel if parallel else sample_serial)(masks, counts, lists, rngs, active, out)


def play_row(rows: Rows, rules: Ints, deals: Rows, works: Rows, rngs: Randoms, dealt: Ints, game: int, seed: int,
             deck: Ints) -> int:
    """Play game *game* (dealt by the kernel from *seed*) to its end with random moves."""
    return int(play_out(rows[game], rules, deals[game], works[game], rngs, dealt, game, seed, deck, 1 << 40))


def play_fresh(rows: Rows, rules: Ints, deals: Rows, works: Rows, dealt: Ints, rngs: Randoms, game: int,
               seed: int, players: int, tally: bool, deck: Ints) -> int:
    """Deal game *game* afresh from *seed* and play it out with random moves (one call)."""
    return int(fresh_play(rows, rules, deals, works, dealt, rngs, game, seed, players, int(tally), deck))


def play_fresh_many(rows: Rows, rules: Ints, deals: Rows, works: Rows, dealt: Ints, rngs: Randoms, game: int,
                    first: int, count: int, players: int, tally: bool, deck: Ints) -> tuple[int, int]:
    """:func:`play_fresh` of game *game* from the seeds ``first`` to ``first + count - 1``
    in one call; returns the moves made in all and the seed of the game the row holds."""
    reached = np.array([first], np.int64)
    made = fresh_plays(rows, rules, deals, works, dealt, rngs, game, first, count, players, int(tally), deck, reached)
    return int(made), int(reached[0])


def shares_of(rows: Rows, rules: Ints, games: Ints, out: Floats) -> None:
    """Each seat's share of the win of every finished game ``games[k]`` into its row of *out*."""
    shares_rows(rows, rules, games, out)
