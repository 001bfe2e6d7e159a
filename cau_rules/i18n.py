"""The words people read, in English, Catalan and Spanish: one ``lang`` choice for every
screen, event, outcome, move menu and picture.

Every text a person reads is a key of a :class:`Catalogue`, a typed table that holds the
key in all three languages (checked when the catalogue is built and by a test over every
catalogue).  The texts themselves are data, one TOML file a catalogue in the package's
``catalogues`` folder (:func:`load_catalogue`), for translators to edit without reading
code.  Each game family's module that speaks loads its own catalogue
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

import functools
import string
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Generic, TypeVar

from cau_rules.cards import Card, Language, check_language
from cau_rules.errors import InvalidRulesError

__all__ = [
    "CARDS",
    "CATALOGUES",
    "COMMON",
    "DEFAULT_LANG",
    "LANGS",
    "Catalogue",
    "Described",
    "Lang",
    "Worded",
    "check_lang",
    "check_names",
    "event_text",
    "join_words",
    "load_catalogue",
    "seat_list",
    "seat_name",
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
    return check_language(value, name, among=LANGS)


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

    @classmethod
    def from_toml(cls, name: str, text: str) -> Catalogue:
        """A catalogue from TOML *text*: a table a key, holding its text in each language.

        Args:
            name: what the catalogue is for.
            text: TOML such as ``[hello]`` then the lines ``en = "hello {0}"``,
                ``ca = "hola {0}"`` and ``es = "hola {0}"``.

        Returns:
            The catalogue, its keys in the order of the text.

        Raises:
            InvalidRulesError: *text* is not TOML, a key is not a table of strings by
                language (``en``, ``ca``, ``es``), or a key lacks a language or its
                languages' fields differ.

        >>> words = Catalogue.from_toml("demo", '[bye]\\nen = "bye"\\nca = "adéu"\\nes = "adiós"')
        >>> words("bye", "es")
        'adiós'
        >>> Catalogue.from_toml("bad", 'bye = "bye"')
        Traceback (most recent call last):
        ...
        cau_rules.errors.InvalidRulesError: catalogue 'bad': key 'bye' is not a table of texts by language
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise InvalidRulesError(f"catalogue {name!r} is not TOML: {error}") from None
        entries: dict[str, dict[Lang, str]] = {}
        for key, table in data.items():
            if not isinstance(table, dict):
                raise InvalidRulesError(f"catalogue {name!r}: key {key!r} is not a table of texts by language")
            unknown = sorted(set(table) - set(LANGS))
            if unknown:
                raise InvalidRulesError(f"catalogue {name!r}: key {key!r} has unknown languages {unknown}: use en, ca, es")
            if not all(isinstance(value, str) for value in table.values()):
                raise InvalidRulesError(f"catalogue {name!r}: key {key!r} has a text that is not a string")
            entries[key] = {lang: table[lang] for lang in LANGS if lang in table}
        return cls(name, entries)

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


def check_names(names: object) -> Sequence[str] | None:
    """*names*, the players' names by seat, if it is a sequence (or None: no names).

    Raises:
        TypeError: *names* is a single str or not a sequence.

    >>> check_names(["Anna", "Pau"]), check_names(None)
    (['Anna', 'Pau'], None)
    >>> check_names("Anna")
    Traceback (most recent call last):
    ...
    TypeError: names must be a sequence of str or None, not str
    """
    if names is None:
        return None
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of str or None, not {type(names).__name__}")
    return names


def seat_name(seat: int, lang: Lang, names: Sequence[str] | None = None) -> str:
    """The player at *seat*: their name in *names* if it has one, else ``"seat N"`` in *lang*.

    >>> seat_name(1, "ca"), seat_name(1, "en", ["Anna", "Pau"]), seat_name(2, "es", ["Anna"])
    ('seient 1', 'Pau', 'asiento 2')
    """
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return COMMON("seat", lang, seat)


Seen = TypeVar("Seen")
"""What a family's moves read of a position to put themselves in words (its ``Seen``)."""


class Described(Generic[Seen]):
    """A base of moves put in words: ``move.describe(state, lang, names=...)`` checks its
    arguments once for every move and returns :meth:`words`, which each move writes.

    >>> class Wait(Described[None]):
    ...     def words(self, state: None, lang: Lang, names: Sequence[str] | None) -> str:
    ...         return {"en": "waits", "ca": "espera", "es": "espera"}[lang]
    >>> Wait().describe(None, "ca")
    'espera'
    """

    __slots__ = ()

    def describe(self, state: Seen | None = None, lang: Lang = "en", *, names: Sequence[str] | None = None) -> str:
        """The move in words, as a player would say it.

        Args:
            state: the position (or the seat's view) the move is played in; a move that
                says no more with it takes None.
            lang: ``"en"``, ``"ca"`` or ``"es"``.
            names: the players' names by seat (default: "seat 1").

        Returns:
            One short sentence.

        Raises:
            InvalidRulesError: *lang* is not a known language.
            TypeError: *names* is not a sequence of names, or the move needs a *state*.
        """
        return self.words(state, check_lang(lang), check_names(names))

    def words(self, state: Seen | None, lang: Lang, names: Sequence[str] | None) -> str:
        """What :meth:`describe` says, its arguments checked (each move writes its own)."""
        raise NotImplementedError


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


@functools.cache
def load_catalogue(name: str) -> Catalogue:
    """The catalogue *name* the library ships, read from its TOML file and registered.

    The file is ``cau_rules/catalogues/<name>.toml`` (a space in the name is a hyphen in
    the file's name), read once: later calls return the same catalogue.

    Args:
        name: the catalogue's name (``"common"``, ``"fishing picture"``).

    Returns:
        The catalogue, also in :data:`CATALOGUES`.

    Raises:
        FileNotFoundError: the library ships no catalogue of that name.
        InvalidRulesError: the file breaks a rule of :meth:`Catalogue.from_toml`.

    >>> load_catalogue("common")("seat", "ca", 1), load_catalogue("common") is COMMON
    ('seient 1', True)
    """
    file = resources.files("cau_rules") / "catalogues" / f"{name.replace(' ', '-')}.toml"
    return register(Catalogue.from_toml(name, file.read_text(encoding="utf-8")))


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


COMMON = load_catalogue("common")
"""The words every family shares: seats, counts, outcomes."""


CARDS = register(Catalogue("cards", {
    card.code: {lang: card.full_name(lang) for lang in LANGS} for card in Card
}))
"""Every card's full name (``Card.full_name``), by its code: ``CARDS("1o", "ca")`` is
``"as d'oros"``; moves in words name the card played this way."""
