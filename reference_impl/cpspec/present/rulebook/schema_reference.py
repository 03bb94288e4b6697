"""The schema reference, generated from the JSON Schemas."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.text import code, slug, table

# --- schema reference --------------------------------------------------------------------


def _schema_type(node: Mapping[str, Any], anchor: Callable[[str], str]) -> str:
    if "$ref" in node:
        ref = str(node["$ref"])
        name = ref.rsplit("/", 1)[-1]
        return f"[{name}](#{anchor(name)})" if ref.startswith("#/$defs/") else code(ref)
    if "enum" in node:
        return "one of " + ", ".join(code(json.dumps(v)) for v in node["enum"])
    if "const" in node:
        return code(json.dumps(node["const"]))
    for key in ("oneOf", "anyOf"):
        if key in node and isinstance(node[key], list):
            return " or ".join(_schema_type(n, anchor) for n in node[key] if isinstance(n, Mapping))
    kind = node.get("type")
    text = " or ".join(kind) if isinstance(kind, list) else str(kind or "any")
    if kind == "array" and isinstance(node.get("items"), Mapping):
        text = f"array of {_schema_type(node['items'], anchor)}"
    if "pattern" in node:
        text += f" matching {code(str(node['pattern']))}"
    return text


def _schema_object(node: Mapping[str, Any], anchor: Callable[[str], str]) -> str:
    props = node.get("properties")
    if not isinstance(props, Mapping) or not props:
        return f"Type: {_schema_type(node, anchor)}."
    required = set(node.get("required", []))
    rows = [(code(name), _schema_type(sub, anchor), "yes" if name in required else "",
             md_escape(str(sub.get("description", ""))))
            for name, sub in props.items() if isinstance(sub, Mapping)]
    extra = "" if node.get("additionalProperties", True) is not False else "No other keys are allowed."
    return table(("key", "type", "required", "description"), rows) + (f"\n\n{extra}" if extra else "")


def schema_page(inputs: Inputs) -> str:
    """A reference of every JSON Schema in ``schema/``: the top level and each definition."""
    parts = ["# Schema reference",
             "Generated from the JSON Schemas (Draft 2020-12) in `schema/`; the files are the authority."]
    for name, schema in inputs.schemas.items():
        stem = name.removesuffix(".json").removesuffix(".schema")

        def anchor(definition: str, stem: str = stem) -> str:
            return f"{stem}--{slug(definition)}"

        parts.append(f"## {md_escape(str(schema.get('title', name)))} (`{name}`) {{#{stem}}}")
        if schema.get("description"):
            parts.append(md_escape(str(schema["description"])))
        parts.append(_schema_object(schema, anchor))
        for definition, node in (schema.get("$defs") or {}).items():
            if not isinstance(node, Mapping):
                continue
            parts.append(f"### {md_escape(definition)} {{#{anchor(definition)}}}")
            if node.get("description"):
                parts.append(md_escape(str(node["description"])))
            parts.append(_schema_object(node, anchor))
    return "\n\n".join(parts) + "\n"
