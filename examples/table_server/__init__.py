"""A table server and a browser page that embed cau_rules: play any preset online, with no leak.

The package is split so that the game logic can be read and tested without the web:

- :mod:`.tables`: tables, seats, seat tokens, bots, the frames each seat or spectator may see.
- :mod:`.store`: the SQLite file every table and every move is appended to.
- :mod:`.app`: the Starlette application (HTTP routes, the websocket protocol, the limits).
- ``static/``: the one browser page (plain HTML, CSS and JavaScript; no build step).

Start it with ``python -m examples.table_server`` (see ``docs/table-server.md``).
"""

from __future__ import annotations

from examples.table_server.tables import Limits

__all__ = ["Limits"]
