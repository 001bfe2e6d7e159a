"""Every supported preset as an OpenSpiel game (extra ``openspiel``).

:func:`register_openspiel_games` registers one python game per preset, named
``cau_rules_<preset>`` with ``-`` as ``_`` (``cau_rules_cau_robat``), with two
parameters: ``players`` (default: the preset's smallest count, as
:func:`cau_rules.new_game`) and ``seeds`` (default 65536).

- **Chance.** The game starts with one explicit chance node: a uniform choice of a
  seed index among ``seeds`` outcomes; the index is the library seed
  (``new_game(preset, players, seed=index)``), and every later shuffle of the game
  (new hands, table returns) is derived from it.  There are no other chance nodes.
- **Actions.** The preset's :func:`~cau_rules.ai.codec.codec_for` indices:
  ``num_distinct_actions = codec.num_actions``.
- **Returns.** Terminal only: each seat's :meth:`~cau_rules.outcome.Outcome.shares`
  (1 to a sole winner, ``1/k`` to each of *k* tied winners, partners both 1/2), so the
  game is CONSTANT_SUM with utility sum 1, utilities in [0, 1].  Subtract
  ``1 / players`` for zero-centred returns.
- **Observations.** ``observation_string``: the seat's view as JSON
  (``view.to_dict()`` without the last move's events);
  ``observation_tensor``: :mod:`cau_rules.adapters.features`.
  ``information_state_string``: the :class:`~cau_rules.ai.infostate.InfoState` key (a
  hash of every view the seat has seen), a newline, and the observation string;
  ``information_state_tensor``: the observation tensor followed by the history
  summary of the features module.  A public observer (``private_info=NONE``) zeroes
  the seat's holding and leaves it (and the legal moves) out of the string.
- **Resampling.** ``resample_from_infostate`` deals a state consistent with the seat's
  information state through :meth:`InfoState.resample`; the new state has no
  OpenSpiel action history (it was not reached by actions), keeps the seat's
  information state, and starts the other seats' from the resampled position.
- ``max_game_length`` is the encoder's bound on decisions (see
  :attr:`FishingFeatures.max_decisions <cau_rules.fishing.features.FishingFeatures.max_decisions>`).

Presets whose family has no codec or information states yet are skipped
(:func:`cau_rules.adapters.supported_variants`).

>>> import pytest; pyspiel = pytest.importorskip("pyspiel")
>>> from cau_rules.adapters.openspiel import register_openspiel_games
>>> names = register_openspiel_games()
>>> game = pyspiel.load_game("cau_rules_cau", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from cau_rules.adapters import supported_variants
from cau_rules.adapters.features import FeatureEncoder, Vector, features_for
from cau_rules.ai.codec import ActionCodec, codec_for
from cau_rules.ai.infostate import InfoState
from cau_rules.errors import CauRulesError
from cau_rules.registry import get_rules, new_game

__all__ = [
    "DEFAULT_SEEDS",
    "CauRulesGame",
    "CauRulesObserver",
    "CauRulesState",
    "game_name",
    "register_openspiel_games",
]

DEFAULT_SEEDS = 2**16
"""Chance outcomes of the deal (the ``seeds`` parameter's default)."""

_REGISTERED: dict[str, str] = {}


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a preset.

    >>> import pytest; _ = pytest.importorskip("pyspiel")
    >>> game_name("cau-recau-sant-vicent")
    'cau_rules_cau_recau_sant_vicent'
    """
    return "cau_rules_" + variant.replace("-", "_")


def _game_type(variant: str) -> Any:
    rules = get_rules(variant)
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"cau_rules {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": rules.min_players, "seeds": DEFAULT_SEEDS},
    )


def register_openspiel_games(variants: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Register an OpenSpiel game for each supported preset (or each of *variants*)
    and return their short names.  Calling it again registers nothing new.

    >>> import pytest; pyspiel = pytest.importorskip("pyspiel")
    >>> "cau_rules_cau_robat" in register_openspiel_games()
    True
    """
    names = []
    for variant in supported_variants() if variants is None else variants:
        name = game_name(variant)
        if name not in _REGISTERED:
            game_type = _game_type(variant)
            # A class, not a closure: pyspiel keeps the factory until the interpreter has
            # finalised, and only a class (always part of a reference cycle) is never
            # freed then (a freed closure aborts the process at exit).
            factory = type(f"CauRulesGame_{name}", (_RegisteredGame,),
                           {"variant": variant, "game_type": game_type, "__module__": __name__})
            _REGISTERED[name] = variant
            pyspiel.register_game(game_type, factory)
        names.append(name)
    return tuple(names)


class _Spec:
    """Everything a game of one preset, player count and seed count needs (plain
    Python, shared by the game, its states and observers)."""

    def __init__(self, variant: str, players: int, seeds: int) -> None:
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, not {seeds}")
        self.variant = variant
        self.rules = get_rules(variant)
        self.players = players
        self.seeds = seeds
        self.codec: ActionCodec = codec_for(self.rules, players)
        self.features: FeatureEncoder = features_for(self.rules, players)
        self.chance_list = [(index, 1.0 / seeds) for index in range(seeds)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self  # immutable: a cloned state shares it


_SPECS: dict[tuple[str, int, int], _Spec] = {}


def _spec(variant: str, players: int, seeds: int) -> _Spec:
    key = (variant, players, seeds)
    if key not in _SPECS:
        _SPECS[key] = _Spec(variant, players, seeds)
    return _SPECS[key]


def _spec_of(game: Any) -> _Spec:
    variant = _REGISTERED.get(game.get_type().short_name)
    params = game.get_parameters()
    if variant is None:
        variant = str(params["variant"])
    return _spec(variant, int(params["players"]), int(params["seeds"]))


class CauRulesGame(pyspiel.Game):  # type: ignore[misc]
    """One preset at one player count, as an OpenSpiel game.

    Usually made by ``pyspiel.load_game(game_name(variant), {"players": n})`` after
    :func:`register_openspiel_games`; direct construction also works.

    >>> import pytest; _ = pytest.importorskip("pyspiel")
    >>> game = CauRulesGame("cau-robat", {"players": 3})
    >>> game.num_players(), game.num_distinct_actions(), game.utility_sum()
    (3, 4653, 1.0)
    """

    def __init__(self, variant: str, params: Any = None, game_type: Any = None) -> None:
        rules = get_rules(variant)
        values = dict(params or {})
        spec = _spec(variant, int(values.get("players", rules.min_players)),
                     int(values.get("seeds", DEFAULT_SEEDS)))
        if game_type is None:
            game_type = _game_type(variant)
            _REGISTERED.setdefault(game_type.short_name, variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.num_actions,
            max_chance_outcomes=spec.seeds,
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.features.max_decisions,
        )
        super().__init__(game_type, info, {"players": spec.players, "seeds": spec.seeds})

    def new_initial_state(self) -> CauRulesState:
        """The state before the deal: a chance node."""
        return CauRulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CauRulesObserver:
        """An observer (observation when ``perfect_recall`` is false, else information state)."""
        return CauRulesObserver(_spec_of(self), iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _RegisteredGame(CauRulesGame):
    """Base of the per-preset classes given to ``pyspiel.register_game``."""

    variant = "cau"
    game_type: Any = None

    def __init__(self, params: Any = None) -> None:
        super().__init__(self.variant, params, self.game_type)


class _Track:
    """The library states of one OpenSpiel state and per-seat caches of the information
    state (for strings) and the history summary (for tensors), each brought up to date
    only when asked.

    Library states are immutable, so a clone shares them; only the lists are copied.
    """

    def __init__(self) -> None:
        self.states: list[Any] = []
        self.infos: dict[int, tuple[int, InfoState | None]] = {}
        self.summaries: dict[int, tuple[int, Vector | None]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Track:
        other = _Track()
        other.states = list(self.states)
        other.infos = dict(self.infos)
        other.summaries = dict(self.summaries)
        return other

    def info(self, seat: int) -> InfoState:
        """The information state of *seat* after every state so far."""
        count, info = self.infos.get(seat, (0, None))
        for state in self.states[count:]:
            info = InfoState.start(state, seat) if info is None else info.update(state)
        if info is None:
            raise ValueError("no information state before the deal")
        self.infos[seat] = (len(self.states), info)
        return info

    def summary(self, seat: int, features: FeatureEncoder) -> Vector:
        """The history summary of *seat* after every state so far (do not modify)."""
        count, summary = self.summaries.get(seat, (0, None))
        if summary is None or count < len(self.states):
            summary = np.zeros(features.history_size, np.float32) if summary is None else summary.copy()
            for state in self.states[count:]:
                features.update_history(state.observe(seat), summary)
            self.summaries[seat] = (len(self.states), summary)
        return summary


class CauRulesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable library state (``.library_state``).

    >>> _ = register_openspiel_games()
    >>> state = pyspiel.load_game("cau_rules_cau").new_initial_state()
    >>> state.is_chance_node()
    True
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._game = _spec_of(game)
        self._track = _Track()

    @property
    def library_state(self) -> Any:
        """The wrapped :mod:`cau_rules` state (None before the deal)."""
        return self._track.states[-1] if self._track.states else None

    def current_player(self) -> int:
        """The seat to play, CHANCE before the deal, TERMINAL at the end."""
        state = self.library_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(state.to_play)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.library_state
        if state is None or state.is_over or player != state.to_play:
            return []
        return self._game.codec.legal_actions(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed index, uniformly."""
        return self._game.chance_list

    def _apply_action(self, action: int) -> None:
        state = self.library_state
        if state is None:
            game = self._game
            self._track.states.append(new_game(game.rules, players=game.players, seed=int(action)))
            return
        self._track.states.append(state.apply(self._game.codec.decode(int(action), state)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        state = self.library_state
        if state is not None and not state.is_over:
            try:
                return str(self._game.codec.decode(int(action), state))
            except CauRulesError:
                pass
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        state = self.library_state
        return state is not None and bool(state.is_over)

    def returns(self) -> list[float]:
        """Outcome shares at the end, zeros before."""
        state = self.library_state
        outcome = None if state is None else state.outcome()
        if outcome is None:
            return [0.0] * self._game.players
        return list(outcome.shares())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CauRulesState:
        """A state consistent with the information state of *player_id*."""
        state = self.library_state
        if state is None:
            return copy.deepcopy(self)
        info = self._track.info(player_id)
        summary = self._track.summary(player_id, self._game.features)
        rng = random.Random(int(float(probability_sampler()) * 2**52))
        guess = info.resample(rng)
        other = CauRulesState(self.get_game())
        other._track.states.append(guess)
        other._track.infos[player_id] = (1, info)
        other._track.summaries[player_id] = (1, summary)
        return other

    def information(self, player: int) -> InfoState:
        """The :class:`InfoState` of *player* (after the deal)."""
        return self._track.info(player)

    def history_summary(self, player: int) -> Vector:
        """The history summary of *player* (after the deal; read only)."""
        return self._track.summary(player, self._game.features)

    def __str__(self) -> str:
        state = self.library_state
        if state is None:
            return "chance: deal pending"
        return json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False)


def _view_text(view: Any, private: bool) -> str:
    data = view.to_dict()
    data.pop("events", None)
    if not private:
        for key in ("holding", "legal_moves"):
            data.pop(key, None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


class CauRulesObserver:
    """An OpenSpiel python observer: ``tensor``, ``dict`` and ``string_from``.

    >>> _ = register_openspiel_games()
    >>> game = pyspiel.load_game("cau_rules_cau")
    >>> state = game.new_initial_state()
    >>> state.apply_action(0)
    >>> state.observation_string(0) == state.observation_string(0)
    True
    """

    def __init__(self, game: _Spec, iig_obs_type: Any, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ValueError("cau_rules observers show public information and at most the seat's own cards")
        self.game = game
        self.features = game.features
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        pieces = list(self.features.pieces)
        if self.perfect_recall:
            pieces += list(self.features.history_pieces)
        self.tensor: Vector = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, Vector] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size
        self._observation_size = self.features.size

    def set_from(self, state: CauRulesState, player: int) -> None:
        """Fill ``tensor`` with what *player* sees of *state*."""
        library = state.library_state
        if library is None:
            self.tensor.fill(0.0)
            return
        observation = self.tensor[:self._observation_size]
        self.features.encode(library.observe(player), observation)
        if not self.private:
            for name in self.features.private_pieces:
                if name in self.dict:
                    self.dict[name].fill(0.0)
        if self.perfect_recall:
            self.tensor[self._observation_size:] = state.history_summary(player)

    def string_from(self, state: CauRulesState, player: int) -> str:
        """What *player* sees of *state* (see the module docstring)."""
        library = state.library_state
        if library is None:
            return f"seat {player}: deal pending"
        text = _view_text(library.observe(player), self.private)
        if not self.perfect_recall:
            return text
        return f"{state.information(player).key()}\n{text}"
