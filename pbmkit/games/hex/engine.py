"""Hex's whole playout for the engine (``PlaysOutWhole``, docs/engine.md): the empty cells filled
at random, the winner decided once, at the end.

Hex cannot end in a draw, and a full board has exactly one winner: the chain that joins its
edges first stays joined while the board fills, and once one side's chain joins its two edges the
other side's cannot cross it. So a random game played move by move to its end and a board filled at
random with the same stones in the same order have the same winner, and the fill asks nothing of
the rules until the end: no list of legal moves, no new position and no search of the chains at
every ply. The cells are drawn in a random order (Fisher–Yates, from ``rng`` only), the side to
move laying the first stone and the sides alternating; Red's stones are then a bit mask (a rank a
row of ``n + 1`` bits, the last always empty, as in ``play.py``) grown from Red's first rank within
itself: Red wins when it reaches the last rank, else Blue. The swap is never drawn (a playout's
policy need not be uniform).

Works for a board of any size: the size is the square root of the position's number of cells.
"""

from __future__ import annotations

from math import isqrt
from random import Random

from pbmkit.games.hex.game import Move, Position

__all__ = ["playout"]

SIDES = ("red", "blue")


class Tables:
    """One board size's bits, edges and moves."""

    __slots__ = ("bits", "first", "last", "moves", "size")

    def __init__(self, size: int) -> None:
        stride = size + 1
        self.size = size
        self.bits = [1 << (s % size + stride * (s // size)) for s in range(size * size)]
        """Each cell's bit: file ``f`` of rank ``r`` is bit ``(n + 1) r + f``."""
        self.first = sum(1 << f for f in range(size))
        """Red's first rank."""
        self.last = self.first << (stride * (size - 1))
        """Red's last rank."""
        self.moves = [Move(s) for s in range(size * size)]
        """A stone on each cell: the same move objects every playout."""


TABLES: dict[int, Tables] = {}


def tables(cells: int) -> Tables:
    """The tables of the board of ``cells`` cells, built on first use."""
    got = TABLES.get(cells)
    if got is None:
        got = TABLES[cells] = Tables(isqrt(cells))
    return got


def playout(position: Position, rng: Random) -> tuple[str, list[tuple[str, Move]]]:
    """The winner of ``position`` filled at random, and the stones laid, in order, with their
    sides (the side to move first)."""
    cells = position.cells
    t = tables(len(cells))
    bits, moves = t.bits, t.moves
    red = 0
    empty: list[int] = []
    for s in range(len(cells)):
        c = cells[s]
        if c == 0:
            empty.append(s)
        elif c == 1:
            red |= bits[s]
    turn = position.turn
    played: list[tuple[str, Move]] = []
    for i in range(len(empty) - 1, -1, -1):
        j = int(rng.random() * (i + 1))
        cell = empty[j]
        empty[j] = empty[i]
        if turn == 0:
            red |= bits[cell]
        played.append((SIDES[turn], moves[cell]))
        turn = 1 - turn
    return ("red" if joins(red, t.first, t.last, t.size) else "blue"), played


def joins(own: int, first: int, last: int, size: int) -> bool:
    """Whether the stones ``own`` join the ``first`` and ``last`` edges (rows ``size + 1`` bits
    apart)."""
    stride = size + 1
    chain = own & first
    while chain:
        if chain & last:
            return True
        grown = (chain | chain << 1 | chain >> 1 | chain << size | chain >> size | chain << stride
                 | chain >> stride) & own
        if grown == chain:
            return False
        chain = grown
    return False
