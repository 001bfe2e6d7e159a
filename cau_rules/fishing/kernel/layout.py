"""The array layout of the capture-family kernel, and which rules it plays.

Pure Python (no numba, no numpy): the generic side and the docs read it without the
``fast`` extra.  One game of a batch is one row of a 2-D ``int16`` array; every field
sits at a fixed offset of the row (the table below), so the compiled code reads it as a
constant.  Ordered zones (holdings, table, piles, stock, discard) keep their cards in
order, because the position notation writes them in order.

=================  =========================  =============================================
field              size                       meaning
=================  =========================  =============================================
scalars            :data:`SCALARS`            to_play, phase, hand, round, opener, ...
holdings           ``MAXP * 48`` + lengths    each seat's cards in holding order
piles              ``MAXP * 48`` + lengths    each seat's pile, bottom to top
table              48 + length                table cards in the order they were placed
stock              48 + start                 the stock from its top
discard            48 + length                cards out of play
chain              4 seats, 4 cards           the pending chain in play order
run                12 ranks, 12 owners        the run claimed by the chain's last card
debts              ``MAXP * MAXD`` pairs      creditor and cards owed, oldest first
stake              holders, bidders, bids     the Valencian ronda stake
hand scores        hands * ``MAXP``           one row per finished hand
stones log         entries * 5                partida, hand, team, reason, stones
=================  =========================  =============================================

The last two, the row's tail, are sized by the rules (:func:`tail_sizes`): a match's
``hands``, or for stones the most hands and log entries a joc can reach,
``(2 * target - 1) * (2 * partides_to_win - 1)``; the log starts at ``r[R_LOG]``.

>>> row_length(FISHING_PRESETS["cau"]) > 1000, PHASE_CODES["over"]
(True, 3)
>>> supported_problems(FISHING_PRESETS["cau"])
[]
"""

from __future__ import annotations

import zlib

from cau_rules.cards import Card
from cau_rules.fishing.codec import FishingCodec
from cau_rules.fishing.moves import GAME, JOC, Accept, Bid, Declare, Play, Refuse
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules
from cau_rules.fishing.zones import STONE_REASONS
from cau_rules.kernel.tools import fresh_cache, source_stamp

__all__ = [
    "FISHING_PRESETS",
    "MAXD",
    "MAXP",
    "MAX_TAIL",
    "PHASE_CODES",
    "REASONS",
    "SUPPORTED_OPTIONS",
    "fresh_cache",
    "row_length",
    "rules_vector",
    "source_stamp",
    "supported_problems",
    "tail_sizes",
]

MAXP = 6
"""The most players a kernel game seats."""
MAXD = 48
"""The most debts a seat carries at once (more stops the game with an error)."""
MAX_TAIL = 16384
"""The most hands, and stones-log entries, of a stones game the kernel plays: every
entry scores a stone or more, and neither team passes ``target - 1`` before a partida's
last, so a partida has ``2 * target - 1`` entries at most, and as many hands (each deal
scores a stone); a joc has ``2 * partides_to_win - 1`` partides at most.  The bound keeps
a hand's number within the row's int16 and a row (twice: a batch keeps a work row per
game) within 400 kB: it covers a target of 41 up to 50 partides, and every target up to
999 up to 4 partides."""
MAXBIDS = 64
"""The most bids of one ronda stake."""

PHASE_CODES = {"play": 0, "declare": 1, "bid": 2, "over": 3}
"""The phase of a row, by name."""

REASONS: tuple[str, ...] = STONE_REASONS
"""The stones log's reasons, by code (the order of :data:`~cau_rules.fishing.zones.STONE_REASONS`)."""

# -- scalars ------------------------------------------------------------------------
N = 0
TO_PLAY = 1
PHASE = 2
HAND = 3
ROUND = 4
OPENER = 5
LAST_CAP = 6
TRAIL_SEAT = 7
TRAIL_CARD = 8
TABLE_LEN = 9
STOCK_START = 10
STOCK_END = 11
DISCARD_LEN = 12
CHAIN_LEN = 13
CHAIN_RANK = 14
RUN_LEN = 15
HS_LEN = 16
STONES0 = 17
STONES1 = 18
PARTIDES0 = 19
PARTIDES1 = 20
LOG_LEN = 21
STAKE_ON = 22
STAKE_HOLDERS = 23
BIDDER0 = 24
BIDDER1 = 25
BIDS_LEN = 26
WON = 27
"""The team that reached the target during the move being made (-1: none)."""
ERROR = 28
"""Nonzero when the game overflowed a fixed size (the row is then unusable)."""
HAS_TALLY = 29
PENDING = 30
"""1 while a partida is won and the next one's first hand waits for its deal (never seen
outside the kernel's entry points: they deal it and resume)."""
WON_JOC = 31
"""1 when ``WON``'s team won the whole joc (an accepted joc stake)."""
SCALARS = 32

# -- zones --------------------------------------------------------------------------
HOLD = SCALARS
HOLD_LEN = HOLD + MAXP * 48
PILE = HOLD_LEN + MAXP
PILE_LEN = PILE + MAXP * 48
TABLE = PILE_LEN + MAXP
STOCK = TABLE + 48
DISCARD = STOCK + 48
CHAIN_SEAT = DISCARD + 48
CHAIN_CARD = CHAIN_SEAT + 4
RUN_RANK = CHAIN_CARD + 4
RUN_OWNER = RUN_RANK + 12
DEBT_CRED = RUN_OWNER + 12
DEBT_AMT = DEBT_CRED + MAXP * MAXD
DEBT_LEN = DEBT_AMT + MAXP * MAXD
STAKE_SEAT = DEBT_LEN + MAXP
STAKE_KIND = STAKE_SEAT + MAXP
BIDS = STAKE_KIND + MAXP
HS = BIDS + MAXBIDS
"""The hand scores, the start of the row's tail (the stones log follows, at ``r[R_LOG]``)."""

GAME_BID = -1
"""A bid of the whole game (the partida) in the bids field."""
JOC_BID = -2
"""A bid of the whole joc (several partides) in the bids field."""

# -- the rules vector ---------------------------------------------------------------
R_DECK = 0
R_RANKS = 1
R_TABLE = 2
R_WHOLE = 3
R_ROUND_SIZE = 4
R_PACKET = 5
R_ROTATE = 6
R_OPEN = 7
R_OWN = 8
R_MUST = 9
R_MODE = 10
R_MAX_CHAIN = 11
R_NO_RUNS = 12
R_RONDAS = 13
R_DISCARD = 14
R_DOZENS = 15
R_HANDS = 16
R_STONES = 17
R_TARGET = 18
R_CUMULATIVE = 19
R_SURPLUS = 20
R_CONTINUOUS = 21
R_HAND_LIMIT = 22
"""The hands a game can reach: ``hands``, or no limit (a large number) for stones."""
R_SUCC = 23
"""13 entries from here: the successor of each rank (0: none), the deck's own table."""
R_ACTIONS = R_SUCC + 13
"""Codec entries, each taken from :class:`~cau_rules.fishing.codec.FishingCodec` itself:
the number of actions, then the strides of a play's card, run and pile bit, then the
index of pass, of ``bid 2``, of ``bid game``, of accept and of refuse."""
R_CARD_STRIDE = R_ACTIONS + 1
R_RUN_STRIDE = R_ACTIONS + 2
R_PILE_STRIDE = R_ACTIONS + 3
R_DECLARE = R_ACTIONS + 4
R_BID2 = R_ACTIONS + 5
R_BID_GAME = R_ACTIONS + 6
R_ACCEPT = R_ACTIONS + 7
R_REFUSE = R_ACTIONS + 8
R_BID_JOC = R_ACTIONS + 9
"""The index of ``bid joc`` (-1 with one partida: no joc)."""
R_PARTIDES = R_ACTIONS + 10
"""``partides_to_win``."""
R_MAXH = R_ACTIONS + 11
"""The hand-score rows of the row's tail (:func:`tail_sizes`)."""
R_LOG = R_ACTIONS + 12
"""Where the stones log starts in the row."""
R_MAXLOG = R_ACTIONS + 13
"""The stones-log entries of the row's tail."""
RULES_LEN = R_ACTIONS + 14

FINGERPRINT = zlib.crc32(repr([
    (name, value) for name, value in sorted(globals().items()) if name.isupper() and type(value) is int
]).encode()) & 0x7FFF_FFFF
"""A number that changes with any offset, size or index above: the compiled code keeps
the values it was compiled with (numba's disk cache follows its own file only), so the
kernel compares this number with its compiled copy at import and recompiles on a change."""



SUPPORTED_OPTIONS: dict[str, str] = {
    "deck": "any deck of the family",
    "min_players / max_players": f"2 to {MAXP} seats play",
    "table_cards": "any",
    "deal": "'rounds' or 'whole'",
    "round_size / packet": "any",
    "round_opener": "'rotate' or 'continue'",
    "continuous": "true or false",
    "open_piles / own_pile": "true or false",
    "must_capture": "true or false",
    "run_mode": "'prefix', 'whole_or_none' or 'whole'",
    "wrap": "true or false",
    "max_chain": "2, 3 or 4",
    "no_runs_in_chains": "true or false",
    "rondas": "true or false",
    "explicit_calls": "false only",
    "leftovers": "'last_capturer' or 'discard'",
    "scoring": "'cards' or 'dozens'",
    "hands": "any (1 to 999)",
    "teams / rewards": "cards, or stones by teams",
    "target / partides_to_win": f"any with (2 * target - 1) * (2 * partides_to_win - 1) up to {MAX_TAIL} (stones)",
    "chain_scoring": "'final' or 'cumulative'",
    "card_surplus_stones": "true or false",
}
"""What the kernel plays, option by option (anything else is refused by name)."""


def supported_problems(rules: FishingRules, players: int | None = None) -> list[str]:
    """The options of *rules* the kernel does not play, each in words (empty: it plays them).

    >>> supported_problems(FISHING_PRESETS["cau"].replace(explicit_calls=True))
    ['explicit_calls=True (the kernel plays automatic calls only)']
    """
    problems: list[str] = []
    if rules.explicit_calls:
        problems.append("explicit_calls=True (the kernel plays automatic calls only)")
    if rules.rewards == "stones" and _stones_tail(rules) > MAX_TAIL:
        problems.append(f"target={rules.target} with partides_to_win={rules.partides_to_win} (a joc may "
                        f"reach {_stones_tail(rules):,} hands; the kernel keeps {MAX_TAIL:,})")
    if players is not None and players > MAXP:
        problems.append(f"{players} players (the kernel seats at most {MAXP})")
    return problems


def _stones_tail(rules: FishingRules) -> int:
    return (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)


def tail_sizes(rules: FishingRules) -> tuple[int, int]:
    """The hand-score rows and stones-log entries a row of *rules* holds.

    >>> tail_sizes(FISHING_PRESETS["cau"]), tail_sizes(FISHING_PRESETS["cau-recau-sant-vicent"])
    ((1, 0), (81, 81))
    """
    if rules.rewards == "stones":
        return _stones_tail(rules), _stones_tail(rules)
    return rules.hands, 0


def row_length(rules: FishingRules) -> int:
    """The length of one game's row under *rules* (its tail sized by :func:`tail_sizes`).

    >>> row_length(FISHING_PRESETS["cau"]) < row_length(FISHING_PRESETS["cau-recau-sant-vicent"])
    True
    """
    hands, log = tail_sizes(rules)
    return HS + hands * MAXP + log * 5


def rules_vector(rules: FishingRules, players: int) -> list[int]:
    """The rules as the kernel reads them: one integer per entry ``R_*`` (the
    successor table taken from the deck itself).

    >>> vector = rules_vector(FISHING_PRESETS["cau"], 2)
    >>> vector[R_DECK], vector[R_SUCC + 12], vector[R_ACTIONS], vector[R_RUN_STRIDE]
    (48, 0, 621, 1)
    """
    vector = [0] * RULES_LEN
    ranks = len(rules.deck.ranks)
    vector[R_DECK] = rules.deck.size
    vector[R_RANKS] = ranks
    vector[R_TABLE] = rules.table_count(players)
    vector[R_WHOLE] = rules.deal == "whole"
    vector[R_ROUND_SIZE] = rules.round_size
    vector[R_PACKET] = rules.packet
    vector[R_ROTATE] = rules.round_opener == "rotate"
    vector[R_OPEN] = rules.open_piles
    vector[R_OWN] = rules.own_pile
    vector[R_MUST] = rules.must_capture
    vector[R_MODE] = ("prefix", "whole_or_none", "whole").index(rules.run_mode)
    vector[R_MAX_CHAIN] = rules.max_chain
    vector[R_NO_RUNS] = rules.no_runs_in_chains
    vector[R_RONDAS] = rules.rondas
    vector[R_DISCARD] = rules.leftovers == "discard"
    vector[R_DOZENS] = rules.scoring == "dozens"
    vector[R_HANDS] = rules.hands
    vector[R_STONES] = rules.rewards == "stones"
    vector[R_TARGET] = rules.target
    vector[R_CUMULATIVE] = rules.chain_scoring == "cumulative"
    vector[R_SURPLUS] = rules.card_surplus_stones
    vector[R_CONTINUOUS] = rules.continuous
    vector[R_HAND_LIMIT] = 1 << 30 if rules.rewards == "stones" else rules.hands
    succ = rules.deck.successor_table(rules.wrap)
    for rank in range(13):
        vector[R_SUCC + rank] = succ[rank]
    codec = FishingCodec(rules, players)
    first = Card(0)
    plain = codec.encode(Play(first))
    vector[R_ACTIONS] = codec.num_actions
    vector[R_CARD_STRIDE] = codec.encode(Play(Card(1))) - plain
    vector[R_RUN_STRIDE] = codec.encode(Play(first, run=1)) - plain
    vector[R_PILE_STRIDE] = codec.encode(Play(first, piles=(0,))) - plain if rules.open_piles else 0
    vector[R_DECLARE] = codec.encode(Declare(None))
    vector[R_BID2] = codec.encode(Bid(2)) if rules.target > 2 else codec.encode(Bid(GAME))
    vector[R_BID_GAME] = codec.encode(Bid(GAME))
    vector[R_ACCEPT] = codec.encode(Accept())
    vector[R_REFUSE] = codec.encode(Refuse())
    vector[R_BID_JOC] = codec.encode(Bid(JOC)) if rules.partides_to_win > 1 else -1
    vector[R_PARTIDES] = rules.partides_to_win
    hands, log = tail_sizes(rules)
    vector[R_MAXH] = hands
    vector[R_LOG] = HS + hands * MAXP
    vector[R_MAXLOG] = log
    return vector
