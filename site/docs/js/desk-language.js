/* The dispute desk's language: English (js/desk-messages.js) or Chinese, chosen by the switch and kept in
 * the address (?lang=zh), so that a shared link opens in the same language.
 *
 * Loaded by the desk's pages (desk.html, desk-which-rules.html) after js/desk-messages.js and before
 * js/desk.js. The Chinese table is built with the site from cpspec.present.desk_messages (its words from the
 * vocabulary, rulesets/vocabulary/terms.yaml, and from the explanation's messages) and served as
 * assets/desk/messages-zh.json: each entry is a string, a table of strings, or a template whose {0}, {1} are
 * the English function's arguments in order. The explanation itself is the engine's (cpspec explain --lang
 * zh), asked in the page's language.
 */
(function () {
  "use strict";

  const ENGLISH = Object.assign({}, window.DESK_MESSAGES);
  const LANGUAGES = ["en", "zh"];

  /* The English entry's shape, filled with the table's words: a function stays a function of its values. */
  function shaped(english, entry) {
    if (typeof entry === "string") {
      if (typeof english !== "function") return entry;
      return (...values) => entry.replace(/\{(\d+)\}/g, (_, i) => String(values[Number(i)]));
    }
    const table = {};
    for (const [key, value] of Object.entries(entry)) table[key] = shaped((english || {})[key], value);
    return table;
  }

  /* The engine's sentences (an error's detail) that a translation says in its words (its table "says", by
   * these names), each with the values it quotes, in order. */
  const SENTENCES = {
    duplicateCard: /^(\S+) (?:appears twice|is dealt to both)/,
    playerCount: /^(\d+) players, but \S+ is played by (\d+)$/,
    playerRange: /^(\d+) players, but \S+ is played by (\d+) to (\d+)$/,
    seatEmpty: /^seat must be a non-empty string/,
    seatTwice: /^seat ['"](.*)['"] is used twice$/,
    seatNotAllowed: /^seat ['"](.*)['"] is not one of (.+)$/,
    sessionSeats: /^every deal of a session has the same seats$/,
    notADeclaration: /^['"](.*)['"] is not a declaration/,
    notANatural: /^['"](.*)['"] is not a natural of this ruleset/,
    hasNoNaturals: /^\S+ has no naturals$/,
    hasNoSurrender: /^\S+ has no surrender$/,
    hasNoTimeout: /^\S+ has no timeout$/,
    bankerMissing: /is played against a banker: name the banker's seat$/,
    noStacks: /has no stack-limited settlement/,
    buttonNotASeat: /^button must name one of the seats$/,
    stacksEverySeat: /^stacks must give one amount for every seat$/,
    stackAmount: /^(?:a stack is a whole number|stacks maps every seat to a whole number)/,
  };

  /* The theme's links and labels as the page has them (in English), to be said again after a translation. */
  const theme = new Map();
  function kept(node, read) {
    if (!theme.has(node)) theme.set(node, read(node));
    return theme.get(node);
  }
  const LINKS = ".wy-side-nav-search > a, .wy-nav-top > a, .wy-breadcrumbs a, .wy-menu a[href]:not([href='#'])";

  window.DESK_LANGUAGE = {
    /* The engine's sentence in the table's words, or null (the table does not say it). */
    sentence(detail, table) {
      for (const [name, form] of Object.entries(SENTENCES)) {
        const found = form.exec(detail || "");
        const words = (table.says || {})[name];
        if (found && words) return words.replace(/\{(\d+)\}/g, (_, i) => found[Number(i) + 1]);
      }
      return null;
    },
    /* The theme around the desk in ``lang`` (the page's English where the table has no word): the page's title
     * and language, the site's name, the breadcrumb, the search boxes, and the menu's entries for the pages that
     * have a twin in that language (the table's "menu"), linked to the twin. */
    theme(table, lang) {
      // The page's own name (title, breadcrumb, its menu entry) where the page is the desk (data-msg="pageTitle").
      const name = document.querySelector("h1[data-msg='pageTitle']") ? table.pageTitle : null;
      const title = kept(document, () => document.title);
      document.title = name && table.siteName ? `${name} - ${table.siteName}` : title;
      document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
      for (const input of document.querySelectorAll("input[name='q']")) {
        const [text, label, tip] = kept(input, (n) => [n.placeholder, n.getAttribute("aria-label"), n.title]);
        input.placeholder = table.search || text;
        if (label !== null) input.setAttribute("aria-label", table.search || label);
        if (tip) input.title = table.search || tip;
      }
      // the breadcrumb's home icon, named for screen readers: the home page's name in the menu
      for (const home of document.querySelectorAll(".wy-breadcrumbs a.icon-home")) {
        if (home.dataset.label === undefined) home.dataset.label = home.getAttribute("aria-label") || "";
        const label = home.dataset.label;  // (not kept(): the menu's loop below keeps this link's text and address)
        const twin = (table.menu || {})[home.getAttribute("href")] || (table.menu || {})["index.html"];
        home.setAttribute("aria-label", (lang !== "en" && twin) || label);
      }
      for (const link of document.querySelectorAll(LINKS)) {
        const [text, href] = kept(link, (n) => [n.textContent, n.getAttribute("href")]);
        const twin = (table.menu || {})[href];
        const named = link.parentNode.matches(".wy-side-nav-search, .wy-nav-top") ? table.siteName : twin;
        link.setAttribute("href", twin && lang !== "en" ? `${lang}/${href}` : href);
        link.textContent = named && link.textContent.trim() ? named : text;
      }
      for (const node of document.querySelectorAll(".wy-breadcrumbs .breadcrumb-item.active, .wy-menu a[href='#']")) {
        const text = kept(node, (n) => n.textContent);
        node.textContent = name || text;
      }
    },

    /* The address's language: lang=zh, or English. */
    fromAddress() {
      const lang = new URLSearchParams(window.location.search).get("lang");
      return LANGUAGES.includes(lang) ? lang : "en";
    },
    /* The address with this language in it (English is the address without lang). */
    address(lang, search) {
      const q = new URLSearchParams(search === undefined ? window.location.search : search);
      if (lang === "en") q.delete("lang"); else q.set("lang", lang);
      const text = q.toString();
      return (text ? "?" + text : window.location.pathname) + window.location.hash;
    },
    /* Put the words of ``lang`` into window.DESK_MESSAGES (the table js/desk.js reads), from ``url``. */
    async use(lang, url) {
      const table = window.DESK_MESSAGES;
      for (const key of Object.keys(table)) delete table[key];
      Object.assign(table, ENGLISH);
      if (lang === "en") return;
      const words = await (await fetch(url)).json();
      for (const [key, entry] of Object.entries(words)) table[key] = shaped(ENGLISH[key], entry);
    },
  };
})();
