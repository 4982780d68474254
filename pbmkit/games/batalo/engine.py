"""Batalo's evaluation and playout policy for the engine (``Evaluates``, ``PlaysOut``;
docs/engine.md).

What wins (docs/batalo.md): a piece on the opponent's base, or every opposing piece captured, or an
opponent left without a move; only the column captures. So a side is worth its column (without it,
it can never capture again) and its stones, and the nearer its nearest piece stands to the
opponent's base the better; a threat (ruling 14's averto: a landing on the opponent's base, a
capture of the opponent's column) is worth most: the side to move carries its threat out at once,
the other side's must be answered. The difference between the sides goes through a logistic curve
to a chance, 0 to 1.

The playout policy draws one of the mover's pieces and only that piece's destinations (the full
list searches every piece's hops): it lands on the opponent's base when the piece can, captures
with the column when it can (most of the time), else moves at random.
"""

from __future__ import annotations

import math
from random import Random

from pbmkit.games.batalo.rules import (
    BLACK,
    BLACK_BASE,
    BOARD,
    EMPTY,
    WHITE,
    WHITE_BASE,
    Move,
    Position,
    finished,
    legal_moves,
    piece_destinations,
    threats,
)

__all__ = ["CAPTURE", "COLUMN", "NEAREST", "SCALE", "STONE", "THREAT", "evaluate", "playout_move",
           "score"]

COLUMN = 3.0
"""The column on the board."""
STONE = 0.6
"""A stone on the board."""
NEAREST = 0.4
"""Off a side's worth for each step between its nearest piece and the opponent's base."""
THREAT = 1.5
"""A threat on the opponent's base or column (the side to move's: it wins or captures next)."""
SCALE = 0.9
"""The logistic's slope on the difference of the two sides' worth."""
CAPTURE = 0.8
"""The share of playout moves that capture when the drawn column can."""


def _distances(base: int) -> tuple[int, ...]:
    bi, bj = BOARD.coords[base]
    return tuple(max(abs(i - bi), abs(j - bj), abs(i - bi + j - bj)) for i, j in BOARD.coords)


TO_BASE = {WHITE: _distances(BLACK_BASE), BLACK: _distances(WHITE_BASE)}
"""``TO_BASE[side][space]``: steps from ``space`` to the base ``side`` attacks."""


def score(position: Position, side: int) -> float:
    """``side``'s worth in ``position`` without its threats (see the module docstring)."""
    board = position.board
    far = TO_BASE[side]
    worth = 0.0
    nearest = 12
    for sp, p in enumerate(board):
        if p * side > 0:
            worth += COLUMN if p == 2 * side else STONE
            if far[sp] < nearest:
                nearest = far[sp]
    return worth - NEAREST * nearest


def evaluate(position: Position) -> float:
    """The side to move's chance of winning, 0 to 1."""
    me = position.turn
    board = position.board
    if board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0:
        return 1.0 if (board[BLACK_BASE] > 0) == (me == WHITE) else 0.0
    mine = threats(position, me)
    if "base" in mine:
        return 0.97  # the base is the mover's next move (the playout stopped just before it)
    diff = score(position, me) - score(position, -me)
    if "column" in mine:
        diff += THREAT
    diff -= THREAT * len(threats(position, -me))
    return 1.0 / (1.0 + math.exp(-SCALE * diff))


def playout_move(position: Position, rng: Random) -> Move | None:
    """A legal move of ``position`` drawn by the policy above, or ``None`` when there is none."""
    if finished(position):
        return None
    board, side = position.board, position.turn
    pieces = [sp for sp, p in enumerate(board) if p * side > 0]
    target = BLACK_BASE if side == WHITE else WHITE_BASE
    for _ in range(3):
        start = pieces[int(rng.random() * len(pieces))]
        ends = sorted(piece_destinations(board, start, side))
        if not ends:
            continue
        if target in ends:
            return Move(start, target)
        if board[start] == 2 * side and rng.random() < CAPTURE:
            taken = [e for e in ends if board[e] != EMPTY]
            if taken:
                return Move(start, taken[int(rng.random() * len(taken))])
        return Move(start, ends[int(rng.random() * len(ends))])
    moves = legal_moves(position)
    return moves[int(rng.random() * len(moves))] if moves else None
