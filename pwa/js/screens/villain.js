// The villain's side of a standard game, drawn for a phone, what to do now first: the command
// post's cubes in one line; the event tile's reinforcement when its points are to be spent (the
// mission event named, what can come back and its cost, "Done reinforcing"); the river, every tile
// at once with its live cost (one tap + a confirmation activates); a card per character on the
// board (life points, what it did in this activation, its actions); the spaces; the villain's
// tokens; the character pool. The command post pieces live in cp.js (the Versus command posts use
// them too). Every control is drawn from what the table's `may` offers this phone (core.allow): the
// villain's phone, or the host's, which may act for the villain's board.

import { t, labelled } from "../i18n.js";
import { h } from "../ui.js";
import { actingAsHost, allow, changed, isVersus, mySeats, send, state } from "../core.js";
import { busy, noTable, refusalFor, stat, whyNot } from "./common.js";
import { poolCard, reinforcementCard, riverCard, spacesCard } from "./cp.js";

const ACTIONS = ["melee", "ranged", "manipulation", "thought"];
const TOKEN_KINDS = ["gas", "flame", "smoke", "frost"];
const tokenForm = { area: "" };

export function render() {
  const table = state.table;
  if (!table) return noTable();
  if (isVersus(table)) {
    return h("section", { class: "card" }, h("p", { text: t("vs.useCommandPost") }),
      h("a", { class: "btn primary", href: "#/versus/villain" }, t("tab.versus")));
  }
  const post = table.command_posts.villain;
  if (!post) return noTable();
  // read-only when this phone may send nothing for the command post and another seat may
  const mays = ["spend", "activate_tile", "dredge", "demobilize", "reinforce"].map((c) => allow(c, { side: "villain" }));
  const readonly = !mays.some((a) => a.ok) && mays.some((a) => a.by === "other");
  const forVillain = mays.some((a) => a.ok) && !mySeats().includes("villain") && actingAsHost();
  const out = [];
  out.push(h("div", { class: "vl-head" },
    h("h1", { text: t("cp.title") }),
    h("div", { class: "stats compact" },
      stat("reserve", post.reserve, t("hero.reserve"), "cp-reserve"),
      stat("fatigue", post.fatigue, t("hero.fatigue"), "cp-fatigue"),
      stat("", post.removed_from_game, t("cp.removed"), "cp-removed"))));
  if (readonly && state.conn !== "offline") out.push(h("p", { class: "muted small", "data-testid": "cp-readonly", text: t("cp.readonly") }));
  if (forVillain) out.push(h("p", {}, h("span", { class: "pill warn", "data-testid": "host-acting", text: t("vl.hostActing") })));
  // what to do now first: the reinforcement points of the event tile, then the river
  const reinforcing = reinforcementCard(table, post, "villain");
  if (reinforcing) out.push(reinforcing);
  out.push(riverCard(post, { side: "villain" }));
  const characters = charactersCard(table, post);
  if (characters) out.push(characters);
  out.push(spacesCard(post, "villain"));
  const tokens = tokensCard(table);
  if (tokens) out.push(tokens);
  if (!post.reinforcement_points) out.push(poolCard(post, "villain"));
  return out;
}

// ------------------------------------------------------------------ characters on the board

// The character a miniature is (its label without "#n"): its line on the tile, for its action
// multipliers and which actions it has at all.
function profileOf(post, mini) {
  const chars = post.tiles?.[mini.tile]?.characters || [];
  const name = mini.character || mini.label.replace(/ #\d+$/, "");
  return chars.find((c) => c.name === name) || (chars.length === 1 ? chars[0] : null);
}

function actionText(action) {
  return t(`vl.${action}`);
}

// What the character did in the activation of its tile: movement steps, the action and its uses
// out of the action multiplier, the end of its activation.
function doneText(post, mini) {
  const record = post.activation?.characters?.[mini.id];
  if (!record) return null;
  const parts = [];
  if (record.moved_first) parts.push(t("vl.moved1"));
  if (record.action) {
    const line = profileOf(post, mini)?.[record.action]?.[record.characteristic || 0];
    parts.push(t("vl.uses", { action: t(`space.${record.action}`), n: record.uses, max: line?.multiplier ?? "?" }));
  }
  if (record.moved_second) parts.push(t("vl.moved2"));
  if (record.finished || record.moved_second) parts.push(t("vl.finished"));
  return parts.length ? parts.join(" · ") : null;
}

// The action and move sheets (screens/sheets.js, drawn over any screen) when the app has them; until
// then each action is a link to the Dice screen's route that opens the same sheet.
let sheets = null;
import("./sheets.js").then((m) => { sheets = m; changed(); }).catch(() => { /* no sheets module: the links go to the Dice screen */ });

function openSheet(e, kind, id) {
  const open = kind === "move" ? sheets?.openMoveSheet : sheets?.openActionSheet;
  if (!open) return;   // the link's own route
  e.preventDefault();
  if (kind === "move") open({ miniature: id }); else open({ miniature: id }, kind);
}

function actionLinks(post, mini) {
  const profile = profileOf(post, mini);
  const links = [];
  const others = [];
  const move = allow("move", { miniature: mini.id });
  if (move.ok) links.push(["move", t("vl.move")]);
  else if (move.by === "other") others.push(move.why);
  for (const action of ACTIONS) {
    if (profile && !(profile[action] || []).length) continue;   // a characteristic it does not have
    const may = allow("start_roll", { miniature: mini.id, action });
    if (may.ok) links.push([action, actionText(action)]);
    else if (may.by === "other") others.push(may.why);
  }
  return {
    links: links.map(([kind, label]) => h("a", {
      class: `btn small ${kind === "move" ? "" : "primary"}`, href: `#/dice/${kind}/miniature/${encodeURIComponent(mini.id)}`,
      "data-testid": `char-${kind}-${mini.id}`, "aria-label": `${label}: ${mini.label}`,
      onclick: (e) => openSheet(e, kind, mini.id),
    }, label)),
    why: others[0] || null,
  };
}

function characterItem(post, mini, active) {
  const key = `lp-${mini.id}`;
  const wound = allow("wound", { miniature: mini.id });
  const done = active ? doneText(post, mini) : null;
  const { links, why } = active ? actionLinks(post, mini) : { links: [], why: null };
  // its tile's activations this turn (the table's list, emptied when the villain's turn ends)
  const times = (post.activated_this_turn || []).filter((id) => id === mini.tile).length;
  return h("li", { class: `char ${active ? "active" : ""} ${post.activation?.current === mini.id ? "current" : ""}`, "data-testid": `char-${mini.id}` },
    h("div", { class: "char-row" },
      h("div", { class: "char-id" },
        h("strong", { text: mini.label }),
        h("span", { class: "muted small", "data-testid": key, text: t("cp.lp", { n: mini.life_points, max: mini.max_life_points }) }),
        mini.max_life_points > 1 ? h("div", { class: "lp-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": mini.max_life_points,
          "aria-valuenow": mini.life_points, "aria-label": `${mini.label}: ${t("cp.lp", { n: mini.life_points, max: mini.max_life_points })}` },
        h("span", { style: `width:${Math.round(100 * mini.life_points / mini.max_life_points)}%` })) : null),
      wound.ok ? h("button", { type: "button", class: "btn small wound", "aria-busy": busy(key), "data-testid": `wound-${mini.id}`,
        "aria-label": labelled(t("cp.woundOne"), mini.label),
        onclick: () => send("wound", { miniature: mini.id, wounds: 1 }, key, { miniature: mini.id }) }, "−1") : null),
    times ? h("p", { class: "small muted", "data-testid": `char-activated-${mini.id}`,
      text: times === 1 ? t("gno.activatedOnce") : t("gno.activatedTimes", { n: times }) }) : null,
    done ? h("p", { class: "small char-done", "data-testid": `char-done-${mini.id}`, text: done }) : null,
    links.length ? h("div", { class: "char-actions" }, links) : null,
    links.length ? null : whyNot(why),
    refusalFor(key));
}

// A card per character on the board: those of the activated tile first, whole width, with what
// they did and their actions; the others smaller, two a row, in river order.
function charactersCard(table, post) {
  const onBoard = post.miniatures.filter((m) => m.place === "board");
  if (!onBoard.length) return null;
  const active = post.activation?.tile || null;
  const order = post.river.map((x) => x.id);
  const sorted = [...onBoard].sort((a, b) => (b.tile === active) - (a.tile === active) || order.indexOf(a.tile) - order.indexOf(b.tile));
  const villainTurn = table.turn?.side_playing === "villain";
  const activeName = active ? post.river.find((x) => x.id === active)?.name : null;
  return h("section", { class: "card", "aria-labelledby": "chars-h", "data-testid": "characters" },
    h("h2", { id: "chars-h" }, h("span", { text: t("vl.characters") }), h("span", { class: "pill", text: String(onBoard.length) })),
    activeName ? h("p", {}, h("span", { class: "pill ok", "data-testid": "active-tile", text: `${activeName} · ${t("vl.activeNow")}` }))
      : whyNot(villainTurn ? t("vl.noneActivated") : allow("move").why, "chars-why"),
    h("ul", { class: "list chars" }, sorted.map((m) => characterItem(post, m, m.tile === active))),
    active && villainTurn && sorted.some((m) => m.tile !== active) ? h("p", { class: "muted small why", text: t("vl.waitsTile") }) : null);
}

// ------------------------------------------------------------------ the villain's tokens (IX·O)

function tokensCard(table) {
  const mine = (table.tokens || []).filter((x) => x.side === "villain");
  const place = allow("place_token", { side: "villain" });
  if (!mine.length && !place.ok) return null;
  return h("section", { class: "card", "aria-labelledby": "tok-h", "data-testid": "tokens" },
    h("h2", { id: "tok-h" }, h("span", { text: t("vl.tokens") }), h("span", { class: "pill", text: String(mine.length) })),
    mine.length ? h("ul", { class: "list" }, mine.map((x) => {
      const key = `token-${x.id}`;
      const remove = allow("remove_token", { id: x.id });
      const kind = t(`vl.tok.${x.kind}`);
      return h("li", { "data-testid": key },
        h("div", {}, h("strong", { text: kind }),
          h("span", { class: "muted small", text: ` · ${t(`vl.tok.${x.state || "active"}`)}${x.area ? ` · ${x.area}` : ""}` }),
          refusalFor(key)),
        remove.ok ? h("button", { type: "button", class: "btn small", "aria-busy": busy(key), "aria-label": labelled(t("vl.remove"), `${kind}${x.area ? ` (${x.area})` : ""}`),
          onclick: () => send("remove_token", { id: x.id }, key, { id: x.id }) }, t("vl.remove")) : null);
    })) : null,
    place.ok ? h("div", { class: "stack" },
      h("label", { class: "field" }, h("span", { text: t("vl.area") }),
        h("input", { type: "text", "data-key": "token-area", maxlength: 80, value: tokenForm.area, oninput: (e) => { tokenForm.area = e.target.value; } })),
      h("div", { class: "token-kinds", role: "group", "aria-label": t("vl.placeToken") }, TOKEN_KINDS.map((kind) => {
        const may = allow("place_token", { side: "villain", kind });
        return h("button", { type: "button", class: "btn small", disabled: !may.ok, "aria-busy": busy(`place-${kind}`),
          "aria-label": labelled(t("vl.placeToken"), t(`vl.tok.${kind}`)),
          onclick: async () => {
            const done = await send("place_token", { kind, side: "villain", area: tokenForm.area.trim() }, `place-${kind}`, { side: "villain", kind });
            if (done) tokenForm.area = "";
          } }, `+ ${t(`vl.tok.${kind}`)}`);
      })),
      TOKEN_KINDS.map((kind) => refusalFor(`place-${kind}`))) : null,
    mine.length || place.ok ? null : h("p", { class: "muted", text: t("vl.noTokens") }));
}

