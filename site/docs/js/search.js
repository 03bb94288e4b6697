/* The rulebook's search page, on the Pagefind index the build writes to pagefind/ (site/hooks.py).
   Rules first (a rule whose id is the query before all), then guide pages, then cases: one search per
   kind, each narrowed by the filters chosen (kind, ruleset, topic), which the address keeps
   (search.html?q=scoop&ruleset=chiptalk). A query in Chinese asks the Chinese edition's index (Pagefind
   keeps one a language, chosen by the page's lang) before the English one, so the Chinese pages come first
   in each kind, a rule whose Chinese title holds the query first of all. The time a query took is left in
   #search-results' data-ms. */
const KINDS = [["rule", "Rules"], ["guide", "Guide pages"], ["case", "Cases"]];
const SHOWN = { rule: 12, guide: 6, case: 8 };
const form = document.getElementById("search-form");
const box = document.getElementById("search-query");
const out = document.getElementById("search-results");
const root = new URL("../", import.meta.url);
const pagefind = await import(new URL("pagefind/pagefind.js", root).href);
await pagefind.options({ excerptLength: 24 });
await pagefind.init();

const HAN = /[\u3400-\u9fff]/;
let chinese = null;  // the Chinese edition's index, a Pagefind of its own, loaded for the first query in Chinese
async function chineseIndex() {
  if (!chinese) {
    const page = document.documentElement.lang;
    document.documentElement.lang = "zh-CN";  // Pagefind picks its index by the page's language
    chinese = await import(new URL("pagefind/pagefind.js?index=zh-cn", root).href);
    await chinese.options({ excerptLength: 24 });
    await chinese.init();
    document.documentElement.lang = page;
  }
  return chinese;
}

const params = new URLSearchParams(window.location.search);
box.value = params.get("q") || "";
for (const select of form.querySelectorAll("select[data-filter]")) select.value = params.get(select.name) || "";

function address(url) {
  return new URL(url.replace(/^\//, ""), root).href;
}

function chosen() {
  const filters = {};
  for (const select of form.querySelectorAll("select[data-filter]")) if (select.value) filters[select.name] = select.value;
  return filters;
}

function item(data, kind, query) {
  const li = document.createElement("li");
  li.className = `search-result search-${kind}`;
  li.dataset.kind = kind;
  const a = document.createElement("a");
  a.href = address(data.meta.href || data.url);
  const id = data.meta.id || "";
  if (kind === "rule") {
    const code = document.createElement("code");
    code.textContent = id;
    a.append(code, " ", data.meta.title || "");
  } else {
    a.textContent = data.meta.title || data.url;
  }
  const where = document.createElement("span");
  where.className = "search-where";
  where.textContent = kind === "rule" ? ` · ${data.meta.cite}` : kind === "case" ? ` · case of ${data.meta.ruleset}` : "";
  const excerpt = document.createElement("p");
  excerpt.className = "search-excerpt";
  excerpt.innerHTML = data.excerpt;
  li.append(a, where, excerpt);
  if (id && id === query) li.dataset.exact = "yes";
  return li;
}

let running = 0;
async function run() {
  const query = box.value.trim();
  const mine = ++running;
  if (!query) { out.textContent = ""; return; }
  const started = performance.now();
  const filters = chosen();
  const kinds = KINDS.filter(([kind]) => !filters.kind || filters.kind === kind);
  const indexes = HAN.test(query) ? [await chineseIndex(), pagefind] : [pagefind];
  const found = await Promise.all(kinds.map(async ([kind]) => {
    const each = await Promise.all(indexes.map((index) => index.search(query, { filters: { ...filters, kind } })));
    return { results: each.flatMap((search) => search.results) };
  }));
  const loaded = await Promise.all(found.map((search, i) =>
    Promise.all(search.results.slice(0, SHOWN[kinds[i][0]]).map((r) => r.data()))));
  if (mine !== running) return;
  out.textContent = "";
  let total = 0;
  kinds.forEach(([kind, title], i) => {
    let items = loaded[i];
    if (!items.length) return;
    if (kind === "rule") items = [...items.filter((d) => d.meta.id === query), ...items.filter((d) => d.meta.id !== query)];
    // In Chinese (no spaces between words to weigh by), a rule whose title holds the query before the others.
    if (kind === "rule" && HAN.test(query)) {
      const named = (d) => d.meta.id === query || (d.meta.title || "").includes(query);
      items = [...items.filter(named), ...items.filter((d) => !named(d))];
    }
    total += found[i].results.length;
    const h = document.createElement("h2");
    h.textContent = `${title} (${found[i].results.length})`;
    const list = document.createElement("ol");
    list.className = "search-list";
    list.dataset.kind = kind;
    for (const data of items) list.append(item(data, kind, query));
    out.append(h, list);
  });
  if (!total) out.textContent = "No results found.";
  out.dataset.ms = String(Math.round(performance.now() - started));
  out.dataset.query = query;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const next = new URLSearchParams({ q: box.value.trim(), ...chosen() });
  window.history.replaceState(null, "", `?${next}`);
  run();
});
for (const select of form.querySelectorAll("select[data-filter]")) select.addEventListener("change", () => form.requestSubmit());
out.dataset.ready = "yes";
run();
