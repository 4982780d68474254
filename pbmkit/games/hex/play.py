"""Hex's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a stone laid, checked and
the game's end asked in one call, for ``pbmkit check``'s lean path (docs/performance.md).

The rules (``pbmkit.games.hex.game``) ask whether the game is over with a search over each side's
stones from its first edge, twice a ply (``check_move`` asks ``outcome``). Here each side's stones
are a bit mask, eight bits a rank (the eighth always empty, so that no step wraps round an edge),
and only the new stone's chain is grown: the position before the move was not won, so the move
wins exactly when the chain of the new stone joins the mover's two edges. The masks and "over" of
the last position answered are kept with it, so a record read ply after ply never counts its
stones again. A swap, a taken cell, a game over, any other text: ``None``, the long way.
"""

from __future__ import annotations

from typing import Final

from pbmkit.games.hex.game import BOARD, EDGES, Position, connected

__all__ = ["play"]

_BIT: Final = tuple(1 << (f + 8 * r) for f, r in BOARD.coords)
"""Each cell's bit: file ``f`` of rank ``r`` is bit ``8r + f``. A cell's six neighbours are the
bits 1, 8 and 7 away (``(f+1, r)``, ``(f, r+1)``, ``(f-1, r+1)`` and back); from an edge cell
those steps land on the eighth file or off the board, where no stone ever is."""
_CELLS: Final = {BOARD.name(s): (s, _BIT[s]) for s in range(BOARD.size)}
"""A cell's name as the writer spells it (``c3``) to its index and bit."""
_EDGE_MASKS: Final = tuple((sum(_BIT[s] for s in first), sum(_BIT[s] for s in second))
                           for first, second in EDGES)
"""Each side's two edges as masks (Red's ranks 1 and 7, Blue's files a and g)."""

_last: tuple[Position, int, int, bool] = (Position((), 0), 0, 0, True)
"""The last position answered: its Red and Blue masks and whether the game is over there."""


def play(position: Position, text: str) -> Position | None:
    """The position after laying a stone on the cell ``text`` (``c3``) when that cell is empty and
    the game not over, else ``None`` (a swap, or anything else, is read the long way)."""
    global _last
    cell = _CELLS.get(text)
    if cell is None:
        return None
    last = _last
    if position is last[0]:
        _, red, blue, over = last
    else:
        red, blue, over = _state(position)
    index, bit = cell
    if over or (red | blue) & bit:
        return None
    turn = position.turn
    cells = list(position.cells)
    cells[index] = turn + 1
    after = Position(tuple(cells), 1 - turn)
    if turn == 0:
        red |= bit
        _last = (after, red, blue, _joins(red, bit, _EDGE_MASKS[0]))
    else:
        blue |= bit
        _last = (after, red, blue, _joins(blue, bit, _EDGE_MASKS[1]))
    return after


def _state(position: Position) -> tuple[int, int, bool]:
    """The Red and Blue masks of ``position``, and whether either side has joined its edges."""
    red = blue = 0
    for s, colour in enumerate(position.cells):
        if colour == 1:
            red |= _BIT[s]
        elif colour == 2:
            blue |= _BIT[s]
    return red, blue, connected(position, 0) or connected(position, 1)


def _joins(own: int, bit: int, edges: tuple[int, int]) -> bool:
    """Whether the chain of ``own`` stones through ``bit`` touches both ``edges``."""
    first, second = edges
    chain = bit
    while True:
        grown = (chain | chain << 1 | chain >> 1 | chain << 7 | chain >> 7 | chain << 8
                 | chain >> 8) & own
        if grown == chain:
            return bool(chain & first and chain & second)
        chain = grown
