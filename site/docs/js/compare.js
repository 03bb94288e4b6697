/* The comparison page's chooser: tick the rulesets to compare; the others' columns are hidden. */
(function () {
  "use strict";
  const chooser = document.getElementById("compare-chooser");
  const matrix = document.getElementById("compare-matrix");
  if (!chooser || !matrix) return;
  chooser.hidden = false;
  const boxes = Array.from(chooser.querySelectorAll("input[data-col]"));
  function apply() {
    const shown = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.col));
    for (const cell of matrix.querySelectorAll("[data-col]")) cell.hidden = !shown.has(cell.dataset.col);
  }
  boxes.forEach((b) => b.addEventListener("change", apply));
  document.getElementById("compare-all").addEventListener("click", () => { boxes.forEach((b) => { b.checked = true; }); apply(); });
  apply();
})();
