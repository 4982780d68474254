"""Baladãna (Citta Computing, 2005): the rules core, in one package.

The rules text's rules, pbmkit's rulings (house rulings marked), the notation and the Setup
string: ``docs/baladana.md``. Modules:

* :mod:`~pbmkit.games.baladana.rules`: board, positions, turns, powers, generation, outcome;
* :mod:`~pbmkit.games.baladana.check`: checking one turn, reasons in players' words;
* :mod:`~pbmkit.games.baladana.setup`: Setup strings and diagrams;
* :mod:`~pbmkit.games.baladana.notation`: how turns are written (``Gd1>e2 e2-e6``);
* :mod:`~pbmkit.games.baladana.game`: the :class:`~pbmkit.games.base.Game` (``GAME``);
  :mod:`~pbmkit.games.baladana.look`: its drawing hints; :mod:`~pbmkit.games.baladana.play`:
  the fast path of ``pbmkit check``.
"""

from __future__ import annotations

from pbmkit.games.baladana.game import GAME, Baladana
from pbmkit.games.baladana.rules import Move, Position

__all__ = ["GAME", "Baladana", "Move", "Position"]
