/* The ¶ link after each heading that has an anchor (the readthedocs theme shows it on hover), added here and
 * not written into every page: the site's 425 pages carried some 9,000 of them (0.55 MB; issue 22's budget).
 */
(function () {
  "use strict";
  function addLinks() {
    for (const heading of document.querySelectorAll(".rst-content h1[id], .rst-content h2[id], .rst-content h3[id],"
                                                    + " .rst-content h4[id], .rst-content h5[id], .rst-content h6[id]")) {
      if (heading.querySelector("a.headerlink")) continue;
      const link = document.createElement("a");
      link.className = "headerlink";
      link.href = `#${heading.id}`;
      link.textContent = "¶";
      heading.append(link);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addLinks);
  else addLinks();
})();
