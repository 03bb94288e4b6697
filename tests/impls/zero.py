"""Broken on purpose: answers an empty output to every request, and chatters on stderr.

The 200 KB of stderr per request would fill the pipe and deadlock a harness that does not
drain stderr.
"""

import sys

from _common import requests, send

for request in requests():
    sys.stderr.write(("chatter " * 100 + "\n") * 250)
    sys.stderr.flush()
    send({"id": request.get("id"), "output": {}})
