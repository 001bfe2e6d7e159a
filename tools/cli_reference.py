"""Write every ``cau-rules`` subcommand's ``--help`` at the end of docs/cli.md, from the parser.

Run:  python tools/cli_reference.py      (tests/test_cli.py fails when the page drifts)
"""

from __future__ import annotations

from pathlib import Path

from cau_rules.cli import REFERENCE_BEGIN, help_reference

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    head = text.split(REFERENCE_BEGIN)[0].rstrip("\n")
    PAGE.write_text(head + "\n\n" + help_reference(), encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
