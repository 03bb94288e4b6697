"""The Open Face rulesets' quotes of public pages are verbatim.

pagat's and Wikipedia's pages are saved in ``../shared/sources`` (each with its address on its
second line); the pages known only through the 十三水 research notes (TonyBet, pokerninja,
vegasopenface) are quoted as the notes quote them, so their quotes must be in the notes' text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.quotes import check_quotes, normalise, read_saved_texts

SOURCES = REPO.parent / "shared" / "sources"
NOTES = SOURCES / "shisanshui-notes.md"
OPEN_FACE = ("open-face", "open-face-wikipedia", "pineapple", "progressive-pineapple", "turbo", "pineapple-2-7")


def _need_sources() -> None:
    if not SOURCES.is_dir():
        pytest.skip(f"the saved sources folder {SOURCES} is absent")


@pytest.mark.parametrize("ruleset_id", OPEN_FACE)
def test_quotes_of_saved_pages_are_verbatim(ruleset_id: str) -> None:
    _need_sources()
    ruleset = bundled_registry().get(ruleset_id)
    found = check_quotes(ruleset, read_saved_texts([SOURCES, REPO.parent / "shared" / "seeds"]), lambda r, c: f"{r}/{c}")
    assert found.not_found == [], found.not_found
    assert found.checked > 0


@pytest.mark.parametrize("ruleset_id", OPEN_FACE)
def test_pages_known_from_the_notes_are_quoted_as_the_notes_quote_them(ruleset_id: str) -> None:
    _need_sources()
    saved = read_saved_texts([SOURCES])
    notes = normalise(NOTES.read_text(encoding="utf-8"))
    ruleset = bundled_registry().get(ruleset_id)
    unsaved = [(rule.id, c) for rule in ruleset.rules for c in rule.citations
               if c.source.startswith("https://") and saved.name_for(c.source) is None]
    for rule_id, citation in unsaved:
        address = citation.source.removeprefix("https://")
        assert address in notes, f"{rule_id}: {citation.source} is not an address the notes give"
        assert normalise(citation.quote) in notes, f"{rule_id}: {citation.quote!r} is not in the notes"


def test_the_notes_pages_are_cited_somewhere() -> None:
    """TonyBet's two pages are the only verified text for Turbo's deal and Progressive's repeat hand."""
    cited = {c.source for rid in OPEN_FACE for rule in bundled_registry().get(rid).rules for c in rule.citations}
    assert "https://tonybetpoker.com/rules/ofc-games/ofc-turbo" in cited
    assert "https://tonybetpoker.com/rules/specific-game-rules/fantasyland" in cited


def test_every_open_face_ruleset_cites_a_public_page() -> None:
    for ruleset_id in OPEN_FACE:
        ruleset = bundled_registry().get(ruleset_id)
        assert any(s.url for s in ruleset.sources), ruleset_id
        assert all(Path(s.file).suffix in (".txt", ".md") for s in ruleset.sources if s.file)
