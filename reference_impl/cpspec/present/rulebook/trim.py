"""What the built site need not carry: files MkDocs's theme and Pagefind write that no page of the rulebook
loads, the theme's web fonts, and the indentation of every page. Applied during and after the build
(``site/hooks.py``) to keep the site small enough for a phone (tests/test_site_build.py weighs the whole
site, the desk's Python included, against issue 22's 25 MB)."""

from __future__ import annotations

import re
from pathlib import Path

#: Pagefind's ready-made interfaces: the search page (``js/search.js``) uses Pagefind's API alone.
PAGEFIND_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css",
                   "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")

#: The theme's text fonts (Lato, Roboto Slab: some 0.9 MB): the pages are set in the reader's own sans-serif
#: and serif fonts instead, which the theme's CSS names after them. Its icon font (FontAwesome) stays.
TEXT_FONTS = ("Lato", "Roboto Slab")
_FALLBACKS = {"Lato": "Lato,proxima-nova,Helvetica Neue,Arial,sans-serif",
              "Roboto Slab": "Roboto Slab,ff-tisa-web-pro,Georgia,Arial,sans-serif"}


def unused_files(site: Path) -> list[Path]:
    """The files of a built site that no page loads: the theme's older font formats (every browser the
    rulebook supports takes WOFF2, which the theme's CSS lists first), its text fonts (see :data:`TEXT_FONTS`;
    :func:`without_text_fonts` takes them out of its CSS) and Pagefind's unused interfaces.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for name in ("css/fonts/lato.woff", "css/fonts/lato-bold.woff2", "css/fonts/fontawesome-webfont.woff2",
    ...                  "pagefind/pagefind-ui.js"):
    ...         (Path(d) / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (Path(d) / name).write_text("x")
    ...     sorted(p.relative_to(d).as_posix() for p in unused_files(Path(d)))
    ['css/fonts/lato-bold.woff2', 'css/fonts/lato.woff', 'pagefind/pagefind-ui.js']
    """
    fonts = site / "css" / "fonts"
    old_formats = (".woff", ".ttf", ".eot", ".svg")
    text_fonts = tuple(name.lower().replace(" ", "-") for name in TEXT_FONTS)
    found = [p for p in sorted(fonts.glob("*")) if p.suffix in old_formats or p.name.lower().startswith(text_fonts)
             ] if fonts.is_dir() else []
    found += [site / "pagefind" / name for name in PAGEFIND_UNUSED if (site / "pagefind" / name).is_file()]
    return found


def without_text_fonts(css: str) -> str:
    """The theme's CSS without the ``@font-face`` rules of its text fonts, and with the reader's own fonts
    after each place that names one of them alone.

    >>> print(without_text_fonts('@font-face{font-family:Lato;src:url(fonts/lato.woff2)}p{font-family:Lato}'
    ...                          '@font-face{font-family:FontAwesome;src:url(fa.woff2)}').replace("}", "}\\n"))
    p{font-family:Lato,proxima-nova,Helvetica Neue,Arial,sans-serif}
    @font-face{font-family:FontAwesome;src:url(fa.woff2)}
    <BLANKLINE>
    """
    for name in TEXT_FONTS:
        css = re.sub(r"@font-face\{font-family:" + re.escape(name) + r";[^}]*\}", "", css)
        css = re.sub(r"font-family:" + re.escape(name) + r"(?=[;}])", "font-family:" + _FALLBACKS[name], css)
    return css


_KEPT_AS_WRITTEN = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.S | re.I)


def compact_html(page: str) -> str:
    """A built page without its indentation: each run of white space that holds a line break becomes one line
    break (which a browser draws as the one space it was), except within ``pre``, ``textarea`` and ``script``.

    >>> compact_html('<ul>\\n    <li>a</li>\\n\\n  <li>b <b>c</b></li>\\n</ul><pre>\\n  kept\\n</pre>')
    '<ul>\\n<li>a</li>\\n<li>b <b>c</b></li>\\n</ul><pre>\\n  kept\\n</pre>'
    """
    parts = _KEPT_AS_WRITTEN.split(page)
    out = []
    for index, part in enumerate(parts):
        kind = index % 3  # split gives: text, the kept element, its tag name, text, ...
        if kind == 0:
            out.append(re.sub(r"[ \t\r\f\v]*\n\s*", "\n", part))
        elif kind == 1:
            out.append(part)
    return "".join(out)
