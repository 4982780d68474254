"""Batrakill's evaluation for the engine (``Evaluates``, docs/engine.md): a position's value for
the place to move without playing it out.

What wins (docs/batrakill.md): the dragon eats five knights (in round 2 of the duel), or leaves the
knights without a move; the knights immobilise the dragon or catch it between two knights, one in
a tower. In round 1 of the duel the knights eaten come back for round 2, but a broken tower costs
the knight whose start square it stands on, and every tower set up is a place to catch the dragon
from; so there the dragon is worth its broken towers and the knights their towers. In round 2 (and
in the zones version) the dragon is worth the knights it has eaten and its free squares around it
(the fewer, the nearer it is to being trapped); the knights their number, their towers and the
knights next to the dragon. The dragon's chance is a logistic curve of the difference; the knights'
place to move has the rest.
"""

from __future__ import annotations

import math

from pbmkit.games.batrakill.rules import Position

__all__ = ["BROKEN", "CHASE", "EATEN", "FREE", "GUARD", "KNIGHT", "NEAR", "SCALE", "TOWER",
           "dragon_chance", "evaluate"]

EATEN = 1.0
"""A knight eaten (in the round that counts), for the dragon."""
FREE = 0.35
"""A free square next to the dragon, for the dragon."""
KNIGHT = 0.15
"""A knight on the board, for the knights."""
TOWER = 0.5
"""A tower set up, for the knights."""
BROKEN = 0.8
"""A broken tower (round 1 of the duel), for the dragon."""
NEAR = 0.25
"""A knight next to the dragon, for the knights."""
GUARD = 0.4
"""A tower next to the dragon (a knight in it catches the dragon with a knight opposite), for the
knights."""
CHASE = 0.06
"""For each knight that can still reach the dragon (in a tower, or not yet past it: knights never
step back), each step nearer than 4, for the knights."""
SCALE = 0.8
"""The logistic's slope."""


def dragon_chance(position: Position) -> float:
    """The dragon's chance of winning, 0 to 1."""
    result = position.result
    if result is not None:
        return 1.0 if result[0] == "dragon" else 0.0
    cfg = position.config
    if cfg.duel and position.round == 1:
        diff = BROKEN * len(position.broken) - TOWER * len(position.towers) \
            + 0.3 * position.eaten
        return 1.0 / (1.0 + math.exp(-SCALE * diff))
    eaten = position.eaten if cfg.duel else position.eaten + position.eaten_before
    diff = EATEN * eaten - KNIGHT * len(position.knights) - TOWER * len(position.towers)
    d = position.dragon
    if d >= 0:
        board = cfg.layout.board
        steps = board.steps[d]
        knights = {k.square for k in position.knights}
        closed = knights | position.towers | position.broken
        free = sum(1 for t in steps if t >= 0 and t not in closed)
        near = sum(1 for t in steps if t in knights)
        guarded = sum(1 for t in steps if t in position.towers)
        diff += FREE * free - NEAR * near - GUARD * guarded - 1.0
        df, dr = board.coords[d]
        for k in position.knights:  # the knights that can still come near, the nearer the better
            kf, kr = board.coords[k.square]
            if k.square in position.towers or k.facing != "N" or kr <= dr:
                diff -= CHASE * max(0, 4 - max(abs(kf - df), abs(kr - dr)))
    return 1.0 / (1.0 + math.exp(-SCALE * diff))


def evaluate(position: Position) -> float:
    """The place to move's chance of winning, 0 to 1: the dragon's, or the knights' rest of it
    (shared evenly among the knights' places of the zones version, who race for the capture)."""
    chance = dragon_chance(position)
    if position.dragon_to_move:
        return chance
    return (1.0 - chance) / max(1, len(position.config.order) - 1)
