"""An explanation in a ruleset's other language: every sentence from :mod:`cpspec.present.messages`.

:func:`explain_translated` builds the same document as :func:`cpspec.present.explain.explain_deal`
(the same blocks, rule links, interpretations and alternatives scored) for a ruleset that declares
the language (``languages: [en, zh]``): the rule titles, readings and alternatives are the
ruleset's own translations, the game's words the vocabulary's, hand names are said from the cards
(三条 Q, 顺子 5-9), and no sentence of the engine's (its English ``reason``) is shown.

It covers compared matchups with bonuses added or instead of the unit, won or held, and the hands
the bonus table pays only elsewhere; 打枪 and 全垒打; naturals; fouls, surrenders and timeouts
(fixed, scooped or as segments lost); a bank that wins ties; what a table's size leaves out; and a
settlement within the players' stacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cpspec.engines import DEFAULT, Engine
from cpspec.present.explain import (
    Bullets,
    Cards,
    Cell,
    DecidingCards,
    Explanation,
    Heading,
    Inline,
    Paragraph,
    Styled,
    Table,
    _Builder,
    signed,
)
from cpspec.present.messages import MESSAGES, join, say, word
from cpspec.rules.cards import RANKS, parse_cards, rank_of
from cpspec.rules.model import SEGMENTS, HandRequirement, Penalty, Ruleset


def rank_text(rank: int) -> str:
    """A rank as players write it: ``T`` is 10.

    >>> rank_text(8), rank_text(12)
    ('10', 'A')
    """
    return "10" if RANKS[rank] == "T" else RANKS[rank]


def hand_words(cards: Sequence[str], category: str, royal: bool, lang: str) -> str:
    """A hand named from its cards: ``三条 Q``, ``顺子 5-9``, ``葫芦 9 带 4``, ``乌龙 AK2``.

    >>> hand_words(["Qs", "Qh", "Qd"], "three_of_a_kind", False, "zh")
    '三条 Q'
    >>> hand_words(["5c", "6d", "7h", "8s", "9c"], "straight", False, "zh")
    '顺子 5-9'
    >>> hand_words(["Ad", "Kd", "Td", "4d", "2d"], "flush", False, "zh")
    '同花 A-K-10-4-2'
    """
    name = word(category if not royal else "royal_flush", lang)
    if royal:
        return name
    ranks = sorted((rank_of(c) for c in parse_cards(list(cards), "hand")), reverse=True)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if category in ("straight", "straight_flush"):
        if ranks == [12, 3, 2, 1, 0]:
            return f"{name} A-5"
        return f"{name} {rank_text(ranks[-1])}-{rank_text(ranks[0])}"
    if category in ("high_card", "flush"):
        return f"{name} {'-'.join(rank_text(r) for r in ranks)}"
    if category == "two_pair":
        return f"{name} {rank_text(groups[0])}{say('list-sep', lang)}{rank_text(groups[1])}"
    if category == "full_house":
        return f"{name} {rank_text(groups[0])} 带 {rank_text(groups[1])}" if lang == "zh" else (
            f"{name} {rank_text(groups[0])} full of {rank_text(groups[1])}")
    return f"{name} {rank_text(groups[0])}"


#: For each category whose ranks come in groups, the vocabulary term of each group (then the single cards).
_GROUPS = {"pair": ("pair",), "two_pair": ("pair", "pair"), "three_of_a_kind": ("three_of_a_kind",),
           "full_house": ("three_of_a_kind", "pair"), "four_of_a_kind": ("four_of_a_kind",)}

#: The bonus hands players name by a word of their own (冲三): (segment, hand category) -> vocabulary term.
NAMED_BONUSES = {("front", "three_of_a_kind"): "front-trips", ("middle", "full_house"): "middle-full-house"}


class TranslatedBuilder(_Builder):
    """The explanation's builder, every sentence said in ``lang`` by message id."""

    def __init__(self, ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any], lang: str,
                 engine: Engine = DEFAULT) -> None:
        super().__init__(ruleset, deal, output, lang, engine)
        self.text_lang = lang

    def _seat_names(self) -> str:
        return join(list(self.players), self.lang)

    def seg(self, segment: str) -> str:
        """A segment's name: 头墩."""
        return word(segment, self.lang)

    def rule(self, rule_id: str | None) -> tuple[Inline, ...]:
        """A rule link, its title in this language recorded for the list of rules cited."""
        parts = super().rule(rule_id)
        if rule_id is not None:
            try:
                self.cited[rule_id] = self.ruleset.rule(rule_id).title_in(self.lang)
            except KeyError:
                self.cited[rule_id] = self.say("not-a-rule")
        return parts

    def natural_word(self, natural_id: str | None) -> str:
        """A natural's name in this language (its id where it has none)."""
        try:
            names = self.ruleset.natural(natural_id).names if natural_id is not None else None
        except KeyError:  # a declaration of no natural in particular (``declare: natural``)
            names = None
        if names is None:
            return word("natural", self.lang)
        return str(getattr(names, self.lang, None) or names.en or natural_id)

    def hand_of(self, seat: str, segment: str) -> str:
        """The hand a seat set in a segment, named from its cards (``-`` where it has none)."""
        given = self.inputs.get(seat, {})
        hand = (self.players[seat].get("segments") or {}).get(segment)
        if hand is None or not isinstance(given.get(segment), list):
            return "-"
        return hand_words(given[segment], hand["category"], bool(hand.get("royal")), self.lang)

    def _category(self, seat: str, segment: str) -> str:
        return str(((self.players[seat].get("segments") or {}).get(segment) or {}).get("category", ""))

    # -- the hands and the setting order

    def hands(self) -> None:
        """Each seat's rows, cards and hands."""
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            given = self.inputs.get(seat, {})
            if player.get("segments") and all(isinstance(given.get(s), list) for s in SEGMENTS):
                for index, segment in enumerate(SEGMENTS):
                    rows.append(((seat if index == 0 else "",), (self.seg(segment),), (Cards(tuple(given[segment])),),
                                 (self.hand_of(seat, segment),)))
            elif isinstance(given.get("cards"), list):
                rows.append(((seat,), (self.say("thirteen-cards"),), (Cards(tuple(given["cards"])),),
                             (self.say("not-set"),)))
            elif player["status"] in ("surrender", "timeout"):
                rows.append(((seat,), ("-",), (self.say("no-cards"),), (word(player["status"], self.lang),)))
            else:
                rows.append(((seat,), ("-",), (self.say("no-cards"),), (self.natural_word(player.get("declared")),)))
        self.blocks.append(Heading(2, self.say("hands")))
        self.blocks.append(Table(tuple(self.say(c) for c in ("col-seat", "col-segment", "col-cards", "col-hand")),
                                 tuple(rows)))

    def _relations(self, seat: str) -> list[tuple[str, str, int, str]]:
        from cpspec.rules.fouls import evaluate_setting, order_relations

        given = self.inputs[seat]
        front, middle, back = (parse_cards(given[s], s) for s in SEGMENTS)
        params = self.ruleset.parameters
        hands = evaluate_setting(front, middle, back, params.hands.wheel, low_segments=params.hands.low_segments)
        return [(r.higher, r.lower, r.comparison, r.requirement) for r in order_relations(hands, params.setting)]

    def setting_order(self) -> None:
        """Whether each setting keeps the order, said from the engine's own comparisons."""
        order = self.ruleset.parameters.setting
        asked = [(h, lo, req) for h, lo, req in (("back", "middle", order.back_over_middle),
                                                 ("middle", "front", order.middle_over_front),
                                                 ("back", "front", order.back_over_front)) if req != "none"]
        wanted = self.say("list-sep").join(
            self.say("order-at-least" if req == "allow_equal" else "order-higher", higher=self.seg(h),
                     lower=self.seg(lo)) for h, lo, req in asked)
        rows: list[tuple[Cell, ...]] = []
        sign = {1: ">", 0: "=", -1: "<"}
        for seat, player in self.players.items():
            if "fouled" not in player or not all(isinstance(self.inputs.get(seat, {}).get(s), list) for s in SEGMENTS):
                continue
            relations = self._relations(seat)
            shown = " ".join(f"{self.seg(h)} {self.hand_of(seat, h)} {sign[c]}" for h, _, c, _ in relations[:2])
            shown += f" {self.seg(relations[1][1])} {self.hand_of(seat, relations[1][1])}" if len(relations) > 1 else ""
            verdict: Cell = (self.say("valid"),)
            if player["fouled"]:
                broken = [self.say("below" if c < 0 else "not-above", higher=self.seg(h), lower=self.seg(lo))
                          for h, lo, c, req in relations if c < 0 or (c == 0 and req == "strict")]
                verdict = (Styled(self.say("fouls"), "minus"), "：" + "；".join(broken))
            if player["status"] == "natural":
                verdict = (*verdict, self.say("natural-not-compared", seat=seat))
            penalty = self.ruleset.parameters.penalties.foul.rule if player["status"] == "foul" else None
            rows.append(((seat,), (shown,), verdict, self.rules(order.rule, penalty)))
        if not rows:
            return
        self.blocks.append(Heading(2, self.say("setting-order")))
        self.blocks.append(Paragraph((self.say("order-intro", wanted=wanted), *self.rule(order.rule), "）。")))
        self.blocks.append(Table(tuple(self.say(c) for c in ("col-seat", "col-order", "col-verdict", "col-rule")),
                                 tuple(rows)))

    def naturals(self) -> None:
        """Who holds a natural, who declared one falsely, and naturals held but not declared."""
        params = self.ruleset.parameters.naturals
        forfeits = [s for s, p in self.players.items() if p["status"] in ("surrender", "timeout")]
        if not params.hands and not forfeits:
            return
        self.blocks.append(Heading(2, self.say("naturals")))
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            if player["status"] in ("surrender", "timeout"):
                forfeit = self.say(f"forfeit-{player['status']}")
                rows.append(((seat,), (Styled(word(player["status"], self.lang), "strong"),),
                             (self.say("declared-forfeit", forfeit=forfeit),), self.rules(player.get("rule"))))
            elif player["status"] == "natural":
                natural = player.get("natural")
                points = self.ruleset.natural(natural).points if natural else 0
                why = self.say("natural-held", name=self.natural_word(natural), points=points)
                if not player.get("declared"):
                    why += self.say("list-sep") + self.say("natural-automatic")
                rows.append(((seat,), (Styled(self.say("natural-status"), "strong"),), (why,),
                             self.rules(player.get("rule"), params.declaration_rule if not player.get("declared")
                                        else None)))
            elif player.get("declared"):
                rows.append(((seat,), (Styled(self.say("fouls"), "minus"),),
                             (self.say("false-natural", name=self.natural_word(player.get("declared"))),),
                             self.rules(player.get("rule"))))
        if rows:
            self.blocks.append(Table(tuple(self.say(c) for c in ("col-seat", "col-status", "col-why", "col-rule")),
                                     tuple(rows)))
        unclaimed: list[Cell] = []
        if params.hands and params.declaration == "declared":
            for seat, player in self.players.items():
                if player["status"] not in ("normal", "foul") or player.get("declared"):
                    continue
                held = self._held_naturals(seat)
                if held:
                    names = join([self.natural_word(n) if n in {h.id for h in params.hands} else n for n in held],
                                 self.lang)
                    unclaimed.append((self.say("undeclared", seat=seat, names=names),
                                      *self.governed(params.declaration_rule or params.rule, "naturals.declaration"),
                                      "）。"))
        if unclaimed:
            self.blocks.append(Bullets(tuple(unclaimed)))
        if params.hands and not any(p["status"] == "natural" for p in self.players.values()):
            message = "no-natural-auto" if params.declaration == "automatic" else "no-natural"
            self.blocks.append(Paragraph((self.say(message), *self.rules(params.declaration_rule or params.rule),
                                          "）。")))

    def bonuses(self) -> None:
        """The bonus hands each seat holds."""
        bonuses = self.ruleset.parameters.bonuses
        rows: list[tuple[Cell, ...]] = []
        for seat, player in self.players.items():
            for bonus in player.get("bonuses", []):
                rows.append(((seat,), (self.seg(bonus["segment"]),), (self.hand_of(seat, bonus["segment"]),),
                             (str(bonus["points"]),), self.rules(bonus["rule"])))
        missed = self._unpaid_lines()
        if not rows and not missed:
            return
        self.blocks.append(Heading(2, self.say("bonuses")))
        if rows:
            intro = "bonus-intro-won" if bonuses.requires_win else "bonus-intro-held"
            self.blocks.append(Paragraph((self.say(intro), *self.governed(bonuses.rule, "bonuses.requires_win"),
                                          "）。")))
            self.blocks.append(Table(tuple(self.say(c) for c in ("col-seat", "col-segment", "col-hand", "col-points",
                                                                   "col-rule")), tuple(rows)))
        if missed:
            self.blocks.append(Bullets(tuple(missed)))

    def _unpaid_lines(self) -> list[Cell]:
        """The hands the bonus table pays only in another segment or at other ranks: 没有奖励, and why."""
        lines: list[Cell] = []
        for seat, segment, hand, elsewhere, rule in self._unpaid_kinds():
            kind = word(str(hand["category"]), self.lang)
            shown = self.hand_of(seat, segment)
            if elsewhere:
                text = self.say("no-bonus-segment", seat=seat, hand=shown, segment=self.seg(segment), kind=kind,
                                segments=join([self.seg(s) for s in elsewhere], self.lang))
            else:
                text = self.say("no-bonus-rank", seat=seat, hand=shown, segment=self.seg(segment), kind=kind)
            lines.append((text, *self.rules(rule), self.say("close")))
        return lines

    def table_size(self) -> None:
        """What this table does not play because of its size, each by its rule's title in this language."""
        if not self.left_out:
            return
        lines: list[Cell] = []
        for left in self.left_out:
            try:
                title = self.ruleset.rule(left.rule).title_in(self.lang)
            except KeyError:
                title = left.what
            listed = self.say("list-or").join(str(n) for n in sorted(left.table_sizes))
            lines.append((self.say("did-not-apply", title=title), *self.rule(left.rule),
                          self.say("did-not-apply-why", listed=listed, players=len(self.players))))
        self.blocks.append(Heading(2, self.say("table-size")))
        self.blocks.append(Bullets(tuple(lines)))

    # -- matchups

    def matchup(self, matchup: Mapping[str, Any]) -> None:
        """One matchup: a row a step, the decisions, the summary and the readings it rests on."""
        a, b = matchup["seats"]
        self.scope = {}
        self.blocks.append(Heading(3, self.say("versus", a=a, b=b)))
        compared = matchup["kind"] == "compared"
        rows: list[tuple[Cell, ...]] = []
        running = {a: 0, b: 0}

        def row(step: str, result: str, points: str, rule: Cell, segment: str | None = None) -> tuple[Cell, ...]:
            if not compared:
                return ((step,), (result,), (points,), rule)
            hands: tuple[Cell, ...] = (((self.hand_of(a, segment),), (self.hand_of(b, segment),)) if segment
                                       else ((), ()))
            return ((step,), *hands, (result,), (points,), rule)

        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        tie_rule = self.ruleset.parameters.scoring.tie_rule or self.ruleset.parameters.scoring.rule
        for segment in SEGMENTS if segments else ():
            winner = segments.get(segment)
            if winner is None:
                rows.append(row(self.seg(segment), self.say("tie"), "0", self.rules(tie_rule), segment))
        for credit in matchup["credits"]:
            kind, seat, points = credit["kind"], credit["seat"], credit["points"]
            segment = credit.get("segment")
            before = running[seat]
            running[seat] += points
            if kind == "segment" and segment:
                rows.append(row(self.seg(segment), self.say("wins", seat=seat), f"{seat} +{points}",
                                self.rules(credit["rule"]), segment))
                continue
            if kind == "bonus" and segment:
                step = self.say("segment-bonus", segment=self.seg(segment))
                named = NAMED_BONUSES.get((segment, self._category(seat, segment)))
                hand = self.hand_of(seat, segment)
                result = (self.say("bonus-named", name=word(named, self.lang), hand=hand, points=points) if named
                          else self.say("bonus-reason", segment=self.seg(segment), hand=hand, points=points))
            elif kind == "sweep":
                sweep = self.ruleset.parameters.scoring.sweep
                step = self.say("kind-sweep")
                result = self.say("sweep-reason", before=before, multiplier=sweep.multiplier if sweep else 2)
            elif kind == "scoop":
                step = self.say("kind-scoop")
                result = self.say("scoop-reason", before=before, after=before + points)
            elif kind == "natural":
                step = self.say("kind-natural")
                result = self.say("natural-reason", name=self.natural_word(self.players[seat].get("natural")),
                                  points=points)
            elif kind == "penalty":
                payer = b if seat == a else a
                step = self.say("kind-penalty")
                result = self.say("penalty-reason", payer=payer, points=points)
            else:
                step = self.say(f"kind-{kind}")
                result = self.say("wins", seat=seat)
            rows.append(row(step, result, f"{seat} +{points}", self.rules(credit["rule"])))
        if rows:
            header: tuple[str, ...] = (self.say("col-step"), a, b, self.say("col-result"), self.say("col-points"),
                                       self.say("col-rule"))
            if not compared:
                header = (header[0], *header[3:])
            self.blocks.append(Table(header, tuple(rows)))
        self._matchup_tail(matchup, compared)

    def _overall_decision(self, matchup: Mapping[str, Any]) -> list[Cell]:
        overall = self.ruleset.parameters.scoring.overall
        winner = matchup.get("overall")
        if overall is None or not winner:
            return []
        return [(Styled(self.say("kind-overall"), "strong"), "：", self.say("wins", seat=winner),
                 f" +{overall.points}（", *self.governed(overall.rule, "scoring.overall.decided_by"), "）。")]

    def _bonus_decisions(self, matchup: Mapping[str, Any]) -> list[Cell]:
        bonuses = self.ruleset.parameters.bonuses
        a, b = matchup["seats"]
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        lines: list[Cell] = []
        for segment in SEGMENTS:
            for seat, other in ((a, b), (b, a)):
                held = [x for x in self.players[seat].get("bonuses", []) if x["segment"] == segment]
                if not held:
                    continue
                entry = held[0]
                label = Styled(self.say("bonus-label", segment=self.seg(segment)), "strong")
                hand = self.hand_of(seat, segment)
                won = segments.get(segment) == seat
                result = self.say("result-lost" if segments.get(segment) == other else "result-tied",
                                  segment=self.seg(segment))
                governed = self.governed(bonuses.rule, "bonuses.requires_win")
                if not won and not bonuses.requires_win:
                    lines.append((label, self.say("bonus-paid-anyway", seat=seat, points=entry["points"], hand=hand,
                                                  result=result, segment=self.seg(segment)),
                                  *governed, self.say("list-sep"), *self.rule(entry["rule"]), "）。"))
                elif not won:
                    lines.append((label, self.say("bonus-not-paid", seat=seat, hand=hand, points=entry["points"],
                                                  result=result, segment=self.seg(segment)), *governed, "）。"))
                else:
                    paid = sum(c["points"] for c in matchup["credits"]
                               if c["kind"] == "bonus" and c["seat"] == seat and c.get("segment") == segment)
                    message = "bonus-paid-instead" if bonuses.mode == "instead" else "bonus-paid-added"
                    lines.append((label, self.say(message, seat=seat, points=paid, hand=hand),
                                  *self.rules(entry["rule"]), "）。"))
        return lines

    def _penalty_line(self, payer: str, receiver: str, status: str, penalty: Penalty) -> Cell:
        theirs = self.players[receiver]["status"]
        base = f"penalties.{status}"
        label = Styled(self.say("penalty-label"), "strong")
        head = self.say("penalty-head", payer=payer, receiver=receiver, theirs=self.say(f"status-{theirs}"),
                        forfeit=self.say(f"forfeit-{status}"))
        if theirs not in penalty.pays_to:
            return (label, head + self.say("penalty-nothing", payer=payer, receiver=receiver),
                    *self.governed(penalty.rule, f"{base}.pays_to"), "）。")
        if theirs == "natural" and penalty.against_natural == "natural_value":
            natural = self.players[receiver].get("natural")
            points = self.ruleset.natural(natural).points if natural else 0
            return (label, head + self.say("penalty-natural", payer=payer, points=points),
                    *self.governed(penalty.rule, f"{base}.against_natural"), "）。")
        if penalty.mode == "scooped":
            message = "penalty-scooped-sweep" if penalty.counts_as_sweep and theirs == "normal" else "penalty-scooped"
            return (label, head + self.say(message, payer=payer, receiver=receiver),
                    *self.governed(penalty.rule, f"{base}.mode"), "）。")
        if penalty.mode == "as_segments":
            lost = join([self.seg(s) for s in penalty.receiver_wins], self.lang) or self.say("no-segment")
            won = join([self.seg(s) for s in penalty.payer_wins], self.lang) or self.say("no-segment")
            return (label, head + self.say("penalty-as-segments", payer=payer, receiver=receiver, lost=lost, won=won),
                    *self.governed(penalty.rule, f"{base}.mode", f"{base}.receiver_wins", f"{base}.payer_wins"), "）。")
        text = self.say("penalty-fixed", payer=payer, points=penalty.points).removesuffix(self.say("open"))
        held = self.players[receiver].get("bonuses", []) if theirs == "normal" else []
        paths = [f"{base}.points"]
        if penalty.plus_opponent_bonuses and theirs == "normal":
            paths.append(f"{base}.plus_opponent_bonuses")
            if held:
                total = penalty.points + sum(x["points"] for x in held)
                amounts = " + ".join(str(x) for x in (penalty.points, *(x["points"] for x in held)))
                text += self.say("penalty-plus-bonuses", receiver=receiver, sum=f"{amounts} = {total}")
            else:
                text += self.say("penalty-plus-none", receiver=receiver)
        elif held:
            text += self.say("penalty-bonuses-apart", receiver=receiver)
            paths.append(f"{base}.plus_opponent_bonuses")
        return (label, head + text + self.say("open"), *self.governed(penalty.rule, *paths), "）。")

    def _natural_decisions(self, matchup: Mapping[str, Any]) -> list[Cell]:
        naturals = self.ruleset.parameters.naturals
        a, b = matchup["seats"]
        held = {s: self.players[s].get("natural") for s in (a, b) if self.players[s]["status"] == "natural"}
        label = Styled(self.say("natural-label"), "strong")
        if len(held) == 2:
            rule = self.governed(naturals.meeting_rule or self.players[a].get("rule"), "naturals.higher_rank",
                                 "naturals.same_natural")
            same = held[a] == held[b] and naturals.same_natural == "compare"
            name_a, name_b = self.natural_word(held[a]), self.natural_word(held[b])
            if not matchup["credits"]:
                message = "natural-same-push" if same else "natural-push"
                return [(label, self.say(message, a=name_a, b=name_b), *rule, "）。")]
            credit = matchup["credits"][0]
            winner = credit["seat"]
            loser = b if winner == a else a
            high, low = self.natural_word(held[winner]), self.natural_word(held[loser])
            if same:
                return [(label, self.say("natural-same", a=name_a, winner=winner, points=credit["points"]), *rule,
                         "）。")]
            message = "natural-difference" if naturals.higher_rank == "collects_difference" else "natural-own"
            return [(label, self.say(message, high=high, low=low, points=credit["points"]), *rule, "）。")]
        holder = next(iter(held))
        other = b if holder == a else a
        return [(label, self.say("natural-alone", holder=holder, name=self.natural_word(held[holder]), other=other),
                 *self.rules(self.players[holder].get("rule")), "）。")]

    def _matchup_summary(self, matchup: Mapping[str, Any]) -> Cell:
        a, b = matchup["seats"]
        credits = matchup["credits"]
        totals = {s: sum(c["points"] for c in credits if c["seat"] == s) for s in (a, b)}
        parts: list[str] = []
        segments: Mapping[str, str | None] = matchup.get("segments") or {}
        if matchup["kind"] == "compared" and segments:
            for seat in (a, b):
                won = [self.seg(s) for s in SEGMENTS if segments.get(s) == seat]
                if won:
                    parts.append(self.say("summary-wins", seat=seat, segments=join(won, self.lang)))
            ties = [self.seg(s) for s in SEGMENTS if segments.get(s) is None]
            if ties:
                parts.append(self.say("summary-ties", segments=join(ties, self.lang)))
        for seat in (a, b):
            bonus = sum(c["points"] for c in credits if c["seat"] == seat and c["kind"] == "bonus")
            if bonus:
                parts.append(self.say("summary-bonus", seat=seat, points=bonus))
        if matchup.get("overall"):
            parts.append(self.say("summary-overall", seat=matchup["overall"]))
        for credit in credits:
            if credit["kind"] == "sweep":
                parts.append(self.say("summary-sweep", seat=credit["seat"]))
            if credit["kind"] == "scoop":
                parts.append(self.say("summary-scoop", seat=credit["seat"]))
        separator = "；" if self.lang == "zh" else "; "
        lead = self.say("summary-lead", a=a, b=b) + (separator.join(parts) + ("。" if self.lang == "zh" else ". ")
                                                     if parts else "")
        net = matchup["points"][a]
        if net == 0:
            outcome = self.say("summary-even", a=a, b=b, pa=totals[a], pb=totals[b])
        else:
            high, low = (a, b) if net > 0 else (b, a)
            outcome = self.say("summary-net", high=high, low=low, ph=totals[high], pl=totals[low], net=abs(net))
        return (lead, Styled(outcome, "strong"))

    # -- the deciding cards and Fantasyland

    def _shared_name(self, hand: Any, seat: str, segment: str) -> str:
        """The kind two hands of a segment share: 同花."""
        return word(self._category(seat, segment), self.lang)

    def _place_text(self, hand: Any, place: tuple[str, int]) -> str:
        """Where two such hands part: 以第四张牌, 以对子, 以单牌."""
        where, index = place
        nth = self.say("ordinals").split(" ")
        if where == "top":
            return self.say("decided-top")
        if where == "card":
            return self.say("decided-card", nth=nth[index])
        if where == "kicker":
            return self.say("decided-only-kicker") if index < 0 else self.say("decided-kicker", nth=nth[index])
        groups = _GROUPS[str(hand.category.name).lower()]
        group = word(groups[index], self.lang)
        if len(groups) == 2 and groups[0] == groups[1]:  # two pair: the higher or the lower
            group = self.say("decided-higher" if index == 0 else "decided-lower", group=group)
        return self.say("decided-group", group=group)

    def _deciding_line(self, d: DecidingCards, loser: str) -> Cell:
        """``尾墩：A 的 A♦ K♦ T♦ 4♦ 2♦ 以第二张牌胜 D 的 A♥ 6♥ 5♥ 3♥ 2♥（两手都是同花）。``"""
        return (Styled(self.seg(d.segment), "strong"), self.say("deciding-winner", winner=d.winner),
                Cards(d.winning_cards), self.say("deciding-beats", decided=d.decided, loser=loser),
                Cards(d.losing_cards), self.say("deciding-both", hand=d.hand))

    def _requirement(self, requirement: HandRequirement) -> str:
        """A Fantasyland requirement in this language: 头墩是对子 Q 或更大."""
        what = word(requirement.hand, self.lang)
        if requirement.ranks is not None:
            what += " " + " ".join(rank_text(r) for r in requirement.ranks)
        elif requirement.min_rank is not None and requirement.hand in _GROUPS and len(_GROUPS[requirement.hand]) == 1:
            what += " " + rank_text(requirement.min_rank)
        elif requirement.min_rank is not None:
            what = self.say("fl-at-least", what=what, rank=rank_text(requirement.min_rank))
        if requirement.max_rank is not None:
            what = self.say("fl-at-most", what=what, rank=rank_text(requirement.max_rank))
        if requirement.or_better:
            what = self.say("fl-or-better", what=what)
        return self.say("fl-needs", segment=self.seg(requirement.segment), what=what)

    def _fantasyland_why(self, seat: str, player: Mapping[str, Any], hands: Any, verdict: Any) -> str:
        """Why a board earns Fantasyland or not, in this language."""
        fantasyland = self.ruleset.parameters.fantasyland
        assert fantasyland is not None
        if hands is None:
            return self.say("fl-no-board", seat=seat, status=self.say(f"status-{player['status']}")
                            if f"status-{player['status']}" in MESSAGES else player["status"])
        if player.get("fouled"):
            return self.say("fl-fouled", seat=seat)
        wanted = self.say("fl-or").join(join([self._requirement(r) for r in o.requires], self.lang)
                                        for o in fantasyland.entry)
        held = self.say("fl-held-sep").join(
            self.say("fl-held", segment=self.seg(s), hand=self.hand_of(seat, s))
            for s in dict.fromkeys(r.segment for o in fantasyland.entry for r in o.requires))
        if verdict.qualifies:
            return self.say("fl-enters", seat=seat, cards=verdict.cards, wanted=wanted, held=held)
        return self.say("fl-not", seat=seat, wanted=wanted, held=held)

    # -- the scoop and the totals

    def scoop(self) -> None:
        """Who swept every opponent (全垒打), and who swept some but not all."""
        scoop = self.ruleset.parameters.scoring.scoop
        if scoop is None:
            return
        sweeps: dict[str, list[str]] = {seat: [] for seat in self.players}
        for matchup in self.output["matchups"]:
            for credit in matchup["credits"]:
                seat = credit["seat"]
                other = next(s for s in matchup["seats"] if s != seat)
                swept = credit["kind"] in ("sweep", "scoop") or (  # a foul scored as swept; a surrender is not
                    credit["kind"] == "penalty" and self.players[other]["status"] == "foul"
                    and self.ruleset.parameters.penalties.foul.counts_as_sweep)
                if swept and other not in sweeps[seat]:
                    sweeps[seat].append(other)
        lines: list[Cell] = []
        for seat, swept in sweeps.items():
            if not swept:
                continue
            opponents = [s for s in self.players if s != seat]
            if len(swept) == len(opponents):
                if scoop.points:
                    how = self.say("scoop-points", points=scoop.points)
                else:
                    how = self.say("scoop-instead" if scoop.instead_of_sweep else "scoop-times", seat=seat,
                                   multiplier=scoop.multiplier)
                lines.append((self.say("scoop-made", seat=seat, how=how), *self.rule(scoop.rule), "）。"))
            else:
                missed = [s for s in opponents if s not in swept]
                lines.append((self.say("scoop-missed", seat=seat, swept=join(swept, self.lang),
                                       missed=join(missed, self.lang)), *self.rule(scoop.rule), "）。"))
        if lines:
            self.blocks.append(Heading(2, self.say("scoop")))
            self.blocks.append(Bullets(tuple(lines)))

    def totals(self) -> None:
        """Each seat's matchups and total, and the final results."""
        self.blocks.append(Heading(2, self.say("totals")))
        rows: list[tuple[Cell, ...]] = []
        separator = self.say("totals-sep")
        for seat, total in self.output["totals"].items():
            pieces = [self.say("against", other=other, points=signed(m["points"][seat]))
                      for m in self.output["matchups"] if seat in m["seats"] for other in m["seats"] if other != seat]
            style = "plus" if total > 0 else "minus" if total < 0 else "strong"
            rows.append(((seat,), (separator.join(pieces),), (Styled(signed(total), style),)))
        self.blocks.append(Table((self.say("col-seat"), self.say("col-matchups"), self.say("col-total")), tuple(rows)))
        final = separator.join(f"{seat} {signed(total)}" for seat, total in self.output["totals"].items())
        self.blocks.append(Paragraph((Styled(self.say("final", totals=final), "strong"),)))


    def settlement(self) -> None:
        """A settlement within the players' stacks: the order from the button, what each owed and paid."""
        settlement = self.output.get("settlement")
        if not settlement:
            return
        rules = self.ruleset.parameters.settlement
        limit = self.say("settlement-each-chip" if rules is not None and rules.limit == "each_chip_once"
                         else "settlement-balance")
        first = self.say("settlement-naturals-first") if rules is not None and rules.naturals_first else ""
        self.blocks.append(Heading(2, self.say("settlement")))
        self.blocks.append(Paragraph((self.say("settlement-order", button=settlement["button"], first=first,
                                               order=self.say("list-sep").join(settlement["order"]), limit=limit),
                                      *self.rule(settlement.get("rule")), self.say("close"))))
        rows = tuple(((p["from"],), (p["to"],), (str(p["owed"]),), (str(p["paid"]),)) for p in settlement["payments"])
        if rows:
            self.blocks.append(Table(tuple(self.say(c) for c in ("col-from", "col-to", "col-owed", "col-paid")), rows))
        amounts = self.say("totals-sep").join(f"{seat} {signed(v)}" for seat, v in settlement["paid"].items())
        self.blocks.append(Paragraph((Styled(self.say("settlement-paid", paid=self.say("col-paid"), amounts=amounts),
                                             "strong"),)))


def explain_translated(ruleset: Ruleset, deal: Mapping[str, Any], output: Mapping[str, Any], lang: str,
                       engine: Engine = DEFAULT) -> Explanation:
    """The explanation of a scored deal in ``lang``, a language the ruleset declares."""
    return TranslatedBuilder(ruleset, deal, output, lang, engine).build()


__all__ = ["TranslatedBuilder", "explain_translated", "hand_words", "rank_text"]
