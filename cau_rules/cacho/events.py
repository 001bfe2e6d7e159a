"""Frozen records of what happened during a move of *Cacho*.

``state.events`` holds the events of the move that produced the state, in order.  Every
Cacho event is public: :class:`Dealt` gives card counts only, and cards appear only in
:class:`Showdown`, when they are shown to everyone.  The event of a bet is called
:class:`BetPlaced` so that it does not clash with the move :class:`~cau_rules.cacho.moves.Bet`.
The last event of a session is the :class:`~cau_rules.outcome.GameEnded` every family
shares (re-exported here).

>>> from cau_rules.cacho import CACHO, new_game
>>> state = new_game(CACHO, 3, seed=1)
>>> [str(event) for event in state.events]
['hand 1: seat 2 deals, seat 0 is eldest', 'card 1 dealt: 1 card each to seats 0, 1 and 2']
"""

from __future__ import annotations

from typing import Any

import attrs

from cau_rules.cacho.hands import HandValue
from cau_rules.cacho.texts import TEXTS, value_text
from cau_rules.cards import Card, cards_text
from cau_rules.i18n import COMMON, Lang, Worded, seat_list
from cau_rules.outcome import GameEnded

__all__ = [
    "BetPlaced",
    "CachoEvent",
    "Called",
    "Dealt",
    "Folded",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "HandVoid",
    "Passed",
    "PotWon",
    "Raised",
    "Showdown",
    "event_to_dict",
]


def _seat(seat: int, lang: Lang) -> str:
    return COMMON("seat", lang, seat)


@attrs.frozen(str=False)
class HandStarted(Worded):
    """A hand begins: its number (from 0, void hands included), the dealer, the eldest
    hand, the redeal count (void hands in a row before it) and the seats dealt in.

    >>> str(HandStarted(hand=0, dealer=1, eldest=0, redeal=0, seats=(0, 1)))
    'hand 1: seat 1 deals, seat 0 is eldest'
    """

    hand: int
    dealer: int
    eldest: int
    redeal: int
    seats: tuple[int, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        again = TEXTS("redeal", lang, self.redeal) if self.redeal else ""
        return TEXTS("hand_started", lang, self.hand + 1, again, _seat(self.dealer, lang), _seat(self.eldest, lang))



@attrs.frozen(str=False)
class Dealt(Worded):
    """Card ``card`` (1, 2 or 3) of the hand went face down to each of ``seats``, from the
    eldest hand; the cards themselves are private.

    >>> str(Dealt(card=2, seats=(1, 0)))
    'card 2 dealt: 1 card each to seats 1 and 0'
    """

    card: int
    seats: tuple[int, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("dealt", lang, self.card, seat_list(self.seats, lang))



@attrs.frozen(str=False)
class Passed(Worded):
    """``seat`` passed (or checked) in betting round ``round``.

    >>> str(Passed(seat=0, round=1))
    'seat 0 passes'
    """

    seat: int
    round: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("passes", lang, _seat(self.seat, lang))



@attrs.frozen(str=False)
class BetPlaced(Worded):
    """``seat`` opened the betting of round ``round`` with ``amount`` counters.

    >>> str(BetPlaced(seat=1, round=2, amount=2))
    'seat 1 bets 2'
    """

    seat: int
    round: int
    amount: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("bets", lang, _seat(self.seat, lang), self.amount)



@attrs.frozen(str=False)
class Called(Worded):
    """``seat`` put in ``amount`` counters to match the bet; ``all_in`` when that left it
    without counters.

    >>> str(Called(seat=2, round=3, amount=4, all_in=True))
    'seat 2 calls 4 (all in)'
    """

    seat: int
    round: int
    amount: int
    all_in: bool

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("calls", lang, _seat(self.seat, lang), self.amount) + (TEXTS("all_in", lang) if self.all_in else "")



@attrs.frozen(str=False)
class Raised(Worded):
    """``seat`` raised the round-3 total to ``to``, putting in ``amount`` counters.

    >>> str(Raised(seat=0, round=3, to=5, amount=4))
    'seat 0 raises to 5'
    """

    seat: int
    round: int
    to: int
    amount: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("raises", lang, _seat(self.seat, lang), self.to)



@attrs.frozen(str=False)
class Folded(Worded):
    """``seat`` folded in round ``round``.

    >>> str(Folded(seat=1, round=1))
    'seat 1 folds'
    """

    seat: int
    round: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("folds", lang, _seat(self.seat, lang))



@attrs.frozen(str=False)
class HandVoid(Worded):
    """Everybody passed in round 1: the hand is void, nothing moves, and the same dealer
    deals again (if the session goes on).

    >>> str(HandVoid(hand=0, dealer=2))
    'hand 1 is void: everybody passed'
    """

    hand: int
    dealer: int

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        return TEXTS("void", lang, self.hand + 1)



@attrs.frozen(str=False)
class Showdown(Worded):
    """The active players show their cards: ``hands`` pairs each seat (in eldest order)
    with its cards, ``values`` holds their values in the same order.

    >>> from cau_rules.cacho.hands import evaluate
    >>> from cau_rules.cards import parse_cards
    >>> str(Showdown(hands=((0, parse_cards("1o 2o 3o")),), values=(evaluate("1o 2o 3o"),)))
    'showdown: seat 0 shows 1o 2o 3o, cacho (26)'
    """

    hands: tuple[tuple[int, tuple[Card, ...]], ...]
    values: tuple[HandValue, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        shown = "; ".join(
            TEXTS("shows", lang, _seat(seat, lang), cards_text(cards), value_text(value, lang))
            for (seat, cards), value in zip(self.hands, self.values, strict=True)
        )
        return TEXTS("showdown", lang, shown)



@attrs.frozen(str=False)
class PotWon(Worded):
    """``seat`` took pot number ``pot`` (0 the main pot, then side pots) of ``amount``
    counters; ``shown`` is false when everybody else folded and no card was shown.

    >>> str(PotWon(seat=1, pot=0, amount=6, shown=False))
    'seat 1 takes the pot of 6 without showing'
    """

    seat: int
    pot: int
    amount: int
    shown: bool

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        which = TEXTS("the_pot", lang) if self.pot == 0 else TEXTS("side_pot", lang, self.pot)
        return TEXTS("takes", lang, _seat(self.seat, lang), which, self.amount, "" if self.shown else TEXTS("unshown", lang))



@attrs.frozen(str=False)
class HandEnded(Worded):
    """Hand ``hand`` ended; ``stacks`` are the counters each seat holds now.

    >>> str(HandEnded(hand=0, stacks=(23, 17)))
    'hand 1 ends: counters seat 0: 23, seat 1: 17'
    """

    hand: int
    stacks: tuple[int, ...]

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*."""
        stacks = ", ".join(COMMON("score_of", lang, _seat(seat, lang), stack) for seat, stack in enumerate(self.stacks))
        return TEXTS("hand_ended", lang, self.hand + 1, stacks)



CachoEvent = (
    HandStarted | Dealt | Passed | BetPlaced | Called | Raised | Folded | HandVoid | Showdown
    | PotWon | HandEnded | GameEnded
)
"""Any Cacho event."""


def event_to_dict(event: CachoEvent) -> dict[str, Any]:
    """An event as JSON-ready data: its type name under ``"event"`` and its fields.

    >>> event_to_dict(Folded(seat=1, round=2))
    {'event': 'Folded', 'seat': 1, 'round': 2}
    >>> from cau_rules.outcome import Outcome, Termination
    >>> event_to_dict(GameEnded(Outcome((0,), (23, 17), Termination.MAX_HANDS, hands_played=1)))["outcome"]["termination"]
    'MAX_HANDS'
    """
    data: dict[str, Any] = {"event": type(event).__name__}
    if isinstance(event, GameEnded):
        data["outcome"] = event.outcome.to_dict()
        return data
    if isinstance(event, Showdown):
        data["hands"] = [[seat, [card.code for card in cards]] for seat, cards in event.hands]
        data["values"] = [value.to_dict() for value in event.values]
        return data
    for name, value in attrs.asdict(event, recurse=False).items():
        data[name] = list(value) if isinstance(value, tuple) else value
    return data
