"""The engine's bounded memos: emptied when full, and per-object memos that never answer for another object."""

from __future__ import annotations

import gc

from cpspec.fast.memo import BoundedMemo, IdentityMemo


def test_a_bounded_memo_is_emptied_when_full_and_another_answer_comes() -> None:
    memo: BoundedMemo[str, int] = BoundedMemo(3)
    for index, key in enumerate("abc"):
        assert memo.remember(key, index) == index
    assert dict(memo) == {"a": 0, "b": 1, "c": 2}
    assert memo.remember("d", 3) == 3
    assert dict(memo) == {"d": 3}  # everything forgotten at once, the new answer kept
    assert memo.get("a") is None


class Value:
    """Equal to every other Value: only identity tells two apart."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value)

    def __hash__(self) -> int:
        return 0


def test_an_identity_memo_answers_only_for_the_same_object() -> None:
    memo: IdentityMemo[Value, str] = IdentityMemo(10)
    first, second = Value(), Value()
    assert memo.remember(first, "first") == "first"
    assert memo.get(first) == "first"
    assert memo.get(second) is None  # equal, but another object


def test_an_identity_memo_keeps_its_objects_alive_so_no_id_is_reused() -> None:
    memo: IdentityMemo[Value, str] = IdentityMemo(10)
    memo.remember(Value(), "gone")
    gc.collect()
    others = [Value() for _ in range(1_000)]  # would take the freed address, were it freed
    assert all(memo.get(other) is None for other in others)


def test_an_identity_memo_is_bounded() -> None:
    memo: IdentityMemo[Value, int] = IdentityMemo(2)
    values = [Value() for _ in range(3)]
    for index, value in enumerate(values):
        memo.remember(value, index)
    assert memo.get(values[0]) is None and memo.get(values[1]) is None
    assert memo.get(values[2]) == 2
