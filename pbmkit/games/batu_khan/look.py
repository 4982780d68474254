"""How Batu Khan looks on paper: lettered stones, light for South and dark for North, the camps.

Each stone is its letter on a disc (B blue, Y yellow, K black, W white): a light, outlined disc
with a dark letter for South, a dark disc with a light letter for North, so that black-and-white print tells
both the kind and the owner. A blockade is an X with a double outline. The camps (rank 1 and the
last rank) are marked as bases; the pieces in hand and knocked out are listed beside the board.
"""

from __future__ import annotations

from functools import cache

from pbmkit.games.batu_khan.rules import (
    EMPTY,
    KIND_WORDS,
    NORTH,
    PIECES,
    SIDE_NAMES,
    SOUTH,
    Position,
    geometry,
    out_of_play,
    symbol_of,
)
from pbmkit.games.board import FILES, square_labels
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look

__all__ = ["beside", "look", "symbols"]


def symbols(position: Position) -> dict[int, str]:
    """Square -> the symbol standing there (``B`` … ``X`` South's, ``b`` … ``x`` North's)."""
    return {sq: c for sq, c in enumerate(position.cells) if c != EMPTY}


def beside(position: Position) -> list[tuple[str, tuple[str, ...]]]:
    """What is shown beside the board: each side's pieces in hand, then those knocked out."""
    groups: list[tuple[str, tuple[str, ...]]] = []
    for side in (SOUTH, NORTH):
        who = SIDE_NAMES[side].capitalize()
        groups.append((f"{who} in hand", tuple(symbol_of(p, side) for p in position.hands[side])))
        groups.append((f"{who} knocked out",
                       tuple(symbol_of(p, side) for p in out_of_play(position, side))))
    return groups


def _glyph(symbol: str) -> Glyph:
    dark = symbol.islower()
    if symbol.upper() == "X":
        return Glyph("letter", "X", dark=dark, marks=("double",))
    return Glyph("letter", symbol.upper(), dark=dark, marks=() if dark else ("outline",))


@cache
def look(files: int, ranks: int) -> Look[Position]:
    """The drawing hints of Batu Khan on a ``files`` × ``ranks`` board."""
    geo = geometry(files, ranks)
    every = [symbol_of(p, side) for side in (SOUTH, NORTH) for p in PIECES]
    camps = {sq: SIDE_NAMES[side] for side in (SOUTH, NORTH) for sq in geo.camps[side]}
    last = FILES[files - 1]
    return Look(
        symbols=symbols,
        glyphs={s: _glyph(s) for s in every},
        legend=(*((p, f"{KIND_WORDS[p]} stone") for p in "BYKW"), ("X", "blockade"),
                ("b", "North (dark)"), ("@base:south", "camp"), LAST_MOVE),
        bases=camps,
        line_labels=lambda: square_labels(geo.files, geo.ranks),
        sides=SIDE_NAMES,
        owners={s: SIDE_NAMES[SOUTH if s.isupper() else NORTH] for s in every},
        colours={SIDE_NAMES[SOUTH]: ("#fbfaf5", "#fbfaf5"), SIDE_NAMES[NORTH]: ("#343a40", "#343a40")},
        how_to=(
            "Lay a piece from the hand with its letter and the square: \"B@c1\", \"X@d3\".",
            "Move a stone from one square to another: \"{example}\"; knock out with x: "
            "\"Y b2xc3\".",
            f"Files a–{last}, ranks 1–{ranks} from South's side; South's camp is rank 1, North's "
            f"rank {ranks}.",
        ),
        board_note="Light: South; dark: North. B blue, Y yellow, K black, W white, X blockade. "
                   "Outlined squares: the camps.",
        diagram_labels=True,
        beside=beside,
        beside_blank=("South in hand", "South knocked out", "North in hand", "North knocked out"),
    )
