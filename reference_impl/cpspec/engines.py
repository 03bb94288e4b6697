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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Final

from cpspec.errors import CpspecError
from cpspec.fast import fantasyland, natural_screen, settings_classifier, tables
from cpspec.rules import all_settings, hands, naturals
from cpspec.rules.cards import Card
from cpspec.rules.model import HandRules, Ruleset, SettingOrder

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


@dataclass(frozen=True)
class CountedTable:
    """A hand's settings table whose count an earlier request found; the settings are found again if asked for."""

    valid: int
    find: Callable[[], all_settings.SettingsTable]

    def __iter__(self) -> Iterator[all_settings.SettingChoice]:
        return iter(self.find())

    def strongest(self, limit: int) -> list[all_settings.SettingChoice]:
        """The first ``limit`` valid settings in the listing order (found again)."""
        return self.find().strongest(limit)


def sharing_counts(engine: Engine) -> Engine:
    """``engine``, except that each hand's count of valid settings is found once for each setting order and hand
    ranking: a run that asks the same hand under rulesets with the same ``parameters.setting`` and
    ``parameters.hands`` (all that decides a setting) gets the count found the first time. The settings themselves
    (a listing) are found again when asked for, so that only a number a hand is kept.

    The conformance harness's in-process runs use it: the corpus counts one hand's settings under many rulesets,
    and on the readable path each count checks all 72,072 settings one by one.
    """
    counts: dict[tuple[frozenset[Card], HandRules, SettingOrder], int] = {}

    def settings(cards: Sequence[Card], ruleset: Ruleset) -> all_settings.SettingsTable:
        key = (frozenset(cards), ruleset.parameters.hands, ruleset.parameters.setting)
        if key in counts:
            return CountedTable(counts[key], lambda: engine.all_settings(cards, ruleset))
        table = engine.all_settings(cards, ruleset)
        counts[key] = table.valid
        return table

    return replace(engine, all_settings=settings)


def engine_named(name: str) -> Engine:
    """The engine called ``name`` (``fast`` or ``reference``), or a located error."""
    engine = ENGINES.get(name)
    if engine is None:
        raise CpspecError("bad_input", f"no engine {name!r}; known: {', '.join(ENGINES)}", "--engine")
    return engine
