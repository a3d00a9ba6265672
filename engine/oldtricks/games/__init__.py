"""One module per game; :mod:`oldtricks.registry` finds them by name."""
