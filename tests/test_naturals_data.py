"""Naturals written as data: every bundled natural in the vocabulary with names in both languages, the old
kind-alone form loading as the conditions it stands for, conditions that cannot hold refused, and the names
shown by the rulebook's words and by ``cpspec explain --lang zh``."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from cpspec.errors import CpspecError
from cpspec.present.explain import LinkStyle, explain_deal, render_text
from cpspec.present.vocabulary import HAND_NAMES, SEGMENT_NAMES, conditions_text
from cpspec.rules.cards import parse_card
from cpspec.rules.model import NaturalConditions, RankRange, RankSets, SegmentShapes
from cpspec.rules.naturals import naturals_held
from cpspec.rulesets.data import data_dir
from cpspec.rulesets.loader import bundled_registry, load_ruleset

REGISTRY = bundled_registry()
WITH_NATURALS = [rid for rid in REGISTRY.ids() if REGISTRY.get(rid).parameters.naturals.hands]


@pytest.mark.parametrize("ruleset_id", WITH_NATURALS)
def test_every_bundled_natural_is_written_as_conditions_with_both_names(ruleset_id: str) -> None:
    document = REGISTRY.get(ruleset_id).document
    assert "detection" not in document["parameters"]["naturals"], "the old global options are gone"
    for natural in document["parameters"]["naturals"]["hands"]:
        assert natural.get("requires"), f"{natural['id']} is written as a kind alone"
        assert natural["names"].get("en") and natural["names"].get("zh"), natural["id"]


def test_the_shared_names_cover_every_segment_and_hand() -> None:
    assert {s: n.zh for s, n in SEGMENT_NAMES.items()} == {"front": "头墩", "middle": "中墩", "back": "尾墩"}
    schema = json.loads((data_dir("schema") / "ruleset.schema.json").read_text(encoding="utf-8"))
    assert set(HAND_NAMES) == set(schema["$defs"]["handId"]["enum"])
    assert all(names.en and names.zh for names in HAND_NAMES.values())


# --- the old form ---------------------------------------------------------------------

OLD_NATURALS = """    detection:
      quads_count_as_two_pairs: false
      trips_count_as_pair: true
      front_straight_wraparound: true
      straight_flush_counts: false
      rule: ct-natural-shapes
    hands:
      - {id: dragon, kind: dragon, points: 10, rank: 1, rule: ct-dragon}
      - {id: three-straights, kind: three_straights, points: 4, rank: 2, rule: ct-three-straights}
      - {id: three-flushes, kind: three_flushes, points: 4, rank: 2, rule: ct-three-flushes}
      - {id: six-pairs, kind: six_pairs, points: 4, rank: 2, rule: ct-six-pairs}
  penalties:
"""


def _chiptalk_with(tmp_path: Path, naturals: str) -> Path:
    text = (data_dir("rulesets") / "chiptalk.yaml").read_text(encoding="utf-8")
    start = text.index("    hands:\n      - id: dragon")
    end = text.index("  penalties:\n")
    path = tmp_path / "chiptalk.yaml"
    path.write_text(text[:start] + naturals + text[end + len("  penalties:\n"):], encoding="utf-8")
    return path


def test_a_ruleset_in_the_old_form_means_the_conditions_its_kinds_stand_for(tmp_path: Path) -> None:
    old = load_ruleset(_chiptalk_with(tmp_path, OLD_NATURALS))
    by_id = {h.id: h for h in old.parameters.naturals.hands}
    assert by_id["dragon"].requires == NaturalConditions(distinct_ranks=13)
    assert by_id["six-pairs"].requires == NaturalConditions(
        rank_sets=RankSets(pairs=6, split_trips=True, split_quads=False, rule="ct-natural-shapes"))
    assert by_id["three-straights"].requires == NaturalConditions(segments=SegmentShapes(
        "straight", front_ace_low=True, front_ace_high=True, front_wraparound=True, straight_flush_counts=False,
        rule="ct-natural-shapes"))
    assert by_id["three-flushes"].requires.segments == SegmentShapes(
        "flush", front_wraparound=True, straight_flush_counts=False, distinct_suits=False, rule="ct-natural-shapes")
    # Written out in the new form, the same options find the same naturals on every hand tried.
    new_form = OLD_NATURALS.replace("""    detection:
      quads_count_as_two_pairs: false
      trips_count_as_pair: true
      front_straight_wraparound: true
      straight_flush_counts: false
      rule: ct-natural-shapes
""", "").replace("rule: ct-dragon}", "rule: ct-dragon, requires: {distinct_ranks: 13}}").replace(
        "rule: ct-three-straights}", "rule: ct-three-straights, requires: {segments: {each: straight, "
        "front_wraparound: true, straight_flush_counts: false}}}").replace(
        "rule: ct-three-flushes}", "rule: ct-three-flushes, requires: {segments: {each: flush, front_wraparound: "
        "true, straight_flush_counts: false}}}").replace(
        "rule: ct-six-pairs}", "rule: ct-six-pairs, requires: {rank_sets: {pairs: 6, split_trips: true}}}")
    (tmp_path / "new").mkdir()
    new = load_ruleset(_chiptalk_with(tmp_path / "new", new_form))
    rng = random.Random(13)
    hands = [rng.sample(range(52), 13) for _ in range(300)]
    hands += [[parse_card(t) for t in text.split()] for text in (
        "Kc Ad 2h Ac 2c 3d 4h 5s 9d Th Js Qc Kd",      # three straights only with a K-A-2 front
        "2c 2d 2h 2s 3c 3d 4c 4d 5c 5d 6c 6d 9h",      # six pairs only if four deuces are two pairs
        "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac")]     # straight flushes do not serve
    for cards in hands:
        assert [h.id for h, _ in naturals_held(cards, old)] == [h.id for h, _ in naturals_held(cards, new)]
    assert [h.id for h, _ in naturals_held(hands[-3], old)] == ["three-straights"]
    assert [h.id for h, _ in naturals_held(hands[-2], old)] == []
    assert [h.id for h, _ in naturals_held(hands[-1], old)] == ["dragon", "three-flushes"]


def test_a_kind_alone_must_be_one_of_the_old_kinds(tmp_path: Path) -> None:
    bad = OLD_NATURALS.replace("{id: dragon, kind: dragon,", "{id: dragon, kind: royal_dragon,")
    with pytest.raises(CpspecError) as caught:
        load_ruleset(_chiptalk_with(tmp_path, bad))
    assert caught.value.code == "bad_ruleset"
    assert "royal_dragon" in caught.value.describe() and "kind" in caught.value.describe()


@pytest.mark.parametrize(("requires", "message"), [
    ("{rank_sets: {quads: 2, trips: 2}}", "14 cards in groups"),
    ("{rank_sets: {pairs: 0}}", "no group"),
    ('{rank_range: {from: A, to: "8"}}', "higher rank to a lower"),
])
def test_conditions_that_cannot_hold_are_refused(tmp_path: Path, requires: str, message: str) -> None:
    naturals = OLD_NATURALS.replace("rule: ct-dragon}", f"rule: ct-dragon, requires: {requires}}}")
    with pytest.raises(CpspecError) as caught:
        load_ruleset(_chiptalk_with(tmp_path, naturals))
    assert caught.value.code == "bad_ruleset"
    assert message in caught.value.describe()
    assert "hands[0]" in caught.value.describe()


def test_an_unquoted_digit_rank_is_refused_at_its_place(tmp_path: Path) -> None:
    naturals = OLD_NATURALS.replace("rule: ct-dragon}", "rule: ct-dragon, requires: {rank_range: {from: 8, to: A}}}")
    with pytest.raises(CpspecError) as caught:
        load_ruleset(_chiptalk_with(tmp_path, naturals))
    assert "rank_range" in caught.value.describe() and "from" in caught.value.describe()


# --- the words ----------------------------------------------------------------------------


def test_conditions_in_words() -> None:
    royal = NaturalConditions(distinct_ranks=13, one_suit=13)
    assert conditions_text(royal) == "13 different ranks; 13 cards of one suit"
    big = NaturalConditions(rank_range=RankRange(6, 12, 13))
    assert conditions_text(big) == "all 13 cards from 8 to A"
    pictures = NaturalConditions(rank_range=RankRange(9, 11, 12))
    assert conditions_text(pictures) == "12 cards from J to K"
    pairs = NaturalConditions(rank_sets=RankSets(pairs=6, split_trips=True, split_quads=True))
    assert conditions_text(pairs) == ("6 pairs (three of a kind may count as a pair; four of a kind as two pairs or "
                                      "a three)")
    straights = NaturalConditions(segments=SegmentShapes("straight", front_wraparound=False))
    assert conditions_text(straights) == ("every segment a straight (front runs with the ace: A-2-3, Q-K-A; a "
                                          "straight flush serves)")


def test_explain_in_chinese_is_chinese_for_a_bilingual_ruleset() -> None:
    ruleset = REGISTRY.get("shisanshui")
    deal = {"players": [
        {"seat": "A", "front": ["Kc", "Kd", "2c"], "middle": ["9c", "9d", "5c", "5d", "3c"],
         "back": ["9h", "Th", "Jh", "Qh", "Kh"]},
        {"seat": "B", "front": ["Qs", "Qd", "2d"], "middle": ["Ts", "Td", "6s", "6d", "4c"],
         "back": ["As", "Ad", "Ah", "8c", "8d"]},
        {"seat": "C", "declare": "natural",
         "cards": ["2s", "2h", "3s", "3h", "4s", "4h", "5s", "5h", "6c", "6h", "7c", "7d", "Jc"]},
    ]}
    english = render_text(explain_deal(ruleset, deal), LinkStyle())
    chinese = render_text(explain_deal(ruleset, deal, lang="zh"), LinkStyle())
    for words in ("对子 K", "同花顺 9-K", "葫芦 A 带 8", "六对半，向每个对手收 6 水"):
        assert words in chinese and words not in english, words
    assert "pair of kings" in english and "pair of kings" not in chinese
    # Chinese characters take two columns: the hands table's columns still line up.
    table = chinese.split("\n各家的牌\n", 1)[1]  # after the summary, which names the rows too
    rows = [line for line in table.splitlines() if "头墩" in line or "中墩" in line]

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)

    cards_at = {width(line[:line.index("♣")]) if "♣" in line else None for line in rows[:2]}
    assert len(cards_at) == 1


def test_cli_explain_lang_zh(tmp_path: Path) -> None:
    deal = tmp_path / "deal.yaml"
    shutil.copy(Path(__file__).resolve().parent.parent / "examples" / "chiptalk-a-d.yaml", deal)
    done = subprocess.run([sys.executable, "-m", "cpspec", "explain", str(deal), "--lang", "zh", "--color", "never"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "front 头墩" in done.stdout and "back 尾墩" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "cpspec", "explain", str(deal), "--lang", "fr"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--lang" in bad.stderr


def test_the_rulebook_lists_each_natural_in_both_languages_with_its_conditions() -> None:
    from cpspec.present.rulebook import naturals_section

    section = naturals_section(REGISTRY.get("shisanshui"))
    assert ("| [`royal-dragon`](#ssw-royal-dragon) | Clean dragon | 至尊清龙 | 108 | 1 | 13 different ranks; 13 cards "
            "of one suit |") in section
    assert "| [`all-small`](#ssw-all-small-all-small) |" not in section  # the link is the natural's rule
    assert "| [`all-small`](#ssw-all-big-all-small) | All small | 全小 | 12 | 6 | all 13 cards from 2 to 8 |" in section
    assert "two of the same natural are compared" in section and "(../naturals.md)" in section
    assert "(../naturals.md)" not in naturals_section(REGISTRY.get("shisanshui"), vocabulary_page=False)
