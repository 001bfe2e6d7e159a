"""The positions the capture family's docs pages show as pictures, drawn from code.

:func:`doc_pictures` is the family record's ``doc_pictures`` hook: the docs hook
(``docs/hooks/pictures.py``) adds every picture it returns to the built site under
``images/``, so the pages always show what the library draws today.  Each position is
also a function here, so tests and readers can replay it.

>>> state = book_example()
>>> [str(move) for move in state.legal_moves()]
['8c', '8c+1', '2b']
"""

from __future__ import annotations

from cau_rules.cards import parse_cards
from cau_rules.fishing.moves import Call
from cau_rules.fishing.picture import svg_view
from cau_rules.fishing.rules import CAU, CAU_RECAU_SANT_VICENT, CAU_ROBAT
from cau_rules.fishing.state import FishingState
from cau_rules.fishing.zones import Chain, Stake, Tally
from cau_rules.svg import SvgOptions

__all__ = ["book_example", "doc_pictures", "pending_cau", "robat_steal", "valencian_stake"]


def book_example() -> FishingState:
    """The Catalan rule book's run: the table holds 3, 7, 8, 9 and 12 and seat 0, holding
    8c and 2b, is to play (two players of ``cau``, the third deal round).

    >>> print(book_example().apply("8c+1").events[0])
    seat 0 captures with 8c: 9o 8o 8c
    """
    return FishingState.from_position(
        CAU, 2, table="3o 7o 8o 9o 12o", holdings=["8c 2b", "5c 11b"],
        piles=["1o 1c 5e 5o", "4c 4e 6c 6o 10c"], round=2,
    )


def robat_steal() -> FishingState:
    """Cau robat: seat 0 can play 4c on 4o and run on through seat 1's open pile (its top
    is 5c) to the 6o on the table: ``4c+2@1``.

    >>> [str(move) for move in robat_steal().legal_moves()][:3]
    ['4c', '4c+1@1', '4c+2@1']
    """
    return FishingState.from_position(
        CAU_ROBAT, 3, table="4o 6o 9e", holdings=["4c 10b", "2b", "12e"],
        piles=["1o 1c 1e 11o", "7o 7c 3e 3b 2e 5c", "8o 8c 12o 12c"], round=1, opener=1,
    )


def pending_cau() -> FishingState:
    """``cau`` with three players: seat 0 trailed 5o, seat 1 matched it with 5c (a cau,
    claiming the 6o), and seat 2, holding 5e, can raise it to a recau.

    >>> [str(move) for move in pending_cau().legal_moves()]
    ['11c', '5e', '5e+1']
    """
    chain = Chain(5, ((0, parse_cards("5o")[0]), (1, parse_cards("5c")[0])), ((6, -1),))
    return FishingState.from_position(
        CAU, 3, table="6o 9b 12c", holdings=["2c 7e", "10o", "5e 11c"],
        piles=["1o 2o 3o", "1b 1c 4o 4c 4e", "8o 8b 8e"], chain=chain, to_play=2, round=1, opener=1,
    )


def valencian_stake() -> FishingState:
    """*Cau, recau i Sant Vicent*, hand 2: seat 1 holds a ronda of 7s and seat 2 a rondí
    of 3s, on opposite teams, so they bid for one stake; seat 1 bid 3 stones and seat 2
    is to answer.

    >>> from cau_rules.fishing.render import move_menu
    >>> move_menu(valencian_stake().legal_moves())
    ['bid 4-28', 'bid game', 'accept', 'refuse']
    """
    log = (
        (0, 0, 1, "bon fer", 1), (0, 0, 0, "cau", 1), (0, 0, 0, "recau", 2), (0, 0, 1, "neta", 1),
        (0, 0, 0, "rondi", 2), (0, 0, 1, "ronda", 1), (0, 0, 0, "sant-vicent", 3),
        (0, 0, 1, "cau", 1), (0, 0, 0, "ronda", 1), (0, 0, 0, "recau", 2), (0, 1, 0, "bon fer", 1),
    )
    stake = Stake(((1, Call.RONDA), (2, Call.RONDI)), (1, 2), (3,))
    return FishingState.from_position(
        CAU_RECAU_SANT_VICENT, 4, table="2o 4b 5e 12b",
        holdings=["1o 5c 11e", "7o 7c 2e", "3o 3c 3e", "6o 10c 12e"],
        to_play=2, hand=1, opener=1, phase="bid", stake=stake, tally=Tally((12, 4), (0, 0), log),
        hand_scores=[(12, 9, 11, 8)],
    )


def doc_pictures() -> dict[str, str]:
    """The pictures of the capture family's docs pages, by file name.

    Returns:
        ``{file name: SVG text}``: the rule book's run before and after ``8c+1``
        (``cau``), a Cau robat steal of a pile inside a run before and after ``4c+2@1``,
        a pending cau and the recau that completes it with its payments, a Valencian
        ronda stake being bid, and the pending cau in English, Catalan and Spanish.

    >>> sorted(doc_pictures())
    ['cau-book-run-after.svg', 'cau-book-run-before.svg', 'cau-chain-pending.svg', 'cau-recau-paid.svg', 'cau-robat-steal-after.svg', 'cau-robat-steal-before.svg', 'chain-pending-ca.svg', 'chain-pending-en.svg', 'chain-pending-es.svg', 'valencian-stake.svg']
    """
    english = SvgOptions(language="en")
    book = book_example()
    steal = robat_steal()
    chain = pending_cau()
    return {
        "cau-book-run-before.svg": svg_view(book.observe(0), options=SvgOptions(
            language="en", highlight=parse_cards("8c 8o 9o"))),
        "cau-book-run-after.svg": svg_view(book.apply("8c+1").observe(0), options=english),
        "cau-robat-steal-before.svg": svg_view(steal.observe(0), options=SvgOptions(
            language="en", highlight=parse_cards("4c 4o 5c 6o"))),
        "cau-robat-steal-after.svg": svg_view(steal.apply("4c+2@1").observe(0), options=english),
        "cau-chain-pending.svg": svg_view(chain.observe(2), options=english),
        "cau-recau-paid.svg": svg_view(chain.apply("5e+1").observe(2), options=english),
        "valencian-stake.svg": svg_view(valencian_stake().observe(2), options=english),
        **{f"chain-pending-{lang}.svg": svg_view(chain.observe(2), options=SvgOptions(language=lang))
           for lang in ("en", "ca", "es")},
    }
