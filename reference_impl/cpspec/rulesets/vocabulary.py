"""The game's vocabulary in two languages (``rulesets/vocabulary/terms.yaml``), read once and checked.

One id a term: the segments (头墩, 中墩, 尾墩), the hand categories (乌龙 .. 同花顺), the naturals
by their kind (至尊清龙 .. 三同花), the scoring words (倒水, 打枪, 全垒打, 冲三, ...). Every generated
Chinese text takes its domain words from here (:func:`vocabulary`), so a term is written once.

YAML and the schema are imported only when the file is read: the dispute desk imports the
modules that use the vocabulary without them and can hand over the same data as JSON
(:meth:`Vocabulary.from_document`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cpspec.errors import CpspecError
from cpspec.rulesets.data import data_dir, schema_path


@dataclass(frozen=True)
class Term:
    """One term: its id, glossary group, English and Chinese words, other Chinese names, definition."""

    id: str
    group: str
    en: str
    zh: str
    zh_also: tuple[str, ...]
    glossary: str | None
    zh_text: str

    def word(self, lang: str) -> str:
        """The term in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Vocabulary:
    """Every term, in the file's order, by id."""

    terms: tuple[Term, ...]

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> Vocabulary:
        """The vocabulary from the file's data (already checked against the schema)."""
        return cls(tuple(Term(t["id"], t["group"], t["en"], t["zh"], tuple(t.get("zh_also", ())), t.get("glossary"),
                              t["zh_text"]) for t in document["terms"]))

    def term(self, term_id: str) -> Term:
        """The term of this id (a ``KeyError`` naming it if there is none)."""
        for term in self.terms:
            if term.id == term_id:
                return term
        raise KeyError(f"no term {term_id!r} in the vocabulary")

    def zh(self, term_id: str) -> str:
        """The Chinese word of a term: ``zh("sweep")`` is 打枪."""
        return self.term(term_id).zh

    def to_document(self) -> dict[str, Any]:
        """The vocabulary as the file's data (what :meth:`from_document` reads), for the desk's bundle."""
        return {"terms": [{"id": t.id, "group": t.group, "en": t.en, "zh": t.zh, "zh_also": list(t.zh_also),
                           **({"glossary": t.glossary} if t.glossary else {}), "zh_text": t.zh_text}
                          for t in self.terms]}

    def group(self, group: str) -> tuple[Term, ...]:
        """The terms of one glossary group, in the file's order."""
        return tuple(t for t in self.terms if t.group == group)


def vocabulary_path() -> Path:
    """The bundled vocabulary file."""
    return data_dir("rulesets") / "vocabulary" / "terms.yaml"


def read_vocabulary(path: Path) -> Vocabulary:
    """Read and check a vocabulary file: its schema, ids used once, Chinese words used once (located errors)."""
    import json

    from jsonschema import Draft202012Validator

    from cpspec.rulesets.yamlsafe import load_yaml_file

    loaded = load_yaml_file(path)
    validator = Draft202012Validator(json.loads(schema_path("vocabulary.schema.json").read_text(encoding="utf-8")))
    for error in validator.iter_errors(loaded.data):
        where = tuple(error.absolute_path)
        raise CpspecError("bad_file", f"vocabulary: {error.message}", loaded.where(where))
    seen: dict[str, int] = {}
    words: dict[str, int] = {}
    for index, term in enumerate(loaded.data["terms"]):
        for key, table in (("id", seen), ("zh", words)):
            if term[key] in table:
                first = table[term[key]]
                raise CpspecError("bad_file", f"vocabulary: {key} {term[key]!r} is used twice (terms {first} and "
                                  f"{index})", loaded.where(("terms", index, key)))
            table[term[key]] = index
    return Vocabulary.from_document(loaded.data)


@cache
def vocabulary() -> Vocabulary:
    """The bundled vocabulary, read once; where only its JSON copy ships (``terms.json``, the dispute desk's
    bundle, checked when the bundle was built), that copy, read with the standard library alone."""
    path = vocabulary_path()
    copy = path.with_suffix(".json")
    if not path.is_file() and copy.is_file():
        import json

        return Vocabulary.from_document(json.loads(copy.read_text(encoding="utf-8")))
    return read_vocabulary(path)


__all__ = ["Term", "Vocabulary", "read_vocabulary", "vocabulary", "vocabulary_path"]
