"""The reference engine, except that its hello claims only the classify op and the basic ruleset."""

import json
import sys

from cpspec.protocol.server import answer

for line in sys.stdin:
    if line.strip():
        reply = answer(line)
        if "output" in reply and json.loads(line).get("op") == "hello":
            reply["output"] = {**reply["output"], "ops": ["classify"], "rulesets": ["basic"]}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
