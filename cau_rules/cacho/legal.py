"""Legal moves of *Cacho* and the reasons a move is illegal (RULES D-CACHO-2, D-CACHO-3).

Every function reads a :class:`~cau_rules.cacho.zones.Position` (a state, or anything
with its fields).  :func:`legal_moves` lists every legal move, each bet and raise amount
included, as a lazy :class:`~cau_rules.moveseq.MoveList`: ``pass`` then the bets while
nobody has bet, else ``fold``, ``call`` and the raises.  :func:`bet_range` and
:func:`raise_range` give the amounts as ranges, and :func:`refusal` says why a move is
illegal.

>>> from cau_rules.cacho import CACHO, CachoState
>>> from cau_rules.cacho.legal import legal_moves, legal_text
>>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o 2o 3o", "4o 5o 6o"),
...                                  contributions=(3, 1), round_bets=(2, 0), to_play=1)
>>> [str(move) for move in legal_moves(state)], legal_text(state)
(['fold', 'call', 'raise 3', 'raise 4'], 'fold, call, raise 3 to 4')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from cau_rules.cacho.moves import MOVE_TYPES, Bet, CachoMove, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.zones import Position, cycle_after
from cau_rules.moveseq import AmountRange, MoveList

__all__ = [
    "allows",
    "bet_amount",
    "bet_range",
    "bettors",
    "can_call",
    "current_bet",
    "eldest_order",
    "is_active",
    "legal_moves",
    "legal_text",
    "may_act",
    "plural",
    "raise_range",
    "raise_total",
    "refusal",
    "resto_limit",
    "round_3_skipped",
    "seat_refusal",
]

_UNOPENED: tuple[CachoMove, ...] = (Pass(),)
_FOLD: tuple[CachoMove, ...] = (Fold(),)
_FOLD_CALL: tuple[CachoMove, ...] = (Fold(), Call())


def plural(count: int, word: str = "counter") -> str:
    """*count* and *word*, with an ``s`` unless the count is 1.

    >>> plural(1), plural(3, "hand")
    ('1 counter', '3 hands')
    """
    return f"{count} {word}" + ("" if count == 1 else "s")


def bet_amount(move: object) -> int | None:
    """The amount of a :class:`~cau_rules.cacho.moves.Bet`, None for any other object.

    >>> bet_amount(Bet(3)), bet_amount(Raise(3))
    (3, None)
    """
    return move.amount if type(move) is Bet else None


def raise_total(move: object) -> int | None:
    """The round total of a :class:`~cau_rules.cacho.moves.Raise`, None for any other object.

    >>> raise_total(Raise(5)), raise_total("raise 5")
    (5, None)
    """
    return move.to if type(move) is Raise else None


# -- seats -------------------------------------------------------------------------------


def is_active(position: Position, seat: int) -> bool:
    """Whether *seat* is dealt in and has not folded."""
    return position.dealt_in[seat] and not position.folded[seat]


def may_act(position: Position, seat: int) -> bool:
    """Whether an active *seat* takes part in this round's betting (round 3: only with
    counters left); :func:`bettors` answers for every seat at once."""
    return is_active(position, seat) and (position.round < 3 or position.stacks[seat] > 0)


def bettors(dealt_in: Sequence[bool], folded: Sequence[bool], stacks: Sequence[int], rnd: int,
            besides: int = -1) -> list[bool]:
    """:func:`may_act` for every seat, from the zones themselves (the engine's lists, or a
    move's new stacks): dealt in, not folded, and in round 3 with counters left; *besides*
    (the seat that just bet) aside.

    >>> bettors((True, True, True), (False, True, False), (5, 5, 0), 3)
    [True, False, False]
    """
    short = rnd == 3
    return [seat != besides and dealt_in[seat] and not folded[seat] and (not short or stacks[seat] > 0)
            for seat in range(len(stacks))]


def round_3_skipped(rules: CachoRules, stacks: Sequence[int], active: Iterable[int], to_act: Sequence[bool]) -> bool:
    """Whether round 3 has no betting and the hand goes straight to the showdown: fewer
    than two players may bet (*to_act*, from :func:`bettors`), or under ``cap_at_smallest``
    an *active* player has no counters left.

    >>> from cau_rules.cacho import CACHO
    >>> round_3_skipped(CACHO, (4, 0, 6), (0, 1, 2), [True, False, True])
    True
    >>> round_3_skipped(CACHO.replace(resto="side_pots"), (4, 0, 6), (0, 1, 2), [True, False, True])
    False
    """
    return sum(to_act) < 2 or (rules.resto == "cap_at_smallest" and min(stacks[seat] for seat in active) == 0)


def eldest_order(position: Position) -> tuple[int, ...]:
    """The seats dealt in, from the eldest hand (the seat after the dealer) round to the
    dealer: the order of dealing, of betting and of ties."""
    dealt_in = position.dealt_in
    return tuple(seat for seat in cycle_after(position.dealer, len(dealt_in)) if dealt_in[seat])


# -- amounts -----------------------------------------------------------------------------


def current_bet(position: Position) -> int:
    """The highest round total of this round (0 while nobody has bet)."""
    return max(position.round_bets, default=0)


def resto_limit(position: Position, seat: int | None = None) -> int:
    """The highest round-3 total *seat* (default: the seat to play) may reach.

    Under ``cap_at_smallest``: the smallest of the active players' round-3 stakes (stack
    plus this round's bets), the same for everybody.  Under ``side_pots``: the seat's own
    stake, but no more than another active player could match.
    """
    seat = position.to_play if seat is None else seat
    stacks, bets = position.stacks, position.round_bets
    if not 0 <= seat < len(stacks):
        return 0
    stakes = [stack + bet for stack, bet, dealt, out in zip(stacks, bets, position.dealt_in, position.folded, strict=False)
              if dealt and not out]
    if not stakes:
        return 0
    if position.rules.resto == "cap_at_smallest":
        return min(stakes)
    own = stacks[seat] + bets[seat]
    if is_active(position, seat):
        stakes.remove(own)  # one active stake is the seat's own (equal stakes are interchangeable)
    return min(own, max(stakes, default=0))


def bet_range(position: Position) -> tuple[int, int] | None:
    """The smallest and largest ``Bet`` the seat to play may make, or None.

    Rounds 1 and 2: the fixed bet, if nobody has bet and the seat can cover it.  Round 3:
    1 up to the resto limit, if nobody has bet.
    """
    if position.termination is not None or current_bet(position):
        return None
    seat = position.to_play
    if position.round < 3:
        fixed = position.rules.bets[position.round - 1]
        return (fixed, fixed) if position.stacks[seat] >= fixed else None
    limit = resto_limit(position, seat)
    return (1, limit) if limit >= 1 else None


def raise_range(position: Position) -> tuple[int, int] | None:
    """The smallest and largest round total a ``Raise`` may reach, or None (always None in
    rounds 1 and 2, which have no raises)."""
    bet = current_bet(position)
    if position.termination is not None or position.round < 3 or not bet:
        return None
    low, high = bet + 1, resto_limit(position, position.to_play)
    return (low, high) if high >= low else None


def can_call(position: Position) -> bool:
    """Whether the seat to play faces a bet it may call (in rounds 1 and 2 it must cover
    the fixed bet; in round 3 a short player calls all in)."""
    bet = current_bet(position)
    if position.termination is not None or not bet:
        return False
    if position.round < 3:
        seat = position.to_play
        return position.stacks[seat] >= bet - position.round_bets[seat]
    return True


# -- the moves ---------------------------------------------------------------------------


def legal_moves(position: Position) -> MoveList[CachoMove]:
    """Every legal move in canonical order, every amount included: ``Pass`` then each
    ``Bet`` while nobody has bet, else ``Fold``, ``Call`` and each ``Raise``.

    The lists are immutable and shared: positions with the same choices get the same
    list object."""
    if position.termination is not None:
        return _NO_MOVES
    round_bets = position.round_bets
    bet = max(round_bets, default=0)
    rnd = position.round
    if rnd < 3:  # the fixed bets of rounds 1 and 2, no raises
        seat = position.to_play
        if bet:
            return _FOLD_CALL_ONLY if position.stacks[seat] >= bet - round_bets[seat] else _FOLD_ONLY
        fixed = position.rules.bets[rnd - 1]
        return _PASS_ONLY if position.stacks[seat] < fixed else _fixed_bet(fixed)
    if not bet:
        bets = bet_range(position)
        return _PASS_ONLY if bets is None else _betting(*bets)
    raises = raise_range(position)
    return _FOLD_CALL_ONLY if raises is None else _raising(True, *raises)


_NO_MOVES: MoveList[CachoMove] = MoveList()
_PASS_ONLY: MoveList[CachoMove] = MoveList(_UNOPENED)
_FOLD_ONLY: MoveList[CachoMove] = MoveList(_FOLD)
_FOLD_CALL_ONLY: MoveList[CachoMove] = MoveList(_FOLD_CALL)


_bet = functools.lru_cache(maxsize=4096)(Bet)
"""The shared ``Bet(amount)`` (moves are immutable values: one object per amount)."""
_raise = functools.lru_cache(maxsize=4096)(Raise)
"""The shared ``Raise(to)``."""


@functools.lru_cache(maxsize=64)
def _fixed_bet(amount: int) -> MoveList[CachoMove]:
    """``pass`` and the one fixed bet of rounds 1 and 2, as a plain tuple (no range to read)."""
    return MoveList((*_UNOPENED, _bet(amount)))


@functools.lru_cache(maxsize=1024)
def _betting(low: int, high: int) -> MoveList[CachoMove]:
    return MoveList(_UNOPENED, AmountRange(_bet, low, high, amount_of=bet_amount))


@functools.lru_cache(maxsize=1024)
def _raising(calls: bool, low: int, high: int) -> MoveList[CachoMove]:
    return MoveList(_FOLD_CALL if calls else _FOLD, AmountRange(_raise, low, high, amount_of=raise_total))


def _range_text(word: str, amounts: tuple[int, int]) -> str:
    low, high = amounts
    return f"{word} {low}" if low == high else f"{word} {low} to {high}"


def legal_text(position: Position) -> str:
    """The legal moves in words, amounts as ranges (``'pass, bet 1 to 4'``)."""
    if position.termination is not None:
        return "nothing (the session is over)"
    parts: list[str] = []
    if not current_bet(position):
        parts.append("pass")
        bets = bet_range(position)
        if bets is not None:
            parts.append(_range_text("bet", bets))
    else:
        parts.append("fold")
        if can_call(position):
            parts.append("call")
        raises = raise_range(position)
        if raises is not None:
            parts.append(_range_text("raise", raises))
    return ", ".join(parts)


def _resto_reason(position: Position, seat: int) -> str:
    limit = resto_limit(position, seat)
    if position.rules.resto == "cap_at_smallest":
        return (f"the resto caps round-3 totals at {limit}, the smallest stake among the players "
                "still active")
    return (f"seat {seat} can reach at most {limit}: its own counters, and no more than another "
            "player can match")


def allows(position: Position, move: CachoMove) -> bool:
    """Whether *move* is legal for the seat to play of a session that is not over (what
    :func:`refusal` finds, without its words).

    >>> from cau_rules.cacho import CACHO, CachoState
    >>> state = CachoState.from_position(CACHO.replace(stack=5), 2, holdings=("1o", "2o"))
    >>> allows(state, Pass()), allows(state, Call()), allows(state, Bet(2))
    (True, False, False)
    """
    kind = type(move)
    bet = max(position.round_bets)
    if kind is Pass:
        return not bet
    if kind is Fold:
        return bet > 0
    if kind is Call:
        return bet > 0 and (position.round == 3 or position.stacks[position.to_play]
                            >= bet - position.round_bets[position.to_play])
    rnd = position.round
    if type(move) is Bet:
        if bet:
            return False
        if rnd < 3:
            return move.amount == position.rules.bets[rnd - 1] <= position.stacks[position.to_play]
        return 1 <= move.amount <= resto_limit(position)
    if type(move) is Raise:
        return rnd == 3 and bet > 0 and bet < move.to <= resto_limit(position)
    return refusal(position, move) is None


def refusal(position: Position, move: object) -> str | None:
    """Why *move* is illegal for the seat to play, ending with the legal moves; None if it
    is legal."""
    if position.termination is not None:
        return f"the session is over ({position.termination.value}): no more moves"
    if not isinstance(move, MOVE_TYPES):
        return f"not a Cacho move: {move!r}; legal: {legal_text(position)}"
    seat, bet, rnd = position.to_play, current_bet(position), position.round
    stack = position.stacks[seat]
    why: str | None = None
    if isinstance(move, Pass):
        if bet:
            why = (f"seat {seat} cannot pass: there is a bet of {bet} in round {rnd} "
                   "to call or fold against")
    elif isinstance(move, Fold):
        if not bet:
            why = f"nothing to fold against: nobody has bet in round {rnd}, so seat {seat} may pass"
    elif isinstance(move, Call):
        if not bet:
            why = f"nothing to call: nobody has bet in round {rnd}"
        elif not can_call(position):
            why = (f"seat {seat} has {plural(stack)} and cannot cover the fixed bet of "
                   f"{bet} in round {rnd}: it must fold")
    elif isinstance(move, Bet):
        why = _bet_refusal(position, move, seat, bet, rnd)
    elif isinstance(move, Raise):
        if rnd < 3:
            why = f"no raises in round {rnd}: the bets of rounds 1 and 2 are fixed"
        elif not bet:
            why = "nothing to raise: nobody has bet in round 3 yet; open with a bet"
        else:
            raises = raise_range(position)
            if raises is None:
                why = (f"no raise is possible: the bet of {bet} already reaches the limit "
                       f"({_resto_reason(position, seat)})")
            elif not raises[0] <= move.to <= raises[1]:
                why = (f"a raise in round 3 takes the round total to {raises[0]} to {raises[1]}, "
                       f"not {move.to} ({_resto_reason(position, seat)})")
    if why is None:
        return None
    return f"{why}; legal: {legal_text(position)}"


def _bet_refusal(position: Position, move: Bet, seat: int, bet: int, rnd: int) -> str | None:
    if bet:
        return f"there is already a bet of {bet} in round {rnd}: a bet only opens a round"
    stack = position.stacks[seat]
    if rnd < 3:
        fixed = position.rules.bets[rnd - 1]
        if move.amount != fixed:
            return f"the bet of round {rnd} is fixed at {plural(fixed)}, not {move.amount}"
        if stack < fixed:
            return (f"seat {seat} has {plural(stack)} and cannot cover the fixed bet "
                    f"of {fixed} in round {rnd}")
        return None
    bets = bet_range(position)
    if bets is None:
        return f"no bet is possible: {_resto_reason(position, seat)}"
    if not bets[0] <= move.amount <= bets[1]:
        return (f"a bet in round 3 is {bets[0]} to {bets[1]} counters, not {move.amount} "
                f"({_resto_reason(position, seat)})")
    return None


def seat_refusal(position: Position, seat: object) -> str | None:
    """Why *seat* may not move now (it is not a seat, is out, has folded or it is not its
    turn), or None."""
    players = len(position.stacks)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        return f"there is no seat {seat!r}: seats are 0 to {players - 1}"
    if not position.dealt_in[seat]:
        return f"seat {seat} is out of the session: it had no counters when the hand began"
    if position.folded[seat]:
        return f"seat {seat} has folded and takes no further part in this hand"
    if seat != position.to_play:
        return f"it is seat {position.to_play}'s turn, not seat {seat}'s"
    return None
