"""One module per game; :mod:`oldtricks.registry` finds them by name.

>>> from oldtricks.registry import GAMES
>>> sorted(GAMES)
['bettelmann', 'clock', 'drogue', 'druzbart', 'todundleben']
"""
