"""The interface every game family of cau_rules shares, and the family record.

Every family (the capture games in :mod:`cau_rules.fishing`, the four-card game in
:mod:`cau_rules.quatre`, Cacho in :mod:`cau_rules.cacho`) has a frozen rules object, a
frozen state and a per-seat view with the same members, so apps, bots, the command line
and the test suites treat them alike.  Each family also exports one :class:`Family`
record naming what generic code needs from it; :mod:`cau_rules.registry` is the one
place that lists the families.

>>> from cau_rules import new_game
>>> from cau_rules.game import GameState, GameView
>>> state = new_game("cau", players=2, seed=1)
>>> isinstance(state, GameState), isinstance(state.observe(0), GameView)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

import attrs

from cau_rules.cards import Card
from cau_rules.errors import GameOverError, IllegalMoveError, InvalidNotationError
from cau_rules.i18n import Lang
from cau_rules.outcome import Outcome

__all__ = [
    "ActionCodec",
    "CodecBase",
    "Family",
    "GameRules",
    "GameState",
    "GameView",
    "Inference",
    "MenuHook",
    "RenderHook",
    "SuiteHooks",
    "move_for_turn",
]


@runtime_checkable
class GameRules(Protocol):
    """A frozen rules object: named options, a preset name, JSON-ready data.

    >>> from cau_rules import get_rules
    >>> all(isinstance(get_rules(name), GameRules) for name in ("cau", "cacho", "cau-quatre"))
    True
    """

    @property
    def name(self) -> str:
        """The preset this rules object derives from."""

    @property
    def min_players(self) -> int:
        """The fewest players allowed."""

    @property
    def max_players(self) -> int:
        """The most players allowed."""

    def check_players(self, players: int) -> None:
        """Raise InvalidRulesError unless *players* can play these rules."""

    def replace(self, **options: Any) -> GameRules:
        """A copy with some options changed."""

    def describe_options(self) -> tuple[Any, ...]:
        """Every option (:class:`cau_rules.options.OptionInfo`): kind, range or choices,
        value, one line of help."""

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""


@runtime_checkable
class GameView(Protocol):
    """What one seat may see of a state: everything a generic client needs.

    >>> from cau_rules import new_game
    >>> view = new_game("cacho", players=2).observe(1)
    >>> isinstance(view, GameView), view.seat, view.variant
    (True, 1, 'cacho')
    """

    @property
    def seat(self) -> int:
        """The seat whose view this is."""

    @property
    def variant(self) -> str:
        """The preset name of the rules being played."""

    @property
    def players(self) -> int:
        """How many seats play."""

    @property
    def to_play(self) -> int:
        """The seat to move (meaningless once the game is over)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def holding(self) -> tuple[Card, ...]:
        """The seat's own cards."""

    @property
    def holding_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    @property
    def legal_moves(self) -> Sequence[Any]:
        """The seat's legal moves when it is to play (empty otherwise)."""

    @property
    def events(self) -> Sequence[object]:
        """The events of the last move, as this seat may see them."""

    @property
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def visible_cards(self) -> Collection[Card]:
        """Every card the seat may see."""

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data."""

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the view in *lang* (``str(view)`` is the English one)."""


@runtime_checkable
class GameState(Protocol):
    """A frozen game state: the seat to play, the legal moves, and a pure ``apply``.

    >>> from cau_rules import new_game
    >>> isinstance(new_game("cau-quatre", players=2), GameState)
    True
    """

    @property
    def rules(self) -> Any:
        """The rules object being played."""

    @property
    def players(self) -> int:
        """How many seats play."""

    @property
    def to_play(self) -> int:
        """The seat whose move it is (meaningless once the game is over)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def holdings(self) -> Sequence[Sequence[Card]]:
        """Every seat's cards."""

    @property
    def events(self) -> Sequence[object]:
        """The frozen event records of the move that produced this state."""

    def legal_moves(self) -> Sequence[Any]:
        """Every legal move, in canonical order (empty once the game is over)."""

    def is_legal(self, move: Any) -> bool:
        """Whether *move* (a move or its text) is legal now."""

    def apply(self, move: Any, *, seat: int | None = None) -> GameState:
        """The state after *move*; raises IllegalMoveError and changes nothing if illegal."""

    def parse_move(self, text: str) -> Any:
        """The legal move whose text is *text*; IllegalMoveError if none."""

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def observe(self, seat: int) -> GameView:
        """What *seat* may see."""

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (schema-versioned)."""

    def render(self, lang: Lang = "en") -> str:
        """The text screen of the whole state in *lang* (``str(state)`` is the English one)."""


@runtime_checkable
class ActionCodec(Protocol):
    """Moves to integers and back, for one rules object and player count.

    Indices depend only on the rules and the player count, never on the state.

    >>> from cau_rules.ai.codec import codec_for
    >>> isinstance(codec_for("cacho", 3), ActionCodec)
    True
    """

    @property
    def num_actions(self) -> int:
        """The number of distinct action indices."""

    def encode(self, move: Any) -> int:
        """The index of *move*."""

    def decode(self, index: int, state: Any) -> Any:
        """The legal move of *state* with that index (IllegalMoveError if none)."""

    def legal_actions(self, state: Any) -> list[int]:
        """The indices of the legal moves of *state*, sorted."""

    def mask(self, state: Any) -> bytearray:
        """A 0/1 mask of length ``num_actions`` with 1 at every legal index."""


class CodecBase:
    """Shared ``decode``, ``legal_actions`` and ``mask`` over a family's ``encode``.

    A family's codec subclasses it and defines ``num_actions`` and ``encode``; where
    ``legal_moves()`` is long (amount ranges), it may override :meth:`legal_actions`.

    >>> class Even(CodecBase):
    ...     num_actions = 4
    ...     def encode(self, move):
    ...         return 2 * move
    >>> class Game:
    ...     def legal_moves(self):
    ...         return (0, 1)
    >>> codec = Even()
    >>> codec.legal_actions(Game()), codec.decode(2, Game()), list(codec.mask(Game()))
    ([0, 2], 1, [1, 0, 1, 0])
    """

    @property
    def num_actions(self) -> int:  # pragma: no cover - overridden
        """The number of distinct action indices."""
        raise NotImplementedError

    def encode(self, move: Any) -> int:  # pragma: no cover - overridden
        """The index of *move*."""
        raise NotImplementedError

    def legal_by_index(self, state: Any) -> dict[int, Any]:
        """Every legal move of *state* by its index."""
        return {self.encode(move): move for move in state.legal_moves()}

    def decode(self, index: int, state: Any) -> Any:
        """The legal move of *state* whose index is *index*.

        Raises:
            IllegalMoveError: the index is out of range or names no legal move.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.num_actions:
            raise IllegalMoveError(f"action index must be from 0 to {self.num_actions - 1}, not {index!r}")
        legal = self.legal_by_index(state)
        if index not in legal:
            raise IllegalMoveError(f"action {index} is not legal here; legal actions: {sorted(legal)}")
        return legal[index]

    def legal_actions(self, state: Any) -> list[int]:
        """The sorted indices of the legal moves of *state*."""
        return sorted(self.legal_by_index(state))

    def mask(self, state: Any) -> bytearray:
        """A 0/1 mask of the legal indices."""
        mask = bytearray(self.num_actions)
        for index in self.legal_actions(state):
            mask[index] = 1
        return mask


RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")


@attrs.frozen(kw_only=True)
class Inference(Generic[RulesT, ViewT, StateT]):
    """A family's information-state hooks (used by :mod:`cau_rules.ai.infostate`).

    Attributes:
        start: ``start(rules, players, view)``: the memory of a seat that first sees *view*.
        update: ``update(memory, rules, view)``: the memory after the seat also sees *view*.
        resample: ``resample(rules, players, view, memory, rng)``: a full state that gives
            the seat exactly *view*, drawn with *rng* among the states its memory allows.

    >>> hooks = Inference(start=lambda r, p, v: None, update=lambda m, r, v: m,
    ...                   resample=lambda r, p, v, m, rng: None)
    >>> hooks.update(None, None, None) is None
    True
    """

    start: Callable[[RulesT, int, ViewT], object]
    update: Callable[[object, RulesT, ViewT], object]
    resample: Callable[[RulesT, int, ViewT, object, random.Random], StateT]


@attrs.frozen(kw_only=True)
class SuiteHooks(Generic[StateT]):
    """What the shared test suites need to know of a family.

    Attributes:
        all_cards: every card in every zone of a state (a card placed twice shows twice).
        hidden_from: the cards a seat must not see in a state.
        public_events: event types that name cards shown to everybody.
        illegal_candidates: near-miss moves (objects or text) to offer a state; the suite
            keeps those that are not legal.
        max_moves: an upper bound on the moves of a whole game, from rules and players.
        invariants: the family's own per-state checks; problems as sentences.

    >>> hooks = SuiteHooks(all_cards=lambda s: [], hidden_from=lambda s, seat: frozenset(),
    ...                    public_events=(), illegal_candidates=lambda s: [], max_moves=lambda r, p: 1)
    >>> hooks.invariants(None)
    []
    """

    all_cards: Callable[[StateT], list[Card]]
    hidden_from: Callable[[StateT, int], frozenset[Card]]
    public_events: tuple[type, ...]
    illegal_candidates: Callable[[StateT], list[object]]
    max_moves: Callable[[Any, int], int]
    invariants: Callable[[StateT], list[str]] = attrs.field(default=lambda state: [])


@attrs.frozen(kw_only=True)
class Family(Generic[RulesT, StateT, ViewT, MoveT]):
    """One game family as generic code sees it: a plug-in registered in
    :data:`cau_rules.registry.FAMILIES`.

    Attributes:
        name: the family's key (as saved in JSON under ``"family"``).
        title: the family in words.
        rules_type: its frozen rules class.
        state_type: its frozen state class.
        view_type: its per-seat view class.
        move_types: its move classes.
        presets: its preset rules objects.
        aliases: other names of its presets.
        new_game: ``new_game(rules, players, seed, decks)``: a new game; *decks* orders
            one hand each (top first), empty for a seeded shuffle.
        load: the state saved as ``state.to_dict()``.
        parse_move: a move from its text (InvalidNotationError if malformed).
        codec: ``codec(rules, players)``: the action codec.
        infer: the information-state hooks.
        policy: the greedy heuristic: ``policy(view, rng)`` picks a legal move.
        render: ``render(view, lang)``: the text screen of a view in *lang* (``"en"``,
            ``"ca"`` or ``"es"``).
        suite: the hooks of the shared test suites.
        picture: the SVG picture of a view (default options).
        doc_pictures: ``{file name: SVG}`` of the pictures its docs pages show, drawn at
            docs build time.
        move_menu: ``move_menu(moves, lang)``: the legal moves as menu lines in *lang*,
            amounts grouped into ranges (``"bet 1-17"``).
        features: ``features(rules, players)``: the family's observation-vector encoder
            (see :mod:`cau_rules.vectors`); the adapters fall back to a generic one.
        demo_options: rules options the command line's demo uses, so a new user sees a
            whole game worth watching (several hands of Cacho, say).
        playout: ``playout(state, choose, engine=None)``: the outcome of playing on to the
            end, *choose* picking each move among the legal ones, without building the
            states in between (IS-MCTS rollouts); see :class:`PlayoutHook` for *engine*.
        kernel: the module path of the family's compiled kernel (the ``fast`` extra), or
            None; :mod:`cau_rules.batch` imports it on first use, so the package itself
            never imports numba.  The module has ``Batch(rules, players, size)`` (see
            :class:`cau_rules.batch.KernelBatch`), and may have ``ismcts(info,
            iterations, rng, exploration)``, a compiled IS-MCTS that
            :func:`cau_rules.ai.mcts.ismcts` runs for ``engine="kernel"`` (see
            :data:`cau_rules.ai.mcts.CompiledSearch`).
        bots: the family's own bot kinds, ``{name: "module:Class"}``: a bot class that
            takes the rules (``Class(rules)``), imported on first use by
            :func:`cau_rules.ai.specs.make_bot` (so its extra is needed only when it
            plays); Cacho's ``equilibrium`` bot, say.

    >>> Family.__attrs_attrs__.render.name
    'render'
    """

    name: str
    title: str
    rules_type: type[RulesT]
    state_type: type[StateT]
    view_type: type[ViewT]
    move_types: tuple[type, ...]
    presets: tuple[RulesT, ...]
    aliases: Mapping[str, str] = attrs.field(factory=dict)
    new_game: Callable[[RulesT, int, int, tuple[tuple[Card, ...], ...]], StateT]
    load: Callable[[Mapping[str, Any]], StateT]
    parse_move: Callable[[str], MoveT]
    codec: Callable[[RulesT, int], ActionCodec]
    infer: Inference[RulesT, ViewT, StateT]
    policy: Callable[[ViewT, random.Random], MoveT]
    render: RenderHook
    suite: SuiteHooks[StateT]
    picture: Callable[[ViewT], str] | None = None
    doc_pictures: Callable[[], Mapping[str, str]] | None = None
    move_menu: MenuHook | None = None
    features: Callable[[RulesT, int], Any] | None = None
    demo_options: Mapping[str, Any] = attrs.field(factory=dict)
    playout: PlayoutHook | None = None
    kernel: str | None = None
    bots: Mapping[str, str] = attrs.field(factory=dict)


class RenderHook(Protocol):
    """A family's ``render(view, lang="en")``: the text screen of one of its views."""

    def __call__(self, view: Any, lang: Lang = "en") -> str: ...


class MenuHook(Protocol):
    """A family's ``move_menu(moves, lang="en")``: legal moves as menu lines."""

    def __call__(self, moves: Sequence[Any], lang: Lang = "en") -> list[str]: ...


PlayoutEngine = Literal["python", "kernel"]
"""Where a playout runs: the reference engine, or the family's compiled kernel."""


class PlayoutHook(Protocol):
    """A family's ``playout(state, choose, engine=None)``.

    ``engine="python"`` plays in the reference engine, *choose* picking every move.
    ``engine="kernel"`` plays in the compiled kernel (the ``fast`` extra;
    :class:`~cau_rules.errors.MissingExtraError` without it), its moves drawn by the
    kernel's own generator seeded from *choose*'s :class:`random.Random` (so *choose*
    must be a ``random.Random``'s ``choice``).  None chooses the kernel when it is
    installed, plays these rules and *choose* is such a ``choice``, else the engine.
    """

    def __call__(
        self, state: Any, choose: Callable[[Sequence[Any]], Any], engine: PlayoutEngine | None = None
    ) -> Outcome: ...


def move_for_turn(
    over: bool, to_play: int, move: Any, seat: int | None, coerce: Callable[[Any], Any],
    legal_text: Callable[[], str],
) -> Any:
    """The checks every ``apply`` starts with: the game is not over, *seat* (if given)
    is the one to play, and *move* is a move or the text of one (``coerce``).

    Returns:
        The parsed move.

    Raises:
        GameOverError: the game is over.
        IllegalMoveError: another seat is to play, or the text is no move (the message
            lists the legal moves).

    >>> move_for_turn(False, 0, "7o", 1, str, lambda: "7o")
    Traceback (most recent call last):
    ...
    cau_rules.errors.IllegalMoveError: it is seat 0's turn, not seat 1's
    """
    if over:
        raise GameOverError(f"the game is over; no move is legal (tried {move})")
    if seat is not None and seat != to_play:
        raise IllegalMoveError(f"it is seat {to_play}'s turn, not seat {seat}'s")
    try:
        return coerce(move)
    except InvalidNotationError as exc:
        raise IllegalMoveError(f"{exc}; legal moves: {legal_text()}") from None
