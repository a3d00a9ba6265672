"""``python site/oldtricks_runtime COMMAND``: the runtime build's command line (cli.py)."""

import sys
from pathlib import Path

if not __package__:  # run as a folder: its parent, site/, is where the package is imported from
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from oldtricks_runtime.cli import main

sys.exit(main())
