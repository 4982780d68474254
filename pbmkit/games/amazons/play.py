"""Amazons' ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a queen moved and its
arrow shot, checked, in one call, for ``pbmkit check``'s lean path (docs/performance.md).

The rules (``pbmkit.games.amazons.game``) read the move's text by its pattern, then check and
apply it. Here a move's text (as the writer writes it) is read once and kept, and the queen's
line and the arrow's are walked square by square on the position's cells. A queen that is not
the mover's, a line that is not clear, any other text: ``None``, the long way (which explains).
"""

from __future__ import annotations

import re
from typing import Final

from pbmkit.games.amazons.game import BOARD, BURNED, EMPTY, LINES, RAYS, SQUARE, Position

__all__ = ["play"]

_MOVE: Final = re.compile(rf"({SQUARE})-({SQUARE})/({SQUARE})")
_READ: dict[str, tuple[int, int, int]] = {}
"""Each move text met, read: (start, end, arrow)."""


def _clear(cells: tuple[int, ...], a: int, b: int, vacated: int) -> bool:
    k = LINES.get((a, b))
    if k is None:
        return False
    for s in RAYS[a][k]:
        if cells[s] and s != vacated:
            return False
        if s == b:
            return True
    return False  # pragma: no cover - b is on the line


def play(position: Position, text: str) -> Position | None:
    """The position after the move ``text`` (``d1-d7/g7``) when it is legal, else ``None``."""
    read = _READ.get(text)
    if read is None:
        m = _MOVE.fullmatch(text)
        if m is None:
            return None
        read = (BOARD.space(m[1]), BOARD.space(m[2]), BOARD.space(m[3]))
        if len(_READ) > 65536:
            _READ.clear()
        _READ[text] = read
    start, end, arrow = read
    cells, turn = position.cells, position.turn
    if cells[start] != turn + 1 or not _clear(cells, start, end, -1) \
            or not _clear(cells, end, arrow, start):
        return None
    after = list(cells)
    after[start], after[end], after[arrow] = EMPTY, turn + 1, BURNED
    return Position(tuple(after), 1 - turn)
