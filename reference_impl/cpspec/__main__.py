"""``python -m cpspec``: runs the command line (:func:`cpspec.cli.main`) and exits with its status."""

from cpspec.cli import main

raise SystemExit(main())
