"""How Batalo looks on paper: rings, discs and letters on the hex board, the two bases marked."""

from __future__ import annotations

from pbmkit.games.batalo.rules import (
    BLACK_BASE,
    BLACK_COLUMN,
    BLACK_STONE,
    BOARD,
    WHITE_BASE,
    WHITE_COLUMN,
    WHITE_STONE,
    Position,
)
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look

__all__ = ["look"]

_CODE_SYMBOL = {WHITE_COLUMN: "W", WHITE_STONE: "O", BLACK_COLUMN: "B", BLACK_STONE: "●"}


def _symbols(position: Position) -> dict[int, str]:
    return {sp: _CODE_SYMBOL[p] for sp, p in enumerate(position.board) if p}


def _line_labels() -> list[tuple[tuple[int, int], str]]:
    # Each A–M line is labelled beyond its upper-right end, each N–Z line beyond its upper-left
    # end, so the two families never share a label position.
    coords = BOARD.coords
    out: list[tuple[tuple[int, int], str]] = []
    for i in range(1, 14):
        j = max(c[1] for c in coords if c[0] == i)
        out.append(((i, j + 1), "ABCDEFGHIJKLM"[i - 1]))
    for j in range(1, 14):
        i = min(c[0] for c in coords if c[1] == j)
        out.append(((i - 1, j), "NOPQRSTUVWXYZ"[j - 1]))
    return out


def look() -> Look[Position]:
    """Batalo's drawing hints: W and B letters for the columns, a ring and a disc for the stones."""
    return Look(
        symbols=_symbols,
        glyphs={"W": Glyph("letter", "W"), "O": Glyph("ring"), "B": Glyph("letter", "B"),
                "●": Glyph("disc")},
        legend=(("W", "white column"), ("O", "white stone"), ("B", "black column"),
                ("●", "black stone"), ("@base:white", "base"), LAST_MOVE),
        bases={WHITE_BASE: "white", BLACK_BASE: "black"},
        line_labels=_line_labels,
        owners={"W": "white", "O": "white", "B": "black", "●": "black"},
        colours={"white": ("#fbfaf5", "#fbfaf5"), "black": ("#262626", "#262626")},
        how_to=(
            "Name the starting space, then the ending space of the piece you move: \"{example}\".",
            "Spoken in full: \"I'm moving my stone from space IR to space HS.\"",
            "A space's name is its A–M line, then its N–Z line (the letters round the edge); GT is "
            "the centre.",
        ),
        board_note="Double outline: a base (White's JQ, Black's DW). Put your own markers on the "
                   "board.",
        cell="hex",
        diagram_labels=True,  # the line letters round the rim, on every diagram as on the Phone Chart
    )
