"""``python -m oldtricks``: see :mod:`oldtricks.cli.main`."""

from .cli.main import main

raise SystemExit(main())
