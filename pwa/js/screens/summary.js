// After the game (issue 31): the table's summary from its whole-game record (GET
// /api/tables/{code}/summary): how the game ended, each roller's dice luck against the odds
// engine, wounds dealt and taken, what each turn counted, and the story. Its link (#/summary/CODE)
// opens it on any phone: this phone's table with its seat's eyes, another table as a watcher.

import { listText, num, plural, t } from "../i18n.js";
import { h } from "../ui.js";
import { changed, playToken, playerName, request, state } from "../core.js";
import { eventNames, eventText } from "../events.js";

let shown = { code: null, data: null, failed: false, copied: false };

function codeOf(args) {
  return (args?.[0] || state.code || "").toUpperCase();
}

export async function enter(args) {
  const code = codeOf(args);
  if (!code) return;
  shown = { code, data: shown.code === code ? shown.data : null, failed: false, copied: false };
  try {
    // this phone's own table: read as its seat may; another table's link: as a phone holding no seat
    const answer = await request("GET", `/api/tables/${code}/summary`, { token: code === state.code ? playToken() : undefined });
    if (shown.code !== code) return;
    if (answer.ok) shown.data = answer.data;
    else shown.failed = true;
  } catch {
    shown.failed = true;
  }
  changed();
}

export function render(args) {
  const code = codeOf(args);
  const out = [h("h1", { text: t("summary.title") })];
  if (!code) {
    out.push(h("p", { class: "muted", text: t("noTable") }));
    return out;
  }
  const data = shown.code === code ? shown.data : null;
  if (!data) {
    out.push(h("p", { class: "muted", role: shown.failed ? "alert" : null, text: shown.failed ? t("summary.failed") : t("loading") }));
    return out;
  }
  const own = code === state.code;
  // the names events use (heroes, tiles, characters): this phone's table's, else none (the server's words)
  const names = own && state.table ? eventNames(state.table) : { heroes: {}, tiles: {}, minis: {}, game: data.game, mission: "" };
  const who = (id) => (own && playerName(id)) || data.names?.[id] || id;
  out.push(ending(data, names, who), luck(data, who), wounds(data, who), turns(data, who), share(code), timeline(data, names));
  return out;
}

function ending(data, names, who) {
  const winners = data.winners.map((w) => (w === "heroes" || w === "villain" ? t(`side.${w}`) : who(w)));
  const head = !data.over ? t("summary.notOver")
    : winners.length ? t("table.winner", { who: listText(winners) }) : t("table.noWinner");
  return h("section", { class: "card", "aria-labelledby": "summary-end" },
    h("h2", { id: "summary-end", text: head }),
    data.ending ? h("p", { "data-testid": "summary-why", text: eventText(data.ending, names) }) : null,
    h("p", { class: "muted small", text: t("summary.changes", { changes: plural(data.timeline.length, "change") })
      + (data.undone ? ` · ${t("summary.undone", { undone: plural(data.undone, "change") })}` : "") }));
}

function signed(x) {
  return num(x, { signDisplay: "exceptZero", maximumFractionDigits: 2 });
}

function grid(caption, headers, rows, testid) {
  return h("table", { class: "summary-table", "data-testid": testid },
    h("caption", { class: "sr-only", text: caption }),
    h("thead", {}, h("tr", {}, headers.map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((x, i) => h(i ? "td" : "th", i ? { text: x } : { scope: "row", text: x }))))));
}

function luck(data, who) {
  const title = t("summary.luck");
  const body = data.luck.length
    ? grid(title, [t("summary.who"), t("summary.rolls"), t("summary.rolled"), t("summary.expected"), t("summary.difference")],
      data.luck.map((x) => [who(x.who), num(x.rolls), num(x.rolled), num(x.expected), signed(x.luck)]), "summary-luck")
    : h("p", { class: "muted", text: t("summary.noRolls") });
  return h("section", { class: "card", "aria-labelledby": "summary-luck-title" },
    h("h2", { id: "summary-luck-title", text: title }),
    h("p", { class: "muted small", text: t("summary.luckHow") }), body);
}

function wounds(data, who) {
  if (!data.wounds.length) return null;
  const title = t("summary.wounds");
  return h("section", { class: "card", "aria-labelledby": "summary-wounds-title" },
    h("h2", { id: "summary-wounds-title", text: title }),
    grid(title, [t("summary.who"), t("summary.dealt"), t("summary.taken")],
      data.wounds.map((x) => [who(x.who), num(x.dealt), num(x.taken)]), "summary-wounds"));
}

function turns(data, who) {
  const counted = data.turns.filter((x) => Object.keys(x.counts).length);
  if (!data.unit || !counted.length) return null;
  const title = t(`summary.unit.${data.unit}`);
  return h("section", { class: "card", "aria-labelledby": "summary-turns-title" },
    h("h2", { id: "summary-turns-title", text: title }),
    h("ul", { class: "list", "data-testid": "summary-turns" }, counted.map((x) => h("li", {
      text: `${x.turn ? t(`summary.when.${data.unit}`, { n: x.turn }) : t("summary.before")} · ${listText(Object.entries(x.counts).map(([id, n]) => `${who(id)} ${num(n)}`))}`,
    }))));
}

function share(code) {
  const url = `${location.origin}${location.pathname}#/summary/${code}`;
  return h("section", { class: "card", "aria-labelledby": "summary-share-title" },
    h("h2", { id: "summary-share-title", text: t("summary.share") }),
    h("p", { class: "small" }, h("a", { href: url, "data-testid": "summary-link", text: url })),
    h("button", { type: "button", class: "btn", onclick: async () => {
      try {
        if (navigator.share) await navigator.share({ title: t("summary.title"), url });
        else await navigator.clipboard.writeText(url);
        shown.copied = true;
      } catch { shown.copied = false; }
      changed();
    } }, t("summary.shareLink")),
    shown.copied ? h("p", { class: "muted small", role: "status", text: t("summary.copied") }) : null);
}

function timeline(data, names) {
  return h("section", { class: "card", "aria-labelledby": "summary-story-title" },
    h("h2", { id: "summary-story-title", text: t("summary.timeline") }),
    h("ol", { class: "list hist", "data-testid": "summary-timeline" }, data.timeline.map((entry) => h("li", {},
      entry.events.map((ev) => h("p", { class: "ev", text: eventText(ev, names) }))))));
}
