"""The included docs and the placeholders of the hand-written pages."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from cpspec.present.explain import LinkStyle, explain_deal, md_escape, render_text
from cpspec.present.rulebook.inputs import ExampleDeal, Inputs
from cpspec.present.rulebook.ruleset_pages import desk_link
from cpspec.present.rulebook.text import citation_text, code, slug, table
from cpspec.rules.model import Ruleset

# --- included documents ------------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s]+)\)")


def included_doc(name: str, text: str, siblings: Iterable[str]) -> str:
    """A ``docs/*.md`` file for the site: links to sibling docs stay links, links to other repository
    files become code (they are not pages of the rulebook)."""
    pages = set(siblings)

    def fix(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            return match.group(0)
        path = target.split("#", 1)[0]
        if path in pages:
            return match.group(0)
        return f"{label} (`{target}` in the repository)"

    return _LINK.sub(fix, text)


# --- placeholders in the hand-written pages ----------------------------------------------


def _example_named(inputs: Inputs, name: str) -> ExampleDeal:
    found = [e for e in inputs.examples if e.name == name.removeprefix("examples/")]
    if not found:
        raise ValueError(f"the rulebook names the example {name!r}, which examples/ does not have")
    return found[0]


def explain_sample(inputs: Inputs, name: str) -> str:
    """The terminal output of ``cpspec explain`` for the example deal the page names, as a code block."""
    example = _example_named(inputs, name)
    ruleset = inputs.registry.get(example.ruleset)
    text = render_text(explain_deal(ruleset, example.deal), LinkStyle("", ".html"))
    return f"```console\n$ cpspec explain examples/{example.name}\n{text}\n```"


def deal_file_sample(inputs: Inputs, name: str) -> str:
    """The deal file the page names, as it is in ``examples/`` (its players, without the comment)."""
    example = _example_named(inputs, name)
    lines = [f"ruleset: {example.ruleset}", "players:"]
    for player in example.deal["players"]:
        fields = ", ".join(f"{k}: [{', '.join(v)}]" if isinstance(v, list) else f"{k}: {v}" for k, v in player.items())
        lines.append(f"  - {{{fields}}}")
    return "```yaml\n" + "\n".join(lines) + "\n```"


def disputes_list(inputs: Inputs, names: Sequence[str]) -> str:
    """Each named example deal as a dispute: its file's first note (the question), the result, the
    interpretations the result rests on, and links to settle it step by step and on the desk."""
    items = []
    for name in names:
        example = _example_named(inputs, name)
        note = " ".join(example.comment.split())
        question = note[:note.rfind("?", 0, 400) + 1] or note.split(". ")[0]
        ruleset = inputs.registry.get(example.ruleset)
        explanation = explain_deal(ruleset, example.deal)
        totals = ", ".join(f"{seat} {v:+d}" if v else f"{seat} 0" for seat, v in explain_totals(ruleset, example))
        readings = ", ".join(f"[{u.topic}](ambiguities.md#{u.topic})" for u in explanation.interpretations
                             if any(a.totals is not None and dict(a.totals) != dict(_totals(ruleset, example))
                                    for a in u.alternatives))
        page = f"examples/{ruleset.id}/{slug(example.name.removesuffix('.yaml'))}.md"
        items.append(f"- **{md_escape(question)}** {totals}. [Step by step]({page}) · "
                     f"[on the dispute desk]({desk_link(ruleset.id, example.deal)}) · `cpspec explain examples/"
                     f"{example.name}`" + (f" · the result rests on: {readings}" if readings else ""))
    return "\n".join(items)


def _totals(ruleset: Ruleset, example: ExampleDeal) -> dict[str, int]:
    from cpspec.protocol.ops import op_score

    return dict(op_score(ruleset, example.deal)["totals"])


def explain_totals(ruleset: Ruleset, example: ExampleDeal) -> list[tuple[str, int]]:
    """Each seat's total when the example deal is scored under the ruleset, in the answer's order."""
    return list(_totals(ruleset, example).items())


def expand_placeholders(markdown: str, inputs: Inputs) -> str:
    """Replace ``<!-- cpspec:NAME [ARGUMENT] -->`` in a hand-written page with generated Markdown."""
    generators: dict[str, Callable[[str], str]] = {
        "rulesets": lambda _: table(("ruleset", "id", "version", "summary"), [
            (f"[{md_escape(r.title)}](rulesets/{r.id}.md)", code(r.id), r.version, md_escape(r.summary.strip()))
            for r in inputs.rulesets]),
        "explain-sample": lambda arg: explain_sample(inputs, arg),
        "deal-file": lambda arg: deal_file_sample(inputs, arg),
        "disputes": lambda arg: disputes_list(inputs, arg.split()),
        "citation": lambda arg: code(citation_text(inputs.registry.get(arg.split()[0]), arg.split()[1])),
        "counts": lambda _: (f"{len(inputs.rulesets)} rulesets, "
                             f"{sum(len(r.rules) for r in inputs.rulesets)} rules, "
                             f"{len(inputs.cases)} conformance cases"),
    }

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in generators:
            raise ValueError(f"unknown rulebook placeholder {name!r}")
        return generators[name]((match.group(2) or "").strip())

    return re.sub(r"<!--\s*cpspec:([a-z-]+)((?:\s+[^\s>-][^>]*?)?)\s*-->", replace, markdown)
