// oldtricks service worker: keeps the live engine's runtime, and the pages read, for the next page
// and for reading offline. Written at the site's root as oldtricks-sw.js by runtime.py (copy_runtime),
// which fills in VERSION (the pinned Pyodide version and a digest of the runtime's files and the
// engine wheel) and RUNTIME (those files, relative to this script). The live engine's worker keeps its
// memory snapshot in CACHE too (snapshot.js), so that it goes with the runtime it was made from. A new build with another runtime
// writes another script: the browser installs it, and its activation removes the older caches.
//
// Registered by live.js once the engine has started for the first time; the site works without it
// (where service workers are off, or the page is not served over http(s)).
//
//   runtime files   cache first: they never change under one VERSION (the wasm binary is compiled
//                   from Cache Storage faster, too: Chromium keeps its compiled code beside it);
//   anything else   network first, the cached copy when the network fails (offline);
//   message {op: "keep", urls: [...]}   fetch and cache those of the site's URLs not cached yet
//                   (the first page, and the runtime its engine loaded before this worker ran).
const VERSION = "__OLDTRICKS_VERSION__";
const RUNTIME = __OLDTRICKS_RUNTIME__;
const PREFIX = "__OLDTRICKS_PREFIX__"; // the caches of every version; runtime.json's "cache" is CACHE
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href).href;
const RUNTIME_URLS = new Set(RUNTIME.map((path) => new URL(path, SCOPE).href));
const MATCH = { ignoreSearch: true, ignoreVary: true };

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

const keyOf = (url) => {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
};

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(keyOf(event.request.url), MATCH);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(keyOf(event.request.url), response.clone()));
  return response;
}

async function networkFirst(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (response.ok && response.type === "basic") {
      event.waitUntil(cache.put(keyOf(event.request.url), response.clone()));
    }
    return response;
  } catch (err) {
    const hit = await cache.match(keyOf(event.request.url), MATCH);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(RUNTIME_URLS.has(keyOf(request.url)) ? cacheFirst(event) : networkFirst(event));
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (typeof url !== "string" || !url.startsWith(SCOPE)) continue;
    const key = keyOf(url);
    if (await cache.match(key, MATCH)) continue;
    try {
      const response = await fetch(key);
      if (response.ok) await cache.put(key, response);
    } catch {
      // offline already: what could not be kept is fetched again next time
    }
  }
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.op === "keep" && Array.isArray(message.urls)) {
    const done = keep(message.urls);
    event.waitUntil(done);
    done.then(() => event.source?.postMessage({ op: "kept", version: VERSION }));
  }
});
