"""Wrong on purpose, in one rule: a tie in the back goes to the first seat of the matchup.

Everything else is the reference engine's answer (called in-process). In a ``score`` answer,
each compared matchup whose back is tied (``segments.back`` null) is given to the matchup's
first seat instead: ``segments.back`` names it, a segment credit of the ruleset's segment
points is added for it, and the matchup's points and the totals move by that much. The
overall point, a scoop and any settlement are left as the reference gave them (this
implementation's author forgot them too). Used by docs/implementers.md's fuzzing example
and tests/test_fuzz.py.
"""

import json
import sys
from functools import cache

from cpspec.protocol.server import answer_text


@cache
def segment_points(ruleset: str) -> int:
    described = json.loads(answer_text(json.dumps({"id": 0, "op": "describe_ruleset", "ruleset": ruleset,
                                                   "input": {}})))
    return int(described["output"]["parameters"]["scoring"]["segment_points"])


def break_back_ties(ruleset: str, output: dict) -> None:
    for matchup in output.get("matchups", []):
        segments = matchup.get("segments")
        if matchup.get("kind") != "compared" or not segments or segments.get("back", "x") is not None:
            continue
        first, second = matchup["seats"]
        points = segment_points(ruleset)
        segments["back"] = first
        rules = [c["rule"] for c in matchup["credits"] if c.get("kind") == "segment"]
        matchup["credits"].append({"seat": first, "points": points, "kind": "segment",
                                   "rule": rules[0] if rules else None, "reason": "wins the back", "segment": "back"})
        matchup["points"][first] += points
        matchup["points"][second] -= points
        output["totals"][first] += points
        output["totals"][second] -= points


for line in sys.stdin:
    if not line.strip():
        continue
    reply = json.loads(answer_text(line))
    try:
        request = json.loads(line)
    except ValueError:
        request = None
    if isinstance(request, dict) and request.get("op") == "score" and "output" in reply:
        break_back_ties(request["ruleset"], reply["output"])
    sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
    sys.stdout.flush()
