// Table: the turn track, initiative, the current step and what may be done now, the mission's
// reminders for this step, end-game conditions, everyone at the table, Advance.

import { getLang, refusalText, stepTitle, t, tSide, labelled } from "../i18n.js";
import { add, confirmSheet, h } from "../ui.js";
import {
  allow, changed, hostToken, isHost, isVersus, missionName, myCommands, mySeats, mySide, record, request, seatName, send, state,
} from "../core.js";
import { catalog, missionTemplate, powerName } from "../catalog.js";
import { copyButton, hostSwitch, noTable, qrCard, qrSvg, recoveryCard, refusalFor } from "./common.js";

const handover = { seat: null, link: null, minutes: 0, error: null };

export function enter() {
  if (isVersus()) { catalog("missions"); catalog("powers"); }
}

export function render() {
  const table = state.table;
  if (!table) return noTable();
  const turn = table.turn;
  const out = [];

  // turn track 0–12
  const track = h("div", { class: "track", role: "list", "aria-label": t("table.track") });
  for (let i = 0; i <= 12; i++) {
    const cls = [i <= turn.turn_limit ? "in" : "", i < turn.turn ? "past" : "", i === turn.turn ? "now" : "", i === turn.turn_limit ? "limit" : ""].join(" ");
    track.append(h("span", { class: cls, role: "listitem", "aria-current": i === turn.turn ? "step" : false, text: String(i) }));
  }
  out.push(h("section", { class: "card", "aria-labelledby": "turn-h" },
    h("h1", { id: "turn-h" }, h("span", { text: t("table.turn", { turn: turn.turn, limit: turn.turn_limit }) }),
      h("span", { class: "pill", text: t("table.initiativeIs", { side: t(`side.${turn.initiative}`) }) })),
    track,
    h("p", { class: "muted small", "data-testid": "mission-name", text: t("table.missionIs", { name: missionName(table) }) })));

  // the current step
  const step = h("section", { class: "card", "aria-labelledby": "step-h", "data-testid": "step" },
    h("h2", { id: "step-h", class: "sr-only", text: t("table.step") }),
    h("p", { class: "muted small", text: `${t("table.step")} · ${turn.rule}` }),
    h("p", { class: "step-title", "data-testid": "step-title", text: stepTitle(turn) }),
    turn.side_playing ? h("p", {}, h("span", { class: "pill ok", text: t("table.playing", { side: t(`side.${turn.side_playing}`) }) })) : null);
  if (turn.over) {
    add(step, h("p", { class: "result-big", text: t("table.over") }),
      h("p", { text: turn.winner ? t("table.winner", { who: t(`side.${turn.winner}`) }) : t("table.noWinner") }),
      turn.reason ? h("p", { class: "muted", text: turn.reason }) : null);
  } else {
    // what this phone may do now, as the table's `may` lists it
    const mine = myCommands();
    add(step, h("h3", { text: t("table.mayNow") }),
      mine.length ? h("ul", { class: "small", "data-testid": "may-now" }, mine.map((m) => h("li", { text: mayLabel(m) })))
        : h("p", { class: "muted small", "data-testid": "may-now", text: t("may.nothing") }));
  }
  if (isVersus(table)) out.push(versusCard(table));   // both command posts' discs, above the step
  out.push(step);

  const texts = localTexts(table);
  if (turn.reminders.length) {
    out.push(h("section", { class: "card", "aria-labelledby": "rem-h", "data-testid": "reminders" },
      h("h2", { id: "rem-h", text: t("table.reminders") }),
      texts.reminders.map((r) => h("p", { class: "reminder", text: r }))));
  }
  out.push(h("section", { class: "card", "aria-labelledby": "end-h" },
    h("h2", { id: "end-h", text: t("table.endConditions") }),
    texts.end.length ? h("ul", {}, texts.end.map((c) => h("li", { text: c }))) : h("p", { class: "muted", text: "—" }),
    table.mission.events?.length ? [h("h3", { text: t("table.events") }), h("ul", {}, table.mission.events.map((c) => h("li", { text: c })))] : null,
    allow("end_game").ok ? endGameButton() : null,
    refusalFor("end-game")));

  out.push(seatsCard());
  out.push(hostSwitch());
  if (isHost()) {
    out.push(qrCard(state.code));
    if (record()?.recoveryCode) out.push(recoveryCard(record().recoveryCode));
  }

  // Advance is the shell's (now.js): above the tab bar, naming the step it leads to.
  return out;
}

// A command's name for players ("activate a tile"), or the registry name when the catalogue lacks it.
function mayLabel(name) {
  const label = t(`may.${name}`);
  return label === `may.${name}` ? name.replace(/_/g, " ") : label;
}

// A Versus mission's special rules and end-game conditions were stored in English; in French the
// booklet's own text is shown (from the missions document, matched by the mission's name).
function localTexts(table) {
  const turn = table.turn;
  const out = { reminders: turn.reminders, end: turn.end_game_conditions };
  if (!isVersus(table) || getLang() !== "fr") return out;
  const m = missionTemplate(table);
  if (!m) return out;
  const swap = (list, en, fr) => list.map((x) => {
    const i = (en || []).findIndex((e) => e.slice(0, 400) === x.slice(0, 400));
    return i >= 0 && fr?.[i] ? fr[i] : x;
  });
  return { reminders: swap(turn.reminders, m.special_rules_en, m.special_rules_fr), end: swap(turn.end_game_conditions, m.end_game_en, m.end_game_fr) };
}

// Versus: both command posts' discs and cubes at a glance, the setup's progress, pending powers.
function versusCard(table) {
  const v = table.versus;
  const draft = v.draft;
  const box = h("section", { class: "card", "aria-labelledby": "vs-h", "data-testid": "versus-summary" },
    h("h2", { id: "vs-h", text: t("vs.postsTitle") }));
  if (draft.phase !== "done") {
    box.append(h("p", { "data-testid": "table-draft", text: draft.phase === "hq"
      ? tSide("vs.phaseHQ", draft.next_side) : tSide("vs.phaseTeam", draft.next_side) }),
    h("a", { class: "btn block", href: "#/versus", "data-testid": "open-setup" }, t("vs.openSetup")));
  }
  const grid = h("div", { class: "vs-sides" });
  for (const side of ["heroes", "villain"]) {
    const post = table.command_posts[side];
    const d = post.discs;
    const playing = table.turn.side_playing === side;
    grid.append(h("div", { class: `vs-side-box ${playing ? "playing" : ""}`, "data-testid": `table-post-${side}` },
      h("h3", { class: "row spread" }, h("span", { text: t(`side.${side}`) }),
        mySide() === side ? h("span", { class: "pill ok", text: t("seat.you") }) : null),
      h("dl", { class: "mini-discs" },
        ["available", "unavailable", "spent"].map((z) => h("div", {},
          h("dt", { text: t(`vs.zone.${z}`) }),
          h("dd", { "data-testid": `table-discs-${side}-${z}`, text: String(d[z]) })))),
      h("p", { class: "small muted", text: `${t("hero.reserve")} ${post.reserve} · ${t("hero.fatigue")} ${post.fatigue}` }),
      draft.phase === "done" ? h("a", { class: "btn small block", href: `#/versus/${side}`, "aria-label": labelled(t("cp.title"), t(`side.${side}`)) }, t("cp.title")) : null));
  }
  box.append(grid);
  for (const p of v.pending_powers) {
    const power = table.command_posts[p.side].powers.find((x) => x.id === p.power);
    box.append(h("p", { class: "reminder", "data-testid": "table-pending", text: t("vs.pendingOn", { side: t(`side.${p.side}`), power: power ? `${power.character} — ${powerName(power)}` : p.power }) }));
  }
  return box;
}

// Who holds each seat, connected or not, live from the stream (contract C8: presence, and a seat
// taken or handed over).
function seatsCard() {
  const seats = state.seats.length ? state.seats : [];
  const list = h("ul", { class: "list seat-list", "data-testid": "seats" });
  for (const s of seats) {
    const mine = mySeats().includes(s.seat);
    const words = [s.connected ? t("seat.connected") : t("seat.away")];
    if (s.taken === false) words[0] = t("seat.free");
    if (mine) words.push(t("seat.you"));
    list.append(h("li", { "data-seat": s.seat, "data-connected": s.connected ? "true" : "false" },
      h("span", {},
        h("span", { class: `dot ${s.connected ? "on" : ""}`, "aria-hidden": "true" }),
        h("strong", { text: seatName(s.seat) }), " ",
        h("span", { class: "muted small", text: words.join(" · ") })),
      isHost() && !mine && state.conn !== "offline" && s.taken !== false ? h("button", {
        type: "button", class: "btn small ghost", "aria-label": labelled(t("seat.handover"), seatName(s.seat)),
        "data-testid": `handover-${s.seat}`, onclick: () => confirmHandOver(s),
      }, t("seat.handover")) : null));
    if (handover.seat === s.seat && (handover.link || handover.error)) {
      list.append(h("li", { class: "stack" }, handover.link ? handoverCard(s.seat)
        : h("p", { class: "refusal", role: "alert", text: handover.error })));
    }
  }
  return h("section", { class: "card", "aria-labelledby": "people-h" },
    h("h2", { id: "people-h", text: t("table.people") }), list,
    h("p", { class: "muted small", text: labelled(t("table.code"), state.code) }));
}

// Handing a seat over cuts the phone that holds it off at once: say which, and ask first.
async function confirmHandOver(s) {
  const name = seatName(s.seat);
  const ok = await confirmSheet({
    title: t("handover.title", { seat: name }),
    body: t("handover.body", { seat: name, state: s.connected ? t("seat.connected") : t("seat.away") }),
    confirm: t("handover.go"), cancel: t("cp.cancel"), danger: true,
  });
  if (ok) handOver(s.seat);
}

// The new phone's way in: the handover's one-time, short-lived claim code in a link (the seat's
// token never leaves the server but to the phone that claims), as a QR code and a copy button.
function handoverCard(seat) {
  const svg = qrSvg(handover.link);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("qr.alt", { link: handover.link }));
  return h("div", { class: "handover stack", "data-testid": "handover-claim" },
    h("p", { class: "small", text: t("seat.handoverDone", { seat: seatName(seat) }) }),
    h("div", { class: "qr" }, svg),
    h("p", { class: "muted small link", "data-testid": "handover-link", text: handover.link }),
    copyButton(handover.link, t("join.copy"), t("join.copied"), "handover-copy"),
    h("p", { class: "muted small", text: t("seat.handoverOnce", { minutes: handover.minutes }) }));
}

async function handOver(seat) {
  handover.seat = seat;
  handover.link = null;
  handover.error = null;
  try {
    const answer = await request("POST", `/api/tables/${state.code}/seats/${encodeURIComponent(seat)}/handover`,
      { token: hostToken(), key: crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) });
    if (answer.ok) {
      handover.link = `${location.origin}/join/${state.code}#${new URLSearchParams({ claim: answer.data.claim })}`;
      handover.minutes = Math.max(1, Math.round(answer.data.expires_in / 60));
    } else {
      handover.error = refusalText(answer.data, state.table) || String(answer.status);
    }
  } catch {
    handover.error = t("err.network");
  }
  changed();
}

function endGameButton() {
  return h("button", { type: "button", class: "btn block", style: "margin-top:.6rem", onclick: async () => {
    let winner = "heroes";
    const select = h("select", { "aria-label": t("table.winner", { who: "" }), onchange: (e) => { winner = e.target.value; } },
      h("option", { value: "heroes" }, t("side.heroes")), h("option", { value: "villain" }, t("side.villain")),
      h("option", { value: "none" }, t("table.noWinner")));
    const reason = h("input", { type: "text", "aria-label": t("table.endReason"), placeholder: t("table.endReason") });
    const ok = await confirmSheet({ title: t("table.endGame"), body: h("div", { class: "stack" }, h("p", { text: t("endgame.body") }), select, reason),
      confirm: t("table.endGame"), cancel: t("cp.cancel"), danger: true });
    if (ok) send("end_game", { winner, reason: reason.value.slice(0, 500) }, "end-game", { winner });
  } }, t("table.endGame"));
}
