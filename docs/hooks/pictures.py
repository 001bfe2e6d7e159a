"""MkDocs hook: pictures of positions drawn from code at docs build time.

Every registered family may name pictures for its docs pages (its record's
``doc_pictures`` hook returns ``{file name: SVG text}``).  They are added to the site as
``images/<file name>``, so a page embeds one with ``![...](../images/<file name>)`` and
the picture always shows what the library draws today.  Nothing is written into
``docs/``.
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

from cau_rules.registry import FAMILIES


def on_files(files: Files, config: Any) -> Files:
    """Add every family's documentation pictures to the site's files."""
    for family in FAMILIES:
        make = family.doc_pictures
        if make is None:
            continue
        for name, svg in sorted(make().items()):
            files.append(File.generated(config, f"images/{name}", content=svg))
    return files
