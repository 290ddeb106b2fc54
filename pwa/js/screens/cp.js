// Command post pieces shared by the villain's screen and the Versus command posts: the river (a
// horizontally scrolling row with each position's cost above it; one tap + a confirmation
// activates), dredging, demobilization, the spaces, the life point track, the character pool.
// `side` names the command post ("villain", or "heroes" in Versus). Each control is enabled when the
// table's `may` offers its command to this phone (core.allow), else disabled with the reason.
// In Versus, `discs` adds the activation potential to each activation.

import { plural, t } from "../i18n.js";
import { confirmSheet, h, icon } from "../ui.js";
import { allow, changed, command } from "../core.js";
import { busy, pips, refusalFor, whyNot } from "./common.js";

const SPACES = ["movement", "defense", "reroll"];
const dredgePick = { heroes: new Set(), villain: new Set() };
const demobilizeTile = { heroes: "", villain: "" };
const miniOpen = { heroes: false, villain: false };

function tileLevel(tile) {
  if (tile.kind === "event") return t("level.event");
  return tile.level ? t(`level.${tile.level}`) : "";
}

// Versus: what activating `tile` costs in discs now (the activation's number, plus a power's
// modifier on that tile; nothing when a power made the next activation free).
export function discCost(post, tile, modifiers = []) {
  if (!post.discs) return 0;
  if (post.discs.next_activation_cost === 0) return 0;
  const extra = modifiers.filter((m) => m.side === post.side && m.tile === tile.id).reduce((n, m) => n + m.amount, 0);
  return post.discs.next_activation_cost + extra;
}

/** opts: {side, versus: {modifiers} | null} */
export function riverCard(post, { side, versus = null }) {
  const mayDredge = allow("dredge", { side });
  const mayTiles = Object.fromEntries(post.river.map((tile) => [tile.id, tile.neutralized ? mayDredge : allow("activate_tile", { side, tile: tile.id })]));
  const anyTile = Object.values(mayTiles).some((m) => m.ok);
  // read-only, its tiles are disabled buttons: the row itself takes the focus so it can be scrolled from the keyboard
  const river = h("div", { class: "river", "data-scroll-key": `river-${side}`, "data-testid": "river", role: "list", "aria-label": t("cp.river"),
    tabindex: anyTile ? false : "0" });
  const activeTile = post.activation?.tile;
  const picks = dredgePick[side];
  for (const tile of post.river) {
    const key = `tile-${tile.id}`;
    const picked = picks.has(tile.id);
    const discs = versus ? discCost(post, tile, versus.modifiers) : 0;
    const affordable = tile.affordable && (!versus || discs <= post.discs.available);
    const costText = versus ? t("vs.tileCost", { discs: plural(discs, "disc"), cubes: plural(tile.cost, "cube") }) : t("cp.cost", { n: tile.cost });
    const label = tile.neutralized
      ? `${tile.name}, ${t("cp.neutralized")}, ${t("cp.position", { n: tile.position })}`
      : `${t("cp.activate")} ${tile.name}, ${t("cp.position", { n: tile.position })}, ${costText}`;
    const btn = h("button", {
      type: "button", class: `tile-btn ${tile.kind === "event" ? "event" : ""} ${tile.neutralized ? "neutralized" : ""} ${activeTile === tile.id ? "active-now" : ""} ${tile.id === post.hq ? "hq" : ""}`,
      "data-testid": key, "data-key": key, "aria-label": label, disabled: !mayTiles[tile.id].ok,
      "aria-busy": busy(key), "aria-pressed": tile.neutralized ? (picked ? "true" : "false") : false,
      onclick: () => (tile.neutralized ? toggleDredge(side, tile.id) : activate(post, tile, key, side, versus, mayTiles[tile.id].token)),
    },
    h("span", { class: "tname", text: tile.name }),
    h("span", { class: "tlevel", text: tile.neutralized ? `${t("cp.neutralized")}${picked ? " ✓" : ""}`
      : tile.id === post.hq ? `${t("vs.hq")} · ${tileLevel(tile)}`
        : versus && tile.level === "leader" ? t("vs.lieutenant") : tileLevel(tile) }));
    river.append(h("div", { class: `river-slot ${tile.width === 2 ? "w2" : ""}`, role: "listitem", "data-tile": tile.id, "data-position": tile.position },
      h("span", { class: `cost ${affordable ? "" : "cannot"}`, "data-testid": `cost-${tile.id}`, "aria-hidden": "true", text: String(tile.cost) }),
      btn,
      h("span", { class: "pos", text: t("cp.position", { n: tile.position }) })));
  }
  const neutralized = post.river.filter((x) => x.neutralized);
  const activeName = activeTile ? post.river.find((x) => x.id === activeTile)?.name : null;
  const eligible = post.river.filter((x) => x.kind !== "event" && (x.level === "elite" || x.level === "henchman"));
  if (!eligible.some((x) => x.id === demobilizeTile[side])) demobilizeTile[side] = eligible[0]?.id || "";
  const picked = [...picks].filter((id) => neutralized.some((x) => x.id === id));
  const base = `/command-posts/${side}`;
  const mayDemob = allow("demobilize", { side, tile: demobilizeTile[side] || undefined });
  const riverWhy = anyTile ? null : Object.values(mayTiles).find((m) => m.why)?.why;
  return h("section", { class: "card", "aria-labelledby": `river-h-${side}` },
    h("h2", { id: `river-h-${side}` }, h("span", { text: t("cp.river") }),
      h("span", { class: "pill", "data-testid": "activations",
        text: versus ? t("vs.activations", { n: post.activations_this_turn }) : t("cp.activations", { n: post.activations_this_turn }) })),
    h("p", { class: "muted small", text: versus ? t("vs.riverHelp") : t("cp.riverHelp") }),
    activeName ? h("p", {}, h("span", { class: "pill ok", text: t("cp.activated", { tile: activeName }) })) : null,
    h("div", { class: "river-wrap" }, river),
    whyNot(riverWhy, "river-why"),
    post.river.map((tile) => refusalFor(`tile-${tile.id}`)),
    neutralized.length ? h("div", { class: "stack" },
      h("p", { class: "muted small", text: t("cp.dredgeHelp") }),
      h("button", { type: "button", class: "btn block", "data-testid": "dredge", disabled: !mayDredge.ok || !picked.length, "aria-busy": busy("dredge"),
        onclick: async () => {
          const done = await command(`${base}/river/dredge`, { tiles: picked }, "dredge", { token: mayDredge.token });
          if (done) { picks.clear(); changed(); }
        } }, t("cp.dredgeBtn", { n: picked.length, cubes: picked.length * 2 })),
      mayDredge.ok ? null : whyNot(mayDredge.why, "dredge-why"),
      refusalFor("dredge")) : null,
    post.demobilized ? h("p", { class: "muted small", text: t("cp.demobilized") }) : eligible.length ? h("div", { class: "stack", style: "margin-top:.6rem" },
      h("label", { class: "field" }, h("span", { text: t("cp.demobilize") }),
        h("select", { "data-key": `demob-select-${side}`, disabled: !mayDemob.ok, onchange: (e) => { demobilizeTile[side] = e.target.value; changed(); } },
          eligible.map((x) => h("option", { value: x.id, selected: x.id === demobilizeTile[side] }, x.name)))),
      h("button", { type: "button", class: "btn block", disabled: !mayDemob.ok, "aria-busy": busy("demobilize"), "data-testid": "demobilize",
        onclick: async () => {
          const tile = eligible.find((x) => x.id === demobilizeTile[side]);
          if (!tile) return;
          const ok = await confirmSheet({ title: t("cp.demobilize"), body: tile.name, confirm: t("cp.demobilizeGo"), cancel: t("cp.cancel"), danger: true });
          if (ok) command(`${base}/river/demobilize`, { tile: tile.id }, "demobilize", { token: mayDemob.token });
        } }, t("cp.demobilizeBtn", { tile: eligible.find((x) => x.id === demobilizeTile[side])?.name || "" })),
      mayDemob.ok ? null : whyNot(mayDemob.why, "demobilize-why"),
      refusalFor("demobilize")) : null);
}

function toggleDredge(side, id) {
  const picks = dredgePick[side];
  if (picks.has(id)) picks.delete(id); else picks.add(id);
  changed();
}

async function activate(post, tile, key, side, versus, token) {
  const after = post.reserve - tile.cost;
  let body;
  if (versus) {
    const discs = discCost(post, tile, versus.modifiers);
    const number = post.activations_this_turn + 1;
    const left = post.discs.available - discs;
    body = h("div", {},
      h("p", { class: "muted small", text: t("vs.activationNo", { n: number }) }),
      h("div", { class: "sheet-costs" },
        h("p", { class: "cost-disc" },
          h("span", { class: "big", "data-testid": "activate-discs", text: plural(discs, "disc") }),
          h("span", { class: "small", text: t("vs.discsMove", { from: post.discs.available, to: Math.max(0, left) }) })),
        h("p", { class: "cost-cube" },
          h("span", { class: "big", text: plural(tile.cost, "cube") }),
          h("span", { class: "small", "data-testid": "activate-cost", text: t("vs.cubesMove", { from: post.reserve, to: Math.max(0, after) }) }))),
      post.discs.next_activation_cost === 0 ? h("p", { class: "muted small", text: t("vs.freeActivation") }) : null,
      left < 0 ? h("p", { class: "refusal", text: t("vs.cannotDiscs", { n: post.discs.available }) }) : null,
      after < 0 ? h("p", { class: "refusal", text: t("cp.cannotAfford", { reserve: post.reserve }) }) : null);
  } else {
    body = h("div", {},
      h("p", { class: "result-big", text: t("cp.costBig", { n: tile.cost }) }),
      h("p", { "data-testid": "activate-cost", text: t("cp.activateCost", { cost: tile.cost, from: post.reserve, to: Math.max(0, after) }) }),
      after < 0 ? h("p", { class: "refusal", text: t("cp.cannotAfford", { reserve: post.reserve }) }) : null);
  }
  const ok = await confirmSheet({ title: t("cp.activateQ", { tile: tile.name }), body, confirm: t("cp.activate"), cancel: t("cp.cancel") });
  if (ok) command(`/command-posts/${side}/river/activate`, { tile: tile.id }, key, { token });
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
    if (!may.ok) whys.push(may.why);
    grid.append(h("div", { class: "space" },
      h("button", {
        type: "button", class: `space-btn ${space.saturated ? "saturated" : ""}`, "data-testid": key, "data-key": key,
        disabled: space.saturated || !may.ok || post.reserve === 0, "aria-busy": busy(key),
        "aria-label": `${label}: ${space.cubes} / ${space.exertion_limit}${space.hacking_tokens ? `. ${t("vs.hacked", { n: space.hacking_tokens })}` : ""}`,
        onclick: () => command(`/command-posts/${side}/spend`, { space: name, cubes: 1 }, key, { token: may.token }),
      }, h("span", { class: "name", text: label }),
      h("span", { class: "count" }, String(space.cubes), h("small", { text: ` / ${space.exertion_limit}` })),
      pips(space.cubes, space.exertion_limit)),
      space.hacking_tokens ? h("span", { class: "lock-reason", "data-testid": `hacked-${name}` }, t("vs.hacked", { n: space.hacking_tokens })) : null,
      space.saturated ? h("span", { class: "lock-reason" }, icon("lock", 16), t("hero.saturated", { held: space.cubes, limit: space.exertion_limit })) : null,
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
        may.ok ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": `${t("cp.woundOne")}: ${m.label}`,
          onclick: () => command(`/characters/${encodeURIComponent(m.id)}/wounds`, { wounds: 1 }, key, { token: may.token }) }, t("cp.woundOne")) : null);
    })));
}

export function poolCard(post, side) {
  const pool = post.miniatures.filter((m) => m.place === "pool");
  return h("section", { class: "card", "aria-labelledby": `pool-h-${side}` },
    h("h2", { id: `pool-h-${side}` }, h("span", { text: t("cp.pool") }), h("span", { class: `pill ${post.reinforcement_points ? "ok" : ""}`, "data-testid": "rp", text: t("cp.rp", { n: post.reinforcement_points }) })),
    post.reinforcement_points ? h("p", { class: "muted small", text: t("cp.rpHelp") }) : null,
    allow("end_reinforcement", { side }).ok ? h("button", { type: "button", class: "btn small block", "data-testid": "end-reinforcement", "aria-busy": busy("end-reinforcement"),
      onclick: () => command(`/command-posts/${side}/end-reinforcement`, undefined, "end-reinforcement", { token: allow("end_reinforcement", { side }).token }) }, t("cp.endReinforcement")) : null,
    refusalFor("end-reinforcement"),
    pool.length ? h("ul", { class: "list" }, pool.map((m) => {
      const key = `reinforce-${m.id}`;
      const cost = m.reinforcement_cost;
      const may = allow("reinforce", { side, miniature: m.id });
      return h("li", {},
        h("div", {}, h("strong", { text: m.label }), refusalFor(key)),
        cost == null ? h("span", { class: "muted small", text: t("cp.noReturn") })
          : h("button", { type: "button", class: "btn small primary", "data-testid": key, "aria-busy": busy(key),
            disabled: !may.ok || cost > post.reinforcement_points, title: may.ok ? false : may.why,
            onclick: () => command(`/command-posts/${side}/reinforce`, { miniature: m.id }, key, { token: may.token }) }, t("cp.bringBack", { n: cost })));
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
          may.ok && m.place === "board" ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": `${t("cp.woundOne")}: ${m.label}`,
            onclick: () => command(`/characters/${encodeURIComponent(m.id)}/wounds`, { wounds: 1 }, key, { token: may.token }) }, t("cp.woundOne")) : null);
      }))));
}
