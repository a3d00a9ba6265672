"""The browser runtime's build: what the site's live engine runs on, made apart from the Sphinx extension.

- :mod:`.operations` the Pyodide worker's table of the live engine's operations (``operations.js``)

This package imports nothing from Sphinx.
"""
