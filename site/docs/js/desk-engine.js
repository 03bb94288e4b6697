/* The desk's engine, for any page that asks: Pyodide (the npm package, copied into assets/pyodide/ when the
 * site is built) with the desk's bundle (assets/desk/cpspec.zip: the standard-library modules of cpspec, every
 * ruleset's document and the corpus's probe deals) unpacked and on Python's path. The dispute desk loads it at
 * once; the comparison page only when two rulesets are picked. window.cpspecEngine(bundle, pyodide) resolves to
 * {pyodide, runtimeMs}, loaded once a page. window.cpspecWorker(bundle, pyodide) is the same engine in a worker
 * (js/desk-worker.js), for the long searches that must not hold the page: its call(module, fn, args) resolves to
 * the JSON text the function returns. window.cpspecEl(tag, attrs, children) makes an element (attrs.text: its
 * text), for the scripts that show the engine's answers.
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

  window.cpspecEngine = function (bundleUrl, pyodideUrl) {
    if (loading) return loading;
    loading = (async () => {
      const started = performance.now();
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
      const pyodide = await window.loadPyodide({ indexURL: new URL(pyodideUrl, window.location.href).href,
                                                 packages: [] });
      const runtimeMs = Math.round(performance.now() - started);
      pyodide.unpackArchive(await bundle, "zip", { extractDir: "/cpspec-desk" });
      pyodide.runPython("import sys; sys.path.insert(0, '/cpspec-desk')");
      return { pyodide, runtimeMs };
    })();
    return loading;
  };
})();
