"""Baladãna's playout policy and evaluation for the engine (``PlaysOut``, ``Evaluates``;
docs/engine.md).

The policy: one random legal turn drawn without listing every turn.

A position's full list of turns (ring moves times figure moves, 1,383 at the start) takes about
1.6 ms to build; a random playout needs one turn a ply. This draws a ring move (or none) and then a
figure's move on the squares after it, and keeps the turn if ``check_move`` accepts it; after a few
refusals (rule 5, a tax to choose) it draws from the full list, so every turn it gives is legal and
a position without a turn gives ``None``. Not uniform over the turns: a playout's policy need not be.
A capture is what wins: a figure that can take an opposing figure carrying a golden ring does so
first (the win, or the opponent's power to capture gone), and a drawn figure that can capture does,
most of the time.

The evaluation: what wins (docs/baladana.md) is taking the opponent's golden rings, and only a
side with both its golden rings on one figure may capture. So a side is worth its golden rings in
play (with one lost it can at best draw), the right to capture (the more for the side to move, who
may use it at once), its figures, and the rings they carry (each a power). The difference between
the sides goes through a logistic curve to a chance, 0 to 1.
"""

from __future__ import annotations

import math
from random import Random

from pbmkit.games.baladana.check import check_move
from pbmkit.games.baladana.rules import (
    GOLD,
    SIDE_LETTERS,
    SIDE_NAMES,
    Move,
    Position,
    can_capture,
    figure_targets,
    legal_moves,
    ring_moves,
    tax_choices,
    terminal,
)

__all__ = ["CAPTURE", "CAPTURING", "FIGURE", "GOLDEN", "NO_RING", "RING", "SCALE", "TRIES",
           "evaluate", "playout_move", "score"]

NO_RING = 0.5
"""The share of drawn turns without a ring move."""

TRIES = 8
"""Draws of a ring move and a figure move before the full list is asked."""

CAPTURE = 0.8
"""The share of drawn figure moves that capture when the figure can."""

GOLDEN = 2.0
"""A golden ring of a side in play (on its figure or free)."""
CAPTURING = 1.0
"""Both golden rings on one figure: the right to capture (a third more for the side to move)."""
FIGURE = 0.6
"""A figure on the board."""
RING = 0.25
"""A coloured ring a figure carries."""
SCALE = 0.9
"""The logistic's slope on the difference of the two sides' worth."""


def playout_move(position: Position, rng: Random) -> Move | None:
    """A legal turn of ``position`` drawn at random, or ``None`` when there is none."""
    if terminal(position) is not None:
        return None
    side = position.turn
    letter = SIDE_LETTERS[side]
    plain = list(position.cells)
    golden = _golden_capture(position, plain, side, letter)
    if golden is not None:
        return golden
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
        taken = [e for e in ends if cells[e][:1] not in ("", letter) and cells[e][:1] in "wb"]
        if taken and rng.random() < CAPTURE:
            ends = taken
        end = ends[int(rng.random() * len(ends))]
        taxes = tax_choices(cells[end]) if cells[end] else ()
        move = Move(start, end, ring, taxes[0] if taxes else None)
        if check_move(position, move) is None:
            return move
    moves = legal_moves(position)
    return moves[int(rng.random() * len(moves))] if moves else None


def _golden_capture(position: Position, cells: list[str], side: int, letter: str) -> Move | None:
    """A figure move (no ring move) capturing an opposing figure that carries a golden ring, if
    the side can capture and has one: the win, or the opponent's power to capture gone."""
    if not can_capture(cells, side):
        return None
    prey = [sq for sq in position.gold if cells[sq][:1] not in ("", letter) and
            cells[sq][:1] in "wb"]
    if not prey:
        return None
    for start, c in enumerate(cells):
        if c[:1] == letter:
            for end in figure_targets(cells, start, True):
                if end in prey:
                    taxes = tax_choices(cells[end])
                    move = Move(start, end, None, taxes[0] if taxes else None)
                    if check_move(position, move) is None:
                        return move
    return None


def score(position: Position, side: int) -> float:
    """``side``'s worth in ``position`` (see the module docstring)."""
    letter = SIDE_LETTERS[side]
    worth = 0.0
    for c in position.cells:
        if not c:
            continue
        if c[0] == letter:
            worth += FIGURE + RING * (len(c) - 1 - c.count(GOLD))
            golden = c.count(GOLD)
            worth += GOLDEN * golden
            if golden == 2:
                worth += CAPTURING * (1.3 if position.turn == side else 1.0)
        elif c[0] == GOLD and c[1:2] == letter:
            worth += GOLDEN
    return worth


def evaluate(position: Position) -> float:
    """The side to move's chance of winning, 0 to 1."""
    ended = terminal(position)
    me = position.turn
    if ended is not None:
        return 0.5 if ended.winner == "draw" else \
            1.0 if ended.winner == SIDE_NAMES[me] else 0.0
    diff = score(position, me) - score(position, 1 - me)
    return 1.0 / (1.0 + math.exp(-SCALE * diff))
