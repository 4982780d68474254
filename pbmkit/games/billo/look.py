"""How Billo looks on paper: round and square pieces, stacked, open (Yellow) or filled (Orange)."""

from __future__ import annotations

from pbmkit.games.billo.rules import Position
from pbmkit.games.billo.setup import symbols
from pbmkit.games.board import square_labels
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look, Part

__all__ = ["look"]


def _billo_symbols() -> list[str]:
    """Every cell symbol of Billo (Yellow upper case, Orange lower case): R, S+, RS, R+S+ ..."""
    kinds = ["R", "R+", "S", "S+"] + [f"{r}{s}" for r in ("R", "R+") for s in ("S", "S+")]
    return kinds + [k.lower() for k in kinds]


def _billo_parts(symbol: str) -> tuple[Part, ...]:
    dark = symbol.islower()
    upper = symbol.upper()
    parts: list[Part] = []
    if "S" in upper:  # the square piece lies under the round one
        parts.append(("square", dark, "S+" in upper))
    if "R" in upper:
        parts.append(("round", dark, "R+" in upper))
    return tuple(parts)


def look() -> Look[Position]:
    """Billo's drawing hints: stacks of round and square pieces, a double outline for a Billo."""
    cells = _billo_symbols()
    return Look(
        symbols=symbols,
        glyphs={s: Glyph("stack", s, _billo_parts(s)) for s in cells},
        legend=(("R", "round"), ("S", "square"), ("RS", "double"), ("R+", "round Billo"),
                ("S+", "square Billo"), ("R+S+", "composite Billo"), ("r", "Orange (filled)"),
                LAST_MOVE),
        line_labels=lambda: square_labels(8, 8),
        sides=("yellow", "orange"),
        owners={s: "yellow" if s.isupper() else "orange" for s in cells},
        colours={"yellow": ("#ffd43b", "#ffd43b"), "orange": ("#d9480f", "#d9480f")},
        how_to=(
            "Name the piece, R (round) or S (square), + for a Billo, then every square it enters: "
            "\"{example}\".",
            "Write x before each captured square, - before each square passed or stepped on: "
            "\"R c2xd3-e4xf5\".",
            "Files a–h, ranks 1–8 from Yellow's side. The letter may be left out if only one piece "
            "can move so.",
        ),
        board_note="Open: Yellow; filled: Orange. Double outline: a Billo.",
        diagram_labels=True,
    )
