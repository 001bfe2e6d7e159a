// The table server's page: a lobby to create tables, and a table to sit at and play.
// Plain JavaScript, no build step, no outside resource.  The server sends only this
// seat's view; everything drawn here comes from its frames.
"use strict";

const $ = (selector) => document.querySelector(selector);
const state = { catalogue: null, table: null, ws: null, you: null, ply: -1, logged: -1, status: "", retry: 0,
                shown: null, lastTable: null };

// ---------------------------------------------------------------- one language on the page

// The page's own words come from the server's catalogue (/api/words, the same three languages
// as the library's); the server sends the picture, the events, the moves and the outcome in
// the same language (a "lang" frame, and ?lang= on the websocket's address).
let WORDS = { en: {}, ca: {}, es: {} };

async function loadWords() {
  try {
    const response = await fetch("/api/words");
    if (response.ok) WORDS = await response.json();
  } catch (error) { /* the keys stand in for the words */ }
}

function currentLang() {
  const lang = localStorage.getItem("cau.lang");
  return lang in WORDS ? lang : "en";
}

function t(key, ...values) {
  const text = (WORDS[currentLang()] || {})[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, index) => String(values[Number(index)]));
}

// A text with a singular and a plural ("{0} seat|{0} seats"), for *count*.
function tn(key, count) {
  const [one, many] = t(key, count).split("|");
  return count === 1 || many === undefined ? one : many;
}

function applyLang() {
  const lang = currentLang();
  document.documentElement.lang = lang;
  $("#lang").value = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
}

function setLang(lang) {
  localStorage.setItem("cau.lang", lang);
  applyLang();
  if (state.ws) send({ type: "lang", lang });  // the picture, the log and the outcome follow
  if (state.lastTable) renderTable(state.lastTable);
  if (state.shown) renderView(state.shown, false);
  if (state.catalogue) {
    for (const option of document.querySelectorAll("#variant option")) {
      const variant = state.catalogue.variants.find((v) => v.name === option.value);
      if (variant) option.textContent = humanName(variant);
    }
    if (!$("#lobby").hidden) {
      $("#variant-title").textContent = variantLine(currentVariant());
      fillOptions(true);
      listTables();
    }
  }
}

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

async function loadCatalogue() {
  const response = await fetch("/api/variants");
  state.catalogue = await response.json();
}

async function showLobby() {
  $("#lobby").hidden = false;
  $("#name").value = localStorage.getItem("cau.name") || "";
  await loadCatalogue();
  const select = $("#variant");
  for (const variant of state.catalogue.variants) {
    select.append(el("option", { value: variant.name, textContent: humanName(variant) }));
  }
  select.value = "cau";
  select.addEventListener("change", () => fillOptions(false));
  fillOptions(false);
  $("#create").addEventListener("submit", createTable);
  listTables();
}

// A preset's human name in the page's language (the library's catalogue of presets).
function humanName(variant) {
  return (variant.names || {})[currentLang()] || variant.name;
}

function variantLine(variant) {
  return (variant.titles || {})[currentLang()] || variant.title || "";
}

function currentVariant() {
  return state.catalogue.variants.find((v) => v.name === $("#variant").value);
}

function fillOptions(keep) {
  const variant = currentVariant();
  $("#variant-title").textContent = variantLine(variant);
  const players = $("#players");
  players.min = variant.min_players;
  players.max = variant.max_players;
  players.value = Math.min(Math.max(Number(players.value) || variant.min_players, variant.min_players), variant.max_players);
  const box = $("#options");
  const kept = keep === true ? changedOptions() : {};
  box.replaceChildren();
  if (variant.described) {
    for (const option of variant.described) box.append(optionControl(option, kept));
    for (const option of TABLE_OPTIONS) box.append(optionControl(option, kept));
    return;
  }
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

// One typed control per option, from the rules' own description of it: a checkbox, a number
// in its range, a list of its choices, or text (JSON for lists); its help line beside it.
// The table's own options (not the rules'): the grace a lost connection gets, a clock per move,
// and the bot that stands in for an absent player.
const TABLE_OPTIONS = [
  { name: "grace", table: true, kind: "int", default: 60, low: 0, high: 3600 },
  { name: "move_clock", table: true, kind: "int", default: 0, low: 0, high: 3600 },
  { name: "stand_in", table: true, kind: "choice", default: "greedy", choices: ["random", "greedy", "ismcts"] },
];

function optionWords(option) {
  if (option.table) {
    const choices = {};
    for (const choice of option.choices || []) choices[choice] = t("bot_" + choice);
    return { name: t("option_" + option.name), help: t("help_" + option.name), choices };
  }
  return (option.words || {})[currentLang()] || { name: option.name, help: option.help || "", choices: {} };
}

function optionControl(option, kept) {
  const words = optionWords(option);
  const value = kept && option.name in kept ? kept[option.name] : option.default;
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", checked: value });
  } else if (option.kind === "int") {
    input = el("input", { type: "number", value: String(value), step: "1" });
    if (option.low !== undefined && option.low !== null) input.min = String(option.low);
    if (option.high !== undefined && option.high !== null) input.max = String(option.high);
  } else if (option.choices) {
    input = el("select", {});
    for (const choice of option.choices) {
      input.append(el("option", { value: choice, textContent: words.choices[String(choice)] ?? String(choice) }));
    }
    input.value = value;
  } else if (typeof option.default === "string") {
    input = el("input", { value });
  } else {
    input = el("input", { value: JSON.stringify(value) });
  }
  input.dataset.option = option.name;
  input.dataset.initial = JSON.stringify(option.default);
  if (option.table) input.dataset.table = "1";
  input.title = words.help;
  return el("label", { class: "option" }, el("span", { class: "name", textContent: words.name }), input,
    el("small", { class: "help muted", textContent: words.help }));
}

function changedOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const initial = JSON.parse(input.dataset.initial);
    let value;
    if (typeof initial === "boolean") value = input.checked;
    else if (typeof initial === "number") value = Number(input.value);
    else if (input.tagName === "SELECT") value = typeof initial === "number" ? Number(input.value) : input.value;
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
  const options = changedOptions();
  const table = {};
  for (const option of TABLE_OPTIONS) {
    const input = document.querySelector(`#options [data-option="${option.name}"]`);
    if (input) table[option.name] = option.kind === "int" ? Number(input.value) : input.value;
    delete options[option.name];
  }
  const body = { variant: $("#variant").value, players: Number($("#players").value), options, table };
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
    const free = table.free.length ? tn("free", table.free.length) : t("status_" + table.status);
    const variant = (state.catalogue.variants || []).find((v) => v.name === table.variant);
    const name = variant ? humanName(variant) : table.variant;
    list.append(el("li", {}, el("a", { href: "/t/" + table.table, textContent: `${name}, ${tn("n_players", table.players)}` }),
      " — " + free));
  }
  if (!answer.tables.length) list.append(el("li", { class: "muted", textContent: t("none_yet") }));
}

// ---------------------------------------------------------------- table

async function showTable(id) {
  state.table = id;
  await loadCatalogue();
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

// A phone's narrow screen gets the capture games' compact column; a wider one, the table.
const NARROW = window.matchMedia("(max-width: 700px)");

function pictureForm() {
  return NARROW.matches ? "column" : "table";
}

NARROW.addEventListener("change", () => send({ type: "form", form: pictureForm() }));

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${state.table}?lang=${currentLang()}&form=${pictureForm()}`);
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
  pill.textContent = t(text);
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
    if (frame.picture_patch) frame.picture = patchPicture(state.shown ? state.shown.picture : "", frame.picture_patch);
    delete frame.picture_patch;
    const whole = state.shown && state.shown.seat === frame.seat ? { ...state.shown, ...frame } : frame;
    if (!("events" in frame)) whole.events = [];  // events come once, with their ply
    state.shown = whole;
    if (frame.symbols) addSymbols(frame.symbols);
    renderView(whole, "picture" in frame);
  }
  else if (frame.type === "notice") {
    // A seat's person is away, back, played for by a bot, or out of time: in this page's words.
    const info = state.lastTable && state.lastTable.seats[frame.seat];
    const who = info ? seatName(info, frame.seat) : t("seat", frame.seat);
    $("#log").append(el("li", { class: "notice", textContent: t(frame.key, who, frame.seconds), "data-ply": String(frame.ply) }));
    $("#log").scrollTop = $("#log").scrollHeight;
  }
  else if (frame.type === "preview") {
    if (frame.ply === state.ply) showTakes(frame.takes);
  }
  else if (frame.type === "error") {
    $("#message").textContent = frame.message;
    if (frame.code === "bad_token") localStorage.removeItem("cau.token." + state.table);
  }
}

// A picture after the first comes as a patch of the one before: each part is new lines of
// text, or [start, count], that many lines of the picture before from line start.
function patchPicture(before, patch) {
  const old = before.split("\n");
  const lines = [];
  for (const part of patch) {
    if (typeof part === "string") lines.push(...part.split("\n"));
    else lines.push(...old.slice(part[0], part[0] + part[1]));
  }
  return lines.join("\n");
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

// Each seat's name as people read it: a person's name, a bot's level in words, or "seat 2".
function seatName(seat, index) {
  if (seat.kind === "bot") return t("bot_seat", t("bot_" + seat.bot));
  if (seat.kind === "human") return seat.name;
  return t("seat", index);
}

function renderTable(frame) {
  state.lastTable = frame;
  if (frame.you !== null) state.you = frame.you;
  state.status = frame.status;
  const variant = state.catalogue && state.catalogue.variants.find((v) => v.name === frame.variant);
  $("#title").textContent = `${variant ? humanName(variant) : frame.variant} · ${tn("n_players", frame.players)}`;
  const status = $("#status");
  status.textContent = t("status_" + frame.status);
  status.dataset.state = frame.status;
  const seats = $("#seats");
  seats.replaceChildren();
  $("#guest").hidden = state.you !== null || !frame.seats.some((seat) => seat.kind === "empty");
  if (!$("#guest-name").value) $("#guest-name").value = localStorage.getItem("cau.name") || "";
  frame.seats.forEach((seat, index) => {
    const item = el("li", { class: "seat " + seat.kind, "data-seat": String(index) });
    const who = seat.kind === "empty" ? `${t("seat", index)}: ${t("empty")}` : `${t("seat", index)}: ${seatName(seat, index)}`;
    item.append(el("span", { class: "who", textContent: who }));
    if (index === state.you) item.append(el("span", { class: "pill you", textContent: t("you") }));
    if (seat.away) item.append(el("span", { class: "pill away", textContent: t("away") }));
    if (seat.kind === "empty") {
      if (state.you === null) {
        const sit = el("button", { type: "button", class: "sit", textContent: t("sit") });
        sit.addEventListener("click", () => {
          const name = $("#guest-name").value.trim() || localStorage.getItem("cau.name") || t("guest");
          localStorage.setItem("cau.name", name);
          send({ type: "sit", seat: index, name });
        });
        item.append(sit);
      } else {
        const kind = el("select", { class: "bot-kind" });
        kind.setAttribute("aria-label", t("bot_level"));
        for (const bot of state.catalogue.bots) kind.append(el("option", { value: bot, textContent: t("bot_" + bot) }));
        kind.value = "greedy";
        const add = el("button", { type: "button", class: "add-bot", textContent: t("add_bot") });
        add.addEventListener("click", () => send({ type: "bot", seat: index, kind: kind.value }));
        item.append(kind, add);
      }
    }
    seats.append(item);
  });
  if (sessionStorage.getItem("cau.autosit") === state.table && state.you === null && frame.seats[0].kind === "empty") {
    sessionStorage.removeItem("cau.autosit");
    send({ type: "sit", seat: 0, name: localStorage.getItem("cau.name") || t("player") });
  }
}

// A move's button: the move in words, and its notation as a small tag.
function moveButton(choice) {
  const button = el("button", { type: "button", class: "move", "data-move": choice.text },
    el("span", { class: "label", textContent: choice.label || choice.text }),
    el("code", { class: "tag", textContent: choice.text }));
  button.title = t("move_code");
  button.addEventListener("click", () => sendMove(choice.text));
  return button;
}

function rangeLabel(choice, value) {
  if (!choice.label) return choice.verb;
  return value === choice.min && choice.label_min ? choice.label_min : choice.label.replace("{n}", String(value));
}

// The move clock (a table option): a countdown for the seat to play, from the view of its turn.
let countdown = null;

function startClock(frame) {
  const seconds = state.lastTable && state.lastTable.settings ? state.lastTable.settings.move_clock : 0;
  const box = $("#clock");
  if (countdown) clearInterval(countdown);
  countdown = null;
  if (!seconds || frame.status !== "playing") { box.hidden = true; return; }
  const end = Date.now() + seconds * 1000;
  const show = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    box.textContent = t("clock", left);
    if (!left && countdown) { clearInterval(countdown); countdown = null; }
  };
  box.hidden = false;
  show();
  countdown = setInterval(show, 1000);
}

function renderView(frame, newPicture) {
  if (frame.seat !== state.you) return;  // a spectator frame sent before this connection took its seat
  if (frame.ply !== state.ply || countdown === null) startClock(frame);
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
  $("#turn").textContent = frame.status === "waiting" ? t("waiting")
    : frame.status === "over" ? t("over")
    : mine ? t("your_turn") : t("to_play", toPlayName(frame.to_play));
  if (mine) {
    for (const choice of frame.choices) {
      if (choice.kind === "move") {
        choices.append(moveButton(choice));
      } else if (choice.min === choice.max) {  // one amount: a button, not a slider
        choices.append(moveButton({ text: `${choice.verb} ${choice.min}`, label: rangeLabel(choice, choice.min) }));
      } else {
        const range = el("input", { type: "range", min: choice.min, max: choice.max, value: choice.min, class: "amount" });
        range.setAttribute("aria-label", t("amount"));
        const label = el("span", { class: "label", textContent: rangeLabel(choice, choice.min) });
        const tag = el("code", { class: "tag", textContent: `${choice.verb} ${choice.min}` });
        const button = el("button", { type: "button", class: "move range-move", "data-verb": choice.verb }, label, tag);
        range.addEventListener("input", () => {
          label.textContent = rangeLabel(choice, Number(range.value));
          tag.textContent = `${choice.verb} ${range.value}`;
        });
        button.addEventListener("click", () => sendMove(`${choice.verb} ${range.value}`));
        choices.append(el("span", { class: "range" }, button, range,
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
    const headline = state.you === null || !winners.includes(state.you) ? t("game_over")
      : winners.length === 1 ? t("you_win") : t("tie");
    outcome.replaceChildren(
      el("strong", { textContent: headline + " " }),
      el("span", { class: "outcome-text", textContent: frame.outcome.text + ". " }),
      el("a", { href: `/api/tables/${state.table}/record`, textContent: t("record"), target: "_blank" }));
  } else {
    outcome.hidden = true;
  }
}

// ---------------------------------------------------------------- playing by clicking a card

// The card a move plays: its first card code ("7o", "4c+1", "4c>4e", "give 3e", "add 10c").
const PLAYED = /^(?:[a-z]+ )?((?:1[0-2]|[1-9])[oceb])(?![0-9a-z])/;

function toPlayName(seat) {
  const info = state.lastTable && state.lastTable.seats[seat];
  return info ? seatName(info, seat) : t("seat", seat);
}

function markPlayable(choices) {
  const byCard = new Map();
  for (const choice of choices) {
    const match = choice.kind === "move" && PLAYED.exec(choice.text);
    if (!match) continue;
    if (!byCard.has(match[1])) byCard.set(match[1], []);
    byCard.get(match[1]).push(choice);
  }
  $("#click-hint").hidden = byCard.size === 0;
  for (const card of document.querySelectorAll("#picture [data-card]")) {
    const moves = byCard.get(card.dataset.card);
    if (!moves) continue;
    card.classList.add("playable");
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    const play = () => (moves.length === 1 ? sendMove(moves[0].text) : openChooser(moves, card));
    card.addEventListener("click", play);
    card.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") play(); });
    if (moves.length === 1) {
      card.addEventListener("mouseenter", () => preview(moves[0].text));
      card.addEventListener("mouseleave", () => showTakes([]));
    }
  }
}

// One card, several moves (a run of another length, a chain call): a small chooser.
function openChooser(moves, card) {
  const chooser = $("#chooser");
  chooser.replaceChildren();
  for (const choice of moves) {
    const button = moveButton(choice);
    button.addEventListener("mouseenter", () => preview(choice.text));
    button.addEventListener("focus", () => preview(choice.text));
    chooser.append(button);
  }
  const cancel = el("button", { type: "button", class: "cancel", textContent: "×", title: t("close") });
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

loadWords().then(() => {
  applyLang();
  $("#lang").addEventListener("change", (event) => setLang(event.target.value));
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]{1,64})$/);
  if (match) showTable(match[1]);
  else showLobby();
});
