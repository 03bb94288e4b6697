"""Broken on purpose: answers two requests (empty outputs), then crashes with status 3."""

import sys

from _common import requests, send

for count, request in enumerate(requests(), 1):
    if count > 2:
        sys.stderr.write("fatal: simulated crash\n")
        sys.stderr.flush()
        sys.exit(3)
    send({"id": request.get("id"), "output": {}})
