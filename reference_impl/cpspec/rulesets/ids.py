"""What a ruleset id looks like, on the standard library alone (the desk's browser bundle has no loader).

>>> bool(RULESET_ID.match("our-house-rules")), bool(RULESET_ID.match("./house.yaml"))
(True, False)
"""

from __future__ import annotations

import re

#: A ruleset id (lowercase words joined by hyphens); anything else given where a ruleset is named is a path.
RULESET_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

__all__ = ["RULESET_ID"]
