"""Information states and determinisation (decision D-VIEW-2).

An :class:`InfoState` is everything one seat has seen, in order: the seat's view after
every move, plus what a player with perfect memory deduces from it (the contents of
closed piles, cards shown at a showdown, which seats declared a ronda).  It is frozen
and hashable, with a canonical :meth:`~InfoState.key`.

:meth:`InfoState.resample` deals a full state consistent with it: every card whose
place the seat does not know is redrawn, known cards stay where they are, and every
declarer keeps a holding that truly has its pair or triple.  Bots that search
(IS-MCTS) use it; it never looks at the true state.

>>> import random
>>> from cau_rules import new_game
>>> from cau_rules.ai.infostate import InfoState
>>> state = new_game("cau-robat", players=3, seed=5)
>>> info = InfoState.start(state, seat=0)
>>> guess = info.resample(random.Random(1))
>>> guess.holdings[0] == state.holdings[0], guess.table == state.table
(True, True)
>>> public = lambda st: {k: v for k, v in st.observe(0).to_dict().items() if k != "events"}
>>> public(guess) == public(state)
True
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import attrs

from cau_rules.errors import InvalidPositionError, InvalidRulesError
from cau_rules.registry import family_of

__all__ = ["InfoState", "supports"]


def _observation(view: Any) -> str:
    return json.dumps(view.to_dict(), sort_keys=True, ensure_ascii=False)


@attrs.frozen
class InfoState:
    """What *seat* has seen of a game, in order, and what it can deduce from it.

    Build it with :meth:`start` from the first state the seat sees, then :meth:`update`
    it with every later state (a bot receives these through its views; an adapter
    through the game it drives).

    >>> from cau_rules import new_game
    >>> state = new_game("cau", players=2, seed=2)
    >>> info = InfoState.start(state, 1)
    >>> later = info.update(state.apply(state.legal_moves()[0]))
    >>> len(later.observations), later.key() != info.key()
    (2, True)
    """

    seat: int
    rules: Any
    players: int
    observations: tuple[str, ...]
    view: Any = attrs.field(eq=False, repr=False)
    memory: Any = attrs.field(eq=False, repr=False)

    @classmethod
    def start(cls, state: Any, seat: int) -> InfoState:
        """The information state of *seat* at *state* (normally the game's first)."""
        family_of(state)
        return cls.from_view(state.rules, state.observe(seat))

    @classmethod
    def from_view(cls, rules: Any, view: Any) -> InfoState:
        """The information state of ``view.seat`` whose first observation is *view*: the
        same as :meth:`start` for code that holds only views (a bot).

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=4)
        >>> InfoState.from_view(state.rules, state.observe(1)) == InfoState.start(state, 1)
        True
        """
        hooks = family_of(rules).infer
        players = view.players
        memory = hooks.update(hooks.start(rules, players, view), rules, view)
        return cls(view.seat, rules, players, (_observation(view),), view, memory)

    def update(self, state: Any) -> InfoState:
        """The information state after the seat also sees *state* (the next state)."""
        family_of(state)
        return self.update_view(state.observe(self.seat))

    def update_view(self, view: Any) -> InfoState:
        """The information state after the seat also sees *view* (its view of the next
        state): the same as :meth:`update` for code that holds only views.

        >>> from cau_rules import new_game
        >>> state = new_game("cau", players=2, seed=4)
        >>> after = state.apply(state.legal_moves()[0])
        >>> info = InfoState.from_view(state.rules, state.observe(1))
        >>> info.update_view(after.observe(1)) == InfoState.start(state, 1).update(after)
        True
        """
        if view.seat != self.seat:
            raise InvalidPositionError(
                f"a view of seat {view.seat} cannot update the information of seat {self.seat}"
            )
        memory = family_of(self.rules).infer.update(self.memory, self.rules, view)
        return InfoState(
            self.seat, self.rules, self.players, (*self.observations, _observation(view)), view, memory
        )

    def key(self) -> str:
        """A canonical key: equal for equal information states, whatever the true state."""
        digest = hashlib.sha256()
        for observation in self.observations:
            digest.update(observation.encode("utf-8"))
            digest.update(b"\x00")
        return f"{self.seat}:{digest.hexdigest()}"

    def resample(self, rng: random.Random) -> Any:
        """A full state consistent with this information state, drawn with *rng*."""
        hooks = family_of(self.rules).infer
        return hooks.resample(self.rules, self.players, self.view, self.memory, rng)


def supports(rules: object) -> bool:
    """Whether information states (and so resampling and IS-MCTS) support *rules*: every
    registered family does, through the inference hooks of its record.

    >>> from cau_rules import get_rules
    >>> supports(get_rules("cacho")), supports(object())
    (True, False)
    """
    try:
        family_of(rules)
    except (TypeError, InvalidRulesError):
        return False
    return True
