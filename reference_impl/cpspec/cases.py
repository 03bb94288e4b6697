"""``python -m cpspec.cases``, the documented command: it runs :func:`cpspec.conformance.cases.main`."""

from __future__ import annotations

if __name__ == "__main__":
    from cpspec.conformance.cases import main

    raise SystemExit(main())
