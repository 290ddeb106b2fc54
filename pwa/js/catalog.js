// Read-only documents several screens share, loaded once on demand: the definitions library
// (GET /api/library), the Versus booklet's missions (GET /api/versus/missions) and HQ powers
// (GET /api/versus/powers). The booklet's two documents are kept in localStorage too, so that a
// phone started offline still shows the powers' text.

import { getLang } from "./i18n.js";
import { changed, request } from "./core.js";

const URLS = { library: "/api/library", missions: "/api/versus/missions", powers: "/api/versus/powers" };
const KEPT = new Set(["missions", "powers"]);
const cache = Object.fromEntries(Object.keys(URLS).map((k) => [k, { data: null, loading: false, failed: false }]));

function kept(name) {
  try { return JSON.parse(localStorage.getItem(`gc.cat.${name}`)); } catch { return null; }
}

// The document `name` as far as it is known; starts loading it when needed. `fresh` reloads it.
export function catalog(name, { fresh = false } = {}) {
  const c = cache[name];
  if (!c.data && KEPT.has(name)) c.data = kept(name);
  if ((fresh || !c.data || c.failed) && !c.loading) load(name);
  return c;
}

async function load(name) {
  const c = cache[name];
  c.loading = true;
  try {
    const answer = await request("GET", URLS[name]);
    if (!answer.ok) throw new Error(String(answer.status));
    c.data = answer.data;
    c.failed = false;
    if (KEPT.has(name)) {
      try { localStorage.setItem(`gc.cat.${name}`, JSON.stringify(answer.data)); } catch { /* full: keep it in memory */ }
    }
  } catch {
    c.failed = !c.data;
  } finally {
    c.loading = false;
    changed();
  }
}

export function retry(name) {
  cache[name].failed = false;
  load(name);
}

const fr = () => getLang() === "fr";

// ------------------------------------------------------------------ booklet texts in the current language

export function missionTitle(m) { return (fr() ? m.name_fr : m.name_en) || m.name_en || m.name_fr || ""; }

export function powerName(p) { return (fr() ? p.name_fr : p.name_en) || p.name_en; }

export function altText(a) { return (fr() ? a.text_fr : a.text_en) || a.text_en || a.text_fr || ""; }

// The booklet's powers of the character named like `tileName` on `side` (what the server gives an
// HQ when no power is named).
export function powersFor(tileName, side) {
  const doc = catalog("powers").data;
  if (!doc) return null;
  const wanted = tileName.trim().toLowerCase();
  return doc.powers.filter((p) => p.side === side && p.character.trim().toLowerCase() === wanted);
}

// The booklet's template of the Versus mission a table was created from (matched by name).
export function missionTemplate(table) {
  const doc = catalog("missions").data;
  const name = table?.mission?.name;
  if (!doc || !name) return null;
  return doc.missions.find((m) => m.name_en === name || m.name_fr === name) || null;
}
