"""The boards of a game's web page (:mod:`pbmkit.web.viewer`): parts drawn once, nodes listing them.

Every position of the game (each ply of the main line and of every series) is a *node*. A node's
board is the model's drawing of that position with that ply's move marked, in both orientations
(``flip``). The drawing of a position is made of parts that recur from node to node: the grid, a
piece on a space, the marks of a move's path, the panel under the board (pieces in hand, taken,
eaten: under the board, not beside it, so that on a phone it never narrows the board, and its
pieces as large as those on the board). Each part is drawn once by the model (``board_drawing`` of that part
alone), written once by the SVG writer, and a node lists the parts it is made of, in the order
:func:`game_drawing` draws them (tests/web/test_html_page.py holds the board equal to the
model's for every position of every example). A piece
glyph is written once as a ``<defs>`` entry (the model's :class:`Placed` key promises equal
shapes) and placed with ``<use>``. A 300-turn Batalo game is thus a page of about 100 KB, not
600 boards of 40 KB.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from pbmkit.games import AnyGame
from pbmkit.render.art import art_for
from pbmkit.render.diagram import (
    board_drawing,
    lettered_sites,
    move_marks,
    piece_scale,
    placed_glyph,
    site_letter,
    space_centres,
)
from pbmkit.render.pdf import text_width
from pbmkit.render.shapes import WHITE, Circle, Colour, Drawing, Placed, Polygon, Polyline, Shape, Text, grey
from pbmkit.render.svg import board_style, shape_svg, svg_number
from pbmkit.web.page import escape_html

__all__ = ["BoardParts", "Box", "board_parts", "paint_class", "used_defs"]

Box = tuple[float, float, float, float]

_PANEL_GAP = 0.3
_PANEL_COLUMN = 5.0
"""The least width of one of the panel's columns (board units): a board twice as wide holds two."""


def paint_class(colour: Colour | None) -> str:
    """The role of a paper colour on screen: ``w`` (white: a light piece's body, the board's
    ground), ``k`` (black and near black: ink, a dark piece's body), ``m`` (the greys: lines,
    names, labels), or nothing (``None``). The page's style sheet paints each role (static/base.css)."""
    if colour is None:
        return ""
    if colour == WHITE:
        return "w"
    return "k" if max(colour) <= 0.13 else "m"


def _extent(shape: Shape) -> float:
    if isinstance(shape, Circle):
        return 2 * shape.radius
    if isinstance(shape, Polygon):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return max(max(xs) - min(xs), max(ys) - min(ys))
    return 0.0


def _classed(shape: Shape, extra: str = "") -> str:
    """``shape`` as SVG with the classes of its paints' roles (and ``extra``)."""
    svg = shape_svg(shape)
    classes = [extra] if extra else []
    if isinstance(shape, Text):
        classes.append("f" + paint_class(shape.fill))
    elif isinstance(shape, Polyline):
        classes.append("s" + paint_class(shape.stroke))
    elif isinstance(shape, Circle | Polygon):
        if shape.fill is not None:
            classes.append("f" + paint_class(shape.fill))
        if shape.stroke is not None:
            classes.append("s" + paint_class(shape.stroke))
    if not classes:
        return svg
    tag, _, rest = svg.partition(" ")
    return f'{tag} class="{" ".join(classes)}" {rest}'


def glyph_svg(shapes: Sequence[Shape]) -> tuple[str, str]:
    """A glyph's shapes as SVG with the classes of their roles, and its tone: ``lt`` where its
    body (its largest filled shape) is white on paper, ``dk`` where it is dark. The body's
    shapes get the class ``b`` (``b0`` where paper draws them with no outline): on screen each
    gets an outline in the piece's ink, so that a piece stands out from any board."""
    filled = [s for s in shapes if isinstance(s, Circle | Polygon) and s.fill is not None]
    body = ""
    if filled:
        largest = max(filled, key=_extent)
        body = paint_class(largest.fill)
        size = _extent(largest)
        bodies = {id(s) for s in filled
                  if paint_class(s.fill) == body and _extent(s) >= 0.4 * size}
    else:
        bodies = set()
    out = []
    for shape in shapes:
        extra = ""
        if id(shape) in bodies:
            extra = "b" if isinstance(shape, Circle | Polygon) and shape.stroke is not None else "b0"
        out.append(_classed(shape, extra))
    return "".join(out), "dk" if body == "k" else "lt"


class BoardParts:
    """The parts of one game's boards, drawn by the model once each (per orientation).

    One instance serves every page of a game object (an archive's games share it); parts are
    keyed by what they show: ``("p", space, symbol)``, ``("s", space)`` (a lettered square's
    letter, under the pieces, while the square is empty), ``("o", paths)`` (the marks of a move,
    its paths together), ``("b", groups)`` (the panel under the board: pieces in hand, taken,
    eaten).

    Each element is written with the classes of its paints' roles (:func:`paint_class`), a piece
    with its tint and tone (``class="pc t0 lt"``), a move's marks in a ``g.mk``: the page's style
    sheet colours them (the game's look for the pieces, the theme for the rest).
    """

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.board = game.board
        self.art = art_for(game)
        self.style = board_style(board=self.board, screen=True)
        self._empty = tuple(board_drawing(self.board, self.art, {}, flip=f, style=self.style)
                            for f in (False, True))
        self._shapes: dict[tuple[Any, ...], tuple[tuple[Shape, ...], tuple[Shape, ...]]] = {}
        self._svg: dict[tuple[Any, ...], tuple[str, str]] = {}
        self._boxes: dict[tuple[Any, ...], tuple[Box, Box]] = {}
        self.defs: dict[str, str] = {}
        """Placed key -> its ``<g id=...>`` definition."""
        self.tones: dict[str, str] = {}
        """Definition -> its tone (``lt``, ``dk``)."""
        self._sites = lettered_sites(self.art)
        self.tints = list(self.art.colours)
        """The names of the look's colours, in order: tint ``k`` is class ``t{k}``."""

    # The shapes of each part, in both orientations, as the model draws them.

    def shapes(self, key: tuple[Any, ...]) -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
        got = self._shapes.get(key)
        if got is None:
            got = self._shapes[key] = (self._draw(key, False), self._draw(key, True))
        return got

    def _draw(self, key: tuple[Any, ...], flip: bool) -> tuple[Shape, ...]:
        kind = key[0]
        if kind == "p":
            return tuple(board_drawing(self.board, self.art, {key[1]: key[2]}, flip=flip,
                                       style=self.style).over)
        if kind == "s":  # a lettered square's letter, shown while no piece stands there
            return site_letter(self.board, self.art, key[1], flip=flip, style=self.style)
        if kind == "o":  # a move's paths together: two from one space are drawn apart
            d = board_drawing(self.board, self.art, {}, marks=key[1], flip=flip, style=self.style)
            return tuple(d.over)
        return self._panel(key[1], flip)[0]

    def _panel(self, groups: Sequence[tuple[str, Sequence[str]]], flip: bool
               ) -> tuple[tuple[Shape, ...], tuple[str, ...], float]:
        """The panel under the board: each group's label over its pieces, drawn as large as on
        the board, in one or two columns as wide as the board; its shapes, the symbols of its
        pieces (in order) and its lowest y."""
        x0, y0, x1, _ = self.grid_box(flip)
        columns = 2 if x1 - x0 >= 2 * _PANEL_COLUMN else 1
        width = (x1 - x0) / columns
        shapes: list[Shape] = []
        symbols: list[str] = []
        top = y0 - _PANEL_GAP
        size = self.style.name_size  # the labels as large as the spaces' names
        for first in range(0, len(groups), columns):
            bottom = top
            for c, (label, pieces) in enumerate(groups[first:first + columns]):
                left = x0 + c * width + _PANEL_GAP
                y = top - size
                for line in _lines(label, width - 2 * _PANEL_GAP, size):
                    shapes.append(Text(left, y, line, size, bold=True, fill=grey(0.25),
                                       anchor="start"))
                    y -= 1.2 * size
                glyphs = [self.art.glyphs[s] for s in pieces]
                # as large as on the board; a lettered ring (an eaten knight, a lost ring), the
                # smallest glyph, a little larger, so that its letter keeps 11 pixels on a phone:
                # still smaller than a lettered piece on the board
                scales = [max(piece_scale(g, self.style), 0.8 if g.kind == "ring" and g.letter
                              else 0.0) for g in glyphs]
                slot = 1.45 * max(scales, default=self.style.piece_scale) + 0.25
                per = max(1, int((width - 2 * _PANEL_GAP) // slot))
                y += 0.3 * size
                if not pieces:
                    shapes.append(Text(left + 0.1, y - 0.9 * size, "\u2013", size,
                                       fill=grey(0.4), anchor="start"))
                    y -= size
                for k, (symbol, glyph, scale) in enumerate(zip(pieces, glyphs, scales, strict=True)):
                    row, col = divmod(k, per)
                    shapes.append(placed_glyph(glyph, (left + slot * (col + 0.5),
                                                       y - slot * (row + 0.5)), scale))
                    symbols.append(symbol)
                if pieces:
                    y -= slot * ((len(pieces) + per - 1) // per)
                bottom = min(bottom, y)
            top = bottom - _PANEL_GAP
        return tuple(shapes), tuple(symbols), top

    def box(self, key: tuple[Any, ...]) -> tuple[Box, Box]:
        """The drawing's box with the panel ``key`` (``("b", groups)``) under the board."""
        got = self._boxes.get(key)
        if got is None:
            boxes = []
            for flip in (False, True):
                x0, _, x1, y1 = self.grid_box(flip)
                boxes.append((x0, self._panel(key[1], flip)[2], x1, y1))
            got = self._boxes[key] = (boxes[0], boxes[1])
        return got

    def grid_box(self, flip: bool) -> Box:
        return self._empty[flip].bbox

    def grid(self, flip: bool) -> Sequence[Shape]:
        return self._empty[flip].grid

    def grid_packed(self) -> str:
        """The flipped grid's SVG deflated, in base64 (the same on every page of the game)."""
        key = ("grid-packed",)
        got = self._svg.get(key)
        if got is None:
            raw = self.grid_svg(True).encode()
            got = self._svg[key] = (base64.b64encode(zlib.compress(raw, 6)).decode(), "")
        return got[0]

    def hits_svg(self, flip: bool) -> str:
        """One transparent cell over each space, on top of everything, with the space's name
        (``data-square="IR"``): what a tap on the board lands on, and the places a tapped piece
        may go are marked on (class ``target``)."""
        key = ("hits", flip)
        got = self._svg.get(key)
        if got is None:
            board = self.board
            hexes = board.kind == "hex"
            corners = [(math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k)))
                       for k in range(6)] if hexes else [(1, 1), (-1, 1), (-1, -1), (1, -1)]
            cells = []
            for space, (x, y) in enumerate(space_centres(board, flip)):
                points = " ".join(f"{svg_number(x + dx)},{svg_number(-(y + dy))}"
                                  for dx, dy in corners)
                cells.append(f'<polygon data-square="{escape_html(board.name(space))}" '
                             f'points="{points}"/>')
            got = self._svg[key] = ("".join(cells), "")
        return got[0]

    def grid_svg(self, flip: bool) -> str:
        """The grid's SVG elements (written once)."""
        key = ("grid", flip)
        got = self._svg.get(key)
        if got is None:
            got = self._svg[key] = (self.elements(self.grid(flip)), "")
        return got[0]

    # A position as keys of parts.

    def node_keys(self, position: Any, move: Any = None) -> tuple[list[tuple[Any, ...]],
                                                                   list[tuple[Any, ...]]]:
        """The parts of the board of ``position`` with ``move`` marked: (under keys, over keys),
        in the order :func:`~pbmkit.render.diagram.game_drawing` draws them."""
        marks = move_marks(self.game, [move] if move is not None else [])
        pieces = self.art.symbols(position)
        under: list[tuple[Any, ...]] = [("s", sp) for sp in self._sites if sp not in pieces]
        over: list[tuple[Any, ...]] = [("o", marks)] if marks else []
        over += [("p", sp, sym) for sp, sym in sorted(pieces.items())]
        if self.art.beside is not None:
            groups = tuple((label, tuple(symbols)) for label, symbols in self.art.beside(position))
            if groups:
                over.append(("b", groups))
        return under, over

    def drawing(self, position: Any, move: Any = None, *, flip: bool = False) -> Drawing:
        """The model's drawing as the page assembles it: ``game_drawing``'s board, with the panel
        under the board instead of the column beside it."""
        under, over = self.node_keys(position, move)
        bbox = self.grid_box(flip)
        for key in over:
            if key[0] == "b":
                bbox = self.box(key)[flip]
        return Drawing(bbox=bbox, grid=self.grid(flip),
                       under=tuple(s for k in under for s in self.shapes(k)[flip]),
                       over=tuple(s for k in over for s in self.shapes(k)[flip]))

    # SVG text.

    def svg(self, key: tuple[Any, ...]) -> tuple[str, str]:
        """The part as SVG elements, in both orientations (a piece glyph as a ``<use>``)."""
        got = self._svg.get(key)
        if got is None:
            normal, flipped = self.shapes(key)
            kind = key[0]
            if kind == "p":
                tint = self._tint(key[2])
                got = (self.elements(normal, (tint,)), self.elements(flipped, (tint,)))
            elif kind == "b":
                tints = tuple(self._tint(s) for s in self._panel(key[1], False)[1])
                got = (f'<g class="panel">{self.elements(normal, tints)}</g>',
                       f'<g class="panel">{self.elements(flipped, tints)}</g>')
            else:
                got = (f'<g class="mk">{self.elements(normal)}</g>',
                       f'<g class="mk">{self.elements(flipped)}</g>')
            self._svg[key] = got
        return got

    def _tint(self, symbol: str) -> str:
        name = self.art.tints.get(symbol)
        return f" t{self.tints.index(name)}" if name is not None and name in self.art.colours else ""

    def elements(self, shapes: Iterable[Shape], tints: Sequence[str] = ()) -> str:
        """``shapes`` as SVG; the placed glyphs of pieces are given their ``tints`` in order (a
        piece's class: ``pc``, its tint, its tone)."""
        out = []
        pieces = iter(tints)
        for shape in shapes:
            if isinstance(shape, Placed):
                ref = self.defs_id(shape)
                x, y = shape.at
                use = f'<use href="#{ref}" transform="translate({svg_number(x)},{svg_number(-y)})"/>'
                if tints:
                    use = use.replace("<use ", f'<use class="pc{next(pieces)} {self.tones[ref]}" ', 1)
                out.append(use)
            else:
                out.append(_classed(shape))
        return "".join(out)

    def defs_id(self, shape: Placed) -> str:
        ref = "g" + hashlib.sha256(shape.key.encode()).hexdigest()[:10]
        if ref not in self.defs:
            inner, tone = glyph_svg(shape.shapes)
            self.defs[ref] = f'<g id="{ref}">{inner}</g>'
            self.tones[ref] = tone
        return ref


def _lines(label: str, room: float, size: float) -> list[str]:
    """``label`` in lines no wider than ``room`` (bold, at ``size``), split at spaces."""
    lines: list[str] = []
    for word in label.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold=True) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


_PARTS: dict[int, tuple[AnyGame, BoardParts]] = {}


def board_parts(game: AnyGame) -> BoardParts:
    """The :class:`BoardParts` of ``game`` (made once per game object)."""
    got = _PARTS.get(id(game))
    if got is None or got[0] is not game:
        if len(_PARTS) > 64:
            _PARTS.clear()
        got = _PARTS[id(game)] = (game, BoardParts(game))
    return got[1]


_USE = re.compile(r'<use (?:class="[^"]*" )?href="#(g[0-9a-f]+)"')


def used_defs(table: Sequence[tuple[str, str]], grids: Sequence[str]) -> set[str]:
    """The glyph definitions the parts and grids of a page refer to."""
    return {ref for svg in (*(s for pair in table for s in pair), *grids)
            for ref in _USE.findall(svg)}
