"""The two engines: the rule modules alone (``reference``), and the same rules with the named speed-ups (``fast``).

An :class:`Engine` names the five places where speed may replace the readable
definition, and nothing else: how a hand is valued, how naturals are found, how all
the settings of a hand are decided, how the strongest setting is found, and how the
Fantasyland solver searches. The
``reference`` engine uses the rule modules' own functions; ``fast`` uses
:mod:`cpspec.fast`, which the tests prove equal to them, and ``cpspec conformance
--engine reference`` runs the whole corpus through the readable path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from cpspec.errors import CpspecError
from cpspec.fast import fantasyland, natural_screen, settings_classifier, tables
from cpspec.rules import all_settings, hands, naturals
from cpspec.rules.cards import Card
from cpspec.rules.model import Ruleset

SettingsFinder = Callable[[Sequence[Card], Ruleset], all_settings.SettingsTable]
StrongestFinder = Callable[[Sequence[Card], Ruleset], all_settings.SettingChoice | None]
#: The Fantasyland solver's search: (cards, ruleset, stay_value) -> the best (front, middle, back), or None.
FantasylandSearch = Callable[[Sequence[Card], Ruleset, int], fantasyland.Rows | None]


@dataclass(frozen=True)
class Engine:
    """How the rules are computed: readable everywhere, or with the fast places proven equal."""

    name: str
    evaluate: hands.HandEvaluator
    find_naturals: naturals.NaturalFinder
    all_settings: SettingsFinder
    strongest_setting: StrongestFinder
    #: None: the readable definition (:func:`cpspec.analysis.fantasyland.solve_exhaustively`).
    fantasyland_search: FantasylandSearch | None = None


def _readable_settings(cards: Sequence[Card], ruleset: Ruleset) -> all_settings.SettingsTable:
    return all_settings.all_settings(cards, ruleset)


def _readable_strongest(cards: Sequence[Card], ruleset: Ruleset) -> all_settings.SettingChoice | None:
    return all_settings.strongest_setting(cards, ruleset)


def _fast_settings(cards: Sequence[Card], ruleset: Ruleset) -> all_settings.SettingsTable:
    if settings_classifier.covers(ruleset):
        return settings_classifier.classify(cards, ruleset)
    return all_settings.all_settings(cards, ruleset, tables.evaluate)


def _fast_strongest(cards: Sequence[Card], ruleset: Ruleset) -> all_settings.SettingChoice | None:
    if settings_classifier.covers(ruleset):
        return settings_classifier.strongest_setting(cards, ruleset)
    return all_settings.strongest_setting(cards, ruleset, tables.evaluate)


REFERENCE: Final = Engine("reference", hands.evaluate, naturals.naturals_held, _readable_settings, _readable_strongest)
FAST: Final = Engine("fast", tables.evaluate, natural_screen.find_naturals, _fast_settings, _fast_strongest,
                     fantasyland.search)
ENGINES: Final = {engine.name: engine for engine in (FAST, REFERENCE)}
DEFAULT: Final = FAST


def engine_named(name: str) -> Engine:
    """The engine called ``name`` (``fast`` or ``reference``), or a located error."""
    engine = ENGINES.get(name)
    if engine is None:
        raise CpspecError("bad_input", f"no engine {name!r}; known: {', '.join(ENGINES)}", "--engine")
    return engine
