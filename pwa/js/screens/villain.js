// Command post: reserve and fatigue, the spaces, the river (a horizontally scrolling row with
// each position's cost above it; one tap + a confirmation activates), neutralized tiles,
// dredging, demobilization, the life point track, reinforcement with the character pool.
// The pieces live in cp.js (the Versus command posts use them too).

import { t } from "../i18n.js";
import { h } from "../ui.js";
import { canVillain, isVersus, state } from "../core.js";
import { noTable, stat } from "./common.js";
import { lifeTrackCard, miniaturesCard, poolCard, riverCard, spacesCard } from "./cp.js";

export function render() {
  const table = state.table;
  if (!table) return noTable();
  if (isVersus(table)) {
    return h("section", { class: "card" }, h("p", { text: t("vs.useCommandPost") }),
      h("a", { class: "btn primary", href: "#/versus/villain" }, t("tab.versus")));
  }
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
  out.push(riverCard(post, can, { side: "villain" }));
  out.push(spacesCard(post, can, "villain"));
  const lp = lifeTrackCard(post, can);
  if (lp) out.push(lp);
  out.push(poolCard(post, can, "villain"));
  out.push(miniaturesCard(post, can));
  return out;
}
