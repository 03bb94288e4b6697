"""Broken on purpose: answers each request with the previous request's id (the first one rightly)."""

from _common import requests, send

previous = None
for request in requests():
    send({"id": previous if previous is not None else request.get("id"), "output": {}})
    previous = request.get("id")
