/* The desk's engine off the page: a worker that loads Pyodide and the desk's bundle once, then answers each
 * message {id, module, fn, args} with {id, text} (the JSON text the Python function returns) or {id, failed}.
 * Started by window.cpspecWorker (js/desk-engine.js) with ?bundle=...&pyodide=... (absolute addresses), so
 * that a long search (identify, diff) never holds the page.
 */
"use strict";

importScripts("pyodide-wasm.js");
const params = new URL(self.location.href).searchParams;
let ready = null;

function engine() {
  if (!ready) {
    ready = (async () => {
      importScripts(params.get("pyodide") + "pyodide.js");
      const pyodide = await self.loadPyodide({ indexURL: params.get("pyodide"), packages: [] });
      const bundle = await (await fetch(params.get("bundle"))).arrayBuffer();
      pyodide.unpackArchive(bundle, "zip", { extractDir: "/cpspec-desk" });
      pyodide.runPython("import sys; sys.path.insert(0, '/cpspec-desk')");
      return pyodide;
    })();
  }
  return ready;
}

self.onmessage = async (event) => {
  const { id, module, fn, args } = event.data;
  try {
    const pyodide = await engine();
    self.postMessage({ id, text: pyodide.pyimport(module)[fn](...args) });
  } catch (error) {
    self.postMessage({ id, failed: String(error && error.message ? error.message : error) });
  }
};
