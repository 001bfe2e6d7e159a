"""How the four-card game shows itself: the text screen of a view, the menu of legal
moves, SVG pictures of a view or a whole position, and the pictures of the docs pages.

The screens are written in :mod:`cau_rules.quatre.screen` and the pictures in
:mod:`cau_rules.quatre.picture` (both sit below the view class, whose ``__str__`` and
``_repr_svg_`` use them); this module gathers them for the family record and adds
:func:`move_menu` and :func:`doc_pictures`.

>>> from cau_rules.quatre import QUATRE, new_game
>>> print(render_text(new_game(QUATRE, 2, seed=5).observe(0)))
=== cau-quatre · seat 0 (you) to play · turn ===
Centre:     11c 10c 5b 12e
Your cards: 4c 6e 7b 3b
Holdings:   seat 0 (you): 4, seat 1: 4
Known:      none
Stock:      28 cards
Last move:  seat 1 deals: table 11c 10c 5b 12e, 4 cards each
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any, cast

from cau_rules.quatre.engine import Engine, Position, outcome_of
from cau_rules.quatre.legal import generate
from cau_rules.quatre.moves import QuatreMove, parse_move
from cau_rules.quatre.picture import svg_state, svg_view
from cau_rules.quatre.rules import QUATRE
from cau_rules.quatre.screen import position_screen, render_text
from cau_rules.quatre.validate import position_fields
from cau_rules.quatre.view import QuatreView, view_of
from cau_rules.svg import SvgOptions

__all__ = ["doc_pictures", "move_menu", "position_screen", "render_text", "svg_state", "svg_view"]


def move_menu(moves: Sequence[QuatreMove]) -> list[str]:
    """The legal moves as menu lines: one line per move (the four-card game's moves
    carry no amounts, so there are no ranges to group).

    >>> from cau_rules.quatre import Draw, Play
    >>> move_menu([Play("5o", "5c"), Draw()])
    ['5o>5c', 'draw']
    """
    return [str(move) for move in moves]


def doc_pictures() -> dict[str, str]:
    """The pictures of the four-card game's docs page, drawn from play: ``{file name: SVG}``.

    - ``quatre-chain.svg``: a chain in progress with three players: seat 0 made a cau
      on the centre's 5c, seat 1 added a recau, and seat 2 must add the Sant Vicent
      (as seat 2 sees it).
    - ``quatre-gift.svg``: seat 2 added it and took the chain; seat 0 owes it three
      cards (as seat 0 sees it: the four 5s in seat 2's holding are known to all).
    - ``quatre-lay.svg``: once the stock is empty, nobody can match the centre: seat 0
      lays four cards into it, one laid so far (as seat 0 sees it).

    >>> sorted(doc_pictures())
    ['quatre-chain.svg', 'quatre-gift.svg', 'quatre-lay.svg']
    """
    english = SvgOptions(language="en")
    three = position_fields(
        QUATRE, 3, holdings=["5o 2o 3o 4c", "5e 6c 7c 10b", "5b 1b 4e 11o"], table="5c 1o 7e 12b", stock=None,
        to_play=0, phase="turn", starter=None, chain=None, gift=None, lay=None, known=None, private=(), out=(),
        passes=0, turns_after_stock=0, termination=None, seed=0,
    )
    chain = _play(three, "5o>5c", "add 5e")
    no_sevens = [card for card in QUATRE.deck.cards if card.rank != 7]
    dead = position_fields(
        QUATRE, 2, holdings=[no_sevens[:6], no_sevens[6:]], table="7o 7c 7e 7b", stock="", to_play=0,
        phase="turn", starter=None, chain=None, gift=None, lay=None, known=None, private=(), out=(), passes=0,
        turns_after_stock=0, termination=None, seed=0,
    )
    return {
        "quatre-chain.svg": svg_view(_observe(chain, 2), options=english),
        "quatre-gift.svg": svg_view(_observe(_play(vars(chain), "add 5b"), 0), options=english),
        "quatre-lay.svg": svg_view(_observe(_play(dead, "pass", "pass", "lay 2o"), 0), options=english),
    }


class _Sketch:
    """A bare object the engine freezes a position into (it sets every field directly)."""


def _play(fields: Mapping[str, Any], *moves: str) -> SimpleNamespace:
    """The position after *moves* (legal ones) from the one with these field values,
    played by the engine without a state object (this module sits below the state)."""
    position = SimpleNamespace(**{**fields, "events": ()})
    for text in moves:
        work = Engine(cast(Position, position))
        move = parse_move(text)
        assert move in _moves(position), text
        work.apply(move)
        sketch = work.freeze(_Sketch)
        position = SimpleNamespace(**vars(sketch))
    return position


def _moves(position: SimpleNamespace) -> tuple[QuatreMove, ...]:
    if position.phase == "over":
        return ()
    return generate(position.phase, position.holdings[position.to_play], position.table, bool(position.stock),
                    position.chain, position.lay)


def _observe(position: SimpleNamespace, seat: int) -> QuatreView:
    """What *seat* sees of *position* (as ``QuatreState.observe`` gives it)."""
    fields = {name: getattr(position, name) for name in (
        "rules", "players", "phase", "to_play", "starter", "stock", "table", "holdings", "chain", "gift", "lay",
        "known", "private", "out", "passes", "turns_after_stock", "events")}
    termination = position.termination
    return view_of(seat, **fields, legal_moves=_moves(position) if seat == position.to_play else (),
                   outcome=None if termination is None else outcome_of(position.holdings, termination))
