"""The Starlette application: HTTP routes, the websocket protocol, and the limits.

Routes:

- ``GET /`` and ``GET /t/{table}``: the page (an invite link is ``/t/{table}``).
- ``GET /static/...``: its script and style sheet.
- ``GET /api/variants``: every preset with its player counts and options (each option's
  name, help and choices in every language, from its family's catalogue).
- ``GET /api/words``: the page's own words in every language (``{"ca": {key: text}}``).
- ``GET /api/tables``: the unfinished tables; ``POST /api/tables``: create one
  (``{"variant": "cau", "players": 2, "options": {}, "table": {"grace": 60}}``, the last the
  table's own settings (:class:`~examples.table_server.tables.TableSettings`), sent as
  ``application/json``: any other
  body type gets 415, so that no web page can post a plain-text form through a visitor's
  browser).  Creates are rate-limited per client address (429 ``rate_limited``).
- ``GET /api/tables/{table}/record``: the game record, once the game is over (before, it
  would tell every hidden card: the seed is in it).
- ``WS /ws/{table}``: the table's websocket.

Frames a client sends (JSON objects, at most ``Limits.max_message_bytes``):

- ``{"type": "hello", "token": T}``: resume the seat whose secret token is T.
- ``{"type": "sit", "seat": S, "name": N}``: take an empty seat; the answer carries the token.
- ``{"type": "bot", "seat": S, "kind": K}``: fill an empty seat with a bot, K one of
  ``random``, ``greedy``, ``ismcts`` or a level (``easy``, ``medium``, ``hard``,
  ``expert``; listed under ``"bots"`` by ``/api/variants``); only a seated player may.
- ``{"type": "move", "text": M, "ply": P}``: play move text M at ply P for the
  connection's seat (an optional ``"seat"`` must be that seat).
- ``{"type": "preview", "text": M}``: which cards in sight move M would take (answered by a
  ``preview`` frame with ``takes``, a list of card codes; nothing changes).
- ``{"type": "lang", "lang": "en" | "ca" | "es"}``: the language of this connection's words
  and pictures (answered by the whole view in it); ``?lang=ca`` on the websocket's address
  sets it from the first frame.
- ``{"type": "form", "form": "table" | "column"}``: the form of this connection's pictures
  (a capture game's table, or its compact column for a phone); ``?form=column`` on the
  websocket's address sets it from the first frame.
- ``{"type": "ping"}``.

``?data=1`` on the websocket's address asks for the views as data too (see below); a page,
which shows the picture, does without.

A websocket handshake or a ``POST`` whose ``Origin`` header names another site is refused
(403): allowed are the server's own origin (the same host and port as the request's ``Host``),
the origins listed in ``allowed_origins``, and requests with no ``Origin`` at all (browsers
always send one with these requests; a script or a command-line client sends none).

A table where no seated person is connected expires after ``Limits.idle_waiting`` seconds
(a seat still empty), ``idle_playing`` or ``idle_over`` (a finished game): it is archived in
the file and never served nor resumed again.  When the server holds ``Limits.max_tables``
unfinished tables, a create archives the table without a seated person connected that has
been idle longest, to make room.

Frames the server sends: ``table`` (seats and status), ``seated`` (your seat, and on
``sit`` your token), ``view`` (your seat's view at a ply: picture, choices, events,
outcome), ``error`` (``code`` and ``message``; nothing changed), ``pong``, and ``notice``
(``key``, ``seat``, ``seconds``: a seat's person lost the connection, is back, is played
for by a bot, or ran out of time; the page words it from its catalogue).

A seated person whose last connection closes keeps the seat for the table's ``grace``
seconds; then the table's stand-in bot plays for them until they say ``hello`` with their
token again.  With a ``move_clock``, a person who has not moved in that many seconds has
one move played for them by the stand-in.  The server's clock (injectable) measures both,
and :meth:`Server.tick` acts on them (the app calls it every second).

A ``view`` frame carries only what changed for its connection: ``type``, ``table``,
``ply``, ``seat``, ``status`` and ``to_play`` always; ``events`` only when the ply is new
to the connection (the events of that move); ``picture``, ``choices`` and ``outcome`` only
when they differ from what the connection was last sent (a missing key means "as before");
and, for a connection opened with ``?data=1``, ``view``: the seat's view as the library's
data (``to_dict()``; a spectator's: what every seat sees), also only when it changed.
The first view of a connection, and the first after its seat changes, is whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import cau_rules
from examples.table_server.store import Store
from examples.table_server.tables import (
    BOT_KINDS,
    Limits,
    Refused,
    Table,
    TableSettings,
    line_index,
    picture_patch,
    table_options,
    variant_catalogue,
)
from examples.table_server.words import page_words

__all__ = ["Connection", "Server", "TokenBucket", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("table_server")

# The keys each client frame type may carry (the first set is required).
_FRAMES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hello": (frozenset({"type", "token"}), frozenset()),
    "sit": (frozenset({"type", "seat", "name"}), frozenset()),
    "bot": (frozenset({"type", "seat", "kind"}), frozenset()),
    "move": (frozenset({"type", "text", "ply"}), frozenset({"seat"})),
    "ping": (frozenset({"type"}), frozenset()),
    "preview": (frozenset({"type", "text"}), frozenset()),
    "lang": (frozenset({"type", "lang"}), frozenset()),
    "form": (frozenset({"type", "form"}), frozenset()),
}
FORMS = ("table", "column")
"""The forms of a picture a connection may ask for: the table (landscape) or a column (phones)."""
LANGS = ("en", "ca", "es")
"""The languages of the words and pictures a connection may ask for."""
# The keys of a view frame sent every time, and those sent only when they changed.
_ALWAYS = ("type", "table", "ply", "seat", "status", "to_play")
_CHANGING = ("picture", "choices", "view", "outcome")
_PICTURED = tuple(key for key in _CHANGING if key != "view")
"""What a view frame may carry besides :data:`_ALWAYS`: all of it for a connection that
asked for data (``?data=1``), the rest for one that shows the picture."""
# Refusals that only a broken or hostile client causes; too many close the connection.
_STRIKES = frozenset({"too_large", "bad_frame", "rate_limited", "forged_seat", "bad_token"})
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# Every frame the server sends is encoded by this one encoder: ``json.dumps`` with a keyword
# argument builds a new encoder per call, and a frame (dicts, lists and strings the server
# made, never a cycle) needs no check for circular references.  The text is byte for byte
# what ``json.dumps(frame, separators=(",", ":"))`` gives.
_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


class TokenBucket:
    """A rate limit: *rate* tokens a second, at most *burst* saved up.

    >>> bucket = TokenBucket(rate=1.0, burst=2)
    >>> bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=1.0)
    (True, True, False, True)
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp: float | None = None

    def take(self, now: float | None = None) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic() if now is None else now
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self, now: float) -> bool:
        """Whether the bucket would be full at *now* (so forgetting it changes nothing)."""
        return self.stamp is None or self.tokens + (now - self.stamp) * self.rate >= self.burst


class Connection:
    """One websocket: its seat (None for a spectator), its outgoing queue and its limits.

    Args:
        websocket: the Starlette websocket.
        limits: the server's limits.
    """

    def __init__(self, websocket: WebSocket, limits: Limits) -> None:
        self.websocket = websocket
        self.limits = limits
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.moves = TokenBucket(limits.moves_per_second, limits.move_burst)
        self.frames = TokenBucket(limits.frames_per_second, limits.frame_burst)
        self.strikes = 0
        self.too_slow = False
        self.closing = False
        self.shown: dict[str, Any] = {}  # the last view this connection was sent, whole
        self.symbols: set[str] = set()  # the picture symbols this connection was sent
        self.picture_lines: list[str] = []  # the last picture sent, a line each
        self.picture_index: dict[str, int] = {}  # where each of its lines first occurs
        self.lang = "en"  # the language of its words and pictures
        self.form = "table"  # the form of its pictures (FORMS)
        self.data = False  # whether its view frames carry the view as data ("view")

    def push(self, frame: dict[str, Any]) -> None:
        """Queue a frame for this client (a client that lets too many pile up is dropped)."""
        if self.queue.qsize() >= self.limits.max_queued_frames:
            self.too_slow = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(_encode(frame))

    def push_view(self, frame: dict[str, Any]) -> None:
        """Queue a ``view`` frame holding only what this connection has not been sent yet."""
        shown = self.shown
        whole = not shown or shown.get("seat") != frame["seat"] or shown.get("table") != frame["table"]
        delta = {key: frame[key] for key in _ALWAYS}
        if whole or frame["ply"] != shown.get("ply"):
            delta["events"] = frame["events"]
        for key in _CHANGING if self.data else _PICTURED:
            if whole or shown.get(key) != frame[key]:
                delta[key] = frame[key]
        if "picture" in delta:
            # Each symbol (a card face, a back) goes once per connection; the page keeps them.
            sent = self.symbols
            new = {name: text for name, text in frame["symbols"].items() if name not in sent}
            if new:
                delta["symbols"] = new
                sent.update(new)
            # The picture goes as a patch of the one before: the lines that stayed are named,
            # not sent (most of a picture stays from one move to the next).
            lines = frame["picture"].split("\n")
            if not whole and self.picture_lines:
                delta["picture_patch"] = picture_patch(self.picture_lines, self.picture_index, lines)
                del delta["picture"]
            self.picture_lines, self.picture_index = lines, line_index(lines)
        self.shown = frame
        self.push(delta)

    def error(self, code: str, message: str, about: str | None = None) -> None:
        """Queue an ``error`` frame; count a strike for a hostile one."""
        if code in _STRIKES:
            self.strikes += 1
        self.push({"type": "error", "code": code, "message": message, "about": about})

    def close(self) -> None:
        """Send what is queued, then close the websocket (the table was archived)."""
        self.closing = True
        self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued frames in order until the queue is closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                if self.too_slow or self.closing:
                    with contextlib.suppress(Exception):
                        await self.websocket.close(code=1008 if self.too_slow else 1001,
                                                   reason="too slow" if self.too_slow else "table archived")
                return
            try:
                await self.websocket.send_text(text)
            except Exception:
                return


class Server:
    """The tables in memory, their connections and bots, and the store behind them.

    Args:
        store: the SQLite store.
        limits: the limits.
        bot_delay: seconds a bot waits before it moves (so people can follow).
        clock: the seconds clock that rate limits and idle times are measured on (a test
            passes its own, to step through minutes without waiting).
        allowed_origins: origins (``https://example.org``) besides the server's own whose
            pages may create tables and open websockets.
    """

    def __init__(self, store: Store, limits: Limits, bot_delay: float,
                 clock: Callable[[], float] = time.monotonic, allowed_origins: Iterable[str] = ()) -> None:
        self.allowed_origins = frozenset(origin.rstrip("/").lower() for origin in allowed_origins)
        self.store = store
        self.limits = limits
        self.bot_delay = bot_delay
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.touched: dict[str, float] = {}
        self.creates: dict[str, TokenBucket] = {}
        self.turn_since: dict[str, float] = {}  # when the seat to play began its turn, by table

    # -- tables --------------------------------------------------------------

    def get(self, table_id: str) -> Table | None:
        """The table of that id, loaded from the store if it is not in memory."""
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 64 and self.store.has_table(table_id):
            table = self.store.load(table_id, self.limits)
            if table is not None:
                self.tables[table_id] = table
                self.touch(table_id)
        return table

    def touch(self, table_id: str) -> None:
        """Note activity at a table (its idle time starts again)."""
        self.touched[table_id] = self.clock()

    def attended(self, table_id: str) -> bool:
        """Whether a person holding a seat of the table is connected to it."""
        return any(connection.seat is not None for connection in self.connections.get(table_id, ()))

    def idle_limit(self, table: Table) -> float:
        """Seconds the table may stay unattended before it is archived."""
        return {"waiting": self.limits.idle_waiting, "playing": self.limits.idle_playing}.get(
            table.status, self.limits.idle_over)

    def archive(self, table_id: str, reason: str) -> None:
        """Archive a table: stop its bots, close its connections, forget it (the file keeps it)."""
        self.store.archive(table_id)
        self.tables.pop(table_id, None)
        self.touched.pop(table_id, None)
        task = self.bot_tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
        for connection in self.connections.pop(table_id, set()):
            connection.push({"type": "error", "code": "expired", "message": reason})
            connection.close()
        log.info("table %s archived: %s", table_id, reason)

    def sweep(self) -> int:
        """Archive every unattended table idle beyond its limit, and forget full rate buckets;
        returns how many tables were archived."""
        now = self.clock()
        expired = [table for table_id, table in self.tables.items()
                   if not self.attended(table_id) and now - self.touched.get(table_id, now) >= self.idle_limit(table)]
        for table in expired:
            self.archive(table.id, f"nobody played here for {self.idle_limit(table):g} seconds")
        for address in [address for address, bucket in self.creates.items() if bucket.full(now)]:
            del self.creates[address]
        return len(expired)

    def allow_create(self, address: str) -> bool:
        """Spend one of *address*'s creates, if it has one left."""
        bucket = self.creates.get(address)
        if bucket is None:
            bucket = self.creates[address] = TokenBucket(self.limits.creates_per_minute / 60.0,
                                                         self.limits.create_burst)
        return bucket.take(self.clock())

    def _make_room(self) -> None:
        self.sweep()
        if self.store.count_unfinished() < self.limits.max_tables:
            return
        idle = [table for table_id, table in self.tables.items()
                if table.status != "over" and not self.attended(table_id)]
        if not idle:
            raise Refused("too_many_tables", f"this server holds at most {self.limits.max_tables} unfinished "
                                             "tables, and people are at every one")
        oldest = min(idle, key=lambda table: (self.touched.get(table.id, 0.0), table.created))
        self.archive(oldest.id, "the server needed room for a new table")

    def create(self, variant: Any, players: Any, options: Any, settings: Any = None) -> Table:
        """A new table, stored (archiving the longest-idle unattended table if the server is full).

        Raises:
            Refused: too many unfinished tables, each with a seated person connected, or the
                preset, options, settings or player count are not valid.
        """
        chosen = TableSettings.of(settings)
        self._make_room()
        if isinstance(players, bool) or not isinstance(players, int):
            raise Refused("bad_table", f"players must be a whole number, not {players!r}")
        if not isinstance(options, dict) or any(key in ("name", "min_players", "max_players") for key in options):
            raise Refused("bad_table", "options must be an object of the preset's options")
        if isinstance(variant, str) and variant in cau_rules.variants():
            options = {**table_options(variant), **options}  # a Cacho table plays a session
        table_id = secrets.token_hex(8).upper()  # upper case: never reads as a card code
        table = Table.create(table_id, variant, players=players, options=options, seed=secrets.randbits(48),
                             limits=self.limits, settings=chosen)
        self.store.add_table(table)
        self.tables[table_id] = table
        self.touch(table_id)
        return table

    def resume_all(self) -> int:
        """Load every unfinished table and restart its bots; returns how many."""
        count = 0
        for table_id in self.store.unfinished():
            table = self.get(table_id)
            if table is not None:
                for seat, info in enumerate(table.seats):  # nobody is connected yet: every grace starts now
                    if info.kind == "human":
                        table.leave(seat, self.clock())
                self.kick_bots(table)
                count += 1
        return count

    def origin_allowed(self, headers: Headers) -> bool:
        """Whether a request's ``Origin`` may reach the server: absent (not a browser's
        cross-site request), the server's own host and port, or one of ``allowed_origins``."""
        origin = headers.get("origin")
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        if origin in self.allowed_origins:
            return True
        scheme, _, host = origin.partition("://")
        return scheme in ("http", "https") and host != "" and host == headers.get("host", "").lower()

    # -- frames --------------------------------------------------------------

    def send_info(self, table: Table) -> None:
        """Tell everybody at the table its seats and status."""
        for connection in self.connections.get(table.id, ()):
            connection.push(table.info(connection.seat))

    def send_views(self, table: Table) -> None:
        """Send everybody at the table the view of its own seat (or the public one)."""
        for connection in self.connections.get(table.id, ()):
            connection.push_view(table.view_frame(connection.seat, connection.lang, connection.form))

    # -- moves and bots ------------------------------------------------------

    def play(self, table: Table, seat: int, text: Any, ply: Any) -> None:
        """Apply a move, append it to the stored record, and tell everybody.

        Raises:
            Refused: the move is refused (the table is unchanged).
        """
        before = table.status
        after, entry = table.check(seat, text, ply)
        # Stored first: a move the file does not hold is never shown to anybody.
        self.store.append_move(table.id, table.ply, entry[0], entry[1], over=bool(after.is_over))
        table.commit(after, entry)
        self.touch(table.id)
        self.turn_since[table.id] = self.clock()
        if table.status != before:
            self.send_info(table)
        self.send_views(table)
        self.kick_bots(table)

    def kick_bots(self, table: Table) -> None:
        """Start the table's bot task if a bot is to move and none is running."""
        if table.bot_to_move() is None:
            return
        task = self.bot_tasks.get(table.id)
        if task is None or task.done():
            self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        while (seat := table.bot_to_move()) is not None:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            ply = table.ply
            if table.bot_to_move() != seat:
                continue
            try:
                if table.bot_is_slow(seat):
                    text = await asyncio.to_thread(table.choose_bot_move, seat)
                else:
                    text = table.choose_bot_move(seat)
                if table.ply != ply:
                    continue
                self.play(table, seat, text, ply)
            except Refused as exc:  # pragma: no cover - a bot's move is always legal
                log.error("table %s: bot at seat %s refused: %s", table.id, seat, exc.message)
                return
            except Exception:  # pragma: no cover - logged; the table waits as it is
                log.exception("table %s: bot at seat %s failed", table.id, seat)
                return

    # -- absence ---------------------------------------------------------------

    def notice(self, table: Table, key: str, seat: int, seconds: float | None = None) -> None:
        """Tell everybody at the table about a seat (``key`` names the words in the page's catalogue)."""
        frame = {"type": "notice", "table": table.id, "key": key, "seat": seat, "ply": table.ply,
                 "seconds": None if seconds is None else round(seconds)}
        for connection in self.connections.get(table.id, ()):
            connection.push(frame)

    def left(self, connection: Connection, table: Table) -> None:
        """*connection* closed: if it held a seat no other connection holds, the seat's grace begins."""
        seat = connection.seat
        connection.seat = None
        if seat is None or table.status == "over" or table.seats[seat].kind != "human":
            return
        if any(other.seat == seat for other in self.connections.get(table.id, ()) if other is not connection):
            return
        table.leave(seat, self.clock())
        self.notice(table, "away_grace", seat, table.settings.grace)
        self.send_info(table)
        self.tick()

    def _back(self, table: Table, seat: int) -> None:
        if table.come_back(seat):
            self.notice(table, "came_back", seat)
            self.send_info(table)

    def tick(self) -> int:
        """Act on the clocks: a stand-in bot starts for every away seat whose grace ran out,
        and the stand-in plays one move for a person whose move clock ran out.  Returns how
        many seats it acted on."""
        now = self.clock()
        acted = 0
        for table in list(self.tables.values()):
            if table.status == "over":
                continue
            for seat in table.stand_in_due(now):
                acted += 1
                self.notice(table, "bot_stands_in", seat)
                self.send_info(table)
                self.send_views(table)
            clock = table.settings.move_clock
            if clock > 0 and table.status == "playing":
                seat = int(table.state.to_play)
                since = self.turn_since.setdefault(table.id, now)
                if table.seats[seat].kind == "human" and seat not in table.standing_in and now - since >= clock:
                    acted += 1
                    self.notice(table, "timed_out", seat)
                    self.play(table, seat, table.choose_bot_move(seat), table.ply)
            self.kick_bots(table)
        return acted

    async def close(self) -> None:
        """Stop every bot task."""
        for task in self.bot_tasks.values():
            task.cancel()
        for task in self.bot_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.bot_tasks.clear()

    # -- the websocket protocol ------------------------------------------------

    def handle(self, connection: Connection, table: Table, text: str) -> None:
        """Act on one client frame; every refusal becomes an ``error`` frame."""
        frame: Any = None
        if connection.seat is not None:
            self.touch(table.id)
        try:
            if len(text.encode("utf-8", "surrogatepass")) > self.limits.max_message_bytes:
                raise Refused("too_large", f"a frame is at most {self.limits.max_message_bytes} bytes")
            if not connection.frames.take():
                raise Refused("rate_limited", f"at most {self.limits.frames_per_second:g} frames a second")
            frame = _parse(text)
            kind = frame["type"]
            if kind == "ping":
                connection.push({"type": "pong"})
            elif kind == "hello":
                self._hello(connection, table, frame["token"])
            elif kind == "sit":
                self._sit(connection, table, frame["seat"], frame["name"])
            elif kind == "bot":
                self._bot(connection, table, frame["seat"], frame["kind"])
            elif kind == "preview":
                self._preview(connection, table, frame["text"])
            elif kind == "lang":
                self._lang(connection, table, frame["lang"])
            elif kind == "form":
                self._form(connection, table, frame["form"])
            else:
                self._move(connection, table, frame)
        except Refused as exc:
            about = frame.get("type") if isinstance(frame, dict) and isinstance(frame.get("type"), str) else None
            connection.error(exc.code, exc.message, about)
        except Exception:  # a bug must not take the server down: log it, refuse the frame
            log.exception("table %s: frame failed", table.id)
            connection.error("internal", "the server could not handle that frame")

    def _hello(self, connection: Connection, table: Table, token: Any) -> None:
        seat = table.seat_for_token(token)
        if seat is None:
            raise Refused("bad_token", "that token holds no seat at this table")
        connection.seat = seat
        connection.push({"type": "seated", "table": table.id, "seat": seat})
        self._back(table, seat)
        connection.push(table.info(seat))
        connection.push_view(table.view_frame(seat, connection.lang, connection.form))

    def _sit(self, connection: Connection, table: Table, seat: Any, name: Any) -> None:
        if connection.seat is not None:
            raise Refused("already_seated", f"this connection already holds seat {connection.seat}")
        token = table.sit(seat, name)
        self.store.put_seat(table.id, seat, table.seats[seat])
        connection.seat = seat
        connection.push({"type": "seated", "table": table.id, "seat": seat, "token": token})
        self._seats_changed(table)

    def _bot(self, connection: Connection, table: Table, seat: Any, kind: Any) -> None:
        if connection.seat is None:
            raise Refused("not_seated", "take a seat before you invite bots")
        table.add_bot(seat, kind)
        self.store.put_seat(table.id, seat, table.seats[seat])
        self._seats_changed(table)

    def _lang(self, connection: Connection, table: Table, lang: Any) -> None:
        if not isinstance(lang, str) or lang not in LANGS:
            raise Refused("bad_frame", f"unknown language {str(lang)[:20]!r}; languages are: {', '.join(LANGS)}")
        connection.lang = lang
        connection.shown = {}  # the next view comes whole, in the new language
        connection.push_view(table.view_frame(connection.seat, lang, connection.form))

    def _form(self, connection: Connection, table: Table, form: Any) -> None:
        if not isinstance(form, str) or form not in FORMS:
            raise Refused("bad_frame", f"unknown form {str(form)[:20]!r}; forms are: {', '.join(FORMS)}")
        connection.form = form
        connection.shown = {}  # the next view comes whole, in the new form
        connection.push_view(table.view_frame(connection.seat, connection.lang, form))

    def _preview(self, connection: Connection, table: Table, text: Any) -> None:
        if connection.seat is None:
            raise Refused("not_seated", "spectators cannot move; take a seat or resume yours with its token")
        connection.push({"type": "preview", "text": text, "ply": table.ply,
                         "takes": table.takes(connection.seat, text)})

    def _seats_changed(self, table: Table) -> None:
        self.turn_since[table.id] = self.clock()
        self.send_info(table)
        self.send_views(table)
        self.kick_bots(table)

    def _move(self, connection: Connection, table: Table, frame: dict[str, Any]) -> None:
        if connection.seat is None:
            raise Refused("not_seated", "spectators cannot move; take a seat or resume yours with its token")
        if "seat" in frame and (isinstance(frame["seat"], bool) or frame["seat"] != connection.seat):
            raise Refused("forged_seat", f"this connection plays seat {connection.seat} only")
        if not connection.moves.take():
            raise Refused("rate_limited", f"at most {self.limits.moves_per_second:g} moves a second")
        self.play(table, connection.seat, frame["text"], frame["ply"])

    async def serve(self, websocket: WebSocket) -> None:
        """One websocket connection, from accept to close."""
        if not self.origin_allowed(websocket.headers):
            await websocket.close(code=1008)  # before accept: the handshake gets 403
            return
        await websocket.accept()
        table_id = str(websocket.path_params.get("table_id", ""))
        table = self.get(table_id)
        if table is None:
            await websocket.send_text(json.dumps({"type": "error", "code": "no_such_table",
                                                  "message": f"there is no table {table_id[:64]!r}"}))
            await websocket.close(code=1008)
            return
        connections = self.connections.setdefault(table_id, set())
        if len(connections) >= self.limits.max_connections_per_table:
            await websocket.send_text(json.dumps({"type": "error", "code": "table_busy",
                                                  "message": "too many connections to this table"}))
            await websocket.close(code=1013)
            return
        connection = Connection(websocket, self.limits)
        lang = websocket.query_params.get("lang", "en")
        connection.lang = lang if lang in LANGS else "en"  # ?lang=ca: the first frames in Catalan
        connection.data = websocket.query_params.get("data") == "1"
        form = websocket.query_params.get("form", "table")
        connection.form = form if form in FORMS else "table"
        connections.add(connection)
        writer = asyncio.get_running_loop().create_task(connection.writer())
        connection.push(table.info(None))
        connection.push_view(table.view_frame(None, connection.lang, connection.form))
        try:
            while not connection.too_slow:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    connection.error("bad_frame", "frames are JSON text, not binary")
                else:
                    self.handle(connection, table, text)
                if connection.strikes >= self.limits.max_strikes:
                    connection.push({"type": "error", "code": "closed", "message": "too many refused frames"})
                    connection.queue.put_nowait(None)
                    await writer
                    await websocket.close(code=1008)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            if connection.seat is not None and table_id in self.tables:
                self.touch(table_id)  # the idle time of a table its last person left starts now
            connections.discard(connection)
            if table_id in self.tables:
                self.left(connection, table)
            if not writer.done():
                connection.queue.put_nowait(None)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, timeout=5)
            if not connections:
                self.connections.pop(table_id, None)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# One decoder for every client frame (``json.loads`` with a keyword argument builds a new one
# per call); NaN and Infinity are refused.
_decode = json.JSONDecoder(parse_constant=_reject_constant).decode


def _parse(text: str) -> dict[str, Any]:
    """A client frame, checked against the protocol (the keys of its type, nothing else)."""
    try:
        frame = _decode(text)
    except (ValueError, RecursionError):
        raise Refused("bad_frame", "a frame is one JSON object") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str) or frame["type"] not in _FRAMES:
        raise Refused("bad_frame", f"a frame is a JSON object whose type is one of: {', '.join(_FRAMES)}")
    required, optional = _FRAMES[frame["type"]]
    keys = set(frame)
    if not required <= keys or not keys <= required | optional:
        raise Refused("bad_frame", f"a {frame['type']} frame has the keys {', '.join(sorted(required | optional))}")
    return frame


async def _json_body(request: Request, limit: int) -> Any:
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        raise Refused("not_json", f"send the body as application/json, not {media_type or 'untyped'}")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused("too_large", f"a request body is at most {limit} bytes")
    try:
        return json.loads(body, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise Refused("bad_frame", "the body is one JSON object") from None


class _SecurityHeaders:
    """Adds the page's security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.extend((key.lower().encode(), value.encode()) for key, value in _HEADERS.items())
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(db_path: str | Path, *, limits: Limits | None = None, bot_delay: float = 0.5,
               allowed_origins: Iterable[str] = (), clock: Callable[[], float] = time.monotonic,
               sweep_every: float = 30.0, tick_every: float = 1.0) -> Starlette:
    """The table server as an ASGI application.

    Args:
        db_path: the SQLite file that holds every table and move (created if missing).
        limits: the server's limits (:class:`~examples.table_server.tables.Limits`).
        bot_delay: seconds each bot waits before its move.
        allowed_origins: other sites' origins whose pages may use the server (its own may).
        clock: the clock of rate limits and idle times (:class:`Server`).
        sweep_every: seconds between two looks for expired tables (each create looks too).
        tick_every: seconds between two looks at the grace periods and move clocks
            (:meth:`Server.tick`).

    Returns:
        A Starlette application; ``app.state.server`` is its :class:`Server`.

    >>> app = create_app(":memory:")
    >>> sorted(route.path for route in app.routes)[:3]
    ['/', '/api/tables', '/api/tables/{table_id}/record']
    """
    limits = limits or Limits()
    server = Server(Store(db_path), limits, bot_delay, clock=clock, allowed_origins=allowed_origins)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    async def variants(request: Request) -> Response:
        return JSONResponse({"variants": variant_catalogue(), "bots": list(BOT_KINDS),
                             "limits": {"max_message_bytes": limits.max_message_bytes,
                                        "max_name_chars": limits.max_name_chars}})

    words = page_words()

    async def page_text(request: Request) -> Response:
        return JSONResponse(words)

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            listed = [table.summary() for table in server.tables.values() if table.status != "over"]
            listed.sort(key=lambda entry: (entry["status"] != "waiting", -entry["created"]))
            return JSONResponse({"tables": listed[:50]})
        try:
            if not server.origin_allowed(request.headers):
                raise Refused("foreign_origin", "tables are created from this server's own page")
            address = request.client.host if request.client is not None else ""
            if not server.allow_create(address):
                raise Refused("rate_limited", f"at most {limits.creates_per_minute:g} new tables a minute "
                                              "from one address")
            body = await _json_body(request, 4 * limits.max_message_bytes)
            if not isinstance(body, dict) or set(body) - {"variant", "players", "options", "table"}:
                raise Refused("bad_table", "send {\"variant\": ..., \"players\": ..., \"options\": {...}, "
                                           "\"table\": {...}}")
            table = server.create(body.get("variant"), body.get("players"), body.get("options", {}),
                                  body.get("table"))
        except Refused as exc:
            status = {"too_many_tables": 429, "rate_limited": 429, "too_large": 413, "not_json": 415,
                      "foreign_origin": 403}.get(exc.code, 400)
            return JSONResponse({"error": exc.code, "message": exc.message}, status_code=status)
        return JSONResponse({"table": table.id, "link": f"/t/{table.id}", **table.info(None)}, status_code=201)

    async def record(request: Request) -> Response:
        table = server.get(str(request.path_params["table_id"]))
        if table is None:
            return JSONResponse({"error": "no_such_table", "message": "there is no such table"}, status_code=404)
        if table.status != "over":
            return JSONResponse({"error": "not_over", "message": "the record (with its seed) is given out "
                                 "once the game is over"}, status_code=403)
        return PlainTextResponse(table.record().dumps())

    async def websocket(websocket: WebSocket) -> None:
        await server.serve(websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        resumed = server.resume_all()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)

        async def every(seconds: float, work: Callable[[], object], failure: str) -> None:
            while True:
                await asyncio.sleep(seconds)
                try:
                    work()
                except Exception:  # pragma: no cover - logged; the next round tries again
                    log.exception(failure)

        sweeping = asyncio.get_running_loop().create_task(every(sweep_every, server.sweep, "sweeping idle tables failed"))
        ticking = asyncio.get_running_loop().create_task(every(tick_every, server.tick, "the clocks' tick failed"))
        try:
            yield
        finally:
            sweeping.cancel()
            ticking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeping
            with contextlib.suppress(asyncio.CancelledError):
                await ticking
            await server.close()
            server.store.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/t/{table_id}", index),
            Route("/favicon.ico", favicon),
            Route("/api/variants", variants),
            Route("/api/words", page_text),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table_id}/record", record),
            WebSocketRoute("/ws/{table_id}", websocket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(_SecurityHeaders)
    app.state.server = server
    return app
