"""The engine of the capture family: the mutable work copy that ``apply`` runs on,
dealing, payments, stones and the final scores.

An :class:`Engine` is a short-lived mutable copy of a position's fields.  One ``apply``
(or one new game) builds it, runs the move (or the first deal) on it and reads the new
fields back into a frozen state; nothing else ever sees it mutate.

>>> from cau_rules import new_game
>>> from cau_rules.fishing.moves import parse_move
>>> state = new_game("cau", players=2, seed=1)
>>> work = Engine(state)
>>> work.run(parse_move("12o"), None)
>>> work.table, state.table
([<Card.O12: 11>], ())
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from cau_rules.cards import Card
from cau_rules.fishing import events as ev
from cau_rules.fishing.deal import deal_packets, lay_table
from cau_rules.fishing.moves import JOC, Accept, Bid, Call, Declare, FishingMove, Play, Refuse
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import Chain, Phase, Position, Stake, Tally, Unit
from cau_rules.outcome import Outcome, Termination

__all__ = ["Engine", "hands_won", "outcome_of", "ronda_kind", "trailed_event", "winners"]


class _PartidaWon(Exception):
    """Raised inside the engine when a team reaches the target: the move stops there.
    ``joc``: the team won the whole joc at once (an accepted joc stake)."""

    def __init__(self, team: int, joc: bool = False) -> None:
        super().__init__(team)
        self.team = team
        self.joc = joc


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """Every seat tied on the best score.

    >>> winners((3, 7, 7))
    (1, 2)
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def hands_won(players: int, hand_scores: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Hands won by each seat (every seat tied on top of a hand is credited).

    >>> hands_won(2, [(20, 28), (24, 24)])
    (1, 2)
    """
    won = [0] * players
    for scores in hand_scores:
        for seat in winners(scores):
            won[seat] += 1
    return tuple(won)


def outcome_of(
    rules: FishingRules, players: int, tally: Tally | None, hand_scores: Sequence[Sequence[int]]
) -> Outcome:
    """The result of a finished game from its stones or its hand scores.

    Cards presets with one hand: the most cards (or dozen points) wins, ties share.
    Matches of several hands: the most hands won wins, ties share.  Stones: the team
    with the most partides wins.

    >>> from cau_rules.fishing.rules import CAU
    >>> print(outcome_of(CAU, 2, None, [(20, 28)]))
    seat 1 wins with the most cards; scores: seat 0: 20, seat 1: 28
    """
    if tally is not None:
        best = max(tally.partides)
        team_scores = tally.partides if rules.partides_to_win > 1 else tally.stones
        won = tuple(seat for seat in range(players) if tally.partides[seat % 2] == best)
        scores = tuple(team_scores[seat % 2] for seat in range(players))
        if max(tally.stones) >= rules.target:
            return Outcome(won, scores, Termination.TARGET_STONES, target=rules.target)
        return Outcome(won, scores, Termination.STAKE_WON)
    if rules.hands == 1:
        last = tuple(hand_scores[-1])
        kind = Termination.MOST_DOZENS if rules.scoring == "dozens" else Termination.MOST_CARDS
        return Outcome(winners(last), last, kind)
    credits = hands_won(players, hand_scores)
    return Outcome(winners(credits), credits, Termination.MOST_HANDS, hands_played=len(hand_scores))


def ronda_kind(holding: Sequence[Card]) -> Call | None:
    """What a holding can declare: :attr:`Call.RONDI` with three cards of a rank,
    :attr:`Call.RONDA` with two, else None.

    >>> from cau_rules.cards import parse_cards
    >>> ronda_kind(parse_cards("4o 4c 9b")), ronda_kind(parse_cards("4o 5c 9b"))
    (<Call.RONDA: 'ronda'>, None)
    """
    ranks = [card.rank for card in holding]
    if len(set(ranks)) == len(ranks):
        return None  # no two cards of a rank (most holdings)
    top = max(ranks.count(rank) for rank in ranks)
    if top >= 3:
        return Call.RONDI
    if top == 2:
        return Call.RONDA
    return None


_TRAILED: dict[int, ev.Trailed] = {}  # interned events: immutable values, one object serves every game
_PAID: dict[tuple[int, int, Card, Call | None], ev.Paid] = {}


def trailed_event(seat: int, card: Card) -> ev.Trailed:
    event = _TRAILED.get(seat * 64 + card)
    return event if event is not None else _TRAILED.setdefault(seat * 64 + card, ev.Trailed(seat, card))


def _paid(payer: int, receiver: int, card: Card, reason: Call | None) -> ev.Paid:
    event = _PAID.get(key := (payer, receiver, card, reason))
    return event if event is not None else _PAID.setdefault(key, ev.Paid(payer, receiver, card, reason))


class Engine:
    """The mutable work copy of a position that one ``apply`` (or a new game's first
    deal) runs on.  Build it from a :class:`~cau_rules.fishing.zones.Position` (a new
    game's is empty, not dealt yet); read the new fields back from its attributes (the
    state does), with the events of the move in ``events``.

    >>> from cau_rules import new_game
    >>> work = Engine(new_game("cau", players=2, seed=1))
    >>> work.start_hand(1)
    >>> [len(holding) for holding in work.holdings], len(work.stock), work.to_play
    ([3, 3], 42, 1)
    """

    __slots__ = (
        "chain", "debts", "decks", "declarations", "discard", "events", "hand", "hand_scores",
        "holdings", "last_capturer", "n", "opener", "phase", "piles", "quiet", "round", "rules", "seed",
        "stake", "stock", "table", "tally", "to_play", "trail",
    )

    def __init__(self, state: Position) -> None:
        self.rules = state.rules
        self.n = state.players
        self.seed = state.seed
        self.decks = state.decks
        self.hand = state.hand
        self.round = state.round
        self.opener = state.opener
        self.to_play = state.to_play
        self.phase: Phase = state.phase
        self.stock = state.stock
        self.table = list(state.table)
        self.holdings = list(state.holdings)
        self.piles = list(state.piles)
        self.discard = state.discard
        self.chain = state.chain
        self.trail = state.trail
        self.debts = list(state.debts)
        self.last_capturer = state.last_capturer
        self.declarations = state.declarations
        self.hand_scores = state.hand_scores
        self.tally = state.tally
        self.stake = state.stake
        self.events: list[ev.FishingEvent] = []
        self.quiet = False  # True in playouts: the events made afresh for every capture and deal are skipped

    players = property(lambda self: self.n, doc="How many seats play (the engine reads as a position).")

    def begin(self) -> None:
        """Deal the first hand (its stones may already win a partida)."""
        try:
            self.start_hand(0)
        except _PartidaWon as won:
            self.partida_won(won.team, won.joc)

    def complete_pending(self) -> None:
        """Complete the pending chain as the next non-chain move would, ignoring a
        partida its stones would win (the move generator's view of the position)."""
        with contextlib.suppress(_PartidaWon):
            self.complete_chain()

    def run(self, move: FishingMove, plan: tuple[Unit, ...] | None) -> None:
        """Make the legal *move* of the seat to play; *plan* is the run it takes (the
        move generator's plan for a play, None otherwise)."""
        try:
            if isinstance(move, Play):
                self.play(move, plan)
            elif isinstance(move, Declare):
                self.declare(move)
            else:
                self.answer_stake(move)
        except _PartidaWon as won:
            self.partida_won(won.team, won.joc)

    # -- a turn ------------------------------------------------------------------

    def play(self, move: Play, plan: tuple[Unit, ...] | None) -> None:
        seat = self.to_play
        card = move.card
        rank = card.rank
        chain = self.chain
        trail = self.trail
        self.trail = None
        if chain is not None and rank != chain.rank:
            self.complete_chain()  # before the card leaves the holding: it may end the partida
        holding = self.holdings[seat]
        index = holding.index(card)
        self.holdings[seat] = holding[:index] + holding[index + 1:]
        if chain is not None and rank == chain.rank:
            assert plan is not None
            self.extend_chain(Chain(rank, (*chain.cards, (seat, card)), plan, move.calls))
        else:
            if plan is None:
                self.table.append(card)
                self.trail = (seat, card)
                self.events.append(trailed_event(seat, card))
            elif trail is not None and trail[1].rank == rank:
                self.table.remove(trail[1])
                self.extend_chain(Chain(rank, (trail, (seat, card)), plan, move.calls))
            else:
                matched = next(c for c in self.table if c.rank == rank)
                self.table.remove(matched)
                self.capture(seat, card, (matched, card), plan, 0)
                if not self.table and (not self.rules.explicit_calls or Call.NETA in move.calls):
                    self.neta(seat)
        self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        n = self.n
        nxt = (seat + 1) % n
        if self.rules.continuous and self.stock:
            self.holdings[seat] = self.holdings[seat] + self.stock[:1]
            self.stock = self.stock[1:]
        self.settle(seat)
        if any(self.holdings):
            self.to_play = nxt
        elif self.stock:
            self.new_round(seat)
        else:
            self.end_hand(seat)

    def extend_chain(self, chain: Chain) -> None:
        self.chain = chain
        seat, card = chain.cards[-1]
        claimed = tuple(self._table_card(rank) for rank, owner in chain.run if owner < 0)
        claimed_piles = tuple(owner for _, owner in chain.run if owner >= 0)
        rules = self.rules
        call = rules.chain_call(chain.level)
        self.events.append(ev.ChainExtended(seat, card, chain.level, claimed, claimed_piles, call))
        if chain.level >= rules.max_chain:
            self.complete_chain(at_once=True)
        elif (rules.rewards == "stones" and rules.chain_scoring == "cumulative"
              and (not rules.explicit_calls or call in chain.calls)):
            self.events.append(ev.Called(seat, call))  # a pending call scores as it is made
            self.score(seat % 2, chain.level - 1, call.value)

    def _table_card(self, rank: int) -> Card:
        return next(c for c in self.table if c.rank == rank)

    def capture(
        self, seat: int, card: Card, core: tuple[Card, ...], plan: tuple[Unit, ...], chain: int
    ) -> None:
        """Stack a capture onto *seat*'s pile (D-CAP-4, D-CHAIN-5): run units from the
        highest down, each taken pile whole, then *core* (matched card(s), played card
        last)."""
        stack: list[Card] = []
        taken: list[int] = []
        piles = self.piles
        for rank, owner in reversed(plan):
            if owner < 0:
                table_card = self._table_card(rank)
                self.table.remove(table_card)
                stack.append(table_card)
            else:
                stack.extend(piles[owner])
                piles[owner] = ()
                taken.append(owner)
        stack.extend(core)
        piles[seat] = piles[seat] + tuple(stack)
        self.last_capturer = seat
        taken.reverse()
        if not self.quiet:
            self.events.append(ev.Captured(seat, card, tuple(stack), tuple(taken), chain))

    def complete_chain(self, at_once: bool = False) -> None:
        """Complete the pending chain: the capture, then the call, then its payments (or
        its stones), then any neta.  *at_once*: the chain's last card reached the highest
        level, so under ``chain_scoring="cumulative"`` that last call scores here too,
        after the capture like every other completed chain's call."""
        chain = self.chain
        if chain is None:
            return
        self.chain = None
        caller, card = chain.cards[-1]
        core = tuple(c for _, c in chain.cards)
        self.capture(caller, card, core, chain.run, chain.level)
        rules = self.rules
        explicit = rules.explicit_calls
        call = rules.chain_call(chain.level)
        if rules.rewards == "stones":
            scores = rules.chain_scoring == "final" or at_once
            if scores and (not explicit or call in chain.calls):
                self.events.append(ev.Called(caller, call))
                self.score(caller % 2, chain.level - 1, call.value)
        elif not explicit or call in chain.calls:
            self.events.append(ev.Called(caller, call))
            n = self.n
            payers = sorted(
                ((seat - caller) % n, position, seat)
                for position, (seat, _) in enumerate(chain.cards[:-1])
                if seat != caller
            )
            for _, position, seat in payers:
                self.pay(seat, caller, position + 1, call)
        if not self.table and (not explicit or Call.NETA in chain.calls):
            self.neta(caller)

    def neta(self, seat: int) -> None:
        self.events.append(ev.Called(seat, Call.NETA))
        if self.rules.rewards == "stones":
            self.score(seat % 2, 1, "neta")
            return
        n = self.n
        for step in range(1, n):
            self.pay((seat + step) % n, seat, 1, Call.NETA)

    # -- payments and debts --------------------------------------------------------

    def pay(self, payer: int, receiver: int, amount: int, reason: Call) -> None:
        pile = self.piles[payer]
        paid = min(amount, len(pile))
        if paid:
            moved = pile[len(pile) - paid:][::-1]
            self.piles[payer] = pile[: len(pile) - paid]
            self.piles[receiver] = self.piles[receiver] + moved
            self.events.extend(_paid(payer, receiver, c, reason) for c in moved)
        if paid < amount:
            self.debts[payer] = self.debts[payer] + ((receiver, amount - paid),)
            self.events.append(ev.DebtIncurred(payer, receiver, amount - paid, reason))

    def settle(self, start: int) -> None:
        """Pay debts as far as piles allow (D-DEBT-1)."""
        debts = self.debts
        if not any(debts):
            return
        n = self.n
        piles = self.piles
        moved = True
        while moved:
            moved = False
            for step in range(n):
                debtor = (start + step) % n
                while debts[debtor] and piles[debtor]:
                    creditor, amount = debts[debtor][0]
                    card = piles[debtor][-1]
                    piles[debtor] = piles[debtor][:-1]
                    piles[creditor] = piles[creditor] + (card,)
                    self.events.append(_paid(debtor, creditor, card, None))
                    rest = debts[debtor][1:]
                    debts[debtor] = ((creditor, amount - 1), *rest) if amount > 1 else rest
                    moved = True

    # -- stones (the Valencian game) ----------------------------------------------

    def score(self, team: int, stones: int, reason: str) -> None:
        """Add stones for *team*; reaching the target ends the partida at once (D-FINE-4)."""
        tally = self.tally
        assert tally is not None
        totals = list(tally.stones)
        totals[team] += stones
        entry = (sum(tally.partides), self.hand, team, reason, stones)
        self.tally = Tally(tuple(totals), tally.partides, (*tally.log, entry))
        self.events.append(ev.Scored(team, stones, reason, totals[team]))
        if totals[team] >= self.rules.target:
            raise _PartidaWon(team)

    def partida_won(self, team: int, joc: bool = False) -> None:
        """*team* won the partida (with *joc*: the whole joc, an accepted joc stake, so
        its partides are raised to ``partides_to_win``); start the next partida's first
        hand or end the game."""
        while True:
            tally = self.tally
            assert tally is not None
            partides = list(tally.partides)
            partides[team] = self.rules.partides_to_win if joc else partides[team] + 1
            self.tally = Tally(tally.stones, tuple(partides), tally.log)
            self.events.append(ev.PartidaWon(team, tuple(partides), joc))
            self.stake = None
            if partides[team] >= self.rules.partides_to_win:
                self.phase = "over"
                self.events.append(ev.GameEnded(outcome_of(self.rules, self.n, self.tally, self.hand_scores)))
                return
            self.tally = Tally((0,) * len(partides), tuple(partides), self.tally.log)
            try:
                self.start_hand(self.hand + 1)
                return
            except _PartidaWon as again:
                team, joc = again.team, again.joc

    def stone_rondas(self, opener: int) -> None:
        """Valencian rondas: automatic stones, or the stake when both teams hold one."""
        n = self.n
        holders = [
            (seat, kind)
            for seat in ((opener + step) % n for step in range(n))
            if (kind := ronda_kind(self.holdings[seat])) is not None
        ]
        if not holders:
            return
        if len({seat % 2 for seat, _ in holders}) == 1:
            for seat, kind in holders:
                self.events.append(ev.Called(seat, kind))
                self.score(seat % 2, 2 if kind is Call.RONDI else 1, kind.value)
            return
        eldest = self.hand % n
        by_age = sorted(holders, key=lambda holder: (holder[0] - eldest) % n)
        first = by_age[0][0]
        second = next(seat for seat, _ in by_age if seat % 2 != first % 2)
        for seat, kind in holders:
            self.events.append(ev.Called(seat, kind))
        self.stake = Stake(tuple(by_age), (first, second))
        self.events.append(ev.StakeOpened((first, second)))
        self.phase = "bid"
        self.to_play = first

    def answer_stake(self, move: Bid | Accept | Refuse) -> None:
        stake = self.stake
        assert stake is not None
        seat = self.to_play
        if isinstance(move, Bid):
            self.stake = Stake(stake.holders, stake.bidders, (*stake.bids, move.stones))
            self.events.append(ev.StakeBid(seat, move.stones))
            self.to_play = self.stake.to_answer
            return
        self.stake = None
        self.phase = "play"
        self.to_play = self.opener
        bid = stake.bids[-1]
        if isinstance(move, Accept):
            self.events.append(ev.StakeAnswered(seat, True))
            n = self.n
            eldest = self.hand % n
            shown = tuple((holder, self.holdings[holder]) for holder, _ in stake.holders)

            def strength(holder: tuple[int, Call]) -> tuple[int, int, int]:
                ranks = [card.rank for card in self.holdings[holder[0]]]
                rank = max(r for r in ranks if ranks.count(r) >= 2)
                return (1 if holder[1] is Call.RONDI else 0, rank, -((holder[0] - eldest) % n))

            winner = max(stake.holders, key=strength)[0]
            self.events.append(ev.Showdown(shown, winner))
            if bid is None or bid == JOC:
                raise _PartidaWon(winner % 2, joc=bid == JOC)
            self.score(winner % 2, bid, "stake")
            return
        self.events.append(ev.StakeAnswered(seat, False))
        refused_index = len(stake.bids) - 1
        bidder_team = stake.bidders[refused_index % 2] % 2
        if refused_index == 0:
            stones = sum(2 if kind is Call.RONDI else 1 for holder, kind in stake.holders
                         if holder % 2 == bidder_team)
        else:
            raised = stake.bids[refused_index - 1]
            if raised is None:  # a refused raise from game to joc wins the partida
                raise _PartidaWon(bidder_team)
            assert raised != JOC, "a joc is never raised"
            stones = raised
        self.score(bidder_team, stones, "stake")

    # -- dealing -------------------------------------------------------------------

    def start_hand(self, hand: int) -> None:
        n = self.n
        rules = self.rules
        self.hand = hand
        self.round = 0
        eldest = hand % n
        self.events.append(ev.HandStarted(hand, (eldest - 1) % n, eldest))
        table, self.stock, returned = lay_table(rules, n, self.seed, hand, self.decks)
        self.events.extend(ev.TableReplaced(card) for card in returned)
        self.table = list(table)
        self.holdings = [()] * n
        self.piles = [()] * n
        self.discard = ()
        self.chain = None
        self.trail = None
        self.stake = None
        self.debts = [()] * n
        self.last_capturer = -1
        self.declarations = ()
        self.opener = eldest
        self.to_play = eldest
        self.phase = "play"
        if rules.rewards == "stones":
            dealer_team = (eldest - 1) % n % 2
            if returned:
                self.score(1 - dealer_team, 1, "pixat")
            else:
                self.score(dealer_team, 1, "bon fer")
        self.deal_round(eldest, table)

    def deal_round(self, opener: int, table: tuple[Card, ...]) -> None:
        n = self.n
        rules = self.rules
        self.stock, self.holdings, each = deal_packets(rules, self.hand % n, self.stock, self.holdings)
        self.opener = opener
        self.to_play = opener
        self.phase = "play"
        if not self.quiet:
            self.events.append(ev.Dealt(self.round, opener, table, tuple(len(h) for h in self.holdings)))
        if rules.rondas and each in (2, 3) and not (rules.continuous and self.round > 0):
            if rules.rewards == "stones":
                self.stone_rondas(opener)
                return
            if rules.explicit_calls:
                self.phase = "declare"
                self.declarations = ()
                return
            for step in range(n):
                seat = (opener + step) % n
                kind = ronda_kind(self.holdings[seat])
                if kind is not None:
                    self.ronda(seat, kind)
        self.settle(opener)

    def ronda(self, holder: int, kind: Call) -> None:
        self.events.append(ev.Called(holder, kind))
        amount = 2 if kind is Call.RONDI else 1
        for step in range(1, self.n):
            self.pay((holder + step) % self.n, holder, amount, kind)

    def declare(self, move: Declare) -> None:
        seat = self.to_play
        self.events.append(ev.Declared(seat, move.call))
        if move.call is not None:
            self.declarations = (*self.declarations, (seat, move.call))
        nxt = (seat + 1) % self.n
        if nxt != self.opener:
            self.to_play = nxt
            return
        for holder, kind in self.declarations:
            self.ronda(holder, kind)
        self.declarations = ()
        self.phase = "play"
        self.to_play = self.opener
        self.settle(self.opener)

    def new_round(self, last: int) -> None:
        """Deal the next round after *last* played the previous round's last card.

        When the new opener is not the next seat, the deal completes a pending chain
        first, and the debts are settled from *last* before the cards are dealt, so a
        debtor pays with what the chain brought it, not with the new round's ronda
        cards (D-CHAIN-7, D-DEBT-2); ``deal_round`` settles again after the rondas.
        """
        nxt = (last + 1) % self.n
        self.round += 1
        opener = (self.hand + self.round) % self.n if self.rules.round_opener == "rotate" else nxt
        if opener != nxt:
            if self.chain is not None:
                self.complete_chain()
                self.settle(last)
            self.trail = None
        self.deal_round(opener, ())

    def end_hand(self, last: int) -> None:
        self.complete_chain()
        self.settle(last)
        if self.table:
            leftovers = tuple(self.table)
            if self.rules.leftovers == "discard":
                self.discard = self.discard + leftovers
                self.table = []
                self.events.append(ev.LeftoversTaken(None, leftovers))
            elif self.last_capturer >= 0:
                seat = self.last_capturer
                self.piles[seat] = self.piles[seat] + leftovers
                self.table = []
                self.events.append(ev.LeftoversTaken(seat, leftovers))
        self.debts = [()] * self.n
        self.trail = None
        cards = tuple(len(pile) for pile in self.piles)
        if self.rules.rewards == "stones" and self.rules.card_surplus_stones:
            half = self.rules.deck.size // 2
            for team in (0, 1):
                surplus = sum(cards[team::2]) - half
                if surplus > 0:
                    self.score(team, surplus, "surplus")
        scores = tuple(min(count // 12, 3) for count in cards) if self.rules.scoring == "dozens" else cards
        self.hand_scores = (*self.hand_scores, scores)
        self.events.append(ev.HandEnded(self.hand, cards, scores, winners(scores)))
        if self.hand + 1 < self.rules.hands or self.tally is not None:
            self.start_hand(self.hand + 1)
            return
        self.phase = "over"
        self.events.append(ev.GameEnded(outcome_of(self.rules, self.n, self.tally, self.hand_scores)))


