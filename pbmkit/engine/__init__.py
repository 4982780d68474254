"""The engine: one Monte Carlo tree search for every registered game (docs/engine.md).

It sits just above the games: it imports only :mod:`pbmkit.games` and :mod:`pbmkit.common`, and
reaches a game through the game contract alone (``pbmkit.games.base.Game``). The commands that use
it (``pbmkit hint``, ``move --robot``, ``play``, ``analyse``) are in :mod:`pbmkit.cli`.
"""

from pbmkit.engine.hooks import Evaluates, Guides, PlaysOut, PlaysOutWhole
from pbmkit.engine.mcts import NODE_CAP, Choice, Engine, Limits, Result, Settings, search

__all__ = ["NODE_CAP", "Choice", "Engine", "Evaluates", "Guides", "Limits", "PlaysOut", "PlaysOutWhole",
           "Result", "Settings", "search"]
