"""The schema reference, generated from the JSON Schemas: every key of a ruleset file and of a case file at every
depth (:mod:`cpspec.present.rulebook.schema_keys`), then each schema's top level and definitions."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from cpspec.present.explain import md_escape
from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.schema_keys import document_paths, key_anchor, schema_keys, users
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


#: The schemas whose every key is listed, with the anchor prefix of their keys and what the files are.
KEYED_SCHEMAS = (("ruleset.schema.json", "key", "a ruleset file", "ruleset-keys"),
                 ("case.schema.json", "case-key", "a case file", "case-keys"))


def keys_section(inputs: Inputs, name: str, prefix: str, what: str, anchor: str) -> str:
    """Every key of one schema at every depth: its path (under an anchor of its own), type, allowed values,
    default, whether it is required, its description, and the bundled rulesets whose files use it."""
    schema = inputs.schemas.get(name)
    if schema is None:
        return ""
    documents = [(r.id, document_paths(r.document)) for r in inputs.rulesets] if prefix == "key" else []
    parts = [f"## Every key of {what} {{#{anchor}}}",
             f"Each key of {what} (`schema/{name}`) at every depth, as the file writes it: `[]` stands for any "
             "item of a list, `*` for a key of your choosing. Each entry gives its type, the values it allows, its "
             "default, whether it is required where its parent is given, and a bundled ruleset that uses it."]
    for key in schema_keys(schema):
        facts = [f"**type** {md_escape(key.type)}"]
        if key.allowed:
            facts.append(f"**allowed** {key.allowed}")
        facts.append(f"**default** `{key.default}`" if key.default else "**default** none")
        facts.append("**required**" if key.required else "optional")
        if documents:
            using = users(key.path, documents)
            facts.append(f"**used in** [{using[0]}](rulesets/{using[0]}.md)"
                         + (f" and {len(using) - 1} more" if len(using) > 1 else "") if using
                         else "**used in** no bundled ruleset")
        parts.append(f"#### `{key.path}` {{#{key_anchor(prefix, key.path)}}}\n\n" + " · ".join(facts)
                     + (f"\n\n{md_escape(key.description)}" if key.description else ""))
    return "\n\n".join(parts)


def schema_page(inputs: Inputs) -> str:
    """A reference of every JSON Schema in ``schema/``: every key of the ruleset and case files, then each schema's
    top level and each definition."""
    parts = ["# Schema reference",
             "Generated from the JSON Schemas (Draft 2020-12) in `schema/`; the files are the authority. "
             "[Every key of a ruleset file](#ruleset-keys) · [every key of a case file](#case-keys)."]
    parts += [s for keyed in KEYED_SCHEMAS if (s := keys_section(inputs, *keyed))]
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
