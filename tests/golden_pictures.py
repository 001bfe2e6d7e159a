"""The golden-picture test every picture suite shares: each named picture is drawn, checked
as an SVG document, drawn again to the same bytes, and compared byte for byte with its file
in ``tests/golden/``.  After an intended change of the pictures,
``CAU_RULES_REGEN_GOLDEN=1 pytest <the suite> -k golden`` rewrites the files (review them).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from cau_rules.svg import SVG_NAMESPACE

GOLDEN = Path(__file__).resolve().parent / "golden"
"""Where the golden pictures are kept, one ``<name>.svg`` each."""


def golden_test(pictures: Mapping[str, Callable[[], str]], suite: str) -> Callable[[str], None]:
    """A test, parametrized by name over *pictures*, that checks each against its golden file.

    Args:
        pictures: each golden file's name (without ``.svg``) and what draws it.
        suite: the test file (its ``__file__``), named in the message of a failure.

    Returns:
        The test function, to bind to a ``test_`` name in the suite's module.
    """

    @pytest.mark.parametrize("name", sorted(pictures))
    def test_golden(name: str) -> None:
        svg = pictures[name]()
        path = GOLDEN / f"{name}.svg"
        if os.environ.get("CAU_RULES_REGEN_GOLDEN") == "1":
            path.write_text(svg, encoding="utf-8", newline="\n")
        assert ET.fromstring(svg).tag == f"{{{SVG_NAMESPACE}}}svg"
        assert pictures[name]() == svg, "the same position must draw the same picture"
        assert path.read_text(encoding="utf-8") == svg, (
            f"{path.name} differs: if the change is intended, run CAU_RULES_REGEN_GOLDEN=1 pytest {suite} -k golden")

    return test_golden
