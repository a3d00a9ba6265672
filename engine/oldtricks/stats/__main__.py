"""``python -m oldtricks.stats``: see :mod:`oldtricks.stats.run`."""

import sys

from .run import main

sys.exit(main())
