"""The code-mutation section of conformance/STRENGTH.md: the table per module, then every survivor."""

from __future__ import annotations

import json

from cpspec.strength.code_mutants import OPERATORS
from cpspec.strength.code_outcomes import TARGET, CodeOutcome, CodeRun, problems


def _figure(killed: int, counted: int) -> str:
    return f"{killed}/{counted} ({100 * killed / counted:.1f}%)" if counted else "0/0"


def _where(outcome: CodeOutcome) -> str:
    mutant = outcome.mutant
    return f"`{mutant.module}:{mutant.line}` `{mutant.line_text}` {mutant.key[2]}"


def code_report_lines(run: CodeRun) -> list[str]:
    """The section as Markdown lines."""
    killed = sum(r.count("killed") for r in run.reports)
    counted = sum(r.not_equivalent for r in run.reports)
    mutants = sum(len(r.outcomes) for r in run.reports)
    lines = [
        "## Engine code",
        "",
        "Every small mutant of the rule modules (`cpspec/rules/`) and of the reading of the protocol's inputs",
        "(`cpspec/protocol/inputs.py`, where a bad input must be refused with its located error) is tried",
        "against the corpus (`cpspec/strength/code_mutation.py`). The operators:",
        "",
        *[f"- {operator}" for operator in OPERATORS],
        "",
        "Each mutant runs in a fresh Python process on a temporary copy of the package with that one module",
        "replaced and no bytecode of it anywhere, on the corpus checks that run its line, cheap ops first; the",
        "first check that fails *kills* it. The rule modules run as the readable engine runs them (`reference`);",
        "the `settings` op goes through the fast classifier (whose tables are built from the mutated",
        "`rules/hands.py`) except for mutants of `rules/all_settings.py`, its readable definition. A mutant the",
        f"corpus does not kill replays up to {run.fuzz_per_mutant} of {run.fuzz} seeded random requests of the fuzz "
        "mode that run its",
        "line, compared with the unmutated engine's answers as `cpspec fuzz` compares them (free text aside), each",
        "violation by the part of the order it names (its words quote hand names, which are free text): one that",
        "answers any differently *differs* (a wrong engine the corpus accepts); one that never does is *equivalent*",
        "when `cpspec/strength/code_equivalents.py` argues in a line why it cannot change any answer; *unexercised*",
        "when it argues that only parameters no bundled ruleset has would show it (the corpus runs the bundled",
        "rulesets only: these are counted apart, and a ruleset that has those parameters needs cases that kill them);",
        "else it is *unexplained*. `fast/` is proven equal to the rule modules by exhaustive tests and is not part of",
        "this table (`--module fast/tables.py` tries it under the fast engine).",
        "",
        f"**Code mutation score: {_figure(killed, counted)}** of the mutants that are neither equivalent nor "
        f"unexercised ({mutants} in all) are killed by the corpus; target {TARGET:.0%} for every module. "
        f"{run.checks} checks; run time {run.seconds:.0f} s.",
        "",
        "| module | mutants | killed | equivalent | unexercised | differ | unexplained | killed of those counted |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in run.reports:
        figure = _figure(r.count("killed"), r.not_equivalent)
        lines.append(f"| `{r.module}` | {len(r.outcomes)} | {r.count('killed')} | {r.count('equivalent')} | "
                     f"{r.count('unexercised')} | {r.count('differs')} | {r.count('unexplained')} | {figure} |")
    trouble = problems(run)
    if trouble:
        lines += ["", "### Not yet done", "", *[f"- {line}" for line in trouble]]
    differing = [o for r in run.reports for o in r.outcomes if o.status == "differs"]
    lines += ["", "### Survivors that answer differently (a case is needed)", ""]
    lines += [f"- {_where(o)} → `{o.mutant.changed_line}`: {o.detail} "
              f"(`{json.dumps(o.request, ensure_ascii=False)[:300]}`)" for o in differing] or ["None."]
    for status, title in (("unexercised", "Unexercised mutants (only a ruleset the corpus does not have would show "
                                          "them)"), ("equivalent", "Equivalent mutants")):
        lines += ["", f"### {title}", ""]
        found = [o for r in run.reports for o in r.outcomes if o.status == status]
        lines += [f"- {_where(o)} — {o.detail}" for o in found] or ["None."]
    return lines
