// Command post: reserve and fatigue, the spaces, the river (a horizontally scrolling row with
// each position's cost above it; one tap + a confirmation activates), neutralized tiles,
// dredging, demobilization, the life point track, reinforcement with the character pool.
// The pieces live in cp.js (the Versus command posts use them too).

import { t } from "../i18n.js";
import { h } from "../ui.js";
import { allow, isVersus, state } from "../core.js";
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
  // read-only when this phone may send nothing for the command post and another seat may
  const mays = ["spend", "activate_tile", "dredge", "demobilize", "reinforce"].map((c) => allow(c, { side: "villain" }));
  const readonly = !mays.some((a) => a.ok) && mays.some((a) => a.by === "other");
  const out = [];
  out.push(h("h1", { text: t("cp.title") }));
  if (readonly && state.conn !== "offline") out.push(h("p", { class: "muted small", "data-testid": "cp-readonly", text: t("cp.readonly") }));
  out.push(h("div", { class: "stats" },
    stat("reserve", post.reserve, t("hero.reserve"), "cp-reserve"),
    stat("fatigue", post.fatigue, t("hero.fatigue"), "cp-fatigue"),
    stat("", post.removed_from_game, t("cp.removed"), "cp-removed")));
  out.push(riverCard(post, { side: "villain" }));
  out.push(spacesCard(post, "villain"));
  const lp = lifeTrackCard(post);
  if (lp) out.push(lp);
  out.push(poolCard(post, "villain"));
  out.push(miniaturesCard(post));
  return out;
}
