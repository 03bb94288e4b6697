"""Compact JSON text as the protocol writes it: one encoder, and a memo for texts that recur.

The protocol's answers are mostly small objects that come back deal after deal (a credit
such as "wins the front with jack high"); writing each of those once and joining texts is
several times faster than encoding the same dictionaries again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

#: Answers are trees built by the engine, never cyclic, so the encoder skips the cycle check.
ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def compact(value: Any) -> str:
    """``value`` as JSON text without spaces, non-ASCII characters kept as they are."""
    return ENCODER.encode(value)


class TextMemo:
    """Texts of values by a key, forgotten all at once when ``limit`` keys are held.

    Keys can carry what a request chose (seat names), so the memo must not grow without bound.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._texts: dict[Hashable, str] = {}

    def text(self, key: Hashable, build: Callable[[], Any]) -> str:
        """The compact text of ``build()``, built only the first time ``key`` is asked for."""
        text = self._texts.get(key)
        if text is None:
            if len(self._texts) >= self.limit:
                self._texts.clear()
            text = self._texts[key] = compact(build())
        return text

    def __len__(self) -> int:
        return len(self._texts)
