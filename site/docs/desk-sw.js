/* The dispute desk's service worker: it keeps the Python runtime (assets/pyodide/) and the desk's bundle
 * (assets/desk/, whose addresses carry the build's hash) so that a repeat visit loads them from here,
 * not the network. It is registered by js/desk.js with ?pyodide=VERSION&v=HASH: a new Pyodide or a new
 * build gets a new cache, and the old ones are deleted when it takes over. Nothing else is touched.
 */
"use strict";

// Its fetch answers a request for Pyodide's WebAssembly with the compressed file the site keeps, decompressed;
// the cache keeps the decompressed file under the plain address, so a repeat visit neither decompresses it nor
// loses the browser's cache of the compiled code (which is keyed by that address).
importScripts("js/pyodide-wasm.js");

const params = new URL(self.location.href).searchParams;
const CACHE = `cpspec-desk-${params.get("pyodide") || "none"}-${params.get("v") || "none"}`;
const SCOPE = new URL("./", self.location.href).href;
const FILES = ["assets/pyodide/pyodide.js", "assets/pyodide/pyodide.asm.js", "assets/pyodide/pyodide.asm.wasm",
               "assets/pyodide/python_stdlib.zip", "assets/pyodide/pyodide-lock.json",
               `assets/desk/cpspec.zip?v=${params.get("v")}`, `assets/desk/rulesets.json?v=${params.get("v")}`];

function kept(url) {
  // The compressed WebAssembly is the first visit's (and the page's preload): this cache has it decompressed.
  if (url.split(/[?#]/)[0].endsWith(".wasm.gz")) return false;
  return url.startsWith(SCOPE + "assets/pyodide/") || url.startsWith(SCOPE + "assets/desk/");
}

self.addEventListener("install", (event) => {
  // The first visit fetched these already: they come from the browser's HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(FILES.map((f) => fetch(SCOPE + f)
    .then((response) => (response.ok ? cache.put(SCOPE + f, response) : null))))).catch(() => {}));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((n) => n.startsWith("cpspec-desk-") && n !== CACHE).map((n) => caches.delete(n)))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !kept(request.url)) return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(request.url).then((hit) => hit || fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request.url, response.clone());
      return response;
    }))));
});
