// Command post: reserve and fatigue, the spaces, the river (a horizontally scrolling row with
// each position's cost above it; one tap + a confirmation activates), neutralized tiles,
// dredging, demobilization, the life point track, reinforcement with the character pool.

import { t } from "../i18n.js";
import { confirmSheet, h, icon } from "../ui.js";
import { canVillain, changed, command, state } from "../core.js";
import { busy, noTable, pips, refusalFor, stat } from "./common.js";

const SPACES = ["movement", "defense", "reroll"];
const dredgePick = new Set();
let demobilizeTile = "";
let miniOpen = false;

export function render() {
  const table = state.table;
  if (!table) return noTable();
  const post = table.command_posts.villain;
  if (!post) return noTable();
  const can = canVillain();
  const out = [];
  out.push(h("h1", { text: t("cp.title") }));
  if (!can && state.conn !== "offline") out.push(h("p", { class: "muted small", text: t("cp.readonly") }));
  out.push(h("div", { class: "stats" },
    stat("reserve", post.reserve, t("hero.reserve"), "cp-reserve"),
    stat("fatigue", post.fatigue, t("hero.fatigue"), "cp-fatigue"),
    stat("", post.removed_from_game, t("cp.removed"), "cp-removed")));
  out.push(riverCard(post, can));
  out.push(spacesCard(post, can));
  const lp = lifeTrackCard(post, can);
  if (lp) out.push(lp);
  out.push(poolCard(post, can));
  out.push(miniaturesCard(post, can));
  return out;
}

function tileLevel(tile) {
  if (tile.kind === "event") return t("level.event");
  return tile.level ? t(`level.${tile.level}`) : "";
}

function riverCard(post, can) {
  const river = h("div", { class: "river", "data-scroll-key": "river", "data-testid": "river", role: "list", "aria-label": t("cp.river") });
  const activeTile = post.activation?.tile;
  for (const tile of post.river) {
    const key = `tile-${tile.id}`;
    const picked = dredgePick.has(tile.id);
    const label = tile.neutralized
      ? `${tile.name}, ${t("cp.neutralized")}, ${t("cp.position", { n: tile.position })}`
      : `${t("cp.activate")} ${tile.name}, ${t("cp.position", { n: tile.position })}, ${t("cp.cost", { n: tile.cost })}`;
    const btn = h("button", {
      type: "button", class: `tile-btn ${tile.kind === "event" ? "event" : ""} ${tile.neutralized ? "neutralized" : ""} ${activeTile === tile.id ? "active-now" : ""}`,
      "data-testid": key, "data-key": key, "aria-label": label, disabled: !can,
      "aria-busy": busy(key), "aria-pressed": tile.neutralized ? (picked ? "true" : "false") : false,
      onclick: () => (tile.neutralized ? toggleDredge(tile.id) : activate(post, tile, key)),
    },
    h("span", { class: "tname", text: tile.name }),
    h("span", { class: "tlevel", text: tile.neutralized ? `${t("cp.neutralized")}${picked ? " ✓" : ""}` : tileLevel(tile) }));
    river.append(h("div", { class: `river-slot ${tile.width === 2 ? "w2" : ""}`, role: "listitem", "data-tile": tile.id, "data-position": tile.position },
      h("span", { class: `cost ${tile.affordable ? "" : "cannot"}`, "data-testid": `cost-${tile.id}`, "aria-hidden": "true", text: String(tile.cost) }),
      btn,
      h("span", { class: "pos", text: t("cp.position", { n: tile.position }) })));
  }
  const neutralized = post.river.filter((x) => x.neutralized);
  const activeName = activeTile ? post.river.find((x) => x.id === activeTile)?.name : null;
  const eligible = post.river.filter((x) => x.kind !== "event" && (x.level === "elite" || x.level === "henchman"));
  if (!eligible.some((x) => x.id === demobilizeTile)) demobilizeTile = eligible[0]?.id || "";
  const picked = [...dredgePick].filter((id) => neutralized.some((x) => x.id === id));
  return h("section", { class: "card", "aria-labelledby": "river-h" },
    h("h2", { id: "river-h" }, h("span", { text: t("cp.river") }),
      h("span", { class: "pill", "data-testid": "activations", text: t("cp.activations", { n: post.activations_this_turn }) })),
    h("p", { class: "muted small", text: t("cp.riverHelp") }),
    activeName ? h("p", {}, h("span", { class: "pill ok", text: t("cp.activated", { tile: activeName }) })) : null,
    h("div", { class: "river-wrap" }, river),
    post.river.map((tile) => refusalFor(`tile-${tile.id}`)),
    neutralized.length ? h("div", { class: "stack" },
      h("p", { class: "muted small", text: t("cp.dredgeHelp") }),
      h("button", { type: "button", class: "btn block", "data-testid": "dredge", disabled: !can || !picked.length, "aria-busy": busy("dredge"),
        onclick: async () => {
          const done = await command("/command-posts/villain/river/dredge", { tiles: picked }, "dredge");
          if (done) { dredgePick.clear(); changed(); }
        } }, t("cp.dredgeBtn", { n: picked.length, cubes: picked.length * 2 })),
      refusalFor("dredge")) : null,
    post.demobilized ? h("p", { class: "muted small", text: t("cp.demobilized") }) : eligible.length ? h("div", { class: "stack", style: "margin-top:.6rem" },
      h("label", { class: "field" }, h("span", { text: t("cp.demobilize") }),
        h("select", { "data-key": "demob-select", disabled: !can, onchange: (e) => { demobilizeTile = e.target.value; changed(); } },
          eligible.map((x) => h("option", { value: x.id, selected: x.id === demobilizeTile }, x.name)))),
      h("button", { type: "button", class: "btn block", disabled: !can, "aria-busy": busy("demobilize"), "data-testid": "demobilize",
        onclick: async () => {
          const tile = eligible.find((x) => x.id === demobilizeTile);
          if (!tile) return;
          const ok = await confirmSheet({ title: t("cp.demobilize"), body: tile.name, confirm: t("cp.demobilizeGo"), cancel: t("cp.cancel"), danger: true });
          if (ok) command("/command-posts/villain/river/demobilize", { tile: tile.id }, "demobilize");
        } }, t("cp.demobilizeBtn", { tile: eligible.find((x) => x.id === demobilizeTile)?.name || "" })),
      refusalFor("demobilize")) : null);
}

function toggleDredge(id) {
  if (dredgePick.has(id)) dredgePick.delete(id); else dredgePick.add(id);
  changed();
}

async function activate(post, tile, key) {
  const after = post.reserve - tile.cost;
  const body = h("div", {},
    h("p", { class: "result-big", text: t("cp.costBig", { n: tile.cost }) }),
    h("p", { "data-testid": "activate-cost", text: t("cp.activateCost", { cost: tile.cost, from: post.reserve, to: Math.max(0, after) }) }),
    after < 0 ? h("p", { class: "refusal", text: t("cp.cannotAfford", { reserve: post.reserve }) }) : null);
  const ok = await confirmSheet({ title: t("cp.activateQ", { tile: tile.name }), body, confirm: t("cp.activate"), cancel: t("cp.cancel") });
  if (ok) command("/command-posts/villain/river/activate", { tile: tile.id }, key);
}

function spacesCard(post, can) {
  const grid = h("div", { class: "spaces" });
  for (const name of SPACES) {
    const space = post.spaces[name];
    if (!space) continue;
    const key = `cp-space-${name}`;
    const label = t(`space.${name}`);
    grid.append(h("div", { class: "space" },
      h("button", {
        type: "button", class: `space-btn ${space.saturated ? "saturated" : ""}`, "data-testid": key, "data-key": key,
        disabled: space.saturated || !can || post.reserve === 0, "aria-busy": busy(key),
        "aria-label": `${label}: ${space.cubes} / ${space.exertion_limit}`,
        onclick: () => command("/command-posts/villain/spend", { space: name, cubes: 1 }, key),
      }, h("span", { class: "name", text: label }),
      h("span", { class: "count" }, String(space.cubes), h("small", { text: ` / ${space.exertion_limit}` })),
      pips(space.cubes, space.exertion_limit)),
      space.saturated ? h("span", { class: "lock-reason" }, icon("lock", 16), t("hero.saturated", { held: space.cubes, limit: space.exertion_limit })) : null,
      refusalFor(key)));
  }
  return h("section", { class: "card", "aria-labelledby": "cps-h" },
    h("h2", { id: "cps-h" }, h("span", { text: t("cp.spaces") }), h("span", { class: "pill", text: t("cp.recovery", { n: post.recovery }) })),
    h("p", { class: "muted small", text: t("space.legend") }), grid);
}

function lifeTrackCard(post, can) {
  if (!post.life_point_track.length) return null;
  return h("section", { class: "card", "aria-labelledby": "lp-h" },
    h("h2", { id: "lp-h", text: t("cp.lifeTrack") }),
    h("ul", { class: "list" }, post.life_point_track.map((m) => {
      const key = `lp-${m.id}`;
      return h("li", { "data-testid": key },
        h("div", { style: "flex:1" }, h("strong", { text: m.label }),
          h("div", { class: "muted small", text: t("cp.lp", { n: m.life_points, max: m.max_life_points }) }),
          h("div", { class: "lp-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": m.max_life_points, "aria-valuenow": m.life_points, "aria-label": m.label },
            h("span", { style: `width:${Math.round(100 * m.life_points / m.max_life_points)}%` })),
          refusalFor(key)),
        can ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": `${t("cp.woundOne")}: ${m.label}`,
          onclick: () => command(`/characters/${encodeURIComponent(m.id)}/wounds`, { wounds: 1 }, key) }, t("cp.woundOne")) : null);
    })));
}

function poolCard(post, can) {
  const pool = post.miniatures.filter((m) => m.place === "pool");
  return h("section", { class: "card", "aria-labelledby": "pool-h" },
    h("h2", { id: "pool-h" }, h("span", { text: t("cp.pool") }), h("span", { class: `pill ${post.reinforcement_points ? "ok" : ""}`, "data-testid": "rp", text: t("cp.rp", { n: post.reinforcement_points }) })),
    post.reinforcement_points ? h("p", { class: "muted small", text: t("cp.rpHelp") }) : null,
    pool.length ? h("ul", { class: "list" }, pool.map((m) => {
      const key = `reinforce-${m.id}`;
      const cost = m.reinforcement_cost;
      return h("li", {},
        h("div", {}, h("strong", { text: m.label }), refusalFor(key)),
        cost == null ? h("span", { class: "muted small", text: t("cp.noReturn") })
          : h("button", { type: "button", class: "btn small primary", "data-testid": key, "aria-busy": busy(key),
            disabled: !can || cost > post.reinforcement_points,
            onclick: () => command("/command-posts/villain/reinforce", { miniature: m.id }, key) }, t("cp.bringBack", { n: cost })));
    })) : h("p", { class: "muted", text: t("cp.poolEmpty") }));
}

function miniaturesCard(post, can) {
  const onBoard = post.miniatures.filter((m) => m.max_life_points <= 1);
  if (!onBoard.length) return null;
  return h("section", { class: "card", "aria-labelledby": "mini-h" },
    h("details", { open: miniOpen, ontoggle: (e) => { miniOpen = e.target.open; } },
      h("summary", { id: "mini-h", text: `${t("cp.miniatures")} (${onBoard.length})` }),
      h("ul", { class: "list" }, onBoard.map((m) => {
        const key = `mini-${m.id}`;
        return h("li", {},
          h("div", {}, h("strong", { text: m.label }), h("div", { class: "muted small", text: t(`place.${m.place}`) }), refusalFor(key)),
          can && m.place === "board" ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": `${t("cp.woundOne")}: ${m.label}`,
            onclick: () => command(`/characters/${encodeURIComponent(m.id)}/wounds`, { wounds: 1 }, key) }, t("cp.woundOne")) : null);
      }))));
}
