"""The rules object of the capture family and its presets.

One frozen :class:`FishingRules` describes every game of the family: each option has a
name, a documented meaning and a default taken from the rule decisions (``seeds/decisions.md``).  A preset is
just a rules object with a name; :meth:`FishingRules.replace` derives a variant.

>>> from cau_rules.fishing.rules import CAU, CAU_ROBAT
>>> CAU.open_piles, CAU_ROBAT.open_piles
(False, True)
>>> CAU.replace(wrap=True).wrap
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from cau_rules.cards import SPANISH_40, SPANISH_48, Deck
from cau_rules.checks import replaced, whole_number
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.moves import Call
from cau_rules.options import OptionInfo, describe_options

__all__ = [
    "CAU",
    "CAU_40",
    "CAU_RECAU_SANT_VICENT",
    "CAU_ROBAT",
    "CAU_ROBAT_40",
    "FISHING_PRESETS",
    "OPTION_RANGES",
    "FishingRules",
]

RunMode = Literal["prefix", "whole_or_none", "whole"]
DealMode = Literal["rounds", "whole"]
RoundOpener = Literal["rotate", "continue"]
Leftovers = Literal["last_capturer", "discard"]
Scoring = Literal["cards", "dozens"]
Rewards = Literal["cards", "stones"]
ChainScoring = Literal["final", "cumulative"]

_CHOICES: dict[str, tuple[object, ...]] = {
    "deal": ("rounds", "whole"),
    "round_opener": ("rotate", "continue"),
    "run_mode": ("prefix", "whole_or_none", "whole"),
    "leftovers": ("last_capturer", "discard"),
    "scoring": ("cards", "dozens"),
    "max_chain": (2, 3, 4),
    "rewards": ("cards", "stones"),
    "chain_scoring": ("final", "cumulative"),
}


OPTION_RANGES: dict[str, tuple[int, int]] = {
    "min_players": (2, 12),
    "max_players": (2, 12),
    "round_size": (1, 48),
    "packet": (1, 48),
    "hands": (1, 999),
    "target": (2, 999),
    "partides_to_win": (1, 99),
}
"""The range of every numeric option, ``(lowest, highest)``: a game's length and the
size of its move lists stay bounded whatever the options."""


def _table_cards(value: object) -> tuple[tuple[int, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, (str, bytes)) or not isinstance(items, (tuple, list, type({}.items()))):
        raise InvalidRulesError(f"option table_cards must be pairs (players, cards), not {value!r:.40}")
    pairs = []
    pair: object
    for pair in items:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise InvalidRulesError(f"option table_cards must be pairs (players, cards), not {pair!r:.40}")
        players = whole_number(pair[0], "the players of a table_cards pair", low=2, high=12, error=InvalidRulesError)
        count = whole_number(pair[1], "the cards of a table_cards pair", low=0, high=48, error=InvalidRulesError)
        pairs.append((players, count))
    return tuple(sorted(pairs))


@attrs.frozen
class FishingRules:
    """Every option of the capture family (Cau, Cau robat, the English rules).

    Options (defaults are those of the Catalan ``cau`` preset):

    - ``name``: the preset name this rules object was derived from.
    - ``deck``: the :class:`~cau_rules.cards.Deck` played with.
    - ``min_players`` / ``max_players``: the player counts allowed (2 to 12).
    - ``table_cards``: face-up table cards dealt at the start, by player count
      (pairs ``(players, cards)``; counts not listed get none).
    - ``deal``: ``"rounds"`` (``round_size`` cards each per deal round, the stock
      dealt as holdings run out) or ``"whole"`` (the whole deck at once).
    - ``round_size``: cards per player per deal round (3), 1 to 48.
    - ``packet``: cards given to a player at a time when dealing (3, or 1), 1 to 48.
    - ``round_opener``: who opens later deal rounds: ``"rotate"`` (round *k* is opened
      by the eldest hand + *k*) or ``"continue"`` (the seat after the last player).
    - ``continuous``: after the first deal, each player draws one card right after
      playing while the stock lasts.
    - ``open_piles``: piles are face up and can be taken inside a run.
    - ``own_pile``: a run may take the capturer's own pile (with ``open_piles``).
    - ``must_capture``: a player who can capture must.
    - ``run_mode``: ``"prefix"`` (stop anywhere, none included), ``"whole_or_none"``
      or ``"whole"``.
    - ``wrap``: runs continue from the highest rank to the 1 (at most once around).
    - ``max_chain``: cards in the longest chain: 2 (cau only), 3 (recau),
      4 (contracau).
    - ``no_runs_in_chains``: a chain capture takes the same-rank cards only.
    - ``rondas``: rondas and rondins are paid on deal rounds of 2 or 3 cards.
    - ``explicit_calls``: calls must be announced in the move (else automatic).
    - ``leftovers``: table cards left at the end go to the ``"last_capturer"`` or to
      the ``"discard"``.
    - ``scoring``: the hand is won on ``"cards"`` or on ``"dozens"`` (a point per
      complete dozen, at most 3).
    - ``hands``: hands in a match, 1 to 999; the most hands won wins the match (cards
      rewards).
    - ``teams``: two teams of partners sitting opposite (seats 0 + 2 against 1 + 3);
      four players only.
    - ``rewards``: calls are paid in ``"cards"`` from pile to pile, or scored in
      ``"stones"`` for the caller's team (the Valencian game; needs ``teams``).
    - ``target``: stones that win a *partida* (41), 2 to 999; reaching it ends it at once.
    - ``chain_scoring``: ``"final"`` (only the chain's final call scores: cau 1,
      recau 2, Sant Vicent 3) or ``"cumulative"`` (every call scores as it is made).
    - ``partides_to_win``: partides a team must win to win the *joc* (1), 1 to 99.
    - ``card_surplus_stones``: at the end of a hand a team scores 1 stone per card it
      holds beyond half the deck.

    >>> FishingRules().replace(max_chain=4).max_chain
    4
    >>> FishingRules(run_mode="longest")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: option run_mode must be one of 'prefix', 'whole_or_none', 'whole', not 'longest'
    """

    name: str = "cau"
    deck: Deck = SPANISH_48
    min_players: int = 2
    max_players: int = 4
    table_cards: tuple[tuple[int, int], ...] = attrs.field(default=((3, 3),), converter=_table_cards)
    deal: DealMode = "rounds"
    round_size: int = 3
    packet: int = 3
    round_opener: RoundOpener = "rotate"
    continuous: bool = False
    open_piles: bool = False
    own_pile: bool = False
    must_capture: bool = False
    run_mode: RunMode = "prefix"
    wrap: bool = False
    max_chain: int = 3
    no_runs_in_chains: bool = False
    rondas: bool = True
    explicit_calls: bool = False
    leftovers: Leftovers = "last_capturer"
    scoring: Scoring = "cards"
    hands: int = 1
    teams: bool = False
    rewards: Rewards = "cards"
    target: int = 41
    chain_scoring: ChainScoring = "final"
    partides_to_win: int = 1
    card_surplus_stones: bool = False


    def describe_options(self) -> tuple[OptionInfo, ...]:
        """Every option: its kind, range or choices, value here and one line of help
        (:func:`cau_rules.options.describe_options`), for a form built without knowing the family.

        >>> [option.name for option in FishingRules().describe_options()][:3]
        ['name', 'deck', 'min_players']
        """
        return describe_options(self, ranges=OPTION_RANGES, choices=_CHOICES)

    def __attrs_post_init__(self) -> None:
        for option, choices in _CHOICES.items():
            value = getattr(self, option)
            if type(value) is not type(choices[0]) or value not in choices:
                listed = ", ".join(repr(choice) for choice in choices)
                raise InvalidRulesError(f"option {option} must be one of {listed}, not {value!r}")
        for option in ("continuous", "open_piles", "own_pile", "must_capture", "wrap",
                       "no_runs_in_chains", "rondas", "explicit_calls", "teams", "card_surplus_stones"):
            if not isinstance(getattr(self, option), bool):
                raise InvalidRulesError(f"option {option} must be true or false, not {getattr(self, option)!r}")
        if not isinstance(self.deck, Deck):
            raise InvalidRulesError(f"option deck must be a Deck, not {self.deck!r}")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 64:
            raise InvalidRulesError(f"option name must be a text of 1 to 64 characters, not {self.name!r:.40}")
        for option, (low, high) in OPTION_RANGES.items():
            whole_number(getattr(self, option), f"option {option}", low=low, high=high, error=InvalidRulesError)
        if self.max_players < self.min_players:
            raise InvalidRulesError(
                f"max_players ({self.max_players}) is below min_players ({self.min_players})"
            )
        if self.rondas and self.deal == "whole":
            raise InvalidRulesError(
                "rondas are checked on deal rounds of 2 or 3 cards, never on a whole-deck deal: "
                "set rondas=False or deal='rounds'"
            )
        if self.teams and not self.min_players == self.max_players == 4:
            raise InvalidRulesError("teams are two pairs of partners: set min_players=max_players=4")
        if self.rewards == "stones" and not self.teams:
            raise InvalidRulesError("stones are scored by teams: rewards='stones' needs teams=True")
        if self.rewards == "cards" and (self.card_surplus_stones or self.chain_scoring != "final"
                                        or self.partides_to_win != 1):
            raise InvalidRulesError(
                "card_surplus_stones, chain_scoring and partides_to_win are options of stones "
                "scoring: set rewards='stones'"
            )
        if self.rewards == "stones" and self.hands != 1:
            raise InvalidRulesError("a stones game runs until a team reaches the target; hands stays 1")
        if self.own_pile and not self.open_piles:
            raise InvalidRulesError("own_pile needs open_piles: a closed pile is never taken")
        if self.continuous and self.deal == "whole":
            raise InvalidRulesError("continuous play draws from a stock; a whole-deck deal leaves none")
        for players in range(self.min_players, self.max_players + 1):
            self.check_players(players)

    # -- derived facts -------------------------------------------------------------

    def table_count(self, players: int) -> int:
        """Table cards dealt at the start of a hand with *players* players.

        >>> CAU.table_count(3), CAU.table_count(4), CAU_ROBAT_40.table_count(5)
        (3, 0, 5)
        """
        for count_players, count in self.table_cards:
            if count_players == players:
                return count
        return 0

    def check_players(self, players: int) -> None:
        """Raise :class:`~cau_rules.errors.InvalidRulesError` unless *players* can play.

        The count must be in the rules' range and the cards left after the table must
        share out equally (D-DEAL-5).

        >>> CAU.check_players(5)
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: cau is played by 2 to 4 players, not 5
        """
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidRulesError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidRulesError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        left = self.deck.size - self.table_count(players)
        if left <= 0 or left % players:
            raise InvalidRulesError(
                f"with {players} players the {left} cards left after the table do not share out "
                f"equally; choose another player count or table_cards"
            )

    @property
    def chain_calls(self) -> tuple[Call, ...]:
        """The name of each chain level, from the 2nd card to the longest chain these rules
        allow: cau, recau, then the fourth card's *Sant Vicent* in the Valencian stones game
        (``rewards="stones"``) or *contracau* in the Catalan and English games.  Every event
        and message names a level this way.

        >>> [call.value for call in CAU_RECAU_SANT_VICENT.chain_calls]
        ['cau', 'recau', 'sant-vicent']
        >>> [call.value for call in CAU_ROBAT_40.chain_calls], [call.value for call in CAU.chain_calls]
        (['cau', 'recau', 'contracau'], ['cau', 'recau'])
        """
        fourth = Call.SANT_VICENT if self.rewards == "stones" else Call.CONTRACAU
        return (Call.CAU, Call.RECAU, fourth)[: self.max_chain - 1]

    def chain_call(self, level: int) -> Call:
        """The call made by the card that makes a chain *level* cards long (2 to
        ``max_chain``); see :attr:`chain_calls`.

        >>> CAU_RECAU_SANT_VICENT.chain_call(4), CAU_ROBAT_40.chain_call(4)
        (<Call.SANT_VICENT: 'sant-vicent'>, <Call.CONTRACAU: 'contracau'>)
        """
        calls = self.chain_calls
        if not 2 <= level <= len(calls) + 1:
            raise ValueError(f"a chain of these rules has 2 to {len(calls) + 1} cards, not {level}")
        return calls[level - 2]

    def round_sizes(self, players: int) -> tuple[int, ...]:
        """Cards each player receives in each deal round of a hand.

        >>> CAU.round_sizes(4)
        (3, 3, 3, 3)
        >>> CAU_ROBAT_40.round_sizes(4), CAU_ROBAT_40.replace(deal="rounds").round_sizes(5)
        ((9,), (3, 3, 1))
        """
        each = (self.deck.size - self.table_count(players)) // players
        if self.deal == "whole":
            return (each,)
        if self.continuous:
            return (min(self.round_size, each),)
        sizes = [self.round_size] * (each // self.round_size)
        if each % self.round_size:
            sizes.append(each % self.round_size)
        return tuple(sizes)

    def replace(self, **options: Any) -> FishingRules:
        """A copy with some options changed; unknown names raise InvalidRulesError.

        >>> CAU.replace(colour="red")
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: unknown option 'colour' for cau; options are: card_surplus_stones, chain_scoring, continuous, ...
        """
        return replaced(self, options)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data (the deck by name).

        >>> CAU.to_dict()["deck"]
        'spanish-48'
        """
        data = attrs.asdict(self, recurse=False)
        data["deck"] = self.deck.name
        data["table_cards"] = [list(pair) for pair in self.table_cards]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FishingRules:
        """The rules described by :meth:`to_dict` output.

        >>> FishingRules.from_dict(CAU_ROBAT.to_dict()) == CAU_ROBAT
        True
        """
        options = dict(data)
        base = FISHING_PRESETS.get(str(options.get("name", "cau")), CAU)
        if "table_cards" in options:
            try:
                options["table_cards"] = tuple(tuple(pair) for pair in options["table_cards"])
            except TypeError:
                raise InvalidRulesError("table_cards must be a list of [players, cards] pairs") from None
        return base.replace(**options)



CAU = FishingRules()
"""*Cau*, the simple game, by the Catalan rule book: closed piles, runs of any length."""

CAU_ROBAT = CAU.replace(name="cau-robat", open_piles=True, own_pile=True)
"""*Cau robat* by the Catalan rule book: open piles that runs can take, own pile included."""

CAU_ROBAT_40 = FishingRules(
    name="cau-robat-40",
    deck=SPANISH_40,
    min_players=2,
    max_players=5,
    table_cards=((2, 4), (3, 4), (4, 4), (5, 5)),
    deal="whole",
    round_opener="continue",
    open_piles=True,
    own_pile=False,
    run_mode="whole_or_none",
    wrap=True,
    max_chain=4,
    rondas=False,
    leftovers="discard",
)
"""*Cau Robat* by the English rule book: 40 cards dealt whole, opponents' piles."""

CAU_40 = CAU_ROBAT_40.replace(name="cau-40", open_piles=False)
"""The face-down *Cau* of the English rule book: its rules with closed piles."""

CAU_RECAU_SANT_VICENT = FishingRules(
    name="cau-recau-sant-vicent",
    deck=SPANISH_40,
    min_players=4,
    max_players=4,
    table_cards=((4, 4),),
    deal="rounds",
    round_size=3,
    packet=1,
    round_opener="continue",
    open_piles=False,
    must_capture=True,
    run_mode="whole",
    wrap=False,
    max_chain=4,
    rondas=True,
    leftovers="last_capturer",
    teams=True,
    rewards="stones",
)
"""The Valencian team game by the Catalan rule book: partners, stones to 41, cau / recau / Sant Vicent."""

FISHING_PRESETS: dict[str, FishingRules] = {
    rules.name: rules for rules in (CAU, CAU_ROBAT, CAU_ROBAT_40, CAU_40, CAU_RECAU_SANT_VICENT)
}
"""The capture-family presets by name."""
