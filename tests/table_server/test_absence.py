"""A seat survives a lost connection: the grace, the stand-in bot, the way back, the move
clock, driven in process on the server's own objects with an injected clock (no sleeps,
no sockets): the work is bounded by counts of games and events.

The long test forces at least 1,000 disconnects at random moments over many games, and
checks that every game ends, that the stored record holds every accepted move once and
nothing else (replaying it gives the table's state), and that every returning person gets
the seat back.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from examples.table_server.app import Connection, Server
from examples.table_server.store import Store
from examples.table_server.tables import Table, TableSettings
from tests.table_server.conftest import FAST

GAMES_AT_MOST = 400
EVENTS_PER_GAME = 3000
DISCONNECTS = 1000
PRESETS = (("cau", 2), ("cau", 3), ("cau-robat", 3), ("cau-quatre", 3), ("cau-robat-40", 2), ("cacho", 2))


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def frames(connection: Connection) -> list[dict[str, Any]]:
    """Every frame queued for *connection* since the last look."""
    out: list[dict[str, Any]] = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


class Room:
    """One server, its clock, and helpers to connect, leave and come back."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.server = Server(Store(":memory:"), FAST, bot_delay=0.0, clock=self.clock)

    def connect(self, table: Table) -> Connection:
        connection = Connection(None, FAST)  # type: ignore[arg-type]  # frames are read off its queue
        self.server.connections.setdefault(table.id, set()).add(connection)
        return connection

    def send(self, connection: Connection, table: Table, frame: dict[str, Any]) -> list[dict[str, Any]]:
        self.server.handle(connection, table, json.dumps(frame))
        return frames(connection)

    def leave(self, connection: Connection, table: Table) -> None:
        self.server.connections.get(table.id, set()).discard(connection)
        self.server.left(connection, table)

    async def settle(self, table: Table) -> None:
        """Let the bot task run until no bot is to move (bounded: a bot moves without waiting)."""
        for _ in range(50):
            task = self.server.bot_tasks.get(table.id)
            if (task is None or task.done()) and table.bot_to_move() is None:
                return
            await asyncio.sleep(0)
        raise AssertionError("the bots did not settle")


async def _games(seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    room = Room()
    figures = {"games": 0, "disconnects": 0, "returns": 0, "stand_in_moves": 0, "human_moves": 0, "moves": 0,
               "refused_stale": 0}
    for game in range(GAMES_AT_MOST):
        if figures["disconnects"] >= DISCONNECTS:
            break
        variant, players = PRESETS[game % len(PRESETS)]
        grace = rng.choice([0, 5, 60])
        table = room.server.create(variant, players, {}, {"grace": grace, "stand_in": rng.choice(["random", "greedy"])})
        people = rng.randint(1, players)
        tokens: dict[int, str] = {}
        online: dict[int, Connection] = {}
        for seat in range(players):
            connection = room.connect(table)
            if seat < people:
                sent = room.send(connection, table, {"type": "sit", "seat": seat, "name": f"P{seat}"})
                tokens[seat] = next(f["token"] for f in sent if f["type"] == "seated")
                online[seat] = connection
            else:
                room.send(online[0], table, {"type": "bot", "seat": seat, "kind": "random"})
                room.leave(connection, table)
        await room.settle(table)
        accepted: list[tuple[int, int, str]] = []  # (ply, seat, text) of every move a person made
        for _event in range(EVENTS_PER_GAME):
            if table.status == "over":
                break
            roll = rng.random()
            away = [seat for seat in tokens if seat not in online]
            mover = int(table.state.to_play)
            if roll < 0.25 and online:  # a connection drops, at any moment
                seat = rng.choice(sorted(online))
                room.leave(online.pop(seat), table)
                figures["disconnects"] += 1
                assert seat in table.away
            elif roll < 0.40 and away:  # a person comes back with the same token
                seat = rng.choice(away)
                connection = room.connect(table)
                sent = room.send(connection, table, {"type": "hello", "token": tokens[seat]})
                assert any(f["type"] == "seated" and f["seat"] == seat for f in sent), sent
                assert seat not in table.away and seat not in table.standing_in
                online[seat] = connection
                figures["returns"] += 1
                if rng.random() < 0.3 and table.ply > 0:  # a stale move from before the drop is refused
                    stale = room.send(connection, table, {"type": "move", "text": "pass", "ply": table.ply - 1})
                    assert any(f.get("code") == "stale" for f in stale), stale
                    figures["refused_stale"] += 1
            elif roll < 0.55:  # time passes; the grace may run out
                room.clock.now += rng.choice([1.0, grace / 2 + 0.5, grace + 1.0])
                room.server.tick()
            elif mover in online:
                text = str(rng.choice(list(table.state.legal_moves())))
                ply = table.ply
                sent = room.send(online[mover], table, {"type": "move", "text": text, "ply": ply})
                assert not any(f["type"] == "error" for f in sent), sent
                accepted.append((ply, mover, text))
                figures["human_moves"] += 1
            await room.settle(table)
        assert table.status == "over", f"game {game} ({variant}) did not end"
        for seat in [seat for seat in tokens if seat not in online]:  # everybody comes back at the end
            sent = room.send(room.connect(table), table, {"type": "hello", "token": tokens[seat]})
            assert any(f["type"] == "seated" and f["seat"] == seat for f in sent)
            figures["returns"] += 1
        record = room.server.store.record(table.id)
        assert list(record.moves) == table.moves, "the stored record is the table's moves"
        assert record.replay() == table.state, "no move lost or doubled: the record replays to the table"
        for ply, seat, text in accepted:
            assert table.moves[ply] == (seat, text)
        human_plies = {ply for ply, _, _ in accepted}
        figures["stand_in_moves"] += sum(1 for ply, (seat, _) in enumerate(table.moves)
                                         if seat in tokens and ply not in human_plies)
        figures["moves"] += len(table.moves)
        figures["games"] += 1
    await room.server.close()
    return figures


def test_a_thousand_disconnects_at_random_moments() -> None:
    figures = asyncio.run(_games(38))
    print("absence figures:", figures)
    assert figures["disconnects"] >= DISCONNECTS
    assert figures["returns"] >= figures["disconnects"]
    assert figures["stand_in_moves"] > 0 and figures["human_moves"] > 0


def test_the_grace_keeps_the_seat_then_a_bot_plays_until_the_person_is_back() -> None:
    async def scenario() -> None:
        room = Room()
        table = room.server.create("cau", 2, {}, {"grace": 60})
        anna, bernat = room.connect(table), room.connect(table)
        token = next(f["token"] for f in room.send(anna, table, {"type": "sit", "seat": 0, "name": "Anna"})
                     if f["type"] == "seated")
        room.send(bernat, table, {"type": "sit", "seat": 1, "name": "Bernat"})
        if table.state.to_play == 1:
            room.send(bernat, table, {"type": "move", "text": str(table.state.legal_moves()[0]), "ply": 0})
        ply = table.ply
        room.leave(anna, table)
        notices = [f for f in frames(bernat) if f["type"] == "notice"]
        assert notices[-1]["key"] == "away_grace" and notices[-1]["seat"] == 0 and notices[-1]["seconds"] == 60
        room.clock.now += 59
        room.server.tick()
        await room.settle(table)
        assert table.ply == ply and table.standing_in == set()  # the seat waits within the grace
        room.clock.now += 1
        room.server.tick()
        await room.settle(table)
        assert table.standing_in == {0} and table.ply > ply  # then a bot plays for Anna
        assert any(f["type"] == "notice" and f["key"] == "bot_stands_in" for f in frames(bernat))
        back = room.connect(table)
        sent = room.send(back, table, {"type": "hello", "token": token})
        assert any(f["type"] == "seated" and f["seat"] == 0 for f in sent)
        assert table.standing_in == set() and any(f.get("key") == "came_back" for f in frames(bernat))
        await room.server.close()

    asyncio.run(scenario())


def test_the_move_clock_plays_one_move_for_a_person_who_runs_out_of_time() -> None:
    async def scenario() -> None:
        room = Room()
        table = room.server.create("cau", 2, {}, {"move_clock": 30})
        anna, bernat = room.connect(table), room.connect(table)
        room.send(anna, table, {"type": "sit", "seat": 0, "name": "Anna"})
        room.send(bernat, table, {"type": "sit", "seat": 1, "name": "Bernat"})
        mover = int(table.state.to_play)
        room.clock.now += 29
        assert room.server.tick() == 0 and table.ply == 0
        room.clock.now += 1
        assert room.server.tick() == 1 and table.ply == 1 and table.moves[0][0] == mover
        assert table.standing_in == set()  # one move only: the person keeps the seat
        seen = frames(anna if mover == 1 else bernat)
        assert any(f["type"] == "notice" and f["key"] == "timed_out" and f["seat"] == mover for f in seen)
        await room.server.close()

    asyncio.run(scenario())


def test_table_settings_are_checked_and_stored() -> None:
    room = Room()
    table = room.server.create("cau", 2, {}, {"grace": 5, "move_clock": 0, "stand_in": "random"})
    assert room.server.store.load(table.id) is not None
    loaded = room.server.store.load(table.id)
    assert loaded is not None and loaded.settings == TableSettings(5.0, 0.0, "random")
    for bad in ({"grace": 4000}, {"move_clock": 2}, {"stand_in": "oracle"}, {"colour": 1}, [1]):
        try:
            TableSettings.of(bad)
        except Exception as exc:  # Refused, with the reason
            assert getattr(exc, "code", None) == "bad_table", exc
        else:
            raise AssertionError(f"{bad!r} was accepted")
