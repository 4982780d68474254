"""Batalo's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a move read, checked
and applied in one call, for ``pbmkit check``'s lean path (docs/performance.md).

:meth:`~pbmkit.games.batalo.notation.BataloNotation.read`'s memo
(:data:`~pbmkit.games.batalo.notation.PLAIN_MOVES`), the fast path of
:func:`~pbmkit.games.batalo.check.check_move` and :func:`~pbmkit.games.batalo.rules.apply` in
one function; ``tests/games/test_play.py`` holds it to the three.
"""

from __future__ import annotations

from typing import Final

from pbmkit.games.batalo import rules
from pbmkit.games.batalo.notation import PLAIN_MOVES, learn
from pbmkit.games.batalo.rules import (
    BLACK_BASE,
    BLACK_COLUMN,
    BLACK_KEY,
    EMPTY,
    NEIGHBOUR_SETS,
    WHITE_BASE,
    WHITE_COLUMN,
    ZOBRIST,
    Position,
    reaches,
)

__all__ = ["play"]

_OWN_BASE: Final = {1: WHITE_BASE, -1: BLACK_BASE}


def play(position: Position, text: str) -> Position | None:
    """The position after the move ``text`` when it is a legal move written without a capture
    mark or the landings of a hop series (nearly every ply of a record: a text met for the first
    time is read here and kept, as ``read`` keeps it); ``None`` otherwise, for the caller to read,
    check and apply it the long way (:class:`~pbmkit.games.base.Plays`).

    The position it gives is remembered with the spaces of both columns
    (:data:`~pbmkit.games.batalo.rules.COLUMNS`), carried from the position before where known,
    so that neither this function on the next ply (for the opponent's pieces) nor
    :func:`~pbmkit.games.batalo.rules.threats` (the averto words) scans the board.
    """
    move = PLAIN_MOVES.get(text)
    if move is None:  # a text met for the first time: learnt here as read learns it
        move = learn(text)
    if move is None or move.path is not None:
        return None
    board, side = position.board, position.turn
    start, end = move.start, move.end
    p, q = board[start], board[end]
    # check_move's fast path: the mover's piece, a game not over (the mover has a piece, so only
    # the opponent's are looked for: not in the position this function or apply gave last, where
    # the opponent has just moved a piece), then a step to a neighbouring empty space (not a stone
    # onto its own base) or a piece that reaches the end space.
    if p * side <= 0 or board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0:
        return None
    last, white, black = rules.COLUMNS
    if position is not last:
        if not (-side in board or -2 * side in board):
            return None
        white = black = -2  # not known: threats looks for them if asked
    if not ((q == EMPTY and end in NEIGHBOUR_SETS[start] and (end != _OWN_BASE[side] or p == 2 * side))
            or reaches(board, start, end, side)):
        return None
    if q == WHITE_COLUMN:  # captured (only a column captures)
        white = -1
    elif q == BLACK_COLUMN:
        black = -1
    if p == WHITE_COLUMN:
        white = end
    elif p == BLACK_COLUMN:
        black = end
    new = list(board)
    new[end] = p
    new[start] = EMPTY
    after = Position(tuple(new), -side)
    key = position._key
    if key is not None:
        z_end = ZOBRIST[end]
        after._key = key ^ ZOBRIST[start][p] ^ z_end[p] ^ z_end[q] ^ BLACK_KEY
    rules.COLUMNS = (after, white, black)
    return after
