"""Ruleset files: safe YAML (:mod:`~cpspec.rulesets.yamlsafe`), ``extends`` merging, schema validation
(:mod:`~cpspec.rulesets.loader`), the model built from a merged document (:mod:`~cpspec.rulesets.build`,
standard library only), and where the bundled data lives (:mod:`~cpspec.rulesets.data`)."""
