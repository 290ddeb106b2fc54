// Batman: Gotham City Strategy Game: the city (12 blocks, who rules each, Threats and Henchmen at
// a glance) with the turn strip (and the last round's turns left), what this phone may do now, the
// Reserves and the last fight's outcome (every phone reads them from the view), the private stash
// (only this Villain's phone receives it: the view's `me`), and the fight with the odds the view
// carries. A level's requirement and a Henchman's price are the offers' (`requirement`, `price`,
// `affordable`, `why`): this module counts no cost of its own.
// The controls are drawn from the table's `may` for this phone's seats; the rules refuse the rest
// with a coded refusal shown next to the control.

import { gcsgStepTitle, labelled, listText, percent, plural, t, turnSteps } from "../i18n.js";
import { h, icon, keptDetails } from "../ui.js";
import { changed, playedOffer as offerOf, priceOf, send, seatName, state } from "../core.js";
import { busy, hostSwitch, noTable, refusalFor, whyNot } from "./common.js";
import { waitingText } from "../now.js";

function blockName(table, id) {
  if (id === "hideout") return t("gcsg.hideout");
  return table.blocks.find((b) => b.id === id)?.name || id;
}

function villainName(table, id) {
  if (id === "batman") return "Batman";
  return table.players.find((p) => p.villain === id)?.name || id;
}

function short(table, id) {
  const name = villainName(table, id).replace(/^The /, "");
  return name;
}

function button(label, key, onclick, { primary = false, disabled = false, testid = null } = {}) {
  // one change at a time: while a command is on its way the others wait (no out-of-order taps)
  return h("button", { type: "button", class: `btn ${primary ? "primary" : ""}`, "data-testid": testid || key,
    disabled: disabled || state.busy.size > 0, "aria-busy": busy(key), onclick }, label);
}

function select(label, key, values, current, onchange, name = (v) => v) {
  return h("label", { class: "field" }, h("span", { text: label }),
    h("select", { "data-key": key, "data-testid": key, onchange: (e) => onchange(e.target.value) },
      values.map((v) => h("option", { value: v, selected: v === current }, name(v)))));
}

function stepper(label, key, value, min, max, onchange, quiet = false) {
  return h("div", { class: "gstepper", role: "group", "aria-label": label },
    h("span", { class: `small ${quiet ? "sr-only" : ""}`, text: label }),
    h("button", { type: "button", class: "btn small", "aria-label": `${label} −1`, "data-testid": `${key}-minus`,
      disabled: value <= min, onclick: () => onchange(value - 1) }, "−"),
    h("output", { class: "n", "data-testid": `${key}-value`, text: String(value) }),
    h("button", { type: "button", class: "btn small", "aria-label": `${label} +1`, "data-testid": `${key}-plus`,
      disabled: value >= max, onclick: () => onchange(value + 1) }, "+"));
}

// What the turn strip says now: the step, or who must/may place or remove Threats, or a fight.
function nowText(table) {
  const turn = table.turn;
  if (turn.phase === "pending" && turn.pending.length) {
    const d = turn.pending[0];
    return t(`gcsg.pending.${d.kind}.${d.may ? "may" : "must"}`, { who: villainName(table, d.seat), n: d.count });
  }
  if (turn.phase === "fight") return t("gcsg.fightWaits");
  return gcsgStepTitle(turn);
}

// ------------------------------------------------------------------ turn strip

function strip(table) {
  const turn = table.turn;
  return h("section", { class: "card strip", "aria-labelledby": "turn-h", "data-testid": "turn-strip" },
    h("h1", { id: "turn-h", class: "row-between" },
      h("span", { text: table.over ? t("gcsg.over") : turn.number ? t("gcsg.turn", { n: turn.number, who: villainName(table, turn.player) }) : t("gcsg.setupTitle") }),
      table.sample_settings ? h("span", { class: "pill warn", text: t("gcsg.sample") }) : null),
    turn.number ? h("ol", { class: "steps", "aria-label": t("gcsg.steps") }, turnSteps(turn).map((s) => h("li", {
      class: s.now ? "now" : "", "aria-current": s.now ? "step" : false, text: s.title }))) : null,
    h("p", { class: "step-title", "data-testid": "now", text: nowText(table) }),
    waitingText(table) ? h("p", { class: "small muted", "data-testid": "waiting", text: waitingText(table) }) : null,
    lastRound(table),
    table.over ? h("p", { class: "result-big", text: t("gcsg.winners", { who: table.winners.map((w) => villainName(table, w)).join(", ") }) }) : null);
}

// END: after the last Criminal Plot card, the last turns still to play, the turn being played first.
function lastRound(table) {
  const last = table.turn.last_round;
  if (!last || table.over) return null;
  return h("p", { class: "small pill warn", "data-testid": "last-round", text: t("gcsg.lastRound", {
    left: plural(last.turns_left, "lastTurn"), who: listText(last.turns.map((v) => villainName(table, v))) }) });
}

// SETUP: the Reserves next to the board, public: Money and Information left, each Villain's Threats
// and Henchmen.
function reserves(table) {
  const r = table.reserves;
  if (!r) return null;
  return h("section", { class: "card", "aria-labelledby": "reserves-h", "data-testid": "reserves" },
    h("h2", { id: "reserves-h", text: t("gcsg.reserves") }),
    h("p", { class: "small", text: t("gcsg.reservesTokens", { money: r.money, information: r.information }) }),
    h("ul", { class: "list compact small" }, table.players.map((p) => h("li", { "data-villain": p.villain,
      text: t("gcsg.reservesOf", { who: p.name, threats: r.threats[p.villain], henchmen: r.henchmen[p.villain] }) }))));
}

// FVV, FVB: the last fight's outcome, the same on every phone until the next fight starts.
function fightResult(table) {
  const f = table.last_fight;
  if (!f) return null;
  const signed = (n) => (n >= 0 ? `+${n}` : String(n));
  const side = (s) => t("gcsg.fightSide", { who: villainName(table, s), face: f.dice[s] === "bat" ? t("gcsg.batFace") : f.dice[s],
    mod: signed(f.modifiers[s]), total: f.totals[s] });
  const villain = f.attacker === "batman" ? f.defender : f.attacker;
  return h("section", { class: "card", role: "status", "aria-labelledby": "last-fight-h", "data-testid": "fight-result" },
    h("h2", { id: "last-fight-h", text: t("gcsg.lastFightAt", { block: blockName(table, f.block) }) }),
    h("p", {}, h("strong", { class: "result-line", text: t("gcsg.fightWinner", { who: villainName(table, f.winner) }) })),
    h("ul", { class: "list compact small" }, [f.attacker, f.defender].map((s) => h("li", { text: side(s) }))),
    h("p", { class: "small muted", text: t(`gcsg.fightWhy.${f.reason}`, { who: villainName(table, f.attacker), villain: villainName(table, villain) }) }));
}

// Every Villain's public side and Batman, under what this phone may do (the acting phone's
// controls stay near the top of a small screen).
function standings(table) {
  const ruled = (v) => table.blocks.filter((b) => b.rulers.length === 1 && b.rulers[0] === v).length;
  return h("section", { class: "card", "aria-label": t("gcsg.villains"), "data-testid": "standings" },
    h("ul", { class: "players-strip" }, table.players.map((p) => h("li", { "data-villain": p.villain, class: `v-${p.villain}` },
      h("strong", { text: p.name }),
      h("span", { class: "muted small", text: t("gcsg.playerLine", { level: p.level, blocks: ruled(p.villain), hand: p.hand }) })))),
    h("p", { class: "small", "data-testid": "batman", text: t("gcsg.batman", {
      block: table.batman.block ? blockName(table, table.batman.block) : t("gcsg.nowhere"), level: table.batman.level }) }));
}

// ------------------------------------------------------------------ what this phone may do now

const form = { fields: {}, version: -1 };

function fieldsFor(name) {
  if (form.version !== state.version) { form.fields = {}; form.version = state.version; }
  return form.fields[name] ||= {};
}

function placementPicker(table, name, blocks, total, label) {
  const f = fieldsFor(name);
  f.placements ||= {};
  const sum = Object.values(f.placements).reduce((a, b) => a + b, 0);
  return h("div", { class: "stack" },
    h("p", { class: "small", "data-testid": `${name}-count`, text: t("gcsg.placed", { n: sum, of: total ?? "—" }) }),
    h("ul", { class: "list compact" }, blocks.map((b) => h("li", {},
      h("span", { text: blockName(table, b) }),
      stepper(labelled(label, blockName(table, b)), `${name}-${b}`, f.placements[b] || 0, 0, 5, (v) => { f.placements[b] = v; changed(); }, true)))));
}

function actions(table) {
  const out = [];
  const me = (name) => offerOf(name);
  const place = me("place_threats");
  if (place) {
    const due = table.turn.pending[0];
    out.push(h("h3", { text: t("gcsg.placeThreats") }),
      placementPicker(table, "place_threats", place.targets.placements, due?.count, t("gcsg.threats")),
      button(t("gcsg.place"), "place", () => send("place_threats", { placements: clean(fieldsFor("place_threats").placements) }, "place"),
        { primary: true, testid: "place-threats" }), refusalFor("place"));
  }
  const remove = me("remove_threats");
  if (remove) {
    const f = fieldsFor("remove_threats");
    f.threats ||= {};
    out.push(h("h3", { text: t("gcsg.removeThreats", { n: table.turn.pending[0]?.count ?? "" }) }),
      remove.targets.threats.map((v) => stepper(villainName(table, v), `remove-${v}`, f.threats[v] || 0, 0, 5, (n) => { f.threats[v] = n; changed(); })),
      button(t("gcsg.remove"), "remove", () => send("remove_threats", { threats: clean(f.threats) }, "remove"), { primary: true }), refusalFor("remove"));
  }
  if (me("decline")) out.push(button(t("gcsg.decline"), "decline", () => send("decline", {}, "decline")), refusalFor("decline"));
  const level = me("advance_level");
  if (level?.requirement) {  // ADV: the dial's requirement, paid when Money or Information
    const { ok, why } = priceOf(level);
    const req = t(`gcsg.req.${level.requirement.kind}`, { n: level.requirement.amount });
    out.push(button(t("gcsg.advanceLevel", { level: level.requirement.to, req }), "level", () => send("advance_level", {}, "level"),
      { testid: "advance-level", disabled: !ok }), ok ? null : whyNot(why, "advance-level-why"), refusalFor("level"));
  }
  const ability = me("choose_ability");
  if (ability) {
    const f = fieldsFor("choose_ability");
    const card = ability.targets.card.includes(f.card) ? f.card : ability.targets.card[0];
    out.push(select(t("gcsg.ability"), "ability-card", ability.targets.card, card, (v) => { f.card = v; changed(); }),
      button(t("gcsg.chooseAbility"), "ability", () => send("choose_ability", { card }, "ability"), { primary: true }), refusalFor("ability"));
  }
  const card = me("play_card");
  if (card) {
    const f = fieldsFor("play_card");
    const block = card.targets.income_block.includes(f.block) ? f.block : card.targets.income_block[0];
    const kind = card.targets.income_kind.includes(f.kind) ? f.kind : card.targets.income_kind[0];
    f.amount ??= 1;
    out.push(h("h3", { text: t("gcsg.playCard") }),
      button(t("gcsg.batSignal"), "signal", () => send("play_card", { bat_signal: true }, "card"), { testid: "bat-signal" }),
      h("p", { class: "muted small", text: t("gcsg.orIncome") }),
      h("div", { class: "grid2" },
        select(t("gcsg.incomeBlock"), "income-block", card.targets.income_block, block, (v) => { f.block = v; changed(); }, (v) => blockName(table, v)),
        select(t("gcsg.incomeKind"), "income-kind", card.targets.income_kind, kind, (v) => { f.kind = v; changed(); }, (v) => t(`gcsg.res.${v}`))),
      stepper(t("gcsg.amount"), "income-amount", f.amount, 0, 9, (v) => { f.amount = v; changed(); }),
      button(t("gcsg.playIncome"), "card", () => send("play_card", { income_block: block, income_kind: kind, income_amount: f.amount }, "card"),
        { primary: true, testid: "play-income" }), refusalFor("card"));
  }
  const signal = me("batman_card");
  if (signal) {
    const f = fieldsFor("batman_card");
    const block = signal.targets.block.includes(f.block) ? f.block : signal.targets.block[0];
    out.push(select(t("gcsg.batmanCard"), "batman-block", signal.targets.block, block, (v) => { f.block = v; changed(); }, (v) => blockName(table, v)),
      button(t("gcsg.sendBatman"), "batman-card", () => send("batman_card", { block }, "batman-card"), { primary: true }), refusalFor("batman-card"));
  }
  const take = me("take_resources");
  if (take) {
    const f = fieldsFor("take_resources");
    f.money ??= 0; f.information ??= 0; f.threats ||= {};
    const threats = Object.values(f.threats).reduce((a, b) => a + b, 0);
    out.push(h("h3", { text: t("gcsg.takeTwo") }),
      stepper(t("gcsg.res.money"), "take-money", f.money, 0, 2, (v) => { f.money = v; changed(); }),
      stepper(t("gcsg.res.information"), "take-information", f.information, 0, 2, (v) => { f.information = v; changed(); }),
      details(t("gcsg.takeThreats", { n: threats }), placementPicker(table, "take_resources", take.targets.threats, null, t("gcsg.threats"))),
      button(t("gcsg.take"), "take", () => send("take_resources", { money: f.money, information: f.information, threats: clean(f.threats) }, "take"),
        { primary: true }), refusalFor("take"));
  }
  if (me("carry_out_plot")) out.push(button(t("gcsg.carryOut"), "carry", () => send("carry_out_plot", {}, "carry")), refusalFor("carry"));
  for (const name of ["gain", "pay"]) {
    if (!me(name)) continue;
    const f = fieldsFor(name);
    f.money ??= 0; f.information ??= 0;
    out.push(h("h3", { text: t(`gcsg.${name}`) }),
      stepper(t("gcsg.res.money"), `${name}-money`, f.money, 0, 20, (v) => { f.money = v; changed(); }),
      stepper(t("gcsg.res.information"), `${name}-information`, f.information, 0, 20, (v) => { f.information = v; changed(); }),
      button(t(`gcsg.${name}Btn`), name, () => send(name, { money: f.money, information: f.information }, name)), refusalFor(name));
  }
  if (me("draw_cards")) out.push(button(t("gcsg.drawCard"), "draw", () => send("draw_cards", { count: 1 }, "draw")), refusalFor("draw"));
  const hire = me("hire");
  if (hire) {  // HIRE: the offer's price a Henchman, and why not when it cannot be paid
    const f = fieldsFor("hire");
    const counts = hire.targets.count;
    const count = counts.includes(Number(f.count)) ? Number(f.count) : counts[0];
    const { price, ok, why } = priceOf(hire);
    const each = price?.money_per_henchman;
    out.push(h("h3", { text: t("gcsg.hire") }),
      each != null ? h("p", { class: "small muted", "data-testid": "hire-price", text: t("gcsg.hireEach", { cost: each }) }) : null,
      counts.length ? select(t("gcsg.howMany"), "hire-count", counts.map(String), String(count), (v) => { f.count = v; changed(); }) : null,
      counts.length ? button(each != null ? t("gcsg.recruitFor", { n: count, cost: each * count }) : t("gcsg.recruit", { n: count }), "hire",
        () => send("hire", { count }, "hire"), { primary: ok, testid: "hire", disabled: !ok }) : null,
      ok ? null : whyNot(why, "hire-why"), refusalFor("hire"));
  }
  const move = me("move");
  if (move) {
    const f = fieldsFor("move");
    const mine = table.players.find((p) => p.villain === table.turn.player);
    const figure = move.targets.villain.includes(f.villain) ? f.villain : "";
    const source = move.targets.source.includes(f.source) ? f.source : move.targets.source[0];
    const to = move.targets.to.includes(f.to) && f.to !== source ? f.to : move.targets.to.find((x) => x !== source);
    f.count ??= move.targets.source.length ? 1 : 0;
    const stays = t("gcsg.figureStays", { where: mine?.figure ? blockName(table, mine.figure) : t("gcsg.hideout") });
    out.push(h("h3", { text: t("gcsg.moveFigures") }),
      select(t("gcsg.villainFigure"), "move-villain", ["", ...move.targets.villain], figure, (v) => { f.villain = v; changed(); },
        (v) => (v ? blockName(table, v) : stays)),
      move.targets.source.length ? [
        h("div", { class: "grid2" },
          select(t("gcsg.henchmenFrom"), "move-source", move.targets.source, source, (v) => { f.source = v; changed(); }, (v) => blockName(table, v)),
          select(t("gcsg.to"), "move-to", move.targets.to, to, (v) => { f.to = v; changed(); }, (v) => blockName(table, v))),
        stepper(t("gcsg.henchmen"), "move-count", f.count, 0, 10, (v) => { f.count = v; changed(); }),
      ] : h("p", { class: "muted small", text: t("gcsg.noHenchmen") }),
      button(t("gcsg.move"), "move", () => send("move", {
        ...(figure ? { villain: figure } : {}),
        henchmen: f.count > 0 && source ? [{ source, to, count: f.count }] : [],
      }, "move"), { primary: true, testid: "move" }),
      refusalFor("move"));
  }
  if (me("roll_fight")) out.push(h("p", {}, h("a", { class: "btn primary", href: "#/dice", "data-testid": "to-fight" }, t("gcsg.toFight"))));
  const adv = me("advance");
  if (adv) {
    out.push(button(adv.to === "draw" ? t("gcsg.endTurn") : t("gcsg.nextStep", { step: gcsgStepTitle(table.turn, adv.to) }), "advance",
      () => send("advance", {}, "advance"), { primary: out.length === 0, testid: "advance" }), refusalFor("advance"));
  }
  return out;
}

const openDetails = new Set();
function details(summary, content) {
  return keptDetails(openDetails, summary.split(" (")[0], changed, {}, h("summary", { text: summary }), content);
}

function clean(map = {}) {
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v > 0));
}

// What this phone may do now, or (nothing for it) who the table waits for: one line under the strip.
function myMove(table) {
  if (table.over) return null;
  const parts = actions(table);
  if (!parts.length) {
    const who = table.players.map((p) => p.villain).filter((s) => table.may?.[s]?.length).map((s) => seatName(s, table));
    return h("p", { class: "waiting", "data-testid": "nothing-now", text: who.length ? t("gcsg.waiting", { who: who.join(", ") }) : t("gcsg.nothingNow") });
  }
  return h("section", { class: "card", "aria-labelledby": "move-h", "data-testid": "my-move" },
    h("h2", { id: "move-h", text: t("gcsg.yourMove") }), parts);
}

// ------------------------------------------------------------------ the city

function blockCard(table, b) {
  const ruler = b.rulers.length === 1 ? b.rulers[0] : null;
  const threats = Object.entries(b.threats).filter(([, n]) => n > 0);
  const henchmen = Object.entries(b.henchmen).filter(([, n]) => n > 0);
  return h("li", { class: `city-block ${ruler ? `ruled v-${ruler}` : ""}`, "data-block": b.id, "data-testid": `block-${b.id}` },
    h("div", { class: "row-between" },
      h("strong", { class: "small", text: b.name }),
      h("span", { class: "income", title: t(`gcsg.res.${b.income}`), "aria-label": t(`gcsg.res.${b.income}`), text: b.income === "money" ? "$" : "ℹ" })),
    h("p", { class: "ruler small", "data-testid": "ruler", text: ruler ? t("gcsg.ruledBy", { who: short(table, ruler) })
      : b.batman ? t("gcsg.batmanHere") : b.rulers.length > 1 ? t("gcsg.tied") : t("gcsg.noRuler") }),
    threats.length || henchmen.length || b.villains.length || b.batman ? h("div", { class: "chips" },
      b.batman ? h("span", { class: "chip bat", text: "Batman" }) : null,
      threats.map(([v, n]) => h("span", { class: `chip v-${v}`, "aria-label": t("gcsg.threatsOf", { n, who: villainName(table, v) }), text: `${short(table, v).slice(0, 1)}▲${n}` })),
      henchmen.map(([v, n]) => h("span", { class: `chip v-${v}`, "aria-label": t("gcsg.henchmenOf", { n, who: villainName(table, v) }), text: `${short(table, v).slice(0, 1)}●${n}` })),
      b.villains.map((v) => h("span", { class: `chip fig v-${v}`, "aria-label": t("gcsg.figureOf", { who: villainName(table, v) }), text: `${short(table, v).slice(0, 1)}♜` }))) : null);
}

function city(table) {
  return h("section", { class: "card", "aria-labelledby": "city-h", "data-testid": "city" },
    h("h2", { id: "city-h", text: t("gcsg.city") }),
    h("p", { class: "muted small", text: t("gcsg.legend") }),
    h("ul", { class: "blocks" }, table.blocks.map((b) => blockCard(table, b))));
}

export const cityScreen = {
  render() {
    const table = state.table;
    if (!table || table.game !== "gcsg") return noTable();
    return [strip(table), myMove(table), fightResult(table), standings(table), reserves(table), city(table), hostSwitch()];
  },
};
export { cityScreen as city };

// ------------------------------------------------------------------ my stash (private)

export const stash = {
  render() {
    const table = state.table;
    if (!table || table.game !== "gcsg") return noTable();
    const me = table.me;
    const out = [h("h1", {}, icon("lock", 22), " ", t("gcsg.stashTitle"))];
    if (!me) {
      out.push(h("section", { class: "card" }, h("p", { class: "muted", "data-testid": "no-stash", text: t("gcsg.noStash") })));
    } else {
      const pub = table.players.find((p) => p.villain === me.villain);
      out.push(h("section", { class: "card", "aria-labelledby": "stash-h", "data-testid": "stash" },
        h("h2", { id: "stash-h", text: t("gcsg.stashOf", { who: villainName(table, me.villain) }) }),
        h("p", { class: "small", text: t("gcsg.stashPrivate") }),
        h("div", { class: "stats" },
          h("div", { class: "stat", "data-testid": "stash-money" }, h("span", { class: "n", text: t("gcsg.req.money", { n: me.money }) }), h("span", { class: "l", text: t("gcsg.res.money") })),
          h("div", { class: "stat", "data-testid": "stash-information" }, h("span", { class: "n", text: String(me.information) }), h("span", { class: "l", text: t("gcsg.res.information") })),
          h("div", { class: "stat", "data-testid": "stash-hand" }, h("span", { class: "n", text: String(me.hand) }), h("span", { class: "l", text: t("gcsg.hand") }))),
        h("p", { class: "muted small", text: t("gcsg.tokens", {
          money: me.money_tokens.map((x) => `${x.count}×${t("gcsg.req.money", { n: x.value })}`).join(", ") || "—",
          information: me.information_tokens.map((x) => `${x.count}×${x.value}`).join(", ") || "—" }) })));
      if (pub) {
        out.push(h("section", { class: "card", "aria-labelledby": "level-h" },
          h("h2", { id: "level-h", text: t("gcsg.level", { n: pub.level }) }),
          h("p", { text: pub.requirement ? t("gcsg.nextNeeds", { req: t(`gcsg.req.${pub.requirement.kind}`, { n: pub.requirement.amount }) }) : "—" }),
          h("p", { class: "small", text: t("gcsg.onMap", { threats: pub.threats.map, reserve: pub.threats.reserve, henchmen: pub.henchmen.map, hideout: pub.henchmen.hideout }) }),
          pub.abilities.length ? h("p", { class: "small", text: t("gcsg.abilities", { list: pub.abilities.join(", ") }) }) : null));
      }
    }
    return out;
  },
};

// ------------------------------------------------------------------ the fight

export const fightScreen = {
  render() {
    const table = state.table;
    if (!table || table.game !== "gcsg") return noTable();
    const f = table.fight;
    const out = [h("h1", { text: t("gcsg.fightTitle") })];
    if (!f) {
      out.push(h("section", { class: "card" }, h("p", { class: "muted", "data-testid": "no-fight", text: t("gcsg.noFight") })));
      out.push(fightResult(table));
      return out;
    }
    const sides = [f.attacker, f.defender];
    out.push(h("section", { class: "card", "data-testid": "fight" },
      h("h2", { text: t("gcsg.fightAt", { a: villainName(table, f.attacker), d: villainName(table, f.defender), block: blockName(table, f.block) }) }),
      h("div", { class: "fighters" }, sides.map((s) => h("div", { class: `fighter v-${s}`, "data-side": s, role: "group", "aria-label": villainName(table, s) },
        h("strong", { text: villainName(table, s) }),
        f.odds ? h("span", { class: "big-odds", "data-testid": `odds-${s}`, text: t("gcsg.winChance", { p: percent(f.odds[s].percent / 100, 1) }) }) : null,
        h("span", { class: "small muted", text: t("gcsg.modifier", { n: f.modifiers[s] >= 0 ? `+${f.modifiers[s]}` : f.modifiers[s] }) })))),
      f.odds ? h("p", { class: "muted small", text: t("gcsg.oddsExact", { list: sides.map((s) => `${villainName(table, s)} ${f.odds[s].numerator}/${f.odds[s].denominator}`).join(" · ") }) }) : null,
      f.bat_emblem_loses ? h("p", { class: "small", text: t("gcsg.batEmblem") }) : null));
    const roll = offerOf("roll_fight");
    if (roll) {
      const v = fieldsFor("roll_fight");
      const faces = roll.targets.faces.length ? roll.targets.faces : ["1", "2", "3", "4", "5", "6"];
      out.push(h("section", { class: "card stack", "data-testid": "fight-dice" },
        h("h2", { text: t("gcsg.enterDice") }),
        h("div", { class: "grid2" }, roll.targets.dice.map((s) => select(villainName(table, s), `face-${s}`, faces, v[s] || faces[0], (x) => { v[s] = x; changed(); },
          (x) => (x === "bat" ? t("gcsg.batFace") : x)))),
        button(t("gcsg.rollFight"), "fight", () => send("roll_fight", {
          dice: Object.fromEntries(roll.targets.dice.map((s) => [s, face(v[s] || faces[0])])) }, "fight"),
        { primary: true, testid: "resolve-fight" }),
        refusalFor("fight")));
    }
    return out;
  },
};
export { fightScreen as fight };

function face(x) { return /^\d+$/.test(x) ? Number(x) : x; }
