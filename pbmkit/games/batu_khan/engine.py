"""Batu Khan's evaluation for the engine (``Evaluates``, docs/engine.md): a position's value for
the side to move without playing it out.

What wins (docs/batu-khan.md): two stones in the opponent's camp, or an opponent left without an
action. So a side is worth its stones still in play (a knocked-out stone never comes back, and a
side needs two to win), each the more the nearer it stands to the far camp, and more again once
there (a blue or yellow stone never leaves it); a side's stones that two of the opponent's threaten
(ruling 5: the opponent may knock them out next) count less. The difference between the sides goes
through a logistic curve to a chance, 0 to 1.
"""

from __future__ import annotations

import math

from pbmkit.games.batu_khan.rules import (
    EMPTY,
    NORTH,
    SOUTH,
    Position,
    camp_winner,
    threateners,
)

__all__ = ["CAMP", "PROGRESS", "SCALE", "STONE", "THREATENED", "evaluate", "score"]

STONE = 1.0
"""A stone in play (on the board or in hand)."""
PROGRESS = 1.5
"""A stone on the board, times the square of its share of the way to the far camp."""
CAMP = 1.0
"""A stone in the far camp, more."""
THREATENED = 0.6
"""A stone the opponent threatens, off its worth (the side to move's threats count double: it
may knock out at once)."""
SCALE = 0.8
"""The logistic's slope: a score difference of 1 is about a 69% chance."""


def score(position: Position, side: int) -> float:
    """``side``'s worth in ``position`` (see the module docstring)."""
    files, ranks, cells, hands, turn = position
    last = ranks - 1
    other = 1 - side
    worth = STONE * sum(1 for p in hands[side] if p != "X")
    for sq, c in enumerate(cells):
        if c == EMPTY or c in "Xx" or (c.isupper() != (side == SOUTH)):
            continue
        rank = sq // files
        ahead = rank if side == SOUTH else last - rank
        worth += STONE + PROGRESS * (ahead / last) ** 2
        if ahead == last:
            worth += CAMP
        elif rank != (0 if side == SOUTH else last) and len(threateners(position, other, sq)) >= 2:
            worth -= THREATENED * (2 if turn == other else 1)
    return worth


def evaluate(position: Position) -> float:
    """The side to move's chance of winning, 0 to 1."""
    won = camp_winner(position)
    me = position.turn
    if won is not None:
        return 1.0 if won == me else 0.0
    diff = score(position, me) - score(position, NORTH if me == SOUTH else SOUTH)
    return 1.0 / (1.0 + math.exp(-SCALE * diff))
