// Hero board: spaces as large controls (tap = spend one cube), reserve / fatigue / wound,
// stance with a preview of the recovery, carried items, skills.

import { plural, t, word } from "../i18n.js";
import { add, h, icon } from "../ui.js";
import { allow, changed, heroOfSeat, offerFor, priceOf, seatName, send, state } from "../core.js";
import { busy, noTable, pips, refusalFor, stat, whyNot } from "./common.js";
import { offeredValues, openActionSheet, openFreeRollSheet, openMoveSheet } from "./sheets.js";

const ACTION_SPACES = ["melee", "ranged", "manipulation", "thought"];

const SPACES = ["melee", "ranged", "manipulation", "thought", "movement", "defense", "reroll"];

export function render(args) {
  const table = state.table;
  if (!table) return noTable();
  if (!table.heroes.length) return h("p", { text: t("hero.none") });
  const id = args[0] || heroOfSeat(state.seat) || table.heroes[0].id;
  const hero = table.heroes.find((x) => x.id === id) || table.heroes[0];
  // read-only when this phone may send nothing for this hero and another seat may
  const mayAny = ["spend", "declare_stance", "drop", "automatic_action", "move", "wound"].map((c) => allow(c, { hero: hero.id }));
  const readonly = !mayAny.some((a) => a.ok) && mayAny.some((a) => a.by === "other");
  const out = [];

  if (table.heroes.length > 1) {
    out.push(h("nav", { class: "row", "aria-label": t("hero.pick"), style: "margin-bottom:.7rem" },
      table.heroes.map((x) => h("a", { class: `btn small ${x.id === hero.id ? "primary" : ""}`, href: `#/hero/${encodeURIComponent(x.id)}`,
        "aria-current": x.id === hero.id ? "page" : false }, x.name))));
  }
  out.push(h("h1", { class: "row spread" }, h("span", { text: hero.name }),
    hero.neutralized ? h("span", { class: "pill bad", text: t("hero.neutralized") }) : null,
    hero.stance ? h("span", { class: "pill ok", "data-testid": "hero-stance", text: t(`hero.${hero.stance}`) }) : null,
    hero.finished ? h("span", { class: "pill", "data-testid": "hero-finished", text: t("hero.finished") }) : null));
  if (readonly && state.conn !== "offline") {
    out.push(h("p", { class: "muted small", "data-testid": "hero-readonly", text: state.seat ? t("hero.readonly", { seat: seatName(state.seat), name: hero.name }) : t("hero.readonlyNoSeat", { name: hero.name }) }));
  }

  out.push(h("div", { class: "stats", "data-testid": "hero-stats" },
    stat("reserve", hero.reserve, t("hero.reserve"), "hero-reserve"),
    stat("fatigue", hero.fatigue, t("hero.fatigue"), "hero-fatigue"),
    stat("wound", hero.wound, t("hero.wound"), "hero-wound")));

  // the stance first while it is still to declare; once declared (the pill by the name says it),
  // the spaces come first: they are what the hero taps during the actions
  if (hero.stance === null) out.push(stanceCard(hero), spacesCard(hero));
  else out.push(spacesCard(hero), doneCard(hero), stanceCard(hero));
  out.push(itemsCard(hero));
  out.push(skillsCard(hero));
  out.push(actionsCard(hero));
  out.push(exchangeCard(hero));
  out.push(tokensCard());
  return out;
}

// V·B·5: the heroes finish their turn unanimously: each hero's phone says when it is done; the last
// one ends the heroes' actions (the others' Next asks while a hero is still acting: now.js).
function doneCard(hero) {
  const may = allow("finish_actions", { hero: hero.id });
  if (!may.ok) return null;
  return h("section", { class: "card row spread", "data-testid": "done-card" },
    h("p", { class: "muted small", text: t("hero.doneHelp") }),
    h("button", { type: "button", class: "btn", "data-testid": "finish-actions", "aria-busy": busy("finish-actions"),
      onclick: () => send("finish_actions", { hero: hero.id }, "finish-actions", { hero: hero.id }) }, t("hero.done")),
    refusalFor("finish-actions"));
}

function spacesCard(hero) {
  const grid = h("div", { class: "spaces" });
  const whys = [];
  for (const name of SPACES) {
    const space = hero.spaces[name];
    if (!space) continue;
    const key = `space-${name}`;
    const label = t(`space.${name}`);
    const saturated = space.saturated;
    const may = allow("spend", { hero: hero.id, space: name });
    // a saturated space, an empty reserve: the spend offer's price says it (affordable, why)
    const paid = priceOf(offerFor("spend", { hero: hero.id, space: name }));
    const can = may.ok;
    if (!can) whys.push(may.why);
    const btn = h("button", {
      type: "button", class: `space-btn ${saturated ? "saturated" : ""}`, "data-testid": key, "data-key": key,
      disabled: !can || !paid.ok,
      "aria-busy": busy(key),
      "aria-label": `${label}: ${space.cubes} / ${space.exertion_limit}. ${saturated ? t("hero.saturated", { held: space.cubes, limit: space.exertion_limit }) : ""}`,
      onclick: () => send("spend", { hero: hero.id, space: name, cubes: 1 }, key, { hero: hero.id, space: name }),
    },
    h("span", { class: "name", text: label }),
    h("span", { class: "count" }, String(space.cubes), h("small", { text: ` / ${space.exertion_limit}` })),
    pips(space.cubes, space.exertion_limit));
    grid.append(h("div", { class: "space" }, btn, spaceAction(hero, name, space),
      saturated ? h("span", { class: "lock-reason", "data-testid": `lock-${name}` }, icon("lock", 16),
        t("hero.saturated", { held: space.cubes, limit: space.exertion_limit })) : null,
      !saturated && can && !paid.ok ? h("span", { class: "space-note", "data-testid": `why-${name}`, text: paid.why }) : null,
      refusalFor(key)));
  }
  return h("section", { class: "card", "aria-labelledby": "spaces-h" },
    h("h2", { id: "spaces-h", text: t("hero.spaces") }),
    h("p", { class: "muted small", "data-testid": "space-legend", text: t("space.legend") }),
    whyNot([...new Set(whys)].join(" · "), "spaces-why"), grid);
}

// Right under a space: "Attack with 2 cubes" / "Manipulate" / "Think" when it holds cubes no
// action used yet (contract C4: `unused`) and the table offers this hero that roll; "Move" under
// the movement space when a movement is offered. Each opens its sheet.
function spaceAction(hero, name, space) {
  if (ACTION_SPACES.includes(name)) {
    const unused = space.unused || 0;
    if (!unused || !allow("start_roll", { hero: hero.id, action: name }).ok) return null;
    const label = name === "melee" || name === "ranged" ? t("gnh.attackWith", { cubes: plural(unused, "cube") }) : t(`gnh.open.${name}`, { n: unused });
    return h("button", { type: "button", class: "btn primary small space-act", "data-key": `act-${name}`,
      onclick: () => openActionSheet({ hero: hero.id }, name) }, label);
  }
  if (name === "movement" && allow("move", { hero: hero.id }).ok) {
    return h("button", { type: "button", class: "btn small space-act", "data-key": "act-move",
      onclick: () => openMoveSheet({ hero: hero.id }) }, t("gnh.moveOpen"));
  }
  return null;
}

// What the stance's recovery would move, as its declare_stance offer says it (V·B·3); nothing when
// the stance is not offered (already declared, or a neutralized hero's active stance).
function preview(hero, stance) {
  const moves = offerFor("declare_stance", { hero: hero.id, stance })?.recovers;
  if (!moves) return "";
  return t("hero.preview", { reserve: moves.to_reserve }) + (moves.from_wound ? t("hero.previewWound", { wound: moves.from_wound }) : "");
}

function stanceCard(hero) {
  const mays = {};
  const buttons = ["active", "resting"].map((stance) => {
    const key = `stance-${stance}`;
    const value = hero.recovery[stance];
    const chosen = hero.stance === stance;
    const may = allow("declare_stance", { hero: hero.id, stance });
    mays[stance] = may;
    return h("button", {
      type: "button", class: "btn stance-btn", "data-testid": key, "aria-pressed": chosen ? "true" : "false",
      disabled: !may.ok || hero.stance !== null, "aria-busy": busy(key),
      onclick: () => send("declare_stance", { hero: hero.id, stance }, key, { hero: hero.id, stance }),
    },
    h("span", { class: "big", text: t(`hero.${stance}`) }),
    h("span", { class: "sub", text: t("hero.recover", { n: value }) }),
    h("span", { class: "sub", "data-testid": `preview-${stance}`, text: chosen ? "✓" : preview(hero, stance) }));
  });
  return h("section", { class: "card", "aria-labelledby": "stance-h" },
    h("h2", { id: "stance-h", text: t("hero.stance") }),
    h("div", { class: "stances" }, buttons),
    refusalFor("stance-active"), refusalFor("stance-resting"),
    !hero.stance && !mays.active.ok ? whyNot(mays.active.why, "stance-why") : null,
    hero.stance ? h("p", { class: "muted small", text: t("hero.chose", { name: hero.name, stance: t(`hero.${hero.stance}`).toLowerCase() }) }) : null);
}

function itemsCard(hero) {
  const items = [...hero.equipment.map((i) => ({ ...i, gadget: false })), ...hero.gadgets.map((i) => ({ ...i, gadget: true }))];
  return h("section", { class: "card", "aria-labelledby": "items-h" },
    h("h2", { id: "items-h" }, h("span", { text: t("hero.items") }),
      h("span", { class: "pill", "data-testid": "encumbrance", text: t("hero.encumbrance", { total: hero.encumbrance, max: hero.maximum_encumbrance }) })),
    h("p", { "data-testid": "first-move", text: t("hero.firstMove", { n: hero.first_movement_bonus }) }),
    items.length ? h("ul", { class: "list" }, items.map((item) => {
      const key = `drop-${item.name}`;
      const may = allow("drop", { hero: hero.id, item: item.name });
      return h("li", {},
        h("div", {}, h("strong", { text: item.name }),
          h("div", { class: "muted small", text: item.gadget ? `${t("hero.gadget")} · ${item.encumbrance}` : `${word(`item.type.${item.type}`, item.type)} · ${item.encumbrance}` }),
          refusalFor(key)),
        !item.gadget && may.ok ? h("button", { type: "button", class: "btn small ghost", "aria-busy": busy(key), "aria-label": `${t("hero.drop")} ${item.name}`,
          onclick: () => send("drop", { hero: hero.id, item: item.name }, key, { hero: hero.id, item: item.name }) }, t("hero.drop")) : null);
    })) : h("p", { class: "muted", text: t("hero.noItems") }));
}

function skillsCard(hero) {
  if (!hero.skills.length) return null;
  return h("section", { class: "card", "aria-labelledby": "skills-h" },
    h("h2", { id: "skills-h", text: t("hero.skills") }),
    h("ul", { class: "list" }, hero.skills.map((s) => h("li", { "data-testid": `skill-${s.name}` },
      h("div", {},
        h("span", { class: `skill ${s.applies ? "" : "off"}`, text: `${s.name} ${s.level}` }),
        !s.applies ? h("div", { class: "skill-why", text: t("hero.skillOff", { total: hero.encumbrance, limit: s.encumbrance_limit }) }) : null),
      s.encumbrance_limit != null ? h("span", { class: "muted small", text: `≤ ${s.encumbrance_limit}` }) : null))));
}

// Quick actions: each shown when the table offers it to this phone (disabled with the reason when
// it is offered to another seat or not now); the card is hidden when none is this phone's.
function actionsCard(hero) {
  const direct = [
    ["auto-manipulation", t("hero.autoManip"), "automatic_action", { action: "manipulation" }],
    ["auto-thought", t("hero.autoThought"), "automatic_action", { action: "thought" }],
    ["wound-1", t("hero.woundBtn"), "wound", { wounds: 1 }],
  ].map(([key, label, name, body]) => ({ key, label, may: allow(name, { hero: hero.id, action: body.action }),
    run: () => send(name, { hero: hero.id, ...body }, key, { hero: hero.id, action: body.action }) }));
  const sheets = [
    ["open-attack", t("gnh.attackOpen"), allow("start_roll", { hero: hero.id, action: "melee" }), () => openActionSheet({ hero: hero.id }, "melee")],
    ["open-ranged", t("gnh.rangedOpen"), allow("start_roll", { hero: hero.id, action: "ranged" }), () => openActionSheet({ hero: hero.id }, "ranged")],
    ["open-manipulation", t("gnh.open.manipulation"), allow("start_roll", { hero: hero.id, action: "manipulation" }), () => openActionSheet({ hero: hero.id }, "manipulation")],
    ["open-thought", t("gnh.open.thought"), allow("start_roll", { hero: hero.id, action: "thought" }), () => openActionSheet({ hero: hero.id }, "thought")],
    ["open-move", t("gnh.moveOpen"), allow("move", { hero: hero.id }), () => openMoveSheet({ hero: hero.id })],
    ["open-fall", t("gnh.free.fall"), allow("start_free_roll", { hero: hero.id, cause: "fall" }), () => openFreeRollSheet({ hero: hero.id }, "fall")],
    ["open-terrain", t("gnh.free.dangerous_terrain"), allow("start_free_roll", { hero: hero.id, cause: "dangerous_terrain" }), () => openFreeRollSheet({ hero: hero.id }, "dangerous_terrain")],
  ].map(([key, label, may, open]) => ({ key, label, may, run: open }));
  const actions = [...sheets, ...direct];
  if (!actions.some((a) => a.may.ok)) return null;
  // the reasons the others are not now, said once for the card
  const byWhy = new Map();
  for (const a of actions.filter((x) => !x.may.ok && x.may.why)) byWhy.set(a.may.why, [...(byWhy.get(a.may.why) || []), a.label.replace(/…$/, "")]);
  const whys = [...byWhy].map(([why, labels]) => `${labels.join(", ")} — ${why}`);
  return h("section", { class: "card", "aria-labelledby": "act-h" },
    h("h2", { id: "act-h", text: t("hero.actions") }),
    h("div", { class: "act-grid" }, actions.map((a) => h("div", {},
      h("button", { type: "button", class: "btn block", "data-testid": a.key, "data-key": a.key, "aria-busy": busy(a.key), disabled: !a.may.ok,
        "aria-describedby": a.may.ok ? false : "act-why", onclick: () => a.run(a.may) }, a.label),
      refusalFor(a.key)))),
    whys.length ? h("ul", { class: "muted small why", id: "act-why", "data-testid": "actions-why" }, whys.map((w) => h("li", { text: w }))) : null);
}

// Pick up / give / take (V·D·1): the items and heroes each offer lists for this hero.
function exchangeCard(hero) {
  const table = state.table;
  const rows = [];
  const names = Object.fromEntries(table.heroes.map((x) => [x.id, x.name]));
  for (const name of offeredValues("pick_up", "item", { hero: hero.id })) {
    const item = (table.loose_items || []).find((i) => i.name === name);
    const key = `pick-up-${name}`;
    const may = allow("pick_up", { hero: hero.id, item: name });
    if (item) rows.push([key, t("gnh.pickUp", { item: name }), may, () => send("pick_up", { hero: hero.id, item }, key, { hero: hero.id, item: name })]);
  }
  for (const name of offeredValues("give", "item", { hero: hero.id })) {
    for (const to of offeredValues("give", "to_hero", { hero: hero.id, item: name })) {
      const key = `give-${name}-${to}`;
      const may = allow("give", { hero: hero.id, item: name, to_hero: to });
      rows.push([key, t("gnh.give", { item: name, to: names[to] || to }), may, () => send("give", { hero: hero.id, item: name, to_hero: to }, key, { hero: hero.id, item: name, to_hero: to })]);
    }
  }
  for (const from of offeredValues("take", "from_hero", { hero: hero.id })) {
    for (const name of offeredValues("take", "item", { hero: hero.id, from_hero: from })) {
      const key = `take-${name}-${from}`;
      const may = allow("take", { hero: hero.id, item: name, from_hero: from });
      rows.push([key, t("gnh.take", { item: name, from: names[from] || from }), may, () => send("take", { hero: hero.id, item: name, from_hero: from }, key, { hero: hero.id, item: name, from_hero: from })]);
    }
  }
  const why = rows.length ? null : ["pick_up", "give", "take"].map((c) => allow(c, { hero: hero.id })).find((a) => a.by === "other")?.why;
  if (!rows.length && !why) return null;
  return h("section", { class: "card stack", "aria-labelledby": "exch-h" },
    h("h2", { id: "exch-h", text: t("gnh.exchange") }), whyNot(why),
    rows.map(([key, label, may, run]) => h("div", {},
      h("button", { type: "button", class: "btn block", "data-key": key, "aria-busy": busy(key), disabled: !may.ok, onclick: run }, label),
      refusalFor(key))));
}

// Gas, flame, smoke and frost tokens (IX·O): placed and removed as the table offers this phone.
const tokenForm = { kind: null, side: null, area: "" };
function tokensCard() {
  const table = state.table;
  const kinds = offeredValues("place_token", "kind");
  const sides = offeredValues("place_token", "side");
  const ids = offeredValues("remove_token", "id");
  if (!kinds.length && !ids.length) return null;
  if (!kinds.includes(tokenForm.kind)) tokenForm.kind = kinds[0] || null;
  if (!sides.includes(tokenForm.side)) tokenForm.side = sides[0] || null;
  const place = allow("place_token", { kind: tokenForm.kind, side: tokenForm.side });
  const box = h("section", { class: "card stack", "aria-labelledby": "tok-h" }, h("h2", { id: "tok-h", text: t("gnh.tokens") }));
  if (kinds.length) {
    add(box,
      h("div", { class: "choices", role: "group", "aria-label": t("gnh.tokenKind") }, kinds.map((k) => h("button", { type: "button",
        class: `btn choice ${tokenForm.kind === k ? "primary" : ""}`, "aria-pressed": tokenForm.kind === k ? "true" : "false",
        onclick: () => { tokenForm.kind = k; changed(); } }, t(`gnh.token.${k}`)))),
      sides.length > 1 ? h("div", { class: "choices", role: "group", "aria-label": t("gnh.tokenSide") }, sides.map((sd) => h("button", { type: "button",
        class: `btn choice ${tokenForm.side === sd ? "primary" : ""}`, "aria-pressed": tokenForm.side === sd ? "true" : "false",
        onclick: () => { tokenForm.side = sd; changed(); } }, t("gnh.placedBy", { side: t(`side.the.${sd}`) })))) : null,
      h("label", { class: "field" }, h("span", { text: t("gnh.area") }),
        h("input", { type: "text", "data-key": "token-area", value: tokenForm.area, maxlength: 80, oninput: (e) => { tokenForm.area = e.target.value; } })),
      h("button", { type: "button", class: "btn block", "data-key": "token-place", "aria-busy": busy("token-place"), disabled: !place.ok,
        onclick: () => send("place_token", { kind: tokenForm.kind, side: tokenForm.side, area: tokenForm.area }, "token-place", { kind: tokenForm.kind, side: tokenForm.side }) },
      t("gnh.placeToken", { kind: t(`gnh.token.${tokenForm.kind}`) })), place.ok ? null : whyNot(place.why), refusalFor("token-place"));
  }
  const tokens = (table.tokens || []).filter((tk) => ids.includes(tk.id));
  if (tokens.length) {
    add(box, h("ul", { class: "list" }, tokens.map((tk) => {
      const key = `token-rm-${tk.id}`;
      const may = allow("remove_token", { id: tk.id });
      return h("li", {}, h("span", { text: `${t(`gnh.token.${tk.kind}`)}${tk.area ? ` · ${tk.area}` : ""}` }),
        h("button", { type: "button", class: "btn small ghost", "data-key": key, "aria-busy": busy(key), disabled: !may.ok,
          "aria-label": `${t("gnh.remove")} ${t(`gnh.token.${tk.kind}`)} ${tk.area || ""}`.trim(),
          onclick: () => send("remove_token", { id: tk.id }, key, { id: tk.id }) }, t("gnh.remove")), refusalFor(key));
    })));
  }
  return box;
}
