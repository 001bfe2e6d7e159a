"""Whether a capture-family position can arise under its rules: every problem at once.

:func:`position_problems` is what ``state.status()`` returns and what every way into a
state from outside (``from_position``, ``from_dict``, ``from_notation``) checks: a
position with a problem is refused with an
:class:`~cau_rules.errors.InvalidPositionError` listing them all.

The rules checked (each problem is one sentence naming the zone or counter):

- shape first: every field has the Python type the other checks read (whole numbers,
  tuples of cards, one holding, pile and debt list per seat, a chain, tally and stake of
  their own types), the player count is one the rules allow, and no zone or list is
  longer than can arise (a card zone at most the deck).  A position with a shape problem
  is reported with those problems only, found by looking at each field's type and
  length: so ``status()`` lists problems and never fails, and a zone of any length is
  refused at the cost of reading its length.  Every later check is linear in the size of
  the position, and every message lists a bounded number of items.
- cards: every card of the deck exactly once across the zones, none foreign; the table's
  ranks distinct.
- counters: seats in range; the hand below ``hands`` (cards games) or below the most
  hands a joc can last (stones); the deal round one of the hand's rounds; one row of hand
  scores per finished hand, each a possible score.
- holdings and turn order: in a deal round every player got the same number of cards
  (at most the round's size), and play goes round from the round's opener, so the seats
  from the opener up to the seat to play hold one card fewer than the others; under
  ``continuous`` there is one deal round and every holding is full while the stock
  lasts.  The opener is taken as the position names it (an exact position may start a
  round at any seat; ``from_position`` reads it from the holdings when not given).
- the stock: no more cards than the later deal rounds give out, shared equally.
  Cards may be left out of play (in the discard), as if removed before the deal: then
  the holdings and the stock may be smaller than the deal gives, never larger.
- the chain zone: 2 cards up to one short of ``max_chain``, of its rank, played by
  consecutive seats ending with the seat before the one to play; its rank off the table;
  its run the next ranks up (table cards present, piles of real seats); calls only under
  ``explicit_calls``.  The trailed card is the last table card, trailed by the seat
  before the one to play.
- debts: to another real seat, and only while the debtor's pile is empty (debts are
  paid as soon as a pile has cards); none in a stones game.
- stones: team stones below the target and partides below ``partides_to_win`` until the
  game is over; the log's entries (known reasons, real teams) add up to the stones of
  the current partida, an empty log included (stones nobody scored cannot arise, and
  play, which logs every stone, would then reach a position whose log does not add up).
- the ronda stake: only in the ``bid`` phase of a stones game; its holders are real
  seats holding what they claim (a ronda is a pair, a rondí three of a rank), every
  holder is listed, from the eldest hand on; the bidders are the eldest holder of each
  team; the bids rise (number < game < joc) within the range the stones allow; the seat
  to play is the one to answer.

>>> from cau_rules import new_game
>>> position_problems(new_game("cau", players=2, seed=1))
[]
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from cau_rules.cards import Card, cards_text
from cau_rules.checks import listed, players_problem, sequence_problem, zone_problem
from cau_rules.fishing.engine import ronda_kind
from cau_rules.fishing.moves import JOC, Call, StakeValue, stake_rank
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.zones import PHASES, STONE_REASONS, Chain, Position, Stake, Tally

__all__ = ["MAX_HAND", "max_hand", "position_problems"]

MAX_HAND = 10**6
"""An upper bound on any hand number (the real bound is :func:`max_hand`)."""


def max_hand(rules: FishingRules) -> int:
    """The most hands a game of *rules* can last: ``hands``, or with stones the most a
    joc can last (every hand gives a team at least a stone: *pixat* or *bon fer*).

    >>> from cau_rules.fishing.rules import CAU, CAU_RECAU_SANT_VICENT
    >>> max_hand(CAU), max_hand(CAU_RECAU_SANT_VICENT)
    (1, 81)
    """
    if rules.rewards == "stones":
        return (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)
    return rules.hands


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _whole(value: object) -> bool:
    return type(value) is int


def _pairs_problem(value: object, where: str, most: int, first: type, second: type | tuple[type, ...]) -> str | None:
    """Why *value* is not a tuple of at most *most* ``(first, second)`` pairs."""
    problem = sequence_problem(value, where, most=most)
    if problem is not None:
        return problem
    assert isinstance(value, (tuple, list))
    for pair in value:
        if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], first) or \
                isinstance(pair[0], bool) or not isinstance(pair[1], second) or pair[1] is True or pair[1] is False:
            return f"{where} must hold ({first.__name__}, ...) pairs, not {pair!r:.40}"
    return None


def _chain_shape(chain: object, size: int, found: list[str]) -> None:
    if not isinstance(chain, Chain):
        found.append(f"the chain must be a Chain or None, not {type(chain).__name__}")
        return
    if not _whole(chain.rank):
        found.append(f"the chain's rank must be a whole number, not {chain.rank!r:.20}")
    for problem in (_pairs_problem(chain.cards, "the chain's cards", size, int, Card),
                    _pairs_problem(chain.run, "the chain's run", size, int, int)):
        if problem is not None:
            found.append(problem)
    if not isinstance(chain.calls, frozenset) or not all(isinstance(call, Call) for call in chain.calls):
        found.append("the chain's calls must be a frozenset of calls")
    elif not isinstance(chain.cards, (tuple, list)) or not chain.cards:
        found.append("a pending chain has cards")


def _tally_shape(tally: object, most_log: int, found: list[str]) -> None:
    if not isinstance(tally, Tally):
        found.append(f"the tally must be a Tally or None, not {type(tally).__name__}")
        return
    for what, pair in (("stones", tally.stones), ("partides", tally.partides)):
        if not isinstance(pair, tuple) or len(pair) != 2 or not all(_whole(value) for value in pair):
            found.append(f"the tally's {what} must be a pair of whole numbers (one per team), not {pair!r:.40}")
    problem = sequence_problem(tally.log, "the stones log", most=most_log)
    if problem is not None:
        found.append(problem)
        return
    for entry in tally.log:
        if not isinstance(entry, tuple) or len(entry) != 5 or not isinstance(entry[3], str) or \
                not all(_whole(entry[at]) for at in (0, 1, 2, 4)):
            found.append(f"a stones log entry is (partida, hand, team, reason, stones), not {entry!r:.60}")
            return


def _stake_shape(stake: object, players: int, most_bids: int, found: list[str]) -> None:
    if not isinstance(stake, Stake):
        found.append(f"the stake must be a Stake or None, not {type(stake).__name__}")
        return
    problem = _pairs_problem(stake.holders, "the stake's holders", players, int, Call)
    if problem is not None:
        found.append(problem)
    if not isinstance(stake.bidders, tuple) or len(stake.bidders) != 2 or not all(_whole(s) for s in stake.bidders):
        found.append(f"the stake's bidders must be a pair of seats, not {stake.bidders!r:.40}")
    problem = sequence_problem(stake.bids, "the stake's bids", most=most_bids)
    if problem is not None:
        found.append(problem)
    elif not all(bid is None or bid == JOC or _whole(bid) for bid in stake.bids):
        found.append(f"a bid is a whole number, None (the game) or 'joc', not one of {listed(map(repr, stake.bids))}")


def _shape_problems(position: Position) -> list[str]:
    """The problems that make every other check meaningless (see the module
    documentation): each field is looked at for its type and length only."""
    rules = position.rules
    found: list[str] = []
    n = position.players
    problem = players_problem(n, rules.check_players)
    if problem is not None:
        return [problem]
    size = rules.deck.size
    for name in ("to_play", "opener", "hand", "round", "last_capturer", "seed"):
        if not _whole(getattr(position, name)):
            found.append(f"{name} must be a whole number, not {getattr(position, name)!r:.20}")
    if not isinstance(position.phase, str):
        found.append(f"phase must be one of {', '.join(PHASES)}, not {position.phase!r:.20}")
    for name, zone in (("the stock", position.stock), ("the table", position.table), ("the discard", position.discard)):
        problem = zone_problem(zone, name, size)
        if problem is not None:
            found.append(problem)
    for name, zones in (("holdings", position.holdings), ("piles", position.piles)):
        problem = sequence_problem(zones, name, length=n)
        if problem is not None:
            found.append(problem)
            continue
        for seat, zone in enumerate(zones):
            problem = zone_problem(zone, f"seat {seat}'s {name[:-1]}", size)
            if problem is not None:
                found.append(problem)
    problem = sequence_problem(position.debts, "debts", length=n)
    if problem is None:
        for seat, owed in enumerate(position.debts):
            problem = _pairs_problem(owed, f"seat {seat}'s debts", size, int, int)
            if problem is not None:
                break
    if problem is not None:
        found.append(problem)
    problem = _pairs_problem(position.declarations, "declarations", n, int, Call)
    if problem is not None:
        found.append(problem)
    top = max_hand(rules)
    problem = sequence_problem(position.hand_scores, "hand_scores", most=top + 1)
    if problem is None:
        for row in position.hand_scores:
            problem = sequence_problem(row, "a row of hand scores", length=n)
            if problem is None and not all(_whole(score) for score in row):
                problem = f"hand scores are whole numbers, not {list(row)!r:.40}"
            if problem is not None:
                break
    if problem is not None:
        found.append(problem)
    if position.trail is not None:
        trail = position.trail
        if not isinstance(trail, tuple) or len(trail) != 2 or not _whole(trail[0]) or not isinstance(trail[1], Card):
            found.append(f"the trail must be a (seat, card) pair or None, not {trail!r:.40}")
    if position.chain is not None:
        _chain_shape(position.chain, size, found)
    if position.tally is not None:
        _tally_shape(position.tally, 2 * size * top, found)
    if position.stake is not None:
        _stake_shape(position.stake, n, rules.target, found)
    return found


def _card_problems(position: Position, problems: list[str]) -> None:
    deck = position.rules.deck
    zones: list[tuple[str, Sequence[Card]]] = [
        ("the stock", position.stock), ("the table", position.table), ("the discard", position.discard),
    ]
    zones += [(f"seat {seat}'s holding", holding) for seat, holding in enumerate(position.holdings)]
    zones += [(f"seat {seat}'s pile", pile) for seat, pile in enumerate(position.piles)]
    if position.chain is not None:
        zones.append(("the chain", [card for _, card in position.chain.cards]))
    seen: dict[Card, str] = {}
    twice: list[str] = []
    foreign: list[Card] = []
    for where, cards in zones:
        for card in cards:
            if not deck.contains(card):
                foreign.append(card)
            elif card in seen:
                twice.append(f"{card} ({seen[card]} and {where})")
            else:
                seen[card] = where
    if foreign:
        problems.append(f"cards not in the {deck.name} deck: {listed(card.code for card in foreign)}")
    if twice:
        problems.append(f"cards placed twice: {listed(twice)}")
    missing = [card for card in deck.cards if card not in seen]
    if missing:
        problems.append(f"cards missing from every zone: {listed(card.code for card in missing)}")
    counts = Counter(card.rank for card in position.table)
    repeated = sorted(rank for rank, count in counts.items() if count > 1)
    if repeated:
        problems.append(f"the table has two cards of rank {repeated[0]}; table ranks are always distinct")


def _counter_problems(position: Position, problems: list[str]) -> bool:
    """Seats and counters; False when the seats are too broken for the other checks."""
    rules, n = position.rules, position.players
    sound = True
    for name in ("to_play", "opener"):
        if not _is_seat(getattr(position, name), n):
            problems.append(f"{name} must be a seat from 0 to {n - 1}, not {getattr(position, name)!r}")
            sound = False
    if not (position.last_capturer == -1 or _is_seat(position.last_capturer, n)):
        problems.append(f"last_capturer must be -1 or a seat from 0 to {n - 1}, not {position.last_capturer!r}")
    if position.phase not in PHASES:
        problems.append(f"phase must be one of {', '.join(PHASES)}, not {position.phase!r}")
        sound = False
    top = max_hand(rules)
    if not 0 <= position.hand < top:
        problems.append(f"hand {position.hand} is out of range: a game of these rules has hands 0 to {top - 1}")
    rounds = rules.round_sizes(n)
    if rules.continuous and position.round:
        problems.append(f"continuous play has a single deal round: round must be 0, not {position.round}")
        sound = False
    elif not 0 <= position.round < len(rounds):
        problems.append(f"round {position.round} is out of range: a hand has deal rounds 0 to {len(rounds) - 1}")
        sound = False
    over = position.phase == "over"
    scores = position.hand_scores
    if rules.rewards == "stones":
        if len(scores) > position.hand:
            problems.append(f"{len(scores)} hand scores, but only {position.hand} hands have ended")
    elif len(scores) != position.hand + over:
        problems.append(
            f"{len(scores)} rows of hand scores, but {position.hand + over} hands have ended by hand "
            f"{position.hand}{' (the game is over)' if over else ''}"
        )
    high = 3 if rules.scoring == "dozens" else rules.deck.size
    for number, row in enumerate(scores):
        if len(row) != n or any(not 0 <= score <= high for score in row) or sum(row) > rules.deck.size:
            problems.append(f"hand score row {number} {list(row)} is not a possible score of {n} seats")
    return sound


def _holding_problems(position: Position, problems: list[str]) -> None:
    rules, n = position.rules, position.players
    sizes = [len(holding) for holding in position.holdings]
    phase, to_play, opener = position.phase, position.to_play, position.opener
    size = rules.round_sizes(n)[position.round]
    stock = len(position.stock)
    if phase == "over":
        if rules.rewards != "stones" and (any(sizes) or stock):
            problems.append("the game is over, yet cards are still held or in the stock")
        return
    if rules.continuous:
        if stock and any(held != size for held in sizes):
            problems.append(
                f"continuous play: while the stock lasts every player holds {size} cards, not {sizes}"
            )
        later = rules.deck.size - rules.table_count(n) - n * size
    else:
        later = n * sum(rules.round_sizes(n)[position.round + 1:])
        if stock % n:
            problems.append(f"the stock's {stock} cards cannot be dealt equally to {n} players")
    if stock > later:
        problems.append(
            f"the stock holds {stock} cards, but the deal rounds after round {position.round} give out {later}"
        )
    if phase in ("declare", "bid"):
        if len(set(sizes)) != 1 or not 1 <= sizes[0] <= size:
            problems.append(f"in the {phase} phase every player holds the {size} cards just dealt, not {sizes}")
        return
    if not sizes[to_play]:
        problems.append(f"seat {to_play} is to play but holds no card")
        return
    if rules.continuous and stock:
        fine = True  # every holding is full (checked above)
    elif rules.continuous:
        order = [sizes[(to_play + step) % n] for step in range(n)]
        fine = all(held in (order[0], order[0] - 1) for held in order) and order == sorted(order, reverse=True)
    else:
        played = (to_play - opener) % n
        held = sizes[to_play]
        fine = held <= size and all(
            sizes[(opener + step) % n] == (held - 1 if step < played else held) for step in range(n)
        )
    if not fine:
        problems.append(
            f"holdings of {sizes} cards cannot arise with seat {opener} opening the round and seat "
            f"{to_play} to play: every player gets {size} cards and plays in turn from the opener"
        )


def _chain_problems(position: Position, problems: list[str]) -> None:
    rules, n, chain = position.rules, position.players, position.chain
    table_ranks = {card.rank for card in position.table}
    before = (position.opener if position.phase in ("declare", "bid") else position.to_play) - 1
    if position.trail is not None:
        seat, card = position.trail
        if not _is_seat(seat, n):
            problems.append(f"the trailer must be a seat from 0 to {n - 1}, not {seat!r}")
        elif position.phase != "over" and seat != before % n:
            problems.append(f"seat {seat} trailed {card}, but the seat before the one to play is {before % n}")
        if not position.table or position.table[-1] is not card:
            problems.append(f"the trailed card {card} is not the last card placed on the table")
        if chain is not None:
            problems.append("a trailed card and a pending chain cannot both be set")
    if chain is None:
        return
    if not 2 <= chain.level < rules.max_chain:
        problems.append(f"a pending chain has 2 to {rules.max_chain - 1} cards under these rules, not {chain.level}")
    seats = [seat for seat, _ in chain.cards]
    if not all(_is_seat(seat, n) for seat in seats):
        problems.append(f"the chain's cards must be played by seats 0 to {n - 1}, not {seats}")
    elif any((b - a) % n != 1 for a, b in itertools.pairwise(seats)):
        problems.append(f"the chain's cards were played by seats {seats}, not one after the other")
    elif position.phase != "over" and seats[-1] != before % n:
        problems.append(f"the chain's last card was played by seat {seats[-1]}, not by the seat before the "
                        f"one to play ({before % n})")
    for _, card in chain.cards:
        if card.rank != chain.rank:
            problems.append(f"chain card {card} is not of the chain's rank {chain.rank}")
    if chain.rank in table_ranks:
        problems.append(f"the table holds rank {chain.rank}, the pending chain's rank; that cannot happen")
    successors = rules.deck.successor_table(rules.wrap)
    rank = chain.rank
    for unit_rank, owner in chain.run:
        rank = successors[rank] if 0 < rank < len(successors) else 0
        if unit_rank != rank:
            problems.append(f"the chain's run claims rank {unit_rank} where the run goes on with rank {rank}")
            break
        if owner == -1:
            if unit_rank not in table_ranks:
                problems.append(f"the chain claims a table card of rank {unit_rank} that is not there")
        elif not rules.open_piles or not _is_seat(owner, n):
            problems.append(f"the chain claims the pile of seat {owner}, which no run can take here")
    if chain.run and rules.no_runs_in_chains:
        problems.append("no_runs_in_chains: a chain claims no run")
    allowed = {rules.chain_call(chain.level), Call.NETA} if 2 <= chain.level <= rules.max_chain else set()
    if chain.calls and not rules.explicit_calls:
        problems.append("calls are made automatically under these rules; a chain announces none")
    elif not chain.calls <= allowed:
        problems.append(f"the chain announces calls it cannot make: {sorted(c.value for c in chain.calls - allowed)}")


def _debt_problems(position: Position, problems: list[str]) -> None:
    n = position.players
    for debtor, owed in enumerate(position.debts):
        for creditor, amount in owed:
            if not _is_seat(creditor, n) or creditor == debtor or not 1 <= amount <= position.rules.deck.size:
                problems.append(f"seat {debtor} cannot owe seat {creditor} {amount} cards")
        if owed and position.piles[debtor]:
            problems.append(f"seat {debtor} owes cards but its pile is not empty: debts are paid at once")
        if owed and position.rules.rewards == "stones":
            problems.append("a stones game pays no cards, so nobody owes any")


def _tally_problems(position: Position, tally: Tally, problems: list[str]) -> None:
    rules, over = position.rules, position.phase == "over"
    if any(stones < 0 for stones in tally.stones) or any(won < 0 for won in tally.partides):
        problems.append(f"stones and partides cannot be negative: {tally.stones}, {tally.partides}")
        return
    if not over:
        if max(tally.stones) >= rules.target:
            problems.append(f"a team with {max(tally.stones)} stones has already reached the target {rules.target}")
        if max(tally.partides) >= rules.partides_to_win:
            problems.append(f"a team with {max(tally.partides)} partides has already won the joc")
    elif sorted(tally.partides) != [min(tally.partides), rules.partides_to_win] or \
            min(tally.partides) >= rules.partides_to_win:
        problems.append(f"the game is over, so one team has won {rules.partides_to_win} partides, not {tally.partides}")
    totals = [0, 0]
    current = sum(tally.partides)
    if over:
        current = max((entry[0] for entry in tally.log), default=0)
    for partida, hand, team, reason, stones in tally.log:
        if reason not in STONE_REASONS or team not in (0, 1) or stones < 1 or hand > position.hand or \
                not 0 <= partida <= sum(tally.partides):
            problems.append(f"the stones log has an impossible entry: {(partida, hand, team, reason, stones)}")
            return
        if partida == current:
            totals[team] += stones
    if tuple(totals) != tally.stones:
        problems.append(f"the stones log of the current partida adds up to {tuple(totals)}, not {tally.stones}")


def _stake_problems(position: Position, stake: Stake, tally: Tally, problems: list[str]) -> None:
    rules, n = position.rules, position.players
    if position.phase != "bid":
        problems.append("a ronda stake is bid only in the 'bid' phase")
    seats = [seat for seat, _ in stake.holders]
    if not all(_is_seat(seat, n) for seat in seats) or len(set(seats)) != len(seats):
        problems.append(f"the stake's holders must be distinct seats from 0 to {n - 1}, not {seats}")
        return
    for seat, kind in stake.holders:
        held = ronda_kind(position.holdings[seat])
        if kind not in (Call.RONDA, Call.RONDI) or held is not kind:
            problems.append(f"seat {seat} claims a {kind.value} but holds "
                            f"{cards_text(position.holdings[seat]) or 'nothing'}")
    eldest = position.hand % n
    holders = [seat for seat in ((eldest + step) % n for step in range(n))
               if ronda_kind(position.holdings[seat]) is not None]
    if position.phase == "bid" and sorted(seats) != sorted(holders):
        problems.append(f"every ronda holder takes part in the stake: seats {holders}, not {seats}")
    if seats != sorted(seats, key=lambda seat: (seat - eldest) % n):
        problems.append(f"the stake's holders are listed from the eldest hand (seat {eldest}) on")
    first = seats[0] if seats else -1
    second = next((seat for seat in seats if seat % 2 != first % 2), -1)
    if stake.bidders != (first, second) or second < 0:
        problems.append(f"the bidders are the eldest holder of each team ({first}, {second}), not {stake.bidders}")
    last: StakeValue = 1
    top = rules.target - 1 - max(tally.stones)
    for bid in stake.bids:
        if bid == JOC and rules.partides_to_win == 1:
            problems.append("a joc can be bid only when partides_to_win > 1")
            break
        if stake_rank(bid) <= stake_rank(last) or last == JOC or (bid == JOC and rules.partides_to_win == 1) \
                or (type(bid) is int and not 2 <= bid <= top):
            problems.append(f"the bids {list(stake.bids)} do not rise within the range the stones allow (2 to {top})")
            break
        last = bid
    if position.to_play != stake.to_answer:
        problems.append(f"seat {stake.to_answer} is to answer the stake, not seat {position.to_play}")


def position_problems(position: Position) -> list[str]:
    """Every reason *position* cannot arise under its rules (see the module
    documentation); empty when it can.

    Args:
        position: the position (a state, or anything with its fields).

    Returns:
        One sentence per problem.

    >>> from cau_rules.fishing.rules import CAU
    >>> from cau_rules.fishing.state import FishingState
    >>> state = FishingState.from_position(CAU, 2, holdings=["8c 2b", "5c 11b"], table="3o",
    ...                                    rest="discard")
    >>> position_problems(state)
    []
    """
    problems = _shape_problems(position)
    if problems:
        return problems
    rules, phase = position.rules, position.phase
    _card_problems(position, problems)
    if _counter_problems(position, problems):
        _holding_problems(position, problems)
        _chain_problems(position, problems)
    _debt_problems(position, problems)
    if phase == "declare" and not (rules.explicit_calls and rules.rondas and rules.rewards == "cards"):
        problems.append("a declaration phase needs explicit_calls and rondas in a cards game")
    if position.declarations and phase != "declare":
        problems.append("rondas are declared only in the declaration phase")
    for seat, call in position.declarations:
        played = (position.to_play - position.opener) % position.players
        if not _is_seat(seat, position.players) or (seat - position.opener) % position.players >= played or \
                ronda_kind(position.holdings[seat]) is not call:
            problems.append(f"seat {seat} cannot have declared {call.value} here")
    tally, stake = position.tally, position.stake
    if (tally is not None) != (rules.rewards == "stones"):
        problems.append("stones are kept when, and only when, rewards='stones'")
    elif tally is not None:
        _tally_problems(position, tally, problems)
    if stake is not None:
        if tally is None:
            problems.append("a ronda stake exists only in a stones game")
        else:
            _stake_problems(position, stake, tally, problems)
    elif phase == "bid":
        problems.append("phase 'bid' needs a ronda stake")
    return problems
