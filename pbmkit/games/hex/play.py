"""Hex's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a stone laid, checked and
the game's end asked in one call, for ``pbmkit check``'s lean path (docs/performance.md).

The rules (``pbmkit.games.hex.game``) ask whether the game is over with a search over each side's
stones from its first edge, twice a ply (``check_move`` asks ``outcome``). Here each side's stones
are a bit mask, n + 1 bits a rank on an n × n board (the last always empty, so that no step wraps
round an edge), and only the new stone's chain is grown: the position before the move was not won,
so the move wins exactly when the chain of the new stone joins the mover's two edges. The masks and
"over" of the last position answered are kept with it, so a record read ply after ply never counts
its stones again. A swap, a taken cell, a game over, any other text: ``None``, the long way.
"""


from typing import NamedTuple

from pbmkit.games.hex.game import Hex, Position, hex_game

__all__ = ["play"]


class Tables(NamedTuple):
    """One board size's bits: each cell's (file ``f`` of rank ``r`` is bit ``(n + 1)r + f``; a
    cell's six neighbours are the bits 1, n + 1 and n away, ``(f+1, r)``, ``(f, r+1)``, ``(f-1,
    r+1)`` and back; from an edge cell those steps land on the empty last file or off the board),
    the cells by name (``c3``: its index and bit), each side's two edges as masks, the game."""

    bits: tuple[int, ...]
    cells: dict[str, tuple[int, int]]
    edges: tuple[tuple[int, int], tuple[int, int]]
    near: int
    far: int
    game: Hex


def _tables(cells: int) -> Tables:
    n = round(cells ** 0.5)
    game = hex_game(n)
    bits = tuple(1 << (f + (n + 1) * r) for f, r in game.board.coords)
    names = {game.board.name(s): (s, bits[s]) for s in range(game.board.size)}
    (a, b), (c, d) = ((sum(bits[s] for s in first), sum(bits[s] for s in second))
                      for first, second in game.edges)
    return Tables(bits, names, ((a, b), (c, d)), n, n + 1, game)


_TABLES: dict[int, Tables] = {}
"""Each board's tables, by its number of cells (made on first use)."""

_TABLES[49] = _tables(49)
_last: tuple[Position, int, int, bool, Tables] = (Position((), 0), 0, 0, True, _TABLES[49])
"""The last position answered: its Red and Blue masks, whether the game is over there, and the
tables of its board."""


def play(position: Position, text: str) -> Position | None:
    """The position after laying a stone on the cell ``text`` (``c3``) when that cell is empty and
    the game not over, else ``None`` (a swap, or anything else, is read the long way)."""
    global _last
    last = _last
    if position is last[0]:
        _, red, blue, over, tables = last
    else:
        size = len(position.cells)
        known = _TABLES.get(size)
        if known is None:
            if size not in (n * n for n in range(5, 20)):
                return None
            known = _TABLES[size] = _tables(size)
        tables = known
        red, blue, over = _state(position, tables)
    cell = tables[1].get(text)  # (indexed rather than named: every ply)
    if cell is None:
        return None
    index, bit = cell
    if over or (red | blue) & bit:
        return None
    turn = position.turn
    cells = list(position.cells)
    cells[index] = turn + 1
    after = Position(tuple(cells), 1 - turn)
    if turn == 0:
        red |= bit
        _last = (after, red, blue, _joins(red, bit, tables[2][0], tables[3], tables[4]), tables)
    else:
        blue |= bit
        _last = (after, red, blue, _joins(blue, bit, tables[2][1], tables[3], tables[4]), tables)
    return after


def _state(position: Position, tables: Tables) -> tuple[int, int, bool]:
    """The Red and Blue masks of ``position``, and whether either side has joined its edges."""
    red = blue = 0
    bits = tables.bits
    for s, colour in enumerate(position.cells):
        if colour == 1:
            red |= bits[s]
        elif colour == 2:
            blue |= bits[s]
    game = tables.game
    return red, blue, game.connected(position, 0) or game.connected(position, 1)


def _joins(own: int, bit: int, edges: tuple[int, int], near: int, far: int) -> bool:
    """Whether the chain of ``own`` stones through ``bit`` touches both ``edges`` (``near``,
    ``far``: the bits a neighbour on the next rank is away, n and n + 1)."""
    first, second = edges
    chain = bit
    while True:
        grown = (chain | chain << 1 | chain >> 1 | chain << near | chain >> near | chain << far
                 | chain >> far) & own
        if grown == chain:
            return bool(chain & first and chain & second)
        chain = grown
