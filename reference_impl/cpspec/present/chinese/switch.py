"""The language switch between a page and its twin, and the language mark of a built Chinese page."""

from __future__ import annotations

import re

from cpspec.present.messages import LANGUAGE_NAMES

#: What an English page with a Chinese twin starts with, after its title.
SWITCH = f"**{LANGUAGE_NAMES['en']}** · [{LANGUAGE_NAMES['zh']}]({{href}})"


def with_language_switch(src_uri: str, markdown: str, twins: dict[str, str]) -> str:
    """An English page's Markdown with a switch to its Chinese twin under its title (unchanged without one)."""
    english = {en: zh for zh, en in twins.items()}
    if src_uri not in english:
        return markdown
    depth = src_uri.count("/")
    href = "../" * depth + english[src_uri]
    lines = markdown.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("# ")), -1)
    lines.insert(at + 1, "\n" + SWITCH.format(href=href))
    return "\n".join(lines)


_HTML_LANG = re.compile(r'(<html\b[^>]*?\blang=")[^"]*(")')


def mark_language(html: str, src_uri: str) -> str:
    """A built page marked ``lang="zh-CN"`` when it is a Chinese page (``zh/...``), as Pagefind files it.

    >>> mark_language('<html class="x" lang="en">', "zh/glossary.md")
    '<html class="x" lang="zh-CN">'
    >>> mark_language('<html lang="en">', "glossary.md")
    '<html lang="en">'
    """
    if not src_uri.startswith("zh/"):
        return html
    return _HTML_LANG.sub(r"\g<1>zh-CN\g<2>", html, count=1)


__all__ = ["SWITCH", "mark_language", "with_language_switch"]
