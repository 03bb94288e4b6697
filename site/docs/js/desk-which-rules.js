/* "Which rules were these?": deals entered with the dispute desk's form (js/desk.js, window.cpspecDesk), what each
 * seat was paid, and the answer of `cpspec identify` run in the desk's engine (cpspec.present.desk_which_rules).
 *
 * Loaded only by desk-which-rules.html, after js/desk-messages.js (every word shown comes from that table) and
 * js/desk.js. The search runs in a worker (js/desk-worker.js), so that the page answers while it runs (a single
 * deal that most rulesets pay alike takes half a minute). Each deal is checked when it is added (an error is said in the players' terms and its field
 * marked, as on the desk); the deals entered are kept in the page's address (#deals=...), so they survive a
 * reload and can be shared, and can be downloaded as the file `cpspec identify` reads.
 */
(function () {
  "use strict";

  const root = document.getElementById("cpspec-desk");
  const section = document.getElementById("wr-observed");
  if (!root || !section) return;
  const T = window.DESK_MESSAGES;
  const $ = (id) => document.getElementById(id);
  const D = () => window.cpspecDesk;
  let deals = [];  // each {ruleset: the form's ruleset, observed: a score input with totals}
  const MODULE = "cpspec.present.desk_which_rules";
  let module = null;
  let worker = null;

  function engine() {
    if (!module && D() && D().pyodide()) module = D().pyodide().pyimport(MODULE);
    return module;
  }

  function note(text) { $("wr-note").textContent = text; }

  function seats() { return Array.from(document.querySelectorAll("#desk-players [name^='s']")).map((f) => f.value.trim()); }

  /* One field per seat for what it was paid, kept when the seats change. */
  function fillTotals() {
    const box = $("wr-totals");
    const kept = {};
    for (const input of box.querySelectorAll("input[data-seat]")) kept[input.dataset.seat] = input.value;
    box.replaceChildren();
    seats().forEach((seat, i) => {
      const input = D().el("input", { id: "wr-total-" + i, "data-seat": seat, inputmode: "numeric",
                                      class: "desk-seat wr-total", value: kept[seat] || "" });
      input.addEventListener("input", () => { input.classList.remove("desk-invalid"); input.removeAttribute("aria-invalid"); });
      box.append(D().el("div", { class: "desk-field" }, [D().el("label", { for: input.id, text: T.whichPaidBy(seat) }), input]));
    });
  }

  function mark(input) {
    input.classList.add("desk-invalid");
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }

  /* {totals} or {error: the words, field: the field to mark}. */
  function readTotals() {
    const totals = {};
    for (const input of $("wr-totals").querySelectorAll("input[data-seat]")) {
      const text = input.value.trim().replace(/^[−–]/, "-").replace(/^\+/, "");
      if (text === "") continue;
      if (!/^-?\d+$/.test(text)) return { error: T.whichNotANumber(input.dataset.seat, input.value.trim()), field: input };
      totals[input.dataset.seat] = Number(text);
    }
    if (!Object.keys(totals).length) return { error: T.whichNoTotals, field: $("wr-totals").querySelector("input") };
    return { totals };
  }

  function showWords(words, field) {
    const box = $("desk-error");
    box.hidden = false;
    box.replaceChildren(D().el("p", {}, [D().el("strong", { text: T.whichCannotAdd + " " }),
                                         D().el("span", { class: "desk-error-words", text: words })]));
    if (field) mark(field);
  }

  function add() {
    if (!engine()) { note(T.notLoadedYet); return; }
    $("desk-error").hidden = true;
    D().clearMarks();
    const read = readTotals();
    if (read.error) { showWords(read.error, read.field); return; }
    const observed = { ...D().readDeal(), totals: read.totals };
    const answer = JSON.parse(engine().check_observation(D().rulesetId(), JSON.stringify(observed)));
    if (answer.error) {
      const seat = /^input\.totals\.(.+)$/.exec(answer.error.where || "");
      if (seat) showWords(answer.error.detail, $("wr-totals").querySelector(`[data-seat="${seat[1]}"]`));
      else D().showError(answer.error);
      return;
    }
    deals.push({ ruleset: D().rulesetId(), observed });
    searcher();
    for (const field of document.querySelectorAll("#desk-players input.desk-cards, #wr-totals input")) {
      field.value = "";
      field.dispatchEvent(new Event("input"));
    }
    for (const field of document.querySelectorAll("#desk-players select[name^='d']")) field.value = "";
    renderDeals();
    note(T.whichAdded(deals.length));
  }

  function undo() {
    if (!deals.length) return;
    const n = deals.length;
    deals.pop();
    renderDeals();
    note(T.undone(n));
  }

  function cards(list) {
    const span = D().el("span", { class: "cards" });
    list.forEach((c, i) => { if (i) span.append(" "); span.append(D().cardSpan(c)); });
    return span;
  }

  /* A deal's players, one line each: the seat, its rows (or declaration). */
  function dealLines(deal) {
    return D().el("ul", { class: "wr-players" }, deal.players.map((p) => {
      const parts = [D().el("strong", { text: p.seat + " " })];
      const rows = ["front", "middle", "back"].filter((r) => p[r] && p[r].length);
      rows.forEach((r, i) => { if (i) parts.push(" / "); parts.push(cards(p[r])); });
      if (!rows.length && p.cards) parts.push(cards(p.cards));
      if (p.declare) parts.push(" " + T.declares(p.declare + (p.natural ? " " + p.natural : "")));
      return D().el("li", {}, parts);
    }));
  }

  function paid(totals) { return Object.entries(totals).map(([s, v]) => `${s} ${D().signedText(v)}`).join(", "); }

  function renderDeals() {
    const list = $("wr-deals");
    list.replaceChildren(...deals.map((d, i) => D().el("li", { class: "wr-deal", "data-deal": String(i + 1) }, [
      D().el("strong", { text: T.dealLabel(i + 1) + ": " }), T.whichPaid(paid(d.observed.totals)), dealLines(d.observed)])));
    if (!deals.length) list.append(D().el("li", { class: "desk-note", text: T.whichEmpty }));
    $("wr-undo").disabled = !deals.length;
    $("wr-identify").disabled = !deals.length;
    $("wr-download").disabled = !deals.length;
    root.dataset.observed = String(deals.length);
    const hash = deals.length ? "#deals=" + btoa(unescape(encodeURIComponent(JSON.stringify(deals)))) : "";
    window.history.replaceState(null, "", window.location.pathname + window.location.search + hash);
  }

  function download(name, text) {
    const link = D().el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
    document.body.append(link);
    link.click();
    link.remove();
  }

  function rulesetLink(id) {
    const known = D().rulesets()[id];
    return D().el("a", { href: `rulesets/${id}.html`, "data-ruleset": id, text: known ? `${known.title} (${id})` : id });
  }

  /* The base ruleset of a candidate: an id, or a fix named "id with path = value". */
  function baseOf(candidate) { return candidate.split(" with ")[0]; }

  function nextDeal(next) {
    const out = [D().el("h3", { text: T.whichNext })];
    if (next.input.players) out.push(dealLines(next.input));
    out.push(D().el("ul", { class: "wr-candidates" }, next.totals.map((c) => D().el("li", {}, [
      D().el("code", { text: c.candidate }), ": ", c.totals ? paid(c.totals) : T.whichRefuses(c.refused)]))));
    const accepting = next.totals.find((c) => c.totals && D().rulesets()[baseOf(c.candidate)]);
    const buttons = D().el("p", { class: "desk-buttons" });
    if (accepting && next.input.players) {
      buttons.append(D().el("a", { id: "wr-next-desk", href: "desk.html" + D().dealToQuery(baseOf(accepting.candidate), next.input),
                                   text: T.whichOpenDesk }), " ");
      const put = D().el("button", { type: "button", id: "wr-next-form", text: T.whichPutInForm });
      put.addEventListener("click", () => { D().fillDeal(baseOf(accepting.candidate), next.input); fillTotals(); });
      buttons.append(put);
    }
    out.push(buttons);
    return out;
  }

  function answerNodes(out) {
    const nodes = [];
    if (out.agreeing.length) {
      nodes.push(D().el("h3", { text: T.whichAgree(out.agreeing.length, out.observations) }),
                 D().el("ul", { id: "wr-agreeing" }, out.agreeing.map((id) => D().el("li", {}, [rulesetLink(id)]))));
    } else {
      nodes.push(D().el("h3", { text: T.whichNoneAgree(out.observations) }),
                 D().el("p", { text: T.whichNearest }),
                 D().el("ul", { id: "wr-nearest" }, out.nearest.map((n) => D().el("li", {}, [
                   rulesetLink(n.ruleset), " " + T.whichAgreesWith(n.agrees, out.observations)]))));
      if (out.fixes.length) {
        nodes.push(D().el("p", { text: T.whichFixes }), D().el("ul", { id: "wr-fixes" }, out.fixes.map((f) => D().el("li", {}, [
          rulesetLink(f.ruleset), " " + T.whichWith + " ",
          ...f.changes.map((c, i) => D().el("span", {}, [i ? "; " : "", ...c.sets.map((s, j) => D().el("code", {
            text: (j ? ", " : "") + `${s.path} = ${JSON.stringify(s.value)}` })), ` (${c.source})`]))]))));
      } else {
        nodes.push(D().el("p", { text: T.whichNoFix }));
      }
      if (out.house_ruleset) {
        const button = D().el("button", { type: "button", id: "wr-house", text: T.whichHouse });
        button.addEventListener("click", () => download(out.house_ruleset.id + ".yaml",
          `# ${T.whichHouseNote}\n` + JSON.stringify(out.house_ruleset, null, 2) + "\n"));
        nodes.push(D().el("p", { class: "desk-buttons" }, [button]));
      }
    }
    if (out.next_deal) nodes.push(...nextDeal(out.next_deal));
    for (const group of out.alike || []) {
      nodes.push(D().el("p", { class: "desk-note", text: T.whichAlike(group.candidates.join(", "),
                                                                      group.differ_in.join(", ") || T.whichUnread) }));
    }
    return nodes;
  }

  /* An error of the whole search, at a deal already added: "Deal 2: Player 1 (A): ...". */
  function dealError(error) {
    const found = /^input\.deals\[(\d+)\](.*)$/.exec(error.where || "");
    if (!found) return error.detail || error.message;
    const deal = deals[Number(found[1])];
    const player = /^\.players\[(\d+)\]/.exec(found[2]);
    const seat = player && deal ? (deal.observed.players[Number(player[1])] || {}).seat : null;
    return T.whichDealError(Number(found[1]) + 1, D().playerWords({ ...error, where: "input" + found[2] }, seat));
  }

  /* The search runs in a worker (js/desk-worker.js), started with the first deal added: it never holds the page. */
  function searcher() {
    if (!worker) {
      worker = window.cpspecWorker(root.dataset.bundle, root.dataset.pyodide);
      worker.call(MODULE, "ready", []).catch(() => {});
    }
    return worker;
  }

  async function identify() {
    if (!deals.length) { note(T.whichEmpty); return; }
    note(T.whichSearching(deals.length));
    $("wr-answer").replaceChildren();
    $("wr-identify").disabled = true;
    let answer;
    let took;
    try {
      await searcher().call(MODULE, "ready", []);
      const started = performance.now();
      answer = JSON.parse(await searcher().call(MODULE, "identify",
                                                [JSON.stringify({ deals: deals.map((d) => d.observed) })]));
      took = Math.round(performance.now() - started);
    } catch (error) {
      note(T.engineFailed(error.message));
      $("wr-identify").disabled = false;
      return;
    }
    $("wr-identify").disabled = false;
    root.dataset.identifyMs = String(took);
    if (answer.error) {
      $("wr-answer").replaceChildren(D().el("p", { class: "desk-error", text: dealError(answer.error) }));
      note("");
    } else {
      $("wr-answer").replaceChildren(...answerNodes(answer.identify));
      note(T.whichDone(took));
    }
    root.dataset.identified = String(Number(root.dataset.identified || "0") + 1);
  }

  function fromAddress() {
    const found = /(?:^|[#&])deals=([^&]+)/.exec(window.location.hash);
    if (!found) return;
    try {
      const kept = JSON.parse(decodeURIComponent(escape(atob(found[1]))));
      if (Array.isArray(kept)) deals = kept.filter((d) => d && d.observed && Array.isArray(d.observed.players));
    } catch (error) {
      deals = [];
    }
  }

  function start() {
    fillTotals();
    new MutationObserver(fillTotals).observe($("desk-players"), { childList: true });
    $("desk-players").addEventListener("change", (event) => { if (/^s\d+$/.test(event.target.name || "")) fillTotals(); });
    $("wr-add").addEventListener("click", add);
    $("wr-undo").addEventListener("click", undo);
    $("wr-identify").addEventListener("click", identify);
    $("wr-download").addEventListener("click", () => download("deals.json",
      JSON.stringify({ deals: deals.map((d) => d.observed) }, null, 2) + "\n"));
    fromAddress();
    renderDeals();
  }

  // The form is built once the rulesets' facts are fetched; the engine comes after.
  const waitForForm = setInterval(() => {
    if (!D() || !$("desk-players").children.length) return;
    clearInterval(waitForForm);
    start();
  }, 50);
})();
