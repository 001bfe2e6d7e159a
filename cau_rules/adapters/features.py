"""Fixed-size observation vectors shared by the framework adapters (needs numpy).

A :class:`FeatureEncoder` turns one seat's view (``state.observe(seat)``) into a flat
``float32`` vector with every value in ``[0, 1]``, and keeps a *history summary* for
information-state vectors.  It reads only the view, so it can never show a card the
seat may not see.

- :class:`FishingFeatures` (the capture family) lays out, by piece name: ``seat``,
  ``to_play``, ``phase`` (one-hots), ``holding``, ``table``, ``trail``, ``chain``,
  ``discard`` (one-hot over the 48 card values), ``trail_seat``, ``chain_caller``,
  ``chain_level``, ``piles`` and ``pile_tops`` (open piles only, ``players x 48``),
  ``pile_sizes``, ``holding_sizes``, ``stock_size`` (fractions of the deck), ``debts``
  (``players x players``), ``last_capturer``, ``declarations`` (ronda and rondí per
  seat), ``hand``, ``round``, ``hands_won``, ``stones``, ``partides`` and ``stake``.
  Its history summary (``players x 48`` each, for the current hand): ``played``,
  ``captured``, ``shown``, plus ``called`` (ronda and rondí per seat) and ``seen`` (every
  card the seat has seen anywhere this hand).
- :class:`GenericFeatures` serves any other family from ``view.to_dict()``: the fields
  present in the first view of a game with a fixed-size kind (numbers, flags, seats,
  card lists, per-seat lists); history summary: ``seen``.  Families get a dedicated
  encoder with :func:`register_features`.

>>> import numpy as np
>>> from cau_rules import new_game
>>> from cau_rules.adapters.features import features_for
>>> state = new_game("cau", players=2, seed=1)
>>> features = features_for(state.rules, 2)
>>> out = np.zeros(features.size, np.float32)
>>> features.encode(state.observe(0), out)
>>> int(out[features.offset("holding"):][:48].sum())
3
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs
import numpy as np
import numpy.typing as npt

from cau_rules.ai.codec import codec_for
from cau_rules.cards import Card, parse_cards
from cau_rules.errors import CauRulesError, InvalidRulesError
from cau_rules.fishing.events import (
    Called,
    Captured,
    ChainExtended,
    Declared,
    HandStarted,
    LeftoversTaken,
    Showdown,
    Trailed,
)
from cau_rules.fishing.moves import GAME, JOC, Call
from cau_rules.fishing.rules import FishingRules

__all__ = [
    "FeatureEncoder",
    "FishingFeatures",
    "GenericFeatures",
    "Vector",
    "describe",
    "features_for",
    "register_features",
]

Vector = npt.NDArray[np.float32]
"""A flat float32 vector."""

CARDS = 48
"""Card slots in every one-hot (card values 0-47 of :class:`~cau_rules.cards.Card`)."""


@runtime_checkable
class FeatureEncoder(Protocol):
    """Views to fixed-size vectors for one rules object and player count.

    >>> from cau_rules import get_rules
    >>> isinstance(features_for(get_rules("cau"), 2), FeatureEncoder)
    True
    """

    @property
    def pieces(self) -> tuple[tuple[str, int], ...]:
        """``(name, size)`` of each observation piece, in order."""

    @property
    def history_pieces(self) -> tuple[tuple[str, int], ...]:
        """``(name, size)`` of each history-summary piece, in order."""

    @property
    def private_pieces(self) -> frozenset[str]:
        """Pieces that hold the seat's private information (zeroed for a public observer)."""

    @property
    def max_decisions(self) -> int:
        """An upper bound on the decisions of one game."""

    @property
    def size(self) -> int:
        """The length of an observation vector."""

    @property
    def history_size(self) -> int:
        """The length of a history summary."""

    def encode(self, view: Any, out: Vector) -> None:
        """Write the observation of *view* into *out* (length ``size``)."""

    def update_history(self, view: Any, summary: Vector) -> None:
        """Fold the next *view* of the seat into its history *summary* in place."""


class _Layout:
    """Offsets of named pieces."""

    pieces: tuple[tuple[str, int], ...] = ()
    history_pieces: tuple[tuple[str, int], ...] = ()
    private_pieces: frozenset[str] = frozenset({"holding"})

    def _index(self) -> dict[str, tuple[int, int]]:
        index: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in self.pieces:
            index[name] = (start, size)
            start += size
        return index

    @property
    def size(self) -> int:
        """The length of an observation vector."""
        return sum(size for _, size in self.pieces)

    @property
    def history_size(self) -> int:
        """The length of a history summary."""
        return sum(size for _, size in self.history_pieces)

    def offset(self, name: str) -> int:
        """Where observation piece *name* starts."""
        return self._index()[name][0]

    def history_offset(self, name: str) -> int:
        """Where history piece *name* starts in the summary."""
        start = 0
        for piece, size in self.history_pieces:
            if piece == name:
                return start
            start += size
        raise KeyError(name)


def _one_hot_cards(out: Vector, start: int, cards: Sequence[Card]) -> None:
    for card in cards:
        out[start + int(card)] = 1.0


def _fraction(value: float, whole: float) -> float:
    return 0.0 if whole <= 0 else min(max(value / whole, 0.0), 1.0)


class FishingFeatures(_Layout):
    """The capture family's observation vector (see the module docstring).

    >>> from cau_rules.fishing.rules import CAU_ROBAT
    >>> FishingFeatures(CAU_ROBAT, 4).size
    704
    """

    def __init__(self, rules: FishingRules, players: int) -> None:
        self.rules = rules
        self.players = n = players
        self.pieces = (
            ("seat", n), ("to_play", n), ("phase", 4),
            ("holding", CARDS), ("table", CARDS), ("trail", CARDS), ("trail_seat", n),
            ("chain", CARDS), ("chain_caller", n), ("chain_level", 1), ("discard", CARDS),
            ("piles", n * CARDS), ("pile_tops", n * CARDS), ("pile_sizes", n),
            ("holding_sizes", n), ("stock_size", 1), ("debts", n * n), ("last_capturer", n),
            ("declarations", 2 * n), ("hand", 1), ("round", 1), ("hands_won", n),
            ("stones", 2), ("partides", 2), ("stake", 4 + 2 * n),
        )
        self.history_pieces = (
            ("played", n * CARDS), ("captured", n * CARDS), ("shown", n * CARDS),
            ("called", 2 * n), ("seen", CARDS),
        )
        self._at = self._index()
        self._history_at = {name: self.history_offset(name) for name, _ in self.history_pieces}

    @property
    def max_decisions(self) -> int:
        """Decisions in the longest possible game.

        A hand has one play per dealt card, at most one declaration per seat in each
        deal round checked for rondas and at most ``target`` stake moves per such round
        (strictly rising bids, the game bid, the answer; one more, the joc, with several
        partides).  Cards rewards play ``hands`` hands; stones score at least one stone a
        hand (*bon fer* or *pixat*), so a partida lasts at most ``2 * target - 1`` hands
        and a game ``2 * partides_to_win - 1`` partides.

        >>> from cau_rules.fishing.rules import CAU, CAU_RECAU_SANT_VICENT
        >>> FishingFeatures(CAU, 4).max_decisions, FishingFeatures(CAU_RECAU_SANT_VICENT, 4).max_decisions
        (48, 12879)
        """
        rules, n = self.rules, self.players
        plays = rules.deck.size - rules.table_count(n)
        checked = len(rules.round_sizes(n)) if rules.rondas else 0
        per_hand = plays
        if rules.explicit_calls:
            per_hand += n * checked
        if rules.rewards == "stones":
            per_hand += (rules.target + (1 if rules.partides_to_win > 1 else 0)) * checked
            hands = (2 * rules.target - 1) * (2 * rules.partides_to_win - 1)
        else:
            hands = rules.hands
        return per_hand * hands

    def encode(self, view: Any, out: Vector) -> None:
        """Write the observation of a :class:`~cau_rules.fishing.view.FishingView`."""
        at = self._at
        rules, n = self.rules, self.players
        deck = float(rules.deck.size)
        out[:] = 0.0
        out[at["seat"][0] + view.seat] = 1.0
        if view.phase != "over":
            out[at["to_play"][0] + view.to_play] = 1.0
        out[at["phase"][0] + ("play", "declare", "bid", "over").index(view.phase)] = 1.0
        _one_hot_cards(out, at["holding"][0], view.holding)
        _one_hot_cards(out, at["table"][0], view.table)
        if view.trail is not None:
            seat, card = view.trail
            out[at["trail"][0] + int(card)] = 1.0
            out[at["trail_seat"][0] + seat] = 1.0
        if view.chain is not None:
            _one_hot_cards(out, at["chain"][0], [card for _, card in view.chain.cards])
            out[at["chain_caller"][0] + view.chain.caller] = 1.0
            out[at["chain_level"][0]] = _fraction(view.chain.level, 4)
        _one_hot_cards(out, at["discard"][0], view.discard)
        piles, tops, sizes = at["piles"][0], at["pile_tops"][0], at["pile_sizes"][0]
        for seat, pile in enumerate(view.piles):
            if pile:
                _one_hot_cards(out, piles + seat * CARDS, pile)
                out[tops + seat * CARDS + int(pile[-1])] = 1.0
            out[sizes + seat] = _fraction(view.pile_sizes[seat], deck)
        holding_sizes = at["holding_sizes"][0]
        for seat, size in enumerate(view.holding_sizes):
            out[holding_sizes + seat] = _fraction(size, deck)
        out[at["stock_size"][0]] = _fraction(view.stock_size, deck)
        debts = at["debts"][0]
        for debtor, owed in enumerate(view.debts):
            for creditor, amount in owed:
                out[debts + debtor * n + creditor] += _fraction(amount, deck)
        if view.last_capturer >= 0:
            out[at["last_capturer"][0] + view.last_capturer] = 1.0
        declarations = at["declarations"][0]
        for seat, call in view.declarations:
            out[declarations + 2 * seat + (1 if call is Call.RONDI else 0)] = 1.0
        out[at["hand"][0]] = _fraction(view.hand, max(rules.hands, 2 * rules.target))
        out[at["round"][0]] = _fraction(view.round, max(len(rules.round_sizes(n)), 1))
        hands_won = at["hands_won"][0]
        for scores in view.hand_scores:
            best = max(scores)
            for seat, score in enumerate(scores):
                if score == best:
                    out[hands_won + seat] += 1.0 / rules.hands
        np.minimum(out, 1.0, out=out)
        for team, stones in enumerate(view.stones[:2]):
            out[at["stones"][0] + team] = _fraction(stones, rules.target)
        for team, won in enumerate(view.partides[:2]):
            out[at["partides"][0] + team] = _fraction(won, rules.partides_to_win)
        if view.stake is not None:
            stake = at["stake"][0]
            bids = view.stake.bids
            out[stake] = 1.0
            out[stake + 1] = _fraction(len(bids), rules.target)
            if bids:
                last = bids[-1]
                if last is GAME:
                    out[stake + 3] = 1.0
                elif last == JOC:  # above the game: both flags, a value no number reaches
                    out[stake + 2] = out[stake + 3] = 1.0
                else:
                    out[stake + 2] = _fraction(last, rules.target)
            for seat, kind in view.stake.holders:
                out[stake + 4 + 2 * seat + (1 if kind is Call.RONDI else 0)] = 1.0

    def update_history(self, view: Any, summary: Vector) -> None:
        """Fold the public events of *view*, and what it shows, into *summary*."""
        at = self._history_at
        for event in view.events:
            if isinstance(event, HandStarted):
                summary[:] = 0.0
            elif isinstance(event, (Trailed, ChainExtended)):
                summary[at["played"] + event.seat * CARDS + int(event.card)] = 1.0
            elif isinstance(event, Captured):
                if event.chain == 0:
                    summary[at["played"] + event.seat * CARDS + int(event.card)] = 1.0
                _one_hot_cards(summary, at["captured"] + event.seat * CARDS, event.cards)
            elif isinstance(event, LeftoversTaken) and event.seat is not None:
                _one_hot_cards(summary, at["captured"] + event.seat * CARDS, event.cards)
            elif isinstance(event, Showdown):
                for seat, cards in event.shown:
                    _one_hot_cards(summary, at["shown"] + seat * CARDS, cards)
            elif isinstance(event, (Called, Declared)) and event.call in (Call.RONDA, Call.RONDI):
                summary[at["called"] + 2 * event.seat + (1 if event.call is Call.RONDI else 0)] = 1.0
        _one_hot_cards(summary, at["seen"], sorted(view.visible_cards()))


# ---------------------------------------------------------------------------------
# Any other family, from view.to_dict()

_SKIPPED = frozenset({"events", "legal_moves", "variant", "players", "outcome"})
_SEAT_KEYS = frozenset({"seat", "to_play", "dealer", "starter", "opener", "eldest", "last_capturer"})
_CATEGORIES = 8


def _cards_of(value: Any) -> tuple[Card, ...] | None:
    """The cards of a card-text string or a list of card codes, else None."""
    try:
        if isinstance(value, str):
            return parse_cards(value)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return parse_cards(value)
    except CauRulesError:
        return None
    return None


def _squash(value: float) -> float:
    """Any number into [0, 1], monotonically (0 maps to 0.5)."""
    return 0.5 + 0.5 * value / (1.0 + abs(value))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class GenericFeatures(_Layout):
    """An observation vector for any family, read from ``view.to_dict()``.

    The layout comes from the first view of a game: each field with a fixed-size kind
    gets a piece (seat fields a one-hot over the seats, numbers squashed into [0, 1],
    flags, other text hashed into 8 categories, card texts and card-code lists a
    48-card one-hot, per-seat lists of numbers, flags or cards per seat).  Fields that
    are absent, null or of another kind at that point are left out; a value of the
    wrong kind later encodes as zeros.  The history summary is ``seen``: every card
    the view has shown.

    >>> from cau_rules import get_rules
    >>> features = GenericFeatures(get_rules("cacho"), 3)
    >>> ("holding", 48) in features.pieces
    True
    """

    def __init__(self, rules: Any, players: int) -> None:
        from cau_rules.registry import new_game

        self.rules = rules
        self.players = players
        data = new_game(rules, players=players, seed=0).observe(0).to_dict()
        kinds: list[tuple[str, str, int]] = []
        for key, value in data.items():
            if key in _SKIPPED:
                continue
            kind = self._kind(key, value)
            if kind is not None:
                kinds.append((key, kind[0], kind[1]))
        self._kinds = tuple(kinds)
        self.pieces = tuple((key, size) for key, _, size in kinds)
        self.history_pieces = (("seen", CARDS),)
        self._at = self._index()
        bound = getattr(rules, "max_decisions", None)
        self._max = int(bound(players)) if callable(bound) else 100_000

    def _kind(self, key: str, value: Any) -> tuple[str, int] | None:
        n = self.players
        if isinstance(value, bool):
            return "flag", 1
        if key in _SEAT_KEYS and isinstance(value, int):
            return "seat", n
        if _is_number(value):
            return "number", 1
        if _cards_of(value) is not None:
            return "cards", CARDS
        if isinstance(value, str):
            return "category", _CATEGORIES
        if isinstance(value, list) and len(value) == n:
            if all(isinstance(item, bool) for item in value):
                return "flags", n
            if all(_is_number(item) for item in value):
                return "numbers", n
            if all(_cards_of(item) is not None for item in value):
                return "seat_cards", n * CARDS
        return None

    @property
    def max_decisions(self) -> int:
        """``rules.max_decisions(players)`` when the rules define it, else 100000."""
        return self._max

    def encode(self, view: Any, out: Vector) -> None:
        """Write the observation of *view* (any family) into *out*."""
        out[:] = 0.0
        data = view.to_dict()
        for key, kind, _size in self._kinds:
            self._write(out, self._at[key][0], kind, data.get(key))

    def _write(self, out: Vector, start: int, kind: str, value: Any) -> None:
        n = self.players
        if kind == "flag" and isinstance(value, bool):
            out[start] = float(value)
        elif kind == "seat" and isinstance(value, int) and 0 <= value < n:
            out[start + value] = 1.0
        elif kind == "number" and _is_number(value):
            out[start] = _squash(float(value))
        elif kind == "category" and isinstance(value, str):
            out[start + zlib.crc32(value.encode("utf-8")) % _CATEGORIES] = 1.0
        elif kind == "cards":
            cards = _cards_of(value)
            if cards is not None:
                _one_hot_cards(out, start, cards)
        elif isinstance(value, list) and len(value) == n:
            for seat, item in enumerate(value):
                if kind == "flags" and isinstance(item, bool):
                    out[start + seat] = float(item)
                elif kind == "numbers" and _is_number(item):
                    out[start + seat] = _squash(float(item))
                elif kind == "seat_cards":
                    cards = _cards_of(item)
                    if cards is not None:
                        _one_hot_cards(out, start + seat * CARDS, cards)

    def update_history(self, view: Any, summary: Vector) -> None:
        """Add every card *view* shows to ``seen``."""
        scratch = np.zeros(self.size, np.float32)
        self.encode(view, scratch)
        for key, kind, _size in self._kinds:
            start = self._at[key][0]
            if kind == "cards":
                np.maximum(summary[:CARDS], scratch[start:start + CARDS], out=summary[:CARDS])
            elif kind == "seat_cards":
                block = scratch[start:start + self.players * CARDS].reshape(self.players, CARDS)
                np.maximum(summary[:CARDS], block.max(axis=0), out=summary[:CARDS])


_FACTORIES: list[tuple[type, Callable[[Any, int], FeatureEncoder]]] = [(FishingRules, FishingFeatures)]


def register_features(rules_type: type, factory: Callable[[Any, int], FeatureEncoder]) -> None:
    """Make :func:`features_for` build *factory(rules, players)* for rules of *rules_type*.

    >>> register_features(FishingRules, FishingFeatures)
    """
    _FACTORIES[:] = [(kind, make) for kind, make in _FACTORIES if kind is not rules_type]
    _FACTORIES.append((rules_type, factory))


_CACHE: dict[tuple[Any, int], FeatureEncoder] = {}


def features_for(rules: Any, players: int) -> FeatureEncoder:
    """The feature encoder of *rules* (a rules object or preset name) and *players*:
    the family's registered encoder, else :class:`GenericFeatures`.

    >>> features_for("cau", 4).pieces[0]
    ('seat', 4)
    """
    if isinstance(rules, str):
        from cau_rules.registry import get_rules

        rules = get_rules(rules)
    rules.check_players(players)
    key = (rules, players)
    try:
        cached = _CACHE.get(key)
    except TypeError:  # unhashable rules object
        cached = None
    if cached is not None:
        return cached
    encoder: FeatureEncoder | None = None
    for kind, make in _FACTORIES:
        if isinstance(rules, kind):
            encoder = make(rules, players)
    if encoder is None:
        try:
            encoder = GenericFeatures(rules, players)
        except CauRulesError as exc:
            raise InvalidRulesError(f"no observation features for {type(rules).__name__}: {exc}") from exc
    with contextlib.suppress(TypeError):  # unhashable rules object: no caching
        _CACHE[key] = encoder
    return encoder


def describe(state: Any) -> str:
    """A full position as text, every holding shown (for ``render``: a spectator's view,
    never an observation).

    >>> from cau_rules import new_game
    >>> print(describe(new_game("cau", players=2, seed=1)).splitlines()[1])
    seat 0: 12o 12c 2b
    """
    lines = [f"{getattr(state.rules, 'name', '?')}, {state.players} players"]
    for seat in range(state.players):
        view = state.observe(seat)
        holding = getattr(view, "holding", ())
        lines.append(f"seat {seat}: " + " ".join(getattr(card, "code", str(card)) for card in holding))
    table = getattr(state, "table", None)
    if table is not None:
        lines.append("table: " + " ".join(getattr(card, "code", str(card)) for card in table))
    if state.is_over:
        lines.append(f"over: {state.outcome()}")
    else:
        lines.append(f"to play: seat {state.to_play}; legal: {', '.join(str(m) for m in state.legal_moves())}")
    return "\n".join(lines)


@attrs.frozen
class EnvSetup:
    """What both environment adapters derive from their arguments.

    >>> setup = env_setup("cau", 2, None, ("human", "ansi"), "terminate")
    >>> setup.players, setup.codec.num_actions
    (2, 621)
    """

    rules: Any
    players: int
    codec: Any
    features: FeatureEncoder


def env_setup(
    variant: str, players: int | None, render_mode: str | None, render_modes: Sequence[str], illegal_action: str,
) -> EnvSetup:
    """Check an environment's arguments and build its rules, codec and feature encoder;
    a bad argument raises :class:`~cau_rules.errors.InvalidRulesError`.

    >>> env_setup("cau", 2, "video", ("human", "ansi"), "terminate")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: render_mode must be None or one of ('human', 'ansi'), not 'video'
    """
    if render_mode is not None and render_mode not in render_modes:
        raise InvalidRulesError(f"render_mode must be None or one of {tuple(render_modes)}, not {render_mode!r}")
    if illegal_action not in ("terminate", "raise"):
        raise InvalidRulesError(f"illegal_action must be 'terminate' or 'raise', not {illegal_action!r}")
    from cau_rules.registry import get_rules

    rules = get_rules(variant)
    count = rules.min_players if players is None else players
    return EnvSetup(rules, count, codec_for(rules, count), features_for(rules, count))


def render_text(state: Any, render_mode: str | None) -> str | None:
    """What an environment's ``render()`` gives: the position as text for ``"ansi"``,
    printed for ``"human"`` (then None), None without a render mode or a state.

    >>> from cau_rules import new_game
    >>> render_text(new_game("cau", players=2, seed=1), "ansi") is not None
    True
    """
    if render_mode is None or state is None:
        return None
    text = describe(state)
    if render_mode == "human":
        print(text)
        return None
    return text
