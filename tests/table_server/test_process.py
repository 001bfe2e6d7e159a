"""The real thing: ``python -m examples.table_server`` in its own process, killed with
SIGKILL in the middle of games and started again on the same SQLite file; and the doctests
of the server's modules."""

from __future__ import annotations

import contextlib
import doctest
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

import examples.table_server.app
import examples.table_server.store
import examples.table_server.tables
from tests.table_server.conftest import merge_view

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Process:
    """The server as a child process on 127.0.0.1."""

    def __init__(self, db: Path, port: int) -> None:
        self.port = port
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "examples.table_server", "--port", str(port), "--db", str(db),
             "--bot-delay", "0", "--log-level", "warning"], cwd=ROOT)
        for _attempt in range(300):  # a bounded number of tries, not a time limit
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                assert self.popen.poll() is None, "the server exited"
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def ws(self, table: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table}?data=1", open_timeout=10)

    def kill(self) -> None:
        os.kill(self.popen.pid, signal.SIGKILL)
        self.popen.wait(timeout=10)


@pytest.fixture
def processes() -> Iterator[list[Process]]:
    started: list[Process] = []
    yield started
    for process in started:
        if process.popen.poll() is None:
            process.popen.terminate()
            process.popen.wait(timeout=10)


_SHOWN: dict[int, dict[str, Any]] = {}  # the whole view each connection knows, by id(ws)


def _until(ws: ClientConnection, kind: str, **match: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if frame["type"] == "view":
            frame = _SHOWN[id(ws)] = merge_view(_SHOWN.get(id(ws)), frame)
        if frame["type"] == kind and all(frame.get(key) == value for key, value in match.items()):
            return frame


def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path, processes: list[Process]) -> None:
    db, port = tmp_path / "tables.sqlite3", _free_port()
    first = Process(db, port)
    processes.append(first)
    table = first.post("/api/tables", {"variant": "cau-robat", "players": 2, "options": {"wrap": True}})["table"]
    stack = contextlib.ExitStack()
    seats = [stack.enter_context(first.ws(table)), stack.enter_context(first.ws(table))]
    tokens = []
    for seat, ws in enumerate(seats):
        ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"P{seat}"}))
        tokens.append(_until(ws, "seated")["token"])
    views = [_until(ws, "view", status="playing") for ws in seats]
    for ply in range(9):
        mover = views[0]["to_play"]
        choice = views[mover]["choices"][0]
        seats[mover].send(json.dumps({"type": "move", "text": choice["text"], "ply": ply}))
        views = [_until(ws, "view", ply=ply + 1) for ws in seats]
    first.kill()  # no shutdown of any kind
    stack.close()

    second = Process(db, port)
    processes.append(second)
    resumed = []
    for seat, token in enumerate(tokens):
        with second.ws(table) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            resumed.append(_until(ws, "view", ply=9, seat=seat))
    assert [frame["view"] for frame in resumed] == [frame["view"] for frame in views]
    assert [frame["choices"] for frame in resumed] == [frame["choices"] for frame in views]
    with second.ws(table) as ws:  # and the game goes on from there
        ws.send(json.dumps({"type": "hello", "token": tokens[resumed[0]["to_play"]]}))
        mover = _until(ws, "view", ply=9, seat=resumed[0]["to_play"])
        ws.send(json.dumps({"type": "move", "text": mover["choices"][0]["text"], "ply": 9}))
        assert _until(ws, "view", ply=10)["ply"] == 10


@pytest.mark.parametrize("module", [examples.table_server.tables, examples.table_server.store,
                                    examples.table_server.app], ids=lambda m: m.__name__)
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
