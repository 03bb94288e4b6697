/* The comparison page, with exactly two rulesets picked: the deals on which they part, from `cpspec diff` run in
 * the desk's engine in a worker (js/desk-engine.js, js/desk-worker.js: Pyodide and the desk's bundle, loaded the
 * first time two are picked, off the page so that a search of a few seconds never holds it) over
 * the deals of the two rulesets' cases, as on a ruleset page's "How this differs from its parent". The smallest
 * deal is shown with what each ruleset pays side by side and the rules each cites; then each parameter that
 * differs with the deal that shows it. Every deal links to the dispute desk. Its words: js/desk-messages.js.
 */
(function () {
  "use strict";
  const box = document.getElementById("compare-witness");
  const chooser = document.getElementById("compare-chooser");
  if (!box || !chooser) return;
  const T = window.DESK_MESSAGES;
  const statusLine = document.getElementById("compare-witness-status");
  const body = document.getElementById("compare-witness-body");
  const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const MODULE = "cpspec.present.desk_which_rules";
  let engine = null;
  let wanted = "";

  for (const node of box.querySelectorAll("[data-msg]")) {
    if (typeof T[node.dataset.msg] === "string") node.textContent = T[node.dataset.msg];
  }

  const el = window.cpspecEl;  // js/desk-engine.js

  function card(c) {
    const suit = c.slice(-1).toLowerCase();
    return el("span", { class: "card " + (suit === "d" || suit === "h" ? "red" : "black"),
                        text: c.slice(0, -1) + (SYMBOL[suit] || suit) });
  }

  function short(value, width) {
    const text = JSON.stringify(value);
    return text.length <= width ? text : text.slice(0, width - 1) + "…";
  }

  function signed(n) { return n > 0 ? "+" + n : n === 0 ? "0" : "−" + (-n); }

  /* The desk's address with the deal filled in (the query js/desk.js reads). */
  function deskLink(rulesetId, deal) {
    const q = new URLSearchParams({ ruleset: rulesetId });
    (deal.players || []).forEach((p, i) => {
      q.set("s" + i, p.seat);
      for (const [key, name] of [["f", "front"], ["m", "middle"], ["b", "back"], ["c", "cards"], ["d", "declare"],
                                 ["n", "natural"]]) {
        if (Array.isArray(p[name])) q.set(key + i, p[name].join(" "));
        else if (p[name]) q.set(key + i, p[name]);
      }
    });
    return "desk.html?" + q.toString();
  }

  /* Keys of two answers (not a score's) whose values differ, the rules they cite left out. */
  function partingKeys(w) {
    if (!w.a.output || !w.b.output) return [];
    const keys = [...new Set([...Object.keys(w.a.output), ...Object.keys(w.b.output)])];
    return keys.filter((k) => k !== "rule" && k !== "rules" && short(w.a.output[k], 1e9) !== short(w.b.output[k], 1e9));
  }

  function answered(side, keys) {
    if (side.refused) return T.whichRefuses(side.refused);
    if (side.output.totals) return Object.entries(side.output.totals).map(([s, v]) => `${s} ${signed(v)}`).join(", ");
    return keys.map((k) => `${k} ${short(side.output[k], 40)}`).join("; ") || short(side.output, 90);
  }

  function dealList(input) {
    if (!Array.isArray(input.players)) return el("p", { text: short(input, 100) });
    return el("ul", { class: "compare-witness-deal" }, input.players.map((p) => {
      const parts = [el("strong", { text: p.seat + " " })];
      const rows = ["front", "middle", "back"].filter((r) => Array.isArray(p[r]));
      rows.forEach((r, i) => { if (i) parts.push(" / "); p[r].forEach((c, j) => { if (j) parts.push(" "); parts.push(card(c)); }); });
      if (!rows.length && Array.isArray(p.cards)) p.cards.forEach((c, j) => { if (j) parts.push(" "); parts.push(card(c)); });
      if (p.declare) parts.push(" " + T.declares(p.declare + (p.natural ? " " + p.natural : "")));
      return el("li", {}, parts);
    }));
  }

  function sideNode(id, side, keys) {
    const rules = side.rules || [];
    return el("div", { class: "compare-witness-side", "data-ruleset": id }, [
      el("p", {}, [el("strong", { text: id }), ": ", el("span", { class: "compare-witness-paid", text: answered(side, keys) })]),
      rules.length ? el("p", { class: "compare-witness-rules" }, [T.witnessRules + " ", ...rules.flatMap((r, i) => [
        i ? ", " : "", el("a", { href: `rulesets/${id}.html#${r}` }, [el("code", { text: r })])])]) : ""]);
  }

  function witnessNodes(w, a, b) {
    const keys = partingKeys(w);
    const shown = w.b.output ? [b, w.b] : [a, w.a];  // opened where the deal is accepted
    const nodes = [el("p", { class: "compare-witness-case" }, [T.witnessFromCase(w.op),
                                                               el("a", { href: `cases/${w.case}.html`, text: w.case })]),
                   dealList(w.a.input),
                   el("div", { class: "compare-witness-sides" }, [sideNode(a, w.a, keys), sideNode(b, w.b, keys)])];
    if (w.op === "score") {
      nodes.push(el("p", {}, [el("a", { class: "compare-witness-desk", href: deskLink(shown[0], shown[1].input),
                                        text: T.witnessOpenDesk })]));
    }
    return nodes;
  }

  function render(out, took) {
    const nodes = [];
    if (out.witness) {
      nodes.push(el("h3", { text: T.witnessSmallest(out.a, out.b) }),
                 el("div", { id: "compare-witness-smallest", class: "compare-witness-one" }, witnessNodes(out.witness, out.a, out.b)));
    } else {
      nodes.push(el("p", { id: "compare-witness-none", text: T.witnessNone(out.a, out.b) }));
    }
    const params = out.differences.filter((d) => d.kind === "parameter");
    if (params.length) {
      nodes.push(el("h3", { text: T.witnessParameters }));
      nodes.push(el("ul", { class: "compare-witness-parameters" }, params.map((d) => {
        const head = [el("code", { text: d.path }), `: ${out.a} `, el("code", { text: "a" in d ? short(d.a, 70) : "(none)" }),
                      `; ${out.b} `, el("code", { text: "b" in d ? short(d.b, 70) : "(none)" })];
        if (!d.witness) return el("li", {}, [...head, " — " + T.witnessNoDeal]);
        const more = d.effect === "together" ? " " + T.witnessTogether : "";
        return el("li", {}, [...head, more, el("details", {}, [el("summary", { text: answered(d.witness.a, partingKeys(d.witness))
          + " / " + answered(d.witness.b, partingKeys(d.witness)) }), ...witnessNodes(d.witness, out.a, out.b)])]);
      })));
    }
    const quiet = out.differences.filter((d) => d.effect === "no_score").length;
    if (quiet) nodes.push(el("p", { class: "compare-witness-quiet", text: T.witnessQuiet(quiet) }));
    body.replaceChildren(...nodes);
    statusLine.textContent = T.witnessDone(took, out.probes_asked);
  }

  async function update() {
    const ids = Array.from(chooser.querySelectorAll("input[data-col]")).filter((b) => b.checked).map((b) => b.dataset.col);
    const key = ids.length === 2 ? ids.join(",") : "";
    if (key === wanted) return;
    wanted = key;
    body.replaceChildren();
    delete box.dataset.pair;
    if (!key) { statusLine.textContent = T.witnessPick; return; }
    if (!engine) {
      statusLine.textContent = T.witnessLoading;
      try {
        engine = window.cpspecWorker(box.dataset.bundle, box.dataset.pyodide);  // off the page: it never holds it
        await engine.call(MODULE, "ready", []);
        box.dataset.engineMs = String(Math.round(performance.now()));  // since the page was opened
      } catch (error) {
        statusLine.textContent = T.engineFailed(error.message);
        engine = null;
        return;
      }
    }
    if (wanted !== key) return;  // another pair was picked meanwhile
    statusLine.textContent = T.witnessSearching(ids[0], ids[1]);
    const started = performance.now();
    const answer = JSON.parse(await engine.call(MODULE, "diff", [ids[0], ids[1]]));
    const took = Math.round(performance.now() - started);
    if (wanted !== key) return;
    if (answer.error) { statusLine.textContent = answer.error.message; return; }
    render(answer.diff, took);
    box.dataset.pair = key;
    box.dataset.diffMs = String(took);
  }

  chooser.addEventListener("change", update);
  chooser.addEventListener("click", (event) => { if (event.target.tagName === "BUTTON") update(); });
  update();
})();
