import { FR } from "./refusals.js";
import { EN as REFUSALS_EN } from "./refusals.js";
import { STEPS, en, fr } from "./i18n-words.js";
import "./i18n-games.js"; // adds its sections to en and fr

// The app's language: t(), numbers, steps, refusals and events in words. The catalogues are in
// i18n-words.js and i18n-games.js.

// ---- one command language (issue 29): prices said from the offers (games/registry.py)
Object.assign(en, {
  "price.and": " and ",
  "price.dredgeHelp": "Tap a neutralized tile to pick it: each tile dredged costs {cubes}, which leave the game.",
  "price.dredgeBody": "{cubes} a tile, from fatigue first, then the spaces, then the reserve. A dredged tile's miniatures never come back.",
  "price.demobilizeBody": "Once per game: the tile is dredged as though neutralized ({cubes} leave the game) and its {minis} on the board are removed for good.",
});
Object.assign(fr, {
  "price.and": " et ",
  "price.dredgeHelp": "Touchez une tuile neutralisée pour la choisir : chaque tuile dépolluée coûte {cubes}, qui sortent du jeu.",
  "price.dredgeBody": "{cubes} par tuile, pris d'abord en fatigue, puis sur les cases, puis dans la réserve. Les figurines d'une tuile dépolluée ne reviennent jamais.",
  "price.demobilizeBody": "Une fois par partie : la tuile est dépolluée comme si elle était neutralisée ({cubes} hors jeu) et ses {minis} sur le plateau en sont retirées pour de bon.",
});

const DICTS = { en, fr };
// gn-hero: a roll's step in the app's language (the dice view's step_text is the server's English).
export function rollStepText(view) {
  const key = `gnh.step.${view.roll.step}`;
  return key in DICTS[lang] ? t(key) : view.step_text;
}

let lang = "en";

export function setLang(value) {
  lang = DICTS[value] ? value : "en";
  document.documentElement.lang = lang;
  try { localStorage.setItem("gc.lang", lang); } catch { /* private mode */ }
}

export function getLang() { return lang; }

export function initLang() {
  let saved = null;
  try { saved = localStorage.getItem("gc.lang"); } catch { /* private mode */ }
  const guess = (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
  setLang(saved || guess);
}

export function t(key, params = {}) {
  const text = DICTS[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? paramWord(params[name]) : ""));
}

// A number in the app's language ("3,5" in French, "3.5" in English); anything else as it is.
export function num(n, options = {}) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2, ...options }).format(n);
}

// A param as words: numbers through Intl, and a decimal already written as a string ("3.5", from
// toFixed) too, so that no screen shows "3.5" in French.
function paramWord(value) {
  if (typeof value === "number" && Number.isFinite(value)) return num(value);
  if (typeof value === "string" && /^-?\d+\.\d+$/.test(value)) {
    const digits = value.split(".")[1].length;
    return num(Number(value), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
  return String(value);
}

// Both catalogues, for the tests that compare them (tests/test_pwa_catalogue.py).
export function catalogues() { return { en, fr, steps: STEPS }; }

// Who the table waits for (contract C1: `turn.awaiting` entries {seat, code, params}), in words:
// "Gordon's stance", "Villain: Thug #1 defends against Batman". Params hold display names. With
// `withSeat` false (this phone's own prompt), the seat is left out: "Thug #1 defends against Batman".
export function awaitingText(entry, seatLabel, withSeat = true) {
  const p = entry.params || {};
  const seat = seatLabel(entry.seat);
  const params = { ...p, seat };
  let what;
  let named = false;   // the sentence names who already
  switch (entry.code) {
    case "declare_stance": what = t("await.declare_stance", params); named = true; break;
    case "activate_tile": what = t(`await.activate_tile.${p.ordinal === 2 ? 2 : 1}`, params); break;
    case "roll": {
      const action = DICTS[lang][`space.${p.action}`] || p.action || "";
      what = t("await.roll", { ...params, actor: p.actor || seat, action: String(action).toLowerCase() });
      named = true;
      break;
    }
    case "advance": what = t("await.advance", { ...params, title: p.to ? stepTitle(p.to) : (p.title || "") }); break;
    default: {
      const mine = `await.mine.${entry.code}`;
      const key = !withSeat && DICTS[lang][mine] ? mine : `await.${entry.code}`;
      what = DICTS[lang][key] ? t(key, params) : String(entry.code || "").replace(/_/g, " ");
    }
  }
  return withSeat && !named ? t("await.seat", { seat, what }) : what;
}

// "3 discs" / "3 disques": French uses the singular for 0 and 1.
// "Label: value" with each language's punctuation (French puts a space before the colon).
export function labelled(label, value) {
  return lang === "fr" ? `${label} : ${value}` : `${label}: ${value}`;
}

// "Batman, Robin and Commissioner Gordon" / "Batman, Robin et Commissioner Gordon".
export function listText(items) {
  try { return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items); } catch { return items.join(", "); }
}

export function plural(n, unit) {
  const one = lang === "fr" ? n <= 1 : n === 1;
  return t(`unit.${unit}.${one ? "one" : "other"}`, { n });
}

// A sentence about a side: {side} "Heroes", {the} "the heroes", {of} "the heroes'" / "des héros";
// the sentence starts with a capital.
export function tSide(key, side, params = {}) {
  const text = t(key, { ...params, side: t(`side.${side}`), the: t(`side.the.${side}`), of: t(`side.of.${side}`) });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A step's title: the turn view's ({step, title}) or a step id's ("heroes.actions").
export function stepTitle(turn) {
  if (typeof turn === "string") return STEPS[lang][turn] || STEPS.en[turn] || turn;
  if (lang === "fr" && STEPS.fr[turn.step]) return STEPS.fr[turn.step];
  return turn.title || STEPS.en[turn.step] || turn.step;
}

// The Strategy Game's turn strip: the turn's steps as the view lists them, each with its short
// title and whether it is the step now; and the title of where the turn stands.
export function turnSteps(turn) {
  return (turn.steps || []).map((s) => ({ id: s.id, title: t(`gcsg.stepShort.${s.id}`), now: s.id === turn.step }));
}

export function gcsgStepTitle(turn, to = null) {
  return t(`gcsg.step.${to || turn.step}`);
}

// Refusals (contract C1): the server answers a stable code (`reason`) and its `params` beside the
// English `message`. In French the sentence is built from FR[reason] (pwa/js/refusals.js) with the
// params filled in; in English, or for a code FR lacks, the server's message is shown.
export function refusalText(data, table = null) {
  if (!data) return "";
  const template = !data.reason ? null : lang === "fr" ? FR[data.reason] : data.message ? null : REFUSALS_EN[data.reason];
  if (!template) return data.message || "";
  const params = data.params || {};
  const text = template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? paramText(name, params[name], table) : `{${name}}`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// One refusal param as words. Ids are translated through this catalogue: a step ("heroes.actions")
// is its title, a space ("melee") its name in lower case, a side ("villain") "vilain", a seat
// its name, a tile kind or level its word; ids of the table's heroes, tiles and characters their
// names; numbers and proper names as they are; a list, each item so, joined with commas.
export function paramText(name, value, table = null) {
  if (Array.isArray(value)) return value.map((v) => paramText(name, v, table)).join(", ");
  if (typeof value !== "string") return String(value);
  const dict = DICTS[lang];
  if (STEPS[lang][value]) return STEPS[lang][value];
  if (dict[`space.${value}`]) return dict[`space.${value}`].toLowerCase();
  if (dict[`side.the.${value}`]) return dict[`side.${value}`].toLowerCase();
  if (dict[`seat.${value}`]) return dict[`seat.${value}`];
  if (dict[`vs.kind.${value}`]) return dict[`vs.kind.${value}`];
  if (dict[`level.${value}`]) return dict[`level.${value}`].toLowerCase();
  if (dict[`hero.${value}`] && ["active", "resting"].includes(value)) return dict[`hero.${value}`].toLowerCase();
  const seatHero = /^hero:(.+)$/.exec(value)?.[1];
  if (table) {
    const hero = table.heroes?.find((x) => x.id === (seatHero || value));
    if (hero) return hero.name;
    const model = Array.isArray(table.models) ? table.models.find((x) => x.id === value) : null;   // the Miniature Game's models
    if (model) return model.alias || model.name;
    for (const post of Object.values(table.command_posts || {})) {
      const tile = post.river?.find((x) => x.id === value);
      if (tile) return tile.name;
      const mini = post.miniatures?.find((x) => x.id === value);
      if (mini) return mini.label;
    }
  }
  return value;
}

// History lines: rebuilt in French from the event's kind and data when we can.
export function eventText(event, names) {
  if (lang !== "fr") return event.text;
  // the Miniature Game's and the Strategy Game's events share kinds with the board game's ("step",
  // "phase") but not their data: their lines stay the server's words
  if (names?.game === "bmg" || names?.game === "gcsg") return event.text;
  const d = event.data || {};
  const who = (id) => names.heroes[id] || id;
  switch (event.kind) {
    case "spend":
      if (d.hero) return `${who(d.hero)} dépense ${cubesFr(d.cubes)} en ${spaceLabel(d.space)}`;
      if (d.side) return `${sideFr(d.side)} dépense ${cubesFr(d.cubes)} en ${spaceLabel(d.space)}`;
      break;
    case "stance":
      return `${who(d.hero)} : posture ${d.stance === "active" ? "active" : "repos"}, ${cubesFr(d.to_reserve)} fatigue → réserve`
        + (d.from_wound ? `, ${woundsFr(d.from_wound)} → fatigue` : "");
    case "step":
      return `Tour ${d.turn} : ${STEPS.fr[d.step] || d.step}`;
    case "turn_marker":
      return `Le marqueur de tour avance à ${d.turn}`;
    case "hero_finished": return `${who(d.hero)} a terminé ses actions`;
    case "activation":
      return `${names.tiles[d.tile] || d.tile} activée depuis la position ${d.position} : `
        + (d.discs !== undefined ? `${d.discs} DPA disponible(s) → dépense, ` : "")
        + `${cubesFr(d.cost)} réserve → fatigue ; la tuile passe en fin de rivière`;
    case "undo": return `Annulé : changement ${d.change}`;
    case "redo": return `Rétabli : changement ${d.change}`;
    case "jump": return `Retour à la table après le changement ${d.restored}`;
    case "defense":
      return `${successesFr(d.attack)} contre ${n(d.defense)} en défense : ${woundsFr(d.wounds)}`;
    case "hero_wounded": return `${who(d.hero)} subit ${woundsFr(d.wounds)}`;
    case "character_wounded": return `${names.minis[d.miniature] || d.miniature} subit ${woundsFr(d.wounds)} : ${n(d.life_points)} point${d.life_points > 1 ? "s" : ""} de vie`;
    case "character_neutralized": return `${names.minis[d.miniature] || d.miniature} est neutralisé et va dans la réserve de personnages`;
    case "tile_neutralized": return `${names.tiles[d.tile] || d.tile} est neutralisée : retournée et placée en fin de rivière`;
    default: return moreEventText(event, d, names, who) ?? event.text;
  }
  return event.text;
}

// ---- gn-shell: the other events of the board game in French, from their kind and data; a line
// whose data says too little (a Versus power's own text, a mission's reminder) stays the server's.
const COLOURS_FR = { yellow: "jaune", orange: "orange", red: "rouge", black: "noir", white: "blanc", blue: "bleu", green: "vert" };
const n = (x) => num(Number(x) || 0);
const cubesFr = (x) => `${n(x)} cube${Number(x) > 1 ? "s" : ""}`;
const woundsFr = (x) => `${n(x)} blessure${Number(x) > 1 ? "s" : ""}`;
const successesFr = (x) => `${n(x)} succès`;
const sideFr = (side) => (side === "heroes" ? "Les héros" : side === "villain" ? "Le vilain" : side || "");
const poolFr = (pool) => (Array.isArray(pool) ? pool.map((c) => COLOURS_FR[c] || c).join(", ") : "");

function moreEventText(event, d, names, who) {
  const mini = (id) => names.minis[id] || id;
  const tile = (id) => names.tiles[id] || id;
  const actor = d.hero ? who(d.hero) : d.miniature ? mini(d.miniature) : "";
  switch (event.kind) {
    case "setup": return names.mission ? `Table mise en place pour ${names.mission}` : "Table mise en place";
    case "step_passed": return `Étape passée : ${STEPS.fr[d.step] || d.title || d.step}`;
    case "upkeep":
      if (d.hero) return `${who(d.hero)} : ${cubesFr(d.cubes)} dépensé(s) → fatigue`;
      if (d.side && d.discs !== undefined) return `${sideFr(d.side)} : ${cubesFr(d.moved)} → fatigue, ${cubesFr(d.recovered)} récupéré(s), ${n(d.discs)} DPA indisponible(s) → disponible(s)`;
      if (d.side) return `${sideFr(d.side)} : ${cubesFr(d.moved)} des cases → fatigue, ${cubesFr(d.recovered)} récupéré(s) en réserve`;
      break;
    case "reinforcement_lost": return `Renforts terminés : ${n(d.lost ?? 0)} point(s) de renfort non dépensé(s) perdu(s)`;
    case "game_over": return d.winner ? `Fin de partie : vainqueur ${d.winner === "heroes" ? "les héros" : d.winner === "villain" ? "le vilain" : "aucun"}` : "Fin de partie";
    case "action": return `${mini(d.miniature)} : action ${n(d.uses)} sur ${n(d.multiplier)}`;
    case "complex_action": return `Action complexe : ${successesFr(d.successes)} contre difficulté ${n(d.difficulty)} : ${d.success ? "réussite" : "échec"}`;
    case "automatic_action":
      if (d.hero) return `${who(d.hero)} : ${spaceLabel(d.space)} automatique, 1 cube`;
      return `${mini(d.miniature)} : action automatique, ni dé ni cube`;
    case "item":
      if (d.from && d.to) return `${who(d.from)} → ${who(d.to)} : ${d.item}`;
      if (d.encumbrance !== undefined) return `${who(d.hero)} porte ${d.item} : encombrement ${n(d.encumbrance)}`;
      return `${who(d.hero)} : ${d.item} n'est plus porté`;
    case "movement":
      return `${actor} se déplace` + (d.cubes ? ` : ${cubesFr(d.cubes)} en mouvement` : "") + (d.lost ? `, ${n(d.lost)} point(s) de déplacement perdu(s)` : "");
    case "throw":
      return `${who(d.hero)} lance ${d.item} : ${successesFr(d.successes)} contre difficulté ${n(d.difficulty)}`
        + (d.reached === undefined ? "" : d.reached ? " : atteint" : " : n'atteint pas la cible");
    case "event_tile": return `Tuile événement : un événement de la mission, et ${n(d.reinforcement_points)} point(s) de renfort à dépenser tout de suite`;
    case "dredge": return `Rivière dépolluée de ${(d.tiles || []).map(tile).join(", ")} : ${cubesFr(d.cubes)} hors jeu`;
    case "demobilize": return `${tile(d.tile)} démobilisée : dépolluée pour 2 cubes, ${n(d.removed ?? 0)} figurine(s) retirée(s) du plateau`;
    case "reinforce": return `${mini(d.miniature)} revient (${n(d.cost)} pts) : il reste ${n(d.remaining)} point(s) de renfort`;
    case "discs":
      if (d.discs !== undefined && d.side) return `${sideFr(d.side)} : ${n(d.discs)} DPA de la zone de dépense → indisponibles`;
      break;
    case "draft":
      if (d.tile) return `${sideFr(d.side)} : ${tile(d.tile)} choisie`;
      return "Les deux équipes sont complètes : les rivières sont en place";
    case "roll_started": return `${actor ? `${actor} : ` : ""}lancer (${spaceLabel(d.action) || d.action}), dés ${poolFr(d.pool)}`;
    case "dice_rolled": return `Dés ${d.pool === "defense" ? "de défense " : ""}lancés` + (d.successes !== undefined ? ` : ${successesFr(d.successes)}` : "");
    case "dice_rerolled": return `Relance : ${successesFr(d.successes)}`;
    case "successes": return d.wounds !== undefined && d.shown === undefined ? `${successesFr(d.successes)} : ${woundsFr(d.wounds)}` : `Total : ${successesFr(d.successes)}`;
    case "defense_declared": return `Défense : ${cubesFr(d.cubes)}, dés ${poolFr(d.pool)}, ${n(d.automatic)} automatique(s)`;
    case "roll_abandoned": return "Lancer abandonné";
    case "hero_neutralized": return `${who(d.hero)} est neutralisé`;
    case "follow_up_offered": return `${t(`skill.${d.skill}`)} : action gratuite possible (${successesFr(d.successes ?? 0)})`;
    case "dice_mode": return d.mode === "physical" ? "Dés : vrais dés à la table" : "Dés : l'application lance";
    case "dice_calibrated": return `Dé ${COLOURS_FR[d.colour] || d.colour} calibré`;
    case "pushing_limits": return `${who(d.hero)} repousse ses limites : ${woundsFr(d.wounds)} (${spaceLabel(d.space)})`;
    case "shackle": return `Entrave : blessures ignorées ; ${n(d.tokens)} pion(s) entrave sur ${d.defender}`;
    case "sacrifice": return `Sacrifice : ${successesFr(d.taken)} pris sur l'attaque, reste ${n(d.successes)}`;
    case "imaginary_friend": return "L'ami imaginaire est neutralisé : son possesseur perd son dé jaune";
    default: break;
  }
  return null;
}

function spaceLabel(space) {
  if (!space) return "";
  if (space === "fatigue") return "fatigue";
  return t(`space.${space}`).toLowerCase();
}
