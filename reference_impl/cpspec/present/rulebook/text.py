"""Small Markdown helpers the page writers share: tables, code, quotes, links, compact values."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import CaseView, Inputs
from cpspec.rules.model import Ruleset
from cpspec.rulesets.loader import RulesetRegistry

# --- small helpers -----------------------------------------------------------------------


def rule_href(ruleset_id: str, rule_id: str, prefix: str = "../") -> str:
    """The Markdown link to a rule's entry on its ruleset's page; ``prefix`` leads from the linking page to the root."""
    return f"{prefix}rulesets/{ruleset_id}.md#{rule_id}"


def case_href(inputs: Inputs, case_id: str, prefix: str = "../") -> str:
    """The Markdown link to a conformance case (its anchor on its topic's page of worked examples); ``prefix``
    leads from the linking page to the root."""
    return prefix + inputs.case_address(case_id)


def citation_text(ruleset: Ruleset, rule_id: str) -> str:
    """The ready-to-paste citation of a rule: ``<ruleset id> <version>, rule <rule id>``."""
    return f"{ruleset.id} {ruleset.version}, rule {rule_id}"


def topic_title(topic: str) -> str:
    """A rule topic as a title: ``setting-order`` reads ``Setting order``."""
    return topic.replace("-", " ").capitalize()


def code(text: str) -> str:
    """Text as inline code (a double fence where it holds a backtick)."""
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}"


def blockquote(text: str) -> str:
    """Text as a Markdown block quote, each line escaped."""
    return "\n".join("> " + md_escape(line) if line.strip() else ">" for line in text.strip().splitlines())


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table from a header and rows (a cell's line breaks become spaces)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("\n", " ") or " " for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def pretty_json(value: Any, width: int = 100, indent: str = "") -> str:
    """JSON with short lists and objects kept on one line (a hand of cards, a seat's totals).

    >>> print(pretty_json({"seat": "A", "front": ["Ts", "6d", "6h"]}, width=20))
    {
      "seat": "A",
      "front": ["Ts", "6d", "6h"]
    }
    """
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(indent) + len(flat) <= width or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {pretty_json(v, width, inner).lstrip()}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + pretty_json(v, width, inner).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")
_NUMBER = re.compile(r"^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|0[xob][0-9a-fA-F_]+)$")
_YAML_WORDS = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"})


def flow_yaml(value: Any, width: int = 100, indent: str = "") -> str:
    """A value in YAML's flow style, as the case files write it: plain words unquoted (a card, a seat, an id),
    anything else as JSON (which YAML reads alike); short lists and objects on one line.

    >>> print(flow_yaml({"seat": "A", "front": ["Ts", "6d", "6h"], "note": "a: b", "points": 2}, width=30))
    {
      seat: A,
      front: [Ts, 6d, 6h],
      note: "a: b",
      points: 2
    }
    >>> flow_yaml(["2c", "10", "true", None])
    '[2c, "10", "true", null]'
    """
    def scalar(item: Any) -> str:
        if (isinstance(item, str) and _PLAIN.match(item) and not _NUMBER.match(item)
                and item.lower() not in _YAML_WORDS):
            return item
        return json.dumps(item, ensure_ascii=False)

    def flat(item: Any) -> str:
        if isinstance(item, Mapping):
            return "{" + ", ".join(f"{scalar(k)}: {flat(v)}" for k, v in item.items()) + "}"
        if isinstance(item, list):
            return "[" + ", ".join(flat(v) for v in item) + "]"
        return scalar(item)

    one_line = flat(value)
    if len(indent) + len(one_line) <= width or not isinstance(value, dict | list) or not value:
        return one_line
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{scalar(k)}: {flow_yaml(v, width, inner).lstrip()}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + flow_yaml(v, width, inner).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


def yaml_block(value: Any) -> str:
    """A value as a fenced YAML block in flow style (:func:`flow_yaml`)."""
    return "```yaml\n" + flow_yaml(value) + "\n```"


def json_block(value: Any) -> str:
    """A value as a fenced JSON block (:func:`pretty_json`)."""
    return "```json\n" + pretty_json(value) + "\n```"


def compact(value: Any) -> str:
    """A parameter value in a few words: ``front 1, middle 1``, ``[a, b]``, ``none``, ``true``."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {compact(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def cases_for(inputs: Inputs, ruleset_id: str) -> list[CaseView]:
    """The cases that run under a ruleset."""
    return list(inputs.cases_by_ruleset.get(ruleset_id, ()))


def ancestors(ruleset: Ruleset, registry: RulesetRegistry) -> list[Ruleset]:
    """The rulesets this one extends, nearest first."""
    chain: list[Ruleset] = []
    current = ruleset
    while current.extends and len(chain) < 16:
        current = registry.get(current.extends)
        chain.append(current)
    return chain


def rule_parameters(ruleset: Ruleset, rule_id: str) -> list[tuple[str, str]]:
    """The parameters that name this rule as theirs: (dotted path, their values)."""
    found: list[tuple[str, str]] = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            if any((k == "rule" or k.endswith("_rule")) and v == rule_id for k, v in value.items()):
                plain = {k: v for k, v in value.items()
                         if not (k == "rule" or k.endswith("_rule")) and not isinstance(v, Mapping | list)}
                found.append((path, compact(plain)))
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")

    walk(ruleset.document.get("parameters", {}), "")
    return found


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """A nested parameters mapping as ``{dotted.path: leaf}``; lists are leaves."""
    if isinstance(value, Mapping) and value:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{path}.{key}" if path else str(key)))
        return out
    return {path: value}

def slug(text: str) -> str:
    """Text as an anchor or file name: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")

def html(text: str) -> str:
    """Text escaped for HTML (``&``, ``<``, ``>``, ``"``)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
