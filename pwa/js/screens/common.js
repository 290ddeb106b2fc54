// Pieces several screens share.

import { plural, refusalText, t } from "../i18n.js";
import { h } from "../ui.js";
import { actingAsHost, hostPlays, seatName, setActingAsHost, state } from "../core.js";
import qrcode from "../../vendor/qrcode-generator.js";

export function noTable() {
  return h("section", { class: "card" },
    h("p", { text: t("noTable") }),
    h("a", { class: "btn primary", href: "#/home" }, t("goHome")));
}

// The refusal the server gave for the control `key`, shown next to it (said again from its code
// and params in the language now shown).
export function refusalFor(key) {
  const err = state.error;
  if (!err || err.key !== key) return null;
  return h("p", { class: "refusal", role: "alert", "data-testid": `refusal-${key}` },
    (err.answer && refusalText(err.answer, state.table)) || err.message, err.rule ? h("span", { class: "rule", text: `(${err.rule})` }) : null);
}

// Why a control is disabled (the table's `may` does not offer it to this phone now), under it.
export function whyNot(why, testid = null) {
  if (!why) return null;
  return h("p", { class: "muted small why", "data-testid": testid, text: why });
}

// An offer's price in words, as the table gives it ({unit: amount}: games/registry.py): "2 cubes",
// "1 disc and 3 cubes", "2 reinforcement points"; a price per tile times `count` tiles. "" when free.
const UNITS = { discs: "disc", cubes: "cube", reinforcement_points: "rp" };
export function priceText(price, count = 1) {
  if (!price) return "";
  const amounts = { ...price };
  if (amounts.cubes_per_tile != null) amounts.cubes = (amounts.cubes || 0) + amounts.cubes_per_tile * count;
  delete amounts.cubes_per_tile;
  const parts = Object.keys(UNITS).filter((unit) => amounts[unit] != null).map((unit) => plural(amounts[unit], UNITS[unit]));
  const others = Object.keys(amounts).filter((unit) => !(unit in UNITS)).map((unit) => `${amounts[unit]} ${unit.replaceAll("_", " ")}`);
  return [...parts, ...others].join(t("price.and"));
}

// The host's player phone: the "act as host" switch (issue 31). Off, the phone plays its own seat
// only; on, it also acts for the host (anyone's undo, any step moved on, the other seats' commands)
// and the shell marks every screen (app.js). A phone that plays no seat is the host's all along.
export function hostSwitch() {
  if (!hostPlays()) return null;
  return h("section", { class: "card", "aria-labelledby": "host-h", "data-testid": "host-mode" },
    h("h2", { id: "host-h", text: t("host.title") }),
    h("label", { class: "check", for: "act-as-host" },
      h("input", { type: "checkbox", role: "switch", id: "act-as-host", "data-key": "act-as-host", "data-testid": "act-as-host",
        checked: actingAsHost(), onchange: (e) => setActingAsHost(e.target.checked) }),
      h("span", { text: t("host.switch") })),
    h("p", { class: "muted small", text: t("host.switchHelp", { seat: seatName(state.seat) }) }));
}

export function busy(key) {
  return state.busy.has(key) ? "true" : false;
}

export function pips(held, limit) {
  const row = h("span", { class: "pips", "aria-hidden": "true" });
  for (let i = 0; i < limit; i++) row.append(h("span", { class: `pip ${i < held ? "on" : ""}` }));
  return row;
}

export function stat(cls, n, label, testid) {
  return h("div", { class: `stat ${cls}`, "data-testid": testid },
    h("span", { class: "n", text: String(n) }), h("span", { class: "l", text: label }));
}

// The join link as a QR code (qrcode-generator by Kazuhiko Arase, MIT, pwa/vendor/), for the host's
// phone: the others scan it to open the join screen. Drawn as SVG from the library's modules.
export function qrSvg(text, size = 220) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  const cells = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) cells.push(`M${c + quiet} ${r + quiet}h1v1h-1z`);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const span = n + quiet * 2;
  svg.setAttribute("viewBox", `0 0 ${span} ${span}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("width", span);
  bg.setAttribute("height", span);
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", cells.join(""));
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

export function qrCard(code) {
  const link = `${location.origin}/join/${code}`;
  const svg = qrSvg(link);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("qr.alt", { link }));
  return h("section", { class: "card qr-card", "aria-labelledby": "qr-h", "data-testid": "join-qr" },
    h("h2", { id: "qr-h", text: t("qr.title") }),
    h("div", { class: "qr" }, svg),
    h("p", { class: "muted small", text: link }));
}

// The host recovery code (contract C6), shown to the host's phone with a copy button: it gives the
// host seat back on another phone (Home, "Reclaim the host seat").
export function recoveryCard(recovery) {
  return h("section", { class: "card", "aria-labelledby": "recovery-h", "data-testid": "recovery" },
    h("h2", { id: "recovery-h", text: t("recovery.title") }),
    h("p", { class: "recovery-code", "data-testid": "recovery-code", text: recovery }),
    h("p", { class: "muted small", text: t("recovery.help") }),
    copyButton(recovery, t("recovery.copy"), t("recovery.copied")));
}

// A button that copies `text` to the clipboard and then says `done`.
export function copyButton(text, label, done, testid = null) {
  return h("button", { type: "button", class: "btn", "data-testid": testid, onclick: async (e) => {
    const button = e.currentTarget;
    try { await navigator.clipboard.writeText(text); button.textContent = done; } catch { /* no clipboard */ }
  } }, label);
}
