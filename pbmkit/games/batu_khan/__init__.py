"""Batu Khan (a Swedish leaflet game): the rules core, in one package.

The leaflet's rules, pbmkit's rulings 1–7 (house rulings marked), the notation and the Setup
string: ``docs/batu-khan.md``. Modules:

* :mod:`~pbmkit.games.batu_khan.rules`: board sizes, positions, moves, generation, threats, outcome;
* :mod:`~pbmkit.games.batu_khan.check`: checking one action, reasons in players' words;
* :mod:`~pbmkit.games.batu_khan.setup`: Setup strings, board sizes and ASCII diagrams;
* :mod:`~pbmkit.games.batu_khan.notation`: how actions are written (``B@c1``, ``Y b2xc3``);
* :mod:`~pbmkit.games.batu_khan.game`: the :class:`~pbmkit.games.base.Game` (``GAME``), one per
  board size; :mod:`~pbmkit.games.batu_khan.look`: its drawing hints.
"""

from __future__ import annotations

from pbmkit.games.batu_khan.game import GAME, BatuKhan
from pbmkit.games.batu_khan.rules import Move, Position

__all__ = ["GAME", "BatuKhan", "Move", "Position"]
