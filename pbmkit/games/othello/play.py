"""Othello's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a disc laid, checked
and its flips made in one call, for ``pbmkit check``'s lean path (docs/performance.md).

The rules (``pbmkit.games.othello.game``) find a move's flips twice a ply (``check_move``, then
``apply``), each a walk of eight directions by shifts of the whole board. Here each square's eight
lines are kept as the bits met along them, nearest first, and a disc's flips are found once, by
walking those lines: the opponent's discs up to one of the mover's. A disc that flips none, a
taken square, a pass, any other text: ``None``, the long way (which explains).
"""

from __future__ import annotations

from typing import Final

from pbmkit.games.othello.game import BOARD, Position

__all__ = ["play"]

_LINES: Final = tuple(tuple(tuple(1 << t for t in ray) for ray in BOARD.rays[s] if len(ray) > 1)
                      for s in range(64))
"""Each square's lines of two squares or more, as the bits met along each, nearest first."""
_SQUARES: Final = {BOARD.name(s): s for s in range(64)}


def play(position: Position, text: str) -> Position | None:
    """The position after a disc laid on the square ``text`` (``d3``) when it flips some of the
    opponent's discs, else ``None``."""
    square = _SQUARES.get(text)
    if square is None:
        return None
    turn = position.turn
    own, other = position.discs[turn], position.discs[1 - turn]
    bit = 1 << square
    if (own | other) & bit:
        return None
    flipped = 0
    for line in _LINES[square]:
        run = 0
        for b in line:
            if b & other:
                run |= b
            else:
                if b & own:
                    flipped |= run
                break
    if not flipped:
        return None
    own |= bit | flipped
    other &= ~flipped
    return Position((own, other) if turn == 0 else (other, own), 1 - turn)
