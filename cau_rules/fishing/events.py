"""Frozen records of what happened during a move of the capture family.

``state.events`` holds the events of the move that produced the state, in the order
they happened; a game's last event is :class:`~cau_rules.outcome.GameEnded`, shared by
every family (re-exported here).  Every event is public except where a field says
otherwise: a seat's view (:meth:`~cau_rules.fishing.state.FishingState.observe`) hides
what that seat may not see.

>>> from cau_rules import new_game
>>> state = new_game("cau", players=2, seed=3)
>>> [type(event).__name__ for event in state.events][:2]
['HandStarted', 'Dealt']
"""

from __future__ import annotations

import attrs

from cau_rules.cards import Card, cards_text
from cau_rules.fishing.moves import Call, StakeValue
from cau_rules.outcome import GameEnded

__all__ = [
    "Called",
    "Captured",
    "ChainExtended",
    "Dealt",
    "DebtIncurred",
    "Declared",
    "FishingEvent",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "LeftoversTaken",
    "Paid",
    "PartidaWon",
    "Scored",
    "Showdown",
    "StakeAnswered",
    "StakeBid",
    "StakeOpened",
    "TableReplaced",
    "Trailed",
]


def _piles_of(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"the pile of seat {seats[0]}"
    return "the piles of seats " + ", ".join(map(str, seats))


@attrs.frozen
class HandStarted:
    """A hand begins: its number (from 0), dealer and eldest hand.

    >>> print(HandStarted(hand=0, dealer=3, eldest=0))
    hand 1: seat 3 deals, seat 0 is eldest
    """

    hand: int
    dealer: int
    eldest: int

    def __str__(self) -> str:
        return f"hand {self.hand + 1}: seat {self.dealer} deals, seat {self.eldest} is eldest"


@attrs.frozen
class TableReplaced:
    """While the table was dealt, ``card`` repeated a rank and went back into the stock.

    >>> print(TableReplaced(Card.parse("1c")))
    1c repeats a rank on the table and goes back into the stock
    """

    card: Card

    def __str__(self) -> str:
        return f"{self.card} repeats a rank on the table and goes back into the stock"


@attrs.frozen
class Dealt:
    """A deal round: the table cards laid (first deal only), cards given to each seat,
    and who opens the round.  The holdings themselves are private.

    >>> print(Dealt(round=0, opener=0, table=(Card.parse("3o"),), counts=(3, 3)))
    deal round 1: table 3o; 3 cards each, seat 0 opens
    """

    round: int
    opener: int
    table: tuple[Card, ...]
    counts: tuple[int, ...]

    def __str__(self) -> str:
        table = f"table {cards_text(self.table)}; " if self.table else ""
        return f"deal round {self.round + 1}: {table}{self.counts[0]} cards each, seat {self.opener} opens"


@attrs.frozen
class Trailed:
    """``seat`` played ``card``, which captured nothing and stays on the table.

    >>> print(Trailed(0, Card.parse("5o")))
    seat 0 trails 5o
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} trails {self.card}"


@attrs.frozen
class ChainExtended:
    """``seat`` played ``card`` onto a chain, which is now ``level`` cards long (a
    ``Captured`` event follows at once when the chain completes; otherwise it stays
    pending in its zone); ``claimed`` are the run cards it claims (shown as claimed)
    and ``claimed_piles`` the seats whose piles it claims.  ``call`` names the level as
    the rules do (:meth:`~cau_rules.fishing.rules.FishingRules.chain_call`): the fourth
    card is a contracau, or Sant Vicent in the Valencian game.

    >>> print(ChainExtended(1, Card.parse("5c"), 2, (Card.parse("6o"),), (), Call.CAU))
    seat 1 plays 5c: cau, claiming 6o
    """

    seat: int
    card: Card
    level: int
    claimed: tuple[Card, ...]
    claimed_piles: tuple[int, ...]
    call: Call

    def __str__(self) -> str:
        call = self.call.value
        claims = []
        if self.claimed:
            claims.append(cards_text(self.claimed))
        if self.claimed_piles:
            claims.append(_piles_of(self.claimed_piles))
        extra = f", claiming {' and '.join(claims)}" if claims else ""
        return f"seat {self.seat} plays {self.card}: {call}{extra}"


@attrs.frozen
class Captured:
    """``seat`` captured: ``cards`` are what went onto its pile, bottom to top (taken
    piles included, the played card last); ``piles`` are the seats whose whole piles were
    taken; ``chain`` is the chain length (0 for a plain capture).

    >>> print(Captured(0, Card.parse("8c"), (Card.parse("9o"), Card.parse("8o"), Card.parse("8c")), (), 0))
    seat 0 captures with 8c: 9o 8o 8c
    """

    seat: int
    card: Card
    cards: tuple[Card, ...]
    piles: tuple[int, ...]
    chain: int

    def __str__(self) -> str:
        piles = f" (with {_piles_of(self.piles)})" if self.piles else ""
        return f"seat {self.seat} captures with {self.card}: {cards_text(self.cards)}{piles}"


@attrs.frozen
class Called:
    """``seat`` made (or was credited with) ``call``.

    >>> print(Called(1, Call.CAU))
    seat 1 calls cau
    """

    seat: int
    call: Call

    def __str__(self) -> str:
        return f"seat {self.seat} calls {self.call.value}"


@attrs.frozen
class Declared:
    """In the declaration phase, ``seat`` declared ``call`` (None: passed).

    >>> print(Declared(2, Call.RONDA))
    seat 2 declares ronda
    """

    seat: int
    call: Call | None

    def __str__(self) -> str:
        return f"seat {self.seat} {'passes' if self.call is None else 'declares ' + self.call.value}"


@attrs.frozen
class Paid:
    """One card moved from the top of ``payer``'s pile to the top of ``receiver``'s,
    for ``reason`` (a call, or None when settling a debt).  ``card`` is None in a view
    where piles are closed.

    >>> print(Paid(0, 1, Card.parse("2c"), Call.CAU))
    seat 0 pays 2c to seat 1 for cau
    """

    payer: int
    receiver: int
    card: Card | None
    reason: Call | None

    def __str__(self) -> str:
        card = "a card" if self.card is None else str(self.card)
        why = "a debt" if self.reason is None else self.reason.value
        return f"seat {self.payer} pays {card} to seat {self.receiver} for {why}"


@attrs.frozen
class DebtIncurred:
    """``debtor`` could not pay ``amount`` cards owed to ``creditor`` for ``reason``.

    >>> print(DebtIncurred(0, 1, 1, Call.NETA))
    seat 0 owes seat 1 1 for neta
    """

    debtor: int
    creditor: int
    amount: int
    reason: Call

    def __str__(self) -> str:
        return f"seat {self.debtor} owes seat {self.creditor} {self.amount} for {self.reason.value}"


@attrs.frozen
class LeftoversTaken:
    """At the end of a hand the table ``cards`` went to ``seat`` (None: to the discard).

    >>> print(LeftoversTaken(1, (Card.parse("4o"),)))
    leftovers 4o go to seat 1
    """

    seat: int | None
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        where = "the discard" if self.seat is None else f"seat {self.seat}"
        return f"leftovers {cards_text(self.cards)} go to {where}"


@attrs.frozen
class HandEnded:
    """A hand ended: each seat's cards, the hand's score per seat, and who won it.

    >>> print(HandEnded(0, (20, 28), (20, 28), (1,)))
    hand 1 ends: cards [20, 28], won by seats [1]
    """

    hand: int
    cards: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return f"hand {self.hand + 1} ends: cards {list(self.cards)}, won by seats {list(self.winners)}"


@attrs.frozen
class Scored:
    """``team`` scored ``stones`` for ``reason`` (Valencian stones: ``"pixat"``,
    ``"bon fer"``, ``"ronda"``, ``"rondi"``, ``"cau"``, ``"recau"``, ``"sant-vicent"``,
    ``"neta"``, ``"stake"``, ``"surplus"``); ``total`` is the team's score after it.

    >>> print(Scored(0, 2, "recau", 7))
    team 0 scores 2 for recau (7)
    """

    team: int
    stones: int
    reason: str
    total: int

    def __str__(self) -> str:
        return f"team {self.team} scores {self.stones} for {self.reason} ({self.total})"


@attrs.frozen
class StakeOpened:
    """Both teams hold a ronda or rondí: ``bidders`` (the eldest holder of each team,
    the first to bid first) bid for one stake instead of scoring them.

    >>> print(StakeOpened((0, 1)))
    both teams hold rondas: seats 0 and 1 bid for the stake
    """

    bidders: tuple[int, int]

    def __str__(self) -> str:
        return f"both teams hold rondas: seats {self.bidders[0]} and {self.bidders[1]} bid for the stake"


@attrs.frozen
class StakeBid:
    """``seat`` bid (or raised to) ``stones`` (None: the game; ``"joc"``: the joc).

    >>> print(StakeBid(0, None)); print(StakeBid(1, "joc"))
    seat 0 bids the game
    seat 1 bids the joc
    """

    seat: int
    stones: StakeValue

    def __str__(self) -> str:
        what = "the game" if self.stones is None else "the joc" if self.stones == "joc" else self.stones
        return f"seat {self.seat} bids {what}"


@attrs.frozen
class StakeAnswered:
    """``seat`` accepted (``accepted``) or refused the bid.

    >>> print(StakeAnswered(1, False))
    seat 1 refuses
    """

    seat: int
    accepted: bool

    def __str__(self) -> str:
        return f"seat {self.seat} {'accepts' if self.accepted else 'refuses'}"


@attrs.frozen
class Showdown:
    """An accepted stake: every ronda holder shows their holding; ``winner`` holds the
    best (rondí over ronda, then the higher rank, then the seat nearer the eldest).

    >>> print(Showdown(((0, (Card.parse("5o"), Card.parse("5c"))),), 0))
    showdown (seat 0: 5o 5c): seat 0 holds the best
    """

    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int

    def __str__(self) -> str:
        hands = "; ".join(f"seat {seat}: {cards_text(cards)}" for seat, cards in self.shown)
        return f"showdown ({hands}): seat {self.winner} holds the best"


@attrs.frozen
class PartidaWon:
    """``team`` won a partida; ``partides`` are each team's partides won so far.
    ``joc``: the team won the whole joc at once with an accepted joc stake (its
    partides are then raised to ``partides_to_win``).

    >>> print(PartidaWon(1, (0, 1)))
    team 1 wins the partida (0-1)
    >>> print(PartidaWon(0, (2, 1), joc=True))
    team 0 wins the partida and the joc (2-1)
    """

    team: int
    partides: tuple[int, ...]
    joc: bool = False

    def __str__(self) -> str:
        what = "the partida and the joc" if self.joc else "the partida"
        return f"team {self.team} wins {what} ({'-'.join(map(str, self.partides))})"


FishingEvent = (
    HandStarted | TableReplaced | Dealt | Trailed | ChainExtended | Captured | Called
    | Declared | Paid | DebtIncurred | LeftoversTaken | HandEnded | GameEnded
    | Scored | StakeOpened | StakeBid | StakeAnswered | Showdown | PartidaWon
)
"""Any event of the capture family."""
