// Versus (#/versus, #/versus/heroes, #/versus/villain): while the teams are not complete, the
// setup — each side picks its HQ (initiative side first), then the sides draft their tiles one at a
// time from the library; afterwards, one command post per side: the three activation potential
// disc zones and the next activation's disc cost, the HQ powers waiting to be resolved, the river,
// the spaces, the life points. The opponent's command post is one tap away, read-only.

import { getLang, plural, stepTitle, t, tSide } from "../i18n.js";
import { add, confirmSheet, h } from "../ui.js";
import { allow, allowAny, changed, isVersus, mySide, offerFor, offersOf, send, state } from "../core.js";
import { altText, catalog, powerName, powersFor, retry } from "../catalog.js";
import { busy, noTable, refusalFor, stat, whyNot } from "./common.js";
import { lifeTrackCard, miniaturesCard, poolCard, riverCard, spacesCard } from "./cp.js";

const SIDES = ["heroes", "villain"];
const other = (side) => (side === "heroes" ? "villain" : "heroes");
const isHQ = (slot) => slot.toLowerCase().startsWith("hq");
const slotKind = (slot) => slot.split(/\s+/).pop().toLowerCase();
// The setup's commands as the table's `may` names them (the registry's names of PickHQ and DraftTile).
const HQ_PICK = ["choose_hq", "pick_hq"];
const DRAFT = ["draft_tile", "draft"];
// What this phone may send on `side`'s command post, for the read-only notice.
const POST_COMMANDS = ["activate_tile", "spend", "dredge", "demobilize", "reinforce", "resolve_power", "advance",
  "record_mission_rule", "resolve_mission_event", "end_reinforcement"];

export function enter() {
  catalog("library", { fresh: true });
  catalog("powers");
}

export function render(args) {
  const table = state.table;
  if (!table) return noTable();
  if (!isVersus(table) || !table.versus) {
    return h("section", { class: "card" }, h("p", { text: t("vs.notVersus") }), h("a", { class: "btn primary", href: "#/table" }, t("tab.table")));
  }
  if (table.versus.draft.phase !== "done") return renderSetup(table);
  const side = SIDES.includes(args[0]) ? args[0] : (mySide() || table.turn.initiative);
  return renderPost(table, side);
}

// The side this phone plays, as a word for headings ("Heroes (this phone)").
function sideLabel(side) {
  return mySide() === side ? `${t(`side.${side}`)} · ${t("seat.you")}` : t(`side.${side}`);
}

// ------------------------------------------------------------------ setup: HQ, then the draft

function slotLabel(slot) {
  if (slot === "event") return t("vs.slot.event");
  const kind = t(`vs.kind.${slotKind(slot)}`);
  return isHQ(slot) ? t("vs.slot.hq", { kind }) : kind;
}

function renderSetup(table) {
  const draft = table.versus.draft;
  const next = draft.next_side;
  const may = allowAny(draft.phase === "hq" ? HQ_PICK : DRAFT, { side: next });
  const mine = may.ok;
  const out = [h("h1", { text: t("vs.setupTitle") })];
  const phaseText = draft.phase === "hq" ? tSide("vs.phaseHQ", next) : tSide("vs.phaseTeam", next);
  out.push(h("section", { class: `card turn-card ${mine ? "mine" : ""}`, "aria-labelledby": "vs-turn-h", "data-testid": "draft-status" },
    h("h2", { id: "vs-turn-h", class: "sr-only", text: t("vs.whoseTurn") }),
    h("p", { class: "muted small", text: draft.phase === "hq" ? t("vs.stepHQ") : t("vs.stepTeam") }),
    h("p", { class: "step-title", "data-testid": "draft-turn", text: phaseText }),
    h("p", {}, h("span", { class: `pill ${mine ? "ok" : "warn"}`, "data-testid": "draft-mine",
      text: mine ? t("vs.yourPick") : tSide("vs.waitingFor", next) })),
    h("p", { class: "small", text: draft.phase === "hq" ? t("vs.hqHelp") : t("vs.teamHelp") })));
  if (mine) out.push(candidatesCard(table, next, draft));
  else out.push(whyNot(may.why, "draft-why"));
  const order = mySide() ? [mySide(), other(mySide())] : SIDES;
  for (const side of order) out.push(teamCard(table, side));
  return out;
}

function candidatesCard(table, side, draft) {
  const lib = catalog("library");
  const box = h("section", { class: "card", "aria-labelledby": "cand-h", "data-testid": "candidates" },
    h("h2", { id: "cand-h", text: draft.phase === "hq" ? tSide("vs.chooseHQ", side) : tSide("vs.chooseTile", side) }));
  if (!lib.data) {
    add(box, lib.failed
      ? [h("p", { class: "refusal", role: "alert", text: t("home.libraryFailed") }), h("button", { type: "button", class: "btn", onclick: () => retry("library") }, t("retry"))]
      : h("p", { class: "muted", text: t("home.loading") }));
    return box;
  }
  // the tiles this side may take now, as the offer describes them (Versus I·C·2-3): the values of
  // each of a tile's fields the offer lists, and none already drafted
  const offer = offerFor(draft.phase === "hq" ? "pick_hq" : "draft_tile", { side });
  const wanted = Object.entries(offer?.targets || {}).filter(([k]) => k.startsWith("tile."));
  const drafted = new Set(offer?.drafted || []);
  const kinds = offer?.targets?.["tile.kind"] || [];
  const tiles = lib.data.tiles.filter((tile) => !drafted.has(tile.name)
    && wanted.every(([k, values]) => values.includes(tile[k.slice(5)])));
  add(box, h("p", { class: "muted small", text: t("vs.freeKinds", { kinds: kinds.map((k) => t(`vs.kind.${k}`)).join(", ") || "—" }) }));
  if (!tiles.length) {
    add(box, h("p", { class: "refusal", role: "status", "data-testid": "no-candidates",
      text: tSide("vs.noCandidates", side, { kinds: kinds.map((k) => t(`vs.kind.${k}`)).join(", ") }) }));
    return box;
  }
  // a tile of the level the draft offer names is drafted as a Lieutenant (Versus I·C·3): the offer's word
  const lieutenantLevel = offer?.lieutenant_level;
  add(box, h("ul", { class: "list candidates" }, tiles.map((tile) => {
    const key = `pick-${tile.name}`;
    const lieutenant = Boolean(lieutenantLevel) && tile.level === lieutenantLevel;
    const powers = draft.phase === "hq" ? powersFor(tile.name, side) : null;
    return h("li", {},
      h("div", { class: "cand" },
        h("strong", { text: tile.name }),
        h("div", { class: "muted small", text: [t(`vs.kind.${tile.kind}`), tile.level ? t(`level.${tile.level}`) : null, tile.sample ? t("home.sample") : null].filter(Boolean).join(" · ") }),
        lieutenant ? h("div", { class: "small lieutenant", text: t("vs.isLieutenant") }) : null,
        powers ? h("div", { class: "small", text: powers.length ? t("vs.powersOf", { list: powers.map(powerName).join(", ") }) : t("vs.noPowers") }) : null,
        refusalFor(key)),
      h("button", { type: "button", class: "btn small primary", "data-testid": `draft-${tile.name}`, "aria-busy": busy(key),
        "aria-label": `${draft.phase === "hq" ? t("vs.pickHQ") : t("vs.draftIt")}: ${tile.name}`,
        onclick: () => pick(side, tile, draft.phase, key, lieutenant) }, draft.phase === "hq" ? t("vs.pickHQ") : t("vs.draftIt")));
  })));
  return box;
}

function powersList(powers, { testid = null } = {}) {
  return h("ul", { class: "powers", "data-testid": testid },
    powers.map((p) => h("li", { class: "power" },
      h("p", { class: "power-name" }, h("strong", { text: powerName(p) }), " ",
        h("span", { class: "pill", text: t(`vs.type.${p.type}`) })),
      p.alternatives.map((a, i) => [
        i > 0 ? h("p", { class: "or", text: t("vs.or") }) : null,
        h("p", { class: "power-text", text: altText(a) })]))));
}

async function pick(side, tile, phase, key, lieutenant) {
  if (phase === "hq") {
    const powers = powersFor(tile.name, side);
    const body = h("div", {},
      h("p", { class: "small", text: t("vs.hqComes") }),
      powers == null ? h("p", { class: "muted", text: t("loading") })
        : powers.length ? powersList(powers) : h("p", { class: "muted", text: t("vs.noPowers") }));
    const ok = await confirmSheet({ title: t("vs.pickHQQ", { tile: tile.name }), body, confirm: t("vs.pickHQ"), cancel: t("cp.cancel") });
    if (ok) send("pick_hq", { side, tile }, key, { side });
    return;
  }
  if (lieutenant) {
    const ok = await confirmSheet({ title: t("vs.draftQ", { tile: tile.name }), body: t("vs.lieutenantHelp"), confirm: t("vs.draftIt"), cancel: t("cp.cancel") });
    if (!ok) return;
  }
  send("draft_tile", { side, tile }, key, { side });
}

function teamCard(table, side) {
  const draft = table.versus.draft;
  const post = table.command_posts[side];
  const names = post.tiles || {};
  return h("section", { class: "card", "aria-labelledby": `team-h-${side}`, "data-testid": `team-${side}` },
    h("h2", { id: `team-h-${side}` }, h("span", { text: tSide("vs.riverOf", side) }),
      mySide() === side ? h("span", { class: "pill ok", text: t("seat.you") }) : null),
    h("ol", { class: "list slots" }, draft.slots[side].map((s, i) => {
      const def = s.tile ? names[s.tile] : null;
      const lieutenant = (post.lieutenants || []).includes(s.tile);
      return h("li", { "data-slot": i },
        h("span", { class: "slot-kind", text: `${i + 1} · ${slotLabel(s.slot)}` }),
        h("span", { class: def ? "slot-tile" : "muted small", text: def ? `${def.name}${lieutenant ? ` · ${t("vs.lieutenant")}` : ""}`
          : s.slot === "event" ? t("vs.eventLater") : t("vs.free") }));
    })),
    post.hq && post.powers.length ? [h("h3", { text: t("vs.hqPowers", { tile: names[post.hq]?.name || post.hq }) }), powersList(post.powers, { testid: `powers-${side}` })]
      : post.hq ? h("p", { class: "muted small", text: t("vs.noPowers") }) : null);
}

// ------------------------------------------------------------------ in play: a command post

function recoveryNow(post, turn) {
  const list = post.discs.recovery || [];
  if (!list.length) return 0;
  return list[Math.min(Math.max(turn, 1), list.length) - 1];
}

function renderPost(table, side) {
  const post = table.command_posts[side];
  const mays = POST_COMMANDS.map((c) => allow(c, { side }));
  const can = mays.some((a) => a.ok);
  const turn = table.turn;
  const out = [];
  out.push(h("h1", { class: "row spread" }, h("span", { text: t("cp.title") }),
    h("span", { class: `pill ${mySide() === side ? "ok" : ""}`, "data-testid": "cp-side", text: sideLabel(side) })));
  out.push(h("nav", { class: "seg", "aria-label": t("vs.whichPost") },
    SIDES.map((s) => h("a", { class: `btn small ${s === side ? "primary" : ""}`, href: `#/versus/${s}`, "data-testid": `cp-toggle-${s}`,
      "aria-current": s === side ? "page" : false }, t(`side.${s}`)))));
  if (!can && mays.some((a) => a.by === "other") && state.conn !== "offline") {
    out.push(h("p", { class: "muted small", "data-testid": "cp-readonly", text: mySide() && mySide() !== side ? t("vs.opponentReadonly") : t("table.readonly") }));
  }
  const playing = turn.side_playing === side;
  out.push(h("section", { class: `card turn-card ${playing && can ? "mine" : ""}`, "aria-labelledby": "vs-step-h", "data-testid": "vs-step" },
    h("h2", { id: "vs-step-h", class: "sr-only", text: t("table.step") }),
    h("p", { class: "muted small", text: `${t("table.turn", { turn: turn.turn, limit: turn.turn_limit })} · ${turn.rule}` }),
    h("p", { class: "step-title", "data-testid": "vs-step-title", text: stepTitle(turn) }),
    turn.side_playing ? h("p", {}, h("span", { class: `pill ${playing ? "ok" : ""}`, text: t("table.playing", { side: t(`side.${turn.side_playing}`) }) })) : null));

  for (const p of table.versus.pending_powers.filter((x) => x.side === side)) out.push(pendingCard(table, p));
  const elsewhere = table.versus.pending_powers.filter((x) => x.side !== side);
  if (elsewhere.length) {
    out.push(h("p", { class: "reminder", role: "status", text: tSide("vs.pendingElsewhere", elsewhere[0].side) }));
  }

  const rules = missionCard(table, side);
  if (rules) out.push(rules);
  out.push(discsCard(post, turn));
  out.push(h("div", { class: "stats" },
    stat("reserve", post.reserve, t("hero.reserve"), "cp-reserve"),
    stat("fatigue", post.fatigue, t("hero.fatigue"), "cp-fatigue"),
    stat("", post.removed_from_game, t("cp.removed"), "cp-removed")));
  out.push(riverCard(post, { side, versus: true }));
  out.push(spacesCard(post, side));
  const lp = lifeTrackCard(post);
  if (lp) out.push(lp);
  if (post.miniatures.some((m) => m.place === "pool") || post.reinforcement_points) out.push(poolCard(post, side));
  out.push(miniaturesCard(post));
  out.push(hqCard(post, side));
  return out;
}

// The mission's rules that matter at this step (the engine says which), its counters, the free
// commands it offers now: a rule recorded at the table, the event tile's mission event.
const missionTile = {};
function missionCard(table, side) {
  const v = table.versus;
  const now = (v.mission_rules_now || []).filter((r) => r.sides.includes(side));
  const counters = Object.entries(v.counters || {});
  const pending = (v.pending_events || []).filter((p) => p.side === side);
  if (!now.length && !counters.length && !pending.length) return null;
  const text = (r) => (getLang() === "fr" || !r.text_en ? r.text_fr : r.text_en);
  return h("section", { class: "card", "aria-labelledby": `mission-h-${side}`, "data-testid": "vs-mission-rules" },
    h("h2", { id: `mission-h-${side}`, text: t("vs.missionRules") }),
    pending.map((p) => {
      const tiles = table.command_posts[side].river.filter((x) => x.neutralized);
      if (!tiles.some((x) => x.id === missionTile[side])) missionTile[side] = tiles[0]?.id || "";
      const may = allow("resolve_mission_event", { side, rule: p.rule, tile: missionTile[side] });
      const key = `mission-event-${side}`;
      return h("div", { class: "stack reminder", role: "status" },
        h("p", { text: text(v.mission.rules.find((r) => r.id === p.rule) || { text_fr: p.rule }) }),
        h("select", { "data-key": `${key}-tile`, "aria-label": t("vs.missionTile"), onchange: (e) => { missionTile[side] = e.target.value; changed(); } },
          tiles.map((x) => h("option", { value: x.id, selected: x.id === missionTile[side] }, x.name))),
        h("button", { type: "button", class: "btn primary block", "data-testid": key, disabled: !may.ok, "aria-busy": busy(key),
          onclick: () => send("resolve_mission_event", { side, rule: p.rule, tile: missionTile[side] }, key, { side, rule: p.rule, tile: missionTile[side] }) },
          t("vs.missionEventGo")),
        may.ok ? null : whyNot(may.why, `${key}-why`), refusalFor(key));
    }),
    h("ul", { class: "list" }, now.map((r) => {
      const may = allow("record_mission_rule", { side, rule: r.id });
      const key = `mission-rule-${r.id}`;
      return h("li", { "data-testid": key },
        h("div", {}, h("strong", { text: r.name_fr }), h("p", { class: "small", text: text(r) }),
          r.uses_left != null ? h("span", { class: "pill", text: t("vs.usesLeft", { n: r.uses_left }) }) : null,
          refusalFor(key)),
        may.ok ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key),
          onclick: () => send("record_mission_rule", { side, rule: r.id }, key, { side, rule: r.id }) },
          t("vs.missionRecord")) : null);
    })),
    counters.length ? h("p", { class: "muted small", "data-testid": "vs-counters",
      text: counters.map(([k, n]) => `${k.replaceAll("_", " ")}: ${n}`).join(" · ") }) : null);
}

function discsCard(post, turn) {
  const d = post.discs;
  const zone = (name, n) => h("div", { class: `zone ${name}`, role: "group", "aria-labelledby": `zone-${name}-l` },
    h("span", { class: "n", "data-testid": `discs-${name}`, text: String(n) }),
    h("span", { class: "zl" }, h("span", { class: "l", id: `zone-${name}-l`, text: t(`vs.zoneFull.${name}`) }), discPips(n)));
  const next = d.next_activation_cost;
  const number = post.activations_this_turn + 1;
  const tiles = offersOf("activate_tile", { side: post.side });   // this side activates tiles now
  const now = tiles.length > 0;
  // too few discs for any tile: every activation offer says so (its why)
  const short = now && tiles.every((o) => o.affordable === false && o.why?.code === "not_enough_discs");
  return h("section", { class: "card discs-card", "aria-labelledby": `discs-h-${post.side}`, "data-testid": "discs" },
    h("h2", { id: `discs-h-${post.side}`, text: t("vs.discsTitle") }),
    h("div", { class: "disc-zones" }, zone("available", d.available), zone("unavailable", d.unavailable), zone("spent", d.spent)),
    h("p", { class: `next-cost ${short ? "short" : ""} ${now ? "" : "idle"}`, "data-testid": "next-disc-cost" },
      next === 0 ? t("vs.nextFree") : t("vs.nextCost", { n: number, discs: plural(next, "disc") })),
    short ? h("p", { class: "muted small", text: t("vs.noMoreDiscs") }) : null,
    h("p", { class: "muted small", text: t("vs.recoveryNote", { n: recoveryNow(post, turn.turn) }) }));
}

function discPips(n) {
  const row = h("span", { class: "discs-pips", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, 12); i++) row.append(h("span", { class: "disc" }));
  if (n > 12) row.append(h("span", { class: "more", text: `+${n - 12}` }));
  return row;
}

function hqCard(post, side) {
  if (!post.hq) return null;
  const name = post.tiles?.[post.hq]?.name || post.hq;
  return h("section", { class: "card", "aria-labelledby": `hq-h-${side}` },
    h("h2", { id: `hq-h-${side}`, text: t("vs.hqPowers", { tile: name }) }),
    post.powers.length ? powersList(post.powers, { testid: `powers-${side}` }) : h("p", { class: "muted", text: t("vs.noPowers") }),
    post.free_activations ? h("p", { class: "pill ok", text: t("vs.freeActivation") }) : null);
}

// ------------------------------------------------------------------ pending HQ powers

const powerForms = {};

function formFor(id) {
  return (powerForms[id] ||= { alt: 0, tiles: [], space: "", minis: [], count: "" });
}

// What the operations of an alternative ask the player for (the server's versus._apply).
function needsOf(side, power, alt) {
  const need = { tiles: [], space: null, minis: [], count: false };
  const setTile = (i, s) => { need.tiles[i] ||= s; };
  for (const op of alt.operations || []) {
    if (op.count_from_successes) need.count = true;
    switch (op.op) {
      case "disc_cost_modifier": setTile(0, (op.target || "").startsWith("own") ? side : other(side)); break;
      case "swap_river_tiles": { const s = op.side === "opponent" ? other(side) : side; setTile(0, s); setTile(1, s); break; }
      case "opposing_tile_last": setTile(0, other(side)); break;
      case "hacking_token": need.space = { options: op.spaces?.length ? op.spaces : ["movement", "defense", "reroll"], optional: op.optional }; break;
      case "restore_life_points": case "heal": case "neutralize": case "wounds": case "unneutralize_tile": {
        const own = op.target && op.target.toLowerCase().startsWith(power.character.toLowerCase());
        if (own) break;
        const friendly = ["restore_life_points", "heal", "unneutralize_tile"].includes(op.op) || /friendly|lieutenant/i.test(op.target || "");
        need.minis.push({ op, side: friendly ? side : other(side), pool: op.op === "unneutralize_tile" });
        break;
      }
      default: break;
    }
  }
  return need;
}

function pendingCard(table, pending) {
  const side = pending.side;
  const post = table.command_posts[side];
  const power = post.powers.find((p) => p.id === pending.power);
  const id = pending.power;
  const key = `power-${id}`;
  const may = allow("resolve_power", { side, power: id });
  const can = may.ok;
  if (!power) return h("p", { class: "refusal", text: id });
  const form = formFor(id);
  if (form.alt >= power.alternatives.length) form.alt = 0;
  const alt = power.alternatives[form.alt];
  const need = needsOf(side, power, alt);
  const box = h("section", { class: "card pending", "aria-labelledby": `pend-h-${id}`, "data-testid": `pending-${id}` },
    h("h2", { id: `pend-h-${id}` }, h("span", { text: t("vs.pendingTitle") }), h("span", { class: "pill warn", text: t("vs.mandatory") })),
    h("p", { class: "power-name" }, h("strong", { text: `${power.character} — ${powerName(power)}` }), " ",
      h("span", { class: "pill", text: t(`vs.type.${power.type}`) })));
  if (power.alternatives.length > 1) {
    add(box, h("fieldset", { class: "plain alts" },
      h("legend", { class: "field-legend", text: t("vs.chooseAlt") }),
      power.alternatives.map((a, i) => h("label", { class: "check alt", for: `alt-${id}-${i}` },
        h("input", { type: "radio", name: `alt-${id}`, id: `alt-${id}-${i}`, checked: i === form.alt, disabled: !can, "data-key": `alt-${id}-${i}`,
          "data-testid": `alt-${i}`, onchange: () => { form.alt = i; form.tiles = []; form.minis = []; state.error = null; changed(); } }),
        h("span", { text: altText(a) })))));
  } else {
    add(box, h("p", { class: "power-text", text: altText(alt) }));
  }
  if (alt.reminder) add(box, h("p", { class: "muted small", lang: "en", text: alt.reminder }));
  const inputs = h("div", { class: "stack" });
  need.tiles.forEach((s, i) => {
    const river = table.command_posts[s].river.filter((x) => x.kind !== "event");   // powers name character tiles
    if (!form.tiles[i] || !river.some((x) => x.id === form.tiles[i])) form.tiles[i] = (river[i] || river[0])?.id || "";
    add(inputs, h("label", { class: "field" }, h("span", { text: tSide("vs.pickTile", s, { n: i + 1 }) }),
      h("select", { "data-key": `ptile-${id}-${i}`, "data-testid": `power-tile-${i}`, disabled: !can,
        onchange: (e) => { form.tiles[i] = e.target.value; } },
        river.map((x) => h("option", { value: x.id, selected: x.id === form.tiles[i] }, x.name)))));
  });
  if (need.space) {
    const options = [...(need.space.optional ? [["", t("vs.noSpace")]] : []), ...need.space.options.map((s) => [s, t(`space.${s}`)])];
    if (!options.some(([v]) => v === form.space)) form.space = options[0][0];
    add(inputs, h("label", { class: "field" }, h("span", { text: tSide("vs.pickSpace", other(side)) }),
      h("select", { "data-key": `pspace-${id}`, "data-testid": "power-space", disabled: !can, onchange: (e) => { form.space = e.target.value; } },
        options.map(([v, text]) => h("option", { value: v, selected: v === form.space }, text)))));
  }
  need.minis.forEach((m, i) => {
    const groups = [m.side, other(m.side)].map((s) => [s, table.command_posts[s].miniatures.filter((x) => (m.pool ? x.place === "pool" : x.place === "board"))]);
    const all = groups.flatMap(([, list]) => list);
    if (!all.some((x) => x.id === form.minis[i])) form.minis[i] = all[0]?.id || "";
    add(inputs, h("label", { class: "field" }, h("span", { text: t("vs.pickCharacter", { what: m.op.target || t("vs.aCharacter") }) }),
      h("select", { "data-key": `pmini-${id}-${i}`, "data-testid": `power-mini-${i}`, disabled: !can, onchange: (e) => { form.minis[i] = e.target.value; } },
        groups.filter(([, list]) => list.length).map(([s, list]) => h("optgroup", { label: t(`side.${s}`) },
          list.map((x) => h("option", { value: x.id, selected: x.id === form.minis[i] }, `${x.label} (${x.life_points}/${x.max_life_points})`)))))));
  });
  if (need.count) {
    add(inputs, h("label", { class: "field" }, h("span", { text: t("vs.successes") }),
      h("input", { type: "number", inputmode: "numeric", min: 0, max: 30, value: form.count, "data-key": `pcount-${id}`, "data-testid": "power-count", disabled: !can,
        oninput: (e) => { form.count = e.target.value; } })));
  }
  const nothingToPick = !need.tiles.length && !need.space && !need.minis.length && !need.count;
  add(box, inputs,
    nothingToPick && !(alt.operations || []).length ? h("p", { class: "muted small", text: t("vs.onTheBoard") }) : null,
    refusalFor(key),
    h("button", { type: "button", class: "btn primary block", "data-testid": `resolve-${id}`, disabled: !can, "aria-busy": busy(key),
      onclick: () => {
        const body = { alternative: form.alt, tiles: need.tiles.map((_, i) => form.tiles[i]).filter(Boolean),
          miniatures: need.minis.map((_, i) => form.minis[i]).filter(Boolean) };
        if (need.space && form.space) body.space = form.space;
        if (need.count && form.count !== "") body.count = Number(form.count);
        send("resolve_power", { side, power: id, ...body }, key, { side, power: id });
      } }, nothingToPick && !(alt.operations || []).length ? t("vs.doneOnBoard") : t("vs.resolve")),
    !can ? h("p", { class: "muted small", text: tSide("vs.pendingWait", side) }) : null);
  return box;
}
