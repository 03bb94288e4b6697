"""Broken on purpose: gives the reference engine's answer to every request, twice."""

import json
import sys

from cpspec.protocol.server import answer

for line in sys.stdin:
    if line.strip():
        text = json.dumps(answer(line))
        sys.stdout.write(text + "\n" + text + "\n")
        sys.stdout.flush()
