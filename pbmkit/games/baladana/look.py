"""How Baladãna looks on paper: figures lettered by their rings, free rings, golden rings by owner.

A figure is a disc carrying the letters of its rings (``RB``, ``RGB``; ``Y`` for a golden ring,
``-`` for a figure without rings): a light, outlined disc for White, a dark disc for Black, so
black-and-white print tells the colours apart by letter and the sides by shade. A free ring is a
smaller, thick ring with its letter (a free golden ring: ``Y`` in a light ring for White's, in a
dark one for Black's). Each side's lost golden rings are listed beside the board.
"""

from __future__ import annotations

from functools import cache

from pbmkit.games.baladana.rules import (
    BLACK,
    SIDE_LETTERS,
    SIDE_NAMES,
    WHITE,
    Position,
    golden_in_play,
    is_figure,
)
from pbmkit.games.board import square_labels
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look

__all__ = ["beside", "look", "symbols"]


def symbols(position: Position) -> dict[int, str]:
    """Square -> its symbol: the cell itself (``wRB``, ``bYY``, ``R``, ``Yw``)."""
    return {sq: c for sq, c in enumerate(position.cells) if c}


def beside(position: Position) -> list[tuple[str, tuple[str, ...]]]:
    """Each side's lost golden rings."""
    return [(f"Lost by {SIDE_NAMES[side].capitalize()}",
             ("Y" + SIDE_LETTERS[side],) * (2 - golden_in_play(position.cells, side)))
            for side in (WHITE, BLACK)]


def _glyph(symbol: str) -> Glyph:
    if is_figure(symbol):
        dark = symbol[0] == "b"
        return Glyph("letter", symbol[1:] or "-", dark=dark, marks=() if dark else ("outline",))
    if symbol in ("Yw", "Yb"):
        return Glyph("ring", "Y", dark=symbol == "Yb")
    return Glyph("ring", symbol)


def _every_symbol() -> list[str]:
    from itertools import combinations_with_replacement

    out = ["R", "G", "B", "Yw", "Yb"]
    for side in SIDE_LETTERS:
        for n in range(4):
            for rings in combinations_with_replacement("RGBY", n):
                if rings.count("Y") <= 2:
                    out.append(side + "".join(rings))
    return out


@cache
def look() -> Look[Position]:
    """The drawing hints of Baladãna."""
    every = _every_symbol()
    return Look(
        symbols=symbols,
        glyphs={s: _glyph(s) for s in every},
        legend=(("wRB", "White figure with red and blue rings"), ("bG", "Black figure (dark)"),
                ("R", "free red ring"), ("Yw", "White's free golden ring"),
                ("Yb", "Black's free golden ring"), LAST_MOVE),
        line_labels=lambda: square_labels(8)
        + [((-1, r), str(r + 1)) for r in range(8)],
        sides=SIDE_NAMES,
        owners={s: SIDE_NAMES[SIDE_LETTERS.index(s[0]) if is_figure(s) else
                               SIDE_LETTERS.index(s[1]) if len(s) == 2 else 0] for s in every},
        colours={SIDE_NAMES[WHITE]: ("#fbfaf5", "#fbfaf5"), SIDE_NAMES[BLACK]: ("#262626", "#262626"),
                 "red ring": ("#ff8787", "#ff8787"), "green ring": ("#8ce99a", "#8ce99a"),
                 "blue ring": ("#74c0fc", "#74c0fc"), "golden ring": ("#ffd43b", "#e8a200")},
        tints={**{s: SIDE_NAMES[SIDE_LETTERS.index(s[0])] for s in every if is_figure(s)},
               "R": "red ring", "G": "green ring", "B": "blue ring", "Yw": "golden ring",
               "Yb": "golden ring"},
        how_to=(
            "A turn: an optional ring move, then a figure move: \"{example}\".",
            "A capture with x, then the tax and the loot: \"c1xh6 tax R loot G>e4\".",
            "Ring letters: R red, G green, B blue, Y golden.",
        ),
        board_note="Light: White; dark: Black. Letters on a figure: its rings (R red, G green, "
                   "B blue, Y golden). Open circles: free rings.",
        diagram_labels=True,
        beside=beside,
        beside_blank=("Lost by White", "Lost by Black"),
    )
