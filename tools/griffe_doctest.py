"""A Griffe extension that lets the plain-prose docstrings of cau_rules render as Markdown.

The library's docstrings are written for ``help()`` and doctest: bare ``>>>`` examples and
reStructuredText roles such as ``:class:`~cau_rules.cards.Deck```.  Markdown would read the
``>>>`` lines as nested block quotes and ``[...]`` in doctest output as reference links, so
before mkdocstrings parses a docstring this extension

- wraps each doctest block (a ``>>>`` line and the lines after it, up to a blank line) in a
  fenced ``pycon`` code block,
- drops reST ``::`` literal-block markers (the indented block after one is already code in
  Markdown), and
- turns each role into an optional cross-reference: a link when the target is documented
  somewhere in the site, plain code otherwise (so ``mkdocs build --strict`` never fails on it).

The docstrings themselves are not changed on disk.  Loaded from ``mkdocs.yml``
(``plugins.mkdocstrings.handlers.python.options.extensions``).
"""

from __future__ import annotations

import html
import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|mod|exc|data|obj|const):`(~?)([^`]+)`")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _role(match: re.Match[str]) -> str:
    short, target = match.group(1) == "~", match.group(2).strip()
    title = target.rsplit(".", 1)[-1] if short else target
    return f'<autoref identifier="{html.escape(target)}" optional><code>{html.escape(title)}</code></autoref>'


def convert(text: str) -> str:
    """The Markdown form of one docstring (doctest blocks fenced, roles linked)."""
    lines = text.splitlines()
    out: list[str] = []
    index = 0
    in_fence = False
    while index < len(lines):
        line = lines[index]
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            index += 1
            continue
        stripped = line.lstrip()
        if not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block: list[str] = []
            while index < len(lines) and lines[index].strip():
                block.append(lines[index][len(indent):] if lines[index].startswith(indent) else lines[index])
                index += 1
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            out.extend(f"{indent}{row}" if row else row for row in block)
            out.append(f"{indent}```")
            continue
        if not in_fence and stripped == "::":
            index += 1  # a bare reST literal-block marker: the indented block below is code already
            continue
        if not in_fence and stripped.endswith("::"):
            line = line[:-1]  # reST "text::" introduces a literal block; Markdown shows "text:"
        out.append(line if in_fence else _ROLE.sub(_role, line))
        index += 1
    return "\n".join(out)


class DoctestFences(Extension):
    """Convert every docstring of the loaded objects once the object tree is complete."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None and not obj.is_alias:
            obj.docstring.value = convert(obj.docstring.value)

    def on_package(self, *, pkg: Object, **kwargs: Any) -> None:
        # The top-level package gets no on_object event of its own.
        self.on_object(obj=pkg)
