"""What a code-mutation run found: each mutant's outcome, a report per module, the run, and whether it passes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from cpspec.strength.code_mutants import CodeMutant

Status = str  # killed, differs, equivalent, unexercised, unexplained
#: At most this many random requests a surviving mutant replays (those that reach its line, in order).
FUZZ_PER_MUTANT: Final = 300


@dataclass(frozen=True)
class CodeOutcome:
    """What became of one mutant."""

    mutant: CodeMutant
    status: Status
    detail: str = ""  # the killing check, the difference, or the reason it is equivalent
    request: dict[str, Any] | None = None  # the random request that showed a difference
    checks: int = 0  # checks that reach the mutant
    fuzz: int = 0  # random requests replayed
    #: a reason is kept for this mutant, but the corpus kills it or a request shows a difference
    stale_reason: bool = False
    seconds: float = 0.0  # the trial's wall time


@dataclass
class ModuleReport:
    """Every mutant of one module and its outcome."""

    module: str
    outcomes: list[CodeOutcome] = field(default_factory=list)

    def count(self, status: Status) -> int:
        """How many of the module's mutants ended with ``status``."""
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def not_equivalent(self) -> int:
        """The mutants the score counts: all but the equivalent and the unexercised ones."""
        return len(self.outcomes) - self.count("equivalent") - self.count("unexercised")


@dataclass
class CodeRun:
    """A whole code-mutation run."""

    reports: list[ModuleReport]
    seconds: float
    checks: int
    fuzz: int
    broken: list[str]
    unknown_reasons: list[tuple[str, str, str]]  # reasons whose mutant no longer exists
    fuzz_per_mutant: int = FUZZ_PER_MUTANT

    @property
    def passes(self) -> bool:
        """Every module at the target, every survivor explained, every reason current."""
        return not problems(self)


#: The share of a module's non-equivalent mutants the corpus must kill.
TARGET: Final = 0.99


def score(report: ModuleReport) -> float:
    """Killed mutants as a share of those counted (not equivalent, not unexercised; 1.0 when none is counted)."""
    counted = report.not_equivalent
    return report.count("killed") / counted if counted else 1.0


def problems(run: CodeRun) -> list[str]:
    """Why the run does not pass: a module under the target, a survivor unexplained, a reason out of date."""
    found = [f"{r.module}: {r.count('killed')}/{r.not_equivalent} non-equivalent mutants killed, under "
             f"{TARGET:.0%}" for r in run.reports if score(r) < TARGET]
    found += [f"unexplained survivor {o.mutant.label}" for r in run.reports for o in r.outcomes
              if o.status == "unexplained"]
    found += [f"a reason is kept for {o.mutant.label}, but it is {o.status}" for r in run.reports
              for o in r.outcomes if o.stale_reason]
    found += [f"a reason is kept for a mutant that no longer exists: {' | '.join(key)}" for key in run.unknown_reasons]
    found += [f"a case fails unmutated: {name}" for name in run.broken]
    return found
