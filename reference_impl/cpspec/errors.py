"""One error type for every bad input, with a code from a closed list and a location."""

from __future__ import annotations

import re
from typing import Final

#: The closed list of error codes, shared by the CLI, the protocol and the corpus.
ERROR_CODES: Final[dict[str, str]] = {
    "bad_json": "the line is not valid JSON (or uses NaN, Infinity or lone surrogates)",
    "bad_request": "the request is not an object with a valid id, op, ruleset and input",
    "too_large": "the request is too long or too deeply nested",
    "unknown_op": "the op is not one this implementation serves",
    "unknown_ruleset": "no ruleset has this id",
    "bad_input": "the input has a missing, extra or wrongly typed field",
    "bad_card": "a card is not a rank 2-9TJQKA followed by a suit cdhs",
    "duplicate_card": "a card appears twice in a hand or in the deal",
    "bad_hand_size": "a hand or segment has the wrong number of cards",
    "bad_players": "the number of players or their seat names are not allowed",
    "bad_declaration": "a declaration is unknown or not allowed by the ruleset",
    "unsupported": "the ruleset does not define what the input asks for",
    "bad_ruleset": "a ruleset file is malformed or breaks the schema",
    "bad_case": "a conformance case file is malformed or breaks the schema",
    "bad_file": "a file cannot be read, is not UTF-8, is empty, too large or hostile",
    "internal": "the implementation failed; this is a bug",
}


#: The closed list of what can be wrong with a hand played round by round (the ``check_play`` op's
#: ``violations[].code``): a finding about the play, not an error of the request.
PLAY_VIOLATIONS: Final[dict[str, str]] = {
    "too_many_rounds": "the play has more rounds than the dealing schedule",
    "wrong_deal_size": "a round deals another number of cards than the schedule says",
    "dealt_twice": "a card is dealt that was dealt before",
    "not_dealt": "a card is placed or discarded that its round did not deal",
    "placed_twice": "a card stands in two places at once (two rows, a row twice, or a row and the discards)",
    "card_moved": "a card placed in an earlier round is now in another row, or no longer on the board",
    "row_overfull": "a row holds more cards than it can (3 in front, 5 in the middle and back)",
    "wrong_number_kept": "a round places another number of new cards than the schedule keeps",
    "wrong_number_discarded": "a round discards another number of cards than the schedule says",
    "discard_not_allowed": "a card is discarded in a round where every card dealt is kept",
}


class CpspecError(Exception):
    """A precise, located error about bad input.

    ``where`` names the place: a file and line, a JSON path such as
    ``input.players[1].front[2]``, or both.
    """

    def __init__(self, code: str, message: str, where: str | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.message = message
        self.where = where
        super().__init__(self.describe())

    def describe(self) -> str:
        """The error in one piece: ``where: message``, or the message alone when there is no place."""
        return f"{self.where}: {self.message}" if self.where else self.message

    def to_json(self) -> dict[str, str]:
        """The protocol's error object: ``{"code": ..., "message": ...}``, the message with its place."""
        return {"code": self.code, "message": self.describe()}


_CONTROL: Final = re.compile("[\x00-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    """``text`` with control characters (newlines, terminal escapes) written as ``\\xNN``.

    Messages quote what the user wrote (seat names, file names); on a terminal they must stay
    one harmless line.
    """
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)
