"""Each preset's human name and one-line description in every language a screen speaks.

The English line is the docstring under the preset's definition (what ``cau-rules
variants`` prints); the Catalan and Spanish lines say the same.  A page or an app lists the
games with them (the table server's lobby does).

>>> preset_name("cau-robat-40", "ca"), preset_line("cau", "es")[:36]
('Cau robat (llibre de regles anglès)', 'Cau, el juego sencillo, según el reg')
"""

from __future__ import annotations

from cau_rules.errors import InvalidRulesError
from cau_rules.i18n import Catalogue, Lang, check_lang, register

__all__ = ["PRESET_WORDS", "preset_line", "preset_name"]

PRESET_WORDS = register(Catalogue("presets", {
    "cacho:name": {"en": "Cacho", "ca": "Cacho", "es": "Cacho"},
    "cacho": {
        "en": "Cacho by the Spanish text of 1729: 20 counters each, fixed bets 1 and 2, the resto capped at the "
              "smallest stack, one hand.",
        "ca": "Cacho segons el text castellà de 1729: 20 fitxes cadascú, apostes fixes d'1 i 2, el resto limitat a "
              "la pila més petita, una mà.",
        "es": "Cacho según el texto castellano de 1729: 20 fichas cada uno, apuestas fijas de 1 y 2, el resto "
              "limitado al montón más pequeño, una mano."},
    "cau:name": {"en": "Cau", "ca": "Cau", "es": "Cau"},
    "cau": {
        "en": "Cau, the simple game, by the Catalan rule book: closed piles, runs of any length.",
        "ca": "Cau, el joc senzill, segons el llibre de regles català: munts tancats, escales de qualsevol llargada.",
        "es": "Cau, el juego sencillo, según el reglamento catalán: montones cerrados, escaleras de cualquier "
              "longitud."},
    "cau-40:name": {"en": "Cau (English rule book)", "ca": "Cau (llibre de regles anglès)",
                    "es": "Cau (reglamento inglés)"},
    "cau-40": {
        "en": "The face-down Cau of the English rule book: its rules with closed piles.",
        "ca": "El Cau cap per avall del llibre de regles anglès: les seves regles amb munts tancats.",
        "es": "El Cau boca abajo del reglamento inglés: sus reglas con montones cerrados."},
    "cau-quatre:name": {"en": "The four-card game", "ca": "El joc de quatre cartes", "es": "El juego de cuatro cartas"},
    "cau-quatre": {
        "en": "The four-card game of the Catalan rule book, a documented reconstruction.",
        "ca": "El joc de quatre cartes del llibre de regles català, una reconstrucció documentada.",
        "es": "El juego de cuatro cartas del reglamento catalán, una reconstrucción documentada."},
    "cau-recau-sant-vicent:name": {"en": "Cau, recau i Sant Vicent", "ca": "Cau, recau i Sant Vicent",
                                   "es": "Cau, recau i Sant Vicent"},
    "cau-recau-sant-vicent": {
        "en": "The Valencian team game by the Catalan rule book: partners, stones to 41, cau / recau / Sant Vicent.",
        "ca": "El joc valencià per parelles segons el llibre de regles català: companys, pedres fins a 41, cau / "
              "recau / Sant Vicent.",
        "es": "El juego valenciano por parejas según el reglamento catalán: compañeros, piedras hasta 41, cau / "
              "recau / Sant Vicent."},
    "cau-robat:name": {"en": "Cau robat", "ca": "Cau robat", "es": "Cau robat"},
    "cau-robat": {
        "en": "Cau robat by the Catalan rule book: open piles that runs can take, own pile included.",
        "ca": "Cau robat segons el llibre de regles català: munts oberts que les escales poden prendre, el propi "
              "inclòs.",
        "es": "Cau robat según el reglamento catalán: montones abiertos que las escaleras pueden tomar, el propio "
              "incluido."},
    "cau-robat-40:name": {"en": "Cau robat (English rule book)", "ca": "Cau robat (llibre de regles anglès)",
                          "es": "Cau robat (reglamento inglés)"},
    "cau-robat-40": {
        "en": "Cau Robat by the English rule book: 40 cards dealt whole, opponents' piles.",
        "ca": "Cau robat segons el llibre de regles anglès: 40 cartes repartides senceres, munts dels rivals.",
        "es": "Cau robat según el reglamento inglés: 40 cartas repartidas enteras, montones de los rivales."},
}))
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
