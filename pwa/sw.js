// Service worker: a versioned precache of the app shell. The shell is served cache-first,
// so the app starts without a network; /api/ is never cached here (the app keeps the last
// table it saw in localStorage and shows it read-only while offline).
// Change VERSION whenever a shell file changes: the new worker waits, and the app offers
// "Update"; nothing is swapped under a player's thumb.

const VERSION = "gc-shell-v31";
const SHELL = [
  "/",
  "/index.html",
  "/manifest.webmanifest",
  "/css/app.css",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/js/app.js",
  "/js/catalog.js",
  "/js/core.js",
  "/js/i18n.js",
  "/js/i18n-games.js",
  "/js/i18n-words.js",
  "/js/i18n-events.js",
  "/js/events.js",
  "/js/now.js",
  "/js/patch.js",
  "/js/refusals.js",
  "/js/ui.js",
  "/js/screens/bmg.js",
  "/js/screens/bmg-cards.js",
  "/js/screens/common.js",
  "/js/screens/cp.js",
  "/js/screens/dice.js",
  "/js/screens/games-new.js",
  "/js/screens/gcsg.js",
  "/js/screens/gcsg-settings.js",
  "/js/screens/hero.js",
  "/js/screens/sheets.js",
  "/js/screens/history.js",
  "/js/screens/summary.js",
  "/js/screens/home.js",
  "/js/screens/table.js",
  "/js/screens/versus-new.js",
  "/js/screens/versus.js",
  "/js/screens/villain.js",
  "/vendor/qrcode-generator.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL.map((u) => new Request(u, { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== VERSION) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    // every page of the app (/, /join/CODE) is the same shell
    event.respondWith((async () => {
      const cached = await caches.match("/index.html", { cacheName: VERSION });
      if (cached) return cached;
      return fetch(request);
    })());
    return;
  }
  event.respondWith((async () => {
    const cached = await caches.match(request, { cacheName: VERSION, ignoreSearch: true });
    return cached || fetch(request);
  })());
});
