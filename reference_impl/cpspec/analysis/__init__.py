"""Tools built on the rules, for players: the setting advisor (:mod:`~cpspec.analysis.advise`)."""
