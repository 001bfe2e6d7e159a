"""Load test of the table server: N websocket clients play whole games at once.

A benchmark, not a test.  For each N in ``--clients`` (default 10, 100, 500) it starts the
table server (``examples/table_server``) under uvicorn on 127.0.0.1 in a child process with
a fresh SQLite file, creates N/2 two-player tables of ``--variant`` over HTTP, and connects N
websocket clients (two people per table).  Every client takes its seat and answers each of
its turns at once with a random legal choice, until its game is over.  It reports games per
second, the p50 and p99 move latency (from sending a move to receiving the view of the next
ply), the server's resident memory (now and peak), the bytes sent per game and the largest
frame, and the errors (error frames, dropped
connections, games not finished in time): there should be none.

Loopback only; bounded in time (``--timeout`` seconds per N) and in requests (one game per
table, each client stops at ``--max-frames`` frames).  The per-connection move rate limit is
raised for the run (a person plays a few moves a second; here clients answer at once), every
other limit is the server's default.

    python benchmarks/table_load.py                          # N = 10, 100, 500
    python benchmarks/table_load.py --clients 50 --json      # one JSON line per N
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    """What the clients of one run saw."""

    latencies: list[float] = field(default_factory=list)
    games: int = 0
    errors: list[str] = field(default_factory=list)
    frames: int = 0
    connected: int = 0
    bytes: int = 0
    largest: int = 0


def serve(port: int, db: str, compression: bool = True) -> None:
    """The server process: the table server with the move rate raised, on 127.0.0.1."""
    sys.path.insert(0, str(ROOT))
    import uvicorn

    from examples.table_server.app import create_app
    from examples.table_server.tables import Limits

    limits = Limits(moves_per_second=1000.0, move_burst=1000, frames_per_second=1000.0, frame_burst=1000,
                    max_tables=100_000, creates_per_minute=1e6, create_burst=100_000)
    app = create_app(db, limits=limits, bot_delay=0.0)
    gc.freeze()  # as the server's __main__ does
    uvicorn.run(app, host="127.0.0.1", port=port, ws="websockets-sansio", log_level="warning",
                ws_max_size=65536, backlog=2048, ws_per_message_deflate=compression)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _rss(pid: int) -> tuple[int, int]:
    """The process's resident memory now and at its peak, in KiB (Linux)."""
    now = peak = 0
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1])
    return now, peak


def _cpu(pid: int) -> float:
    """The CPU seconds (user and system) the process has used so far (Linux)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _create_tables(port: int, variant: str, count: int) -> list[str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    tables = []
    for _ in range(count):
        connection.request("POST", "/api/tables", json.dumps({"variant": variant, "players": 2}),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        body = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"create refused: {body}")
        tables.append(str(body["table"]))
    connection.close()
    return tables


def _choice_text(choice: dict[str, Any], rng: random.Random) -> str:
    if choice["kind"] == "range":
        return f"{choice['verb']} {rng.randint(choice['min'], choice['max'])}"
    return str(choice["text"])


async def _client(port: int, table: str, seat: int, tally: Tally, start: asyncio.Event, max_frames: int) -> None:
    from websockets.asyncio.client import connect

    from examples.table_server.tables import apply_patch

    rng = random.Random(f"{table}:{seat}")
    sent_at: dict[int, float] = {}
    shown: dict[str, Any] = {}  # a view frame carries only what changed: merged here, as the page does
    async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**22, open_timeout=60) as ws:
        tally.connected += 1
        await start.wait()
        await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"load{seat}"}))
        frames = 0
        async for message in ws:
            frames += 1
            tally.frames += 1
            tally.bytes += len(message)
            tally.largest = max(tally.largest, len(message))
            if frames > max_frames:
                tally.errors.append(f"{table}:{seat} stopped after {max_frames} frames")
                return
            frame = json.loads(message)
            if frame["type"] == "error":
                tally.errors.append(f"{table}:{seat} {frame['code']}: {frame['message']}")
                continue
            if frame["type"] != "view" or frame["seat"] != seat:
                continue
            if "picture_patch" in frame:  # rebuilt from the picture before, as the page does
                old = str(shown["picture"]).split("\n")
                frame["picture"] = "\n".join(apply_patch(old, frame.pop("picture_patch")))
            frame = shown = {**shown, **frame} if shown.get("seat") == seat else frame
            ply = frame["ply"]
            if ply in sent_at:
                tally.latencies.append(time.perf_counter() - sent_at.pop(ply))
            if frame["status"] == "over":
                if seat == 0:
                    tally.games += 1
                return
            if frame["status"] == "playing" and frame["to_play"] == seat and frame["choices"]:
                text = _choice_text(rng.choice(frame["choices"]), rng)
                sent_at[ply + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "text": text, "ply": ply}))


async def _run_clients(port: int, tables: list[str], timeout: float, max_frames: int) -> tuple[Tally, float]:
    tally = Tally()
    start = asyncio.Event()
    tasks = [asyncio.create_task(_client(port, table, seat, tally, start, max_frames))
             for table in tables for seat in (0, 1)]
    # Wait until every client is connected (each then waits on the event), and start them together.
    deadline = time.monotonic() + 60
    while tally.connected + sum(task.done() for task in tasks) < len(tasks) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    began = time.perf_counter()
    start.set()
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    elapsed = time.perf_counter() - began
    for task in pending:
        task.cancel()
        tally.errors.append("a client did not finish in time")
    for task in done:
        if task.exception() is not None:
            tally.errors.append(f"client failed: {task.exception()!r}")
    return tally, elapsed


def run(clients: int, variant: str, timeout: float, max_frames: int, compression: bool = True) -> dict[str, Any]:
    """One load run of *clients* clients (an even number) on a fresh server."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "load.sqlite3")
        command = [sys.executable, __file__, "--serve", str(port), db]
        server = subprocess.Popen(command + ([] if compression else ["--no-compression"]), cwd=ROOT)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            idle_rss, _ = _rss(server.pid)
            tables = _create_tables(port, variant, clients // 2)
            server_cpu, client_cpu = _cpu(server.pid), time.process_time()
            tally, elapsed = asyncio.run(_run_clients(port, tables, timeout, max_frames))
            server_cpu, client_cpu = _cpu(server.pid) - server_cpu, time.process_time() - client_cpu
            rss, peak = _rss(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = sorted(tally.latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else float("nan")
    missing = len(tables) - tally.games
    errors = len(tally.errors) + max(0, missing)
    return {
        "clients": clients, "tables": len(tables), "variant": variant, "games": tally.games,
        "seconds": round(elapsed, 2), "games_per_second": round(tally.games / elapsed, 2),
        "moves": len(latencies), "frames": tally.frames,
        "kib_per_game": round(tally.bytes / 1024 / max(1, tally.games), 1),
        "largest_frame_kib": round(tally.largest / 1024, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(1000 * p99, 2) if latencies else None,
        "server_rss_mib": round(rss / 1024, 1), "server_peak_rss_mib": round(peak / 1024, 1),
        "server_idle_rss_mib": round(idle_rss / 1024, 1),
        # Clients and server share the machine: the CPU each used, and the games the server
        # would play a second if it had one core to itself (its CPU time, not the wall clock).
        "server_cpu_s": round(server_cpu, 2), "client_cpu_s": round(client_cpu, 2),
        "games_per_server_cpu_s": round(tally.games / server_cpu, 2) if server_cpu else None,
        "server_cpu_ms_per_move": round(1000 * server_cpu / len(latencies), 2) if latencies else None,
        "errors": errors, "error_samples": tally.errors[:5],
    }


def main(argv: list[str] | None = None) -> int:
    """Run the load test for each client count and print the figures."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # the clients rebuild pictures with the server's own patch code
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[10, 100, 500], help="client counts (even)")
    parser.add_argument("--variant", default="cau", help="the preset every table plays (two players)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds each run may take")
    parser.add_argument("--max-frames", type=int, default=5000, help="frames a client reads at most")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--no-compression", action="store_true",
                        help="serve without the websocket per-message deflate (uvicorn's default is on)")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], compression=not args.no_compression)
        return 0
    failed = False
    for clients in args.clients:
        result = run(clients + clients % 2, args.variant, args.timeout, args.max_frames,
                     compression=not args.no_compression)
        failed |= result["errors"] > 0
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print(f"N={result['clients']:>4} clients, {result['tables']} tables of {result['variant']}: "
                  f"{result['games']} games in {result['seconds']} s = {result['games_per_second']} games/s; "
                  f"move latency p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms; "
                  f"server RSS {result['server_rss_mib']} MiB (peak {result['server_peak_rss_mib']}, "
                  f"idle {result['server_idle_rss_mib']}); {result['kib_per_game']} KiB sent per game, "
                  f"largest frame {result['largest_frame_kib']} KiB; CPU server {result['server_cpu_s']} s, "
                  f"clients {result['client_cpu_s']} s ({result['games_per_server_cpu_s']} games per server "
                  f"CPU second, {result['server_cpu_ms_per_move']} ms a move); errors {result['errors']}", flush=True)
            for sample in result["error_samples"]:
                print("   ", sample)
    return 1 if failed else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sys.exit(main())
