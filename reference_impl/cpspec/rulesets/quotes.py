"""Checking a ruleset's quotes against the saved text of its sources.

A saved source is a ``.txt`` or ``.md`` file in a folder given to ``cpspec validate --sources``.
A citation's source is found there by its file name (a source document such as
``002_adf43e123f5671e7.txt``) or, for a public page cited by its address, by the address on the
second line of a saved page's header (the saved pages of rule sources start with four lines: the
title, the address, the date last modified, "Saved copy; quoted for citation."). A quote is
found when its words, with runs of white space made one space, appear in the text as they are.
Paraphrases are not looked for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cpspec.rules.model import Ruleset

_ADDRESS = re.compile(r"^https?://\S+$")
SAVED_SUFFIXES = (".txt", ".md")


def normalise(text: str) -> str:
    """Runs of white space (line breaks too) as one space, no space at either end."""
    return " ".join(text.split())


def address_key(address: str) -> str:
    """An address as compared: without a fragment or a trailing slash."""
    return address.split("#", 1)[0].rstrip("/")


@dataclass(frozen=True)
class SavedTexts:
    """The saved texts of sources: by file name, and the file name of each public address a header gives."""

    by_name: Mapping[str, str] = field(default_factory=dict)
    by_address: Mapping[str, str] = field(default_factory=dict)
    files: Mapping[str, Path] = field(default_factory=dict)

    def name_for(self, source: str) -> str | None:
        """The saved file of a citation's source (a file name or an address), if there is one."""
        if source in self.by_name:
            return source
        return self.by_address.get(address_key(source))

    def text_for(self, source: str) -> str | None:
        """The saved text of a citation's source (a file name or an address), if there is one."""
        name = self.name_for(source)
        return self.by_name[name] if name is not None else None


def header_address(text: str) -> str | None:
    """The public address on a saved page's second line, if it has one."""
    lines = text.splitlines()
    if len(lines) > 1 and _ADDRESS.match(lines[1].strip()):
        return lines[1].strip()
    return None


def read_saved_texts(folders: Iterable[Path]) -> SavedTexts:
    """Every ``.txt`` and ``.md`` file of the folders (not their subfolders); unreadable files are passed over."""
    by_name: dict[str, str] = {}
    by_address: dict[str, str] = {}
    files: dict[str, Path] = {}
    for folder in folders:
        for path in sorted(folder.iterdir()) if folder.is_dir() else ():
            if path.suffix not in SAVED_SUFFIXES or not path.is_file() or path.name in by_name:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            by_name[path.name] = text
            files[path.name] = path
            address = header_address(text)
            if address is not None:
                by_address.setdefault(address_key(address), path.name)
    return SavedTexts(by_name, by_address, files)


@dataclass(frozen=True)
class QuoteCheck:
    """What checking a ruleset's quotes found: quotes not in their saved text, and sources with no saved text."""

    not_found: list[tuple[str, str, str]]  # (where, source, quote)
    unchecked_sources: list[str]
    checked: int


def check_quotes(ruleset: Ruleset, texts: SavedTexts, where: Callable[[int, int], str]) -> QuoteCheck:
    """Look for every verbatim quote of the ruleset (inherited ones too) in its source's saved text.

    ``where(rule_index, citation_index)`` locates a quote (its file and line).
    """
    not_found: list[tuple[str, str, str]] = []
    unchecked: dict[str, None] = {}
    checked = 0
    flat: dict[str, str] = {}
    for r_index, rule in enumerate(ruleset.rules):
        for c_index, citation in enumerate(rule.citations):
            if citation.paraphrase:
                continue
            name = texts.name_for(citation.source)
            if name is None:
                unchecked[citation.source] = None
                continue
            if name not in flat:
                flat[name] = normalise(texts.by_name[name])
            checked += 1
            if normalise(citation.quote) not in flat[name]:
                not_found.append((where(r_index, c_index), citation.source, citation.quote))
    return QuoteCheck(not_found, list(unchecked), checked)
