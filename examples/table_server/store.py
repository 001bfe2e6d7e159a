"""Every table and every move in one SQLite file (the standard library's ``sqlite3``).

A table's row holds what its game record's header needs (preset, players, seed, options);
each move is appended as one row the moment it is accepted, so the game record is the
table's rows in ply order.  A server killed at any point and started again on the same
file rebuilds each table by replaying its record through the library
(:meth:`cau_rules.record.GameRecord.states`), exactly where it was.

>>> store = Store(":memory:")
>>> from examples.table_server.tables import Table
>>> table = Table.create("t1", "cau", players=2, options={}, seed=9)
>>> store.add_table(table)
>>> store.append_move("t1", 0, 0, "12o")
>>> store.record("t1").moves
((0, '12o'),)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from cau_rules.record import GameRecord
from examples.table_server.tables import Limits, Seat, Table, TableSettings

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    bot TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, ply)
);
"""


class Store:
    """The server's SQLite file.

    Args:
        path: the database file (created if missing), or ``":memory:"``.

    Writes are committed one by one in WAL mode: a killed process loses nothing it
    acknowledged.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        if "archived" not in columns:  # a file written before tables expired
            self._db.execute("ALTER TABLE tables ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")
        if "settings" not in columns:  # a file written before tables had settings
            self._db.execute("ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'")

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def add_table(self, table: Table) -> None:
        """Store a new table and its seats."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, variant, players, seed, options, created, settings) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.variant, table.players, table.seed, json.dumps(table.options, sort_keys=True),
                 table.created, json.dumps(table.settings.to_dict(), sort_keys=True)),
            )
            for index, seat in enumerate(table.seats):
                self._put_seat(table.id, index, seat)

    def _put_seat(self, table_id: str, index: int, seat: Seat) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO seats (table_id, seat, kind, name, token_hash, bot) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, index, seat.kind, seat.name, seat.token_hash, seat.bot),
        )

    def put_seat(self, table_id: str, index: int, seat: Seat) -> None:
        """Store a seat's new occupant."""
        self._put_seat(table_id, index, seat)

    def append_move(self, table_id: str, ply: int, seat: int, text: str, *, over: bool = False) -> None:
        """Append one move (the *ply*-th, from 0) to the table's record."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO moves (table_id, ply, seat, text) VALUES (?, ?, ?, ?)",
                             (table_id, ply, seat, text))
            if over:
                self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def record(self, table_id: str) -> GameRecord:
        """The stored game record of a table."""
        variant, players, seed, options = self._db.execute(
            "SELECT variant, players, seed, options FROM tables WHERE id = ?", (table_id,)).fetchone()
        moves = tuple((int(seat), str(text)) for seat, text in self._db.execute(
            "SELECT seat, text FROM moves WHERE table_id = ? ORDER BY ply", (table_id,)))
        return GameRecord(variant, players, seed, options=json.loads(options), moves=moves)

    def has_table(self, table_id: str) -> bool:
        """Whether a table of that id is stored and not archived."""
        return self._db.execute("SELECT 1 FROM tables WHERE id = ? AND archived = 0",
                                (table_id,)).fetchone() is not None

    def archive(self, table_id: str) -> None:
        """Archive a table: its rows stay in the file, but it is never served nor resumed again."""
        self._db.execute("UPDATE tables SET archived = 1 WHERE id = ?", (table_id,))

    def load(self, table_id: str, limits: Limits | None = None) -> Table | None:
        """The stored table, rebuilt by replaying its record (None if there is none)."""
        row = self._db.execute("SELECT created, settings FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        settings = TableSettings.of(json.loads(row[1]) or None)
        seats = [Seat(kind, name, token_hash, bot) for kind, name, token_hash, bot in self._db.execute(
            "SELECT kind, name, token_hash, bot FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
        return Table.restore(table_id, self.record(table_id), seats, float(row[0]), limits, settings)

    def unfinished(self) -> Iterator[str]:
        """The ids of every table whose game is not over (and not archived), oldest first."""
        rows = self._db.execute("SELECT id FROM tables WHERE over = 0 AND archived = 0 ORDER BY created").fetchall()
        for (table_id,) in rows:
            yield str(table_id)

    def count_unfinished(self) -> int:
        """How many stored tables are not over (and not archived)."""
        return int(self._db.execute("SELECT COUNT(*) FROM tables WHERE over = 0 AND archived = 0").fetchone()[0])
