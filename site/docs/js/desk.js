/* The dispute desk: a form for a deal, scored by cpspec's own Python engine running in Pyodide, and a
 * session ledger of the deals played at one table.
 *
 * Loaded only by desk.html, after js/desk-messages.js (every word shown here comes from that table).
 * Pyodide (the npm package, copied into assets/pyodide/ when the site is built) runs one small bundle
 * (assets/desk/cpspec.zip): the standard-library modules of cpspec and every ruleset's document. The
 * form's facts come from assets/desk/rulesets.json. The engine is loaded at once, beside the form; a
 * service worker (desk-sw.js) keeps the runtime and the bundle for the next visit. The engine answers
 * with the JSON of `cpspec explain --json`, or an error with its place (input.players[1].front) that the
 * desk says in a player's words. The deal lives in the address (?ruleset=...&s0=A&f0=...&m0=...&b0=...
 * &c0=...&d0=...&n0=...), the session in its fragment (#session=...), so both can be shared; lang=zh in the
 * address shows the desk, and asks the engine for the explanation, in Chinese (js/desk-language.js).
 */
(function () {
  "use strict";

  const root = document.getElementById("cpspec-desk");
  if (!root) return;
  const T = window.DESK_MESSAGES;
  const $ = (id) => document.getElementById(id);
  const form = $("desk-form");
  const select = $("desk-ruleset");
  const exampleSelect = $("desk-example");
  const playersBox = $("desk-players");
  const statusBox = $("desk-status");
  const errorBox = $("desk-error");
  const resultBox = $("desk-result");
  const grid = $("desk-grid");
  const withSession = Boolean($("desk-session"));  // desk-which-rules.html has the form alone
  const SUITS = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };
  const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RANKS = "AKQJT98765432";
  const SEGMENTS = ["front", "middle", "back"];
  const SIZES = { front: 3, middle: 5, back: 5 };
  const KEYS = { front: "f", middle: "m", back: "b", cards: "c", seat: "s", declare: "d", natural: "n" };
  let rulesets = {};
  let engine = null;
  let pyodide = null;
  let lastField = null;
  let lastScored = null;  // {ruleset, deal} of the last deal scored without a mistake
  let session = { ruleset: null, deals: [], stacks: null };
  let lang = "en";  // the desk's language (the address's lang=)

  let said = ["loading", []];  // the status line's message and values, said again in another language
  function status(key, ...values) {
    said = [key, values];
    const message = T[key];
    statusBox.textContent = typeof message === "function" ? message(...values) : message;
  }

  /* A ruleset's title in the desk's language (its English title where it has none). */
  function titleOf(rs) { return (rs.titles && rs.titles[lang]) || rs.title; }

  const el = window.cpspecEl;  // js/desk-engine.js

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

  function shown(card) {
    const suit = card.slice(-1).toLowerCase();
    return card.slice(0, -1).toUpperCase() + (SYMBOL[suit] || suit);
  }

  function cardSpan(card) {
    const suit = card.slice(-1).toLowerCase();
    return el("span", { class: "card " + (suit === "d" || suit === "h" ? "red" : "black"), text: shown(card) });
  }

  function signedText(total) { return total > 0 ? "+" + total : total === 0 ? "0" : "−" + (-total); }

  // --- the form ---------------------------------------------------------------------------------

  function field(labelText, control, extraClass) {
    return el("div", { class: "desk-field" + (extraClass ? " " + extraClass : "") },
              [el("label", { for: control.id, text: labelText }), control]);
  }

  function cardsInput(index, key, placeholder, value, wide) {
    const input = el("input", { name: key + index, id: `desk-${key}${index}`, placeholder: placeholder,
                                value: value || "", autocapitalize: "characters", spellcheck: "false",
                                class: wide ? "desk-cards desk-cards-wide" : "desk-cards" });
    input.addEventListener("focus", () => { lastField = input; });
    input.addEventListener("input", () => { input.classList.remove("desk-invalid"); input.removeAttribute("aria-invalid");
                                            markUsed(); });
    return input;
  }

  function playerRow(index, seat, entry) {
    const rs = rulesets[select.value];
    const facts = rs.form;
    const row = el("fieldset", { class: "desk-player", "data-index": String(index) });
    row.append(el("legend", { text: T.player(index + 1) }));
    let seatField;
    if (facts.players.seat_names) {
      seatField = el("select", { name: "s" + index, id: "desk-s" + index });
      for (const name of facts.players.seat_names) seatField.append(el("option", { value: name, text: name }));
      seatField.value = seat || facts.players.seat_names[index];
    } else {
      seatField = el("input", { name: "s" + index, id: "desk-s" + index, value: seat || "ABCD"[index],
                                class: "desk-seat" });
    }
    row.append(field(T.seat, seatField));
    for (const segment of SEGMENTS) {
      const value = entry && entry[segment] ? entry[segment].join(" ") : "";
      row.append(field(T.segments[segment], cardsInput(index, KEYS[segment], T.placeholders[segment], value)));
    }
    if (!facts.declarations.length) {
      row.append(el("p", { class: "desk-note desk-no-surrender", text: T.noSurrender(titleOf(rs)) }));
      return row;
    }
    const declare = el("select", { name: "d" + index, id: "desk-d" + index });
    declare.append(el("option", { value: "", text: T.noDeclaration }));
    for (const d of facts.declarations) {
      declare.append(el("option", { value: d, text: T.declares((T.declarationNames || {})[d] || d) }));
    }
    declare.value = entry && entry.declare ? entry.declare : "";
    row.append(field(T.declaration, declare));
    if (!facts.declarations.includes("surrender")) {
      row.append(el("p", { class: "desk-note desk-no-surrender", text: T.noSurrenderHere(titleOf(rs)) }));
    }
    if (facts.naturals.length) {
      const natural = el("select", { name: "n" + index, id: "desk-n" + index, "aria-label": T.whichNatural });
      natural.append(el("option", { value: "", text: T.bestNatural }));
      for (const n of facts.naturals) {
        natural.append(el("option", { value: n, text: ((facts.natural_names || {})[n] || {})[lang] || n }));
      }
      natural.value = entry && entry.natural ? entry.natural : "";
      row.append(field(T.whichNatural, natural));
      const value = entry && entry.cards ? entry.cards.join(" ") : "";
      row.append(field(T.thirteenCards, cardsInput(index, "c", T.thirteenPlaceholder, value, true)));
    }
    return row;
  }

  function playerCount() { return playersBox.querySelectorAll(".desk-player").length; }

  /* The add and remove buttons stop at the ruleset's limits, and the note beside them says why. */
  function updateCount() {
    const rs = rulesets[select.value];
    const { min, max } = rs.form.players;
    const count = playerCount();
    $("desk-add").disabled = count >= max;
    $("desk-remove").disabled = count <= min;
    const note = $("desk-count-note");
    const title = titleOf(rs);
    note.textContent = min === max ? T.playersExactly(title, max)
      : count >= max ? T.playersAtMost(title, max) : count <= min ? T.playersAtLeast(title, min) : "";
  }

  function fillPlayers(deal) {
    playersBox.replaceChildren();
    const facts = rulesets[select.value].form;
    const players = deal && deal.players ? deal.players : [];
    const count = Math.max(facts.players.min, Math.min(facts.players.max, players.length || facts.players.min));
    for (let i = 0; i < count; i++) playersBox.append(playerRow(i, players[i] && players[i].seat, players[i]));
    updateCount();
    markUsed();
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
    if (lang !== "en") q.set("lang", lang);
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

  /* Where each card stands in the form: card -> "Player 1 (A)'s back". */
  function cardsInUse() {
    const used = {};
    for (const row of playersBox.querySelectorAll(".desk-player")) {
      const i = Number(row.dataset.index);
      const seat = (row.querySelector(`[name="s${i}"]`) || {}).value || "";
      for (const name of ["front", "middle", "back", "cards"]) {
        const input = row.querySelector(`[name="${KEYS[name]}${i}"]`);
        if (!input) continue;
        for (const card of parseCards(input.value)) {
          if (!(card in used)) used[card] = T.cardPlace(i + 1, seat, T.fields[name]);
        }
      }
    }
    return used;
  }

  function markUsed() {
    const used = cardsInUse();
    for (const button of grid.querySelectorAll(".desk-card")) {
      const inUse = button.dataset.card in used;
      button.classList.toggle("used", inUse);
      button.setAttribute("aria-pressed", inUse ? "true" : "false");
    }
  }

  function fillGrid() {
    grid.setAttribute("aria-label", T.gridHelp);
    grid.replaceChildren(el("p", { class: "desk-note", text: T.gridHelp }),
                         el("p", { id: "desk-grid-note", class: "desk-grid-note", role: "status" }));
    for (const suit of "shdc") {
      const line = el("div", { class: "desk-grid-row" });
      for (const rank of RANKS) {
        const card = rank + suit;
        const button = el("button", { type: "button", class: "desk-card", "data-card": card,
                                      "aria-label": shown(card), "aria-pressed": "false" }, [cardSpan(card)]);
        button.addEventListener("mousedown", (event) => event.preventDefault());  // keep the field's focus
        button.addEventListener("click", () => {
          const note = $("desk-grid-note");
          const used = cardsInUse();
          if (card in used) { note.textContent = T.cardInUse(shown(card), used[card]); return; }
          const target = lastField || playersBox.querySelector("input[name^='f']");
          if (!target) { note.textContent = T.noField; return; }
          note.textContent = "";
          target.value = (target.value.trim() + " " + card).trim();
          target.classList.remove("desk-invalid");
          markUsed();
          target.focus();
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
      const url = links.rules[part.rule] && links.rules[part.rule].url;
      const code = el("code", { text: part.rule });
      return url ? el("a", { href: url, class: "desk-rule" }, [code]) : code;
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

  function cell(parts, links, tag, label) {
    const node = el(tag || "span", label ? { "data-label": label } : {});
    for (const part of parts) node.append(inline(part, links));
    return node;
  }

  function totalsLine(totals, id) {
    const line = el("p", { class: "desk-totals", id: id || null });
    for (const [seat, total] of Object.entries(totals)) {
      line.append(el("span", { class: "desk-total", "data-seat": seat, text: `${seat} ${signedText(total)}` }), " ");
    }
    return line;
  }

  function explanationNodes(explanation, totalsId) {
    const out = [totalsLine(explanation.totals, totalsId)];
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
        for (const row of block.rows) {
          body.append(el("tr", {}, row.map((c, i) => cell(c, explanation, "td", block.header[i]))));
        }
        table.append(body);
        out.push(el("div", { class: "desk-table-wrap" }, [table]));
      }
    }
    return out;
  }

  /* "input.players[1].front[2]" -> {player: 1, name: "front"}. */
  function place(where) {
    const found = /^input\.players\[(\d+)\](?:\.(\w+))?/.exec(where || "");
    return found ? { player: Number(found[1]), name: found[2] || null } : null;
  }

  /* The error's sentence: the engine's, or in the desk's language the words for its code. */
  function errorText(error) {
    return DESK_LANGUAGE.sentence(error.detail, T) || (T.codes && T.codes[error.code]) || error.detail || error.message;
  }

  function playerWords(error, seatGiven) {
    const at = place(error.where);
    if (!at) return errorText(error);
    const seatField = playersBox.querySelector(`[name="s${at.player}"]`);
    const seat = seatGiven || (seatField ? seatField.value : "?");
    const name = at.name && T.fields[at.name] ? T.fields[at.name] : null;
    const size = /^expected (\d+) cards, got (\d+)$/.exec(error.detail || "");
    let text = errorText(error);
    if (error.code === "bad_hand_size" && size && name) text = T.needsCards(name, size[1], size[2]);
    else if (error.code === "bad_card" && name) text = T.notACard(name, (/^('[^']*')/.exec(error.detail) || [""])[0]);
    return T.errorAt(at.player + 1, seat, text);
  }

  function markField(error) {
    const at = place(error.where);
    if (!at) return null;
    const key = at.name ? KEYS[at.name] : null;
    const target = (key && playersBox.querySelector(`[name="${key}${at.player}"]`))
      || playersBox.querySelector(`[name="f${at.player}"]`);
    if (!target) return null;
    target.classList.add("desk-invalid");
    target.setAttribute("aria-invalid", "true");
    target.setAttribute("aria-describedby", "desk-error");
    return target;
  }

  function showError(error) {
    errorBox.hidden = false;
    errorBox.replaceChildren(
      el("p", {}, [el("strong", { text: T.cannotScore + " " }),
                   el("span", { class: "desk-error-words", text: playerWords(error) })]),
      el("p", { class: "desk-error-cli" }, [T.cliSays + " ", el("code", { class: "desk-error-message",
                                                                           text: error.message })]));
    if (resultBox) resultBox.replaceChildren();
    const target = markField(error);
    if (target) target.focus();
    else errorBox.scrollIntoView({ block: "center" });
  }

  function clearMarks() {
    for (const f of playersBox.querySelectorAll(".desk-invalid")) {
      f.classList.remove("desk-invalid");
      f.removeAttribute("aria-invalid");
    }
  }

  function score(pushAddress) {
    const rulesetId = select.value;
    if (!resultBox) return;
    const deal = readDeal();
    if (pushAddress) window.history.replaceState(null, "", dealToQuery(rulesetId, deal) + window.location.hash);
    if (!engine) { status("notLoadedYet"); root.dataset.pending = "yes"; return; }
    errorBox.hidden = true;
    clearMarks();
    const started = performance.now();
    const answer = JSON.parse(engine.answer_by_id(rulesetId, JSON.stringify(deal), "", lang));
    const took = Math.round(performance.now() - started);
    if (answer.error) {
      lastScored = null;
      showError(answer.error);
      status("notScored");
    } else {
      lastScored = { ruleset: rulesetId, deal };
      resultBox.replaceChildren(...explanationNodes(answer.explanation, "desk-totals"));
      status("scored", took);
    }
    if (!root.dataset.firstAnswerMs) {
      root.dataset.firstAnswerMs = String(Math.round(performance.now()));
      registerWorker();
    }
    root.dataset.lastScoreMs = String(took);
    root.dataset.scored = String(Number(root.dataset.scored || "0") + 1);
    updateSessionButtons();
  }

  // --- the session ledger -----------------------------------------------------------------------

  function sessionInput() {
    const data = { deals: session.deals };
    if (session.stacks) data.stacks = session.stacks;
    return data;
  }

  function encodeSession() {
    const text = JSON.stringify({ ruleset: session.ruleset, ...sessionInput() });
    return btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function decodeSession(text) {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  function saveSessionAddress() {
    const hash = session.deals.length ? "#session=" + encodeSession() : "";
    window.history.replaceState(null, "", window.location.pathname + window.location.search + hash);
  }

  function updateSessionButtons() {
    if (!withSession) return;
    const other = session.ruleset && session.ruleset !== select.value;
    $("desk-record").disabled = !lastScored || Boolean(other);
    $("desk-undo").disabled = !session.deals.length;
    $("desk-settle").disabled = !session.deals.length;
    $("desk-share").disabled = !session.deals.length;
    $("desk-download").disabled = !session.deals.length;
    $("desk-session-note").textContent = other ? T.sessionOther(titleOf(rulesets[session.ruleset]))
      : lastScored ? "" : T.scoreFirst;
    const stacksBox = $("desk-stacks");
    const rs = rulesets[session.ruleset || select.value];
    stacksBox.hidden = !(rs && rs.form.stacks);
  }

  function stacksFromForm() {
    const stacks = {};
    let any = false;
    for (const input of $("desk-stacks").querySelectorAll("input[data-seat]")) {
      if (input.value.trim() !== "") { stacks[input.dataset.seat] = Number(input.value); any = true; }
    }
    return any ? stacks : null;
  }

  function fillStacks(seats) {
    if (!withSession) return;
    const box = $("desk-stacks-fields");
    box.replaceChildren();
    for (const seat of seats) {
      const input = el("input", { id: "desk-stack-" + seat, "data-seat": seat, inputmode: "numeric", class: "desk-seat",
                                  value: session.stacks && seat in session.stacks ? String(session.stacks[seat]) : "" });
      box.append(field(seat, input));
    }
    const button = el("select", { id: "desk-button" });
    for (const seat of seats) button.append(el("option", { value: seat, text: seat }));
    box.append(field(T.button, button));
  }

  function renderSession(answer) {
    const ledger = $("desk-ledger");
    ledger.replaceChildren();
    $("desk-settlement").replaceChildren();
    if (!session.deals.length) {
      ledger.append(el("p", { class: "desk-note", text: T.sessionEmpty }));
      return;
    }
    if (answer.error) { ledger.append(el("p", { class: "desk-error", text: playerWords(answer.error) })); return; }
    const out = answer.session;
    for (const deal of out.deals) {
      const result = deal.paid || deal.totals;
      const summary = el("summary", {}, [el("strong", { text: T.dealLabel(deal.deal) + " " }),
        Object.entries(result).map(([s, v]) => `${s} ${signedText(v)}`).join(", "),
        el("span", { class: "desk-running" }, [" · " + T.running + " " +
          Object.entries(deal.running).map(([s, v]) => `${s} ${signedText(v)}`).join(", ")])]);
      const details = el("details", { class: "desk-deal", "data-deal": String(deal.deal) }, [summary]);
      details.addEventListener("toggle", () => {
        if (!details.open || details.dataset.shown) return;
        const raw = session.deals[deal.deal - 1];
        const dealOnly = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "button"));
        const shownAnswer = JSON.parse(engine.answer_by_id(session.ruleset, JSON.stringify(dealOnly), "", lang));
        details.dataset.shown = "yes";
        details.append(el("div", { class: "desk-deal-body" },
                          shownAnswer.error ? [el("p", { text: playerWords(shownAnswer.error) })]
                            : explanationNodes(shownAnswer.explanation)));
      });
      ledger.append(details);
    }
    const running = totalsLine(out.totals, "desk-session-totals");
    running.prepend(T.afterDeals(out.deals.length) + " ");
    ledger.append(running);
    root.dataset.sessionDeals = String(out.deals.length);
    return out;
  }

  function refreshSession() {
    if (!engine) return null;
    const answer = session.deals.length ? JSON.parse(engine.session(session.ruleset, JSON.stringify(sessionInput())))
      : { session: null };
    const out = renderSession(answer);
    saveSessionAddress();
    updateSessionButtons();
    return out;
  }

  function showSettlement() {
    const answer = JSON.parse(engine.session(session.ruleset, JSON.stringify(sessionInput())));
    const box = $("desk-settlement");
    if (answer.error) { box.replaceChildren(el("p", { text: playerWords(answer.error) })); return; }
    const payments = answer.session.settle_up;
    if (!payments.length) { box.replaceChildren(el("p", { class: "desk-settle-title", text: T.allEven })); return; }
    box.replaceChildren(el("p", { class: "desk-settle-title", text: T.settleTitle(payments.length) }),
                        el("ul", { id: "desk-payments" }, payments.map((p) => el("li", { class: "desk-payment",
                          text: T.pays(p.from, p.to, p.amount) }))));
    root.dataset.settled = "yes";
  }

  function record() {
    if (!lastScored || (session.ruleset && session.ruleset !== lastScored.ruleset)) return;
    const rs = rulesets[lastScored.ruleset];
    const deal = JSON.parse(JSON.stringify(lastScored.deal));
    if (!session.deals.length) {
      session.ruleset = lastScored.ruleset;
      session.stacks = rs.form.stacks ? stacksFromForm() : null;
    }
    if (session.stacks) deal.button = $("desk-button").value;
    session.deals.push(deal);
    const answer = JSON.parse(engine.session(session.ruleset, JSON.stringify(sessionInput())));
    if (answer.error) {  // the deal does not belong to this session (other seats): take it back, say why
      session.deals.pop();
      if (!session.deals.length) session.ruleset = null;
      $("desk-session-note").textContent = playerWords(answer.error);
      return;
    }
    refreshSession();
    $("desk-session-note").textContent = T.recorded(session.deals.length);
  }

  function undo() {
    const n = session.deals.length;
    if (!n) return;
    session.deals.pop();
    if (!session.deals.length) { session.ruleset = null; session.stacks = null; }
    refreshSession();
    $("desk-session-note").textContent = T.undone(n);
  }

  function download() {
    const text = JSON.stringify({ ruleset: session.ruleset, ...sessionInput() }, null, 2) + "\n";
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
                           download: "session.json" });
    document.body.append(link);
    link.click();
    link.remove();
  }

  function sessionFromAddress() {
    const found = /(?:^|[#&])session=([^&]+)/.exec(window.location.hash);
    if (!found) return;
    try {
      const data = decodeSession(found[1]);
      if (!rulesets[data.ruleset] || !Array.isArray(data.deals)) return;
      session = { ruleset: data.ruleset, deals: data.deals, stacks: data.stacks || null };
    } catch (error) {
      session = { ruleset: null, deals: [], stacks: null };
    }
  }

  function wireSession() {
    $("desk-record").addEventListener("click", record);
    $("desk-undo").addEventListener("click", undo);
    $("desk-settle").addEventListener("click", showSettlement);
    $("desk-new-session").addEventListener("click", () => {
      session = { ruleset: null, deals: [], stacks: null };
      refreshSession();
    });
    $("desk-share").addEventListener("click", () => {
      saveSessionAddress();
      if (navigator.clipboard) navigator.clipboard.writeText(window.location.href).catch(() => {});
      $("desk-session-note").textContent = T.copied;
    });
    $("desk-download").addEventListener("click", download);
  }

  // --- start ------------------------------------------------------------------------------------

  async function loadEngine() {
    if (root.dataset.engine !== "yes") { status("engineMissing"); return; }
    const started = performance.now();
    const loaded = await window.cpspecEngine(root.dataset.bundle, root.dataset.pyodide,  // js/desk-engine.js
                                             ["cpspec.present.desk"], root.dataset.pyodideVersion);
    pyodide = loaded.pyodide;
    root.dataset.runtimeMs = String(loaded.runtimeMs);
    root.dataset.restored = loaded.restored ? "yes" : "no";
    const importing = performance.now();
    engine = pyodide.pyimport("cpspec.present.desk");
    root.dataset.importMs = String(Math.round(performance.now() - importing));
    root.dataset.ready = "yes";
    root.dataset.engineMs = String(Math.round(performance.now() - started));
    status("engineReady", Math.round(performance.now() - started));
  }

  /* After the first answer, so that its caching (from the HTTP cache) never competes with the first visit. */
  function registerWorker() {
    if ("serviceWorker" in navigator && root.dataset.worker) {
      navigator.serviceWorker.register(root.dataset.worker).catch(() => {});
    }
  }

  /* The page's own labels, from the table of messages; a label the table does not have (the page's title and
   * introduction in English) is the page's own. */
  const pageWords = new Map();
  function applyLabels() {
    for (const node of document.querySelectorAll("[data-msg]")) {
      if (!pageWords.has(node)) pageWords.set(node, node.innerHTML);
      const text = T[node.dataset.msg];
      if (typeof text === "string") node.textContent = text;
      else node.innerHTML = pageWords.get(node);
    }
    DESK_LANGUAGE.theme(T, lang);  // the site's name, breadcrumb, menu and title around the desk
    for (const option of select.options) {
      const rs = rulesets[option.value];
      if (!rs) continue;
      option.textContent = titleOf(rs);
      option.title = `${titleOf(rs)} (${rs.id} ${rs.version})`;
    }
    for (const link of document.querySelectorAll("#desk-lang a[data-lang]")) {
      link.href = DESK_LANGUAGE.address(link.dataset.lang);
      if (link.dataset.lang === lang) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }

  async function useLanguage(next) {
    lang = next;
    await DESK_LANGUAGE.use(lang, root.dataset.messages.replace("{lang}", lang));
    root.dataset.lang = lang;
  }

  /* Everything the desk has said, said again in its language (the form's entries kept). */
  function relabel(deal) {
    applyLabels();
    fillGrid();
    fillPlayers(deal);
    fillStacks(deal.players.map((p) => p.seat));
    updateSessionButtons();
    status(said[0], ...said[1]);
    if (engine && session.deals.length) refreshSession();
  }

  /* The switch: the desk's words, the form and the answers, in the other language, kept in the address. */
  async function switchLanguage(next) {
    if (next === lang) return;
    const deal = readDeal();
    await useLanguage(next);
    window.history.replaceState(null, "", DESK_LANGUAGE.address(lang));
    relabel(deal);
    if (engine && lastScored) score(false);
  }

  async function start() {
    const loading = loadEngine();  // at once, beside the form
    const words = useLanguage(DESK_LANGUAGE.fromAddress());
    rulesets = await (await fetch(root.dataset.rulesets)).json();
    await words;
    applyLabels();
    if (root.dataset.engine !== "yes") status("engineMissing"); else if (!engine) status("loading");
    for (const link of document.querySelectorAll("#desk-lang a[data-lang]")) {
      link.addEventListener("click", (event) => { event.preventDefault(); switchLanguage(link.dataset.lang); });
    }
    fillGrid();
    sessionFromAddress();
    const fromAddress = dealFromQuery();
    if (fromAddress) select.value = fromAddress.ruleset;
    else if (session.ruleset) select.value = session.ruleset;
    fillExamples();
    fillPlayers(fromAddress ? fromAddress.deal : null);
    fillStacks(readDeal().players.map((p) => p.seat));
    select.addEventListener("change", () => {
      fillExamples(); fillPlayers(null); lastScored = null; errorBox.hidden = true;
      fillStacks(readDeal().players.map((p) => p.seat)); updateSessionButtons();
    });
    exampleSelect.addEventListener("change", () => {
      const example = rulesets[select.value].examples.find((e) => e.name === exampleSelect.value);
      if (example) { fillPlayers(example.deal); score(true); }
    });
    $("desk-add").addEventListener("click", () => {
      const count = playerCount();
      if (count < rulesets[select.value].form.players.max) playersBox.append(playerRow(count, null, null));
      updateCount();
    });
    $("desk-remove").addEventListener("click", () => {
      const rows = playersBox.querySelectorAll(".desk-player");
      if (rows.length > rulesets[select.value].form.players.min) rows[rows.length - 1].remove();
      updateCount();
      markUsed();
    });
    form.addEventListener("submit", (event) => { event.preventDefault(); score(true); });
    // Back and forward between rulings (and a link followed within the page): the address's deal, scored.
    window.addEventListener("popstate", async () => {
      const deal = dealFromQuery();
      if (!deal) return;
      select.value = deal.ruleset;
      if (DESK_LANGUAGE.fromAddress() !== lang) {  // the address's language too
        await useLanguage(DESK_LANGUAGE.fromAddress());
        relabel(deal.deal);
      }
      fillExamples();
      fillPlayers(deal.deal);
      fillStacks(readDeal().players.map((p) => p.seat));
      score(false);
    });
    if (withSession) wireSession();
    updateSessionButtons();
    // For the pages that reuse the form (js/desk-which-rules.js): the deal entered, errors in a player's words.
    window.cpspecDesk = { readDeal, playerWords, showError, clearMarks, el, cardSpan, signedText, dealToQuery,
                          rulesetId: () => select.value, rulesets: () => rulesets, pyodide: () => pyodide,
                          fillDeal: (rulesetId, deal) => { select.value = rulesetId; fillExamples(); fillPlayers(deal); } };
    try {
      await loading;
    } catch (error) {
      status("engineFailed", error.message);
      return;
    }
    root.dispatchEvent(new Event("cpspec-desk-ready"));
    if (withSession && session.deals.length) refreshSession();
    if (fromAddress || root.dataset.pending) score(false);
    else registerWorker();
  }

  start();
})();
