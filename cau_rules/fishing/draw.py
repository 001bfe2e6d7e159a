"""The optional draw for seats and the first dealer (English rule book; decision D-DEAL-5).

Before the first hand every player draws one card from a shuffled deck.  Players whose
card shares its rank with another player's card put it aside and draw again; only they
redraw, until every player holds a card of a rank nobody else holds.  A player whose
card is already of a rank of their own keeps it: when a redrawn card matches it, only
the redrawer draws again (the redrawn card is the duplicate).  The
highest card (Rei high: the deck's rank order, so the Sota, Cavall and Rei outrank the
7) deals the first hand, and the players take their seats from the highest card down.

Players are numbered ``0 .. players - 1`` (the order in which they draw in every round);
seats are numbered in playing order as everywhere in the library: seat 0 is the eldest
hand of the first hand and the last seat is its dealer.

Reading taken for the seats (the English rule book lets players "choose" from highest down):
the highest drawer takes the dealer's seat, the last one; the next highest sits to the
dealer's right, which is seat 0 (the eldest hand, who plays first); the next takes
seat 1, and so on round the table in playing order.  So ``seating`` lists the players
from the second highest to the lowest, then the highest.

All randomness comes from *seed*: round *r* of the draw shuffles the cards still
available with ``random.Random(f"{seed}:draw:{r}")`` (string seeding, never ``hash()``).
The cards put aside stay out of the draw; if so many were put aside that too few cards
remain for the players who must redraw, every card not held by a player who is not
redrawing is gathered back first.

>>> from cau_rules.fishing.draw import draw_for_seats
>>> result = draw_for_seats(4, seed=3)
>>> result == draw_for_seats(4, seed=3)
True
>>> sorted(result.seating)
[0, 1, 2, 3]
>>> result.seating[-1] == result.first_dealer == result.order[0]
True
>>> ranks = [card.rank for card in result.final_cards]
>>> len(set(ranks))
4
"""

from __future__ import annotations

import random

import attrs

from cau_rules.cards import SPANISH_40, Card, Deck
from cau_rules.errors import InvalidRulesError

__all__ = ["DrawnCard", "SeatDraw", "draw_for_seats"]

MIN_PLAYERS = 2
"""The fewest players a draw for seats is made for."""


@attrs.frozen
class DrawnCard:
    """One card drawn in the draw for seats: ``player`` drew ``card``.

    >>> from cau_rules.cards import Card
    >>> str(DrawnCard(2, Card.parse("12o")))
    'player 2 draws 12o'
    """

    player: int
    card: Card

    def __str__(self) -> str:
        return f"player {self.player} draws {self.card}"


@attrs.frozen
class SeatDraw:
    """The result of :func:`draw_for_seats`.

    - ``players``: how many players drew.
    - ``deck``: the deck drawn from (its rank order decides who is highest).
    - ``rounds``: the draws of each round, in drawing order: round 0 has one card per
      player; each later round has one card per player who had to redraw.
    - ``seating``: ``seating[seat]`` is the player sitting at that seat (seat 0 is the
      eldest hand of the first hand; the last seat is its dealer).

    >>> result = draw_for_seats(3, seed=11)
    >>> [result.seat_of(player) for player in result.seating]
    [0, 1, 2]
    >>> result.dealer_seat
    2
    """

    players: int
    deck: Deck
    rounds: tuple[tuple[DrawnCard, ...], ...]
    seating: tuple[int, ...]

    @property
    def final_cards(self) -> tuple[Card, ...]:
        """Each player's last drawn card, by player: all of distinct ranks."""
        last: dict[int, Card] = {}
        for drawn in self.rounds:
            for record in drawn:
                last[record.player] = record.card
        return tuple(last[player] for player in range(self.players))

    @property
    def order(self) -> tuple[int, ...]:
        """The players from the highest final card to the lowest (the order of choosing)."""
        return (self.seating[-1], *self.seating[:-1])

    @property
    def first_dealer(self) -> int:
        """The player who drew the highest card: the dealer of the first hand."""
        return self.seating[-1]

    @property
    def dealer_seat(self) -> int:
        """The first dealer's seat: the last one (the seat before the eldest hand, 0)."""
        return self.players - 1

    def seat_of(self, player: int) -> int:
        """The seat *player* sits at.

        >>> draw_for_seats(2, seed=0).seat_of(5)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: player must be from 0 to 1, not 5
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise InvalidRulesError(f"player must be from 0 to {self.players - 1}, not {player!r}")
        return self.seating.index(player)


def draw_for_seats(players: int, seed: int = 0, deck: Deck = SPANISH_40) -> SeatDraw:
    """Draw for seats and the first dealer (see the module documentation).

    *players* must be from 2 to the number of ranks in *deck* (each player ends with a
    rank of their own).  Raises :class:`~cau_rules.errors.InvalidRulesError` otherwise,
    or for a seed that is not a whole number or a deck that is not a
    :class:`~cau_rules.cards.Deck`.

    >>> result = draw_for_seats(5, seed=1)
    >>> len(result.rounds[0]), result.seating[-1] == result.first_dealer
    (5, True)
    >>> draw_for_seats(1)
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: the draw for seats is made by 2 to 10 players with the spanish-40 deck, not 1
    """
    if not isinstance(deck, Deck):
        raise InvalidRulesError(f"deck must be a Deck, not {deck!r}")
    most = len(deck.ranks)
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= most:
        raise InvalidRulesError(
            f"the draw for seats is made by {MIN_PLAYERS} to {most} players with the "
            f"{deck.name} deck, not {players!r}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidRulesError(f"the seed must be a whole number, not {seed!r}")
    height = {rank: index for index, rank in enumerate(deck.ranks)}
    current: dict[int, Card] = {}
    used: set[Card] = set()
    rounds: list[tuple[DrawnCard, ...]] = []
    drawing = list(range(players))
    round_number = 0
    while drawing:
        available = [card for card in deck.cards if card not in used]
        if len(available) < len(drawing):
            kept = {card for player, card in current.items() if player not in drawing}
            available = [card for card in deck.cards if card not in kept]
            used = set(kept)
        random.Random(f"{seed}:draw:{round_number}").shuffle(available)
        records = tuple(DrawnCard(player, available[step]) for step, player in enumerate(drawing))
        for record in records:
            current[record.player] = record.card
            used.add(record.card)
        rounds.append(records)
        counts: dict[int, int] = {}
        for card in current.values():
            counts[card.rank] = counts.get(card.rank, 0) + 1
        drawing = [player for player in drawing if counts[current[player].rank] > 1]
        round_number += 1
    order = sorted(range(players), key=lambda player: -height[current[player].rank])
    seating = (*order[1:], order[0])
    return SeatDraw(players, deck, tuple(rounds), seating)
