"""The protocol bench's baseline: a server that parses each request and writes an answer it already knows.

    python bench/known_answers.py ANSWERS.jsonl < requests.jsonl

``ANSWERS.jsonl`` holds the answer object to each request, in order. For every request line
this process does what any server must do and nothing more: decode the JSON line, then
encode the known answer object compactly and write it, flushing each answer as
``cpspec protocol`` does. ``bench/run.py`` runs it on the same requests through the same
pipe as ``cpspec protocol``, and reports the ratio of the two rates.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as known:
        answers = [json.loads(line) for line in known]
    out = sys.stdout
    for index, line in enumerate(sys.stdin.buffer):
        json.loads(line)
        out.write(json.dumps(answers[index], ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
