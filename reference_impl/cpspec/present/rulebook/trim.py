"""What the built site need not carry: files MkDocs's theme and Pagefind write that no page of the rulebook
loads. Removed after the build (``site/hooks.py``) to keep the site small enough for a phone."""

from __future__ import annotations

from pathlib import Path

#: Pagefind's ready-made interfaces: the search page (``js/search.js``) uses Pagefind's API alone.
PAGEFIND_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css",
                   "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")


def unused_files(site: Path) -> list[Path]:
    """The files of a built site that no page loads: the theme's older font formats (every browser the
    rulebook supports takes WOFF2, which the theme's CSS lists first) and Pagefind's unused interfaces.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for name in ("css/fonts/lato.woff", "css/fonts/lato.woff2", "pagefind/pagefind-ui.js"):
    ...         (Path(d) / name).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (Path(d) / name).write_text("x")
    ...     sorted(p.relative_to(d).as_posix() for p in unused_files(Path(d)))
    ['css/fonts/lato.woff', 'pagefind/pagefind-ui.js']
    """
    fonts = site / "css" / "fonts"
    old_formats = (".woff", ".ttf", ".eot", ".svg")
    found = [p for p in sorted(fonts.glob("*")) if p.suffix in old_formats] if fonts.is_dir() else []
    found += [site / "pagefind" / name for name in PAGEFIND_UNUSED if (site / "pagefind" / name).is_file()]
    return found
