// History: every change in words with who made it; undo, redo, jump back.

import { refusalText, t } from "../i18n.js";
import { eventNames, eventText } from "../events.js";
import { confirmSheet, formatTime, h } from "../ui.js";
import { actingAsHost, hostToken, isHost, loadHistory, mySeats, seatName, state, travel, writable } from "../core.js";
import { busy, noTable, refusalFor } from "./common.js";

export function enter() { loadHistory(); }

export function render() {
  if (!state.table) return noTable();
  const can = writable();
  const entries = state.history ? [...state.history].reverse() : null;
  const names = eventNames(state.table);
  const out = [h("h1", { text: t("history.title") }),
    h("p", {}, h("a", { class: "btn small ghost", href: `#/summary/${state.code}`, "data-testid": "summary-open" }, t("summary.open"))),
    h("div", { class: "hist-actions" },
      travelButton("undo", "↶ ", can, names),
      travelButton("redo", "↷ ", can, names)),
    notYours("undo"), notYours("redo"), refusalFor("undo"), refusalFor("redo")];
  if (!entries) {
    out.push(h("p", { class: "muted", text: t("loading") }));
    return out;
  }
  if (!entries.length) {
    out.push(h("p", { class: "muted", text: t("history.empty") }));
    return out;
  }
  const list = h("ol", { class: "list hist", "data-testid": "history", reversed: true });
  for (const entry of entries) {
    const key = `jump-${entry.version}`;
    list.append(h("li", { "data-version": entry.version, class: entry.undone ? "undone" : null },
      h("div", { class: "meta" },
        h("span", { text: `#${entry.version} · ${t("history.by", { who: entry.seat ? seatName(entry.seat) : "—" })}`
          + (entry.undone ? ` · ${t("history.undone")}` : "") }),
        h("span", { text: entry.at ? formatTime(entry.at) : "" })),
      entry.events.map((ev) => h("p", { class: "ev", text: eventText(ev, names) })),
      actingAsHost() && can && entry.version < state.version ? h("button", {
        type: "button", class: "btn small ghost", "aria-busy": busy(key), "aria-label": `${t("history.jump")} #${entry.version}`,
        onclick: async () => {
          const ok = await confirmSheet({ title: t("history.jumpQ", { v: entry.version }), confirm: t("history.confirm"), cancel: t("cp.cancel") });
          // If-Match: jump from the table this phone shows, not one changed meanwhile
          if (ok) travel("jump", { version: entry.version }, key, { token: hostToken(), ifMatch: state.version });
        },
      }, t("history.jump")) : null,
      refusalFor(key)));
  }
  out.push(list);
  return out;
}

// Undo / redo saying what they undo (contract C5: the table's `undo` / `redo`, null when there is
// nothing, else {command, seat, events}). A table view without the fields (an older server) keeps
// the plain buttons.
function travelButton(kind, arrow, can, names) {
  const { known, entry } = travelEntry(kind);
  const token = actingAsHost() || hostsOwn(entry) ? hostToken() : undefined;
  const what = entry ? travelWhat(entry, names) : "";
  const empty = known && !entry;
  const label = entry ? t(`history.${kind}What`, { what }) : empty ? t(kind === "undo" ? "history.nothingUndo" : "history.nothingRedo") : t(`history.${kind}`);
  return h("button", { type: "button", class: "btn travel", "data-testid": kind, disabled: !can || empty || !mayTravel(entry), "aria-busy": busy(kind),
    onclick: () => travel(kind, undefined, kind, { token }) }, arrow, h("span", { "data-testid": `${kind}-what`, text: label }));
}

// what an undo or redo would move: the table view's, else the live message's (`known`: the server said)
function travelEntry(kind) {
  const from = kind in state.table ? state.table : state.travel;
  const known = Boolean(from) && kind in from;
  return { known, entry: known ? from[kind] : null };
}

// the host's own change (a host-only command: the dice mode, the end of the game) is the host's
// phone's to undo, acting as host or not
function hostsOwn(entry) {
  return Boolean(entry) && entry.seat === "host" && isHost();
}

// whether a seat this phone holds is among those the server says may undo or redo it (`may`)
function mayTravel(entry) {
  return !entry || !Array.isArray(entry.may) || hostsOwn(entry) || mySeats().some((seat) => entry.may.includes(seat));
}

// why an undo or redo this phone may not make is disabled: the rule the server would refuse with
function notYours(kind) {
  const { entry } = travelEntry(kind);
  if (!entry || mayTravel(entry)) return null;
  return h("p", { class: "muted small", "data-testid": `${kind}-why`,
    text: refusalText({ reason: "not_your_change", params: { version: entry.version } }) });
}

// one change in a line: its first event (a step passing by itself is not what it did), and how many more
export function travelWhat(entry, names) {
  const events = (entry.events || []).filter((ev) => ev.kind !== "step_passed");
  const first = events[0] || entry.events?.[0];
  const text = first ? eventText(first, names) : String(entry.command || "").replace(/_/g, " ");
  const more = (entry.events || []).length - 1;
  return more > 0 ? `${text} (+${more})` : text;
}
