// Command post pieces shared by the villain's screen and the Versus command posts: the river (every
// tile at once, in a grid that wraps, each with the cost of its position now; one tap + a
// confirmation activates; the tile activated last marked where it landed, neutralized tiles greyed
// without a cost), dredging and demobilization (each confirmed, saying what it costs), the spaces,
// the life point track, the character pool, the event tile's reinforcement, and the warning before a
// command loses unspent reinforcement points.
// `side` names the command post ("villain", or "heroes" in Versus). Each control is enabled when the
// table's `may` offers its command to this phone (core.allow), else disabled with the reason.
// What each command costs (cubes, discs, reinforcement points) and whether it can be paid now is the
// offer's (`price`, `affordable`, `why`): this module counts no cost of its own.

import { plural, t, labelled } from "../i18n.js";
import { confirmSheet, h, icon } from "../ui.js";
import { allow, changed, offer, offerFor, priceOf, send, state } from "../core.js";
import { busy, pips, priceText, refusalFor, whyNot } from "./common.js";

const SPACES = ["movement", "defense", "reroll"];
const dredgePick = { heroes: new Set(), villain: new Set() };
const demobilizeTile = { heroes: "", villain: "" };
const miniOpen = { heroes: false, villain: false };
const demobOpen = { heroes: false, villain: false };

function tileLevel(tile) {
  if (tile.kind === "event") return t("level.event");
  return tile.level ? t(`level.${tile.level}`) : "";
}

// The reinforcement points `command` would lose now (VI·E), 0 when none: the engine says it on the
// offer of each command that loses them (`loses`), so the warning keeps no list of those commands.
export function pointsLost(command) {
  return offer(command)?.loses?.reinforcement_points || 0;
}

// Before a command that loses unspent reinforcement points: a warning sheet saying how many; true
// to go on. Nothing to lose: true at once. (For the shell's Advance too.)
export async function confirmLosingPoints(command) {
  const lost = pointsLost(command);
  if (!lost) return true;
  return confirmSheet({ title: t("vl.loseTitle", { points: plural(lost, "rp") }), body: t("vl.loseBody", { points: plural(lost, "rp") }),
    confirm: t("vl.loseGo"), cancel: t("vl.keepReinforcing"), danger: true });
}

function inSideTurn(side) {
  const turn = state.table?.turn;
  return Boolean(turn && turn.side_playing === side);
}

// The tile activated last in this side's turn, to highlight where it landed: the activation in
// progress, else (the event tile leaves none) the last command when it was the activation or the
// reinforcement that follows it, else the event tile while its points are to be spent.
export function lastActivated(post, table = state.table) {
  if (post.activation?.tile) return post.activation.tile;
  if (!post.activations_this_turn) return null;
  const last = table?.undo;
  if (last && ["activate_tile", "reinforce", "end_reinforcement"].includes(last.command)) {
    const ev = (last.events || []).find((e) => e.kind === "activation" && e.data?.tile);
    if (ev && post.river.some((x) => x.id === ev.data.tile)) return ev.data.tile;
  }
  if (post.reinforcement_points) return post.river.find((x) => x.kind === "event")?.id || null;
  return null;
}

/** opts: {side, versus: true | null} */
export function riverCard(post, { side, versus = null }) {
  const mayDredge = allow("dredge", { side });
  // the activation's price and whether it can be paid: the offer's (the cubes of the tile's position,
  // and in Versus the discs); a tile this phone may activate but not pay for is disabled with the why
  const paid = Object.fromEntries(post.river.filter((x) => !x.neutralized).map((tile) => [tile.id, priceOf(offerFor("activate_tile", { side, tile: tile.id }))]));
  const mayTiles = Object.fromEntries(post.river.map((tile) => {
    const may = tile.neutralized ? mayDredge : allow("activate_tile", { side, tile: tile.id });
    return [tile.id, may.ok && !tile.neutralized && !paid[tile.id].ok ? { ok: false, why: paid[tile.id].why } : may];
  }));
  const anyTile = Object.values(mayTiles).some((m) => m.ok);
  const ownTurn = versus || inSideTurn(side);
  const activeTile = ownTurn ? lastActivated(post) : null;
  // every tile at once: a grid of four columns that wraps (a double tile takes two); read-only, its
  // tiles are disabled buttons
  const river = h("div", { class: "river wrap", "data-testid": "river", role: "list", "aria-label": t("cp.river") });
  const picks = dredgePick[side];
  for (const tile of post.river) {
    const key = `tile-${tile.id}`;
    const picked = picks.has(tile.id);
    // a tile offered to no seat now shows its position's cost
    const price = tile.neutralized ? null : paid[tile.id].price;
    const affordable = price ? paid[tile.id].ok : tile.affordable;
    const costText = price ? priceText(price) : t("cp.cost", { n: tile.cost });
    const active = activeTile === tile.id;
    const label = tile.neutralized
      ? `${tile.name}, ${t("cp.neutralized")}, ${t("cp.position", { n: tile.position })}${picked ? `, ${t("vl.picked")}` : ""}`
      : `${t("cp.activate")} ${tile.name}, ${t("cp.position", { n: tile.position })}, ${costText}${active ? `, ${t("vl.justActivated")}` : ""}`;
    const level = tile.id === post.hq ? `${t("vs.hq")} · ${tileLevel(tile)}`
      : versus && tile.level === "leader" ? t("vs.lieutenant") : tileLevel(tile);
    const btn = h("button", {
      type: "button", class: `tile-btn ${tile.kind === "event" ? "event" : ""} ${tile.neutralized ? "neutralized" : ""} ${active ? "active-now" : ""} ${tile.id === post.hq ? "hq" : ""}`,
      "data-testid": key, "data-key": key, "aria-label": label, disabled: !mayTiles[tile.id].ok,
      title: price && !paid[tile.id].ok ? paid[tile.id].why : false,
      "aria-busy": busy(key), "aria-pressed": tile.neutralized ? (picked ? "true" : "false") : false,
      onclick: () => (tile.neutralized ? toggleDredge(side, tile.id) : activate(post, tile, key, side, versus)),
    },
    h("span", { class: "ttop" },
      // a neutralized tile has no live cost: only its position
      tile.neutralized
        ? h("span", { class: "tpos", "aria-hidden": "true", text: `#${tile.position}` })
        : h("span", { class: `tcost ${affordable ? "" : "cannot"}`, "data-testid": `cost-${tile.id}`, "aria-hidden": "true", text: String(tile.cost) }),
      active ? h("span", { class: "tflag", "data-testid": "tile-activated", text: t("vl.justActivated") }) : null,
      tile.neutralized && picked ? h("span", { class: "tflag pick", text: "✓" }) : null),
    h("span", { class: "tname", text: tile.name }),
    h("span", { class: "tlevel", text: tile.neutralized ? t("cp.neutralized") : level }));
    river.append(h("div", { class: `river-slot ${tile.width === 2 ? "w2" : ""}`, role: "listitem", "data-tile": tile.id, "data-position": tile.position }, btn));
  }
  const neutralized = post.river.filter((x) => x.neutralized);
  // the tiles that may be demobilized (VI·G): the demobilize offer's targets
  const demobilizable = offerFor("demobilize", { side })?.targets?.tile || [];
  const eligible = post.river.filter((x) => demobilizable.includes(x.id));
  if (!eligible.some((x) => x.id === demobilizeTile[side])) demobilizeTile[side] = eligible[0]?.id || "";
  const picked = [...picks].filter((id) => neutralized.some((x) => x.id === id));
  const dredging = priceOf(offerFor("dredge", { side }));
  const mayDemob = allow("demobilize", { side, tile: demobilizeTile[side] || undefined });
  // VI·B: once the turn's activations are used up the table offers no tile: say so, not "not now"
  const limit = post.activation_limit;
  const usedUp = !versus && ownTurn && limit != null && post.activations_this_turn >= limit;
  const riverWhy = usedUp ? t("gno.activationsUsed", { n: post.activations_this_turn, limit })
    : anyTile ? null : Object.values(mayTiles).find((m) => m.why)?.why;
  const pill = versus ? t("vs.activations", { n: post.activations_this_turn })
    : ownTurn ? t("cp.activations", { n: post.activations_this_turn, limit }) : null;
  return h("section", { class: "card river-card", "aria-labelledby": `river-h-${side}` },
    h("h2", { id: `river-h-${side}` }, h("span", { text: t("cp.river") }),
      pill ? h("span", { class: "pill", "data-testid": "activations", text: pill }) : null),
    anyTile && !usedUp ? h("p", { class: "muted small", text: versus ? t("vs.riverHelp") : t("vl.riverHelp") }) : null,
    river,
    whyNot(riverWhy, "river-why"),
    post.river.map((tile) => refusalFor(`tile-${tile.id}`)),
    neutralized.length ? h("div", { class: "stack" },
      mayDredge.ok ? h("p", { class: "muted small", text: t("price.dredgeHelp", { cubes: priceText(dredging.price) }) }) : null,
      mayDredge.ok ? h("button", { type: "button", class: "btn block", "data-testid": "dredge", disabled: !picked.length || !dredging.ok, "aria-busy": busy("dredge"),
        onclick: () => dredge(side, post, picked) },
      picked.length ? t("vl.dredgeBtn", { tiles: plural(picked.length, "tile"), cubes: priceText(dredging.price, picked.length) }) : t("vl.dredgePick")) : null,
      mayDredge.ok && !dredging.ok ? whyNot(dredging.why, "dredge-why") : null,
      mayDredge.ok || mayDredge.why === riverWhy ? null : whyNot(mayDredge.why, "dredge-why"),
      refusalFor("dredge")) : null,
    post.demobilized ? h("p", { class: "muted small", text: t("cp.demobilized") }) : eligible.length && mayDemob.ok ? h("details", { class: "demob", open: demobOpen[side], ontoggle: (e) => { demobOpen[side] = e.target.open; } },
      h("summary", { text: t("cp.demobilize") }),
      h("div", { class: "stack" },
        h("label", { class: "field" }, h("span", { text: t("vl.demobilizeWhich") }),
          h("select", { "data-key": `demob-select-${side}`, onchange: (e) => { demobilizeTile[side] = e.target.value; changed(); } },
            eligible.map((x) => h("option", { value: x.id, selected: x.id === demobilizeTile[side] }, x.name)))),
        h("button", { type: "button", class: "btn block", "aria-busy": busy("demobilize"), "data-testid": "demobilize",
          onclick: () => demobilize(side, post, eligible.find((x) => x.id === demobilizeTile[side])) },
        t("cp.demobilizeBtn", { tile: eligible.find((x) => x.id === demobilizeTile[side])?.name || "" })),
        refusalFor("demobilize"))) : null);
}

function toggleDredge(side, id) {
  const picks = dredgePick[side];
  if (picks.has(id)) picks.delete(id); else picks.add(id);
  changed();
}

// VI·F: dredged tiles' cubes leave the game (from fatigue, then the spaces, then the reserve); their
// miniatures never come back. Said before it is done, at the offer's price.
async function dredge(side, post, picked) {
  const names = picked.map((id) => post.river.find((x) => x.id === id)?.name || id);
  const lost = pointsLost("dredge");
  const price = offerFor("dredge", { side })?.price;
  const ok = await confirmSheet({
    title: t("vl.dredgeQ", { tiles: names.join(", ") }),
    body: h("div", {},
      h("p", { class: "result-big", text: t("vl.leaveGame", { cubes: priceText(price, picked.length) }) }),
      h("p", { "data-testid": "dredge-cost", text: t("price.dredgeBody", { cubes: priceText(price) }) }),
      lost ? h("p", { class: "refusal", text: t("vl.loseBody", { points: plural(lost, "rp") }) }) : null),
    confirm: t("cp.dredge"), cancel: t("cp.cancel"), danger: true });
  if (!ok) return;
  const done = await send("dredge", { side, tiles: picked }, "dredge", { side });
  if (done) { dredgePick[side].clear(); changed(); }
}

// VI·G: once per game, an elite or henchman tile dredged as though neutralized (its cubes leave the
// game, at the offer's price) and all its miniatures off the board.
async function demobilize(side, post, tile) {
  if (!tile) return;
  const onBoard = post.miniatures.filter((m) => m.tile === tile.id && m.place === "board").length;
  const lost = pointsLost("demobilize");
  const price = priceText(offerFor("demobilize", { side, tile: tile.id })?.price);
  const ok = await confirmSheet({
    title: t("vl.demobilizeQ", { tile: tile.name }),
    body: h("div", {},
      h("p", { class: "result-big", text: t("vl.leaveGame", { cubes: price }) }),
      h("p", { "data-testid": "demobilize-cost", text: t("price.demobilizeBody", { cubes: price, minis: plural(onBoard, "mini") }) }),
      lost ? h("p", { class: "refusal", text: t("vl.loseBody", { points: plural(lost, "rp") }) }) : null),
    confirm: t("cp.demobilizeGo"), cancel: t("cp.cancel"), danger: true });
  if (ok) send("demobilize", { side, tile: tile.id }, "demobilize", { side, tile: tile.id });
}

// One activation, confirmed: the offer's price (the tile's cubes, reserve → fatigue; in Versus the
// discs too), and the rules' refusal when it cannot be paid now.
async function activate(post, tile, key, side, versus) {
  const priced = priceOf(offerFor("activate_tile", { side, tile: tile.id }));
  const cubes = priced.price?.cubes ?? tile.cost;
  const after = post.reserve - cubes;
  const lost = pointsLost("activate_tile");
  const losing = lost ? h("p", { class: "refusal", "data-testid": "activate-loses", text: t("vl.loseBody", { points: plural(lost, "rp") }) }) : null;
  const refused = priced.ok ? null : h("p", { class: "refusal", "data-testid": "activate-why", text: priced.why });
  let body;
  if (versus) {
    const discs = priced.price?.discs ?? 0;
    const number = post.activations_this_turn + 1;
    body = h("div", {},
      h("p", { class: "muted small", text: t("vs.activationNo", { n: number }) }),
      h("div", { class: "sheet-costs" },
        h("p", { class: "cost-disc" },
          h("span", { class: "big", "data-testid": "activate-discs", text: plural(discs, "disc") }),
          h("span", { class: "small", text: t("vs.discsMove", { from: post.discs.available, to: Math.max(0, post.discs.available - discs) }) })),
        h("p", { class: "cost-cube" },
          h("span", { class: "big", text: plural(cubes, "cube") }),
          h("span", { class: "small", "data-testid": "activate-cost", text: t("vs.cubesMove", { from: post.reserve, to: Math.max(0, after) }) }))),
      priced.price && !discs && !cubes ? h("p", { class: "muted small", text: t("vs.freeActivation") }) : null,
      refused, losing);
  } else {
    const events = state.table?.mission?.events || [];
    const points = state.table?.mission?.reinforcement_points || 0;
    body = h("div", {},
      post.activations_this_turn < post.activation_limit ? h("p", { class: "muted small", "data-testid": "activate-number", text: t("vl.activationNo", { n: post.activations_this_turn + 1, limit: post.activation_limit }) }) : null,
      h("p", { class: "result-big", text: plural(cubes, "cube") }),
      h("p", { "data-testid": "activate-cost", text: t("cp.activateCost", { cubes: plural(cubes, "cube"), cost: cubes, from: post.reserve, to: Math.max(0, after) }) }),
      tile.kind === "event" ? h("div", { class: "event-preview" },
        h("p", { class: "small", text: t("vl.eventGives", { points: plural(points, "rp") }) }),
        events.length ? h("ul", { class: "small" }, events.map((e) => h("li", { text: e }))) : null) : null,
      refused, losing);
  }
  const ok = await confirmSheet({ title: t("cp.activateQ", { tile: tile.name }), body, confirm: t("cp.activate"), cancel: t("cp.cancel"), danger: Boolean(lost) });
  if (ok) send("activate_tile", { side, tile: tile.id }, key, { side, tile: tile.id });
}

export function spacesCard(post, side) {
  const grid = h("div", { class: "spaces" });
  const whys = [];
  for (const name of SPACES) {
    const space = post.spaces[name];
    if (!space) continue;
    const key = `cp-space-${name}`;
    const label = t(`space.${name}`);
    const may = allow("spend", { side, space: name });
    const paid = priceOf(offerFor("spend", { side, space: name }));   // a full space, an empty reserve: the offer's why
    if (!may.ok) whys.push(may.why);
    grid.append(h("div", { class: "space" },
      h("button", {
        type: "button", class: `space-btn ${space.saturated ? "saturated" : ""}`, "data-testid": key, "data-key": key,
        disabled: !may.ok || !paid.ok, "aria-busy": busy(key),
        "aria-label": `${label}: ${space.cubes} / ${space.exertion_limit}${space.hacking_tokens ? `. ${t("vs.hacked", { n: space.hacking_tokens })}` : ""}`,
        onclick: () => send("spend", { side, space: name, cubes: 1 }, key, { side, space: name }),
      }, h("span", { class: "name", text: label }),
      h("span", { class: "count" }, String(space.cubes), h("small", { text: ` / ${space.exertion_limit}` })),
      pips(space.cubes, space.exertion_limit)),
      space.hacking_tokens ? h("span", { class: "lock-reason", "data-testid": `hacked-${name}` }, t("vs.hacked", { n: space.hacking_tokens })) : null,
      space.saturated ? h("span", { class: "lock-reason" }, icon("lock", 16), t("hero.saturated", { held: space.cubes, limit: space.exertion_limit })) : null,
      !paid.ok && !space.saturated ? h("span", { class: "space-note", text: paid.why }) : null,
      refusalFor(key)));
  }
  return h("section", { class: "card", "aria-labelledby": `cps-h-${side}` },
    h("h2", { id: `cps-h-${side}` }, h("span", { text: t("cp.spaces") }), h("span", { class: "pill", text: t("cp.recovery", { n: post.recovery }) })),
    h("p", { class: "muted small", text: t("space.legend") }), whyNot([...new Set(whys)].join(" · "), `cp-spaces-why-${side}`), grid);
}

export function lifeTrackCard(post) {
  if (!post.life_point_track.length) return null;
  return h("section", { class: "card", "aria-labelledby": `lp-h-${post.side}` },
    h("h2", { id: `lp-h-${post.side}`, text: t("cp.lifeTrack") }),
    h("ul", { class: "list" }, post.life_point_track.map((m) => {
      const key = `lp-${m.id}`;
      const may = allow("wound", { miniature: m.id });
      return h("li", { "data-testid": key },
        h("div", { style: "flex:1" }, h("strong", { text: m.label }),
          h("div", { class: "muted small", text: t("cp.lp", { n: m.life_points, max: m.max_life_points }) }),
          h("div", { class: "lp-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": m.max_life_points, "aria-valuenow": m.life_points, "aria-label": m.label },
            h("span", { style: `width:${Math.round(100 * m.life_points / m.max_life_points)}%` })),
          refusalFor(key)),
        may.ok ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": labelled(t("cp.woundOne"), m.label),
          onclick: () => send("wound", { miniature: m.id, wounds: 1 }, key, { miniature: m.id }) }, t("cp.woundOne")) : null);
    })));
}

export function poolCard(post, side) {
  const pool = post.miniatures.filter((m) => m.place === "pool");
  return h("section", { class: "card", "aria-labelledby": `pool-h-${side}` },
    h("h2", { id: `pool-h-${side}` }, h("span", { text: t("cp.pool") }), h("span", { class: `pill ${post.reinforcement_points ? "ok" : ""}`, "data-testid": "rp", text: t("cp.rp", { n: post.reinforcement_points }) })),
    post.reinforcement_points ? h("p", { class: "muted small", text: t("cp.rpHelp") }) : null,
    allow("end_reinforcement", { side }).ok ? h("button", { type: "button", class: "btn small block", "data-testid": "end-reinforcement", "aria-busy": busy("end-reinforcement"),
      onclick: () => send("end_reinforcement", { side }, "end-reinforcement", { side }) }, t("cp.endReinforcement")) : null,
    refusalFor("end-reinforcement"),
    pool.length ? h("ul", { class: "list" }, pool.map((m) => {
      const key = `reinforce-${m.id}`;
      const may = allow("reinforce", { side, miniature: m.id });
      const priced = offerFor("reinforce", { side, miniature: m.id });   // offered while there are points to spend
      const paid = priceOf(priced);
      const cost = priced?.price?.reinforcement_points ?? m.reinforcement_cost;
      return h("li", {},
        h("div", {}, h("strong", { text: m.label }), refusalFor(key)),
        cost == null ? h("span", { class: "muted small", text: t("cp.noReturn") })
          // not offered now (no points to spend: they come from the event tile): the cost only
          : !priced ? h("span", { class: "muted small", text: t("vl.costToReturn", { n: cost }) })
          : h("button", { type: "button", class: "btn small primary", "data-testid": key, "aria-busy": busy(key),
            disabled: !may.ok || !paid.ok, title: !may.ok ? may.why : paid.ok ? false : paid.why,
            onclick: () => send("reinforce", { side, miniature: m.id }, key, { side, miniature: m.id }) }, t("cp.bringBack", { n: cost })));
    })) : h("p", { class: "muted", text: t("cp.poolEmpty") }));
}

export function miniaturesCard(post) {
  const side = post.side;
  const onBoard = post.miniatures.filter((m) => m.max_life_points <= 1);
  if (!onBoard.length) return null;
  return h("section", { class: "card", "aria-labelledby": `mini-h-${side}` },
    h("details", { open: miniOpen[side], ontoggle: (e) => { miniOpen[side] = e.target.open; } },
      h("summary", { id: `mini-h-${side}`, text: `${t("cp.miniatures")} (${onBoard.length})` }),
      h("ul", { class: "list" }, onBoard.map((m) => {
        const key = `mini-${m.id}`;
        const may = allow("wound", { miniature: m.id });
        return h("li", {},
          h("div", {}, h("strong", { text: m.label }), h("div", { class: "muted small", text: t(`place.${m.place}`) }), refusalFor(key)),
          may.ok && m.place === "board" ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": labelled(t("cp.woundOne"), m.label),
            onclick: () => send("wound", { miniature: m.id, wounds: 1 }, key, { miniature: m.id }) }, t("cp.woundOne")) : null);
      }))));
}

// The event tile's reinforcement (VI·B·3 [d], VI·E), while its points are to be spent: the mission
// event named, the points, "Done reinforcing" (the rest is lost), then what can come back from the
// character pool, one line per kind of miniature with its cost (the `reinforce` offer's targets).
export function reinforcementCard(table, post, side) {
  const points = post.reinforcement_points;
  if (!points) return null;
  const events = table.mission?.events || [];
  const mayEnd = allow("end_reinforcement", { side });
  const groups = new Map();
  for (const m of post.miniatures.filter((x) => x.place === "pool")) {
    const name = m.character || m.label.replace(/ #\d+$/, "");
    const key = `${m.tile}|${name}`;
    if (!groups.has(key)) groups.set(key, { name, cost: m.reinforcement_cost, ids: [] });
    groups.get(key).ids.push(m.id);
  }
  const rows = [...groups.values()].map((g) => {
    const offered = g.ids.map((id) => [id, allow("reinforce", { side, miniature: id })]);
    const [id, may] = offered.find(([, m]) => m.ok) || offered[0];
    const key = `reinforce-${id}`;
    // its price in points and whether they suffice: the reinforce offer's
    const priced = offerFor("reinforce", { side, miniature: id });
    const paid = priceOf(priced);
    const cost = priced?.price?.reinforcement_points ?? g.cost;
    return h("li", { "data-testid": `pool-${g.ids[0]}` },
      h("div", {}, h("strong", { text: g.name }),
        h("div", { class: "muted small", text: t("vl.inPool", { n: g.ids.length }) }),
        refusalFor(key)),
      cost == null ? h("span", { class: "muted small", text: t("cp.noReturn") })
        : may.ok || may.by === "other" ? h("button", { type: "button", class: "btn small primary", "data-testid": key, "aria-busy": busy(key),
          disabled: !may.ok || !paid.ok, title: paid.ok ? false : paid.why, "aria-label": labelled(t("vl.bringBack", { n: cost }), g.name),
          onclick: () => send("reinforce", { side, miniature: id }, key, { side, miniature: id }) },
        paid.ok ? t("vl.bringBack", { n: cost }) : t("vl.tooDear", { n: cost })) : null);
  });
  return h("section", { class: "card event-card", "aria-labelledby": `ev-h-${side}`, "data-testid": "event-card" },
    h("h2", { id: `ev-h-${side}`, text: t("vl.eventTitle") }),
    h("div", { class: "mission-event", "data-testid": "mission-event" },
      h("span", { class: "muted small", text: events.length > 1 ? t("vl.missionEvents") : t("vl.missionEvent") }),
      events.length > 1 ? h("ul", {}, events.map((e) => h("li", { text: e })))
        : h("p", { text: events[0] || t("vl.noEvents") })),
    h("p", { class: "rp-now", "data-testid": "rp", text: t("vl.toSpend", { points: plural(points, "rp") }) }),
    // "Done reinforcing" before the list, so that it is on the screen at once on a small phone
    mayEnd.ok ? h("button", { type: "button", class: "btn block", "data-testid": "end-reinforcement", "aria-busy": busy("end-reinforcement"),
      "aria-describedby": `ev-lose-${side}`,
      onclick: () => send("end_reinforcement", { side }, "end-reinforcement", { side }) },
    t("vl.done")) : whyNot(mayEnd.why, "end-reinforcement-why"),
    mayEnd.ok ? h("p", { class: "muted small why", id: `ev-lose-${side}`, text: t("vl.loseBody", { points: plural(points, "rp") }) }) : null,
    refusalFor("end-reinforcement"),
    rows.length ? h("ul", { class: "list" }, rows) : h("p", { class: "muted small", "data-testid": "pool-empty", text: t("vl.nothingToBring") }));
}
