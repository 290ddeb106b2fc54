// Events in words (issue 31, contract C1 as for refusals): an event's kind is its code and its
// `data` its params; this module picks the catalogue entry (i18n-events.js) for the event's game
// and fills it in, names resolved from the table (models, players, villains, blocks, heroes,
// tiles, miniatures). The server's English `text` is shown only for an event the catalogue cannot
// say (an older event without the params, a Versus power's own words).

import { fill, getLang, listText, num, stepTitle, t } from "./i18n.js";
import { BGCC_FR } from "./i18n-events.js";
import { missionName } from "./core.js";

// The names an event's ids stand for, from the table view of any game.
export function eventNames(table) {
  if (!table) return { game: null };
  if (table.game === "bmg") {
    return { game: "bmg", players: Object.fromEntries((table.players || []).map((p) => [p.id, p.name])),
      models: Object.fromEntries((table.models || []).map((m) => [m.id, m.alias || m.name])) };
  }
  if (table.game === "gcsg") {
    return { game: "gcsg", villains: Object.fromEntries((table.players || []).map((p) => [p.villain, p.name])),
      blocks: Object.fromEntries((table.blocks || []).map((b) => [b.id, b.name])) };
  }
  const heroes = Object.fromEntries((table.heroes || []).map((x) => [x.id, x.name]));
  const tiles = {};
  const minis = {};
  for (const post of Object.values(table.command_posts || {})) {   // the villain's, and in Versus the heroes' too
    for (const x of post.river || []) tiles[x.id] ||= x.name;
    for (const [id, def] of Object.entries(post.tiles || {})) tiles[id] ||= def.name;
    for (const m of post.miniatures || []) minis[m.id] ||= m.label;
  }
  return { game: table.game || "bgcc", heroes, tiles, minis, mission: missionName(table) };
}

// One event in the app's language.
export function eventText(event, names) {
  if (!event.data) return event.text;   // a seat's own event in an undo's summary carries its words only
  const game = names?.game || "bgcc";
  const d = event.data || {};
  const n = names || {};
  try {
    const any = ANY[event.kind];
    if (any && !(game === "bgcc" && BGCC[event.kind])) return said(any(d, n, game), "any", event);
    if (game === "bmg" && BMG[event.kind]) return said(BMG[event.kind](d, new Bmg(n), event), "bmg", event);
    if (game === "gcsg" && GCSG[event.kind]) return said(GCSG[event.kind](d, new Gcsg(n), event), "gcsg", event);
    if (game === "bgcc" && getLang() === "fr" && BGCC[event.kind]) return bgccSaid(BGCC[event.kind](d, new Bgcc(n), event), event);
  } catch { /* a shape this catalogue does not know: the server's words */ }
  return event.text;
}

// [variant, params] → the catalogue's sentence; null (the data says too little) → the server's.
function said(made, game, event) {
  if (!made) return event.text;
  const [variant, params] = made;
  const key = `ev.${game}.${event.kind}${variant ? `.${variant}` : ""}`;
  const text = t(key, params);
  return text === key ? event.text : capital(text);   // a variant the catalogue lacks: the server's
}

function bgccSaid(made, event) {
  if (!made) return event.text;
  const [key, params] = made;
  return key in BGCC_FR ? capital(fill(BGCC_FR[key], params, BGCC_FR)) : event.text;
}

const capital = (x) => x.charAt(0).toUpperCase() + x.slice(1);
const lower = (x) => x.charAt(0).toLowerCase() + x.slice(1);

// ---- every game: the API's own events (api/resources/tables.py, api/play.py)
const ANY = {
  setup: (d, n, game) => ["", { title: t(`home.mode.${game}`) }],
  undo: (d) => ["", { change: d.change }],
  redo: (d) => ["", { change: d.change }],
  jump: (d) => ["", { restored: d.restored }],
};

// ---- the Miniature Game
class Bmg {
  constructor(n) { this.n = n; }
  player(id) { return this.n.players?.[id] || id; }
  model(id) { return this.n.models?.[id] || id; }
  players(ids) { return listText((ids || []).map((x) => this.player(x))); }
  models(ids) { return listText((ids || []).map((x) => this.model(x))); }
}

const markers = (stun, injury) => "♦".repeat(injury || 0) + "★".repeat(stun || 0) || t("ev.bmg.noMarker");
const bmgStatus = (s) => (s === "Knocked Down" ? t("bmg.knockedDown") : s);
const fate = (d) => (d.casualty ? ` — ${t("bmg.casualty")}` : d.ko ? ` — ${t("bmg.ko")}` : "");

const BMG = {
  lead_roll: (d, x) => [d.bonus ? "bonus" : "", { player: x.player(d.player), die: d.die, bonus: d.bonus, total: d.total }],
  lead_tie: (d) => ["", { total: d.total }],
  lead_won: (d, x) => (d.tie_broken === undefined ? null : [d.tie_broken ? "tie" : "", { player: x.player(d.player), total: d.total }]),
  initiative: (d, x) => ["", { player: x.player(d.player) }],
  event_roll: (d) => [d.applies ? "" : "none", { event: d.event, die: d.die }],
  phase: (d) => (["raise_the_plan", "execute_the_plan", "recount"].includes(d.phase)
    ? [d.phase, { step: t(`bmg.recount.${d.step || 1}`) }] : null),
  plan: (d, x) => ["", { player: x.player(d.player), count: d.count }],
  plan_private: (d, x) => ["", { models: x.models(d.models) }],
  passes: (d, x) => (d.largest === undefined ? null : ["", { player: x.player(d.player), passes: d.passes, largest: d.largest, models: d.planned }]),
  turn: (d, x) => ["", { player: x.player(d.player) }],
  activate: (d, x) => [d.audacity ? "audacity" : "", { model: x.model(d.model) }],
  activated: (d, x) => [d.audacity === undefined ? "" : d.audacity ? "audacity" : "marker", { model: x.model(d.model) }],
  pass: (d, x) => ["", { player: x.player(d.player), passes: d.passes }],
  pass_marker: (d, x) => [d.casualty ? "casualty" : "", { player: x.player(d.player), model: x.model(d.model) }],
  recount: (d) => ["", { step: t(`bmg.recount.${d.step}`) }],
  resources_discarded: (d, x) => ["", { player: x.player(d.player), cards: d.cards }],
  recover: (d, x) => ["", { model: x.model(d.model), stun: d.stun }],
  recovery: (d, x) => [d.passed ? "passed" : "failed",
    { model: x.model(d.model), kept: (d.kept || []).join(" + "), total: d.total, endurance: d.endurance }],
  game_over: (d, x) => {
    const winners = d.winners || [];
    const why = d.empty?.length ? t("ev.bmg.why.empty", { players: x.players(d.empty) }) : t("ev.bmg.why.round", { round: d.round });
    return [winners.length === 1 ? "" : "tie", { why, winners: x.players(winners), vp: d.vp?.[winners[0]] ?? 0 }];
  },
  round: (d) => ["", { round: d.round }],
  attack: (d, x) => {
    const detail = [t("ev.bmg.attack.hits", { hits: d.hits })];
    if (d.blocks) detail.push(t("ev.bmg.attack.blocks", { blocks: d.blocks }));
    if (d.strength_hit) detail.push(t(d.critical ? "ev.bmg.attack.strengthCritical" : "ev.bmg.attack.strength"));
    const effect = d.critical_effect ? `, ${lower(bmgStatus(d.critical_effect))}` : "";
    return ["", { target: x.model(d.target), standing: d.standing, detail: detail.join(", "),
      markers: markers(d.stun, d.injury) + effect + fate(d) }];
  },
  // a move's distance, when the event carries it (entered by the table)
  move: (d, x) => [typeof d.distance === "number" ? "distance" : "", { model: x.model(d.model), bmd: d.bmd, distance: d.distance }],
  stand_up: (d, x) => ["", { model: x.model(d.model) }],
  fall: (d, x) => [d.outcome === "casualty" || d.outcome === "injury" ? d.outcome : "none",
    { model: x.model(d.model), distance: d.distance, bmd: d.bmd }],
  melee: (d, x) => [d.effort ? "effort" : "", { model: x.model(d.model), weapon: d.weapon, effort: d.effort }],
  melee_declared: (d, x) => ["", { model: x.model(d.model), targets: x.models(d.targets), weapon: d.weapon }],
  defend: (d, x) => ["", { model: x.model(d.model), effort: d.effort }],
  attack_effort: (d, x) => ["", { model: x.model(d.model), effort: d.effort }],
  melee_cancelled: (d, x) => ["", { model: x.model(d.model) }],
  ranged: (d, x) => (d.dice === undefined ? null : ["", { model: x.model(d.model), weapon: d.weapon, dice: d.dice,
    strength: t(d.strength_die ? "ev.bmg.ranged.strength" : "ev.bmg.ranged.noStrength"),
    removed: d.removals ? t("ev.bmg.ranged.removed", { n: d.removals }) : "",
    magazines: d.magazines === null || d.magazines === undefined ? "" : t("ev.bmg.ranged.left", { n: d.magazines }) }]),
  manipulate: (d, x) => (d.what === "place_suspect" && d.player === undefined ? null
    : [d.what, { model: x.model(d.model), owner: x.player(d.owner), suspects: d.suspects?.[d.player] ?? 0 }]),
  special: (d, x) => [d.trait ? "trait" : "", { model: x.model(d.model), trait: d.trait }],
  skill_ignored: (d, x) => ["", { model: x.model(d.model) }],
  skill_roll: (d, x) => ["", { model: x.model(d.model), skill: t(`bmg.skill.${d.skill}`), n: (d.dice || []).length,
    dice: (d.dice || []).join(", "), kept: (d.kept || []).join(" + "), total: d.total, sign: d.against ? ">" : "≤",
    target: d.target, verdict: t(d.passed ? "ev.bmg.passes_roll" : "ev.bmg.fails_roll") }],
  effort: (d, x) => [d.trait ? "trait" : "", { model: x.model(d.model), effort: d.effort, trait: d.trait }],
  damage: (d, x) => ["", { model: x.model(d.model), markers: markers(d.stun, d.injury) + fate(d) }],
  heal: (d, x) => [d.recovered ? "recovered" : "", { model: x.model(d.model), markers: markers(d.stun, d.injury) }],
  status: (d, x) => [d.on ? "on" : "off", { model: x.model(d.model), status: bmgStatus(d.status) }],
  reload: (d, x) => ["", { model: x.model(d.model), weapon: d.weapon, magazines: d.magazines }],
  crown: (d, x) => ["", { model: x.model(d.model), inspire: d.inspire }],
  dispute: (d, x) => [d.applies === "roller" ? "roller" : "opponent", { player: x.player(d.player), die: d.die }],
  roll: (d, x) => {
    if (d.kind === "randomize" && d.items === undefined) return null;
    const how = d.kind === "d3" ? "D3" : d.kind === "randomize" ? t("ev.bmg.roll.among", { items: d.items })
      : ["D6", d.halve ? t("ev.bmg.roll.halved") : "", d.add ? (d.add > 0 ? `+${num(d.add)}` : num(d.add)) : ""].filter(Boolean).join(" ");
    return ["", { player: x.player(d.player), die: d.die, how, result: d.result === null ? t("ev.bmg.roll.again") : d.result }];
  },
  mulligan: (d, x) => ["", { player: x.player(d.player), count: d.count }],
  objective_played: (d, x) => ["", { player: x.player(d.player), card: d.card }],
  objective_scored: (d, x) => ["", { player: x.player(d.player), card: d.card, vp: d.vp, total: d.total }],
  objective_failed: (d, x) => ["", { player: x.player(d.player), card: d.card }],
  resource: (d, x) => ["", { player: x.player(d.player), cost: d.cost, left: d.left }],
  objective_discarded: (d, x) => ["", { player: x.player(d.player) }],
};

// ---- the Strategy Game
class Gcsg {
  constructor(n) { this.n = n; }
  villain(id) { return villainName(id, this.n.villains?.[id]); }
  block(id) { return id === "hideout" ? t("gcsg.hideout") : this.n.blocks?.[id] || id; }
  villains(ids) { return listText((ids || []).map((v) => this.villain(v))); }
}

// A Villain's name as the table names it (the Villains' names are the table's, on every screen);
// Batman is Batman.
function villainName(id, fallback = id) {
  return id === "batman" ? "Batman" : fallback || id;
}

const amount = (kind, n) => t(`ev.gcsg.amount.${kind}`, { n });
const resource = (d) => (d.money !== undefined ? amount("money", d.money) : d.information !== undefined ? amount("information", d.information) : null);
const short = (d) => (d.short ? t("ev.gcsg.short") : "");
const where = (counts, x) => listText(Object.entries(counts || {}).map(([b, count]) => t("ev.gcsg.on", { count, block: x.block(b) })));
const ofEach = (key, counts, x) => listText(Object.entries(counts || {}).map(([v, count]) => t(key, { count, villain: x.villain(v) })));
const semicolon = () => (getLang() === "fr" ? " ; " : "; ");
const face = (f) => (f === "bat" ? t("gcsg.batFace") : f);

const GCSG = {
  step: (d, x) => (d.villain === undefined ? null : ["", { villain: x.villain(d.villain), step: t(`gcsg.step.${d.step}`) }]),
  drawn: (d, x) => ["", { villain: x.villain(d.villain), deck: d.deck }],
  last_card: (d, x) => ["", { villain: x.villain(d.villain) }],
  face_down: (d, x) => ["", { villain: x.villain(d.villain) }],
  turn: (d, x) => ["", { turn: d.turn, villain: x.villain(d.villain) }],
  declined: (d, x) => (d.pending ? [d.pending, { seat: x.villain(d.seat), count: d.count }] : null),
  card_played: (d, x) => [d.bat_signal ? "signal" : d.income ? "income" : "none", { villain: x.villain(d.villain) }],
  signal: () => ["", {}],
  income: (d, x) => {
    if (d.villain === undefined) return d.why ? [d.why, { block: x.block(d.block) }] : null;
    return ["", { villain: x.villain(d.villain), block: x.block(d.block), amount: resource(d), short: short(d) }];
  },
  resources_taken: (d, x) => ["", { villain: x.villain(d.villain), parts: listText(takenParts(d)) }],
  plot: (d, x) => [d.title ? "title" : "", { villain: x.villain(d.villain), title: d.title }],
  gained: (d, x) => [resource(d) === null ? "hidden" : "", { villain: x.villain(d.villain), amount: resource(d), short: short(d) }],
  paid: (d, x) => ["", { villain: x.villain(d.villain), amount: resource(d) }],
  given: (d, x) => [d.revealed ? "lifted" : "", { from: x.villain(d.from), to: x.villain(d.to), amount: resource(d),
    asked: d.revealed ? amount(d.money !== undefined ? "money" : "information", d.asked) : "",
    revealed: d.revealed ? listText([amount("money", d.revealed.money), amount("information", d.revealed.information)]) : "" }],
  hired: (d, x) => ["", { villain: x.villain(d.villain), amount: amount("money", d.money), count: d.count }],
  move_paid: (d, x) => ["", { villain: x.villain(d.villain), amount: resource(d) }],
  moved: (d, x) => {
    if (d.to && d.from === undefined) return null;
    const moves = (d.henchmen || []).map((m) => t("ev.gcsg.moved.henchmen", { count: m.count, from: x.block(m.source), to: x.block(m.to) }));
    if (d.to) moves.unshift(t("ev.gcsg.moved.figure", { villain: x.villain(d.villain), from: x.block(d.from), to: x.block(d.to) }));
    return ["", { villain: x.villain(d.villain), moves: moves.join(semicolon()) }];
  },
  to_hideout: (d, x) => {
    if (d.villain !== undefined) return [d.henchmen ? "with" : "villain", { villain: x.villain(d.villain), henchmen: d.henchmen }];
    return d.block ? ["flee", { list: ofEach("ev.gcsg.henchmenOf", d.henchmen, x), block: x.block(d.block) }] : null;
  },
  game_over: (d, x) => {
    if (d.reason === "level") return d.level === undefined ? null : ["level", { villain: x.villain(d.winners?.[0]), level: d.level }];
    const standings = (d.standings || []).map((u) => `${t(`ev.gcsg.criterion.${u.criterion}`)}${getLang() === "fr" ? " : " : ": "}`
      + Object.entries(u.values).map(([v, value]) => `${x.villain(v)} ${num(value)}`).join(", ")).join(semicolon());
    return [(d.winners || []).length === 1 ? "deck" : "deckTie", { standings: capital(standings), winners: x.villains(d.winners) }];
  },
  batman_reshuffled: () => ["", {}],
  batman_card: (d, x) => (d.villain === undefined ? null : [d.block ? "send" : "stay", { villain: x.villain(d.villain), block: x.block(d.block) }]),
  remove_due: (d, x) => (d.may === undefined ? null : [d.may ? "may" : "must", { seat: x.villain(d.seat), count: d.count, block: x.block(d.block) }]),
  level_paid: (d, x) => ["", { villain: x.villain(d.villain), amount: resource(d) }],
  level_shown: (d, x) => (d.have === undefined ? null : [d.kind === "blocks" ? "blocks" : "henchmen", { villain: x.villain(d.villain), have: d.have }]),
  level_up: (d, x) => (d.from === undefined ? null : ["", { villain: x.villain(d.villain), from: d.from, level: d.level }]),
  ability_due: (d, x) => ["", { villain: x.villain(d.villain) }],
  ability_chosen: (d, x) => ["", { villain: x.villain(d.villain), card: d.card }],
  threats_placed: (d, x) => [Object.keys(d.moved_from || {}).length ? "moved" : "", { villain: x.villain(d.villain),
    count: Object.values(d.placements || {}).reduce((a, b) => a + b, 0), where: where(d.placements, x), from: where(d.moved_from, x) }],
  threats_removed: (d, x) => (d.by === undefined ? null : ["", { by: x.villain(d.by), list: ofEach("ev.gcsg.threatsOf", d.threats, x), block: x.block(d.block) }]),
  henchmen_placed: (d, x) => ["", { villain: x.villain(d.villain), where: where(d.placements, x) }],
  fight: (d, x) => [d.controller ? "controller" : "", { block: x.block(d.block), attacker: x.villain(d.attacker),
    defender: x.villain(d.defender), controller: x.villain(d.controller) }],
  fight_result: (d, x) => {
    if (!d.reason) return null;
    const rolled = Object.keys(d.dice || {}).map((s) => `${x.villain(s)} ${face(d.dice[s])} → ${num(d.totals[s])}`).join(", ");
    const villain = d.attacker === "batman" ? d.defender : d.attacker;
    const why = t(`ev.gcsg.why.${d.reason}`, { villain: x.villain(villain), attacker: x.villain(d.attacker) });
    return ["", { rolled, why, winner: x.villain(d.winner), block: x.block(d.block) }];
  },
  batman_beaten: (d) => ["", { level: d.level }],
  threats_due: (d, x) => ["", { seat: x.villain(d.seat), count: d.count }],
};

function takenParts(d) {
  const parts = [];
  if (d.hidden === undefined) {
    if (d.money) parts.push(amount("money", d.money));
    if (d.information) parts.push(amount("information", d.information));
  }
  if (d.threats) parts.push(t("ev.gcsg.count.threat", { count: d.threats }));
  if (d.hidden) parts.push(t("ev.gcsg.count.hidden", { count: d.hidden }));
  return parts;
}

// ---- Chronicles in French (its English is the server's)
class Bgcc {
  constructor(n) { this.n = n; }
  hero(id) { return this.n.heroes?.[id] || id; }
  tile(id) { return this.n.tiles?.[id] || id; }
  mini(id) { return this.n.minis?.[id] || id; }
}

const at = (space) => BGCC_FR[`at.${space}`] || t(`space.${space}`).toLowerCase();
const side = (s) => BGCC_FR[`side.${s}`] || s || "";
const pool = (p) => listText((Array.isArray(p) ? p : []).map((c) => BGCC_FR[`colour.${c}`] || c));

const BGCC = {
  spend: (d, x) => (d.hero || d.side ? ["spend", { who: d.hero ? x.hero(d.hero) : side(d.side), cubes: d.cubes, at: at(d.space) }] : null),
  stance: (d, x) => [d.from_wound ? "stance.wounds" : "stance", { hero: x.hero(d.hero),
    stance: BGCC_FR[d.stance === "active" ? "stance.active" : "stance.resting"], cubes: d.to_reserve, wounds: d.from_wound }],
  step: (d) => ["step", { turn: d.turn, step: stepTitle(d.step) }],
  turn_marker: (d) => ["turn_marker", { turn: d.turn }],
  hero_finished: (d, x) => ["hero_finished", { hero: x.hero(d.hero) }],
  activation: (d, x) => [d.discs !== undefined ? "activation.discs" : "activation",
    { tile: x.tile(d.tile), position: d.position, discs: d.discs, cubes: d.cost }],
  defense: (d) => ["defense", { attack: d.attack, defense: d.defense, wounds: d.wounds }],
  hero_wounded: (d, x) => ["hero_wounded", { hero: x.hero(d.hero), wounds: d.wounds }],
  character_wounded: (d, x) => ["character_wounded", { mini: x.mini(d.miniature), wounds: d.wounds, life: d.life_points }],
  character_neutralized: (d, x) => ["character_neutralized", { mini: x.mini(d.miniature) }],
  tile_neutralized: (d, x) => ["tile_neutralized", { tile: x.tile(d.tile) }],
  setup: (d, x) => [x.n.mission ? "setup" : "setup.plain", { title: x.n.mission }],
  step_passed: (d) => ["step_passed", { step: d.step ? stepTitle(d.step) : d.title }],
  upkeep: (d, x) => (d.hero ? ["upkeep.hero", { hero: x.hero(d.hero), cubes: d.cubes }]
    : d.side ? [d.discs !== undefined ? "upkeep.discs" : "upkeep.side", { side: side(d.side), moved: d.moved, recovered: d.recovered, discs: d.discs }] : null),
  reinforcement_lost: (d) => ["reinforcement_lost", { lost: d.lost ?? 0 }],
  game_over: (d) => (d.winner ? ["game_over.winner", { winner: BGCC_FR[`winner.${d.winner}`] || BGCC_FR["winner.none"] }] : ["game_over", {}]),
  action: (d, x) => ["action", { mini: x.mini(d.miniature), uses: d.uses, multiplier: d.multiplier }],
  complex_action: (d) => ["complex_action", { successes: d.successes, difficulty: d.difficulty,
    outcome: BGCC_FR[d.success ? "complex.success" : "complex.failure"] }],
  automatic_action: (d, x) => (d.hero ? ["automatic_action.hero", { hero: x.hero(d.hero), space: t(`space.${d.space}`).toLowerCase() }]
    : ["automatic_action.mini", { mini: x.mini(d.miniature) }]),
  item: (d, x) => (d.from && d.to ? ["item.give", { from: x.hero(d.from), to: x.hero(d.to), item: d.item }]
    : d.encumbrance !== undefined ? ["item.carry", { hero: x.hero(d.hero), item: d.item, encumbrance: d.encumbrance }]
      : ["item.drop", { hero: x.hero(d.hero), item: d.item }]),
  movement: (d, x) => [`movement${d.cubes ? (d.lost ? ".cubesLost" : ".cubes") : d.lost ? ".lost" : ""}`,
    { who: d.hero ? x.hero(d.hero) : d.miniature ? x.mini(d.miniature) : "", cubes: d.cubes, lost: d.lost }],
  throw: (d, x) => [d.reached === undefined ? "throw" : d.reached ? "throw.reached" : "throw.missed",
    { hero: x.hero(d.hero), item: d.item, successes: d.successes, difficulty: d.difficulty }],
  event_tile: (d) => ["event_tile", { points: d.reinforcement_points }],
  dredge: (d, x) => ["dredge", { tiles: listText((d.tiles || []).map((id) => x.tile(id))), cubes: d.cubes }],
  demobilize: (d, x) => ["demobilize", { tile: x.tile(d.tile), removed: d.removed ?? 0 }],
  reinforce: (d, x) => ["reinforce", { mini: x.mini(d.miniature), cost: d.cost, remaining: d.remaining }],
  discs: (d) => (d.discs !== undefined && d.side ? ["discs", { side: side(d.side), discs: d.discs }] : null),
  draft: (d, x) => (d.tile ? ["draft.tile", { side: side(d.side), tile: x.tile(d.tile) }] : ["draft.done", {}]),
  roll_started: (d, x) => [(d.pool || []).length ? "roll_started" : "roll_started.noPool", {
    actor: d.hero ? x.hero(d.hero) : d.miniature ? x.mini(d.miniature) : t("dice.title"),
    action: t(`space.${d.action}`) === `space.${d.action}` ? String(d.action || "").replace(/_/g, " ") : t(`space.${d.action}`).toLowerCase(),
    pool: pool(d.pool) }],
  dice_rolled: (d) => [d.pool === "defense" ? (d.successes !== undefined ? "dice_rolled.defenseSuccesses" : "dice_rolled.defense")
    : d.successes !== undefined ? "dice_rolled.successes" : "dice_rolled", { successes: d.successes }],
  dice_rerolled: (d) => ["dice_rerolled", { successes: d.successes }],
  successes: (d) => [d.wounds !== undefined && d.shown === undefined ? "successes.wounds" : "successes.total", { successes: d.successes, wounds: d.wounds }],
  defense_declared: (d) => [(d.pool || []).length ? "defense_declared.pool" : "defense_declared",
    { cubes: d.cubes, pool: pool(d.pool), automatic: d.automatic ?? 0 }],
  roll_abandoned: () => ["roll_abandoned", {}],
  hero_neutralized: (d, x) => ["hero_neutralized", { hero: x.hero(d.hero) }],
  follow_up_offered: (d) => ["follow_up_offered", { skill: t(`skill.${d.skill}`), successes: d.successes ?? 0 }],
  dice_mode: (d) => [d.mode === "physical" ? "dice_mode.physical" : "dice_mode.app", {}],
  dice_calibrated: (d) => ["dice_calibrated", { colour: BGCC_FR[`colour.${d.colour}`] || d.colour }],
  pushing_limits: (d, x) => ["pushing_limits", { hero: x.hero(d.hero), wounds: d.wounds, space: t(`space.${d.space}`).toLowerCase() }],
  shackle: (d) => ["shackle", { tokens: d.tokens, defender: d.defender }],
  sacrifice: (d) => ["sacrifice", { taken: d.taken, successes: d.successes }],
  imaginary_friend: () => ["imaginary_friend", {}],
  token: (d) => (d.change ? [`token.${d.change}`, { token: t(`vl.tok.${d.kind}`).toLowerCase(), area: d.area ? ` (${d.area})` : "", side: BGCC_FR[`by.${d.side}`] || d.side }] : null),
};
