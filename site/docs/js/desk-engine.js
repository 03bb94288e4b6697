/* The desk's engine, for any page that asks: Pyodide (the npm package, copied into assets/pyodide/ when the
 * site is built) with the desk's bundle (assets/desk/cpspec.zip: the standard-library modules of cpspec, every
 * ruleset's document and the corpus's probe deals) unpacked and on Python's path. The dispute desk loads it at
 * once; the comparison page only when two rulesets are picked. window.cpspecEngine(bundle, pyodide) resolves to
 * {pyodide, runtimeMs}, loaded once a page. window.cpspecEl(tag, attrs, children) makes an element (attrs.text:
 * its text), for the scripts that show the engine's answers.
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
