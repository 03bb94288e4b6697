"""Broken on purpose: reads requests and never answers."""

import time

from _common import requests

for _request in requests():
    time.sleep(3600)
