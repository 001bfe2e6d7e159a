"""The text screens of the capture family: a seat's view as the command line shows it,
the whole state face up, and the menu of legal moves.

``str(view)`` is :func:`render_text`, ``state.render()`` is :func:`render_state`, and
the family record's ``move_menu`` hook is :func:`move_menu`.  The pictures are in
:mod:`cau_rules.fishing.picture` (re-exported here: :func:`svg_view`, :func:`svg_state`).

>>> from cau_rules import new_game
>>> screen = render_text(new_game("cau-robat", players=3, seed=2).observe(1))
>>> screen.splitlines()[0]
'=== cau-robat · hand 1 · deal round 1 · seat 0 to play ==='
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cau_rules.cards import Card
from cau_rules.fishing.moves import Bid, FishingMove
from cau_rules.fishing.picture import svg_state, svg_view
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Debt, Position, SeatView, Stake

__all__ = ["move_menu", "render_state", "render_text", "svg_state", "svg_view"]


def _cards(cards: Iterable[object]) -> str:
    text = " ".join(str(card) for card in cards)
    return text or "(none)"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _chain_line(chain: Chain, table: Sequence[Card], rules: FishingRules | None,
                who: Callable[[int], str]) -> str:
    played = ", ".join(f"{who(seat)} {card}" for seat, card in chain.cards)
    claims: list[str] = []
    for rank, owner in chain.run:
        if owner < 0:
            claims.extend(str(card) for card in table if card.rank == rank)
        else:
            claims.append(f"pile of {who(owner)}")
    claimed = f"; claims {', '.join(claims)}" if claims else ""
    name = rules.chain_call(chain.level).value if rules is not None else "chain"
    return f"Chain:      {name} pending on rank {chain.rank}: {played}{claimed}"


def _stake_line(stake: Stake, who: Callable[[int], str]) -> str:
    holders = ", ".join(f"{who(seat)} {call.value}" for seat, call in stake.holders)
    bids = ", ".join("game" if bid is None else str(bid) for bid in stake.bids) or "none yet"
    return f"Ronda stake: holders {holders}; bids: {bids}; {who(stake.to_answer)} to answer"


def _tail(lines: list[str], players: int, you: int | None, who: Callable[[int], str],
          debts: Sequence[Sequence[Debt]], declarations: Sequence[tuple[int, object]],
          pile_sizes: Sequence[int], hand_scores: Sequence[Sequence[int]],
          stones: Sequence[int], partides: Sequence[int], stake: Stake | None) -> None:
    """The lines every screen ends with: debts, declarations, scores, stones, stake."""
    owed = [
        f"{who(debtor)} owes {who(creditor)} {amount}"
        for debtor, entries in enumerate(debts)
        for creditor, amount in entries
    ]
    lines.append(f"Debts:      {'; '.join(owed) if owed else 'none'}")
    if declarations:
        lines.append("Declared:   " + ", ".join(
            f"{who(seat)} {getattr(call, 'value', call)}" for seat, call in declarations
        ))
    lines.append("Cards won:  " + ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(pile_sizes)))
    for number, row in enumerate(hand_scores):
        lines.append(f"Hand {number + 1}:     " + ", ".join(f"{who(seat)}: {score}" for seat, score in enumerate(row)))

    def team(number: int, teams: int) -> str:
        seats = [seat for seat in range(players) if seat % teams == number]
        mine = " (yours)" if you in seats else ""
        return f"team {number}{mine} (seats {', '.join(map(str, seats))})"

    if stones:
        lines.append("Stones:     " + ", ".join(f"{team(t, len(stones))}: {s}" for t, s in enumerate(stones)))
    if partides and any(partides):
        lines.append("Partides:   " + ", ".join(f"{team(t, len(partides))}: {p}" for t, p in enumerate(partides)))
    if stake is not None:
        lines.append(_stake_line(stake, who))


def _header(variant: str, hand: int, round_: int, phase: str, to_play: int, who: Callable[[int], str]) -> str:
    turn = "game over" if phase == "over" else f"{who(to_play)} to play"
    if phase == "bid":
        turn = f"{who(to_play)} to bid"
    elif phase == "declare":
        turn = f"{who(to_play)} to declare"
    return f"=== {variant} · hand {hand + 1} · deal round {round_ + 1} · {turn} ==="


def render_text(view: SeatView) -> str:
    """The text screen of *view*: the table, the chain zone, the seat's cards, the piles
    (sizes, and the top card of open piles), holding sizes, the stock, debts, scores,
    and the Valencian stones and stake.  ``str(view)`` gives the same.

    Args:
        view: a seat's view.

    Returns:
        The screen, one line per fact.

    >>> from cau_rules import new_game
    >>> print(render_text(new_game("cau", players=2, seed=1).observe(0)))
    === cau · hand 1 · deal round 1 · seat 0 (you) to play ===
    Table:      (none)
    Your cards: 12o 12c 2b
    Piles:      seat 0 (you): 0 cards | seat 1: 0 cards (closed)
    Holdings:   seat 0 (you): 3, seat 1: 3
    Stock:      42 cards
    Debts:      seat 1 owes seat 0 (you) 1
    Cards won:  seat 0 (you): 0, seat 1: 0
    """
    you = view.seat

    def who(seat: int) -> str:
        return f"seat {seat} (you)" if seat == you else f"seat {seat}"

    lines = [_header(view.variant, view.hand, view.round, view.phase, view.to_play, who)]
    lines.append(f"Table:      {_cards(view.table)}")
    if view.chain is not None:
        lines.append(_chain_line(view.chain, view.table, view.rules, who))
    if view.trail is not None:
        lines.append(f"Last trail: {who(view.trail[0])} trailed {view.trail[1]} (match it to call cau)")
    lines.append(f"Your cards: {_cards(view.holding)}")
    piles = []
    for seat, size in enumerate(view.pile_sizes):
        pile = view.piles[seat]
        top = f", top {pile[-1]}" if pile else ""
        piles.append(f"{who(seat)}: {_plural(size, 'card')}{top}")
    closed = "" if view.piles and view.piles[0] is not None else " (closed)"
    lines.append(f"Piles:      {' | '.join(piles)}{closed}")
    lines.append("Holdings:   " + ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.holding_sizes)))
    lines.append(f"Stock:      {_plural(view.stock_size, 'card')}")
    if view.discard:
        lines.append(f"Discard:    {_cards(view.discard)}")
    _tail(lines, view.players, you, who, view.debts, view.declarations, view.pile_sizes,
          view.hand_scores, view.stones, view.partides, view.stake)
    if view.outcome is not None:
        lines.append(f"Result:     {view.outcome}")
    return "\n".join(lines)


def render_state(position: Position) -> str:
    """The text screen of a whole state, every zone face up: each holding, each pile
    (bottom to top), the stock (top first) and the discard.  ``state.render()`` gives it.

    Args:
        position: the state.

    Returns:
        The screen, one line per fact.

    >>> from cau_rules import new_game
    >>> print(render_state(new_game("cau", players=2, seed=1)))  # doctest: +ELLIPSIS
    === cau · hand 1 · deal round 1 · seat 0 to play ===
    Table:      (none)
    Seat 0:     12o 12c 2b
    Seat 1:     5c 10b 8e
    Piles:      seat 0: (none) | seat 1: (none)
    Stock:      42 cards: 3e 10e 4o ...
    Debts:      seat 1 owes seat 0 1
    Cards won:  seat 0: 0, seat 1: 0
    """

    def who(seat: int) -> str:
        return f"seat {seat}"

    lines = [_header(position.rules.name, position.hand, position.round, position.phase,
                     position.to_play, who)]
    lines.append(f"Table:      {_cards(position.table)}")
    if position.chain is not None:
        lines.append(_chain_line(position.chain, position.table, position.rules, who))
    if position.trail is not None:
        lines.append(f"Last trail: {who(position.trail[0])} trailed {position.trail[1]}")
    for seat, holding in enumerate(position.holdings):
        lines.append(f"{'Seat ' + str(seat) + ':':<12}{_cards(holding)}")
    lines.append("Piles:      " + " | ".join(
        f"{who(seat)}: {_cards(pile)}" for seat, pile in enumerate(position.piles)
    ))
    stock = f": {_cards(position.stock)}" if position.stock else ""
    lines.append(f"Stock:      {_plural(len(position.stock), 'card')}{stock}")
    if position.discard:
        lines.append(f"Discard:    {_cards(position.discard)}")
    tally = position.tally
    _tail(lines, position.players, None, who, position.debts, position.declarations,
          [len(pile) for pile in position.piles], position.hand_scores,
          () if tally is None else tally.stones, () if tally is None else tally.partides,
          position.stake)
    return "\n".join(lines)


def move_menu(moves: Sequence[FishingMove]) -> list[str]:
    """The legal *moves* as menu entries, runs of consecutive numeric bids written as one
    range (``bid 2-39``); every other move is written as its text.

    Args:
        moves: legal moves in canonical order (a lazy :class:`~cau_rules.moveseq.MoveList`
            is read once).

    Returns:
        The entries, in the moves' order.

    >>> from cau_rules.fishing.moves import Accept, Bid, Refuse
    >>> move_menu([Bid(2), Bid(3), Bid(4), Bid(None), Bid("joc")])
    ['bid 2-4', 'bid game', 'bid joc']
    >>> move_menu([Bid(7), Bid(None), Accept(), Refuse()])
    ['bid 7', 'bid game', 'accept', 'refuse']
    """
    entries: list[str] = []
    low = high = None
    for move in moves:
        amount = move.stones if isinstance(move, Bid) and type(move.stones) is int else None
        if amount is not None and high is not None and amount == high + 1:
            high = amount
            continue
        if low is not None:
            entries.append(f"bid {low}" if low == high else f"bid {low}-{high}")
            low = high = None
        if amount is not None:
            low = high = amount
        else:
            entries.append(str(move))
    if low is not None:
        entries.append(f"bid {low}" if low == high else f"bid {low}-{high}")
    return entries
