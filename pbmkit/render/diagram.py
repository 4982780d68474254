"""Board diagrams as shapes: one drawing model for every board, position and output format.

A hex board (``board.kind == "hex"``, axial coordinates ``(i, j)``) is drawn with flat-topped
cells of circumradius 1; a square board with cells of side 2. Batalo comes out as in the spec's
diagram: White's base at the bottom, AZ at the top. ``flip`` turns the board 180°.

Over 600 lines on purpose: the one drawing model of every board (its grid, edges, bases and
shaded spaces, the last move's marks, pieces, keys and the column beside the board), which every
backend and form draws; split, its parts would share its private geometry across modules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise
from typing import Any

from pbmkit.games import AnyGame
from pbmkit.games.board import Board
from pbmkit.render.art import GameArt, Glyph, art_for
from pbmkit.render.glyphs import placed_glyph
from pbmkit.render.marks import (
    APOTHEM,
    INK,
    edge_band,
    edge_shapes,
    move_shapes,
    outline,
    square_mark,
)
from pbmkit.render.shapes import (
    BLACK,
    Drawing,
    Point,
    Polygon,
    Polyline,
    Shape,
    Text,
    grey,
)

__all__ = [
    "BLANK_LINE_GREY", "DiagramStyle", "MoveMark", "board_bbox", "board_drawing", "fitted_drawing",
    "game_drawing", "glyph_drawing", "key_drawing", "move_marks", "piece_scale", "placed_glyph",
    "space_centres",
]

MoveMark = tuple[int, ...]
"""A move to mark on a diagram: (start space, end space), or (start, landing, ..., end) for a hop
series whose landings are known: the arrow then follows them."""

_SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class DiagramStyle:
    """Line widths and text sizes in board units (a cell's circumradius is 1)."""

    grid: float = 0.06
    border: float = 0.16
    base: float = 0.08
    name_size: float = 0.0
    """Size of each space's name; 0 draws no names."""
    label_size: float = 0.0
    """Size of the line labels round the board; 0 draws none."""
    piece_scale: float = 1.0
    base_inset: float = 0.74
    """The size of a base's inner outline relative to its cell."""

    @classmethod
    def for_scale(cls, points_per_unit: float, *, names: bool = False, labels: bool = False,
                  grid_pt: float = 0.5, border_pt: float = 1.3) -> DiagramStyle:
        """A style whose lines have the given widths in points once drawn at ``points_per_unit``."""
        return cls(grid=grid_pt / points_per_unit, border=border_pt / points_per_unit,
                   base=max(0.6 / points_per_unit, 0.06),
                   name_size=0.5 if names else 0.0, label_size=0.85 if labels else 0.0,
                   piece_scale=0.62 if names else 1.0, base_inset=0.87 if names else 0.74)


def _centre(kind: str, coord: tuple[int, int]) -> Point:
    a, b = coord
    if kind == "hex":
        return (1.5 * (a + b), (b - a) * _SQRT3 / 2)
    return (2.0 * a, 2.0 * b)


def _scaled(point: Point, k: float) -> Point:
    return (k * point[0], k * point[1])


def space_centres(board: Board, flip: bool = False) -> list[Point]:
    """The centre of every space in board units (before any page scaling)."""
    sign = -1.0 if flip else 1.0
    return [(sign * x, sign * y) for x, y in (_centre(board.kind, c) for c in board.coords)]


_outline = outline


@lru_cache(maxsize=64)
def board_bbox(board: Board, flip: bool = False, *, labels: bool = False,
               art: GameArt | None = None, margin: float = 0.2) -> tuple[float, float, float, float]:
    """The box holding every cell (and the line labels when ``labels``), with ``margin``."""
    pts = [p for c in space_centres(board, flip) for p in _outline(board.kind, c)]
    if art is not None and art.edges:  # the bands along a side's edges stand outside
        margin = max(margin, 0.4)
    if labels and art is not None and art.line_labels is not None:
        sign = -1.0 if flip else 1.0
        for coord, _ in art.line_labels():
            x, y = _centre(board.kind, coord)
            pts += [(sign * x - 0.8, sign * y - 0.8), (sign * x + 0.8, sign * y + 0.8)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _border_segments(kind: str, centres: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The cell edges with no cell beyond them: the outline of the board."""
    known = {(round(x, 3), round(y, 3)) for x, y in centres}
    segs = []
    for c in centres:
        pts = _outline(kind, c)
        for k in range(len(pts)):
            a, b = pts[k], pts[(k + 1) % len(pts)]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            beyond = (round(2 * mx - c[0], 3), round(2 * my - c[1], 3))
            if beyond not in known:
                segs.append((a, b))
    return segs


SHADE = grey(0.62)
"""The grey of a space a position marks (``Look.shaded``: a burned square), dark enough to
survive a photocopy, light enough that a piece's outline shows on it."""


def piece_scale(glyph: Glyph, style: DiagramStyle) -> float:
    """The scale :func:`board_drawing` draws ``glyph`` at on a board of ``style``."""
    if style.name_size and glyph.kind == "stack":
        return style.piece_scale * 0.75
    return style.piece_scale


LAST_MOVE_INK = INK
"""The last move's marks are black (:mod:`pbmkit.render.marks`)."""


def _move_marks(kind: str, centres: Sequence[Point], paths: Sequence[MoveMark],
                style: DiagramStyle) -> list[Shape]:
    """The last move's marks, in black, drawn under the pieces (:func:`marks.move_shapes`)."""
    clear = style.base_inset * APOTHEM[kind] + style.base / 2 + 0.06
    return move_shapes(kind, centres, paths, grid=style.grid, border=style.border, clear=clear)


_NAME_DY = (0.5, 0.25)
"""Where a space's name stands above the cell's centre (its baseline): on a square cell, high
enough that a piece's facing wedge stays under it; on a hex cell (smaller), its upper half."""


def _piece_dy(kind: str) -> float:
    """Where a piece (or a marked square's letter) stands below the centre when names are drawn."""
    return -0.3 if kind == "hex" else -0.22


@lru_cache(maxsize=32)
def _grid(board: Board, art: GameArt, flip: bool, style: DiagramStyle
          ) -> tuple[tuple[float, float, float, float], tuple[Point, ...], tuple[Shape, ...]]:
    """The unchanging part of a diagram (bbox, centres, grid shapes), built once per style."""
    kind = board.kind
    centres = tuple(space_centres(board, flip))
    labels = style.label_size > 0 and art.line_labels is not None
    bbox = board_bbox(board, flip, labels=labels, art=art)
    grid: list[Shape] = [Polygon(_outline(kind, c), fill=None, stroke=grey(0.25), width=style.grid)
                         for c in centres]
    if art.edges:  # the bands along a side's edges, under the border line
        sign = -1.0 if flip else 1.0
        grid += edge_shapes(kind, centres, art.edges, lambda c: _scaled(_centre(kind, c), sign),
                            max(style.grid * 1.2, 0.05))
    grid += [Polyline((a, b), BLACK, style.border) for a, b in _border_segments(kind, centres)]
    for sp, mark in art.bases.items():
        # A base or camp: a thin inner outline; an X square also a cross in it (the letter of
        # another marked square is drawn on the empty square only: board_drawing).
        grid += square_mark(kind, centres[sp], mark, inset=style.base_inset, line=style.base,
                            letter_size=0.0, occupied=True)
    if style.name_size:
        for sp, c in enumerate(centres):
            # Names sit in the upper part of the cell, so that a piece below never hides them
            # (nor the wedge standing out of its top, nor a marked square's letter).
            grid.append(Text(c[0], c[1] + _NAME_DY[kind == "hex"], board.names[sp],
                             style.name_size, fill=grey(0.3)))
    if labels and art.line_labels is not None:
        sign = -1.0 if flip else 1.0
        for coord, text in art.line_labels():
            x, y = _centre(kind, coord)
            grid.append(Text(sign * x, sign * y - 0.36 * style.label_size, text, style.label_size,
                             bold=True, fill=grey(0.45)))
    return bbox, centres, tuple(grid)


def lettered_sites(art: GameArt) -> tuple[int, ...]:
    """The lettered squares of a look (a zone's tower sites): their letter shows while empty."""
    return tuple(sp for sp, mark in art.bases.items() if len(mark) == 1 and mark != "X")


def site_letter(board: Board, art: GameArt, space: int, *, flip: bool = False,
                style: DiagramStyle | None = None) -> tuple[Shape, ...]:
    """The letter of the lettered square ``space``, as :func:`board_drawing` draws it there
    while the square is empty (the web page's part of it)."""
    style = style or DiagramStyle()
    centres = tuple(space_centres(board, flip))
    return _site_letter(board.kind, centres[space], art.bases[space], style)


def _site_letter(kind: str, centre: tuple[float, float], mark: str,
                 style: DiagramStyle) -> tuple[Shape, ...]:
    # A lettered square (a zone's tower site): its letter large and dark in the middle of the
    # empty cell; a piece standing there hides it whole.
    size = 0.95 if style.name_size else 1.05  # inside its inner outline, W too
    dy = _piece_dy(kind) if style.name_size else 0.0  # below the square's name
    return tuple(square_mark(kind, centre, mark, inset=style.base_inset, line=style.base,
                             letter_size=size, letter_dy=dy)[1:])


def board_drawing(board: Board, art: GameArt, pieces: Mapping[int, str], *,
                  marks: Iterable[MoveMark] = (), flip: bool = False,
                  style: DiagramStyle | None = None, shaded: Mapping[int, str] | None = None
                  ) -> Drawing:
    """The shapes of one diagram: cells, bases, optional names and labels, marked moves, pieces.

    ``pieces`` maps a space to a symbol of ``art.glyphs``; ``marks`` are paths of spaces (a move's
    :meth:`~pbmkit.games.base.Game.touched`), drawn in black so that they survive a photocopy: a
    dot on the start joined by an arrow to the end, whose cell gets a thick outline; a one-space
    path (a piece laid from the hand) gets the outline only.
    """
    style = style or DiagramStyle()
    kind = board.kind
    bbox, centres, grid = _grid(board, art, flip, style)
    paths = tuple(m if isinstance(m, tuple) else tuple(m) for m in marks)  # a path keeps its kind
    over = _move_marks(kind, centres, paths, style)
    under = [shape for sp in lettered_sites(art) if sp not in pieces
             for shape in _site_letter(kind, centres[sp], art.bases[sp], style)]
    if shaded:  # the spaces the position marks (burned, claimed): grey cells under the rest
        under[:0] = [Polygon(_outline(kind, centres[sp], 0.97), fill=SHADE, stroke=None)
                     for sp in sorted(shaded)]
    for sp, symbol in sorted(pieces.items()):
        c = centres[sp]
        glyph = art.glyphs[symbol]
        scale = style.piece_scale
        if style.name_size:
            # Under the name; on a base or camp as large as anywhere, a little higher on a hex
            # base to keep clear of its inner outline.
            c = (c[0], c[1] + _piece_dy(kind) + (0.07 if sp in art.bases and kind == "hex" else 0))
            if glyph.kind == "stack":  # stacked pieces fill a square cell: keep clear of the name
                scale *= 0.75
        over.append(placed_glyph(glyph, c, scale))
    key = f"{id(board)}:{id(art)}:{flip}:{style}"
    return Drawing(bbox=bbox, grid=grid, under=tuple(under), over=tuple(over), grid_key=key,
                   marked=paths)


def move_marks(game: AnyGame, moves: Iterable[Any]) -> tuple[MoveMark, ...]:
    """The paths of spaces that mark ``moves`` (the game's moves) on a diagram: each move's
    :meth:`~pbmkit.games.base.Game.touched` paths, in order. A move is never taken for a path
    because of its type (a drop written as a tuple of ints is still the game's move)."""
    return tuple(path for move in moves for path in game.touched(move))


def game_drawing(game: AnyGame, position: Any | None, *, last_moves: Iterable[Any] = (),
                 marks: Iterable[MoveMark] = (), flip: bool = False,
                 style: DiagramStyle | None = None, blank_column: bool = False) -> Drawing:
    """The diagram of ``position`` (``None``: an empty board) with ``last_moves`` marked.

    ``last_moves`` are the game's moves: each is marked along its ``touched`` paths
    (:func:`move_marks`); ``marks`` are paths of spaces given directly, marked as they are. An
    empty board gets the column beside it, its labels only (``Look.beside_blank``), when
    ``blank_column``: a form's blank diagram, to fill in by hand, as large as the filled ones.
    """
    art = art_for(game)
    pieces = art.symbols(position) if position is not None else {}
    paths = [*move_marks(game, last_moves), *(tuple(m) for m in marks)]
    shaded = art.shaded(position) if position is not None and art.shaded is not None else None
    drawing = board_drawing(game.board, art, pieces, marks=paths, flip=flip, style=style,
                            shaded=shaded)
    if position is not None and art.beside is not None:
        drawing = with_beside(drawing, art, art.beside(position))
    elif position is None and blank_column and art.beside_blank:
        drawing = with_beside(drawing, art, [(label, ()) for label in art.beside_blank], blank=True)
    return drawing


def fitted_drawing(game: AnyGame, position: Any | None, width: float, height: float, *,
                   style_for: Callable[[float], DiagramStyle], last_moves: Iterable[Any] = (),
                   marks: Iterable[MoveMark] = (), flip: bool = False,
                   blank_column: bool = False) -> tuple[Drawing, float]:
    """The diagram drawn to fit a box of ``width`` × ``height`` points, and its scale (points per
    board unit): its line widths (``style_for(scale)``) are those of the scale it is printed at,
    the column beside the board included."""
    art = art_for(game)
    last_moves, marks = tuple(last_moves), tuple(marks)  # drawn twice at most: keep them
    x0, y0, x1, y1 = board_bbox(game.board, flip, labels=art.diagram_labels, art=art)
    scale = min(width / (x1 - x0), height / (y1 - y0))
    while True:  # the box does not depend on the style: twice at most
        drawing = game_drawing(game, position, last_moves=last_moves, marks=marks, flip=flip,
                               style=style_for(scale), blank_column=blank_column)
        fitted = min(width / drawing.width, height / drawing.height)
        if abs(fitted - scale) <= 1e-9 * scale:
            return drawing, scale
        scale = fitted


BESIDE_PER_ROW = 5
"""Pieces a row of the column beside the board holds before it wraps."""
BESIDE_SLOT = 1.5
"""The room of one piece in the column, in board units (a square cell is 2)."""
BESIDE_PIECE = 1.0
"""The size of a piece in the column, relative to one on the board."""
BESIDE_TEXT = 0.75
"""The size of the column's labels, in board units: about as large as the letters on the pieces
(0.7 to 1.15), so that a form that prints the board's letters at 6 pt prints these too (0.62
before)."""
BLANK_LINE_GREY = 0.35
"""A line to write on (the column's blank lines, a turn box's writing lines): dark enough to
survive a photocopier's 50 % threshold (the old 55 % and 60 % grey lines vanished), lighter than
the boxes round them."""
BESIDE_WIDTH = 9.0
"""The column's width: a label longer than this (in bold at :data:`BESIDE_TEXT`) wraps."""


def _wrapped(label: str) -> list[str]:
    """``label`` in lines no wider than the column, split at spaces into lines of even widths
    (``South`` / ``knocked out``, not ``South knocked`` / ``out``); a single long word runs out."""
    from pbmkit.render.pdf import text_width

    def wide(text: str) -> float:
        return text_width(text, BESIDE_TEXT, bold=True)

    words = label.split(" ")
    for count in range(1, len(words) + 1):  # the fewest lines, then the narrowest widest line
        best: list[str] | None = None
        for cuts in combinations(range(1, len(words)), count - 1):
            bounds = (0, *cuts, len(words))
            lines = [" ".join(words[a:b]) for a, b in pairwise(bounds)]
            if max(map(wide, lines)) <= BESIDE_WIDTH and (
                    best is None or max(map(wide, lines)) < max(map(wide, best))):
                best = lines
        if best is not None:
            return best
    return words


def with_beside(drawing: Drawing, art: GameArt, groups: Sequence[tuple[str, tuple[str, ...]]],
                *, blank: bool = False) -> Drawing:
    """``drawing`` with a column to the right of the board: each group's label (``"South in
    hand"``, wrapped to the column's width) over its pieces, drawn with their glyphs at
    :data:`BESIDE_PIECE` (``–`` for none; a line to write on when ``blank``). The column's width is
    fixed (:data:`BESIDE_PER_ROW` pieces), so that every diagram of a game has the same box."""
    if not groups:
        return drawing
    x0, y0, x1, y1 = drawing.bbox
    slot, text = BESIDE_SLOT, BESIDE_TEXT
    left = x1 + 0.7
    y = y1 - text
    shapes: list[Shape] = []
    for label, symbols in groups:
        for line in _wrapped(label):
            shapes.append(Text(left, y, line, text, bold=True, fill=grey(0.25), anchor="start"))
            y -= 1.15 * text
        y -= 0.15
        if blank:  # a line to write on
            shapes.append(Polyline(((left, y - 0.6), (left + BESIDE_WIDTH - 0.2, y - 0.6)),
                                   grey(BLANK_LINE_GREY), 0.07))
            y -= slot
        elif not symbols:
            shapes.append(Text(left + 0.1, y - 0.3, "–", text, fill=grey(0.4), anchor="start"))
            y -= slot
        for k in range(0, len(symbols), BESIDE_PER_ROW):
            for j, symbol in enumerate(symbols[k:k + BESIDE_PER_ROW]):
                shapes.append(placed_glyph(art.glyphs[symbol], (left + 0.7 + j * slot, y - 0.1),
                                            BESIDE_PIECE))
            y -= slot
        y -= 0.25
    bbox = (x0, min(y0, y + 0.2), left + BESIDE_WIDTH, y1)
    return Drawing(bbox=bbox, grid=drawing.grid, under=drawing.under,
                   over=(*drawing.over, *shapes), grid_key=drawing.grid_key, marked=drawing.marked)


def glyph_drawing(glyph: Glyph) -> Drawing:
    """One piece glyph alone, in a box of side 1.3 board units (for keys and legends), as wide as
    a wider body needs (a figure's ``RB``): a key's words then start clear of it."""
    scale = 0.8 if glyph.kind == "stack" else 1.0  # stacked pieces fill most of a square cell
    placed = placed_glyph(glyph, (0.0, 0.0), scale)
    half = 0.65
    for shape in placed.shapes:
        if isinstance(shape, Polygon) and glyph.kind != "stack":
            half = max(half, max(abs(x) for x, _ in shape.points) + shape.width / 2 + 0.02)
    return Drawing(bbox=(-half, -0.65, half, 0.65), grid=(), over=(placed,))


def key_drawing(art: GameArt, symbol: str) -> Drawing:
    """What the key draws for ``symbol`` of ``art.legend``: a piece's glyph (:func:`glyph_drawing`),
    or a mark of the diagram (``@last``, ``@base:MARK``, ``@edge:MARK``:
    :data:`~pbmkit.games.drawing.KEY_MARKS`) drawn as on the board, in a cell of the board's
    shape; ``ValueError`` for an unknown symbol."""
    kind = art.cell
    cell_line = grey(0.25)
    if symbol == "@last":
        # a dot outside the cell's corner, the arrow into it, the end cell's heavy edge
        cell, start = (0.4, 0.4), (-0.95, -0.95)
        over = _move_marks(kind, (cell, start), ((1, 0),), DiagramStyle(border=0.15))
        grid = (Polygon(_outline(kind, cell), fill=None, stroke=cell_line, width=0.06),)
        return Drawing(bbox=(-1.2, -1.2, 1.6, 1.6), grid=grid, over=tuple(over))
    if symbol.startswith("@base:"):
        mark = symbol.removeprefix("@base:")
        shapes: list[Shape] = [
            Polygon(_outline(kind, (0.0, 0.0)), fill=None, stroke=cell_line, width=0.06),
            *square_mark(kind, (0.0, 0.0), mark, inset=0.74, line=0.08, letter_size=1.05)]
        return Drawing(bbox=(-1.05, -1.05, 1.05, 1.05), grid=(), over=tuple(shapes))
    if symbol.startswith("@edge:"):
        edge = next((e for e in art.edges if e.mark == symbol.removeprefix("@edge:")), None)
        if edge is None:
            raise ValueError(f"the key has no drawing for {symbol!r}")
        # a stretch of the board's border with the band along it, as deep as it is drawn wide
        chain = [(-1.3, 0.0), (1.3, 0.0)]
        band = edge_band(chain, [(0.0, -1.0)], edge, 0.75, 0.08)
        return Drawing(bbox=(-1.4, -0.95, 1.4, 0.45), grid=(),
                       over=(band, Polyline(tuple(chain), BLACK, 0.16)))
    if symbol.startswith("@shaded:"):
        shapes = [Polygon(_outline(kind, (0.0, 0.0), 0.97), fill=SHADE, stroke=None),
                  Polygon(_outline(kind, (0.0, 0.0)), fill=None, stroke=grey(0.25), width=0.06)]
        return Drawing(bbox=(-1.05, -1.05, 1.05, 1.05), grid=(), over=tuple(shapes))
    glyph = art.glyphs.get(symbol)
    if glyph is None:
        raise ValueError(f"the key has no drawing for {symbol!r}")
    return glyph_drawing(glyph)
