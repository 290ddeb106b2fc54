// Pieces several screens share.

import { refusalText, t } from "../i18n.js";
import { h } from "../ui.js";
import { state } from "../core.js";

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
