"""Shared by the deliberately broken implementations: read requests, echo their ids."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any


def requests() -> Iterator[dict[str, Any]]:
    """Each request line as an object (a line that is not one reads as ``{"id": None}``)."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        yield value if isinstance(value, dict) else {"id": None}


def send(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
