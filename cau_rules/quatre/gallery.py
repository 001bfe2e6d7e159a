"""The positions the four-card game's docs page shows as pictures, played from code.

:func:`doc_pictures` is the family record's ``doc_pictures`` hook (the docs build adds
every picture it returns to the site under ``images/``).  Each position is also a
function here, so tests and readers can replay it.

>>> [str(move) for move in chain_in_progress().legal_moves()]
['add 5b']
"""

from __future__ import annotations

from cau_rules.quatre.picture import svg_view
from cau_rules.quatre.rules import QUATRE
from cau_rules.quatre.state import QuatreState
from cau_rules.svg import SvgOptions

__all__ = ["chain_in_progress", "dead_centre", "doc_pictures"]


def chain_in_progress() -> QuatreState:
    """Three players: seat 0 made a cau on the centre's 5c, seat 1 added a recau, and
    seat 2 must add the Sant Vicent.

    >>> print(chain_in_progress().events[0])
    seat 1 adds 5e: recau
    """
    three = QuatreState.from_position(
        QUATRE, 3, holdings=["5o 2o 3o 4c", "5e 6c 7c 10b", "5b 1b 4e 11o"], table="5c 1o 7e 12b",
    )
    return three.apply("5o>5c").apply("add 5e")


def dead_centre() -> QuatreState:
    """Two players, the stock empty and no 7 in any holding: nobody can match the
    centre's four 7s, so after two passes seat 0 must lay four cards into it.

    >>> [str(move) for move in dead_centre().apply("pass").apply("pass").legal_moves()][:2]
    ['lay 1o', 'lay 2o']
    """
    no_sevens = [card for card in QUATRE.deck.cards if card.rank != 7]
    return QuatreState.from_position(
        QUATRE, 2, holdings=[no_sevens[:6], no_sevens[6:]], table="7o 7c 7e 7b", stock="",
    )


def doc_pictures() -> dict[str, str]:
    """The pictures of the four-card game's docs page, drawn from play: ``{file name: SVG}``.

    - ``quatre-chain.svg``: :func:`chain_in_progress` as seat 2 sees it.
    - ``quatre-gift.svg``: seat 2 added the Sant Vicent and took the chain; seat 0 owes
      it three cards (as seat 0 sees it: the four 5s in seat 2's holding are known to all).
    - ``quatre-lay.svg``: :func:`dead_centre` after two passes: seat 0 lays four cards
      into the centre, one laid so far (as seat 0 sees it).

    >>> sorted(doc_pictures())
    ['quatre-chain.svg', 'quatre-gift.svg', 'quatre-lay.svg']
    """
    english = SvgOptions(language="en")
    chain = chain_in_progress()
    return {
        "quatre-chain.svg": svg_view(chain.observe(2), options=english),
        "quatre-gift.svg": svg_view(chain.apply("add 5b").observe(0), options=english),
        "quatre-lay.svg": svg_view(
            dead_centre().apply("pass").apply("pass").apply("lay 2o").observe(0), options=english
        ),
    }
