"""The rules of Chinese Poker as plain Python: read them beside a ruleset file.

Nothing here knows a variant: every choice a ruleset makes is a parameter of
:mod:`cpspec.rules.model`, and each function names the parameter it reads. The modules,
in the order a deal is scored:

* :mod:`~cpspec.rules.cards` — the 52 cards and their notation.
* :mod:`~cpspec.rules.hands` — valuing a 3- or 5-card hand, comparing hands (``parameters.hands``).
* :mod:`~cpspec.rules.fouls` — a setting's three hands and the order they must keep (``parameters.setting``).
* :mod:`~cpspec.rules.naturals` — 13-card hands that win automatically (``parameters.naturals``).
* :mod:`~cpspec.rules.bonuses` — bonus hands a setting earns (``parameters.bonuses``).
* :mod:`~cpspec.rules.status` — a player's status before any comparison: forfeit, natural, foul, normal.
* :mod:`~cpspec.rules.scoring` — every matchup, sweeps and scoops, the totals (``parameters.scoring``,
  ``parameters.penalties``).
* :mod:`~cpspec.rules.settlement` — paying the results from stacks (``parameters.settlement``).
* :mod:`~cpspec.rules.tournament`, :mod:`~cpspec.rules.collection` — a tournament's end, the house's rake.
* :mod:`~cpspec.rules.all_settings` — all 72,072 settings of a hand, and which are valid.
* :mod:`~cpspec.rules.deal`, :mod:`~cpspec.rules.model` — the typed inputs and the ruleset model.

Only the standard library is used (the rulebook's dispute desk runs these modules in the
browser), and nothing is cached: where speed matters, :mod:`cpspec.fast` answers the same
questions, and the tests prove its answers equal.
"""
