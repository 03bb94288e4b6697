"""Where two answers to one request disagree, on what the protocol defines; and the rules cited there.

The comparison is the harness's (subset: every key of the expected answer must be in the
other with an equal value; keys the other adds are ignored), applied to the whole output
rather than to the few keys a case pins, with these exceptions:

- free text is not compared: :data:`FREE_TEXT` keys, wherever they are (an error's
  ``message``, a credit's ``reason``, a hand's ``name``, ...);
- an error answer is compared by its ``code`` alone;
- ``hello`` is compared by ``protocol`` alone (names, versions and what is served differ
  between implementations by design);
- ``advise`` answers are compared by being an output at all: its opponents are drawn with
  Python's own random generator, which the protocol does not specify (docs/protocol.md,
  Decided details);
- a natural's witness ``setting`` is compared by the ranks of each segment: any of several
  equally best settings may be shown (docs/naturals.md), and those have the same ranks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from cpspec.conformance.cases import Difference, compact, differences
from cpspec.conformance.fuzz.generate import at_path

#: Keys whose values are wording, not results.
FREE_TEXT: Final = frozenset({"message", "reason", "explanation", "name", "implementation", "version",
                              "policy", "pruning"})


def disagreements(request: Mapping[str, Any], expected: Mapping[str, Any], answer: Mapping[str, Any],
                  limit: int = 50) -> list[Difference]:
    """How ``answer`` differs from ``expected`` (both whole answer objects) on defined fields."""
    want_error, got_error = "error" in expected, "error" in answer
    if want_error or got_error:
        if want_error and got_error:
            want, got = _code(expected["error"]), _code(answer["error"])
            return [] if want == got else [Difference(("error", "code"), compact(want), compact(got))]
        if want_error:
            return [Difference(("error",), f"error {compact(_code(expected['error']))}",
                               f"output {compact(answer.get('output'))}")]
        return [Difference(("output",), f"output {compact(expected.get('output'))}",
                           f"error {compact(_code(answer['error']))}")]
    want_output, got_output = expected.get("output"), answer.get("output")
    if request.get("op") == "hello" and isinstance(want_output, dict):
        want_output = {"protocol": want_output.get("protocol")}
    if request.get("op") == "advise":
        want_output = {}
    want_output, got_output = witness_ranks(want_output), witness_ranks(got_output)
    return [Difference(("output", *d.path), d.expected, d.actual)
            for d in differences(want_output, got_output, FREE_TEXT, limit)]


def witness_ranks(value: Any) -> Any:
    """``value`` with every natural's witness ``setting`` (a ``setting`` beside an ``explanation``) as ranks.

    >>> witness_ranks({"explanation": "x", "setting": {"front": ["2c", "3d", "4h"]}})
    {'explanation': 'x', 'setting': {'front': ['2', '3', '4']}}
    """
    if isinstance(value, list):
        return [witness_ranks(item) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: witness_ranks(item) for key, item in value.items()}
    setting = value.get("setting")
    if "explanation" in value and isinstance(setting, dict):
        out["setting"] = {segment: sorted(str(card)[:1] for card in cards) if isinstance(cards, list) else cards
                          for segment, cards in setting.items()}
    return out


def _code(error: Any) -> Any:
    return error.get("code") if isinstance(error, dict) else error


def seats_of(request: Mapping[str, Any]) -> set[str]:
    """Every seat name the request gives (in a deal or the deals of a tournament)."""
    data = request.get("input")
    deals: list[Any] = []
    if isinstance(data, dict):
        deals = data["deals"] if isinstance(data.get("deals"), list) else [data]
    seats = set()
    for deal in deals:
        players = deal.get("players") if isinstance(deal, dict) else None
        for player in players if isinstance(players, list) else []:
            if isinstance(player, dict) and isinstance(player.get("seat"), str):
                seats.add(player["seat"])
    return seats


def shape(path: Sequence[str | int], seats: Iterable[str]) -> str:
    """A path with list positions written ``[]`` and seat names ``*``: ``output.matchups[].points.*``.

    Two requests that show one mistake show it at paths of one shape, whatever the seats.
    """
    names = set(seats)
    text = ""
    for step in path:
        if isinstance(step, int):
            text += "[]"
        else:
            text += ("." if text else "") + ("*" if step in names else step)
    return text


def signature(request: Mapping[str, Any], found: Sequence[Difference]) -> frozenset[str]:
    """What a disagreement is, for grouping and for shrinking: the shapes of its paths."""
    seats = seats_of(request)
    return frozenset(shape(d.path, seats) for d in found)


def rule_ids(value: Any) -> list[str]:
    """Every rule id cited inside ``value`` (``rule`` and ``*_rule`` fields), in order of appearance."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if (key == "rule" or key.endswith("_rule")) and isinstance(inner, str):
                    found.append(inner)
                else:
                    stack.append(inner)
        elif isinstance(item, list):
            stack.extend(item)
    return sorted(set(found))


def rules_involved(expected: Mapping[str, Any], found: Sequence[Difference]) -> list[str]:
    """The rule ids the expected answer cites nearest the differences.

    For each difference, the rules cited in the smallest part of the answer around it that cites
    any (a matchup's credits for its points, a player's entry for its status); a difference whose
    nearest such part is the whole answer (a total) counts only when no other is nearer.
    """
    near: set[str] = set()
    whole: set[str] = set()
    for difference in found:
        path = list(difference.path)
        while path:
            path.pop()
            part = _at(expected, path)
            cited = rule_ids(part) if part is not None else []
            if cited:
                (near if len(path) > 1 else whole).update(cited)
                break
    return sorted(near or whole)


def _at(value: Any, path: Sequence[str | int]) -> Any:
    """The part of ``value`` at ``path``, or None where the path leads nowhere."""
    try:
        return at_path(value, path)
    except (KeyError, IndexError, TypeError):
        return None
