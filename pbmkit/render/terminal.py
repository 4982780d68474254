"""Boards drawn as terminal text, laid out like the spec's diagram, optionally in colour.

The layout comes from the board's coordinates and the piece symbols from the game's art, so any
board the drawings know is drawn here too. A square board is drawn as a grid with its file letters
and rank numbers round it, one cell a square (``.`` when empty), as in ``docs/billo.md``; a hex
board as the spec's diagram of space names. On a square board an empty marked square (a camp) is
``_``, or the mark's letter in lower case when the mark is a letter (an X square: ``x``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbmkit.common.text import printable
from pbmkit.games import AnyGame
from pbmkit.render.art import art_for

__all__ = ["board_text"]

_BOLD, _REVERSE, _DIM, _UNDERLINE, _RESET = "\x1b[1m", "\x1b[7m", "\x1b[2m", "\x1b[4m", "\x1b[0m"


def _grid(game: AnyGame, flip: bool) -> tuple[list[list[tuple[int, int]]], int]:
    """Rows top to bottom of (text column, space), and the width of a text column.

    On a hex board with axial coordinates (i, j) a drawn row is a constant ``i - j`` and the
    column ``i + j``: the spec's diagram, with the first side at the bottom. Computed here rather
    than from the PDF geometry so that drawing a board in the terminal imports nothing else.
    """
    board = game.board
    sign = -1 if flip else 1
    keys = [(sign * (i - j), sign * (i + j)) for i, j in board.coords]
    min_col = min(c for _, c in keys)
    rows: dict[int, list[tuple[int, int]]] = {}
    for sp, (row, col) in enumerate(keys):
        rows.setdefault(row, []).append((col - min_col, sp))
    width = max(len(n) for n in board.names) + 3
    return [sorted(rows[k]) for k in sorted(rows)], width


def board_text(game: AnyGame, position: Any, *, last_move: Any = None,
               flip: bool = False, colour: bool = False, players: Sequence[str] = ()) -> str:
    """The board of ``position`` as text: each space's name, and the rules' symbol of its piece.

    Occupied spaces are written in upper case, a colon, then the symbol (``IR:O``, ``DW:B``: the
    colon keeps the piece apart from the name, which ``JQW`` did not), empty ones in lower case.
    The spaces of ``last_move`` (where each part starts and ends) are bracketed. ``flip`` draws it
    from the second player's seat. ``colour`` adds ANSI styles: the first side's pieces bold, the
    second side's in reverse video, empty spaces dim, the last move underlined. ``players`` (each
    side's name, from the record's tags) are listed under the board, a line a side
    (``White: Ann Lee``), control characters shown escaped.
    """
    art = art_for(game)
    symbols = art.symbols(position)
    first_side = {s for s, side in art.owners.items() if side == game.sides[0]}
    marked = set() if last_move is None else \
        {sp for path in game.touched(last_move) for sp in (path[0], path[-1])}
    beside = "" if art.beside is None else "".join(
        f"\n{label}: {' '.join(pieces) if pieces else '-'}" for label, pieces in art.beside(position))
    beside += "".join(f"\n{side.capitalize()}: {printable(name, 200)}"
                      for side, name in zip(game.sides, players, strict=False) if name.strip())
    if game.board.kind == "square":
        return _square_text(game, position, symbols, marked, first_side, flip, colour) + beside
    rows, width = _grid(game, flip)
    lines = []
    for row in rows:
        line, visible = "", 0
        for col, sp in row:
            name = game.board.names[sp]
            piece = symbols.get(sp, "")
            cell = f"{name.upper()}:{piece}" if piece else name.lower()
            if sp in marked:
                cell = f"[{cell}]"
            pad = max(0, width * col - visible)
            line += " " * pad
            visible += pad + len(cell)
            if colour:
                style = _DIM if not piece else (_BOLD if piece in first_side else _BOLD + _REVERSE)
                if sp in marked:
                    style += _UNDERLINE
                cell = f"{style}{cell}{_RESET}"
            line += cell
        lines.append(line.rstrip())
    return "\n".join(lines) + beside


def _style(piece: str, marked: bool, first_side: set[str]) -> str:
    style = _DIM if not piece else (_BOLD if piece in first_side else _BOLD + _REVERSE)
    return style + (_UNDERLINE if marked else "")


def _empty(mark: str) -> str:
    """An empty square: ``.``; a marked one (``Look.bases``) ``_`` (a camp), or the mark's letter
    in lower case when the mark is one letter (Batrakill's X squares: ``x``)."""
    if not mark:
        return "."
    return mark.lower() if len(mark) == 1 else "_"


def _square_text(game: AnyGame, position: Any, symbols: dict[int, str], marked: set[int],
                 first_side: set[str], flip: bool, colour: bool) -> str:
    """A square board as a grid: rank numbers left and right, file letters above and below."""
    board = game.board
    art = art_for(game)
    bases = art.bases
    shaded = art.shaded(position) if art.shaded is not None else {}
    files = sorted({f for f, _ in board.coords}, reverse=flip)
    ranks = sorted({r for _, r in board.coords}, reverse=not flip)
    width = max(len(s) for s in (*art_for(game).glyphs, ".")) + 3  # room for "[R+S+]"
    file_names = {f: board.names[board.at((f, ranks[0])) or 0].rstrip("0123456789") for f in files}
    rank_names = {r: board.names[board.at((files[0], r)) or 0][len(file_names[files[0]]):]
                  for r in ranks}  # the names' numbers, wherever rank 1 stands
    label_w = max(len(rank_names[r]) for r in ranks)
    letters = " " * (label_w + 2) + "".join(file_names[f].ljust(width) for f in files).rstrip()
    lines = [letters]
    rows: list[list[tuple[str, str]]] = []  # (cell, piece) of each square, rank by rank
    for r in ranks:
        row = []
        for f in files:
            sq = board.at((f, r))
            piece = symbols.get(sq, "") if sq is not None else ""
            cell = piece or ("#" if sq in shaded else _empty(bases.get(sq, "") if sq is not None
                                                            else ""))
            row.append((f"[{cell}]" if sq in marked else cell, piece))
        rows.append(row)
    # the last file padded to its widest cell, so that the rank numbers on the right line up
    last = max(len(row[-1][0]) for row in rows)
    for r, row in zip(ranks, rows, strict=True):
        line = f"{rank_names[r]:>{label_w}}  "
        for k, (cell, piece) in enumerate(row):
            pad = cell.ljust(last if k == len(row) - 1 else width)
            if colour:
                sq = board.at((files[k], r))
                pad = f"{_style(piece, sq in marked, first_side)}{cell}{_RESET}" + pad[len(cell):]
            line += pad
        lines.append(f"{line}  {rank_names[r]}")
    lines.append(letters)
    return "\n".join(lines)
