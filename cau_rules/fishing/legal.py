"""Legal moves of the capture family, in canonical order, and why a move is illegal.

:func:`generate` lists the plays (or the declarations) of a position with the *plan*
of each: the run units a play takes.  The Valencian ronda stake has its own
:func:`stake_moves`: a lazy :class:`~cau_rules.moveseq.MoveList` whose bids are one
:class:`~cau_rules.moveseq.AmountRange`.  Both read a
:class:`~cau_rules.fishing.zones.Position`, never the state class.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=1)
>>> [str(move) for move in generate(state)]
['12o', '12c', '2b']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import islice, product
from typing import Any, cast

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.fishing.engine import Engine, ronda_kind
from cau_rules.fishing.moves import GAME, JOC, Accept, Bid, Call, Declare, FishingMove, Play, Refuse
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Position, Stake, Tally, Unit
from cau_rules.moveseq import AmountRange, MoveList

__all__ = ["Plan", "Plans", "bid_amount", "generate", "index_of", "legal_plays", "play", "playout", "stake_moves", "why_illegal"]

Plan = tuple[Unit, ...]
"""The run units a play takes, in run order: ``(rank, seat)``, seat -1 for a table card."""

Plans = dict[FishingMove, Plan | None]
"""Legal moves (keys, in canonical order) with their plans (None: a trail or a declaration)."""

_SUCC_CACHE: dict[tuple[str, bool], tuple[int, ...]] = {}

_NO_CALLS: tuple[frozenset[Call], ...] = (frozenset(),)

_PLAYS: dict[tuple[Card, int, tuple[int, ...], frozenset[Call]], Play] = {}


def _successors(rules: FishingRules) -> tuple[int, ...]:
    table = _SUCC_CACHE.get((rules.deck.name, rules.wrap))
    if table is None:
        table = rules.deck.successor_table(rules.wrap)
        _SUCC_CACHE[(rules.deck.name, rules.wrap)] = table
    return table


def play(card: Card, run: int = 0, piles: tuple[int, ...] = (), calls: frozenset[Call] = frozenset()) -> Play:
    """The interned :class:`~cau_rules.fishing.moves.Play` (moves are immutable, so one
    object per move).

    >>> play(Card.parse("3o"), 1) is play(Card.parse("3o"), 1)
    True
    """
    key = (card, run, piles, calls)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card, run, piles, calls)
    return move


def _run_plans(
    rules: FishingRules,
    card: Card,
    units: list[tuple[int, tuple[int, ...]]],
    in_chain: bool,
    out: Plans,
    calls: tuple[frozenset[Call], ...],
) -> None:
    longest = len(units)
    if in_chain and rules.no_runs_in_chains:
        lengths: Iterable[int] = (0,)
    elif rules.run_mode == "prefix":
        lengths = range(longest + 1)
    elif rules.run_mode == "whole":
        lengths = (longest,)
    else:
        lengths = (0, longest) if longest else (0,)
    for length in lengths:
        chosen = units[:length]
        if all(len(choices) == 1 for _, choices in chosen):
            plan = tuple((rank, choices[0]) for rank, choices in chosen)
            piles = tuple(seat for _, seat in plan if seat >= 0)
            for call_set in calls:
                out[play(card, length, piles, call_set)] = plan
            continue
        for picks in product(*(choices for _, choices in chosen)):
            plan = tuple((rank, pick) for (rank, _), pick in zip(chosen, picks, strict=True))
            piles = tuple(seat for seat in picks if seat >= 0)
            for call_set in calls:
                out[play(card, length, piles, call_set)] = plan


class _Facts:
    """What move generation reads from a rules object, looked up once per rules."""

    __slots__ = ("explicit", "mode", "moves", "must_capture", "no_runs_in_chains", "open_piles", "own_pile",
                 "rules", "shapes", "succ")

    def __init__(self, rules: FishingRules) -> None:
        self.rules = rules
        self.succ = _successors(rules)
        self.open_piles = rules.open_piles
        self.own_pile = rules.own_pile
        self.explicit = rules.explicit_calls
        self.must_capture = rules.must_capture
        self.mode = rules.run_mode
        self.no_runs_in_chains = rules.no_runs_in_chains
        self.shapes: dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[Plan | None, ...]]] = {}
        """The plays of any card of a rank with a given run: each play's run length and piles,
        and the plans, by ``(code << 1 | in_chain) << 4 | rank`` (the older half dropped like
        :attr:`moves`)."""
        self.moves: dict[int, tuple[tuple[FishingMove, ...], tuple[Plan | None, ...]]] = {}
        """The plays of a card and their plans, by ``(code << 1 | in_chain) << 6 | card``
        (the card, whether it extends a chain and its :func:`_run_code`); the older half is
        dropped when it reaches :data:`_MOVES_KEPT` entries."""


_FACTS: dict[int, _Facts] = {}


def _facts(rules: FishingRules) -> _Facts:
    facts = _FACTS.get(id(rules))
    if facts is None or facts.rules is not rules:
        if len(_FACTS) > 256:
            _FACTS.clear()
        facts = _FACTS[id(rules)] = _Facts(rules)
    return facts


_PLAIN: list[list[Play]] = [[] for _ in range(48)]


def _plain(card: Card, run: int) -> Play:
    """``play(card, run)``: the interned play with no piles and no calls, by index."""
    runs = _PLAIN[card]
    if run < len(runs):
        return runs[run]
    while len(runs) <= run:
        runs.append(play(card, len(runs)))
    return runs[run]


_TRAILS: tuple[Play, ...] = tuple(play(card) for card in Card)
"""The interned trail (a play with no run) of each card, by card number."""


def _tops(
    facts: _Facts, seat: int, by_rank: list[Card | None], piles: Sequence[tuple[Card, ...]]
) -> list[tuple[int, int]]:
    """The open pile tops a run may take: ``(rank, owner)`` for each pile whose top's rank is
    not on the table (empty with closed piles)."""
    if not facts.open_piles:
        return []
    own = facts.own_pile
    return [
        (pile[-1].rank, owner)
        for owner, pile in enumerate(piles)
        if pile and (owner != seat or own) and by_rank[pile[-1].rank] is None
    ]


def _units(
    facts: _Facts, start: int, by_rank: list[Card | None], tops: list[tuple[int, int]]
) -> list[tuple[int, tuple[int, ...]]]:
    """The run available after matching rank *start*: ``(rank, choices)`` per unit, the
    choices ``(-1,)`` for the table card or the seats whose open pile tops (*tops*) may be
    taken."""
    succ = facts.succ
    units: list[tuple[int, tuple[int, ...]]] = []
    rank = succ[start]
    while rank and rank != start:
        if by_rank[rank] is not None:
            units.append((rank, _TABLE))
        elif tops:
            seats = tuple(owner for top, owner in tops if top == rank)
            if not seats:
                break
            units.append((rank, seats))
        else:
            break
        rank = succ[rank]
    return units


_TABLE = (-1,)


Shape = list[tuple[int, tuple[int, ...], Plan]]
"""The plays of one rank, the same for every card of it: ``(run length, piles, plan)``."""


def _shape(facts: _Facts, units: list[tuple[int, tuple[int, ...]]], in_chain: bool) -> Shape | None:
    """The plays :func:`_run_plans` makes (without calls) for a card whose run units are
    *units*, or None when a unit has several choices (then :func:`_run_plans` runs)."""
    if not units or (in_chain and facts.no_runs_in_chains):
        return [(0, (), ())]
    for _, choices in units:
        if len(choices) != 1:
            return None
    mode = facts.mode
    shape: Shape = []
    plan: Plan = ()
    piles: tuple[int, ...] = ()
    if mode == "prefix":
        shape.append((0, (), ()))
        for length, (rank, (owner,)) in enumerate(units, 1):
            plan = (*plan, (rank, owner))
            if owner >= 0:
                piles = (*piles, owner)
            shape.append((length, piles, plan))
        return shape
    plan = tuple((rank, choices[0]) for rank, choices in units)
    piles = tuple(owner for _, owner in plan if owner >= 0)
    if mode != "whole":
        shape.append((0, (), ()))
    shape.append((len(units), piles, plan))
    return shape


def _put(
    facts: _Facts, card: Card, shape: Shape | None, units: list[tuple[int, tuple[int, ...]]], in_chain: bool,
    out: Plans,
) -> None:
    if shape is None:
        _run_plans(facts.rules, card, units, in_chain, out, _NO_CALLS)
        return
    for length, piles, plan in shape:
        out[play(card, length, piles) if piles else _plain(card, length)] = plan


_TABLE_BIT = 1 << 12
"""In a run code, the bit of a unit taken from the table (bits 0 to 11 are pile owners)."""
_UNIT_BITS = 13
_MOVES_KEPT = 16384
"""How many plays-of-a-card entries :attr:`_Facts.moves` keeps; when full, the older half goes."""


def _top_masks(facts: _Facts, seat: int, by_rank: list[Card | None], piles: Sequence[tuple[Card, ...]]) -> dict[int, int]:
    """:func:`_tops` as a mask of owners per rank (bit *k*: seat *k*'s pile top)."""
    masks: dict[int, int] = {}
    if facts.open_piles:
        own = facts.own_pile
        for owner, pile in enumerate(piles):
            if pile and (owner != seat or own):
                rank = pile[-1].rank
                if by_rank[rank] is None:
                    masks[rank] = masks.get(rank, 0) | 1 << owner
    return masks


def _run_code(succ: tuple[int, ...], start: int, by_rank: list[Card | None], tops: dict[int, int]) -> int:
    """:func:`_units` as one number: 13 bits per unit, the first unit lowest, each unit
    :data:`_TABLE_BIT` for the table card or the owners whose pile tops may be taken (the
    units' ranks are the ranks after *start*, so the number says everything)."""
    code = shift = 0
    rank = succ[start]
    while rank and rank != start:
        if by_rank[rank] is not None:
            code |= _TABLE_BIT << shift
        else:
            owners = tops.get(rank)
            if owners is None:
                break
            code |= owners << shift
        shift += _UNIT_BITS
        rank = succ[rank]
    return code


def _decoded(succ: tuple[int, ...], start: int, code: int) -> list[tuple[int, tuple[int, ...]]]:
    """The units :func:`_run_code` made *code* from (what :func:`_units` returns)."""
    units: list[tuple[int, tuple[int, ...]]] = []
    rank = succ[start]
    while code:
        mask = code & (_TABLE_BIT | (_TABLE_BIT - 1))
        units.append((rank, _TABLE if mask == _TABLE_BIT else tuple(o for o in range(12) if mask >> o & 1)))
        code >>= _UNIT_BITS
        rank = succ[rank]
    return units


def _coded_moves(
    facts: _Facts, card: Card, code: int, in_chain: bool
) -> tuple[tuple[FishingMove, ...], tuple[Plan | None, ...]]:
    """The plays of *card* whose run is *code* (:func:`_run_code`) and their plans (two
    parallel tuples), remembered per rules: the same card, chain and run units always give
    the same plays."""
    key = (code << 1 | in_chain) << 6 | card
    moves = facts.moves
    found = moves.get(key)
    if found is None:
        _make_room(moves)
        # another card of the rank may have had the same run: its plays differ only by the card
        shape_key = (code << 1 | in_chain) << 4 | card.rank
        shapes = facts.shapes
        shape = shapes.get(shape_key)
        if shape is None:
            found = _plays(facts, card, _decoded(facts.succ, card.rank, code), in_chain)
            _make_room(shapes)
            shapes[shape_key] = (tuple((cast(Play, move).run, cast(Play, move).piles) for move in found[0]), found[1])
        else:
            runs, plans = shape
            found = (tuple(play(card, run, piles) for run, piles in runs), plans)
        moves[key] = found
    return found


def _make_room(table: dict[int, Any]) -> None:
    """Drop the older half of *table* once it holds :data:`_MOVES_KEPT` entries."""
    if len(table) >= _MOVES_KEPT:
        for old in list(islice(table, _MOVES_KEPT // 2)):
            del table[old]


def _plays(
    facts: _Facts, card: Card, units: list[tuple[int, tuple[int, ...]]], in_chain: bool
) -> tuple[tuple[FishingMove, ...], tuple[Plan | None, ...]]:
    staged: Plans = {}
    _put(facts, card, _shape(facts, units, in_chain), units, in_chain, staged)
    return tuple(staged), tuple(staged.values())


def _call_sets(rules: FishingRules, chain_call: Call | None, neta: bool) -> tuple[frozenset[Call], ...]:
    if not rules.explicit_calls:
        return _NO_CALLS
    applicable = [call for call in (chain_call, Call.NETA if neta else None) if call is not None]
    sets: list[frozenset[Call]] = [frozenset()]
    for call in applicable:
        sets += [s | {call} for s in sets]
    # the canonical order of Play.sort_key: by the sorted call names
    return tuple(sorted(sets, key=lambda calls: sorted(call.value for call in calls)))


def _neta_aware(
    rules: FishingRules,
    card: Card,
    units: list[tuple[int, tuple[int, ...]]],
    in_chain: bool,
    moves: list[FishingMove],
    plans: list[Plan | None],
    call: Call | None,
    table_after_match: int,
) -> None:
    """Plans with their call sets under ``explicit_calls``: neta applies when the match
    and the run's table cards leave the table empty."""
    staged: Plans = {}
    _run_plans(rules, card, units, in_chain, staged, _NO_CALLS)
    for move, plan in staged.items():
        assert isinstance(move, Play) and plan is not None
        table_taken = sum(1 for _, seat in plan if seat < 0)
        neta = table_taken == table_after_match
        for call_set in _call_sets(rules, call, neta):
            moves.append(attrs.evolve(move, calls=call_set))
            plans.append(plan)


def generate(position: Position) -> Plans:
    """The legal plays (phase ``"play"``) or declarations (phase ``"declare"``) of the
    seat to play, in canonical order, each with its plan; empty in the other phases
    (see :func:`stake_moves` for the stake).

    A move other than extending a pending chain is generated against the position in
    which the chain is completed (D-CHAIN-2).

    >>> from cau_rules.fishing.rules import CAU
    >>> from cau_rules.fishing.state import FishingState
    >>> state = FishingState.from_position(CAU, 2, table="3o 7o 8o 9o", holdings=["8c", "1b"])
    >>> generate(state)[play(Card.parse("8c"), 1)]
    ((9, -1),)
    """
    moves, plans = legal_plays(position)
    return dict(zip(moves, plans, strict=True))


def legal_plays(position: Position) -> tuple[list[FishingMove], list[Plan | None]]:
    """:func:`generate` as two parallel lists, the moves in canonical order and their
    plans (what the state keeps: no move is hashed).

    >>> from cau_rules import new_game
    >>> moves, plans = legal_plays(new_game("cau", players=2, seed=1))
    >>> [str(move) for move in moves], plans
    (['12o', '12c', '2b'], [None, None, None])
    """
    moves: list[FishingMove] = []
    plans: list[Plan | None] = []
    phase = position.phase
    if phase == "over" or phase == "bid":
        return moves, plans
    seat = position.to_play
    holding = position.holdings[seat]
    if phase == "declare":
        moves.append(Declare(None))
        kind = ronda_kind(holding)
        if kind is not None:
            moves.append(Declare(kind))
        return moves, [None] * len(moves)
    rules = position.rules
    chain = position.chain
    table = position.table
    piles = position.piles
    if chain is not None:
        base = Engine(position)
        base.complete_pending()
        base_table: Sequence[Card] = base.table
        base_piles: Sequence[tuple[Card, ...]] = base.piles
    else:
        base_table, base_piles = table, piles
    facts = _FACTS.get(id(rules))
    if facts is None or facts.rules is not rules:
        facts = _facts(rules)
    by_rank: list[Card | None] = [None] * 13
    for card in base_table:
        by_rank[card.rank] = card
    trail = position.trail
    trail_rank = trail[1].rank if trail is not None else 0
    explicit = facts.explicit
    captures = False
    extension = -1  # the run code of a chain extension, the same for every card of the rank
    tops: dict[int, int] | None = None  # open pile tops a run may take: owners by rank
    explicit_extension: list[tuple[int, tuple[int, ...]]] | None = None  # the same, under explicit calls
    explicit_tops: list[tuple[int, int]] | None = None
    for card in sorted(holding):
        rank = card.rank
        if chain is not None and rank == chain.rank:
            captures = True
            if extension < 0 and explicit_extension is None:
                current: list[Card | None] = [None] * 13
                for on_table in table:
                    current[on_table.rank] = on_table
                if explicit:
                    explicit_extension = _units(facts, rank, current, _tops(facts, seat, current, piles))
                else:
                    extension = _run_code(facts.succ, rank, current, _top_masks(facts, seat, current, piles))
            if explicit_extension is not None:
                _neta_aware(rules, card, explicit_extension, True, moves, plans, rules.chain_call(chain.level + 1),
                            len(table))
                continue
            card_moves, card_plans = _coded_moves(facts, card, extension, True)
            moves += card_moves
            plans += card_plans
        elif by_rank[rank] is not None:
            captures = True
            in_chain = rank == trail_rank
            if explicit:
                if explicit_tops is None:
                    explicit_tops = _tops(facts, seat, by_rank, base_piles)
                units = _units(facts, rank, by_rank, explicit_tops)
                cau = Call.CAU if in_chain else None
                _neta_aware(rules, card, units, in_chain, moves, plans, cau, len(base_table) - 1)
                continue
            if tops is None:
                tops = _top_masks(facts, seat, by_rank, base_piles)
            card_moves, card_plans = _coded_moves(facts, card, _run_code(facts.succ, rank, by_rank, tops), in_chain)
            moves += card_moves
            plans += card_plans
        else:
            moves.append(_TRAILS[card])
            plans.append(None)
    if facts.must_capture and captures:
        kept = [index for index, plan in enumerate(plans) if plan is not None]
        return [moves[index] for index in kept], [plans[index] for index in kept]
    return moves, plans


def playout(position: Position, choose: Callable[[Sequence[FishingMove]], FishingMove]) -> Engine:
    """Play *position* to the end on one work copy, the seat to play making the move
    *choose* picks among the legal moves each time (a random playout: ``rng.choice``).

    The moves offered and made are those of ``state.legal_moves()`` and ``state.apply``
    from state to state, without building the frozen states in between; the engine at the
    end has the final fields (its ``events`` are only the last move's, without the
    captures and deals: a quiet engine skips building them).

    >>> import random
    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=3)
    >>> playout(state, random.Random(1).choice).phase
    'over'
    """
    work = Engine(position)
    work.quiet = True
    view = cast(Position, work)  # the engine has every field of a position (lists for some zones)
    while work.phase != "over":
        if work.phase == "bid":
            move = choose(stake_moves(work.rules, work.stake, work.tally))
            plan = None
        else:
            moves, plans = legal_plays(view)
            move = choose(moves)
            plan = plans[index_of(moves, move)]
        work.events = []
        work.run(move, plan)
    return work


def index_of(moves: Sequence[FishingMove], move: object) -> int:
    """Where *move* is in *moves*: found by identity (a chosen move is usually one of
    these objects), else by equality.

    Raises:
        ValueError: *move* is not in *moves*.

    >>> from cau_rules import new_game
    >>> moves, _ = legal_plays(new_game("cau", players=2, seed=1))
    >>> index_of(moves, moves[2]), index_of(moves, Play(moves[2].card))
    (2, 2)
    """
    for index, candidate in enumerate(moves):
        if candidate is move:
            return index
    return moves.index(move)  # an equal move built elsewhere, or ValueError


def bid_amount(move: object) -> int | None:
    """The number of stones *move* bids, or None if it is no numeric bid.

    >>> bid_amount(Bid(5)), bid_amount(Bid(GAME)), bid_amount(Accept())
    (5, None, None)
    """
    if isinstance(move, Bid) and type(move.stones) is int:
        return move.stones
    return None


def stake_moves(rules: FishingRules, stake: Stake | None, tally: Tally | None) -> MoveList[FishingMove]:
    """The legal moves of the ronda stake (D-RONDA-3), in canonical order: every
    numeric bid above the last (from 2 to one stone short of the target, as one lazy
    range), ``bid game``, ``bid joc`` (several partides only), then ``accept`` and
    ``refuse`` once a bid is on the table.  Empty without a stake.

    >>> from cau_rules.fishing.rules import CAU_RECAU_SANT_VICENT
    >>> moves = stake_moves(CAU_RECAU_SANT_VICENT, Stake(((0, Call.RONDA), (1, Call.RONDA)), (0, 1), (3,)),
    ...                     Tally((5, 2)))
    >>> len(moves), [str(move) for move in moves[:2]], [str(move) for move in moves[-3:]]
    (35, ['bid 4', 'bid 5'], ['bid game', 'accept', 'refuse'])
    >>> Bid(30) in moves, Bid(36) in moves
    (True, False)
    """
    if stake is None or tally is None:
        return MoveList()
    top = rules.target - 1 - max(tally.stones)
    joc = rules.partides_to_win > 1
    last = stake.bids[-1] if stake.bids else 1
    tail: list[FishingMove] = []
    low, high = 2, 1
    if isinstance(last, int):
        low, high = max(2, last + 1), top
        tail.append(Bid(GAME))
    if joc and last != JOC:
        tail.append(Bid(JOC))
    if stake.bids:
        tail += [Accept(), Refuse()]
    return MoveList(AmountRange(Bid, low, high, amount_of=bid_amount), tuple(tail))


def why_illegal(position: Position, move: FishingMove, legal: Sequence[FishingMove]) -> str:
    """Why *move* is not among the *legal* moves of *position*, in words.

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=1)
    >>> why_illegal(state, Play(Card.parse("5o")), state.legal_moves())
    'seat 0 does not hold 5o (holding: 12o 12c 2b)'
    """
    seat = position.to_play
    phase = position.phase
    if isinstance(move, Declare):
        if phase != "declare":
            return "there is no declaration phase now; play a card"
        return f"seat {seat} holds no {move.call.value if move.call else 'pass'} to declare"
    if phase == "declare":
        return "this is the ronda declaration phase: declare or pass"
    if isinstance(move, (Bid, Accept, Refuse)):
        return _why_illegal_stake(position, move)
    if phase == "bid":
        return f"the ronda stake is being bid: seat {seat} bids, raises, accepts or refuses"
    holding = position.holdings[seat]
    if move.card not in holding:
        return f"seat {seat} does not hold {move.card} (holding: {cards_text(holding)})"
    same_card = [m for m in legal if isinstance(m, Play) and m.card is move.card]
    if not same_card:
        playable = sorted({m.card for m in legal if isinstance(m, Play)}, key=lambda card: card.value)
        if position.rules.must_capture:
            return (f"a capture is forced: {move.card} captures nothing, and seat {seat} must capture "
                    f"with {' or '.join(map(str, playable))}")
        return f"{move.card} cannot be played now; playable cards: {cards_text(playable)}"
    runs = sorted({m.run for m in same_card})
    if move.run not in runs:
        if runs == [0]:
            return f"{move.card} can take no run here"
        lengths = ", ".join(map(str, runs))
        return f"a run of {move.run} is not allowed with {move.card}; allowed run lengths: {lengths}"
    piles = [m.piles for m in same_card if m.run == move.run]
    if move.piles not in piles:
        choices = "; ".join(",".join(map(str, p)) or "none" for p in piles)
        return (f"those piles ({','.join(map(str, move.piles)) or 'none'}) cannot be taken by that run; "
                f"the eligible choices are: {choices}")
    calls = [m.calls for m in same_card if m.run == move.run and m.piles == move.piles]
    if move.calls and not position.rules.explicit_calls:
        return "calls are made automatically under these rules; leave them out"
    allowed = sorted({c.value for calls_set in calls for c in calls_set})
    return f"those calls do not apply to this move (it can call: {', '.join(allowed) or 'nothing'})"


def _why_illegal_stake(position: Position, move: Bid | Accept | Refuse) -> str:
    stake, tally, rules = position.stake, position.tally, position.rules
    if position.phase != "bid" or stake is None or tally is None:
        return "no ronda stake is being bid now"
    if isinstance(move, (Accept, Refuse)):
        return "there is no bid to answer yet: the first bidder must open with a bid"
    joc = rules.partides_to_win > 1
    if move.stones == JOC and not joc:
        return ("a bid of joc needs a joc of several partides (partides_to_win > 1); "
                "here one partida is the whole game: bid a number or 'bid game'")
    last = stake.bids[-1] if stake.bids else 1
    if last == JOC:
        return "the joc has been bid: it can only be accepted or refused"
    if last is None:
        if joc:
            return "the game has been bid: raise it to 'bid joc', or accept or refuse it"
        return "the game has been bid: it can only be accepted or refused"
    top = rules.target - 1 - max(tally.stones)
    low = max(2, last + 1)
    more = "'bid game' or 'bid joc'" if joc else "'bid game'"
    if top < low:
        return f"only {more} can raise now (a number would have to be {low} to {top})"
    return f"a bid must be a number from {low} to {top}, or {more}"
