"""Speed, in named places: each module answers a question of :mod:`cpspec.rules` faster, with the same answers.

* :mod:`~cpspec.fast.tables` — hand values by table look-up (``tests/test_fast_tables.py``).
* :mod:`~cpspec.fast.settings_classifier` — all 72,072 settings decided with bitsets
  (``tests/test_settings_classifier.py``).
* :mod:`~cpspec.fast.natural_screen` — a screen before the natural searches (``tests/test_natural_screen.py``).

:mod:`cpspec.engines` puts them together as the ``fast`` engine; the ``reference`` engine
uses the rule modules alone, and ``cpspec conformance --engine reference`` runs the corpus
through it.
"""
