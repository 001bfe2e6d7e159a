"""Type-check the Python in README.md and docs/ with ``mypy --strict``.

Every ``python`` block and every ``pycon`` block (its ``>>>`` and ``...`` lines) of a page
is written, in page order, into one module per page under a temporary folder, which
mypy then checks strictly: the examples users copy must type-check like the package.

Usage (from the repository root)::

    python tools/typecheck_docs.py            # exit status 1 when mypy finds an error
    python tools/typecheck_docs.py --keep DIR # also leave the extracted modules in DIR
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.S | re.M)


def pages() -> list[Path]:
    """README.md and every Markdown page of the docs, sorted."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def extract(text: str) -> str:
    """The Python of a page's ``python`` and ``pycon`` blocks, in order, as one module."""
    out: list[str] = []
    for match in BLOCK.finditer(text):
        indent = match["indent"]
        lines = [line[len(indent):] if line.startswith(indent) else line
                 for line in match["body"].splitlines()]
        line_number = text.count("\n", 0, match.start()) + 2
        if match["lang"] == "python":
            out.append(f"# line {line_number}")
            out.extend(lines)
        elif match["lang"] == "pycon":
            out.append(f"# line {line_number}")
            out.extend(line[4:] for line in lines if line.startswith((">>> ", "... ")) or line in (">>>", "..."))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Extract the snippets and run mypy on them; returns mypy's exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, default=None, help="write the modules here and keep them")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for page in pages():
            code = extract(page.read_text(encoding="utf-8"))
            if not code.strip():
                continue
            name = "doc_" + re.sub(r"\W", "_", str(page.relative_to(ROOT)).removesuffix(".md")) + ".py"
            (folder / name).write_text(code, encoding="utf-8")
            written.append(str(folder / name))
        # The project's configuration too: it names the compiled kernel modules whose
        # functions numba types (a snippet that imports one follows it there).
        command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                   "--config-file", str(ROOT / "pyproject.toml"),
                   "--disable-error-code", "func-returns-value", *written]
        # MYPYPATH lets mypy find the package from a checkout too (an editable install's
        # import hook is invisible to it).
        return subprocess.call(command, cwd=folder, env={**os.environ, "MYPYPATH": str(ROOT)})


if __name__ == "__main__":
    sys.exit(main())
