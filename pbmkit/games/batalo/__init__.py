"""Batalo (Harmony Games, 1993): the rules core, in one package.

The rules text, board, names, rulings 1–14 and our decisions: ``docs/batalo.md``. Modules:

* :mod:`~pbmkit.games.batalo.rules`: board and names, positions and moves, generation, outcome;
* :mod:`~pbmkit.games.batalo.check`: checking one move, with reasons in players' words;
* :mod:`~pbmkit.games.batalo.setup`: Setup strings, validation and ASCII diagrams;
* :mod:`~pbmkit.games.batalo.notation`: how moves are written (``IR to HS``);
* :mod:`~pbmkit.games.batalo.game`: the :class:`~pbmkit.games.base.Game` (``GAME``);
  :mod:`~pbmkit.games.batalo.look`: its drawing hints; :mod:`~pbmkit.games.batalo.play`: the
  fast path of ``pbmkit check``.
"""

from __future__ import annotations

from pbmkit.games.batalo.game import GAME, Batalo
from pbmkit.games.batalo.rules import Move, Position

__all__ = ["GAME", "Batalo", "Move", "Position"]
