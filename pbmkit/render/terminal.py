"""Boards drawn as terminal text, in the layout of the spec's diagram."""

from __future__ import annotations

from typing import Any

from pbmkit.games import Game
from pbmkit.games import batalo as _batalo

_SYMBOL = {2: "W", 1: "O", -2: "B", -1: "●"}


def board_text(game: Game[Any, Any], position: Any, *, last_move: Any = None,
               flip: bool = False) -> str:
    """The board of ``position`` as text: each space's name, and the rules' symbol of its piece.

    Spaces of ``last_move`` (start and end) are bracketed. ``flip`` draws it from Black's seat.
    """
    if game.name != "batalo":
        raise ValueError(f"no terminal drawing for {game.title} yet")
    marked = set() if last_move is None else {last_move.start, last_move.end}
    rows = list(_batalo.diagram_rows())
    if flip:
        rows = [[(12 - c, s) for c, s in reversed(r)] for r in reversed(rows)]
    lines = []
    for row in rows:
        line = ""
        for col, sp in row:
            name = _batalo.space_name(sp)
            piece = _SYMBOL.get(position.board[sp], "")
            cell = f"{name}{piece}" if piece else name.lower()
            if sp in marked:
                cell = f"[{cell}]"
            line = line.ljust(5 * col) + cell
        lines.append(line.rstrip())
    return "\n".join(lines)
