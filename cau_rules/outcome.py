"""What every game family reports when a game ends.

An :class:`Outcome` names the winners, one whole-number score per seat, and a
:class:`Termination` saying how the game ended; details (the stone target reached, the
hands played) are named fields, never free text.  Every family ends its last move with
the same :class:`GameEnded` event.

>>> from cau_rules.outcome import Outcome, Termination
>>> result = Outcome(winners=(0, 2), scores=(20, 8, 20), termination=Termination.MOST_CARDS)
>>> result.shares()
(0.5, 0.0, 0.5)
>>> print(result)
seats 0 and 2 win with the most cards; scores: seat 0: 20, seat 1: 8, seat 2: 20
"""

from __future__ import annotations

import enum

import attrs

from cau_rules.i18n import COMMON, Lang, Worded, check_lang, seat_list

__all__ = ["GameEnded", "Outcome", "Termination"]


class Termination(enum.Enum):
    """How a game ended: one member per way, across every family.

    The value is a short English phrase for screens and logs.

    >>> Termination.LAST_HOLDER.value
    'last player holding cards'
    >>> Termination("most cards") is Termination.MOST_CARDS
    True
    """

    MOST_CARDS = "most cards"
    """Capture games of one hand: the most cards captured wins (ties share)."""
    MOST_DOZENS = "most dozens"
    """Capture games scored in dozens: the most dozen points wins (ties share)."""
    MOST_HANDS = "most hands won"
    """Capture matches of several hands: the most hands won wins (ties share)."""
    TARGET_STONES = "stone target reached"
    """The Valencian game: a team reached the stone target of its last partida."""
    STAKE_WON = "stake won"
    """The Valencian game: an accepted stake on the partida or the joc decided it."""
    LAST_HOLDER = "last player holding cards"
    """The four-card game: only one player still holds cards."""
    SAFETY_BOUND = "safety bound"
    """The four-card game's safety bound: still running long after the stock ran out;
    the most cards wins (ties share)."""
    ALL_COUNTERS = "one player holds all the counters"
    """Cacho: one player won every counter of the session."""
    MAX_HANDS = "session hands played"
    """Cacho: the session's hands were all played; the most counters wins."""


@attrs.frozen
class Outcome:
    """The end of a game: who won, each seat's final score, and how the game ended.

    Attributes:
        winners: every seat that shares the win (ties share), in seat order.
        scores: the figure the winner was decided on, one whole number per seat
            (cards, dozen points, hands won, stones or partides, counters).
        termination: how the game ended.
        target: the stone target, for :attr:`Termination.TARGET_STONES`.
        hands_played: the hands played, for matches and sessions of several hands.

    >>> Outcome(winners=(1,), scores=(3, 9), termination=Termination.MOST_CARDS).shares()
    (0.0, 1.0)
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    termination: Termination
    target: int | None = None
    hands_played: int | None = None

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1 for a sole winner, 1/k for k tied winners.

        Returns:
            One share per seat; the shares of a decided game add up to 1.

        >>> Outcome((0, 1), (4, 4), Termination.MOST_CARDS).shares()
        (0.5, 0.5)
        """
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def describe(self, lang: Lang = "en") -> str:
        """How the game ended, in words, with its details, in *lang*.

        >>> Outcome((0,), (41, 30), Termination.TARGET_STONES, target=41).describe()
        'by reaching 41 stones'
        >>> Outcome((1,), (2, 5), Termination.MAX_HANDS, hands_played=3).describe("ca")
        'després de 3 mans, amb més fitxes'
        """
        lang = check_lang(lang)
        if self.termination is Termination.TARGET_STONES and self.target is not None:
            text = COMMON("TARGET_STONES_n", lang, self.target)
        else:
            text = COMMON(self.termination.name, lang)
        if self.hands_played is not None:
            text = f"{COMMON('after_hands', lang, COMMON.count('hands', self.hands_played, lang))}, {text}"
        return text

    def text(self, lang: Lang = "en") -> str:
        """The result in words, in *lang*: who won and how, then every seat's score.
        ``str(outcome)`` is the English text.

        >>> print(Outcome((0, 1, 2, 3), (7, 7, 7, 7), Termination.MOST_CARDS))
        seats 0, 1, 2 and 3 tie with the most cards; scores: seat 0: 7, seat 1: 7, seat 2: 7, seat 3: 7
        >>> print(Outcome((0,), (24, 0), Termination.ALL_COUNTERS, hands_played=1).text("es"))
        asiento 0 gana la sesión después de 1 mano, con todas las fichas; puntos: asiento 0: 24, asiento 1: 0
        """
        lang = check_lang(lang)
        scores = ", ".join(COMMON("score_of", lang, COMMON("seat", lang, seat), score)
                           for seat, score in enumerate(self.scores))
        return f"{self.verdict(lang)}; {COMMON('scores', lang, scores)}"

    def verdict(self, lang: Lang = "en") -> str:
        """Who won and how, in *lang*, without the scores.

        >>> Outcome((0, 2), (20, 8, 20), Termination.MOST_CARDS).verdict("ca")
        'seients 0 i 2 guanyen amb més cartes'
        """
        lang = check_lang(lang)
        winners = seat_list(self.winners, lang)
        session = self.termination in (Termination.ALL_COUNTERS, Termination.MAX_HANDS)
        if not self.winners:
            who = COMMON("nobody", lang)
        elif len(self.winners) == 1:
            who = COMMON("wins_session" if session else "wins", lang, winners)
        elif len(self.winners) == len(self.scores):
            who = COMMON("tie", lang, winners)
        else:
            who = COMMON("share", lang, winners)
        return f"{who} {self.describe(lang)}"

    def to_dict(self) -> dict[str, object]:
        """The outcome as JSON-ready data.

        >>> Outcome((0,), (3, 1), Termination.MOST_CARDS).to_dict()["termination"]
        'MOST_CARDS'
        """
        data: dict[str, object] = {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "termination": self.termination.name,
        }
        if self.target is not None:
            data["target"] = self.target
        if self.hands_played is not None:
            data["hands_played"] = self.hands_played
        return data

    def __str__(self) -> str:
        return self.text()


@attrs.frozen(str=False)
class GameEnded(Worded):
    """The last event of every game, in every family: the outcome.

    >>> print(GameEnded(Outcome((1,), (20, 28), Termination.MOST_CARDS)))
    game over: seat 1 wins with the most cards; scores: seat 0: 20, seat 1: 28
    """

    outcome: Outcome

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (a shortcut for ``outcome.winners``)."""
        return self.outcome.winners

    @property
    def scores(self) -> tuple[int, ...]:
        """The final scores (a shortcut for ``outcome.scores``)."""
        return self.outcome.scores

    def text(self, lang: Lang = "en") -> str:
        """The event in words, in *lang*.

        >>> GameEnded(Outcome((1,), (20, 28), Termination.MOST_CARDS)).text("ca")
        'partida acabada: seient 1 guanya amb més cartes; punts: seient 0: 20, seient 1: 28'
        """
        return COMMON("game_ended", lang, self.outcome.text(lang))
