"""Which four-card positions can arise: the checks every state from outside passes.

:func:`position_fields` reads an exact position given as Python values (as
``QuatreState.from_position``, the JSON loader, the notation reader and resampling give
it), refuses wrong Python types with :class:`TypeError`, and then asks
:func:`position_problems` for every fact no game can reach; it raises one
:class:`~cau_rules.errors.InvalidPositionError` listing them all.
``QuatreState.status()`` reports the same problems of a state without raising.

What is checked (D-FOUR):

- shape first: every field has the Python type the other checks read, the player count
  is one the rules allow, one holding and one known-card list per seat, and no zone or
  list longer than can arise (a card zone at most the deck), each looked at for its type
  and length only; a position with a shape problem is reported with those problems
  alone, so ``status()`` never fails and a zone of any length costs one look at its
  length.  Every later check is linear in the size of the position, and every message
  lists a bounded number of items;
- every card of the deck is in exactly one zone (stock, table, holdings, the chain);
- the pending zones match the phase (a chain in ``chain``, a gift in ``gift``, a lay in
  ``lay``, a termination exactly when ``over``), and each is one the moves can leave:
  a chain of one or two cards in turn order onto a card of its rank, the seat after its
  last caller to add and holding the rank; a gift owed by the seat after the chain's
  last caller, who is the seat ``level - 1`` places after the turn's starter and holds
  the chain's cards; a lay only with an empty stock, of ``table_size`` cards or all the
  player holds, in deck order;
- holding sizes against the deal and the turn: the stock never holds more than the deal
  left; while it has cards, the table has at most ``table_size``, every seat holds at
  least ``hand_size`` cards at the start of a turn (refills come after every turn) and
  at most one fewer for each card it played into the chain under way, and before the
  first turn is over (the stock still as dealt) the sizes are exactly the deal's;
- seats out only once the stock is empty and holding nothing; a game in progress with
  two seats in it; passes and turns without stock counted only with an empty stock,
  fewer passes than seats in the game, no more passes than such turns, the safety
  bound's count below its limit until it ends the game;
- the end: the last holder holds every card and every other seat is out; a game ended
  by the safety bound has two seats or more in it, each holding cards;
- cards known to all are in their holder's holding; private records name another
  seat's card, once; the seed is from 0 to 2**63 - 1.

>>> from cau_rules.quatre.rules import QUATRE
>>> kwargs = dict(table="5c 1o 7e 12b", stock=None, phase="turn", starter=None, chain=None, gift=None,
...               lay=None, known=None, private=(), out=(), passes=0, turns_after_stock=0, termination=None,
...               seed=0)
>>> fields = position_fields(QUATRE, 2, holdings=["5o 2o 3o 4o", "5e 4c 6c 7c"], to_play=0, **kwargs)
>>> len(fields["stock"]), position_problems(**fields)
(28, [])
>>> position_fields(QUATRE, 2, holdings=["5o 2o 3o 4o 6o", "5e 4c 6c"], to_play=0, **kwargs)
Traceback (most recent call last):
...
cau_rules.errors.InvalidPositionError: this position cannot arise (2 problems): with 28 cards in the stock seat 1 would have drawn up to 4 cards after the last turn, but it holds 3; in the first turn, with nothing drawn yet, the holdings hold [4, 4] cards, not [5, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cau_rules.cards import Card, cards_text, parse_cards
from cau_rules.checks import (
    MAX_SEED,
    check_type,
    listed,
    players_problem,
    sequence_problem,
    whole_number,
    zone_problem,
)
from cau_rules.errors import InvalidPositionError, InvalidRulesError
from cau_rules.outcome import Termination
from cau_rules.quatre.legal import layable
from cau_rules.quatre.rules import MAX_CHAIN, QuatreRules
from cau_rules.quatre.zones import PHASES, PendingGift, PendingLay, Phase, QuatreChain, next_active

__all__ = ["MAX_SEED", "MIN_SEED", "TERMINATIONS", "position_fields", "position_problems"]

MIN_SEED = 0
"""The smallest seed a position may have.

>>> MIN_SEED
0
"""

TERMINATIONS: tuple[Termination, ...] = (Termination.LAST_HOLDER, Termination.SAFETY_BOUND)
"""The ways a four-card game ends (D-FOUR-5).

>>> [ending.name for ending in TERMINATIONS]
['LAST_HOLDER', 'SAFETY_BOUND']
"""


def _zone(value: object, parameter: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value, most=len(Card))
    if not isinstance(value, Iterable):
        raise TypeError(f"{parameter} must be a string of card codes or an iterable of cards, "
                        f"not {type(value).__name__}")
    items = list(value)
    for item in items:
        if not isinstance(item, (Card, str)):
            raise TypeError(f"{parameter} must hold cards or card codes, not {type(item).__name__}")
    return parse_cards(items, most=len(Card))


def _zones(value: object, parameter: str) -> list[tuple[Card, ...]]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(f"{parameter} must be a sequence of one zone per seat, not {type(value).__name__}")
    return [_zone(zone, f"{parameter}[{seat}]") for seat, zone in enumerate(value)]


def _int(value: object, parameter: str) -> int:
    check_type(value, int, parameter)
    assert isinstance(value, int)
    return value


def _seats(value: object, parameter: str) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"{parameter} must be an iterable of seats, not {type(value).__name__}")
    return tuple(_int(seat, parameter) for seat in value)


def position_fields(
    rules: QuatreRules,
    players: int,
    *,
    holdings: Sequence[Iterable[Card | str] | str],
    table: Iterable[Card | str] | str,
    stock: Iterable[Card | str] | str | None,
    to_play: int,
    phase: Phase,
    starter: int | None,
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    known: Sequence[Iterable[Card | str] | str] | None,
    private: Iterable[tuple[int, int, Card | str]],
    out: Iterable[int],
    passes: int,
    turns_after_stock: int,
    termination: Termination | None,
    seed: int,
) -> dict[str, Any]:
    """The field values of an exact position, checked (see ``QuatreState.from_position``).

    When *stock* is None the cards placed nowhere else go to the stock in deck order;
    *starter* None means *to_play* (the chain's starter during a chain); *known* None
    means no card is known to all.

    Raises:
        InvalidPositionError: the position cannot arise; the message lists every problem.
        InvalidNotationError: a malformed card code.
        InvalidRulesError: a player count the rules cannot play, or a seed out of range.
        TypeError: an argument of the wrong type (named).
    """
    check_type(rules, QuatreRules, "rules")
    check_type(players, int, "players")
    rules.check_players(players)
    check_type(seed, int, "seed")
    whole_number(seed, "seed", low=MIN_SEED, high=MAX_SEED, error=InvalidRulesError)
    hold = tuple(_zones(holdings, "holdings"))
    tab = _zone(table, "table")
    for record, kind, name in ((chain, QuatreChain, "chain"), (gift, PendingGift, "gift"),
                               (lay, PendingLay, "lay"), (termination, Termination, "termination")):
        if record is not None:
            check_type(record, kind, name)
    for name, number in (("to_play", to_play), ("passes", passes), ("turns_after_stock", turns_after_stock)):
        _int(number, name)
    _check_zones(chain, gift, lay)
    if not isinstance(phase, str):
        raise TypeError(f"phase must be str, not {type(phase).__name__}")
    out_seats = _seats(out, "out")
    problems: list[str] = []
    if stock is None:
        placed = {*tab, *(chain.all_cards if chain is not None else ())}
        for zone in hold:
            placed.update(zone)
        stk = tuple(card for card in rules.deck.cards if card not in placed)
    else:
        stk = _zone(stock, "stock")
    if starter is None:
        if phase == "gift":
            problems.append("during a gift the starter (the seat whose turn it is) must be given")
        start = chain.starter if chain is not None and chain.cards else to_play
    else:
        start = _int(starter, "starter")
    known_zones: list[tuple[Card, ...]] = [()] * players
    if known is not None:
        listed_zones = _zones(known, "known")
        if len(listed_zones) != players:
            problems.append(f"{players} players need {players} known-card lists, not {len(listed_zones)}")
        else:
            for seat, zone in enumerate(listed_zones):
                mine = hold[seat] if seat < len(hold) else ()
                held, named = set(mine), set(zone)  # each zone counted once: linear
                if not named <= held or len(named) != len(zone):
                    problems.append(f"the known cards of seat {seat} ({listed(card.code for card in zone)}) must be "
                                    "distinct cards of its holding")
                known_zones[seat] = tuple(card for card in mine if card in named)
    if isinstance(private, str) or not isinstance(private, Iterable):
        raise TypeError(f"private must be an iterable of (seat, holder, card) records, not {type(private).__name__}")
    records: list[tuple[int, int, Card]] = []
    for entry in private:
        if not isinstance(entry, (tuple, list)) or len(entry) != 3:
            raise TypeError(f"private must hold (seat, holder, card) records, not {entry!r:.40}")
        knower, holder, code = entry
        records.append((_int(knower, "private"), _int(holder, "private"), _zone([code], "private")[0]))
    fields: dict[str, Any] = {
        "rules": rules, "players": players, "seed": seed, "phase": phase, "to_play": to_play, "starter": start,
        "stock": stk, "table": tab, "holdings": hold, "chain": chain, "gift": gift, "lay": lay,
        "known": tuple(known_zones), "private": tuple(records), "out": out_seats, "passes": passes,
        "turns_after_stock": turns_after_stock, "termination": termination,
    }
    problems += position_problems(**fields)
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        raise InvalidPositionError(f"this position cannot arise ({count}): {'; '.join(problems)}")
    return fields


def _check_zones(chain: QuatreChain | None, gift: PendingGift | None, lay: PendingLay | None) -> None:
    """Raise TypeError unless the pending zones hold cards and whole numbers."""
    if chain is not None:
        check_type(chain.target, Card, "chain.target")
        if not isinstance(chain.cards, tuple) or not all(
                isinstance(entry, tuple) and len(entry) == 2 for entry in chain.cards):
            raise TypeError("chain.cards must be a tuple of (seat, card) pairs")
        for seat, card in chain.cards:
            check_type(seat, int, "a chain card's seat")
            check_type(card, Card, "a chain card")
    if gift is not None:
        for name in ("giver", "receiver", "owed", "level"):
            check_type(getattr(gift, name), int, f"gift.{name}")
    if lay is not None:
        check_type(lay.owed, int, "lay.owed")
        if lay.after is not None:
            check_type(lay.after, Card, "lay.after")


def _advance(seat: int, steps: int, players: int, out: Sequence[int]) -> int:
    for _ in range(steps):
        seat = next_active(seat, players, out)
    return seat


def _whole(value: object) -> bool:
    return type(value) is int


def _shape_problems(fields: dict[str, Any]) -> list[str]:
    """The problems that make every other check meaningless: each field looked at for
    its type and length only (see the module documentation)."""
    rules, n = fields["rules"], fields["players"]
    problem = players_problem(n, rules.check_players)
    if problem is not None:
        return [problem]
    size = rules.deck.size
    found: list[str] = []
    for name in ("seed", "to_play", "starter", "passes", "turns_after_stock"):
        if not _whole(fields[name]):
            found.append(f"{name} must be a whole number, not {fields[name]!r:.20}")
    if not isinstance(fields["phase"], str):
        found.append(f"phase must be one of {', '.join(PHASES)}, not {fields['phase']!r:.20}")
    problems = [zone_problem(fields["stock"], "the stock", size), zone_problem(fields["table"], "the table", size)]
    holdings, known = fields["holdings"], fields["known"]
    if not (isinstance(holdings, (tuple, list)) and isinstance(known, (tuple, list))):
        return [f"holdings and known must be tuples, one zone per seat, not {type(holdings).__name__} and "
                f"{type(known).__name__}"]
    if len(holdings) != n or len(known) != n:
        return [f"{n} players need {n} holdings and {n} known-card lists, not {len(holdings):,} and {len(known):,}"]
    for name, what in (("holdings", "holding"), ("known", "known-card list")):
        problems += [zone_problem(zone, f"seat {seat}'s {what}", size) for seat, zone in enumerate(fields[name])]
    problem = sequence_problem(fields["out"], "the seats out", most=n)
    if problem is None and not all(_whole(seat) for seat in fields["out"]):
        problem = f"the seats out are whole numbers, not {listed(map(repr, fields['out']))}"
    problems.append(problem)
    problem = sequence_problem(fields["private"], "the private records", most=size)
    if problem is None:
        for record in fields["private"]:
            if not isinstance(record, tuple) or len(record) != 3 or not _whole(record[0]) or \
                    not _whole(record[1]) or not isinstance(record[2], Card):
                problem = f"a private record is (knower, holder, card), not {record!r:.40}"
                break
    problems.append(problem)
    for name, kind in (("chain", QuatreChain), ("gift", PendingGift), ("lay", PendingLay),
                       ("termination", Termination)):
        if fields[name] is not None and not isinstance(fields[name], kind):
            problems.append(f"{name} must be a {kind.__name__} or None, not {type(fields[name]).__name__}")
    chain, gift, lay = fields["chain"], fields["gift"], fields["lay"]
    if isinstance(chain, QuatreChain):
        if not isinstance(chain.target, Card):
            problems.append(f"the chain's table card must be a card, not {chain.target!r:.20}")
        problem = sequence_problem(chain.cards, "the chain's cards", most=MAX_CHAIN)
        if problem is None and not all(isinstance(entry, tuple) and len(entry) == 2 and _whole(entry[0])
                                       and isinstance(entry[1], Card) for entry in chain.cards):
            problem = "the chain's cards must be (seat, card) pairs"
        problems.append(problem)
    if isinstance(gift, PendingGift) and not all(_whole(getattr(gift, name))
                                                 for name in ("giver", "receiver", "owed", "level")):
        problems.append("a gift's giver, receiver, owed and level are whole numbers")
    if isinstance(lay, PendingLay) and (not _whole(lay.owed) or not (lay.after is None or isinstance(lay.after, Card))):
        problems.append("a lay owes a whole number of cards, after a card or None")
    found += [problem for problem in problems if problem is not None]
    return found


def position_problems(
    *,
    rules: QuatreRules,
    players: int,
    seed: int,
    phase: Phase,
    to_play: int,
    starter: int,
    stock: Sequence[Card],
    table: Sequence[Card],
    holdings: Sequence[Sequence[Card]],
    chain: QuatreChain | None,
    gift: PendingGift | None,
    lay: PendingLay | None,
    known: Sequence[Sequence[Card]],
    private: Sequence[tuple[int, int, Card]],
    out: Sequence[int],
    passes: int,
    turns_after_stock: int,
    termination: Termination | None,
) -> list[str]:
    """Every reason why the position with these field values cannot arise, as
    sentences (empty when it can).  See the module for what is checked.

    >>> from cau_rules.quatre import QUATRE, new_game
    >>> state = new_game(QUATRE, 2, seed=5)
    >>> fields = {name: getattr(state, name) for name in (
    ...     "rules", "players", "seed", "phase", "to_play", "starter", "stock", "table", "holdings", "chain",
    ...     "gift", "lay", "known", "private", "out", "passes", "turns_after_stock", "termination")}
    >>> position_problems(**fields)
    []
    >>> for problem in position_problems(**{**fields, "passes": 1, "out": (1,)}):
    ...     print(problem)
    seat 1 is out but holds 6c 2e 5c 5o
    a seat is out only once the stock is empty
    a game in progress needs at least two seats that are not out
    turns are passed only with an empty stock
    1 passes in a row with 1 seats in the game would have made the next one lay
    there cannot be more passes in a row (1) than turns played since the stock ran out (0)
    """
    problems = _shape_problems(locals())
    if problems:
        return problems
    n = players
    say = problems.append
    if not MIN_SEED <= seed <= MAX_SEED:
        say(f"the seed must be from {MIN_SEED} to {MAX_SEED}, not {seed}")

    def seat_ok(value: int, what: str) -> bool:
        if 0 <= value < n:
            return True
        say(f"{what} must be a seat from 0 to {n - 1}, not {value}")
        return False

    # cards: each card of the deck exactly once
    deck = rules.deck
    placed = [*stock, *table, *(chain.all_cards if chain is not None else ())]
    for holding in holdings:
        placed.extend(holding)
    foreign = [card for card in placed if not deck.contains(card)]
    if foreign:
        say(f"cards not in the {deck.name} deck: {listed(card.code for card in foreign)}")
    seen: set[Card] = set()
    twice = [card for card in placed if card in seen or seen.add(card)]  # type: ignore[func-returns-value, unused-ignore]
    if twice:
        say(f"cards placed twice: {listed(card.code for card in twice)}")
    if len(seen) - len(set(foreign)) != deck.size:  # (deck.cards builds a tuple: only when needed)
        missing = [card for card in deck.cards if card not in seen]
        say(f"cards missing from every zone: {listed(card.code for card in missing)}")

    # phase and the zones it keeps
    if phase not in PHASES:
        say(f"phase must be one of {', '.join(PHASES)}, not {phase!r:.20}")
    for name, zone, wanted in (("a pending chain", chain, "chain"), ("a pending gift", gift, "gift"),
                               ("a lay under way", lay, "lay")):
        if (zone is not None) != (phase == wanted):
            say(f"{name} is there exactly in the {wanted!r} phase")
    over = phase == "over"
    if (termination is None) == over:
        say("termination is set exactly when the phase is 'over'")
    if termination is not None and termination not in TERMINATIONS:
        say(f"a four-card game ends on {' or '.join(t.name for t in TERMINATIONS)}, not {termination.name}")
    to_play_ok = seat_ok(to_play, "to_play")
    starter_ok = seat_ok(starter, "the starter")

    # seats out of the game
    out_ok = [seat for seat in out if seat_ok(seat, "a seat out")]
    if len(set(out)) != len(out):
        say(f"a seat is listed out twice: {list(out)}")
    for seat in out_ok:
        if holdings[seat]:
            say(f"seat {seat} is out but holds {cards_text(holdings[seat])}")  # at most the deck (shape)
    if out and stock:
        say("a seat is out only once the stock is empty")
    active = [seat for seat in range(n) if seat not in out]
    if not over and len(active) < 2:
        say("a game in progress needs at least two seats that are not out")
    if not over and to_play in out:
        say(f"seat {to_play} is to play but is out")
    if starter in out and not over:
        say(f"the starter, seat {starter}, is out")

    # counters
    limit = rules.max_turns_after_stock
    if passes < 0:
        say(f"passes must be a count from 0, not {passes}")
    if turns_after_stock < 0:
        say(f"turns_after_stock must be a count from 0, not {turns_after_stock}")
    if passes and stock:
        say("turns are passed only with an empty stock")
    if not over and passes and passes >= len(active):
        say(f"{passes} passes in a row with {len(active)} seats in the game would have made the next one lay")
    if passes > turns_after_stock:
        say(f"there cannot be more passes in a row ({passes}) than turns played since the stock ran out "
            f"({turns_after_stock})")
    if turns_after_stock and stock:
        say("turns are counted after the stock ran out, and the stock is not empty")
    if turns_after_stock > limit or (turns_after_stock == limit and termination is not Termination.SAFETY_BOUND):
        say(f"the safety bound ends the game {limit} turns after the stock ran out, so {turns_after_stock} "
            "turns cannot be reached in it")
    if termination is Termination.SAFETY_BOUND:
        if turns_after_stock != limit:
            say(f"the safety bound ends a game after {limit} turns without stock, not {turns_after_stock}")
        if len(active) < 2 or any(not holdings[seat] for seat in active):
            say("a game ended by the safety bound has two seats or more in it, each holding cards")
    if termination is Termination.LAST_HOLDER:
        holders = [seat for seat in range(n) if holdings[seat]]
        if len(holders) != 1 or table or stock:
            say("a game won by the last player holding cards has exactly one holding and no card elsewhere")
        elif sorted(out) != [seat for seat in range(n) if seat != holders[0]] or to_play != holders[0]:
            say(f"seat {holders[0]} won holding every card: every other seat is out and the winner is last to play")
    if phase in ("turn", "lay", "over") and starter != to_play:
        say("on a turn or a lay (and once the game is over) the starter is the seat to play")

    if to_play_ok and starter_ok and len(active) >= 2:  # (fewer is reported above)
        if chain is not None and phase == "chain":
            _chain_problems(chain, holdings, to_play, starter, n, out, say)
        if gift is not None and phase == "gift":
            _gift_problems(gift, holdings, to_play, starter, n, out, say)
        if lay is not None and phase == "lay":
            _lay_problems(lay, rules, holdings[to_play], table, stock, passes, to_play, say)
        _size_problems(rules, phase, holdings, stock, table, chain, gift, starter, to_play, known, private, n,
                       out, say)
    if phase in ("turn", "lay") and not stock:
        for seat in active:
            if not holdings[seat]:
                say(f"seat {seat} holds no card and the stock is empty: it would be out")
    if phase == "turn" and not stock and not table:
        say("the centre is empty and the stock cannot refill it: the player to move would lay")

    # knowledge
    for seat, cards in enumerate(known):
        held = set(holdings[seat])
        stray = [card for card in cards if card not in held]
        if stray:
            say(f"the cards known to be held by seat {seat} are not in its holding: {listed(c.code for c in stray)}")
    named: set[Card] = set()
    for knower, holder, card in private:
        if not (0 <= knower < n and 0 <= holder < n) or knower == holder or card not in holdings[holder]:
            say(f"private record ({knower}, {holder}, {card}): the card must be in the holding of another seat "
                "than the knower")
        elif card in known[holder]:
            say(f"card {card} is known to all and cannot also be known privately")
        if card in named:
            say(f"card {card} has two private records")
        named.add(card)
    return problems


def _chain_problems(chain: QuatreChain, holdings: Sequence[Sequence[Card]], to_play: int, starter: int,
                    n: int, out: Sequence[int], say: Any) -> None:
    """A chain under way: one or two cards of its rank, in turn order from the starter."""
    if not 1 <= chain.level < MAX_CHAIN:
        say(f"a pending chain has 1 to {MAX_CHAIN - 1} played cards, not {chain.level}")
        return
    expected = starter
    for seat, card in chain.cards:
        if seat != expected:
            say(f"the chain's cards are played in turn order from the starter, seat {starter}: "
                f"seat {expected} played next, not seat {seat}")
            return
        if card.rank != chain.rank:
            say(f"chain card {card} is not of the chain's rank {chain.rank}")
        expected = next_active(seat, n, out)
    if to_play != expected:
        say(f"during a chain the seat after its last caller ({expected}) is to play, not seat {to_play}")
    elif not any(card.rank == chain.rank for card in holdings[to_play]):
        say(f"seat {to_play} holds no card of rank {chain.rank}: the chain would have ended")


def _gift_problems(gift: PendingGift, holdings: Sequence[Sequence[Card]], to_play: int, starter: int, n: int,
                   out: Sequence[int], say: Any) -> None:
    """A gift owed: by the seat after the chain's last caller, for the chain it took."""
    if not (0 <= gift.receiver < n and 0 <= gift.giver < n):
        say(f"the gift's giver and receiver must be seats from 0 to {n - 1}")
        return
    if not 1 <= gift.level <= MAX_CHAIN:
        say(f"a chain has 1 to {MAX_CHAIN} played cards, not {gift.level}")
        return
    if gift.giver != to_play or gift.receiver in out or gift.giver != next_active(gift.receiver, n, out):
        say("the giver is the seat to play and the seat after the receiver (the chain's last caller)")
    if gift.receiver != _advance(starter, gift.level - 1, n, out):
        say(f"a chain of {gift.level} cards started by seat {starter} ends with seat "
            f"{_advance(starter, gift.level - 1, n, out)}, who receives the gift, not seat {gift.receiver}")
    if not 1 <= gift.owed <= min(gift.level, len(holdings[to_play])):
        say(f"seat {to_play} cannot owe {gift.owed} cards for a chain of {gift.level} holding "
            f"{len(holdings[to_play])}")
    if len(holdings[gift.receiver]) < gift.level + 1:
        say(f"seat {gift.receiver} took a chain of {gift.level + 1} cards but holds {len(holdings[gift.receiver])}")


def _lay_problems(lay: PendingLay, rules: QuatreRules, holding: Sequence[Card], table: Sequence[Card],
                  stock: Sequence[Card], passes: int, seat: int, say: Any) -> None:
    """A lay into a dead centre: with an empty stock, in deck order, from enough cards."""
    if stock:
        say("cards are laid into the centre only once the stock is empty")
    if not 1 <= lay.owed <= rules.table_size:
        say(f"a lay has 1 to {rules.table_size} cards still to lay, not {lay.owed}")
        return
    if lay.after is None and lay.owed != min(rules.table_size, len(holding)):
        say(f"a lay starts with {rules.table_size} cards to lay, or all the player holds if fewer")
    if lay.after is not None:
        if not table or table[-1] is not lay.after:
            say("the card laid last in a lay is the last card of the centre")
        if lay.owed >= rules.table_size:
            say(f"a lay has at most {rules.table_size} cards")
    if not layable(holding, lay):
        say(f"seat {seat} holds too few cards after {lay.after} to lay {lay.owed} more in deck order")
    if passes:
        say("a lay starts the count of passes again")


def _size_problems(rules: QuatreRules, phase: Phase, holdings: Sequence[Sequence[Card]], stock: Sequence[Card],
                   table: Sequence[Card], chain: QuatreChain | None, gift: PendingGift | None, starter: int,
                   to_play: int, known: Sequence[Sequence[Card]], private: Sequence[tuple[int, int, Card]],
                   n: int, out: Sequence[int], say: Any) -> None:
    """Holding and table sizes against the deal, while the stock lasts."""
    hand, dealt = rules.hand_size, rules.deck.size - rules.table_size - n * rules.hand_size
    if len(stock) > dealt:
        say(f"the deal leaves {dealt} cards in the stock, not {len(stock)}")
        return
    if not stock or phase == "over":
        return
    if phase == "turn" and not 1 <= len(table) <= rules.table_size:
        say(f"while the stock lasts the table holds 1 to {rules.table_size} cards at the start of a turn, "
            f"not {len(table)}")
    if phase in ("chain", "gift") and len(table) >= rules.table_size:
        say(f"while the stock lasts the table holds at most {rules.table_size} cards, one of them now in the chain")
    played = [0] * n
    if chain is not None and phase == "chain":
        for seat, _ in chain.cards:
            if 0 <= seat < n:
                played[seat] += 1
    if gift is not None and phase == "gift" and 1 <= gift.level <= MAX_CHAIN:
        for step in range(gift.level):
            played[_advance(starter, step, n, out)] += 1
    least = [hand - played[seat] for seat in range(n)]
    if gift is not None and phase == "gift" and 0 <= gift.receiver < n and 0 <= gift.giver < n:
        least[gift.receiver] += gift.level + 1
        least[gift.giver] -= max(gift.level - gift.owed, 0)
    for seat in range(n):
        if len(holdings[seat]) >= least[seat]:
            continue
        if phase == "turn":
            say(f"with {len(stock)} cards in the stock seat {seat} would have drawn up to {hand} cards after the "
                f"last turn, but it holds {len(holdings[seat])}")
        else:
            say(f"with {len(stock)} cards in the stock seat {seat} holds at least {least[seat]} cards ({hand} "
                f"at the start of the turn, less its cards in the chain, plus a chain taken), "
                f"not {len(holdings[seat])}")
    if len(stock) != dealt:
        return
    # nothing drawn yet: the first turn, seat 0's, is under way and sizes are the deal's
    if starter != 0:
        say(f"with the stock as dealt ({dealt} cards) the first turn, seat 0's, is under way, not seat {starter}'s")
        return
    exact = list(least)
    if gift is not None and phase == "gift" and 0 <= gift.giver < n and 0 <= gift.receiver < n:
        first_owed = min(gift.level, hand - played[gift.giver])
        given = first_owed - gift.owed
        if given < 0:
            say(f"seat {gift.giver} could owe at most {first_owed} cards in the first turn, not {gift.owed}")
            return
        exact[gift.receiver] += given
        exact[gift.giver] = hand - played[gift.giver] - given
    sizes = [len(holding) for holding in holdings]
    if sizes != exact:
        say(f"in the first turn, with nothing drawn yet, the holdings hold {exact} cards, not {sizes}")
    table_size = rules.table_size - (0 if phase == "turn" else 1)
    if len(table) != table_size:
        say(f"in the first turn, with nothing drawn yet, the table holds {table_size} cards, not {len(table)}")
    if phase in ("turn", "chain") and (any(known) or private):
        say("in the first turn no chain was taken and no gift given, so no card in a holding is known")
