"""Tables, seats and bots, independent of the web layer.

A :class:`Table` holds one game of one preset: its seats (empty, a person with a secret
token, or one of the library's bots), the current state, and the moves made so far.  It
turns a move text into a new state only through the library (``state.apply(text,
seat=seat)``), and it builds every frame a client may receive: a seat gets exactly what
``state.observe(seat)`` shows; a spectator gets :func:`public_view`, the information every
seat shares and that lies in nobody's hand.

>>> table = Table.create("t1", "cau", players=2, options={}, seed=5)
>>> token = table.sit(0, "Anna")
>>> table.add_bot(1, "greedy")
>>> table.status, table.seat_for_token(token), table.seat_for_token("forged")
('playing', 0, None)
"""

from __future__ import annotations

import hashlib
import hmac
import inspect
import json
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import cau_rules
from cau_rules.ai.levels import LEVELS
from cau_rules.ai.mcts import ISMCTSBot
from cau_rules.ai.specs import make_bot
from cau_rules.bots import GreedyBot, RandomBot
from cau_rules.cli.presets import preset_line, preset_name
from cau_rules.cli.screens import describe_variant
from cau_rules.errors import CauRulesError
from cau_rules.i18n import CARDS, CATALOGUES, COMMON, LANGS, Lang, check_lang, join_words
from cau_rules.record import GameRecord
from cau_rules.registry import family_of
from cau_rules.svg import SvgText
from examples.table_server.words import WORDS

__all__ = [
    "BOT_KINDS",
    "CARD_CODE",
    "Limits",
    "Refused",
    "Seat",
    "Table",
    "TableSettings",
    "card_codes",
    "group_moves",
    "hash_token",
    "outcome_words",
    "picture",
    "picture_from_dict",
    "public_view",
    "split_symbols",
    "table_options",
    "variant_catalogue",
]

BOT_KINDS = ("random", "greedy", "ismcts", *LEVELS)
"""The library's bots a seat can be filled with: the simple bots, IS-MCTS of the server's
size, and the levels of :mod:`cau_rules.ai.levels` (``easy`` to ``expert``)."""

CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(1[0-2]|[1-9])[oceb](?![a-z])")
"""A card code inside any text (``7o``, ``12b``), as the leak tests look for them."""

# Fields of a seat's view that belong to that seat alone; a spectator never gets them.
_PRIVATE_KEYS = frozenset({"seat", "holding", "legal_moves", "bet_range", "raise_range", "known"})
# Events that show cards to everybody (hands shown down, a table card put back).
_PUBLIC_EVENT_TYPES = frozenset({"Showdown", "TableReplaced"})
_AMOUNT_MOVE = re.compile(r"^([a-z]+) ([0-9]{1,9})$")


@dataclass(frozen=True)
class Limits:
    """What one server allows; every value is checked on every frame.

    Args:
        max_message_bytes: the largest frame a client may send (UTF-8 bytes).
        moves_per_second: the steady rate of move frames one connection may send.
        move_burst: how many move frames may come at once before the rate applies.
        frames_per_second: the steady rate of frames of any type per connection.
        frame_burst: the burst of frames of any type per connection.
        max_tables: unfinished tables the server holds at once (a create beyond is refused).
        max_connections_per_table: websocket connections to one table at once.
        max_name_chars: the longest player name.
        max_strikes: refused frames a connection may send before it is closed.
        max_queued_frames: frames waiting for a slow client before it is disconnected.
        ismcts_iterations: the search size of an IS-MCTS bot decision.
        creates_per_minute: the steady rate of ``POST /api/tables`` one client address may make.
        create_burst: how many creates one address may make at once before the rate applies.
        idle_waiting: seconds a waiting table (a seat still empty) with no seated person
            connected is kept before it is archived.
        idle_playing: the same for a game under way.
        idle_over: the same for a finished game.

    >>> Limits().max_message_bytes, Limits().idle_waiting, Limits().idle_over
    (2048, 600.0, 3600.0)
    """

    max_message_bytes: int = 2048
    moves_per_second: float = 5.0
    move_burst: int = 10
    frames_per_second: float = 20.0
    frame_burst: int = 40
    max_tables: int = 200
    max_connections_per_table: int = 32
    max_name_chars: int = 24
    max_strikes: int = 50
    max_queued_frames: int = 512
    ismcts_iterations: int = 100
    creates_per_minute: float = 6.0
    create_burst: int = 10
    idle_waiting: float = 600.0
    idle_playing: float = 3600.0
    idle_over: float = 3600.0


@dataclass(frozen=True)
class TableSettings:
    """How a table treats a person who is away: the table's own options, chosen at creation.

    Args:
        grace: seconds a seat whose person lost the connection waits for them before a bot
            plays for them (0 to 3600).
        move_clock: seconds a person has for each move before a bot plays that move for
            them (0: no clock; else 5 to 3600).
        stand_in: the bot that plays for an absent or timed-out person (one of
            :data:`BOT_KINDS`; a difficulty level may later name one).

    >>> TableSettings.of({"grace": 30})
    TableSettings(grace=30.0, move_clock=0.0, stand_in='greedy')
    >>> try:
    ...     TableSettings.of({"grace": -1})
    ... except Refused as exc:
    ...     print(exc)
    grace must be a number of seconds from 0 to 3600, not -1
    """

    grace: float = 60.0
    move_clock: float = 0.0
    stand_in: str = "greedy"

    @classmethod
    def of(cls, data: Any) -> TableSettings:
        """The settings *data* (a JSON object with any of the three keys) names.

        Raises:
            Refused: an unknown key, or a value out of its range.
        """
        if data is None:
            return cls()
        if not isinstance(data, dict) or set(data) - {"grace", "move_clock", "stand_in"}:
            raise Refused("bad_table", "table settings are an object with grace, move_clock and stand_in")
        values: dict[str, Any] = {}
        for key, low in (("grace", 0), ("move_clock", 0)):
            if key in data:
                value = data[key]
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= 3600 \
                        or (key == "move_clock" and 0 < value < 5):
                    floor = "0 (none) or 5" if key == "move_clock" else "0"
                    raise Refused("bad_table", f"{key} must be a number of seconds from {floor} to 3600, not {value!r:.20}")
                values[key] = float(value)
        if "stand_in" in data:
            if data["stand_in"] not in BOT_KINDS:
                raise Refused("bad_table", f"stand_in must be one of {', '.join(BOT_KINDS)}, not {data['stand_in']!r:.20}")
            values["stand_in"] = str(data["stand_in"])
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return {"grace": self.grace, "move_clock": self.move_clock, "stand_in": self.stand_in}


class Refused(Exception):
    """A request the server turns down; the table is unchanged.

    Args:
        code: a short machine-readable reason (``illegal_move``, ``not_seated``, ...).
        message: the reason in words (for a move: the library's own message).

    >>> str(Refused("seat_taken", "seat 1 is taken"))
    'seat 1 is taken'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    """The stored form of a seat token: a SHA-256 hex digest (the token itself is never stored).

    Any string hashes, a lone surrogate (``"\\ud800"``, which JSON may carry) included: it is
    hashed as its UTF-8-with-surrogates bytes and simply matches no seat.

    >>> len(hash_token("abc")), hash_token("\\ud800") == hash_token("\\ud801")
    (64, False)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b")


def card_codes(text: str) -> set[str]:
    """Every card code named in *text*.

    Colours written as hex (``#e6b04a`` in a picture) are not read as card codes.

    >>> sorted(card_codes('seat 0 captures with 8c: 9o 8o 8c; stock 12, spanish-48'))
    ['8c', '8o', '9o']
    >>> sorted(card_codes('<rect fill="#e6b04a" data-card="3b"/>'))
    ['3b']
    """
    return {match.group(0) for match in CARD_CODE.finditer(_HEX_COLOUR.sub("#", text))}


@dataclass
class Seat:
    """One seat of a table.

    Args:
        kind: ``"empty"``, ``"human"`` or ``"bot"``.
        name: the player's name (or the bot's kind).
        token_hash: the SHA-256 of the seat's secret token (people only).
        bot: the bot kind for a bot seat (one of :data:`BOT_KINDS`).
    """

    kind: Literal["empty", "human", "bot"] = "empty"
    name: str = ""
    token_hash: str | None = None
    bot: str | None = None

    def public(self) -> dict[str, Any]:
        """What anybody may know of the seat (never its token)."""
        return {"kind": self.kind, "name": self.name, "bot": self.bot}


def table_options(variant: str) -> dict[str, Any]:
    """The options a new table of *variant* starts from: the preset's, with its family's
    demonstration options over them (a Cacho table plays a session of several hands, as
    the command line's demo does, since a one-hand session is often void).

    >>> table_options("cacho")["max_hands"] > 1, table_options("cau") == {}
    (True, True)
    """
    return dict(family_of(cau_rules.get_rules(variant)).demo_options)


def variant_catalogue() -> list[dict[str, Any]]:
    """Every preset with its player counts, a line saying what it is, and its options as a
    new table starts with them (for the create form): their values, and the rules' own
    description of each (``rules.describe_options()``: kind, range or choices, a line of help).

    >>> [entry["name"] for entry in variant_catalogue()][:2]
    ['cacho', 'cau']
    >>> variant_catalogue()[0]["title"].startswith("Cacho")
    True
    >>> variant_catalogue()[2]["names"]["ca"]
    'Cau (llibre de regles anglès)'
    """
    catalogue = []
    for name in cau_rules.variants():
        rules = cau_rules.get_rules(name, **table_options(name))
        options = {key: value for key, value in rules.to_dict().items()
                   if key not in ("name", "min_players", "max_players")}
        described = [entry.to_dict() for entry in rules.describe_options()
                     if entry.name not in ("name", "min_players", "max_players")]
        words = CATALOGUES[family_of(rules).name]
        for entry in described:
            entry["words"] = {lang: _option_words(words, entry, lang) for lang in LANGS}
        catalogue.append({"name": name, "title": describe_variant(name), "min_players": rules.min_players,
                          "max_players": rules.max_players, "options": options, "described": described,
                          "names": {lang: preset_name(name, lang) for lang in LANGS},
                          "titles": {lang: _preset_line(name, lang) for lang in LANGS}})
    return catalogue


def _preset_line(name: str, lang: Lang) -> str:
    """The preset's line, as a table plays it (a Cacho table plays a session of several hands)."""
    demo = table_options(name)
    if f"line_{name}" in WORDS.entries and demo.get("max_hands"):
        return WORDS(f"line_{name}", lang, demo["max_hands"])
    return preset_line(name, lang)


def _option_words(words: Any, entry: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    """An option's name, help and choices in *lang*, from its family's catalogue."""
    name = str(entry["name"])

    def text(key: str, fallback: str) -> str:
        return str(words(key, lang)) if key in words.entries else fallback

    choices = {str(choice): text(f"choice_{choice}", str(choice)) for choice in entry.get("choices", [])}
    return {"name": text(f"option_{name}", name), "help": text(f"help_{name}", str(entry.get("help", ""))),
            "choices": choices}


def outcome_words(outcome: Any, names: Sequence[str], lang: Lang) -> str:
    """The outcome in words with the players' *names* for seats: who won and how, then
    every player's score.

    >>> from cau_rules.outcome import Outcome, Termination
    >>> outcome_words(Outcome((1,), (3, 9), Termination.MOST_CARDS), ["Anna", "Bernat"], "ca")
    'Bernat guanya amb més cartes; punts: Anna: 3, Bernat: 9'
    """
    lang = check_lang(lang)
    winners = [names[seat] for seat in outcome.winners]
    session = outcome.termination.name in ("ALL_COUNTERS", "MAX_HANDS")
    if not winners:
        who = COMMON("nobody", lang)
    elif len(winners) == 1:
        who = COMMON("wins_session" if session else "wins", lang, winners[0])
    elif len(winners) == len(outcome.scores):
        who = COMMON("tie", lang, join_words(winners, lang))
    else:
        who = COMMON("share", lang, join_words(winners, lang))
    scores = ", ".join(COMMON("score_of", lang, names[seat], score) for seat, score in enumerate(outcome.scores))
    return f"{who} {outcome.describe(lang)}; {COMMON('scores', lang, scores)}"


def group_moves(moves: Iterable[Any], describe: Callable[[Any], str] | None = None,
                holding: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Legal moves as choices for a page: one button per move, and amounts as ranges.

    Moves written ``<verb> <amount>`` (``bet 1`` .. ``bet 17``, ``bid 2`` ..) become one
    ``range`` choice per verb when the amounts run without a gap; every other move is a
    ``move`` choice with its text.  Works on lazy sequences (one pass).  With *describe*,
    each choice also carries its ``label`` in words (a range: the words of its largest
    amount with ``{n}`` for the amount, and ``label_min``, the words of its smallest); with
    *holding*, the moves that play a card come first, in the holding's order.

    >>> group_moves(["pass", "bet 1", "bet 2", "bet 3", "fold"])
    [{'kind': 'move', 'text': 'pass'}, {'kind': 'range', 'verb': 'bet', 'min': 1, 'max': 3}, {'kind': 'move', 'text': 'fold'}]
    >>> group_moves(["bid 2", "bid 4"])
    [{'kind': 'move', 'text': 'bid 2'}, {'kind': 'move', 'text': 'bid 4'}]
    >>> group_moves(["9o", "2b"], describe=str.upper, holding=["2b", "9o"])
    [{'kind': 'move', 'text': '2b', 'label': '2B'}, {'kind': 'move', 'text': '9o', 'label': '9O'}]
    """
    order: list[tuple[str, str]] = []
    amounts: dict[str, list[int]] = {}
    objects: dict[str, Any] = {}
    for move in moves:
        text = str(move)
        match = _AMOUNT_MOVE.match(text)
        if match is None:
            order.append(("move", text))
            objects[text] = move
            continue
        verb = match.group(1)
        if verb not in amounts:
            amounts[verb] = []
            order.append(("range", verb))
        amounts[verb].append(int(match.group(2)))
        objects.setdefault(f"{verb} {match.group(2)}", move)
    choices: list[dict[str, Any]] = []

    def single(text: str) -> dict[str, Any]:
        choice: dict[str, Any] = {"kind": "move", "text": text}
        if describe is not None:
            choice["label"] = describe(objects[text])
        return choice

    for kind, text in order:
        if kind == "move":
            choices.append(single(text))
            continue
        values = sorted(set(amounts[text]))
        if values == list(range(values[0], values[-1] + 1)):
            choice: dict[str, Any] = {"kind": "range", "verb": text, "min": values[0], "max": values[-1]}
            if describe is not None:
                high = describe(objects[f"{text} {values[-1]}"])
                choice["label"] = high.replace(str(values[-1]), "{n}", 1)
                choice["label_min"] = describe(objects[f"{text} {values[0]}"])
            choices.append(choice)
        else:
            choices.extend(single(f"{text} {value}") for value in values)
    if holding:
        place = {str(card): index for index, card in enumerate(holding)}

        def rank(item: tuple[int, dict[str, Any]]) -> tuple[int, int]:
            index, choice = item
            text = str(choice.get("text", ""))
            card = getattr(objects.get(text), "card", None)
            found = CARD_CODE.match(text) if card is None else None
            code = str(card) if card is not None else found.group(0) if found is not None else ""
            return (place.get(code, len(place)), index)

        choices = [choice for _, choice in sorted(enumerate(choices), key=rank)]
    return choices


# ---------------------------------------------------------------------------------
# What a spectator may see


def _codes_in(value: Any) -> int:
    return len(CARD_CODE.findall(json.dumps(value)))


def _scrub(value: Any, allowed: frozenset[str]) -> Any:
    """*value* with every card code not in *allowed* replaced by ``??``."""
    if isinstance(value, str):
        return CARD_CODE.sub(lambda match: match.group(0) if match.group(0) in allowed else "??", value)
    if isinstance(value, list):
        return [_scrub(item, allowed) for item in value]
    if isinstance(value, dict):
        return {key: _scrub(item, allowed) for key, item in value.items()}
    return value


def _agreed(values: Sequence[Any]) -> Any:
    """One value from every seat's copy: the common one, else element by element the
    copy naming fewest cards (a redacted event beats the seat's own version)."""
    first = values[0]
    if all(value == first for value in values):
        return first
    if all(isinstance(value, list) and len(value) == len(first) for value in values):
        return [_agreed([value[index] for value in values]) for index in range(len(first))]
    return min(values, key=_codes_in) if all(isinstance(v, (str, list, dict)) for v in values) else None


def _event_text(event: Any, lang: str) -> str:
    """An event in words, in *lang* where the event speaks it."""
    text = getattr(event, "text", None)
    return str(text(lang)) if callable(text) else str(event)


def public_view(state: Any, lang: str = "en") -> dict[str, Any]:
    """What a spectator may see of *state*: the view every seat shares, no hand in it.

    A card code is shown only if every seat's view names it and it lies in no seat's
    hand (or a showdown showed it to all); every other card code becomes ``??``.  The
    fields that belong to one seat (its hand, its moves, what it alone knows) are dropped.

    >>> state = cau_rules.new_game("cau-40", players=2, seed=3)
    >>> view = public_view(state)
    >>> view["holding"], view["table"], view["holding_sizes"]
    (None, '10o 12b 4e 5b', [18, 18])
    """
    views = [state.observe(seat) for seat in range(state.players)]
    dicts = [view.to_dict() for view in views]
    named = frozenset.intersection(*(frozenset(card_codes(json.dumps(data))) for data in dicts))
    held = {card.code for view in views for card in view.holding}
    shown: set[str] = set()
    for view in views:
        for event in view.events:
            if type(event).__name__ in _PUBLIC_EVENT_TYPES:
                shown |= card_codes(str(event))
    allowed = frozenset((named - held) | (shown & named))
    public: dict[str, Any] = {}
    for key in dicts[0]:
        if key in _PRIVATE_KEYS:
            continue
        public[key] = _scrub(_agreed([data.get(key) for data in dicts]), allowed)
    words = [[_event_text(event, lang) for event in view.events] for view in views]
    public["events"] = _scrub(_agreed(words), allowed) if words else []
    public["seat"] = None
    public["holding"] = None
    public["legal_moves"] = []
    return public


# ---------------------------------------------------------------------------------
# The picture of a view

# Colours are written so that no "#<digit><o|c|e|b>" looks like a card code to a leak scan.
_SUIT_COLOURS = {"o": "#c99a06", "c": "#c0392b", "e": "#2a5da8", "b": "#2f7d32"}
_CARD_W, _CARD_H, _GAP = 34, 50, 6


def _codes_of(value: Any) -> list[str]:
    """Card codes (or ``??`` for a hidden card) in a view field, in order."""
    if value is None:
        return []
    text = value if isinstance(value, str) else json.dumps(value)
    return re.findall(r"(?<![0-9A-Za-z])(?:(?:1[0-2]|[1-9])[oceb]|\?\?)(?![a-z])", text)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _card(x: int, y: int, code: str | None, lang: str = "en") -> str:
    if code is None or code == "??":
        return (f'<rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="4" class="back" '
                f'fill="#7a2531" stroke="#40101a"/>'
                f'<rect x="{x + 4}" y="{y + 4}" width="{_CARD_W - 8}" height="{_CARD_H - 8}" rx="2" '
                f'fill="none" stroke="#e8c36a" stroke-width="1"/>')
    rank, suit = code[:-1], code[-1]
    colour = _SUIT_COLOURS.get(suit, "#333")
    name = CARDS(code, check_lang(lang) if lang in LANGS else "en") if code in CARDS.entries else code
    return (f'<g class="card" data-card="{_esc(code)}"><title>{_esc(name)}</title>'
            f'<rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="4" fill="#fffdf5" stroke="{colour}" '
            f'stroke-width="2"/>'
            f'<text x="{x + _CARD_W // 2}" y="{y + 24}" text-anchor="middle" font-size="16" font-weight="bold" '
            f'fill="{colour}">{_esc(rank)}</text>'
            f'<text x="{x + _CARD_W // 2}" y="{y + 42}" text-anchor="middle" font-size="11" '
            f'fill="{colour}">{_esc(suit)}</text></g>')


def _row(y: int, label: str, codes: Sequence[str | None], width: int, lang: str = "en") -> tuple[str, int]:
    """A labelled row of cards (the label above, the cards wrapping), and the height it took."""
    parts = [f'<text x="10" y="{y + 12}" font-size="12" fill="#f5efe0">{_esc(label)}</text>']
    per_line = max(1, (width - 20) // (_CARD_W + _GAP))
    lines = max(1, -(-len(codes) // per_line))
    for index, code in enumerate(codes):
        line, column = divmod(index, per_line)
        parts.append(_card(10 + column * (_CARD_W + _GAP), y + 18 + line * (_CARD_H + _GAP), code, lang))
    return "".join(parts), 18 + lines * (_CARD_H + _GAP) + 2


def _spectator_words(lang: str) -> dict[str, str]:
    """The few words of :func:`picture_from_dict` in *lang* (from the page's catalogue)."""
    code = check_lang(lang) if lang in LANGS else "en"
    return {key[len("spectator_"):].replace("_", " "): text[code] for key, text in WORDS.entries.items()
            if key.startswith("spectator_")}


def picture_from_dict(data: Mapping[str, Any], lang: str = "en") -> str:
    """A simple SVG of a view dict (a seat's ``view.to_dict()`` or :func:`public_view`).

    The table's cards face up, the seat's own hand face up, every other hand as backs,
    open piles face up, and the stock as one back with its size.
    """
    width = 640
    words = _spectator_words(lang)
    seat = data.get("seat")
    sizes = data.get("holding_sizes") or data.get("card_counts") or []
    rows: list[tuple[str, list[str | None]]] = []
    if "table" in data:
        rows.append((words["table"], list(_codes_of(data.get("table")))))
    chain = data.get("chain")
    if chain:
        rows.append((words["chain"], list(_codes_of(chain))))
    piles = data.get("piles") or []

    def label(index: int, name: str) -> str:
        extra = []
        pile_sizes, stacks = data.get("pile_sizes") or [], data.get("stacks") or []
        if index < len(pile_sizes):
            extra.append(words["pile"] + f" {pile_sizes[index]}")
        if index < len(stacks):
            extra.append(words["stack"] + f" {stacks[index]}")
        return " · ".join([name, *map(str, extra)])

    for index, size in enumerate(sizes):
        if index == seat:
            continue
        known = _codes_of((data.get("known") or [None] * len(sizes))[index]) if data.get("known") else []
        hand: list[str | None] = list(known) + [None] * max(0, int(size) - len(known))
        rows.append((label(index, words["seat"].format(index)), hand))
        if index < len(piles) and piles[index]:
            rows.append(("  " + words["open pile"], list(_codes_of(piles[index]))))
    if isinstance(seat, int):
        rows.append((label(seat, words["you"].format(seat)), list(_codes_of(data.get("holding")))))
        if seat < len(piles) and piles[seat]:
            rows.append(("  " + words["your pile"], list(_codes_of(piles[seat]))))
    body: list[str] = []
    y = 34
    for title, codes in rows:
        part, height = _row(y, title, codes, width, lang)
        body.append(part)
        y += height
    stock = data.get("stock_size")
    to_play = data.get("to_play")
    variant = str(data.get("variant") or "")
    name = preset_name(variant, check_lang(lang)) if variant in cau_rules.variants() and lang in LANGS else variant
    head = "  ·  ".join(part for part in (name, words["stock"].format(stock) if stock is not None else "")
                        if part)
    if not data.get("is_over", False) and data.get("phase") != "over" and isinstance(to_play, int) and to_play >= 0:
        head += "  ·  " + words["to play"].format(to_play)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 6}" '
            f'viewBox="0 0 {width} {y + 6}" role="img" aria-label="{_esc(words["label"])}">'
            f'<rect width="100%" height="100%" rx="10" fill="#1f5c3a"/>'
            f'<text x="8" y="20" font-size="13" fill="#f5efe0" font-weight="bold">{_esc(head)}</text>'
            + "".join(body) + "</svg>")


def _takes_form(svg: Any) -> bool:
    """Whether a view's ``svg`` method draws more than one form (the capture family's does)."""
    try:
        return "form" in inspect.signature(svg).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin
        return False


def picture(view: Any, lang: str = "en", form: str = "table") -> str:
    """The picture of a seat's view in *lang*, as SVG text: drawn by the library's renderer
    (``view.svg(lang=...)``, else the family's ``Family.picture``), which draws only what
    the view shows.  *form* ``"column"`` asks a family that draws a table for its compact
    portrait form (phones); the others draw their one form.  A family without a renderer falls back to :func:`picture_from_dict`
    of ``view.to_dict()``.

    >>> svg = picture(cau_rules.new_game("cau", players=2, seed=1).observe(0))
    >>> svg.startswith("<svg") and 'data-card="12o"' in svg
    True
    >>> "Seient" in picture(cau_rules.new_game("cau", players=2, seed=1).observe(0), "ca")
    True
    """
    svg = getattr(view, "svg", None)
    if callable(svg):
        text = svg(lang=lang, form=form) if form != "table" and _takes_form(svg) else svg(lang=lang)
        if isinstance(text, SvgText):  # the library's own text: it keeps its symbols (see split_symbols)
            stripped = SvgText(text.strip())
            stripped.symbols = text.symbols
            return stripped
        return str(text).strip()
    draw = family_of(view).picture
    if draw is None:
        return picture_from_dict(view.to_dict(), lang)
    return draw(view).strip()


# ---------------------------------------------------------------------------------
# A table


def split_symbols(svg: str) -> tuple[str, Mapping[str, str]]:
    """A picture without its ``<defs>``, and the ``<symbol>`` elements it held, by id.

    The library defines each card face, back and suit sign once per picture as a
    ``<symbol>`` and draws it with ``<use href="#id">``; a symbol's id names everything it
    draws, so a symbol sent once need not be sent again: the page keeps the symbols it
    received in one hidden ``<svg>``, and the ``<use>`` of every later picture finds them
    there.  A picture without ``<defs>`` comes back whole, with no symbols.

    >>> svg = picture(cau_rules.new_game("cau", players=2, seed=1).observe(0))
    >>> body, symbols = split_symbols(svg)
    >>> "<symbol" in body, len(body) < len(svg), all(text.startswith(f'<symbol id="{name}"')
    ...                                               for name, text in symbols.items())
    (False, True, True)
    """
    start = svg.find("\n<defs>\n")
    end = svg.find("\n</defs>", start)
    if start < 0 or end < 0:
        return svg, {}
    if isinstance(svg, SvgText):  # drawn by the library: its symbols are at hand
        return svg[:start] + svg[end + 8:], svg.symbols
    symbols: dict[str, str] = {}
    for chunk in svg[start + 8:end].split("</symbol>"):
        chunk = chunk.lstrip("\n")
        if chunk.startswith('<symbol id="'):
            symbols[chunk[12:chunk.index('"', 12)]] = chunk + "</symbol>"
    return svg[:start] + svg[end + 8:], symbols


PatchPart = str | list[int]
"""One part of a picture patch: new lines (joined by newlines), or ``[start, count]``: that
many lines of the picture before, from line *start* (counted from 0)."""

_SHORT_LINE = 12  # a line this short ("</g>") is sent as text unless it continues a copied run


def line_index(lines: Sequence[str]) -> dict[str, int]:
    """Where each line first occurs in *lines* (what :func:`picture_patch` copies from).

    >>> line_index(["<g>", "a", "<g>"])
    {'<g>': 0, 'a': 1}
    """
    # Built backwards, so that a repeated line keeps its first place (in C, not a Python loop).
    return dict(zip(reversed(lines), range(len(lines) - 1, -1, -1), strict=True))


def picture_patch(old: Sequence[str], index: Mapping[str, int], new: Sequence[str]) -> list[PatchPart]:
    """The new picture's lines *new* as runs of the old picture's lines *old* (whose
    :func:`line_index` is *index*) and the text of the lines between them.

    A picture is one element a line, and from one move to the next most lines stay (the
    rows and piles that did not change, the card faces): a patch sends only the others.
    :func:`apply_patch` (and the page) rebuild the new picture exactly, whatever the two
    pictures are.

    >>> old = ["<svg>", "<g>", "<use href='#a'/>", "</g>", "<text>hand 1</text>", "</svg>"]
    >>> new = ["<svg>", "<text>hand 2</text>", "<g>", "<use href='#a'/>", "</g>", "</svg>"]
    >>> patch = picture_patch(old, line_index(old), new)
    >>> patch  # a line as short as "<g>" goes as text, unless a copied run goes on through it
    ['<svg>\\n<text>hand 2</text>\\n<g>', [2, 2], '</svg>']
    >>> apply_patch(old, patch) == new
    True
    """
    parts: list[PatchPart] = []
    fresh: list[str] = []
    start = count = 0
    size = len(old)
    for line in new:
        if count:
            following = start + count
            if following < size and old[following] == line:
                count += 1
                continue
            parts.append([start, count])
            count = 0
        found = index.get(line) if len(line) > _SHORT_LINE else None
        if found is None:
            fresh.append(line)
            continue
        if fresh:
            parts.append("\n".join(fresh))
            fresh = []
        start, count = found, 1
    if count:
        parts.append([start, count])
    if fresh:
        parts.append("\n".join(fresh))
    return parts


def apply_patch(old: Sequence[str], patch: Iterable[Any]) -> list[str]:
    """The lines of the picture that *patch* (from :func:`picture_patch`) makes of *old*.

    Raises:
        ValueError: a part is neither text nor a run of *old*'s lines.

    >>> apply_patch(["a", "b", "c"], ["x", [1, 2]])
    ['x', 'b', 'c']
    >>> apply_patch(["a"], [[0, 2]])
    Traceback (most recent call last):
    ...
    ValueError: a patch copies lines 0 to 1 of a picture of 1 lines
    """
    lines: list[str] = []
    for part in patch:
        if isinstance(part, str):
            lines.extend(part.split("\n"))
            continue
        if (not isinstance(part, list) or len(part) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in part)):
            raise ValueError(f"a patch part is a text or [start, count], not {part!r}")
        start, count = part
        if start < 0 or count < 1 or start + count > len(old):
            raise ValueError(f"a patch copies lines {start} to {start + count - 1} of a picture of {len(old)} lines")
        lines.extend(old[start:start + count])
    return lines


def _new_bot(kind: str, rules: Any, limits: Limits, players: int) -> Any:
    if kind == "random":
        return RandomBot()
    if kind == "greedy":
        return GreedyBot()
    if kind == "ismcts":
        return ISMCTSBot(iterations=limits.ismcts_iterations, rules=rules)
    if kind in LEVELS:
        return make_bot(f"level:{kind}", rules, players)
    raise Refused("bad_bot", f"unknown bot {kind!r}; bots are: {', '.join(BOT_KINDS)}")


@dataclass
class Table:
    """One table: a preset, its seats, the current state and the moves made.

    Args:
        id: the table's identifier (also its invite link).
        variant: the preset name.
        players: the number of seats.
        options: the preset options changed (as given to ``get_rules``).
        seed: the deal's seed (secret until the game is over: it tells every card).
        seats: one :class:`Seat` per seat.
        state: the current state.
        moves: every move so far as ``(seat, text)``.
        created: when the table was created (seconds since the epoch).
        limits: the server's limits (the IS-MCTS search size).
        settings: how the table treats a person who is away (:class:`TableSettings`).
    """

    id: str
    variant: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    state: Any
    moves: list[tuple[int, str]] = field(default_factory=list)
    created: float = 0.0
    limits: Limits = field(default_factory=Limits)
    settings: TableSettings = field(default_factory=TableSettings)
    away: dict[int, float] = field(default_factory=dict)
    """Seats whose person lost the connection, with when (the server's clock)."""
    standing_in: set[int] = field(default_factory=set)
    """Seats a stand-in bot plays for (their person is away beyond the grace)."""
    _bots: dict[int, Any] = field(default_factory=dict, repr=False)
    _frames: dict[tuple[int, int | None, str, str], dict[str, Any]] = field(default_factory=dict, repr=False)

    @classmethod
    def create(cls, table_id: str, variant: str, *, players: int, options: Mapping[str, Any],
               seed: int, limits: Limits | None = None, settings: TableSettings | None = None) -> Table:
        """A new table with every seat empty.

        Raises:
            Refused: the preset, the options or the player count are not valid (the
                library's message).
        """
        if not isinstance(variant, str) or variant not in cau_rules.variants():
            raise Refused("bad_table", f"unknown preset {variant!r}; presets are: {', '.join(cau_rules.variants())}")
        try:
            rules = cau_rules.get_rules(variant, **dict(options))
            rules.check_players(players)
            state = cau_rules.new_game(variant, players=players, seed=seed, **dict(options))
        except (CauRulesError, TypeError) as exc:
            raise Refused("bad_table", str(exc)) from None
        return cls(table_id, variant, players, dict(options), seed, [Seat() for _ in range(players)], state,
                   created=time.time(), limits=limits or Limits(), settings=settings or TableSettings())

    @classmethod
    def restore(cls, table_id: str, record: GameRecord, seats: list[Seat], created: float,
                limits: Limits | None = None, settings: TableSettings | None = None) -> Table:
        """The table a stored record and seats describe, every move replayed and checked."""
        states = list(record.states())
        table = cls(table_id, record.variant, record.players, record.options_dict(), record.seed, seats,
                    states[-1], moves=list(record.moves), created=created, limits=limits or Limits(),
                    settings=settings or TableSettings())
        for seat, info in enumerate(seats):
            if info.kind == "bot" and info.bot is not None:
                table._start_bot(seat, info.bot, states)
        return table

    # -- seats ---------------------------------------------------------------

    @property
    def status(self) -> str:
        """``waiting`` (a seat is empty), ``playing`` or ``over``."""
        if self.state.is_over:
            return "over"
        return "waiting" if any(seat.kind == "empty" for seat in self.seats) else "playing"

    @property
    def ply(self) -> int:
        """The number of moves made."""
        return len(self.moves)

    def _empty_seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise Refused("bad_seat", f"seat must be a number from 0 to {self.players - 1}, not {seat!r}")
        if self.seats[seat].kind != "empty":
            raise Refused("seat_taken", f"seat {seat} is taken")
        return seat

    def sit(self, seat: Any, name: Any) -> str:
        """Give an empty seat to a person; returns the seat's secret token.

        Raises:
            Refused: the seat is not a seat of this table, is taken, or the name is not valid.
        """
        seat = self._empty_seat(seat)
        if not isinstance(name, str) or not name.strip() or len(name) > self.limits.max_name_chars \
                or not name.isprintable():
            raise Refused("bad_name", f"a name is 1 to {self.limits.max_name_chars} printable characters")
        token = secrets.token_hex(24).upper()  # upper case: never reads as a card code
        self.seats[seat] = Seat("human", name.strip(), hash_token(token))
        self._frames.clear()
        return token

    def add_bot(self, seat: Any, kind: Any) -> None:
        """Fill an empty seat with one of the library's bots.

        Raises:
            Refused: the seat is not empty, or the bot kind is unknown.
        """
        seat = self._empty_seat(seat)
        if not isinstance(kind, str) or kind not in BOT_KINDS:
            raise Refused("bad_bot", f"unknown bot {kind!r}; bots are: {', '.join(BOT_KINDS)}")
        self._start_bot(seat, kind, [self.state])
        self.seats[seat] = Seat("bot", f"{kind} bot", None, kind)
        self._frames.clear()

    def _start_bot(self, seat: int, kind: str, states: Sequence[Any]) -> None:
        rules = cau_rules.get_rules(self.variant, **self.options)
        bot = _new_bot(kind, rules, self.limits, self.players)
        if hasattr(bot, "observe"):
            # An observing bot sees its seat's view of the start and of every state since.
            for state in states:
                bot.observe(state.observe(seat))
        self._bots[seat] = bot

    def seat_for_token(self, token: Any) -> int | None:
        """The seat whose secret token is *token*, or None."""
        if not isinstance(token, str) or not token or len(token) > 200 or not token.isascii():
            return None  # a real token is upper-case hex: anything else holds no seat
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return index
        return None

    # -- moves ---------------------------------------------------------------

    def check(self, seat: int, text: Any, ply: Any) -> tuple[Any, tuple[int, str]]:
        """The state after *text* for *seat* (through the library), without changing the table.

        Returns:
            The new state and the ``(seat, text)`` entry to store.

        Raises:
            Refused: the game has not started or is over, *ply* is not the current ply
                (a replayed or stale move), or the library refuses the move (its message).
        """
        if not isinstance(text, str) or not text.strip():
            raise Refused("bad_frame", "a move is a non-empty text, e.g. \"7o\" or \"bet 3\"")
        if self.status == "waiting":
            raise Refused("not_started", "the game starts when every seat is taken")
        if self.status == "over":
            raise Refused("game_over", "the game is over")
        if isinstance(ply, bool) or not isinstance(ply, int) or ply != self.ply:
            raise Refused("stale", f"that move was for ply {ply!r}; the game is at ply {self.ply}")
        try:
            after = self.state.apply(text.strip(), seat=seat)
        except CauRulesError as exc:
            raise Refused("illegal_move", str(exc)) from None
        return after, (seat, text.strip())

    def takes(self, seat: int, text: Any) -> list[str]:
        """The cards in sight that move *text* of *seat* would take: on the table, in a
        pending chain, or from another seat's open pile (the page highlights them before
        the move is played).  Nothing changes.

        Raises:
            Refused: as :meth:`check` refuses the move.

        >>> table = Table.create("t2", "cau-robat", players=2, options={}, seed=4)
        >>> _ = table.sit(0, "Anna"); _ = table.sit(1, "Bernat")
        >>> for text in ("5e", "10e", "7e"):
        ...     _ = table.move(int(table.state.to_play), text, table.ply)
        >>> table.state.observe(1).to_dict()["table"]
        '5e 10e 7e'
        >>> {str(move): table.takes(1, str(move)) for move in table.state.legal_moves()}
        {'11o': [], '5c': ['5e']}
        """
        after, _ = self.check(seat, text, self.ply)

        def in_sight(state: Any) -> list[str]:
            data = state.observe(seat).to_dict()
            piles = data.get("piles") or []
            zones = [data.get("table"), data.get("chain"), *(pile for index, pile in enumerate(piles) if index != seat)]
            return [code for zone in zones for code in _codes_of(zone)]

        left = set(in_sight(after))
        return [code for code in in_sight(self.state) if code not in left]

    def commit(self, after: Any, entry: tuple[int, str]) -> None:
        """Make *after* (from :meth:`check` at the current ply) the table's state."""
        self.state = after
        self.moves.append(entry)
        self._frames.clear()
        for bot_seat, bot in list(self._bots.items()):
            if hasattr(bot, "observe"):
                bot.observe(after.observe(bot_seat))

    def move(self, seat: int, text: Any, ply: Any) -> tuple[int, str]:
        """:meth:`check` then :meth:`commit`; returns the stored ``(seat, text)``.

        Raises:
            Refused: as :meth:`check` (the table is unchanged).
        """
        after, entry = self.check(seat, text, ply)
        self.commit(after, entry)
        return entry

    def bot_to_move(self) -> int | None:
        """The bot seat to move (a bot's, or an absent person's a stand-in plays), if the
        game is on and a bot is to play."""
        if self.status != "playing":
            return None
        seat = int(self.state.to_play)
        return seat if self.seats[seat].kind == "bot" or seat in self.standing_in else None

    def bot_is_slow(self, seat: int) -> bool:
        """Whether the bot at *seat* searches (run it off the event loop)."""
        kind = self.seats[seat].bot if self.seats[seat].kind == "bot" else self.settings.stand_in
        return kind == "ismcts" or (kind in LEVELS and kind != "easy")

    def choose_bot_move(self, seat: int) -> str:
        """The move text the bot at *seat* (or the stand-in of an absent person) chooses from
        the seat's own view (deterministic per ply)."""
        rng = random.Random(f"{self.seed}:{self.ply}:{seat}")
        bot = self._bots.get(seat)
        if bot is None:  # a person's seat: the table's stand-in bot, made on first use
            self._start_bot(seat, self.settings.stand_in, [self.state])
            bot = self._bots[seat]
        return str(bot.choose(self.state.observe(seat), rng))

    def leave(self, seat: int, now: float) -> None:
        """Note that the person at *seat* lost the connection at *now* (their grace begins)."""
        if self.seats[seat].kind == "human" and seat not in self.away:
            self.away[seat] = now

    def come_back(self, seat: int) -> bool:
        """The person at *seat* is connected again: the seat is theirs (a stand-in stops);
        returns whether they had been away.

        >>> table = Table.create("t4", "cau", players=2, options={}, seed=1)
        >>> _ = table.sit(0, "Anna"); _ = table.sit(1, "Bernat")
        >>> table.leave(1, now=10.0); table.stand_in_due(now=69.0), table.stand_in_due(now=70.0)
        ([], [1])
        >>> table.standing_in
        {1}
        >>> table.come_back(1), table.standing_in
        (True, set())
        """
        was = self.away.pop(seat, None) is not None
        self.standing_in.discard(seat)
        if self._bots.get(seat) is not None and self.seats[seat].kind == "human":
            del self._bots[seat]  # the next absence starts a fresh stand-in from that moment's view
        return was

    def stand_in_due(self, now: float) -> list[int]:
        """The away seats whose grace ran out by *now*; a stand-in bot plays for them from now on."""
        due = [seat for seat, since in sorted(self.away.items())
               if seat not in self.standing_in and now - since >= self.settings.grace]
        self.standing_in.update(due)
        if due:
            self._frames.clear()
        return due

    def record(self) -> GameRecord:
        """The game record so far (it holds the seed: never give it out before the end)."""
        return GameRecord(self.variant, self.players, self.seed, options=self.options, moves=tuple(self.moves))

    # -- frames --------------------------------------------------------------

    def info(self, you: int | None = None) -> dict[str, Any]:
        """The ``table`` frame: what anybody at the table may know of it."""
        return {
            "type": "table",
            "table": self.id,
            "variant": self.variant,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "ply": self.ply,
            "seats": [{**seat.public(), "away": index in self.away, "stand_in": index in self.standing_in}
                      for index, seat in enumerate(self.seats)],
            "settings": self.settings.to_dict(),
            "you": you,
        }

    def summary(self) -> dict[str, Any]:
        """One line of the lobby's table list."""
        return {"table": self.id, "variant": self.variant, "players": self.players, "status": self.status,
                "free": [index for index, seat in enumerate(self.seats) if seat.kind == "empty"],
                "created": self.created}

    def names(self, lang: str = "en") -> list[str]:
        """Each seat's name as people read it in *lang*: a person's own name, a bot's level
        in words, "seat 2" for an empty seat.

        >>> table = Table.create("t3", "cau", players=3, options={}, seed=1)
        >>> _ = table.sit(0, "Anna"); table.add_bot(1, "greedy")
        >>> table.names("ca")
        ['Anna', 'bot golafre', 'seient 2']
        """
        code = check_lang(lang)
        names = []
        for index, seat in enumerate(self.seats):
            if seat.kind == "bot" and seat.bot is not None:
                names.append(WORDS("bot_seat", code, WORDS(f"bot_{seat.bot}", code)))
            elif seat.kind == "human":
                names.append(seat.name)
            else:
                names.append(COMMON("seat", code, index))
        return names

    def view_frame(self, seat: int | None, lang: str = "en", form: str = "table") -> dict[str, Any]:
        """The ``view`` frame for *seat* (None: a spectator) at the current ply, its words
        and picture in *lang*, the picture in *form* (``"table"`` or ``"column"``).

        A seat's frame is built from ``state.observe(seat)`` alone; a spectator's from
        :func:`public_view`.  The outcome is added once the game is over.
        """
        key = (self.ply, seat, lang, form)
        cached = self._frames.get(key)
        if cached is not None:
            return cached
        state = self.state
        if seat is None:
            data = public_view(state, lang)
            events = list(data["events"])
            svg = picture_from_dict(data, lang)
            choices: list[dict[str, Any]] = []
        else:
            view = state.observe(seat)
            data = view.to_dict()
            events = [_event_text(event, lang) for event in view.events]
            svg = picture(view, lang, form)
            names = self.names(lang)
            code = check_lang(lang)
            choices = group_moves(view.legal_moves, lambda move: str(move.describe(view, code, names=names)),
                                  view.holding) if self.status == "playing" else []
        svg, symbols = split_symbols(svg)
        outcome = state.outcome() if state.is_over else None
        frame = {
            "type": "view",
            "table": self.id,
            "ply": self.ply,
            "seat": seat,
            "status": self.status,
            "to_play": None if state.is_over else int(state.to_play),
            "events": events,
            "choices": choices,
            "picture": svg,
            "symbols": symbols,
            "view": data,
            "outcome": None if outcome is None else {
                "winners": list(outcome.winners),
                "scores": list(outcome.scores),
                "termination": outcome.termination.value,
                "describe": outcome.describe(lang),
                "text": outcome_words(outcome, self.names(lang), check_lang(lang)),
            },
        }
        self._frames[key] = frame
        return frame
