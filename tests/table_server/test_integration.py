"""The table server end to end through Starlette's test client: create, join, play,
reconnect, restart from the database, and every refusal path."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import cau_rules
from cau_rules.record import GameRecord, loads_record
from examples.table_server.tables import (
    Limits,
    Table,
    card_codes,
    group_moves,
    outcome_words,
    picture,
    public_view,
    table_options,
)
from tests.table_server.conftest import FAST, Harness, Peer

Make = Callable[..., Harness]


def play_out(peers: list[Peer], latest: dict[int | None, dict[str, Any]] | None = None,
             choose: Callable[[dict[str, Any]], str] | None = None) -> dict[str, Any]:
    """Play a game to its end: each seated peer answers its own turns (bots play theirs).

    *latest* is each peer's newest ``view`` frame so far (by seat), else the next one is read.
    Returns the newest view frame once the game is over.
    """
    choose = choose or first_choice
    by_seat: dict[int | None, Peer] = {peer.seat: peer for peer in peers}
    views = {peer.seat: (latest or {}).get(peer.seat) or peer.view() for peer in peers}
    while True:
        top = max(views.values(), key=lambda frame: frame["ply"])
        if top["status"] == "over":
            return top
        mover = by_seat.get(top["to_play"]) if top["status"] == "playing" else None
        if mover is None:  # a bot's turn: wait for the next view
            seat = next(seat for seat, frame in views.items() if frame is top)
            views[seat] = by_seat[seat].view()
            continue
        while views[mover.seat]["ply"] < top["ply"] or views[mover.seat]["status"] != "playing":
            views[mover.seat] = mover.view()
        ply = int(top["ply"])
        mover.send({"type": "move", "text": choose(views[mover.seat]), "ply": ply})
        views[mover.seat] = mover.until(functools.partial(_view_after, ply))


def _view_after(ply: int, frame: dict[str, Any]) -> bool:
    return frame["type"] == "view" and int(frame["ply"]) > ply


def first_choice(frame: dict[str, Any]) -> str:
    choice = frame["choices"][0]
    return str(choice["text"]) if choice["kind"] == "move" else f"{choice['verb']} {choice['min']}"


# ---------------------------------------------------------------- HTTP


def test_page_and_static_files_are_served_with_security_headers(harness: Make) -> None:
    h = harness()
    for path in ("/", "/t/anything"):
        page = h.client.get(path)
        assert page.status_code == 200 and "<title>" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
    for path, kind in (("/static/app.js", "javascript"), ("/static/style.css", "css")):
        response = h.client.get(path)
        assert response.status_code == 200 and kind in response.headers["content-type"]
    assert "http" not in h.client.get("/").text.split("<body>")[0].replace("http-equiv", "")  # no CDN


def test_variants_lists_every_preset_with_its_options(harness: Make) -> None:
    data = harness().client.get("/api/variants").json()
    assert [entry["name"] for entry in data["variants"]] == list(cau_rules.variants())
    cau = next(entry for entry in data["variants"] if entry["name"] == "cau")
    assert cau["options"] == {k: v for k, v in cau_rules.get_rules("cau").to_dict().items()
                              if k not in ("name", "min_players", "max_players")}
    assert data["bots"] == ["random", "greedy", "ismcts", "easy", "medium", "hard", "expert"]


def test_create_table_and_list_it(harness: Make) -> None:
    h = harness()
    response = h.client.post("/api/tables", json={"variant": "cau-robat", "players": 3, "options": {"wrap": True}})
    assert response.status_code == 201
    body = response.json()
    assert body["link"] == f"/t/{body['table']}" and body["status"] == "waiting"
    assert body["options"] == {"wrap": True} and "seed" not in json.dumps(body)
    listed = h.client.get("/api/tables").json()["tables"]
    assert [entry["table"] for entry in listed] == [body["table"]] and listed[0]["free"] == [0, 1, 2]


@pytest.mark.parametrize(("body", "message"), [
    ({"variant": "poker", "players": 2}, "unknown preset 'poker'"),
    ({"variant": "cau", "players": 9}, "players"),
    ({"variant": "cau", "players": True}, "players must be a whole number"),
    ({"variant": "cau", "players": 2, "options": {"wrap": "yes"}}, "wrap"),
    ({"variant": "cau", "players": 2, "options": {"nope": 1}}, "unknown option 'nope'"),
    ({"variant": "cau", "players": 2, "options": {"name": "cacho"}}, "options must be"),
    ({"variant": "cau", "players": 2, "options": []}, "options must be"),
    ({"variant": "cau", "players": 2, "seed": 4}, "send {"),
    ([1, 2], "send {"),
])
def test_create_refusals_give_the_library_message(harness: Make, body: Any, message: str) -> None:
    h = harness()
    response = h.client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert message in response.json()["message"]
    assert h.client.get("/api/tables").json()["tables"] == []


def test_create_refuses_a_malformed_or_oversized_body(harness: Make) -> None:
    h = harness()
    as_json = {"content-type": "application/json"}
    assert h.client.post("/api/tables", content=b"{nope", headers=as_json).status_code == 400
    assert h.client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000, headers=as_json).status_code in (400, 413)
    big = json.dumps({"variant": "cau", "players": 2, "options": {"x": "a" * 20000}})
    assert h.client.post("/api/tables", content=big.encode(), headers=as_json).status_code == 413


def test_tables_per_server_are_limited(harness: Make) -> None:
    h = harness(limits=Limits(max_tables=2))
    h.sit(h.create(), 0)
    h.sit(h.create(), 0)
    response = h.client.post("/api/tables", json={"variant": "cau", "players": 2})
    assert response.status_code == 429 and "at most 2" in response.json()["message"]


def test_record_is_given_out_only_when_the_game_is_over(harness: Make) -> None:
    h = harness()
    table = h.create()
    assert h.client.get(f"/api/tables/{table}/record").status_code == 403
    assert h.client.get("/api/tables/nope/record").status_code == 404
    anna = h.sit(table, 0)
    anna.send({"type": "bot", "seat": 1, "kind": "random"})
    final = play_out([anna])
    assert final["status"] == "over"
    text = h.client.get(f"/api/tables/{table}/record").text
    record = loads_record(text)
    assert record.replay().outcome().winners == tuple(final["outcome"]["winners"])


# ---------------------------------------------------------------- seats and play


def test_join_take_seats_and_play_a_whole_game_between_two_people(harness: Make) -> None:
    h = harness()
    table = h.create("cau", 2)
    anna = h.sit(table, 0, "Anna")
    info = anna.until(lambda f: f["type"] == "table")
    assert info["you"] == 0 and info["seats"][0] == {"kind": "human", "name": "Anna", "bot": None, "away": False, "stand_in": False}
    assert info["status"] == "waiting"
    waiting = anna.view()
    assert waiting["status"] == "waiting" and waiting["choices"] == [] and waiting["view"]["holding"]
    bernat = h.sit(table, 1, "Bernat")
    assert anna.until(lambda f: f["type"] == "table")["status"] == "playing"
    first: dict[int | None, dict[str, Any]] = {0: anna.playing(), 1: bernat.view(0)}
    assert first[0]["to_play"] == 0 and first[0]["choices"] and first[1]["choices"] == []
    final = play_out([anna, bernat], first)
    state = h.table(table).state
    assert state.is_over
    outcome = state.outcome()
    assert final["outcome"] == {"winners": list(outcome.winners), "scores": list(outcome.scores),
                                "termination": outcome.termination.value, "describe": outcome.describe(),
                                "text": outcome_words(outcome, ["Anna", "Bernat"], "en")}
    assert final["outcome"]["text"].startswith(("Anna ", "Bernat ", "Anna and Bernat "))
    assert h.table(table).record().replay() == state


@pytest.mark.parametrize("kind", ["random", "greedy", "ismcts", "easy", "medium"])
def test_a_game_against_each_bot(harness: Make, kind: str) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "ismcts_iterations": 10}))
    table = h.create("cau-robat-40", 2)
    anna = h.sit(table, 0)
    anna.send({"type": "bot", "seat": 1, "kind": kind})
    final = play_out([anna])
    assert final["status"] == "over" and h.table(table).seats[1].bot == kind
    assert h.table(table).record().replay().is_over


def test_events_come_in_words_with_every_move(harness: Make) -> None:
    h = harness()
    table = h.create("cau", 2)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    view = anna.playing()
    move = view["choices"][0]["text"]
    anna.send({"type": "move", "text": move, "ply": 0})
    after = anna.view(1)
    state = h.table(table).state
    assert after["events"] == [str(event) for event in state.observe(0).events]
    assert any(move in text for text in after["events"])
    assert bernat.view(1)["events"] == after["events"]


def test_amounts_come_as_ranges(harness: Make) -> None:
    h = harness()
    table = h.create("cacho", 2, stack=30)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    frames = {0: anna.playing(), 1: bernat.view(0)}
    mover = anna if frames[0]["to_play"] == 0 else bernat
    choices = frames[mover.seat]["choices"]  # type: ignore[index]
    assert {"kind": "move", "text": "pass", "label": "passes, betting nothing"} in choices
    bet = next(choice for choice in choices if choice["kind"] == "range")
    assert bet["verb"] == "bet" and bet["min"] >= 1 and bet["max"] >= bet["min"]
    mover.send({"type": "move", "text": f"bet {bet['max']}", "ply": 0})
    assert anna.view(1)["ply"] == 1


def test_group_moves_reads_lazy_sequences() -> None:
    state = cau_rules.new_game("cacho", players=2, seed=3)
    assert group_moves(state.legal_moves()) == [{"kind": "move", "text": "pass"},
                                                {"kind": "range", "verb": "bet", "min": 1, "max": 1}]
    assert group_moves(iter(["7o", "7o+1"])) == [{"kind": "move", "text": "7o"}, {"kind": "move", "text": "7o+1"}]


def test_picture_draws_the_seat_hand_face_up_and_other_hands_as_backs() -> None:
    state = cau_rules.new_game("cau-40", players=3, seed=2)
    svg = picture(state.observe(1))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for card in state.observe(1).holding:
        assert f'data-card="{card.code}"' in svg
    for card in state.observe(0).holding:
        assert f'data-card="{card.code}"' not in svg
    visible = {card.code for card in state.observe(1).visible_cards()}
    assert set(re.findall(r'data-card="([^"]+)"', svg)) <= visible  # the library draws others' hands as backs


def test_spectators_see_the_table_but_no_hand(harness: Make) -> None:
    h = harness()
    table = h.create("cau-40", 2)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    watcher = h.connect(table)
    anna.send({"type": "move", "text": anna.playing()["choices"][0]["text"], "ply": 0})
    frame = watcher.view(1)
    state = h.table(table).state
    assert frame["seat"] is None and frame["choices"] == [] and frame["view"]["holding"] is None
    assert frame["view"] == public_view(state)
    assert frame["view"]["table"] == state.observe(0).to_dict()["table"]
    watcher.send({"type": "move", "text": "1o", "ply": 1})
    assert watcher.error()["code"] == "not_seated"
    assert bernat.view(1)


# ---------------------------------------------------------------- refusals


def test_seat_refusals(harness: Make) -> None:
    h = harness()
    table = h.create("cau", 3)
    anna = h.sit(table, 0)
    other = h.connect(table)
    for frame, code in (
        ({"type": "sit", "seat": 0, "name": "Bo"}, "seat_taken"),
        ({"type": "sit", "seat": 3, "name": "Bo"}, "bad_seat"),
        ({"type": "sit", "seat": -1, "name": "Bo"}, "bad_seat"),
        ({"type": "sit", "seat": True, "name": "Bo"}, "bad_seat"),
        ({"type": "sit", "seat": "1", "name": "Bo"}, "bad_seat"),
        ({"type": "sit", "seat": 1, "name": ""}, "bad_name"),
        ({"type": "sit", "seat": 1, "name": "x" * 25}, "bad_name"),
        ({"type": "sit", "seat": 1, "name": "a\nb"}, "bad_name"),
        ({"type": "sit", "seat": 1, "name": 7}, "bad_name"),
        ({"type": "bot", "seat": 1, "kind": "greedy"}, "not_seated"),
    ):
        other.send(frame)
        assert other.error()["code"] == code, frame
    for frame, code in (
        ({"type": "sit", "seat": 1, "name": "Again"}, "already_seated"),
        ({"type": "bot", "seat": 0, "kind": "greedy"}, "seat_taken"),
        ({"type": "bot", "seat": 1, "kind": "alphazero"}, "bad_bot"),
        ({"type": "move", "text": "1o", "ply": 0}, "not_started"),
    ):
        anna.send(frame)
        assert anna.error()["code"] == code, frame
    assert [seat.kind for seat in h.table(table).seats] == ["human", "empty", "empty"]


def test_move_refusals_give_the_library_message_and_change_nothing(harness: Make) -> None:
    h = harness()
    table = h.create("cau", 2)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    anna.playing()
    before = h.table(table).state
    state = before
    for peer, text, ply, code in (
        (bernat, "1o", 0, "illegal_move"),  # out of turn
        (anna, "9z", 0, "illegal_move"),
        (anna, "bet 3", 0, "illegal_move"),
        (anna, "", 0, "bad_frame"),
        (anna, 7, 0, "bad_frame"),
        (anna, "1o", 5, "stale"),
        (anna, "1o", None, "stale"),
        (anna, "1o", True, "stale"),
    ):
        peer.send({"type": "move", "text": text, "ply": ply})
        error = peer.error()
        assert error["code"] == code, (text, error)
        if code == "illegal_move":
            with pytest.raises(cau_rules.CauRulesError) as caught:
                state.apply(text, seat=peer.seat)
            assert error["message"] == str(caught.value)
        assert h.table(table).state is before and h.table(table).ply == 0
    assert h.server.store.record(table).moves == ()


def test_a_finished_game_refuses_moves(harness: Make) -> None:
    h = harness()
    table = h.create("cacho", 2)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    final = play_out([anna, bernat], choose=lambda f: "pass" if any(
        c.get("text") == "pass" for c in f["choices"]) else first_choice(f))
    anna.send({"type": "move", "text": "pass", "ply": final["ply"]})
    assert anna.error()["code"] == "game_over"


def test_unknown_table_and_ping(harness: Make) -> None:
    h = harness()
    with h.client.websocket_connect("/ws/nope") as session:
        peer = Peer(session)
        assert peer.recv()["code"] == "no_such_table"
        assert peer.recv() == {"type": "closed", "code": 1008}
    peer = h.connect(h.create())
    peer.send({"type": "ping"})
    assert peer.recv() == {"type": "pong"}


def test_connections_per_table_are_limited(harness: Make) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "max_connections_per_table": 2}))
    table = h.create()
    h.connect(table)
    h.connect(table)
    with h.client.websocket_connect(f"/ws/{table}") as session:
        peer = Peer(session)
        assert peer.recv()["code"] == "table_busy"


# ---------------------------------------------------------------- reconnect and restart


def test_reconnect_with_the_token_resumes_the_seat(harness: Make) -> None:
    h = harness()
    table = h.create("cau", 2)
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    anna.send({"type": "move", "text": anna.playing()["choices"][0]["text"], "ply": 0})
    bernat.view(1)
    assert anna.token is not None
    anna.session.close()
    again = h.hello(table, anna.token)
    assert again.seat == 0
    info = again.until(lambda f: f["type"] == "table")
    assert info["you"] == 0
    view = again.view(1)
    assert view["view"] == h.table(table).state.observe(0).to_dict()
    again.send({"type": "hello", "token": "not-a-token"})
    assert again.error()["code"] == "bad_token"


def test_restart_from_the_database_resumes_every_table(harness: Make, tmp_path: Any) -> None:
    first = harness()
    busy = first.create("cau-quatre", 2)
    anna, bernat = first.sit(busy, 0), first.sit(busy, 1, "Bernat")
    latest = {0: anna.playing(), 1: bernat.view(0)}
    for _ in range(7):  # seven moves, then the server dies
        ply = latest[0]["ply"]
        mover = anna if latest[0]["to_play"] == 0 else bernat
        mover.send({"type": "move", "text": first_choice(latest[mover.seat]), "ply": ply})  # type: ignore[index]
        latest = {0: anna.view(ply + 1), 1: bernat.view(ply + 1)}
    with_bot = first.create("cau", 2)
    carla = first.sit(with_bot, 0, "Carla")
    carla.send({"type": "bot", "seat": 1, "kind": "ismcts"})
    carla.view(0)
    waiting = first.create("cacho", 3)
    first.sit(waiting, 2, "Dani")
    before = {table: (first.table(table).state, first.table(table).ply) for table in (busy, with_bot, waiting)}
    tokens = (anna.token, bernat.token, carla.token)
    first.close()

    second = harness(db=first.db)
    for table, (state, ply) in before.items():
        assert second.table(table).state == state and second.table(table).ply == ply
    assert second.table(waiting).seats[2].name == "Dani" and second.table(waiting).status == "waiting"
    assert tokens[0] is not None and tokens[1] is not None and tokens[2] is not None
    anna, bernat = second.hello(busy, tokens[0]), second.hello(busy, tokens[1])
    resumed: dict[int | None, dict[str, Any]] = {0: anna.view(7), 1: bernat.view(7)}
    assert resumed[0]["view"] == before[busy][0].observe(0).to_dict()
    assert resumed[1]["view"] == before[busy][0].observe(1).to_dict()
    final = play_out([anna, bernat], resumed)
    assert final["status"] == "over"
    carla = second.hello(with_bot, tokens[2])
    carla_final = play_out([carla])
    assert carla_final["status"] == "over"
    record = second.server.store.record(with_bot)
    assert isinstance(record, GameRecord) and record.replay().is_over


def test_restored_table_matches_the_record() -> None:
    table = Table.create("x", "cau-recau-sant-vicent", players=4, options={}, seed=11)
    for seat in range(4):
        table.sit(seat, f"p{seat}")
    while table.status == "playing":
        state = table.state
        table.move(state.to_play, str(state.legal_moves()[0]), table.ply)
    again = Table.restore("x", table.record(), table.seats, table.created)
    assert again.state == table.state and again.moves == table.moves


def test_a_new_cacho_table_plays_a_session_of_several_hands(harness: Make) -> None:
    h = harness()
    session = h.create("cacho")
    assert h.table(session).state.rules.max_hands == table_options("cacho")["max_hands"] > 1
    one = h.create("cacho", max_hands=1)  # the creator's options win
    assert h.table(one).state.rules.max_hands == 1
    catalogue = {entry["name"]: entry for entry in h.client.get("/api/variants").json()["variants"]}
    assert catalogue["cacho"]["options"]["max_hands"] > 1  # the form starts from the table's options
    assert all(entry["title"] for entry in catalogue.values())  # a line saying what each preset is


def test_a_preview_names_the_cards_a_move_would_take_and_changes_nothing(harness: Make) -> None:
    h = harness()
    table = h.create("cau-robat")
    anna, bernat = h.sit(table, 0), h.sit(table, 1, "Bernat")
    rng = functools.partial(next, iter(range(10**6)))
    for _ in range(400):  # play until a capture is on offer, previewing every choice
        state = h.table(table).state
        if state.is_over:
            break
        seat = int(state.to_play)
        peer = anna if seat == 0 else bernat
        takes = {}
        for move in state.legal_moves():
            peer.send({"type": "preview", "text": str(move)})
            answer = peer.until(lambda f: f["type"] == "preview")
            assert answer["ply"] == h.table(table).ply and h.table(table).state is state  # nothing changed
            takes[str(move)] = answer["takes"]
        if any(takes.values()):
            data = state.observe(seat).to_dict()
            # the table, a pending chain's cards, and in cau-robat the other seat's open pile,
            # which a run can take
            in_sight = (set(data["table"].split()) | card_codes(json.dumps(data["chain"]))
                        | set(data["piles"][1 - seat].split()))
            assert all(set(codes) <= in_sight for codes in takes.values()), (takes, data)
            break
        text = sorted(takes)[rng() % len(takes)]
        ply = h.table(table).ply
        peer.send({"type": "move", "text": text, "ply": ply})
        peer.until(functools.partial(_view_after, ply))
    else:
        raise AssertionError("no capture was ever on offer")
    assert any(takes.values())
    spectator = h.connect(table)
    spectator.send({"type": "preview", "text": "7o"})
    assert spectator.error()["code"] == "not_seated"
    mover = anna if int(h.table(table).state.to_play) == 0 else bernat
    mover.send({"type": "preview", "text": "12z"})
    assert mover.error()["code"] in ("illegal_move", "bad_move")


def test_a_connection_chooses_the_language_of_its_words_and_pictures(harness: Make) -> None:
    h = harness()
    table = h.create("cau")
    anna = h.sit(table, 0)
    bernat = h.sit(table, 1, "Bernat")
    english = anna.playing()
    assert "Seat 1" in english["picture"] and "Seient" not in english["picture"]
    anna.send({"type": "lang", "lang": "ca"})
    catalan = anna.until(lambda f: f["type"] == "view" and "picture" in f and "Seient" in f["picture"])
    assert set(catalan) >= {"picture", "symbols", "choices", "view"}  # the whole view again, in Catalan
    mover = anna if english["to_play"] == 0 else bernat
    text = first_choice(english if mover is anna else bernat.view(0))
    mover.send({"type": "move", "text": text, "ply": 0})
    after = anna.view(1)
    assert after["events"] and all("seient" in event or "carta" in event for event in after["events"])
    anna.send({"type": "lang", "lang": "fr"})
    assert anna.error()["code"] == "bad_frame"
    spectator = Peer(h.stack.enter_context(h.client.websocket_connect(f"/ws/{table}?lang=es")))
    seen = spectator.until(lambda f: f["type"] == "view")
    assert "mesa" in seen["picture"] and "the table" not in seen["picture"]


def test_an_expert_seat_at_a_two_player_cacho_table_is_the_equilibrium() -> None:
    from cau_rules.cacho.solver.bot import CachoEquilibriumBot

    two = Table.create("c2", "cacho", players=2, options={"stack": 3}, seed=4)
    two.add_bot(1, "expert")
    assert isinstance(two._bots[1], CachoEquilibriumBot)
    three = Table.create("c3", "cacho", players=3, options={"stack": 3}, seed=4)
    three.add_bot(2, "expert")
    assert not isinstance(three._bots[2], CachoEquilibriumBot)
