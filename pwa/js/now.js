// The shell's table-wide pieces for the board game (standard and Versus), drawn on every screen by
// app.js: the "now" strip (turn, step, whose go, who is awaited), the prompt when this phone is
// awaited (banner, tab badge, a short vibration), Advance naming the next step, the result card of
// the last roll this phone took part in, and the Screen Wake Lock while a table is open.
// Everything comes from the table view: `turn.awaiting` (contract C1), the `advance` offer in `may`
// with its "to", the dice view's `roll` and `last`, and the events of each change.

import { awaitingText, listText, plural, stepTitle, t, tSide } from "./i18n.js";
import { confirmSheet, h } from "./ui.js";
import { allow, awaiting, changed, dismissMissed, gameOf, heroOfSeat, mySeats, offer, onChange, seatName, send, state } from "./core.js";
import { confirmLosingPoints, pointsLost } from "./screens/cp.js";
import { eventNames } from "./events.js";
import { travelWhat } from "./screens/history.js";

// The tab where an awaited decision is taken (a code of contract C1 → a tab of the shell).
const TAB_OF = {
  declare_stance: "hero", hero_actions: "hero", roll: "dice", defend: "dice",
  activate_tile: "villain", reinforce: "villain", resolve_mission_event: "villain",
  activations: "versus", resolve_power: "versus", draft: "versus", advance: "table",
  "bmg.place_audacity": "plan", "gcsg.roll_fight": "dice",
};
// The dice commands of a roll in progress: a phone offered one of them takes part in the roll.

const VIBRATE_KEY = "gc.vibrate";

export function isBoardGame() {
  const game = state.table ? gameOf() : null;
  return game === "bgcc" || game === "bgcc-versus";
}

// ------------------------------------------------------------------ settings

export function vibrateOn() {
  try { return localStorage.getItem(VIBRATE_KEY) !== "off"; } catch { return true; }
}

export function setVibrate(on) {
  try { localStorage.setItem(VIBRATE_KEY, on ? "on" : "off"); } catch { /* private mode */ }
  changed();
}

// ------------------------------------------------------------------ who is awaited


// The entries that wait for this phone (its seat, or the host seat while it acts as host), but the
// mere offer to move the turn on that every player has (the board game's Advance dock says it, the
// Miniature Game's Recount button is everyone's).
const NOT_PROMPTED = new Set(["advance", "bmg.advance"]);
function decisions(table, mine) {
  const seats = mySeats();
  return awaiting(table).filter((e) => seats.includes(e.seat) === mine && !NOT_PROMPTED.has(e.code));
}

export function myPrompts(table = state.table) {
  return decisions(table, true);
}

// "Waiting: Bob: declare their Effort · …": the others the table waits for (the Miniature and
// Strategy Games' strips; the board game's strip says it with the step).
export function waitingText(table = state.table) {
  // a step this phone is awaited for too (either may take it: a melee's roll) waits for nobody else
  const own = new Set(decisions(table, true).map((e) => e.code));
  const others = decisions(table, false).filter((e) => !own.has(e.code));
  return others.length ? t("now.waiting", { list: others.map((e) => awaitingText(e, (s) => seatName(s, table))).join(" · ") }) : "";
}

// The tab an awaited entry sends to, among the tabs this table shows.
export function tabOf(entry, tabs) {
  const want = TAB_OF[entry.code] || "table";
  if (tabs.includes(want)) return want;
  return tabs.includes("versus") ? "versus" : "table";
}

const buzzed = new Set();

function buzz(prompts) {
  const fresh = prompts.map((e) => `${state.code}|${state.version}|${e.seat}|${e.code}|${JSON.stringify(e.params || {})}`)
    .filter((k) => !buzzed.has(k.replace(/\|\d+\|/, "|")));
  for (const k of fresh) buzzed.add(k.replace(/\|\d+\|/, "|"));
  // forget the prompts no longer awaited, so that the same prompt next turn buzzes again
  const now = new Set(prompts.map((e) => `${state.code}|${e.seat}|${e.code}|${JSON.stringify(e.params || {})}`));
  for (const k of [...buzzed]) if (!now.has(k)) buzzed.delete(k);
  if (fresh.length && vibrateOn() && typeof navigator.vibrate === "function") {
    try { navigator.vibrate(180); } catch { /* not allowed before a tap: fine */ }
  }
}

// ------------------------------------------------------------------ the strip

export function strip(currentTab, tabs) {
  const table = state.table;
  if (!table) return [];
  const list = awaiting(table);
  const mine = myPrompts(table);
  buzz(mine);
  // the other games draw their own strip on their screens; the prompt is the shell's, on every screen
  if (!isBoardGame()) return [null, prompt(mine, currentTab, tabs)];
  const turn = table.turn;
  // the others' entries, the offer to move the turn on included ("Villain: move on to …"); this
  // phone's own offer is the Advance button
  // (not when this phone may move the turn on itself: then nobody is waited for)
  const seats = mySeats();
  const iMayAdvance = allow("advance").ok;
  const others = list.filter((e) => !seats.includes(e.seat) && !(iMayAdvance && e.code === "advance"));
  const who = [];
  if (turn.side_playing && !turn.over) who.push(h("span", { class: "pill ok", "data-testid": "now-go", text: tSide("now.go", turn.side_playing) }));
  const waitText = others.length ? t("now.waiting", { list: others.map((e) => awaitingText(e, seatName)).join(" · ") }) : "";
  const out = [h("section", { class: "now", "aria-label": t("now.label"), "data-testid": "now" },
    h("p", { class: "now-step" },
      h("span", { class: "now-turn", "data-testid": "now-turn", text: t("now.turn", { turn: turn.turn, limit: turn.turn_limit }) }),
      h("span", { "aria-hidden": "true", text: " · " }),
      h("strong", { "data-testid": "now-step", text: turn.over ? t("table.over") : stepTitle(turn) })),
    who.length || waitText ? h("p", { class: "now-who", "data-testid": "now-who" }, who, waitText ? h("span", { text: waitText }) : null) : null)];
  if (!turn.over) out.push(prompt(mine, currentTab, tabs));
  return out;
}

// "Your go: …" when the table waits for this phone, with a way to the tab where it is done.
function prompt(mine, currentTab, tabs) {
  if (!mine.length) return null;
  const first = mine[0];
  const tab = tabOf(first, tabs);
  const hero = heroOfSeat(first.seat);
  const href = tab === "hero" && hero ? `#/hero/${encodeURIComponent(hero)}` : `#/${tab}`;
  return h("div", { class: "banner prompt", role: "status", "data-testid": "prompt" },
    h("p", { text: t("now.yourGo", { what: mine.map((e) => awaitingText(e, seatName, false)).join(" · ") }) }),
    currentTab === tab ? null : h("a", { class: "btn small primary", href, "data-testid": "prompt-open" }, t("now.open")));
}

// The tabs that carry a badge: where this phone's awaited decisions are taken.
export function badges(tabs) {
  if (!state.table) return new Set();
  return new Set(myPrompts().map((e) => tabOf(e, tabs)));
}

// ------------------------------------------------------------------ Advance, above the tab bar

export function advanceBar(currentTab) {
  const table = state.table;
  if (!table || !isBoardGame() || table.turn.over) return null;
  const may = allow("advance");
  const to = offer("advance")?.to;
  if (!may.ok && currentTab !== "table") return null;   // elsewhere Advance shows only when this phone may
  const label = may.ok && to ? t("now.next", { step: stepTitle(to) }) : t("table.advance");
  return h("div", { class: "advance-dock", "data-testid": "advance-dock" },
    refusalLine(),
    may.ok ? null : (may.why ? h("p", { class: "muted small why", "data-testid": "advance-why", text: may.why }) : null),
    h("button", {
      // not the screen's primary action while moving on would lose reinforcement points
      type: "button", class: `btn ${pointsLost("advance") ? "" : "primary"}`, "data-testid": "advance", disabled: !may.ok,
      "aria-busy": state.busy.has("advance") ? "true" : false,
      // VI·E: the offer says when moving on loses unspent reinforcement points: warn first
      onclick: async () => {
        if (await confirmMovingOn(offer("advance"))) send("advance", {}, "advance");
      },
    }, label));
}

// The safe Next (issue 31): moving on that ends a step another phone plays, or passes by someone
// another phone plays who is still awaited, says so and asks first. The offer names them ("ends",
// "skips": games/bgcc/registry.py); a seat no phone holds (the host plays it) is not asked about.
function elsewhere(seat) {
  if (mySeats().includes(seat)) return false;
  const held = state.seats.find((s) => s.seat === seat);
  return !held || held.taken !== false;
}

// Next asks first when it ends another phone's step, passes by someone still awaited, or loses
// reinforcement points (VI·E): one sheet saying all of it.
async function confirmMovingOn(advance) {
  const ends = (advance?.ends || []).filter(elsewhere);
  const skips = (advance?.skips || []).filter((e) => elsewhere(e.seat));
  if (!ends.length && !skips.length) return confirmLosingPoints("advance");
  const lost = pointsLost("advance");
  return confirmSheet({
    title: t("next.q", { step: stepTitle(advance.to) }),
    body: h("div", { "data-testid": "next-sheet" },
      ends.length ? h("p", { "data-testid": "next-ends", text: t("next.ends", { seats: listText(ends.map((s) => seatName(s))) }) }) : null,
      skips.length ? h("p", { "data-testid": "next-skips", text: t("next.skips", { list: skips.map((e) => awaitingText(e, seatName)).join(" · ") }) }) : null,
      lost ? h("p", { "data-testid": "next-loses", text: t("vl.loseBody", { points: plural(lost, "rp") }) }) : null),
    confirm: t("next.go"), cancel: t("next.wait"), danger: true,
  });
}

function refusalLine() {
  const err = state.error;
  if (!err || err.key !== "advance") return null;
  return h("p", { class: "refusal", role: "alert", "data-testid": "refusal-advance" }, err.message,
    err.rule ? h("span", { class: "rule", text: ` (${err.rule})` }) : null);
}

// ------------------------------------------------------------------ the result card

const rolls = { code: null, lastId: undefined, shown: null, dismissed: new Set(), neutralized: new Map() };

// Called with each change's events (core.js): the names neutralized in the change that ended a roll.
export function noteEvents(table, events) {
  const last = table?.dice?.last;
  if (!last || !Array.isArray(events)) return;
  const names = events.filter((e) => /_neutralized$/.test(e.kind)).map((e) => neutralizedName(e, table)).filter(Boolean);
  if (names.length) rolls.neutralized.set(last.id, [...new Set([...(rolls.neutralized.get(last.id) || []), ...names])]);
}

onChange((table, events) => noteEvents(table, events));

function neutralizedName(event, table) {
  const d = event.data || {};
  if (d.hero) return table.heroes?.find((x) => x.id === d.hero)?.name || d.hero;
  for (const post of Object.values(table.command_posts || {})) {
    if (d.miniature) { const m = post.miniatures?.find((x) => x.id === d.miniature); if (m) return m.label; }
    if (d.tile) { const x = post.river?.find((r) => r.id === d.tile); if (x) return x.name; }
  }
  return d.miniature || d.tile || null;
}

// Follow the dice: when a roll ends while this phone watches, its result card shows (on any tab, on
// every phone at the table, taking part or not) until dismissed or until the next roll starts.
export function watchDice() {
  if (rolls.code !== state.code) Object.assign(rolls, { code: state.code, lastId: undefined, shown: null });
  const dice = state.table?.dice;
  if (!dice || !isBoardGame()) return;
  const current = dice.roll?.roll;
  if (current && rolls.shown && rolls.shown !== current.id) rolls.shown = null;   // the previous roll goes away
  const last = dice.last;
  const lastId = last ? last.id : null;
  if (rolls.lastId === undefined) { rolls.lastId = lastId; return; }   // what was there before this phone looked
  if (lastId !== rolls.lastId) {
    rolls.lastId = lastId;
    // every phone at the table is told (issue 31: a bystander hero never saw an attack's result)
    if (last && !rolls.dismissed.has(last.id)) rolls.shown = last.id;
  }
}

export function resultCard() {
  const last = state.table?.dice?.last;
  if (!last || !isBoardGame() || rolls.shown !== last.id || state.table.dice.roll) return null;
  const lines = resultLines(last);
  if (!lines.length) return null;   // an abandoned roll: nothing to tell
  return h("section", { class: "banner result", role: "status", "aria-labelledby": "result-h", "data-testid": "result-card" },
    h("div", {},
      h("h2", { id: "result-h", class: "result-h", text: `${t("result.title")} · ${last.actor}${last.defender ? ` → ${last.defender}` : ""}` }),
      h("p", {}, h("strong", { class: "result-line", "data-testid": "result-line", text: lines[0] }),
        lines.slice(1).map((line) => h("span", { class: "small", text: ` · ${line}` })))),
    h("button", { type: "button", class: "btn small", "data-testid": "result-dismiss", onclick: () => dismissResult(last.id) },
      t("result.dismiss")));
}

// Back from offline (or reopened): what the other phones changed meanwhile, the last few in words,
// the way to the whole history, until read.
export function missedCard() {
  const missed = state.missed;
  if (!missed || !state.table) return null;
  const names = eventNames(state.table);
  const more = missed.count - missed.entries.length;
  const line = (entry) => {   // the change's words, with who made it when they do not say
    const what = travelWhat(entry, names);
    const who = entry.seat ? seatName(entry.seat) : "";
    return !who || what.includes(who) ? what : `${who} · ${what}`;
  };
  return h("section", { class: "banner result missed", role: "status", "aria-labelledby": "missed-h", "data-testid": "missed" },
    h("h2", { id: "missed-h", class: "result-h", text: t("missed.title", { changes: plural(missed.count, "change") }) }),
    h("ul", { class: "missed-list" }, missed.entries.map((entry) => h("li", { class: "small", text: line(entry) }))),
    more > 0 ? h("p", { class: "small muted", text: plural(more, "moreChange") }) : null,
    h("div", { class: "row spread" },
      h("a", { href: "#/history", class: "small", onclick: dismissMissed, text: t("missed.history") }),
      h("button", { type: "button", class: "btn small", "data-testid": "missed-dismiss", onclick: dismissMissed }, t("close"))));
}

// The result of roll `id` read: its card goes, here and wherever else it was shown (the sheet's own).
export function dismissResult(id) {
  rolls.dismissed.add(id);
  if (rolls.shown === id) rolls.shown = null;
  changed();
}

// "3 vs 2 → 1 wound", then "Thug #1 neutralized".
export function resultLines(last) {
  const lines = [];
  if (last.defense_successes != null || last.wounds != null) {
    lines.push(t("result.vs", { a: last.successes ?? 0, d: last.defense_successes ?? 0, wounds: plural(last.wounds ?? 0, "wound") }));
  } else if (last.difficulty != null && last.successes != null) {
    lines.push(t("result.difficulty", { n: last.successes, d: last.difficulty, outcome: t(last.success ? "result.success" : "result.failure") }));
  } else if (last.successes != null) {
    lines.push(t("result.successes", { n: last.successes }));
  }
  for (const name of rolls.neutralized.get(last.id) || []) lines.push(t("result.neutralized", { name }));
  return lines;
}

// ------------------------------------------------------------------ Screen Wake Lock

let lock = null;
let wanted = false;

export async function keepAwake(on) {
  wanted = on;
  if (!("wakeLock" in navigator)) return;
  try {
    if (on && !lock && document.visibilityState === "visible") {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } else if (!on && lock) {
      const held = lock;
      lock = null;
      await held.release();
    }
  } catch { lock = null; /* refused (battery saver, not visible): the screen may sleep */ }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wanted) keepAwake(true);
});

export function wakeLockHeld() { return Boolean(lock); }
