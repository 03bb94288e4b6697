"""``python -m cpspec.mutation``, the documented command: it runs :func:`cpspec.conformance.mutation.main`."""

from __future__ import annotations

if __name__ == "__main__":
    from cpspec.conformance.mutation import main

    raise SystemExit(main())
