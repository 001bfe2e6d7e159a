"""The documentation's examples are real: every ``pycon`` block in ``docs/`` runs as a doctest
and every ``python`` block is executed, page by page in one namespace, in page order.  The
options tables of the variant pages list every field of ``FishingRules`` with the preset's
actual default."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import cau_rules
from cau_rules.cards import DECKS
from cau_rules.fishing.rules import FISHING_PRESETS, FishingRules

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
BLOCK = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.S | re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def code_blocks(text: str) -> list[tuple[str, str, int]]:
    """``(language, body, line number)`` of every fenced block, indentation removed."""
    blocks = []
    for match in BLOCK.finditer(text):
        indent = match["indent"]
        body = "".join(line[len(indent):] if line.startswith(indent) else line
                       for line in match["body"].splitlines(keepends=True))
        blocks.append((match["lang"], body, text.count("\n", 0, match.start()) + 1))
    return blocks


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_examples_run(page: Path) -> None:
    namespace: dict[str, Any] = {"__name__": f"docs_{page.stem}"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for lang, body, line in code_blocks(page.read_text(encoding="utf-8")):
        where = f"{page.relative_to(DOCS)}:{line}"
        if lang == "python":
            exec(compile(body, where, "exec"), namespace)
        elif lang == "pycon":
            test = parser.get_doctest(body, namespace, where, str(page), line)
            result = runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # DocTest copies its globals; carry the names forward
            assert result.failed == 0, f"doctest block at {where} failed (see the output above)"


ROW = re.compile(r"^\|\s*`(?P<field>\w+)`\s*\|\s*`(?P<value>[^`]*)`\s*\|", re.M)
VARIANT_PAGES = {"cau.md": "cau", "cau-robat.md": "cau-robat", "cau-robat-40.md": "cau-robat-40"}


@pytest.mark.parametrize("page,preset", sorted(VARIANT_PAGES.items()))
def test_options_tables_match_the_code(page: str, preset: str) -> None:
    text = (DOCS / "variants" / page).read_text(encoding="utf-8")
    rows = {m["field"]: m["value"] for m in ROW.finditer(text)}
    rules = FISHING_PRESETS[preset]
    fields = [field.name for field in attrs.fields(FishingRules)]
    assert sorted(rows) == sorted(fields), "the options table must list every FishingRules field"
    names = {deck.name.upper().replace("-", "_"): deck for deck in DECKS.values()}
    for field in fields:
        documented = eval(rows[field], {"__builtins__": {}}, names)  # the table shows Python values
        assert documented == getattr(rules, field), f"{page}: {field} is {getattr(rules, field)!r}"


def test_every_documented_preset_exists_and_has_a_page() -> None:
    text = "".join(page.read_text(encoding="utf-8") for page in (DOCS / "variants").glob("*.md"))
    for name in ("cau", "cau-robat", "cau-robat-40", "cau-40"):
        assert name in cau_rules.variants()
        assert f"`{name}`" in text


def test_every_module_has_a_reference_page() -> None:
    import pkgutil

    text = "".join(page.read_text(encoding="utf-8") for page in (DOCS / "reference").glob("*.md"))
    documented = set(re.findall(r"^::: ([\w.]+)", text, re.M))
    modules = {"cau_rules"} | {
        info.name for info in pkgutil.walk_packages(cau_rules.__path__, "cau_rules.")
        if not info.name.endswith(".__main__")  # an entry point, documented with its package
    }
    assert sorted(modules - documented) == [], "add a '::: module' directive under docs/reference/"
