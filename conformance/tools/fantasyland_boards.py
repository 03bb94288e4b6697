"""Add certified optimal Fantasyland boards to conformance/fantasyland/boards.json.

Each board is certified by the readable definition,
:func:`cpspec.analysis.fantasyland.solve_exhaustively`: every arrangement of the hand is valued
(1,009,008 for 14 cards, 7,567,560 for 15, 40,360,320 for 16, 171,531,360 for 17) and the first
in the tie order kept. The engine's search (``cpspec.fast.fantasyland``) is asked too, and the
board is written only when the two agree; a disagreement stops the run. The format is described
in conformance/fantasyland/README.md. Run from the repository root, one hand at a time if the
machine is busy (a 17-card hand takes minutes)::

    python conformance/tools/fantasyland_boards.py --size 14 --count 10 --seed 1 --ruleset pineapple
    python conformance/tools/fantasyland_boards.py --size 17 --count 1 --seed 4 --ruleset progressive-pineapple

Hands are drawn with ``random.Random(f"{size}-{seed}-{index}")``; an id already in the file is skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import comb
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "reference_impl"))

from cpspec.analysis.fantasyland import TIE_BREAK, solve, solve_exhaustively  # noqa: E402
from cpspec.engines import FAST  # noqa: E402
from cpspec.rules.cards import cards_text  # noqa: E402
from cpspec.rulesets.loader import bundled_registry  # noqa: E402

BOARDS = REPO / "conformance" / "fantasyland" / "boards.json"
FORMAT = "cpspec-fantasyland-boards/1"


def arrangements(size: int) -> int:
    """How many arrangements a hand of ``size`` cards has: C(n,5) * C(n-5,5) * C(n-10,3)."""
    return comb(size, 5) * comb(size - 5, 5) * comb(size - 10, 3)


def certify(cards: tuple[int, ...], ruleset_id: str, stay_value: int, board_id: str) -> dict[str, Any]:
    """One board: the readable definition's answer, checked against the engine's search."""
    ruleset = bundled_registry().get(ruleset_id)
    start = time.process_time()
    found = solve_exhaustively(cards, ruleset, stay_value)
    took = time.process_time() - start
    fast = solve(cards, ruleset, stay_value, FAST)
    rows = None if found is None else (found.front, found.middle, found.back, found.value, found.stay.qualifies)
    fast_rows = None if fast is None else (fast.front, fast.middle, fast.back, fast.value, fast.stay.qualifies)
    if rows != fast_rows:
        raise SystemExit(f"{board_id}: the search disagrees with the exhaustive definition: {fast_rows} != {rows}")
    best = None if found is None else {
        "value": found.value, "royalties": found.royalties, "stays": found.stay.qualifies,
        "front": cards_text(found.front), "middle": cards_text(found.middle), "back": cards_text(found.back),
        "discards": cards_text(found.discards)}
    print(f"{board_id}: value {None if found is None else found.value}, {arrangements(len(cards)):,} arrangements "
          f"valued in {took:.1f} s CPU", flush=True)
    return {"id": board_id, "ruleset": ruleset_id, "version": ruleset.version, "cards": cards_text(cards),
            "stay_value": stay_value, "best": best,
            "certified": f"exhaustive: all {arrangements(len(cards)):,} arrangements valued by "
                         "cpspec.analysis.fantasyland.solve_exhaustively"}


def load() -> dict[str, Any]:
    """The file as it stands (an empty one if there is none yet)."""
    if BOARDS.exists():
        data: dict[str, Any] = json.loads(BOARDS.read_text(encoding="utf-8"))
        return data
    return {"format": FORMAT, "tie_break": TIE_BREAK, "boards": []}


def save(data: dict[str, Any]) -> None:
    """Write the file: boards by size, then id; one board a line."""
    data["boards"].sort(key=lambda board: (len(board["cards"]), board["id"]))
    lines = ",\n".join("    " + json.dumps(board, ensure_ascii=False) for board in data["boards"])
    head = {key: value for key, value in data.items() if key != "boards"}
    text = json.dumps(head, indent=2, ensure_ascii=False)[:-2] + ',\n  "boards": [\n' + lines + "\n  ]\n}\n"
    BOARDS.parent.mkdir(parents=True, exist_ok=True)
    BOARDS.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Certify ``--count`` new hands and add them to the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=int, required=True, choices=(13, 14, 15, 16, 17))
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", required=True)
    parser.add_argument("--stay-value", type=int, default=0)
    args = parser.parse_args(argv)
    data = load()
    known = {board["id"] for board in data["boards"]}
    for index in range(args.count):
        board_id = f"fl{args.size}-{args.ruleset}-s{args.stay_value}-{args.seed}-{index}"
        if board_id in known:
            continue
        cards = tuple(random.Random(f"{args.size}-{args.seed}-{index}").sample(range(52), args.size))
        data["boards"].append(certify(cards, args.ruleset, args.stay_value, board_id))
        save(data)  # after every board: a long run keeps what it has certified
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
