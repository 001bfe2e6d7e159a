"""The table server against hostile clients, and the leak test: no frame a client receives
names a card hidden from it, in whole games of every preset."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

import cau_rules
from examples.table_server.tables import Limits, card_codes
from tests.helpers import hidden_from
from tests.table_server.conftest import FAST, Harness, Peer
from tests.table_server.test_integration import first_choice, play_out

Make = Callable[..., Harness]


def started(h: Harness, variant: str = "cau", players: int = 2) -> tuple[str, list[Peer]]:
    table = h.create(variant, players)
    peers = [h.sit(table, seat, f"P{seat}") for seat in range(players)]
    return table, peers


# ---------------------------------------------------------------- tokens and seats


def test_a_token_acts_only_for_its_seat_at_its_table(harness: Make) -> None:
    h = harness()
    table, (anna, bernat) = started(h)
    other, _ = started(h)
    assert anna.token is not None and bernat.token is not None
    stranger = h.connect(other)
    stranger.send({"type": "hello", "token": anna.token})
    assert stranger.error()["code"] == "bad_token"
    for forged in ("", "A" * 48, anna.token.lower(), anna.token[:-1], 12, None, ["x"]):
        stranger.send({"type": "hello", "token": forged})
        assert stranger.error()["code"] == "bad_token"
    view = anna.playing()
    to_play = view["to_play"]
    mover, waiter = (anna, bernat) if to_play == 0 else (bernat, anna)
    waiter.send({"type": "move", "text": first_choice(mover.playing() if mover is bernat else view), "ply": 0})
    error = waiter.error()
    assert error["code"] == "illegal_move" and f"it is seat {to_play}'s turn" in error["message"]
    for seat in (to_play, 1 - to_play, 7, -1, True, "0", None):
        if seat == waiter.seat and not isinstance(seat, bool):
            continue
        waiter.send({"type": "move", "text": "1o", "ply": 0, "seat": seat})
        assert waiter.error()["code"] == "forged_seat", seat
    assert h.table(table).ply == 0


def test_a_replayed_move_is_refused(harness: Make) -> None:
    h = harness()
    table, (anna, bernat) = started(h)
    view = anna.playing()
    mover = anna if view["to_play"] == 0 else bernat
    frame = {"type": "move", "text": first_choice(view if mover is anna else bernat.view(0)), "ply": 0}
    mover.send(frame)
    mover.view(1)
    mover.send(frame)
    assert mover.error()["code"] in ("stale", "illegal_move")
    other = bernat if mover is anna else anna
    other.view(1)
    other.send(frame)  # the other seat replays it at ply 0
    assert other.error()["code"] == "stale"
    assert h.table(table).ply == 1 and len(h.server.store.record(table).moves) == 1


def test_out_of_turn_moves_are_refused_with_the_library_message(harness: Make) -> None:
    h = harness()
    table, peers = started(h, "cau-quatre", 3)
    view = peers[0].playing()
    state = h.table(table).state
    for peer in peers:
        if peer.seat == view["to_play"]:
            continue
        legal = [str(move) for move in state.legal_moves()]
        peer.send({"type": "move", "text": legal[0], "ply": 0})
        error = peer.error()
        with pytest.raises(cau_rules.errors.IllegalMoveError) as caught:
            state.apply(legal[0], seat=peer.seat)
        assert error == {"type": "error", "code": "illegal_move", "message": str(caught.value), "about": "move"}
    assert h.table(table).state is state


# ---------------------------------------------------------------- hostile frames


HOSTILE: list[tuple[str, str]] = [
    ("not json", "bad_frame"),
    ("", "bad_frame"),
    ("[]", "bad_frame"),
    ("null", "bad_frame"),
    ('"move"', "bad_frame"),
    ("{}", "bad_frame"),
    ('{"type": 5}', "bad_frame"),
    ('{"type": "shutdown"}', "bad_frame"),
    ('{"type": "move", "text": "1o"}', "bad_frame"),
    ('{"type": "move", "text": "1o", "ply": 0, "extra": 1}', "bad_frame"),
    ('{"type": "sit", "seat": 0}', "bad_frame"),
    ('{"type": "ping", "token": "x"}', "bad_frame"),
    ('{"type": "move", "text": "1o", "ply": NaN}', "bad_frame"),
    ('{"type": "move", "text": "1o", "ply": Infinity}', "bad_frame"),
    ("[" * 1000 + "]" * 1000, "bad_frame"),
    ('{"type": "move", "text": "1o", "ply": 1e999}', "stale"),
    ('{"type": "move", "text": "1o", "ply": 0.0}', "stale"),
    ('{"type": "move", "text": {"card": "1o"}, "ply": 0}', "bad_frame"),
    ('{"type": "move", "text": "' + "1o " * 700 + '", "ply": 0}', "too_large"),
    ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "too_large"),
    ('{"type": "ping", "pad": "' + "é" * 1100 + '"}', "too_large"),
]


@pytest.mark.parametrize(("text", "code"), HOSTILE, ids=[f"{i}-{code}" for i, (_, code) in enumerate(HOSTILE)])
def test_malformed_and_oversized_frames_get_an_error_frame(harness: Make, text: str, code: str) -> None:
    h = harness()
    table, (anna, _bernat) = started(h)
    view = anna.playing()
    state = h.table(table).state
    mover = anna if view["to_play"] == 0 else _bernat
    mover.send(text)
    error = mover.error()
    assert error["code"] == code, error
    assert h.table(table).state is state
    mover.send({"type": "ping"})
    assert mover.until(lambda f: f["type"] == "pong")  # the connection still works


def test_binary_frames_are_refused(harness: Make) -> None:
    h = harness()
    _table, (anna, _) = started(h)
    anna.session.send_bytes(b'{"type": "ping"}')
    assert anna.error()["code"] == "bad_frame"


def test_moves_per_second_are_limited(harness: Make) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "moves_per_second": 0.001, "move_burst": 3}))
    _table, (anna, _) = started(h)
    anna.playing()
    codes = []
    for _ in range(5):
        anna.send({"type": "move", "text": "99x", "ply": 0})
        codes.append(anna.error()["code"])
    assert codes == ["illegal_move"] * 3 + ["rate_limited"] * 2


def test_frames_per_second_are_limited(harness: Make) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "frames_per_second": 0.001, "frame_burst": 4}))
    _table, (anna, _) = started(h)
    answers = []
    for _ in range(6):
        anna.send({"type": "ping"})
        answers.append(anna.until(lambda f: f["type"] in ("pong", "error")))
    assert [f["type"] for f in answers] == ["pong"] * 3 + ["error"] * 3  # the sit frame took one token
    assert answers[-1]["code"] == "rate_limited"


def test_a_hostile_client_is_closed_and_other_tables_play_on(harness: Make) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "max_strikes": 5}))
    calm, calm_peers = started(h, "cau-robat", 2)
    noisy, (attacker, victim) = started(h, "cau", 2)
    noisy_state = h.table(noisy).state
    for _ in range(5):
        attacker.send("{broken")
    frames = [attacker.recv()]
    while frames[-1]["type"] != "closed":
        frames.append(attacker.recv())
    codes = [f.get("code") for f in frames if f["type"] == "error"]
    assert codes == ["bad_frame"] * 5 + ["closed"] and frames[-1] == {"type": "closed", "code": 1008}
    assert h.table(noisy).state is noisy_state and h.table(noisy).seats[0].kind == "human"
    victim.send({"type": "ping"})
    assert victim.until(lambda f: f["type"] == "pong")
    final = play_out(calm_peers)
    assert final["status"] == "over" and h.table(calm).record().replay().is_over


def test_a_failing_store_or_bug_refuses_the_frame_and_changes_nothing(harness: Make,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness()
    table, (anna, bernat) = started(h)
    view = anna.playing()
    mover = anna if view["to_play"] == 0 else bernat
    text = first_choice(view if mover is anna else bernat.view(0))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(h.server.store, "append_move", broken)
        mover.send({"type": "move", "text": text, "ply": 0})
        assert mover.error()["code"] == "internal"
    assert h.table(table).ply == 0 and h.server.store.record(table).moves == ()
    mover.send({"type": "move", "text": text, "ply": 0})  # the same move, now stored
    assert mover.view(1)["ply"] == 1 and len(h.server.store.record(table).moves) == 1


# ---------------------------------------------------------------- the leak test


def _scan(frame: Any) -> set[str]:
    return card_codes(json.dumps(frame))


def _without_events(frame: dict[str, Any]) -> dict[str, Any]:
    stripped = dict(frame, events=[])
    if isinstance(stripped.get("view"), dict):
        stripped["view"] = dict(stripped["view"], events=[])
    return stripped


def _public_codes(state: Any) -> tuple[set[str], set[str], set[str]]:
    """Codes every seat's view names; codes in any hand; codes shown down to all."""
    views = [state.observe(seat) for seat in range(state.players)]
    named = set.intersection(*(card_codes(json.dumps(view.to_dict())) for view in views))
    held = {card.code for view in views for card in view.holding}
    shown = {code for view in views for event in view.events
             if type(event).__name__ in ("Showdown", "TableReplaced") for code in card_codes(str(event))}
    return named, held, shown


def _library_message(state: Any, text: str, seat: int) -> str | None:
    try:
        state.apply(text, seat=seat)
    except cau_rules.CauRulesError as exc:
        return str(exc)
    return None


def _example_codes(variant: str, players: int) -> set[str]:
    """Card codes the library's help text names as examples (e.g. '7o' or '12b'): the
    codes its message for an unknown move names in every one of several deals."""
    named = []
    for seed in range(4):
        state = cau_rules.new_game(variant, players=players, seed=seed)
        named.append(card_codes(_library_message(state, "9z", state.to_play) or ""))
    return set.intersection(*named)


def check_frames(peer: Peer, states: list[Any]) -> int:
    """Check every frame *peer* received against the state it was sent at; returns how many.

    A seat's frame may name only cards its own view names (an error frame: also what the
    peer itself sent, and the library's example codes, its message being the library's
    own); outside its events it names no card hidden from the seat.  A spectator's frame
    names only cards every seat's view names and none in anybody's hand (unless shown down).
    """
    ply = 0
    examples = _example_codes(states[0].rules.name, states[0].players)
    sent_moves = [json.loads(text)["text"] for text in peer.sent
                  if text.startswith("{") and json.loads(text).get("type") == "move"]
    for text in peer.texts:
        frame = json.loads(text)
        if frame["type"] == "seated":
            assert frame.get("token") is None or not card_codes(frame["token"])
        if frame["type"] == "view":
            ply = frame["ply"]
        state = states[ply]
        codes = card_codes(text)
        if peer.seat is not None:
            own = card_codes(json.dumps(state.observe(peer.seat).to_dict()))
            if frame["type"] == "error":
                if frame["code"] == "illegal_move":
                    messages = {_library_message(state, move, peer.seat) for move in sent_moves}
                    assert frame["message"] in messages, f"not the library's message: {frame['message']}"
                echoed = set().union(*(card_codes(move) for move in sent_moves))
                own |= echoed | examples
            assert codes <= own, f"seat {peer.seat} at ply {ply} got {sorted(codes - own)}: {text[:300]}"
            if frame["type"] != "error":
                hidden = {card.code for card in hidden_from(state, peer.seat)}
                # the picture repeats the view's events in words (a table card shown and put
                # back into the stock, say): cards the seat was shown, not hidden ones
                hidden -= card_codes(" ".join(str(event) for event in state.observe(peer.seat).events))
                body = _scan(_without_events(frame))
                assert not body & hidden, f"seat {peer.seat} at ply {ply} got hidden {sorted(body & hidden)}"
        else:
            named, held, shown = _public_codes(state)
            assert frame["type"] != "error"
            assert codes <= named, f"spectator at ply {ply} got {sorted(codes - named)}"
            assert codes & held <= shown, f"spectator at ply {ply} got cards in hands {sorted(codes & held - shown)}"
            hidden = set.union(*({card.code for card in hidden_from(state, seat)} for seat in range(state.players)))
            assert not _scan(_without_events(frame)) & hidden
    return len(peer.texts)


def _offered(text: str, choices: list[dict[str, Any]]) -> bool:
    for choice in choices:
        if choice["kind"] == "move" and choice["text"] == text:
            return True
        if choice["kind"] == "range":
            verb, _, amount = text.partition(" ")
            if verb == choice["verb"] and amount.isdigit() and choice["min"] <= int(amount) <= choice["max"]:
                return True
    return False


CASES = sorted({(name, count) for name in cau_rules.variants()
                for count in (cau_rules.get_rules(name).min_players, cau_rules.get_rules(name).max_players)})


@pytest.mark.parametrize(("variant", "players"), CASES, ids=[f"{v}-{p}" for v, p in CASES])
def test_no_frame_names_a_card_hidden_from_its_receiver(harness: Make, variant: str, players: int) -> None:
    h = harness()
    table, peers = started(h, variant, players)
    watcher = h.connect(table)
    rng = random.Random(f"{variant}:{players}")
    tried: set[int] = set()

    def choose(frame: dict[str, Any]) -> str:
        wrong = rng.choice(["9z", "12o", "bet 99", "give 1o", "draw", "pass"])
        if frame["ply"] not in tried and rng.random() < 0.1 and not _offered(wrong, frame["choices"]):
            tried.add(frame["ply"])  # now and then a refused move: its message is checked too
            mover = next(peer for peer in peers if peer.seat == frame["seat"])
            mover.send({"type": "move", "text": wrong, "ply": frame["ply"]})
            assert mover.until(lambda f: f["type"] in ("error", "view"))["type"] == "error"
        choice = rng.choice(frame["choices"])
        if choice["kind"] == "range":
            return f"{choice['verb']} {rng.randint(choice['min'], choice['max'])}"
        return str(choice["text"])

    final = play_out(peers, choose=choose)
    for peer in [*peers, watcher]:
        if not any(json.loads(t).get("status") == "over" and json.loads(t)["type"] == "view" for t in peer.texts):
            peer.until(lambda f: f["type"] == "view" and f["status"] == "over")
    states = list(h.table(table).record().states())
    assert states[-1].is_over and final["ply"] == len(states) - 1
    counted = sum(check_frames(peer, states) for peer in [*peers, watcher])
    assert counted >= len(states) * (players + 1)


def test_no_leak_with_bots_at_the_table(harness: Make) -> None:
    h = harness(limits=Limits(**{**FAST.__dict__, "ismcts_iterations": 10}))
    table = h.create("cau-quatre", 4)
    anna = h.sit(table, 0)
    for seat, kind in ((1, "ismcts"), (2, "greedy"), (3, "random")):
        anna.send({"type": "bot", "seat": seat, "kind": kind})
    watcher = h.connect(table)
    play_out([anna])
    watcher.until(lambda f: f["type"] == "view" and f["status"] == "over")
    states = list(h.table(table).record().states())
    assert check_frames(anna, states) >= len(states) and check_frames(watcher, states) >= len(states)


def test_the_seed_never_reaches_a_client_before_the_end(harness: Make) -> None:
    h = harness()
    table, peers = started(h, "cau", 2)
    seed = str(h.table(table).seed)
    watcher = h.connect(table)
    final = play_out(peers)
    assert final["status"] == "over"
    for peer in [*peers, watcher]:
        assert all(seed not in text for text in peer.texts)
    assert h.client.get(f"/api/tables/{table}/record").text.count(f"seed: {seed}") == 1
