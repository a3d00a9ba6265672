"""The live engine the browser runs under Pyodide: :mod:`oldtricks.live.api` (JSON in, JSON out) and the
tables, analysis, teaching and study operations it answers with."""
