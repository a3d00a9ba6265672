"""An engine module by its name, in the package's layout of today or in the flat one before it.

The benches' ``--against DIR`` times another checkout's engine in a process of its own: an older checkout
may keep its modules flat (``oldtricks.prng``) where the engine now keeps them in rooms
(``oldtricks.core.prng``, ``oldtricks.analysis.simulate``). The modules the benches time kept their
names when they moved.

>>> engine_module("prng").__name__
'oldtricks.core.prng'
>>> engine_module("simulate").__name__
'oldtricks.analysis.simulate'
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType

ROOMS = ("core", "analysis", "scenarios")


@cache  # the benches ask in their loops: a layout's misses are paid once
def engine_module(name: str) -> ModuleType:
    """``oldtricks.<room>.<name>``, or ``oldtricks.<name>`` in a checkout from before the rooms."""
    for qualified in [*(f"oldtricks.{room}.{name}" for room in ROOMS), f"oldtricks.{name}"]:
        try:
            return import_module(qualified)
        except ModuleNotFoundError as missing:
            if missing.name is None or not qualified.startswith(missing.name):
                raise  # a module that the engine's own module imports is missing: no question of layout
    raise ModuleNotFoundError(f"the engine has no module {name!r} (in {', '.join(ROOMS)} or at its top)", name=name)
