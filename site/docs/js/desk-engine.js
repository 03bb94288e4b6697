/* The desk's engine, for any page that asks: Pyodide (the npm package, copied into assets/pyodide/ when the
 * site is built) with the desk's bundle (assets/desk/cpspec.zip: the standard-library modules of cpspec, every
 * ruleset's document and the corpus's probe deals) unpacked and on Python's path. The dispute desk loads it at
 * once; the comparison page only when two rulesets are picked. window.cpspecEngine(bundle, pyodide, modules,
 * runtime) resolves to {pyodide, runtimeMs, restored}, loaded once a page, with the Python modules named in
 * `modules` imported. With modules and the Pyodide version (`runtime`) given, the engine is kept as a memory
 * snapshot of Pyodide (its whole memory once those are imported, about 21 MB, in the browser's Cache Storage,
 * never downloaded), and a later visit restores it instead of starting Python and importing again (restored:
 * true). A snapshot is used only for the same bundle (its address carries its hash), the same modules and the
 * same Pyodide version, and only whole (its length and first word as kept); any other is replaced.
 * window.cpspecWorker(bundle, pyodide) is the same engine in a worker (js/desk-worker.js), for the long searches
 * that must not hold the page: its call(module, fn, args) resolves to the JSON text the function returns.
 * window.cpspecEl(tag, attrs, children) makes an element (attrs.text: its text), for the scripts that show the
 * engine's answers.
 */
(function () {
  "use strict";
  let loading = null;

  window.cpspecEl = function (tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (value !== null && value !== undefined) node.setAttribute(key, value);
    }
    for (const child of children || []) node.append(child);
    return node;
  };

  let worker = null;
  const here = document.currentScript ? document.currentScript.src : window.location.href;

  window.cpspecWorker = function (bundleUrl, pyodideUrl) {
    if (worker) return worker;
    const absolute = (url) => new URL(url, window.location.href).href;
    const script = new URL("desk-worker.js", here).href;
    const thread = new Worker(`${script}?bundle=${encodeURIComponent(absolute(bundleUrl))}`
                              + `&pyodide=${encodeURIComponent(absolute(pyodideUrl))}`);
    const waiting = new Map();
    let next = 0;
    thread.onmessage = (event) => {
      const { id, text, failed } = event.data;
      const [resolve, reject] = waiting.get(id);
      waiting.delete(id);
      if (failed) reject(new Error(failed)); else resolve(text);
    };
    worker = {
      call(module, fn, args) {
        next += 1;
        const id = next;
        return new Promise((resolve, reject) => {
          waiting.set(id, [resolve, reject]);
          thread.postMessage({ id, module, fn, args });
        });
      },
    };
    return worker;
  };

  const SNAPSHOTS = "cpspec-snapshot";

  const firstWord = (bytes) => (bytes.byteLength >= 4 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(0) : -1);

  /* The snapshot kept for this key, whole, or null (none, cut short, or no Cache Storage: a private window).
   * Pyodide does not refuse a broken snapshot: it never finishes starting; so it is checked here. */
  async function savedSnapshot(key) {
    try {
      const hit = await (await caches.open(SNAPSHOTS)).match(key);
      if (!hit) return null;
      const bytes = new Uint8Array(await hit.arrayBuffer());
      const whole = String(bytes.byteLength) === hit.headers.get("X-Snapshot-Length")
                    && String(firstWord(bytes)) === hit.headers.get("X-Snapshot-First-Word");
      return whole ? bytes : null;
    } catch (error) {
      return null;
    }
  }

  /* Kept once the first visit's engine is ready, in place of any older one (another bundle's or version's). */
  function keepSnapshot(key, snapshot) {
    if (!("caches" in window)) return;
    const headers = { "Content-Type": "application/octet-stream", "X-Snapshot-Length": String(snapshot.byteLength),
                      "X-Snapshot-First-Word": String(firstWord(snapshot)) };
    caches.open(SNAPSHOTS).then(async (cache) => {
      for (const old of await cache.keys()) await cache.delete(old);
      await cache.put(key, new Response(snapshot, { headers }));
    }).catch(() => {});
  }

  window.cpspecEngine = function (bundleUrl, pyodideUrl, modules, runtime) {
    if (loading) return loading;
    loading = (async () => {
      const started = performance.now();
      const imports = modules || [];
      const indexURL = new URL(pyodideUrl, window.location.href).href;
      // Only a cache key: the bundle's address carries its hash, the modules what the snapshot has imported.
      const key = `${indexURL}snapshot?bundle=${encodeURIComponent(new URL(bundleUrl, window.location.href).href)}`
                  + `&modules=${encodeURIComponent(imports.join(","))}&pyodide=${encodeURIComponent(runtime || "")}`;
      const keeping = imports.length > 0 && Boolean(runtime);
      const saved = keeping ? await savedSnapshot(key) : null;
      if (!window.loadPyodide) {
        await new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.src = pyodideUrl + "pyodide.js";
          script.onload = resolve;
          script.onerror = () => reject(new Error("pyodide.js did not load"));
          document.head.append(script);
        });
      }
      const bundle = fetch(bundleUrl).then((r) => r.arrayBuffer());
      let pyodide = null;
      if (saved) {
        try {
          pyodide = await window.loadPyodide({ indexURL, packages: [], _loadSnapshot: saved });
        } catch (error) {
          pyodide = null;  // another Pyodide build's snapshot: start afresh, and keep a new one
        }
      }
      const restored = pyodide !== null;
      if (!restored) pyodide = await window.loadPyodide({ indexURL, packages: [], _makeSnapshot: keeping });
      const runtimeMs = Math.round(performance.now() - started);
      // The bundle's files are not in the snapshot (only the modules already imported): unpacked each visit.
      pyodide.unpackArchive(await bundle, "zip", { extractDir: "/cpspec-desk" });
      if (!restored) {
        pyodide.runPython("import sys; sys.path.insert(0, '/cpspec-desk')\n"
                          + imports.map((name) => `import ${name}\n`).join(""));
        if (keeping) {
          try {
            keepSnapshot(key, pyodide.makeMemorySnapshot());
          } catch (error) {
            // no snapshot this visit: the next one starts Python as this one did
          }
        }
      }
      return { pyodide, runtimeMs, restored };
    })();
    return loading;
  };
})();
