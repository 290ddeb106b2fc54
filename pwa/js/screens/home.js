// Home: create a table from the library, join by code or link, resume a recent table.
// Also the join screen (#/join/CODE): choose a seat.

import { refusalText, t, labelled, word } from "../i18n.js";
import { add, confirmSheet, h, keptDetails } from "../ui.js";
import {
  changed, claimSeat, forgetTable, heroOfSeat, joinSeat, openTable, playerName, reclaimHost, recentTables, request, saveRecord, state,
  tableRecord,
} from "../core.js";
import { qrCard, recoveryCard } from "./common.js";
import { setVibrate, vibrateOn } from "../now.js";
import { catalog } from "../catalog.js";
import { renderVersusCreate } from "./versus-new.js";
import { renderBmgCreate, renderGcsgCreate } from "./games-new.js";

const form = {
  library: null, loading: false, failed: false,
  mission: null, heroes: new Set(), items: {}, values: {}, heroValues: {},
  code: "", joinError: null, createError: null, creating: false,
  mode: "standard",    // standard | versus | bmg | gcsg (the other games)
};

const join = { code: null, seats: null, table: null, error: null, busyKey: null, created: false, claiming: null };

let goRef = null;

export function enter(args) {
  if (args.length && args[0]) loadJoin(args[0].toUpperCase());
  else if (!form.library && !form.loading) loadLibrary();
  if (!args.length && form.mode === "versus") catalog("missions");
}

async function loadLibrary() {
  form.loading = true;
  form.failed = false;
  changed();
  try {
    const answer = await request("GET", "/api/library");
    if (!answer.ok) throw new Error(String(answer.status));
    form.library = answer.data;
    const mission = answer.data.missions[0];
    if (mission) selectMission(mission.name);
  } catch {
    form.failed = true;
  } finally {
    form.loading = false;
    changed();
  }
}

function selectMission(name) {
  form.mission = name;
  const m = form.library.missions.find((x) => x.name === name);
  form.values = {
    turn_limit: m.turn_limit, villain_reserve: m.villain_reserve, villain_fatigue: m.villain_fatigue,
    recovery: m.recovery, reinforcement_points: m.reinforcement_points,
  };
}

export function render(args, ctx) {
  goRef = ctx.go;
  if (args.length && args[0]) return renderJoin(args[0].toUpperCase());
  return [renderJoinBox(), renderRecent(), renderCreate(), renderReclaim(), renderSettings()];
}

// ------------------------------------------------------------------ join by code

function renderJoinBox() {
  const submit = (e) => {
    e.preventDefault();
    const code = form.code.trim().toUpperCase();
    if (!/^[A-Z0-9]{6}$/.test(code)) {
      form.joinError = t("home.codeHelp");
      changed();
      return;
    }
    form.joinError = null;
    goRef(`#/join/${code}`);
  };
  return h("section", { class: "card", "aria-labelledby": "join-h" },
    h("h1", { id: "join-h", text: t("home.join") }),
    h("form", { onsubmit: submit, class: "stack" },
      h("label", { class: "field" },
        h("span", { text: t("home.code") }),
        h("input", {
          type: "text", class: "code", name: "code", inputmode: "text", autocomplete: "off", autocapitalize: "characters",
          maxlength: 6, value: form.code, "data-key": "join-code", "aria-describedby": "code-help",
          oninput: (e) => { form.code = e.target.value.toUpperCase(); },
        })),
      h("p", { id: "code-help", class: "muted small", text: t("home.codeHelp") }),
      form.joinError ? h("p", { class: "refusal", role: "alert", text: form.joinError }) : null,
      h("button", { type: "submit", class: "btn primary block", "data-testid": "join-submit" }, t("home.joinBtn")),
      scanButton()));
}

// QR scanning where the browser can read barcodes from the camera; otherwise the code field does.
function scanButton() {
  if (!("BarcodeDetector" in window) || !navigator.mediaDevices?.getUserMedia) return null;
  return h("button", { type: "button", class: "btn block", onclick: scan }, t("home.scan"));
}

async function scan() {
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch {
    return;
  }
  const video = h("video", { playsinline: true, muted: true, style: "width:100%;border-radius:12px" });
  video.srcObject = stream;
  const dialog = h("dialog", { class: "sheet" }, h("h2", { text: t("home.scan") }), video,
    h("div", { class: "sheet-actions" }, h("button", { type: "button", class: "btn", onclick: stop }, t("home.scanStop"))));
  document.body.append(dialog);
  dialog.showModal();
  await video.play().catch(() => {});
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  let running = true;
  function stop() {
    running = false;
    stream.getTracks().forEach((tr) => tr.stop());
    dialog.close();
    dialog.remove();
  }
  while (running) {
    try {
      const found = await detector.detect(video);
      const text = found[0]?.rawValue;
      const m = text && /\/join\/([A-Za-z0-9]{6})/.exec(text);
      if (m || (text && /^[A-Za-z0-9]{6}$/.test(text))) {
        stop();
        goRef(`#/join/${(m ? m[1] : text).toUpperCase()}`);
        return;
      }
    } catch { /* keep trying */ }
    await new Promise((r) => setTimeout(r, 300));
  }
}

// ------------------------------------------------------------------ recent tables

function renderRecent() {
  const recent = recentTables();
  return h("section", { class: "card", "aria-labelledby": "recent-h" },
    h("h2", { id: "recent-h", text: t("home.recent") }),
    recent.length === 0 ? h("p", { class: "muted", text: t("home.noRecent") }) :
      h("ul", { class: "list" }, recent.map((r) => h("li", {},
        h("div", {},
          h("strong", { text: r.code }), " ",
          h("span", { class: "muted small", text: [r.mission, r.seat ? seatLabel(r.seat) : null].filter(Boolean).join(" · ") })),
        h("div", { class: "row" },
          h("button", { type: "button", class: "btn small primary", "data-testid": `resume-${r.code}`,
            onclick: () => { openTable(r.code); goRef(landing(r)); } }, t("home.resume")),
          h("button", { type: "button", class: "btn small ghost", "aria-label": `${t("home.forget")} ${r.code}`,
            onclick: () => confirmForget(r) }, t("home.forget")))))));
}

// Forgetting a table throws its tokens away: say what is lost, and ask first.
async function confirmForget(r) {
  const lost = [];
  if (r.hostToken) lost.push(t("forget.host"));
  if (r.seat && r.token) lost.push(t("forget.seat", { seat: seatLabel(r.seat) }));
  if (!lost.length) lost.push(t("forget.only"));
  const ok = await confirmSheet({
    title: t("forget.title", { code: r.code }),
    body: h("div", { class: "stack" }, lost.map((line) => h("p", { text: line }))),
    confirm: t("forget.go"), cancel: t("cp.cancel"), danger: true,
  });
  if (ok) forgetTable(r.code);
}

// ------------------------------------------------------------------ reclaim the host seat (contract C6)

const reclaim = { code: "", recovery: "", error: null, done: null, busy: false };

function renderReclaim() {
  const submit = async (e) => {
    e.preventDefault();
    const code = reclaim.code.trim().toUpperCase();
    const recovery = reclaim.recovery.trim();
    if (!/^[A-Z0-9]{4,12}$/.test(code)) { reclaim.error = t("home.codeHelp"); changed(); return; }
    if (!recovery) return;
    reclaim.busy = true;
    reclaim.error = null;
    reclaim.done = null;
    changed();
    try {
      const answer = await reclaimHost(code, recovery);
      if (answer.ok) {
        reclaim.done = code;
        reclaim.recovery = "";
        if (!tableRecord(code)?.mission) saveRecord(code, { mode: answer.data?.mode || undefined });
      } else if (answer.status === 403) {
        reclaim.error = t("reclaim.bad", { code });
      } else if (answer.status === 404) {
        reclaim.error = t("join.noTable", { code });
      } else {
        reclaim.error = refusalText(answer.data) || String(answer.status);
      }
    } catch {
      reclaim.error = t("err.network");
    } finally {
      reclaim.busy = false;
      changed();
    }
  };
  return h("section", { class: "card", "aria-labelledby": "reclaim-h" },
    details(t("reclaim.title"), h("form", { class: "stack", onsubmit: submit, "data-testid": "reclaim" },
      h("p", { class: "muted small", text: t("reclaim.help") }),
      h("label", { class: "field" }, h("span", { text: t("reclaim.code") }),
        h("input", { type: "text", class: "code", autocomplete: "off", autocapitalize: "characters", maxlength: 12,
          value: reclaim.code, "data-key": "reclaim-code", oninput: (e) => { reclaim.code = e.target.value.toUpperCase(); } })),
      h("label", { class: "field" }, h("span", { text: t("reclaim.recovery") }),
        h("input", { type: "text", autocomplete: "off", autocapitalize: "off", spellcheck: "false", maxlength: 80,
          value: reclaim.recovery, "data-key": "reclaim-recovery", oninput: (e) => { reclaim.recovery = e.target.value; } })),
      reclaim.error ? h("p", { class: "refusal", role: "alert", "data-testid": "reclaim-error", text: reclaim.error }) : null,
      reclaim.done ? h("p", { class: "ok-line", role: "status", "data-testid": "reclaim-done" }, t("reclaim.done", { code: reclaim.done }), " ",
        h("button", { type: "button", class: "btn small primary", onclick: () => { openTable(reclaim.done); goRef("#/table"); } }, t("home.resume"))) : null,
      h("button", { type: "submit", class: "btn block", "aria-busy": reclaim.busy ? "true" : false, disabled: reclaim.busy,
        "data-testid": "reclaim-go" }, t("reclaim.go"))), "reclaim"));
}

// ------------------------------------------------------------------ this phone's settings

function renderSettings() {
  return h("section", { class: "card", "aria-labelledby": "settings-h" },
    h("h2", { id: "settings-h", text: t("settings.title") }),
    h("label", { class: "check", for: "vibrate" },
      h("input", { type: "checkbox", id: "vibrate", checked: vibrateOn(), "data-key": "vibrate", "data-testid": "setting-vibrate",
        onchange: (e) => setVibrate(e.target.checked) }),
      h("span", { text: t("settings.vibrate") })));
}

function seatLabel(seat) {
  return heroOfSeat(seat) || (/^player:/.test(seat) ? seat.slice(7) : t(`seat.${seat}`));
}

export function landing(r) {
  if (r.mode === "versus") return ["heroes", "villain"].includes(r.seat) ? "#/versus" : "#/table";
  const screens = { villain: "#/villain" };   // the screen a seat opens on
  if (screens[r.seat]) return screens[r.seat];
  const hero = heroOfSeat(r.seat);
  return hero ? `#/hero/${encodeURIComponent(hero)}` : "#/table";
}

// ------------------------------------------------------------------ create a table

function renderCreate() {
  const box = h("section", { class: "card", "aria-labelledby": "create-h" }, h("h2", { id: "create-h", text: t("home.create") }),
    h("div", { class: "seg", role: "group", "aria-label": t("home.modeLabel") },
      ["standard", "versus", "bmg", "gcsg"].map((mode) => h("button", {
        type: "button", class: `btn small ${form.mode === mode ? "primary" : ""}`, "aria-pressed": form.mode === mode ? "true" : "false",
        "data-testid": `mode-${mode}`, onclick: () => { form.mode = mode; if (mode === "versus") catalog("missions"); changed(); },
      }, t(`home.mode.${mode}`)))),
    h("p", { class: "muted small", text: t(`home.modeHelp.${form.mode}`) }));
  if (form.mode === "versus") return renderVersusCreate(box, goRef);
  if (form.mode === "bmg") return renderBmgCreate(box, goRef);
  if (form.mode === "gcsg") return renderGcsgCreate(box, goRef);
  if (form.loading || (!form.library && !form.failed)) {
    add(box, h("p", { class: "muted", text: t("home.loading") }));
    return box;
  }
  if (form.failed) {
    add(box, h("p", { class: "refusal", role: "alert", text: t("home.libraryFailed") }),
      h("button", { type: "button", class: "btn", onclick: loadLibrary }, t("retry")));
    return box;
  }
  const lib = form.library;
  const mission = lib.missions.find((m) => m.name === form.mission);
  add(box, 
    h("label", { class: "field" }, h("span", { text: t("home.mission") }),
      h("select", { "data-key": "mission", onchange: (e) => { selectMission(e.target.value); changed(); } },
        lib.missions.map((m) => h("option", { value: m.name, selected: m.name === form.mission }, m.name)))),
    mission ? h("p", { class: "muted small", text: t("home.tiles", { tiles: mission.river.join(", ") }) }) : null,
    mission ? details(t("home.adjust"), h("div", { class: "grid2" },
      numberField("turn_limit", t("home.turnLimit"), form.values, 1, 12),
      numberField("villain_reserve", t("home.villainReserve"), form.values, 0, 60),
      numberField("villain_fatigue", t("home.villainFatigue"), form.values, 0, 60),
      numberField("recovery", t("home.recovery"), form.values, 0, 60),
      numberField("reinforcement_points", t("home.rp"), form.values, 0, 40)), "mission-adjust") : null,
    h("fieldset", { class: "plain" },
      h("legend", { class: "field-legend", text: t("home.heroes") }),
      lib.heroes.map((hero) => heroChoice(hero, lib))),
    form.createError ? h("p", { class: "refusal", role: "alert", text: form.createError }) : null,
    h("button", { type: "button", class: "btn primary block", "data-testid": "create-table",
      "aria-busy": form.creating ? "true" : false, disabled: form.creating, onclick: create }, t("home.createBtn")));
  return box;
}

const openDetails = new Set();

function details(summary, content, key) {
  return keptDetails(openDetails, key, changed, {}, h("summary", { text: summary }), content);
}

function numberField(name, label, values, min, max) {
  return h("label", { class: "field" }, h("span", { text: label }),
    h("input", { type: "number", inputmode: "numeric", min, max, value: values[name], "data-key": `num-${name}-${label}`,
      oninput: (e) => { values[name] = e.target.value === "" ? "" : Number(e.target.value); } }));
}

function heroChoice(hero, lib) {
  const picked = form.heroes.has(hero.name);
  const id = `hero-${hero.name.replace(/\W+/g, "-")}`;
  const values = form.heroValues[hero.name] ||= {
    energy: hero.energy, active_recovery: hero.active_recovery, resting_recovery: hero.resting_recovery,
  };
  const items = form.items[hero.name] ||= new Set();
  const usable = lib.items.filter((i) => !i.restricted_to || i.restricted_to === hero.name);
  return h("div", { class: "hero-choice" },
    h("label", { class: "check", for: id },
      h("input", { type: "checkbox", id, checked: picked, "data-key": id, "data-testid": `pick-${hero.name}`,
        onchange: (e) => {
          // a hero ticked shows what they carry at once (a first table easily forgets the weapons)
          if (e.target.checked) { form.heroes.add(hero.name); openDetails.add(`items-${hero.name}`); } else form.heroes.delete(hero.name);
          changed();
        } }),
      h("span", {}, h("strong", { text: hero.name }), hero.sample ? h("span", { class: "muted small", text: ` · ${t("home.sample")}` }) : null)),
    // what the hero carries, named in the summary (open once the hero is ticked), then the values
    picked ? details(labelled(hero.name, `${t("home.items")} (${items.size ? [...items].join(", ") : t("home.itemsNone")})`),
      h("div", { "data-testid": `items-${hero.name}` }, usable.map((item) => {
        const iid = `${id}-item-${item.name.replace(/\W+/g, "-")}`;
        return h("label", { class: "check", for: iid },
          h("input", { type: "checkbox", id: iid, checked: items.has(item.name), "data-key": iid,
            onchange: (e) => { if (e.target.checked) items.add(item.name); else items.delete(item.name); changed(); } }),
          h("span", { text: `${item.name} (${item.category === "bat-gadget" ? t("hero.gadget") : word(`item.type.${item.type}`, item.type)}, ${item.encumbrance})` }));
      })), `items-${hero.name}`) : null,
    picked ? details(labelled(hero.name, t("home.adjust")), h("div", { class: "grid2" },
      numberField("energy", t("home.energy"), values, 1, 40),
      numberField("active_recovery", t("home.activeRecovery"), values, 0, 40),
      numberField("resting_recovery", t("home.restingRecovery"), values, 0, 40)), `values-${hero.name}`) : null);
}

async function create() {
  const lib = form.library;
  const mission = lib.missions.find((m) => m.name === form.mission);
  if (!form.heroes.size) {
    form.createError = t("home.pickHero");
    changed();
    return;
  }
  const heroes = lib.heroes.filter((x) => form.heroes.has(x.name)).slice(0, 4).map((board) => {
    const chosen = lib.items.filter((i) => form.items[board.name]?.has(i.name));
    return {
      board: { ...board, ...cleanNumbers(form.heroValues[board.name]) },
      equipment: chosen.filter((i) => i.category !== "bat-gadget"),
      gadgets: chosen.filter((i) => i.category === "bat-gadget"),
    };
  });
  const tiles = lib.tiles.filter((x) => mission.river.includes(x.name));
  form.creating = true;
  form.createError = null;
  changed();
  try {
    const answer = await request("POST", "/api/tables", { body: { mission: { ...mission, ...cleanNumbers(form.values) }, heroes, tiles } });
    if (!answer.ok) {
      form.createError = refusalText(answer.data) || String(answer.status);
      const errors = answer.data?.errors;
      if (errors) form.createError += `: ${JSON.stringify(errors).slice(0, 200)}`;
      return;
    }
    const table = answer.data;
    saveRecord(table.code, { hostToken: table.token, seat: "host", token: null, mission: mission.name, joinLink: table.join_link,
      recoveryCode: table.recovery_code || null });
    join.created = true;
    goRef(`#/join/${table.code}`);
  } catch {
    form.createError = t("err.network");
  } finally {
    form.creating = false;
    changed();
  }
}

function cleanNumbers(values = {}) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "" && Number.isFinite(v)));
}

// ------------------------------------------------------------------ join screen: pick a seat

async function loadJoin(code, keepError = false) {
  join.code = code;
  if (!keepError) join.error = null;
  join.seats = null;
  changed();
  try {
    const [seats, table] = await Promise.all([
      request("GET", `/api/tables/${code}/seats`),
      request("GET", `/api/tables/${code}`),
    ]);
    if (!seats.ok) {
      join.error = seats.status === 404 ? t("join.noTable", { code }) : refusalText(seats.data);
    } else {
      join.seats = seats.data;
      join.table = table.ok ? table.data : null;
    }
  } catch {
    join.error = t("err.network");
  }
  changed();
}

function renderJoin(code) {
  const rec = tableRecord(code);
  const link = `${location.origin}/join/${code}`;
  const out = [];
  const head = h("section", { class: "card", "aria-labelledby": "seat-h" },
    h("h1", { id: "seat-h", text: t("join.title", { code }) }));
  if (rec?.hostToken) {
    add(head, h("p", { text: t("join.created", { code }) }),
      h("p", { class: "row" },
        h("span", { class: "pill", style: "font-size:1.4rem;letter-spacing:.2em", "data-testid": "join-code" }, code)),
      h("div", { class: "row" },
        navigator.share ? h("button", { type: "button", class: "btn", onclick: () => navigator.share({ title: t("appName"), url: link }).catch(() => {}) }, t("join.share")) : null,
        h("button", { type: "button", class: "btn", onclick: async (e) => {
          try { await navigator.clipboard.writeText(link); e.target.textContent = t("join.copied"); } catch { /* no clipboard */ }
        } }, t("join.copy"))),
      h("p", { class: "muted small", text: link }));
  }
  out.push(head);
  // the host's phone: the QR code for the others and the recovery code come after the seats
  const hostCards = rec?.hostToken ? [qrCard(code), rec.recoveryCode ? recoveryCard(rec.recoveryCode) : null] : [];
  const box = h("section", { class: "card", "aria-labelledby": "pick-h" },
    h("h2", { id: "pick-h", text: rec?.hostToken && !join.table?.players ? t("join.playAs") : t("join.pick") }),
    join.table?.mode === "versus" && join.code === code ? h("p", { class: "small", "data-testid": "join-versus", text: t("join.versusHelp") }) : null);
  if (join.claiming === code) add(box, h("p", { class: "muted", role: "status", text: t("join.claiming") }));
  if (join.error && join.code === code) add(box, h("p", { class: "refusal", role: "alert", "data-testid": "join-refusal", text: join.error }));
  if (!join.seats || join.code !== code) {
    if (!join.error) add(box, h("p", { class: "muted", text: t("loading") }));
    out.push(box, ...hostCards);
    return out;
  }
  const heroes = join.table?.heroes || [];
  const nameOf = (seat) => { const id = heroOfSeat(seat); return id ? (heroes.find((x) => x.id === id)?.name || id) : playerName(seat, join.table) || t(`seat.${seat}`); };
  const list = h("ul", { class: "list" });
  for (const s of join.seats.filter((x) => x.seat !== "host")) {
    const mine = rec?.seat === s.seat && rec?.token;
    const key = `seat-${s.seat}`;
    list.append(h("li", {},
      h("div", {}, h("strong", { text: nameOf(s.seat) }), " ",
        h("span", { class: `pill ${s.taken ? "warn" : "ok"}`, text: mine ? t("seat.you") : s.taken ? t("join.taken") : t("join.free") })),
      h("button", { type: "button", class: "btn small primary", "data-testid": `take-${s.seat}`, "aria-label": labelled(t("join.take"), nameOf(s.seat)),
        "aria-busy": join.busyKey === key ? "true" : false, disabled: (s.taken && !mine) || join.busyKey,
        onclick: () => take(code, s.seat, key) }, t("join.take"))));
    if (join.error && join.errorKey === key) list.append(h("li", {}, h("p", { class: "refusal", role: "alert", text: join.error })));
  }
  list.append(h("li", {}, h("strong", { text: t("seat.spectator") }),
    h("button", { type: "button", class: "btn small", "data-testid": "take-spectator", onclick: () => take(code, "spectator", "seat-spectator") }, t("join.take"))));
  if (rec?.hostToken) {
    list.append(h("li", {}, h("strong", { text: t("join.hostOnly") }),
      h("button", { type: "button", class: "btn small", "data-testid": "host-only", onclick: () => {
        saveRecord(code, { seat: "host", token: null, mode: join.table?.mode || join.table?.game || "standard" });
        openTable(code);
        goRef("#/table");
      } }, t("join.take"))));
  }
  add(box, list, h("p", { class: "muted small", text: t("join.handoverHelp") }));
  out.push(box, ...hostCards);
  return out;
}

// A handover link (/join/CODE#claim=…): the seat the host handed to this phone, taken with the
// link's one-time code. A used or expired code is said on the join screen; whatever table this
// phone holds stays as it was.
export async function claimFromLink(code, claim) {
  join.claiming = code;
  changed();
  try {
    const answer = await claimSeat(code, claim);
    if (answer.ok) {
      await openTable(code);
      const go = goRef || ((hash) => { location.hash = hash; });
      go(landing({ seat: answer.data.seat, mode: state.table?.mode }));
      return;
    }
    join.code = code;
    join.error = refusalText(answer.data) || String(answer.status);
    join.errorKey = null;
  } catch {
    join.code = code;
    join.error = t("err.network");
  } finally {
    join.claiming = null;
    changed();
  }
}

async function take(code, seat, key) {
  const rec = tableRecord(code);
  if (rec?.seat === seat && rec?.token) {
    openTable(code);
    goRef(landing({ ...rec, mode: join.table?.mode || rec.mode }));
    return;
  }
  join.busyKey = key;
  join.error = null;
  changed();
  try {
    const answer = await joinSeat(code, seat);
    if (answer.ok) {
      const mode = join.table?.mode || join.table?.game || "standard";
      saveRecord(code, { mode });
      await openTable(code);
      goRef(landing({ seat, mode }));
    } else {
      join.error = refusalText(answer.data) || String(answer.status);
      join.errorKey = key;
      loadJoin(code, true);
    }
  } catch {
    join.error = t("err.network");
    join.errorKey = key;
  } finally {
    join.busyKey = null;
    changed();
  }
}

export function leave() {
  state.notice = null;
}
