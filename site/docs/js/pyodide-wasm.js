/* Pyodide's WebAssembly, kept compressed: the site stores assets/pyodide/pyodide.asm.wasm.gz (2.8 MB) instead
 * of pyodide.asm.wasm (8.6 MB; cpspec.present.rulebook.pyodide_trim), so a phone downloads a third of it even
 * from a host that serves files as they are. Loaded before Pyodide starts, on the page (desk_scripts) and in
 * the desk's worker (js/desk-worker.js): Pyodide's request for the plain file is answered with the compressed
 * one, decompressed by the browser's DecompressionStream as it arrives, so WebAssembly still compiles while
 * it downloads. A host that sends the .gz with "Content-Encoding: gzip" has had it decompressed already by
 * the browser; it is then used as it comes. A page the desk's service worker (desk-sw.js) controls asks it for
 * the plain file, which it keeps decompressed. Every other request goes to fetch untouched.
 */
(function (scope) {
  "use strict";
  if (scope.cpspecWasmFetch) return;
  const plain = scope.fetch.bind(scope);
  scope.cpspecWasmFetch = true;
  scope.fetch = function (resource, options) {
    const url = resource instanceof Request ? resource.url : String(resource);
    const worker = scope.navigator && scope.navigator.serviceWorker;
    if (!url.split(/[?#]/)[0].endsWith("/pyodide.asm.wasm") || (worker && worker.controller)) {
      return plain(resource, options);
    }
    return plain(url.replace("/pyodide.asm.wasm", "/pyodide.asm.wasm.gz")).then((response) => {
      if (!response.ok) return response;
      const decoded = /gzip/i.test(response.headers.get("Content-Encoding") || "");
      const body = decoded ? response.body : response.body.pipeThrough(new DecompressionStream("gzip"));
      return new Response(body, { status: 200, headers: { "Content-Type": "application/wasm" } });
    });
  };
})(self);
