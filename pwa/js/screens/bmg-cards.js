// Batman Miniature Game at the table (issue 31): the Objective cards, Resources and Suspect markers
// of this phone's players, and the result card of the last attack every phone is told.
// What a seat may do comes from the table's offers (`may`): play, score or discard an Objective,
// play a Resource for a cost the offer lists, the mulligan, the Recount's discard, a Manipulate
// action's Suspect markers. The result card is drawn from the table view's last attack
// (`results.attack`): every phone at the table, a reloaded one too.

import { plural, t } from "../i18n.js";
import { h, keptDetails } from "../ui.js";
import { changed, mySeats, playedOffer as offerOf, send, state } from "../core.js";
import { busy, refusalFor } from "./common.js";

function btn(label, key, onclick, { primary = false, disabled = false, testid = null, small = true } = {}) {
  return h("button", {
    type: "button", class: `btn ${small ? "small" : ""} ${primary ? "primary" : ""}`, "data-testid": testid || key,
    disabled: disabled || state.busy.size > 0, "aria-busy": busy(key), onclick,
  }, label);
}

function modelName(table, id) {
  const m = table.models.find((x) => x.id === id);
  return m ? m.alias || m.name : id;
}

function playerName(table, id) {
  return table.players.find((p) => p.id === id)?.name || id;
}

// ------------------------------------------------------------------ Objectives and Resources

const form = { name: {}, vp: {} };
const openCards = new Set(["cards"]);

function offeredTo(command, pid) {
  return (offerOf(command)?.targets?.player || []).includes(pid);
}

// One player's cards: the counts, each Objective in play (scored or not met), a card played as an
// Objective or scored from the hand, a Resource at a cost the offer lists, the mulligan, the
// Recount's discard. Each control shows only when the table offers it to this phone now.
function playerCards(table, p) {
  const o = p.objectives || {};
  const key = (what) => `${what}-${p.id}`;
  const name = (form.name[p.id] ?? "").trim();
  const typed = String(form.vp[p.id] ?? "1").trim();
  const vp = /^\d+$/.test(typed) ? Number(typed) : NaN;   // a whole number of VP, else no score sent
  const out = [h("p", { class: "small", "data-testid": `cards-${p.id}`, text: [
    t("bmg.vp", { n: p.victory_points }), t("bmg.cards.rp", { n: p.resource_points }),
    t("bmg.cards.hand", { n: o.hand }), t("bmg.cards.deck", { n: o.deck }),
    t("bmg.cards.done", { n: o.accomplished }), t("bmg.cards.suspects", { n: p.suspects })].join(" · ") })];
  const failNames = offerOf("fail_objective")?.targets?.name || [];
  if (o.in_play?.length) {
    out.push(h("h3", { class: "small", text: t("bmg.cards.inPlay") }),
      h("ul", { class: "list" }, o.in_play.map((card) => h("li", { class: "row-between", "data-testid": `in-play-${card}` },
        h("strong", { text: card }),
        h("span", { class: "row" },
          offeredTo("score_objective", p.id) ? btn(t("bmg.cards.scoreIt", { vp: Number.isNaN(vp) ? "?" : vp }), key("score"),
            () => send("score_objective", { player: p.id, name: card, vp }, key("score"), { player: p.id }),
            { primary: true, disabled: Number.isNaN(vp), testid: `score-${card}` }) : null,
          offeredTo("fail_objective", p.id) && failNames.includes(card) ? btn(t("bmg.cards.notMet"), key("fail"),
            () => send("fail_objective", { player: p.id, name: card }, key("fail"), { player: p.id }), { testid: `fail-${card}` }) : null)))));
  }
  if (offeredTo("play_objective", p.id) || offeredTo("score_objective", p.id)) {
    out.push(h("div", { class: "grid2" },
      h("label", { class: "field" }, h("span", { text: t("bmg.cards.name") }),
        h("input", { type: "text", "data-key": key("name"), "data-testid": key("objective-name"), maxlength: 80, value: form.name[p.id] ?? "",
          placeholder: t("bmg.cards.namePh"), autocomplete: "off", oninput: (e) => { form.name[p.id] = e.target.value; changed(); } })),
      h("label", { class: "field" }, h("span", { text: t("bmg.cards.vp") }),
        h("input", { type: "number", inputmode: "numeric", min: 0, "data-key": key("vp"), "data-testid": key("objective-vp"), value: typed,
          oninput: (e) => { form.vp[p.id] = e.target.value; changed(); } }))),
    h("div", { class: "row" },
      offeredTo("play_objective", p.id) ? btn(t("bmg.cards.play"), key("play"), async () => {
        if (await send("play_objective", { player: p.id, name }, key("play"), { player: p.id })) { form.name[p.id] = ""; changed(); }
      }, { disabled: !name, testid: key("play-objective") }) : null,
      offeredTo("score_objective", p.id) ? btn(t("bmg.cards.score"), key("score"), async () => {
        if (await send("score_objective", { player: p.id, name, vp }, key("score"), { player: p.id })) { form.name[p.id] = ""; changed(); }
      }, { primary: true, disabled: !name || Number.isNaN(vp), testid: key("score-objective") }) : null));
  }
  const resource = offerOf("play_resource");
  if (offeredTo("play_resource", p.id)) {
    out.push(h("p", { class: "small", text: t("bmg.cards.resource") }),
      h("div", { class: "die-row", role: "group", "aria-label": t("bmg.cards.resource") }, resource.targets.cost.map((c) => btn(String(c), key("resource"),
        () => send("play_resource", { player: p.id, cost: c }, key("resource"), { player: p.id }),
        { testid: `resource-${p.id}-${c}` }))));
  }
  const mulligan = offerOf("mulligan");
  if (offeredTo("mulligan", p.id)) {
    out.push(h("p", { class: "small", text: t("bmg.cards.mulligan") }),
      h("div", { class: "die-row", role: "group", "aria-label": t("bmg.cards.mulligan") }, mulligan.targets.count.map((n) => btn(String(n), key("mulligan"),
        () => send("mulligan", { player: p.id, count: n }, key("mulligan"), { player: p.id }), { testid: `mulligan-${p.id}-${n}` }))));
  }
  if (offeredTo("discard_objective", p.id)) {
    out.push(btn(t("bmg.cards.discard"), key("discard"), () => send("discard_objective", { player: p.id }, key("discard"), { player: p.id }),
      { testid: `discard-${p.id}` }));
  }
  for (const what of ["score", "fail", "play", "resource", "mulligan", "discard"]) out.push(refusalFor(key(what)));
  return out;
}

export function objectivesCard(table) {
  const mine = table.players.filter((p) => mySeats().includes(p.seat));
  if (!mine.length || table.over) return null;
  return keptDetails(openCards, "cards", changed, { class: "card objectives", "data-testid": "objectives" },
    h("summary", {}, h("strong", { text: t("bmg.cards.title") })),
    mine.map((p) => h("div", { class: "stack", "data-testid": `objectives-${p.id}` },
      mine.length > 1 ? h("h3", { text: p.name }) : null, playerCards(table, p))));
}

// ------------------------------------------------------------------ Manipulate (Suspect markers)

// The Manipulate actions the offer lists for the model activating: place a Suspect marker, reveal
// one (whose: the owners the offer names), a Sewer, or another Manipulate action.
export function manipulateChoices(table, id) {
  const offer = offerOf("manipulate");
  if (!offer) return [];
  const go = (what, owner = null) => send("manipulate", { model: id, what, ...(owner ? { owner } : {}) }, "manipulate", { model: id });
  const out = [];
  for (const what of offer.targets.what || []) {
    if (what === "reveal_suspect") {
      for (const owner of offer.targets.owner || []) {
        out.push(btn(t("bmg.manip.reveal", { who: playerName(table, owner) }), "manipulate", () => go(what, owner),
          { testid: `manipulate-reveal-${owner}`, small: false }));
      }
    } else {
      out.push(btn(t(`bmg.manip.${what}`), "manipulate", () => go(what), { testid: `manipulate-${what}`, small: false }));
    }
  }
  return out;
}

// ------------------------------------------------------------------ the result of an attack

// the last attack's result is the table view's (`results.attack`, every phone's, kept until the next
// attack); this phone only remembers which one it was told to put away
const dismissed = new Set();

function markersText(m) {
  const parts = [];
  if (m.stun) parts.push(`${m.stun} ★`);
  if (m.injury) parts.push(`${m.injury} ♦`);
  return parts.length ? parts.join(" ") : t("bmg.res.noMarker");
}

// the markers kept on the card, and what the hits inflicted beyond the caps (DAMAGE MARKERS)
function keptText(x) {
  const kept = markersText(x.kept);
  const same = x.inflicted.stun === x.kept.stun && x.inflicted.injury === x.kept.injury;
  return same ? kept : `${kept} (${t("bmg.res.inflicted", { markers: markersText(x.inflicted) })})`;
}

function targetLines(table, x) {
  const head = t("bmg.res.line", { target: modelName(table, x.target), hits: plural(x.standing, "hit"),
    markers: keptText(x) }) + (x.casualty ? ` · ${t("bmg.casualty")}` : x.ko ? ` · ${t("bmg.ko")}` : "")
    + (x.critical ? ` · ${t("bmg.res.critical")}${x.critical_effect ? ` (${x.critical_effect})` : ""}` : "");
  const dice = [t("bmg.res.attackDice", { list: (x.attack_dice || []).join(" ") || "—" })];
  if (x.strength_die != null) dice.push(t("bmg.res.strengthDie", { n: x.strength_die }));
  if (x.defense_dice?.length) dice.push(t("bmg.res.defenseDice", { list: x.defense_dice.join(" "), blocks: plural(x.blocks, "block") }));
  return [h("strong", { class: "result-line", "data-testid": "result-line", text: head }),
    h("p", { class: "small muted", text: dice.join(" · ") })];
}

// "Result · Joker → Batman": on every phone, while its attacker activates.
export function attackResult(table) {
  const r = table.results?.attack;
  // gone once dismissed, when the next melee attack is declared (the next result is on its way),
  // or once the attacker's activation is over (the History keeps every attack)
  if (!r || dismissed.has(`${state.code}:${r.seq}`) || table.round?.melee
      || table.round?.activation?.model !== r.attacker) return null;
  return h("section", { class: "banner result in-screen", role: "status", "aria-labelledby": "attack-result-h", "data-testid": "attack-result" },
    h("div", {},
      h("h2", { id: "attack-result-h", class: "result-h", text: t("bmg.res.title", { attacker: modelName(table, r.attacker),
        targets: r.targets.map((x) => modelName(table, x.target)).join(", ") }) }),
      r.targets.map((x) => h("div", {}, targetLines(table, x)))),
    h("button", { type: "button", class: "btn small", "data-testid": "attack-result-dismiss",
      onclick: () => { dismissed.add(`${state.code}:${r.seq}`); changed(); } }, t("result.dismiss")));
}
