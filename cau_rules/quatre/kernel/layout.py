"""The array layout of the four-card game's kernel, and its rules vector.

Pure Python (no numba, no numpy).  One game of a batch is one row of a 2-D ``int16``
array; every field sits at a fixed offset (below), so the compiled code reads it as a
constant.  Ordered zones keep their cards in order, because the position notation writes
them in order; each seat has a slot of every per-seat zone (:data:`MAXP` seats, the most
the rules allow), and every zone has room for the largest deck.

==============  =====================  =================================================
field           size                   meaning
==============  =====================  =================================================
scalars         :data:`SCALARS`        players, phase, to_play, starter, passes, ...
deck            48                     the deal's order; ``POS`` is the stock's top
table           48 + length            table cards in the order they were laid
holdings        ``MAXP * 48`` + lens   each seat's cards in arrival order
known           ``MAXP * 48`` + lens   each seat's cards known to all, in holding order
private         3 x 48 + length        knower, holder and card of each private record
out             ``MAXP`` + length      the seats out, in the order they went out
chain           target, 3 seats/cards  the pending chain (target -1: none)
gift, lay       4 + 2 scalars          the gift still owed, the lay under way
==============  =====================  =================================================

Every constant of the rules (the action codec's indices, the phases, the terminations)
is read from the reference modules, never typed again.

>>> ROW > 1000, PHASE_CODES["over"]
(True, 4)
>>> rules_vector(__import__("cau_rules.quatre.rules").quatre.rules.QUATRE, 2)[R_DRAW]
2400
"""

from __future__ import annotations

from cau_rules.cards import Card
from cau_rules.outcome import Termination
from cau_rules.quatre.codec import QuatreCodec
from cau_rules.quatre.moves import Add, Draw, Give, Lay, Pass, Play
from cau_rules.quatre.rules import MAX_CHAIN, OPTION_RANGES, QuatreRules
from cau_rules.quatre.zones import PHASES

__all__ = [
    "CARDS",
    "CARD_OF",
    "MAXP",
    "PHASE_CODES",
    "RANKS",
    "ROW",
    "TERMINATIONS",
    "rules_vector",
]

MAXP = OPTION_RANGES["max_players"][1]
"""The most players the rules allow (every zone has a slot per seat)."""
CARDS = len(Card)
"""The most cards of a deck (card values are 0 to 47)."""

PHASE_CODES: dict[str, int] = {phase: code for code, phase in enumerate(PHASES)}
"""Each phase's code in the row (the order of :data:`~cau_rules.quatre.zones.PHASES`)."""

TERMINATIONS: tuple[Termination, ...] = (Termination.LAST_HOLDER, Termination.SAFETY_BOUND)
"""How a game ends, by code - 1."""

RANKS: tuple[int, ...] = tuple(card.rank for card in Card)
"""Each card value's rank (index: the card's integer value)."""
CARD_OF: tuple[Card, ...] = tuple(Card)
"""The card of each integer value."""

# -- scalars ------------------------------------------------------------------------
N = 0
PHASE = 1
TO_PLAY = 2
STARTER = 3
PASSES = 4
TURNS = 5
"""``turns_after_stock``."""
TERM = 6
"""0 while the game goes on, else 1 + the index in :data:`TERMINATIONS`."""
POS = 7
"""The index in ``DECK0`` of the stock's top card (the stock runs to the deck's end)."""
TARGET = 8
"""The chain's table card, -1 when no chain is pending."""
CLEN = 9
"""The chain's level: cards played onto the table card."""
GIVER = 10
RECEIVER = 11
OWED = 12
"""The gift cards still owed, 0 when no gift is pending."""
LEVEL = 13
LAY_OWED = 14
"""The cards of the lay still to lay, 0 when no lay is under way."""
LAY_AFTER = 15
"""The card laid last in this lay, -1 before the first."""
TLEN = 16
PLEN = 17
OLEN = 18
SCALARS = 19

CSEAT = SCALARS
CCARD = CSEAT + MAX_CHAIN
DECK0 = CCARD + MAX_CHAIN
TABLE = DECK0 + CARDS
HOLD = TABLE + CARDS
HLEN = HOLD + MAXP * CARDS
KNOWN = HLEN + MAXP
KLEN = KNOWN + MAXP * CARDS
PKNOWER = KLEN + MAXP
PHOLDER = PKNOWER + CARDS
PCARD = PHOLDER + CARDS
OUT = PCARD + CARDS
ROW = OUT + MAXP
"""The length of a row."""

# -- the rules vector ---------------------------------------------------------------
R_DECK = 0
"""The deck's size."""
R_TABLE = 1
R_HAND = 2
R_MAX_TURNS = 3
R_ACTIONS = 4
R_PLAY = 5
"""The codec's index of ``card>target`` is ``R_PLAY * card + target`` (48)."""
R_ADD = 6
"""The codec's index of ``add card`` is ``R_ADD + card``."""
R_GIVE = 7
R_DRAW = 8
R_PASS = 9
R_LAY = 10
R_MAX_CHAIN = 11
R_LEN = 12


def rules_vector(rules: QuatreRules, players: int) -> list[int]:
    """The rules as the integers the compiled code reads (offsets ``R_*``).

    >>> from cau_rules.quatre.rules import QUATRE
    >>> vector = rules_vector(QUATRE.replace(hand_size=5), 3)
    >>> vector[R_HAND], vector[R_ADD], vector[R_LAY]
    (5, 2304, 2402)
    """
    codec = QuatreCodec(rules, players)
    first, second = Card(0), Card(1)
    vector = [0] * R_LEN
    vector[R_DECK] = rules.deck.size
    vector[R_TABLE] = rules.table_size
    vector[R_HAND] = rules.hand_size
    vector[R_MAX_TURNS] = rules.max_turns_after_stock
    vector[R_ACTIONS] = codec.num_actions
    vector[R_PLAY] = codec.encode(Play(second, first)) - codec.encode(Play(first, first))
    vector[R_ADD] = codec.encode(Add(first))
    vector[R_GIVE] = codec.encode(Give(first))
    vector[R_DRAW] = codec.encode(Draw())
    vector[R_PASS] = codec.encode(Pass())
    vector[R_LAY] = codec.encode(Lay(first))
    vector[R_MAX_CHAIN] = MAX_CHAIN
    return vector
