// Boot, routing (#/screen), the shell around the screens, the service worker.

import { getLang, initLang, setLang, t, labelled } from "./i18n.js";
import { formatTime, h, icon } from "./ui.js";
import {
  actingAsHost, changed, gameOf, gameOver, heroOfSeat, hostPlays, openTable, seatName, setActingAsHost, setUpdateReady, state, subscribe,
  tableRecord,
} from "./core.js";
import * as home from "./screens/home.js";
import * as tableScreen from "./screens/table.js";
import * as heroScreen from "./screens/hero.js";
import * as villainScreen from "./screens/villain.js";
import * as diceScreen from "./screens/dice.js";
import * as historyScreen from "./screens/history.js";
import * as summaryScreen from "./screens/summary.js";
import * as versusScreen from "./screens/versus.js";
import * as bmg from "./screens/bmg.js";
import * as gcsg from "./screens/gcsg.js";
import { advanceBar, badges, keepAwake, missedCard, resultCard, strip, watchDice } from "./now.js";

const SCREENS = {
  home, join: home, table: tableScreen, hero: heroScreen, villain: villainScreen,
  dice: diceScreen, history: historyScreen, versus: versusScreen,
  plan: bmg.plan, stash: gcsg.stash, summary: summaryScreen,
};

// Each game's own screens behind the shared routes: the table view says which game it is.
// A route the game has no screen for (the board game's hero, villain, versus) shows its table screen.
const GAME_SCREENS = {
  bmg: { home, join: home, history: historyScreen, summary: summaryScreen, table: bmg.round, plan: bmg.plan, dice: bmg.dice },
  gcsg: { home, join: home, history: historyScreen, summary: summaryScreen, table: gcsg.city, stash: gcsg.stash, dice: gcsg.fight },
};

function screenFor(name) {
  const game = GAME_SCREENS[gameOf()];
  if (state.table && game) return game[name] || game.table;
  if (name === "plan" || name === "stash") return tableScreen;
  return SCREENS[name];
}

const TABS = [
  ["home", "home", "#/home"],
  ["table", "table", "#/table"],
  ["hero", "hero", "#/hero"],
  ["villain", "villain", "#/villain"],
  ["dice", "dice", "#/dice"],
  ["history", "history", "#/history"],
];
// A Versus table has two command posts and no hero board: one tab for the command posts (the
// setup while the teams are drafted).
const VERSUS_TABS = [
  ["home", "home", "#/home"],
  ["table", "table", "#/table"],
  ["versus", "post", "#/versus"],
  ["dice", "dice", "#/dice"],
  ["history", "history", "#/history"],
];

// The Miniature Game: the round (strip, what to do, the crews), the secret plan, dice with odds.
const BMG_TABS = [
  ["home", "home", "#/home"],
  ["table", "table", "#/table", "tab.round"],
  ["plan", "lock", "#/plan"],
  ["dice", "dice", "#/dice"],
  ["history", "history", "#/history"],
];
// The Strategy Game: the city and the turn, the private stash, the fight with its odds.
const GCSG_TABS = [
  ["home", "home", "#/home"],
  ["table", "table", "#/table", "tab.city"],
  ["stash", "lock", "#/stash"],
  ["dice", "dice", "#/dice", "tab.fight"],
  ["history", "history", "#/history"],
];

export function route() {
  const parts = (location.hash || "#/home").replace(/^#\/?/, "").split("/");
  return { name: SCREENS[parts[0]] ? parts[0] : "home", args: parts.slice(1).map(decodeURIComponent) };
}

export function go(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

let lastRoute = "";
let registration = null;
let updateRequested = false;

function render() {
  const r = route();
  const key = `${r.name}/${r.args.join("/")}`;
  const main = document.getElementById("main");
  const newScreen = key !== lastRoute;
  if (newScreen) {
    state.error = null;
    screenFor(lastRoute.split("/")[0])?.leave?.();
  }

  // keep focus and horizontal scroll positions across re-renders
  const focusedKey = document.activeElement?.dataset?.key;
  const caret = document.activeElement?.selectionStart;
  const scrolls = {};
  main.querySelectorAll("[data-scroll-key]").forEach((el) => { scrolls[el.dataset.scrollKey] = el.scrollLeft; });

  renderShell(r);
  const screen = screenFor(r.name);
  const content = screen.render(r.args, { go });
  main.replaceChildren(...[content].flat(2).filter((x) => x !== null && x !== undefined && x !== false));

  main.querySelectorAll("[data-scroll-key]").forEach((el) => {
    if (el.dataset.scrollKey in scrolls) el.scrollLeft = scrolls[el.dataset.scrollKey];
  });
  if (focusedKey) {
    const again = main.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`);
    if (again) {
      again.focus({ preventScroll: true });
      if (caret != null && again.setSelectionRange && again.type === "text") {
        try { again.setSelectionRange(caret, caret); } catch { /* not a text field */ }
      }
    }
  }
  if (newScreen) {
    lastRoute = key;
    screen.enter?.(r.args);
    if (!focusedKey) main.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
}

function renderShell(r) {
  document.title = state.code ? `${state.code} · ${t("appName")}` : t("appName");
  document.getElementById("table-label").textContent = state.code
    ? `${state.code}${state.seat ? " · " + seatName(state.seat) : ""}` : t("appName");
  const conn = document.getElementById("conn");
  conn.dataset.state = state.code ? state.conn : "none";
  conn.textContent = state.code ? t(`conn.${state.conn}`) : "";
  const langBtn = document.getElementById("lang");
  // the language's name, or its short form where the header is compact (a 360×640 phone)
  langBtn.replaceChildren(h("span", { class: "long", text: t("lang.switch") }), h("span", { class: "short", "aria-hidden": "true", text: t("lang.short") }));
  langBtn.lang = getLang() === "fr" ? "en" : "fr";
  langBtn.setAttribute("aria-label", labelled(t("lang.label"), t("lang.switch")));

  const banners = [];
  if (state.code && state.conn === "offline") {
    const when = state.savedAt ? t("offlineWhen", { time: formatTime(state.savedAt) }) : "";
    banners.push(h("div", { class: "banner offline", role: "alert", "data-testid": "offline-banner" },
      h("p", { text: t("offlineBanner", { when }) })));
  }
  if (state.updateReady) {
    banners.push(h("div", { class: "banner update", role: "status" },
      h("p", { text: t("updateReady") }),
      h("button", { type: "button", class: "btn primary small", onclick: applyUpdate }, t("updateNow"))));
  }
  const current = r.name === "join" ? "home" : r.name;
  const versus = state.table?.mode === "versus";
  const game = state.code ? gameOf() : null;
  const list = game === "bmg" ? BMG_TABS : game === "gcsg" ? GCSG_TABS : versus ? VERSUS_TABS : TABS;
  const tabNames = list.map(([name]) => name);
  // the board game's table-wide pieces: who is awaited, this phone's prompt, the last roll's result
  watchDice();
  const now = state.code ? strip(current, tabNames) : [];
  document.getElementById("now").replaceChildren(...now.slice(0, 1).filter(Boolean));
  // this phone's prompt and the last roll's result scroll with the screen: only the strip stays on
  // top, so that the sticky part stays small at 360 × 640
  const result = state.code ? resultCard() : null;
  const missed = state.code ? missedCard() : null;
  document.getElementById("result").replaceChildren(...[missed, ...now.slice(1), result].filter(Boolean));
  if (state.code && hostPlays() && actingAsHost()) {
    // the host's powers are on on a player's phone: said on every screen, with the way out
    banners.push(h("div", { class: "banner acting", role: "status", "data-testid": "acting-host" },
      h("p", { text: t("host.acting", { seat: seatName(state.seat) }) }),
      h("button", { type: "button", class: "btn small", "data-testid": "acting-host-stop", onclick: () => setActingAsHost(false) }, t("host.stop"))));
  }
  if (state.code && gameOver() && r.name !== "summary") {
    // after the game: its summary, one tap away on every screen
    banners.push(h("div", { class: "banner notice", role: "status", "data-testid": "over-banner" },
      h("p", { text: t("table.over") }),
      h("a", { class: "btn small primary", href: `#/summary/${state.code}` }, t("summary.open"))));
  }
  if (state.notice) {
    banners.push(h("div", { class: "banner notice", role: "status" },
      h("p", { text: state.notice }),
      h("button", { type: "button", class: "btn small", onclick: () => { state.notice = null; changed(); } }, t("close"))));
  }
  document.getElementById("banners").replaceChildren(...banners);

  const marked = badges(tabNames);
  const tabs = list.map(([name, ico, href, label]) => {
    let target = href;
    const hero = heroOfSeat(state.seat);
    if (name === "hero" && hero) target = `#/hero/${encodeURIComponent(hero)}`;
    return h("a", { class: "tab", href: target, "aria-current": current === name ? "page" : false, "data-testid": `tab-${name}` },
      icon(ico, 24), h("span", { text: name === "versus" && state.table?.versus?.draft?.phase !== "done" ? t("tab.setup") : t(label || `tab.${name}`) }),
      marked.has(name) ? h("span", { class: "badge", "data-testid": `badge-${name}` }, h("span", { class: "sr-only", text: t("now.badge") })) : null);
  });
  document.getElementById("tabbar").replaceChildren(...tabs);
  document.getElementById("tabbar").style.gridTemplateColumns = `repeat(${tabs.length}, 1fr)`;
  document.getElementById("tabbar").setAttribute("aria-label", t("appName"));

  const dock = state.code ? advanceBar(current) : null;
  document.getElementById("dock").replaceChildren(...(dock ? [dock] : []));
  document.body.classList.toggle("docked", Boolean(dock));
  // what is scrolled into view (focus, find, links) lands clear of the sticky top and the fixed bottom
  const root = document.documentElement.style;
  root.setProperty("--chrome-h", `${document.querySelector(".chrome")?.offsetHeight || 0}px`);
  root.setProperty("--dock-h", `${document.getElementById("dock").offsetHeight || 0}px`);
  keepAwake(Boolean(state.code && state.table));
}

function applyUpdate() {
  updateRequested = true;
  if (registration?.waiting) registration.waiting.postMessage({ type: "SKIP_WAITING" });
  else location.reload();
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").then((reg) => {
    registration = reg;
    if (reg.waiting && navigator.serviceWorker.controller) setUpdateReady(true);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) setUpdateReady(true);
      });
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reg.update().catch(() => {});
    });
  }).catch(() => { /* no service worker: the app still works online */ });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updateRequested) location.reload();
  });
}

function boot() {
  initLang();
  // A join link: /join/CODE, or a handed-over seat: /join/CODE#claim=… (a one-time, short-lived
  // code the host's phone shows; never the seat's token)
  let open = null;  // the table this phone opens on: the one it was at
  try { open = localStorage.getItem("gc.current"); } catch { /* ignore */ }
  const joined = /^\/join\/([A-Za-z0-9]{4,12})\/?$/.exec(location.pathname);
  if (joined) {
    const code = joined[1].toUpperCase();
    const claim = new URLSearchParams(location.hash.replace(/^#/, "")).get("claim");
    const rec = tableRecord(code);
    if (!claim && (rec?.token || rec?.hostToken)) {
      // the join link or QR opened again on a phone seated there: back to its table, seat kept
      open = code;
      history.replaceState(null, "", `/${home.landing(rec)}`);
    } else {
      history.replaceState(null, "", `/#/join/${code}`);
      if (claim) {
        open = null;  // the handed-over seat's table opens once claimed
        home.claimFromLink(code, claim);
      }
    }
  } else if (!location.hash || location.hash === "#/" ) {
    history.replaceState(null, "", open && tableRecord(open) ? "/#/table" : "/#/home");
  }
  // a join screen of another table keeps this phone's own table open meanwhile
  if (!state.code && open && tableRecord(open)) openTable(open);

  document.getElementById("lang").addEventListener("click", () => {
    setLang(getLang() === "fr" ? "en" : "fr");
    render();
  });
  window.addEventListener("hashchange", render);
  subscribe(render);
  render();
  registerServiceWorker();
}

boot();
