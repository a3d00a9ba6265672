"""The games, one package each, all in the same shape; :mod:`oldtricks.core.registry` finds them by name.

Every package has the same modules for the same jobs, so that a reader who knows one game's package knows
where to look in the others:

- ``options``: the agreed options, typed, read one way (a frozen ``<Game>Options``, made by its ``read``
  and kept as ``game.agreed``); ``rules``: the rule table (read from the ledger), the option specs and
  the rules' constants;
- ``state``: a position; ``table``: the fixed facts of a table (pack, seats, settings) the phases read;
- one module per phase (``PHASES`` in the package), whose ``allowed(table, state, ...)`` gives the moves the
  phase allows with the rule that allows them, the one place its legality lives: the legal moves, the
  refusals, the infractions, the bots and the solvers ask it;
- ``facts``: what happened, as values; ``narrate``: all the words, the view's too (Drogue's, more of them,
  beside it in ``narrate_session``, ``narrate_refusals`` and ``narrate_view``); no game has a move type of its own: its
  moves are the core's typed :class:`~oldtricks.core.moves.Move`, whose kind and payload the rule code reads;
- ``view``: the frame's view; ``solver``: the double-dummy search; ``bots`` and ``strong``: the players;
- ``game``: the :class:`~oldtricks.core.game.Game` that ties them together: it asks the phases what they
  allow and plays a move. Drogue's five phases each play their own moves (``game`` dispatches by phase);
  Bettelmann's and Drużbart's one phase is played by the game's methods, since their variants (Tod und
  Leben, Clock Druzbart) are subclasses that change a few steps of it (the Beggar, a lost matador, the
  end of a deal) by overriding those methods.

>>> from oldtricks.core.registry import GAMES
>>> sorted(GAMES)
['bettelmann', 'clock', 'drogue', 'druzbart', 'todundleben']
"""
