// Home: set up a Batman Miniature Game table (two players, crews from the sample cards the game
// package ships) or a Gotham City Strategy Game table (2–4 Villains, the sample settings or the
// table's own, edited in forms and kept on this phone: gcsg-settings.js). The API checks the crews
// and the settings (refusals with their rule); the phone only gathers the choices.

import { refusalText, t, word } from "../i18n.js";
import { add, h } from "../ui.js";
import { changed, request, saveRecord } from "../core.js";
import { chosenSettings, renderSettings, settingsRefused } from "./gcsg-settings.js";

const bmg = {
  samples: null, loading: false, failed: false, error: null, creating: false,
  players: [
    { id: "a", name: "", crew: "", boss: "batman", members: new Set(["batman", "gordon"]) },
    { id: "b", name: "", crew: "", boss: "joker", members: new Set(["joker", "thug"]) },
  ],
};

const gcsg = {
  samples: null, loading: false, failed: false, error: null, creating: false,
  villains: ["joker", "penguin", "two-face"],
};

async function load(form, game) {
  if (form.samples || form.loading) return;
  form.loading = true;
  form.failed = false;
  changed();
  try {
    const answer = await request("GET", `/api/games/${game}/samples`);
    if (!answer.ok) throw new Error(String(answer.status));
    form.samples = answer.data;
  } catch {
    form.failed = true;
  } finally {
    form.loading = false;
    changed();
  }
}

function loading(form, box, game) {
  if (form.failed) {
    add(box, h("p", { class: "refusal", role: "alert", text: t("home.libraryFailed") }),
      h("button", { type: "button", class: "btn", onclick: () => { form.failed = false; load(form, game); } }, t("retry")));
    return true;
  }
  if (!form.samples) {
    load(form, game);
    add(box, h("p", { class: "muted", text: t("home.loading") }));
    return true;
  }
  return false;
}

function created(table, game, goRef, title) {
  saveRecord(table.code, { hostToken: table.token, seat: "host", token: null, mission: title, mode: game, joinLink: table.join_link });
  goRef(`#/join/${table.code}`);
}

// `placed(data)`: where a refusal is shown instead (a section's title), or null.
async function post(form, game, body, goRef, title, placed = () => null) {
  form.creating = true;
  form.error = null;
  changed();
  try {
    const answer = await request("POST", `/api/games/${game}/tables`, { body });
    if (!answer.ok) {
      const where = placed(answer.data);
      form.error = where ? t("gsEdit.seeField", { where }) : refusalText(answer.data) || String(answer.status);
      return;
    }
    created(answer.data, game, goRef, title);
  } catch {
    form.error = t("err.network");
  } finally {
    form.creating = false;
    changed();
  }
}

// ------------------------------------------------------------------ Batman Miniature Game

export function renderBmgCreate(box, goRef) {
  if (loading(bmg, box, "bmg")) return box;
  const cards = bmg.samples.cards;
  add(box, h("p", { class: "muted small", text: t("bmgNew.sample") }));
  bmg.players.forEach((p, i) => {
    const n = i + 1;
    add(box, h("fieldset", { class: "plain crew-pick", "data-testid": `bmg-player-${n}` },
      h("legend", { class: "field-legend", text: t("bmgNew.player", { n }) }),
      h("label", { class: "field" }, h("span", { text: t("bmgNew.name") }),
        h("input", { type: "text", value: p.name, "data-key": `bmg-name-${n}`, "data-testid": `bmg-name-${n}`, maxlength: 30,
          placeholder: t("bmgNew.namePh", { n }), oninput: (e) => { p.name = e.target.value; } })),
      h("label", { class: "field" }, h("span", { text: t("bmgNew.crew") }),
        h("input", { type: "text", value: p.crew, "data-key": `bmg-crew-${n}`, maxlength: 40,
          placeholder: t("bmgNew.crewPh"), oninput: (e) => { p.crew = e.target.value; } })),
      h("p", { class: "small", text: t("bmgNew.members") }),
      h("ul", { class: "list compact" }, cards.map((c) => {
        const id = `bmg-${n}-${c.id}`;
        return h("li", {},
          h("label", { class: "check", for: id },
            h("input", { type: "checkbox", id, "data-key": id, "data-testid": id, checked: p.members.has(c.id),
              onchange: (e) => { if (e.target.checked) p.members.add(c.id); else { p.members.delete(c.id); if (p.boss === c.id) p.boss = null; } checkCrew(p); changed(); } }),
            h("span", {}, h("strong", { text: c.alias || c.name }), h("span", { class: "muted small", text: ` · ${c.ranks.map((r) => word(`bmg.rank.${r}`, r)).join("/")} · ${c.reputation} Rep${c.funding ? ` · $${c.funding}` : ""}` }))),
          p.members.has(c.id) ? h("label", { class: "check small", for: `${id}-boss` },
            h("input", { type: "radio", name: `bmg-boss-${n}`, id: `${id}-boss`, "data-testid": `${id}-boss`, checked: p.boss === c.id,
              onchange: () => { p.boss = c.id; checkCrew(p); changed(); } }),
            h("span", { text: t("bmgNew.boss") })) : null);
      })),
      crewLine(p, n)));
  });
  add(box, bmg.error ? h("p", { class: "refusal", role: "alert", "data-testid": "create-error", text: bmg.error }) : null,
    h("button", { type: "button", class: "btn primary block", "data-testid": "create-bmg", disabled: bmg.creating,
      "aria-busy": bmg.creating ? "true" : false, onclick: () => {
        const players = bmg.players.map((p, i) => ({
          id: p.id, name: p.name.trim() || t("bmgNew.namePh", { n: i + 1 }), crew: crewOf(p) }));
        post(bmg, "bmg", { players }, goRef, t("game.bmg"));
      } }, t("home.createBtn")));
  return box;
}

function crewOf(p) {
  return { name: p.crew.trim() || t("bmgNew.crewPh"), boss: p.boss || [...p.members][0] || "",
    members: [...p.members].map((card) => ({ card })) };
}

// The crew as the rules read it, before any table (FORMING THE CREW): the server's crew check
// answers its Reputation against the limit, the Funding left and each rank's slots, or the rule it
// breaks. Asked again a moment after each change of the models or the Boss.
const checks = { timer: {}, asked: {} };

function checkCrew(p) {
  clearTimeout(checks.timer[p.id]);
  checks.timer[p.id] = setTimeout(async () => {
    const body = { crew: crewOf(p) };
    const key = JSON.stringify(body);
    checks.asked[p.id] = key;
    let answer;
    try {
      answer = await request("POST", "/api/games/bmg/crews/check", { body });
    } catch {
      return;   // offline: the Create button's answer will say
    }
    if (checks.asked[p.id] !== key) return;   // a newer crew is being checked
    p.check = { summary: answer.data?.crew || (answer.ok ? answer.data : null), refusal: answer.ok ? null : refusalText(answer.data) };
    changed();
  }, 250);
}

function crewLine(p, n) {
  if (!p.check) {
    if (!checks.asked[p.id]) checkCrew(p);
    return null;
  }
  const s = p.check.summary;
  const parts = s ? [t("bmgNew.rep", { total: s.reputation.total, limit: s.reputation.limit }),
    t("bmgNew.funding", { left: s.funding.left }),
    ...Object.entries(s.slots).filter(([, x]) => x.used || x.allowed).map(([rank, x]) =>
      x.allowed === null ? t("bmgNew.slotAny", { rank: word(`bmg.rank.${rank}`, rank), used: x.used })
        : t("bmgNew.slot", { rank: word(`bmg.rank.${rank}`, rank), used: x.used, allowed: x.allowed }))] : [];
  return h("div", { class: "crew-check", "data-testid": `bmg-check-${n}`, role: "status" },
    parts.length ? h("p", { class: "small", text: parts.join(" · ") }) : null,
    p.check.refusal ? h("p", { class: "refusal small", text: p.check.refusal }) : null);
}

// ------------------------------------------------------------------ Gotham City Strategy Game

export function renderGcsgCreate(box, goRef) {
  if (loading(gcsg, box, "gcsg")) return box;
  const all = gcsg.samples.villains;
  add(box, h("fieldset", { class: "plain" },
    h("legend", { class: "field-legend", text: t("gcsgNew.villains") }),
    h("p", { class: "muted small", text: t("gcsgNew.order") }),
    h("ul", { class: "list compact" }, all.map((v) => {
      const id = `gcsg-${v.id}`;
      const at = gcsg.villains.indexOf(v.id);
      return h("li", {}, h("label", { class: "check", for: id },
        h("input", { type: "checkbox", id, "data-key": id, "data-testid": id, checked: at >= 0,
          onchange: (e) => {
            if (e.target.checked) gcsg.villains.push(v.id); else gcsg.villains = gcsg.villains.filter((x) => x !== v.id);
            changed();
          } }),
        h("span", { text: v.name })), at >= 0 ? h("span", { class: "pill", text: t("gcsgNew.seatN", { n: at + 1 }) }) : null);
    }))));
  renderSettings(box, gcsg.samples, () => { gcsg.error = null; });
  add(box, gcsg.error ? h("p", { class: "refusal", role: "alert", "data-testid": "create-error", text: gcsg.error }) : null,
    h("button", { type: "button", class: "btn primary block", "data-testid": "create-gcsg", disabled: gcsg.creating,
      "aria-busy": gcsg.creating ? "true" : false, onclick: () => {
        const settings = chosenSettings();
        post(gcsg, "gcsg", { villains: gcsg.villains, ...(settings ? { settings } : {}) }, goRef, t("game.gcsg"), settingsRefused);
      } }, t("home.createBtn")));
  return box;
}
