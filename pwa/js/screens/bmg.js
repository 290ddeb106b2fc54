// Batman Miniature Game: the round (strip, what this phone may do now, the crews with their
// markers), the plan (this seat's secret Audacity markers) and the dice with the API's exact odds.
// Everything drawn comes from the table view this seat receives: `may` says what may be sent now,
// the models carry their markers, Effort limit and magazines; the app keeps no copy of the rules.

import { labelled, percent, t, word } from "../i18n.js";
import { eventNames, eventText } from "../events.js";
import { add, h, icon, keptDetails } from "../ui.js";
import { allow, changed, mySeats, playedOffer as offerOf, preview, send, state } from "../core.js";
import { busy, hostSwitch, noTable, refusalFor } from "./common.js";
import { waitingText } from "../now.js";
import { attackResult, manipulateChoices, objectivesCard } from "./bmg-cards.js";

const SKILLS = ["movement", "attacks", "strength", "defense", "special", "willpower", "endurance"];

// ------------------------------------------------------------------ helpers

function myPlayers(table) {
  return table.players.filter((p) => mySeats().includes(p.seat));
}

function playerName(table, id) {
  return table.players.find((p) => p.id === id)?.name || id;
}

function model(table, id) { return table.models.find((m) => m.id === id); }

function modelName(table, id) {
  const m = model(table, id);
  return m ? m.alias || m.name : id;
}

function targetsOf(command, field) { return offerOf(command)?.targets?.[field] || []; }

function pct(x) {
  if (x === null || x === undefined) return "—";
  const v = x * 100;
  return percent(x, v >= 10 || v === 0 ? 0 : 1);
}

function pill(text, cls = "", testid = null) {
  return h("span", { class: `pill ${cls}`, text, "data-testid": testid });
}

function button(label, key, onclick, { primary = false, disabled = false, testid = null, small = false, name = null } = {}) {
  return h("button", {
    type: "button", class: `btn ${primary ? "primary" : ""} ${small ? "small" : ""}`, "data-testid": testid || key,
    ...(name ? { "aria-label": name } : {}),  // symbol-only buttons ("+1 ★") say what they do
    // one change at a time: while a command is on its way the others wait (no out-of-order taps)
    disabled: disabled || state.busy.size > 0, "aria-busy": busy(key), onclick,
  }, label);
}

// ------------------------------------------------------------------ the round strip

function strip(table) {
  const r = table.round;
  const turnName = r.turn ? playerName(table, r.turn) : null;
  const act = r.activation;
  return h("section", { class: "card strip", "aria-labelledby": "round-h", "data-testid": "round-strip" },
    h("h1", { id: "round-h", class: "row-between" },
      h("span", { text: table.over ? t("bmg.over") : t("bmg.round", { n: r.number }) }),
      pill(t(`bmg.phase.${r.phase}`), "ok", "phase")),
    r.phase === "recount" && r.recount_step ? h("p", { class: "small", "data-testid": "recount-step", text: t(`bmg.recount.${r.recount_step}`) }) : null,
    h("p", { class: "small" },
      r.initiative ? h("span", { text: t("bmg.initiative", { who: playerName(table, r.initiative) }) }) : null,
      r.initiative && turnName && r.phase === "execute_the_plan" ? " · " : null,
      turnName && r.phase === "execute_the_plan" ? h("strong", { "data-testid": "turn", text: t("bmg.turnOf", { who: turnName }) }) : null),
    act ? h("p", { class: "small", "data-testid": "activation", text: t("bmg.activating", { model: modelName(table, act.model) })
      + (act.actions.length ? ` · ${t("bmg.actionsUsed", { list: act.actions.map((a) => t(`bmg.action.${a}`)).join(", ") })}` : "") }) : null,
    h("ul", { class: "players-strip" }, table.players.map((p) => h("li", { "data-player": p.id },
      h("strong", { text: p.name }),
      h("span", { class: "muted small", text: [
        p.lead_roll !== null && r.phase === "take_the_lead" ? t("bmg.rolled", { n: p.lead_roll + (p.lead_bonus || 0) }) : null,
        t("bmg.passes", { n: p.passes }), t("bmg.vp", { n: p.victory_points }),
        p.suspects ? t("bmg.cards.suspects", { n: p.suspects }) : null,
      ].filter(Boolean).join(" · ") })))),
    r.winners?.length ? h("p", { class: "result-big", text: t("bmg.winners", { who: r.winners.map((w) => playerName(table, w)).join(", ") }) }) : null);
}

// ------------------------------------------------------------------ what this phone may do now

function lead(table) {
  const out = [];
  const rollers = targetsOf("roll_lead", "player");
  for (const pid of rollers) {
    const key = `lead-${pid}`;
    out.push(h("div", { class: "stack" },
      h("p", { text: t("bmg.leadFor", { who: playerName(table, pid) }) }),
      oddsLine("roll_lead", { player: pid }, (o) => t("bmg.leadOdds", { p: pct(o.win?.[pid]) })),
      button(t("bmg.rollLead"), key, () => send("roll_lead", { player: pid }, key, { player: pid }), { primary: true }),
      realDie((value) => send("roll_lead", { player: pid, value }, key, { player: pid }), `real-lead-${pid}`),
      refusalFor(key)));
  }
  const chooser = offerOf("choose_initiative");
  if (chooser) {
    const pid = chooser.targets.player[0];
    const ask = t("bmg.chooseInitiative", { who: playerName(table, pid) });
    out.push(h("div", { class: "stack" },
      h("p", { text: ask }),
      h("div", { class: "row", role: "group", "aria-label": ask }, chooser.targets.initiative.map((to) => button(playerName(table, to), `init-${to}`,
        () => send("choose_initiative", { player: pid, initiative: to }, "initiative", { player: pid }), { primary: to === pid }))),
      refusalFor("initiative")));
  }
  const event = offerOf("roll_event");
  if (event) {
    const pid = event.targets.player[0];
    out.push(h("div", { class: "stack" }, h("p", { text: t("bmg.eventRoll", { event: table.event || "" }) }),
      button(t("bmg.roll"), "event", () => send("roll_event", { player: pid }, "event", { player: pid }), { primary: true }),
      realDie((value) => send("roll_event", { player: pid, value }, "event", { player: pid }), "real-event"),
      refusalFor("event")));
  }
  return out;
}

// A table set up with `dice: "server"` refuses entered dice: the app rolls every die there.
function appRolls() {
  return state.table?.dice?.mode === "server";
}

function realDie(onpick, testid) {
  if (appRolls()) return null;
  return h("div", { class: "real-die", role: "group", "aria-label": t("bmg.realDie") },
    h("span", { class: "muted small", text: t("bmg.realDie") }),
    h("div", { class: "die-row" }, [1, 2, 3, 4, 5, 6].map((v) => h("button", { type: "button", class: "btn small die", "data-testid": `${testid}-${v}`,
      "aria-label": `${t("bmg.realDie")} ${v}`, onclick: () => onpick(v) }, String(v)))));
}

function activation(table) {
  const out = [];
  const act = offerOf("activate");
  if (act) {
    out.push(h("p", { text: t("bmg.chooseModel") }),
      h("div", { class: "choices", role: "group", "aria-label": t("bmg.chooseModel") }, act.targets.model.map((id) => {
        const m = model(table, id);
        return button(`${modelName(table, id)}${m?.audacity ? " ⚑" : ""}`, `activate-${id}`,
          () => send("activate", { model: id }, "activate", { model: id }), { primary: true, testid: `activate-${id}` });
      })), refusalFor("activate"));
  }
  const pass = offerOf("pass");
  if (pass && pass.affordable !== false) {  // a pass spends a Pass marker (its price)
    const pid = pass.targets.player[0];
    const left = table.players.find((p) => p.id === pid)?.passes;
    out.push(button(t("bmg.pass", { n: left }), "pass", () => send("pass", { player: pid }, "pass", { player: pid })), refusalFor("pass"));
  }
  const current = table.round.activation;
  if (current && (offerOf("end_activation") || offerOf("move") || offerOf("ranged_attack") || offerOf("melee_attack"))) {
    const id = current.model;
    const row = h("div", { class: "choices" });
    if (offerOf("move")) add(row, button(t("bmg.move"), "move", () => send("move", { model: id }, "move", { model: id })));
    if (offerOf("ranged_attack") || offerOf("melee_attack") || offerOf("declare_melee")) {
      add(row, h("a", { class: "btn", href: "#/dice", "data-testid": "to-attack" }, t("bmg.attack")));
    }
    add(row, ...manipulateChoices(table, id));
    if (offerOf("end_activation")) {
      add(row, button(t("bmg.endActivation"), "end", () => send("end_activation", { model: id }, "end", { model: id }), { primary: true, testid: "end-activation" }));
    }
    out.push(h("p", { text: t("bmg.activating", { model: modelName(table, id) }) }), row,
      refusalFor("move"), refusalFor("manipulate"), refusalFor("end"));
  }
  return out;
}

// A melee attack in progress (MELEE ATTACK: declared, each defender's Effort, the attacker's
// Effort, the roll): the step this phone may take now, as `may` offers it.
function meleePanel(table) {
  const m = table.round.melee;
  if (!m) return [];
  const out = [h("p", { "data-testid": "melee-pending", text: t("bmg.meleeDeclared", {
    attacker: modelName(table, m.attacker), targets: m.shares.map((x) => modelName(table, x.target)).join(", ") }) })];
  const defend = offerOf("defend");
  if (defend) {
    for (const id of defend.targets.model) {
      const ask = t("bmg.defendEffort", { model: modelName(table, id) });
      out.push(h("p", { class: "small", text: ask }),
        h("div", { class: "die-row", role: "group", "aria-label": ask }, defend.targets.effort.map((e) => button(String(e), `defend-${id}-${e}`,
          () => send("defend", { model: id, effort: e }, "defend", { model: id }), { small: true, testid: `defend-${id}-${e}` }))));
    }
    out.push(refusalFor("defend"));
  }
  const effort = offerOf("attack_effort");
  if (effort) {
    const id = effort.targets.model[0];
    const ask = t("bmg.attackEffort", { model: modelName(table, id) });
    out.push(h("p", { class: "small", text: ask }),
      h("div", { class: "die-row", role: "group", "aria-label": ask }, effort.targets.effort.map((e) => button(String(e), `effort-${e}`,
        () => send("attack_effort", { model: id, effort: e, target: effort.targets.target?.[0] ?? null }, "effort", { model: id }),
        { small: true, testid: `attack-effort-${e}` }))), refusalFor("effort"));
  }
  const rollIt = offerOf("roll_melee");
  if (rollIt) {
    const id = rollIt.targets.model[0];
    out.push(oddsLine("roll_melee", { model: id }, (o) => o.targets.map((x) => labelled(modelName(table, x.target),
      t("bmg.atLeastOne", { p: pct(x.at_least_one) }))).join(" · ")),
    button(t("bmg.rollMelee"), "roll-melee", () => roll("roll_melee", { model: id }, "roll-melee", { model: id }), { primary: true, testid: "roll-melee" }),
    meleeReal(table, id), refusalFor("roll-melee"));
  }
  if (offerOf("cancel_melee")) {
    const id = offerOf("cancel_melee").targets.model[0];
    out.push(button(t("bmg.cancelMelee"), "cancel-melee", () => send("cancel_melee", { model: id }, "cancel-melee", { model: id })),
      refusalFor("cancel-melee"));
  }
  return out;
}

// The declared melee rolled with real dice: each die as it shows, per target the attack dice and
// the Strength die the API's odds count, and the defense dice (the defender rolls them when an
// attack die hits: left empty, the rules answer how many they need). The rules check every face.
function meleeReal(table, id) {
  const o = oddsData("roll_melee", { model: id });
  if (!o?.targets || appRolls()) return null;
  const many = o.targets.length > 1;
  const list = [];
  for (const x of o.targets) {
    const who = many ? `${modelName(table, x.target)} · ` : "";
    list.push(...dieList(x.attack_dice, `${who}${t("bmg.attackDie")}`).map((d) => ({ ...d, id: `${x.target}-a-${d.id}` })));
    if (x.strength_die) list.push({ id: `${x.target}-s`, label: `${who}${t("bmg.strengthDie")}` });
    list.push(...dieList(x.defense_dice, `${who}${t("bmg.defenseDie")}`).map((d) => ({ ...d, id: `${x.target}-d-${d.id}`, optional: true })));
  }
  const values = (v, prefix, n) => Array.from({ length: n }, (_, i) => v[`${prefix}-d${i + 1}`]);
  return realEntry("real-melee", list, (v) => roll("roll_melee", { model: id, rolls: o.targets.map((x) => {
    const defense = values(v, `${x.target}-d`, x.defense_dice);
    return { target: x.target, attack_values: values(v, `${x.target}-a`, x.attack_dice),
      ...(x.strength_die ? { strength_value: v[`${x.target}-s`] } : {}),
      ...(defense.length && defense.every(Boolean) ? { defense_values: defense } : {}) };
  }) }, "roll-melee", { model: id }), t("bmg.defenseHelp"));
}

function recount(table) {
  const out = [];
  if (targetsOf("recovery_roll", "model").length) {
    out.push(h("p", {}, h("a", { class: "btn", href: "#/dice", "data-testid": "to-recovery" }, t("bmg.recoveryRolls"))));
  }
  const adv = allow("advance");
  if (table.round.phase === "recount" && (adv.ok || offerOf("advance"))) {
    out.push(button(table.round.recount_step >= 6 ? t("bmg.nextRound") : t("bmg.nextRecount"), "advance",
      () => send("advance", {}, "advance"), { primary: true, testid: "advance", disabled: !adv.ok }), refusalFor("advance"));
  }
  return out;
}

function myMove(table) {
  if (table.over) return null;
  const parts = [...lead(table)];
  if (offerOf("place_audacity")) {
    parts.push(h("p", {}, h("a", { class: "btn primary", href: "#/plan", "data-testid": "to-plan" }, icon("lock", 18), " ", t("bmg.toPlan"))));
  }
  parts.push(...meleePanel(table), ...activation(table), ...recount(table));
  const wait = waitingText(table);
  if (!parts.length) return h("p", { class: "waiting", "data-testid": "nothing-now", text: wait || t("bmg.nothingNow") });
  const box = h("section", { class: "card", "aria-labelledby": "move-h", "data-testid": "my-move" },
    h("h2", { id: "move-h", text: t("bmg.yourMove") }), parts);
  if (wait) add(box, h("p", { class: "muted small", text: wait }));
  return box;
}

function reminders(table) {
  if (!table.reminders?.length) return null;
  return h("section", { class: "card", "aria-labelledby": "rem-h" },
    h("h2", { id: "rem-h", text: t("bmg.reminders") }),
    table.reminders.map((r) => h("p", { class: "reminder", "data-testid": `reminder-${r.key}`,
      text: t(`bmg.rem.${r.key}`, { ...r.params, model: r.params?.model ? modelName(table, r.params.model) : "",
        boss: r.params?.boss ? modelName(table, r.params.boss) : "" }) })));
}

// ------------------------------------------------------------------ the crews

function markers(kind, held, cap, label) {
  const row = h("span", { class: `markers ${kind}`, role: "img", "aria-label": `${label} ${held}/${cap}` });
  for (let i = 0; i < cap; i++) row.append(h("span", { class: `mk ${i < held ? "on" : ""}`, "aria-hidden": "true", text: kind === "stun" ? "★" : "♦" }));
  return h("span", { class: "mk-group" }, row, h("span", { class: "small mk-n", text: `${label} ${held}/${cap}` }));
}

function modelCard(table, m) {
  const badges = [];
  if (m.casualty) badges.push(pill(t("bmg.casualty"), "bad", "casualty"));
  else if (m.ko) badges.push(pill(t("bmg.ko"), "bad", "ko"));
  if (m.knocked_down) badges.push(pill(t("bmg.knockedDown"), "warn", "knocked-down"));
  if (m.activated) badges.push(pill(t("bmg.activated"), "", "activated"));
  if (m.audacity === true) badges.push(pill(t("bmg.audacity"), "ok", "audacity"));
  for (const s of m.statuses || []) badges.push(pill(s, "warn"));
  const ammo = m.weapons.filter((w) => w.ranged && w.ammo !== null && w.ammo !== undefined)
    .map((w) => t("bmg.ammo", { weapon: w.name, n: m.magazines[w.name] ?? w.ammo, of: w.ammo }));
  const current = table.round.activation?.model === m.id;
  return h("li", { class: `model ${m.casualty ? "gone" : ""} ${current ? "current" : ""}`, "data-model": m.id, "data-testid": `model-${m.id}` },
    h("div", { class: "row-between" },
      h("strong", {}, m.boss ? h("span", { "aria-label": t("bmg.boss"), title: t("bmg.boss"), text: "♛ " }) : null, m.alias || m.name),
      h("span", { class: "muted small", text: word(`bmg.rank.${m.rank}`, m.rank) })),
    h("div", { class: "mk-row" },
      markers("stun", m.stun, m.skills.willpower, t("bmg.stun")),
      markers("injury", m.injury, m.skills.endurance, t("bmg.wound"))),
    h("div", { class: "row small" },
      h("span", { "data-testid": "effort", text: t("bmg.effort", { limit: m.effort_limit, max: m.max_effort }) }),
      ammo.length ? h("span", { class: "muted", "data-testid": "ammo", text: ammo.join(" · ") }) : null),
    badges.length ? h("div", { class: "row" }, badges) : null,
    markerControls(m));
}

// Markers from an effect the table resolves (a trait, a template, a Medic): offered by the table's
// `may` (damage, heal) for this model; the rules apply their caps and the KO rule.
const openMarkers = new Set();
function markerControls(m) {
  const hurt = targetsOf("damage", "model").includes(m.id);
  const heal = targetsOf("heal", "model").includes(m.id);
  if (!hurt && !heal) return null;
  const key = `mk-${m.id}`;
  return keptDetails(openMarkers, m.id, changed, { class: "marker-controls" },
    h("summary", { class: "small", text: t("bmg.markers") }),
    h("div", { class: "row" },
      hurt ? button(t("bmg.addStun"), `${key}-s+`, () => send("damage", { model: m.id, stun: 1 }, key, { model: m.id }), { small: true, testid: `add-stun-${m.id}`, name: t("bmg.addStunName") }) : null,
      hurt ? button(t("bmg.addWound"), `${key}-w+`, () => send("damage", { model: m.id, injury: 1 }, key, { model: m.id }), { small: true, testid: `add-wound-${m.id}`, name: t("bmg.addWoundName") }) : null,
      heal && m.stun ? button(t("bmg.removeStun"), `${key}-s-`, () => send("heal", { model: m.id, stun: 1 }, key, { model: m.id }), { small: true, name: t("bmg.removeStunName") }) : null,
      heal && m.injury ? button(t("bmg.removeWound"), `${key}-w-`, () => send("heal", { model: m.id, injury: 1 }, key, { model: m.id }), { small: true, name: t("bmg.removeWoundName") }) : null),
    refusalFor(key));
}

function crews(table) {
  const mine = myPlayers(table).map((p) => p.id);
  const order = [...table.players].sort((a, b) => (mine.includes(b.id) ? 1 : 0) - (mine.includes(a.id) ? 1 : 0));
  return order.map((p) => h("section", { class: "card", "aria-labelledby": `crew-${p.id}`, "data-testid": `crew-${p.id}` },
    h("h2", { id: `crew-${p.id}`, text: `${p.name} · ${p.crew}${mine.includes(p.id) ? ` (${t("seat.you")})` : ""}` }),
    h("ul", { class: "list models" }, table.models.filter((m) => m.player === p.id).map((m) => modelCard(table, m)))));
}

export const round = {
  render() {
    const table = state.table;
    if (!table) return noTable();
    if (table.game !== "bmg") return noTable();
    return [strip(table), attackResult(table), myMove(table), objectivesCard(table), reminders(table), ...crews(table), hostSwitch()];
  },
};

// ------------------------------------------------------------------ the plan (secret)

const planForm = { picked: new Set(), version: -1 };

export const plan = {
  render() {
    const table = state.table;
    if (!table || table.game !== "bmg") return noTable();
    const out = [h("section", { class: "card", "aria-labelledby": "plan-h" },
      h("h1", { id: "plan-h" }, icon("lock", 22), " ", t("bmg.planTitle")),
      h("p", { class: "small", text: t("bmg.planSecret") }))];
    const offer = offerOf("place_audacity");
    const mine = myPlayers(table);
    if (offer) {
      const pid = offer.targets.player[0];
      const count = offer.targets.count?.[0] ?? 0;
      const box = h("section", { class: "card", "aria-labelledby": "plan-pick-h", "data-testid": "plan-form" },
        h("h2", { id: "plan-pick-h", text: t("bmg.planPick", { n: count }) }));
      const list = h("ul", { class: "list" });
      for (const id of offer.targets.models) {
        const cid = `aud-${id}`;
        list.append(h("li", {}, h("label", { class: "check", for: cid },
          h("input", { type: "checkbox", id: cid, "data-key": cid, checked: planForm.picked.has(id),
            onchange: (e) => { if (e.target.checked) planForm.picked.add(id); else planForm.picked.delete(id); changed(); } }),
          h("span", { text: modelName(table, id) }))));
      }
      const n = [...planForm.picked].filter((id) => offer.targets.models.includes(id)).length;
      add(box, list, h("p", { class: "muted small", "data-testid": "plan-count", text: t("bmg.planCount", { n, of: count }) }),
        button(t("bmg.placeMarkers", { n: count }), "plan", async () => {
          const done = await send("place_audacity", { player: pid, models: [...planForm.picked] }, "plan", { player: pid });
          if (done) planForm.picked.clear();
        }, { primary: true, disabled: n !== count, testid: "place-audacity" }),
        refusalFor("plan"));
      out.push(box);
    } else if (!mine.length) {
      out.push(h("section", { class: "card" }, h("p", { class: "muted", text: t("bmg.planNoSeat") })));
    }
    // this seat's own markers: the view sends `audacity: true` only to their owner (or once revealed)
    for (const p of mine) {
      const marked = table.models.filter((m) => m.player === p.id && m.audacity === true);
      out.push(h("section", { class: "card", "aria-labelledby": `own-${p.id}`, "data-testid": "own-plan" },
        h("h2", { id: `own-${p.id}`, text: t("bmg.ownPlan", { who: p.name }) }),
        marked.length ? h("ul", {}, marked.map((m) => h("li", { text: `${m.alias || m.name}${m.activated ? ` — ${t("bmg.revealed")}` : ""}` })))
          : h("p", { class: "muted", text: p.plan_placed ? t("bmg.noMarkers") : t("bmg.notPlaced") })));
    }
    // the others: whether their plan is placed, and the markers already revealed
    const others = table.players.filter((p) => !mine.includes(p));
    out.push(h("section", { class: "card", "aria-labelledby": "others-h", "data-testid": "others-plan" },
      h("h2", { id: "others-h", text: t("bmg.othersPlan") }),
      h("ul", { class: "list" }, others.map((p) => {
        const revealed = table.models.filter((m) => m.player === p.id && m.audacity === true);
        return h("li", {}, h("div", {}, h("strong", { text: p.name }), " ",
          pill(p.plan_placed ? t("bmg.planPlaced") : t("bmg.planning"), p.plan_placed ? "ok" : "warn")),
        revealed.length ? h("span", { class: "small", text: t("bmg.revealedOn", { list: revealed.map((m) => m.alias || m.name).join(", ") }) }) : null);
      }))));
    return out;
  },
};

// ------------------------------------------------------------------ dice and odds

const dice = { kind: null, fields: {}, odds: null, oddsKey: null, oddsError: null, result: null };

async function loadOdds(name, fields) {
  const key = `${state.code}:${state.version}:${name}:${JSON.stringify(fields)}`;
  if (dice.oddsKey === key) return;
  dice.oddsKey = key;
  dice.odds = null;
  dice.oddsError = null;
  try {
    const answer = await preview(name, fields);
    if (dice.oddsKey !== key) return;
    if (answer.ok) dice.odds = answer.data;
    else dice.oddsError = answer.data;
  } catch {
    dice.oddsError = { message: t("err.network") };
  }
  changed();
}

// The odds of `name` with `fields` from the API, as `words(odds)`; fetched once per table version.
const lineCache = new Map();
function oddsData(name, fields) {
  const key = `${state.code}:${state.version}:${name}:${JSON.stringify(fields)}`;
  if (!lineCache.has(key)) {
    lineCache.set(key, null);
    preview(name, fields)
      .then((a) => { if (a.ok) { lineCache.set(key, a.data); changed(); } }).catch(() => {});
  }
  return lineCache.get(key);
}

function oddsLine(name, fields, words) {
  const o = oddsData(name, fields);
  return h("p", { class: "odds small", "data-testid": `odds-${name}`, text: o ? words(o) : t("bmg.oddsLoading") });
}

function select(label, key, values, current, onchange, name = (v) => v) {
  return h("label", { class: "field" }, h("span", { text: label }),
    h("select", { "data-key": key, "data-testid": key, onchange: (e) => onchange(e.target.value) },
      values.map((v) => h("option", { value: v, selected: v === current }, name(v)))));
}

function toggle(label, key, on, onchange) {
  return h("label", { class: "check", for: key },
    h("input", { type: "checkbox", id: key, "data-key": key, checked: on, onchange: (e) => onchange(e.target.checked) }),
    h("span", { text: label }));
}

function attackOdds(o) {
  if (!o?.targets) return null;
  return o.targets.map((x) => h("div", { class: "odds-box", "data-testid": "attack-odds" },
    h("p", { text: t("bmg.attackDice", { n: x.attack_dice, strength: x.strength_die ? t("bmg.plusStrength") : "", def: x.defense }) }),
    h("p", { class: "big-odds", text: t("bmg.atLeastOne", { p: pct(x.at_least_one) }) }),
    h("table", { class: "odds-table" },
      h("tr", {}, h("th", { text: t("bmg.hits") }), x.hits.map((_, i) => h("th", { text: String(i) }))),
      h("tr", {}, h("th", { text: "%" }), x.hits.map((p) => h("td", { text: pct(p) })))),
    h("p", { class: "muted small", text: t("bmg.critical", { p: pct(x.critical), e: x.expected_hits.toFixed(2) }) })));
}

// Real dice instead of the app's: each die the roll needs (the count the odds give) with its six
// faces to tap, sent as the command's values; the rules check them.
const realDice = {};
const openEntries = new Set();
function realEntry(key, dice, onuse, help = null) {
  if (appRolls()) return null;
  const vals = (realDice[key] ||= {});
  // every die is entered; optional dice (a roll that may not happen) all or none
  const optional = dice.filter((d) => d.optional);
  const all = dice.every((d) => d.optional || vals[d.id])
    && (optional.every((d) => vals[d.id]) || optional.every((d) => !vals[d.id]));
  // each die a row of its six faces: one tap on the face it shows (again: taken back)
  const grid = (list) => h("div", { class: "real-faces-list" }, list.map((d) => h("div", {
    role: "group", "aria-label": d.label, class: "real-faces", "data-testid": `${key}-${d.id}` },
    h("span", { class: "small", "aria-hidden": "true", text: d.label }),
    h("div", { class: "faces-row" }, [1, 2, 3, 4, 5, 6].map((v) => h("button", {
      type: "button", class: `btn small face${vals[d.id] === v ? " primary" : ""}`, "aria-pressed": vals[d.id] === v ? "true" : "false",
      "data-key": `${key}-${d.id}-${v}`, onclick: () => { vals[d.id] = vals[d.id] === v ? null : v; changed(); },
    }, String(v)))))));
  return keptDetails(openEntries, key, changed, { class: "real-entry" },
    h("summary", { class: "small", text: t("bmg.realDice") }),
    grid(dice.filter((d) => !d.optional)),
    help ? h("p", { class: "muted small", text: help }) : null,
    optional.length ? grid(optional) : null,
    // the dice stay entered until the rules take them (a refusal says what to correct or add)
    button(t("bmg.useDice"), `${key}-use`, async () => { if (await onuse(vals)) realDice[key] = {}; }, { disabled: !all, testid: `${key}-use` }));
}

function dieList(n, label) {
  return Array.from({ length: n }, (_, i) => ({ id: `d${i + 1}`, label: `${label} ${i + 1}` }));
}

function kinds() {
  const out = [];
  if (offerOf("ranged_attack")) out.push("ranged");
  if (offerOf("melee_attack")) out.push("melee");
  if (targetsOf("recovery_roll", "model").length) out.push("recovery");
  if (offerOf("roll_lead")) out.push("lead");
  if (offerOf("skill_roll")) out.push("skill");
  if (offerOf("roll_die")) out.push("die");
  return out;
}

// A die for an effect the app does not track: a D6 (halved, modified), a D3, or one of 2-6 items.
function dieForm() {
  const offer = offerOf("roll_die");
  const f = dice.fields;
  const kind = ["d6", "d3", "randomize"].includes(f.kind) ? f.kind : "d6";
  const fields = { player: offer.targets.player[0], kind, add: kind === "d6" ? Number(f.add || 0) : 0,
    halve: kind === "d6" && Boolean(f.halve), items: kind === "randomize" ? Number(f.items || 2) : 0 };
  return [
    select(t("bmg.dieKind"), "die-kind", ["d6", "d3", "randomize"], kind, (v) => { f.kind = v; changed(); }, (v) => t(`bmg.die.${v}`)),
    kind === "d6" ? h("div", { class: "grid2" },
      select(t("bmg.dieAdd"), "die-add", ["-2", "-1", "0", "1", "2", "3"], String(fields.add), (v) => { f.add = v; changed(); }, (v) => (Number(v) > 0 ? `+${v}` : v)),
      toggle(t("bmg.dieHalve"), "die-halve", fields.halve, (v) => { f.halve = v; changed(); })) : null,
    kind === "randomize" ? select(t("bmg.dieItems"), "die-items", ["2", "3", "4", "5", "6"], String(fields.items), (v) => { f.items = v; changed(); }) : null,
    button(t("bmg.roll"), "die", () => roll("roll_die", fields, "die", { player: fields.player }), { primary: true }),
    realDie((value) => roll("roll_die", { ...fields, value }, "die", { player: fields.player }), "real-die"),
    refusalFor("die"),
  ];
}

function rangedForm(table) {
  const offer = offerOf("ranged_attack");
  const f = dice.fields;
  const weapon = offer.targets.weapon.includes(f.weapon) ? f.weapon : offer.targets.weapon[0];
  const target = offer.targets.target.includes(f.target) ? f.target : offer.targets.target[0];
  const fields = { model: offer.targets.model[0], weapon, target, cover: Boolean(f.cover), beyond_range: Boolean(f.beyond_range) };
  loadOdds("ranged_attack", fields);
  return [
    h("p", { text: t("bmg.attacker", { model: modelName(table, fields.model) }) }),
    h("div", { class: "grid2" },
      select(t("bmg.weapon"), "ranged-weapon", offer.targets.weapon, weapon, (v) => { f.weapon = v; changed(); }),
      select(t("bmg.target"), "ranged-target", offer.targets.target, target, (v) => { f.target = v; changed(); }, (v) => modelName(table, v))),
    h("div", { class: "row" }, toggle(t("bmg.cover"), "ranged-cover", f.cover, (v) => { f.cover = v; changed(); }),
      toggle(t("bmg.beyond"), "ranged-beyond", f.beyond_range, (v) => { f.beyond_range = v; changed(); })),
    attackOdds(dice.odds),
    button(t("bmg.fire"), "fire", () => roll("ranged_attack", fields, "fire", { model: fields.model }), { primary: true }),
    rangedReal(fields),
    refusalFor("fire"),
  ];
}

function rangedReal(fields) {
  const x = dice.odds?.targets?.[0];
  if (!x) return null;
  const list = [...dieList(x.attack_dice, t("bmg.attackDie")), ...(x.strength_die ? [{ id: "strength", label: t("bmg.strengthDie") }] : [])];
  return realEntry("real-ranged", list, (v) => roll("ranged_attack", {
    ...fields, attack_values: dieList(x.attack_dice).map((d) => v[d.id]),
    ...(x.strength_die ? { strength_value: v.strength } : {}) }, "fire", { model: fields.model }));
}

function meleeForm(table) {
  const offer = offerOf("melee_attack");
  const f = dice.fields;
  const weapon = offer.targets.weapon.includes(f.weapon) ? f.weapon : offer.targets.weapon[0];
  const target = offer.targets.target.includes(f.target) ? f.target : offer.targets.target[0];
  const attacker = model(table, offer.targets.model[0]);
  const fields = { model: attacker.id, weapon, shares: [{ target, dice: attacker.skills.attacks, strength_die: true }] };
  loadOdds("melee_attack", fields);
  return [
    h("p", { text: t("bmg.attacker", { model: modelName(table, fields.model) }) }),
    h("div", { class: "grid2" },
      select(t("bmg.weapon"), "melee-weapon", offer.targets.weapon, weapon, (v) => { f.weapon = v; changed(); }),
      select(t("bmg.target"), "melee-target", offer.targets.target, target, (v) => { f.target = v; changed(); }, (v) => modelName(table, v))),
    attackOdds(dice.odds),
    offerOf("declare_melee") ? button(t("bmg.declareMelee"), "declare", () => send("declare_melee", fields, "declare", { model: fields.model }),
      { primary: true, testid: "declare-melee" }) : null,
    h("p", { class: "muted small", text: t("bmg.declareHelp") }),
    button(t("bmg.strike"), "strike", () => roll("melee_attack", fields, "strike", { model: fields.model }), { testid: "strike" }),
    refusalFor("declare"), refusalFor("strike"),
  ];
}

function skillForm(table) {
  const offer = offerOf("skill_roll");
  const f = dice.fields;
  const id = offer.targets.model.includes(f.model) ? f.model : offer.targets.model[0];
  const skill = SKILLS.includes(f.skill) ? f.skill : "defense";
  const fields = { model: id, skill };
  loadOdds("skill_roll", fields);
  const o = dice.odds;
  return [
    h("div", { class: "grid2" },
      select(t("bmg.model"), "skill-model", offer.targets.model, id, (v) => { f.model = v; changed(); }, (v) => modelName(table, v)),
      select(t("bmg.skill"), "skill-skill", SKILLS, skill, (v) => { f.skill = v; changed(); }, (v) => t(`bmg.skill.${v}`))),
    o && o.pass !== undefined ? h("div", { class: "odds-box", "data-testid": "skill-odds" },
      h("p", { text: t(o.dice > 2 ? "bmg.skillDice" : "bmg.skillDiceFew", { n: o.dice, target: o.target }) }),
      h("p", { class: "big-odds", text: t("bmg.passChance", { p: pct(o.pass) }) })) : null,
    button(t("bmg.roll"), "skill", () => roll("skill_roll", fields, "skill", { model: id }), { primary: true }),
    o?.dice ? realEntry("real-skill", dieList(o.dice, t("bmg.die")), (v) => roll("skill_roll",
      { ...fields, values: dieList(o.dice).map((d) => v[d.id]) }, "skill", { model: id })) : null,
    refusalFor("skill"),
  ];
}

function recoveryForm(table) {
  const ids = targetsOf("recovery_roll", "model");
  const f = dice.fields;
  const id = ids.includes(f.model) ? f.model : ids[0];
  loadOdds("recovery_roll", { model: id });
  const o = dice.odds;
  return [
    select(t("bmg.model"), "recovery-model", ids, id, (v) => { f.model = v; changed(); }, (v) => modelName(table, v)),
    o && o.pass !== undefined ? h("div", { class: "odds-box", "data-testid": "recovery-odds" },
      h("p", { text: t(o.dice > 2 ? "bmg.skillDice" : "bmg.skillDiceFew", { n: o.dice, target: o.target }) }),
      h("p", { class: "big-odds", text: t("bmg.passChance", { p: pct(o.pass) }) })) : null,
    button(t("bmg.roll"), "recovery", () => roll("recovery_roll", { model: id }, "recovery", { model: id }), { primary: true }),
    o?.dice ? realEntry("real-recovery", dieList(o.dice, t("bmg.die")), (v) => roll("recovery_roll",
      { model: id, values: dieList(o.dice).map((d) => v[d.id]) }, "recovery", { model: id })) : null,
    refusalFor("recovery"),
  ];
}

function leadForm(table) {
  const pid = targetsOf("roll_lead", "player")[0];
  loadOdds("roll_lead", { player: pid });
  const o = dice.odds;
  return [
    o?.win ? h("div", { class: "odds-box", "data-testid": "lead-odds" },
      table.players.map((p) => h("p", { text: t("bmg.leadWin", { who: p.name, p: pct(o.win[p.id]) }) }))) : null,
    button(t("bmg.rollLead"), "lead-dice", () => roll("roll_lead", { player: pid }, "lead-dice", { player: pid }), { primary: true }),
    refusalFor("lead-dice"),
  ];
}

async function roll(name, fields, key, targets) {
  const answer = await send(name, fields, key, targets);
  if (answer) {
    // an attack's result is the card every phone is told (bmg-cards.js); other rolls are listed here
    dice.result = answer.events.some((e) => e.kind === "attack") ? null
      : answer.events.map((e) => eventText(e, eventNames(state.table)));
    dice.oddsKey = null;
    changed();
  }
  return answer;
}

function diceRender() {
  const table = state.table;
  if (!table || table.game !== "bmg") return noTable();
  const open = kinds();
  const kind = open.includes(dice.kind) ? dice.kind : open[0];
  const out = [h("h1", { text: t("bmg.diceTitle") }), attackResult(table)];
  if (table.round.melee) {
    // the melee in progress is the roll now: its step for this phone, or whom it waits for
    const wait = waitingText(table);
    out.push(h("section", { class: "card stack", "data-testid": "melee-panel" }, meleePanel(table),
      wait ? h("p", { class: "waiting", "data-testid": "melee-waiting", text: wait }) : null));
  } else if (!kind) {
    out.push(h("section", { class: "card" }, h("p", { class: "muted", "data-testid": "no-roll", text: t("bmg.noRoll") })));
  } else {
    out.push(h("div", { class: "seg", role: "group", "aria-label": t("bmg.diceTitle") }, open.map((k) => h("button", {
      type: "button", class: `btn small ${k === kind ? "primary" : ""}`, "aria-pressed": k === kind ? "true" : "false",
      "data-testid": `roll-kind-${k}`, onclick: () => { dice.kind = k; dice.fields = {}; dice.oddsKey = null; changed(); },
    }, t(`bmg.kind.${k}`)))));
    const forms = { ranged: rangedForm, melee: meleeForm, skill: skillForm, recovery: recoveryForm, lead: leadForm, die: dieForm };
    out.push(h("section", { class: "card stack", "data-testid": `roll-${kind}` }, forms[kind](table),
      dice.oddsError ? h("p", { class: "refusal", text: dice.oddsError.message || "" }) : null,
      h("p", { class: "muted small", text: t("bmg.oddsNote") })));
  }
  if (dice.result && !table.round.melee) {   // an earlier roll's lines go while a melee is under way
    out.push(h("section", { class: "card", "aria-labelledby": "result-h", "data-testid": "roll-result" },
      h("h2", { id: "result-h", text: t("bmg.result") }), dice.result.map((line) => h("p", { text: line }))));
  }
  return out;
}

export { diceRender };
export const diceScreen = { render: diceRender };
export { diceScreen as dice };
