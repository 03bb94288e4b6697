"""``python -m cpspec.mutation``, the documented command: it runs :func:`cpspec.strength.command.main`."""

from __future__ import annotations

if __name__ == "__main__":
    from cpspec.strength.command import main

    raise SystemExit(main())
