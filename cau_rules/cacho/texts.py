"""The words of Cacho's events, screens and menus, in English, Catalan and Spanish (see
:mod:`cau_rules.i18n`).

>>> TEXTS("folds", "ca", "seient 1")
'seient 1 es retira'
>>> from cau_rules.cacho.hands import evaluate
>>> value_text(evaluate("6o 6c 6e"), "es"), value_text(evaluate("1o 5c 4e"), "en")
('tres seises (18)', 'high card (5)')
"""

from __future__ import annotations

from cau_rules.cacho.hands import HandValue
from cau_rules.i18n import Lang, load_catalogue

__all__ = ["TEXTS", "value_text"]

TEXTS = load_catalogue("cacho")
"""Every text of Cacho's screens, by key and language (the file
``cau_rules/catalogues/cacho.toml``)."""


def value_text(value: HandValue, lang: Lang = "en") -> str:
    """What a hand is worth, in words: its class, its value and any kickers."""
    kickers = TEXTS("then", lang, "-".join(str(rank) for rank in value.kickers)) if value.kickers else ""
    return f"{TEXTS(f'class_{int(value.hand_class)}', lang)} ({value.value}{kickers})"
