"""Start the table server: ``python -m examples.table_server`` (from the repository root).

Options: ``--host`` (default 127.0.0.1), ``--port`` (8000), ``--db`` (default
:func:`default_db`, outside the source tree), ``--bot-delay`` seconds (0.5), ``--max-tables``
(200), ``--idle-waiting`` / ``--idle-playing`` / ``--idle-over`` seconds before an unattended
table is archived (600 / 3600 / 3600), ``--creates-per-minute`` per client address (6) and
``--allowed-origin`` (repeatable).  Then open http://127.0.0.1:8000/.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import uvicorn

from examples.table_server.app import create_app
from examples.table_server.tables import Limits

__all__ = ["default_db", "main"]

WS_MAX_SIZE = 65536
"""Frames above this many bytes are cut off by the websocket layer itself; frames between
``Limits.max_message_bytes`` and this size get an ``error`` frame from the app."""


def default_db(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """Where the server keeps its SQLite file unless ``--db`` says otherwise: the user's data
    directory (``$XDG_DATA_HOME``, else ``~/.local/share`` on Linux; ``~/Library/Application
    Support`` on macOS; ``%LOCALAPPDATA%`` on Windows), never the source tree.

    >>> default_db({"XDG_DATA_HOME": "/data"}, "linux").as_posix()
    '/data/cau_rules/tables.sqlite3'
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform == "win32" and environ.get("LOCALAPPDATA"):
        base = Path(environ["LOCALAPPDATA"])
    elif platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cau_rules" / "tables.sqlite3"


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and serve until interrupted.

    Args:
        argv: the arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(prog="python -m examples.table_server",
                                     description="Play any cau_rules preset in the browser.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--db", type=Path, default=None,
                        help=f"the SQLite file of every table (default: {default_db()})")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits before moving")
    parser.add_argument("--max-tables", type=int, default=Limits.max_tables, help="unfinished tables at once")
    parser.add_argument("--idle-waiting", type=float, default=Limits.idle_waiting,
                        help="seconds a waiting table with no seated person connected is kept (default: %(default)g)")
    parser.add_argument("--idle-playing", type=float, default=Limits.idle_playing,
                        help="the same for a game under way (default: %(default)g)")
    parser.add_argument("--idle-over", type=float, default=Limits.idle_over,
                        help="the same for a finished game (default: %(default)g)")
    parser.add_argument("--creates-per-minute", type=float, default=Limits.creates_per_minute,
                        help="new tables a minute from one client address (default: %(default)g)")
    parser.add_argument("--allowed-origin", action="append", default=[], metavar="ORIGIN",
                        help="another site (https://example.org) whose pages may use the server; repeatable")
    parser.add_argument("--log-level", default="info", help="uvicorn's log level")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper())
    db = args.db if args.db is not None else default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    limits = Limits(max_tables=args.max_tables, idle_waiting=args.idle_waiting, idle_playing=args.idle_playing,
                    idle_over=args.idle_over, creates_per_minute=args.creates_per_minute)
    app = create_app(db, limits=limits, bot_delay=args.bot_delay, allowed_origins=args.allowed_origin)
    # Everything loaded so far lives as long as the server: the cyclic collector need not
    # scan it again.  A full collection pauses every table; replaying 20 tables' games in
    # one process, each took 20 to 27 ms without this and 4 to 13 ms with it.
    gc.freeze()
    uvicorn.run(app, host=args.host, port=args.port, ws="websockets-sansio", ws_max_size=WS_MAX_SIZE,
                log_level=args.log_level)


if __name__ == "__main__":
    main()
