"""Billo (Alberto Glisoni, 1992): the rules core, in one package.

The rules text, board, rulings 1–14, Setup strings and our decisions: ``docs/billo.md``. Modules:

* :mod:`~pbmkit.games.billo.rules`: board, positions, moves, legal move generation, outcome;
* :mod:`~pbmkit.games.billo.search`: the capture search that says which move is best;
* :mod:`~pbmkit.games.billo.check`: checking one move, matching written moves, reasons;
* :mod:`~pbmkit.games.billo.setup`: Setup strings, cell symbols, ASCII diagrams;
* :mod:`~pbmkit.games.billo.notation`: how moves are written (``R c1-d2``, ``S c2xd3xe4``);
* :mod:`~pbmkit.games.billo.game`: the :class:`~pbmkit.games.base.Game` (``GAME``);
  :mod:`~pbmkit.games.billo.look`: its drawing hints; :mod:`~pbmkit.games.billo.play`: the fast
  path of ``pbmkit check``.
"""

from __future__ import annotations

from pbmkit.games.billo.game import GAME, Billo
from pbmkit.games.billo.rules import Move, Position

__all__ = ["GAME", "Billo", "Move", "Position"]
