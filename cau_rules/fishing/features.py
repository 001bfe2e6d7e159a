"""The capture family's observation vector: one seat's view as a fixed-size list of
numbers in ``[0, 1]``, for learning code and the framework adapters.

It writes into any buffer that takes item and slice assignment (a ``numpy`` float32
array in the adapters, or a plain list), so the family needs no numpy.  The pieces, by
name: ``seat``, ``to_play``, ``phase`` (one-hots), ``holding``, ``table``, ``trail``,
``chain``, ``discard`` (one-hot over the 48 card values), ``trail_seat``,
``chain_caller``, ``chain_level``, ``piles`` and ``pile_tops`` (open piles only,
``players x 48``), ``pile_sizes``, ``holding_sizes``, ``stock_size`` (fractions of the
deck), ``debts`` (``players x players``), ``last_capturer``, ``declarations`` (ronda and
rondí per seat), ``hand``, ``round``, ``hands_won``, ``stones``, ``partides`` and
``stake``.  The history summary (``players x 48`` each, for the current hand):
``played``, ``captured``, ``shown``, plus ``called`` (ronda and rondí per seat) and
``seen`` (every card the seat has seen anywhere this hand).

>>> from cau_rules.fishing.features import FishingFeatures
>>> from cau_rules.fishing.rules import CAU
>>> from cau_rules.fishing.state import new_game
>>> features = FishingFeatures(CAU, 2)
>>> out = [0.0] * features.size
>>> features.encode(new_game(CAU, 2, seed=1).observe(0), out)
>>> int(sum(out[features.offset("holding"):][:48]))
3
"""

from __future__ import annotations

from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Declared,
    HandStarted,
    LeftoversTaken,
    Showdown,
    Trailed,
)
from cau_rules.fishing.moves import GAME, JOC, Call
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.view import FishingView
from cau_rules.vectors import CARDS, Buffer, Layout, fraction, one_hot_cards

__all__ = ["FishingFeatures"]

class FishingFeatures(Layout):
    """The capture family's observation vector (see the module docstring).

    >>> from cau_rules.fishing.rules import CAU_ROBAT
    >>> FishingFeatures(CAU_ROBAT, 4).size
    704
    """

    def __init__(self, rules: FishingRules, players: int) -> None:
        self.rules = rules
        self.players = n = players
        self.pieces = (
            ("seat", n), ("to_play", n), ("phase", 4),
            ("holding", CARDS), ("table", CARDS), ("trail", CARDS), ("trail_seat", n),
            ("chain", CARDS), ("chain_caller", n), ("chain_level", 1), ("discard", CARDS),
            ("piles", n * CARDS), ("pile_tops", n * CARDS), ("pile_sizes", n),
            ("holding_sizes", n), ("stock_size", 1), ("debts", n * n), ("last_capturer", n),
            ("declarations", 2 * n), ("hand", 1), ("round", 1), ("hands_won", n),
            ("stones", 2), ("partides", 2), ("stake", 4 + 2 * n),
        )
        self.history_pieces = (
            ("played", n * CARDS), ("captured", n * CARDS), ("shown", n * CARDS),
            ("called", 2 * n), ("seen", CARDS),
        )
        self._at = self._index()
        self._history_at = {name: self.history_offset(name) for name, _ in self.history_pieces}

    @property
    def max_decisions(self) -> int:
        """Decisions in the longest possible game.

        A hand has one play per dealt card, at most one declaration per seat in each
        deal round checked for rondas and at most ``target`` stake moves per such round
        (strictly rising bids, the game bid, the answer; one more, the joc, with several
        partides).  Cards rewards play ``hands`` hands; stones score at least one stone a
        hand (*bon fer* or *pixat*), so a partida lasts at most ``2 * target - 1`` hands
        and a game ``2 * partides_to_win - 1`` partides.

        >>> from cau_rules.fishing.rules import CAU, CAU_RECAU_SANT_VICENT
        >>> FishingFeatures(CAU, 4).max_decisions, FishingFeatures(CAU_RECAU_SANT_VICENT, 4).max_decisions
        (48, 12879)
        """
        rules, n = self.rules, self.players
        plays = rules.deck.size - rules.table_count(n)
        checked = len(rules.round_sizes(n)) if rules.rondas else 0
        per_hand = plays
        if rules.explicit_calls:
            per_hand += n * checked
        if rules.rewards == "stones":
            per_hand += (rules.target + (1 if rules.partides_to_win > 1 else 0)) * checked
            hands = (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)
        else:
            hands = rules.hands
        return per_hand * hands

    def encode(self, view: FishingView, out: Buffer) -> None:
        """Write the observation of a :class:`~cau_rules.fishing.view.FishingView`."""
        at = self._at
        rules, n = self.rules, self.players
        deck = float(rules.deck.size)
        for index in range(len(out)):
            out[index] = 0.0
        out[at["seat"][0] + view.seat] = 1.0
        if view.phase != "over":
            out[at["to_play"][0] + view.to_play] = 1.0
        out[at["phase"][0] + ("play", "declare", "bid", "over").index(view.phase)] = 1.0
        one_hot_cards(out, at["holding"][0], view.holding)
        one_hot_cards(out, at["table"][0], view.table)
        if view.trail is not None:
            seat, card = view.trail
            out[at["trail"][0] + int(card)] = 1.0
            out[at["trail_seat"][0] + seat] = 1.0
        if view.chain is not None:
            one_hot_cards(out, at["chain"][0], [card for _, card in view.chain.cards])
            out[at["chain_caller"][0] + view.chain.caller] = 1.0
            out[at["chain_level"][0]] = fraction(view.chain.level, 4)
        one_hot_cards(out, at["discard"][0], view.discard)
        piles, tops, sizes = at["piles"][0], at["pile_tops"][0], at["pile_sizes"][0]
        for seat, pile in enumerate(view.piles):
            if pile:
                one_hot_cards(out, piles + seat * CARDS, pile)
                out[tops + seat * CARDS + int(pile[-1])] = 1.0
            out[sizes + seat] = fraction(view.pile_sizes[seat], deck)
        holding_sizes = at["holding_sizes"][0]
        for seat, size in enumerate(view.holding_sizes):
            out[holding_sizes + seat] = fraction(size, deck)
        out[at["stock_size"][0]] = fraction(view.stock_size, deck)
        debts = at["debts"][0]
        for debtor, owed in enumerate(view.debts):
            for creditor, amount in owed:
                out[debts + debtor * n + creditor] += fraction(amount, deck)
        if view.last_capturer >= 0:
            out[at["last_capturer"][0] + view.last_capturer] = 1.0
        declarations = at["declarations"][0]
        for seat, call in view.declarations:
            out[declarations + 2 * seat + (1 if call is Call.RONDI else 0)] = 1.0
        out[at["hand"][0]] = fraction(view.hand, max(rules.hands, 2 * rules.target))
        out[at["round"][0]] = fraction(view.round, max(len(rules.round_sizes(n)), 1))
        hands_won = at["hands_won"][0]
        for scores in view.hand_scores:
            best = max(scores)
            for seat, score in enumerate(scores):
                if score == best:
                    out[hands_won + seat] += 1.0 / rules.hands
        for piece in ("debts", "hands_won"):  # the only pieces that add up
            first, size = at[piece]
            for index in range(first, first + size):
                out[index] = min(out[index], 1.0)
        for team, stones in enumerate(view.stones[:2]):
            out[at["stones"][0] + team] = fraction(stones, rules.target)
        for team, won in enumerate(view.partides[:2]):
            out[at["partides"][0] + team] = fraction(won, rules.partides_to_win)
        if view.stake is not None:
            stake = at["stake"][0]
            bids = view.stake.bids
            out[stake] = 1.0
            out[stake + 1] = fraction(len(bids), rules.target)
            if bids:
                last = bids[-1]
                if last is GAME:
                    out[stake + 3] = 1.0
                elif last == JOC:  # above the game: both flags, a value no number reaches
                    out[stake + 2] = out[stake + 3] = 1.0
                else:
                    out[stake + 2] = fraction(last, rules.target)
            for seat, kind in view.stake.holders:
                out[stake + 4 + 2 * seat + (1 if kind is Call.RONDI else 0)] = 1.0

    def update_history(self, view: FishingView, summary: Buffer) -> None:
        """Fold the public events of *view*, and what it shows, into *summary*."""
        at = self._history_at
        for event in view.events:
            if isinstance(event, HandStarted):
                for index in range(len(summary)):
                    summary[index] = 0.0
            elif isinstance(event, (Trailed, ChainExtended)):
                summary[at["played"] + event.seat * CARDS + int(event.card)] = 1.0
            elif isinstance(event, Captured):
                if event.chain == 0:
                    summary[at["played"] + event.seat * CARDS + int(event.card)] = 1.0
                one_hot_cards(summary, at["captured"] + event.seat * CARDS, event.cards)
            elif isinstance(event, LeftoversTaken) and event.seat is not None:
                one_hot_cards(summary, at["captured"] + event.seat * CARDS, event.cards)
            elif isinstance(event, Showdown):
                for seat, cards in event.shown:
                    one_hot_cards(summary, at["shown"] + seat * CARDS, cards)
            elif isinstance(event, (Called, Declared)) and event.call in (Call.RONDA, Call.RONDI):
                summary[at["called"] + 2 * event.seat + (1 if event.call is Call.RONDI else 0)] = 1.0
        one_hot_cards(summary, at["seen"], sorted(view.visible_cards()))


