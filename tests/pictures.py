"""What every picture suite shares: the SVG namespace and languages, and the golden-picture
test.  A suite names each golden picture on the function that draws it
(``@GOLDEN_PICTURES.add("name")``); the test draws each, checks it as an SVG document, draws
it again to the same bytes and compares it byte for byte with its file in ``tests/golden/``.
After an intended change of the pictures, ``CAU_RULES_REGEN_GOLDEN=1 pytest <the suite> -k
golden`` rewrites the files (review them).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from cau_rules.cards import Language
from cau_rules.svg import SVG_NAMESPACE

GOLDEN = Path(__file__).resolve().parent / "golden"
"""Where the golden pictures are kept, one ``<name>.svg`` each."""

NS = "{" + SVG_NAMESPACE + "}"
"""The SVG namespace as ElementTree writes it before a tag."""

LANGUAGES: tuple[Language, ...] = ("ca", "es", "en")
"""Every language a picture is drawn in."""

Draw = Callable[[], str]


class GoldenPictures(dict[str, Draw]):
    """A suite's golden pictures: each file's name (without ``.svg``) and what draws it."""

    def add(self, name: str) -> Callable[[Draw], Draw]:
        """A decorator: the function it decorates draws the golden picture *name*."""

        def add(draw: Draw) -> Draw:
            self[name] = draw
            return draw

        return add


def golden_test(pictures: Mapping[str, Draw], suite: str) -> Callable[[str], None]:
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
        assert ET.fromstring(svg).tag == NS + "svg"
        assert pictures[name]() == svg, "the same position must draw the same picture"
        assert path.read_text(encoding="utf-8") == svg, (
            f"{path.name} differs: if the change is intended, run CAU_RULES_REGEN_GOLDEN=1 pytest {suite} -k golden")

    return test_golden
