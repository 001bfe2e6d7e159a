"""The words of the capture family's events, screens and menus, in English, Catalan and
Spanish (see :mod:`cau_rules.i18n`).  The names of the calls (cau, recau, contracau,
neta, ronda, rondi, sant-vicent) are the games' own words, the same in every language.

>>> TEXTS("trails", "ca", "seient 0", "5o")
'seient 0 tira 5o'
>>> call_name("sant-vicent"), reason_name("stake", "es")
('sant-vicent', 'el envite')
"""

from __future__ import annotations

from cau_rules.i18n import Lang, load_catalogue

__all__ = ["TEXTS", "call_name", "reason_name"]

def call_name(value: str) -> str:
    """A call's name on a screen: its notation (``sant-vicent``, ``rondi``), the same in
    every language."""
    return value


def reason_name(reason: str, lang: Lang) -> str:
    """What Valencian stones were scored for, in *lang* (calls keep their own names)."""
    key = "reason_" + reason.replace(" ", "_")
    if key in TEXTS.entries:
        return TEXTS(key, lang)
    return call_name(reason)


TEXTS = load_catalogue("fishing")
"""Every text of the capture family, by key and language (the file
``cau_rules/catalogues/fishing.toml``)."""
