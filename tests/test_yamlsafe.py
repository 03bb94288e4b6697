"""Tests for cpspec.rulesets.yamlsafe: strict, bounded, located YAML reading.

Every test runs twice: with libyaml's C parser (if PyYAML has it) and with the
pure-Python parser, so the two must behave the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cpspec.errors import CpspecError
from cpspec.rulesets import yamlsafe
from cpspec.rulesets.yamlsafe import LoadedYaml, load_yaml_file, load_yaml_text, require_mapping

_LOADERS: list[Any] = [pytest.param(yaml.SafeLoader, id="python")]
if hasattr(yaml, "CSafeLoader"):
    _LOADERS.insert(0, pytest.param(yaml.CSafeLoader, id="libyaml"))


@pytest.fixture(autouse=True, params=_LOADERS)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setattr(yamlsafe, "_LOADER", request.param)
    yield request.param


def refused(text: str, **limits: int) -> CpspecError:
    """Load ``text`` expecting a bad_file error, and return it."""
    with pytest.raises(CpspecError) as info:
        load_yaml_text(text, "f.yaml", **limits)
    assert info.value.code == "bad_file"
    return info.value


def write(tmp_path: Path, content: bytes | str, name: str = "f.yaml") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


GOOD = """\
# a ruleset
id: test-rules
version: 2
scoring:
  points: 3
  bonus: 1.5
  surrender: null
segments:
  - name: front
    cards: 3
  - name: back
    cards: 5
flags: [true, false, ~]
released: 2024-05-01
note: |
  two
  lines
"""


# --- good input -------------------------------------------------------------------


def test_good_file_data_and_lines(tmp_path: Path) -> None:
    loaded = load_yaml_file(write(tmp_path, GOOD))
    assert loaded.source == str(tmp_path / "f.yaml")
    assert loaded.data == {
        "id": "test-rules",
        "version": 2,
        "scoring": {"points": 3, "bonus": 1.5, "surrender": None},
        "segments": [{"name": "front", "cards": 3}, {"name": "back", "cards": 5}],
        "flags": [True, False, None],
        "released": "2024-05-01",
        "note": "two\nlines\n",
    }
    json.dumps(loaded.data, allow_nan=False)  # JSON-compatible
    lines = loaded.lines
    assert lines[()] == 2
    assert lines[("id",)] == 2
    assert lines[("version",)] == 3
    assert lines[("scoring",)] == 5  # a block mapping starts at its first key
    assert lines[("scoring", "points")] == 5
    assert lines[("scoring", "bonus")] == 6
    assert lines[("scoring", "surrender")] == 7
    assert lines[("segments", 0)] == 9
    assert lines[("segments", 0, "cards")] == 10
    assert lines[("segments", 1)] == 11
    assert lines[("segments", 1, "name")] == 11
    assert lines[("segments", 1, "cards")] == 12
    assert lines[("flags", 2)] == 13
    assert lines[("note",)] == 15


def test_where_uses_deepest_known_prefix() -> None:
    loaded = load_yaml_text(GOOD, "r.yaml")
    assert loaded.where(["segments", 1, "cards"]) == "r.yaml:12"
    assert loaded.where(("segments", 1, "missing", 7)) == "r.yaml:11"
    assert loaded.where(["nope"]) == "r.yaml:2"
    assert loaded.where([]) == "r.yaml:2"
    assert LoadedYaml(None, "x.yaml").where(["a"]) == "x.yaml"


def test_lines_are_read_only() -> None:
    loaded = load_yaml_text("a: 1\n", "f.yaml")
    with pytest.raises(TypeError):
        loaded.lines[("b",)] = 2  # type: ignore[index]


def test_non_mapping_roots_load_and_require_mapping() -> None:
    assert load_yaml_text("- 1\n- two\n", "f.yaml").data == [1, "two"]
    assert load_yaml_text("just text\n", "f.yaml").data == "just text"
    assert require_mapping(load_yaml_text("a: 1\n", "f.yaml")) == {"a": 1}
    for text, kind in (("\n\n- 1\n", "a list"), ("\n\n42\n", "a number")):
        with pytest.raises(CpspecError) as info:
            require_mapping(load_yaml_text(text, "f.yaml"))
        assert info.value.code == "bad_file"
        assert info.value.where == "f.yaml:3"
        assert kind in info.value.message


def test_scalar_types_and_explicit_standard_tags() -> None:
    text = (
        "a: !!str 12\nb: '12'\nc: ! 12\nd: !!float 3\ne: !!int '7'\nf: 0x1F\n"
        "g: -2.5e+3\nh: yes\ni: =\nj: 0\nk: 2001-12-14 21:59:43.10 -5\nl: !!null ''\n"
    )
    data = load_yaml_text(text, "f.yaml").data
    assert data == {
        "a": "12", "b": "12", "c": "12", "d": 3.0, "e": 7, "f": 31, "g": -2500.0,
        "h": True, "i": "=", "j": 0, "k": "2001-12-14 21:59:43.10 -5", "l": None,
    }
    assert type(data["d"]) is float and type(data["e"]) is int
    assert type(data["h"]) is bool


def test_utf8_bom_and_unicode_text(tmp_path: Path) -> None:
    loaded = load_yaml_file(write(tmp_path, "\ufeffname: \u2660 spades\n"))
    assert loaded.data == {"name": "\u2660 spades"}
    assert loaded.lines[("name",)] == 1


# --- hostile or malformed input ---------------------------------------------------


def test_duplicate_keys_name_both_lines() -> None:
    err = refused("id: x\nversion: 1\npoints: 1\nother: 2\npoints: 3\n")
    assert err.message == "duplicate key 'points' (first at line 3)"
    assert err.where == "f.yaml:5"


def test_duplicate_keys_nested_and_in_flow() -> None:
    err = refused("a:\n  - b: 1\n    c:\n      d: 1\n      e: 2\n      d: 3\n")
    assert err.message == "duplicate key 'd' (first at line 4)"
    assert err.where == "f.yaml:6"
    err = refused("x: 1\ny: {p: 1, q: 2, p: 3}\n")
    assert "duplicate key 'p'" in err.message and err.where == "f.yaml:2"
    # the same key in different mappings is fine
    assert load_yaml_text("a: {k: 1}\nb: {k: 2}\n", "f.yaml").data == {
        "a": {"k": 1}, "b": {"k": 2}
    }


@pytest.mark.parametrize(
    "text",
    [
        "ok: 1\nx: !!python/object/apply:os.system ['echo pwned']\n",
        "ok: 1\nx: !!python/name:os.system\n",
        "ok: 1\nx: !!python/object:collections.OrderedDict {}\n",
        "ok: 1\nx: !!python/tuple [1, 2]\n",
        "ok: 1\nx: !custom thing\n",
        "ok: 1\nx: !!binary aGVsbG8=\n",
        "ok: 1\nx: !!set {a, b}\n",
        "ok: 1\nx: !!omap [a: 1]\n",
        "ok: 1\nx: !!timestamp 2024-01-01\n",
        "%TAG !e! tag:example.com,2000:\n---\nok: 1\nx: !e!thing 1\n",
    ],
)
def test_object_and_nonstandard_tags_refused(text: str) -> None:
    err = refused(text)
    assert "is not allowed" in err.message
    assert err.where is not None and err.where.endswith(":" + str(text.count("\n")))


def test_python_tag_is_not_executed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    refused(f"x: !!python/object/apply:os.system ['touch {marker}']\n")
    assert not marker.exists()


@pytest.mark.parametrize("text", ["a: !!int x\n", "a: !!bool 3\n", "a: !!float true\n"])
def test_explicit_tag_must_fit_value(text: str) -> None:
    assert "is not a valid value for the tag" in refused(text).message


def test_billion_laughs_refused_fast() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    # refused at the first anchor, before any expansion could start
    err = refused("\n".join(lines) + "\n")
    assert "anchors and aliases are not allowed" in err.message
    assert err.where == "f.yaml:1"


def test_alias_and_anchor_refused() -> None:
    err = refused("base: &b\n  points: 1\nother: *b\n")
    assert err.message.startswith("anchors and aliases are not allowed")
    assert err.where == "f.yaml:1"
    err = refused("a: 1\nb: &x 2\n")
    assert "'&x'" in err.message and err.where == "f.yaml:2"


def test_merge_key_refused() -> None:
    err = refused("a:\n  x: 1\nb:\n  <<: {x: 1}\n  y: 2\n")
    assert "merge keys" in err.message and err.where == "f.yaml:4"
    # a quoted "<<" is an ordinary string key
    assert load_yaml_text("'<<': 1\n", "f.yaml").data == {"<<": 1}


@pytest.mark.parametrize("key", ["yes", "no", "on", "off", "True", "false", "Y"])
def test_boolean_keys_refused_with_quote_hint(key: str) -> None:
    if key == "Y":  # PyYAML reads only the long forms as booleans
        assert load_yaml_text("Y: 1\n", "f.yaml").data == {"Y": 1}
        return
    err = refused(f"a: 1\n{key}: 1\n")
    assert "boolean" in err.message and f'quote it ("{key}")' in err.message
    assert err.where == "f.yaml:2"
    assert load_yaml_text(f'"{key}": 1\n', "f.yaml").data == {key: 1}


@pytest.mark.parametrize("text", ["1: a\n", "1.5: a\n", "~: a\n", "? [a, b]\n: 1\n"])
def test_non_string_keys_refused(text: str) -> None:
    err = refused(text)
    assert "key" in err.message and err.where == "f.yaml:1"


def test_empty_key_refused() -> None:
    # libyaml reads a null key here and PyYAML's parser a syntax error: both refuse
    assert refused(": a\n").where == "f.yaml:1"


@pytest.mark.parametrize("value", [".nan", ".NaN", ".inf", "-.inf", "+.Inf", "1.0e+999"])
def test_nan_and_infinity_refused(value: str) -> None:
    err = refused(f"a: 1\nb: {value}\n")
    assert "not a finite number" in err.message and err.where == "f.yaml:2"


@pytest.mark.parametrize("value", ["1:30", "-190:20:30", "010", "+0777"])
def test_yaml11_number_traps_refused(value: str) -> None:
    assert "quote it" in refused(f"a: {value}\n").message
    assert load_yaml_text(f"a: '{value}'\n", "f.yaml").data == {"a": value}


def test_huge_integer_refused_without_traceback() -> None:
    err = refused("a: " + "9" * 5000 + "\n")
    assert "cannot read the number" in err.message and err.where == "f.yaml:1"


def test_deep_nesting_refused_fast() -> None:
    # Newer libyaml builds stop at their own nesting limit first; the message is the same either way.
    for text in ("[" * 10_000, "{a: " * 10_000, "".join("  " * i + "-\n" for i in range(500))):
        err = refused(text)
        assert "nested too deeply" in err.message


def test_depth_limit_is_exact() -> None:
    assert load_yaml_text("[" * 3 + "]" * 3, "f.yaml", max_depth=3).data == [[[]]]
    assert "nested too deeply" in refused("[" * 4 + "]" * 4, max_depth=3).message


def test_node_limit() -> None:
    text = "[" + ",".join(["1"] * 100) + "]"
    assert len(load_yaml_text(text, "f.yaml", max_nodes=101).data) == 100
    assert "too many values" in refused(text, max_nodes=100).message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\nb: 2\nc: [1, 2\nd: 4\n", 4),
        ("a: 1\nb:\n  c: 1\n d: 2\n", 4),
        ("a: 1\nb: 'unclosed\n", 3),
        ("a: 1\nb: @x\n", 2),
    ],
)
def test_syntax_error_has_line(text: str, line: int) -> None:
    err = refused(text)
    assert err.message.startswith("YAML syntax error")
    assert err.where == f"f.yaml:{line}"
    assert "(column " in err.message


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("a: 1\n\tb: 2\n", 2, 1),           # a tab where a key should start
        ("a:\n\tb: 1\n", 2, 1),             # a tab as the indentation of a nested key
        ("players:\n  - seat: A\n  \tfront: [Ts]\n", 3, 3),  # two spaces, then a tab
    ],
)
def test_a_tab_is_named_with_its_column(text: str, line: int, column: int) -> None:
    err = refused(text)
    assert err.message == f"a tab at column {column}: YAML indents with spaces only; replace the tab with spaces"
    assert err.where == f"f.yaml:{line}"


@pytest.mark.parametrize(("text", "line", "column"), [
    ("title: Rule: one\n", 1, 12),         # the column of the colon that starts a mapping
    ("id: x\nsummary: a: b\n", 2, 11),
])
def test_an_unquoted_colon_gets_a_hint_to_quote_the_value(text: str, line: int, column: int) -> None:
    err = refused(text)
    assert err.where == f"f.yaml:{line}"
    assert f"(column {column})" in err.message
    assert "put the value in quotes" in err.message


def test_more_than_one_document_refused() -> None:
    err = refused("a: 1\n---\nb: 2\n")
    assert "only one YAML document" in err.message and err.where == "f.yaml:2"


@pytest.mark.parametrize("text", ["", "   \n\t\n", "# only a comment\n"])
def test_empty_text_refused(text: str) -> None:
    assert refused(text).where == "f.yaml"


@pytest.mark.parametrize(("bad", "name"), [("\x00", "control character"), ("\ud800", "surrogate")])
def test_bad_characters_refused(bad: str, name: str) -> None:
    err = refused(f"a: 1\nb: x{bad}\n")
    assert name in err.message and err.where == "f.yaml:2"


def test_text_size_limit() -> None:
    assert "too large" in refused("a: " + "x" * 100, max_bytes=50).message
    # the limit counts UTF-8 bytes, not characters
    assert "too large" in refused("a: " + "\u2660" * 20, max_bytes=50).message


def test_unexpected_exception_is_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(text: str) -> Any:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(yamlsafe, "_LOADER", boom)
    err = refused("a: 1\n")
    assert "kaboom" in err.message and err.where == "f.yaml"


# --- files ------------------------------------------------------------------------


def test_non_utf8_file_names_offset_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, b"a: 1\nb: caf\xe9\n")
    with pytest.raises(CpspecError) as info:
        load_yaml_file(path)
    err = info.value
    assert err.code == "bad_file"
    assert "not UTF-8" in err.message and "0xe9" in err.message and "offset 11" in err.message
    assert err.where == f"{path}:2"


def test_utf16_file_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\n".encode("utf-16"))
    with pytest.raises(CpspecError) as info:
        load_yaml_file(path)
    assert "not UTF-8" in info.value.message


@pytest.mark.parametrize("content", [b"", b"  \n\n\t \n"])
def test_empty_and_whitespace_files_refused(tmp_path: Path, content: bytes) -> None:
    path = write(tmp_path, content)
    with pytest.raises(CpspecError) as info:
        load_yaml_file(path)
    assert info.value.code == "bad_file"
    assert "empty" in info.value.message
    assert info.value.where == str(path)


def test_too_large_file_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "a: " + "x" * 200 + "\n")

    def no_open(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(Path, "open", no_open)
    with pytest.raises(CpspecError) as info:
        load_yaml_file(path, max_bytes=100)
    assert info.value.code == "bad_file"
    assert "too large" in info.value.message and "204 bytes" in info.value.message
    assert info.value.where == str(path)


def test_file_at_size_limit_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\n")
    assert load_yaml_file(path, max_bytes=5).data == {"a": 1}


@pytest.mark.parametrize("what", ["missing", "directory"])
def test_missing_file_and_directory_refused(tmp_path: Path, what: str) -> None:
    path = tmp_path / "nope.yaml"
    if what == "directory":
        path.mkdir()
    with pytest.raises(CpspecError) as info:
        load_yaml_file(path)
    assert info.value.code == "bad_file"
    assert info.value.where == str(path)
    error = info.value  # no chained OSError traceback
    assert error.__cause__ is None
    assert error.__context__ is None or error.__suppress_context__


def test_file_errors_are_located(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\npoints: 2\npoints: 3\n")
    with pytest.raises(CpspecError) as info:
        load_yaml_file(str(path))
    assert info.value.where == f"{path}:3"
    assert info.value.describe().startswith(f"{path}:3: duplicate key 'points'")
