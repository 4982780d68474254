"""Batrakill: a dragon against knights who fetch towers, in one package.

The rules text's rules, pbmkit's rulings 1–14 and house rulings, the layout files, the notation
and the Setup string: ``docs/batrakill.md``. Modules:

* :mod:`~pbmkit.games.batrakill.layout`: layouts as TOML data (``pbmkit/templates/batrakill-*.toml``);
* :mod:`~pbmkit.games.batrakill.config`: the game a record's tags choose (layout, factions, order);
* :mod:`~pbmkit.games.batrakill.rules`: positions, moves, generation, apply, rounds, outcome;
* :mod:`~pbmkit.games.batrakill.check`: checking one move, reasons in players' words;
* :mod:`~pbmkit.games.batrakill.setup`: Setup strings and diagrams with facing arrows;
* :mod:`~pbmkit.games.batrakill.notation`: ``c2-c3``, ``e9/e8``, ``e5>c7``, ``D@e5``, ``D e4xe6xg6``;
* :mod:`~pbmkit.games.batrakill.game`: the :class:`~pbmkit.games.base.Game` (``GAME``);
  :mod:`~pbmkit.games.batrakill.look`: its drawing hints; :mod:`~pbmkit.games.batrakill.play`:
  the fast path of ``pbmkit check``.
"""

from __future__ import annotations

from pbmkit.games.batrakill.game import GAME, Batrakill
from pbmkit.games.batrakill.rules import Move, Position

__all__ = ["GAME", "Batrakill", "Move", "Position"]
