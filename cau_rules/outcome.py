"""What every game family reports when a game ends.

>>> from cau_rules.outcome import Outcome
>>> result = Outcome(winners=(0, 2), scores=(20, 8, 20), termination="most cards")
>>> result.shares()
(0.5, 0.0, 0.5)
"""

from __future__ import annotations

import attrs

__all__ = ["Outcome"]


@attrs.frozen
class Outcome:
    """The end of a game: who won, each seat's final score, and why the game ended.

    ``winners`` lists every seat that shares the win (ties share); ``scores`` is the
    figure the winner was decided on, one per seat (cards, dozen points, hands won,
    stones, counters).

    >>> Outcome(winners=(1,), scores=(3, 9), termination="most cards").shares()
    (0.0, 1.0)
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    termination: str

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1 for a sole winner, 1/k for k tied winners."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))
