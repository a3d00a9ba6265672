"""The core every game and every tool shares: cards, the seeded generator, the game model (a game, its
moves, values and options), the ledger's rule rows, the registry of games, and the engine's words.

It imports no game (the registry finds them by name at run time) and nothing of the packages beside it.
"""
