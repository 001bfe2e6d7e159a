"""The text screens of *Cacho*: one seat's view, the whole state, and the move menu.

:func:`render_text` is what the command line shows a player: the hand and round, the
seat's cards, a line per seat (cards, stack, what it put in, folded or out, the dealer,
who is to act), the pot (and side pots), the amount to call, the last move's events and
the legal moves as a menu with amount ranges (:func:`move_menu`).  Hands are numbered
from 1, as the events number them.  :func:`render_position` shows a whole state with
every card face up.  :class:`Table` is what both screens and the pictures of
:mod:`cau_rules.cacho.picture` draw: the public facts and, per seat, the cards to show.

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.render import render_text
>>> print(render_text(new_game(CACHO, 2, seed=1).apply("bet 1").observe(1)))
=== cacho · hand 1 · round 1 · seat 1 (you) to play ===
Your cards:  5o
  seat 0               1 card   stack 19  in pot 1  this round 1
  seat 1 (you) dealer  1 card   stack 20  in pot 0  this round 0  to act
Pot:         1
To call:     1 (seat 1)
Stock:       22 cards
Events:      seat 0 bets 1
Moves:       fold | call
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from cau_rules.cacho.engine import outcome_of
from cau_rules.cacho.events import CachoEvent, HandStarted, PotWon, Showdown
from cau_rules.cacho.moves import Bet, CachoMove, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.texts import TEXTS
from cau_rules.cacho.zones import Position, Pot, PublicFields
from cau_rules.cards import Card, cards_text
from cau_rules.game import GameView
from cau_rules.i18n import COMMON, Lang, check_lang, event_text
from cau_rules.outcome import Outcome

__all__ = ["SeatView", "Table", "move_menu", "render_position", "render_text", "table_of_position",
           "table_of_view"]


class SeatView(PublicFields, GameView, Protocol):
    """The fields of a seat's view that the screens and pictures read (a
    :class:`~cau_rules.cacho.view.CachoView` has them all)."""

    @property
    def rules(self) -> CachoRules: ...

    @property
    def stock_size(self) -> int: ...

    @property
    def legal_moves(self) -> Sequence[CachoMove]: ...


@attrs.frozen(kw_only=True)
class Table:
    """What a screen or a picture shows of a position.

    Attributes:
        rules: the rules played.
        viewer: the seat whose view it is, or None for the whole state.
        hand: the hand, from 0 (screens number it from 1).
        redeal: void hands in a row before it.
        dealer: the dealer's seat.
        round: the betting round.
        to_play: the seat to play (meaningless once over).
        over: whether the session is over.
        outcome: the result once over.
        cards: per seat, the cards to show: a card face up, None for a card face down.
        shown: per seat, whether its cards are face up because a showdown showed them.
        stock: the stock: its cards face up (whole state) or None for each hidden card.
        stacks: the counters in front of each seat.
        contributions: what each seat put into the pot this hand.
        round_bets: what each seat put in during this round.
        dealt_in: the seats playing this hand.
        folded: the seats that folded.
        to_act: the seats still to act in this round.
        moves: the legal moves of the viewer (or of the seat to play, whole state).
        events: the events of the last move.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> table = table_of_view(new_game(CACHO, 2, seed=1).observe(0))
    >>> table.cards, table.pot, table.to_call
    (((<Card.E2: 25>,), (None,)), 0, 0)
    """

    rules: CachoRules
    viewer: int | None
    hand: int
    redeal: int
    dealer: int
    round: int
    to_play: int
    over: bool
    outcome: Outcome | None
    cards: tuple[tuple[Card | None, ...], ...]
    shown: tuple[bool, ...]
    stock: tuple[Card | None, ...]
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    round_bets: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    folded: tuple[bool, ...]
    to_act: tuple[bool, ...]
    moves: Sequence[CachoMove]
    events: tuple[CachoEvent, ...]

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """The counters in the pot, all pots together."""
        return sum(self.contributions)

    def pots(self) -> tuple[Pot, ...]:
        """The main pot and the side pots as they stand: one pot, unless an active seat is
        all in (no counters left) for less than others put in, which closes a pot at its
        level (under ``side_pots``).

        >>> from cau_rules.cacho import CACHO, new_game
        >>> table_of_view(new_game(CACHO, 2, seed=1).apply("bet 1").observe(0)).pots()
        (Pot(amount=1, seats=(0, 1)),)
        """
        active = [seat for seat in range(self.players) if self.dealt_in[seat] and not self.folded[seat]]
        paid = self.contributions
        top = max(paid, default=0)
        levels = sorted({paid[seat] for seat in active if self.stacks[seat] == 0 and paid[seat] < top} | {top})
        found: list[Pot] = []
        previous = 0
        for level in levels:
            amount = sum(min(put, level) - min(put, previous) for put in paid)
            seats = tuple(seat for seat in active if paid[seat] >= level or self.stacks[seat] > 0)
            if amount:
                found.append(Pot(amount, seats))
            previous = level
        return tuple(found) or (Pot(0, tuple(active)),)

    @property
    def to_call(self) -> int:
        """What the seat to play must put in to call (0 if nobody has bet or the session
        is over; a short stack under ``side_pots`` calls all in for less)."""
        if self.over or not 0 <= self.to_play < self.players:
            return 0
        owed = max(self.round_bets) - self.round_bets[self.to_play]
        return min(owed, self.stacks[self.to_play])

    def winning_cards(self) -> frozenset[Card]:
        """The cards of the hands that won a pot at a showdown in the last move."""
        winners = {event.seat for event in self.events if isinstance(event, PotWon) and event.shown}
        cards: set[Card] = set()
        for event in self.events:
            if isinstance(event, Showdown):
                for seat, held in event.hands:
                    if seat in winners:
                        cards.update(held)
        return frozenset(cards)


def _shown_hands(events: Sequence[CachoEvent]) -> dict[int, tuple[Card, ...]]:
    """The hands shown at a showdown of the last move, if no new hand was dealt after it."""
    shown: dict[int, tuple[Card, ...]] = {}
    for event in events:
        if isinstance(event, Showdown):
            shown = dict(event.hands)
        elif isinstance(event, HandStarted):
            shown = {}
    return shown


def table_of_view(view: SeatView) -> Table:
    """The table *view*'s seat sees: its own cards face up, the others face down except
    those a showdown of the last move showed (while no new hand has been dealt).

    Raises:
        TypeError: *view* lacks a view's fields.
    """
    shown = _shown_hands(view.events)
    cards: list[tuple[Card | None, ...]] = []
    for seat, size in enumerate(view.holding_sizes):
        if seat == view.seat:
            cards.append(view.holding)
        elif seat in shown:
            cards.append(shown[seat])
        else:
            cards.append((None,) * size)
    return Table(
        rules=view.rules, viewer=view.seat, hand=view.hand, redeal=view.redeal, dealer=view.dealer,
        round=view.round, to_play=view.to_play, over=view.is_over, outcome=view.outcome,
        cards=tuple(cards), shown=tuple(seat in shown for seat in range(len(view.holding_sizes))),
        stock=(None,) * view.stock_size, stacks=view.stacks, contributions=view.contributions,
        round_bets=view.round_bets, dealt_in=view.dealt_in, folded=view.folded, to_act=view.to_act,
        moves=view.legal_moves, events=view.events,
    )


def table_of_position(position: Position, moves: Sequence[CachoMove] = ()) -> Table:
    """The whole *position*, every card face up (*moves*: the legal moves to list)."""
    shown = _shown_hands(position.events)
    over = position.termination is not None
    return Table(
        rules=position.rules, viewer=None, hand=position.hand, redeal=position.redeal, dealer=position.dealer,
        round=position.round, to_play=position.to_play, over=over,
        outcome=outcome_of(position),
        cards=tuple(position.holdings), shown=tuple(seat in shown for seat in range(len(position.stacks))),
        stock=tuple(position.stock), stacks=position.stacks, contributions=position.contributions,
        round_bets=position.round_bets, dealt_in=position.dealt_in, folded=position.folded,
        to_act=position.to_act, moves=moves, events=position.events,
    )


# -- the move menu -----------------------------------------------------------------------


def _amount(move: object) -> tuple[str, int] | None:
    if type(move) is Bet:
        return ("bet", move.amount)
    if type(move) is Raise:
        return ("raise", move.to)
    return None


def move_menu(moves: Sequence[object], lang: Lang = "en") -> list[str]:
    """The legal moves as menu entries, runs of amounts grouped into ranges.

    Works in time independent of the width of the ranges: a lazy move list of every bet
    from 1 to a billion gives one entry at once.

    Args:
        moves: the legal moves in canonical order (amount moves of a kind in a row).

    Returns:
        One entry per move without an amount, one per run of amounts (``"bet 1-17"``,
        ``"raise 5"``).

    >>> from cau_rules.cacho import CACHO, new_game
    >>> move_menu(new_game(CACHO, 2, seed=1).legal_moves())
    ['pass', 'bet 1']
    >>> move_menu([Bet(1), Bet(2), Bet(3), Bet(5)]), move_menu([Bet(1), Bet(2)], "es")
    (['bet 1-3', 'bet 5'], ['apuesta 1-2'])
    """
    lang = check_lang(lang)
    entries: list[str] = []
    index, size = 0, len(moves)
    while index < size:
        move = moves[index]
        amount = _amount(move)
        if amount is None:
            word = str(move)
            entries.append(TEXTS(f"menu_{word}", lang) if f"menu_{word}" in TEXTS.entries else word)
            index += 1
            continue
        word, low = amount
        # Find the end of the run by bisection: canonical order keeps a run's amounts
        # consecutive, so a move whose amount is low + k sits at index + k.
        good, bad = 0, size - index
        while bad - good > 1:
            middle = (good + bad) // 2
            if _amount(moves[index + middle]) == (word, low + middle):
                good = middle
            else:
                bad = middle
        entries.append(TEXTS(f"menu_{word}", lang, low if good == 0 else f"{low}-{low + good}"))
        index += good + 1
    return entries


# -- the screens -------------------------------------------------------------------------


def _seat_lines(table: Table, lang: Lang) -> list[str]:
    names = []
    for seat in range(table.players):
        name = COMMON("seat", lang, seat) + (TEXTS("you", lang) if seat == table.viewer else "")
        names.append(name + (TEXTS("dealer", lang) if seat == table.dealer else ""))
    width = max(len(name) for name in names)
    lines = []
    for seat, name in enumerate(names):
        held = table.cards[seat]
        if table.viewer is None or (table.shown[seat] and seat != table.viewer):
            cards = cards_text(card for card in held if card is not None) or TEXTS("no_cards", lang)
        else:
            cards = COMMON.count("cards", len(held), lang)
        stack = TEXTS("stack", lang, f"{table.stacks[seat]:<3}")
        line = f"  {name:<{width}}  {cards:<9}{stack} {TEXTS('in_pot', lang, f'{table.contributions[seat]:<2}')}"
        if not table.over:
            line += TEXTS("this_round", lang, table.round_bets[seat])
        notes = []
        if not table.dealt_in[seat]:
            notes.append(TEXTS("out", lang))
        elif table.folded[seat]:
            notes.append(TEXTS("folded", lang))
        elif table.to_act[seat]:
            notes.append(TEXTS("to_act", lang))
        lines.append((line + "  " + ", ".join(notes)).rstrip())
    return lines


def _line(label: str, text: str) -> str:
    return f"{label + ':':<12} {text}"


def _pot_line(table: Table, lang: Lang) -> str:
    parts = table.pots()
    text = str(table.pot)
    if len(parts) > 1:
        sides = ", ".join(str(pot.amount) for pot in parts[1:])
        text += TEXTS("pots" if len(parts) > 2 else "pots_one", lang, parts[0].amount, sides)
    return _line(TEXTS("Pot", lang), text)


def _screen(table: Table, title_seat: str, lang: Lang) -> list[str]:
    redeal = TEXTS("redeal", lang, table.redeal) if table.redeal else ""
    if table.over:
        header = TEXTS("over", lang, table.rules.name, table.hand + 1, redeal)
    else:
        name = COMMON("seat", lang, table.to_play)
        you = COMMON("you", lang, name) if table.to_play == table.viewer else name
        header = TEXTS("header", lang, table.rules.name, table.hand + 1, redeal, table.round,
                       COMMON("to_play", lang, you))
    lines = [header]
    if title_seat:
        lines.append(title_seat)
    lines += _seat_lines(table, lang)
    if not table.over:
        lines.append(_pot_line(table, lang))
        owed = max(table.round_bets) - table.round_bets[table.to_play]
        if owed:
            short = TEXTS("all_in", lang) if table.to_call < owed else ""
            lines.append(_line(TEXTS("To call", lang), TEXTS("to_call", lang, table.to_call,
                                                            COMMON("seat", lang, table.to_play), short)))
        else:
            lines.append(_line(TEXTS("To call", lang), TEXTS("no_bet", lang, table.round)))
        if table.viewer is None:
            lines.append(_line(TEXTS("Stock", lang), cards_text(card for card in table.stock if card is not None)
                               or TEXTS("empty", lang)))
        else:
            lines.append(_line(TEXTS("Stock", lang), COMMON.count("cards", len(table.stock), lang)))
    if table.events:
        texts = [event_text(event, lang) for event in table.events]
        lines.append(_line(TEXTS("Events", lang), texts[0]))
        lines += [f"{'':<12} {text}" for text in texts[1:]]
    if table.outcome is not None:
        lines.append(_line(TEXTS("Outcome", lang), table.outcome.text(lang)))
    elif table.moves:
        lines.append(_line(TEXTS("Moves", lang), " | ".join(move_menu(table.moves, lang))))
    elif table.viewer is not None:
        lines.append(TEXTS("waiting", lang, COMMON("seat", lang, table.to_play)))
    return lines


def render_text(view: SeatView, lang: Lang = "en") -> str:
    """A readable screen of one seat's view: the hand and round, the seat's cards, a line
    per seat (cards, stack, what it put in, the dealer, folded, out or still to act), the
    pot and side pots, the amount to call, the stock size, the last move's events, and
    the legal moves as a menu with ranges or the outcome; in *lang* (``str(view)`` is
    the English screen).

    >>> from cau_rules.cacho import CACHO, new_game
    >>> print(render_text(new_game(CACHO, 2, seed=1).observe(0), "ca").splitlines()[0])
    === cacho · mà 1 · ronda 1 · juga seient 0 (tu) ===
    """
    lang = check_lang(lang)
    table = table_of_view(view)
    mine = cards_text(card for card in table.cards[view.seat] if card is not None)
    return "\n".join(_screen(table, _line(TEXTS("Your cards", lang), mine or COMMON("none", lang)), lang))


def render_position(position: Position, moves: Sequence[CachoMove] = (), lang: Lang = "en") -> str:
    """A screen of the whole *position*: as :func:`render_text`, with every holding and
    the stock face up (*moves*: the legal moves to list), in *lang*.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> print(render_position(new_game(CACHO, 2, seed=1)).splitlines()[1])
      seat 0    2e       stack 20  in pot 0  this round 0  to act
    """
    lang = check_lang(lang)
    return "\n".join(_screen(table_of_position(position, moves), "", lang))
