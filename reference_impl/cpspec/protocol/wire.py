"""The ``score`` answer written straight as JSON text, for the protocol server.

:func:`result_text` returns exactly ``compact(outputs.result_json(result))`` (a test
holds the two to the same bytes over random deals of every ruleset and the whole corpus),
but several times faster: the small objects that recur deal after deal (a credit such as
"wins the front with jack high", a hand's category and name) are encoded once and
remembered, and the objects around them are joined as text.
"""

from __future__ import annotations

from json.encoder import encode_basestring  # the encoder's own string writer (non-ASCII kept)

from cpspec.fast.memo import BoundedMemo, IdentityMemo
from cpspec.protocol.jsontext import compact
from cpspec.protocol.outputs import bonuses_json, hand_json
from cpspec.rules.hands import HandValue
from cpspec.rules.model import SEGMENTS
from cpspec.rules.scoring import Credit, DealResult, Matchup
from cpspec.rules.setting import PlayerState

_MEMO_LIMIT = 100_000
_CREDIT_TEXTS: BoundedMemo[Credit, str] = BoundedMemo(_MEMO_LIMIT)
#: By identity: a hand value's own hash is worked out in Python, field by field.
_HAND_TEXTS: IdentityMemo[HandValue, str] = IdentityMemo(_MEMO_LIMIT)
_STATUS_TEXTS: BoundedMemo[tuple[str, str, str | None, str | None, str | None], str] = BoundedMemo(_MEMO_LIMIT)


def _credit_text(credit: Credit) -> str:
    text = _CREDIT_TEXTS.get(credit)
    return text if text is not None else _CREDIT_TEXTS.remember(credit, compact(credit.to_json()))


def _hand_text(hand: HandValue) -> str:
    text = _HAND_TEXTS.get(hand)
    return text if text is not None else _HAND_TEXTS.remember(hand, compact(hand_json(hand)))


def _seat_texts(result: DealResult) -> dict[str | None, str]:
    """Each seat as a JSON string, and None as null: what a segment's or the overall winner is written as."""
    texts: dict[str | None, str] = {p.seat: encode_basestring(p.seat) for p in result.players}
    texts[None] = "null"
    return texts


def _nullable(text: str | None) -> str:
    return "null" if text is None else encode_basestring(text)


def _status_text(status: str, reason: str, rule: str | None, natural: str | None, declared: str | None) -> str:
    """The fields between the seat and the segments: alike for most players (a normal hand), so remembered."""
    key = (status, reason, rule, natural, declared)
    text = _STATUS_TEXTS.get(key)
    if text is None:
        text = _STATUS_TEXTS.remember(key, (
            f'"status":{encode_basestring(status)},"reason":{encode_basestring(reason)},"rule":{_nullable(rule)}'
            f',"natural":{_nullable(natural)},"declared":{_nullable(declared)}'))
    return text


def player_text(state: PlayerState, seat_text: str | None = None) -> str:
    """``compact(outputs.player_json(state))``; ``seat_text`` may give the seat already written."""
    seat = seat_text or encode_basestring(state.seat)
    natural = state.natural.id if state.natural else None
    status = _status_text(state.status, state.reason, state.rule, natural, state.declared)
    segments = check = ""
    if state.hands is not None:
        front, middle, back = state.hands
        front_text, middle_text, back_text = _hand_text(front), _hand_text(middle), _hand_text(back)
        segments = f',"segments":{{"front":{front_text},"middle":{middle_text},"back":{back_text}}}'
    if state.check is not None:
        violations = compact(list(state.check.violations)) if state.check.violations else "[]"
        check = f',"fouled":{"true" if state.check.fouled else "false"},"violations":{violations}'
    bonuses = compact(bonuses_json(state)) if state.held_bonuses else "[]"
    return f'{{"seat":{seat},{status}{segments}{check},"bonuses":{bonuses}}}'


def matchup_text(matchup: Matchup, seat_texts: dict[str | None, str], net: int) -> str:
    """``compact(matchup.to_json())``, given the seats as :func:`_seat_texts` writes them, and the net points."""
    seat_a, seat_b = matchup.seats
    a, b = seat_texts[seat_a], seat_texts[seat_b]
    segments = matchup.segments
    if tuple(segments) == SEGMENTS:  # the usual three, in the usual order
        winners = (f',"segments":{{"front":{seat_texts[segments["front"]]},"middle":{seat_texts[segments["middle"]]}'
                   f',"back":{seat_texts[segments["back"]]}}}')
    elif segments:
        pairs = ",".join([f"{encode_basestring(segment)}:{seat_texts[seat]}" for segment, seat in segments.items()])
        winners = f',"segments":{{{pairs}}}'
    else:
        winners = ""
    notes = f',"notes":{compact(list(matchup.notes))}' if matchup.notes else ""
    try:  # usually every credit's text is remembered: one look-up each
        credits = ",".join(map(_CREDIT_TEXTS.__getitem__, matchup.credits))
    except KeyError:
        credits = ",".join([_credit_text(credit) for credit in matchup.credits])
    return (f'{{"seats":[{a},{b}],"points":{{{a}:{net},{b}:{-net}}},"kind":"{matchup.kind}"{winners}'
            f',"overall":{seat_texts[matchup.overall]}{notes},"credits":[{credits}]}}')


def result_text(result: DealResult) -> str:
    """``compact(outputs.result_json(result))``."""
    seat_texts = _seat_texts(result)
    players = ",".join([player_text(p, seat_texts[p.seat]) for p in result.players])
    matchups = ",".join([matchup_text(m, seat_texts, net) for m, net in zip(result.matchups, result.nets, strict=True)])
    totals = ",".join([f"{seat_texts[seat]}:{points}" for seat, points in result.totals.items()])
    return f'{{"totals":{{{totals}}},"players":[{players}],"matchups":[{matchups}]}}'
