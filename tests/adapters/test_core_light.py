"""The core package never imports a framework or numpy (no extra needed)."""

from __future__ import annotations

import subprocess
import sys

from cau_rules.adapters import supported_variants


def test_import_cau_rules_stays_light() -> None:
    code = (
        "import sys, cau_rules, cau_rules.adapters, cau_rules.ai, cau_rules.bots\n"
        "cau_rules.adapters.supported_variants()\n"
        "heavy = {'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_supported_variants_are_registered_presets_with_codecs() -> None:
    from cau_rules import variants
    from cau_rules.ai.codec import codec_for

    names = supported_variants()
    assert {"cau", "cau-robat", "cau-robat-40", "cau-40", "cau-recau-sant-vicent"} <= set(names)
    for name in names:
        assert name in variants()
        assert codec_for(name, __import__("cau_rules").get_rules(name).min_players).num_actions > 0
