"""MkDocs hooks: the rulebook's generated pages come from cpspec.present.rulebook; nothing here decides content.

on_config builds the navigation, on_files adds every generated page and the dispute desk's files
(mkdocs.structure.files.File.generated; Pyodide's own files are copied from node_modules/pyodide
when `npm ci` installed it), on_page_markdown fills the hand-written pages'
<!-- cpspec:NAME --> placeholders, and on_post_build writes the old case addresses' redirects and
the search index (Pagefind, over the finished site).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Build from the checkout's engine and data, even when another cpspec is installed.
sys.path.insert(0, str(REPO / "reference_impl"))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from cpspec.present import chinese, rulebook  # noqa: E402
from cpspec.rulesets.loader import bundled_registry  # noqa: E402

_inputs: rulebook.Inputs | None = None


def _load() -> rulebook.Inputs:
    global _inputs
    if _inputs is None:
        _inputs = rulebook.load_inputs(REPO, bundled_registry())
    return _inputs


def on_startup(command: str, dirty: bool) -> None:
    global _inputs
    _inputs = None  # `mkdocs serve` rebuilds: read the rulesets and cases again


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    global _inputs
    _inputs = None
    config.nav = rulebook.site_nav(_load()) + chinese.chinese_nav(_load().registry)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for src_uri, markdown in rulebook.generate_pages(_load()).items():
        files.append(File.generated(config, src_uri, content=markdown))
    for src_uri, markdown in chinese.chinese_pages(_load()).items():  # the Chinese edition, zh/...
        files.append(File.generated(config, src_uri, content=markdown))
    for src_uri, asset in rulebook.generate_assets(_load()).items():
        if isinstance(asset, Path):
            files.append(File.generated(config, src_uri, abs_src_path=str(asset)))
        else:
            files.append(File.generated(config, src_uri, content=asset))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **_: Any) -> str:
    markdown = chinese.with_language_switch(page.file.src_uri, markdown, chinese.twins(_load().registry))
    return rulebook.expand_placeholders(markdown, _load())


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    output = chinese.mark_language(output, page.file.src_uri)  # zh/ pages: <html lang="zh-CN">
    return rulebook.compact_html(output)


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    for path, page in rulebook.case_redirects(_load()).items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(page, encoding="utf-8")
    rulebook.write_search_index(site, _load())
    for path in rulebook.unused_files(site):
        path.unlink()
    theme_css = site / "css" / "theme.css"
    theme_css.write_text(rulebook.without_text_fonts(theme_css.read_text(encoding="utf-8")), encoding="utf-8")
