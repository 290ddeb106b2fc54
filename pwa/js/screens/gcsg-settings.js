// Strategy Game table settings, edited in forms: each Villain's dial and Ability cards, the player
// screens, the board's 12 blocks and Batman's dial, one collapsed section each, started from the
// sample the server offers (GET /api/games/gcsg/samples) and kept on this phone (localStorage,
// versioned key), exported and imported as a file. The phone builds the settings object the server
// reads and checks nothing itself: the server says what is valid (POST /api/games/gcsg/setup-checks
// for an imported file, the table creation for the rest), and its refusal is shown in the section
// of the field it names (`params.field`), else at the top. The ids offered in the selects (the
// requirement kinds, districts, income signs) are the sample's.

import { refusalText, t } from "../i18n.js";
import { add, confirmSheet, h, keptDetails } from "../ui.js";
import { changed, request } from "../core.js";

const KEY = "gc.gcsg.settings.v1";      // {version: 1, own, settings}
const OLD_KEY = "gc.gcsg.settings";     // the pasted JSON text of earlier versions, read once
const FORMAT = "gotham-companion/gcsg-settings";
const MAX_FILE = 256 * 1024;            // far above a whole settings document (~6 kB)
const MAX_AMOUNT = 99;                  // a stepper's top; the server has the last word

const ed = {
  loaded: false, own: false, sample: null, draft: null, open: new Set(),
  refusal: null,     // {field, text}: the server's last refusal of these settings
  file: null,        // {ok, text}: what the last import or export said
  busy: false, unreadable: false,
  onEdit: () => {},  // the create form's own refusal goes stale too
};

function clone(value) { return JSON.parse(JSON.stringify(value)); }

function fromSample() { return { ...clone(ed.sample), sample: false }; }

function keep() {
  try { localStorage.setItem(KEY, JSON.stringify({ version: 1, own: ed.own, settings: ed.draft })); } catch { /* full: kept in memory */ }
}

function isObject(value) { return Boolean(value) && typeof value === "object" && !Array.isArray(value); }

function restore(samples) {
  if (ed.loaded) return;
  ed.loaded = true;
  ed.sample = samples.settings;
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEY) || "null"); } catch { kept = null; }
  if (kept?.version === 1 && isObject(kept.settings)) {
    ed.own = Boolean(kept.own);
    ed.draft = kept.settings;
    return;
  }
  try {
    const old = JSON.parse(localStorage.getItem(OLD_KEY) || "null");
    if (isObject(old)) { ed.own = true; ed.draft = old; keep(); }
  } catch { /* not JSON: the sample */ }
}

// Every edit: the refusal it may answer is stale, the phone keeps the new settings.
function edited() {
  ed.refusal = null;
  ed.file = null;
  ed.unreadable = false;
  ed.onEdit();
  keep();
  changed();
}

// What the server reads (null: the labelled sample).
export function chosenSettings() { return ed.own ? ed.draft : null; }

// ------------------------------------------------------------------ where a refusal lies

function sectionOf(field) {
  const parts = String(field || "").split(".");
  if (parts[0] === "villains" && parts.length > 1) return parts[2] === "screen" ? "screens" : `villain-${parts[1]}`;
  if (parts[0] === "screens") return "screens";
  if (parts[0] === "blocks") return "board";
  if (parts[0] === "batman" || parts[0] === "batman_start_level") return "batman";
  return null;
}

function sectionTitle(key, settings = ed.draft) {
  if (key.startsWith("villain-")) {
    const v = (Array.isArray(settings?.villains) ? settings.villains : []).find((x) => `villain-${x?.id}` === key);
    return t("gsEdit.dial", { name: v?.name || key.slice(8) });
  }
  return t(`gsEdit.${key}`);
}

// The server refused these settings (a table creation): the refusal goes next to the field it
// names and its section opens; a refusal of the settings that names no field drawn here goes at the
// top of the editor. Answers where it went (for a pointer at the Create button), or null when it is
// not about these settings (the Villains ticked, the network).
const SETTINGS_REFUSALS = new Set(["bad_settings", "bad_options", "incoherent_table", "list_too_long", "text_too_long"]);

export function settingsRefused(data) {
  const field = data?.params?.field;
  const key = sectionOf(field);
  if (!ed.own || !(key || SETTINGS_REFUSALS.has(data?.reason))) return null;
  ed.refusal = { field: field || "", text: refusalText(data) || String(data?.message || "") };
  if (!key) return t("gcsgNew.settings");
  ed.open.add(key);
  return sectionTitle(key);
}

// The fields a form of their own shows a refusal at (a dial level's row, Batman's start); the
// others' at the top of their section.
const OWN_PLACE = /\.dial\.\d+$|^batman_start_level$/;

function refusalHere(key, exact = null) {
  const r = ed.refusal;
  if (!r || sectionOf(r.field) !== key) return null;
  if (exact !== null ? r.field !== exact : OWN_PLACE.test(r.field)) return null;
  return h("p", { class: "refusal", role: "alert", text: r.text });
}

// ------------------------------------------------------------------ controls

function stepper(label, value, min, max, set, key, shown = label, inline = false) {
  const n = Number.isInteger(value) ? value : 0;
  const put = (v) => { set(Math.max(min, Math.min(max, v))); edited(); };
  return h("div", { class: `gs-stepper${inline ? " inline" : ""}`, role: "group", "aria-label": label },
    h("span", { class: "small", "aria-hidden": "true", text: shown }),
    h("div", { class: "gs-steps" },
      h("button", { type: "button", class: "btn small", "aria-label": `${label} −1`, disabled: n <= min, onclick: () => put(n - 1) }, "−"),
      h("input", { type: "number", inputmode: "numeric", min, max, value: String(n), "aria-label": label, "data-key": key,
        onchange: (e) => { const v = Number.parseInt(e.target.value, 10); if (Number.isFinite(v)) put(v); else changed(); } }),
      h("button", { type: "button", class: "btn small", "aria-label": `${label} +1`, disabled: n >= max, onclick: () => put(n + 1) }, "+")));
}

function select(label, values, current, set, key, word, shown = label) {
  return h("label", { class: "field gs-select" }, h("span", { text: shown }),
    h("select", { "aria-label": label, "data-key": key, onchange: (e) => { set(values[Number(e.target.value)]); edited(); } },
      values.map((v, i) => h("option", { value: String(i), selected: v === current }, word(v)))));
}

function text(label, value, set, key, shown = label) {
  return h("label", { class: "field" }, h("span", { text: shown }),
    h("input", { type: "text", value: value ?? "", maxlength: 60, "aria-label": label, "data-key": key,
      oninput: (e) => { set(e.target.value); }, onchange: () => edited() }));
}

function section(key, title, note, ...body) {
  const flagged = ed.refusal && sectionOf(ed.refusal.field) === key;
  return keptDetails(ed.open, key, changed, { class: `gs-section${flagged ? " flagged" : ""}` },
    h("summary", {}, h("span", { class: "gs-title", text: title }), note ? h("span", { class: "muted small", text: note }) : null),
    refusalHere(key), ...body);
}

// The ids the selects offer: those the sample uses (the server knows them; it refuses the rest).
function known() {
  const s = ed.sample;
  const kinds = [...new Set(s.villains.flatMap((v) => v.dial.map((p) => p.requirement?.kind)).filter(Boolean))];
  const districts = [...new Set(s.blocks.map((b) => b.district))];
  const incomes = [...new Set(s.blocks.map((b) => b.income ?? null))];
  return { kinds, districts, incomes };
}

// ------------------------------------------------------------------ the sections

function dialLevel(v, p, kinds) {
  const where = `${v.name} · ${t("gsEdit.level", { n: p.level })}`;
  const key = `gs-${v.id}-${p.level}`;
  p.requirement ??= { kind: kinds[0], amount: 0 };
  return h("div", { class: "gs-level", role: "group", "aria-label": where },
    h("div", { class: "row-between" },
      h("strong", { text: t("gsEdit.level", { n: p.level }) }),
      h("label", { class: "gs-check" },
        h("input", { type: "checkbox", checked: Boolean(p.ability), "aria-label": `${where} · ${t("gsEdit.abilityIcon")}`,
          "data-key": `${key}-ability`, onchange: (e) => { p.ability = e.target.checked; edited(); } }),
        h("span", { text: t("gsEdit.abilityIcon") }))),
    h("div", { class: "gs-req" },
      select(`${where} · ${t("gsEdit.needs")}`, kinds, p.requirement.kind, (k) => { p.requirement.kind = k; },
        `${key}-kind`, (k) => t(`gsEdit.kind.${k}`), t("gsEdit.needs")),
      stepper(`${where} · ${t("gsEdit.amount")}`, p.requirement.amount, 0, MAX_AMOUNT, (n) => { p.requirement.amount = n; },
        `${key}-amount`, t("gsEdit.amount"))),
    refusalHere(`villain-${v.id}`, `villains.${v.id}.dial.${p.level}`));
}

function villainSection(v, kinds) {
  const dial = Array.isArray(v.dial) ? [...v.dial].sort((a, b) => a.level - b.level) : [];
  const abilities = Array.isArray(v.abilities) ? v.abilities : (v.abilities = []);
  return section(`villain-${v.id}`, t("gsEdit.dial", { name: v.name }), t("gsEdit.levels", { n: dial.length }),
    dial.map((p) => dialLevel(v, p, kinds)),
    h("h4", { class: "gs-sub", text: t("gsEdit.abilities") }),
    abilities.map((a, i) => text(`${v.name} · ${t("gsEdit.abilityCard", { n: i + 1 })}`, a, (s) => { abilities[i] = s; },
      `gs-${v.id}-card-${i}`, t("gsEdit.abilityCard", { n: i + 1 }))),
    stepper(`${v.name} · ${t("gsEdit.henchmenLimit")}`, v.henchmen_limit ?? 5, 0, MAX_AMOUNT, (n) => { v.henchmen_limit = n; },
      `gs-${v.id}-henchmen`, t("gsEdit.henchmenLimit"), true));
}

function screensSection(villains) {
  const fields = ["threats", "money", "information"];
  return section("screens", t("gsEdit.screens"), t("gsEdit.screensNote"),
    villains.map((v) => {
      v.screen ??= { threats: 0, money: 0, information: 0 };
      return h("div", { class: "gs-card", role: "group", "aria-label": v.name },
        h("strong", { text: v.name }),
        fields.map((f) => stepper(`${v.name} · ${t(`gsEdit.${f}`)}`, v.screen[f], 0, MAX_AMOUNT,
          (n) => { v.screen[f] = n; }, `gs-${v.id}-screen-${f}`, t(`gsEdit.${f}`), true)));
    }));
}

function blockCard(b, i, { districts, incomes }) {
  const label = (what) => `${b.name || b.id} · ${what}`;
  return h("div", { class: "gs-card", role: "group", "aria-label": b.name || b.id },
    text(label(t("gsEdit.blockName")), b.name, (s) => { b.name = s; }, `gs-block-${i}-name`, t("gsEdit.blockName")),
    h("div", { class: "grid2" },
      select(label(t("gsEdit.districtOf")), districts, b.district, (d) => { b.district = d; }, `gs-block-${i}-district`,
        (d) => t(`gsEdit.district.${d}`), t("gsEdit.districtOf")),
      select(label(t("gsEdit.income")), incomes, b.income ?? null, (k) => { b.income = k; }, `gs-block-${i}-income`,
        (k) => t(`gsEdit.income.${k ?? "none"}`), t("gsEdit.income"))));
}

function boardSection(blocks, ids) {
  return section("board", t("gsEdit.board"), t("gsEdit.blocks", { n: blocks.length }),
    ids.districts.map((d) => {
      const here = blocks.map((b, i) => [b, i]).filter(([b]) => b.district === d);
      return keptDetails(ed.open, `board-${d}`, changed, { class: "gs-district" },
        h("summary", {}, h("span", { text: t(`gsEdit.district.${d}`) }), h("span", { class: "muted small", text: t("gsEdit.blocks", { n: here.length }) })),
        here.map(([b, i]) => blockCard(b, i, ids)));
    }));
}

function batmanSection(s) {
  const dial = Array.isArray(s.batman) ? s.batman : (s.batman = []);
  const levels = dial.map((p) => p.level);
  const top = levels.length ? Math.max(...levels) : 0;
  return section("batman", t("gsEdit.batman"), t("gsEdit.levels", { n: dial.length }),
    dial.map((p, i) => h("div", { class: "gs-card", role: "group", "aria-label": `Batman · ${t("gsEdit.level", { n: p.level })}` },
      h("strong", { text: t("gsEdit.level", { n: p.level }) }),
      h("div", { class: "grid2" },
        stepper(`Batman · ${t("gsEdit.level", { n: p.level })} · ${t("gsEdit.order")}`, p.order, 0, MAX_AMOUNT, (n) => { p.order = n; },
          `gs-bat-${i}-order`, t("gsEdit.order")),
        stepper(`Batman · ${t("gsEdit.level", { n: p.level })} · ${t("gsEdit.fight")}`, p.fight, 0, MAX_AMOUNT, (n) => { p.fight = n; },
          `gs-bat-${i}-fight`, t("gsEdit.fight"))))),
    h("div", { class: "gs-actions" },
      h("button", { type: "button", class: "btn small", onclick: () => {
        const last = dial[dial.length - 1];
        dial.push({ level: top + 1, order: last?.order ?? 0, fight: last?.fight ?? 0 });
        edited();
      } }, t("gsEdit.addLevel")),
      h("button", { type: "button", class: "btn small", disabled: dial.length <= 1, onclick: () => {
        dial.splice(levels.indexOf(top), 1);
        if (s.batman_start_level === top) s.batman_start_level = Math.min(...dial.map((p) => p.level));
        edited();
      } }, t("gsEdit.removeLevel"))),
    select(t("gsEdit.startLevel"), [...levels].sort((a, b) => a - b), s.batman_start_level ?? 1, (n) => { s.batman_start_level = n; },
      "gs-bat-start", (n) => t("gsEdit.level", { n })),
    refusalHere("batman", "batman_start_level"));
}

// The table's choices where the rulebook leaves one (a variant, open questions): on or off.
function optionsSection(s) {
  const options = ["variant", "hidden_takes", "lone_villain_rules"];
  return section("options", t("gsEdit.options"), null,
    options.map((o) => h("label", { class: "check" },
      h("input", { type: "checkbox", checked: Boolean(s[o]), "data-key": `gs-option-${o}`,
        onchange: (e) => { s[o] = e.target.checked; edited(); } }),
      h("span", { text: t(`gsEdit.option.${o}`) }))));
}

// ------------------------------------------------------------------ file, sample

function exportFile() {
  const doc = { format: FORMAT, version: 1, settings: ed.draft };
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 1)], { type: "application/json" }));
  const link = h("a", { href: url, download: "gcsg-settings.json", class: "sr-only" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  ed.file = { ok: true, text: t("gsEdit.exported", { file: "gcsg-settings.json" }) };
  changed();
}

function refuseFile(name, why) {
  ed.file = { ok: false, text: `${t("gsEdit.importRefused", { file: name })} ${why}` };
}

// A file's settings, checked by the server with its own Villains before they replace anything.
async function importFile(input) {
  const file = input.files?.[0];
  input.value = "";
  if (!file || ed.busy) return;
  ed.busy = true;
  ed.file = null;
  changed();
  try {
    if (file.size > MAX_FILE) { refuseFile(file.name, t("gsEdit.tooBig")); return; }
    let doc = null;
    try { doc = JSON.parse(await file.text()); } catch { doc = null; }
    const settings = doc?.format === FORMAT ? doc.settings : doc;
    if (!isObject(settings)) { refuseFile(file.name, t("gsEdit.notSettings")); return; }
    const ids = (Array.isArray(settings.villains) ? settings.villains : []).map((v) => v?.id).filter((id) => typeof id === "string");
    const answer = await request("POST", "/api/games/gcsg/setup-checks", { body: { villains: ids.slice(0, 4), settings } });
    if (!answer.ok) {
      const key = sectionOf(answer.data?.params?.field);
      const where = key ? ` (${sectionTitle(key, settings)})` : "";
      refuseFile(file.name, `${refusalText(answer.data) || String(answer.status)}${where}`);
      return;
    }
    ed.draft = settings;
    ed.own = true;
    ed.refusal = null;
    ed.unreadable = false;
    ed.onEdit();
    keep();
    ed.file = { ok: true, text: t("gsEdit.imported", { file: file.name }) };
  } catch {
    refuseFile(file.name, t("err.network"));
  } finally {
    ed.busy = false;
    changed();
  }
}

async function resetToSample() {
  const ok = await confirmSheet({ title: t("gsEdit.resetTitle"), body: t("gsEdit.resetBody"),
    confirm: t("gsEdit.resetOk"), cancel: t("cp.cancel"), danger: true });
  if (!ok) return;
  ed.draft = fromSample();
  edited();
}

function tools() {
  return h("div", { class: "gs-tools" },
    h("p", { class: "muted small", text: t("gsEdit.help") }),
    h("div", { class: "gs-actions gs-files" },
      h("button", { type: "button", class: "btn small gs-wide", onclick: resetToSample }, t("gsEdit.reset")),
      h("button", { type: "button", class: "btn small", onclick: exportFile }, t("gsEdit.export")),
      h("label", { class: `btn small gs-file${ed.busy ? " busy" : ""}`, "aria-busy": ed.busy ? "true" : false },
        h("span", { text: t("gsEdit.import") }),
        h("input", { type: "file", accept: ".json,application/json", class: "sr-only", disabled: ed.busy,
          onchange: (e) => importFile(e.target) }))),
    ed.unreadable ? h("p", { class: "refusal", role: "alert", text: t("gsEdit.unreadable") }) : null,
    ed.file ? h("p", { class: ed.file.ok ? "muted small" : "refusal", role: ed.file.ok ? "status" : "alert", text: ed.file.text }) : null,
    ed.refusal && !sectionOf(ed.refusal.field) ? h("p", { class: "refusal", role: "alert", text: ed.refusal.text }) : null);
}

function editor() {
  const s = ed.draft;
  const villains = (Array.isArray(s.villains) ? s.villains : []).filter(isObject);
  const ids = known();
  return h("div", { class: "gs-editor" }, tools(),
    villains.map((v) => villainSection(v, ids.kinds)),
    screensSection(villains),
    boardSection((Array.isArray(s.blocks) ? s.blocks : []).filter(isObject), ids),
    batmanSection(s),
    optionsSection(s));
}

// The settings choice of the Strategy Game's create form: the labelled sample, or our own in forms.
// `onEdit`: called on every edit (the form's own refusal is stale then).
export function renderSettings(box, samples, onEdit = () => {}) {
  restore(samples);
  ed.onEdit = onEdit;
  const useOwn = () => { ed.own = true; ed.draft ??= fromSample(); keep(); changed(); };
  let body;
  if (ed.own) {
    try {
      body = editor();
    } catch {
      ed.draft = fromSample();   // kept settings this editor cannot draw: the sample, said so
      ed.unreadable = true;
      body = editor();
    }
  }
  add(box, h("fieldset", { class: "plain" },
    h("legend", { class: "field-legend", text: t("gcsgNew.settings") }),
    h("label", { class: "check", for: "gcsg-sample" },
      h("input", { type: "radio", name: "gcsg-settings", id: "gcsg-sample", checked: !ed.own,
        onchange: () => { ed.own = false; ed.refusal = null; ed.onEdit(); keep(); changed(); } }),
      h("span", { text: t("gcsgNew.useSample") })),
    h("label", { class: "check", for: "gcsg-own" },
      h("input", { type: "radio", name: "gcsg-settings", id: "gcsg-own", "data-testid": "gcsg-own", checked: ed.own, onchange: useOwn }),
      h("span", { text: t("gcsgNew.useOwn") })),
    ed.own ? body : h("p", { class: "muted small", text: t("gcsgNew.sampleHelp") })));
  return box;
}
