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

  window.DESK_LANGUAGE = {
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
