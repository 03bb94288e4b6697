"""Bounded memos for answers the engine works out once and looks up afterwards.

Keys can carry what requests choose (seat names), so no memo may grow without end: each
forgets everything at once when it is full and one more answer is remembered.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class BoundedMemo(dict[K, V]):
    """A dict that is emptied when it holds ``limit`` entries and another is remembered."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def remember(self, key: K, value: V) -> V:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class IdentityMemo(Generic[T, V]):
    """Values remembered per object, by identity: for objects whose own hash is slow or missing.

    Each object is kept alive by its entry, so its id cannot be reused by another while remembered.
    """

    def __init__(self, limit: int) -> None:
        self._entries: BoundedMemo[int, tuple[T, V]] = BoundedMemo(limit)

    def get(self, key: T) -> V | None:
        entry = self._entries.get(id(key))
        return entry[1] if entry is not None and entry[0] is key else None

    def remember(self, key: T, value: V) -> V:
        self._entries.remember(id(key), (key, value))
        return value
