"""Compact JSON text as the protocol writes it: one encoder for every answer."""

from __future__ import annotations

import json
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

#: Answers are trees built by the engine, never cyclic, so the encoder skips the cycle check.
ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
#: The C encoder that ``ENCODER.encode`` makes afresh on every call, made once (None where the
#: interpreter has no C accelerator). Same arguments as JSONEncoder.iterencode passes it.
_C_ENCODE = c_make_encoder(
    None, ENCODER.default, encode_basestring, None, ":", ",", False, False, True
) if c_make_encoder is not None else None


def compact(value: Any) -> str:
    """``value`` as JSON text without spaces, non-ASCII characters kept as they are (``ENCODER.encode``)."""
    if _C_ENCODE is None:
        return ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))
