"""Each preset's human name and one-line description in every language a screen speaks.

The English line is the docstring under the preset's definition (what ``cau-rules
variants`` prints); the Catalan and Spanish lines say the same.  A page or an app lists the
games with them (the table server's lobby does).

>>> preset_name("cau-robat-40", "ca"), preset_line("cau", "es")[:36]
('Cau robat (llibre de regles anglès)', 'Cau, el juego sencillo, según el reg')
"""

from __future__ import annotations

from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import Lang, check_lang, load_catalogue

__all__ = ["PRESET_WORDS", "preset_line", "preset_name"]

PRESET_WORDS = load_catalogue("presets")
"""The presets' names (``"<preset>:name"``) and one-line descriptions (``"<preset>"``)."""


def _key(preset: str) -> str:
    if not isinstance(preset, str) or preset not in PRESET_WORDS.entries:
        known = sorted(key for key in PRESET_WORDS.entries if ":" not in key)
        raise InvalidRulesError(f"no words for preset {preset!r}; presets with words: {', '.join(known)}")
    return preset


def preset_name(preset: str, lang: Lang = "en") -> str:
    """The human name of *preset* in *lang*.

    Raises:
        InvalidRulesError: an unknown preset or language.

    >>> preset_name("cau-quatre"), preset_name("cau-quatre", "es")
    ('The four-card game', 'El juego de cuatro cartas')
    """
    return PRESET_WORDS(_key(preset) + ":name", check_lang(lang))


def preset_line(preset: str, lang: Lang = "en") -> str:
    """The one-line description of *preset* in *lang*.

    Raises:
        InvalidRulesError: an unknown preset or language.

    >>> preset_line("cau-robat", "ca")
    'Cau robat segons el llibre de regles català: munts oberts que les escales poden prendre, el propi inclòs.'
    """
    return PRESET_WORDS(_key(preset), check_lang(lang))
