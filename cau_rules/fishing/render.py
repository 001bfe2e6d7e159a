"""The text screen of a capture-family view, as the command line shows it.

>>> from cau_rules import new_game
>>> screen = render_text(new_game("cau-robat", players=3, seed=2).observe(1))
>>> screen.splitlines()[0]
'=== cau-robat · hand 1 · deal round 1 · seat 0 to play ==='
"""

from __future__ import annotations

from collections.abc import Iterable

from cau_rules.fishing.view import FishingView

__all__ = ["render_text"]


def _cards(cards: Iterable[object]) -> str:
    text = " ".join(str(card) for card in cards)
    return text or "(none)"


def render_text(view: FishingView) -> str:
    """The text screen of *view*: the table, the chain zone, the seat's cards, the piles
    (sizes, and the top card of open piles), holding sizes, the stock, debts, scores,
    and the Valencian stones and stake.

    >>> from cau_rules import new_game
    >>> print(render_text(new_game("cau", players=2, seed=1).observe(0)))  # doctest: +ELLIPSIS
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

    lines = [
        f"=== {view.variant} · hand {view.hand + 1} · deal round {view.round + 1} · "
        f"{'game over' if view.phase == 'over' else who(view.to_play) + ' to play'} ==="
    ]
    lines.append(f"Table:      {_cards(view.table)}")
    chain = view.chain
    if chain is not None:
        played = ", ".join(f"{who(seat)} {card}" for seat, card in chain.cards)
        claims: list[str] = []
        for rank, owner in chain.run:
            if owner < 0:
                claims.extend(str(card) for card in view.table if card.rank == rank)
            else:
                claims.append(f"pile of {who(owner)}")
        claimed = f"; claims {', '.join(claims)}" if claims else ""
        name = view.rules.chain_call(chain.level).value if view.rules is not None else "chain"
        lines.append(f"Chain:      {name} pending on rank {chain.rank}: "
                     f"{played}{claimed}")
    if view.trail is not None:
        lines.append(f"Last trail: {who(view.trail[0])} trailed {view.trail[1]} (match it to call cau)")
    lines.append(f"Your cards: {_cards(view.holding)}")
    piles = []
    for seat, size in enumerate(view.pile_sizes):
        pile = view.piles[seat]
        top = f", top {pile[-1]}" if pile else ""
        piles.append(f"{who(seat)}: {size} card{'s' if size != 1 else ''}{top}")
    lines.append(f"Piles:      {' | '.join(piles)}{'' if view.piles and view.piles[0] is not None else ' (closed)'}")
    lines.append("Holdings:   " + ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.holding_sizes)))
    lines.append(f"Stock:      {view.stock_size} card{'s' if view.stock_size != 1 else ''}")
    if view.discard:
        lines.append(f"Discard:    {_cards(view.discard)}")
    debts = [
        f"{who(debtor)} owes {who(creditor)} {amount}"
        for debtor, owed in enumerate(view.debts)
        for creditor, amount in owed
    ]
    lines.append(f"Debts:      {'; '.join(debts) if debts else 'none'}")
    if view.declarations:
        lines.append("Declared:   " + ", ".join(f"{who(seat)} {call.value}" for seat, call in view.declarations))
    lines.append("Cards won:  " + ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.pile_sizes)))
    for number, row in enumerate(view.hand_scores):
        lines.append(f"Hand {number + 1}:     " + ", ".join(f"{who(seat)}: {score}" for seat, score in enumerate(row)))
    # Team games with stones (the Valencian game): team t is the seats s with s % teams == t.
    stones, partides = view.stones, view.partides

    def team(number: int, teams: int) -> str:
        seats = [seat for seat in range(view.players) if seat % teams == number]
        mine = " (yours)" if you in seats else ""
        return f"team {number}{mine} (seats {', '.join(map(str, seats))})"

    if stones:
        lines.append("Stones:     " + ", ".join(f"{team(t, len(stones))}: {s}" for t, s in enumerate(stones)))
    if partides and any(partides):
        lines.append("Partides:   " + ", ".join(f"{team(t, len(partides))}: {p}" for t, p in enumerate(partides)))
    stake = view.stake
    if stake is not None:
        holders = ", ".join(f"{who(seat)} {call.value}" for seat, call in stake.holders)
        bids = ", ".join("game" if bid is None else str(bid) for bid in stake.bids) or "none yet"
        lines.append(f"Ronda stake: holders {holders}; bids: {bids}")
    return "\n".join(lines)
