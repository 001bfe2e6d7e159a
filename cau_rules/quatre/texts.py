"""The words of the four-card game's events, screens and menus, in English, Catalan and
Spanish (see :mod:`cau_rules.i18n`).  The names of the chains (cau, recau, contracau,
Sant Vicent) are the game's own words in every language.

>>> TEXTS("draws", "es", "asiento 1", "1c")
'asiento 1 roba 1c'
>>> count_words(2, "ca"), count_words(7, "en")
('dues cartes', '7 cards')
"""

from __future__ import annotations

from cau_rules.i18n import COMMON, Lang, load_catalogue

__all__ = ["TEXTS", "count_words"]

TEXTS = load_catalogue("quatre")
"""Every text of the four-card game, by key and language (the file
``cau_rules/catalogues/quatre.toml``)."""


def count_words(count: int, lang: Lang = "en") -> str:
    """*count* cards in words up to four (gifts and lays owe at most four), else in digits.

    >>> count_words(1), count_words(3, "es"), count_words(0, "ca")
    ('one card', 'tres cartas', 'cap carta')
    """
    words = TEXTS.entries["words"][lang].split("|")
    return words[count] if 0 <= count < len(words) else COMMON.count("cards", count, lang)
