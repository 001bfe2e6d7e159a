"""The words people read, in English, Catalan and Spanish: one ``lang`` choice for every
screen, event, outcome, move menu and picture.

Every text a person reads is a key of a :class:`Catalogue`, a typed table in code that
holds the key in all three languages (checked when the catalogue is built and by a test
over every catalogue).  Each game family keeps its own catalogue next to its screens
(``cau_rules.<family>.texts``); the words every family shares (seats, outcomes, counts)
are :data:`COMMON`.  English is the default everywhere; exceptions stay in English.

>>> COMMON("seat", "ca", 2), COMMON("seat", "es", 2), COMMON("seat", "en", 2)
('seient 2', 'asiento 2', 'seat 2')
>>> COMMON.count("cards", 1, "ca"), COMMON.count("cards", 3, "es")
('1 carta', '3 cartas')
>>> join_words(["0", "1", "2", "3"], "ca")
'0, 1, 2 i 3'
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

from cau_rules.cards import Card, Language
from cau_rules.errors import InvalidRulesError

__all__ = [
    "CARDS",
    "CATALOGUES",
    "COMMON",
    "DEFAULT_LANG",
    "LANGS",
    "Catalogue",
    "Lang",
    "Worded",
    "check_lang",
    "event_text",
    "join_words",
    "seat_list",
]

Lang = Language
"""A language code: ``"en"`` (English, the default), ``"ca"`` (Catalan) or ``"es"`` (Spanish)."""

LANGS: tuple[Lang, ...] = ("en", "ca", "es")
"""Every language a screen can be shown in, English first."""

DEFAULT_LANG: Lang = "en"
"""The language of every screen unless a ``lang`` says otherwise."""


def check_lang(value: object, name: str = "lang") -> Lang:
    """*value* as a language code.

    Raises:
        TypeError: *value* is not a str.
        InvalidRulesError: *value* is not ``"en"``, ``"ca"`` or ``"es"``.

    >>> check_lang("ca")
    'ca'
    >>> check_lang("fr")
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: unknown language 'fr': use 'en', 'ca' or 'es'
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    for lang in LANGS:
        if value == lang:
            return lang
    raise InvalidRulesError(f"unknown language {value!r:.40}: use 'en', 'ca' or 'es'")


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


class Catalogue:
    """A table of texts by key and language; ``catalogue(key, lang, *args)`` formats one.

    A text may hold ``{0}``, ``{1}``... for its arguments; a text used with a count
    (:meth:`count`) holds the singular and plural forms split by ``|``.  Building the
    catalogue checks that every key has all three languages with the same fields.

    Args:
        name: what the catalogue is for (a family's name, ``"common"``).
        entries: ``{key: {"en": ..., "ca": ..., "es": ...}}``.

    Raises:
        InvalidRulesError: a key lacks a language, or its languages' fields differ.

    >>> words = Catalogue("demo", {"hello": {"en": "hello {0}", "ca": "hola {0}", "es": "hola {0}"}})
    >>> words("hello", "ca", "Pere")
    'hola Pere'
    >>> Catalogue("bad", {"x": {"en": "x"}})
    Traceback (most recent call last):
    ...
    cau_rules.errors.InvalidRulesError: catalogue 'bad': key 'x' lacks ca, es
    """

    def __init__(self, name: str, entries: Mapping[str, Mapping[Lang, str]]) -> None:
        self.name = name
        self.entries: dict[str, dict[Lang, str]] = {}
        for key, texts in entries.items():
            missing = [lang for lang in LANGS if not texts.get(lang)]
            if missing:
                raise InvalidRulesError(f"catalogue {name!r}: key {key!r} lacks {', '.join(missing)}")
            fields = {lang: _fields(texts[lang]) for lang in LANGS}
            if fields["ca"] != fields["en"] or fields["es"] != fields["en"]:
                raise InvalidRulesError(f"catalogue {name!r}: key {key!r} has different fields by language")
            self.entries[key] = {lang: texts[lang] for lang in LANGS}

    def __call__(self, key: str, lang: Lang, *args: object) -> str:
        """The text of *key* in *lang*, formatted with *args*."""
        return self.entries[key][lang].format(*args)

    def count(self, key: str, count: int, lang: Lang, *args: object) -> str:
        """The singular or plural text of *key* for *count* (its ``{0}``), in *lang*.

        >>> COMMON.count("cards", 0, "en"), COMMON.count("hands", 1, "ca")
        ('0 cards', '1 mà')
        """
        one, _, many = self.entries[key][lang].partition("|")
        return (one if count == 1 or not many else many).format(count, *args)

    def keys(self) -> list[str]:
        """Every key, in the order given."""
        return list(self.entries)

    def __repr__(self) -> str:
        return f"Catalogue({self.name!r}, {len(self.entries)} keys)"


class Worded:
    """A base of events and records read by people: ``str(x)`` is ``x.text()``, its
    English text; ``x.text(lang)`` gives any language."""

    __slots__ = ()

    def text(self, lang: Lang = "en") -> str:
        """The words, in *lang*."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


def event_text(event: object, lang: Lang = "en") -> str:
    """The words of *event* in *lang* (``str(event)`` for anything not :class:`Worded`).

    >>> event_text(3, "ca")
    '3'
    """
    return event.text(lang) if isinstance(event, Worded) else str(event)


CATALOGUES: dict[str, Catalogue] = {}
"""Every catalogue by name (each family's module adds its own when imported)."""


def register(catalogue: Catalogue) -> Catalogue:
    """Add *catalogue* to :data:`CATALOGUES` and return it."""
    CATALOGUES[catalogue.name] = catalogue
    return catalogue


_AND: Mapping[Lang, str] = {"en": "and", "ca": "i", "es": "y"}


def join_words(words: Iterable[str], lang: Lang) -> str:
    """*words* as a list a person writes: ``"a, b and c"`` (``i`` in Catalan, ``y`` in
    Spanish).

    >>> join_words(["0"], "en"), join_words(["0", "1"], "es"), join_words([], "en")
    ('0', '0 y 1', '')
    """
    items = list(words)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND[lang]} {items[-1]}"


def seat_list(seats: Iterable[int], lang: Lang) -> str:
    """``"seat 0"`` or ``"seats 0, 1 and 2"`` in *lang*.

    >>> seat_list([0, 1, 2], "en"), seat_list([3], "ca")
    ('seats 0, 1 and 2', 'seient 3')
    """
    numbers = [str(seat) for seat in seats]
    key = "seat" if len(numbers) == 1 else "seats"
    return COMMON(key, lang, join_words(numbers, lang))


COMMON = register(Catalogue("common", {
    "seat": {"en": "seat {0}", "ca": "seient {0}", "es": "asiento {0}"},
    "seats": {"en": "seats {0}", "ca": "seients {0}", "es": "asientos {0}"},
    "you": {"en": "{0} (you)", "ca": "{0} (tu)", "es": "{0} (tú)"},
    "team": {"en": "team {0}", "ca": "equip {0}", "es": "equipo {0}"},
    "cards": {"en": "{0} card|{0} cards", "ca": "{0} carta|{0} cartes", "es": "{0} carta|{0} cartas"},
    "hands": {"en": "{0} hand|{0} hands", "ca": "{0} mà|{0} mans", "es": "{0} mano|{0} manos"},
    "none": {"en": "(none)", "ca": "(cap)", "es": "(ninguna)"},
    "nothing": {"en": "none", "ca": "cap", "es": "ninguna"},
    "game_over": {"en": "game over", "ca": "partida acabada", "es": "partida terminada"},
    "to_play": {"en": "{0} to play", "ca": "juga {0}", "es": "juega {0}"},
    # outcomes
    "wins": {"en": "{0} wins", "ca": "{0} guanya", "es": "{0} gana"},
    "share": {"en": "{0} win", "ca": "{0} guanyen", "es": "{0} ganan"},
    "tie": {"en": "{0} tie", "ca": "{0} empaten", "es": "{0} empatan"},
    "nobody": {"en": "nobody wins", "ca": "no guanya ningú", "es": "no gana nadie"},
    "scores": {"en": "scores: {0}", "ca": "punts: {0}", "es": "puntos: {0}"},
    "score_of": {"en": "{0}: {1}", "ca": "{0}: {1}", "es": "{0}: {1}"},
    "not_over": {"en": "the game is not over", "ca": "la partida no ha acabat", "es": "la partida no ha terminado"},
    "game_ended": {"en": "game over: {0}", "ca": "partida acabada: {0}", "es": "partida terminada: {0}"},
    "MOST_CARDS": {"en": "with the most cards", "ca": "amb més cartes", "es": "con más cartas"},
    "MOST_DOZENS": {"en": "with the most dozens", "ca": "amb més dotzenes", "es": "con más docenas"},
    "MOST_HANDS": {"en": "with the most hands won", "ca": "amb més mans guanyades", "es": "con más manos ganadas"},
    "TARGET_STONES": {"en": "by reaching the stone target", "ca": "en arribar a les pedres de la partida",
                      "es": "al llegar a las piedras de la partida"},
    "TARGET_STONES_n": {"en": "by reaching {0} stones", "ca": "en arribar a {0} pedres",
                        "es": "al llegar a {0} piedras"},
    "STAKE_WON": {"en": "by winning the stake", "ca": "en guanyar l'envit", "es": "al ganar el envite"},
    "LAST_HOLDER": {"en": "as the last player holding cards", "ca": "com a últim jugador amb cartes",
                    "es": "como último jugador con cartas"},
    "SAFETY_BOUND": {"en": "with the most cards at the safety bound",
                     "ca": "amb més cartes en arribar al límit de torns",
                     "es": "con más cartas al llegar al límite de turnos"},
    "ALL_COUNTERS": {"en": "holding all the counters", "ca": "amb totes les fitxes", "es": "con todas las fichas"},
    "MAX_HANDS": {"en": "with the most counters", "ca": "amb més fitxes", "es": "con más fichas"},
    "after_hands": {"en": "after {0}", "ca": "després de {0}", "es": "después de {0}"},
    "wins_session": {"en": "{0} wins the session", "ca": "{0} guanya la sessió", "es": "{0} gana la sesión"},
}))
"""The words every family shares: seats, counts, outcomes."""


CARDS = register(Catalogue("cards", {
    card.code: {lang: card.full_name(lang) for lang in LANGS} for card in Card
}))
"""Every card's full name (``Card.full_name``), by its code: ``CARDS("1o", "ca")`` is
``"as d'oros"``; moves in words name the card played this way."""
