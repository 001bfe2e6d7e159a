"""Start the table server: ``python -m examples.table_server`` (from the repository root).

Options: ``--host`` (default 127.0.0.1), ``--port`` (8000), ``--db`` (``tables.sqlite3``),
``--bot-delay`` seconds (0.5), ``--max-tables`` (200).  Then open http://127.0.0.1:8000/.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence

import uvicorn

from examples.table_server.app import create_app
from examples.table_server.tables import Limits

__all__ = ["main"]

WS_MAX_SIZE = 65536
"""Frames above this many bytes are cut off by the websocket layer itself; frames between
``Limits.max_message_bytes`` and this size get an ``error`` frame from the app."""


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and serve until interrupted.

    Args:
        argv: the arguments (default: ``sys.argv[1:]``).
    """
    parser = argparse.ArgumentParser(prog="python -m examples.table_server",
                                     description="Play any cau_rules preset in the browser.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--db", default="tables.sqlite3", help="the SQLite file of every table (default: %(default)s)")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits before moving")
    parser.add_argument("--max-tables", type=int, default=Limits.max_tables, help="unfinished tables at once")
    parser.add_argument("--log-level", default="info", help="uvicorn's log level")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper())
    app = create_app(args.db, limits=Limits(max_tables=args.max_tables), bot_delay=args.bot_delay)
    uvicorn.run(app, host=args.host, port=args.port, ws="websockets-sansio", ws_max_size=WS_MAX_SIZE,
                log_level=args.log_level)


if __name__ == "__main__":
    main()
