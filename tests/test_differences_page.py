"""The rulebook's "How this differs from its parent" section and the text of ``cpspec diff``."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from cpspec.present import rulebook
from cpspec.present.differences import diff_text, parent_difference_section, parent_section
from cpspec.rulesets.loader import bundled_registry

SIDE_A = {"input": {"players": [{"seat": "A"}, {"seat": "B"}]}, "output": {"totals": {"A": 1, "B": -1}},
          "rules": ["p-unit"]}
SIDE_B = {"input": {"players": [{"seat": "A"}, {"seat": "B"}], "banker": "A"},
          "output": {"totals": {"A": 3, "B": -3}}, "rules": ["p-unit", "h-house"]}
WITNESS = {"op": "score", "case": "some-case", "a": SIDE_A, "b": SIDE_B}
DIFF: dict[str, Any] = {
    "a": "parent", "b": "child", "probes_asked": 7, "witness": WITNESS,
    "differences": [
        {"path": "parameters.scoring.banker", "kind": "parameter", "b": {"ties": "banker"}, "effect": "witness",
         "witness": WITNESS},
        {"path": "parameters.settlement", "kind": "parameter", "b": {"first": "button"}, "effect": "no_witness"},
        {"path": "rules.h-house", "kind": "rule", "effect": "no_score"},
        {"path": "title", "kind": "about", "a": "P", "b": "C", "effect": "no_score"},
    ],
}


def test_the_section_has_a_row_per_parameter_with_its_deal_and_counts_the_rest() -> None:
    links: list[tuple[str, Any]] = []
    section = parent_section(DIFF, lambda ruleset, deal: links.append((ruleset, deal)) or "DESK")
    assert section.startswith("## How this differs from its parent {#parent-differences}")
    assert "| `parameters.scoring.banker` | `(none)` | `{\"ties\":\"banker\"}` | [deal](DESK) (some-case): " \
           "parent A +1, B -1; child A +3, B -3 |" in section
    assert "| `parameters.settlement` | `(none)` | `{\"first\":\"button\"}` | no deal tried is paid differently |" \
           in section
    assert "2 further differences" in section
    assert links == [("child", SIDE_B["input"])]  # the deal opens on the desk under this ruleset, banker and all


def test_the_text_lists_paying_unseen_and_quiet_differences() -> None:
    text = diff_text(DIFF)
    assert text.splitlines()[0] == ("parent v child: 4 differences after extends; 1 change what is paid, 1 no deal "
                                    "tried shows, 2 change no score (7 answers asked)")
    assert "  parent: A +1, B -1  (rules: p-unit)" in text
    assert "- rule (1): rules.h-house" in text and "- about (1): title" in text


def test_a_ruleset_page_that_extends_another_shows_the_section_with_desk_links() -> None:
    registry = bundled_registry()
    section = parent_difference_section(registry.get("pagat-sweep"), registry,
                                        lambda r, deal: rulebook.desk_link(r, deal, "../"))
    assert "`parameters.scoring.sweep`" in section
    link = section.split("[deal](", 1)[1].split(")", 1)[0]
    query = parse_qs(urlparse(link).query)
    assert urlparse(link).path == "../desk.md" and query["ruleset"] == ["pagat-sweep"]
    assert len(query["f0"][0].split()) == 3  # the deal's first front, filled in
