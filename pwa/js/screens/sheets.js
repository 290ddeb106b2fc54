// Action sheets: bottom sheets started where the player looks (a space on the hero board, a villain
// character's card). An attack / complex action sheet (target, weapon, hindering, elevation, the
// odds, one Roll button, then the roll to its end and its result), a move sheet (areas, jumps,
// climbs, hindering: one Move command), a free roll sheet (falls, dangerous terrain) and the
// defender's choice (the odds for each number of defense cubes, one tap per choice).
// Everything offered comes from the table's `may` (the start_roll / move / … offers' targets);
// the odds and a movement's price come from the command's preview (core.preview), each command goes
// through core.send. No rule lives here.

import { plural, refusalText, rollStepText, t, labelled } from "../i18n.js";
import { eventText } from "../events.js";
import { add, h } from "../ui.js";
import { allow, changed, mySeats, offered, offerFor, preview, send, state, subscribe } from "../core.js";
import { busy, refusalFor, whyNot } from "./common.js";
import { dismissResult } from "../now.js";

const ATTACKS = ["melee", "ranged"];

const sheet = {
  kind: null,        // "action" | "move" | "free" | null
  actor: null,       // {hero} | {miniature}
  action: "melee",
  target: null, weapon: null, hindering: 0, elevation: false, more: 0, characteristic: 0, difficulty: 1,
  enemies: new Set(), allies: new Set(), hinderingOpen: false,
  moves: { areas: 1, jumps: [], climbs: [], hindering: 0 },
  cause: "fall", level: 1,
  rollId: null, events: null, picked: new Set(), shown: [],
};
let dialog = null;

// ------------------------------------------------------------------ names, offers

export function names(table) {
  const posts = Object.values(table.command_posts || {});
  return {
    heroes: Object.fromEntries((table.heroes || []).map((x) => [x.id, x.name])),
    tiles: Object.fromEntries(posts.flatMap((p) => p.river.map((x) => [x.id, x.name]))),
    minis: Object.fromEntries(posts.flatMap((p) => p.miniatures.map((m) => [m.id, m.label]))),
  };
}

// Every entry of `command` the table offers this phone (all its seats), for reading its targets.
export function myOffers(command, table = state.table) {
  return mySeats().flatMap((seat) => (table?.may?.[seat] || []).filter((e) => e.command === command));
}

// The values a field may take in the offers of `command` that cover `targets` (e.g. the target
// miniatures of a hero's melee attack), in the order the table gives them.
export function offeredValues(command, field, targets = {}) {
  const fits = (e) => Object.entries(targets).every(([k, v]) => v == null || (e.targets?.[k] || []).includes(v));
  return [...new Set(myOffers(command).filter(fits).flatMap((e) => e.targets?.[field] || []))];
}

function actorName(table, actor) {
  if (!actor) return "—";
  const n = names(table);
  return actor.hero ? n.heroes[actor.hero] || actor.hero : n.minis[actor.miniature] || actor.miniature;
}

function heroOf(table, actor) { return actor?.hero ? table.heroes.find((x) => x.id === actor.hero) : null; }

function miniatureOf(table, id) {
  for (const post of Object.values(table.command_posts || {})) {
    const mini = post.miniatures.find((m) => m.id === id);
    if (mini) return { post, mini };
  }
  return {};
}

// A villain character's profile (its tile definition): its characteristic lines per action.
function profileOf(table, id) {
  const { post, mini } = miniatureOf(table, id);
  const tile = post?.tiles?.[mini?.tile];
  if (!tile) return null;
  const chars = tile.characters || [];
  return chars.find((c) => mini.label?.startsWith(c.name)) || chars[0] || null;
}

// ------------------------------------------------------------------ open / close

export function openActionSheet(actor, action = "melee") {
  Object.assign(sheet, { kind: "action", actor, action: action === "attack" ? "melee" : action, target: null, weapon: null,
    hindering: 0, elevation: false, characteristic: 0, difficulty: 1, rollId: null, events: null, hinderingOpen: false });
  sheet.picked.clear(); sheet.enemies.clear(); sheet.allies.clear();
  sheet.more = 0;   // raised to the least the offer lists when the sheet is drawn
  show();
}

export function openMoveSheet(actor) {
  Object.assign(sheet, { kind: "move", actor, moves: { areas: 1, jumps: [], climbs: [], hindering: 0 }, rollId: null, events: null });
  show();
}

export function openFreeRollSheet(actor, cause = "fall") {
  Object.assign(sheet, { kind: "free", actor, cause, level: 1, rollId: null, events: null });
  sheet.picked.clear();
  show();
}

export function closeSheet() {
  sheet.kind = null;
  if (dialog?.open) dialog.close();
}

export function sheetOpen() { return Boolean(sheet.kind); }

function show() {
  if (!dialog) {
    dialog = h("dialog", { class: "sheet action-sheet", "aria-labelledby": "as-title", "data-testid": "action-sheet" });
    dialog.addEventListener("close", () => { sheet.kind = null; });
    document.body.append(dialog);
  }
  draw();
  if (!dialog.open) dialog.showModal();
}

function draw() {
  if (!dialog || !sheet.kind) return;
  if (!state.table) { dialog.replaceChildren(header(t("loading"))); return; }   // the table is on its way
  const focusedKey = document.activeElement?.dataset?.key;
  const scroll = dialog.scrollTop;
  const body = sheet.kind === "move" ? moveContent(state.table) : actionContent(state.table);
  dialog.replaceChildren(...[body].flat(3).filter(Boolean));
  dialog.scrollTop = scroll;
  if (focusedKey) dialog.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus({ preventScroll: true });
}

subscribe(() => draw());

// ------------------------------------------------------------------ small controls

function header(title) {
  return h("div", { class: "row spread sheet-head" },
    h("h2", { id: "as-title", text: title }),
    h("button", { type: "button", class: "btn small ghost", "data-key": "sheet-close", onclick: closeSheet }, t("close")));
}

export function stepperRow(label, value, min, max, set, key) {
  const clamp = (v) => set(Math.max(min, Math.min(max, v)));
  return h("div", { class: "field sheet-stepper" },
    h("span", { id: `${key}-l`, text: label }),
    h("div", { class: "stepper", role: "group", "aria-labelledby": `${key}-l` },
      h("button", { type: "button", class: "btn", "data-key": `${key}-minus`, "aria-label": `${label} −1`, disabled: value <= min, onclick: () => { clamp(value - 1); changed(); } }, "−"),
      h("output", { "data-testid": key, "aria-live": "polite", text: String(value) }),
      h("button", { type: "button", class: "btn", "data-key": `${key}-plus`, "aria-label": `${label} +1`, disabled: value >= max, onclick: () => { clamp(value + 1); changed(); } }, "+")));
}

function choiceGroup(label, options, value, pick) {
  return h("div", { class: "field" },
    h("span", { class: "muted small", text: label }),
    h("div", { class: "choices", role: "group", "aria-label": label },
      options.map(([v, text]) => h("button", { type: "button", class: `btn choice ${v === value ? "primary" : ""}`,
        "aria-pressed": v === value ? "true" : "false", "data-key": `choice-${label}-${v}`,
        onclick: () => { pick(v); changed(); } }, text))));
}

const pct = (p) => new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent", maximumFractionDigits: 0 }).format(p);
const dec = (x) => new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(x);

// ------------------------------------------------------------------ previews (the odds, a move's price: change nothing)

const oddsCache = new Map();   // query key → {data, error} | "pending"

// What the command `name` with those fields would do, as the table computes it without changing
// anything (a roll's odds, a movement's price): {data} or {error}, null while it is on its way;
// cached per table version.
export function fetchPreview(name, fields) {
  const key = `${name} ${JSON.stringify(fields)}`;
  const hit = oddsCache.get(key);
  if (hit && hit !== "pending") return hit;
  if (!hit && state.conn !== "offline" && state.code) {
    oddsCache.set(key, "pending");
    preview(name, fields).then((answer) => {
      oddsCache.set(key, answer.ok ? { data: answer.data } : { error: answer.data || {} });
      changed();
    }).catch(() => oddsCache.delete(key));
  }
  return null;
}

// The cache holds answers of one table version: any change may change the odds.
let cachedVersion = null;
subscribe(() => {
  if (state.version !== cachedVersion) { cachedVersion = state.version; oddsCache.clear(); }
});

// "2× orange + 1× yellow" from the odds' pool (colour names), in the app's language.
export function poolText(pool) {
  const counts = {};
  for (const label of pool || []) counts[label] = (counts[label] || 0) + 1;
  return Object.entries(counts).map(([label, n]) => {
    const [colour, free] = label.split("+");
    return `${n}× ${t(`gnh.colour.${colour}`)}${free ? ` (${t("gnh.freeReroll")})` : ""}`;
  }).join(" + ") || "—";
}

function oddsLines(d, difficulty) {
  const lines = [];
  if (d.wounds) {
    const none = d.wounds[0] ?? 0;
    lines.push(t("gnh.oddsHit", { p: pct(1 - none) }), t("gnh.oddsWounds", { n: dec(d.expected_wounds ?? 0) }));
    if (d.p_neutralize != null) lines.push(t("gnh.oddsNeutralize", { p: pct(d.p_neutralize) }));
  } else if (d.p_at_least != null) {
    lines.push(t("gnh.oddsSuccess", { d: difficulty ?? d.difficulty, p: pct(d.p_at_least) }));
  }
  if (!d.wounds) lines.push(t("gnh.oddsMean", { n: dec(d.mean) }));
  return lines;
}

// ------------------------------------------------------------------ the action sheet

function startOffers(table) {
  const hero = sheet.actor?.hero;
  const mini = sheet.actor?.miniature;
  const actorT = hero ? { hero } : { miniature: mini };
  return {
    may: allow("start_roll", { ...actorT, action: sheet.action }),
    heroesT: offeredValues("start_roll", "target_hero", { ...actorT, action: sheet.action }),
    minisT: offeredValues("start_roll", "target_miniature", { ...actorT, action: sheet.action }),
    weapons: offeredValues("start_roll", "weapon", { ...actorT, action: sheet.action }),
    actions: offeredValues("start_roll", "action", actorT),
    cubes: offeredValues("start_roll", "cubes", { ...actorT, action: sheet.action }),   // a hero's: C4, IX·I, V·A 14
  };
}

function actionTitle(table) {
  const who = actorName(table, sheet.actor);
  return `${who} · ${t(`gnh.do.${sheet.action}`)}`;
}

function actionContent(table) {
  const dice = table.dice || {};
  const roll = dice.roll?.roll;
  if (sheet.rollId != null && roll?.id === sheet.rollId) return [header(sheet.kind === "free" ? t(`gnh.free.${sheet.cause}`) : actionTitle(table)), rollProgress(table, dice)];
  if (sheet.rollId != null && dice.last?.id === sheet.rollId) return [header(sheet.kind === "free" ? t(`gnh.free.${sheet.cause}`) : actionTitle(table)), resultPart(table, dice.last)];
  if (sheet.rollId != null) { sheet.rollId = null; sheet.events = null; }   // undone, or another roll: start again
  if (sheet.kind === "free") return freeContent(table);
  return setupPart(table);
}

function setupPart(table) {
  const attack = ATTACKS.includes(sheet.action);
  const hero = heroOf(table, sheet.actor);
  const offers = startOffers(table);
  const out = [header(actionTitle(table))];
  if (roll(table)) {
    out.push(h("p", { class: "muted", "data-testid": "sheet-busy", text: t("gnh.rollInProgress", { who: table.dice.roll.roll.actor }) }),
      h("a", { class: "btn block", href: "#/dice", onclick: closeSheet }, t("gnh.toDice")));
    return out;
  }
  const body = { action: sheet.action };   // the start_roll command's fields, and its preview's
  if (hero) {
    const space = hero.spaces?.[sheet.action] || {};
    const unused = space.unused || 0;
    // the cubes the offer lets this hero add now (none when nothing fits: the start button says why)
    const least = offers.cubes.length ? Math.min(...offers.cubes) : 0;
    const most = offers.cubes.length ? Math.max(...offers.cubes) : 0;
    sheet.more = Math.max(least, Math.min(most, sheet.more));
    out.push(h("p", { class: "sheet-cubes", "data-testid": "sheet-unused", text: unused ? t("gnh.unused", { cubes: plural(unused, "cube") }) : t("gnh.noUnused") }),
      stepperRow(t("gnh.moreCubes"), sheet.more, least, most, (v) => { sheet.more = v; }, "sheet-more"));
    body.hero = hero.id; body.cubes = sheet.more;   // besides the unused cubes, which the table counts (C4)
  } else {
    const profile = profileOf(table, sheet.actor?.miniature);
    const lines = profile?.[sheet.action] || [];
    if (lines.length > 1) {
      out.push(choiceGroup(t("gnh.line"), lines.map((line, i) => [i, lineText(line)]), sheet.characteristic, (v) => { sheet.characteristic = v; }));
    }
    const line = lines[sheet.characteristic] || lines[0];
    if (line) out.push(h("p", { class: "small muted", "data-testid": "sheet-multiplier", text: t("gnh.multiplier", { line: lineText(line), n: line.multiplier }) }));
    body.miniature = sheet.actor.miniature; body.characteristic = sheet.characteristic;
  }
  if (attack) {
    const n = names(table);
    const targets = [...offers.heroesT.map((id) => [id, n.heroes[id] || id, "target_hero"]),
      ...offers.minisT.map((id) => [id, n.minis[id] || id, "target_miniature"])];
    if (targets.length === 1 && !sheet.target) sheet.target = targets[0][0];
    if (sheet.target && !targets.some(([id]) => id === sheet.target)) sheet.target = null;
    out.push(targets.length
      ? h("div", { class: "field" }, h("span", { class: "muted small", id: "as-target-l", text: t("dice.target") }),
        h("div", { class: "choices targets", role: "group", "aria-labelledby": "as-target-l" },
          targets.map(([id, label]) => h("button", { type: "button", class: `btn choice ${sheet.target === id ? "primary" : ""}`,
            "aria-pressed": sheet.target === id ? "true" : "false", "data-key": `target-${id}`,
            onclick: () => { sheet.target = id; changed(); } }, label))))
      : h("p", { class: "muted", text: t("dice.noTarget") }));
    const field = targets.find(([id]) => id === sheet.target)?.[2];
    if (field) body[field] = sheet.target;
    // the weapon cards the table offers this hero for this attack (V·D): a melee attack may go
    // without one; a ranged attack uses one (the only one needs no choice)
    const weapons = offers.weapons;
    if (sheet.weapon != null && sheet.weapon !== "" && !weapons.includes(sheet.weapon)) sheet.weapon = null;
    if (sheet.weapon == null && weapons.length === 1) sheet.weapon = weapons[0];
    const choices = [...(sheet.action === "melee" ? [["", t("gno.noWeapon")]] : []), ...weapons.map((w) => [w, w])];
    if (hero && choices.length > 1) {
      out.push(choiceGroup(t("gnh.weapon"), choices, sheet.weapon, (v) => { sheet.weapon = v; }));
    }
    if (sheet.weapon) body.weapon = sheet.weapon;
    if (sheet.action === "ranged") {
      out.push(h("label", { class: "toggle-row" },
        h("input", { type: "checkbox", checked: sheet.elevation, "data-key": "elevation", onchange: (e) => { sheet.elevation = e.target.checked; changed(); } }),
        h("span", { text: t("gnh.elevation") })));
      if (sheet.elevation) body.elevation = true;
    }
  } else {
    out.push(stepperRow(t("dice.difficulty"), sheet.difficulty, 0, 20, (v) => { sheet.difficulty = v; }, "sheet-difficulty"));
    body.difficulty = sheet.difficulty;
  }
  out.push(hinderingPart(table, body));
  const ready = !attack || Boolean(sheet.target);
  const key = "sheet-roll";
  out.push(h("div", { class: "sheet-foot" }, oddsBox(body, attack),
    refusalFor(key), offers.may.ok ? null : whyNot(offers.may.why, "sheet-roll-why"),
    !ready ? h("p", { class: "muted small", text: t("gnh.pickTarget") }) : null,
    h("button", { type: "button", class: "btn primary block big-btn", "data-key": key, "aria-busy": busy(key),
      disabled: !offers.may.ok || !ready, onclick: () => startRoll(body) }, t("gnh.roll"))));
  return out;
}

// Hindering (IX·N): tap the enemies and allies in the action's area (their menace goes to the
// table, which counts the index, Nerves of steel included), or give the index itself.
function hinderingPart(table, body) {
  const n = names(table);
  const heroMenace = (id) => table.heroes.find((x) => x.id === id)?.board?.menace ?? 0;
  const miniMenace = (id) => profileOf(table, id)?.menace ?? 0;
  const villainMinis = (table.command_posts.villain?.miniatures || []).filter((m) => m.place === "board").map((m) => m.id);
  const liveHeroes = table.heroes.filter((x) => !x.neutralized).map((x) => x.id);
  let enemies; let allies;
  if (sheet.actor.hero) {
    enemies = villainMinis.map((id) => [id, n.minis[id], miniMenace(id)]);
    allies = liveHeroes.filter((id) => id !== sheet.actor.hero).map((id) => [id, n.heroes[id], heroMenace(id)]);
  } else {
    enemies = liveHeroes.map((id) => [id, n.heroes[id], heroMenace(id)]);
    allies = villainMinis.filter((id) => id !== sheet.actor.miniature).map((id) => [id, n.minis[id], miniMenace(id)]);
  }
  const chosenE = enemies.filter(([id]) => sheet.enemies.has(id));
  const chosenA = allies.filter(([id]) => sheet.allies.has(id));
  const byMenace = chosenE.length + chosenA.length > 0;
  if (byMenace) {
    // the roll and the odds both take the menace: the table counts the index (Nerves of steel too)
    body.enemy_menace = chosenE.map((x) => x[2]);
    body.ally_menace = chosenA.map((x) => x[2]);
  } else if (sheet.hindering) body.hindering = sheet.hindering;
  const chips = (list, set, label) => (list.length ? h("div", { class: "field" }, h("span", { class: "muted small", text: label }),
    h("div", { class: "choices", role: "group", "aria-label": label }, list.map(([id, name, menace]) => h("button", { type: "button",
      class: `btn choice small ${set.has(id) ? "primary" : ""}`, "aria-pressed": set.has(id) ? "true" : "false", "data-key": `menace-${id}`,
      onclick: () => { if (set.has(id)) set.delete(id); else set.add(id); changed(); } }, `${name} · ${menace}`)))) : null);
  const summary = byMenace ? t("gnh.hinderingMenace", { e: body.enemy_menace.reduce((a, b) => a + b, 0), a: body.ally_menace.reduce((a, b) => a + b, 0) })
    : t("gnh.hinderingIndex", { n: sheet.hindering });
  return h("details", { class: "hindering", open: sheet.hinderingOpen, ontoggle: (e) => { sheet.hinderingOpen = e.target.open; } },
    h("summary", { "data-testid": "sheet-hindering-summary", text: labelled(t("gnh.hindering"), summary) }),
    h("p", { class: "muted small", text: t("gnh.hinderingHelp") }),
    chips(enemies, sheet.enemies, t("gnh.enemiesHere")), chips(allies, sheet.allies, t("gnh.alliesHere")),
    byMenace ? null : stepperRow(t("gnh.hinderingIndexLabel"), sheet.hindering, 0, 12, (v) => { sheet.hindering = v; }, "sheet-hindering"));
}

function lineText(line) {
  const dice = (line.dice || []).map((d) => `${d.count}× ${t(`gnh.colour.${d.colour}`)}`).join(" + ");
  return dice || "—";
}

function roll(table) { return table.dice?.roll?.roll || null; }

function oddsBox(body, attack) {
  const box = h("div", { class: "odds sheet-odds", "data-testid": "sheet-odds", "aria-live": "polite" }, h("h3", { text: t("dice.odds") }));
  if (attack && !body.target_hero && !body.target_miniature) return null;   // "Choose a target." says it under the button
  const got = fetchPreview("start_roll", body);
  if (!got) { add(box, h("p", { class: "muted small", text: t("loading") })); return box; }
  if (got.error) {
    add(box, h("p", { class: "muted small", text: refusalText(got.error, state.table) }));
    return box;
  }
  const d = got.data;
  add(box, h("p", { class: "small", text: labelled(t("dice.pool"), `${poolText(d.pool)}${d.automatic ? ` + ${d.automatic}` : ""}`) }),
    d.hindering ? h("p", { class: "small", "data-testid": "odds-hindering", text: t("gno.oddsHindering", { n: d.hindering }) }) : null,
    h("p", { class: "odds-lines", text: oddsLines(d, body.difficulty).join(" · ") }));
  return box;
}

async function startRoll(body) {
  const actorT = body.hero ? { hero: body.hero } : { miniature: body.miniature };
  const done = await send("start_roll", body, "sheet-roll", { ...actorT, action: body.action });
  if (!done) return;
  const started = done.table?.dice?.roll?.roll;
  sheet.rollId = started?.id ?? null;
  sheet.events = done.events;
  sheet.picked.clear();
  await rollIfApp(done.table);
  changed();
}

// App dice: the dice are rolled at once (one tap: Roll). Real dice: the faces are entered next.
async function rollIfApp(table) {
  if (table?.dice?.mode !== "server" || !table.dice.roll) return;
  if (!allow("roll_dice").ok) return;
  const done = await send("roll_dice", {}, "sheet-roll");
  if (done) sheet.events = [...(sheet.events || []), ...done.events];
}

// ------------------------------------------------------------------ the roll in progress, in the sheet

function rollProgress(table, dice) {
  const view = dice.roll;
  const r = view.roll;
  const ps = r.defense || r.pool;   // the defense's dice once the defender has chosen
  const out = [h("p", {}, h("span", { class: "pill warn", "data-testid": "sheet-step", text: rollStepText(view) }))];
  const rerolling = allow("reroll_dice").ok;
  if (ps?.dice?.length) {
    out.push(h("div", { class: "dice-row", role: "group", "aria-label": t("dice.pick") }, ps.dice.map((die) => {
      const picked = sheet.picked.has(die.index);
      return h("button", { type: "button", class: `die ${die.colour}`, "aria-pressed": picked ? "true" : "false", disabled: !rerolling,
        "aria-label": labelled(t(`gnh.colour.${die.colour}`), die.successes), "data-key": `sdie-${die.index}`,
        onclick: () => { if (picked) sheet.picked.delete(die.index); else sheet.picked.add(die.index); changed(); } }, String(die.successes));
    })));
  }
  if (view.shown != null) out.push(h("p", { class: "result-big", text: t("dice.shown", { n: view.shown }) }));
  const act = (key, label, name, fields, opts = {}) => {
    const may = allow(name);
    if (!may.ok && !opts.always) return null;
    return h("button", { type: "button", class: `btn block ${opts.primary ? "primary big-btn" : ""}`, "data-key": key, "aria-busy": busy(key),
      disabled: !may.ok || opts.disabled, onclick: async () => {
        const done = await send(name, fields, key);
        if (done) { sheet.events = [...(sheet.events || []), ...done.events]; sheet.picked.clear(); changed(); }
      } }, label);
  };
  const foot = h("div", { class: "sheet-foot stack" });
  if (allow("roll_dice").ok) {
    if (dice.mode === "physical") add(foot, faceEntry(table, ps, "sheet-faces", (shown) => ["roll_dice", { shown }]));
    else add(foot, act("sheet-roll-dice", t("dice.roll"), "roll_dice", {}, { primary: true }));
  }
  if (rerolling) {
    const picked = [...sheet.picked];
    const free = Object.values(view.free_rerolls_left || {}).reduce((a, b) => a + b, 0);
    if (dice.mode === "physical" && picked.length) {
      add(foot, faceEntry(table, { dice: ps.dice.filter((d) => sheet.picked.has(d.index)) }, "sheet-reroll-faces",
        (shown) => ["reroll_dice", { step: "paid", dice: picked, shown }], t("gnh.rerollAs")));
    } else {
      if (free) add(foot, act("sheet-reroll-free", t("dice.rerollFree", { n: picked.length }), "reroll_dice", { step: "free", dice: picked }, { disabled: !picked.length }));
      add(foot, act("sheet-reroll-paid", t("dice.rerollPaid", { n: picked.length }), "reroll_dice", { step: "paid", dice: picked }, { disabled: !picked.length }));
    }
    add(foot, h("p", { class: "muted small", text: t("dice.pickHelp") }));
  }
  add(foot, act("sheet-end-rerolls", t("gnh.done"), "end_rerolls", {}, { primary: true }));
  if (offered("defend")) {
    // the defender's phone is told to defend (turn.awaiting, contract C1); the attacker's sheet
    // says whom it waits for, and may still enter the defense when the table lets this phone
    // (the sheet is the attacker's: before the table says whom it awaits, it waits)
    if (awaitsMe(table, "defend")) add(foot, defenseChoices(table, r, "sheet-defend"));
    else {
      add(foot, h("p", { class: "result-big", "data-testid": "sheet-waiting", text: t("gnh.waitDefense", { who: r.defender }) }));
      if (allow("defend").ok) add(foot, h("details", { class: "defend-here" }, h("summary", { text: t("gnh.defendHere") }), defenseChoices(table, r, "sheet-defend")));
    }
  }
  ["sheet-roll-dice", "sheet-reroll-free", "sheet-reroll-paid", "sheet-end-rerolls", "sheet-faces", "sheet-reroll-faces"].forEach((k) => add(foot, refusalFor(k)));
  out.push(foot);
  return out;
}

// Is this phone awaited for `code` now (turn.awaiting, contract C1)?
export function awaitsMe(table, code) {
  const seats = mySeats();
  return (table.turn?.awaiting || []).some((w) => w.code === code && seats.includes(w.seat));
}

// Does this phone take the defense? The seat the table awaits for it; before a table view says
// whom it awaits, the phone the table lets defend.
export function defenderHere(table) {
  if (Array.isArray(table.turn?.awaiting)) return awaitsMe(table, "defend");
  return allow("defend").ok;
}

function resultPart(table, last) {
  return [h("section", { class: "result-card", "data-testid": "sheet-result", role: "status" },
    resultLines(table, last).map((line, i) => h("p", { class: i === 0 ? "result-big" : "", text: line }))),
  h("div", { class: "sheet-foot" },
    h("button", { type: "button", class: "btn primary block big-btn", "data-key": "sheet-dismiss",
      onclick: () => { dismissResult(last.id); closeSheet(); } }, t("gnh.dismiss")))];
}

// "3 vs 2 → 1 wound", "Thug #1 neutralized", from the table's last roll (the dice `last`) and
// what the table shows of its target now.
export function resultLines(table, last) {
  const lines = [];
  if (last.outcome === "abandoned") lines.push(t("gnh.abandoned"));
  else if (last.wounds != null && last.defense_successes != null) {
    lines.push(t("result.vs", { a: last.successes ?? 0, d: last.defense_successes ?? 0, wounds: plural(last.wounds, "wound") }));
  } else if (last.wounds != null) {
    lines.push(plural(last.wounds, "wound"));
  } else if (last.successes != null && last.difficulty != null) {
    lines.push(t("gnh.resultComplex", { s: last.successes, d: last.difficulty }));
  } else if (last.successes != null) lines.push(t("dice.attackSuccesses", { n: last.successes }));
  lines.push(`${last.actor} → ${last.defender || t(ATTACKS.includes(last.action) || ["manipulation", "thought"].includes(last.action) ? `space.${last.action}` : `gnh.free.${last.action}`)}`);
  const mini = last.target_miniature ? miniatureOf(table, last.target_miniature).mini : null;
  const hero = last.target_hero ? table.heroes.find((x) => x.id === last.target_hero) : null;
  if (last.wounds && ((mini && mini.place !== "board") || hero?.neutralized)) lines.push(t("gnh.neutralized", { who: last.defender }));
  const fr = /^(\d+) against difficulty (\d+): (success|failure)$/.exec(last.outcome || "");
  if (fr) lines.push(t(fr[3] === "success" ? "gnh.succeeded" : "gnh.failed"));
  return lines;
}

// ------------------------------------------------------------------ the defender: one tap per number of cubes

// The odds of each number of defense cubes against the attack's successes, one button each.
export function defenseChoices(table, r, keyPrefix) {
  const may = allow("defend");
  const counts = offerFor("defend")?.targets?.cubes || [0];   // the cubes the defender may put (VII·B, IX·E, IX·I)
  const box = h("div", { class: "defense-choices", "data-testid": `${keyPrefix}-choices` },
    h("p", { text: t("dice.defendHelp", { who: r.defender }) }),
    h("p", { class: "muted small", text: t("gnh.attackHas", { n: r.successes ?? 0 }) }));
  for (const k of counts) {
    const got = fetchPreview("defend", { cubes: k });   // the wounds' odds against the roll in progress
    const d = got?.data;
    const odds = d?.wounds ? [t("gnh.noWound", { p: pct(d.wounds[0] ?? 0) }), t("gnh.oddsWounds", { n: dec(d.expected_wounds ?? 0) }),
      d.p_neutralize != null ? t("gnh.oddsNeutralize", { p: pct(d.p_neutralize) }) : null].filter(Boolean).join(" · ") : (got?.error ? "" : t("loading"));
    const key = `${keyPrefix}-${k}`;
    add(box, h("button", { type: "button", class: "btn block defend-choice", "data-testid": key, "data-key": key, "aria-busy": busy(key),
      disabled: !may.ok, onclick: () => send("defend", { cubes: k }, key) },
    h("span", { class: "big", text: k ? t("gnh.defendWith", { cubes: plural(k, "cube") }) : t("gnh.defendNone") }), h("span", { class: "sub", text: odds })), refusalFor(key));
  }
  return box;
}

// ------------------------------------------------------------------ real dice: tap the face each die shows

// The calibrated faces of a colour (contract C3: `dice.faces[colour]`, a list or {faces}).
function facesOf(table, colour) {
  const f = table.dice?.faces?.[colour];
  return Array.isArray(f) ? f : f?.faces || [];
}

const entered = { key: "", values: [] };

// `toSend(values)` answers [name, fields]: the command the entered faces are sent with.
export function faceEntry(table, ps, key, toSend, label = null) {
  // before the roll the pool has its dice types only (each "colour" or "colour+reroll")
  const dice = ps?.dice?.length ? ps.dice : (ps?.dice_types || []).map((label, index) => ({ index, colour: label.split("+")[0] }));
  const sig = `${key}:${dice.map((d) => `${d.index}${d.colour}`).join(",")}`;
  if (entered.key !== sig) { entered.key = sig; entered.values = dice.map(() => null); }
  const box = h("div", { class: "face-entry", "data-testid": key },
    h("p", { text: label || t("gnh.tapFaces") }));
  dice.forEach((die, i) => {
    const faces = [...new Set(facesOf(table, die.colour))].sort((a, b) => a - b);
    add(box, h("div", { class: "face-row", role: "group", "aria-label": t("gnh.dieN", { n: i + 1, colour: t(`gnh.colour.${die.colour}`) }) },
      h("span", { class: "small muted", text: t("gnh.dieN", { n: i + 1, colour: t(`gnh.colour.${die.colour}`) }) }),
      faces.map((v) => h("button", { type: "button", class: `die ${die.colour} face`, "aria-pressed": entered.values[i] === v ? "true" : "false",
        "aria-label": labelled(t("gnh.dieN", { n: i + 1, colour: t(`gnh.colour.${die.colour}`) }), t("gnh.symbols", { n: v })), "data-key": `${key}-${i}-${v}`,
        onclick: () => { entered.values[i] = v; changed(); } }, symbols(v)))));
  });
  const complete = entered.values.length && entered.values.every((v) => v !== null);
  const [name, fields] = toSend(entered.values);
  const may = allow(name);
  add(box, h("button", { type: "button", class: "btn primary block big-btn", "data-key": `${key}-send`, "aria-busy": busy(key),
    disabled: !complete || !may.ok, onclick: async () => {
      const done = await send(name, fields, key);
      if (done) { entered.key = ""; sheet.picked.clear(); changed(); }
    } }, t("gnh.enterFaces")));
  return box;
}

function symbols(n) { return n ? "✦".repeat(n) : "○"; }

// ------------------------------------------------------------------ falls and dangerous terrain (free rolls)

function freeContent(table) {
  const actorT = sheet.actor.hero ? { hero: sheet.actor.hero } : { miniature: sheet.actor.miniature };
  const causes = offeredValues("start_free_roll", "cause", actorT);
  const may = allow("start_free_roll", { ...actorT, cause: sheet.cause });
  const key = "sheet-free";
  return [header(`${actorName(table, sheet.actor)} · ${t(`gnh.free.${sheet.cause}`)}`),
    causes.length > 1 ? choiceGroup(t("gnh.cause"), causes.map((c) => [c, t(`gnh.free.${c}`)]), sheet.cause, (v) => { sheet.cause = v; }) : null,
    stepperRow(t("gnh.level"), sheet.level, 0, 20, (v) => { sheet.level = v; }, "sheet-level"),
    h("p", { class: "muted small", text: t("gnh.freeHelp") }),
    h("div", { class: "sheet-foot" }, refusalFor(key), may.ok ? null : whyNot(may.why),
      h("button", { type: "button", class: "btn primary block big-btn", "data-key": key, "aria-busy": busy(key), disabled: !may.ok,
        onclick: async () => {
          const done = await send("start_free_roll", { cause: sheet.cause, level: sheet.level, ...actorT }, key, { ...actorT, cause: sheet.cause });
          if (!done) return;
          sheet.rollId = done.table?.dice?.roll?.roll?.id ?? done.table?.dice?.last?.id ?? null;
          await rollIfApp(done.table);
          changed();
        } }, t("gnh.roll")))];
}

// ------------------------------------------------------------------ the move sheet: one Move command

function moveContent(table) {
  const actorT = sheet.actor.hero ? { hero: sheet.actor.hero } : { miniature: sheet.actor.miniature };
  const may = allow("move", actorT);
  const m = sheet.moves;
  const hero = heroOf(table, sheet.actor);
  const steps = [
    ...Array.from({ length: m.areas }, () => ({ type: "simple", hindering: m.hindering })),
    ...m.jumps.map((level) => ({ type: "jump", level, hindering: m.hindering })),
    ...m.climbs.map((level) => ({ type: "climb", level, hindering: m.hindering })),
  ];
  // the points this movement costs as the rulebook counts them is the engine's; shown here is what
  // the player entered and what the board holds (the first-movement bonus, the movement space)
  const bonus = hero ? (hero.moved_this_turn ? 0 : hero.first_movement_bonus) : null;
  const space = hero?.spaces?.movement;
  const key = "sheet-move";
  const levelList = (list, label, keyBase) => h("div", { class: "field" },
    h("div", { class: "row spread" }, h("span", { text: label }),
      h("button", { type: "button", class: "btn small", "data-key": `${keyBase}-add`, onclick: () => { list.push(1); changed(); } }, t("gnh.add"))),
    list.map((level, i) => h("div", { class: "row spread level-row" },
      stepperRow(t("gnh.levelN", { n: i + 1 }), level, 1, 12, (v) => { list[i] = v; }, `${keyBase}-${i}`),
      h("button", { type: "button", class: "btn small ghost", "data-key": `${keyBase}-rm-${i}`, "aria-label": `${t("gnh.remove")} ${label} ${i + 1}`,
        onclick: () => { list.splice(i, 1); changed(); } }, "✕"))));
  return [header(`${actorName(table, sheet.actor)} · ${t("gnh.move")}`),
    stepperRow(t("gnh.areas"), m.areas, 0, 12, (v) => { m.areas = v; }, "sheet-areas"),
    levelList(m.jumps, t("gnh.jumps"), "sheet-jump"),
    levelList(m.climbs, t("gnh.climbs"), "sheet-climb"),
    stepperRow(t("gnh.hindering"), m.hindering, 0, 12, (v) => { m.hindering = v; }, "sheet-move-hindering"),
    h("p", { class: "small", "data-testid": "sheet-move-points" },
      bonus != null ? t("gnh.movePoints", { bonus, room: space?.room ?? 0, reserve: hero.reserve }) : characterPoints(table)),
    h("p", { class: "muted small", text: t("gnh.moveSummary", { n: steps.length }) }),
    steps.length && state.error?.key !== key ? movePrice({ ...actorT, moves: steps }) : null,   // a refusal says it once
    h("div", { class: "sheet-foot" }, refusalFor(key), may.ok ? null : whyNot(may.why, "sheet-move-why"),
      h("button", { type: "button", class: "btn primary block big-btn", "data-key": key, "aria-busy": busy(key), disabled: !may.ok || !steps.length,
        onclick: async () => {
          const done = await send("move", { ...actorT, moves: steps }, key, actorT);
          if (done) closeSheet();
        } }, t("gnh.moveN", { n: steps.length })))];
}

// What this movement would cost, as the table counts it (the move preview, changes nothing): the
// cubes it buys and the move points left, or why the rules refuse it.
function movePrice(body) {
  const got = fetchPreview("move", body);
  const text = !got ? t("loading") : got.error ? refusalText(got.error, state.table)
    : t("gno.movePrice", { cubes: plural(got.data.cubes, "cube"), points: got.data.points_left });
  return h("p", { class: `small ${got?.error ? "refusal" : ""}`, "data-testid": "sheet-move-price", "aria-live": "polite", text });
}

// A character's move points: its profile's first-movement bonus, the command post's movement space.
function characterPoints(table) {
  const { post } = miniatureOf(table, sheet.actor.miniature);
  const profile = profileOf(table, sheet.actor.miniature);
  if (!post || !profile) return t("gnh.moveChar");
  return t("gnh.moveCharPoints", { bonus: profile.first_movement_bonus ?? 0, room: post.spaces?.movement?.room ?? 0, reserve: post.reserve });
}

export function sheetEvents() { return sheet.events; }
export { eventText };
