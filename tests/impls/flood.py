"""Broken on purpose: answers every request with a valid JSON line of 6 MB (over the 4 MB cap)."""

import json
import sys

from _common import requests

for request in requests():
    sys.stdout.write(json.dumps({"id": request.get("id"), "output": {"x": "x" * 6_000_000}}) + "\n")
    sys.stdout.flush()
