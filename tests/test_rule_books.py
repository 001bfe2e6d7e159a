"""Every clause ID in the rule books under seeds/ is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLAUSE = re.compile(r"(?<![A-Z]-)\b(?:CAU|ROB|R40|VAL|QUA|CAC)-[0-9]+\b")


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found.update(CLAUSE.findall(path.read_text(encoding="utf-8")))
    return found


def _cited() -> str:
    texts = []
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name != "test_rule_books.py":
            texts.append(path.read_text(encoding="utf-8"))
    return "\n".join(texts)


def test_every_clause_is_cited_by_a_test() -> None:
    clauses = _ids_in(sorted((ROOT / "seeds").glob("*.md")))
    assert clauses, "the rule books define no clause"
    cited = set(CLAUSE.findall(_cited()))
    missing = sorted(clauses - cited, key=lambda c: (c.split("-")[0], int(c.split("-")[1])))
    assert not missing, f"clauses no test cites: {missing}"


def test_cited_ids_exist_in_the_rule_books() -> None:
    clauses = _ids_in(sorted((ROOT / "seeds").glob("*.md")))
    cited = set(CLAUSE.findall(_cited()))
    unknown = sorted(cited - clauses)
    assert not unknown, f"tests cite clauses the rule books do not define: {unknown}"
