"""One module per game; :mod:`oldtricks.core.registry` finds them by name.

>>> from oldtricks.core.registry import GAMES
>>> sorted(GAMES)
['bettelmann', 'clock', 'drogue', 'druzbart', 'todundleben']
"""
