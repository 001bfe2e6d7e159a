"""Fixtures of the table server's tests: an app on a temporary SQLite file, and websocket peers."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from examples.table_server.app import create_app
from examples.table_server.tables import Limits, apply_patch

FAST = Limits(moves_per_second=1e6, move_burst=10**6, frames_per_second=1e6, frame_burst=10**6)
"""Limits that never slow a test down (the limit tests use their own)."""


def merge_view(shown: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any]:
    """The whole view a client knows after *frame*: a ``view`` frame carries only what
    changed for its connection (a missing key is as before; events come with a new ply;
    the picture may come as a patch of the one before, rebuilt here as the page does)."""
    if shown is None or shown.get("seat") != frame.get("seat"):
        assert "picture_patch" not in frame, "a patch came with no picture before it"
        return dict(frame)
    if "picture_patch" in frame:
        frame = dict(frame)
        old = str(shown["picture"]).split("\n")
        frame["picture"] = "\n".join(apply_patch(old, frame.pop("picture_patch")))
    return {**shown, **frame}


class Peer:
    """One websocket client: sends frames, and keeps every frame it receives (as text).

    :meth:`recv` gives ``view`` frames whole (merged with the views before them), as a page
    shows them; ``texts`` keeps every frame as it came.
    """

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.texts: list[str] = []
        self.sent: list[str] = []
        self.seat: int | None = None
        self.token: str | None = None
        self.closed: int | None = None
        self.shown: dict[str, Any] | None = None

    def send(self, frame: Any) -> None:
        """Send a frame (a JSON value, or raw text as is)."""
        text = frame if isinstance(frame, str) else json.dumps(frame)
        self.sent.append(text)
        self.session.send_text(text)

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        """The next frame (fails the test after *timeout* seconds instead of hanging)."""

        async def receive() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        message = self.session.portal.call(receive)
        if message["type"] == "websocket.close":
            self.closed = int(message.get("code", 1000))
            return {"type": "closed", "code": self.closed}
        text = str(message["text"])
        self.texts.append(text)
        frame: dict[str, Any] = json.loads(text)
        if frame["type"] == "view":
            self.shown = frame = merge_view(self.shown, frame)
        return frame

    def until(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        """The first frame from now on that *predicate* accepts."""
        while True:
            frame = self.recv(timeout)
            if predicate(frame):
                return frame
            if frame["type"] == "closed":
                raise AssertionError(f"connection closed ({frame['code']}) while waiting")

    def view(self, ply: int | None = None) -> dict[str, Any]:
        """The next ``view`` frame (at *ply* if given)."""
        return self.until(lambda f: f["type"] == "view" and (ply is None or f["ply"] == ply))

    def playing(self) -> dict[str, Any]:
        """The next ``view`` frame of a game under way (or over)."""
        return self.until(lambda f: f["type"] == "view" and f["status"] != "waiting")

    def error(self) -> dict[str, Any]:
        """The next ``error`` frame."""
        return self.until(lambda f: f["type"] == "error")


class Harness:
    """An app on a SQLite file with helpers to create tables and connect peers."""

    def __init__(self, db: Path, limits: Limits = FAST, bot_delay: float = 0.0, **options: Any) -> None:
        self.db = db
        self.app = create_app(db, limits=limits, bot_delay=bot_delay, **options)
        self.stack = contextlib.ExitStack()
        self.client = self.stack.enter_context(TestClient(self.app))

    @property
    def server(self) -> Any:
        """The app's :class:`~examples.table_server.app.Server`."""
        return self.app.state.server

    def close(self) -> None:
        """Close every peer and stop the app (its lifespan ends: bots stop)."""
        self.stack.close()

    def client_at(self, address: str) -> TestClient:
        """A client whose requests come from *address* (the app's lifespan is already running)."""
        return TestClient(self.app, client=(address, 50000))

    def create(self, variant: str = "cau", players: int = 2, **options: Any) -> str:
        """A new table's id."""
        response = self.client.post("/api/tables", json={"variant": variant, "players": players, "options": options})
        assert response.status_code == 201, response.text
        return str(response.json()["table"])

    def connect(self, table: str) -> Peer:
        """A peer connected to *table* (a spectator until it sits or says hello)."""
        peer = Peer(self.stack.enter_context(self.client.websocket_connect(f"/ws/{table}?data=1")))
        assert peer.recv()["type"] == "table"
        assert peer.recv()["type"] == "view"
        return peer

    def sit(self, table: str, seat: int, name: str = "Anna") -> Peer:
        """A peer seated at *seat* (its token kept in ``peer.token``)."""
        peer = self.connect(table)
        peer.send({"type": "sit", "seat": seat, "name": name})
        seated = peer.until(lambda f: f["type"] in ("seated", "error"))
        assert seated["type"] == "seated", seated
        peer.seat, peer.token = seat, seated["token"]
        return peer

    def hello(self, table: str, token: str) -> Peer:
        """A peer that resumed a seat with its token."""
        peer = self.connect(table)
        peer.send({"type": "hello", "token": token})
        seated = peer.until(lambda f: f["type"] in ("seated", "error"))
        assert seated["type"] == "seated", seated
        peer.seat, peer.token = seated["seat"], token
        return peer

    def table(self, table: str) -> Any:
        """The server's table object."""
        return self.server.tables[table]


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Callable[..., Harness]]:
    """A factory of harnesses on ``tmp_path/tables.sqlite3`` (closed at the end)."""
    made: list[Harness] = []

    def make(limits: Limits = FAST, bot_delay: float = 0.0, db: Path | None = None, **options: Any) -> Harness:
        made.append(Harness(db or tmp_path / "tables.sqlite3", limits, bot_delay, **options))
        return made[-1]

    yield make
    for item in reversed(made):
        item.close()
