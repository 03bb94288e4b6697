"""What the Chinese pages share: the bilingual rulesets, the twin of each page, links from a Chinese page."""

from __future__ import annotations

from cpspec.present.explain import LinkStyle
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import RulesetRegistry
from cpspec.rulesets.vocabulary import vocabulary

#: The Chinese pages that are not a ruleset's, and their English twins (docs-relative).
FIXED_TWINS = {"zh/index.md": "index.md", "zh/hand-rankings.md": "hand-rankings.md", "zh/naturals.md": "naturals.md",
               "zh/glossary.md": "glossary.md", "zh/how-to-settle-a-dispute.md": "how-to-settle-a-dispute.md"}

#: The menu's names of those pages (the Chinese edition's menu, and the desk's menu when it is in Chinese).
EDITION_TITLES = {"zh/index.md": "首页", "zh/how-to-settle-a-dispute.md": "如何解决争议",
                  "zh/hand-rankings.md": "牌型大小", "zh/naturals.md": "特殊牌型", "zh/glossary.md": "词汇表"}


def bilingual(registry: RulesetRegistry) -> list[Ruleset]:
    """The rulesets written in Chinese too (``languages`` holds ``zh``), sorted by id."""
    return [r for r in registry.all() if "zh" in r.languages]


def twins(registry: RulesetRegistry) -> dict[str, str]:
    """Every Chinese page -> its English twin."""
    pages = dict(FIXED_TWINS)
    pages.update({f"zh/rulesets/{r.id}.md": f"rulesets/{r.id}.md" for r in bilingual(registry)})
    return pages


def zh(term_id: str) -> str:
    """A vocabulary term in Chinese."""
    return vocabulary().zh(term_id)


class ChineseLinks(LinkStyle):
    """Links from a Chinese page (or a Chinese explanation): rules to the Chinese ruleset pages under
    ``zh/``, interpretation topics to the (English) ambiguity register."""

    def rule_url(self, ruleset_id: str, rule_id: str) -> str:
        """The address of a rule's entry on its ruleset's Chinese page."""
        return f"{self.base}zh/rulesets/{ruleset_id}{self.suffix}#{rule_id}"


def page_links(depth: int) -> ChineseLinks:
    """Relative Markdown links from a page ``depth`` folders below the docs root."""
    return ChineseLinks("../" * depth, ".md")


def md(text: str) -> str:
    """Text safe inside Markdown (the rulebook's escaping)."""
    from cpspec.present.explain import md_escape

    return md_escape(text)


__all__ = ["EDITION_TITLES", "FIXED_TWINS", "ChineseLinks", "bilingual", "md", "page_links", "twins", "zh"]
