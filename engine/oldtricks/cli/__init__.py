"""The command line (``python -m oldtricks``): :mod:`oldtricks.cli.main`, and play in the terminal."""
