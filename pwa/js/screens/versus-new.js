// Home, "Versus": create a Versus table from one of the booklet's eight missions. The booklet's
// text lacks the setup figures (cubes, discs, the initial rivers): those numbers come prefilled
// with suggested values, marked "to fill in", and the players set them from their mission sheet.

import { getLang, refusalText, t, tSide } from "../i18n.js";
import { add, h, keptDetails } from "../ui.js";
import { changed, request, saveRecord } from "../core.js";
import { catalog, missionTitle, retry } from "../catalog.js";

const SIDES = ["heroes", "villain"];
const SLOTS = ["HQ simple", "HQ double", "simple", "double", "event"];
// Suggested values for what the booklet's text leaves out (the players change them).
const SUGGESTED = { reserve: 10, fatigue: 2, recovery: 4, discs_available: 4, discs_unavailable: 3 };
const SUGGESTED_RIVER = ["HQ simple", "simple", "simple", "double", "event"];
const COST_TRACK = 7;
const FIELDS = [
  ["reserve", "reserve"], ["fatigue", "fatigue"], ["recovery", "recovery"],
  ["discs_available", "discs.available"], ["discs_unavailable", "discs.unavailable"],
];

const vs = { id: null, values: null, creating: false, error: null };

function template() {
  const doc = catalog("missions").data;
  return doc?.missions.find((m) => m.id === vs.id) || null;
}

function choose(m) {
  vs.id = m.id;
  vs.error = null;
  vs.values = {};
  for (const side of SIDES) {
    const s = m.sides[side] || {};
    const v = {};
    for (const [field, path] of FIELDS) {
      const known = path.split(".").reduce((o, k) => (o == null ? o : o[k]), s);
      v[field] = known ?? SUGGESTED[field];
    }
    const rec = s.discs?.recovery;
    v.discs_recovery = Array.isArray(rec) ? rec : [rec ?? 2];
    v.river = Array.isArray(s.river) && s.river.length ? [...s.river] : [...SUGGESTED_RIVER];
    vs.values[side] = v;
  }
}

function missing(m, side, path) {
  return (m.missing || []).includes(`${side}.${path}`);
}

export function renderVersusCreate(box, go) {
  const cat = catalog("missions");
  if (!cat.data) {
    add(box, cat.failed
      ? [h("p", { class: "refusal", role: "alert", text: t("vs.missionsFailed") }), h("button", { type: "button", class: "btn", onclick: () => retry("missions") }, t("retry"))]
      : h("p", { class: "muted", text: t("home.loading") }));
    return box;
  }
  const missions = cat.data.missions;
  if (!template() && missions[0]) choose(missions[0]);
  const m = template();
  if (!m) return box;
  add(box,
    h("label", { class: "field" }, h("span", { text: t("vs.mission") }),
      h("select", { "data-key": "vs-mission", "data-testid": "vs-mission", onchange: (e) => { choose(missions.find((x) => x.id === e.target.value)); changed(); } },
        missions.map((x) => h("option", { value: x.id, selected: x.id === vs.id }, missionTitle(x))))),
    h("p", { class: "small", "data-testid": "vs-mission-facts",
      text: t("vs.facts", { side: t(`side.${m.initiative}`), n: m.turn_limit }) }),
    details(t("vs.about"), h("div", {},
      h("p", { class: "small", text: getLang() === "fr" ? m.intro_fr : m.intro_en }),
      ((getLang() === "fr" ? m.victory_fr : m.victory_en) || []).map((x) => h("p", { class: "small reminder", text: x }))), "vs-about"),
    h("p", { class: "tofill-note", "data-testid": "vs-tofill", text: t("vs.toFillNote") }));
  for (const side of SIDES) add(box, sideFields(m, side));
  const problems = SIDES.flatMap((side) => riverProblems(side));
  add(box,
    vs.error ? h("p", { class: "refusal", role: "alert", text: vs.error }) : null,
    h("button", { type: "button", class: "btn primary block", "data-testid": "vs-create", disabled: vs.creating || problems.length > 0,
      "aria-busy": vs.creating ? "true" : false, onclick: () => create(go) }, t("vs.createBtn")));
  return box;
}

const openDetails = new Set();

function details(summary, content, key) {
  return keptDetails(openDetails, key, changed, {}, h("summary", { text: summary }), content);
}

function sideFields(m, side) {
  const v = vs.values[side];
  const grid = h("div", { class: "grid2" });
  for (const [field, path] of FIELDS) {
    const tofill = missing(m, side, path);
    const id = `vs-${side}-${field}`;
    grid.append(h("label", { class: `field ${tofill ? "tofill" : ""}`, for: id },
      h("span", {}, t(`vs.field.${field}`), tofill ? h("span", { class: "tofill-mark", text: ` ✎ ${t("vs.toFill")}` }) : null),
      h("input", { type: "number", id, inputmode: "numeric", min: 0, max: field.startsWith("discs") ? 30 : 60, value: v[field],
        "data-key": id, "data-testid": id,
        oninput: (e) => { v[field] = e.target.value === "" ? "" : Number(e.target.value); } })));
  }
  const rec = v.discs_recovery;
  return h("fieldset", { class: "plain vs-side", "data-testid": `vs-side-${side}` },
    h("legend", { class: "field-legend", text: tSide("vs.postOf", side) }),
    grid,
    h("p", { class: "muted small", text: t("vs.discRecovery", { list: rec.length > 1 ? rec.join(", ") : String(rec[0]) }) }),
    riverEditor(m, side));
}

function riverEditor(m, side) {
  const v = vs.values[side];
  const tofill = missing(m, side, "river");
  const rows = v.river.map((slot, i) => h("li", { class: "slot-row" },
    h("span", { class: "slot-n", "aria-hidden": "true", text: String(i + 1) }),
    h("select", { "aria-label": tSide("vs.slotN", side, { n: i + 1 }), "data-key": `vs-${side}-slot-${i}`,
      onchange: (e) => { v.river[i] = e.target.value; changed(); } },
      SLOTS.map((x) => h("option", { value: x, selected: x === slot }, slotName(x)))),
    h("button", { type: "button", class: "btn small ghost", "aria-label": t("vs.removeSlot", { n: i + 1 }),
      disabled: v.river.length <= 2, onclick: () => { v.river.splice(i, 1); changed(); } }, "✕")));
  const problems = riverProblems(side);
  return h("div", { class: `river-edit ${tofill ? "tofill" : ""}` },
    h("p", { class: "field-legend small" }, t("vs.initialRiver"), tofill ? h("span", { class: "tofill-mark", text: ` ✎ ${t("vs.toFill")}` }) : null),
    h("ol", { class: "list slot-list" }, rows),
    h("button", { type: "button", class: "btn small", disabled: v.river.length >= 12,
      onclick: () => { v.river.push("simple"); changed(); } }, t("vs.addSlot")),
    problems.length ? h("p", { class: "refusal", role: "status", text: problems.join(" ") })
      : h("p", { class: "muted small", text: t("vs.riverWidth", { n: width(v.river), max: COST_TRACK }) }));
}

function slotName(slot) {
  if (slot === "event") return t("vs.slot.event");
  const kind = t(`vs.kind.${slot.split(" ").pop()}`);
  return slot.startsWith("HQ") ? t("vs.slot.hq", { kind }) : kind;
}

function width(river) {
  return river.reduce((n, x) => n + (x.endsWith("double") ? 2 : 1), 0);
}

function riverProblems(side) {
  const river = vs.values?.[side]?.river || [];
  const out = [];
  if (river.filter((x) => x.startsWith("HQ")).length !== 1) out.push(tSide("vs.oneHQ", side));
  if (river.filter((x) => x === "event").length !== 1) out.push(tSide("vs.oneEvent", side));
  if (width(river) > COST_TRACK) out.push(tSide("vs.tooLong", side, { n: width(river), max: COST_TRACK }));
  return out;
}

const clip = (s) => (s.length > 500 ? `${s.slice(0, 499)}…` : s);

async function create(go) {
  const m = template();
  const sides = {};
  for (const side of SIDES) {
    const v = vs.values[side];
    for (const [field] of FIELDS) {
      if (!Number.isInteger(v[field]) || v[field] < 0) {
        vs.error = t("vs.badNumber", { field: t(`vs.field.${field}`), side: t(`side.${side}`) });
        changed();
        return;
      }
    }
    // The booklet mission by id: the server loads what the booklet prints (its event, rules and disc
    // schedule); only what the text does not print is sent, as typed.
    const printed = m.sides[side];
    const values = {
      reserve: [printed.reserve, v.reserve], fatigue: [printed.fatigue, v.fatigue], recovery: [printed.recovery, v.recovery],
      discs_available: [printed.discs.available, v.discs_available], discs_unavailable: [printed.discs.unavailable, v.discs_unavailable],
      discs_recovery: [printed.discs.recovery, v.discs_recovery.slice(0, 12)], river: [printed.river, [...v.river]],
    };
    sides[side] = Object.fromEntries(Object.entries(values).filter(([, [p]]) => p == null).map(([k, [, typed]]) => [k, typed]));
  }
  const mission = { id: m.id, sides };
  vs.creating = true;
  vs.error = null;
  changed();
  try {
    const answer = await request("POST", "/api/versus-tables", { body: { mission } });
    if (!answer.ok) {
      vs.error = refusalText(answer.data) || String(answer.status);
      if (answer.data?.errors) vs.error += `: ${JSON.stringify(answer.data.errors).slice(0, 200)}`;
      return;
    }
    const table = answer.data;
    saveRecord(table.code, { hostToken: table.token, seat: "host", token: null, mission: missionTitle(m), mode: "versus", joinLink: table.join_link, recoveryCode: table.recovery_code || null });
    go(`#/join/${table.code}`);
  } catch {
    vs.error = t("err.network");
  } finally {
    vs.creating = false;
    changed();
  }
}
