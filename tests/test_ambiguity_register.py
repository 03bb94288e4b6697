"""The ambiguity register: every interpretation record of the bundled rulesets, grouped by topic.

Where the sources are silent, garbled or contradict each other, a rule carries an
interpretation record (what the source says, the reading chosen, the alternatives). The
register must cover the known hard questions; each required subject below names the topic
slug(s) that answer it and words that a record of that topic must discuss, so a record
that merely borrows the slug for something else does not count.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import pytest

from cpspec.rules.model import Interpretation
from cpspec.rulesets.loader import bundled_registry


@dataclass(frozen=True)
class Entry:
    ruleset: str  # the ruleset file that defines the rule (an inherited rule is listed once)
    rule: str
    record: Interpretation

    @property
    def text(self) -> str:
        return " ".join((self.record.source_says, self.record.reading, *self.record.alternatives))


def register() -> dict[str, list[Entry]]:
    entries: dict[str, list[Entry]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    for ruleset in bundled_registry().all():
        for rule in ruleset.rules:
            if rule.interpretation is None or (rule.origin, rule.id) in seen:
                continue
            seen.add((rule.origin, rule.id))
            entries[rule.interpretation.topic].append(Entry(rule.origin, rule.id, rule.interpretation))
    return dict(entries)


# subject -> (topic slugs that must all be present, words a record of each topic must use (any one))
REQUIRED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "which front/middle comparisons foul": (("front-middle-comparison",), ("Ah Kd Qc", "kicker")),
    '"better" versus "beat or equal"': (("beat-or-equal",), ("equal",)),
    "royalties on a lost segment": (("royalties-on-lost-segment",), ("lose", "lost")),
    "majority with one win and two ties": (("majority-with-ties",), ("two ties",)),
    "two naturals meeting": (("naturals-meeting",), ("push",)),
    "a foul meeting a natural, a surrender or another foul": (
        ("foul-meets-natural", "forfeit-meets-forfeit"), ("natural", "surrender", "foul", "mis-set")),
    "per-opponent or total amounts in the mis-set rule": (("foul-penalty-per-opponent",), ("each opponent",)),
    "per-opponent or total amounts in the scoop rules": (("scoop-per-opponent",), ("in all",)),
    "what counts as a 3-card straight in three straights": (("three-straights-front",), ("K-A-2",)),
    "trips inside six pairs": (("six-pairs-trips",), ("three of a kind",)),
    "eight cards of one suit in three flushes": (("three-flushes-suits",), ("eight",)),
    "the missing Clean Sweep list": (("clean-sweep-list-missing",), ("Clean Sweep",)),
    "the missing back-hand bonus list of the Asian/Mandarin versions": (("bonus-table-missing",), ("back",)),
    'the "3 point scoring system"': (("three-point-scoring",), ("3 point",)),
    "the Asian option not to use an automatic win": (("natural-declaration",), ("option",)),
    "what the Mandarin automatic wins are worth": (("natural-values-unstated",), ("Mandarin",)),
    "the hands dealt to empty seats": (("dead-hands",), ("seat",)),
    "which foul penalty applies where none is stated": (("foul-penalty-unspecified",), ("penalty",)),
    # Open Face (issue 14)
    "whether a middle full house keeps a Pineapple player in Fantasyland": (
        ("fantasyland-stay-middle-full-house",), ("full house",)),
    'what "Turbo" deals: 5 + 4 + 4 or two at a time': (("turbo-deal",), ("2 at a time",)),
    "what earns a repeat Fantasyland hand in Progressive Pineapple, and its size": (("fantasyland-repeat",), ("14",)),
    "how bad a deuce-to-seven middle may be": (("low-middle-limit",), ("ten high",)),
    "royalties for both players in Open Face": (("royalties-on-lost-segment",), ("both players",)),
}


@pytest.mark.parametrize("subject", sorted(REQUIRED))
def test_register_covers_subject(subject: str) -> None:
    topics, words = REQUIRED[subject]
    entries = register()
    for topic in topics:
        assert topic in entries, f"{subject}: no rule of any bundled ruleset has an interpretation on {topic!r}"
        discussing = [e for e in entries[topic] if any(w.lower() in e.text.lower() for w in words)]
        assert discussing, f"{subject}: no record on {topic!r} mentions any of {words}"


def test_each_record_offers_real_alternatives() -> None:
    """An alternative that repeats the reading is no alternative."""
    for topic, entries in register().items():
        for entry in entries:
            reading = " ".join(entry.record.reading.split()).lower()
            for alternative in entry.record.alternatives:
                assert " ".join(alternative.split()).lower() != reading, f"{topic}: {entry.ruleset}:{entry.rule}"


def test_register_lists_inherited_records_once() -> None:
    """bicycle-club's records are inherited by asian and mandarin but belong to bicycle-club."""
    declaration = register()["natural-declaration"]
    owners = [(e.ruleset, e.rule) for e in declaration]
    assert owners.count(("bicycle-club", "bcc-declaration")) == 1
    assert ("asian", "as-natural-option") in owners


def test_every_alternative_is_carried_out_or_argued_prose() -> None:
    """Each alternative reading of a bundled ruleset has parameters that carry it out, or prose_because (issue 24).

    Before issue 24, 176 alternatives were bare text that no parameter carried out.
    """
    bare: list[str] = []
    for ruleset in bundled_registry().all():
        for raw in ruleset.document["rules"]:
            record = raw.get("interpretation")
            for alternative in record["alternatives"] if record else []:
                if not isinstance(alternative, dict) or not ("parameters" in alternative or
                                                             alternative.get("prose_because")):
                    bare.append(f"{ruleset.id} {raw['id']}: {alternative}")
    assert not bare, "alternatives neither carried out nor argued:\n" + "\n".join(sorted(set(bare)))
