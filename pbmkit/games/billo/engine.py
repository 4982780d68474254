"""Billo's evaluation for the engine (``Evaluates``, docs/engine.md): a position's value for the
side to move without playing it out.

What wins (docs/billo.md): capturing every opposing piece, or leaving the opponent without a move;
a side left with pieces of one shape only draws at best (rule 12). So a side is worth its pieces:
a Billo (it moves and captures every way) several basic pieces, a basic piece the more the nearer
it stands to the far row where it becomes a Billo; a round and a square piece of a side on one
square (never captured) a little more. The difference between the sides goes through a logistic
curve to a chance, 0 to 1. Capture is mandatory, so the legal moves the playouts draw from are
already the captures when there are any: Billo needs no playout policy of its own.
"""

from __future__ import annotations

import math

from pbmkit.games.billo.rules import BASIC, BILLO, BOARD, ORANGE, YELLOW, Position, last_rank

__all__ = ["ADVANCE", "BASIC_WORTH", "BILLO_WORTH", "DOUBLE", "SCALE", "WORTH", "evaluate"]

BASIC_WORTH = 1.0
"""A basic piece."""
ADVANCE = 0.5
"""A basic piece on the far row's doorstep, more (in proportion to the way it has come)."""
BILLO_WORTH = 2.5
"""A Billo."""
DOUBLE = 0.3
"""A round and a square piece of one side on one square (never captured), more."""
SCALE = 0.6
"""The logistic's slope on the difference of the two sides' worth."""


def _worth(code: int, sq: int) -> float:
    """Yellow's worth (positive) or Orange's (negative) of the cell ``code`` on ``sq``."""
    if code == 0:
        return 0.0
    side = YELLOW if code > 0 else ORANGE
    a = abs(code)
    rank = BOARD.coords[sq][1]
    start = last_rank(-side)
    way = abs(rank - start) / 7
    total = 0.0
    for state in (a % 3, a // 3):
        if state == BASIC:
            total += BASIC_WORTH + ADVANCE * way
        elif state == BILLO:
            total += BILLO_WORTH
    if a % 3 and a // 3:
        total += DOUBLE
    return side * total


WORTH: tuple[dict[int, float], ...] = tuple(
    {side * (r + 3 * s): _worth(side * (r + 3 * s), sq)
     for side in (YELLOW, ORANGE) for r in range(3) for s in range(3)}
    for sq in range(BOARD.size))
"""``WORTH[square][cell code]``: Yellow's worth minus Orange's of that cell there."""


def evaluate(position: Position) -> float:
    """The side to move's chance of winning, 0 to 1."""
    diff = 0.0
    for table, code in zip(WORTH, position.board, strict=True):
        if code:
            diff += table[code]
    yellow = sum(1 for c in position.board if c > 0)
    orange = sum(1 for c in position.board if c < 0)
    if not yellow or not orange:  # every piece of a side captured: the game is over
        return 1.0 if (yellow > 0) == (position.turn == YELLOW) else 0.0
    return 1.0 / (1.0 + math.exp(-SCALE * diff * position.turn))
