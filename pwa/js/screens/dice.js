// Dice: the odds before committing (the start_roll preview), then the roll step by step as the
// server keeps it: pool → roll → rerolls → successes → defense → defense dice → wounds, each step a
// command of the table's registry sent with core.send.
// The app rolls (server mode) or the players enter what their real dice show (physical mode).

import { percent, plural, rollStepText, t, labelled } from "../i18n.js";
import { eventNames, eventText } from "../events.js";
import { add, h } from "../ui.js";
import { allow, changed, heroOfSeat, isVersus, offered, send, state } from "../core.js";
import { refusalText } from "../i18n.js";
import { busy, noTable, refusalFor, whyNot } from "./common.js";
import { closeSheet, defenderHere, poolText, defenseChoices, faceEntry, fetchPreview, offeredValues, openActionSheet, openMoveSheet, resultLines } from "./sheets.js";

const ACTIONS = ["melee", "ranged", "manipulation", "thought"];

const form = {
  side: null, hero: null, miniature: null, action: "melee", cubes: 1, characteristic: 0,
  targetMini: null, targetHero: null, difficulty: 1, defenseCubes: 0, entered: 0, throw: "",
  picked: new Set(), events: null, eventsRoll: null, dismissed: null, followTarget: null, rerollStep: "paid",
};

// The events of the roll this phone last sent a step of, kept with that roll's id: a new roll
// (started on any phone) clears them, so the screen never shows the previous roll's lines.
function setEvents(done, keep = false) {
  const dice = done.table?.dice;
  const id = dice?.roll?.roll?.id ?? dice?.last?.id ?? null;
  form.events = [...(keep && form.eventsRoll === id ? form.events || [] : []), ...done.events];
  form.eventsRoll = id;
}

function currentEvents(dice) {
  const id = dice.roll ? dice.roll.roll.id : dice.last?.id;
  if (form.eventsRoll !== id) { form.events = null; form.eventsRoll = null; }
  return form.events;
}

// #/dice/<action>/<hero|miniature>/<id> opens the sheet for that actor (gn-villain's character
// cards link here); #/dice/move/<hero|miniature>/<id> the move sheet.
export function enter(args = []) {
  const [action, kind, id] = args;
  if (!action || !id || !["hero", "miniature"].includes(kind)) return;
  const actor = { [kind]: id };
  if (action === "move") openMoveSheet(actor);
  else openActionSheet(actor, action);
}
export function leave() { closeSheet(); }

export function names(table) {
  const posts = Object.values(table.command_posts);   // the villain's; in Versus the heroes' too
  return {
    heroes: Object.fromEntries(table.heroes.map((x) => [x.id, x.name])),
    tiles: Object.fromEntries(posts.flatMap((p) => p.river.map((x) => [x.id, x.name]))),
    minis: Object.fromEntries(posts.flatMap((p) => p.miniatures.map((m) => [m.id, m.label]))),
  };
}

export function render() {
  const table = state.table;
  if (!table) return noTable();
  if (!table.dice) return h("p", { class: "muted", text: t("dice.unavailable") });
  const dice = table.dice;
  const out = [h("h1", { class: "row spread" }, h("span", { text: t("dice.title") }),
    h("span", { class: "pill", "data-testid": "dice-mode", text: t(`dice.mode.${dice.mode}`) }))];
  if (dice.roll) out.push(rollCard(table, dice));
  else {
    if (dice.follow_ups?.length) out.push(followUpCard(table, dice));
    out.push(startCard(table, dice));
  }
  const events = currentEvents(dice);
  if (events?.length) {
    out.push(h("section", { class: "card", "aria-labelledby": "res-h", "data-testid": "roll-events" },
      h("h2", { id: "res-h", text: t("dice.result") }),
      events.map((ev) => h("p", { class: ev.kind === "defense" || ev.kind === "complex_action" ? "result-big" : "", text: eventText(ev, eventNames(table)) }))));
  }
  if (!dice.roll && dice.last && form.dismissed !== dice.last.id) out.push(lastCard(table, dice.last));
  if (allow("set_dice_mode").ok) out.push(modeCard(dice));
  return out;
}

// ------------------------------------------------------------------ before the roll: choose, see the odds

function stepper(label, field, min, max, testid) {
  const set = (v) => { form[field] = Math.max(min, Math.min(max, v)); changed(); };
  return h("div", { class: "field" },
    h("span", { class: "muted small", id: `${testid}-l`, text: label }),
    h("div", { class: "stepper", role: "group", "aria-labelledby": `${testid}-l` },
      h("button", { type: "button", class: "btn", "aria-label": `${label} −1`, "data-testid": `${testid}-minus`, onclick: () => set(form[field] - 1) }, "−"),
      h("output", { "data-testid": testid, "aria-live": "polite", text: String(form[field]) }),
      h("button", { type: "button", class: "btn", "aria-label": `${label} +1`, "data-testid": `${testid}-plus`, onclick: () => set(form[field] + 1) }, "+")));
}

function select(label, value, options, onchange, testid) {
  return h("label", { class: "field" }, h("span", { text: label }),
    h("select", { "data-key": testid, "data-testid": testid, onchange: (e) => { onchange(e.target.value); changed(); } },
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
}

// Who may roll from this phone, and against whom: drawn from the table's `may` (the start_roll
// offers' targets), never from the seat's name. The host's phone lists every hero (and, on the
// villain's steps, every character that may act).
function attackersOffered(table) {
  const n = names(table);
  return [
    ...offeredValues("start_roll", "hero").map((id) => ({ kind: "hero", id, label: n.heroes[id] || id })),
    ...offeredValues("start_roll", "miniature").map((id) => ({ kind: "miniature", id, label: n.minis[id] || id })),
  ];
}

function sideOfMini(table, id) {
  return Object.values(table.command_posts).find((p) => p.miniatures.some((m) => m.id === id))?.side || "villain";
}

function startCard(table, dice) {
  const n = names(table);
  let attackers = attackersOffered(table);
  const offeredHere = attackers.length > 0;
  if (!offeredHere) {
    // nothing to roll from this phone now: show its own hero (or the first) with the reason;
    // a phone with no hero of its own (the villain's) gets the reason only, not a hero's form
    const mine = heroOfSeat(state.seat);
    if (!isVersus(table) && !table.heroes.some((x) => x.id === mine)) {
      return h("section", { class: "card", "aria-labelledby": "start-h" }, h("h2", { id: "start-h", text: t("dice.newRoll") }),
        h("p", { class: "muted", text: t("gnr.noRollHere") }), whyNot(allow("start_roll").why, "roll-start-why"));
    }
    if (!isVersus(table) && table.heroes.length) {
      const id = table.heroes.some((x) => x.id === mine) ? mine : table.heroes[0].id;
      attackers = [{ kind: "hero", id, label: n.heroes[id] }];
    }
  }
  const groups = [...new Set(attackers.map((a) => (a.kind === "hero" ? "heroes" : sideOfMini(table, a.id))))];
  if (!groups.includes(form.side)) form.side = groups[0] || null;
  const inGroup = attackers.filter((a) => (a.kind === "hero" ? "heroes" : sideOfMini(table, a.id)) === form.side);
  const current = inGroup.find((a) => a.id === (inGroup[0]?.kind === "hero" ? form.hero : form.miniature)) || inGroup[0] || null;
  if (current?.kind === "hero") form.hero = current.id; else if (current) form.miniature = current.id;
  const heroSide = current?.kind === "hero";
  const box = h("section", { class: "card", "aria-labelledby": "start-h" }, h("h2", { id: "start-h", text: t("dice.newRoll") }));
  if (groups.length > 1) {
    add(box, h("div", { class: "row", role: "group", "aria-label": t("dice.attacker"), style: "margin-bottom:.6rem" },
      groups.map((side) => h("button", { type: "button", class: `btn small ${form.side === side ? "primary" : ""}`,
        "aria-pressed": form.side === side ? "true" : "false", onclick: () => { form.side = side; changed(); } }, t(`side.${side}`)))));
  }
  const attack = form.action === "melee" || form.action === "ranged";
  const actorT = heroSide ? { hero: current.id } : { miniature: current?.id };
  const may = allow("start_roll", { ...actorT, action: form.action });
  const offeredTargets = (field) => offeredValues("start_roll", field, { ...actorT, action: form.action });
  let targetMinis = offeredTargets("target_miniature");
  const targetHeroes = offeredTargets("target_hero");
  if (!offeredHere && heroSide) targetMinis = table.command_posts.villain?.miniatures.filter((m) => m.place === "board").map((m) => m.id) || [];
  const pickSelect = (kind, testid) => (inGroup.length > 1
    ? select(t("dice.attacker"), current.id, inGroup.map((a) => [a.id, a.label]), (v) => { form[kind] = v; }, testid)
    : h("p", {}, h("strong", { "data-testid": testid, text: current?.label || "—" })));
  let body;
  if (heroSide) {
    const hero = table.heroes.find((x) => x.id === current.id);
    if (!targetMinis.includes(form.targetMini)) form.targetMini = targetMinis[0] || null;
    // contract C4: cubes already tapped onto the space count first; the stepper adds more
    const unused = hero?.spaces?.[form.action]?.unused || 0;
    if (!unused && form.cubes < 1) form.cubes = 1;
    add(box, pickSelect("hero", "roll-hero"), actionPicker(),
      unused ? h("p", { class: "small", "data-testid": "dice-unused", text: t("gnh.unused", { cubes: plural(unused, "cube") }) }) : null,
      stepper(unused ? t("gnh.moreCubes") : t("dice.cubes"), "cubes", unused ? 0 : 1, 40, "cubes"),
      attack ? (targetMinis.length ? select(t("dice.target"), form.targetMini, targetMinis.map((id) => [id, n.minis[id] || id]), (v) => { form.targetMini = v; }, "target")
        : h("p", { class: "muted", text: t("dice.noTarget") })) : null);
    // V·D·1 [e]: a throw is a complex manipulation whose difficulty is the distance
    const carried = form.action === "manipulation" ? (hero?.equipment || []).map((i) => i.name) : [];
    if (!carried.includes(form.throw)) form.throw = "";
    if (carried.length) add(box, select(t("dice.throw"), form.throw, [["", t("dice.noThrow")], ...carried.map((x) => [x, x])], (v) => { form.throw = v; }, "throw-item"));
    if (!attack) add(box, stepper(t(form.throw ? "dice.distance" : "dice.difficulty"), "difficulty", 0, 20, "difficulty"));
    body = { action: form.action, hero: hero?.id, cubes: form.cubes, unused };
    if (attack) body.target_miniature = form.targetMini; else body.difficulty = form.difficulty;
    if (form.throw) body.throw = form.throw;
  } else {
    add(box, current ? pickSelect("miniature", "roll-mini") : h("p", { class: "muted", text: "—" }), actionPicker());
    body = { action: form.action, miniature: current?.id, characteristic: form.characteristic };
    if (attack) {
      const targets = [...targetHeroes.map((id) => [id, n.heroes[id] || id]), ...targetMinis.map((id) => [id, n.minis[id] || id])];
      if (!targets.some(([id]) => id === form.targetMini)) form.targetMini = targets[0]?.[0] || null;
      const testid = targetHeroes.length && !targetMinis.length ? "target-hero" : "target";
      add(box, targets.length ? select(t("dice.target"), form.targetMini, targets, (v) => { form.targetMini = v; }, testid)
        : h("p", { class: "muted", text: t("dice.noTarget") }));
      body[targetHeroes.includes(form.targetMini) ? "target_hero" : "target_miniature"] = form.targetMini;
    } else {
      add(box, stepper(t("dice.difficulty"), "difficulty", 0, 20, "difficulty"));
      body.difficulty = form.difficulty;
    }
  }
  const ready = Boolean(current) && (!attack || Boolean(body.target_miniature || body.target_hero));
  add(box, oddsPanel(body), refusalFor("roll-start"), may.ok ? null : whyNot(may.why, "roll-start-why"),
    h("button", { type: "button", class: "btn primary block", "data-testid": "roll-start", disabled: !may.ok || !ready,
      "aria-busy": busy("roll-start"),
      onclick: async () => {
        const { unused: _counted, ...fields } = body;   // the table counts those itself (C4)
        const done = await send("start_roll", fields, "roll-start", { ...actorT, action: form.action });
        if (done) { setEvents(done); form.picked.clear(); changed(); }
      } }, t("dice.start")),
    current && may.ok ? h("button", { type: "button", class: "btn block ghost", "data-testid": "open-sheet",
      onclick: () => openActionSheet(actorT, form.action) }, t("gnh.attackSheet")) : null);
  return box;
}

function actionPicker() {
  return h("div", { class: "grid2", role: "group", "aria-label": t("dice.kind"), style: "margin-bottom:.6rem" },
    ACTIONS.map((a) => h("button", { type: "button", class: `btn small ${form.action === a ? "primary" : ""}`, "aria-pressed": form.action === a ? "true" : "false",
      "data-testid": `action-${a}`, onclick: () => { form.action = a; changed(); } }, t(`space.${a}`))));
}

// The odds of the roll about to be started: the start_roll preview of the same fields (changes nothing).
function oddsPanel(body) {
  const { unused: _counted, ...fields } = body;   // the table counts those itself (C4)
  const got = fields.hero || fields.miniature ? fetchPreview("start_roll", fields) : null;
  const d = got?.data;
  const error = got?.error ? refusalText(got.error, state.table) : null;
  const panel = h("div", { class: "odds", "data-testid": "odds", "aria-live": "polite" }, h("h3", { text: t("dice.odds") }));
  if (error) { add(panel, h("p", { class: "muted small", text: error })); return panel; }
  if (!d) { add(panel, h("p", { class: "muted small", text: t("loading") })); return panel; }
  add(panel, h("p", { class: "small" }, labelled(t("dice.pool"), poolText(d.pool)),
    d.automatic ? ` + ${d.automatic}` : "", d.conditional_automatic ? ` (+${d.conditional_automatic})` : ""));
  const pct = (p) => percent(p);
  const lines = [t("dice.expected", { n: d.mean.toFixed(1) })];
  if (d.p_at_least != null) lines.push(t("dice.pAtLeast", { d: d.difficulty, p: pct(d.p_at_least) }));
  if (d.expected_wounds != null) lines.push(t("dice.expWounds", { n: d.expected_wounds.toFixed(1) }));
  add(panel, h("p", { class: "small", text: lines.join(" · ") }));
  const dist = d.wounds || d.successes;
  const bars = h("div", { class: "bars", "aria-hidden": "true" });
  dist.slice(0, 10).forEach((p, k) => bars.append(h("span", { class: "bar" },
    h("span", { class: "fill", style: `height:${Math.max(2, Math.round(p * 100))}%` }), h("span", { class: "k", text: String(k) }))));
  add(panel, h("p", { class: "muted small", text: d.wounds ? t("dice.woundsDist") : t("dice.successDist") }), bars);
  if (d.cubes?.length > 1) {
    add(panel, h("ul", { class: "small cube-rows" }, d.cubes.map((r) => h("li", {},
      t("dice.cubeRow", { c: r.cubes, s: r.expected_successes.toFixed(1) })
      + (r.expected_wounds != null ? ` · ${t("dice.expWounds", { n: r.expected_wounds.toFixed(1) })}` : "")
      + (r.p_at_least != null ? ` · ≥${d.difficulty}: ${pct(r.p_at_least)}` : "")))));
  }
  return panel;
}

// ------------------------------------------------------------------ the roll in progress

function rollCard(table, dice) {
  const view = dice.roll;
  const roll = view.roll;
  const ps = roll.defense || roll.pool;   // the dice on the table now: the defense's once chosen
  // the roll's next steps: those the table's `may` offers (to this phone: enabled)
  const may = (name) => allow(name);
  const box = h("section", { class: "card", "aria-labelledby": "roll-h", "data-testid": "roll" },
    h("h2", { id: "roll-h", text: `${roll.actor} → ${roll.defender || t(`space.${roll.action}`)}` }),
    h("p", {}, h("span", { class: "pill warn", "data-testid": "roll-step", text: rollStepText(view) })),
    h("p", { class: "small muted", text: labelled(t("dice.pool"), poolText(ps?.dice_types)) }));
  if (ps?.dice?.length) {
    add(box, h("div", { class: "dice-row", role: "group", "aria-label": t("dice.pick") }, ps.dice.map((die) => {
      const picked = form.picked.has(die.index);
      return h("button", { type: "button", class: `die ${die.colour}`, "aria-pressed": picked ? "true" : "false", disabled: !may("reroll_dice").ok,
        "data-testid": `die-${die.index}`, "aria-label": labelled(t(`gnh.colour.${die.colour}`), die.successes),
        onclick: () => { if (picked) form.picked.delete(die.index); else form.picked.add(die.index); changed(); } }, String(die.successes));
    })));
  }
  if (view.shown != null) add(box, h("p", { class: "result-big", "data-testid": "roll-shown", text: t("dice.shown", { n: view.shown }) }));
  if (roll.successes != null) add(box, h("p", { "data-testid": "roll-successes", text: t("dice.attackSuccesses", { n: roll.successes }) }));

  const act = (key, label, name, fields, opts = {}) => {
    const allowed = may(name);
    return [h("button", { type: "button", class: `btn block ${opts.primary ? "primary" : ""}`, "data-testid": key,
      disabled: !allowed.ok || opts.disabled, "aria-busy": busy(key),
      onclick: async () => {
        const done = await send(name, fields, key);
        if (done) { setEvents(done, opts.keep); form.picked.clear(); changed(); }
      } }, label), allowed.ok ? null : whyNot(allowed.why, `${key}-why`)];
  };

  const actions = h("div", { class: "stack" });
  if (offered("roll_dice")) {
    if (dice.mode === "physical") {
      // real dice: tap the face each die shows (contract C3: `shown`, in pool order)
      add(actions, allow("roll_dice").ok ? faceEntry(table, ps, "roll-faces", (shown) => ["roll_dice", { shown }])
        : whyNot(allow("roll_dice").why, "roll-dice-why"));
    } else {
      add(actions, act("roll-dice", t("dice.roll"), "roll_dice", {}, { primary: true }));
    }
  }
  if (offered("reroll_dice")) {
    const picked = [...form.picked];
    const free = Object.values(view.free_rerolls_left || {}).reduce((a, b) => a + b, 0);
    if (dice.mode === "physical") {
      if (free) {
        add(actions, h("div", { class: "row", role: "group", "aria-label": t("dice.pick") }, ["free", "paid"].map((kind) => h("button", { type: "button",
          class: `btn small ${form.rerollStep === kind ? "primary" : ""}`, "aria-pressed": form.rerollStep === kind ? "true" : "false",
          onclick: () => { form.rerollStep = kind; changed(); } }, t(kind === "free" ? "dice.rerollFree" : "dice.rerollPaid", { n: picked.length })))));
      }
      const kind = free ? form.rerollStep : "paid";
      if (picked.length && allow("reroll_dice").ok) {
        add(actions, faceEntry(table, { dice: ps.dice.filter((d) => form.picked.has(d.index)) }, "reroll-faces",
          (shown) => ["reroll_dice", { step: kind, dice: picked, shown }], t("gnh.rerollAs")));
      }
      add(actions, h("p", { class: "muted small", text: t("dice.pickHelp") }));
    } else {
      if (free) add(actions, act("reroll-free", t("dice.rerollFree", { n: picked.length }), "reroll_dice", { step: "free", dice: picked }, { disabled: !picked.length }));
      add(actions, act("reroll-paid", t("dice.rerollPaid", { n: picked.length }), "reroll_dice", { step: "paid", dice: picked }, { disabled: !picked.length }),
        h("p", { class: "muted small", text: t("dice.pickHelp") }));
    }
  }
  if (offered("end_rerolls")) add(actions, act("end-rerolls", t("dice.endRerolls"), "end_rerolls", {}, { primary: true }));
  if (offered("defend")) {
    // the defender: the odds of each number of defense cubes, one tap per choice
    if (defenderHere(table)) add(actions, defenseChoices(table, roll, "defend"));
    else {
      add(actions, h("p", { "data-testid": "waiting-defense", text: t("gnh.waitDefense", { who: roll.defender }) }));
      if (allow("defend").ok) add(actions, h("details", { class: "defend-here" }, h("summary", { text: t("gnh.defendHere") }), defenseChoices(table, roll, "defend")));
      else add(actions, whyNot(allow("defend").why, "defend-why"));
    }
  }
  if (offered("abandon_roll")) add(actions, act("abandon", t("dice.abandon"), "abandon_roll", {}));
  const keys = ["roll-dice", "reroll-free", "reroll-paid", "end-rerolls", "abandon", "roll-faces", "reroll-faces"];
  add(box, actions, keys.map((k) => refusalFor(k)));
  return box;
}

// ------------------------------------------------------------------ a skill's free action after an attack

// The other miniatures a skill's free action may target: the start_follow_up offer's targets for
// that skill (the possessor's enemies on the board not yet targeted in this chain), named.
function followUpTargets(table, skill) {
  const n = names(table);
  return [...offeredValues("start_follow_up", "target_hero", { skill }).map((id) => [id, n.heroes[id] || id, "target_hero"]),
    ...offeredValues("start_follow_up", "target_miniature", { skill }).map((id) => [id, n.minis[id] || id, "target_miniature"])];
}

// Combo, Counterattack, Retaliation, Burst, Circular strike: offered when the last attack ended
// (the dice view's follow_ups), taken by the possessor's phone (start_follow_up).
function followUpCard(table, dice) {
  const box = h("section", { class: "card", "aria-labelledby": "fu-h", "data-testid": "follow-ups" },
    h("h2", { id: "fu-h", text: t("dice.followUps") }), h("p", { class: "muted small", text: t("dice.followUpHelp") }));
  for (const offer of dice.follow_ups) {
    const key = `follow-up-${offer.skill.toLowerCase().replace(/\s+/g, "-")}`;
    const skill = t(`skill.${offer.skill}`);
    const body = { skill: offer.skill };
    let picker = null;
    if (!offer.target) {   // another miniature, the possessor's choice
      const targets = followUpTargets(table, offer.skill);
      if (!targets.some(([id]) => id === form.followTarget)) form.followTarget = targets[0]?.[0] || null;
      const field = targets.find(([id]) => id === form.followTarget)?.[2];
      if (field) body[field] = form.followTarget;
      picker = select(t("dice.followUpTarget"), form.followTarget, targets.map(([id, label]) => [id, label]), (v) => { form.followTarget = v; }, `${key}-target`);
    }
    const may = allow("start_follow_up", { skill: offer.skill });
    add(box, h("p", {}, h("strong", { text: `${offer.name} · ${skill} ${offer.level}` }), offer.target ? ` → ${offer.target}` : ""),
      h("p", { class: "small muted", text: offer.successes != null ? t("dice.followUpRemaining", { n: offer.successes })
        : labelled(t("dice.pool"), offer.pool.join(", ") || "—") }),
      picker, refusalFor(key), may.ok ? null : whyNot(may.why, `${key}-why`),
      h("button", { type: "button", class: "btn primary block", "data-testid": key, "aria-busy": busy(key),
        disabled: !may.ok || (!offer.target && !form.followTarget),
        onclick: async () => {
          const done = await send("start_follow_up", body, key, { skill: offer.skill });
          if (done) { setEvents(done); form.picked.clear(); changed(); }
        } }, t("dice.followUpTake", { skill })));
  }
  return box;
}

// The last roll's result, as the shell's result card says it, until dismissed on this phone (a new
// roll replaces it on every phone).
function lastCard(table, last) {
  const [first, ...more] = resultLines(table, last);
  return h("section", { class: "card", "aria-labelledby": "last-h", "data-testid": "last-roll" },
    h("h2", { id: "last-h", text: t("dice.last") }),
    h("p", { class: "result-big", "data-testid": "last-wounds", text: first }),
    more.map((line) => h("p", { class: "muted small", text: line })),
    h("button", { type: "button", class: "btn small ghost", "data-testid": "last-dismiss",
      onclick: () => { form.dismissed = last.id; changed(); } }, t("gnh.dismiss")));
}

function modeCard(dice) {
  const may = allow("set_dice_mode");
  return h("section", { class: "card", "aria-labelledby": "mode-h" },
    h("h2", { id: "mode-h", text: t("dice.modeTitle") }),
    h("div", { class: "grid2" }, ["server", "physical"].map((mode) => h("button", {
      type: "button", class: `btn small ${dice.mode === mode ? "primary" : ""}`, "aria-pressed": dice.mode === mode ? "true" : "false",
      "data-testid": `mode-${mode}`, disabled: !may.ok, "aria-busy": busy(`mode-${mode}`),
      onclick: () => send("set_dice_mode", { mode }, `mode-${mode}`, { mode }),
    }, t(`dice.mode.${mode}`)))),
    refusalFor("mode-server"), refusalFor("mode-physical"),
    h("p", { class: "muted small", text: dice.status === "calibrated" ? t("dice.calibrated") : t("dice.unverified") }));
}
