"""End to end in a real browser: headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium) opens the page, creates a ``cau`` table against a bot, plays a whole
game by clicking, checks the outcome, and saves the screenshots the docs page shows.

Skipped, with the reason, only where Chromium is missing outside CI (``.ci/run`` installs
it; in CI a missing browser fails the test).  Screenshots go to a temporary folder, or to
``docs/images/table-server/`` when ``CAU_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import functools
import os
import random
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

import cau_rules.cacho.picture
import cau_rules.fishing.picture
import cau_rules.quatre.picture  # noqa: F401  (each registers its catalogue on import)
from cau_rules.i18n import CATALOGUES
from examples.table_server.app import create_app
from examples.table_server.tables import CARD_CODE
from tests.table_server.conftest import FAST

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
HAVE_BROWSER = Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images" / "table-server"

if not HAVE_BROWSER and os.environ.get("CI"):
    pytestmark = [pytest.mark.browser]  # CI must have it: the test below fails loudly
else:
    pytestmark = [pytest.mark.browser, pytest.mark.skipif(
        not HAVE_BROWSER, reason="needs Debian's chromium and chromium-driver "
                                 "(apt-get install -y chromium chromium-driver; .ci/run installs them)")]


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    """The table server on 127.0.0.1 and a free port, in a thread; yields its base URL."""
    app = create_app(tmp_path / "tables.sqlite3", limits=FAST, bot_delay=0.02)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, ws="websockets-sansio", log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _attempt in range(400):  # a bounded number of looks, not a time limit
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """Headless Chromium as root: no sandbox, no network of its own, a throwaway profile."""
    assert HAVE_BROWSER, "CI installs chromium and chromium-driver (.ci/run); they are missing"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1366,768", "--force-device-scale-factor=1", f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _moved_on(ply: str | None, driver: Any) -> bool:
    """Whether the page shows a later ply than *ply*, or a refusal."""
    from selenium.webdriver.common.by import By

    return bool(driver.find_element(By.TAG_NAME, "body").get_attribute("data-ply") != ply
                or driver.find_element(By.ID, "message").text)


def _until_over(browser: Any, selector: str, looks: int) -> Iterator[list[Any]]:
    """What *selector* finds on the page, each time it finds something, until the outcome shows
    (a bounded number of looks at the page; a game takes a few dozen)."""
    from selenium.webdriver.common.by import By

    for _look in range(looks):
        if browser.find_element(By.ID, "outcome").is_displayed():
            return
        found = browser.find_elements(By.CSS_SELECTOR, selector)
        if found:
            yield found
        else:
            time.sleep(0.05)


def _shots() -> Path | None:
    return DOCS_IMAGES if os.environ.get("CAU_UPDATE_SCREENSHOTS") == "1" else None


def test_play_a_whole_cau_game_against_a_bot_by_clicking(live_server: str, browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    shots = _shots() or tmp_path / "shots"
    shots.mkdir(parents=True, exist_ok=True)
    wait = WebDriverWait(browser, 20)
    browser.get(live_server + "/")
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#variant option[value=cau]")))
    Select(browser.find_element(By.ID, "lang")).select_by_value("ca")  # the whole game in Catalan
    wait.until(ec.text_to_be_present_in_element((By.ID, "create-btn"), "Crea la taula"))
    browser.find_element(By.ID, "name").send_keys("Anna")
    Select(browser.find_element(By.ID, "variant")).select_by_value("cau")
    assert "segons el llibre de regles català" in browser.find_element(By.ID, "variant-title").text
    assert "Cau robat (llibre de regles anglès)" in browser.find_element(By.ID, "variant").text
    players = browser.find_element(By.ID, "players")
    players.clear()
    players.send_keys("2")
    _save_small(browser, shots / "lobby.png")
    browser.find_element(By.ID, "create-btn").click()

    # The creator lands on the table at seat 0, then fills seat 1 with a greedy bot.
    wait.until(ec.url_contains("/t/"))
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#seats .pill.you")))
    Select(browser.find_element(By.CSS_SELECTOR, "li[data-seat='1'] select.bot-kind")).select_by_value("greedy")
    browser.find_element(By.CSS_SELECTOR, "li[data-seat='1'] button.add-bot").click()
    wait.until(lambda driver: driver.find_element(By.ID, "status").get_attribute("data-state") == "playing")
    assert "/t/" in browser.find_element(By.ID, "invite").get_attribute("value")

    clicks, shot, chosen = 0, False, 0
    for cards in _until_over(browser, "#picture .playable", 2400):
        ply = browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply")
        if not shot and clicks >= 6 and len(cards) >= 3:  # mid-game, a full hand to choose from
            _save_small(browser, shots / "game.png")
            shot = True
            # Every card of the picture is a <use> of a symbol the page kept from earlier frames
            # (each symbol is sent once per connection): none may point at nothing.
            uses, missing = browser.execute_script(
                "const uses = [...document.querySelectorAll('#picture use')];"
                "return [uses.length, uses.filter(u => !document.getElementById("
                "u.getAttribute('href').slice(1))).length];")
            assert uses > 0 and missing == 0, (uses, missing)
            drawn = browser.execute_script(
                "return document.querySelector('#picture svg [data-card] use').getBBox().width;")
            assert drawn > 0  # the symbol is drawn, not an empty box
        try:
            cards[-1].click()  # a card of the hand, played by clicking it
            chooser = browser.find_elements(By.CSS_SELECTOR, "#chooser:not([hidden]) button.move")
            if chooser:  # one card, several moves (a run of another length): the chooser asks which
                chooser[-1].click()
                chosen += 1
        except Exception:  # the picture was redrawn under the click; look again
            continue
        clicks += 1
        wait.until(functools.partial(_moved_on, ply))
    outcome = browser.find_element(By.ID, "outcome")
    assert outcome.is_displayed(), "the game did not end in time"
    text = browser.find_element(By.CSS_SELECTOR, "#outcome .outcome-text").text
    assert "Anna" in text and "punts" in text, text  # "Anna guanya amb més cartes; punts: Anna: ..., bot ..."
    assert clicks >= 10 and shot
    assert browser.find_element(By.ID, "status").get_attribute("data-state") == "over"
    assert browser.find_element(By.ID, "status").text == "acabada"
    page = browser.find_element(By.TAG_NAME, "body").text + browser.find_element(By.ID, "picture").get_attribute(
        "innerHTML")
    for english in ("Your move", "What happened", "seat 0", "seat 1", "captures", "trails", "wins", "Game over",
                    "Seat ", "Stock", "Table"):
        assert english not in page, f"{english!r} on a Catalan page"
    assert "Seient" in page and "Què ha passat" in page
    assert len(browser.find_elements(By.CSS_SELECTOR, "#log li")) > clicks
    assert browser.find_element(By.ID, "message").text == ""
    browser.execute_script("document.getElementById('outcome').scrollIntoView()")
    _save_small(browser, shots / "outcome.png")
    for name in ("lobby.png", "game.png", "outcome.png"):
        size = (shots / name).stat().st_size
        assert 0 < size < 150_000, f"{name} is {size} bytes"


_HOLDING_BY_DATA = """
const done = arguments[arguments.length - 1];
const token = localStorage.getItem("cau.token." + state.table);
const scheme = location.protocol === "https:" ? "wss:" : "ws:";
const ws = new WebSocket(`${scheme}//${location.host}/ws/${state.table}?data=1`);
ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
let seat = null;  // a connection first sees the table as a spectator, until its hello is answered
ws.onmessage = message => {
  const frame = JSON.parse(message.data);
  if (frame.type === "seated") seat = frame.seat;
  if (frame.type === "view" && frame.view && seat !== null && frame.seat === seat) {
    ws.close(); done([frame.ply, frame.view.holding || ""]);
  }
  if (frame.type === "error") { ws.close(); done(null); }
};
ws.onerror = () => done(null);
"""


def _holding_by_data(driver: Any) -> tuple[int, list[str]] | None:
    """The ply and the cards of the page's seat, asked of the server by a connection with ``?data=1``."""
    answer = driver.execute_async_script(_HOLDING_BY_DATA)
    if not answer:
        return None
    ply, holding = answer
    return int(ply), str(holding).split()


def _hand_bottoms(driver: Any, held: tuple[int, list[str]] | None) -> list[float] | None:
    """Where each card of *held* ends on the page (px from the top), once the page shows that ply."""
    if held is None or not held[1]:
        return None
    bottoms: list[float] | None = driver.execute_script(
        "const [ply, held] = arguments;"
        "if (!state.shown || state.shown.ply !== ply) return null;"
        "const cards = held.map(code => document.querySelector(`#picture [data-card='${code}']`));"
        "return cards.every(Boolean) ? cards.map(card => card.getBoundingClientRect().bottom) : null;",
        held[0], held[1])
    return bottoms


PRESET_SEATS = [("cacho", 2), ("cau", 2), ("cau-40", 4), ("cau-quatre", 3), ("cau-recau-sant-vicent", 4),
                ("cau-robat", 2), ("cau-robat-40", 5)]
"""Every preset once, at a player count that fills the picture (the largest where it is big)."""


SIZES = [(1366, 768), (1920, 1080), (390, 844)]
"""A laptop, a desktop and a phone (CSS pixels)."""


def _size_window(browser: Any, width: int, height: int) -> None:
    """Make the page's viewport *width* x *height*: a phone is emulated (a mobile viewport),
    a desktop window is sized to it."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})


def _save_small(driver: Any, path: Path) -> None:
    """A screenshot, its colours reduced (docs pages carry many) when Pillow is at hand."""
    driver.save_screenshot(str(path))
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - the raw screenshot stays
        return
    with Image.open(path) as image:
        image.convert("RGB").quantize(colors=96).save(path, optimize=True)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_preset_shows_the_hand_and_the_choices_on_each_screen(live_server: str, browser: Any, tmp_path: Path,
                                                                    width: int, height: int) -> None:
    """On a laptop, a desktop and a phone, a seat's whole hand and its choices are in sight
    without scrolling either way, in every preset; on the phone a card is played with one tap."""
    from selenium.webdriver.common.by import By

    shots = _shots() or tmp_path / "shots"
    shots.mkdir(parents=True, exist_ok=True)
    _size_window(browser, width, height)
    for variant, players in PRESET_SEATS:
        wait = _create(browser, live_server, "ca", variant, players)
        assert browser.execute_script("return [innerWidth, innerHeight];") == [width, height]
        # The hand: every card of the seat's holding, as the picture draws it (data-card).  The
        # page is sent pictures, not data: the holding comes from a second connection to the
        # seat that asks for data (?data=1), at the ply the page shows.
        hand = wait.until(lambda driver: _hand_bottoms(driver, _holding_by_data(driver)))
        assert hand is not None  # wait.until returns only a value that is not None
        _save_small(browser, shots / f"{variant}-{width}x{height}.png")
        assert max(hand) <= height, f"{variant}: the hand reaches {max(hand)} px, the window shows {height}"
        assert browser.execute_script("return window.scrollY;") == 0
        assert browser.execute_script("return document.documentElement.scrollWidth;") <= width, \
            f"{variant}: the page scrolls sideways at {width} px"
        choices = browser.find_elements(By.CSS_SELECTOR, "#choices button.move")
        if choices:  # the seat is to play: its first choice is in sight
            assert choices[0].rect["y"] + 10 <= height, f"{variant}: the choices start below the window"
        if width < 700 and variant == "cau":  # one tap on a card with one move plays it
            ply = browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply")
            single = browser.execute_script(
                "const counts = {};"
                "for (const c of state.shown.choices) { const m = /^((?:1[0-2]|[1-9])[oceb])/.exec(c.text || '');"
                "  if (m) counts[m[1]] = (counts[m[1]] || 0) + 1; }"
                "const card = [...document.querySelectorAll('#picture .playable')]"
                "  .find(c => counts[c.dataset.card] === 1);"
                "return card ? card.dataset.card : null;")
            if single is not None:
                browser.find_element(By.CSS_SELECTOR, f"#picture .playable[data-card='{single}']").click()
                wait.until(functools.partial(_moved_on, ply))
                assert browser.find_element(By.ID, "message").text == ""


# ---------------------------------------------------------------------------------
# Every word on the page comes from that language's catalogue

_COLLECT_TEXTS = """
const texts = [];
const shown = (node) => {
  const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
  // a move's notation tag (<code class="tag">) is a code, as card codes are
  if (!element || element.closest("[hidden], script, style, #symbols, code.tag")) return false;
  if (element.closest("svg")) return !element.closest("defs, symbol");
  const style = getComputedStyle(element);
  return style.display !== "none" && style.visibility !== "hidden" && element.getClientRects().length > 0;
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const text = node.textContent.trim();
  if (text && shown(node)) texts.push(text);
}
for (const element of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
  for (const name of ["title", "placeholder", "aria-label"]) {
    const value = element.getAttribute(name);
    if (value && value.trim()) texts.push(value.trim());
  }
}
return texts;
"""

_TOKEN = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_FIELD = re.compile(r"\{[^}]*\}")
PEOPLE = ("Anna", "Bernat")
"""The people's names the tests type (names are allowed in any language)."""


def _vocabulary(lang: str) -> frozenset[str]:
    """Every word of every catalogue in *lang* (the library's and the page's)."""
    words: set[str] = set()
    for catalogue in CATALOGUES.values():
        for texts in catalogue.entries.values():
            words.update(token.lower() for token in _TOKEN.findall(_FIELD.sub(" ", texts[lang])))  # type: ignore[index]
    return frozenset(words)


def foreign_texts(texts: list[str], lang: str) -> list[tuple[str, list[str]]]:
    """The texts holding a word that is not in *lang*'s catalogues, once card codes, numbers
    and people's names are set aside, with those words."""
    vocabulary = _vocabulary(lang)
    found = []
    for text in texts:
        bare = CARD_CODE.sub(" ", text)
        for name in PEOPLE:
            bare = bare.replace(name, " ")
        strangers = [token for token in _TOKEN.findall(bare) if token.lower() not in vocabulary
                     and not all(part.lower() in vocabulary for part in re.split(r"['’\-]", token) if part)]
        if strangers:
            found.append((text, strangers))
    return found


def test_the_word_check_finds_english_on_a_catalan_page() -> None:
    """The check itself: English words are caught, Catalan ones from the catalogues pass."""
    assert foreign_texts(["Your move", "La teva jugada", "Anna: 7o, 12b", "bot golafre"], "ca") == [
        ("Your move", ["Your", "move"])]
    assert foreign_texts(["Tu jugada", "passes, betting nothing"], "es")[0][0] == "passes, betting nothing"


def _start(browser: Any, live_server: str, lang: str) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    wait = WebDriverWait(browser, 30)
    browser.get(live_server + "/")
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#variant option[value=cau]")))
    Select(browser.find_element(By.ID, "lang")).select_by_value(lang)
    wait.until(lambda driver: driver.execute_script("return document.documentElement.lang") == lang)
    return wait


def _create(browser: Any, live_server: str, lang: str, variant: str, players: int,
            options: dict[str, str] | None = None) -> Any:
    """A table of *variant* with the page's person at seat 0 and greedy bots elsewhere, playing."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select

    wait = _start(browser, live_server, lang)
    browser.find_element(By.ID, "name").clear()
    browser.find_element(By.ID, "name").send_keys(PEOPLE[0])
    Select(browser.find_element(By.ID, "variant")).select_by_value(variant)
    for name, value in (options or {}).items():
        browser.execute_script("document.getElementById('options-box').open = true")
        field = browser.find_element(By.CSS_SELECTOR, f"#options [data-option={name}]")
        field.clear()
        field.send_keys(value)
    count = browser.find_element(By.ID, "players")
    count.clear()
    count.send_keys(str(players))
    browser.find_element(By.ID, "create-btn").click()
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#seats .pill.you")))
    for seat in range(1, players):
        wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, f"li[data-seat='{seat}'] button.add-bot"))).click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, f"li[data-seat='{seat}'].bot")))
    wait.until(lambda driver: driver.find_element(By.ID, "status").get_attribute("data-state") == "playing")
    wait.until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#picture svg"))
    return wait


@pytest.mark.parametrize("lang", ["ca", "es", "en"])
def test_every_word_on_the_page_is_from_the_catalogue(live_server: str, browser: Any, tmp_path: Path,
                                                      lang: str) -> None:
    """The lobby (every preset's options open), a table of each preset and an outcome: each
    visible text and every title, placeholder and aria-label is in *lang*'s catalogues."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    shots = tmp_path / "shots"  # (the docs show the screens test's pictures)
    shots.mkdir(parents=True, exist_ok=True)
    _start(browser, live_server, lang)
    browser.execute_script("document.getElementById('options-box').open = true")
    seen: list[str] = []
    for variant, _players in PRESET_SEATS:
        Select(browser.find_element(By.ID, "variant")).select_by_value(variant)
        seen += browser.execute_script(_COLLECT_TEXTS)
        if variant == "cacho":  # the line says the session the table plays, not "one hand"
            line = browser.find_element(By.ID, "variant-title").text
            assert {"ca": "6 mans", "es": "6 manos", "en": "6 hands"}[lang] in line, line
    assert not foreign_texts(seen, lang), foreign_texts(seen, lang)
    for variant, players in PRESET_SEATS:
        _create(browser, live_server, lang, variant, players)
        texts = browser.execute_script(_COLLECT_TEXTS)
        title = browser.find_element(By.ID, "title").text
        assert variant not in title.split() and title, title  # the preset's human name, not its id
        assert not foreign_texts(texts, lang), (variant, foreign_texts(texts, lang))
        browser.save_screenshot(str(shots / f"{variant}-{lang}.png"))
    # An outcome: a one-hand Cacho session against a bot, played with the move buttons, on a
    # table with a clock per move (its countdown's words are checked too).
    wait = _create(browser, live_server, lang, "cacho", 2, {"max_hands": "1", "move_clock": "600"})
    assert browser.find_element(By.ID, "clock").is_displayed()
    assert re.fullmatch(r"[0-9]+ s (per jugar|para jugar|to move)", browser.find_element(By.ID, "clock").text)
    assert not foreign_texts(browser.execute_script(_COLLECT_TEXTS), lang)
    for buttons in _until_over(browser, "#choices button.move", 400):
        labels = [button.find_element(By.CSS_SELECTOR, ".label").text for button in buttons]
        assert all(labels) and not foreign_texts(labels, lang), labels
        ply = browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply")
        try:
            buttons[0].click()
        except Exception:  # redrawn under the click: look again
            continue
        wait.until(functools.partial(_moved_on, ply))
    assert browser.find_element(By.ID, "outcome").is_displayed(), "the session did not end"
    outcome = browser.find_element(By.CSS_SELECTOR, "#outcome .outcome-text").text
    assert PEOPLE[0] in outcome, outcome  # the players' names, not seat numbers
    texts = browser.execute_script(_COLLECT_TEXTS)
    assert not foreign_texts(texts, lang), foreign_texts(texts, lang)
    browser.save_screenshot(str(shots / f"outcome-{lang}.png"))


FRAMES_PER_GAME = 150


@pytest.mark.parametrize("lang", ["ca", "es", "en"])
def test_every_frame_a_seat_gets_speaks_its_language(lang: str) -> None:
    """Without a browser, over random games of every preset: the events, the moves' words, the
    picture's texts and the outcome a seat (and a spectator) is sent are all words of *lang*'s catalogues
    (the states a page happens to meet vary; these games reach more of them)."""
    import html

    from examples.table_server.tables import Table

    found: dict[tuple[str, ...], str] = {}
    for variant, players in PRESET_SEATS:
        for seed in range(2):
            table = Table.create("w", variant, players=players, options={}, seed=seed)
            table.sit(0, PEOPLE[0])
            for seat in range(1, players):
                table.add_bot(seat, "random")
            rng = random.Random(seed)
            for _ in range(FRAMES_PER_GAME):
                frame = table.view_frame(0, lang)
                texts = [*frame["events"], *(choice.get("label_min", choice.get("label", ""))
                                             for choice in frame["choices"])]
                texts += [html.unescape(text) for text in re.findall(r">([^<>]+)<", frame["picture"])]
                if frame["outcome"]:
                    texts.append(frame["outcome"]["text"])
                watched = table.view_frame(None, lang)  # a spectator's frame too
                texts += [*watched["events"], *(html.unescape(text)
                                                for text in re.findall(r">([^<>]+)<", watched["picture"]))]
                for text, words in foreign_texts([text for text in texts if text.strip()], lang):
                    found.setdefault(tuple(words), text)
                if table.status != "playing":
                    break
                seat = int(table.state.to_play)
                table.move(seat, str(rng.choice(list(table.state.legal_moves()))), table.ply)
    assert not found, found


def test_a_lost_connection_is_told_in_the_page_language(live_server: str, browser: Any) -> None:
    """Anna plays in the browser, in Spanish; Bernat sits at seat 1 from a websocket and drops:
    Anna's page says so in Spanish, names him, and shows him away; when he comes back with his
    token the page says that too, and the seat is his again."""
    import json

    from selenium.webdriver.common.by import By
    from websockets.sync.client import connect

    wait = _start(browser, live_server, "es")
    browser.find_element(By.ID, "name").clear()
    browser.find_element(By.ID, "name").send_keys(PEOPLE[0])
    browser.find_element(By.ID, "create-btn").click()
    wait.until(lambda driver: "/t/" in driver.current_url)
    table = browser.current_url.rsplit("/", 1)[1]
    wait.until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#seats .pill.you"))
    address = live_server.replace("http://", "ws://") + f"/ws/{table}"

    def seated(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
        socket.send(json.dumps(frame))
        for _ in range(50):  # a bounded number of frames
            answer = json.loads(socket.recv(timeout=20))
            if answer["type"] in ("seated", "error"):
                return dict(answer)
        raise AssertionError("no answer to " + frame["type"])

    with connect(address) as bernat:
        token = seated(bernat, {"type": "sit", "seat": 1, "name": PEOPLE[1]})["token"]
        wait.until(lambda driver: driver.find_element(By.ID, "status").get_attribute("data-state") == "playing")
    notice = wait.until(lambda driver: [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#log li.notice")])
    assert notice[-1] == f"{PEOPLE[1]} ha perdido la conexión; el asiento espera 60 s", notice
    assert browser.find_elements(By.CSS_SELECTOR, "li[data-seat='1'] .pill.away")
    with connect(address) as again:
        assert seated(again, {"type": "hello", "token": token})["seat"] == 1
        wait.until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#log li.notice")) >= 2)
        assert browser.find_elements(By.CSS_SELECTOR, "#log li.notice")[-1].text == f"{PEOPLE[1]} ha vuelto"
        wait.until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "li[data-seat='1'] .pill.away"))
