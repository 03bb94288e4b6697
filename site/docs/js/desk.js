/* The dispute desk: a form for a deal, scored by cpspec's own Python engine running in Pyodide.
 *
 * Loaded only by desk.html. Pyodide (the npm package, copied into assets/pyodide/ when the site is
 * built) runs the standard-library modules of cpspec (assets/desk/cpspec.zip); the rulesets come as
 * their merged, validated documents (assets/desk/rulesets.json). The engine answers with the JSON of
 * `cpspec explain --json` or with the CLI's located error. The deal lives in the address (?ruleset=...
 * &s0=A&f0=...&m0=...&b0=...&c0=...&d0=...&n0=...), so a ruling can be shared.
 */
(function () {
  "use strict";

  const root = document.getElementById("cpspec-desk");
  if (!root) return;
  const form = document.getElementById("desk-form");
  const select = document.getElementById("desk-ruleset");
  const exampleSelect = document.getElementById("desk-example");
  const playersBox = document.getElementById("desk-players");
  const statusBox = document.getElementById("desk-status");
  const errorBox = document.getElementById("desk-error");
  const resultBox = document.getElementById("desk-result");
  const grid = document.getElementById("desk-grid");
  const SUITS = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };
  const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RANKS = "AKQJT98765432";
  const SEGMENTS = ["front", "middle", "back"];
  let rulesets = {};
  let engine = null;
  let lastField = null;

  function status(text) { statusBox.textContent = text; }

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (value !== null && value !== undefined) node.setAttribute(key, value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  /* "T♠ 6♦ 6h", "ts,6d 6h", "10s" -> ["Ts", "6d", "6h"]; anything else is passed on for the engine to refuse. */
  function parseCards(text) {
    return text.split(/[\s,;]+/).filter(Boolean).map((token) => {
      let t = token.replace(/^10/, "T");
      const last = t.slice(-1);
      if (SUITS[last]) t = t.slice(0, -1) + SUITS[last];
      if (t.length === 2) t = t[0].toUpperCase() + t[1].toLowerCase();
      return t;
    });
  }

  function cardSpan(card) {
    const suit = card.slice(-1).toLowerCase();
    const shown = card.slice(0, -1).toUpperCase() + (SYMBOL[suit] || suit);
    return el("span", { class: "card " + (suit === "d" || suit === "h" ? "red" : "black"), text: shown });
  }

  // --- the form ---------------------------------------------------------------------------------

  function playerRow(index, seat, entry) {
    const rs = rulesets[select.value];
    const form = rs.form;
    const row = el("fieldset", { class: "desk-player", "data-index": String(index) });
    row.append(el("legend", { text: "Player " + (index + 1) }));
    let seatField;
    if (form.players.seat_names) {
      seatField = el("select", { name: "s" + index, id: "desk-s" + index, "aria-label": "seat" });
      for (const name of form.players.seat_names) seatField.append(el("option", { value: name, text: name }));
      seatField.value = seat || form.players.seat_names[index];
    } else {
      seatField = el("input", { name: "s" + index, id: "desk-s" + index, size: "6", value: seat || "ABCD"[index],
                                "aria-label": "seat" });
    }
    row.append(el("label", { for: "desk-s" + index, text: "Seat " }), seatField);
    for (const [key, label, size] of [["f", "front", 12], ["m", "middle", 20], ["b", "back", 20]]) {
      const field = el("input", { name: key + index, id: `desk-${key}${index}`, size: String(size),
                                  placeholder: label === "front" ? "3 cards" : "5 cards",
                                  value: entry && entry[label] ? entry[label].join(" ") : "" });
      field.addEventListener("focus", () => { lastField = field; });
      row.append(el("label", { for: field.id, text: " " + label + " " }), field);
    }
    if (form.declarations.length) {
      const declare = el("select", { name: "d" + index, id: "desk-d" + index });
      declare.append(el("option", { value: "", text: "no declaration" }));
      for (const d of form.declarations) declare.append(el("option", { value: d, text: "declares " + d }));
      declare.value = entry && entry.declare ? entry.declare : "";
      row.append(el("label", { for: declare.id, text: " " }), declare);
      if (form.naturals.length) {
        const natural = el("select", { name: "n" + index, id: "desk-n" + index, "aria-label": "which natural" });
        natural.append(el("option", { value: "", text: "(the best it holds)" }));
        for (const n of form.naturals) natural.append(el("option", { value: n, text: n }));
        natural.value = entry && entry.natural ? entry.natural : "";
        const cards = el("input", { name: "c" + index, id: "desk-c" + index, size: "38",
                                    placeholder: "or its 13 cards, unset, with declares natural",
                                    value: entry && entry.cards ? entry.cards.join(" ") : "" });
        cards.addEventListener("focus", () => { lastField = cards; });
        row.append(" ", natural, el("br"), el("label", { for: cards.id, text: "13 cards " }), cards);
      }
    }
    return row;
  }

  function fillPlayers(deal) {
    playersBox.replaceChildren();
    const form = rulesets[select.value].form;
    const players = deal && deal.players ? deal.players : [];
    const count = Math.max(form.players.min, Math.min(form.players.max, players.length || form.players.min));
    for (let i = 0; i < count; i++) playersBox.append(playerRow(i, players[i] && players[i].seat, players[i]));
  }

  function fillExamples() {
    exampleSelect.replaceChildren(el("option", { value: "", text: "—" }));
    for (const example of rulesets[select.value].examples) {
      exampleSelect.append(el("option", { value: example.name, text: example.name }));
    }
  }

  function readDeal() {
    const players = [];
    for (const row of playersBox.querySelectorAll(".desk-player")) {
      const i = row.dataset.index;
      const get = (key) => { const f = row.querySelector(`[name="${key}${i}"]`); return f ? f.value.trim() : ""; };
      const player = { seat: get("s") };
      const declare = get("d");
      const cards = get("c");
      if (declare) player.declare = declare;
      if (declare === "natural" && get("n")) player.natural = get("n");
      if (declare === "surrender" || declare === "timeout") { players.push(player); continue; }
      if (cards && declare === "natural" && !get("f") && !get("m") && !get("b")) {
        player.cards = parseCards(cards);
      } else {
        player.front = parseCards(get("f"));
        player.middle = parseCards(get("m"));
        player.back = parseCards(get("b"));
      }
      players.push(player);
    }
    return { players };
  }

  // --- the address ------------------------------------------------------------------------------

  function dealToQuery(rulesetId, deal) {
    const q = new URLSearchParams({ ruleset: rulesetId });
    deal.players.forEach((p, i) => {
      q.set("s" + i, p.seat);
      if (p.front) { q.set("f" + i, p.front.join(" ")); q.set("m" + i, p.middle.join(" ")); q.set("b" + i, p.back.join(" ")); }
      if (p.cards) q.set("c" + i, p.cards.join(" "));
      if (p.declare) q.set("d" + i, p.declare);
      if (p.natural) q.set("n" + i, p.natural);
    });
    return "?" + q.toString();
  }

  function dealFromQuery() {
    const q = new URLSearchParams(window.location.search);
    if (!q.get("ruleset") || !rulesets[q.get("ruleset")]) return null;
    const players = [];
    for (let i = 0; q.has("s" + i); i++) {
      const p = { seat: q.get("s" + i) };
      for (const [key, name] of [["f", "front"], ["m", "middle"], ["b", "back"], ["c", "cards"]]) {
        if (q.get(key + i)) p[name] = parseCards(q.get(key + i));
      }
      if (q.get("d" + i)) p.declare = q.get("d" + i);
      if (q.get("n" + i)) p.natural = q.get("n" + i);
      players.push(p);
    }
    return { ruleset: q.get("ruleset"), deal: { players } };
  }

  // --- the card grid ----------------------------------------------------------------------------

  function fillGrid() {
    grid.replaceChildren(el("p", { text: "Card grid: click a card to add it to the field you were typing in." }));
    for (const suit of "shdc") {
      const line = el("div", { class: "desk-grid-row" });
      for (const rank of RANKS) {
        const card = rank + suit;
        const button = el("button", { type: "button", class: "desk-card", "data-card": card,
                                      "aria-label": card }, [cardSpan(card)]);
        button.addEventListener("mousedown", (event) => event.preventDefault());  // keep the field's focus
        button.addEventListener("click", () => {
          const field = lastField || playersBox.querySelector("input[name^='f']");
          if (!field) return;
          field.value = (field.value.trim() + " " + card).trim();
          field.focus();
        });
        line.append(button);
      }
      grid.append(line);
    }
  }

  // --- showing the answer -----------------------------------------------------------------------

  function inline(part, links) {
    if (typeof part === "string") return document.createTextNode(part);
    if (part.rule) {
      const a = el("a", { href: links.rules[part.rule] ? links.rules[part.rule].url : "#", class: "desk-rule" },
                   [el("code", { text: part.rule })]);
      return a;
    }
    if (part.interpretation) {
      return el("a", { href: "ambiguities.html#" + part.interpretation, class: "desk-interpretation",
                       text: part.interpretation });
    }
    if (part.cards) {
      const span = el("span", { class: "cards" });
      part.cards.forEach((c, i) => { if (i) span.append(" "); span.append(cardSpan(c)); });
      return span;
    }
    return el("strong", { class: "desk-" + part.style, text: part.text });
  }

  function cell(parts, links, tag) {
    const node = el(tag || "span");
    for (const part of parts) node.append(inline(part, links));
    return node;
  }

  function render(explanation) {
    const out = [];
    const totals = el("p", { class: "desk-totals", id: "desk-totals" });
    for (const [seat, total] of Object.entries(explanation.totals)) {
      totals.append(el("span", { class: "desk-total", "data-seat": seat,
                                 text: `${seat} ${total > 0 ? "+" + total : total === 0 ? "0" : "−" + (-total)}` }), " ");
    }
    out.push(totals);
    for (const block of explanation.blocks) {
      if (block.type === "heading") {
        out.push(el("h" + Math.min(6, block.level + 1), { text: block.text }));
      } else if (block.type === "paragraph") {
        out.push(cell(block.parts, explanation, "p"));
      } else if (block.type === "bullets") {
        const list = el("ul");
        for (const item of block.items) list.append(cell(item, explanation, "li"));
        out.push(list);
      } else {
        const table = el("table", { class: "desk-table" });
        table.append(el("thead", {}, [el("tr", {}, block.header.map((h) => el("th", { text: h })))]));
        const body = el("tbody");
        for (const row of block.rows) body.append(el("tr", {}, row.map((c) => cell(c, explanation, "td"))));
        table.append(body);
        out.push(el("div", { class: "desk-table-wrap" }, [table]));
      }
    }
    resultBox.replaceChildren(...out);
  }

  function showError(error) {
    errorBox.hidden = false;
    errorBox.replaceChildren(el("strong", { text: "The deal cannot be scored: " }),
                             el("code", { class: "desk-error-message", text: error.message }));
    resultBox.replaceChildren();
    errorBox.scrollIntoView({ block: "center" });
  }

  function score(pushAddress) {
    const rulesetId = select.value;
    const deal = readDeal();
    if (pushAddress) window.history.replaceState(null, "", dealToQuery(rulesetId, deal));
    if (!engine) { status("The engine is not loaded yet."); return; }
    errorBox.hidden = true;
    const started = performance.now();
    const answer = JSON.parse(engine.answer(JSON.stringify(rulesets[rulesetId].document), JSON.stringify(deal), ""));
    if (answer.error) showError(answer.error);
    else render(answer.explanation);
    status(`Scored in ${Math.round(performance.now() - started)} ms.`);
    root.dataset.scored = String(Number(root.dataset.scored || "0") + 1);
  }

  // --- start ------------------------------------------------------------------------------------

  async function loadEngine() {
    if (root.dataset.engine !== "yes") { status("The in-browser engine is not part of this build."); return; }
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const script = el("script", { src: root.dataset.pyodide + "pyodide.js" });
      script.onload = resolve;
      script.onerror = () => reject(new Error("pyodide.js did not load"));
      document.head.append(script);
    });
    const pyodide = await window.loadPyodide({ indexURL: new URL(root.dataset.pyodide, window.location.href).href });
    const bundle = await (await fetch(root.dataset.bundle)).arrayBuffer();
    pyodide.unpackArchive(bundle, "zip", { extractDir: "/cpspec-desk" });
    pyodide.runPython("import sys; sys.path.insert(0, '/cpspec-desk')");
    engine = pyodide.pyimport("cpspec.present.desk");
    root.dataset.ready = "yes";
    status(`Engine ready (${Math.round(performance.now() - started)} ms).`);
  }

  async function start() {
    rulesets = await (await fetch(root.dataset.rulesets)).json();
    fillGrid();
    const fromAddress = dealFromQuery();
    if (fromAddress) select.value = fromAddress.ruleset;
    fillExamples();
    fillPlayers(fromAddress ? fromAddress.deal : null);
    select.addEventListener("change", () => { fillExamples(); fillPlayers(null); });
    exampleSelect.addEventListener("change", () => {
      const example = rulesets[select.value].examples.find((e) => e.name === exampleSelect.value);
      if (example) { fillPlayers(example.deal); score(true); }
    });
    document.getElementById("desk-add").addEventListener("click", () => {
      const count = playersBox.querySelectorAll(".desk-player").length;
      if (count < rulesets[select.value].form.players.max) playersBox.append(playerRow(count, null, null));
    });
    document.getElementById("desk-remove").addEventListener("click", () => {
      const rows = playersBox.querySelectorAll(".desk-player");
      if (rows.length > rulesets[select.value].form.players.min) rows[rows.length - 1].remove();
    });
    form.addEventListener("submit", (event) => { event.preventDefault(); score(true); });
    try {
      await loadEngine();
    } catch (error) {
      status("The engine could not be loaded: " + error.message);
      return;
    }
    if (fromAddress) score(false);
  }

  start();
})();
