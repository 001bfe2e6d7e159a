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
from cau_rules.fishing.moves import Accept, Bid, Declare, FishingMove, Refuse
from cau_rules.fishing.picture import svg_state, svg_view
from cau_rules.fishing.rules import FishingRules
from cau_rules.fishing.texts import TEXTS, call_name
from cau_rules.fishing.zones import Chain, Debt, Position, SeatView, Stake, summed_debts
from cau_rules.i18n import COMMON, Lang, check_lang, join_words

__all__ = ["move_menu", "render_state", "render_text", "svg_state", "svg_view"]


def _cards(cards: Iterable[object], lang: Lang = "en") -> str:
    text = " ".join(str(card) for card in cards)
    return text or COMMON("none", lang)


def _line(label: str, text: str) -> str:
    return f"{label + ':':<11} {text}"


def _chain_line(chain: Chain, table: Sequence[Card], rules: FishingRules | None,
                who: Callable[[int], str], lang: Lang) -> str:
    played = ", ".join(f"{who(seat)} {card}" for seat, card in chain.cards)
    claims: list[str] = []
    for rank, owner in chain.run:
        if owner < 0:
            claims.extend(str(card) for card in table if card.rank == rank)
        else:
            claims.append(TEXTS("pile_of", lang, who(owner)))
    claimed = TEXTS("claims", lang, ", ".join(claims)) if claims else ""
    name = call_name(rules.chain_call(chain.level).value) if rules is not None else TEXTS("chain", lang)
    return _line(TEXTS("Chain", lang), TEXTS("chain_line", lang, name, chain.rank, played, claimed))


def _stake_line(stake: Stake, who: Callable[[int], str], lang: Lang) -> str:
    holders = ", ".join(f"{who(seat)} {call_name(call.value)}" for seat, call in stake.holders)
    bids = ", ".join(TEXTS("game_bid", lang) if bid is None else str(bid) for bid in stake.bids)
    text = TEXTS("stake_line", lang, holders, bids or TEXTS("no_bids", lang), who(stake.to_answer))
    return f"{TEXTS('Ronda stake', lang)}: {text}"


def _tail(lines: list[str], players: int, you: int | None, who: Callable[[int], str],
          debts: Sequence[Sequence[Debt]], declarations: Sequence[tuple[int, object]],
          pile_sizes: Sequence[int], hand_scores: Sequence[Sequence[int]],
          stones: Sequence[int], partides: Sequence[int], stake: Stake | None, lang: Lang) -> None:
    """The lines every screen ends with: debts (summed by creditor), declarations,
    scores, stones, stake."""
    owed = [
        TEXTS("owes", lang, who(debtor), amount, who(creditor))
        for debtor, entries in enumerate(debts)
        for creditor, amount in summed_debts(entries)
    ]
    lines.append(_line(TEXTS("Debts", lang), "; ".join(owed) if owed else COMMON("nothing", lang)))
    if declarations:
        lines.append(_line(TEXTS("Declared", lang), ", ".join(
            f"{who(seat)} {call_name(str(getattr(call, 'value', call)))}" for seat, call in declarations
        )))
    lines.append(_line(TEXTS("Cards won", lang),
                       ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(pile_sizes))))
    for number, row in enumerate(hand_scores):
        lines.append(_line(TEXTS("Hand", lang, number + 1),
                           ", ".join(f"{who(seat)}: {score}" for seat, score in enumerate(row))))

    def team(number: int, teams: int) -> str:
        seats = [seat for seat in range(players) if seat % teams == number]
        mine = TEXTS("yours", lang) if you in seats else ""
        return TEXTS("team_seats", lang, COMMON("team", lang, number), mine, join_words(map(str, seats), lang))

    if stones:
        lines.append(_line(TEXTS("Stones", lang),
                           ", ".join(f"{team(t, len(stones))}: {s}" for t, s in enumerate(stones))))
    if partides and any(partides):
        lines.append(_line(TEXTS("Partides", lang),
                           ", ".join(f"{team(t, len(partides))}: {p}" for t, p in enumerate(partides))))
    if stake is not None:
        lines.append(_stake_line(stake, who, lang))


def _header(variant: str, hand: int, round_: int, phase: str, to_play: int, who: Callable[[int], str],
            lang: Lang) -> str:
    if phase == "over":
        turn = COMMON("game_over", lang)
    elif phase == "bid":
        turn = TEXTS("to_bid", lang, who(to_play))
    elif phase == "declare":
        turn = TEXTS("to_declare", lang, who(to_play))
    else:
        turn = COMMON("to_play", lang, who(to_play))
    return TEXTS("header", lang, variant, hand + 1, round_ + 1, turn)


def render_text(view: SeatView, lang: Lang = "en") -> str:
    """The text screen of *view*: the table, the chain zone, the seat's cards, the piles
    (sizes, and the top card of open piles), holding sizes, the stock, debts, scores,
    and the Valencian stones and stake.  ``str(view)`` gives the English screen.

    Args:
        view: a seat's view.
        lang: ``"en"`` (the default), ``"ca"`` or ``"es"``.

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
    Debts:      seat 1 owes 1 to seat 0 (you)
    Cards won:  seat 0 (you): 0, seat 1: 0
    >>> print(render_text(new_game("cau", players=2, seed=1).observe(0), lang="ca").splitlines()[0])
    === cau · mà 1 · repartiment 1 · juga seient 0 (tu) ===
    """
    lang = check_lang(lang)
    you = view.seat

    def who(seat: int) -> str:
        name = COMMON("seat", lang, seat)
        return COMMON("you", lang, name) if seat == you else name

    lines = [_header(view.variant, view.hand, view.round, view.phase, view.to_play, who, lang)]
    lines.append(_line(TEXTS("Table", lang), _cards(view.table, lang)))
    if view.chain is not None:
        lines.append(_chain_line(view.chain, view.table, view.rules, who, lang))
    if view.trail is not None:
        lines.append(_line(TEXTS("Last trail", lang),
                           TEXTS("trailed", lang, who(view.trail[0]), view.trail[1]) + TEXTS("match_it", lang)))
    lines.append(_line(TEXTS("Your cards", lang), _cards(view.holding, lang)))
    piles = []
    for seat, size in enumerate(view.pile_sizes):
        pile = view.piles[seat]
        top = TEXTS("top", lang, pile[-1]) if pile else ""
        piles.append(f"{who(seat)}: {COMMON.count('cards', size, lang)}{top}")
    closed = "" if view.piles and view.piles[0] is not None else TEXTS("closed", lang)
    lines.append(_line(TEXTS("Piles", lang), " | ".join(piles) + closed))
    lines.append(_line(TEXTS("Holdings", lang),
                       ", ".join(f"{who(seat)}: {size}" for seat, size in enumerate(view.holding_sizes))))
    lines.append(_line(TEXTS("Stock", lang), COMMON.count("cards", view.stock_size, lang)))
    if view.discard:
        lines.append(_line(TEXTS("Discard", lang), _cards(view.discard, lang)))
    _tail(lines, view.players, you, who, view.debts, view.declarations, view.pile_sizes,
          view.hand_scores, view.stones, view.partides, view.stake, lang)
    if view.outcome is not None:
        lines.append(_line(TEXTS("Result", lang), view.outcome.text(lang)))
    return "\n".join(lines)


def render_state(position: Position, lang: Lang = "en") -> str:
    """The text screen of a whole state, every zone face up: each holding, each pile
    (bottom to top), the stock (top first) and the discard.  ``state.render()`` and
    ``str(state)`` give it.

    Args:
        position: the state.
        lang: ``"en"`` (the default), ``"ca"`` or ``"es"``.

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
    Debts:      seat 1 owes 1 to seat 0
    Cards won:  seat 0: 0, seat 1: 0
    """
    lang = check_lang(lang)

    def who(seat: int) -> str:
        return COMMON("seat", lang, seat)

    lines = [_header(position.rules.name, position.hand, position.round, position.phase,
                     position.to_play, who, lang)]
    lines.append(_line(TEXTS("Table", lang), _cards(position.table, lang)))
    if position.chain is not None:
        lines.append(_chain_line(position.chain, position.table, position.rules, who, lang))
    if position.trail is not None:
        lines.append(_line(TEXTS("Last trail", lang), TEXTS("trailed", lang, who(position.trail[0]),
                                                             position.trail[1])))
    for seat, holding in enumerate(position.holdings):
        lines.append(_line(TEXTS("Seat", lang, seat), _cards(holding, lang)))
    lines.append(_line(TEXTS("Piles", lang), " | ".join(
        f"{who(seat)}: {_cards(pile, lang)}" for seat, pile in enumerate(position.piles)
    )))
    stock = f": {_cards(position.stock, lang)}" if position.stock else ""
    lines.append(_line(TEXTS("Stock", lang), COMMON.count("cards", len(position.stock), lang) + stock))
    if position.discard:
        lines.append(_line(TEXTS("Discard", lang), _cards(position.discard, lang)))
    tally = position.tally
    _tail(lines, position.players, None, who, position.debts, position.declarations,
          [len(pile) for pile in position.piles], position.hand_scores,
          () if tally is None else tally.stones, () if tally is None else tally.partides,
          position.stake, lang)
    return "\n".join(lines)


def move_menu(moves: Sequence[FishingMove], lang: Lang = "en") -> list[str]:
    """The legal *moves* as menu entries, runs of consecutive numeric bids written as one
    range (``bid 2-39``); every other move is written as its text (in *lang*, the words
    of bids, answers and declarations; a card played is its notation in every language).

    Args:
        moves: legal moves in canonical order (a lazy :class:`~cau_rules.moveseq.MoveList`
            is read once).
        lang: ``"en"`` (the default), ``"ca"`` or ``"es"``.

    Returns:
        The entries, in the moves' order.

    >>> from cau_rules.fishing.moves import Accept, Bid, Refuse
    >>> move_menu([Bid(2), Bid(3), Bid(4), Bid(None), Bid("joc")])
    ['bid 2-4', 'bid game', 'bid joc']
    >>> move_menu([Bid(7), Bid(None), Accept(), Refuse()], lang="ca")
    ['envida 7', 'envida partida', 'accepta', 'no vull']
    """
    lang = check_lang(lang)
    entries: list[str] = []
    low = high = None

    def amounts(low: int, high: int) -> str:
        return TEXTS("menu_bid", lang, low if low == high else f"{low}-{high}")

    for move in moves:
        amount = move.stones if isinstance(move, Bid) and type(move.stones) is int else None
        if amount is not None and high is not None and amount == high + 1:
            high = amount
            continue
        if low is not None and high is not None:
            entries.append(amounts(low, high))
            low = high = None
        if amount is not None:
            low = high = amount
        else:
            entries.append(_menu_word(move, lang))
    if low is not None and high is not None:
        entries.append(amounts(low, high))
    return entries


def _menu_word(move: FishingMove, lang: Lang) -> str:
    if isinstance(move, Bid):
        return TEXTS("menu_bid", lang, TEXTS("game_bid", lang) if move.stones is None else str(move.stones))
    if isinstance(move, Accept):
        return TEXTS("menu_accept", lang)
    if isinstance(move, Refuse):
        return TEXTS("menu_refuse", lang)
    if isinstance(move, Declare):
        if move.call is None:
            return TEXTS("menu_pass", lang)
        return call_name(move.call.value)
    return str(move)
