"""``python -m oldtricks``: see :mod:`oldtricks.cli`."""

from .cli import main

raise SystemExit(main())
