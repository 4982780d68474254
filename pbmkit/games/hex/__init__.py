"""Hex on a 7 × 7 board with the swap rule (``docs/hex.md``): the smallest game, the worked
example of docs/architecture.md.

* :mod:`~pbmkit.games.hex.game`: the whole game in one module (rules, notation, Setup, look) and
  its :class:`~pbmkit.games.base.Game` (``GAME``);
* :mod:`~pbmkit.games.hex.play`: the optional fast path of ``pbmkit check``.
"""

from __future__ import annotations

from pbmkit.games.hex.game import GAME, Hex, Move, Position

__all__ = ["GAME", "Hex", "Move", "Position"]
