"""The array layout of the Cacho kernel, and its rules vector.

Pure Python (no numba, no numpy).  One session of a batch is one row of a 2-D ``int32``
array; every field sits at a fixed offset (below), so the compiled code reads it as a
constant.  Each seat has a slot of every per-seat zone (:data:`MAXP` seats, Cacho's most).

==============  ===================  ===================================================
field           size                 meaning
==============  ===================  ===================================================
scalars         :data:`SCALARS`      to_play, over, hand, redeal, dealer, round, seed, ...
per seat        6 x ``MAXP``         stacks, contributions, round bets, dealt in,
                                     folded, to act
holdings        ``MAXP * 3`` + lens  each seat's cards in the order dealt
deck            24                   this hand's deck order; ``POS`` is the stock's top
next decks      2 x 24               the next hand's order after a played hand (redeal 0)
                                     and after a void one (redeal + 1), where Python
                                     writes them (a row that is not ``NATIVE``)
==============  ===================  ===================================================

The constants of the rules (the hand classes' values, the two-card bonus, the cards'
ranks and suits, the action codec's size, the terminations) are read from the
reference modules, never typed again.

>>> ROW > 100, RANKS[0], SUITS[0]
(True, 1, 0)
>>> rules_vector(__import__("cau_rules.cacho.rules").cacho.rules.CACHO, 2)[R_ACTIONS]
83
"""

from __future__ import annotations

from cau_rules.cacho.codec import CachoCodec
from cau_rules.cacho.hands import THREE_SIXES_VALUE, TWO_SUITED_BONUS, HandClass
from cau_rules.cacho.moves import Bet, Call, Fold, Pass, Raise
from cau_rules.cacho.rules import CachoRules
from cau_rules.cards import CACHO_24, Card
from cau_rules.outcome import Termination

__all__ = [
    "CARD_OF",
    "DECK",
    "DECK_CARDS",
    "MAXP",
    "RANKS",
    "ROW",
    "SUITS",
    "TERMINATIONS",
    "rules_vector",
]

MAXP = 8
"""The most players of a Cacho session (24 cards, three each)."""
DECK = CACHO_24.size
"""The cards of a Cacho deck."""
DECK_CARDS: tuple[int, ...] = tuple(int(card) for card in CACHO_24.cards)
"""The deck's card values in the deck's order (what each hand's shuffle starts from)."""

# -- scalars ------------------------------------------------------------------------
N = 0
TO_PLAY = 1
OVER = 2
HAND = 3
REDEAL = 4
DEALER = 5
ROUND = 6
TERM = 7
"""0 while the session goes on, else 1 + the index in :data:`TERMINATIONS`."""
READY = 8
"""1 when the next decks are written for the hand after this one (always 1 in a
:data:`NATIVE` row, whose next hand is shuffled as it starts)."""
POS = 9
"""The index in ``DECK0`` of the stock's top card."""
PENDING = 10
"""1 while a finished hand waits for the next to be dealt (within one move only: the
compiled code deals it before returning, so a row between moves has 0 here)."""
NATIVE = 11
"""1 when the kernel shuffles each hand's order itself from the seed (``SEED_LO``,
``SEED_HI``) as the hand starts; 0 when Python writes the next decks (supplied orders, or
a seed outside int64)."""
SEED_LO = 12
"""The low 32 bits of the session's seed (a native row)."""
SEED_HI = 13
"""The high 32 bits of the session's seed, signed (a native row)."""
SCALARS = 14

STACKS = SCALARS
CONTRIB = STACKS + MAXP
RBETS = CONTRIB + MAXP
DEALT = RBETS + MAXP
FOLDED = DEALT + MAXP
TOACT = FOLDED + MAXP
HOLD = TOACT + MAXP
HLEN = HOLD + 3 * MAXP
DECK0 = HLEN + MAXP
NEXT_PLAYED = DECK0 + DECK
NEXT_VOID = NEXT_PLAYED + DECK
ROW = NEXT_VOID + DECK
"""The length of a row."""

TERMINATIONS: tuple[Termination, ...] = (Termination.ALL_COUNTERS, Termination.MAX_HANDS)
"""How a session ends, by code - 1."""

RANKS: tuple[int, ...] = tuple(card.rank for card in Card)
"""Each card value's rank (index: the card's integer value)."""
SUITS: tuple[int, ...] = tuple(int(card.suit) for card in Card)
"""Each card value's suit."""
CARD_OF: tuple[Card, ...] = tuple(Card)
"""The card of each integer value."""

# -- the rules vector ---------------------------------------------------------------
R_STACK = 0
R_BET1 = 1
R_BET2 = 2
R_CAP = 3
"""1 under ``resto="cap_at_smallest"``, 0 under ``"side_pots"``."""
R_FLUSH = 4
R_KICKERS = 5
R_MAX_HANDS = 6
R_TOTAL = 7
"""The counters in play (the codec's largest amount)."""
R_ACTIONS = 8
R_SIXES = 9
"""The value of the three sixes."""
R_TWO_BONUS = 10
R_CLASS_SIXES = 11
R_CLASS_CACHO = 12
R_CLASS_TWO = 13
R_CLASS_HIGH = 14
R_PASS = 15
R_CALL = 16
R_FOLD = 17
R_BET_AT = 18
"""The codec's index of ``bet N`` is ``R_BET_AT + N``."""
R_RAISE_AT = 19
"""The codec's index of ``raise N`` is ``R_RAISE_AT + N``."""
R_LEN = 20


def rules_vector(rules: CachoRules, players: int) -> list[int]:
    """The rules as the integers the compiled code reads (offsets ``R_*``).

    >>> from cau_rules.cacho.rules import CACHO
    >>> rules_vector(CACHO.replace(resto="side_pots"), 3)[R_CAP]
    0
    """
    codec = CachoCodec(rules, players)
    vector = [0] * R_LEN
    vector[R_STACK] = rules.stack
    vector[R_BET1], vector[R_BET2] = rules.bets
    vector[R_CAP] = int(rules.resto == "cap_at_smallest")
    vector[R_FLUSH] = rules.flush_bonus
    vector[R_KICKERS] = int(rules.high_card_kickers)
    vector[R_MAX_HANDS] = rules.max_hands
    vector[R_TOTAL] = codec.total
    vector[R_ACTIONS] = codec.num_actions
    vector[R_SIXES] = THREE_SIXES_VALUE
    vector[R_TWO_BONUS] = TWO_SUITED_BONUS
    vector[R_CLASS_SIXES] = int(HandClass.THREE_SIXES)
    vector[R_CLASS_CACHO] = int(HandClass.CACHO)
    vector[R_CLASS_TWO] = int(HandClass.TWO_SUITED)
    vector[R_CLASS_HIGH] = int(HandClass.HIGH_CARD)
    vector[R_PASS] = codec.encode(Pass())
    vector[R_CALL] = codec.encode(Call())
    vector[R_FOLD] = codec.encode(Fold())
    vector[R_BET_AT] = codec.encode(Bet(1)) - 1
    vector[R_RAISE_AT] = codec.encode(Raise(1)) - 1
    return vector
