"""The positions Cacho's docs page shows as pictures, played from code.

:func:`doc_pictures` is the family record's ``doc_pictures`` hook (the docs build adds
every picture it returns to the site under ``images/``).

>>> stacked("1o 5c")[:3]
(<Card.O1: 0>, <Card.C5: 16>, <Card.O2: 1>)
"""

from __future__ import annotations

from cau_rules.cacho.picture import svg_state, svg_view
from cau_rules.cacho.rules import CACHO
from cau_rules.cacho.state import new_game
from cau_rules.cards import CACHO_24, Card, parse_cards
from cau_rules.svg import SvgOptions

__all__ = ["doc_pictures", "stacked"]


def stacked(top: str) -> tuple[Card, ...]:
    """A Cacho deck whose top cards are *top* (codes, dealt first), the rest in deck order."""
    first = parse_cards(top)
    return first + tuple(card for card in CACHO_24.cards if card not in first)


def doc_pictures() -> dict[str, str]:
    """The pictures of the Cacho docs page, drawn from real games at docs build time:
    ``{file name: SVG}``.

    - ``cacho-showdown.svg``: three players; seat 2 folds in round 2, seats 0 and 1 bet and
      call in round 3 and show (seat 0's view: the shown cards face up, the winning hand
      highlighted, the stacks after the pot is paid).
    - ``cacho-round-3.svg``: the same hand in round 3, seat 1's view as seat 0 bets: the
      pot, the bets this round, the amount to call, the folded seat.
    - ``cacho-side-pots.svg``: the whole state at the end of a session under
      ``resto="side_pots"``: seat 1 went all in with its last counter in round 1 and its
      best hand takes the main pot; seat 2 takes the side pot from seat 0.

    >>> sorted(doc_pictures())
    ['cacho-round-3.svg', 'cacho-showdown.svg', 'cacho-side-pots.svg']
    """
    options = SvgOptions(language="en")
    deck = stacked("1o 5c 3e 2o 6c 4e 3o 4b")
    state = new_game(CACHO, 3, seed=0, decks=[deck])
    for move in ("bet 1", "call", "call", "bet 2", "call", "fold", "bet 4"):
        state = state.apply(move)
    round_3 = svg_view(state.observe(1), options=options)
    showdown = svg_view(state.apply("call").observe(0), options=options)
    rules = CACHO.replace(resto="side_pots", stack=6, max_hands=2)
    side = new_game(rules, 3, seed=0, decks=[stacked("6o 1c 1b 5o 2e 4o 3b"),
                                             stacked("4c 1e 1o 5c 2e 2b 6c 3e 3c")])
    for move in ("bet 1", "call", "fold", "bet 2", "call", "bet 2", "call",  # hand 1: seat 1 keeps 1
                 "bet 1", "call", "call", "pass", "pass", "pass", "bet 3", "call"):  # hand 2
        side = side.apply(move)
    return {
        "cacho-showdown.svg": showdown,
        "cacho-round-3.svg": round_3,
        "cacho-side-pots.svg": svg_state(side, options=options),
    }
