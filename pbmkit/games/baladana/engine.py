"""Baladãna's playout policy for the engine (``PlaysOut``, docs/engine.md): one random legal turn
drawn without listing every turn.

A position's full list of turns (ring moves times figure moves, 1,383 at the start) takes about
1.6 ms to build; a random playout needs one turn a ply. This draws a ring move (or none) and then a
figure's move on the squares after it, and keeps the turn if ``check_move`` accepts it; after a few
refusals (rule 5, a tax to choose) it draws from the full list, so every turn it gives is legal and
a position without a turn gives ``None``. Not uniform over the turns: a playout's policy need not be.
"""

from __future__ import annotations

from random import Random

from pbmkit.games.baladana.check import check_move
from pbmkit.games.baladana.rules import (
    SIDE_LETTERS,
    Move,
    Position,
    can_capture,
    figure_targets,
    legal_moves,
    ring_moves,
    tax_choices,
    terminal,
)

__all__ = ["NO_RING", "TRIES", "playout_move"]

NO_RING = 0.5
"""The share of drawn turns without a ring move."""

TRIES = 8
"""Draws of a ring move and a figure move before the full list is asked."""


def playout_move(position: Position, rng: Random) -> Move | None:
    """A legal turn of ``position`` drawn at random, or ``None`` when there is none."""
    if terminal(position) is not None:
        return None
    side = position.turn
    letter = SIDE_LETTERS[side]
    plain = list(position.cells)
    rings: list[tuple[tuple[str, int, int] | None, list[str]]] | None = None
    for _ in range(TRIES):
        if rng.random() < NO_RING:  # the ring moves are listed only when one is drawn
            ring, cells = None, plain
        else:
            if rings is None:
                rings = list(ring_moves(position))
            if not rings:
                continue
            ring, cells = rings[int(rng.random() * len(rings))]
        figures = [sq for sq, c in enumerate(cells) if c[:1] == letter]
        if not figures:
            continue
        start = figures[int(rng.random() * len(figures))]
        ends = list(figure_targets(cells, start, can_capture(cells, side)))
        if not ends:
            continue
        end = ends[int(rng.random() * len(ends))]
        taxes = tax_choices(cells[end]) if cells[end] else ()
        move = Move(start, end, ring, taxes[0] if taxes else None)
        if check_move(position, move) is None:
            return move
    moves = legal_moves(position)
    return moves[int(rng.random() * len(moves))] if moves else None
