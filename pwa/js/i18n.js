import { FR } from "./refusals.js";
import { EN as REFUSALS_EN } from "./refusals.js";
import { STEPS, en, fr } from "./i18n-words.js";
import "./i18n-games.js"; // adds its sections to en and fr
import "./i18n-events.js"; // adds the events' sentences (pwa/js/events.js says them)

// The app's language: t(), numbers, steps and refusals in words (events: events.js). The catalogues
// are in i18n-words.js, i18n-games.js and i18n-events.js.

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
  return fill(DICTS[lang][key] ?? en[key] ?? key, params);
}

// A catalogue word, or `fallback` when the catalogue has none (a rank or item type a library adds).
export function word(key, fallback) {
  return key in DICTS[lang] ? t(key) : fallback;
}

// A template with its params: "{name}" a word or a number (through Intl), "{n#unit}" a number and
// its noun in the form Intl.PluralRules picks ("u.<unit>.one" / "u.<unit>.other" of `words`). In
// French a name after "de", "que", "le", "la" or "à" is elided or contracted ("d'Ann", "au Joker")
// and a leading article inside a sentence is lower case ("contre le Pingouin").
export function fill(template, params = {}, words = DICTS[lang]) {
  return template.replace(/((?<![\p{L}'])(?:[Dd]e|[Qq]ue|[Ll]e|[Ll]a|à) )?\{(\w+)(?:#(\w+))?\}/gu, (whole, before, name, unit, offset) => {
    if (!(name in params)) return before || "";
    const value = unit ? counted(params[name], unit, words) : paramWord(params[name]);
    return lang === "fr" ? frenchJoin(before || "", value, offset + (before || "").length > 0) : (before || "") + value;
  });
}

function counted(value, unit, words) {
  const n = Number(value) || 0;
  const form = new Intl.PluralRules(lang).select(n);
  return `${num(n)} ${words[`u.${unit}.${form}`] ?? words[`u.${unit}.other`] ?? en[`u.${unit}.other`] ?? unit}`;
}

const CONTRACTED = { de: { le: "du", les: "des" }, "à": { le: "au", les: "aux" } };

function frenchJoin(before, value, inside) {
  const word = before.trim();
  const article = /^(Le|La|Les) (.+)$/.exec(value);
  if (article && inside) {
    const into = CONTRACTED[word.toLowerCase()]?.[article[1].toLowerCase()];
    const cap = (x) => (/^[A-ZÀ]/.test(word) ? x.charAt(0).toUpperCase() + x.slice(1) : x);
    return into ? `${cap(into)} ${article[2]}` : `${before}${article[1].toLowerCase()} ${article[2]}`;
  }
  if (word && /^[aeiouyàâäéèêëîïôöûüœ]/i.test(value)) {
    const elided = { de: "d'", que: "qu'", le: "l'", la: "l'" }[word.toLowerCase()];
    if (elided) return (/^[A-Z]/.test(word) ? elided.toUpperCase().charAt(0) + elided.slice(1) : elided) + value;
  }
  return before + value;
}

// A share (0 to 1) as a percent in the app's language: "52%" / "52 %" (with its no-break space).
export function percent(p, digits = 0) {
  // French typography puts a narrow no-break space before "%" (some ICU data give a wide one)
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: digits }).format(p).replace(/\u00a0%/, "\u202f%");
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
  const one = new Intl.PluralRules(lang).select(Number(n) || 0) === "one";
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
  const text = template.replace(/\{(\w+)(?:#(\w+))?\}/g, (whole, name, unit) => (!(name in params) ? whole
    : unit ? counted(params[name], unit, DICTS[lang]) : paramText(name, params[name], table)));
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
