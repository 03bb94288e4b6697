"""Broken on purpose: answers every request with a line that is not JSON (with a control character)."""

import sys

from _common import requests

for _request in requests():
    sys.stdout.write("ok, here is your answer: \x07 {not json\n")
    sys.stdout.flush()
