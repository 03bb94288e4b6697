"""A session's ledger: the score_session op, `cpspec session`, and the settle-up.

The corpus pins the answers (conformance/cases/*/session.yaml, worked by hand); here: the two
properties every session has (zero-sum after every deal; the running totals are the deals scored
alone, added up), that the settle-up is the fewest payments (against a search of every smaller
set of payments), and the command line's text, JSON and located errors.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from cpspec.cli import main
from cpspec.protocol.ops import op_score, op_score_session
from cpspec.rules.ledger import settle_up
from cpspec.rulesets.loader import bundled_registry

REPO = Path(__file__).resolve().parent.parent
SESSION = REPO / "examples" / "sessions" / "basic-four-deals.yaml"


def session_cases() -> list[tuple[str, str, dict[str, object]]]:
    """Every session case of the corpus that expects an answer (the files are named session.yaml)."""
    found = []
    for path in sorted((REPO / "conformance" / "cases").glob("*/session.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            if case["op"] == "score_session" and "expected" in case:
                found += [(case["id"], r, case["input"]) for r in case["rulesets"]]
    return found


@pytest.mark.parametrize(("case_id", "ruleset_id", "data"), session_cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_a_session_is_zero_sum_after_every_deal_and_the_sum_of_its_deals(
    case_id: str, ruleset_id: str, data: dict[str, object]
) -> None:
    ruleset = bundled_registry().get(ruleset_id)
    output = op_score_session(ruleset, data)
    for deal in output["deals"]:
        assert sum(deal["running"].values()) == 0, (case_id, deal)
    # Without stacks, each deal's result is its score alone; the running totals add them up.
    if "stacks" not in data:
        running: dict[str, int] = {}
        for raw, deal in zip(data["deals"], output["deals"], strict=True):  # type: ignore[call-overload]
            alone = op_score(ruleset, raw)["totals"]
            assert deal["totals"] == alone
            running = {seat: running.get(seat, 0) + alone[seat] for seat in alone}
            assert deal["running"] == running
    paid = {seat: 0 for seat in output["totals"]}
    for payment in output["settle_up"]:
        paid[payment["from"]] -= payment["amount"]
        paid[payment["to"]] += payment["amount"]
    assert {seat: -v for seat, v in paid.items()} == {seat: -v for seat, v in output["totals"].items()}


def _clears(totals: dict[str, int], payments: list[tuple[str, str, int]]) -> bool:
    left = dict(totals)
    for payer, payee, amount in payments:
        left[payer] += amount
        left[payee] -= amount
    return not any(left.values())


def _fewer_exists(totals: dict[str, int], count: int) -> bool:
    """Whether some set of fewer than ``count`` payments clears the totals (every amount up to the largest)."""
    seats = list(totals)
    largest = max(abs(v) for v in totals.values())
    pairs = [(a, b) for a in seats for b in seats if a != b]
    for size in range(count):
        for chosen in itertools.combinations(pairs, size):
            for amounts in itertools.product(range(1, largest + 1), repeat=size):
                if _clears(totals, [(a, b, x) for (a, b), x in zip(chosen, amounts, strict=True)]):
                    return True
    return False


@given(st.lists(st.integers(-3, 3), min_size=3, max_size=3))
def test_the_settle_up_clears_the_totals_in_the_fewest_payments(first: list[int]) -> None:
    totals = dict(zip("ABCD", [*first, -sum(first)], strict=True))
    payments = settle_up(totals)
    assert _clears(totals, [(p.payer, p.payee, p.amount) for p in payments])
    assert all(p.amount > 0 for p in payments)
    assert not _fewer_exists(totals, len(payments))


def test_cpspec_session_prints_the_ledger_and_the_settle_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", str(SESSION)]) == 0
    text = capsys.readouterr().out
    # bas-session-four-deals-settled-in-one-payment: running A 6, 0, 0, 6; B 0, 6, 0, 0; C -6, -6, 0, -6.
    assert "     3       0      -6      +6   A 0, B 0, C 0" in text
    assert "Totals: A +6, B 0, C -6." in text
    assert text.rstrip().endswith("Settle up (1 payment, the fewest that clear every total):\n  C pays A 6")
    assert main(["session", "--json", str(SESSION)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settle_up"] == [{"from": "C", "to": "A", "amount": 6}]
    assert [d["running"]["C"] for d in data["deals"]] == [-6, -6, 0, -6]


def test_a_bad_deal_in_a_session_file_is_located_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SESSION.read_text(encoding="utf-8")
    lines = text.splitlines()
    # The third deal's C gets a front of two cards.
    target = next(i for i, x in enumerate(lines) if "seat: C, front: [Tc, 6d, 4c]" in x)
    lines[target] = lines[target].replace("front: [Tc, 6d, 4c]", "front: [Tc, 6d]")
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["session", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"cpspec session: error: {bad}:{target + 1} (input.deals[2].players[2].front): "
                   "expected 3 cards, got 2")


A_HAND = {"seat": "A", "front": ["Tc", "6d", "4c"], "middle": ["Qh", "Qc", "Kh", "Jc", "9s"],
          "back": ["5h", "5c", "5s", "Jh", "9c"]}


@pytest.mark.parametrize(("ruleset_id", "data", "code", "where"), [
    ("basic", {}, "bad_input", "input"),
    ("basic", {"deals": []}, "bad_input", "input.deals"),
    ("basic", {"deals": [[]]}, "bad_input", "input.deals[0]"),
    ("basic", {"deals": [{"players": [A_HAND, {**A_HAND, "seat": "B", "front": ["Xx", "2c", "3c"]}]}]}, "bad_card",
     "input.deals[0].players[1].front[0]"),
    ("english-harbour-eastern", {"stacks": {"A": -1}, "deals": [{"players": []}]}, "bad_input", "input.stacks"),
    ("english-harbour-eastern", {"stacks": {"A": 5, "B": 5}, "deals": [
        {"players": [A_HAND, {"seat": "B", "declare": "surrender"}]}]}, "bad_input", "input.deals[0].button"),
    ("english-harbour-eastern", {"stacks": {"A": 5, "B": 5}, "deals": [
        {"button": "A", "stacks": {"A": 1, "B": 1}, "players": [A_HAND, {"seat": "B", "declare": "surrender"}]}]},
     "bad_input", "input.deals[0].stacks"),
    ("english-harbour-eastern", {"stacks": {"A": 5, "C": 5}, "deals": [
        {"button": "A", "players": [A_HAND, {"seat": "B", "declare": "surrender"}]}]}, "bad_input", "input.stacks"),
])
def test_a_bad_session_is_refused_where_it_is_wrong(ruleset_id: str, data: dict[str, object], code: str,
                                                    where: str) -> None:
    from cpspec.errors import CpspecError

    with pytest.raises(CpspecError) as refused:
        op_score_session(bundled_registry().get(ruleset_id), data)
    assert (refused.value.code, refused.value.where) == (code, where)
