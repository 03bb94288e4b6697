/* The comparison page's chooser: tick the rulesets to compare (the choice is kept in the address,
   comparison.html?rulesets=basic,chiptalk, so a comparison can be shared); the other columns are hidden.
   A row whose shown cells differ is marked, and each cell that differs from the first shown column;
   "only differences" hides the rows where the chosen rulesets agree. */
(function () {
  "use strict";
  const chooser = document.getElementById("compare-chooser");
  const matrix = document.getElementById("compare-matrix");
  if (!chooser || !matrix) return;
  chooser.hidden = false;
  const boxes = Array.from(chooser.querySelectorAll("input[data-col]"));
  const onlyDiff = document.getElementById("compare-only-differences");
  const known = new Set(boxes.map((b) => b.dataset.col));
  const params = new URLSearchParams(window.location.search);
  const asked = (params.get("rulesets") || "").split(",").filter((id) => known.has(id));
  if (asked.length) boxes.forEach((b) => { b.checked = asked.includes(b.dataset.col); });
  if (onlyDiff) onlyDiff.checked = params.get("differences") === "only";

  function text(cell) { return cell.textContent.replace(/\s+/g, " ").trim(); }

  function remember(shown) {
    const next = new URLSearchParams(window.location.search);
    if (shown.length === boxes.length) next.delete("rulesets"); else next.set("rulesets", shown.join(","));
    if (onlyDiff && onlyDiff.checked) next.set("differences", "only"); else next.delete("differences");
    const query = next.toString().replace(/%2C/g, ",");
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname + window.location.hash);
  }

  function apply() {
    const shown = boxes.filter((b) => b.checked).map((b) => b.dataset.col);
    const set = new Set(shown);
    for (const cell of matrix.querySelectorAll("[data-col]")) cell.hidden = !set.has(cell.dataset.col);
    for (const row of matrix.querySelectorAll("tbody tr")) {
      const cells = Array.from(row.querySelectorAll("td[data-col]")).filter((c) => set.has(c.dataset.col));
      const first = cells.length ? text(cells[0]) : "";
      let differs = false;
      for (const cell of cells) {
        const other = text(cell) !== first;
        cell.classList.toggle("compare-differs", other);
        differs = differs || other;
      }
      row.classList.toggle("compare-row-differs", differs);
      row.hidden = Boolean(onlyDiff && onlyDiff.checked && !differs);
    }
    const count = document.getElementById("compare-count");
    if (count) count.textContent = `${shown.length} of ${boxes.length} rulesets`;
    remember(shown);
  }
  boxes.forEach((b) => b.addEventListener("change", apply));
  if (onlyDiff) onlyDiff.addEventListener("change", apply);
  document.getElementById("compare-all").addEventListener("click", () => { boxes.forEach((b) => { b.checked = true; }); apply(); });
  const none = document.getElementById("compare-none");
  if (none) none.addEventListener("click", () => { boxes.forEach((b) => { b.checked = false; }); apply(); });
  apply();
})();
