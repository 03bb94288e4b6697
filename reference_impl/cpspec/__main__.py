from cpspec.cli import main

raise SystemExit(main())
