"""Turning ``cpspec conformance`` arguments into a transport and a list of checks, or a located error."""

from __future__ import annotations

import argparse
import fnmatch
import math
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from cpspec.conformance.harness import Check, Selection, read_skip_file
from cpspec.conformance.transport import InProcessTransport, PerCaseTransport, PersistentTransport, Transport
from cpspec.errors import CpspecError

if TYPE_CHECKING:
    from cpspec.rulesets.loader import RulesetRegistry

MAX_TIMEOUT = 3600.0
MAX_JOBS = 64


def check_timeout(timeout: float) -> float:
    """``--timeout`` when it is a number of seconds above 0 and at most an hour, else a located error."""
    if not math.isfinite(timeout) or not 0 < timeout <= MAX_TIMEOUT:
        raise CpspecError("bad_input", f"must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}",
                          "--timeout")
    return timeout


def check_count(value: int, option: str, low: int, high: int) -> int:
    """A whole-number option within [low, high], or a located error."""
    if not low <= value <= high:
        raise CpspecError("bad_input", f"must be a whole number from {low} to {high:,}", option)
    return value


def command_argv(command: str, option: str) -> list[str]:
    """An implementation's command line split as a shell would, or a located error."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise CpspecError("bad_input", f"cannot split the command: {exc}", option) from None
    if not argv:
        raise CpspecError("bad_input", "the command is empty", option)
    return argv


def make_transport(impl: str | None, per_case: bool, timeout: float, jobs: int = 1,
                   engine: str | None = None, registry: RulesetRegistry | None = None) -> Transport:
    """The transport the options ask for; ``engine`` (the in-process engine's path) and ``registry`` (the rulesets
    it serves) only matter without ``--impl``."""
    if engine is not None:
        from cpspec.engines import engine_named

        engine_named(engine)
        if impl is not None:
            raise CpspecError("bad_input", "--engine chooses the in-process engine's path; it does not go with --impl",
                              "--engine")
    check_timeout(timeout)
    check_count(jobs, "--jobs", 1, MAX_JOBS)
    if impl is None:
        if per_case:
            raise CpspecError("bad_input", "--per-case needs --impl COMMAND", "--per-case")
        if jobs > 1:
            raise CpspecError("bad_input", "--jobs needs --impl COMMAND (the in-process reference is one process)",
                              "--jobs")
        return InProcessTransport(engine or "fast", registry)
    argv = command_argv(impl, "--impl")
    return PerCaseTransport(argv, timeout) if per_case else PersistentTransport(argv, timeout)


def closed_values(values: list[str], allowed: list[str], option: str) -> tuple[str, ...]:
    """``values`` when each is one of ``allowed``, else a located error naming the known ones."""
    for value in values:
        if value not in allowed:
            raise CpspecError("bad_input", f"unknown value {value!r}; known: {', '.join(allowed)}", option)
    return tuple(values)


def chosen_rulesets(args: argparse.Namespace) -> tuple[RulesetRegistry, tuple[str, ...]]:
    """The rulesets in use (bundled, ``--rulesets DIR``, any ``--ruleset FILE``) and the ``--ruleset`` filter's ids."""
    from cpspec.rulesets.loader import registry_for

    registry = registry_for(getattr(args, "rulesets", []) or [])
    return registry.resolve_all(args.ruleset, "--ruleset")


def select_checks(args: argparse.Namespace, registry: RulesetRegistry | None = None, rulesets: tuple[str, ...] = ()
                  ) -> tuple[list[Check], list[str], Path, list[str]]:
    """(checks, skip-file ids, corpus folder, warnings) for the arguments; ``registry`` holds the rulesets the case
    files may name (default: the bundled ones), ``rulesets`` the ids the cases are limited to."""
    from cpspec.conformance.cases import case_schema, load_corpus
    from cpspec.rulesets.data import data_dir

    corpus = Path(args.corpus) if args.corpus else data_dir("conformance")
    cases = load_corpus(corpus, registry)
    definitions = case_schema()["$defs"]
    selection = Selection(
        rulesets=rulesets,
        ops=closed_values(args.op, list(definitions["op"]["enum"]), "--op"),
        tags=closed_values(args.tag, list(definitions["tag"]["enum"]), "--tag"),
        ids=tuple(args.id),
    )
    checks = selection.checks(cases)
    if not checks:
        raise CpspecError("bad_input", f"no case of the {len(cases)} in the corpus matches the filters", str(corpus))
    skip_ids = read_skip_file(Path(args.skip_file)) if args.skip_file else []
    warnings = [f"the skip file names {entry!r}, which matches no case of the corpus"
                for entry in skip_ids if not any(fnmatch.fnmatchcase(c.id, entry) for c in cases)]
    return checks, skip_ids, corpus, warnings


def check_report_path(value: str | None, option: str) -> Path | None:
    """Fail before the run, not after it, when a report cannot be written there."""
    if value is None:
        return None
    path = Path(value)
    if path.is_dir():
        raise CpspecError("bad_input", f"{value} is a folder; give a file name", option)
    if not path.parent.is_dir():
        raise CpspecError("bad_input", f"the folder {path.parent} does not exist", option)
    return path
