"""The table server page's own words, in English, Catalan and Spanish: one
:class:`~cau_rules.i18n.Catalogue` beside the library's (the page asks for them at
``/api/words``; everything else it shows comes from the library's catalogues).

>>> WORDS("sit", "ca"), WORDS.count("free", 1, "es")
('Seu aquí', '1 asiento libre')
>>> page_words()["es"]["guest"]
'invitado'
"""

from __future__ import annotations

from pathlib import Path

from cau_rules.i18n import LANGS, Catalogue, register

__all__ = ["WORDS", "page_words"]

WORDS = register(Catalogue.from_toml("table server", (Path(__file__).parent / "words.toml").read_text(encoding="utf-8")))
"""Every word of the page that is not a game's, by key and language."""


def page_words() -> dict[str, dict[str, str]]:
    """The page's words by language and key, as ``/api/words`` sends them."""
    return {lang: {key: texts[lang] for key, texts in WORDS.entries.items()} for lang in LANGS}
