"""The public zones of a *Cacho* hand: the seats in their playing order, the pots, and
the fields every position has.

A Cacho position has no table and no chain: its zones are the counters (each seat's
stack, what it put into the pot this hand and this round), the holdings and the stock.
:class:`Position` names those fields, so the move generator, the engine, the view and the
JSON code read a position without knowing the state class.  The main pot and the side
pots of a showdown (RULES D-CACHO-3, ``resto="side_pots"``) are :class:`Pot` records.

>>> from cau_rules.cacho.zones import pots
>>> pots(contributions=(3, 8, 8), contenders=(0, 1, 2))
(Pot(amount=9, seats=(0, 1, 2)), Pot(amount=10, seats=(1, 2)))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from cau_rules.cacho.events import CachoEvent
from cau_rules.cacho.rules import CachoRules
from cau_rules.cards import Card
from cau_rules.outcome import Termination

__all__ = ["Position", "Pot", "PublicFields", "cycle_after", "pots"]


class PublicFields(Protocol):
    """The fields a Cacho position and a seat's view both carry, read-only (the
    hand, the round, the counters and who is to act; see :class:`Position` for each).
    :class:`Position` and the screens' :class:`~cau_rules.cacho.render.SeatView` extend it.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> fields: PublicFields = new_game(CACHO, 2, seed=1).observe(0)
    >>> fields.stacks
    (20, 20)
    """

    @property
    def hand(self) -> int: ...

    @property
    def redeal(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    @property
    def contributions(self) -> tuple[int, ...]: ...

    @property
    def round_bets(self) -> tuple[int, ...]: ...

    @property
    def dealt_in(self) -> tuple[bool, ...]: ...

    @property
    def folded(self) -> tuple[bool, ...]: ...

    @property
    def to_act(self) -> tuple[bool, ...]: ...

    @property
    def to_play(self) -> int: ...

    @property
    def events(self) -> tuple[CachoEvent, ...]: ...


class Position(PublicFields, Protocol):
    """The fields of a Cacho position, read-only (a :class:`~cau_rules.cacho.state.CachoState`
    has them all).  Tuples have one entry per seat.

    - ``rules``, ``seed``: the rules and the seed every shuffle derives from; ``decks``:
      deck orders supplied for the hands (hand *k* is dealt from ``decks[k]``, later hands
      from the seed).
    - ``hand``: the hand being played, from 0 (void hands count); ``redeal``: void hands in
      a row just before it; ``dealer``: its dealer; ``round``: the betting round, 1 to 3.
    - ``stacks``, ``contributions``, ``round_bets``: counters in front of each seat, put
      into the pot this hand, and put in during this round.
    - ``holdings``, ``stock``: each seat's cards, and the undealt cards (top first).
    - ``dealt_in``, ``folded``, ``to_act``: seats playing this hand, seats that folded,
      seats that must still act in this round.
    - ``to_play``: the seat to move (-1 once the session is over); ``termination``: how
      the session ended (None while it goes on).
    """

    @property
    def rules(self) -> CachoRules: ...

    @property
    def seed(self) -> int: ...

    @property
    def decks(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def holdings(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def stock(self) -> tuple[Card, ...]: ...

    @property
    def termination(self) -> Termination | None: ...


@attrs.frozen
class Pot:
    """A pot won at a showdown: ``amount`` counters, which only ``seats`` (those who put in
    at least its level) can win.  Pot 0 is the main pot; the others are side pots.

    >>> Pot(amount=6, seats=(0, 2)).amount
    6
    """

    amount: int
    seats: tuple[int, ...]


def cycle_after(seat: int, players: int) -> tuple[int, ...]:
    """Every seat once, starting with the one after *seat* (the order of dealing and
    betting when *seat* deals); one shared tuple per seat and player count.

    >>> list(cycle_after(1, 4))
    [2, 3, 0, 1]
    """
    cycle = _CYCLES.get((seat, players))
    if cycle is None:
        cycle = _CYCLES[(seat, players)] = tuple((seat + step) % players for step in range(1, players + 1))
    return cycle


_CYCLES: dict[tuple[int, int], tuple[int, ...]] = {}


def pots(contributions: Sequence[int], contenders: Sequence[int]) -> tuple[Pot, ...]:
    """The main pot and the side pots of a showdown, main pot first.

    Each level of contribution among the *contenders* (the seats still in) closes a pot
    that the seats who reached that level can win; counters of folded seats above the
    last level go to the last pot.

    >>> pots(contributions=(4, 4, 1), contenders=(0, 1))
    (Pot(amount=9, seats=(0, 1)),)
    """
    levels = sorted({contributions[seat] for seat in contenders if contributions[seat] > 0})
    found: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(paid, level) - min(paid, previous) for paid in contributions)
        found.append(Pot(amount, tuple(seat for seat in contenders if contributions[seat] >= level)))
        previous = level
    leftover = sum(paid - min(paid, previous) for paid in contributions)
    if leftover:
        if found:
            found[-1] = Pot(found[-1].amount + leftover, found[-1].seats)
        else:
            found.append(Pot(leftover, tuple(contenders)))
    return tuple(found)
