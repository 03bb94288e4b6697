"""Corpus strength: how much wrong data and wrong code the conformance corpus catches.

Not the harness (that is :mod:`cpspec.conformance`, what implementers run): these are the
project's own audits of its corpus. Ruleset-parameter mutation (:mod:`~cpspec.strength.parameters`,
its argued equivalents in :mod:`~cpspec.strength.parameter_equivalents`), code mutation
(:mod:`~cpspec.strength.code_mutants` makes the mutants, :mod:`~cpspec.strength.code_mutation` runs
them, each in a fresh process of :mod:`~cpspec.strength.code_trial`, on the checks that
:mod:`~cpspec.strength.reach` says run the mutated line; :mod:`~cpspec.strength.code_outcomes` holds
what was found, :mod:`~cpspec.strength.code_report` writes it, :mod:`~cpspec.strength.code_equivalents`
argues the survivors), and the command that runs them and writes conformance/STRENGTH.md
(:mod:`~cpspec.strength.command`, ``python -m cpspec.mutation``).
"""
