"""Which *Cacho* positions can arise in a game: every problem of a position, at once.

Every way a state enters from outside (:meth:`CachoState.from_dict
<cau_rules.cacho.state.CachoState.from_dict>`, :meth:`~cau_rules.cacho.state.CachoState.from_position`,
:meth:`~cau_rules.cacho.state.CachoState.from_notation`) calls :func:`check_position`, which
raises :class:`~cau_rules.errors.InvalidPositionError` listing every problem that
:func:`problems` finds; :meth:`CachoState.status <cau_rules.cacho.state.CachoState.status>`
returns them (empty when the position is fine), like python-chess's ``Board.status()``.

The rules of a position that can arise:

- **Shape.** 2 to 8 seats (the rules' range), one entry per seat in every per-seat field,
  whole numbers and flags of the right types, a known way to end.
- **Cards.** The 24 Cacho cards, each exactly once, among the holdings and the stock.
- **Counters.** No counter is ever negative, and counters never enter or leave a session:
  the stacks and the pot add up to ``rules.stack`` times the players.  While no counter has
  moved (the first hand, or only void hands so far) every seat has exactly ``rules.stack``
  and the last seat deals.  What a seat put in this round is part of what it put in this
  hand.  Rounds 1 and 2 have their fixed bets only; every active seat put the same into the
  earlier rounds (the first fixed bet before round 2; before round 3 that, plus the second
  bet or nothing), and a seat that folded in an earlier round put in exactly what those
  rounds asked of it before it folded.  A round-3 bet stays within the resto: under
  ``cap_at_smallest`` the smallest stake of the active seats, under ``side_pots`` the
  stake some other seat of round 3 could match.
- **Hands and seats.** Hand numbers below ``max_hands`` (redeals never more than the
  hands before), seed 0 to 2**63 - 1, no more deck orders than hands, each the 24 cards.
  A seat not dealt in holds no cards, counters or bets; a seat dealt in had counters when
  the hand began; an active seat holds one card per round so far, a folded one 1 to that.
  The dealer is a seat dealt in; at least two seats are dealt in and two still active.
- **Turn.** The round is 1 to 3.  While nobody has bet, the seats still to act are those
  after the last pass in eldest order, and the first of them plays; after a bet, exactly
  the seats that may act and are short of it are still to act, in one run round the
  table from the seat to play.  A folded seat, a seat out, and (in round 3) a seat with no
  counters left never act.
- **The end.** A finished session has no pot, nobody to act and ``to_play`` -1; it ended
  with every counter in one stack (``ALL_COUNTERS``) or after its last hand
  (``MAX_HANDS``, with at least two seats still holding counters).

>>> from cau_rules.cacho import CACHO, new_game
>>> from cau_rules.cacho.validate import problems
>>> state = new_game(CACHO, 2, seed=1)
>>> problems(state)
[]
>>> import attrs
>>> for problem in problems(attrs.evolve(state, stacks=(21, 19), to_play=1)):
...     print(problem)
in hand 1 no counter has moved yet (every hand before was void), so every seat has 20, but seat 0 has 21
seat 1 cannot be the seat to play: while nobody has bet, the first seat still to act in eldest order plays (seat 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from cau_rules.cacho.legal import current_bet, eldest_order, is_active, may_act, resto_limit
from cau_rules.cacho.zones import Position, cycle_after
from cau_rules.cards import CACHO_24, Card, cards_text
from cau_rules.checks import MAX_SEED, sequence_problem, zone_problem
from cau_rules.errors import CauRulesError, InvalidPositionError
from cau_rules.outcome import Termination

__all__ = ["MAX_SEED", "TERMINATIONS", "check_basics", "check_position", "problems", "shape_problems"]

TERMINATIONS: tuple[Termination, ...] = (Termination.ALL_COUNTERS, Termination.MAX_HANDS)
"""The ways a Cacho session ends."""

_PER_SEAT = ("stacks", "contributions", "round_bets", "holdings", "dealt_in", "folded", "to_act")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shape_problems(position: Position) -> list[str]:
    """The problems that make every other check meaningless: the seat count, the length of
    each per-seat field, the types of numbers, flags and cards, the way the session ended.

    >>> from cau_rules.cacho import CACHO, new_game
    >>> import attrs
    >>> shape_problems(attrs.evolve(new_game(CACHO, 2), folded=(False,), round="1"))
    ['folded has 1 entries but there are 2 seats', "round must be a whole number, not '1'"]
    """
    found: list[str] = []
    rules = position.rules
    for name in _PER_SEAT:
        if sequence_problem(getattr(position, name), name) is not None:
            return [f"{name} must be a tuple with one entry per seat, not {type(getattr(position, name)).__name__}"]
    players = len(position.stacks)
    if not rules.min_players <= players <= rules.max_players:
        return [f"the position has {players:,} seats: {rules.name} is played by {rules.min_players} to "
                f"{rules.max_players} players"]
    for name in _PER_SEAT:
        size = len(getattr(position, name))
        if size != players:
            found.append(f"{name} has {size:,} entries but there are {players} seats")
    for name in ("stacks", "contributions", "round_bets"):
        for seat, count in enumerate(getattr(position, name)):
            if not _whole(count):
                found.append(f"{name}[{seat}] is {count!r}: counters are whole numbers")
    for name in ("dealt_in", "folded", "to_act"):
        for seat, flag in enumerate(getattr(position, name)):
            if not isinstance(flag, bool):
                found.append(f"{name}[{seat}] must be true or false, not {flag!r}")
    for name in ("seed", "hand", "redeal", "dealer", "round", "to_play"):
        if not _whole(getattr(position, name)):
            found.append(f"{name} must be a whole number, not {getattr(position, name)!r}")
    size = CACHO_24.size
    zones = [(f"seat {seat}'s holding", holding) for seat, holding in enumerate(position.holdings)]
    zones.append(("the stock", position.stock))
    problem = sequence_problem(position.decks, "the deck orders", most=rules.max_hands)
    if problem is None:
        zones += [(f"deck order {number}", order) for number, order in enumerate(position.decks)]
    else:
        found.append(problem)
    for where, zone in zones:
        problem = zone_problem(zone, where, size)
        if problem is not None:
            found.append(problem)
    if position.termination is not None and position.termination not in TERMINATIONS:
        name = getattr(position.termination, "name", repr(position.termination)[:20])
        found.append(f"a Cacho session cannot end by {name}")
    return found


def check_basics(position: Position) -> None:
    """Raise :class:`~cau_rules.errors.InvalidPositionError` listing the
    :func:`shape_problems` of *position*, if any."""
    _raise(shape_problems(position))


def check_position(position: Position) -> None:
    """Refuse a position that cannot arise in a game.

    Raises:
        InvalidPositionError: listing every problem :func:`problems` finds.
    """
    _raise(problems(position))


def _raise(found: Sequence[str]) -> None:
    if len(found) == 1:
        raise InvalidPositionError(found[0])
    if found:
        raise InvalidPositionError(f"{len(found)} problems: " + "; ".join(found))


def problems(position: Position) -> list[str]:
    """Every reason *position* cannot arise in a game, as sentences (empty if it can).

    Args:
        position: the position (a state, or anything with its fields).

    Returns:
        The problems, shape problems alone if there are any (nothing else can be checked
        then).
    """
    found = shape_problems(position)
    if found:
        return found
    found += _card_problems(position)
    found += _counter_problems(position)
    found += _hand_problems(position)
    for seat in range(len(position.stacks)):
        found += _seat_problems(position, seat)
    if position.termination is not None:
        found += _end_problems(position)
    elif 1 <= position.round <= 3 and 0 <= position.dealer < len(position.stacks):
        found += _play_problems(position)
    return found


def _card_problems(position: Position) -> list[str]:
    found: list[str] = []
    seen: set[Card] = set()
    twice: list[Card] = []
    for card in [card for holding in position.holdings for card in holding] + list(position.stock):
        if not CACHO_24.contains(card):
            found.append(f"{card} is not a Cacho card: the Cacho deck has ranks 1 to 6 only")
        elif card in seen:
            twice.append(card)
        seen.add(card)
    for card in twice:
        found.append(f"{card} appears more than once among the holdings and the stock")
    missing = [card for card in CACHO_24.cards if card not in seen]
    if missing:
        found.append(f"cards are missing from the holdings and the stock: {cards_text(missing)} "
                     "(all 24 must be there)")
    for number, order in enumerate(position.decks):
        try:
            CACHO_24.check_order(order)
        except CauRulesError as exc:
            found.append(f"deck order {number}: {exc}")
    return found


def _counter_problems(position: Position) -> list[str]:
    found: list[str] = []
    for name in ("stacks", "contributions", "round_bets"):
        for seat, count in enumerate(getattr(position, name)):
            if count < 0:
                found.append(f"{name}[{seat}] is {count}: counters are never negative")
    players, stack = len(position.stacks), position.rules.stack
    held, pot = sum(position.stacks), sum(position.contributions)
    if held + pot != players * stack:
        found.append(
            f"the counters add up to {held + pot} (stacks {held}, pot {pot}), but {players} players "
            f"starting with {stack} each hold {players * stack}: counters never enter or leave a session"
        )
    for seat in range(players):
        if position.round_bets[seat] > position.contributions[seat]:
            found.append(f"seat {seat} bet {position.round_bets[seat]} this round but put only "
                         f"{position.contributions[seat]} into the pot this hand")
    return found


def _hand_problems(position: Position) -> list[str]:
    found: list[str] = []
    rules, players = position.rules, len(position.stacks)
    if not 0 <= position.seed <= MAX_SEED:
        found.append(f"seed {position.seed} is out of range: seeds are 0 to {MAX_SEED}")
    if not 0 <= position.hand < rules.max_hands:
        found.append(f"hand {position.hand + 1} cannot be played: the session has max_hands {rules.max_hands}")
    if not 0 <= position.redeal <= max(position.hand, 0):
        found.append(f"hand {position.hand + 1} with redeal {position.redeal} is impossible: redeals never "
                     "outnumber the hands before")
    if len(position.decks) > rules.max_hands:
        found.append(f"{len(position.decks)} deck orders for a session of at most {rules.max_hands} hands")
    if not 0 <= position.dealer < players:
        found.append(f"there is no seat {position.dealer} to deal: seats are 0 to {players - 1}")
    if not 1 <= position.round <= 3:
        found.append(f"round {position.round} does not exist: betting rounds are 1 to 3")
    if position.termination is None and position.hand == position.redeal:
        # No counter has moved yet: the first hand, or void hands only.
        uneven = [seat for seat in range(players)
                  if position.stacks[seat] + position.contributions[seat] != rules.stack]
        if uneven:
            found.append(f"in hand {position.hand + 1} no counter has moved yet (every hand before was void), "
                         f"so every seat has {rules.stack}, but seat {uneven[0]} has "
                         f"{position.stacks[uneven[0]] + position.contributions[uneven[0]]}")
        if position.dealer != players - 1:
            found.append(f"the last seat ({players - 1}) deals until a hand is played, not seat {position.dealer}")
    return found


def _fixed_before(position: Position, rnd: int) -> int | None:
    """What a seat that reached round *rnd* put in before it, if the rounds fix it (round 3:
    None, as round 2 may have been passed)."""
    return (0, position.rules.bets[0], None)[rnd - 1] if 1 <= rnd <= 3 else None


def _seat_problems(position: Position, seat: int) -> list[str]:
    found: list[str] = []
    rnd, over = position.round, position.termination is not None
    holding = position.holdings[seat]
    stack, paid, this_round = position.stacks[seat], position.contributions[seat], position.round_bets[seat]
    if not position.dealt_in[seat]:
        if holding or stack or paid or position.folded[seat] or position.to_act[seat]:
            found.append(f"seat {seat} is out of the session (holds no card), yet it has counters, bets or a "
                         "part in the hand (a player with no counters at the start of a hand is out)")
        return found
    if not holding:
        found.append(f"seat {seat} is dealt in but holds no card")
        return found
    if not over and stack + paid == 0:
        found.append(f"seat {seat} is dealt in with no counters at all: a player with none at the start "
                     "of a hand is out")
    if not 1 <= rnd <= 3:
        return found
    reached = len(holding)
    if position.folded[seat]:
        if not 1 <= reached <= rnd:
            found.append(f"seat {seat} folded holding {reached} cards: in round {rnd} a folded seat holds 1 to {rnd}")
            return found
    elif reached != rnd:
        found.append(f"seat {seat} holds {reached} cards ({cards_text(holding)}), but in round {rnd} every "
                     f"active player holds {rnd}")
        return found
    if over:
        return found
    bets = position.rules.bets
    if reached < rnd:
        # Folded in an earlier round, facing a fixed bet it had not matched.
        expected = _fixed_before(position, reached)
        if paid != expected or this_round:
            found.append(f"seat {seat} folded in round {reached}, so it put in {expected} (the fixed bets "
                         f"before that round) and nothing since, not {paid} with {this_round} this round")
        return found
    earlier = paid - this_round
    fixed = _fixed_before(position, rnd)
    if fixed is not None and earlier != fixed:
        found.append(f"seat {seat} put {earlier} into the pot before round {rnd}, but every seat that "
                     f"reaches round {rnd} put in exactly {fixed}")
    if fixed is None and earlier not in (bets[0], bets[0] + bets[1]):
        found.append(f"seat {seat} put {earlier} into the pot before round 3, but a seat that reaches it put "
                     f"in {bets[0]} or {bets[0] + bets[1]}")
    if position.folded[seat] and this_round >= current_bet(position):
        found.append(f"seat {seat} folded in round {rnd} with {this_round} in, but a seat folds only facing a "
                     "higher bet")
    if rnd < 3 and this_round not in (0, bets[rnd - 1]):
        found.append(f"seat {seat} bet {this_round} in round {rnd}, whose bet is fixed at {bets[rnd - 1]}")
    return found


def _play_problems(position: Position) -> list[str]:
    found: list[str] = []
    players, rnd = len(position.stacks), position.round
    if not position.dealt_in[position.dealer]:
        found.append(f"the dealer, seat {position.dealer}, is out of the session: the deal skips it")
    if position.dealt_in.count(True) < 2:
        found.append("a hand needs at least two players dealt in")
    active = [seat for seat in range(players) if is_active(position, seat)]
    if len(active) < 2:
        found.append("a hand in play has at least two active players (else the pot is already won)")
        return found
    if rnd == 3:
        found += _round_3_problems(position, active)
    for seat in range(players):
        if position.to_act[seat] and not may_act(position, seat):
            why = "has no counters left" if is_active(position, seat) else "is not active"
            found.append(f"seat {seat} cannot be waiting to act: it {why}")
    if not any(position.to_act):
        found.append("nobody is waiting to act, so this round is already over")
        return found
    found += _turn_problems(position)
    return found


def _round_3_problems(position: Position, active: list[int]) -> list[str]:
    found: list[str] = []
    bet = current_bet(position)
    earlier = {position.contributions[seat] - position.round_bets[seat] for seat in range(len(position.stacks))
               if position.dealt_in[seat] and len(position.holdings[seat]) == 3}
    if len(earlier) > 1:
        found.append(f"the seats of round 3 put different amounts into rounds 1 and 2 ({sorted(earlier)}): "
                     "they all matched the same bets")
    stakes = {seat: position.stacks[seat] + position.round_bets[seat] for seat in active}
    if position.rules.resto == "cap_at_smallest":
        if min(stakes.values()) == 0:
            found.append("under cap_at_smallest an active player with no counters at the start of round 3 "
                         "leaves no betting: the hand goes straight to the showdown")
        cap = resto_limit(position, active[0])
        if bet > cap:
            found.append(f"a round-3 bet of {bet} exceeds the resto cap of {cap} (the smallest stake among "
                         "active players)")
    else:
        reached = sorted((position.stacks[seat] + position.round_bets[seat] for seat in range(len(position.stacks))
                          if position.dealt_in[seat] and len(position.holdings[seat]) == 3), reverse=True)
        if len(reached) >= 2 and bet > reached[1]:
            found.append(f"a round-3 bet of {bet} is more than any other player of round 3 could match "
                         f"({reached[1]})")
    return found


def _turn_problems(position: Position) -> list[str]:
    found: list[str] = []
    players, to_play = len(position.stacks), position.to_play
    bet = current_bet(position)
    if not 0 <= to_play < players:
        return [f"there is no seat {to_play} to play: seats are 0 to {players - 1}"]
    if bet:
        for seat in range(players):
            short = may_act(position, seat) and position.round_bets[seat] < bet
            if short and not position.to_act[seat]:
                found.append(f"seat {seat} is short of the bet of {bet} and must still act: it belongs in to_act")
            elif position.to_act[seat] and not short and may_act(position, seat):
                found.append(f"seat {seat} has matched the bet of {bet}, so it has nothing to do in this round")
    else:
        bettors = [seat for seat in eldest_order(position) if may_act(position, seat)]
        waiting = [seat for seat in bettors if position.to_act[seat]]
        if waiting and waiting != bettors[bettors.index(waiting[0]):]:
            found.append("while nobody has bet, the seats still to act are those after the last pass in eldest "
                         f"order, not seats {', '.join(map(str, waiting))}")
    if not position.to_act[to_play]:
        if not position.dealt_in[to_play]:
            why = "is out of the session"
        elif position.folded[to_play]:
            why = "has folded"
        else:
            why = "has nothing to do in this round"
        found.append(f"seat {to_play} cannot be the seat to play: it {why}")
        return found
    if not bet:
        first = next((seat for seat in eldest_order(position) if position.to_act[seat]), to_play)
        if to_play != first:
            found.append(f"seat {to_play} cannot be the seat to play: while nobody has bet, the first seat still "
                         f"to act in eldest order plays (seat {first})")
        return found
    bettors = [seat for seat in cycle_after(to_play - 1, players) if may_act(position, seat)]
    flags = [position.to_act[seat] for seat in bettors]
    run = flags.index(False) if False in flags else len(flags)
    if any(flags[run:]):
        found.append(f"after a bet the seats still to act follow each other round the table from the seat to "
                     f"play (seat {to_play}); seats {', '.join(str(s) for s in bettors if position.to_act[s])} "
                     "do not")
    return found


def _end_problems(position: Position) -> list[str]:
    found: list[str] = []
    if any(position.contributions) or any(position.round_bets):
        found.append("a finished session has no pot: every counter is in a stack")
    if any(position.to_act) or position.to_play != -1:
        found.append("a finished session has nobody to act: to_play is -1 and to_act empty")
    holders = sum(1 for stack in position.stacks if stack > 0)
    if position.termination is Termination.ALL_COUNTERS and holders != 1:
        found.append(f"the session cannot have ended with every counter in one stack: {holders} seats hold counters")
    if position.termination is Termination.MAX_HANDS:
        if position.hand != position.rules.max_hands - 1:
            found.append(f"the session cannot have ended after its last hand in hand {position.hand + 1}: "
                         f"max_hands is {position.rules.max_hands}")
        if holders < 2:
            found.append("a session that ends with one player holding every counter ends by ALL_COUNTERS")
    return found
