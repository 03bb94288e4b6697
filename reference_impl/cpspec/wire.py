"""The ``score`` answer written straight as JSON text, for the protocol server.

:func:`result_text` returns exactly ``compact(outputs.result_json(result, ruleset))`` (a test
holds the two to the same bytes over random deals of every ruleset and the whole corpus),
but several times faster: the small objects that recur deal after deal (a credit such as
"wins the front with jack high", a hand's category and name) are encoded once and
remembered, and the objects around them are joined as text.
"""

from __future__ import annotations

from json.encoder import encode_basestring  # the encoder's own string writer (non-ASCII kept)

from cpspec.hands import HandValue
from cpspec.jsontext import TextMemo, compact
from cpspec.model import Ruleset
from cpspec.outputs import bonuses_json, hand_json
from cpspec.scoring import Credit, DealResult, Matchup
from cpspec.setting import PlayerState

#: Credits carry seat names, which requests choose: the memo is bounded.
_CREDIT_TEXTS = TextMemo(limit=100_000)
#: Hand values by identity (kept alive by the memo, so an id is never reused while remembered).
_HAND_TEXTS: dict[int, tuple[HandValue, str]] = {}
_HAND_TEXTS_LIMIT = 20_000


def _credit_text(credit: Credit) -> str:
    return _CREDIT_TEXTS.text(credit, credit.to_json)


def _hand_text(hand: HandValue) -> str:
    remembered = _HAND_TEXTS.get(id(hand))
    if remembered is not None and remembered[0] is hand:
        return remembered[1]
    if len(_HAND_TEXTS) >= _HAND_TEXTS_LIMIT:
        _HAND_TEXTS.clear()
    text = compact(hand_json(hand))
    _HAND_TEXTS[id(hand)] = (hand, text)
    return text


def _nullable(text: str | None) -> str:
    return "null" if text is None else encode_basestring(text)


def player_text(state: PlayerState, ruleset: Ruleset) -> str:
    """``compact(outputs.player_json(state, ruleset))``."""
    parts = [
        f'{{"seat":{encode_basestring(state.seat)},"status":{encode_basestring(state.status)}',
        f',"reason":{encode_basestring(state.reason)},"rule":{_nullable(state.rule)}',
        f',"natural":{_nullable(state.natural.id if state.natural else None)},"declared":{_nullable(state.declared)}',
    ]
    if state.hands is not None:
        front, middle, back = (_hand_text(hand) for hand in state.hands)
        parts.append(f',"segments":{{"front":{front},"middle":{middle},"back":{back}}}')
    if state.check is not None:
        parts.append(f',"fouled":{"true" if state.check.fouled else "false"},"violations":'
                     f'{compact(list(state.check.violations))}')
    bonuses = bonuses_json(state, ruleset)
    parts.append(f',"bonuses":{compact(bonuses) if bonuses else "[]"}}}')
    return "".join(parts)


def matchup_text(matchup: Matchup, seat_texts: dict[str, str] | None = None) -> str:
    """``compact(matchup.to_json())``; ``seat_texts`` may hold the seats already written as JSON strings."""
    seat_a, seat_b = matchup.seats
    if seat_texts is None:
        seat_texts = {seat_a: encode_basestring(seat_a), seat_b: encode_basestring(seat_b)}
    a, b = seat_texts[seat_a], seat_texts[seat_b]
    net = matchup.points[seat_a]
    parts = [f'{{"seats":[{a},{b}],"points":{{{a}:{net},{b}:{-net}}},"kind":{encode_basestring(matchup.kind)}']
    if matchup.segments:
        winners = ",".join([
            f'"{segment}":{"null" if winner is None else seat_texts[winner]}'
            for segment, winner in matchup.segments.items()
        ])
        parts.append(f',"segments":{{{winners}}}')
    overall = matchup.overall
    parts.append(f',"overall":{"null" if overall is None else seat_texts[overall]}')
    if matchup.notes:
        parts.append(f',"notes":{compact(list(matchup.notes))}')
    parts.append(f',"credits":[{",".join([_credit_text(c) for c in matchup.credits])}]}}')
    return "".join(parts)


def result_text(result: DealResult, ruleset: Ruleset) -> str:
    """``compact(outputs.result_json(result, ruleset))``."""
    seat_texts = {p.seat: encode_basestring(p.seat) for p in result.players}
    players = ",".join([player_text(p, ruleset) for p in result.players])
    matchups = ",".join([matchup_text(m, seat_texts) for m in result.matchups])
    return f'{{"totals":{compact(result.totals)},"players":[{players}],"matchups":[{matchups}]}}'
