"""The check that a ruleset written in more languages than English gives every text in each of them.

A ruleset declares its languages (``languages: [en, zh]``); English is the normative text. For
every other language declared, :func:`check_languages` asks for the title and summary
(``translations.<lang>``), every rule's title and text (``rules[].translations.<lang>``), an
interpretation's ``source_says``, ``reading`` and one translated alternative for each English one,
and every natural's name (``names.<lang>``). The first one missing is a located ``bad_ruleset``
error: the file and line of the rule (a parent's, for an inherited rule). A child inherits its
parent's languages, so a child of a bilingual ruleset writes its own rules in both languages (or
declares ``languages: [en]`` and is English only); a child that writes its own ``title`` writes its
own translated title too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from cpspec.errors import CpspecError
from cpspec.rules.model import Ruleset
from cpspec.rulesets.chain import RawRuleset, locate


def check_languages(ruleset: Ruleset, chain: Sequence[RawRuleset], merged: Mapping[str, Any]) -> None:
    """Raise a located ``bad_ruleset`` error for the first text missing in a language the ruleset declares."""

    def fail(message: str, path: Sequence[str | int]) -> NoReturn:
        raise CpspecError("bad_ruleset", message, locate(path, chain, merged))

    others = [lang for lang in ruleset.languages if lang != "en"]
    for index, rule in enumerate(ruleset.rules):
        declared = [lang for lang, _ in rule.translations if lang not in ruleset.languages]
        if declared and rule.origin == ruleset.id:  # a child may keep English only: languages: [en]
            fail(f"rule {rule.id} has a {declared[0]} translation, but the ruleset's languages are "
                 f"{', '.join(ruleset.languages)}: add {declared[0]} to languages", ("rules", index, "translations"))
    if not others:
        return
    texts = dict(ruleset.translations)
    title_file = next((raw for raw in chain if "title" in raw.data), None)
    for lang in others:
        if lang not in texts:
            fail(f"the ruleset declares {lang} in languages but gives no translations.{lang} (its title and "
                 "summary)", ("languages",))
        own = next((raw for raw in chain if lang in (raw.data.get("translations") or {})), None)
        if title_file is not None and own is not None and own is not title_file:
            fail(f"{title_file.id} writes its own title but inherits its {lang} title from {own.id}: give "
                 f"translations.{lang} here too", ("title",))
    for index, rule in enumerate(ruleset.rules):
        for lang in others:
            translated = rule.translation(lang)
            where = ("rules", index, "translations", lang) if translated is not None else ("rules", index, "id")
            if translated is None:
                fail(f"rule {rule.id} has no {lang} translation (translations.{lang}: title and text), and the "
                     f"ruleset declares {lang}", where)
            if rule.interpretation is None:
                continue
            missing = [key for key, value in (("source_says", translated.source_says),
                                              ("reading", translated.reading)) if not value]
            if missing:
                fail(f"rule {rule.id}'s {lang} translation lacks its interpretation's {missing[0]}", where)
            wanted = len(rule.interpretation.alternatives)
            if len(translated.alternatives) != wanted:
                fail(f"rule {rule.id}'s {lang} translation gives {len(translated.alternatives)} alternatives; the "
                     f"interpretation has {wanted} (one for each, in the same order)", where)
    for index, hand in enumerate(ruleset.parameters.naturals.hands):
        for lang in others:
            if not getattr(hand.names, lang, None):
                fail(f"natural {hand.id} has no {lang} name (names.{lang}), and the ruleset declares {lang}",
                     ("parameters", "naturals", "hands", index, "names"))


__all__ = ["check_languages"]
