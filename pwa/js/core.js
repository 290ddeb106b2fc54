// The app's state, the API calls and the live connection.
//
// One table is open at a time. The phone keeps, per table it joined, the seat it
// plays and the tokens (the host token too on the phone that created the table),
// and the last table it saw, so that an offline start can still show it.

import { gcsgStepTitle, getLang, refusalText, stepTitle, t } from "./i18n.js";
import { applyPatch } from "./patch.js";

const TABLES_KEY = "gc.tables";
const SNAP_PREFIX = "gc.snap.";

export const state = {
  code: null,          // the open table's code
  seat: null,          // the seat this phone plays there
  table: null,         // the last table view
  version: 0,
  savedAt: null,       // when the table view was last received (ms)
  conn: "none",        // none | connecting | live | reconnecting | offline
  seats: [],           // [{seat, connected}] from the last read
  history: null,       // history entries, newest last (loaded on demand)
  historyUpTo: 0,      // the last history entry the server gave (the next page starts after it)
  error: null,         // {key, message, rule, answer}: the last refusal, next to its control
  busy: new Set(),     // control keys waiting for an answer
  notice: null,        // a short message for the whole screen
  updateReady: false,
  travel: null,        // {undo, redo} when the live message carries them apart from the table view (C5)
  missed: null,        // {count, entries}: what changed while this phone was away (offline, reconnecting)
};

const listeners = new Set();
let scheduled = false;

export function subscribe(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// The screen is drawn again on every change this phone hears of (another phone's command, a seat
// taken, a presence). Drawn while a finger is down, it would replace the button between press and
// release, and the tap would be lost: the drawing waits for the release (at most a second).
let pressed = false;
let waiting = false;
let pressTimer = null;
function released() {
  pressed = false;
  clearTimeout(pressTimer);
  if (waiting) { waiting = false; setTimeout(changed, 0); }   // after the release's click
}
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => {
    pressed = true;
    clearTimeout(pressTimer);
    pressTimer = setTimeout(released, 1000);
  }, true);
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
}

export function changed() {
  if (pressed) { waiting = true; return; }
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    for (const fn of listeners) fn(state);
  });
}

// ------------------------------------------------------------------ storage

function readJSON(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function writeJSON(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full or private: keep going */ }
}

export function recentTables() {
  return Object.values(readJSON(TABLES_KEY, {})).sort((a, b) => (b.at || 0) - (a.at || 0));
}

export function tableRecord(code) {
  return readJSON(TABLES_KEY, {})[code] || null;
}

export function saveRecord(code, patch) {
  const all = readJSON(TABLES_KEY, {});
  all[code] = { ...(all[code] || { code }), ...patch, code, at: Date.now() };
  writeJSON(TABLES_KEY, all);
  return all[code];
}

export function forgetTable(code) {
  // The server forgets this phone's tokens too: they stop working and their live streams end
  // (offline, they are only lost with this phone's list: the host hands the seat over).
  const r = tableRecord(code);
  for (const [seat, token] of [[r?.seat, r?.token], ["host", r?.hostToken]]) {
    if (seat && token) request("DELETE", `/api/tables/${code}/seats/${encodeURIComponent(seat)}`, { token }).catch(() => {});
  }
  const all = readJSON(TABLES_KEY, {});
  delete all[code];
  writeJSON(TABLES_KEY, all);
  try { localStorage.removeItem(SNAP_PREFIX + code); } catch { /* ignore */ }
  if (state.code === code) closeTable();
  changed();
}

function saveSnapshot() {
  if (!state.code || !state.table) return;
  writeJSON(SNAP_PREFIX + state.code, { table: state.table, version: state.version, savedAt: state.savedAt, seats: state.seats });
}

// ------------------------------------------------------------------ seats, and what this phone may do

export function record() { return state.code ? tableRecord(state.code) : null; }

export function isHost() { return Boolean(record()?.hostToken); }

export function playToken() { const r = record(); return r?.token || r?.hostToken || null; }

export function hostToken() { const r = record(); return r?.hostToken || r?.token || null; }

// Does the host's phone also play a seat (a hero, the villain, a side, a player)?
export function hostPlays() {
  const r = record();
  return Boolean(r?.hostToken && r.seat && r.seat !== "host");
}

// The host's powers on this phone: always on a phone that plays no seat (the table's own phone);
// on the host's player phone only in "act as host" mode, a switch the player turns on and off
// (issue 31: the host's powers never spill onto their own player screens by default).
export function actingAsHost() {
  const r = record();
  return Boolean(r?.hostToken) && (!hostPlays() || r.actAsHost === true);
}

export function setActingAsHost(on) {
  if (state.code) saveRecord(state.code, { actAsHost: Boolean(on) });
  changed();
}

// The seats this phone acts for: the one it plays, and "host" while it acts as host.
export function mySeats() {
  return [...new Set([state.seat, actingAsHost() ? "host" : null].filter(Boolean))];
}

// The hero a seat name plays ("hero:batman" → "batman"), for labels and the default board; never
// to decide what may be done (the table's `may` says that).
const HERO_SEAT = /^hero:(.+)$/;
export function heroOfSeat(seat) { return HERO_SEAT.exec(seat || "")?.[1] || null; }

// Versus: the command post this phone plays (its seat names a side), for labels and ordering.
export function mySide() {
  return ["heroes", "villain"].find((side) => mySeats().includes(side)) || null;
}

export function isVersus(table = state.table) { return table?.mode === "versus"; }

export function writable() { return state.conn !== "offline"; }

// What may be done now comes from the table view (contract C2): `table.may[seat]` lists the
// commands each seat may send now, with the values each field may take ({"command", "targets":
// {field: [values]}}). A field the phone names must be listed with that value: an entry that does
// not list it is about another actor (a command post's spend does not cover a hero's board). The
// app keeps no copy of the rules or of the seats' rights: it draws what `may` offers and explains
// what it does not.
function matches(entry, targets) {
  return Object.entries(targets).every(([field, value]) => {
    if (value === undefined || value === null) return true;
    const allowed = entry.targets?.[field];
    return Array.isArray(allowed) && allowed.includes(value);
  });
}

function entries(seat, table = state.table) {
  return table?.may?.[seat] || [];
}

// The offers this phone may send, by seat: its own seat's, and the host's: all of them while it acts
// as host, else only the host's own powers ("host_only": the end of the game, the dice mode).
function myOffers(table = state.table) {
  const lists = mySeats().map((seat) => [seat, entries(seat, table)]);
  if (isHost() && !actingAsHost()) lists.push(["host", entries("host", table).filter((e) => e.host_only)]);
  return lists;
}

// Who the table waits for, in every game (contract C1: the board game's `turn.awaiting`, the
// Miniature Game's `round.awaiting`, the Strategy Game's `turn.awaiting`). The other games' codes are
// their command names, read here as "<game>.<code>" (their words and tabs are their own).
export function awaiting(table = state.table) {
  if (!table) return [];
  const game = gameOf(table);
  const list = game === "bmg" ? table.round?.awaiting : table.turn?.awaiting;
  if (!Array.isArray(list)) return [];
  return game === "bmg" || game === "gcsg" ? list.map((e) => ({ ...e, code: `${game}.${e.code}` })) : list;
}

// May this phone send `command` with those field values now? {ok, token} when it may (the token
// of the seat that may: the seat's own, else the host's), else {ok: false, why} with the reason
// to show next to the disabled control and `by`: "other" (another seat may), "now" (no seat may
// now) or "offline" (why is "": the banner says it).
export function allow(command, targets = {}) {
  const table = state.table;
  if (!table || !writable()) return { ok: false, why: "", by: "offline" };
  for (const [seat, list] of myOffers()) {
    if (list.some((e) => e.command === command && matches(e, targets))) {
      return { ok: true, token: seat === "host" ? hostToken() : playToken() };
    }
  }
  const others = Object.keys(table.may || {}).filter((seat) => entries(seat).some((e) => e.command === command && matches(e, targets)));
  if (others.length) {
    const players = others.filter((seat) => seat !== "host");
    const host = isHost() ? t("why.actAsHost") : t("why.host");
    return { ok: false, by: "other", why: players.length ? t("why.other", { seats: players.map((s) => seatName(s)).join(", ") }) : host };
  }
  // in a step that waits for this phone, naming the step says nothing ("Not now: Heroes: actions"
  // to a hero acting): the control is simply not available now
  const seats = mySeats();
  const mine = awaiting(table).some((e) => seats.includes(e.seat));
  return { ok: false, by: "now", why: mine ? t("why.unavailable") : t("why.notNow", { step: nowTitle(table) }) };
}

// The offer of `command` with those field values: this phone's (its own seat's first, then the
// host's), else another seat's (a read-only board still says the price), null when none. What a
// button is drawn from: its targets, its price.
export function offerFor(command, targets = {}, table = state.table) {
  const seats = [...mySeats(), ...Object.keys(table?.may || {})];
  for (const seat of seats) {
    const found = entries(seat, table).find((e) => e.command === command && matches(e, targets));
    if (found) return found;
  }
  return null;
}

// Every offer of `command` with those field values, whichever seat it is offered to.
export function offersOf(command, targets = {}, table = state.table) {
  return Object.keys(table?.may || {}).flatMap((seat) => entries(seat, table).filter((e) => e.command === command && matches(e, targets)));
}

// What a priced offer says of itself (games/registry.py): {price, ok, why}. `price` is the offer's
// {unit: amount} (null when it costs nothing), `ok` whether the seat can pay it now, `why` the
// rules' refusal in words when it cannot. The phone adds no cost and no rule of its own.
export function priceOf(offer) {
  if (!offer?.price) return { price: null, ok: true, why: "" };
  const ok = offer.affordable !== false;
  return { price: offer.price, ok, why: ok ? "" : refusalText({ reason: offer.why?.code, params: offer.why?.params || {} }, state.table) };
}

// The game a table view is of: "bgcc", "bgcc-versus", "bmg" or "gcsg" (the view says it).
// Whether the game has ended: every game's view says it (BGCC in its turn, the others at the top).
export function gameOver(table = state.table) { return Boolean(table?.over || table?.turn?.over); }

export function gameOf(table = state.table) { return table?.game || (table?.mode === "versus" ? "bgcc-versus" : "bgcc"); }

// Where play stands now, in words: the step (BGCC), the round's phase (BMG) or the turn's step (GCSG).
export function nowTitle(table = state.table) {
  if (gameOf(table) === "bmg") return t(`bmg.phase.${table.round.phase}`);
  if (gameOf(table) === "gcsg") return gcsgStepTitle(table.turn);
  return stepTitle(table.turn);
}

// The one way this phone sends a command, in every game: its registry name and its JSON fields,
// POST /api/tables/{code}/commands/{name}, with the token of the seat the table's `may` offers it
// to on this phone (`targets`: the field values that pick the offer, e.g. {hero} or {side, tile}).
export function send(name, fields, controlKey, targets = {}) {
  const may = allow(name, targets);
  return command(`/commands/${encodeURIComponent(name)}`, fields || {}, controlKey, { token: may.token });
}

// What a command would do, changing nothing (a roll's odds, a movement's price): the same name and
// JSON fields as the command, POST /api/tables/{code}/previews/{name}. Answers {ok, status, data}.
export function preview(name, fields) {
  return request("POST", `/api/tables/${state.code}/previews/${encodeURIComponent(name)}`, { body: fields || {}, token: playToken() });
}

// Undo, redo, or a jump back in the table's history (not a game command: the table's own).
export function travel(kind, body, controlKey, opts = {}) {
  return command(`/history/${kind}`, body, controlKey, opts);
}

// The first of `commands` this phone may send (the HQ pick or the draft, whichever the table
// offers), else the refusal of one offered to another seat, else "not now".
export function allowAny(commands, targets = {}) {
  const answers = commands.map((c) => allow(c, targets));
  return answers.find((a) => a.ok) || answers.find((a) => a.by === "other") || answers[0];
}

// Is `command` (with those field values) offered to any seat now, whoever may send it?
export function offered(command, targets = {}, table = state.table) {
  return Object.values(table?.may || {}).some((list) => list.some((e) => e.command === command && matches(e, targets)));
}

// The entry of `command` this phone may send (e.g. advance, which carries "to": the next step), from
// `seats` (every seat of this phone unless told).
export function offer(command, seats = null) {
  // this phone's offers (with the host's own powers on the host's phone), or `seats`' only
  const lists = seats ? seats.map((seat) => [seat, entries(seat)]) : myOffers();
  for (const [, list] of lists) {
    const found = list.find((e) => e.command === command);
    if (found) return found;
  }
  return null;
}

// The offer of `command` a game screen draws (the Miniature and Strategy Games'): from the seat this
// phone plays, else the host's on a host-only phone.
export function playedOffer(command) { return offer(command, state.seat ? [state.seat] : mySeats()); }

// The command names this phone may send now, for the Table screen's "May be done now".
export function myCommands() {
  return [...new Set(myOffers().flatMap(([, list]) => list.map((e) => e.command)))];
}

// ------------------------------------------------------------------ HTTP

export class NetworkError extends Error {}

function randomKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function request(method, path, { body, token, key, ifMatch } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  if (ifMatch) headers["If-Match"] = `"${ifMatch}"`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { message: text.slice(0, 200) }; }
  }
  return { ok: response.ok, status: response.status, data };
}

function setSeats(seats) {
  if (!Array.isArray(seats)) return;
  state.seats = seats;
  saveSnapshot();
  changed();
}

// The events of each change this phone hears of (its own answers, the live stream), for the shell's
// result card (now.js): one listener, no copy kept here.
const changeListeners = new Set();
export function onChange(fn) { changeListeners.add(fn); }
function noteChange(data) {
  if (data && "undo" in data) state.travel = { undo: data.undo, redo: data.redo ?? null };   // contract C5 on the message
  if (!data || !Array.isArray(data.events)) return;
  for (const fn of changeListeners) fn(state.table, data.events, data.version);
}

// Apply a table view if it is newer than what we show.
// `token`: the token the table was drawn for (a read or the stream: the token this phone plays
// with); in a game whose seats see the table differently a live patch applies only to that seat's.
let drawnFor = null;
export function applyTable(table, version, token = playToken()) {
  if (!table) return;
  const v = version ?? table.version ?? 0;
  if (state.table && v < state.version) return;
  drawnFor = token;
  // a refusal answered a control in the step it was tapped in: it goes once the game moves on
  if (state.error && state.table && stage(state.table) !== stage(table)) state.error = null;
  state.table = table;
  state.version = v;
  state.savedAt = Date.now();
  if (table.seats) state.seats = table.seats;
  saveSnapshot();
  const r = record();
  const name = table.mission ? missionName(table) : null;
  if (r && name && (r.mission !== name || r.mode !== table.mode)) saveRecord(state.code, { mission: name, mode: table.mode });
  changed();
}

// where the game stands, in any game's view: its turn or round and its step or phase
function stage(table) {
  const { turn, round } = table;
  return JSON.stringify([turn?.turn, turn?.number, turn?.step, round?.number, round?.phase, round?.turn]);
}

// Send one player action. `controlKey` names the control that caused it: a refusal is shown
// next to it, and the control shows it is busy meanwhile.
async function command(path, body, controlKey, { token, ifMatch, method = "POST" } = {}) {
  if (!state.code) return null;
  state.error = null;
  if (state.conn === "offline") {
    state.error = { key: controlKey, message: t("err.network") };
    changed();
    return null;
  }
  const key = randomKey();   // one key per action, reused when retrying it
  state.busy.add(controlKey);
  changed();
  const url = `/api/tables/${state.code}${path}`;
  const opts = { body: body === undefined ? undefined : body, token: token || playToken(), key, ifMatch };
  try {
    let answer;
    try {
      answer = await request(method, url, opts);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      await new Promise((r) => setTimeout(r, 700));
      answer = await request(method, url, opts);   // same Idempotency-Key: applied at most once
    }
    if (answer.ok) {
      applyTable(answer.data.table, answer.data.version, opts.token);
      noteChange(answer.data);
      if (state.history) loadHistory();
      return answer.data;
    }
    const data = answer.data || {};
    if (answer.status === 412 && data.table) {
      applyTable(data.table, data.version, opts.token);
      state.error = { key: controlKey, message: t("err.stale") };
    } else {
      state.error = { key: controlKey, message: refusalText(data, state.table) || t("err.generic", { msg: answer.status }), rule: data.rule, answer: data };
    }
    return null;
  } catch (err) {
    if (err instanceof NetworkError) {
      state.error = { key: controlKey, message: t("err.network") };
      goOffline();
    } else {
      state.error = { key: controlKey, message: t("err.generic", { msg: err.message }) };
    }
    return null;
  } finally {
    state.busy.delete(controlKey);
    changed();
  }
}

// The history is the whole game's record: fetched whole once, then only what came after the last
// entry the server gave (pages of HISTORY_PAGE, the most it answers at once). An entry the live
// stream added meanwhile is replaced by the server's own when a page brings it.
const HISTORY_PAGE = 500;
const TRAVELS = ["undo", "redo", "jump"];   // the events of an undo, a redo and a jump back (api/play.py)
let historyFetch = null;
let historyAgain = false;

export function loadHistory() {
  if (!state.code) return Promise.resolve();
  if (historyFetch) {
    historyAgain = true;   // asked again while fetching: fetch once more when this one ends
    return historyFetch;
  }
  const code = state.code;
  historyFetch = (async () => {
    try {
      do {
        historyAgain = false;
        let page;
        do {
          const after = state.historyUpTo;
          const answer = await request("GET", `/api/tables/${code}/history?after=${after}&limit=${HISTORY_PAGE}`);
          if (!answer.ok || state.code !== code) return;
          page = answer.data;
          const byVersion = new Map((state.history || []).map((x) => [x.version, x]));
          for (const entry of page) byVersion.set(entry.version, entry);
          state.history = [...byVersion.values()].sort((a, b) => a.version - b.version);
          if (page.length) state.historyUpTo = page[page.length - 1].version;
          changed();
        } while (page.length === HISTORY_PAGE);
      } while (historyAgain);
    } catch { /* offline: keep what we have */ } finally {
      historyFetch = null;
    }
  })();
  return historyFetch;
}

// ------------------------------------------------------------------ opening a table, live

let source = null;
let retryTimer = null;
let probeTimer = null;

export async function openTable(code, { fresh = true } = {}) {
  code = code.toUpperCase();
  if (state.code !== code) {
    closeTable();
    state.code = code;
    const snap = readJSON(SNAP_PREFIX + code, null);
    if (snap?.table) {
      state.table = snap.table;
      state.version = snap.version || snap.table.version || 0;
      state.savedAt = snap.savedAt;
      state.seats = snap.seats || [];
      awayAt = state.version;   // what changed since, said once the stream brings it
    }
  }
  const r = tableRecord(code);
  const seat = r?.seat || (r?.hostToken ? "host" : null);
  const reread = Boolean(state.history) && seat !== state.seat;   // another seat reads another history
  state.seat = seat;
  if (reread) {
    Object.assign(state, { history: null, historyUpTo: 0 });
    loadHistory();
  }
  try { localStorage.setItem("gc.current", code); } catch { /* ignore */ }
  state.conn = state.conn === "live" ? "live" : "connecting";
  changed();
  if (fresh) await fetchTable();
  connectLive();
}

export function closeTable() {
  if (source) source.close();
  source = null;
  clearTimeout(retryTimer);
  clearTimeout(probeTimer);
  Object.assign(state, { code: null, seat: null, table: null, version: 0, savedAt: null, conn: "none", seats: [], history: null, historyUpTo: 0, error: null, travel: null, missed: null });
  awayAt = null;
  try { localStorage.removeItem("gc.current"); } catch { /* ignore */ }
  changed();
}

export async function fetchTable() {
  if (!state.code) return false;
  try {
    const answer = await request("GET", `/api/tables/${state.code}`, { token: playToken() });
    if (answer.ok) {
      applyTable(answer.data, answer.data.version);
      if (state.conn === "offline") state.conn = "connecting";
      changed();
      return true;
    }
    if (answer.status === 404) {
      state.notice = t("join.noTable", { code: state.code });
      changed();
    }
    return false;
  } catch {
    goOffline();
    return false;
  }
}

// A token never goes in a URL (access logs, history): a seat's stream first asks for a short-lived
// ticket with the token in the Authorization header; the server sets it as an HttpOnly cookie
// scoped to this table's stream, which the EventSource then carries.
// The stream's ticket; on the host's phone that also plays a seat, the host's token goes with it so
// that the other phones see the host connected too (the stream stays the played seat's).
async function liveTicket(code, token) {
  const host = hostPlays() ? record()?.hostToken : null;
  try {
    await request("POST", `/api/tables/${code}/live/ticket`, { token, ...(host && host !== token ? { body: { also: host } } : {}) });
  } catch { /* offline: the stream's own error says so */ }
}

async function connectLive() {
  if (!state.code) return;
  if (source) source.close();
  source = null;
  clearTimeout(retryTimer);
  const code = state.code;
  const token = playToken();
  if (token) await liveTicket(code, token);
  if (state.code !== code || source) return;   // the table was closed or reopened meanwhile
  const es = new EventSource(`/api/tables/${code}/live`);
  source = es;
  es.addEventListener("open", () => {
    if (source !== es) return;
    const wasOffline = state.conn === "offline";
    state.conn = "live";
    changed();
    if (wasOffline && state.history) loadHistory();
    if (awayAt !== null) sayWhatChanged(code, awayAt);   // once the snapshot or the replay brought it
    awayAt = null;
  });
  // The stream says everything (contract C3): `snapshot` the table and who is connected, `change`
  // each change with the new table, `presence` who is connected whenever that changes. No polling.
  es.addEventListener("snapshot", (e) => {
    if (source !== es) return;
    const data = JSON.parse(e.data);
    state.conn = "live";
    const table = data.table || data;   // {version, table, seats} or the table view itself with "seats"
    if (data.seats) setSeats(data.seats);
    const version = data.version ?? table.version;
    applyTable(table, version);
    if (missedFrom !== null) readMissed(code);
    if ("undo" in data) state.travel = { undo: data.undo, redo: data.redo ?? null };
    // a snapshot newer than the history this phone holds (the stream opened after a change, or
    // missed more than the server replays): the History reads what came after its last entry
    if (state.history && version > (state.history[state.history.length - 1]?.version ?? 0)) loadHistory();
  });
  es.addEventListener("presence", (e) => {
    if (source !== es) return;
    setSeats(JSON.parse(e.data).seats);
  });
  // a seat taken or handed over (contract C8), when the stream says it apart from presence
  es.addEventListener("seats", (e) => {
    if (source !== es) return;
    setSeats(JSON.parse(e.data).seats);
  });
  es.addEventListener("change", (e) => {
    if (source !== es) return;
    const data = JSON.parse(e.data);
    state.conn = "live";
    if (data.table) applyTable(data.table, data.version);
    else if (data.patch) applyChange(data);
    if (awayAt !== null) awayAt = Math.max(awayAt, state.version);   // seen as it came: not missed
    noteChange(data);
    if (state.history && !state.history.some((x) => x.version === data.version)) {
      state.history = [...state.history, { version: data.version, seat: data.seat, command: data.command, at: Date.now(), events: data.events }];
      changed();
    }
    if (state.history && (data.events || []).some((ev) => TRAVELS.includes(ev.kind))) {
      state.historyUpTo = 0;   // an undo, redo or jump changes which earlier changes read `undone`: read them again
      loadHistory();
    }
  });
  // This phone's token stopped working (its seat handed to another phone, the host seat reclaimed
  // elsewhere): the server ended the stream before anything new of the seat. The phone forgets that
  // token, says so, and follows the table with what it still holds (else as anyone at the table).
  es.addEventListener("revoked", (e) => {
    if (source !== es) return;
    es.close();
    source = null;
    const { seat } = JSON.parse(e.data);
    const r = tableRecord(code);
    if (r) saveRecord(code, { ...(r.token === token ? { seat: null, token: null } : {}), ...(r.hostToken === token ? { hostToken: null } : {}) });
    state.notice = t("seat.revoked", { seat: seatName(seat) });
    if (state.code === code) openTable(code);
  });
  es.addEventListener("error", () => {
    if (source !== es) return;
    markAway();
    if (state.conn === "live" || state.conn === "connecting") state.conn = "reconnecting";
    changed();
    probe();
    if (es.readyState === EventSource.CLOSED) {
      // The browser gave up (an HTTP error): start again ourselves.
      retryTimer = setTimeout(connectLive, 3000);
    }
  });
}

// A live change carries the patch from the version before (patch.js): applied to the table this
// phone holds when it holds that version; a version it holds already (its own answer, a read that
// came first) is left; any other (a gap, a patch that does not fit, a table drawn for another of
// this phone's seats in a game with secrets: the host's answer) reads the whole table again.
function applyChange(data) {
  if (state.table && data.version <= state.version) return;
  const mine = !state.table?.secret || drawnFor === playToken();
  if (state.table && mine && data.version === state.version + 1) {
    try {
      applyTable(applyPatch(state.table, data.patch), data.version);
      return;
    } catch { /* read the whole table */ }
  }
  fetchTable();
}

// Is the server reachable at all? Decides between "reconnecting" and "offline".
async function probe() {
  clearTimeout(probeTimer);
  try {
    const r = await fetch("/api/ping", { cache: "no-store" });
    if (!r.ok) throw new Error(String(r.status));
    if (state.conn === "offline") {
      state.conn = "reconnecting";
      changed();
      connectLive();   // its snapshot brings the table and who is connected
    }
  } catch {
    goOffline();
    probeTimer = setTimeout(probe, 3000);
  }
}

// Back from offline or a lost connection: what the other phones changed meanwhile, said once the
// stream has brought this phone up to date (its snapshot or the changes it replays), read from the
// history as this seat may read it.
let awayAt = null;        // the version this phone held when its connection was lost
const MISSED_SHOWN = 3;   // changes written out; the others counted ("and 4 more")
function markAway() {
  if (awayAt === null && state.table && state.code) awayAt = state.version;
}

let missedFrom = null;    // set at the stream's opening, read at its snapshot (or after its replay)
function sayWhatChanged(code, from) {
  missedFrom = from;
  setTimeout(() => readMissed(code), 1500);   // no snapshot came: the stream replayed the changes
}

async function readMissed(code) {
  const from = missedFrom;
  missedFrom = null;
  if (from === null || state.code !== code || state.version <= from) return;
  const upto = state.version;
  const after = Math.max(from, upto - MISSED_SHOWN);
  let answer;
  try {
    answer = await request("GET", `/api/tables/${code}/history?after=${after}&limit=${MISSED_SHOWN}`);
  } catch { return; }   // offline again: nothing said
  if (!answer.ok || state.code !== code || !Array.isArray(answer.data)) return;
  const entries = answer.data.filter((x) => x.version <= upto);
  if (!entries.length) return;
  state.missed = { count: upto - from, entries };
  changed();
}

export function dismissMissed() {
  state.missed = null;
  changed();
}

function goOffline() {
  markAway();
  if (state.conn !== "offline") {
    state.conn = "offline";
    changed();
  }
  clearTimeout(probeTimer);
  probeTimer = setTimeout(probe, 3000);
}

window.addEventListener("online", () => { if (state.code) probe(); });
window.addEventListener("offline", () => { if (state.code) goOffline(); });

// ------------------------------------------------------------------ joining

export async function joinSeat(code, seat) {
  const answer = await request("POST", `/api/tables/${code}/seats`, { body: { seat }, token: tableRecord(code)?.hostToken });
  if (answer.ok) {
    saveRecord(code, { seat, token: answer.data.token });
  }
  return answer;
}

// Contract C6: the host seat back on this phone from the table's recovery code. The answer's token
// is the new host token (the old host phone is cut off).
export async function reclaimHost(code, recoveryCode) {
  const answer = await request("POST", `/api/tables/${code}/recover`, { body: { recovery_code: recoveryCode } });
  if (answer.ok && answer.data?.token) {
    const r = tableRecord(code);
    saveRecord(code, { hostToken: answer.data.token, seat: r?.seat || "host", token: r?.token || null });
  }
  return answer;
}

// A handover's one-time claim code (the link the host's phone shows) exchanged for the seat's token.
// A refused code changes nothing this phone holds.
export async function claimSeat(code, claim) {
  const answer = await request("POST", `/api/tables/${code}/seats/claim`, { body: { claim } });
  if (answer.ok) saveRecord(code, { seat: answer.data.seat, token: answer.data.token });
  return answer;
}

export function setUpdateReady(value) {
  state.updateReady = value;
  changed();
}

// The mission's name in the current language (a Versus mission carries the booklet's French name).
export function missionName(table = state.table) {
  if (!table?.mission) return "";
  const fr = table.versus?.mission?.name_fr;
  return getLang() === "fr" && fr ? fr : table.mission.name;
}

// A readable name for a seat.
export function seatName(seat, table = state.table) {
  if (!seat) return "?";
  const id = heroOfSeat(seat);
  if (id) return table?.heroes?.find((x) => x.id === id)?.name || id;
  return playerName(seat, table) || t(`seat.${seat}`);
}

// Another game's seat, named by its table (a Miniature Game player's name, a Strategy Game Villain).
export function playerName(seat, table = state.table) {
  return table?.players?.find((p) => (p.seat ?? p.villain) === seat)?.name || null;
}

