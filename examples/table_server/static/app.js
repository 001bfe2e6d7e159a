// The table server's page: a lobby to create tables, and a table to sit at and play.
// Plain JavaScript, no build step, no outside resource.  The server sends only this
// seat's view; everything drawn here comes from its frames.
"use strict";

const $ = (selector) => document.querySelector(selector);
const state = { catalogue: null, table: null, ws: null, you: null, ply: -1, logged: -1, status: "", retry: 0,
                shown: null };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

// ---------------------------------------------------------------- lobby

async function showLobby() {
  $("#lobby").hidden = false;
  $("#name").value = localStorage.getItem("cau.name") || "";
  const response = await fetch("/api/variants");
  state.catalogue = await response.json();
  const select = $("#variant");
  for (const variant of state.catalogue.variants) {
    select.append(el("option", { value: variant.name, textContent: humanName(variant) }));
  }
  select.value = "cau";
  select.addEventListener("change", fillOptions);
  fillOptions();
  $("#create").addEventListener("submit", createTable);
  listTables();
}

// A preset's human name: the start of its one-line description ("Cau robat by the Catalan
// rule book: ..." gives "Cau robat"), with the preset's own name after it.
function humanName(variant) {
  const title = (variant.title || "").split(/ by | of the |:/)[0].replace(/^The /, "");
  return title && title.toLowerCase() !== variant.name ? `${title} (${variant.name})` : variant.name;
}

function currentVariant() {
  return state.catalogue.variants.find((v) => v.name === $("#variant").value);
}

function fillOptions() {
  const variant = currentVariant();
  $("#variant-title").textContent = variant.title || "";
  const players = $("#players");
  players.min = variant.min_players;
  players.max = variant.max_players;
  players.value = Math.min(Math.max(Number(players.value) || variant.min_players, variant.min_players), variant.max_players);
  const box = $("#options");
  box.replaceChildren();
  for (const [key, value] of Object.entries(variant.options)) {
    let input;
    if (typeof value === "boolean") {
      input = el("input", { type: "checkbox", checked: value });
    } else if (typeof value === "number") {
      input = el("input", { type: "number", value: String(value) });
    } else if (typeof value === "string") {
      input = el("input", { value });
    } else {
      input = el("input", { value: JSON.stringify(value) });
    }
    input.dataset.option = key;
    input.dataset.initial = JSON.stringify(value);
    box.append(el("label", { class: "option" }, key + " ", input));
  }
}

function changedOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const initial = JSON.parse(input.dataset.initial);
    let value;
    if (typeof initial === "boolean") value = input.checked;
    else if (typeof initial === "number") value = Number(input.value);
    else if (typeof initial === "string") value = input.value;
    else {
      try { value = JSON.parse(input.value); } catch (error) { value = input.value; }
    }
    if (JSON.stringify(value) !== JSON.stringify(initial)) options[input.dataset.option] = value;
  }
  return options;
}

async function createTable(event) {
  event.preventDefault();
  const name = $("#name").value.trim();
  localStorage.setItem("cau.name", name);
  const body = { variant: $("#variant").value, players: Number($("#players").value), options: changedOptions() };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("#create-message").textContent = answer.message;
    return;
  }
  sessionStorage.setItem("cau.autosit", answer.table);
  location.href = answer.link;
}

async function listTables() {
  const response = await fetch("/api/tables");
  const answer = await response.json();
  const list = $("#tables");
  list.replaceChildren();
  for (const table of answer.tables) {
    const free = table.free.length ? `${table.free.length} free seat(s)` : table.status;
    const variant = (state.catalogue.variants || []).find((v) => v.name === table.variant);
    const name = variant ? humanName(variant) : table.variant;
    list.append(el("li", {}, el("a", { href: "/t/" + table.table, textContent: `${name}, ${table.players} players` }),
      " — " + free));
  }
  if (!answer.tables.length) list.append(el("li", { class: "muted", textContent: "none yet" }));
}

// ---------------------------------------------------------------- table

function showTable(id) {
  state.table = id;
  $("#table").hidden = false;
  $("#invite").value = location.origin + "/t/" + id;
  $("#copy").addEventListener("click", () => {
    $("#invite").select();
    if (navigator.clipboard) navigator.clipboard.writeText($("#invite").value).catch(() => {});
  });
  $("#move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#move-text").value.trim();
    if (text) sendMove(text);
  });
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${state.table}`);
  state.ws = ws;
  setConnection("connecting");
  ws.addEventListener("open", () => {
    state.retry = 0;
    setConnection("online");
    const token = localStorage.getItem("cau.token." + state.table);
    if (token) send({ type: "hello", token });
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    setConnection("offline");
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(connect, 500 * state.retry);
  });
}

function setConnection(text) {
  const pill = $("#connection");
  pill.hidden = false;
  pill.textContent = text;
  pill.dataset.state = text;
}

function send(frame) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(frame));
}

function sendMove(text) {
  $("#message").textContent = "";
  send({ type: "move", text, ply: state.ply });
}

function receive(frame) {
  if (frame.type === "table") renderTable(frame);
  else if (frame.type === "seated") {
    state.you = frame.seat;
    if (frame.token) localStorage.setItem("cau.token." + state.table, frame.token);
  } else if (frame.type === "view") {
    // A view frame holds only what changed for this connection: a missing key is as before.
    const whole = state.shown && state.shown.seat === frame.seat ? { ...state.shown, ...frame } : frame;
    if (!("events" in frame)) whole.events = [];  // events come once, with their ply
    state.shown = whole;
    if (frame.symbols) addSymbols(frame.symbols);
    renderView(whole, "picture" in frame);
  }
  else if (frame.type === "preview") {
    if (frame.ply === state.ply) showTakes(frame.takes);
  }
  else if (frame.type === "error") {
    $("#message").textContent = frame.message;
    if (frame.code === "bad_token") localStorage.removeItem("cau.token." + state.table);
  }
}

// Card faces, backs and suit signs come once per connection, as SVG <symbol>s: kept in one
// hidden <svg>, where the <use> elements of every later picture find them.
function addSymbols(symbols) {
  const sprite = $("#symbols");
  for (const [id, text] of Object.entries(symbols)) {
    const old = document.getElementById(id);
    if (old) old.remove();
    sprite.insertAdjacentHTML("beforeend", text);
  }
}

function renderTable(frame) {
  if (frame.you !== null) state.you = frame.you;
  state.status = frame.status;
  $("#title").textContent = `${frame.variant} · ${frame.players} players`;
  const status = $("#status");
  status.textContent = frame.status;
  status.dataset.state = frame.status;
  const seats = $("#seats");
  seats.replaceChildren();
  $("#guest").hidden = state.you !== null || !frame.seats.some((seat) => seat.kind === "empty");
  if (!$("#guest-name").value) $("#guest-name").value = localStorage.getItem("cau.name") || "";
  frame.seats.forEach((seat, index) => {
    const item = el("li", { class: "seat " + seat.kind, "data-seat": String(index) });
    item.append(el("span", { class: "who", textContent: `seat ${index}: ` + (seat.kind === "empty" ? "empty" : seat.name) }));
    if (index === state.you) item.append(el("span", { class: "pill you", textContent: "you" }));
    if (seat.kind === "empty") {
      if (state.you === null) {
        const sit = el("button", { type: "button", class: "sit", textContent: "Sit here" });
        sit.addEventListener("click", () => {
          const name = $("#guest-name").value.trim() || localStorage.getItem("cau.name") || "guest";
          localStorage.setItem("cau.name", name);
          send({ type: "sit", seat: index, name });
        });
        item.append(sit);
      } else {
        const kind = el("select", { class: "bot-kind" });
        for (const bot of ["random", "greedy", "ismcts"]) kind.append(el("option", { value: bot, textContent: bot }));
        kind.value = "greedy";
        const add = el("button", { type: "button", class: "add-bot", textContent: "Add bot" });
        add.addEventListener("click", () => send({ type: "bot", seat: index, kind: kind.value }));
        item.append(kind, add);
      }
    }
    seats.append(item);
  });
  if (sessionStorage.getItem("cau.autosit") === state.table && state.you === null && frame.seats[0].kind === "empty") {
    sessionStorage.removeItem("cau.autosit");
    send({ type: "sit", seat: 0, name: localStorage.getItem("cau.name") || "player" });
  }
}

function renderView(frame, newPicture) {
  if (frame.seat !== state.you) return;  // a spectator frame sent before this connection took its seat
  state.ply = frame.ply;
  document.body.dataset.ply = String(frame.ply);
  if (newPicture || !$("#picture").firstChild) $("#picture").innerHTML = frame.picture;  // drawn by the server from this seat's view only
  if (frame.ply > state.logged) {
    const log = $("#log");
    for (const text of frame.events) log.append(el("li", { textContent: text, "data-ply": String(frame.ply) }));
    while (log.children.length > 300) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
    state.logged = frame.ply;
  }
  const choices = $("#choices");
  choices.replaceChildren();
  closeChooser();
  $("#move-box").hidden = state.you === null;  // a spectator has nothing to choose
  const mine = frame.status === "playing" && frame.to_play === state.you && state.you !== null;
  $("#move-form").hidden = frame.status === "over" || state.you === null;
  $("#turn").textContent = frame.status === "waiting" ? "Waiting for every seat to be taken."
    : frame.status === "over" ? "The game is over."
    : mine ? "Your turn: choose a move." : `Seat ${frame.to_play} to play.`;
  if (mine) {
    for (const choice of frame.choices) {
      if (choice.kind === "move") {
        const button = el("button", { type: "button", class: "move", textContent: choice.text, "data-move": choice.text });
        button.addEventListener("click", () => sendMove(choice.text));
        choices.append(button);
      } else if (choice.min === choice.max) {  // one amount: a button, not a slider
        const text = `${choice.verb} ${choice.min}`;
        const button = el("button", { type: "button", class: "move", textContent: text, "data-move": text });
        button.addEventListener("click", () => sendMove(text));
        choices.append(button);
      } else {
        const range = el("input", { type: "range", min: choice.min, max: choice.max, value: choice.min, class: "amount" });
        const number = el("output", { textContent: String(choice.min) });
        range.addEventListener("input", () => { number.textContent = range.value; });
        const button = el("button", { type: "button", class: "move range-move", textContent: choice.verb, "data-verb": choice.verb });
        button.addEventListener("click", () => sendMove(`${choice.verb} ${range.value}`));
        choices.append(el("span", { class: "range" }, button, range, number,
          el("span", { class: "muted", textContent: ` ${choice.min}–${choice.max}` })));
      }
    }
  }
  markPlayable(mine ? frame.choices : []);
  const outcome = $("#outcome");
  if (frame.outcome) {
    outcome.hidden = false;
    const winners = frame.outcome.winners;
    // "You win!" only for a win of your own: a tie (a void Cacho session included) is a tie.
    const headline = state.you === null || !winners.includes(state.you) ? "Game over. "
      : winners.length === 1 ? "You win! " : "A tie: you share the win. ";
    outcome.replaceChildren(
      el("strong", { textContent: headline }),
      el("span", { class: "outcome-text", textContent: frame.outcome.text + ". " }),
      el("a", { href: `/api/tables/${state.table}/record`, textContent: "Game record", target: "_blank" }));
  } else {
    outcome.hidden = true;
  }
}

// ---------------------------------------------------------------- playing by clicking a card

// The card a move plays: its first card code ("7o", "4c+1", "4c>4e", "give 3e", "add 10c").
const PLAYED = /^(?:[a-z]+ )?((?:1[0-2]|[1-9])[oceb])(?![0-9a-z])/;

function markPlayable(choices) {
  const byCard = new Map();
  for (const choice of choices) {
    const match = choice.kind === "move" && PLAYED.exec(choice.text);
    if (!match) continue;
    if (!byCard.has(match[1])) byCard.set(match[1], []);
    byCard.get(match[1]).push(choice.text);
  }
  $("#click-hint").hidden = byCard.size === 0;
  for (const card of document.querySelectorAll("#picture [data-card]")) {
    const moves = byCard.get(card.dataset.card);
    if (!moves) continue;
    card.classList.add("playable");
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    const play = () => (moves.length === 1 ? sendMove(moves[0]) : openChooser(moves, card));
    card.addEventListener("click", play);
    card.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") play(); });
    if (moves.length === 1) {
      card.addEventListener("mouseenter", () => preview(moves[0]));
      card.addEventListener("mouseleave", () => showTakes([]));
    }
  }
}

// One card, several moves (a run of another length, a chain call): a small chooser.
function openChooser(moves, card) {
  const chooser = $("#chooser");
  chooser.replaceChildren(el("span", { class: "muted", textContent: `${card.dataset.card}: ` }));
  for (const text of moves) {
    const button = el("button", { type: "button", class: "move", textContent: text, "data-move": text });
    button.addEventListener("click", () => sendMove(text));
    button.addEventListener("mouseenter", () => preview(text));
    button.addEventListener("focus", () => preview(text));
    chooser.append(button);
  }
  const cancel = el("button", { type: "button", class: "cancel", textContent: "×", title: "close" });
  cancel.addEventListener("click", closeChooser);
  chooser.append(cancel);
  const box = card.getBoundingClientRect();
  chooser.style.left = `${Math.max(4, box.left + window.scrollX)}px`;
  chooser.style.top = `${Math.max(4, box.top + window.scrollY - 44)}px`;
  chooser.hidden = false;
  chooser.querySelector("button").focus();
}

function closeChooser() {
  const chooser = $("#chooser");
  if (chooser) chooser.hidden = true;
  showTakes([]);
}

// The cards a move would take are outlined on the picture (the server says which).
function preview(text) {
  send({ type: "preview", text });
}

function showTakes(codes) {
  for (const card of document.querySelectorAll("#picture [data-card].takes")) card.classList.remove("takes");
  for (const code of codes) {
    for (const card of document.querySelectorAll(`#picture [data-card="${code}"]`)) card.classList.add("takes");
  }
}

// ---------------------------------------------------------------- start

const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]{1,64})$/);
if (match) showTable(match[1]);
else showLobby();
