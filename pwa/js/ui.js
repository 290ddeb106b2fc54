// Small DOM helpers: build elements, icons, dialogs. No framework.

// A <details> that stays as the player left it, open or closed, while the screen is drawn again on
// every change: kept in `memory` (a Set of keys). When the screen was drawn again between the tap
// and the toggle event, it is drawn once more (`redraw`) with what the tap said.
export function keptDetails(memory, key, redraw, attrs, ...children) {
  const el = h("details", { ...attrs, open: memory.has(key) }, ...children);
  el.addEventListener("toggle", () => {
    if (el.open === memory.has(key)) return;   // drawn as kept (a toggle event follows every drawing open)
    if (el.open) memory.add(key); else memory.delete(key);
    if (!el.isConnected) redraw();
  });
  return el;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = value;
    else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name === "value") el.value = value;
    else if (name === "style") el.style.cssText = value; // not the attribute: the CSP allows no inline style
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function add(el, ...children) { append(el, children); return el; }

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG = "http://www.w3.org/2000/svg";
const PATHS = {
  home: "M3 11 12 3l9 8v10h-6v-6H9v6H3z",
  table: "M4 5h16v4H4zm0 6h7v8H4zm9 0h7v8h-7z",
  hero: "M12 2 4 6v6c0 5 3.5 8.5 8 10 4.5-1.5 8-5 8-10V6z",
  villain: "M2 8c3 0 4-3 4-3l2 4 4-6 4 6 2-4s1 3 4 3l-3 11H5z",
  dice: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm2.5 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm9 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM12 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM7.5 15a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm9 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
  history: "M13 3a9 9 0 1 0 9 9h-2a7 7 0 1 1-7-7v3l4-4-4-4zm-1 5h2v5l4 2-1 2-5-3z",
  post: "M2 6h6v12H2zm7-2h6v16H9zm7 2h6v12h-6z",
  lock: "M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z",
};

export function icon(name, size = 24) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name] || "");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

// A modal sheet at the bottom of the screen; resolves true (confirm) or false.
export function confirmSheet({ title, body, confirm, cancel, danger = false }) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "sheet", "aria-labelledby": "sheet-title" },
      h("h2", { id: "sheet-title", text: title }),
      body ? (typeof body === "string" ? h("p", { text: body }) : body) : null,
      h("div", { class: "sheet-actions" },
        h("button", { type: "button", class: "btn secondary", value: "cancel", onclick: () => done(false) }, cancel),
        h("button", { type: "button", class: `btn ${danger ? "danger" : "primary"}`, value: "ok",
          "data-testid": "sheet-confirm", onclick: () => done(true) }, confirm)));
    function done(ok) {
      dialog.close();
      dialog.remove();
      resolve(ok);
    }
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
  });
}

export function formatTime(ms) {
  const d = new Date(ms);
  return d.toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });  // the app's language
}
