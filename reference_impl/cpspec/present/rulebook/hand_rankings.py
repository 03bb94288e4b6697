"""The hand rankings page, each example evaluated by the engine."""

from __future__ import annotations

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.text import code, table
from cpspec.present.vocabulary import HAND_NAMES, SEGMENT_NAMES
from cpspec.rules.cards import parse_cards
from cpspec.rules.hands import Category, HandValue, Wheel, compare, evaluate3, evaluate5

# --- hand rankings -----------------------------------------------------------------------

#: One example per category, highest first; the generator checks each against cpspec.rules.hands.
FIVE_CARD_EXAMPLES: tuple[tuple[Category, str], ...] = (
    (Category.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h"),
    (Category.FOUR_OF_A_KIND, "Kc Kd Kh Ks 5s"),
    (Category.FULL_HOUSE, "8s 8h 8d 2c 2h"),
    (Category.FLUSH, "Ad Jd 8d 6d 3d"),
    (Category.STRAIGHT, "Tc 9d 8h 7s 6c"),
    (Category.THREE_OF_A_KIND, "4h 4d 4c Qc 3h"),
    (Category.TWO_PAIR, "9h 9s 6s 6c Jh"),
    (Category.PAIR, "Qh Qd Jc 3s 2d"),
    (Category.HIGH_CARD, "Ah Jc 8d 5s 3c"),
)
FRONT_EXAMPLES: tuple[tuple[Category, str], ...] = (
    (Category.THREE_OF_A_KIND, "7c 7d 7s"),
    (Category.PAIR, "6d 6h Ts"),
    (Category.HIGH_CARD, "Kc 7s 5d"),
)
#: Pairs of hands (higher first) that show how ties between hands of one category break.
TIE_BREAK_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("Kc Kd Kh Ks 5s", "9c 9d 9h 9s Ac", "four of a kind: the rank of the four decides"),
    ("Qh Qd 4c 4s 2d", "Jh Jd Tc Ts Ad", "two pair: the higher pair first"),
    ("Qh Qd Ac 3s 2d", "Qs Qc Kc 7s 2c", "pair: equal pairs, then the kickers in order"),
    ("Ad Jd 8d 6d 3d", "Ks Qs Js 9s 7s", "flush: the highest card first"),
    ("6c 5d 4h 3s 2c", "5h 4s 3d 2d Ah", "straight: six-high beats the wheel where the wheel is lowest"),
    ("Qs Qd Ac", "Qh Qc Kd", "front pair: equal pairs, then the kicker"),
)


def _hand(text: str, wheel: Wheel = Wheel.LOWEST) -> HandValue:
    cards = parse_cards(text.split(), "hand-rankings example")
    return evaluate3(cards) if len(cards) == 3 else evaluate5(cards, wheel)


def _symbols(text: str) -> str:
    from cpspec.present.explain import card_html

    return card_html(text.split())


def hand_rankings_page(inputs: Inputs) -> str:
    """The 5-card and front rankings, with examples evaluated by :mod:`cpspec.rules.hands`."""
    rows = []
    for rank, (category, text) in enumerate(FIVE_CARD_EXAMPLES, start=1):
        hand = _hand(text)
        if hand.category is not category:
            raise ValueError(f"hand-rankings example {text} is a {hand.category.id}, not {category.id}")
        rows.append((str(rank), md_escape(category.id.replace("_", " ")), HAND_NAMES[category.id].zh or "",
                     code(category.id), _symbols(text), md_escape(hand.name)))
    front_rows = []
    for rank, (category, text) in enumerate(FRONT_EXAMPLES, start=1):
        hand = _hand(text)
        if hand.category is not category:
            raise ValueError(f"front example {text} is a {hand.category.id}, not {category.id}")
        front_rows.append((str(rank), md_escape(category.id.replace("_", " ")), HAND_NAMES[category.id].zh or "",
                           _symbols(text), md_escape(hand.name)))
    tie_rows = []
    for higher, lower, why in TIE_BREAK_EXAMPLES:
        if compare(_hand(higher), _hand(lower)) <= 0:
            raise ValueError(f"tie-break example {higher} does not beat {lower}")
        tie_rows.append((_symbols(higher), _symbols(lower), md_escape(why)))
    by_wheel: dict[str, list[str]] = {}
    by_front: dict[str, list[str]] = {}
    rule_links: list[str] = []
    for r in inputs.rulesets:
        by_wheel.setdefault(r.parameters.hands.wheel.value, []).append(
            f"[{r.id}](rulesets/{r.id}.md#{r.parameters.hands.rule})")
        cross = r.parameters.setting.cross_size_rule
        by_front.setdefault(r.parameters.setting.front_middle_ties, []).append(
            f"[{r.id}](rulesets/{r.id}.md#{cross})" if cross else r.id)
        ids = [rule.id for rule in r.rules if rule.topic == "hand-rankings"]
        if ids:
            rule_links.append(f"- **{r.id}**: " + ", ".join(f"[`{i}`](rulesets/{r.id}.md#{i})" for i in ids))
    wheel_text = {"lowest": "A-2-3-4-5 (the wheel) is the lowest straight",
                  "second_highest": "A-2-3-4-5 ranks just below A-K-Q-J-T"}
    tie_text = {"equal": "a front whose cards match the middle's first ranks equals the middle",
                "middle_higher": "the middle's extra cards make it higher than a matching front"}
    parts = [
        "# Hand rankings",
        "Chinese Poker uses the standard poker ranking for the two 5-card hands (middle and back) and a "
        "reduced one for the 3-card front. Suits never break ties. Every example below is evaluated by the "
        "reference engine (`cpspec.rules.hands`) when the rulebook is built.",
        "## The segments {#segments}",
        "Every ruleset names the three hands alike; the Chinese names are the ones the Chinese-language rule pages use "
        "(`cpspec explain --lang zh` prints them beside the English).",
        table(("segment", "中文", "cards"), [(name, SEGMENT_NAMES[name].zh or "", size)
                                            for name, size in (("front", "3"), ("middle", "5"), ("back", "5"))]),
        "## Five-card hands {#five-card}",
        table(("rank", "category", "中文", "id in rulesets", "example", "the engine's name"), rows),
        "## The front (three cards) {#front}",
        "A front counts only three of a kind, a pair or high card: three cards in sequence or of one suit are "
        "high card (outside naturals such as three straights and three flushes).",
        table(("rank", "category", "中文", "example", "the engine's name"), front_rows),
        "## Breaking ties within a category {#ties}",
        table(("higher", "lower", "why"), tie_rows),
        "## Where the rulesets differ {#differences}",
        "**The wheel.** " + "; ".join(f"{wheel_text.get(k, k)}: {', '.join(v)}" for k, v in by_wheel.items()) + ".",
        "**A front against a middle** (when checking the setting order). "
        + "; ".join(f"{tie_text.get(k, k)}: {', '.join(v)}" for k, v in by_front.items()) + ".",
    ]
    if rule_links:
        parts.append("**The hand-ranking rules of each ruleset:**\n\n" + "\n".join(rule_links))
    return "\n\n".join(parts) + "\n"
